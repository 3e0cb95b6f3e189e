//! SQLite (WAL) persistence: devices, rooms with their append-only event
//! log, seats (token hashes only) and ratings. Every accepted event is
//! committed before the request is answered, so a SIGKILL loses nothing
//! that a client saw accepted.

use crate::core::Logged;
use papan_api::{GameId, RoomOptions};
use rusqlite::types::Value;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

pub struct Store {
    conn: Mutex<Connection>,
}

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

type Res<T> = rusqlite::Result<T>;

/// A value that does not serialize is refused like one SQLite cannot take.
fn unwritable(e: serde_json::Error) -> rusqlite::Error {
    rusqlite::Error::ToSqlConversionFailure(Box::new(e))
}

/// A stored room's parts, read back.
type RoomParts = (
    RoomOptions,
    Vec<(u8, String, String)>,
    Vec<(Logged, Option<u8>, Option<u64>)>,
);

fn text(value: Value, what: &str) -> Result<String, String> {
    match value {
        Value::Text(text) => Ok(text),
        other => Err(format!("{what} is not text ({:?})", other.data_type())),
    }
}

/// A table slot: 0 or 1.
fn slot(value: Value, what: &str) -> Result<u8, String> {
    match value {
        Value::Integer(slot @ 0..=1) => Ok(slot as u8),
        other => Err(format!("{what} is not a table slot ({other:?})")),
    }
}

