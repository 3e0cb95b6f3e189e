//! Online play through the room server (`crates/server`, API in
//! `crates/server/API.md`): the session state ([`session`]), the link that
//! keeps it in step with the server ([`link`]) and what the device keeps
//! ([`account`]). The screens in `screens::online` draw a session with the
//! same board components as offline play.

pub mod account;
pub mod link;
pub mod session;

use dioxus::prelude::{Signal, WritableExt};
use papan_api::GameKind;

/// The four games, in home-screen order.
pub const GAMES: [GameKind; 4] = [GameKind::Hex, GameKind::Hadang, GameKind::Junqi, GameKind::Backgammon];

/// The game's id in routes and storage keys (`hex`, `hadang`, …).
pub fn game_id(game: GameKind) -> &'static str {
    match game {
        GameKind::Hex => "hex",
        GameKind::Hadang => "hadang",
        GameKind::Junqi => "junqi",
        GameKind::Backgammon => "backgammon",
    }
}

pub fn game_from_id(id: &str) -> Option<GameKind> {
    GAMES.into_iter().find(|g| game_id(*g) == id)
}

/// The Fluent key of the game's name.
pub fn game_name_key(game: GameKind) -> &'static str {
    match game {
        GameKind::Hex => crate::i18n::key("game-hex"),
        GameKind::Hadang => crate::i18n::key("game-hadang"),
        GameKind::Junqi => crate::i18n::key("game-junqi"),
        GameKind::Backgammon => crate::i18n::key("game-backgammon"),
    }
}

/// In the app a session lives in a signal; the link writes to it from its
/// task and the screen redraws.
impl link::SessionCell for Signal<session::RoomSession> {
    fn update<R>(&self, change: impl FnOnce(&mut session::RoomSession) -> R) -> R {
        let mut signal = *self;
        let mut guard = signal.write();
        change(&mut guard)
    }
}
