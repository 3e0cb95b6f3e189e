//! Small presentational pieces shared by the screens and the play shell.

pub mod icons;
mod later_text;
pub mod room;
pub mod sheet;
mod top_bar;
pub mod zoom;

pub use later_text::WithLaterText;
pub use room::{ConnectionDot, WaitingCard};
pub use top_bar::TopBar;

use papan_rules::GameId;

/// The Fluent key of a game's name.
pub fn game_name_key(game: GameId) -> &'static str {
    crate::games::with_game!(game, G => <G as crate::shell::GameUi>::NAME_KEY)
}
