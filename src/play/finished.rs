//! Finished games kept on this device, UI-free: the last [`KEEP`] games of
//! any game, newest first, each a record that replays through the rules,
//! so any of them can be reopened into the review.

use super::player::Player;
use super::{Match, Playable};
use crate::storage::{CorruptData, Store};
use papan_rules::{GameId, Outcome, Record, Seat};
use serde::{Deserialize, Serialize};

/// How many finished games the device keeps.
pub const KEEP: usize = 50;

/// The store key of the list.
pub const STORE_KEY: &str = "papan-finished-v1";

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    /// Unique per game: the same game remembered twice is kept once.
    pub key: String,
    pub game: GameId,
    /// The seat of the person on this device (the first between two
    /// people, or for an imported game).
    pub local: Seat,
    pub players: [Player; 2],
    pub outcome: Option<Outcome>,
    /// Seat moves played (dice not counted).
    pub moves: usize,
    #[serde(default)]
    pub hints: u32,
    /// Where it was played: `offline`, `online` or `import`.
    pub origin: String,
    /// The game's `Record` as JSON (each game's own move type).
    pub record: serde_json::Value,
}

impl Finished {
    /// A game of a record, checked: it must replay.
    pub fn new<G: Playable>(
        key: String,
        record: &Record<G>,
        local: Seat,
        players: [Player; 2],
        outcome: Option<Outcome>,
        origin: &str,
    ) -> Result<Finished, String> {
        record.replay().map_err(|e| e.to_string())?;
        Ok(Finished {
            key,
            game: G::GAME,
            local,
            players,
            outcome,
            moves: super::history::log(record).len(),
            hints: 0,
            origin: origin.to_string(),
            record: serde_json::to_value(record).map_err(|e| e.to_string())?,
        })
    }

    /// The finished match on this device, once it is over.
    pub fn of_match<G: Playable>(game: &Match<G>) -> Option<Finished> {
        let outcome = game.outcome()?;
        let record = game.record();
        let key = format!(
            "{}-{:016x}-{}-{}",
            G::GAME,
            record.seed,
            game.game_index(),
            record.moves.len()
        );
        let mut out = Finished::new(key, record, game.local_seat(), game.players(), Some(outcome), "offline").ok()?;
        out.hints = game.hints_used();
        Some(out)
    }

    /// The game in its text format, with a file name for it.
    pub fn export<G: Playable>(&self) -> Result<(String, String), String> {
        let record = self.record::<G>()?;
        let name = format!("papan-{}-{}.{}", G::GAME, self.key, G::EXTENSION);
        Ok((name, G::export(&record)))
    }

    /// The record, read back and replayed (a tampered list is refused).
    pub fn record<G: Playable>(&self) -> Result<Record<G>, String> {
        if self.game != G::GAME {
            return Err(format!("this is a {} game, not {}", self.game, G::GAME));
        }
        let record: Record<G> = serde_json::from_value(self.record.clone()).map_err(|e| e.to_string())?;
        record.replay().map_err(|e| e.to_string())?;
        Ok(record)
    }
}

/// A game exported as text (each game's own format) as a kept game, its
/// key taken from the text so the same file imported twice is kept once.
/// The error says which line and which rule, when one is to blame.
pub fn import<G: Playable>(text: &str) -> Result<Finished, String> {
    let record = G::import(text).map_err(|e| e.to_string())?;
    let outcome = record.replay().map_err(|e| e.to_string())?.outcome();
    let key = format!("import-{}-{:016x}", G::GAME, fnv1a(text.trim().as_bytes()));
    Finished::new(key, &record, Seat::First, [Player::Human; 2], outcome, "import")
}

/// FNV-1a, 64 bits: a stable name for a text on every platform.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The finished games on this device, newest first. An unreadable list is
/// kept aside by the store and reported; the app goes on with none.
pub fn load(store: &Store) -> Result<Vec<Finished>, CorruptData> {
    Ok(store.load::<Vec<Finished>>(STORE_KEY)?.unwrap_or_default())
}

/// Adds `game` at the top, keeping [`KEEP`]; a game already kept stays
/// where it is. Returns whether it was new.
pub fn remember(store: &Store, game: Finished) -> Result<bool, String> {
    let mut list = load(store).unwrap_or_default();
    if list.iter().any(|g| g.key == game.key) {
        return Ok(false);
    }
    list.insert(0, game);
    list.truncate(KEEP);
    store.save(STORE_KEY, &list)?;
    Ok(true)
}

/// The game with `key`, if kept.
pub fn find(store: &Store, key: &str) -> Option<Finished> {
    load(store).ok()?.into_iter().find(|g| g.key == key)
}
