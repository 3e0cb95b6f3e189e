//! The checkers on the board, seen from the side to move (B1, B2).
//!
//! Like wildbg, a [`Board`] is always stored from the point of view of the
//! player about to move ("x"): index 1–24 is x's own point of that number
//! (x moves from 24 towards 1), index 25 is x's bar and index 0 the
//! opponent's ("o") bar. x's checkers count positive, o's negative, so one
//! array says both who holds a point and how many. Checkers borne off are
//! the ones missing from the 15. After a move the board is [`Board::flip`]ped
//! so the next player again sees their own numbering.

use crate::game::RuleError;
use std::fmt;

/// Checkers each side owns (B2).
pub const CHECKERS: u8 = 15;
/// Index of the mover's bar, and the `from` of an entering checker (B10).
pub const BAR: u8 = 25;
/// The `to` of a checker borne off (B14).
pub const OFF: u8 = 0;

/// Checkers on the board from the mover's view. Always legal: 15 checkers a
/// side (on points, bar or off) and never both colours on one point.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pips: [i8; 26],
}

impl Board {
    /// The starting position of B2, identical from either side.
    pub const START: Board = Board {
        pips: [
            0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
        ],
    };

    /// A board from counts: `mine` lists `(point, checkers)` of the mover
    /// (point 1–24, or [`BAR`] = 25), `theirs` the opponent's checkers on the
    /// *mover's* numbering (point 1–24, or 0 for the opponent's bar).
    /// Checkers not listed are borne off. Refuses more than 15 a side (B2)
    /// and a point held by both colours (B8).
    pub fn from_points(mine: &[(u8, u8)], theirs: &[(u8, u8)]) -> Result<Board, RuleError> {
        let mut pips = [0i8; 26];
        for &(point, n) in mine {
            if !(1..=25).contains(&point) {
                return Err(RuleError::new(
                    crate::rule::B1,
                    format!("point {point} is not 1–24 or the bar (25)"),
                ));
            }
            pips[point as usize] = pips[point as usize].saturating_add(n.min(100) as i8);
        }
        for &(point, n) in theirs {
            if point > 24 {
                return Err(RuleError::new(
                    crate::rule::B1,
                    format!("opponent point {point} is not 1–24 or their bar (0)"),
                ));
            }
            if pips[point as usize] > 0 && n > 0 {
                return Err(RuleError::new(
                    crate::rule::B8,
                    format!("point {point} cannot hold both colours"),
                ));
            }
            pips[point as usize] = pips[point as usize].saturating_sub(n.min(100) as i8);
        }
        Board::from_pips(pips)
    }

    /// A board from the raw wildbg-style array (see the module comment),
    /// validated.
    pub fn from_pips(pips: [i8; 26]) -> Result<Board, RuleError> {
        if pips[25] < 0 || pips[0] > 0 {
            return Err(RuleError::new(
                crate::rule::B1,
                "a bar can only hold its own side's checkers",
            ));
        }
        let mine: i32 = pips.iter().filter(|&&n| n > 0).map(|&n| n as i32).sum();
        let theirs: i32 = pips.iter().filter(|&&n| n < 0).map(|&n| -(n as i32)).sum();
        for (who, n) in [("the mover", mine), ("the opponent", theirs)] {
            if n > CHECKERS as i32 {
                return Err(RuleError::new(
                    crate::rule::B2,
                    format!("{who} has {n} checkers; each side has 15"),
                ));
            }
        }
        Ok(Board { pips })
    }

    /// The raw array: index 1–24 the mover's points, 25 the mover's bar,
    /// 0 the opponent's bar; mover positive, opponent negative.
    pub fn pips(&self) -> &[i8; 26] {
        &self.pips
    }

    /// Signed count on a point of the mover's numbering (0–25).
    pub fn at(&self, index: usize) -> i8 {
        self.pips[index]
    }

    /// The mover's checkers on the bar.
    pub fn my_bar(&self) -> u8 {
        self.pips[25] as u8
    }

    /// The opponent's checkers on the bar.
    pub fn their_bar(&self) -> u8 {
        (-self.pips[0]) as u8
    }

    /// The mover's checkers borne off.
    pub fn my_off(&self) -> u8 {
        CHECKERS - self.pips.iter().filter(|&&n| n > 0).map(|&n| n as u8).sum::<u8>()
    }

    /// The opponent's checkers borne off.
    pub fn their_off(&self) -> u8 {
        CHECKERS - self.pips.iter().filter(|&&n| n < 0).map(|&n| (-n) as u8).sum::<u8>()
    }

