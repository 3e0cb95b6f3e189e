//! A learned move policy for Hex: a small convolutional network over the
//! framed board that gives every empty cell a prior.
//!
//! The board is seen from the side to move, as the patterns see it
//! ([`super::patterns`]): Blue's view is transposed so the mover always
//! joins top and bottom. The input is the framed grid of
//! [`FastBoard`] (`n + 2` cells a side), three planes a cell: the mover's
//! stones (its two frame rows count as its stones), the opponent's (the
//! frame columns) and the empty board cells. Each layer is a convolution
//! over a cell and its six neighbours (a hexagonal kernel), rectified;
//! layers after the first add their input back (residual). A last 1×1
//! layer gives each cell a logit, and the priors are their softmax over
//! the candidates. Being convolutional, one net serves every board size.
//!
//! The net ships in `data/hex.policy`, trained by `hex-policy train`
//! (papan-tools) from the Expert's self-play games; `data/hex.md` says how.

use super::board::{FastBoard, BLUE, EMPTY, RED};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::OnceLock;

/// A cell and its six neighbours, in (row, column) steps: the kernel's taps.
pub const TAPS: [(isize, isize); 7] = [(0, 0), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
/// Mover's stones, opponent's stones, empty board cells.
pub const INPUT_PLANES: usize = 3;
/// The empty-cell plane: a cell a move may go to.
pub const EMPTY_PLANE: usize = 2;

const MAGIC: &[u8] = b"papan-hex-policy 1\n";

#[cfg(not(target_arch = "wasm32"))]
static SHIPPED: OnceLock<PolicyNet> = OnceLock::new();

/// One convolution: `cin` channels in, `cout` out, over the seven taps.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv {
    pub cin: usize,
    pub cout: usize,
    /// Weight of input channel `ci` at tap `t` for output `co`:
    /// `w[(t * cin + ci) * cout + co]` (the im2col layout).
    pub w: Vec<f32>,
    pub b: Vec<f32>,
}

impl Conv {
    /// Whether the layer adds its input to its output.
    pub fn residual(&self) -> bool {
        self.cin == self.cout
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PolicyNet {
    pub convs: Vec<Conv>,
    /// The 1×1 head: one weight a channel of the last layer.
    pub head: Vec<f32>,
    pub head_bias: f32,
}

/// Each grid cell's neighbour at every tap, or `u32::MAX` beyond the grid.
pub fn neighbour_table(side: usize) -> Vec<[u32; 7]> {
    (0..side * side)
        .map(|p| {
            let (r, c) = ((p / side) as isize, (p % side) as isize);
            TAPS.map(|(dr, dc)| {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= side as isize || nc >= side as isize {
                    u32::MAX
                } else {
                    (nr as usize * side + nc as usize) as u32
                }
            })
        })
        .collect()
}

/// The grid cell (mover's view) of the framed index `at`: the same for
/// Red, transposed for Blue.
#[inline]
pub fn grid_of(at: usize, side: usize, mover: u8) -> usize {
    if mover == RED {
        at
    } else {
        (at % side) * side + at / side
    }
}

/// The three input planes of `board` for `mover` to play, cell-major
/// (`INPUT_PLANES` values a grid cell), into `out`.
pub fn encode(board: &FastBoard, mover: u8, out: &mut Vec<f32>) {
    let side = board.size() + 2;
    out.clear();
    out.resize(side * side * INPUT_PLANES, 0.0);
    let opponent = if mover == RED { BLUE } else { RED };
    for (at, &stone) in board.cells.iter().enumerate() {
        let p = grid_of(at, side, mover);
        let plane = match stone {
            s if s == mover => 0,
            s if s == opponent => 1,
            EMPTY => EMPTY_PLANE,
            _ => continue, // the frame's corners: nobody's
        };
        out[p * INPUT_PLANES + plane] = 1.0;
    }
}

/// Buffers an evaluation reuses.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    side: usize,
    neighbours: Vec<[u32; 7]>,
    pub input: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
    pub logits: Vec<f32>,
}

impl Scratch {
    /// The last layer's channels of the grid last judged, cell-major, the
    /// grid's side and its neighbour table (what [`super::value`] reads).
    pub fn trunk(&self) -> (&[f32], usize, &[[u32; 7]]) {
        (&self.a, self.side, &self.neighbours)
    }
}

impl PolicyNet {
    /// The net the app ships (`data/hex.policy`), in every build but the
    /// browser's: its Expert does not ask the net ([`super::search::POLICY_BY_DEFAULT`]),
    /// so the 147 KB stay out of its worker's download.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn shipped() -> Option<&'static PolicyNet> {
        Some(SHIPPED.get_or_init(|| {
            PolicyNet::from_bytes(include_bytes!("../../data/hex.policy")).expect("the shipped Hex policy reads")
        }))
    }

