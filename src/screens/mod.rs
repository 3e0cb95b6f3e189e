//! One module per route (`lib.rs` has the one `Routable`).

pub mod dice;
mod home;
mod join;
pub mod lazy;
pub mod learn;
pub mod online;
mod play;
pub mod puzzles;
pub mod review;
pub mod rules;
mod settings_screen;
pub mod setup;
pub mod transfer;

pub use home::{Home, KeptAside, KeptAsideNotices, NotFound};
pub use join::Join;
pub use online::{OnlineLobby, OnlinePlay};
pub use play::Play;
pub use settings_screen::Settings;
pub use setup::Setup;
