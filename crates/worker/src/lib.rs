//! The bots' half of the web app. On the web every search (a bot's move,
//! the win estimate, a hint, the review) runs in a Web Worker from a wasm
//! of its own (`papan_worker_bg.wasm`), fetched the first time a bot is
//! needed: the home screen's download carries no search, and the page's
//! thread never shares its time with one.
//!
//! This crate is both sides' vocabulary: the app builds a [`Request`] from
//! a seat's view (`src/bot/web.rs`), `assets/web/bot-worker.js` hands it to
//! [`start`] (through the `exports` feature's wasm entry points) and runs
//! the [`Job`] in slices, and the [`Reply`] goes back as JSON. Native
//! builds run the same searches on threads and use none of this.

mod job;

#[cfg(all(feature = "exports", target_arch = "wasm32"))]
mod exports;

pub use job::{start, Job};

use papan_bots::{Bot, Decision, Judged, Level};
use papan_rules::GameId;
use serde::{Deserialize, Serialize};

/// A search to run for the seat to move in `view`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub game: GameId,
    pub task: Task,
    /// The seat's view (never the whole game), as the game's serde writes it.
    pub view: serde_json::Value,
    pub seed: u64,
}

/// What the search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Task {
    /// The bot's move at `level`; with `full_time` the search uses its
    /// whole time cap ([`papan_bots::Thinker::use_full_time`]).
    Think { level: Level, full_time: bool },
    /// The search behind the win estimate ([`Bot::estimator`]).
    Estimate,
    /// One position of a review: the game's judge where it has one
    /// ([`Bot::judge`]), else a search at `level` stopped after `cap_ms`.
    Review { level: Level, cap_ms: u64 },
    /// Puzzles in a finished game of the player's: the request's `view` is
    /// then the game's whole `Record` (the game is over, nothing in it is
    /// hidden any more), scanned position by position
    /// ([`papan_bots::puzzle::find::Scan`]).
    Puzzles,
}

/// A finished job's answer; moves as the game's serde writes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// The search's decision (absent when the game judged every move).
    pub decision: Option<Decision<serde_json::Value>>,
    /// Every legal move valued, best first ([`Bot::judge`]).
    pub judged: Option<Vec<Judged<serde_json::Value>>>,
    /// With `judged`, in games with dice: the luck of the roll being
    /// played, in equity ([`Bot::luck`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<f64>,
    /// [`Task::Puzzles`]: the puzzles found, as their JSON (the page keeps
    /// them as it got them, with no code to write a puzzle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzles: Option<Vec<serde_json::Value>>,
    /// Milliseconds the job ran, by the worker's clock.
    pub ms: u64,
}

impl Request {
    /// The request for `view`, a view of game `G`.
    pub fn new<G: Bot>(task: Task, view: &G::View, seed: u64) -> Result<Request, String>
    where
        G::View: Serialize,
    {
        Ok(Request {
            game: G::GAME,
            task,
            view: serde_json::to_value(view).map_err(|e| format!("the view does not serialise: {e}"))?,
            seed,
        })
    }
}

impl Reply {
    /// The decision with `G`'s moves; an error names what did not decode.
    pub fn decision<G: Bot>(&self) -> Result<Option<Decision<G::Move>>, String>
    where
        G::Move: for<'de> Deserialize<'de>,
    {
        let Some(d) = &self.decision else { return Ok(None) };
        let best = d.best.clone().map(decode_move::<G>).transpose()?;
        Ok(Some(Decision {
            best,
            win_probability: d.win_probability,
            iterations: d.iterations,
        }))
    }

    /// The judged moves with `G`'s moves.
    pub fn judged<G: Bot>(&self) -> Result<Option<Vec<Judged<G::Move>>>, String>
    where
        G::Move: for<'de> Deserialize<'de>,
    {
        let Some(list) = &self.judged else { return Ok(None) };
        list.iter()
            .map(|j| {
                Ok(Judged {
                    mv: decode_move::<G>(j.mv.clone())?,
                    win: j.win,
                    equity: j.equity,
                })
            })
            .collect::<Result<Vec<_>, String>>()
            .map(Some)
    }
}

fn decode_move<G: Bot>(value: serde_json::Value) -> Result<G::Move, String>
where
    G::Move: for<'de> Deserialize<'de>,
{
    serde_json::from_value(value).map_err(|e| format!("the worker's {} move does not decode: {e}", G::GAME))
}
