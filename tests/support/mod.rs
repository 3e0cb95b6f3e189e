//! Helpers shared by the app's two test binaries, `tests/app/` and
//! `tests/browser/` (each includes it with `#[path]`, so every submodule
//! allows items one of them does not use).
//!
//! - [`ssr`]: boards, cards and screens rendered to HTML with dioxus-ssr.
//! - [`chrome`], [`browser`], [`web`], [`static_server`]: real Chromium
//!   under chromedriver on the served web build, and the waits, taps and
//!   screenshots every test in `tests/browser/` uses.
//! - [`review`]: the review flow each game's browser test ends with.
//! - [`games`]: finished games the reviews and the mistakes deck open.
//! - [`online`]: two phones and a room server for the online browser tests.
//! - [`help`]: what every binary owes `--help` (also included with `#[path]`
//!   by the other packages' `help.rs` tests, so it stands alone).
#![allow(dead_code)]

pub mod browser;
pub mod chrome;
pub mod games;
pub mod help;
pub mod online;
pub mod review;
pub mod ssr;
pub mod static_server;
pub mod web;

/// The package's folder as cargo sets it when it runs the tests, not as it
/// was at build time: with a build cache shared by two clones, cargo may
/// reuse a test binary built in the other clone, whose baked-in path points
/// there.
pub fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| env!("CARGO_MANIFEST_DIR").into(), Into::into)
}
