//! Jun Qi flip screens: setup and play, and the game they share.
//!
//! The current game lives in a global signal (so no provider is needed in
//! `App`): loaded once from storage, saved after every action by the play
//! screen, cleared when the game ends.

mod play;
mod setup;

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
