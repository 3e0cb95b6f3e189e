//! An exact solver: depth-first proof-number search (DFPN, Nagai 2002)
//! over the same knowledge as the tree, as MoHex runs beside its search.
//!
//! Each position is judged once, when first reached: fill-in
//! ([`super::inferior`]), then virtual connections ([`super::vc`]) decide
//! it (the mover's semi or full wins, the opponent's full loses) or leave
//! as moves only the must-play cells the opponent's semis allow, less the
//! dominated ones, strongest pattern first. A position's proof number is
//! how many positions below must still be proved for the mover to win; its
//! disproof number, how many to prove it lost. DFPN always works in the
//! child that is closest to deciding its parent, and returns when another
//! child gets closer (the 1 + ε trick keeps it from bouncing between two
//! close children).
//!
//! The work is counted in judgements, so a caller gives the solver a share
//! of its budget and the same budget gives the same answer. What is learnt
//! stays in the table between calls: the next call, for the same position
//! or one further down the game, goes on from it.
//!
//! Positions are keyed by their stones (Zobrist) and the side to move.
//! Hex positions never repeat, so there are no cycles; the table is
//! bounded and keeps only its proofs when it grows too large.

use super::board::{FastBoard, EMPTY, RED};
use super::cells::CellSet;
use super::geometry::{other, Geometry};
use super::inferior::{fill_in, prune_dominated};
use super::patterns::{PatternGeometry, PatternTable};
use super::vc::{VcBuilder, VcLimits};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;

/// A proof or disproof number that cannot be reached: the position is
/// decided the other way.
const INFINITE: u32 = 1 << 30;

/// Positions kept before the table is cut back to its proofs.
const TABLE_LIMIT: usize = 200_000;

/// Visits of known positions cost this fraction of a judgement (they only
/// read the table), so a call that finds nothing new still ends.
const VISITS_PER_JUDGEMENT: u64 = 64;

#[derive(Clone, Debug)]
struct Entry {
    /// For the side to move: proof number (0: it wins).
    pn: u32,
    /// Disproof number (0: it loses).
    dn: u32,
    /// The moves left after the analysis, row-major cell numbers.
    moves: Arc<[u16]>,
    /// The stones fill-in put on the board, to play before any move.
    filled: Arc<[(u16, u8)]>,
}

/// What the solver knows about a position after a call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// `Some(true)`: the side to move wins; `Some(false)`: it loses.
    pub result: Option<bool>,
    /// A winning move (row-major cell number) when the result is a win.
    pub winning: Option<usize>,
    /// Moves proven to lose (row-major), when the position is not decided.
    pub losing: Vec<usize>,
}

pub struct Dfpn {
    geometry: Geometry,
    limits: VcLimits,
    vc: VcBuilder,
    /// Zobrist keys by cell and colour (index `2 * cell + colour - 1`).
    zobrist: Vec<u64>,
    red_to_move: u64,
    table: HashMap<u64, Entry>,
    pattern_geometry: PatternGeometry,
    patterns: &'static PatternTable,
    framed: FastBoard,
    judgements: u64,
    visits: u64,
    limit: u64,
}

impl Dfpn {
    pub fn new(n: usize, limits: VcLimits) -> Dfpn {
        // A fixed seed: the keys only need to be the same from run to run.
        let mut rng = ChaCha8Rng::seed_from_u64(0xdf0b_5eed);
        Dfpn {
            geometry: Geometry::new(n),
            limits,
            vc: VcBuilder::with_limits(n, limits),
            zobrist: (0..2 * n * n).map(|_| rng.next_u64()).collect(),
            red_to_move: rng.next_u64(),
            table: HashMap::new(),
            pattern_geometry: PatternGeometry::new(n),
            patterns: PatternTable::shipped(),
            framed: FastBoard::empty(n),
            judgements: 0,
            visits: 0,
            limit: 0,
        }
    }

    /// Positions judged so far, over all calls.
    pub fn judgements(&self) -> u64 {
        self.judgements
    }

