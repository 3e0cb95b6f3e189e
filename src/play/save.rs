//! The one save format of an unfinished game, for every game, versioned.
//!
//! Version 2 is written. Version 1 files (one format per game, written
//! before the match shell) are read too: their fields are a subset of
//! version 2's (`alternate_first` is `alternate`, a `resigned` seat is a
//! resignation verdict), so a game in progress survives the update.

use super::player::Player;
use super::Playable;
use papan_rules::clock::Clock;
use papan_rules::{GameId, Outcome, Record, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The version written into save files.
pub const SAVE_VERSION: u32 = 2;

/// The saved form: everything needed to resume, nothing derived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SavedMatch<G: Playable> {
    pub version: u32,
    /// Which game (absent in version 1, where the key said it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    pub record: Record<G>,
    pub players: [Player; 2],
    pub local: Seat,
    #[serde(default)]
    pub game_index: u32,
    #[serde(default, alias = "alternate_first", skip_serializing_if = "Option::is_none")]
    pub alternate: Option<bool>,
    /// A result off the board (resignation, time).
    #[serde(default)]
    pub verdict: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// Version 1: the seat that resigned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Seat>,
    /// Hints the person asked for (absent before hints existed).
    #[serde(default)]
    pub hints: u32,
}

/// Why a save cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    Version(u32),
    OtherGame(GameId),
    NoLocalPerson,
    Online,
    Verdict,
    /// A move of the record is refused by the rules (the message says which).
    Record(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Version(v) => write!(f, "save version {v} is not supported"),
            SaveError::OtherGame(g) => write!(f, "the save is a {g} game"),
            SaveError::NoLocalPerson => f.write_str("the local seat is not played by a person"),
            SaveError::Online => f.write_str("an online game is not resumed from a save"),
            SaveError::Verdict => f.write_str("a verdict without a winner"),
            SaveError::Record(why) => f.write_str(why),
        }
    }
}

impl<G: Playable> SavedMatch<G> {
    /// Everything but the record's moves, which the match replays.
    pub fn check(&self) -> Result<(), SaveError> {
        if !(1..=SAVE_VERSION).contains(&self.version) {
            return Err(SaveError::Version(self.version));
        }
        if let Some(game) = self.game.filter(|g| *g != G::GAME) {
            return Err(SaveError::OtherGame(game));
        }
        if self.players[self.local.index()] != Player::Human {
            return Err(SaveError::NoLocalPerson);
        }
        if self.players.contains(&Player::Remote) {
            return Err(SaveError::Online);
        }
        Ok(())
    }
}

/// The storage key of `game`'s unfinished game.
pub fn save_key(game: GameId) -> String {
    format!("{}-game", game.code())
}
