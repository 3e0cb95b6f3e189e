//! The unfinished Hex game on this device: saved after every move, resumed
//! on reopen, cleared when the game ends.

use crate::controllers::hex::{HexController, HexSave};
use crate::storage::{CorruptData, Store};

pub const HEX_SAVE_KEY: &str = "hex-game";
/// Who started the last game, for "alternate" on the setup screen.
pub const HEX_LAST_STARTER_KEY: &str = "hex-last-human-first";

/// The saved game, `Ok(None)` when there is none. A save that cannot be read
/// or replayed is kept under a backup key and reported.
pub fn load_hex(store: &Store) -> Result<Option<HexController>, CorruptData> {
    store.load_with::<HexSave, HexController>(HEX_SAVE_KEY, HexController::from_save)
}

/// Saves an unfinished game; a finished one clears the slot.
pub fn save_hex(store: &Store, game: &HexController) -> Result<(), String> {
    if game.is_over() {
        store.remove(HEX_SAVE_KEY);
        Ok(())
    } else {
        store.set(HEX_SAVE_KEY, &game.to_save_text())
    }
}

pub fn clear_hex(store: &Store) {
    store.remove(HEX_SAVE_KEY);
}
