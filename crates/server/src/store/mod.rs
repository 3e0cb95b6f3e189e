//! SQLite (WAL) persistence: devices, rooms with their append-only event
//! log, seats (token hashes only) and ratings. Every write goes through
//! [`writer`], one thread that commits the requests of all rooms together
//! (group commit); an accepted event is committed before the request is
//! answered, so a SIGKILL loses nothing that a client saw accepted. Device
//! tokens, read on every request, are answered from memory.

mod ratings;
mod writer;

use crate::storage::device::DeviceState;
use crate::storage::record::{decode_event, encode_event};
use crate::storage::transfer::{self, TokenHolder, TransferRecord};
use crate::storage::types::{Entry, Logged, NewSeat, RatedResult, Res, StoreError, StoredRoom, UnreadableRoom};
use papan_api::{ApiError, GameId, Rating, RoomOptions};
use rusqlite::types::Value;
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use writer::Writer;

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::new(e.to_string())
    }
}

/// An [`Entry`] ready for the writer thread: its events as v1 records.
struct EntryRows {
    first_version: u64,
    bodies: Vec<String>,
    closes: bool,
    origin: Option<(u8, u64)>,
    seat: Option<NewSeat>,
    rated: Vec<RatedResult>,
}

fn into_rows(entry: Entry<'_>) -> Res<EntryRows> {
    Ok(EntryRows {
        first_version: entry.first_version,
        bodies: entry
            .events
            .iter()
            .map(|event| encode_event(event).map_err(|e| StoreError::new(format!("an event not stored: {e}"))))
            .collect::<Res<_>>()?,
        closes: entry.events.iter().any(|e| e.kind == papan_api::EventKind::Closed),
        origin: entry.origin,
        seat: entry.seat,
        rated: entry.rated,
    })
}

impl EntryRows {
    fn write(&self, conn: &Connection, room_id: &str) -> Res<()> {
        if let Some(seat) = &self.seat {
            conn.prepare_cached("INSERT INTO seats (room_id, slot, token_hash, device_id) VALUES (?1, ?2, ?3, ?4)")?
                .execute(params![room_id, seat.slot, seat.token_hash, seat.device_id])?;
        }
        for (i, body) in self.bodies.iter().enumerate() {
            // The request's (slot, client_seq) goes on its first event only.
            let (slot, seq) = match (i, self.origin) {
                (0, Some((slot, seq))) => (Some(slot), Some(seq as i64)),
                _ => (None, None),
            };
            // Prepared once per connection: parsing the SQL was about a fifth of
            // the writer's time under load.
            conn.prepare_cached(
                "INSERT INTO events (room_id, version, body, slot, client_seq) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                room_id,
                (self.first_version + i as u64) as i64,
                body,
                slot,
                seq
            ])?;
        }
        if self.closes {
            conn.execute("UPDATE rooms SET open = 0 WHERE id = ?1", params![room_id])?;
        }
        for result in &self.rated {
            ratings::record(conn, result)?;
        }
        Ok(())
    }
}

pub struct Store {
    path: PathBuf,
    writer: Writer,
    /// Every device token: whom it stands for.
    devices: Mutex<Tokens>,
}

/// Device tokens in memory, as committed.
struct Tokens {
    /// Token hash → device id, for every registered device.
    devices: HashMap<String, String>,
    /// The token hashes whose device moved to another by a transfer.
    moved: HashSet<String>,
}

