//! The Learn screens: the lesson list (`/learn`) and the lesson player
//! (`/learn/:game/:lesson`), plus what the one-tap Learn buttons open.

mod list;
mod player;
mod start;

pub use list::Learn;
pub use player::LessonScreen;
pub use start::{learn_route, LearnButton, LearnCard};

use crate::storage::Store;
use crate::tutorial::{GameId, Progress};

/// The game a route segment names (`hex`, `hadang`, `backgammon`, `junqi`).
pub fn game_from_code(code: &str) -> Option<GameId> {
    GameId::ALL.into_iter().find(|g| g.code() == code)
}

/// Saved progress; unreadable progress is set aside by the store and the
/// learner starts fresh rather than being blocked.
pub fn load_progress(store: &Store) -> Progress {
    Progress::load(store).unwrap_or_else(|(fresh, _corrupt)| fresh)
}

/// The Fluent key of a game's name.
pub fn game_name_key(game: GameId) -> &'static str {
    match game {
        GameId::Hex => "game-hex",
        GameId::Hadang => "game-hadang",
        GameId::Backgammon => "game-backgammon",
        GameId::Junqi => "game-junqi",
    }
}
