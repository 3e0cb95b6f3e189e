//! Backgammon screens: setup and play, and the slot holding the game.

mod play;
mod setup;
pub mod slot;

pub use play::BackgammonPlay;
pub use setup::BackgammonSetup;
