//! The backgammon bot: a small neural evaluator trained by the project's own
//! TD(λ) self-play ([`td`], `bg-train`), a shallow expectimax search over
//! the dice ([`search`]) and per-level softmax noise over move equities
//! ([`thinker`]). `bg-engine` speaks a line protocol for gnubg's scripts.

pub mod engine;
pub mod features;
pub mod judge;
pub mod net;
pub mod search;
pub mod td;
pub mod thinker;

use net::Net;
use papan_rules::backgammon::{Board, Dice};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;
pub use thinker::{thinker, BgThinker};

/// The shipped weights, trained by `bg-train` (see the crate's README note
/// in `data/backgammon.md` for the command).
static WEIGHTS: &[u8] = include_bytes!("../../data/backgammon.weights");

/// A net from a weights file's bytes, kept for the life of the program
/// (tools that compare weights; the app uses [`shipped_net`]).
pub fn leak_net(bytes: &[u8]) -> Result<&'static Net, String> {
    Net::from_bytes(bytes).map(|net| &*Box::leak(Box::new(net)))
}

/// The shipped evaluator, decoded once.
pub fn shipped_net() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(WEIGHTS).expect("the shipped backgammon weights load"))
}

/// Points won by the side that just bore off its last checker; `after` is
/// its board (its own view) at that moment. B16–B18.
pub fn game_points(after: &Board) -> u8 {
    let loser = after.flip();
    if loser.my_off() > 0 {
        1
    } else if loser.my_bar() > 0 || (19..=24).any(|p| loser.at(p) > 0) {
        3
    } else {
        2
    }
}

/// A roll of two dice; the opening roll is never a double (B4).
pub fn roll(rng: &mut ChaCha8Rng, opening: bool) -> Dice {
    loop {
        let (a, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
        if !(opening && a == b) {
            return Dice::new(a, b).expect("faces 1–6");
        }
    }
}
