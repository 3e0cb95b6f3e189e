//! The raw, saved form of a game, in absolute point numbers, and its
//! validation on the way in (B2, B4, B5, B8, B16).

use super::board::{Board, CHECKERS};
use super::game::{Backgammon, BackgammonOptions};
use super::notation::Dice;
use crate::game::{Game, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// The raw, unvalidated form of a position: what is saved and sent.
/// `points[i]` is absolute point `i + 1` (Black's numbering, see the module
/// comment): `+n` White checkers, `-n` Black. `bar` and `off` are
/// `[white, black]`. `to_move` is `None` only before the opening roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackgammonSetup {
    #[serde(default)]
    pub options: BackgammonOptions,
    pub points: [i8; 24],
    pub bar: [u8; 2],
    pub off: [u8; 2],
    pub to_move: Option<Seat>,
    #[serde(default)]
    pub dice: Option<[u8; 2]>,
}

impl From<Backgammon> for BackgammonSetup {
    fn from(game: Backgammon) -> BackgammonSetup {
        let mut points = [0i8; 24];
        for (i, p) in points.iter_mut().enumerate() {
            let absolute = i as u8 + 1;
            *p = game.checkers_at(Seat::First, absolute) as i8 - game.checkers_at(Seat::Second, absolute) as i8;
        }
        BackgammonSetup {
            options: *game.options(),
            points,
            bar: [game.bar(Seat::First), game.bar(Seat::Second)],
            off: [game.off(Seat::First), game.off(Seat::Second)],
            to_move: game.to_move(),
            dice: game.dice().map(|d| [d.high, d.low]),
        }
    }
}

impl TryFrom<BackgammonSetup> for Backgammon {
    type Error = RuleError;

    /// Validates: 15 checkers a side counting bar and off (B2), one colour
    /// per point (B8), dice 1–6 (B5), the starting position before the
    /// opening roll (B2, B4), and a finished game only after the winner's
    /// own turn with no dice left (B16).
    fn try_from(setup: BackgammonSetup) -> Result<Backgammon, RuleError> {
        for (k, name) in ["White", "Black"].iter().enumerate() {
            let on_points: u32 = setup
                .points
                .iter()
                .map(|&n| if k == 0 { n.max(0) } else { (-n).max(0) } as u32)
                .sum();
            let total = on_points + setup.bar[k] as u32 + setup.off[k] as u32;
            if total != CHECKERS as u32 {
                return Err(RuleError::new(
                    crate::rule::B2,
                    format!("{name} has {total} checkers (points, bar and off); each side has 15"),
                ));
            }
        }
        let seat = setup.to_move.unwrap_or(Seat::First);
        // White's own point n is absolute 25 - n; Black's is absolute n.
        let mut white = [0i8; 26];
        for abs in 1..=24usize {
            let n = setup.points[abs - 1];
            white[25 - abs] = n;
        }
        white[25] = setup.bar[0] as i8;
        white[0] = -(setup.bar[1] as i8);
        let board = Board::from_pips(white)?;
        let board = if seat == Seat::Second { board.flip() } else { board };
        let dice = match setup.dice {
            None => None,
            Some([a, b]) => Some(Dice::new(a, b).ok_or_else(|| RuleError::new(crate::rule::B5, "dice show 1–6"))?),
        };
        match setup.to_move {
            None => {
                if board != Board::START || dice.is_some() {
                    return Err(RuleError::new(
                        crate::rule::B4,
                        "before the opening roll the checkers stand as in B2 and no dice are rolled",
                    ));
                }
                Ok(Backgammon::start())
            }
            Some(seat) => {
                // No options exist yet (no cube), so the default ones stand.
                let BackgammonOptions {} = setup.options;
                Backgammon::from_board(board, seat, dice)
            }
        }
    }
}
