//! Hex's lesson hooks: its lessons, kinds of move, hint cells and the
//! bridge predicate (X11).

use crate::tutorial::{Predicate, TutorialGame};
use papan_rules::hex::{Hex, HexMove};
use papan_rules::Seat;

impl TutorialGame for Hex {
    const LESSONS: &'static str = include_str!("../../../assets/tutorials/hex.json");

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
