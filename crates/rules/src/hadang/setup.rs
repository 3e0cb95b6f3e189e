//! The raw, unvalidated form of a position: what is saved and sent. It
//! becomes a [`Hadang`] only through [`TryFrom`], which refuses anything a
//! game could not have reached, naming the rule.

use super::notation::{HadangMove, Orientation, Square, Wall};
use super::position::{goal, player, Hadang, HadangOptions, WALLS_PER_PLAYER};
use crate::game::{RuleError, Seat};
use serde::{Deserialize, Serialize};

/// A position as plain data. Cells and walls are notation strings so that
/// a corrupt file is refused by [`Hadang::try_from`] with the rule it
/// breaks rather than by the JSON reader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HadangSetup {
    #[serde(default)]
    pub options: HadangOptions,
    /// Pawn cells of Player 1 and Player 2: `["e1", "e9"]` at the start.
    pub pawns: [String; 2],
    /// Walls placed by Player 1 and by Player 2 (`"e3h"`).
    pub walls: [Vec<String>; 2],
    /// Walls each player still holds.
    pub walls_left: [u8; 2],
    pub to_move: Seat,
    /// The last move played (by the seat not to move), to mark it.
    #[serde(default)]
    pub last: Option<String>,
}

impl From<Hadang> for HadangSetup {
    fn from(position: Hadang) -> HadangSetup {
        let mut walls: [Vec<String>; 2] = Default::default();
        for placed in position.walls_placed() {
            walls[placed.by.index()].push(placed.wall.to_string());
        }
        HadangSetup {
            options: position.options,
            pawns: position.pawns.map(|p| p.to_string()),
            walls,
            walls_left: position.walls_left,
            to_move: position.to_move,
            last: position.last.map(|mv| mv.to_string()),
        }
    }
}

impl TryFrom<HadangSetup> for Hadang {
    type Error = RuleError;

    /// Checks, in order: pawns on the board (H1) and apart (H9), wall stock
    /// (H3), walls on cell boundaries (H11) without overlap or crossing
    /// (H12), a route for both pawns (H13), at most one winner who is not
    /// to move (H15), and a last move that the previous player made (H4).
    fn try_from(setup: HadangSetup) -> Result<Hadang, RuleError> {
        let mut position = Hadang::start();
        position.options = setup.options;
        for seat in Seat::BOTH {
            let text = &setup.pawns[seat.index()];
            position.pawns[seat.index()] = text.parse::<Square>().map_err(|e| {
                RuleError::new(
                    crate::rule::H1,
                    format!("the pawn of {} is not on a cell: {e}", player(seat)),
                )
            })?;
        }
        if position.pawns[0] == position.pawns[1] {
            return Err(RuleError::new(
                crate::rule::H9,
                format!(
                    "both pawns stand on {}; a pawn never ends on the opponent's cell",
                    position.pawns[0]
                ),
            ));
        }
        for seat in Seat::BOTH {
            let (placed, left) = (setup.walls[seat.index()].len(), setup.walls_left[seat.index()]);
            if placed + left as usize != WALLS_PER_PLAYER as usize {
                return Err(RuleError::new(
                    crate::rule::H3,
                    format!(
                        "{} has {placed} walls placed and {left} left; each player has {WALLS_PER_PLAYER}",
                        player(seat)
                    ),
                ));
            }
        }
        position.walls_left = setup.walls_left;
        for seat in Seat::BOTH {
            for text in &setup.walls[seat.index()] {
                let wall: Wall = text.parse().map_err(|e| {
                    RuleError::new(
                        crate::rule::H11,
                        format!("{text:?} of {} is not a wall slot on the board: {e}", player(seat)),
                    )
                })?;
                position.overlap_check(wall)?;
                let i = seat.index();
                match wall.orientation() {
                    Orientation::Horizontal => position.horizontal[i] |= wall.slot_bit(),
                    Orientation::Vertical => position.vertical[i] |= wall.slot_bit(),
                }
                position.passage = position.passage.with_wall(wall);
            }
        }
        for seat in Seat::BOTH {
            if !position.passage.reaches(position.pawn(seat).bit(), goal(seat)) {
                return Err(RuleError::new(
                    crate::rule::H13,
                    format!("the walls leave {} no route to the goal", player(seat)),
                ));
            }
        }
        let on_goal: Vec<Seat> = Seat::BOTH
            .into_iter()
            .filter(|&seat| goal(seat) & position.pawn(seat).bit() != 0)
            .collect();
        position.to_move = setup.to_move;
        match on_goal[..] {
            [] => {}
            [winner] if setup.to_move == winner.other() => position.winner = Some(winner),
            [winner] => {
                return Err(RuleError::new(
                    crate::rule::H15,
                    format!(
                        "{} reached the goal, which ends the game at once; {} cannot be to move",
                        player(winner),
                        player(winner)
                    ),
                ))
            }
            _ => {
                return Err(RuleError::new(
                    crate::rule::H15,
                    "both pawns cannot have reached their goals",
                ))
            }
        }
        if let Some(text) = &setup.last {
            let mover = setup.to_move.other();
            let mv: HadangMove = text
                .parse()
                .map_err(|e| RuleError::new(crate::rule::H4, format!("the last move is not a move: {e}")))?;
            let made_by_mover = match mv {
                HadangMove::Step(square) => position.pawn(mover) == square,
                HadangMove::Wall(wall) => position.walls_placed().iter().any(|p| p.wall == wall && p.by == mover),
            };
            if !made_by_mover {
                return Err(RuleError::new(
                    crate::rule::H4,
                    format!(
                        "the last move {mv} does not match a pawn or wall of {}, who moved last",
                        player(mover)
                    ),
                ));
            }
            position.last = Some(mv);
        }
        Ok(position)
    }
}
