//! What the tutorial engine needs from each game beyond [`Game`]: building
//! a step's position from lesson data, naming kinds of action, the success
//! predicates, and which cells a first-stage hint lights up.

use super::lesson::Predicate;
use papan_rules::{Game, Seat};

///
/// Each game implements it in `games/<game>/lesson.rs`.
pub trait TutorialGame: Game + PartialEq + serde::de::DeserializeOwned {
    /// The game's lesson file (`assets/tutorials/<game>.json`), embedded.
    const LESSONS: &'static str;

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
