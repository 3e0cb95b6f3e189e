//! Local answers for the playouts, fitted for balance.
//!
//! After each stone of a playout, the empty cells within two steps of it
//! are drawn with a weight read from their ring of six neighbours (empty,
//! the mover's, the opponent's; the frame counts as its colour's stones)
//! and from where they sit against the stone (touching it, its bridge
//! point, two steps along a line); every other empty cell has weight 1.
//! All weights 1 is the uniform playout. The weights are not fitted to
//! predict moves (a table fitted so made playouts no better, README) but
//! by simulation balancing (Silver and Tesauro, "Monte-Carlo Simulation
//! Balancing", 2009): so that the playouts' mean result from a position
//! matches who won it (`hex-patterns balance`).

use super::board::{FastBoard, BLUE, RED};
use std::sync::OnceLock;

/// Ring keys: three states for each of six neighbours.
pub const RING_KEYS: usize = 729;
/// Where a near cell sits against the last stone.
pub const PLACES: usize = 3;
pub const FEATURES: usize = PLACES * RING_KEYS;

const MAGIC: &[u8] = b"papan-hex-local 1\n";

/// Blue's view is transposed (the mover always joins top and bottom):
/// ring digit `i` reads direction `BLUE_DIRECTIONS[i]` ([`FastBoard::around`]).
const BLUE_DIRECTIONS: [usize; 6] = [1, 0, 5, 4, 3, 2];

/// The place value of each ring digit.
const POWERS: [usize; 6] = [1, 3, 9, 27, 81, 243];

/// The log-weights of [`FEATURES`] local features.
#[derive(Clone, Debug, PartialEq)]
pub struct LocalWeights {
    logs: Vec<f32>,
    gammas: Vec<f32>,
}

/// The shipped weights' bytes: `hex-patterns balance` writes them.
const SHIPPED: &[u8] = include_bytes!("../../data/hex.local");

impl LocalWeights {
    pub fn shipped() -> &'static LocalWeights {
        static WEIGHTS: OnceLock<LocalWeights> = OnceLock::new();
        WEIGHTS.get_or_init(|| LocalWeights::from_bytes(SHIPPED).expect("the shipped local weights read"))
    }

    /// Weights from their natural logs (all 0: the uniform playout).
    pub fn from_logs(logs: Vec<f32>) -> LocalWeights {
        assert_eq!(logs.len(), FEATURES);
        let gammas = logs.iter().map(|l| l.exp()).collect();
        LocalWeights { logs, gammas }
    }

    pub fn logs(&self) -> &[f32] {
        &self.logs
    }

    #[inline]
    pub fn gamma(&self, feature: usize) -> f32 {
        self.gammas[feature]
    }

    /// The magic line, then each feature's log-weight as f32 little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for l in &self.logs {
            out.extend_from_slice(&l.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<LocalWeights, String> {
        let body = bytes
            .strip_prefix(MAGIC)
            .ok_or("not local playout weights (the first line is not papan-hex-local 1)")?;
        if body.len() != FEATURES * 4 {
            return Err(format!(
                "local playout weights hold {} bytes after the first line, not {}",
                body.len(),
                FEATURES * 4
            ));
        }
        let logs: Vec<f32> = body
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if let Some(i) = logs.iter().position(|l| !l.is_finite() || l.abs() > 20.0) {
            return Err(format!("local weight {i} is {}, not a log-weight", logs[i]));
        }
        Ok(LocalWeights::from_logs(logs))
    }
}

/// The smaller of each ring key and its half-turn's.
const CANONICAL: [u16; RING_KEYS] = canonical_rings();

const fn canonical_rings() -> [u16; RING_KEYS] {
    let mut out = [0; RING_KEYS];
    let mut key = 0;
    while key < RING_KEYS {
        let mut turned = 0;
        let mut i = 0;
        while i < 6 {
            turned += (key / POWERS[i]) % 3 * POWERS[(i + 3) % 6];
            i += 1;
        }
        out[key] = if turned < key { turned } else { key } as u16;
        key += 1;
    }
    out
}

/// A ring digit's state for each mover (index 0 Red, 1 Blue) and stone.
#[inline]
fn state(view: usize, stone: u8) -> usize {
    match (stone, view) {
        (RED, 0) | (BLUE, 1) => 1,
        (RED, _) | (BLUE, _) => 2,
        _ => 0,
    }
}

/// Every board cell's ring keys as Red and as Blue see them, kept up to
/// date stone by stone during a playout: [`feature`] at the cost of one
/// lookup.
#[derive(Clone, Debug, Default)]
pub struct RingKeys {
    keys: Vec<[u16; 2]>,
}

impl RingKeys {
    /// The keys of every board cell of `board` (the frame's, which
    /// [`RingKeys::place`] also counts into and nothing reads, start at 0).
    pub fn load(&mut self, board: &FastBoard) {
        self.keys.clear();
        self.keys.resize(board.len(), [0; 2]);
        for at in board.inner() {
            let mut key = [0; 2];
            for (i, &power) in POWERS.iter().enumerate() {
                key[0] += state(0, board.cells[board.neighbour(at, i)]) * power;
                key[1] += state(1, board.cells[board.neighbour(at, BLUE_DIRECTIONS[i])]) * power;
            }
            self.keys[at] = [key[0] as u16, key[1] as u16];
        }
    }

