//! Closed rooms leave the key-value buckets. A room that lives for weeks
//! ends closed (a player left); what the buckets held for it while it ran
//! (its owner record in `papan-owners`, its join code in `papan-codes`, its
//! rated mark in `papan-rated`) would otherwise stay forever. They are
//! erased right after the commit that closes the room, and an hourly sweep
//! (every node runs it; erasing is idempotent) erases what a node that died
//! at that moment left behind.
//!
//! The room's log stays in the stream: a late request for a closed room
//! (its owner record gone) is answered from the log, read-only, by the node
//! asked ([`Cluster::read_closed`]); a closed room never writes again.

use super::log::subject;
use super::{current, erase, failed, plain_id, Cluster};
use crate::storage::record::read_commit;
use crate::storage::types::{Res, StoredRoom, UnreadableRoom};
use async_nats::jetstream::{kv, stream::RawMessageErrorKind};
use futures_util::TryStreamExt;
use std::sync::Arc;
use std::time::Duration;

/// How often each node sweeps.
pub const SWEEP_EVERY: Duration = Duration::from_secs(3600);

/// What one sweep erased.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Owner records of closed rooms (with their codes and marks).
    pub rooms: usize,
    /// Join codes of closed rooms whose owner record was gone already.
    pub codes: usize,
    /// Rated marks of closed rooms whose owner record was gone already.
    pub marks: usize,
}

async fn keys(bucket: &kv::Store, what: &str) -> Res<Vec<String>> {
    let listed = bucket.keys().await.map_err(|e| failed(what)(&e))?;
    listed.try_collect().await.map_err(|e| failed(what)(&e))
}

impl Cluster {
    /// Erases closed `room`'s owner record, join code (`code`, or the one
    /// its log starts with) and rated mark. Idempotent.
    pub async fn forget_closed(&self, room: &str, code: Option<String>) -> Res<()> {
        erase(&self.owners, room, "erasing a closed room's owner").await?;
        self.forget_owner(room);
        let code = match code {
            Some(code) => Some(code),
            None => self.code_of(room).await?,
        };
        if let Some(code) = code {
            self.erase_code(&code, room).await?;
        }
        erase(&self.rated, room, "erasing a closed room's rated mark").await
    }

    /// Erases join code `code` if it still names `room`.
    async fn erase_code(&self, code: &str, room: &str) -> Res<bool> {
        let entry = current(&self.codes, code, "reading a join code").await?;
        if entry.is_some_and(|e| e.value.as_ref() == room.as_bytes()) {
            erase(&self.codes, code, "erasing a closed room's code").await?;
            return Ok(true);
        }
        Ok(false)
    }

    /// The join code `room`'s log starts with (its first commit).
    async fn code_of(&self, room: &str) -> Res<Option<String>> {
        let first = self
            .rooms
            .raw_message_builder()
            .sequence(1)
            .next_by_subject(subject(room))
            .send()
            .await;
        let message = match first {
            Ok(message) => message,
            Err(e) if e.kind() == RawMessageErrorKind::NoMessageFound => return Ok(None),
            Err(e) => return Err(failed("reading a room log")(&e)),
        };
        Ok(read_commit(&message.payload).ok().and_then(|c| c.room).map(|h| h.code))
    }

    /// A closed room read back from its log, without taking it (a closed
    /// room is only read); `None` if it has no log or is not closed.
    pub async fn read_closed(&self, room: &str) -> Res<Option<Result<StoredRoom, UnreadableRoom>>> {
        if !plain_id(room) || self.log_closed(room).await? != Some(true) {
            return Ok(None);
        }
        Ok(self.read_log(room).await?.map(|(stored, _)| stored))
    }

    /// Erases what closed rooms left in the buckets: for each owner record,
    /// join code and rated mark, one read of the room's last commit (the
    /// cost of a sweep: one small read per open room, code and mark). A
    /// closed room still owned has its ranked results applied first (its
    /// owner may have died before writing them).
    pub async fn sweep(&self) -> Res<Swept> {
        let mut swept = Swept::default();
        for room in keys(&self.owners, "listing room owners").await? {
            if self.log_closed(&room).await? != Some(true) {
                continue;
            }
            let mut code = None;
            if let Some((Ok(stored), rated)) = self.read_log(&room).await? {
                self.apply_logged(&room, &rated).await;
                code = Some(stored.code);
            }
            self.forget_closed(&room, code).await?;
            swept.rooms += 1;
        }
        for code in keys(&self.codes, "listing join codes").await? {
            let Some(entry) = current(&self.codes, &code, "reading a join code").await? else {
                continue;
            };
            let Ok(room) = String::from_utf8(entry.value.to_vec()) else {
                continue;
            };
            if self.log_closed(&room).await? == Some(true) && self.erase_code(&code, &room).await? {
                swept.codes += 1;
            }
        }
        for room in keys(&self.rated, "listing rated marks").await? {
            if self.log_closed(&room).await? == Some(true) {
                erase(&self.rated, &room, "erasing a closed room's rated mark").await?;
                swept.marks += 1;
            }
        }
        Ok(swept)
    }
}

/// Sweeps every [`SWEEP_EVERY`] while the node runs (the first a while
/// after start, so that nodes started together do not sweep together).
pub async fn sweep_every(cluster: Arc<Cluster>, every: Duration) {
    let offset = crate::secrets::seed() % every.as_millis().max(1) as u64;
    tokio::time::sleep(Duration::from_millis(offset)).await;
    loop {
        match cluster.sweep().await {
            Ok(swept) if swept == Swept::default() => {}
            Ok(swept) => tracing::info!(?swept, "closed rooms' leftovers erased"),
            Err(e) => tracing::warn!(error = %e, "the sweep of closed rooms failed; next time"),
        }
        tokio::time::sleep(every).await;
    }
}
