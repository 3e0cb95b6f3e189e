//! Jun Qi's lesson hooks: its lessons, kinds of action, hint squares and
//! the capture predicate.

use crate::tutorial::{Predicate, TutorialGame};
use papan_rules::junqi::{JunQi, JunQiAction};
use papan_rules::Seat;

impl TutorialGame for JunQi {
    const LESSONS: &'static str = include_str!("../../../assets/tutorials/junqi.json");

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
