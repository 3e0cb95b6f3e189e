//! Each game's unfinished match on this device: loaded once from storage,
//! saved after every change, cleared when the game ends. A save that
//! cannot be read is kept aside under a backup key and reported.

use crate::play::save::{save_key, SavedMatch};
use crate::play::{Match, Playable};
use crate::storage::{CorruptData, Store};
use crate::timer::monotonic_ms;

/// The game in a game's slot, and why a saved one could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotState<G: Playable> {
    pub game: Option<Match<G>>,
    pub load_error: Option<String>,
}

impl<G: Playable> Default for SlotState<G> {
    fn default() -> SlotState<G> {
        SlotState {
            game: None,
            load_error: None,
        }
    }
}

impl<G: Playable> SlotState<G> {
    /// The slot as stored on this device.
    pub fn load(store: &Store) -> SlotState<G> {
        match load::<G>(store) {
            Ok(game) => SlotState { game, load_error: None },
            Err(corrupt) => SlotState {
                game: None,
                load_error: Some(corrupt.to_string()),
            },
        }
    }

    /// An unfinished game a person plays here, for the Continue card.
    pub fn unfinished(&self) -> Option<&Match<G>> {
        self.game.as_ref().filter(|m| !m.is_over())
    }
}

/// The saved match, `Ok(None)` when there is none.
pub fn load<G: Playable>(store: &Store) -> Result<Option<Match<G>>, CorruptData> {
    store.load_with::<SavedMatch<G>, Match<G>>(&save_key(G::GAME), |save| {
        Match::from_save(save, monotonic_ms()).map_err(|e| e.to_string())
    })
}

/// Saves an unfinished game; a finished one clears the slot.
pub fn save<G: Playable>(store: &Store, game: &Match<G>) -> Result<(), String> {
    let key = save_key(G::GAME);
    if game.is_over() {
        store.remove(&key);
        Ok(())
    } else {
        store.set(&key, &game.to_save_text(monotonic_ms()))
    }
}
