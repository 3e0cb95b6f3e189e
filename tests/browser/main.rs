//! The app's real-browser tests, one binary: headless Chromium as a
//! 390×844 touch phone on the web build in `PAPAN_DIST_DIR`. `cargo xtask
//! test` runs each test in a process of its own, one at a time. New browser
//! tests go here as modules.

#[path = "../support/mod.rs"]
mod support;

mod browser_app;
mod browser_backgammon;
mod browser_bg_numbering;
mod browser_bg_review;
mod browser_correspondence;
mod browser_hadang;
mod browser_hex;
mod browser_home_server;
mod browser_invite;
mod browser_junqi;
mod browser_layout;
mod browser_mistakes;
mod browser_online;
mod browser_online_games;
mod browser_open_games;
mod browser_push;
mod browser_puzzle_games;
mod browser_puzzles;
mod browser_review;
mod browser_split;
mod browser_steady;
mod browser_transfer;
mod browser_tutorial;
mod browser_worker;
