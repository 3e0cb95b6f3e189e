//! Jun Qi flip: Luzhanqi from a face-down start (rules J1–J21 of
//! `crates/rules/docs/junqi.md`).
//!
//! - [`board`]: the 5 × 12 board as data (J1–J4) with precomputed roads and railways.
//! - `piece`: colours, kinds and their counts (J5), combat (J13–J16).
//! - `table`: the public position and every rule decidable from it (move
//!   generation and checking, J7–J19). Legality never depends on a hidden
//!   identity, so the full game and a seat's view share this code.
//! - [`JunQi`]: the table plus the secret identities of face-down pieces.
//! - [`JunQiView`]: what a seat sees (J21); it cannot hold a hidden identity,
//!   and can list legal actions and [`JunQiView::determinize`] for bots.
//! - [`JunQiSetup`]: the raw position format, validated on the way in.
//!
//! Readings of the rules where the page is silent:
//! - J6: the starting seat is drawn from the setup `rng`, so in this game
//!   [`crate::Seat::First`] does not always move first.
//! - J8: if all 50 pieces get revealed without a colour being decided, the
//!   seat to move has no legal action and loses (J18).
//! - J10: the mountains cut roads, not the railway: an Engineer on `b6` may
//!   still reach `b7` through `c6`–`c7` when those are empty.
//! - J18: when one combat leaves neither colour a movable piece (a last bomb
//!   meets a last piece), the game is a draw (reason `NoMovablePiece`).
//! - J20: clocks and autoplay belong to the room server; `resign` and
//!   `abandon` are the hooks it calls.

mod action;
pub mod board;
mod game;
mod piece;
mod setup;
mod table;
mod view;

pub use action::JunQiAction;
pub use board::{Square, SquareSet};
pub use game::{JunQi, JunQiOptions};
pub use piece::{clash, full_set, Clash, Colour, Kind, Piece, PieceCounts, KINDS, PIECES_PER_COLOUR};
pub use setup::JunQiSetup;
pub use table::{LastAction, Post, QUIET_LIMIT};
pub use view::JunQiView;
