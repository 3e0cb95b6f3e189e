//! The network's inputs: a [`Board`] seen by the side on roll ("x"), before
//! it rolls, turned into a sparse list of `(input index, value)` pairs.
//!
//! Tesauro's 198-style raw encoding (four units a point per side, bar, off)
//! plus a handful of hand-made features that a small net learns slowly by
//! itself: pip counts, whether contact is left, the share of the 36 rolls
//! that hit a blot directly or with one combination, and the longest prime.
//! Each side's points use that side's own numbering, so the same shape reads
//! the same for either colour.

use papan_rules::backgammon::Board;

/// Raw units per point and side: `n>=1`, `n>=2`, `n>=3`, `(n-3)/2`.
const PER_POINT: usize = 4;
/// Where the mover's raw block starts; the opponent's follows it.
const RAW_SIDE: usize = 24 * PER_POINT + 2;
/// Bar and off units at the end of a side's raw block.
const BAR_UNIT: usize = 24 * PER_POINT;
const OFF_UNIT: usize = BAR_UNIT + 1;
/// First hand-made feature.
const EXTRA: usize = 2 * RAW_SIDE;
const PIPS_X: usize = EXTRA;
const PIPS_O: usize = EXTRA + 1;
const PIP_LEAD: usize = EXTRA + 2;
const RACE: usize = EXTRA + 3;
const SHOTS_X: usize = EXTRA + 4;
const SHOTS_O: usize = EXTRA + 5;
const PRIME_X: usize = EXTRA + 6;
const PRIME_O: usize = EXTRA + 7;

/// Number of network inputs.
pub const INPUTS: usize = EXTRA + 8;

/// The sparse inputs of one position; reused to avoid allocation.
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub active: Vec<(u16, f32)>,
}

impl Features {
    pub fn new() -> Features {
        Features {
            active: Vec::with_capacity(80),
        }
    }

    /// Fills the inputs for `board`, whose mover is on roll.
    pub fn encode(&mut self, board: &Board) {
        self.active.clear();
        let mine = side_counts(board);
        let theirs = side_counts(&board.flip());
        self.raw(&mine, 0);
        self.raw(&theirs, RAW_SIDE);

        let (px, po) = (board.my_pips() as f32, board.their_pips() as f32);
        self.push(PIPS_X, px / 167.0);
        self.push(PIPS_O, po / 167.0);
        self.push(PIP_LEAD, ((po - px) / 40.0).clamp(-2.0, 2.0));
        if !has_contact(board) {
            self.push(RACE, 1.0);
        }
        self.push(SHOTS_X, shots(board) as f32 / 36.0);
        self.push(SHOTS_O, shots(&board.flip()) as f32 / 36.0);
        self.push(PRIME_X, longest_prime(&mine) as f32 / 6.0);
        self.push(PRIME_O, longest_prime(&theirs) as f32 / 6.0);
    }

    fn raw(&mut self, counts: &[u8; 26], base: usize) {
        for (point, &n) in counts.iter().enumerate().take(25).skip(1) {
            if n == 0 {
                continue;
            }
            let unit = base + (point - 1) * PER_POINT;
            self.push(unit, 1.0);
            if n >= 2 {
                self.push(unit + 1, 1.0);
            }
            if n >= 3 {
                self.push(unit + 2, 1.0);
            }
            if n > 3 {
                self.push(unit + 3, (n - 3) as f32 / 2.0);
            }
        }
        if counts[25] > 0 {
            self.push(base + BAR_UNIT, counts[25] as f32 / 2.0);
        }
        if counts[0] > 0 {
            self.push(base + OFF_UNIT, counts[0] as f32 / 15.0);
        }
    }

    fn push(&mut self, index: usize, value: f32) {
        if value != 0.0 {
            self.active.push((index as u16, value));
        }
    }
}

/// The mover's checkers by own point (1–24), bar at 25, borne off at 0.
fn side_counts(board: &Board) -> [u8; 26] {
    let mut counts = [0u8; 26];
    for (i, c) in counts.iter_mut().enumerate().skip(1) {
        *c = board.at(i).max(0) as u8;
    }
    counts[0] = board.my_off();
    counts
}

/// Whether any of the mover's checkers still has an opposing checker ahead.
pub fn has_contact(board: &Board) -> bool {
    // The mover's rearmost checker against the opponent's rearmost one
    // (the opponent's bar is index 0, behind everything of the mover's).
    let my_back = board.highest();
    let their_back = (0..=24).find(|&i| board.at(i) < 0);
    matches!(their_back, Some(t) if t < my_back)
}

