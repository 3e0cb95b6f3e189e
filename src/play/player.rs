//! Who plays a seat.

use papan_bots::Level;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    /// A person holding this device.
    Human,
    Bot(Level),
    /// A person on another device whose moves arrive from the room server:
    /// never driven from here, never undone, never asked to resign.
    Remote,
}

impl Player {
    pub fn level(self) -> Option<Level> {
        match self {
            Player::Bot(level) => Some(level),
            Player::Human | Player::Remote => None,
        }
    }
}

/// The bot's level when a bot plays one of the seats.
pub fn bot_level(players: &[Player; 2]) -> Option<Level> {
    players.iter().find_map(|p| p.level())
}

/// The players for the setup screen's choice: `opponent: None` is a second
/// person on this device; `local_first` puts the person in the first seat.
pub fn from_setup(opponent: Option<Level>, local_first: bool) -> [Player; 2] {
    let other = opponent.map_or(Player::Human, Player::Bot);
    if local_first {
        [Player::Human, other]
    } else {
        [other, Player::Human]
    }
}
