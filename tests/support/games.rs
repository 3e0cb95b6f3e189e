//! Finished games the app's tests open in reviews and decks.

use papan::play::finished::Finished;
use papan::play::Player;
use papan_bots::Level;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::{Game, Record, Seat};

/// 7×7 Hex, key `hex-blunder`: Red's g2–g7 and Blue's a1–f1 both need g1;
/// Red, the person, to move, plays a7 (move 13) and Blue joins.
pub fn hex_blunder() -> Finished {
    let options = HexOptions {
        size: 7,
        ..HexOptions::default()
    };
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let mut game = Hex::new(&options, &mut rng).unwrap();
    let mut moves = Vec::new();
    for text in [
        "g2", "a1", "g3", "b1", "g4", "c1", "g5", "d1", "g6", "e1", "g7", "f1", "a7", "g1",
    ] {
        let mv = game.parse_move(text).unwrap();
        game.play(&mv).unwrap();
        moves.push(mv);
    }
    let outcome = game.outcome();
    assert!(outcome.is_some(), "Blue has joined");
    let record = Record {
        options,
        seed: 3,
        moves,
    };
    Finished::new::<Hex>(
        "hex-blunder".into(),
        &record,
        Seat::First,
        [Player::Human, Player::Bot(Level::Normal)],
        outcome,
        "offline",
    )
    .unwrap()
}
