//! What the tutorial engine needs from each game beyond [`Game`]: building
//! a step's position from lesson data, naming kinds of action, the success
//! predicates, and which cells a first-stage hint lights up.

use super::lesson::Predicate;
use papan_rules::backgammon::{Backgammon, BgMove};
use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::hex::{Hex, HexMove};
use papan_rules::junqi::{JunQi, JunQiAction};
use papan_rules::{Game, Seat};

pub trait TutorialGame: Game + PartialEq + serde::de::DeserializeOwned {
    /// The position a step's raw setup describes, validated by papan-rules
    /// (the error names the rule it breaks).
    fn from_setup(setup: &serde_json::Value) -> Result<Self, String> {
        serde_json::from_value::<Self>(setup.clone()).map_err(|e| e.to_string())
    }

    /// A short word for the kind of a move ("place", "wall", "flip" …),
    /// matched against a step's `allow` list. Chance events are "chance".
    fn action_kind(mv: &Self::Move) -> &'static str;

    /// Cells (or points) a first-stage hint lights up for `mv`, in notation.
    fn highlight(&self, mv: &Self::Move) -> Vec<String>;

    /// Whether `word` (`d4`) is a cell of this board; `None` for games whose
    /// places are not named that way (backgammon's points are numbers).
    fn names_cell(&self, _word: &str) -> Option<bool> {
        None
    }

    /// Whether `predicate` holds after a move from `before` to `self` by
    /// `learner`; `None` when the predicate means nothing in this game.
    /// [`Predicate::Win`] is decided by [`predicate_holds`] for every game.
    fn game_predicate(&self, predicate: Predicate, before: &Self, learner: Seat) -> Option<bool>;
}

/// Whether `predicate` holds after `learner` moved from `before` to `after`.
pub fn predicate_holds<G: TutorialGame>(after: &G, predicate: Predicate, before: &G, learner: Seat) -> Option<bool> {
    match predicate {
        Predicate::Win => Some(after.outcome().and_then(|o| o.winner) == Some(learner)),
        other => after.game_predicate(other, before, learner),
    }
}

impl TutorialGame for Hex {
    fn action_kind(mv: &HexMove) -> &'static str {
        match mv {
            HexMove::Place(_) => "place",
            HexMove::Swap => "swap",
        }
    }

    fn names_cell(&self, word: &str) -> Option<bool> {
        Some(
            word.parse::<papan_rules::hex::Cell>()
                .is_ok_and(|cell| self.contains(cell)),
        )
    }

    fn highlight(&self, mv: &HexMove) -> Vec<String> {
        match mv {
            HexMove::Place(cell) => vec![cell.to_string()],
            HexMove::Swap => Vec::new(),
        }
    }

    fn game_predicate(&self, predicate: Predicate, _before: &Hex, _learner: Seat) -> Option<bool> {
        match predicate {
            Predicate::Bridge => Some(hex_last_stone_bridges(self)),
            _ => None,
        }
    }
}

/// X11: the last stone and another of its colour, not adjacent, share
/// exactly two neighbours and both are empty.
fn hex_last_stone_bridges(hex: &Hex) -> bool {
    let Some(HexMove::Place(placed)) = hex.last_move() else {
        return false;
    };
    let Some(colour) = hex.stone(placed) else {
        return false;
    };
    let around: Vec<_> = hex.neighbours(placed).collect();
    (0..hex.size() as usize * hex.size() as usize)
        .map(|i| hex.cell_at(i))
        .filter(|&other| other != placed && hex.stone(other) == Some(colour) && !around.contains(&other))
        .any(|other| {
            let common: Vec<_> = hex.neighbours(other).filter(|c| around.contains(c)).collect();
            common.len() == 2 && common.iter().all(|&c| hex.stone(c).is_none())
        })
}

impl TutorialGame for Hadang {
    fn action_kind(mv: &HadangMove) -> &'static str {
        match mv {
            HadangMove::Step(_) => "step",
            HadangMove::Wall(_) => "wall",
        }
    }

    fn names_cell(&self, word: &str) -> Option<bool> {
        Some(word.parse::<papan_rules::hadang::Square>().is_ok())
    }

    fn highlight(&self, mv: &HadangMove) -> Vec<String> {
        match mv {
            HadangMove::Step(square) => vec![square.to_string()],
            HadangMove::Wall(wall) => vec![wall.to_string()],
        }
    }

    fn game_predicate(&self, predicate: Predicate, before: &Hadang, learner: Seat) -> Option<bool> {
        let opponent = learner.other();
        match predicate {
            Predicate::PathLonger => Some(self.shortest_path_len(opponent) > before.shortest_path_len(opponent)),
            Predicate::PathShorter => Some(self.shortest_path_len(learner) < before.shortest_path_len(learner)),
            _ => None,
        }
    }
}

/// How many points (1–24) hold two or more of `seat`'s checkers, or,
/// with `blots`, exactly one.
fn bg_points(game: &Backgammon, seat: Seat, blots: bool) -> usize {
    (1..=24u8)
        .map(|p| game.checkers_at(seat, p))
        .filter(|&n| if blots { n == 1 } else { n >= 2 })
        .count()
}

impl TutorialGame for Backgammon {
    fn action_kind(mv: &BgMove) -> &'static str {
        match mv {
            BgMove::Play(_) => "play",
            BgMove::Opening { .. } | BgMove::Roll(_) => "chance",
        }
    }

    /// The points the play's checkers leave, in the mover's numbering.
    fn highlight(&self, mv: &BgMove) -> Vec<String> {
        let BgMove::Play(play) = mv else {
            return Vec::new();
        };
        let mut out: Vec<String> = Vec::new();
        for leg in play.legs() {
            let name = if leg.from == 25 {
                "bar".to_string()
            } else {
                leg.from.to_string()
            };
            if !out.contains(&name) {
                out.push(name);
            }
        }
        out
    }

    fn game_predicate(&self, predicate: Predicate, before: &Backgammon, learner: Seat) -> Option<bool> {
        match predicate {
            Predicate::MadePoint => Some(bg_points(self, learner, false) > bg_points(before, learner, false)),
            Predicate::NoBlots => Some(bg_points(self, learner, true) == 0),
            Predicate::Hit => Some(self.bar(learner.other()) > before.bar(learner.other())),
            _ => None,
        }
    }
}

impl TutorialGame for JunQi {
    fn action_kind(mv: &JunQiAction) -> &'static str {
        match mv {
            JunQiAction::Reveal(_) => "flip",
            JunQiAction::Move { .. } => "move",
        }
    }

    fn names_cell(&self, word: &str) -> Option<bool> {
        Some(word.parse::<papan_rules::junqi::Square>().is_ok())
    }

    fn highlight(&self, mv: &JunQiAction) -> Vec<String> {
        match mv {
            JunQiAction::Reveal(square) => vec![square.to_string()],
            JunQiAction::Move { from, .. } => vec![from.to_string()],
        }
    }

    fn game_predicate(&self, predicate: Predicate, before: &JunQi, learner: Seat) -> Option<bool> {
        match predicate {
            Predicate::Capture => {
                let Some(colour) = self.colour_of(learner) else {
                    return Some(false);
                };
                let theirs = colour.other();
                Some(self.fallen().total(theirs) > before.fallen().total(theirs))
            }
            _ => None,
        }
    }
}
