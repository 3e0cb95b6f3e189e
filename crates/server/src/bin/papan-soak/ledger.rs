//! What the soak's clients saw: accepted actions, every snapshot a seat
//! received (as a hash of its logged part), Jun Qi face-down squares, and
//! every failure noticed on the way. The checks at the end hold the
//! server's log against this.

use papan_api::{GameId, RoomStatus, Snapshot};
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

/// A room by its index in the ledger (room ids are long strings).
pub type RoomIx = u32;

/// A Jun Qi board a seat was shown: which squares were face down.
pub struct JunqiSight {
    pub room: RoomIx,
    pub slot: u8,
    pub version: u64,
    pub game_index: u32,
    pub plies: usize,
    pub face_down: u128,
}

#[derive(Default)]
pub struct Inner {
    pub rooms: Vec<String>,
    room_ix: HashMap<String, RoomIx>,
    /// (room, slot, client_seq) → the version its answer named.
    pub accepted: HashMap<(RoomIx, u8, u64), u64>,
    /// Requests given up on without an answer (the log may or may not
    /// hold them).
    pub unanswered: HashSet<(RoomIx, u8, u64)>,
    /// (room, slot, version) → hash of the snapshot's logged part.
    pub seen: HashMap<(RoomIx, u8, u64), u64>,
    pub junqi: Vec<JunqiSight>,
    pub failures: Vec<String>,
    pub counts: BTreeMap<&'static str, u64>,
    pub statuses: BTreeMap<u16, u64>,
}

#[derive(Default)]
pub struct Ledger {
    inner: Mutex<Inner>,
}

/// The part of a snapshot the log decides: all of it but the clock
/// reading and live presence.
pub fn logged_hash(snapshot: &Snapshot) -> u64 {
    let mut logged = snapshot.clone();
    logged.clock = None;
    logged.present = [false; 2];
    let mut hasher = DefaultHasher::new();
    serde_json::to_string(&logged).unwrap_or_default().hash(&mut hasher);
    hasher.finish()
}

impl Ledger {
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn room(&self, id: &str) -> RoomIx {
        let mut inner = self.lock();
        if let Some(&ix) = inner.room_ix.get(id) {
            return ix;
        }
        let ix = inner.rooms.len() as RoomIx;
        inner.rooms.push(id.to_string());
        inner.room_ix.insert(id.to_string(), ix);
        ix
    }

    pub fn fail(&self, message: String) {
        let mut inner = self.lock();
        if inner.failures.len() < 1_000 {
            inner.failures.push(message);
        }
    }

    pub fn count(&self, what: &'static str) {
        *self.lock().counts.entry(what).or_default() += 1;
    }

    /// Every HTTP status answered; a 5xx is a failure.
    pub fn status(&self, status: u16, what: &str) {
        *self.lock().statuses.entry(status).or_default() += 1;
        if status >= 500 {
            self.fail(format!("{status} answered to {what}"));
        }
    }

    pub fn accepted(&self, room: RoomIx, slot: u8, seq: u64, version: u64) {
        let mut inner = self.lock();
        inner.unanswered.remove(&(room, slot, seq));
        if let Some(&before) = inner.accepted.get(&(room, slot, seq)) {
            if before != version {
                let message =
                    format!("room {room} slot {slot} seq {seq}: accepted as version {before}, then as {version}");
                inner.failures.push(message);
            }
            return;
        }
        inner.accepted.insert((room, slot, seq), version);
    }

    pub fn unanswered(&self, room: RoomIx, slot: u8, seq: u64) {
        let mut inner = self.lock();
        if !inner.accepted.contains_key(&(room, slot, seq)) {
            inner.unanswered.insert((room, slot, seq));
        }
    }

    /// A snapshot a seat received (an answer, a GET or an event): kept for
    /// the replay check, and checked now for what must never be shown.
    pub fn saw(&self, room: RoomIx, snapshot: &Snapshot, via: &str) {
        let hash = logged_hash(snapshot);
        let (slot, version) = (snapshot.slot, snapshot.version);
        if snapshot.status == RoomStatus::Playing && snapshot.reveal.is_some() {
            self.fail(format!(
                "room {room} v{version}: the seed was revealed during play ({via})"
            ));
        }
        let game = snapshot.options.game();
        let view = snapshot.view.as_ref().map(|v| &v["game"]);
        if game == GameId::Backgammon && snapshot.roll_due {
            if let Some(dice) = view.map(|v| &v["dice"]).filter(|d| !d.is_null()) {
                self.fail(format!(
                    "room {room} v{version}: dice {dice} shown before the roll ({via})"
                ));
            }
        }
        let mut inner = self.lock();
        if game == GameId::Junqi {
            if let Some(board) = view.and_then(|v| v["board"].as_array()) {
                let face_down = board
                    .iter()
                    .enumerate()
                    .filter(|(i, post)| *i < 128 && post.as_str() == Some("FaceDown"))
                    .fold(0u128, |mask, (i, _)| mask | 1 << i);
                inner.junqi.push(JunqiSight {
                    room,
                    slot,
                    version,
                    game_index: snapshot.game_index,
                    plies: snapshot.moves.len(),
                    face_down,
                });
            }
        }
        match inner.seen.insert((room, slot, version), hash) {
            Some(before) if before != hash => {
                let message = format!("room {room} slot {slot}: two different snapshots of version {version} ({via})");
                inner.failures.push(message);
            }
            _ => {}
        }
    }
}