fn unwritable(e: serde_json::Error) -> StoreError {
    StoreError::new(format!("a value that does not serialize: {e}"))
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
        let event = decode_event(&body).map_err(|e| format!("event {expected} does not parse: {e}"))?;
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

fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    // Before the first table: a new database gets 1 KiB pages. A move's row
    // is about 200 bytes and lands on its room's page of the events index,
    // so each move rewrote two whole pages into the WAL: 4 KiB pages wrote
    // 7.6 KiB of WAL per move, 1 KiB pages 2.9 KiB (the load test's
    // 40,000 moves). An existing database keeps its page size.
    conn.pragma_update(None, "page_size", 1024)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

impl Store {
    /// Opens (or creates) the database and starts its writer.
    pub fn open(path: &Path) -> Res<Store> {
        let conn = connect(path)?;
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
                 games INTEGER NOT NULL, PRIMARY KEY (device_id, game));
             CREATE TABLE IF NOT EXISTS device_state (device_id TEXT PRIMARY KEY, body TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS transfers (code_hash TEXT PRIMARY KEY,
                 device_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS moved_tokens (token_hash TEXT PRIMARY KEY);",
        )?;
        let devices = conn
            .prepare("SELECT token_hash, id FROM devices")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<HashMap<String, String>>>()?;
        let moved = conn
            .prepare("SELECT token_hash FROM moved_tokens")?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<HashSet<String>>>()?;
        let writer = Writer::start(conn, connect(path)?, writer::WAL_LIMIT)
            .map_err(|e| StoreError::new(format!("starting the writer: {e}")))?;
        Ok(Store {
            path: path.to_path_buf(),
            writer,
            devices: Mutex::new(Tokens { devices, moved }),
        })
    }

    fn devices(&self) -> std::sync::MutexGuard<'_, Tokens> {
        self.devices.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub async fn add_device(&self, id: &str, token_hash: &str) -> Res<()> {
        let (row_id, row_hash) = (id.to_string(), token_hash.to_string());
        self.writer
            .run(move |conn| {
                conn.execute(
                    "INSERT INTO devices (id, token_hash) VALUES (?1, ?2)",
                    params![row_id, row_hash],
                )?;
                Ok(())
            })
            .await?;
        self.devices().devices.insert(token_hash.to_string(), id.to_string());
        Ok(())
    }

    pub fn device_by_token_hash(&self, token_hash: &str) -> Option<TokenHolder> {
        let tokens = self.devices();
        if tokens.moved.contains(token_hash) {
            return Some(TokenHolder::Moved);
        }
        tokens.devices.get(token_hash).cloned().map(TokenHolder::Device)
    }

    /// See [`crate::storage::Storage::put_transfer`].
    pub async fn put_transfer(&self, code_hash: &str, record: TransferRecord) -> Res<()> {
        let body = serde_json::to_string(&record).map_err(unwritable)?;
        let code_hash = code_hash.to_string();
        self.writer
            .run(move |conn| {
                conn.execute("DELETE FROM transfers WHERE device_id = ?1", params![record.device_id])?;
                conn.execute(
                    "INSERT INTO transfers (code_hash, device_id, body) VALUES (?1, ?2, ?3)",
                    params![code_hash, record.device_id, body],
                )?;
                Ok(())
            })
            .await
    }

    /// See [`crate::storage::Storage::claim_transfer`]: one transaction of
    /// the writer (the code marked used, the claimer's own fresh identity
    /// given up, its token moved onto the code's device, the old token
    /// revoked), then the tokens in memory.
    pub async fn claim_transfer(
        &self,
        code_hash: &str,
        claimer: &str,
        claimer_token: &str,
        now: u64,
    ) -> Result<TransferRecord, ApiError> {
        let (code_hash, claimer_id, claimer_hash) =
            (code_hash.to_string(), claimer.to_string(), claimer_token.to_string());
        let record = self
            .writer
            .run(move |conn| {
                let body: Option<String> = conn
                    .query_row(
                        "SELECT body FROM transfers WHERE code_hash = ?1",
                        params![code_hash],
                        |r| r.get(0),
                    )
                    .optional()?;
                let Some(body) = body else {
                    return Ok(Err(transfer::unknown()));
                };
                let mut record: TransferRecord = serde_json::from_str(&body)
                    .map_err(|e| StoreError::new(format!("a stored transfer does not read: {e}")))?;
                if let Err(refused) = record.claim(&claimer_id, now) {
                    return Ok(Err(refused));
                }
                let body = serde_json::to_string(&record).map_err(unwritable)?;
                conn.execute(
                    "UPDATE transfers SET body = ?2 WHERE code_hash = ?1",
                    params![code_hash, body],
                )?;
                conn.execute("DELETE FROM devices WHERE id = ?1", params![claimer_id])?;
                conn.execute(
                    "UPDATE devices SET token_hash = ?2 WHERE id = ?1",
                    params![record.device_id, claimer_hash],
                )?;
                conn.execute(
                    "INSERT OR IGNORE INTO moved_tokens (token_hash) VALUES (?1)",
                    params![record.token_hash],
                )?;
                Ok(Ok(record))
            })
            .await
            .map_err(crate::room::internal)??;
        let mut tokens = self.devices();
        tokens.devices.remove(&record.token_hash);
        tokens
            .devices
            .insert(claimer_token.to_string(), record.device_id.clone());
        tokens.moved.insert(record.token_hash.clone());
        Ok(record)
    }

    /// Creates a room with what its first commit adds (the creator's seat
    /// and first events), in one transaction; `false`, and nothing
    /// stored, if the code is taken.
    pub async fn add_room(&self, id: &str, code: &str, options: &RoomOptions, entry: Entry<'_>) -> Res<bool> {
        let json = serde_json::to_string(options).map_err(unwritable)?;
        let (id, code) = (id.to_string(), code.to_string());
        let entry = into_rows(entry)?;
        self.writer
            .run(move |conn| {
                match conn.execute(
                    "INSERT INTO rooms (id, code, options) VALUES (?1, ?2, ?3)",
                    params![id, code, json],
                ) {
                    Ok(_) => {}
                    Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                        return Ok(false)
                    }
                    Err(e) => return Err(e.into()),
                }
                entry.write(conn, &id)?;
                Ok(true)
            })
            .await
    }

    /// Appends one commit of a room: its events (versions
    /// `first_version..`), the seat they record and the ratings of the
    /// ranked games they end, in one transaction.
    pub async fn append(&self, room_id: &str, entry: Entry<'_>) -> Res<()> {
        let room_id = room_id.to_string();
        let entry = into_rows(entry)?;
        self.writer.run(move |conn| entry.write(conn, &room_id)).await
    }

    /// A device's correspondence games and vacation, as committed so far.
    pub async fn device_state(&self, device_id: &str) -> Res<DeviceState> {
        let device_id = device_id.to_string();
        self.writer.run(move |conn| read_device_state(conn, &device_id)).await
    }

    /// Reads, changes and writes a device's state in one transaction of
    /// the writer; nothing is written when `change` refuses.
    pub async fn update_device<T: Send + 'static>(
        &self,
        device_id: &str,
        change: impl Fn(&mut DeviceState) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let device_id = device_id.to_string();
        self.writer
            .run(move |conn| {
                let mut state = read_device_state(conn, &device_id)?;
                let answer = match change(&mut state) {
                    Ok(answer) => answer,
                    Err(refused) => return Ok(Err(refused)),
                };
                let body = serde_json::to_string(&state).map_err(unwritable)?;
                conn.execute(
                    "INSERT INTO device_state (device_id, body) VALUES (?1, ?2)
                     ON CONFLICT (device_id) DO UPDATE SET body = excluded.body",
                    params![device_id, body],
                )?;
                Ok(Ok(answer))
            })
            .await
            .map_err(crate::room::internal)?
    }

    /// A device's rating in `game`, as committed so far.
    pub async fn rating(&self, device_id: &str, game: GameId) -> Res<Rating> {
        let device_id = device_id.to_string();
        self.writer.run(move |conn| ratings::get(conn, &device_id, game)).await
    }

    /// Every open room with its seats and log, for a restart; a room
    /// whose options, seats or events do not read back comes as
    /// [`UnreadableRoom`], whole, never with the unreadable parts left out.
    /// Reads on a connection of its own: call it off the async threads.
    pub fn open_rooms(&self) -> Res<Vec<Result<StoredRoom, UnreadableRoom>>> {
        let conn = connect(&self.path)?;
        let rows: Vec<(String, String, Value)> = conn
            .prepare("SELECT id, code, options FROM rooms WHERE open = 1 ORDER BY rowid")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        rows.into_iter()
            .map(|(id, code, options)| read_stored(&conn, id, code, options))
            .collect()
    }

    /// A closed room, read back as [`Store::open_rooms`] does (closed rooms
    /// are not restored at start; one is reopened for a while when a late
    /// request names it). Off the async threads too.
    pub fn closed_room(&self, id: &str) -> Res<Option<Result<StoredRoom, UnreadableRoom>>> {
        let conn = connect(&self.path)?;
        let row: Option<(String, String, Value)> = conn
            .query_row(
                "SELECT id, code, options FROM rooms WHERE id = ?1 AND open = 0",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        row.map(|(id, code, options)| read_stored(&conn, id, code, options))
            .transpose()
    }
}