    /// The browser's build carries no net; a search asked for the policy
    /// there takes the patterns' priors alone.
    #[cfg(target_arch = "wasm32")]
    pub fn shipped() -> Option<&'static PolicyNet> {
        None
    }

    /// A net of `layers` convolutions of `channels` with small random
    /// weights (He initialisation from `next`, uniform numbers in [0, 1)).
    pub fn random(channels: usize, layers: usize, mut next: impl FnMut() -> f32) -> PolicyNet {
        let mut draw = |fan: usize, count: usize, scale: f32| -> Vec<f32> {
            let bound = scale * (6.0 / fan as f32).sqrt();
            (0..count).map(|_| (next() * 2.0 - 1.0) * bound).collect()
        };
        let convs = (0..layers)
            .map(|l| {
                let cin = if l == 0 { INPUT_PLANES } else { channels };
                // Residual layers start small, so the sum stays near its input.
                let scale = if l == 0 { 1.0 } else { 0.5 };
                Conv {
                    cin,
                    cout: channels,
                    w: draw(7 * cin, 7 * cin * channels, scale),
                    b: vec![0.0; channels],
                }
            })
            .collect();
        PolicyNet {
            convs,
            head: draw(channels, channels, 1.0),
            head_bias: 0.0,
        }
    }

    pub fn channels(&self) -> usize {
        self.head.len()
    }

    /// Logits of every grid cell of `board` for `mover` to play, in
    /// `scratch.logits` (grid order, the mover's view: [`grid_of`]).
    pub fn evaluate(&self, board: &FastBoard, mover: u8, scratch: &mut Scratch) {
        encode(board, mover, &mut scratch.input);
        self.forward(board.size() + 2, scratch);
    }

    /// The logits of `scratch.input`, a `side`² grid's planes.
    pub fn forward(&self, side: usize, scratch: &mut Scratch) {
        if scratch.side != side || scratch.neighbours.is_empty() {
            scratch.side = side;
            scratch.neighbours = neighbour_table(side);
        }
        let cells = side * side;
        let (mut x, mut y) = (std::mem::take(&mut scratch.a), std::mem::take(&mut scratch.b));
        x.clear();
        x.extend_from_slice(&scratch.input);
        for conv in &self.convs {
            conv_forward(conv, &scratch.neighbours, &x, &mut y, cells);
            std::mem::swap(&mut x, &mut y);
        }
        let channels = self.channels();
        scratch.logits.clear();
        scratch.logits.extend(
            x.chunks_exact(channels)
                .map(|h| self.head_bias + h.iter().zip(&self.head).map(|(h, w)| h * w).sum::<f32>()),
        );
        (scratch.a, scratch.b) = (x, y);
    }

    /// Priors for `mover` to play each of `cells` (framed indices of empty
    /// cells of `board`): the softmax of their logits, into `out`.
    pub fn priors(&self, board: &FastBoard, mover: u8, cells: &[usize], scratch: &mut Scratch, out: &mut Vec<f32>) {
        self.evaluate(board, mover, scratch);
        let side = board.size() + 2;
        out.clear();
        out.extend(cells.iter().map(|&at| scratch.logits[grid_of(at, side, mover)]));
        let top = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut total = 0.0;
        for v in out.iter_mut() {
            *v = (*v - top).exp();
            total += *v;
        }
        for v in out.iter_mut() {
            *v /= total;
        }
    }

    /// The net as bytes: [`MAGIC`], the layer count, each layer's `cin`
    /// and `cout` (u32) and weights and biases, then the head (f32, all
    /// little-endian).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let mut put = |v: u32| out.extend_from_slice(&v.to_le_bytes());
        put(self.convs.len() as u32);
        for conv in &self.convs {
            put(conv.cin as u32);
            put(conv.cout as u32);
        }
        for conv in &self.convs {
            for v in conv.w.iter().chain(&conv.b) {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for v in self.head.iter().chain(std::iter::once(&self.head_bias)) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads [`PolicyNet::to_bytes`]'s format, checking every size.
    pub fn from_bytes(bytes: &[u8]) -> Result<PolicyNet, String> {
        let mut words = Words::after(bytes, MAGIC, "policy")?;
        let layers = words.take(1)?[0] as usize;
        if layers == 0 || layers > 64 {
            return Err(format!("the policy file names {layers} layers"));
        }
        let shapes = words.take(2 * layers)?;
        let mut convs = Vec::with_capacity(layers);
        for (l, shape) in shapes.chunks_exact(2).enumerate() {
            let (cin, cout) = (shape[0] as usize, shape[1] as usize);
            let expected_in = if l == 0 {
                INPUT_PLANES
            } else {
                shapes[2 * l - 1] as usize
            };
            if cin != expected_in || cout == 0 || cout > 1024 {
                return Err(format!("layer {} has shape {cin}×{cout}", l + 1));
            }
            convs.push(Conv {
                cin,
                cout,
                w: Vec::new(),
                b: Vec::new(),
            });
        }
        for conv in &mut convs {
            conv.w = words.floats(7 * conv.cin * conv.cout)?;
            conv.b = words.floats(conv.cout)?;
        }
        let channels = convs[layers - 1].cout;
        let head = words.floats(channels)?;
        let head_bias = words.floats(1)?[0];
        words.end()?;
        let net = PolicyNet { convs, head, head_bias };
        if net
            .convs
            .iter()
            .flat_map(|c| c.w.iter().chain(&c.b))
            .chain(&net.head)
            .any(|v| !v.is_finite())
        {
            return Err("the policy file holds a weight that is not a number".into());
        }
        Ok(net)
    }
}

/// The little-endian 32-bit words of a net file after its header, read
/// in order (the policy's and the value's formats).
pub(crate) struct Words<'a> {
    rest: &'a [u8],
    /// The file's kind, for the errors: "policy", "value".
    kind: &'static str,
}

