//! The backgammon bot: a small neural evaluator trained by the project's own
//! TD(λ) self-play (papan-tools' `bg-train`), a shallow expectimax search
//! over the dice ([`search`]) and per-level softmax noise over move
//! equities ([`thinker`](mod@thinker)). papan-tools' `bg-engine` speaks a
//! line protocol for gnubg's scripts.

pub mod features;
pub mod judge;
pub mod net;
pub mod search;
pub mod thinker;
pub mod walk;

use net::Net;
use papan_rules::backgammon::Board;
use std::sync::OnceLock;
pub use thinker::{thinker, tuned, BgThinker, BgTuning};

/// The shipped weights, trained by `bg-train` (see the crate's README note
/// in `data/backgammon.md` for the command). The web app fetches them as a
/// file of their own instead (feature `fetched-weights`), so a visit that
/// never plays backgammon against the bot does not download them.
#[cfg(not(feature = "fetched-weights"))]
static WEIGHTS: &[u8] = include_bytes!("../../data/backgammon.weights");

/// The shipped evaluator once decoded (or, with `fetched-weights`, once
/// installed).
static SHIPPED: OnceLock<Net> = OnceLock::new();

/// A net from a weights file's bytes, kept for the life of the program
/// (tools that compare weights; the app uses [`shipped_net`]).
pub fn leak_net(bytes: &[u8]) -> Result<&'static Net, String> {
    Net::from_bytes(bytes).map(|net| &*Box::leak(Box::new(net)))
}

/// The shipped evaluator, decoded once.
#[cfg(not(feature = "fetched-weights"))]
pub fn shipped_net() -> &'static Net {
    SHIPPED.get_or_init(|| Net::from_bytes(WEIGHTS).expect("the shipped backgammon weights load"))
}

/// The shipped evaluator. The app awaits [`install_shipped_weights`]
/// before it lets any backgammon bot, hint or review start.
#[cfg(feature = "fetched-weights")]
pub fn shipped_net() -> &'static Net {
    SHIPPED
        .get()
        .expect("install_shipped_weights runs before any backgammon search")
}

/// Whether [`shipped_net`] can answer now.
pub fn shipped_weights_ready() -> bool {
    cfg!(not(feature = "fetched-weights")) || SHIPPED.get().is_some()
}

/// Decodes fetched weights into the shipped evaluator. A file that does not
/// decode is refused with the reason and installs nothing, so a later try
/// can still succeed; once installed, later calls change nothing.
#[cfg(feature = "fetched-weights")]
pub fn install_shipped_weights(bytes: &[u8]) -> Result<(), String> {
    install_into(&SHIPPED, bytes)
}

/// [`install_shipped_weights`] on any cell: compiled in every build, so the
/// normal test suite checks the fetched mode's one piece of logic without a
/// second build of the crate with the feature.
#[cfg(any(test, feature = "fetched-weights"))]
fn install_into(cell: &OnceLock<Net>, bytes: &[u8]) -> Result<(), String> {
    if cell.get().is_none() {
        let net = Net::from_bytes(bytes)?;
        let _ = cell.set(net);
    }
    Ok(())
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

#[cfg(test)]
mod fetched_tests {
    use super::*;

    #[test]
    fn fetched_weights_are_refused_when_corrupt_and_installed_once_valid() {
        let cell = OnceLock::new();
        let file = include_bytes!("../../data/backgammon.weights");
        let err = install_into(&cell, &file[..file.len() / 2]).unwrap_err();
        assert!(!err.is_empty());
        assert!(cell.get().is_none(), "a refused file installs nothing");
        install_into(&cell, file).unwrap();
        assert_eq!(cell.get(), Some(&Net::from_bytes(file).unwrap()));
        // Once installed, a later (even corrupt) file changes nothing.
        install_into(&cell, &file[..10]).unwrap();
        assert_eq!(cell.get(), Some(&Net::from_bytes(file).unwrap()));
    }
}