fn read_device_state(conn: &Connection, device_id: &str) -> Res<DeviceState> {
    let body: Option<String> = conn
        .query_row(
            "SELECT body FROM device_state WHERE device_id = ?1",
            params![device_id],
            |r| r.get(0),
        )
        .optional()?;
    match body {
        None => Ok(DeviceState::default()),
        Some(body) => serde_json::from_str(&body)
            .map_err(|e| StoreError::new(format!("device {device_id}'s stored state does not read: {e}"))),
    }
}

/// One room's seats and log, read back whole or not at all.
fn read_stored(conn: &Connection, id: String, code: String, options: Value) -> Res<Result<StoredRoom, UnreadableRoom>> {
    let seats: Vec<[Value; 3]> = conn
        .prepare_cached("SELECT slot, token_hash, device_id FROM seats WHERE room_id = ?1 ORDER BY slot")?
        .query_map(params![id], |r| Ok([r.get(0)?, r.get(1)?, r.get(2)?]))?
        .collect::<rusqlite::Result<_>>()?;
    let events: Vec<[Value; 4]> = conn
        .prepare_cached("SELECT version, body, slot, client_seq FROM events WHERE room_id = ?1 ORDER BY version")?
        .query_map(params![id], |r| Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?]))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(match read_room(options, seats, events) {
        Ok((options, seats, events)) => Ok(StoredRoom {
            id,
            code,
            options,
            seats,
            events,
        }),
        Err(why) => Err(UnreadableRoom { id, code, why }),
    })
}
