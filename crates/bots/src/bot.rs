//! [`Bot`]: the one way every caller gets a computer player for any game —
//! the app, the room server's autoplay, the arena and the engines.
//!
//! A bot is built from what its seat may see ([`Game::view`]), a level and
//! a seed, so it can never use hidden information (a Jun Qi face-down
//! identity, the next dice), and the same inputs give the same move.

use crate::{backgammon, hadang, hex, junqi, Decision, Level, Thinker, SLICE};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::Game;

/// A game with a computer player.
pub trait Bot: Game {
    /// The search for one decision.
    type Thinker: Thinker<Move = Self::Move> + Send + 'static;

    /// A search for the seat to move in `view`, at `level`, seeded by `seed`.
    fn thinker(view: &Self::View, level: Level, seed: u64) -> Self::Thinker;

    /// The search behind the win estimate a person is shown: the Normal
    /// level's unless a game says otherwise ([`hex::estimator_budget`]).
    fn estimator(view: &Self::View, seed: u64) -> Self::Thinker {
        Self::thinker(view, Level::Normal, seed)
    }

    /// The estimator's whole decision without a clock (the arena's
    /// calibration runs it on every position).
    fn estimate(view: &Self::View, seed: u64) -> Decision<Self::Move> {
        let mut thinker = Self::estimator(view, seed);
        while thinker.think(SLICE) {}
        thinker.decision()
    }

    /// The level's whole decision without a clock (the iteration budget
    /// ends it): what the server plays for a seat whose time ran out or
    /// whose player left, at [`Level::Beginner`].
    fn decide(view: &Self::View, level: Level, seed: u64) -> Decision<Self::Move> {
        let mut thinker = Self::thinker(view, level, seed);
        while thinker.think(SLICE) {}
        thinker.decision()
    }
}

impl Bot for Hex {
    type Thinker = hex::HexThinker;

    fn thinker(view: &Hex, level: Level, seed: u64) -> hex::HexThinker {
        hex::thinker(view, level, seed)
    }

    fn estimator(view: &Hex, seed: u64) -> hex::HexThinker {
        hex::estimator(view, seed)
    }
}

impl Bot for Hadang {
    type Thinker = hadang::HadangThinker;

    fn thinker(view: &Hadang, level: Level, seed: u64) -> hadang::HadangThinker {
        hadang::thinker(view, level, seed)
    }
}

impl Bot for Backgammon {
    type Thinker = backgammon::BgThinker;

    fn thinker(view: &Backgammon, level: Level, seed: u64) -> backgammon::BgThinker {
        backgammon::thinker(view, level, seed)
    }
}

impl Bot for JunQi {
    type Thinker = junqi::JunQiThinker;

    fn thinker(view: &papan_rules::junqi::JunQiView, level: Level, seed: u64) -> junqi::JunQiThinker {
        junqi::thinker(view, level, seed)
    }
}
