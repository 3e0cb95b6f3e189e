//! Room logs on JetStream: the stream `PAPAN_ROOMS`, one subject per room,
//! one message per commit (its events, the request that made them, the
//! seat they record; the first also the room's code and options). A commit
//! is appended only if the room's last message is the one this node last
//! read or wrote: a node that lost the room is refused (`fenced`), so two
//! nodes can never both extend a log.

use super::{failed, lock, Cluster, SUBJECT};
use crate::storage::record::{read_commit, CommitRecord, Header};
use crate::storage::types::{Entry, Logged, RatedResult, Res, StoreError, StoredRoom, UnreadableRoom};
use async_nats::header::{HeaderMap, NATS_EXPECTED_LAST_SUBJECT_SEQUENCE};
use async_nats::jetstream::context::PublishErrorKind;
use async_nats::jetstream::stream::{LastRawMessageErrorKind, RawMessageErrorKind};
use papan_api::EventKind;

/// Test hook: with this variable set, a node stops dead (abort) right
/// after a commit that ends a ranked game is acknowledged and before it
/// writes the rating, as a node killed at that instant would
/// (`tests/server/housekeeping.rs`). Never set in production.
pub const DIE_BEFORE_RATING: &str = "PAPAN_TEST_DIE_BEFORE_RATING";

/// A room's log as read back: the room (or why it does not read) and the
/// ranked results its commits carry.
pub(crate) type ReadLog = (Result<StoredRoom, UnreadableRoom>, Vec<RatedResult>);

pub(crate) fn subject(room: &str) -> String {
    format!("{SUBJECT}.{room}")
}

impl Cluster {
    /// Appends one commit to `room`'s log (and then the ratings of the
    /// games it ends, which the commit carries too; and, if it closes the
    /// room, erases the room's records from the buckets). `header` starts
    /// a new log.
    pub async fn append(&self, room: &str, header: Option<Header>, entry: Entry<'_>) -> Res<()> {
        let code = header.as_ref().map(|h| h.code.clone());
        let body = CommitRecord::new(
            header,
            entry.first_version,
            entry.events,
            entry.origin,
            entry.seat,
            &entry.rated,
        )
        .and_then(|commit| commit.encode())
        .map_err(|e| failed("a commit not stored")(&e))?;
        let expected = lock(&self.last_seq).get(room).copied().unwrap_or(0);
        let mut headers = HeaderMap::new();
        headers.insert(NATS_EXPECTED_LAST_SUBJECT_SEQUENCE, expected.to_string().as_str());
        let ack = async {
            self.js
                .publish_with_headers(subject(room), headers, body.into())
                .await?
                .await
        }
        .await;
        let ack = match ack {
            Ok(ack) => ack,
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => {
                lock(&self.last_seq).remove(room);
                return Err(StoreError::fenced(format!(
                    "room {room}: its log moved on without this node (another node owns it now)"
                )));
            }
            Err(e) => return Err(failed("appending to a room log")(&e)),
        };
        lock(&self.last_seq).insert(room.to_string(), ack.sequence);
        if !entry.rated.is_empty() && std::env::var_os(DIE_BEFORE_RATING).is_some() {
            tracing::error!(room, "{DIE_BEFORE_RATING} is set: stopping before the rating write");
            std::process::abort();
        }
        for result in &entry.rated {
            // After the commit: a result is rated once its game's end is
            // durable. If this fails (or the node dies first), the next node
            // to read the log applies it from there, once.
            if let Err(e) = self.apply_rated(room, result).await {
                tracing::error!(room, error = %e, "a rated result was not recorded");
            }
        }
        if entry.events.iter().any(|e| e.kind == EventKind::Closed) {
            // A closed room is only ever read again: its owner record, join
            // code and rated mark go (the sweep erases them if this fails).
            if let Err(e) = self.forget_closed(room, code).await {
                tracing::warn!(room, error = %e, "a closed room's records were not erased");
            }
        }
        Ok(())
    }

    /// Reads `room`'s whole log, and remembers where it ends for the next
    /// append; applies the ranked results it carries that were not (the
    /// owner may have died between a commit and its rating write). `None`
    /// if the room has no log.
    pub async fn read_room(&self, room: &str) -> Res<Option<Result<StoredRoom, UnreadableRoom>>> {
        let Some((stored, rated)) = self.read_log(room).await? else {
            return Ok(None);
        };
        if stored.is_ok() {
            self.apply_logged(room, &rated).await;
        }
        Ok(Some(stored))
    }

