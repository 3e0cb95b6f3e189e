//! Backgammon's lesson hooks: its lessons, kinds of move, hint points and
//! the point, blot and hit predicates.

use crate::tutorial::{Predicate, TutorialGame};
use papan_rules::backgammon::{Backgammon, BgMove};
use papan_rules::Seat;

/// How many points (1–24) hold two or more of `seat`'s checkers, or,
/// with `blots`, exactly one.
fn bg_points(game: &Backgammon, seat: Seat, blots: bool) -> usize {
    (1..=24u8)
        .map(|p| game.checkers_at(seat, p))
        .filter(|&n| if blots { n == 1 } else { n >= 2 })
        .count()
}

impl TutorialGame for Backgammon {
    const LESSONS: &'static str = include_str!("../../../assets/tutorials/backgammon.json");

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
