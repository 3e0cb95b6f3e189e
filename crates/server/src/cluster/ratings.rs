//! Ratings on a cluster, applied exactly once per ranked game.
//!
//! The result of a ranked game travels in the commit that ends it
//! ([`crate::storage::record::RatedRecord`]); the owner applies it to
//! `papan-ratings` right after, and a node that reads the log again (it
//! took the room over because the owner died in between, or the sweep
//! finds a closed room not yet forgotten) applies it again. Applying is
//! idempotent, keyed by room id + game index, at two levels:
//!
//! - `papan-rated` holds, per room, the index of its last game applied to
//!   both players: an older or equal one is skipped at once;
//! - each standing lists the last [`REMEMBERED`] results applied to it,
//!   with the standing from before, in the same compare-and-set as the
//!   change: a node that died between the two players' writes (or before
//!   the room's mark) leaves no result half-counted, and the opponent's
//!   "before" is read back exactly.
//!
//! What remains possible: a device that finishes more than [`REMEMBERED`]
//! other ranked games while a dead node's half-applied result waits, with
//! nobody asking for that room, would have that one result counted again
//! for it when the room is read at last.

use super::{current, failed, Cluster};
use crate::ratings::{after_game, Standing};
use crate::storage::types::{RatedResult, Res};
use async_nats::jetstream::kv;
use papan_api::{GameId, Rating};
use serde::{Deserialize, Serialize};

/// How many applied results a standing remembers.
pub const REMEMBERED: usize = 32;

/// Tries at a compare-and-set before giving up (each try reads again).
const TRIES: usize = 32;

/// One result applied to a standing: its key and the standing before it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Applied {
    key: String,
    before: Standing,
}

/// A standing as `papan-ratings` stores it: the standing's own fields
/// (what earlier releases wrote and still read) plus the results applied.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Stored {
    #[serde(flatten)]
    standing: Standing,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    applied: Vec<Applied>,
}

impl Stored {
    fn applied(&self, key: &str) -> Option<&Applied> {
        self.applied.iter().find(|a| a.key == key)
    }
}

/// The key that makes a result idempotent: room id + game index.
fn result_key(room: &str, result: &RatedResult) -> String {
    format!("{room}.{}", result.game_index)
}

fn standing_key(game: GameId, device: &str) -> String {
    format!("{}.{device}", game.code())
}

impl Cluster {
    async fn stored(&self, device: &str, game: GameId) -> Res<(Stored, Option<u64>)> {
        match current(&self.ratings, &standing_key(game, device), "reading a rating").await? {
            None => Ok((Stored::default(), None)),
            Some(e) => Ok((
                serde_json::from_slice(&e.value).map_err(|e| failed("a stored rating")(&e))?,
                Some(e.revision),
            )),
        }
    }

    pub async fn rating(&self, device: &str, game: GameId) -> Res<Rating> {
        Ok(self.stored(device, game).await?.0.standing.rating(game))
    }

    /// The index of `room`'s last game applied to both players, if any.
    async fn rated_mark(&self, room: &str) -> Res<Option<(u32, u64)>> {
        let entry = current(&self.rated, room, "reading a room's rated mark").await?;
        Ok(entry.and_then(|e| {
            let index = std::str::from_utf8(&e.value).ok()?.parse().ok()?;
            Some((index, e.revision))
        }))
    }

    /// Applies a ranked game's result of `room` to both standings, once:
    /// `false` if it had been applied already (by this node or another).
    pub async fn apply_rated(&self, room: &str, result: &RatedResult) -> Res<bool> {
        if let Some((index, _)) = self.rated_mark(room).await? {
            if result.game_index <= index {
                return Ok(false);
            }
        }
        let key = result_key(room, result);
        // Each player's standing from before this game: the stored one, or,
        // where this result was applied already, the one kept with it.
        let before = |stored: &Stored| stored.applied(&key).map_or(stored.standing, |a| a.before);
        let first_before = before(&self.stored(&result.first, result.game).await?.0);
        let second_before = before(&self.stored(&result.second, result.game).await?.0);
        let mut changed = false;
        for (device, opponent, score) in [
            (&result.first, second_before, result.score_first),
            (&result.second, first_before, 1.0 - result.score_first),
        ] {
            changed |= self.apply_to(device, result.game, &key, opponent, score).await?;
        }
        self.mark_rated(room, result.game_index).await?;
        Ok(changed)
    }

