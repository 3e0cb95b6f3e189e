//! Move-path enumeration (perft): the number of move sequences of a given
//! length. Checked against a data file so a change to the move generator
//! that alters any count is caught.

use super::notation::HadangMove;
use super::position::Hadang;
use crate::game::Game;

/// Number of legal move sequences of `depth` plies from `position`.
/// Finished games have no moves, so a win ends its branch early.
pub fn perft(position: &Hadang, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.legal_move_count() as u64,
        _ => {
            let mut total = 0;
            position.for_each_legal_move(|mv| {
                let mut child = *position;
                child.play_unchecked(&mv);
                total += perft(&child, depth - 1);
            });
            total
        }
    }
}

/// Perft split by first move, for finding where two generators disagree.
pub fn perft_divide(position: &Hadang, depth: u32) -> Vec<(HadangMove, u64)> {
    let mut out = Vec::new();
    position.for_each_legal_move(|mv| {
        let mut child = *position;
        child.play_unchecked(&mv);
        out.push((mv, perft(&child, depth.saturating_sub(1))));
    });
    out
}
