//! HADANG tools: the UCI-style engine ([`uci`]) and the seeded random
//! openings of the arena, `strength` and the estimate's fit.

pub mod uci;

use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::Game;
use rand::Rng;

/// Two to `max_plies` random moves from `position` (a wall one time in
/// four while the mover has any, else a step): the arena's seeded openings,
/// so that bots meet in many positions.
pub fn random_opening(position: &mut Hadang, rng: &mut impl Rng, max_plies: usize) -> Vec<HadangMove> {
    let mut moves = Vec::new();
    for _ in 0..rng.random_range(2..=max_plies) {
        let seat = position.side_to_move();
        let mv = if rng.random_bool(0.25) && position.walls_left(seat) > 0 {
            let walls = position.legal_walls();
            HadangMove::Wall(walls[rng.random_range(0..walls.len())])
        } else {
            let steps = position.pawn_targets(seat);
            HadangMove::Step(steps[rng.random_range(0..steps.len())])
        };
        position.play(&mv).expect("random opening moves are legal");
        moves.push(mv);
    }
    moves
}