/// Longest run of points holding two or more checkers.
fn longest_prime(counts: &[u8; 26]) -> u8 {
    let (mut best, mut run) = (0u8, 0u8);
    for &n in &counts[1..=24] {
        run = if n >= 2 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// How many of the 36 rolls let the mover hit at least one opposing blot,
/// directly or with a combination whose stops are open. An approximation
/// (it ignores that other checkers may have to enter first beyond one on
/// the bar), good enough as a hint to the net.
///
/// Point sets are bit masks (bit i = point i of the mover's numbering), so
/// every blot is tried at once: a blot at q is hit from q + d by a die d,
/// and a stop is a set shifted by one die and kept where the point is open.
fn shots(board: &Board) -> u32 {
    let (mut blots, mut open, mut from) = (0u64, 0u64, 0u64);
    let on_bar = board.my_bar();
    for i in 0..=25 {
        let n = board.at(i);
        if n == -1 && (1..=24).contains(&i) {
            blots |= 1 << i;
        }
        if n >= -1 {
            open |= 1 << i;
        }
        // With checkers on the bar, only one of them can move (and hit).
        if n > 0 && (on_bar == 0 || i == 25) {
            from |= 1 << i;
        }
    }
    if blots == 0 {
        return 0;
    }
    let mut total = 0;
    for a in 1..=6u32 {
        for b in a..=6u32 {
            let hit = if a == b {
                // Up to four steps of `a`, each stop open; with two or more
                // on the bar only the entering checker can hit.
                let steps = if on_bar >= 2 { 1 } else { 4 };
                let mut reach = blots << a;
                let mut any = reach & from;
                for _ in 1..steps {
                    reach = (reach & open) << a;
                    any |= reach & from;
                }
                any != 0
            } else {
                let direct = ((blots << a) | (blots << b)) & from;
                let combined = if on_bar < 2 {
                    ((((blots << a) & open) << b) | (((blots << b) & open) << a)) & from
                } else {
                    0
                };
                direct | combined != 0
            };
            if hit {
                total += if a == b { 1 } else { 2 };
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(board: &Board) -> Vec<f32> {
        let mut f = Features::new();
        f.encode(board);
        let mut dense = vec![0.0; INPUTS];
        for &(i, v) in &f.active {
            dense[i as usize] = v;
        }
        dense
    }

    #[test]
    fn start_reads_the_same_for_both_sides() {
        let dense = encoded(&Board::START);
        assert_eq!(dense[..RAW_SIDE], dense[RAW_SIDE..2 * RAW_SIDE]);
        // The mover's 6-point holds five: units 1, 2, 3 and (5-3)/2.
        let six = 5 * PER_POINT;
        assert_eq!(dense[six..six + 4], [1.0, 1.0, 1.0, 1.0]);
        assert_eq!(dense[RACE], 0.0);
        assert_eq!(dense[SHOTS_X], 0.0, "no blots at the start");
    }

    #[test]
    fn direct_and_combination_shots_are_counted() {
        // Mover's checker on 10, an opposing blot on 4 (6 away): 6s hit
        // directly (11 rolls), 5-1 4-2 3-3 2-2 via open stops (5 more).
        let board = Board::from_points(&[(10, 1), (1, 14)], &[(4, 1), (24, 14)]).unwrap();
        assert_eq!(shots(&board), 11 + 2 + 2 + 1 + 1);
    }

    /// The first way of counting shots, blot by blot: the masks must agree.
    fn shots_by_blot(board: &Board) -> u32 {
        let blots: Vec<usize> = (1..=24).filter(|&i| board.at(i) == -1).collect();
        if blots.is_empty() {
            return 0;
        }
        let on_bar = board.my_bar();
        let open = |i: usize| board.at(i) >= -1;
        let has = |i: usize| i <= 25 && board.at(i) > 0 && (on_bar == 0 || i == 25);
        let mut total = 0;
        for a in 1..=6usize {
            for b in a..=6usize {
                let hit = blots.iter().any(|&q| {
                    if a == b {
                        // Up to four steps of `a`, each stop open; with two or
                        // more on the bar only the entering checker can hit.
                        let steps = if on_bar >= 2 { 1 } else { 4 };
                        (1..=steps).any(|k| {
                            let from = q + k * a;
                            has(from) && (1..k).all(|s| open(from - s * a))
                        })
                    } else {
                        has(q + a) || has(q + b) || (on_bar < 2 && has(q + a + b) && (open(q + a) || open(q + b)))
                    }
                });
                if hit {
                    total += if a == b { 1 } else { 2 };
                }
            }
        }
        total
    }

    #[test]
    fn shot_masks_count_as_blot_by_blot() {
        let path = std::path::PathBuf::from(
            std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo test sets CARGO_MANIFEST_DIR"),
        )
        .join("../rules/tests/data/gnubg/corpus.jsonl");
        let text = std::fs::read_to_string(path).expect("gnubg's corpus");
        let mut seen = 0;
        for line in text.lines().take(2000) {
            let id = line.split('"').nth(3).expect("a Position ID");
            let board = papan_rules::backgammon::position_id::decode(id).expect("a position");
            for b in [board, board.flip()] {
                assert_eq!(shots(&b), shots_by_blot(&b), "{id}");
                seen += usize::from(shots(&b) > 0);
            }
        }
        assert!(seen > 1000, "most positions have shots: {seen}");
    }

    #[test]
    fn race_is_no_contact() {
        let race = Board::from_points(&[(6, 15)], &[(19, 15)]).unwrap();
        assert!(!has_contact(&race));
        assert!(has_contact(&Board::START));
    }
}
