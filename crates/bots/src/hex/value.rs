//! A learned judgement of a Hex position on top of the policy's layers:
//! the chance that the side to move wins.
//!
//! The policy ([`super::policy`]) reads the board through its convolutions
//! once a node anyway; the value reuses what its last layer computed, so a
//! judgement costs a fraction of the policy's. A branch of its own
//! convolutions (the policy's kind: a cell and its six neighbours, each
//! adding its input back) reads those channels, which are then pooled over
//! the board's cells (each channel's mean and its largest value), so one
//! net serves every board size; a hidden rectified layer, then the chance
//! by the logistic function. The policy stays as it was trained: the value
//! is taught on its fixed layers.

use super::policy::{conv_forward, Conv, Scratch, Words};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::OnceLock;

const MAGIC: &[u8] = b"papan-hex-value 1\n";

#[cfg(not(target_arch = "wasm32"))]
static SHIPPED: OnceLock<ValueNet> = OnceLock::new();

/// The value: the branch over the policy's last layer, then the head.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNet {
    pub branch: Vec<Conv>,
    pub head: ValueHead,
}

/// The pooled head: a hidden layer and the logit of the mover's chance.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueHead {
    /// Pooled inputs: twice the branch's channels (mean, then largest).
    pub inputs: usize,
    pub hidden: usize,
    /// Weight of input `i` for hidden unit `h`: `w1[i * hidden + h]`.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: f32,
}

/// Buffers a judgement reuses.
#[derive(Clone, Debug, Default)]
pub struct ValueScratch {
    a: Vec<f32>,
    b: Vec<f32>,
    pooled: Vec<f32>,
    hidden: Vec<f32>,
}

/// Each channel's mean over the board's cells of a `side`² grid (the
/// frame left out), then each channel's largest value, into `out`.
pub fn pool(features: &[f32], side: usize, channels: usize, out: &mut Vec<f32>) {
    out.clear();
    out.resize(2 * channels, 0.0);
    let (mean, max) = out.split_at_mut(channels);
    max.fill(f32::NEG_INFINITY);
    let mut count = 0.0f32;
    for r in 1..side - 1 {
        for c in 1..side - 1 {
            let cell = &features[(r * side + c) * channels..(r * side + c + 1) * channels];
            for ((m, x), &v) in mean.iter_mut().zip(max.iter_mut()).zip(cell) {
                *m += v;
                *x = x.max(v);
            }
            count += 1.0;
        }
    }
    mean.iter_mut().for_each(|m| *m /= count.max(1.0));
}

