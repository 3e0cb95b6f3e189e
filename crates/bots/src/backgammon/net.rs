//! The evaluator: one hidden layer of sigmoids over [`Features`], six
//! softmax outputs for the side on roll (win single / gammon / backgammon,
//! lose single / gammon / backgammon), read as cubeless money equity.
//!
//! Two file forms share one header: training checkpoints keep every weight
//! as a little-endian `f32` (version 1); the shipped file keeps each of the
//! four weight arrays as `i16` steps of one scale (version 2), half the
//! bytes in the app's download for a rounding of at most 1/65,534 of the
//! largest weight (about 1.2e-4 on the shipped net).

use super::features::{Features, INPUTS};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Outcome classes, from the view of the side on roll.
pub const OUTPUTS: usize = 6;
const MAGIC: &[u8; 4] = b"PBGN";
/// Checkpoints: `f32` weights, exact.
const VERSION_F32: u32 = 1;
/// Shipped: each array as a scale (`f32`) and `i16` multiples of it.
const VERSION_I16: u32 = 2;
const HEADER: usize = 24;
/// Hidden units summed together in [`Net::forward`].
const CHUNK: usize = 32;

/// Probabilities of the six results for the side on roll.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Probs(pub [f32; OUTPUTS]);

impl Probs {
    /// A finished game: the side on roll won `points` (1, 2 or 3).
    pub fn won(points: u8) -> Probs {
        let mut p = [0.0; OUTPUTS];
        p[(points.clamp(1, 3) - 1) as usize] = 1.0;
        Probs(p)
    }

    /// The same result seen by the other side.
    pub fn flip(&self) -> Probs {
        let p = self.0;
        Probs([p[3], p[4], p[5], p[0], p[1], p[2]])
    }

    pub fn win(&self) -> f32 {
        self.0[0] + self.0[1] + self.0[2]
    }

    /// Adds `weight` times these probabilities to `sum` (averaging over rolls).
    pub fn add_to(&self, sum: &mut [f32; OUTPUTS], weight: f32) {
        for (s, p) in sum.iter_mut().zip(&self.0) {
            *s += weight * p;
        }
    }

    /// Cubeless money equity, −3..3.
    pub fn equity(&self) -> f32 {
        let p = self.0;
        p[0] + 2.0 * p[1] + 3.0 * p[2] - p[3] - 2.0 * p[4] - 3.0 * p[5]
    }
}

/// A one-hidden-layer network. `w1` is stored input-major so a sparse
/// input touches one contiguous row.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    hidden: usize,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    /// Self-play games behind these weights (bookkeeping, from the file).
    pub games: u64,
}

/// Scratch space for one evaluation (no allocation per call).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub features: Features,
    hidden: Vec<f32>,
}