    /// One player's side of a result, by compare-and-set, skipped if its
    /// standing lists `key` already.
    async fn apply_to(&self, device: &str, game: GameId, key: &str, opponent: Standing, score: f64) -> Res<bool> {
        let bucket_key = standing_key(game, device);
        for _ in 0..TRIES {
            let (mut stored, revision) = self.stored(device, game).await?;
            if stored.applied(key).is_some() {
                return Ok(false);
            }
            let before = stored.standing;
            stored.standing = after_game(before, opponent, score).0;
            stored.applied.push(Applied {
                key: key.to_string(),
                before,
            });
            let excess = stored.applied.len().saturating_sub(REMEMBERED);
            stored.applied.drain(..excess);
            let body = serde_json::to_vec(&stored).map_err(|e| failed("a rating")(&e))?;
            let written = match revision {
                Some(revision) => self
                    .ratings
                    .update(&bucket_key, body.into(), revision)
                    .await
                    .map_err(|e| e.kind()),
                // Created by another game meanwhile: read it again.
                None => self
                    .ratings
                    .create(&bucket_key, body.into())
                    .await
                    .map_err(|_| kv::UpdateErrorKind::WrongLastRevision),
            };
            match written {
                Ok(_) => return Ok(true),
                Err(kv::UpdateErrorKind::WrongLastRevision) => continue,
                Err(e) => return Err(failed("writing a rating")(&e)),
            }
        }
        Err(failed("writing a rating")(&"too many writers at once"))
    }

    /// Marks `room`'s game `index` applied (the mark only moves forward).
    async fn mark_rated(&self, room: &str, index: u32) -> Res<()> {
        for _ in 0..TRIES {
            let written = match self.rated_mark(room).await? {
                Some((done, _)) if done >= index => return Ok(()),
                Some((_, revision)) => self
                    .rated
                    .update(room, index.to_string().into(), revision)
                    .await
                    .map_err(|e| e.kind()),
                None => self
                    .rated
                    .create(room, index.to_string().into())
                    .await
                    .map_err(|_| kv::UpdateErrorKind::WrongLastRevision),
            };
            match written {
                Ok(_) => return Ok(()),
                Err(kv::UpdateErrorKind::WrongLastRevision) => continue,
                Err(e) => return Err(failed("marking a room rated")(&e)),
            }
        }
        Err(failed("marking a room rated")(&"too many writers at once"))
    }

    /// Applies every ranked result of `room`'s log, each at most once
    /// (what a node that died after a commit did not write); a failure is
    /// logged, and the next reading of the log tries again.
    pub(crate) async fn apply_logged(&self, room: &str, results: &[RatedResult]) {
        for result in results {
            match self.apply_rated(room, result).await {
                Ok(true) => tracing::info!(
                    room,
                    game_index = result.game_index,
                    "a rated result applied from the log"
                ),
                Ok(false) => {}
                Err(e) => tracing::error!(room, error = %e, "a rated result from the log was not applied"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standing_stored_before_the_applied_list_still_reads_and_older_nodes_read_the_new_one() {
        let old = serde_json::to_vec(&Standing::default()).unwrap();
        let read: Stored = serde_json::from_slice(&old).unwrap();
        assert_eq!(read, Stored::default());
        let new = Stored {
            standing: Standing::default(),
            applied: vec![Applied {
                key: "room.0".into(),
                before: Standing::default(),
            }],
        };
        let body = serde_json::to_vec(&new).unwrap();
        // What a node of the release before reads: the standing alone.
        let plain: Standing = serde_json::from_slice(&body).unwrap();
        assert_eq!(plain, Standing::default());
        assert_eq!(serde_json::from_slice::<Stored>(&body).unwrap(), new);
    }
}