impl<'a> Words<'a> {
    /// The words after `magic`, or why `bytes` are not such a file.
    pub(crate) fn after(bytes: &'a [u8], magic: &[u8], kind: &'static str) -> Result<Words<'a>, String> {
        let rest = bytes
            .strip_prefix(magic)
            .ok_or_else(|| format!("not a Papan Hex {kind} file (bad header)"))?;
        Ok(Words { rest, kind })
    }

    pub(crate) fn take(&mut self, count: usize) -> Result<Vec<u32>, String> {
        if self.rest.len() < 4 * count {
            return Err(format!("the {} file ends early", self.kind));
        }
        let (head, tail) = self.rest.split_at(4 * count);
        self.rest = tail;
        Ok(head
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    }

    pub(crate) fn floats(&mut self, count: usize) -> Result<Vec<f32>, String> {
        Ok(self.take(count)?.into_iter().map(f32::from_bits).collect())
    }

    /// Nothing may follow the last weight.
    pub(crate) fn end(&self) -> Result<(), String> {
        match self.rest.len() {
            0 => Ok(()),
            extra => Err(format!("{extra} bytes after the {}'s end", self.kind)),
        }
    }
}

/// One layer: `out` (`cells` × `cout`) from `x` (`cells` × `cin`); with
/// the wide vector instructions where the processor has them (AVX2 about
/// four times the plain loop: the app's search calls this hundreds of times
/// a move).
pub(crate) fn conv_forward(conv: &Conv, neighbours: &[[u32; 7]], x: &[f32], out: &mut Vec<f32>, cells: usize) {
    assert_eq!(conv.w.len(), 7 * conv.cin * conv.cout);
    assert_eq!(conv.b.len(), conv.cout);
    assert!(x.len() >= cells * conv.cin && neighbours.len() >= cells);
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
        // SAFETY: the processor has both features (checked just above),
        // and the asserts above bound every index the kernel reads.
        match conv.cout {
            16 => return unsafe { conv_avx2::<2>(conv, neighbours, x, out, cells) },
            24 => return unsafe { conv_avx2::<3>(conv, neighbours, x, out, cells) },
            32 => return unsafe { conv_avx2::<4>(conv, neighbours, x, out, cells) },
            48 => return unsafe { conv_avx2::<6>(conv, neighbours, x, out, cells) },
            64 => return unsafe { conv_avx2::<8>(conv, neighbours, x, out, cells) },
            _ => {}
        }
    }
    // Every 64-bit ARM processor (the phones) has these vector instructions.
    #[cfg(target_arch = "aarch64")]
    {
        // SAFETY: the asserts above bound every index the kernel reads.
        match conv.cout {
            16 => return unsafe { conv_neon::<4>(conv, neighbours, x, out, cells) },
            24 => return unsafe { conv_neon::<6>(conv, neighbours, x, out, cells) },
            32 => return unsafe { conv_neon::<8>(conv, neighbours, x, out, cells) },
            48 => return unsafe { conv_neon::<12>(conv, neighbours, x, out, cells) },
            64 => return unsafe { conv_neon::<16>(conv, neighbours, x, out, cells) },
            _ => {}
        }
    }
    conv_body(conv, neighbours, x, out, cells);
}

