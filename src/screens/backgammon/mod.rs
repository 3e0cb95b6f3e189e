//! Backgammon screens: setup and play, and the slot holding the game.

mod continue_card;
mod play;
mod setup;
pub mod slot;

pub use continue_card::BackgammonContinue;
pub use play::BackgammonPlay;
pub use setup::BackgammonSetup;
