//! Reviews kept on the device: the Expert's word on each position of a
//! finished game, saved as the analysis goes, so a review opened again
//! shows at once and one left half way goes on where it stopped (a
//! backgammon game is about a minute of searching on a phone).
//!
//! One store key per game (`papan-review-v1-<game key>`), written after each
//! position, and an index of the games, newest first, that keeps [`KEEP`].
//! What was kept is checked against the record before it is used
//! ([`Analysis::resume`]); kept text that does not fit is dropped and the
//! review is worked out again.

use super::review::{Analysis, KeptPosition};
use super::Playable;
use crate::storage::Store;
use serde::{Deserialize, Serialize};

/// The kept reviews' games, newest first.
pub const INDEX_KEY: &str = "papan-reviews-v1";

/// Reviews kept; an older one is worked out again when it is opened.
pub const KEEP: usize = 20;

/// Where `game`'s review is kept.
pub fn entry_key(game: &str) -> String {
    format!("papan-review-v1-{game}")
}

#[derive(Serialize, Deserialize)]
struct Kept {
    /// The positions the game has: a record that changed is not resumed.
    positions: usize,
    searched: Vec<KeptPosition>,
}

/// Takes what was kept of `game`'s review into `analysis`; how many
/// positions that was. Kept text that cannot be this game's review is
/// removed (0 is returned, and the review is worked out again).
pub fn resume<G: Playable>(store: &Store, game: &str, analysis: &mut Analysis<G>) -> usize {
    let taken = load(store, game, analysis.total()).and_then(|kept| analysis.resume(&kept).map_err(Some));
    match taken {
        Ok(positions) => positions,
        Err(None) => 0,
        Err(Some(reason)) => {
            crate::diag::warn(&format!("the kept review of {game} is not used: {reason}"));
            store.remove(&entry_key(game));
            0
        }
    }
}

/// What is kept of `game`'s review of `positions` positions: `Err(None)`
/// when nothing is, `Err(Some(why))` when what is kept cannot be it.
fn load(store: &Store, game: &str, positions: usize) -> Result<Vec<KeptPosition>, Option<String>> {
    let text = store.get(&entry_key(game)).ok_or(None)?;
    let kept: Kept = serde_json::from_str(&text).map_err(|e| Some(e.to_string()))?;
    if kept.positions != positions {
        return Err(Some(format!(
            "kept for a game of {} positions, this one has {positions}",
            kept.positions
        )));
    }
    Ok(kept.searched)
}

/// Keeps `analysis` so far as `game`'s review, the newest of [`KEEP`]
/// (the oldest beyond them are removed).
pub fn keep<G: Playable>(store: &Store, game: &str, analysis: &Analysis<G>) -> Result<(), String> {
    keep_positions(store, game, analysis.total(), analysis.kept())
}

/// [`keep`]'s storage, compiled once for every game.
fn keep_positions(store: &Store, game: &str, positions: usize, searched: Vec<KeptPosition>) -> Result<(), String> {
    store.save(&entry_key(game), &Kept { positions, searched })?;
    let mut index: Vec<String> = store
        .get(INDEX_KEY)
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    if index.first().map(String::as_str) == Some(game) {
        return Ok(());
    }
    index.retain(|g| g != game);
    index.insert(0, game.to_string());
    let evicted = index.split_off(KEEP.min(index.len()));
    for old in &evicted {
        store.remove(&entry_key(old));
    }
    store.save(INDEX_KEY, &index)
}