/// [`conv_avx2`] for ARM: `4 K` outputs, each cell's sums kept in `K`
/// registers of four lanes, up to 32 outputs [`CELLS_TOGETHER`] cells at
/// once (32 registers: up to 24 sums, a weight, the inputs).
///
/// # Safety
/// `conv.cout` is `4 K`, `conv.w` holds `7 cin × 4 K` weights, `conv.b`
/// `4 K`, `x` at least `cells × cin` values, and every neighbour in
/// `neighbours[..cells]` is below `cells` or `u32::MAX`.
#[cfg(target_arch = "aarch64")]
// Index loops over taps, lanes and cells read as the arithmetic they do.
#[allow(clippy::needless_range_loop)]
unsafe fn conv_neon<const K: usize>(conv: &Conv, neighbours: &[[u32; 7]], x: &[f32], out: &mut Vec<f32>, cells: usize) {
    use std::arch::aarch64::*;
    let (cin, cout) = (conv.cin, 4 * K);
    out.clear();
    out.resize(cells * cout, 0.0);
    let (w, b, xs, o) = (conv.w.as_ptr(), conv.b.as_ptr(), x.as_ptr(), out.as_mut_ptr());
    const B: usize = CELLS_TOGETHER;
    let blocks = if K <= 8 { cells / B } else { 0 };
    // SAFETY (every pointer below): indices stay within the lengths the
    // caller guarantees: q < cells, ci < cin, t < 7, lanes < cout.
    unsafe {
        let zero = vdupq_n_f32(0.0);
        let bias = || -> [float32x4_t; K] { std::array::from_fn(|k| vld1q_f32(b.add(4 * k))) };
        let add_one = |s: &mut [float32x4_t; K], q: u32, wt: *const f32| {
            let xin = xs.add(q as usize * cin);
            for ci in 0..cin {
                let v = vdupq_n_f32(*xin.add(ci));
                let row = wt.add(ci * cout);
                for (k, s) in s.iter_mut().enumerate() {
                    *s = vfmaq_f32(*s, v, vld1q_f32(row.add(4 * k)));
                }
            }
        };
        let store = |s: &[float32x4_t; K], p: usize| {
            for (k, s) in s.iter().enumerate() {
                let mut h = vmaxq_f32(*s, zero);
                if cin == cout {
                    h = vaddq_f32(h, vld1q_f32(xs.add(p * cout + 4 * k)));
                }
                vst1q_f32(o.add(p * cout + 4 * k), h);
            }
        };
        for block in 0..blocks {
            let p = B * block;
            let mut sums: [[float32x4_t; K]; B] = std::array::from_fn(|_| bias());
            for t in 0..7 {
                let qs: [u32; B] = std::array::from_fn(|i| neighbours[p + i][t]);
                let wt = w.add(t * cin * cout);
                if qs.contains(&u32::MAX) {
                    for (s, &q) in sums.iter_mut().zip(&qs) {
                        if q != u32::MAX {
                            add_one(s, q, wt);
                        }
                    }
                    continue;
                }
                let xq: [*const f32; B] = std::array::from_fn(|i| xs.add(qs[i] as usize * cin));
                for ci in 0..cin {
                    let vs: [float32x4_t; B] = std::array::from_fn(|i| vdupq_n_f32(*xq[i].add(ci)));
                    let row = wt.add(ci * cout);
                    for k in 0..K {
                        let wk = vld1q_f32(row.add(4 * k));
                        for i in 0..B {
                            sums[i][k] = vfmaq_f32(sums[i][k], vs[i], wk);
                        }
                    }
                }
            }
            for (i, s) in sums.iter().enumerate() {
                store(s, p + i);
            }
        }
        for (p, taps) in neighbours.iter().enumerate().take(cells).skip(B * blocks) {
            let mut s = bias();
            for (t, &q) in taps.iter().enumerate() {
                if q != u32::MAX {
                    add_one(&mut s, q, w.add(t * cin * cout));
                }
            }
            store(&s, p);
        }
    }
}

