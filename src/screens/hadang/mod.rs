//! HADANG screens: setup, play, and the home screen's "Continue" card.

mod continue_card;
mod play;
mod setup;
pub mod slot;

pub use continue_card::HadangContinue;
pub use play::HadangPlay;
pub use setup::HadangSetup;
