//! HADANG (rules H1–H17 of `crates/rules/docs/hadang.md`): a two-player race
//! across a 9×9 board where each turn either steps the pawn or places a
//! wall that makes the opponent detour.
//!
//! Layout: [`notation`] holds cells, walls and moves with their text form;
//! `bitboard` the 81-bit flood fills behind every path question (H13),
//! public as [`Passage`] and [`Crossings`] for engines;
//! `position` the [`Hadang`] position, its checked play and move
//! generator; `setup` the raw serialized form validated on the way in;
//! `perft` move-path counts for regression tests and benchmarks.
//! Clocks (H16) and resignation (H17) are game-independent and live in
//! [`crate::clock`].

mod bitboard;
pub mod notation;
mod perft;
mod position;
mod setup;

pub use notation::{HadangMove, Orientation, Square, Wall};

/// Cell bitboards (bit `rank * 9 + file` of a `u128`) for engines built on
/// these rules: the whole board, its edge ranks and files, each seat's goal
/// rank and the cells of a set — one definition, shared with the bots.
pub mod masks {
    pub use super::bitboard::{squares, ALL, FILE_A, FILE_I, RANK_1, RANK_9};
    pub use super::position::goal;
}
/// The rules' own route code (H13) for engines: [`Passage`] holds which
/// steps walls leave open and answers reachability, route lengths and the
/// crossings of every shortest route; [`Hadang::passage`] gives a
/// position's. Bots use these rather than a copy, so they cannot disagree
/// with the rules about a route.
pub use bitboard::{Crossings, Direction, Passage};
pub use perft::{perft, perft_divide};
pub use position::{Hadang, HadangOptions, PlacedWall, START, WALLS_PER_PLAYER};
pub use setup::HadangSetup;