impl ValueNet {
    /// The value the app ships (`data/hex.value`), beside the policy whose
    /// layers it reads (none in the browser's build, which has no policy).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn shipped() -> Option<&'static ValueNet> {
        Some(SHIPPED.get_or_init(|| {
            ValueNet::from_bytes(include_bytes!("../../data/hex.value")).expect("the shipped Hex value reads")
        }))
    }

    #[cfg(target_arch = "wasm32")]
    pub fn shipped() -> Option<&'static ValueNet> {
        None
    }

    /// `layers` branch convolutions over `channels` and a head of
    /// `hidden` units, with small random weights (uniform numbers in
    /// [0, 1) from `next`).
    pub fn random(channels: usize, layers: usize, hidden: usize, mut next: impl FnMut() -> f32) -> ValueNet {
        let mut draw = |fan: usize, count: usize, scale: f32| -> Vec<f32> {
            let bound = scale * (6.0 / fan as f32).sqrt();
            (0..count).map(|_| (next() * 2.0 - 1.0) * bound).collect()
        };
        let branch = (0..layers)
            .map(|_| Conv {
                cin: channels,
                cout: channels,
                // Small, so each layer starts near its input (residual).
                w: draw(7 * channels, 7 * channels * channels, 0.5),
                b: vec![0.0; channels],
            })
            .collect();
        let inputs = 2 * channels;
        let head = ValueHead {
            inputs,
            hidden,
            w1: draw(inputs, inputs * hidden, 1.0),
            b1: vec![0.0; hidden],
            w2: draw(hidden, hidden, 1.0),
            b2: 0.0,
        };
        ValueNet { branch, head }
    }

    /// The mover's chance to win in the position the policy last judged
    /// with `scratch` ([`super::policy::PolicyNet::evaluate`]).
    pub fn judge(&self, scratch: &Scratch, work: &mut ValueScratch) -> f32 {
        let (features, side, neighbours) = scratch.trunk();
        let cells = side * side;
        let channels = self.head.inputs / 2;
        let ValueScratch { a, b, pooled, hidden } = work;
        for (l, conv) in self.branch.iter().enumerate() {
            if l == 0 {
                conv_forward(conv, neighbours, features, a, cells);
            } else {
                conv_forward(conv, neighbours, a, b, cells);
                std::mem::swap(a, b);
            }
        }
        let x: &[f32] = if self.branch.is_empty() { features } else { a };
        pool(x, side, channels, pooled);
        let z = self.head.logit(pooled, hidden);
        1.0 / (1.0 + (-z).exp())
    }

    /// The net as bytes: [`MAGIC`], the branch's layer count, each layer's
    /// `cin` and `cout` (u32), its weights and biases, then the head's
    /// input and hidden counts (u32) and its weights (f32), all
    /// little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let mut put = |v: u32| out.extend_from_slice(&v.to_le_bytes());
        put(self.branch.len() as u32);
        for conv in &self.branch {
            put(conv.cin as u32);
            put(conv.cout as u32);
        }
        put(self.head.inputs as u32);
        put(self.head.hidden as u32);
        let h = &self.head;
        let floats = self.branch.iter().flat_map(|c| c.w.iter().chain(&c.b));
        for v in floats.chain(h.w1.iter().chain(&h.b1).chain(&h.w2).chain([&h.b2])) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads [`ValueNet::to_bytes`]' format, checking every size.
    pub fn from_bytes(bytes: &[u8]) -> Result<ValueNet, String> {
        let mut words = Words::after(bytes, MAGIC, "value")?;
        let layers = words.take(1)?[0] as usize;
        if layers > 16 {
            return Err(format!("the value file names {layers} layers"));
        }
        let shapes = words.take(2 * layers)?;
        let sizes = words.take(2)?;
        let (inputs, hidden) = (sizes[0] as usize, sizes[1] as usize);
        if inputs == 0 || inputs > 4096 || hidden == 0 || hidden > 4096 {
            return Err(format!(
                "the value file names {inputs} inputs and {hidden} hidden units"
            ));
        }
        for shape in shapes.chunks_exact(2) {
            // Each layer adds its input back: as many channels out as in,
            // and the head pools those.
            if shape[0] != shape[1] || 2 * shape[0] as usize != inputs {
                return Err(format!(
                    "a branch layer of {}×{} before {inputs} inputs",
                    shape[0], shape[1]
                ));
            }
        }
        let channels = inputs / 2;
        let mut branch = Vec::with_capacity(layers);
        for _ in 0..layers {
            branch.push(Conv {
                cin: channels,
                cout: channels,
                w: words.floats(7 * channels * channels)?,
                b: words.floats(channels)?,
            });
        }
        let head = ValueHead {
            inputs,
            hidden,
            w1: words.floats(inputs * hidden)?,
            b1: words.floats(hidden)?,
            w2: words.floats(hidden)?,
            b2: words.floats(1)?[0],
        };
        words.end()?;
        let net = ValueNet { branch, head };
        let h = &net.head;
        if net
            .branch
            .iter()
            .flat_map(|c| c.w.iter().chain(&c.b))
            .chain(h.w1.iter().chain(&h.b1).chain(&h.w2).chain([&h.b2]))
            .any(|v| !v.is_finite())
        {
            return Err("the value file holds a weight that is not a number".into());
        }
        Ok(net)
    }
}

impl ValueHead {
    /// The logit of the mover's chance for pooled inputs, and the hidden
    /// layer's values (after the rectifier) into `hidden`.
    pub fn logit(&self, pooled: &[f32], hidden: &mut Vec<f32>) -> f32 {
        hidden.clear();
        hidden.extend_from_slice(&self.b1);
        for (x, row) in pooled.iter().zip(self.w1.chunks_exact(self.hidden)) {
            for (h, w) in hidden.iter_mut().zip(row) {
                *h += x * w;
            }
        }
        hidden.iter_mut().for_each(|h| *h = h.max(0.0));
        self.b2 + hidden.iter().zip(&self.w2).map(|(h, w)| h * w).sum::<f32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::board::{FastBoard, BLUE, RED};
    use crate::hex::policy::PolicyNet;

    fn numbers(mut seed: u32) -> impl FnMut() -> f32 {
        move || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32
        }
    }