    /// The mover's highest occupied index (25 = bar), 0 when all are off.
    #[inline]
    pub fn highest(&self) -> usize {
        let mut i = 25;
        while i > 0 && self.pips[i] <= 0 {
            i -= 1;
        }
        i
    }

    /// B13: every checker of the mover still in play is in the home board.
    pub fn all_home(&self) -> bool {
        self.highest() <= 6
    }

    /// Pip count of the mover (distance to bear everything off).
    pub fn my_pips(&self) -> u32 {
        (1..26)
            .filter(|&i| self.pips[i] > 0)
            .map(|i| i as u32 * self.pips[i] as u32)
            .sum()
    }

    /// Pip count of the opponent.
    pub fn their_pips(&self) -> u32 {
        (0..25)
            .filter(|&i| self.pips[i] < 0)
            .map(|i| (25 - i) as u32 * (-self.pips[i]) as u32)
            .sum()
    }

    /// The same board from the opponent's side: their point `i` is our `25 - i`.
    pub fn flip(&self) -> Board {
        let mut pips = [0i8; 26];
        for (i, p) in pips.iter_mut().enumerate() {
            *p = -self.pips[25 - i];
        }
        Board { pips }
    }

    /// Where a checker on `from` lands with `die`, if that single step is
    /// legal here: bar first (B10), no landing on two or more opposing
    /// checkers (B8), bear off only when all are home (B13) and from the
    /// highest point with a larger die (B14). `highest` is [`Board::highest`].
    /// Returns the landing index (0 = off).
    #[inline]
    pub(crate) fn step_target(&self, from: usize, die: usize, highest: usize) -> Option<usize> {
        if self.pips[from] <= 0 || (self.pips[25] > 0 && from != 25) {
            return None;
        }
        if from > die {
            let to = from - die;
            (self.pips[to] >= -1).then_some(to)
        } else if highest <= 6 && (from == die || from == highest) {
            Some(0)
        } else {
            None
        }
    }

    /// One checker moved `die` pips from `from` (25 = the bar), if that single
    /// step is allowed on its own (B8, B10, B13, B14): the landing point
    /// (0 = off) and the board after it, with a blot hit sent to the bar (B9).
    /// Whether the whole turn is legal (B11) is [`legal_plays`]' business;
    /// this lets a UI build a turn one tap at a time.
    ///
    /// [`legal_plays`]: super::legal_plays
    pub fn single_step(&self, from: usize, die: usize) -> Option<(usize, Board)> {
        if !(1..=25).contains(&from) || !(1..=6).contains(&die) {
            return None;
        }
        let to = self.step_target(from, die, self.highest())?;
        let mut next = *self;
        next.apply_step(from, to);
        Some((to, next))
    }

    /// Moves one checker (B6) and hits a blot where it lands (B9). Returns
    /// whether it hit. The caller has checked the step.
    #[inline]
    pub(crate) fn apply_step(&mut self, from: usize, to: usize) -> bool {
        self.pips[from] -= 1;
        if to == 0 {
            return false;
        }
        if self.pips[to] == -1 {
            self.pips[to] = 1;
            self.pips[0] -= 1;
            true
        } else {
            self.pips[to] += 1;
            false
        }
    }

    /// Undoes [`Board::apply_step`].
    #[inline]
    pub(crate) fn undo_step(&mut self, from: usize, to: usize, hit: bool) {
        self.pips[from] += 1;
        if to == 0 {
            return;
        }
        if hit {
            self.pips[to] = -1;
            self.pips[0] += 1;
        } else {
            self.pips[to] -= 1;
        }
    }

    /// A fast hash of the position (for de-duplicating generated moves).
    #[inline]
    pub(crate) fn fast_hash(&self) -> u64 {
        let mut bytes = [0u8; 32];
        for (b, p) in bytes.iter_mut().zip(self.pips.iter()) {
            *b = *p as u8;
        }
        let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
        for chunk in bytes.as_chunks::<8>().0 {
            let word = u64::from_le_bytes(*chunk);
            h = (h ^ word).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
            h ^= h >> 29;
        }
        h
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::START
    }
}

/// A compact text picture, mover's point 24 down to 1: `x3` mover, `o2` opponent.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bar x{} o{} |", self.my_bar(), self.their_bar())?;
        for i in (1..=24).rev() {
            match self.pips[i] {
                0 => write!(f, " .")?,
                n if n > 0 => write!(f, " {i}:x{n}")?,
                n => write!(f, " {i}:o{}", -n)?,
            }
        }
        write!(f, " | off x{} o{}", self.my_off(), self.their_off())
    }
}
