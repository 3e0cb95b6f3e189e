//! [`Bot`]: the one way every caller gets a computer player for any game —
//! the app, the room server's autoplay, the arena and the engines.
//!
//! A bot is built from what its seat may see ([`Game::view`]), a level and
//! a seed, so it can never use hidden information (a Jun Qi face-down
//! identity, the next dice), and the same inputs give the same move.

use crate::{backgammon, hadang, hex, junqi, Decision, Level, Thinker, SLICE};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Hex, HexMove};
use papan_rules::junqi::JunQi;
use papan_rules::Game;

/// One legal move as [`Bot::judge`] values it, for the side that plays it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Judged<M> {
    pub mv: M,
    /// Probability of winning the game.
    pub win: f64,
    /// Cubeless money equity, −3..3.
    pub equity: f64,
}

/// A game with a computer player.
pub trait Bot: Game {
    /// The search for one decision.
    type Thinker: Thinker<Move = Self::Move> + Send + 'static;

    /// A search for the seat to move in `view`, at `level`, seeded by `seed`.
    fn thinker(view: &Self::View, level: Level, seed: u64) -> Self::Thinker;

    /// What an engine may set beyond the level (the Hex Expert's knobs and
    /// root-parallel searches, HADANG's depth, backgammon's network and
    /// lookahead); its default is the level's own.
    type Tuning: Clone + Default;

    /// [`Bot::thinker`] with `tuning`: how papan-tools' engines (`hex-gtp`,
    /// `hadang-uci`, `bg-engine`) get their searches. With the default
    /// tuning it is `thinker(view, level, seed)`. A fixed amount of work
    /// is [`Thinker::set_iterations`] on the result.
    fn tuned(view: &Self::View, level: Level, seed: u64, tuning: &Self::Tuning) -> Self::Thinker;

    /// Tree reuse: turns `thinker`, a search of an earlier position, into
    /// a search of `view`, reached from that position by `moves`, keeping
    /// what it learned below them (an engine's tree from one move to the
    /// next). False when it cannot; the caller then builds a new search.
    /// Only the Hex Expert keeps its tree.
    fn advance(_thinker: &mut Self::Thinker, _moves: &[Self::Move], _view: &Self::View) -> bool {
        false
    }

    /// The search behind the win estimate a person is shown: the Normal
    /// level's unless a game says otherwise ([`hex::estimator_budget`]).
    fn estimator(view: &Self::View, seed: u64) -> Self::Thinker {
        Self::thinker(view, Level::Normal, seed)
    }

    /// Every legal move of the seat to move with its chance of winning and
    /// its equity, best first, for games whose review values each move in
    /// one go (backgammon, as gnubg's analysis does); `None`: the review
    /// searches the position instead.
    fn judge(_view: &Self::View) -> Option<Vec<Judged<Self::Move>>> {
        None
    }

    /// For games with dice and a judge: the luck of the roll the seat to
    /// move is about to play, in equity against the average roll
    /// (backgammon: [`backgammon::judge::roll_luck`]); `None` elsewhere.
    fn luck(_view: &Self::View) -> Option<f64> {
        None
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

    type Tuning = hex::HexTuning;

    fn tuned(view: &Hex, level: Level, seed: u64, tuning: &hex::HexTuning) -> hex::HexThinker {
        hex::tuned(view, level, seed, tuning)
    }

    fn advance(thinker: &mut hex::HexThinker, moves: &[HexMove], view: &Hex) -> bool {
        hex::advance(thinker, moves, view)
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

    type Tuning = hadang::HadangTuning;

    fn tuned(view: &Hadang, level: Level, seed: u64, tuning: &hadang::HadangTuning) -> hadang::HadangThinker {
        hadang::tuned(view, level, seed, tuning)
    }
}

impl Bot for Backgammon {
    type Thinker = backgammon::BgThinker;

    fn thinker(view: &Backgammon, level: Level, seed: u64) -> backgammon::BgThinker {
        backgammon::thinker(view, level, seed)
    }

    type Tuning = backgammon::BgTuning;

    fn tuned(view: &Backgammon, level: Level, seed: u64, tuning: &backgammon::BgTuning) -> backgammon::BgThinker {
        backgammon::tuned(view, level, seed, tuning)
    }

    fn judge(view: &Backgammon) -> Option<Vec<Judged<papan_rules::backgammon::BgMove>>> {
        let judged = backgammon::judge::judge_plays(view, backgammon::shipped_net());
        Some(
            judged
                .into_iter()
                .map(|j| Judged {
                    mv: papan_rules::backgammon::BgMove::Play(j.play),
                    win: j.win,
                    equity: j.equity,
                })
                .collect(),
        )
    }

    fn luck(view: &Backgammon) -> Option<f64> {
        backgammon::judge::roll_luck(view, backgammon::shipped_net())
    }
}

impl Bot for JunQi {
    type Thinker = junqi::JunQiThinker;

    fn thinker(view: &papan_rules::junqi::JunQiView, level: Level, seed: u64) -> junqi::JunQiThinker {
        junqi::thinker(view, level, seed)
    }

    /// Jun Qi's search has nothing for an engine to set.
    type Tuning = ();

    fn tuned(view: &papan_rules::junqi::JunQiView, level: Level, seed: u64, _tuning: &()) -> junqi::JunQiThinker {
        junqi::thinker(view, level, seed)
    }
}