/// Neighbouring cells a vector kernel computes together.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const CELLS_TOGETHER: usize = 3;

/// [`conv_body`] for `8 K` outputs, each cell's sums kept in `K` registers.
/// Up to 32 outputs [`CELLS_TOGETHER`] neighbouring cells go together, so
/// that each weight loaded serves all three: the net 1.7 times as fast as
/// one cell at a time on 11×11 (`examples/hex_policy_speed`: 113 µs against
/// 195; four cells together, 186 µs, run out of registers).
///
/// # Safety
/// The processor has AVX2 and FMA; `conv.cout` is `8 K`, `conv.w` holds
/// `7 cin × 8 K` weights, `conv.b` `8 K`, `x` at least `cells × cin` values, and every neighbour
/// in `neighbours[..cells]` is below `cells` or `u32::MAX`.
#[cfg(target_arch = "x86_64")]
// Index loops over taps, lanes and cells read as the arithmetic they do.
#[allow(clippy::needless_range_loop)]
#[target_feature(enable = "avx2,fma")]
unsafe fn conv_avx2<const K: usize>(conv: &Conv, neighbours: &[[u32; 7]], x: &[f32], out: &mut Vec<f32>, cells: usize) {
    use std::arch::x86_64::*;
    let (cin, cout) = (conv.cin, 8 * K);
    out.clear();
    out.resize(cells * cout, 0.0);
    let (w, b, xs, o) = (conv.w.as_ptr(), conv.b.as_ptr(), x.as_ptr(), out.as_mut_ptr());
    // Sixteen registers: three cells' sums (up to 12), a weight, the inputs.
    const B: usize = CELLS_TOGETHER;
    let blocks = if K <= 4 { cells / B } else { 0 };
    // SAFETY (every pointer below): indices stay within the lengths the
    // caller guarantees: q < cells, ci < cin, t < 7, lanes < cout.
    unsafe {
        let zero = _mm256_setzero_ps();
        let bias = || -> [__m256; K] { std::array::from_fn(|k| _mm256_loadu_ps(b.add(8 * k))) };
        // One cell's input at neighbour `q` through the tap's weights `wt`.
        let add_one = |s: &mut [__m256; K], q: u32, wt: *const f32| {
            let xin = xs.add(q as usize * cin);
            for ci in 0..cin {
                let v = _mm256_set1_ps(*xin.add(ci));
                let row = wt.add(ci * cout);
                for (k, s) in s.iter_mut().enumerate() {
                    *s = _mm256_fmadd_ps(v, _mm256_loadu_ps(row.add(8 * k)), *s);
                }
            }
        };
        let store = |s: &[__m256; K], p: usize| {
            for (k, s) in s.iter().enumerate() {
                let mut h = _mm256_max_ps(*s, zero);
                if cin == cout {
                    h = _mm256_add_ps(h, _mm256_loadu_ps(xs.add(p * cout + 8 * k)));
                }
                _mm256_storeu_ps(o.add(p * cout + 8 * k), h);
            }
        };
        for block in 0..blocks {
            let p = B * block;
            let mut sums: [[__m256; K]; B] = std::array::from_fn(|_| bias());
            for t in 0..7 {
                let qs: [u32; B] = std::array::from_fn(|i| neighbours[p + i][t]);
                let wt = w.add(t * cin * cout);
                if qs.contains(&u32::MAX) {
                    for (s, &q) in sums.iter_mut().zip(&qs) {
                        if q != u32::MAX {
                            add_one(s, q, wt);
                        }
                    }
                    continue;
                }
                let xq: [*const f32; B] = std::array::from_fn(|i| xs.add(qs[i] as usize * cin));
                for ci in 0..cin {
                    let vs: [__m256; B] = std::array::from_fn(|i| _mm256_set1_ps(*xq[i].add(ci)));
                    let row = wt.add(ci * cout);
                    for k in 0..K {
                        let wk = _mm256_loadu_ps(row.add(8 * k));
                        for i in 0..B {
                            sums[i][k] = _mm256_fmadd_ps(vs[i], wk, sums[i][k]);
                        }
                    }
                }
            }
            for (i, s) in sums.iter().enumerate() {
                store(s, p + i);
            }
        }
        for (p, taps) in neighbours.iter().enumerate().take(cells).skip(B * blocks) {
            let mut s = bias();
            for (t, &q) in taps.iter().enumerate() {
                if q != u32::MAX {
                    add_one(&mut s, q, w.add(t * cin * cout));
                }
            }
            store(&s, p);
        }
    }
}

