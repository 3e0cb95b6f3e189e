//! Warnings the player need not see (a save that failed and will be tried
//! again, an unreadable remembered choice), written to the developer
//! console on the web and to standard error natively.
//!
//! The app does not use Dioxus's `logger` feature: its tracing subscriber
//! and the regex engine behind its filters were a tenth of the web download.

/// Writes one warning line.
pub fn warn(message: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::warn_1(&message.into());
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("papan: {message}");
}
