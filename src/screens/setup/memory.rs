//! What each setup screen last started a game with, so the next new game of
//! that game starts from the same choices (per game, on this device).
//!
//! Every field is optional and checked when read: a value the app no longer
//! offers (an old board size, a clock that was removed) falls back to the
//! screen's default instead of starting something the screen cannot show.

use super::Starts;
use crate::storage::Store;
use papan_bots::Level;
use papan_rules::GameId;
use serde::{Deserialize, Serialize};

/// The opponent as remembered: a second person here, or a bot level.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Opponent {
    Person,
    Beginner,
    Normal,
    Expert,
}

impl Opponent {
    fn of(level: Option<Level>) -> Opponent {
        match level {
            None => Opponent::Person,
            Some(Level::Beginner) => Opponent::Beginner,
            Some(Level::Normal) => Opponent::Normal,
            Some(Level::Expert) => Opponent::Expert,
        }
    }

    fn level(self) -> Option<Level> {
        match self {
            Opponent::Person => None,
            Opponent::Beginner => Some(Level::Beginner),
            Opponent::Normal => Some(Level::Normal),
            Opponent::Expert => Some(Level::Expert),
        }
    }
}

/// One game's last choices, as stored. The choices only one game has
/// (Hex's board, HADANG's clock) are read and written by that game's
/// setup form (`games/<game>/setup.rs`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SetupMemory {
    opponent: Option<Opponent>,
    starts: Option<Starts>,
    pub(crate) size: Option<u8>,
    pub(crate) swap: Option<bool>,
    pub(crate) alternate: Option<bool>,
    /// HADANG's clock in minutes; 0 is "no clock".
    pub(crate) clock_minutes: Option<u64>,
    pub(crate) increment_seconds: Option<u64>,
}

fn memory_key(game: GameId) -> String {
    format!("{}-setup", game.code())
}

impl SetupMemory {
    /// The last choices for `game`, or none remembered. Unreadable text is
    /// kept aside by the store and the screen starts from its defaults.
    pub fn load(store: &Store, game: GameId) -> SetupMemory {
        match store.load(&memory_key(game)) {
            Ok(memory) => memory.unwrap_or_default(),
            Err(e) => {
                crate::diag::warn(&format!("forgetting unreadable setup choices: {e}"));
                SetupMemory::default()
            }
        }
    }

    pub fn save(&self, store: &Store, game: GameId) {
        if let Err(e) = store.save(&memory_key(game), self) {
            crate::diag::warn(&format!("could not remember the setup choices: {e}"));
        }
    }

    pub fn opponent(&self, default: Option<Level>) -> Option<Level> {
        self.opponent.map_or(default, Opponent::level)
    }

    pub fn set_opponent(&mut self, level: Option<Level>) -> &mut Self {
        self.opponent = Some(Opponent::of(level));
        self
    }

    pub fn starts(&self) -> Starts {
        self.starts.unwrap_or(Starts::Me)
    }

    pub fn set_starts(&mut self, starts: Starts) -> &mut Self {
        self.starts = Some(starts);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store in a folder of its own, removed with the guard (the first of the pair).
    fn temp_store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::in_dir(dir.path());
        (dir, store)
    }

    #[test]
    fn choices_come_back_per_game() {
        let (_dir, store) = temp_store();
        let mut hex = SetupMemory::default();
        hex.set_opponent(None)
            .set_starts(Starts::Alternate)
            .set_hex(13, true, false);
        hex.save(&store, GameId::Hex);
        let mut hadang = SetupMemory::default();
        hadang.set_opponent(Some(Level::Expert)).set_clock(Some(3), 2);
        hadang.save(&store, GameId::Hadang);

        let hex = SetupMemory::load(&store, GameId::Hex);
        assert_eq!(hex.opponent(Some(Level::Normal)), None, "a second person is remembered");
        assert_eq!(hex.starts(), Starts::Alternate);
        assert_eq!((hex.size(11), hex.swap(), hex.alternate()), (13, true, false));
        let hadang = SetupMemory::load(&store, GameId::Hadang);
        assert_eq!(hadang.opponent(None), Some(Level::Expert));
        assert_eq!((hadang.clock(), hadang.increment()), (Some(Some(3)), 2));
        let junqi = SetupMemory::load(&store, GameId::Junqi);
        assert_eq!(
            junqi.opponent(Some(Level::Beginner)),
            Some(Level::Beginner),
            "nothing remembered: the default"
        );
    }

    #[test]
    fn no_clock_is_remembered_as_a_choice() {
        let (_dir, store) = temp_store();
        let mut memory = SetupMemory::default();
        memory.set_clock(None, 5);
        memory.save(&store, GameId::Hadang);
        assert_eq!(SetupMemory::load(&store, GameId::Hadang).clock(), Some(None));
        assert_eq!(SetupMemory::default().clock(), None, "never chosen");
    }

    #[test]
    fn values_no_longer_offered_fall_back_to_defaults() {
        let (_dir, store) = temp_store();
        store
            .set("hex-setup", r#"{"size": 12, "opponent": "grandmaster"}"#)
            .expect("written");
        // An unknown opponent makes the whole text unreadable: kept aside, defaults used.
        let memory = SetupMemory::load(&store, GameId::Hex);
        assert_eq!(memory, SetupMemory::default());
        assert!(store.get("hex-setup.corrupt").is_some(), "the unreadable text is kept");
        store
            .set("hadang-setup", r#"{"clock_minutes": 7, "increment_seconds": 9}"#)
            .expect("written");
        let memory = SetupMemory::load(&store, GameId::Hadang);
        assert_eq!((memory.clock(), memory.increment()), (None, 0));
        store.set("hex-setup", r#"{"size": 12}"#).expect("written");
        assert_eq!(SetupMemory::load(&store, GameId::Hex).size(11), 11);
    }
}
