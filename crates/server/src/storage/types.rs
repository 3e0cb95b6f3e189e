//! What the storage layer takes and gives, whichever store is behind it
//! (SQLite on one node, JetStream on a cluster): the events rooms log, one
//! commit to append, a room read back, and what went wrong.

use papan_api::{EventKind, GameId, RoomOptions};
use papan_rules::clock::Clock;
use serde::{Deserialize, Serialize};

/// An event as rooms log and apply it: the public kind (the wire's type)
/// plus server-only secrets. It is never stored as itself: the stores keep
/// [`super::record::EventRecord`]s, converted both ways.
#[derive(Clone, Debug, PartialEq)]
pub struct Logged {
    pub kind: EventKind,
    /// `Started`: the game's setup seed and commitment salt (never sent
    /// before the game ends).
    pub secret: Option<(u64, [u8; 32])>,
    /// The clock after the event, paused (restored with a grace on restart).
    pub clock: Option<Clock>,
}

impl Logged {
    pub fn new(kind: EventKind) -> Logged {
        Logged {
            kind,
            secret: None,
            clock: None,
        }
    }
}

/// What went wrong in storage, as text (one failed batch answers every
/// request in it, so it is cloned).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError {
    message: String,
    /// A room's log moved on without this node: another node owns the room.
    fenced: bool,
}

impl StoreError {
    pub fn new(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            fenced: false,
        }
    }

    pub fn fenced(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            fenced: true,
        }
    }

    /// Whether the room's log was appended to by another node: this node
    /// must drop the room and never write to it again.
    pub fn is_fenced(&self) -> bool {
        self.fenced
    }

    pub(crate) fn not_written() -> StoreError {
        StoreError::new("the store did not write this request")
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for StoreError {}

/// A seat taken, stored with the event that records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewSeat {
    pub slot: u8,
    pub token_hash: String,
    pub device_id: String,
}

/// What one commit of a room adds to the store.
#[derive(Default)]
pub struct Entry<'a> {
    /// The version of the first event.
    pub first_version: u64,
    pub events: &'a [Logged],
    /// The request's (slot, client_seq), stored on its first event.
    pub origin: Option<(u8, u64)>,
    pub seat: Option<NewSeat>,
    pub rated: Vec<RatedResult>,
}

/// A ranked game's result, stored with the event that ended it.
#[derive(Clone, Debug)]
pub struct RatedResult {
    pub game: GameId,
    /// Which game of the room (its `Started` index): with the room id, the
    /// key that makes applying it on a cluster idempotent.
    pub game_index: u32,
    pub first: String,
    pub second: String,
    /// 1, 0.5 or 0 for `first`.
    pub score_first: f64,
}

pub type Res<T> = Result<T, StoreError>;

/// A room as stored, for restoring it on start.
pub struct StoredRoom {
    pub id: String,
    pub code: String,
    pub options: RoomOptions,
    pub seats: Vec<(u8, String, String)>,
    /// (event, slot, client_seq), versions 1, 2, ... in order.
    pub events: Vec<(Logged, Option<u8>, Option<u64>)>,
}

/// An open room whose stored options, seats or events cannot be read. It
/// must not be replayed at all (replaying the rest of its log would be a
/// different game): the server keeps it closed, and its rows stay as they
/// are for inspection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadableRoom {
    pub id: String,
    pub code: String,
    /// What cannot be read, for the operator's log.
    pub why: String,
}