#[inline(always)]
fn conv_body(conv: &Conv, neighbours: &[[u32; 7]], x: &[f32], out: &mut Vec<f32>, cells: usize) {
    let (cin, cout) = (conv.cin, conv.cout);
    out.clear();
    out.resize(cells * cout, 0.0);
    let residual = conv.residual();
    for p in 0..cells {
        let o = &mut out[p * cout..(p + 1) * cout];
        o.copy_from_slice(&conv.b);
        for (t, &q) in neighbours[p].iter().enumerate() {
            if q == u32::MAX {
                continue;
            }
            let xin = &x[q as usize * cin..(q as usize + 1) * cin];
            for (ci, &v) in xin.iter().enumerate() {
                if v == 0.0 {
                    continue; // rectified units are often zero, the inputs mostly
                }
                let row = &conv.w[(t * cin + ci) * cout..(t * cin + ci + 1) * cout];
                for (o, &w) in o.iter_mut().zip(row) {
                    *o += v * w;
                }
            }
        }
        for (co, o) in o.iter_mut().enumerate() {
            *o = o.max(0.0) + if residual { x[p * cin + co] } else { 0.0 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn random_net(seed: u64) -> PolicyNet {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        PolicyNet::random(8, 3, || rng.random::<f32>())
    }

    /// A 5×5 board with a few stones, and its transpose with the colours
    /// swapped: the same position for the other side.
    fn board_and_mirror() -> (FastBoard, FastBoard) {
        let mut board = FastBoard::empty(5);
        let mut mirror = FastBoard::empty(5);
        for (r, c, stone) in [(1, 2, RED), (2, 2, BLUE), (3, 1, RED), (0, 4, BLUE)] {
            board.cells[(r + 1) * 7 + c + 1] = stone;
            mirror.cells[(c + 1) * 7 + r + 1] = if stone == RED { BLUE } else { RED };
        }
        (board, mirror)
    }

    #[test]
    fn the_vector_kernel_agrees_with_the_plain_loop() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let side = 7;
        let neighbours = neighbour_table(side);
        for channels in [16, 24, 32, 40, 48, 64] {
            let net = PolicyNet::random(channels, 2, || rng.random::<f32>());
            for conv in &net.convs {
                // Half the inputs zero, as after a rectifier.
                let x: Vec<f32> = (0..side * side * conv.cin)
                    .map(|_| if rng.random::<bool>() { rng.random::<f32>() } else { 0.0 })
                    .collect();
                let (mut fast, mut plain) = (Vec::new(), Vec::new());
                conv_forward(conv, &neighbours, &x, &mut fast, side * side);
                conv_body(conv, &neighbours, &x, &mut plain, side * side);
                assert_eq!(fast.len(), plain.len());
                for (f, p) in fast.iter().zip(&plain) {
                    assert!(
                        (f - p).abs() < 1e-4 * (1.0 + p.abs()),
                        "{channels} channels: {f} against {p}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_net_reads_back_what_it_wrote() {
        let net = random_net(1);
        assert_eq!(PolicyNet::from_bytes(&net.to_bytes()), Ok(net));
    }

    #[test]
    fn a_damaged_policy_file_is_refused_with_its_reason() {
        let bytes = random_net(2).to_bytes();
        let short = PolicyNet::from_bytes(&bytes[..bytes.len() - 3]).unwrap_err();
        assert!(short.contains("ends early"), "{short}");
        let mut long = bytes.clone();
        long.push(0);
        assert!(PolicyNet::from_bytes(&long)
            .unwrap_err()
            .contains("after the policy's end"));
        assert!(PolicyNet::from_bytes(b"papan-hex-patterns 1\n")
            .unwrap_err()
            .contains("bad header"));
        let mut nan = bytes.clone();
        let at = MAGIC.len() + 4 * 7; // the first weight, after the count and three shapes
        nan[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(PolicyNet::from_bytes(&nan).unwrap_err().contains("not a number"));
    }

    #[test]
    fn blue_sees_the_board_red_sees_transposed() {
        let net = random_net(3);
        let (board, mirror) = board_and_mirror();
        let cells: Vec<usize> = board.inner().filter(|&at| board.cells[at] == EMPTY).collect();
        // The same cells on the mirror: (r, c) there is (c, r) here.
        let mirrored: Vec<usize> = cells.iter().map(|&at| grid_of(at, 7, BLUE)).collect();
        let (mut scratch, mut blue, mut red) = (Scratch::default(), Vec::new(), Vec::new());
        net.priors(&board, BLUE, &cells, &mut scratch, &mut blue);
        net.priors(&mirror, RED, &mirrored, &mut scratch, &mut red);
        assert_eq!(blue, red);
        let total: f32 = blue.iter().sum();
        assert!((total - 1.0).abs() < 1e-5, "priors sum to {total}");
    }

    #[test]
    fn the_shipped_net_prefers_the_cell_that_wins_at_once() {
        // Red has a column of stones down the middle but for one cell.
        let mut board = FastBoard::empty(7);
        for r in (0..7).filter(|&r| r != 4) {
            board.cells[(r + 1) * 9 + 4] = RED;
        }
        for (r, c) in [(0, 0), (1, 1), (2, 5), (5, 2), (6, 6), (3, 0)] {
            board.cells[(r + 1) * 9 + c + 1] = BLUE;
        }
        let cells: Vec<usize> = board.inner().filter(|&at| board.cells[at] == EMPTY).collect();
        let (mut scratch, mut priors) = (Scratch::default(), Vec::new());
        PolicyNet::shipped().expect("native builds carry the net").priors(
            &board,
            RED,
            &cells,
            &mut scratch,
            &mut priors,
        );
        let best = cells[(0..cells.len())
            .max_by(|&a, &b| priors[a].total_cmp(&priors[b]))
            .unwrap()];
        assert_eq!(best, 5 * 9 + 4, "the gap in Red's column");
    }
}
