//! Runs any game's bot off the render path, as a [`papan_worker`] job:
//! natively on a thread of its own (`native.rs`), on the web in the bots'
//! Web Worker (`web.rs`), whose wasm the home screen never downloads.
//! Either way, dropping the future or setting the cancel flag stops the
//! search, and a search sees only the seat's view.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
use native::run;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
use web::run;

use papan_bots::{Bot, Decision, Judged, Level};
use papan_worker::{Reply, Request, Task};
use serde::de::DeserializeOwned;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The review's word on one position.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict<M> {
    /// Every legal move valued, best first ([`Bot::judge`]).
    Judged(Vec<Judged<M>>),
    /// The search's decision.
    Searched(Decision<M>),
}

/// The bot of `G` at `level` thinks about `view` (the seat to move's view,
/// never the whole game) until its budget or its time cap; the Expert
/// searches for its whole time ([`papan_bots::Thinker::use_full_time`]).
/// `None` when cancelled.
pub async fn think<G>(view: G::View, level: Level, seed: u64, cancel: Arc<AtomicBool>) -> Option<Decision<G::Move>>
where
    G: Bot<View: DeserializeOwned>,
{
    let task = Task::Think {
        level,
        full_time: level == Level::Expert,
    };
    match ask::<G>(task, &view, seed, cancel).await?.0 {
        Verdict::Searched(decision) => Some(decision),
        Verdict::Judged(_) => None,
    }
}

/// The estimator's search ([`Bot::estimator`]) for the person's win
/// estimate, off the render path like [`think`].
pub async fn estimate<G>(view: G::View, seed: u64, cancel: Arc<AtomicBool>) -> Option<Decision<G::Move>>
where
    G: Bot<View: DeserializeOwned>,
{
    match ask::<G>(Task::Estimate, &view, seed, cancel).await?.0 {
        Verdict::Searched(decision) => Some(decision),
        Verdict::Judged(_) => None,
    }
}

/// One position of a review: the game's judge where it has one, else the
/// search at `level` for at most `cap_ms`.
pub async fn review_position<G>(
    view: G::View,
    level: Level,
    seed: u64,
    cap_ms: u64,
    cancel: Arc<AtomicBool>,
) -> Option<Verdict<G::Move>>
where
    G: Bot<View: DeserializeOwned>,
{
    Some(review_with_luck::<G>(view, level, seed, cap_ms, cancel).await?.0)
}

/// [`review_position`] with the luck of the roll being played, in equity
/// ([`Bot::luck`]: backgammon; `None` for the other games).
pub async fn review_with_luck<G>(
    view: G::View,
    level: Level,
    seed: u64,
    cap_ms: u64,
    cancel: Arc<AtomicBool>,
) -> Option<(Verdict<G::Move>, Option<f64>)>
where
    G: Bot<View: DeserializeOwned>,
{
    ask::<G>(Task::Review { level, cap_ms }, &view, seed, cancel).await
}

/// [`review_with_luck`] here and now, on the caller's thread (tools and
/// tests; the app never blocks its thread on a search).
pub fn review_now<G>(
    view: G::View,
    level: Level,
    seed: u64,
    cap_ms: u64,
) -> Result<(Verdict<G::Move>, Option<f64>), String>
where
    G: Bot<View: DeserializeOwned>,
{
    let request = Request::new::<G>(Task::Review { level, cap_ms }, &view, seed)?;
    verdict::<G>(&run_here(&request, &AtomicBool::new(false))?.ok_or("cancelled")?)
}

/// Puzzles in a finished game of the player's (`record`, a `Record` of
/// `game` as JSON), found off the render path by the generator's own
/// tests ([`papan_bots::puzzle::find`]); `Ok(None)` when cancelled or
/// refused.
pub async fn find_puzzles(
    game: papan_rules::GameId,
    record: serde_json::Value,
    cancel: Arc<AtomicBool>,
) -> Result<Option<Vec<serde_json::Value>>, String> {
    let request = Request {
        game,
        task: Task::Puzzles,
        view: record,
        seed: 0,
    };
    let Some(reply) = run(request, cancel).await else {
        return Ok(None);
    };
    reply
        .puzzles
        .map(Some)
        .ok_or_else(|| "the scan's reply has no puzzles".to_string())
}

/// Work between two looks at the cancel flag.
const SLICE_MS: u64 = 20;

/// Runs `request` to its end on this thread; `None` once `cancel` is set.
fn run_here(request: &Request, cancel: &AtomicBool) -> Result<Option<Reply>, String> {
    let mut job = papan_worker::start(request)?;
    let mut now = crate::timer::monotonic_ms;
    while job.work(&mut now, SLICE_MS) {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(None);
        }
    }
    job.reply().map(Some)
}

async fn ask<G>(
    task: Task,
    view: &G::View,
    seed: u64,
    cancel: Arc<AtomicBool>,
) -> Option<(Verdict<G::Move>, Option<f64>)>
where
    G: Bot<View: DeserializeOwned>,
{
    let request = match Request::new::<G>(task, view, seed) {
        Ok(request) => request,
        Err(e) => {
            crate::diag::warn(&format!("bot: {e}"));
            return None;
        }
    };
    let reply = run(request, cancel).await?;
    match verdict::<G>(&reply) {
        Ok(verdict) => Some(verdict),
        Err(e) => {
            crate::diag::warn(&format!("bot: {e}"));
            None
        }
    }
}

/// The reply in `G`'s moves, and the luck of the roll where it has one.
fn verdict<G: Bot>(reply: &Reply) -> Result<(Verdict<G::Move>, Option<f64>), String> {
    if let Some(judged) = reply.judged::<G>()? {
        return Ok((Verdict::Judged(judged), reply.luck));
    }
    reply
        .decision::<G>()?
        .map(|d| (Verdict::Searched(d), None))
        .ok_or_else(|| "the bot's reply has neither a decision nor judged moves".to_string())
}