    #[test]
    fn a_value_reads_back_its_bytes_and_a_damaged_file_is_refused() {
        let net = ValueNet::random(4, 2, 5, numbers(7));
        let bytes = net.to_bytes();
        assert_eq!(ValueNet::from_bytes(&bytes), Ok(net));
        assert!(ValueNet::from_bytes(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("ends early"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(ValueNet::from_bytes(&longer)
            .unwrap_err()
            .contains("after the value's end"));
        assert!(ValueNet::from_bytes(b"papan-hex-policy 1\n")
            .unwrap_err()
            .contains("bad header"));
        let mut nan = bytes.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(ValueNet::from_bytes(&nan).unwrap_err().contains("not a number"));
    }

    #[test]
    fn pooling_reads_the_board_cells_and_not_the_frame() {
        // A 2×2 board: a 4×4 grid, two channels; the frame holds 9s.
        let side = 4;
        let mut features = vec![9.0f32; side * side * 2];
        for (k, (r, c)) in [(1, 1), (1, 2), (2, 1), (2, 2)].into_iter().enumerate() {
            features[(r * side + c) * 2] = k as f32;
            features[(r * side + c) * 2 + 1] = -1.0;
        }
        let mut pooled = Vec::new();
        pool(&features, side, 2, &mut pooled);
        assert_eq!(pooled, vec![1.5, -1.0, 3.0, -1.0]);
    }

    /// The judgement by hand: the branch as a net of its own over the
    /// policy's last layer (the plain loop), pooled, then the head.
    #[test]
    fn the_judgement_is_the_heads_logistic_over_the_branch_on_the_policys_last_layer() {
        let policy = PolicyNet::random(4, 2, numbers(3));
        let mut board = FastBoard::empty(3);
        let first = board.inner().next().expect("a cell");
        board.cells[first] = RED;
        let mut scratch = Scratch::default();
        policy.evaluate(&board, BLUE, &mut scratch);
        let (features, side, _) = scratch.trunk();
        let features = features.to_vec();
        assert_eq!(side, 5);
        for layers in [0, 2] {
            let value = ValueNet::random(4, layers, 5, numbers(11));
            let chance = value.judge(&scratch, &mut ValueScratch::default());
            let mut x = features.clone();
            for conv in &value.branch {
                let mut y = vec![0.0f32; x.len()];
                for (p, taps) in crate::hex::policy::neighbour_table(side).iter().enumerate() {
                    for co in 0..4 {
                        let mut sum = conv.b[co];
                        for (t, &q) in taps.iter().enumerate() {
                            if q != u32::MAX {
                                for ci in 0..4 {
                                    sum += x[q as usize * 4 + ci] * conv.w[(t * 4 + ci) * 4 + co];
                                }
                            }
                        }
                        y[p * 4 + co] = sum.max(0.0) + x[p * 4 + co];
                    }
                }
                x = y;
            }
            let cells: Vec<usize> = (1..4).flat_map(|r| (1..4).map(move |c| r * side + c)).collect();
            let mut pooled: Vec<f32> = (0..4)
                .map(|ch| cells.iter().map(|&p| x[p * 4 + ch]).sum::<f32>() / 9.0)
                .collect();
            pooled.extend((0..4).map(|ch| cells.iter().map(|&p| x[p * 4 + ch]).fold(f32::MIN, f32::max)));
            let h = &value.head;
            let mut z = h.b2;
            for u in 0..h.hidden {
                let sum: f32 = h.b1[u] + (0..8).map(|i| pooled[i] * h.w1[i * h.hidden + u]).sum::<f32>();
                z += sum.max(0.0) * h.w2[u];
            }
            let by_hand = 1.0 / (1.0 + (-z).exp());
            assert!(
                (chance - by_hand).abs() < 1e-5,
                "{layers} layers: {chance} against {by_hand}"
            );
        }
    }
}