impl Net {
    /// Small random weights from `rng` (the start of training).
    pub fn random(hidden: usize, rng: &mut ChaCha8Rng) -> Net {
        let scale1 = 1.0 / (20.0f32).sqrt();
        let scale2 = 1.0 / (hidden as f32).sqrt();
        Net {
            hidden,
            w1: (0..INPUTS * hidden)
                .map(|_| rng.random_range(-scale1..scale1))
                .collect(),
            b1: vec![0.0; hidden],
            w2: (0..hidden * OUTPUTS)
                .map(|_| rng.random_range(-scale2..scale2))
                .collect(),
            b2: vec![0.0; OUTPUTS],
            games: 0,
        }
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Runs the net on already encoded features; leaves the hidden layer in
    /// `hidden` for a training step.
    fn forward(&self, features: &Features, hidden: &mut Vec<f32>) -> Probs {
        hidden.clear();
        hidden.extend_from_slice(&self.b1);
        if self.hidden.is_multiple_of(CHUNK) {
            // A few hidden units at a time, their sums held in registers
            // through all the inputs: the same additions in the same order
            // (`w * 1.0` is `w`), so the same bits as the plain loop below.
            for (c, sums) in hidden.chunks_exact_mut(CHUNK).enumerate() {
                let mut acc: [f32; CHUNK] = sums.try_into().expect("a whole chunk");
                for &(i, v) in &features.active {
                    let at = i as usize * self.hidden + c * CHUNK;
                    let row: &[f32; CHUNK] = self.w1[at..at + CHUNK].try_into().expect("a whole chunk");
                    for (a, w) in acc.iter_mut().zip(row) {
                        *a += w * v;
                    }
                }
                sums.copy_from_slice(&acc);
            }
        } else {
            for &(i, v) in &features.active {
                let row = &self.w1[i as usize * self.hidden..(i as usize + 1) * self.hidden];
                for (h, w) in hidden.iter_mut().zip(row) {
                    *h += w * v;
                }
            }
        }
        for h in hidden.iter_mut() {
            *h = sigmoid(*h);
        }
        let mut logits = [0.0f32; OUTPUTS];
        logits.copy_from_slice(&self.b2);
        for (&h, row) in hidden.iter().zip(self.w2.chunks_exact(OUTPUTS)) {
            for (l, w) in logits.iter_mut().zip(row) {
                *l += h * w;
            }
        }
        softmax(logits)
    }

    /// The result probabilities for the side on roll of `board`.
    pub fn evaluate(&self, board: &papan_rules::backgammon::Board, scratch: &mut Scratch) -> Probs {
        scratch.features.encode(board);
        let Scratch { features, hidden } = scratch;
        self.forward(features, hidden)
    }

    /// One gradient step of cross-entropy towards `target` for `board`.
    pub fn learn(&mut self, board: &papan_rules::backgammon::Board, target: &Probs, rate: f32, scratch: &mut Scratch) {
        scratch.features.encode(board);
        let p = self.forward(&scratch.features, &mut scratch.hidden);
        let delta: [f32; OUTPUTS] = std::array::from_fn(|k| p.0[k] - target.0[k]);
        let hidden = &scratch.hidden;
        let mut back = vec![0.0f32; self.hidden];
        for (j, &h) in hidden.iter().enumerate() {
            let row = &mut self.w2[j * OUTPUTS..(j + 1) * OUTPUTS];
            let mut g = 0.0;
            for (w, d) in row.iter_mut().zip(&delta) {
                g += *w * d;
                *w -= rate * h * d;
            }
            back[j] = g * h * (1.0 - h);
        }
        for (b, d) in self.b2.iter_mut().zip(&delta) {
            *b -= rate * d;
        }
        for (b, g) in self.b1.iter_mut().zip(&back) {
            *b -= rate * g;
        }
        for &(i, v) in &scratch.features.active {
            let row = &mut self.w1[i as usize * self.hidden..(i as usize + 1) * self.hidden];
            let step = rate * v;
            for (w, g) in row.iter_mut().zip(&back) {
                *w -= step * g;
            }
        }
    }

    /// The checkpoint form: `PBGN`, version 1, inputs, hidden, games, then
    /// the weights as little-endian `f32` (w1, b1, w2, b2).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.header(VERSION_F32);
        for w in self.arrays().into_iter().flatten() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The shipped form: the same header with version 2, then the four
    /// arrays' scales (`f32`), then every weight as an `i16` multiple of its
    /// array's scale.
    pub fn to_shipped_bytes(&self) -> Vec<u8> {
        let mut out = self.header(VERSION_I16);
        let arrays = self.arrays();
        let scales = arrays.map(|a| a.iter().fold(0.0f32, |m, w| m.max(w.abs())) / i16::MAX as f32);
        for scale in scales {
            out.extend_from_slice(&scale.to_le_bytes());
        }
        for (array, scale) in arrays.iter().zip(scales) {
            for w in *array {
                // In f64 so a weight halfway between two steps rounds to the nearer.
                let step = if scale > 0.0 {
                    (*w as f64 / scale as f64).round() as i16
                } else {
                    0
                };
                out.extend_from_slice(&step.to_le_bytes());
            }
        }
        out
    }

    fn header(&self, version: u32) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 4 * self.weight_count());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out
    }

    fn arrays(&self) -> [&[f32]; 4] {
        [&self.w1, &self.b1, &self.w2, &self.b2]
    }

    fn weight_count(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()
    }

    /// Reads either form ([`Net::to_bytes`], [`Net::to_shipped_bytes`]);
    /// refuses another version or input layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let word = |at: usize| -> Result<u32, String> {
            bytes
                .get(at..at + 4)
                .and_then(|b| b.try_into().ok())
                .map(u32::from_le_bytes)
                .ok_or_else(|| "weights file is truncated".to_string())
        };
        if bytes.get(..4) != Some(MAGIC) {
            return Err("not a Papan backgammon weights file (no PBGN header)".into());
        }
        let version = word(4)?;
        if word(8)? as usize != INPUTS {
            return Err(format!("weights for {} inputs (this build encodes {INPUTS})", word(8)?));
        }
        let hidden = word(12)? as usize;
        let games = word(16)? as u64 | (word(20)? as u64) << 32;
        let sizes = [INPUTS * hidden, hidden, hidden * OUTPUTS, OUTPUTS];
        let count: usize = sizes.iter().sum();
        let body = &bytes[HEADER..];
        let weights: Vec<f32> = match version {
            VERSION_F32 => {
                if body.len() != 4 * count {
                    return Err(format!("weights body is {} bytes, expected {}", body.len(), 4 * count));
                }
                body.chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect()
            }
            VERSION_I16 => {
                if body.len() != 16 + 2 * count {
                    return Err(format!(
                        "weights body is {} bytes, expected {}",
                        body.len(),
                        16 + 2 * count
                    ));
                }
                let (scales, steps) = body.split_at(16);
                let scales: Vec<f32> = scales
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                let mut steps = steps.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]]) as f32);
                let mut weights = Vec::with_capacity(count);
                for (&size, scale) in sizes.iter().zip(scales) {
                    weights.extend(steps.by_ref().take(size).map(|step| step * scale));
                }
                weights
            }
            other => {
                return Err(format!(
                    "weights version {other} (expected {VERSION_F32} or {VERSION_I16})"
                ))
            }
        };
        let mut weights = weights.into_iter();
        let mut take = |n: usize| weights.by_ref().take(n).collect::<Vec<f32>>();
        Ok(Net {
            hidden,
            w1: take(sizes[0]),
            b1: take(sizes[1]),
            w2: take(sizes[2]),
            b2: take(sizes[3]),
            games,
        })
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn softmax(logits: [f32; OUTPUTS]) -> Probs {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut p = logits.map(|l| (l - top).exp());
    let total: f32 = p.iter().sum();
    for x in p.iter_mut() {
        *x /= total;
    }
    Probs(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::backgammon::Board;
    use rand::SeedableRng;

    #[test]
    fn bytes_round_trip() {
        let mut net = Net::random(8, &mut ChaCha8Rng::seed_from_u64(3));
        net.games = 12345;
        let back = Net::from_bytes(&net.to_bytes()).unwrap();
        assert_eq!(back, net);
        assert!(Net::from_bytes(b"nope").is_err());
        assert!(Net::from_bytes(&net.to_bytes()[..100]).is_err());
    }

    #[test]
    fn shipped_bytes_round_each_weight_to_its_arrays_step() {
        let mut net = Net::random(8, &mut ChaCha8Rng::seed_from_u64(5));
        net.games = 777;
        let bytes = net.to_shipped_bytes();
        assert_eq!(bytes.len(), HEADER + 16 + 2 * net.weight_count());
        let back = Net::from_bytes(&bytes).unwrap();
        assert_eq!(back.games, 777);
        for (before, after) in net.arrays().iter().zip(back.arrays()) {
            let largest = before.iter().fold(0.0f32, |m, w| m.max(w.abs()));
            for (a, b) in before.iter().zip(after) {
                assert!(
                    (a - b).abs() <= largest / 65_534.0 * 1.001,
                    "{a} -> {b} (largest {largest})"
                );
            }
        }
        // Reading it again and shipping it again changes nothing.
        assert_eq!(back.to_shipped_bytes(), bytes);
        assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    }

    #[test]
    fn learning_moves_the_output_towards_the_target() {
        let mut net = Net::random(8, &mut ChaCha8Rng::seed_from_u64(4));
        let mut scratch = Scratch::default();
        let target = Probs::won(2);
        let before = net.evaluate(&Board::START, &mut scratch).0[1];
        for _ in 0..50 {
            net.learn(&Board::START, &target, 0.1, &mut scratch);
        }
        let after = net.evaluate(&Board::START, &mut scratch).0[1];
        assert!(after > before + 0.3, "{before} -> {after}");
    }

    /// The forward pass written plainly, one input row at a time.
    fn plain_forward(net: &Net, board: &Board) -> Probs {
        let mut features = Features::new();
        features.encode(board);
        let mut hidden = net.b1.clone();
        for &(i, v) in &features.active {
            for (j, h) in hidden.iter_mut().enumerate() {
                let w = net.w1[i as usize * net.hidden + j];
                *h += if v == 1.0 { w } else { w * v };
            }
        }
        let mut logits = [0.0f32; OUTPUTS];
        logits.copy_from_slice(&net.b2);
        for (j, h) in hidden.iter().enumerate() {
            for (k, l) in logits.iter_mut().enumerate() {
                *l += sigmoid(*h) * net.w2[j * OUTPUTS + k];
            }
        }
        softmax(logits)
    }

    #[test]
    fn chunked_sums_give_the_plain_loops_bits() {
        let boards = [
            Board::START,
            Board::from_points(
                &[(25, 2), (13, 5), (8, 3), (6, 5)],
                &[(1, 2), (12, 5), (17, 3), (19, 5)],
            )
            .unwrap(),
            Board::from_points(&[(2, 1)], &[(19, 15)]).unwrap(),
        ];
        // 64 hidden units go in chunks, 40 through the plain loop.
        for hidden in [64, 40] {
            let net = Net::random(hidden, &mut ChaCha8Rng::seed_from_u64(hidden as u64));
            let mut scratch = Scratch::default();
            for board in &boards {
                assert_eq!(
                    net.evaluate(board, &mut scratch),
                    plain_forward(&net, board),
                    "{hidden}"
                );
            }
        }
    }

    #[test]
    fn flip_swaps_sides_and_negates_equity() {
        let p = Probs([0.3, 0.1, 0.05, 0.4, 0.1, 0.05]);
        assert!((p.flip().equity() + p.equity()).abs() < 1e-6);
        assert!((p.win() + p.flip().win() - 1.0).abs() < 1e-6);
    }
}
