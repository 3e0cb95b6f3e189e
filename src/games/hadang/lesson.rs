//! HADANG's lesson hooks: its lessons, kinds of move, hint cells and the
//! route predicates.

use crate::tutorial::{Predicate, TutorialGame};
use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::Seat;

impl TutorialGame for Hadang {
    const LESSONS: &'static str = include_str!("../../../assets/tutorials/hadang.json");

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
