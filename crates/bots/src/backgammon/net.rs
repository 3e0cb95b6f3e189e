//! The evaluator: one hidden layer of sigmoids over [`Features`], six
//! softmax outputs for the side on roll (win single / gammon / backgammon,
//! lose single / gammon / backgammon), read as cubeless money equity.
//!
//! Weights are stored little-endian `f32` after a small header, so the
//! shipped file loads with a copy and no parsing beyond that.

use super::features::{Features, INPUTS};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Outcome classes, from the view of the side on roll.
pub const OUTPUTS: usize = 6;
const MAGIC: &[u8; 4] = b"PBGN";
const VERSION: u32 = 1;

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
        for &(i, v) in &features.active {
            let row = &self.w1[i as usize * self.hidden..(i as usize + 1) * self.hidden];
            if v == 1.0 {
                for (h, w) in hidden.iter_mut().zip(row) {
                    *h += w;
                }
            } else {
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

    /// The binary form: `PBGN`, version, inputs, hidden, games, then the
    /// weights as little-endian `f32` (w1, b1, w2, b2).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + 4 * (self.w1.len() + self.w2.len() + self.hidden + OUTPUTS));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        for w in self.w1.iter().chain(&self.b1).chain(&self.w2).chain(&self.b2) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Reads [`Net::to_bytes`]; refuses another version or input layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let word = |at: usize| -> Result<u32, String> {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
                .ok_or_else(|| "weights file is truncated".to_string())
        };
        if bytes.get(..4) != Some(MAGIC) {
            return Err("not a Papan backgammon weights file (no PBGN header)".into());
        }
        if word(4)? != VERSION {
            return Err(format!("weights version {} (expected {VERSION})", word(4)?));
        }
        if word(8)? as usize != INPUTS {
            return Err(format!("weights for {} inputs (this build encodes {INPUTS})", word(8)?));
        }
        let hidden = word(12)? as usize;
        let games = word(16)? as u64 | (word(20)? as u64) << 32;
        let count = INPUTS * hidden + hidden + hidden * OUTPUTS + OUTPUTS;
        let body = &bytes[24..];
        if body.len() != 4 * count {
            return Err(format!("weights body is {} bytes, expected {}", body.len(), 4 * count));
        }
        let mut floats = body
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")));
        let mut take = |n: usize| floats.by_ref().take(n).collect::<Vec<f32>>();
        Ok(Net {
            hidden,
            w1: take(INPUTS * hidden),
            b1: take(hidden),
            w2: take(hidden * OUTPUTS),
            b2: take(OUTPUTS),
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

    #[test]
    fn flip_swaps_sides_and_negates_equity() {
        let p = Probs([0.3, 0.1, 0.05, 0.4, 0.1, 0.05]);
        assert!((p.flip().equity() + p.equity()).abs() < 1e-6);
        assert!((p.win() + p.flip().win() - 1.0).abs() < 1e-6);
    }
}
