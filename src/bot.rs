//! Runs a bot off the render path.
//!
//! Web (one thread): the search runs in slices inside a spawned async task,
//! yielding to the event loop between slices so taps and paints go on.
//! Native: the search runs on its own thread; the task awaits the answer.
//! Either way, dropping the task or setting the cancel flag stops it.

use papan_bots::{Decision, Level, Thinker};
use papan_rules::hex::{Hex, HexMove};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Iterations between yields on the web: a few ms of work per slice.
#[cfg(target_arch = "wasm32")]
const WEB_SLICE: u32 = 64;

/// Thinks about `position` for the seat to move. `None` when cancelled.
pub async fn think_hex(position: Hex, level: Level, seed: u64, cancel: Arc<AtomicBool>) -> Option<Decision<HexMove>> {
    let thinker = papan_bots::hex::thinker(&position, level, seed);
    think_with(thinker, cancel).await
}

#[cfg(target_arch = "wasm32")]
/// Runs any game's thinker off the render path; `None` when cancelled.
pub async fn think_with<T>(mut thinker: T, cancel: Arc<AtomicBool>) -> Option<Decision<T::Move>>
where
    T: Thinker + 'static,
    T::Move: Send + 'static,
{
    use std::sync::atomic::Ordering;
    let start = now_ms();
    let limit = thinker.time_limit_ms() as f64;
    // Let the UI paint the human's stone and the "thinking" badge first.
    gloo_timers::future::TimeoutFuture::new(0).await;
    loop {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        if !thinker.think(WEB_SLICE) || now_ms() - start >= limit {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
    (!cancel.load(Ordering::Relaxed)).then(|| thinker.decision())
}

#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

#[cfg(not(target_arch = "wasm32"))]
/// Runs any game's thinker off the render path; `None` when cancelled.
pub async fn think_with<T>(mut thinker: T, cancel: Arc<AtomicBool>) -> Option<Decision<T::Move>>
where
    T: Thinker + 'static,
    T::Move: Send + 'static,
{
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};
    let (sender, receiver) = crate::oneshot::channel();
    let flag = cancel.clone();
    std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_millis(thinker.time_limit_ms());
        let decision = papan_bots::run_to_end(&mut thinker, &flag, || Instant::now() >= deadline);
        sender.send(decision);
    });
    let decision = receiver.await?;
    (!cancel.load(Ordering::Relaxed)).then_some(decision)
}
