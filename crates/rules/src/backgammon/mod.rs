//! Backgammon (rules B1–B18 of `crates/rules/docs/backgammon.md`), without the
//! doubling cube.
//!
//! - [`board`]: the checkers, stored from the side to move as wildbg does.
//! - [`movegen`]: the legal plays of a roll, one per resulting position.
//! - [`notation`]: gnubg move notation and the dice moves.
//! - [`position_id`]: gnubg's 14-character Position ID.
//! - [`turn`]: a turn built one single-die step at a time, as a person plays it.
//! - [`game`]: turns, dice as chance moves, outcome, and [`crate::Game`];
//!   its raw saved form is [`BackgammonSetup`].
//!
//! Seat mapping: [`crate::Seat::First`] is White, who moves from low absolute
//! point numbers to high (B2); [`crate::Seat::Second`] is Black. Absolute
//! numbers are Black's own; all notation uses the mover's own numbers.

pub mod board;
mod checked;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod position_id;
mod setup;
pub mod turn;

pub use board::{Board, BAR, CHECKERS, OFF};
pub use game::{Backgammon, BackgammonOptions, BackgammonSetup};
pub use movegen::{legal_plays, MoveGen};
pub use notation::{BgMove, Dice, Leg, Play};
pub use turn::{step_sequences, Step, TurnBuilder};
