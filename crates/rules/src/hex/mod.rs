//! Hex (rules X1–X10 of `crates/rules/docs/hex.md`).
//!
//! The position keeps a union-find over the cells plus four virtual edge
//! nodes, so a win is detected in near-constant time after each stone.

mod board;
mod cell;
mod rematch;
pub mod sgf;

pub use board::{Colour, Hex, HexOptions, HexSetup, SIZES};
pub use cell::{Cell, HexMove};
pub use rematch::{first_seat_for_game, RematchOptions};