    /// Positions in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    fn key(&self, cells: &[u8], colour: u8) -> u64 {
        let mut key = if colour == RED { self.red_to_move } else { 0 };
        for (cell, &stone) in cells.iter().enumerate() {
            if stone != EMPTY {
                key ^= self.zobrist[2 * cell + stone as usize - 1];
            }
        }
        key
    }

    /// Puts a position's fill-in on `cells` and returns the key of the
    /// filled position (keyed `key` before).
    fn fill(&self, cells: &mut [u8], filled: &[(u16, u8)], key: u64) -> u64 {
        filled.iter().fold(key, |key, &(cell, stone)| {
            cells[cell as usize] = stone;
            key ^ self.zobrist[2 * cell as usize + stone as usize - 1]
        })
    }

    /// The key after `colour` plays `cell` in the position keyed `key`.
    fn after(&self, key: u64, cell: usize, colour: u8) -> u64 {
        key ^ self.zobrist[2 * cell + colour as usize - 1] ^ self.red_to_move
    }

    /// Works on `cells` (row-major, `colour` to move, nobody joined yet)
    /// for about `work` more judgements, and says what is known of it.
    pub fn solve(&mut self, cells: &[u8], colour: u8, work: u64) -> Verdict {
        if self.table.len() > TABLE_LIMIT {
            self.table.retain(|_, e| e.pn == 0 || e.dn == 0);
        }
        let mut board = cells.to_vec();
        let key = self.key(&board, colour);
        self.limit = self.spent() + work;
        self.mid(&mut board, colour, key, INFINITE, INFINITE);
        self.verdict(cells, colour, key)
    }

    /// What the table has proved of `cells` (row-major, `colour` to move,
    /// as reached by moves from a position the solver worked on):
    /// `Some(true)` if the side to move wins.
    pub fn known(&self, cells: &[u8], colour: u8) -> Option<bool> {
        let entry = self.table.get(&self.key(cells, colour))?;
        match (entry.pn, entry.dn) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
    }

    fn spent(&self) -> u64 {
        self.judgements + self.visits / VISITS_PER_JUDGEMENT
    }

    fn verdict(&self, cells: &[u8], colour: u8, key: u64) -> Verdict {
        let Some(entry) = self.table.get(&key) else {
            return Verdict::default();
        };
        let mut board = cells.to_vec();
        let filled_key = self.fill(&mut board, &entry.filled, key);
        let child = |cell: u16| self.table.get(&self.after(filled_key, cell as usize, colour));
        if entry.pn == 0 {
            // A winning move: one whose position is lost for the opponent;
            // with no such move recorded the analysis itself won (a semi's
            // key or a cell of a full connection).
            let winning = entry
                .moves
                .iter()
                .find(|&&m| child(m).is_some_and(|c| c.dn == 0))
                .map(|&m| m as usize)
                .or_else(|| self.winning_by_analysis(&board, colour))
                .or_else(|| (0..cells.len()).find(|&c| cells[c] == EMPTY));
            return Verdict {
                result: Some(true),
                winning,
                losing: Vec::new(),
            };
        }
        if entry.dn == 0 {
            return Verdict {
                result: Some(false),
                winning: None,
                losing: Vec::new(),
            };
        }
        Verdict {
            result: None,
            winning: None,
            losing: entry
                .moves
                .iter()
                .filter(|&&m| child(m).is_some_and(|c| c.pn == 0))
                .map(|&m| m as usize)
                .collect(),
        }
    }

    /// The move that wins by the mover's own connection on `cells` (filled),
    /// found again as the judgement found it (same limits, same build);
    /// `None` when fill-in joined the edges already (any move wins).
    fn winning_by_analysis(&self, cells: &[u8], colour: u8) -> Option<usize> {
        let mut vc = VcBuilder::with_limits(self.geometry.n, self.limits);
        vc.build(&self.geometry, cells, colour).winning_cell()
    }

    /// Judges a position seen for the first time: decided, or its moves.
    fn judge(&mut self, cells: &mut [u8], colour: u8) -> Entry {
        self.judgements += 1;
        let mut filled = Vec::new();
        fill_in(&self.geometry, cells, &mut filled);
        let entry = self.judge_filled(cells, colour, filled.clone().into());
        for &(cell, _) in &filled {
            cells[cell as usize] = EMPTY;
        }
        entry
    }

    fn judge_filled(&mut self, cells: &[u8], colour: u8, filled: Arc<[(u16, u8)]>) -> Entry {
        let decided = |pn, dn| Entry {
            pn,
            dn,
            moves: Arc::new([]),
            filled: filled.clone(),
        };
        let mine = self.vc.build(&self.geometry, cells, colour);
        if mine.wins_to_move() {
            return decided(0, INFINITE);
        }
        let theirs = self.vc.build(&self.geometry, cells, other(colour));
        if !theirs.full.is_empty() {
            return decided(INFINITE, 0);
        }
        let empty: CellSet = (0..cells.len()).filter(|&c| cells[c] == EMPTY).collect();
        let allowed = prune_dominated(&self.geometry, cells, colour, theirs.must_play(empty));
        if allowed.is_empty() {
            return decided(INFINITE, 0);
        }
        // Strongest pattern first: ties in the proof numbers go to it.
        for (cell, &stone) in cells.iter().enumerate() {
            let at = self.framed.at_key(cell);
            self.framed.cells[at] = stone;
        }
        let mut moves: Vec<(f32, u16)> = allowed
            .iter()
            .map(|cell| {
                let at = self.framed.at_key(cell);
                let gamma = self
                    .patterns
                    .gamma(self.pattern_geometry.key(&self.framed.cells, at, colour));
                (gamma, cell as u16)
            })
            .collect();
        moves.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        Entry {
            pn: 1,
            dn: moves.len() as u32,
            moves: moves.into_iter().map(|(_, m)| m).collect(),
            filled,
        }
    }

    /// The multiple-iterative-deepening step: works below the position
    /// keyed `key` until its proof number reaches `pn_limit`, its disproof
    /// number `dn_limit`, or the work runs out.
    fn mid(&mut self, cells: &mut [u8], colour: u8, key: u64, pn_limit: u32, dn_limit: u32) {
        self.visits += 1;
        let entry = match self.table.get(&key) {
            Some(entry) => entry.clone(),
            None => {
                let entry = self.judge(cells, colour);
                self.table.insert(key, entry.clone());
                entry
            }
        };
        if entry.pn == 0 || entry.dn == 0 {
            return;
        }
        let filled_key = self.fill(cells, &entry.filled, key);
        let opponent = other(colour);
        let (mut pn, mut dn);
        loop {
            // The children's numbers are the opponent's: our proof number
            // is the smallest of their disproof numbers, our disproof
            // number the sum of their proof numbers.
            let (mut best, mut best_dn, mut second_dn, mut best_pn) = (0, INFINITE, INFINITE, INFINITE);
            let mut sum_pn = 0u32;
            for (i, &m) in entry.moves.iter().enumerate() {
                let (c_pn, c_dn) = self
                    .table
                    .get(&self.after(filled_key, m as usize, colour))
                    .map_or((1, 1), |c| (c.pn, c.dn));
                sum_pn = sum_pn.saturating_add(c_pn).min(INFINITE);
                if c_dn < best_dn {
                    second_dn = best_dn;
                    (best, best_dn, best_pn) = (i, c_dn, c_pn);
                } else if c_dn < second_dn {
                    second_dn = c_dn;
                }
            }
            (pn, dn) = (best_dn, sum_pn);
            if pn >= pn_limit || dn >= dn_limit || pn == 0 || dn == 0 || self.spent() >= self.limit {
                break;
            }
            let child_pn_limit = if dn_limit >= INFINITE {
                INFINITE
            } else {
                dn_limit - (dn - best_pn)
            };
            let epsilon = second_dn.saturating_add(1 + second_dn / 4).min(INFINITE);
            let child_dn_limit = pn_limit.min(epsilon);
            let m = entry.moves[best] as usize;
            cells[m] = colour;
            let child = self.after(filled_key, m, colour);
            self.mid(cells, opponent, child, child_pn_limit, child_dn_limit);
            cells[m] = EMPTY;
        }
        for &(cell, _) in entry.filled.iter() {
            cells[cell as usize] = EMPTY;
        }
        if let Some(stored) = self.table.get_mut(&key) {
            (stored.pn, stored.dn) = (pn, dn);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::board::BLUE;
    use crate::hex::exact::{cells_of, random_position, Exact};

    #[test]
    fn the_solver_agrees_with_brute_force_on_small_boards() {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        for n in [4, 5] {
            let geometry = Geometry::new(n);
            let mut exact = Exact::new(&geometry);
            let mut checked = 0;
            let mut wins = 0;
            while checked < 40 {
                // Brute force needs a crowded 5×5.
                let stones = if n == 4 {
                    rng.next_u32() % 6
                } else {
                    11 + rng.next_u32() % 3
                } as usize;
                let Some(cells) = random_position(&geometry, &mut rng, stones) else {
                    continue;
                };
                let colour = if stones.is_multiple_of(2) { RED } else { BLUE };
                let truth = exact.wins(&cells, colour);
                let mut dfpn = Dfpn::new(n, VcLimits::default());
                let verdict = dfpn.solve(&cells, colour, 1_000_000);
                assert_eq!(
                    verdict.result,
                    Some(truth),
                    "{n}×{n}, to move {colour}:\n{}",
                    exact.picture(&cells)
                );
                if truth {
                    wins += 1;
                    let cell = verdict.winning.expect("a winning move");
                    let mut after = cells.clone();
                    assert_eq!(after[cell], EMPTY);
                    after[cell] = colour;
                    let won = Exact::connected(&geometry, &after, colour) || !exact.wins(&after, other(colour));
                    assert!(won, "{cell} does not win:\n{}", exact.picture(&cells));
                }
                checked += 1;
            }
            assert!(
                wins > 5 && wins < 35,
                "{n}×{n}: {wins} of 40 won, the draw is too one-sided"
            );
        }
    }

    #[test]
    fn moves_proven_lost_are_reported_before_the_position_is_decided() {
        // 7×7 openings, little work: every move called lost is lost when
        // the position after it is solved in full (the full solver being
        // the one checked against brute force above).
        let geometry = Geometry::new(7);
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let (mut named, mut open) = (0, 0);
        for _ in 0..6 {
            let stones = 1 + (rng.next_u32() % 3) as usize;
            let Some(cells) = random_position(&geometry, &mut rng, stones) else {
                continue;
            };
            let colour = if stones.is_multiple_of(2) { RED } else { BLUE };
            // Without edge templates, which decide these open boards at once.
            let limits = VcLimits {
                templates: false,
                ..VcLimits::default()
            };
            let verdict = Dfpn::new(7, limits).solve(&cells, colour, 150);
            if verdict.result.is_none() {
                open += 1;
            }
            for &cell in &verdict.losing {
                let mut after = cells.clone();
                after[cell] = colour;
                let full = Dfpn::new(7, VcLimits::default()).solve(&after, other(colour), 100_000);
                assert_eq!(full.result, Some(true), "{cell} was called lost:\n{:?}", cells);
                named += 1;
            }
        }
        assert!(
            named > 0 && open > 0,
            "{named} losing moves named, {open} positions left open"
        );
    }

    #[test]
    fn work_left_over_carries_to_the_next_call() {
        // Solved in one call of 4,000 judgements, or in calls of 100.
        let rows = [
            ".......", ".......", "..R....", "...B...", ".......", ".......", ".......",
        ];
        let cells = cells_of(&rows);
        let mut once = Dfpn::new(7, VcLimits::default());
        let whole = once.solve(&cells, RED, 4_000);
        let mut parts = Dfpn::new(7, VcLimits::default());
        let mut verdict = Verdict::default();
        for _ in 0..40 {
            verdict = parts.solve(&cells, RED, 100);
            if verdict.result.is_some() {
                break;
            }
        }
        assert_eq!(whole.result, Some(true), "Red's opening wins 7×7");
        assert_eq!(verdict.result, whole.result);
        assert!(parts.judgements() > 100);
    }
}
