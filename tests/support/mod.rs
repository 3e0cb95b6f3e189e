//! Helpers shared by the app's integration tests, one module used by each
//! test file as `mod support;` (each test file is its own crate, so every
//! submodule allows items that file does not use).
//!
//! - [`ssr`]: boards, cards and screens rendered to HTML with dioxus-ssr.
//! - [`chrome`], [`browser`], [`web`], [`static_server`]: real Chromium
//!   under chromedriver on the served web build, and the waits, taps and
//!   screenshots every `browser_*.rs` test uses.
//! - [`review`]: the review flow each game's browser test ends with.
//! - [`online`]: two phones and a room server for the online browser tests.
//! - [`help`]: what every binary owes `--help` (also included with `#[path]`
//!   by the other packages' `tests/help.rs`, so it stands alone).
#![allow(dead_code)]

pub mod browser;
pub mod chrome;
pub mod help;
pub mod online;
pub mod review;
pub mod ssr;
pub mod static_server;
pub mod web;
