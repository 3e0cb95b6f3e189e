//! Backgammon tools: gnubg's line protocol ([`engine`], `bg-engine`), the
//! TD(λ) trainer ([`td`]) and the distillation of a deeper search
//! ([`distill`]) behind `bg-train`, and the dice of self-play.

pub mod distill;
pub mod engine;
pub mod td;

use papan_rules::backgammon::Dice;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A roll of two dice; the opening roll is never a double (B4).
pub fn roll(rng: &mut ChaCha8Rng, opening: bool) -> Dice {
    loop {
        let (a, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
        if !(opening && a == b) {
            return Dice::new(a, b).expect("faces 1–6");
        }
    }
}
