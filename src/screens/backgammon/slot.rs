//! The current (or last) backgammon game on this device, shared by the
//! setup and play screens; saved after every turn, resumed on reopen.

use crate::controllers::backgammon::{BackgammonController, BackgammonSave};
use crate::storage::{CorruptData, Store};
use dioxus::prelude::*;

pub const BACKGAMMON_SAVE_KEY: &str = "backgammon-game";

/// The game in the slot and why a saved one could not be read, if so.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BackgammonState {
    pub game: Option<BackgammonController>,
    pub load_error: Option<String>,
}

/// Loaded from storage on first use.
pub static BACKGAMMON: GlobalSignal<BackgammonState> = Signal::global(|| load_state(&Store::app()));

/// The saved game, `Ok(None)` when there is none. A save that cannot be read
/// or replayed is kept under a backup key and reported.
pub fn load_backgammon(store: &Store) -> Result<Option<BackgammonController>, CorruptData> {
    store.load_with::<BackgammonSave, BackgammonController>(BACKGAMMON_SAVE_KEY, BackgammonController::from_save)
}

fn load_state(store: &Store) -> BackgammonState {
    match load_backgammon(store) {
        Ok(game) => BackgammonState { game, load_error: None },
        Err(corrupt) => BackgammonState {
            game: None,
            load_error: Some(corrupt.reason),
        },
    }
}

/// Saves an unfinished game; a finished one clears the slot.
pub fn save_backgammon(store: &Store, game: &BackgammonController) -> Result<(), String> {
    if !game.is_replayable() {
        Ok(())
    } else if game.is_over() {
        store.remove(BACKGAMMON_SAVE_KEY);
        Ok(())
    } else {
        store.set(BACKGAMMON_SAVE_KEY, &game.to_save_text())
    }
}
