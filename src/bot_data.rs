//! Data a bot needs that the web download leaves out: the backgammon
//! evaluator's weights (47 KB gzip) are a file of their own there, fetched
//! the first time a backgammon bot, hint or review starts (the service
//! worker keeps it for offline play). Native builds compile the weights in,
//! so everything here is ready at once.

use papan_rules::GameId;
use std::sync::atomic::AtomicBool;

/// Where the web build serves the weights (`cargo xtask build-web` copies
/// `crates/bots/data/backgammon.weights` there).
#[cfg(target_arch = "wasm32")]
const BACKGAMMON_WEIGHTS: &str = "backgammon.weights";

/// Waits until `game`'s bot can search: at once natively and for games
/// without fetched data. On the web a failed fetch (offline before the
/// first complete visit) is retried with a growing pause, while the screen
/// keeps showing that the bot is busy. `false` only when `cancel` is set.
#[cfg(target_arch = "wasm32")]
pub async fn ready(game: GameId, cancel: &AtomicBool) -> bool {
    use std::sync::atomic::Ordering;
    if game != GameId::Backgammon {
        return true;
    }
    let mut pause_ms = 1000;
    while !papan_bots::backgammon::shipped_weights_ready() {
        if cancel.load(Ordering::Relaxed) {
            return false;
        }
        let installed = fetch_bytes(BACKGAMMON_WEIGHTS)
            .await
            .and_then(|bytes| papan_bots::backgammon::install_shipped_weights(&bytes));
        if let Err(e) = installed {
            crate::diag::warn(&format!("backgammon bot data: {e}; trying again in {pause_ms} ms"));
            crate::timer::sleep_ms(pause_ms).await;
            pause_ms = (pause_ms * 2).min(16_000);
        }
    }
    !cancel.load(Ordering::Relaxed)
}

#[cfg(not(target_arch = "wasm32"))]
pub async fn ready(_game: GameId, _cancel: &AtomicBool) -> bool {
    true
}

#[cfg(target_arch = "wasm32")]
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    use web_sys::wasm_bindgen::{JsCast, JsValue};
    let js_error = |e: JsValue| format!("{url}: {}", e.as_string().unwrap_or_else(|| format!("{e:?}")));
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(js_error)?
        .dyn_into()
        .map_err(js_error)?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(js_error)?)
        .await
        .map_err(js_error)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