/// Reads a room's stored rows, or says what does not read back: options
/// that are not today's JSON of [`RoomOptions`], a seat or event column of
/// the wrong kind, an event body that does not parse, a missing version.
fn read_room(options: Value, seats: Vec<[Value; 3]>, events: Vec<[Value; 4]>) -> Result<RoomParts, String> {
    let options = text(options, "the options")?;
    let options: RoomOptions =
        serde_json::from_str(&options).map_err(|e| format!("the options {options} do not parse: {e}"))?;
    let seats = seats
        .into_iter()
        .map(|[slot_value, token_hash, device_id]| {
            Ok((
                slot(slot_value, "a seat's slot")?,
                text(token_hash, "a seat's token hash")?,
                text(device_id, "a seat's device")?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut read = Vec::with_capacity(events.len());
    for (index, [version, body, slot_value, seq]) in events.into_iter().enumerate() {
        let expected = index as i64 + 1;
        if version != Value::Integer(expected) {
            return Err(format!(
                "event {expected} is missing (the next one stored is {version:?})"
            ));
        }
        let body = text(body, &format!("event {expected}"))?;
        let event: Logged = serde_json::from_str(&body).map_err(|e| format!("event {expected} does not parse: {e}"))?;
        let slot_value = match slot_value {
            Value::Null => None,
            other => Some(slot(other, &format!("event {expected}'s slot"))?),
        };
        let seq = match seq {
            Value::Null => None,
            Value::Integer(seq) if seq >= 0 => Some(seq as u64),
            other => {
                return Err(format!(
                    "event {expected}'s client_seq is not a sequence number ({other:?})"
                ))
            }
        };
        read.push((event, slot_value, seq));
    }
    Ok((options, seats, read))
}

impl Store {
    pub fn open(path: &Path) -> Res<Store> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS devices (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE);
             CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE,
                 options TEXT NOT NULL, open INTEGER NOT NULL DEFAULT 1);
             CREATE TABLE IF NOT EXISTS seats (room_id TEXT NOT NULL, slot INTEGER NOT NULL,
                 token_hash TEXT NOT NULL, device_id TEXT NOT NULL, PRIMARY KEY (room_id, slot));
             CREATE TABLE IF NOT EXISTS events (room_id TEXT NOT NULL, version INTEGER NOT NULL,
                 body TEXT NOT NULL, slot INTEGER, client_seq INTEGER, PRIMARY KEY (room_id, version));
             CREATE TABLE IF NOT EXISTS ratings (device_id TEXT NOT NULL, game TEXT NOT NULL,
                 rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
                 games INTEGER NOT NULL, PRIMARY KEY (device_id, game));",
        )?;
        Ok(Store { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn add_device(&self, id: &str, token_hash: &str) -> Res<()> {
        self.conn().execute(
            "INSERT INTO devices (id, token_hash) VALUES (?1, ?2)",
            params![id, token_hash],
        )?;
        Ok(())
    }

    pub fn device_by_token_hash(&self, token_hash: &str) -> Res<Option<String>> {
        self.conn()
            .query_row(
                "SELECT id FROM devices WHERE token_hash = ?1",
                params![token_hash],
                |r| r.get(0),
            )
            .optional()
    }

    /// Creates a room with its first seat; `false` if the code is taken.
    pub fn add_room(&self, id: &str, code: &str, options: &RoomOptions) -> Res<bool> {
        let json = serde_json::to_string(options).map_err(unwritable)?;
        match self.conn().execute(
            "INSERT INTO rooms (id, code, options) VALUES (?1, ?2, ?3)",
            params![id, code, json],
        ) {
            Ok(_) => Ok(true),
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    pub fn add_seat(&self, room_id: &str, slot: u8, token_hash: &str, device_id: &str) -> Res<()> {
        self.conn().execute(
            "INSERT INTO seats (room_id, slot, token_hash, device_id) VALUES (?1, ?2, ?3, ?4)",
            params![room_id, slot, token_hash, device_id],
        )?;
        Ok(())
    }

    /// Appends events (versions `first_version..`) in one transaction.
    pub fn append(&self, room_id: &str, first_version: u64, events: &[Logged], origin: Option<(u8, u64)>) -> Res<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        for (i, event) in events.iter().enumerate() {
            let body = serde_json::to_string(event).map_err(unwritable)?;
            // The request's (slot, client_seq) goes on its first event only.
            let (slot, seq) = match (i, origin) {
                (0, Some((slot, seq))) => (Some(slot), Some(seq as i64)),
                _ => (None, None),
            };
            tx.execute(
                "INSERT INTO events (room_id, version, body, slot, client_seq) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![room_id, (first_version + i as u64) as i64, body, slot, seq],
            )?;
        }
        if events.iter().any(|e| e.kind == papan_api::EventKind::Closed) {
            tx.execute("UPDATE rooms SET open = 0 WHERE id = ?1", params![room_id])?;
        }
        tx.commit()
    }

    /// Every open room with its seats and log, for a restart; a room
    /// whose options, seats or events do not read back comes as
    /// [`UnreadableRoom`], whole, never with the unreadable parts left out.
    pub fn open_rooms(&self) -> Res<Vec<Result<StoredRoom, UnreadableRoom>>> {
        let conn = self.conn();
        let rows: Vec<(String, String, Value)> = conn
            .prepare("SELECT id, code, options FROM rooms WHERE open = 1 ORDER BY rowid")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Res<_>>()?;
        let mut rooms = Vec::with_capacity(rows.len());
        for (id, code, options) in rows {
            let seats: Vec<[Value; 3]> = conn
                .prepare("SELECT slot, token_hash, device_id FROM seats WHERE room_id = ?1 ORDER BY slot")?
                .query_map(params![id], |r| Ok([r.get(0)?, r.get(1)?, r.get(2)?]))?
                .collect::<Res<_>>()?;
            let events: Vec<[Value; 4]> = conn
                .prepare("SELECT version, body, slot, client_seq FROM events WHERE room_id = ?1 ORDER BY version")?
                .query_map(params![id], |r| Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?]))?
                .collect::<Res<_>>()?;
            rooms.push(match read_room(options, seats, events) {
                Ok((options, seats, events)) => Ok(StoredRoom {
                    id,
                    code,
                    options,
                    seats,
                    events,
                }),
                Err(why) => Err(UnreadableRoom { id, code, why }),
            });
        }
        Ok(rooms)
    }

    /// A device's rating in `game` (stored under the game's code, `hex`, ...).
    pub fn rating(&self, device_id: &str, game: GameId) -> Res<Option<(f64, f64, f64, u32)>> {
        self.conn()
            .query_row(
                "SELECT rating, deviation, volatility, games FROM ratings WHERE device_id = ?1 AND game = ?2",
                params![device_id, game.code()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
    }

    pub fn set_rating(&self, device_id: &str, game: GameId, r: (f64, f64, f64, u32)) -> Res<()> {
        self.conn().execute(
            "INSERT INTO ratings (device_id, game, rating, deviation, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (device_id, game) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5, games = ?6",
            params![device_id, game.code(), r.0, r.1, r.2, r.3],
        )?;
        Ok(())
    }
}