    /// `stone` was placed on the empty board cell `at`.
    #[inline]
    pub fn place(&mut self, board: &FastBoard, at: usize, stone: u8) {
        let (red, blue) = (state(0, stone) as u16, state(1, stone) as u16);
        for d in 0..6 {
            // `at` is in the ring of its neighbour, from the other side.
            let back = (d + 3) % 6;
            let key = &mut self.keys[board.neighbour(at, d)];
            key[0] += red * POWERS[back] as u16;
            key[1] += blue * POWERS[BLUE_DIRECTIONS[back]] as u16;
        }
    }

    /// [`feature`] of the empty board cell `at`.
    #[inline]
    pub fn feature(&self, at: usize, mover: u8, place: usize) -> usize {
        let view = usize::from(mover != RED);
        place * RING_KEYS + CANONICAL[self.keys[at][view] as usize] as usize
    }
}

/// The framed offsets of the near cells of a stone on `board`, with their
/// place: the six neighbours (0), the six bridge points (1), the six cells
/// two steps along a line (2).
pub fn near_offsets(board: &FastBoard) -> [(isize, usize); 18] {
    let a = board.around;
    let mut out = [(0, 0); 18];
    for d in 0..6 {
        out[d] = (a[d], 0);
        out[6 + d] = (a[d] + a[(d + 1) % 6], 1);
        out[12 + d] = (2 * a[d], 2);
    }
    out
}

/// The feature of the empty framed cell `at` for `mover`, at `place`
/// against the last stone: the ring of its six neighbours as the mover
/// sees it, one key for a ring and its half-turn.
#[inline]
pub fn feature(board: &FastBoard, at: usize, mover: u8, place: usize) -> usize {
    let view = usize::from(mover != RED);
    let (mut key, mut turned) = (0, 0);
    for (i, &power) in POWERS.iter().enumerate() {
        let d = if view == 0 { i } else { BLUE_DIRECTIONS[i] };
        let state = state(view, board.cells[board.neighbour(at, d)]);
        key += state * power;
        turned += state * POWERS[(i + 3) % 6];
    }
    place * RING_KEYS + key.min(turned)
}

#[cfg(test)]
mod tests {
    use super::super::board::EMPTY;
    use super::*;
    use papan_rules::hex::Cell;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn ring_keys_kept_stone_by_stone_give_the_features_read_afresh() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for size in [7, 9] {
            let mut board = FastBoard::empty(size);
            let mut rings = RingKeys::default();
            rings.load(&board);
            let mut empties: Vec<usize> = board.inner().collect();
            while !empties.is_empty() {
                let at = empties.swap_remove(rng.next_u32() as usize % empties.len());
                let stone = if empties.len().is_multiple_of(2) { RED } else { BLUE };
                board.cells[at] = stone;
                rings.place(&board, at, stone);
                for &cell in &empties {
                    for (mover, place) in [(RED, 0), (BLUE, 1), (BLUE, 2)] {
                        assert_eq!(rings.feature(cell, mover, place), feature(&board, cell, mover, place));
                    }
                }
            }
            // Loaded on a board with stones, the board cells' keys are the
            // same (the frame's are never read).
            let mut fresh = RingKeys::default();
            fresh.load(&board);
            assert!(board.inner().all(|at| fresh.keys[at] == rings.keys[at]));
        }
    }

    #[test]
    fn a_ring_and_its_half_turn_share_a_feature() {
        let mut board = FastBoard::empty(7);
        let middle = board.at(Cell::new(3, 3));
        let (right, left) = (board.neighbour(middle, 0), board.neighbour(middle, 3));
        board.cells[right] = RED;
        let one = feature(&board, middle, RED, 0);
        board.cells[right] = EMPTY;
        board.cells[left] = RED;
        assert_eq!(feature(&board, middle, RED, 0), one);
        // Another place is another feature; the empty ring is key 0.
        assert_eq!(feature(&board, middle, RED, 2), 2 * RING_KEYS + one);
        board.cells[left] = EMPTY;
        assert_eq!(feature(&board, middle, BLUE, 1), RING_KEYS);
    }

    #[test]
    fn blue_sees_the_transposed_board_with_its_colours_swapped() {
        // Red's stone below a cell, to Red, is Blue's stone right of the
        // transposed cell, to Blue.
        let mut board = FastBoard::empty(7);
        let at = board.at(Cell::new(2, 4));
        let below = board.neighbour(at, 1);
        board.cells[below] = RED;
        let red_view = feature(&board, at, RED, 0);
        let mut transposed = FastBoard::empty(7);
        let t = transposed.at(Cell::new(4, 2));
        let right = transposed.neighbour(t, 0);
        transposed.cells[right] = BLUE;
        assert_eq!(feature(&transposed, t, BLUE, 0), red_view);
        // The frame: a cell on Red's top row has Red's frame above it.
        let top = board.at(Cell::new(3, 0));
        let left = board.at(Cell::new(0, 3));
        assert_eq!(feature(&board, top, RED, 0), feature(&board, left, BLUE, 0));
    }

    #[test]
    fn the_file_round_trips_and_damage_is_refused() {
        let logs: Vec<f32> = (0..FEATURES).map(|i| (i % 7) as f32 * 0.25 - 0.5).collect();
        let weights = LocalWeights::from_logs(logs);
        let bytes = weights.to_bytes();
        assert_eq!(LocalWeights::from_bytes(&bytes).unwrap(), weights);
        let short = LocalWeights::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(short.contains("bytes"), "{short}");
        assert!(LocalWeights::from_bytes(b"papan-hex-value 1\n")
            .unwrap_err()
            .contains("first line"));
        let mut bad = bytes.clone();
        let at = MAGIC.len() + 4 * 5;
        bad[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(LocalWeights::from_bytes(&bad).unwrap_err().contains("local weight 5"));
    }
}
