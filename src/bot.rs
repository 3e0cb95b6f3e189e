//! Runs any game's bot off the render path.
//!
//! Web (one thread): the search runs in slices inside a spawned async task,
//! yielding to the event loop between slices so taps and paints go on.
//! Native: the search runs on its own thread; the task awaits the answer.
//! Either way, dropping the task or setting the cancel flag stops it.

use papan_bots::{Bot, Decision, Level, Thinker};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Iterations between clock reads on the web: well under a millisecond.
#[cfg(target_arch = "wasm32")]
const WEB_SLICE: u32 = 64;

/// Work between yields to the event loop on the web
/// ([`crate::timer::yield_to_browser`]): a tap or a frame waits at most
/// this long, under a frame. (Yielding by a zero-delay timer after every
/// 64-iteration slice left the search idle most of the time, a sixth of
/// the native Hex iterations a second: browsers hold nested timers back
/// at least 4 ms.)
#[cfg(target_arch = "wasm32")]
const WEB_WORK_MS: u64 = 12;

/// The bot of `G` at `level` thinks about `view` (the seat to move's view,
/// never the whole game) until its budget or its time cap, once its data
/// is there ([`crate::bot_data`]); the Expert searches for its whole time
/// ([`Thinker::use_full_time`]). `None` when cancelled.
pub async fn think<G: Bot>(
    view: G::View,
    level: Level,
    seed: u64,
    cancel: Arc<AtomicBool>,
) -> Option<Decision<G::Move>> {
    if !crate::bot_data::ready(G::GAME, &cancel).await {
        return None;
    }
    let mut thinker = G::thinker(&view, level, seed);
    if level == Level::Expert {
        thinker.use_full_time();
    }
    #[cfg(target_arch = "wasm32")]
    let started = crate::timer::monotonic_ms();
    let decision = think_with(thinker, cancel).await;
    #[cfg(target_arch = "wasm32")]
    if let Some(d) = &decision {
        record_think(d.iterations, crate::timer::monotonic_ms().saturating_sub(started));
    }
    decision
}

/// The estimator's search ([`Bot::estimator`]) for the person's win
/// estimate, off the render path like [`think`].
pub async fn estimate<G: Bot>(view: G::View, seed: u64, cancel: Arc<AtomicBool>) -> Option<Decision<G::Move>> {
    if !crate::bot_data::ready(G::GAME, &cancel).await {
        return None;
    }
    think_with(G::estimator(&view, seed), cancel).await
}

#[cfg(target_arch = "wasm32")]
async fn think_with<T>(mut thinker: T, cancel: Arc<AtomicBool>) -> Option<Decision<T::Move>>
where
    T: Thinker + 'static,
    T::Move: Send + 'static,
{
    use std::sync::atomic::Ordering;
    let start = crate::timer::monotonic_ms();
    let limit = thinker.time_limit_ms();
    // Let the UI paint the person's move and the "thinking" badge first.
    gloo_timers::future::TimeoutFuture::new(0).await;
    'search: loop {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let burst = crate::timer::monotonic_ms();
        loop {
            let now = crate::timer::monotonic_ms();
            if now - start >= limit || !thinker.think(WEB_SLICE) {
                break 'search;
            }
            if now - burst >= WEB_WORK_MS {
                break;
            }
        }
        crate::timer::yield_to_browser().await;
    }
    let decision = thinker.decision();
    (!cancel.load(Ordering::Relaxed)).then_some(decision)
}

/// The last bot move's search (not the estimate's), as
/// `window.__papanThink = {iterations, ms}`:
/// what `cargo xtask bench-web` reads to compare the browser's search
/// speed with the native one.
#[cfg(target_arch = "wasm32")]
fn record_think(iterations: u64, ms: u64) {
    let Some(window) = web_sys::window() else { return };
    let record = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&record, &"iterations".into(), &(iterations as f64).into());
    let _ = js_sys::Reflect::set(&record, &"ms".into(), &(ms as f64).into());
    let _ = js_sys::Reflect::set(&window, &"__papanThink".into(), &record);
}

#[cfg(not(target_arch = "wasm32"))]
async fn think_with<T>(mut thinker: T, cancel: Arc<AtomicBool>) -> Option<Decision<T::Move>>
where
    T: Thinker + 'static,
    T::Move: Send + 'static,
{
    use std::sync::atomic::Ordering;
    use std::time::Instant;
    let (sender, receiver) = crate::oneshot::channel();
    let flag = cancel.clone();
    std::thread::spawn(move || {
        let start = Instant::now();
        let clock = move || start.elapsed().as_millis() as u64;
        let deadline = papan_bots::ends_by(clock, thinker.time_limit_ms());
        let decision = papan_bots::run_to_end(&mut thinker, &flag, deadline);
        sender.send(decision);
    });
    let decision = receiver.await?;
    (!cancel.load(Ordering::Relaxed)).then_some(decision)
}
