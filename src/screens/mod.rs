//! One module per route.

mod backgammon;
mod hadang;
mod hex_play;
pub(crate) mod hex_setup;
mod home;
mod junqi;
pub mod learn;
pub mod online;
mod settings_screen;
mod top_bar;

pub use backgammon::{BackgammonPlay, BackgammonSetup};
pub use hadang::{HadangPlay, HadangSetup};
pub use hex_play::HexPlay;
pub use hex_setup::HexSetup;
pub use home::Home;
pub use junqi::{JunQiPlay, JunQiSetup};
pub use online::{OnlineLobby, OnlinePlay};
pub use settings_screen::Settings;
pub use top_bar::TopBar;
