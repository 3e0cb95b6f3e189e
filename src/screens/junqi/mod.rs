//! Jun Qi flip screens: setup and play, and the game they share.
//!
//! The current game lives in a global signal (so no provider is needed in
//! `App`): loaded once from storage, saved after every action by the play
//! screen, cleared when the game ends.

mod continue_card;
mod play;
mod setup;

pub use continue_card::JunQiContinue;
pub use play::JunQiPlay;
pub use setup::JunQiSetup;

use crate::controllers::junqi::{JunQiController, JunQiSave};
use crate::storage::Store;
use dioxus::prelude::*;

pub const JUNQI_SAVE_KEY: &str = "junqi-game";

/// The unfinished game, or why the saved one could not be read.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct JunQiSlot {
    pub game: Option<JunQiController>,
    /// A save that could not be read (kept under a backup key).
    pub load_error: Option<String>,
}

/// The current Jun Qi game, loaded from this device's storage on first use.
pub static JUNQI: GlobalSignal<JunQiSlot> = Signal::global(|| load(&Store::app()));

/// The saved game; a corrupt save is reported, its text kept as a backup.
pub fn load(store: &Store) -> JunQiSlot {
    match store.load_with::<JunQiSave, JunQiController>(JUNQI_SAVE_KEY, JunQiController::from_save) {
        Ok(game) => JunQiSlot { game, load_error: None },
        Err(corrupt) => JunQiSlot {
            game: None,
            load_error: Some(corrupt.to_string()),
        },
    }
}

/// Saves an unfinished game; a finished one clears the slot.
pub fn save(store: &Store, game: &JunQiController) -> Result<(), String> {
    if game.is_over() {
        store.remove(JUNQI_SAVE_KEY);
        Ok(())
    } else {
        store.set(JUNQI_SAVE_KEY, &game.to_save_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_store(name: &str) -> (Store, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("papan-junqi-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        (Store::in_dir(&dir), dir)
    }

    #[test]
    fn unfinished_game_is_saved_and_resumed() {
        let (store, dir) = temp_store("resume");
        let game = JunQiController::from_setup(Some(papan_bots::Level::Beginner), 42).unwrap();
        save(&store, &game).unwrap();
        let slot = load(&store);
        assert_eq!(slot.load_error, None);
        assert_eq!(slot.game.map(|g| g.view()), Some(game.view()));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn corrupt_save_is_reported_and_kept() {
        let (store, dir) = temp_store("corrupt");
        store.set(JUNQI_SAVE_KEY, "{not json").unwrap();
        let slot = load(&store);
        assert!(slot.game.is_none());
        assert!(slot.load_error.is_some());
        assert_eq!(
            store.get(&format!("{JUNQI_SAVE_KEY}.corrupt")).as_deref(),
            Some("{not json")
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn finished_game_clears_the_slot() {
        let (store, dir) = temp_store("finished");
        let mut game = JunQiController::from_setup(None, 43).unwrap();
        save(&store, &game).unwrap();
        assert!(game.resign());
        save(&store, &game).unwrap();
        assert_eq!(store.get(JUNQI_SAVE_KEY), None);
        let _ = std::fs::remove_dir_all(dir);
    }
}