    /// `room`'s whole log and the ranked results in it (applied or not).
    pub(crate) async fn read_log(&self, room: &str) -> Res<Option<ReadLog>> {
        let subject = subject(room);
        let last = match self.rooms.get_last_raw_message_by_subject(&subject).await {
            Ok(message) => message.sequence,
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => return Ok(None),
            Err(e) => return Err(failed("reading a room log")(&e)),
        };
        let mut commits = Vec::new();
        let mut at = 0;
        while at < last {
            let message = self
                .rooms
                .raw_message_builder()
                .sequence(at + 1)
                .next_by_subject(subject.clone())
                .send()
                .await;
            let message = match message {
                Ok(message) => message,
                Err(e) if e.kind() == RawMessageErrorKind::NoMessageFound => break,
                Err(e) => return Err(failed("reading a room log")(&e)),
            };
            at = message.sequence;
            commits.push(read_commit(&message.payload).map_err(|e| e.to_string()));
        }
        lock(&self.last_seq).insert(room.to_string(), at);
        let mut rated = Vec::new();
        for commit in commits.iter().flatten() {
            for record in &commit.rated {
                match RatedResult::try_from(record.clone()) {
                    Ok(result) => rated.push(result),
                    Err(e) => tracing::error!(room, error = %e, "a rated result in the log does not read"),
                }
            }
        }
        Ok(Some((assemble(room, commits), rated)))
    }

    /// Whether `room`'s last commit closed it (`None`: it has no log).
    pub(crate) async fn log_closed(&self, room: &str) -> Res<Option<bool>> {
        let last = match self.rooms.get_last_raw_message_by_subject(&subject(room)).await {
            Ok(message) => message,
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => return Ok(None),
            Err(e) => return Err(failed("reading a room log")(&e)),
        };
        // A commit that does not read is not taken for closed: its room is
        // left as it is, for inspection.
        let closed = read_commit(&last.payload)
            .map(|c| {
                c.events
                    .iter()
                    .any(|e| e.event == crate::storage::record::KindRecord::Closed)
            })
            .unwrap_or(false);
        Ok(Some(closed))
    }
}

/// A room from its commits, whole, or what does not read back.
fn assemble(room: &str, commits: Vec<Result<CommitRecord, String>>) -> Result<StoredRoom, UnreadableRoom> {
    let mut header: Option<Header> = None;
    let mut seats = Vec::new();
    let mut events = Vec::new();
    let unreadable = |code: &Option<Header>, why: String| UnreadableRoom {
        id: room.to_string(),
        code: code.as_ref().map(|h| h.code.clone()).unwrap_or_default(),
        why,
    };
    for (index, commit) in commits.into_iter().enumerate() {
        let commit = commit.map_err(|e| unreadable(&header, format!("commit {} does not parse: {e}", index + 1)))?;
        if index == 0 {
            header = commit.room;
            if header.is_none() {
                return Err(unreadable(&header, "the first commit names no room".into()));
            }
        }
        if commit.first_version != events.len() as u64 + 1 {
            return Err(unreadable(
                &header,
                format!(
                    "commit {} starts at version {}, after version {}",
                    index + 1,
                    commit.first_version,
                    events.len()
                ),
            ));
        }
        if let Some(seat) = commit.seat {
            seats.push((seat.slot, seat.token_hash, seat.device_id));
        }
        for (i, record) in commit.events.into_iter().enumerate() {
            let (slot, seq) = match (i, commit.origin) {
                (0, Some((slot, seq))) => (Some(slot), Some(seq)),
                _ => (None, None),
            };
            let version = events.len() + 1;
            let event = Logged::try_from(record).map_err(|e| {
                unreadable(
                    &header,
                    format!("commit {}: event {version} does not parse: {e}", index + 1),
                )
            })?;
            events.push((event, slot, seq));
        }
    }
    let Some(header) = header else {
        return Err(unreadable(&None, "the log is empty".into()));
    };
    Ok(StoredRoom {
        id: room.to_string(),
        code: header.code,
        options: header.options,
        seats,
        events,
    })
}
