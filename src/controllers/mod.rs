//! UI-free state machines behind the screens: plain Rust, tested with tap
//! sequences, no rule of their own (rules come from `papan_rules`).

pub mod backgammon;
pub mod hadang;
pub mod hex;
pub mod junqi;

use hex::Player;
use papan_rules::{Game, Record, Turn};

/// The seed for a bot's move at `ply`: derived from the record's seed, so a
/// replayed game gets the same bot moves.
pub fn bot_seed(record_seed: u64, ply: usize) -> u64 {
    hex::mix(record_seed ^ hex::mix(ply as u64 + 1))
}

/// How many moves an undo keeps: up to the last point a person was to move,
/// so against a bot the bot's reply is taken back too. `None` when no person
/// has moved yet (or the record does not replay).
pub fn undo_point<G: Game>(record: &Record<G>, players: &[Player; 2]) -> Option<usize> {
    let mut game = record.start().ok()?;
    let mut human_turns = None;
    for (ply, mv) in record.moves.iter().enumerate() {
        if let Turn::Seat(seat) = game.turn() {
            if players[seat.index()] == Player::Human {
                human_turns = Some(ply);
            }
        }
        game.play(mv).ok()?;
    }
    human_turns
}
