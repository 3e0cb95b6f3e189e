//! One module per route (`lib.rs` has the one `Routable`).

mod home;
pub mod learn;
pub mod online;
mod play;
pub mod review;
pub mod rules;
mod settings_screen;
pub mod setup;
mod top_bar;

pub use home::{Home, KeptAside, KeptAsideNotices, NotFound};
pub use online::{OnlineLobby, OnlinePlay};
pub use play::Play;
pub use settings_screen::Settings;
pub use setup::Setup;
pub use top_bar::TopBar;

use crate::i18n::key;
use papan_rules::GameId;

/// The Fluent key of a game's name.
pub fn game_name_key(game: GameId) -> &'static str {
    match game {
        GameId::Hex => key("game-hex"),
        GameId::Hadang => key("game-hadang"),
        GameId::Junqi => key("game-junqi"),
        GameId::Backgammon => key("game-backgammon"),
    }
}
