//! The current (or last) HADANG game on this device, shared by the setup,
//! play and home screens; saved after every move, resumed on reopen.

use crate::controllers::hadang::{monotonic_ms, HadangController, HadangSave};
use crate::storage::{CorruptData, Store};
use dioxus::prelude::*;

pub const HADANG_SAVE_KEY: &str = "hadang-game";
/// Who started the last game here, for "take turns" on the setup screen.
pub const HADANG_LAST_STARTER_KEY: &str = "hadang-last-human-first";

/// The game in the slot and why a saved one could not be read, if so.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HadangState {
    pub game: Option<HadangController>,
    pub load_error: Option<String>,
}

/// Loaded from storage on first use.
pub static HADANG: GlobalSignal<HadangState> = Signal::global(|| load_state(&Store::app()));

/// The saved game, `Ok(None)` when there is none. A save that cannot be read
/// or replayed is kept under a backup key and reported.
pub fn load_hadang(store: &Store) -> Result<Option<HadangController>, CorruptData> {
    store.load_with::<HadangSave, HadangController>(HADANG_SAVE_KEY, |save| {
        HadangController::from_save(save, monotonic_ms())
    })
}

fn load_state(store: &Store) -> HadangState {
    match load_hadang(store) {
        Ok(game) => HadangState { game, load_error: None },
        Err(corrupt) => HadangState {
            game: None,
            load_error: Some(corrupt.reason),
        },
    }
}

/// Saves an unfinished game; a finished one clears the slot.
pub fn save_hadang(store: &Store, game: &HadangController) -> Result<(), String> {
    if game.is_over() {
        store.remove(HADANG_SAVE_KEY);
        Ok(())
    } else {
        store.set(HADANG_SAVE_KEY, &game.to_save_text(monotonic_ms()))
    }
}
