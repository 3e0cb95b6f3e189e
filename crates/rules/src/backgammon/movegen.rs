//! Legal plays for a roll (B6–B15), one per distinct resulting position.
//!
//! A depth-first walk tries every checker for each die in turn. Only the
//! longest sequences survive (B11: as many dice as possible); with two
//! different dice both orders are walked, larger die first, and when only
//! one die can be used the larger wins if it can be played at all. For
//! doubles the walk only takes checkers from the same or a lower point than
//! the previous one: any legal order can be rearranged that way (a checker
//! moving never blocks an own checker, and moving the higher checkers first
//! only helps bearing off), so nothing is lost and most permutations of the
//! same four moves are never visited. Plays that lead to the same position
//! are kept once, with the first notation found.

use super::board::Board;
use super::notation::{Dice, Leg, Play};

/// The legal plays of one roll: each resulting position (from the mover's
/// view, before the board is turned) with one play that reaches it.
/// Reusable: [`MoveGen::generate`] clears it, keeping the allocations.
#[derive(Clone, Debug, Default)]
pub struct MoveGen {
    results: Vec<(Board, Play)>,
    /// Open-addressed set of indices into `results`, keyed by board hash.
    table: Vec<u32>,
    mask: usize,
    /// Dice used by the longest sequence seen so far.
    max_depth: usize,
    /// Shorter sequences than this are not recorded (second order of a
    /// non-double roll once the larger die alone was playable, B11).
    min_depth: usize,
    legs: [Leg; 4],
}

const EMPTY: u32 = u32::MAX;

impl MoveGen {
    pub fn new() -> MoveGen {
        MoveGen::default()
    }

    /// The legal results of the last [`MoveGen::generate`]; empty when the
    /// roll cannot be played at all (the pass, B10/B12).
    pub fn results(&self) -> &[(Board, Play)] {
        &self.results
    }

    /// Finds every distinct position `board`'s mover can reach with `dice`.
    pub fn generate(&mut self, board: &Board, dice: Dice) -> &[(Board, Play)] {
        self.results.clear();
        if self.table.is_empty() {
            self.table = vec![EMPTY; 256];
            self.mask = 255;
        } else {
            self.table.fill(EMPTY);
        }
        self.max_depth = 0;
        self.min_depth = 0;
        let mut work = *board;
        if dice.is_double() {
            let die = dice.high as usize;
            self.walk(&mut work, &[die; 4], 0, 25, true);
        } else {
            let (high, low) = (dice.high as usize, dice.low as usize);
            self.walk(&mut work, &[high, low], 0, 25, false);
            // B11: if the larger die alone could be played, the smaller die
            // alone is never allowed; only full two-dice plays may be added.
            self.min_depth = if self.max_depth >= 1 { 2 } else { 0 };
            self.walk(&mut work, &[low, high], 0, 25, false);
        }
        if self.max_depth == 0 {
            // Nothing could move: the turn is lost (B10, B12).
            self.results.clear();
        }
        &self.results
    }

    fn walk(&mut self, board: &mut Board, dice: &[usize], depth: usize, max_from: usize, doubles: bool) {
        if depth == dice.len() {
            self.record(board, depth);
            return;
        }
        let die = dice[depth];
        let highest = board.highest();
        let mut moved = false;
        let top = if doubles { highest.min(max_from) } else { highest };
        let mut from = top;
        while from >= 1 {
            if let Some(to) = board.step_target(from, die, highest) {
                moved = true;
                let hit = board.apply_step(from, to);
                self.legs[depth] = Leg {
                    from: from as u8,
                    to: to as u8,
                    hit,
                };
                self.walk(board, dice, depth + 1, from, doubles);
                board.undo_step(from, to, hit);
            }
            // B10: while a checker is on the bar nothing else may move.
            if from == 25 && board.at(25) > 0 {
                break;
            }
            from -= 1;
        }
        if !moved {
            self.record(board, depth);
        }
    }

    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    fn record(&mut self, board: &Board, depth: usize) {
        if depth < self.max_depth || depth < self.min_depth || depth == 0 {
            return;
        }
        if depth > self.max_depth {
            self.max_depth = depth;
            self.results.clear();
            self.table.fill(EMPTY);
        }
        let mut slot = board.fast_hash() as usize & self.mask;
        loop {
            let index = self.table[slot];
            if index == EMPTY {
                break;
            }
            if self.results[index as usize].0 == *board {
                return;
            }
            slot = (slot + 1) & self.mask;
        }
        self.table[slot] = self.results.len() as u32;
        let play = Play::from_legs(&self.legs[..depth]).expect("at most four legs");
        self.results.push((*board, play));
        if self.results.len() * 2 > self.table.len() {
            self.grow();
        }
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        self.table = vec![EMPTY; size];
        self.mask = size - 1;
        for (i, (board, _)) in self.results.iter().enumerate() {
            let mut slot = board.fast_hash() as usize & self.mask;
            while self.table[slot] != EMPTY {
                slot = (slot + 1) & self.mask;
            }
            self.table[slot] = i as u32;
        }
    }
}

/// The legal plays of `dice` on `board`, in a fresh vector (empty = pass).
pub fn legal_plays(board: &Board, dice: Dice) -> Vec<(Board, Play)> {
    MoveGen::new().generate(board, dice).to_vec()
}
