//! The one thread that writes to SQLite. Requests from every room queue
//! up while a batch is being written; the next batch takes all of them
//! (group commit) in one transaction, each request under a savepoint of its
//! own so that one refused write (a join code already taken) leaves the
//! others. A request is answered only after its batch has committed: with
//! WAL, a committed transaction is in the log file, so a SIGKILL after the
//! answer loses nothing. Async tasks never wait on SQLite; they await the
//! answer.
//!
//! Checkpoints (copying the WAL into the database file, with an fsync of
//! each) run on a thread of their own, on a connection of their own, never
//! inside a commit: SQLite's automatic checkpoint would run in the writer's
//! `COMMIT` every 1,000 pages and hold every queued request for its page
//! writes and two fsyncs — 20 to 700 ms on a busy disk, the load test's
//! p99. A passive checkpoint runs beside the writer without blocking it.

use crate::storage::types::{Res, StoreError};
use rusqlite::Connection;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// At most this many requests share a transaction.
const BATCH: usize = 1024;

/// A batch that takes longer is logged (a warning): every request in it
/// waited that long for its answer.
const SLOW_BATCH: Duration = Duration::from_millis(20);

/// At most one checkpoint this often, while batches are being written.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// A request, run inside the batch's transaction; what it returns tells its
/// caller the outcome once the batch is durable (or not).
type Work = Box<dyn FnOnce(&Connection) -> Reply + Send>;
type Reply = Box<dyn FnOnce(Res<()>) + Send>;

pub struct Writer {
    queue: mpsc::Sender<Work>,
}

impl Writer {
    /// Starts the writer thread on `conn` (its automatic checkpoints off)
    /// and the checkpointer on `checkpoints`, a second connection to the same
    /// database; both end when the writer is dropped.
    pub fn start(conn: Connection, checkpoints: Connection) -> std::io::Result<Writer> {
        conn.pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(std::io::Error::other)?;
        let (queue, requests) = mpsc::channel::<Work>();
        // One pending nudge is enough: the checkpoint takes whatever is there.
        let (nudge, nudges) = mpsc::sync_channel::<()>(1);
        std::thread::Builder::new()
            .name("papan-store-checkpoint".into())
            .spawn(move || checkpoint_now_and_then(&checkpoints, &nudges))?;
        std::thread::Builder::new()
            .name("papan-store-writer".into())
            .spawn(move || write_batches(&conn, &requests, &nudge))?;
        Ok(Writer { queue })
    }

    /// Runs `work` in the next batch; its result once that batch committed.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce(&Connection) -> Res<T> + Send + 'static) -> Res<T> {
        let (answer, answered) = oneshot::channel();
        let job: Work = Box::new(move |conn| {
            let result = within_savepoint(conn, work);
            Box::new(move |committed: Res<()>| {
                let _ = answer.send(committed.and(result));
            })
        });
        self.queue.send(job).map_err(|_| StoreError::not_written())?;
        answered.await.map_err(|_| StoreError::not_written())?
    }
}

fn within_savepoint<T>(conn: &Connection, work: impl FnOnce(&Connection) -> Res<T>) -> Res<T> {
    conn.execute_batch("SAVEPOINT request")?;
    let result = work(conn);
    let end = if result.is_ok() {
        "RELEASE request"
    } else {
        "ROLLBACK TO request; RELEASE request"
    };
    conn.execute_batch(end)?;
    result
}

/// Checkpoints passively (never waiting on the writer, never making it
/// wait) after batches were written, at most every [`CHECKPOINT_EVERY`].
fn checkpoint_now_and_then(conn: &Connection, nudges: &mpsc::Receiver<()>) {
    let mut last = Instant::now();
    while nudges.recv().is_ok() {
        std::thread::sleep(CHECKPOINT_EVERY.saturating_sub(last.elapsed()));
        while nudges.try_recv().is_ok() {}
        let done = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
            Ok((r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))
        });
        match done {
            Ok((frames, copied)) => tracing::debug!(frames, copied, "checkpoint"),
            Err(e) => tracing::warn!(error = %e, "a checkpoint failed; the next one takes its pages"),
        }
        last = Instant::now();
    }
}

fn write_batches(conn: &Connection, requests: &mpsc::Receiver<Work>, nudge: &mpsc::SyncSender<()>) {
    while let Ok(first) = requests.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match requests.try_recv() {
                Ok(work) => batch.push(work),
                Err(_) => break,
            }
        }
        if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
            // Nothing of this batch ran: dropping a request answers its
            // caller that it was not written.
            tracing::error!(error = %e, requests = batch.len(), "a batch could not begin");
            drop(batch);
            continue;
        }
        let began = Instant::now();
        let requests = batch.len();
        let replies: Vec<Reply> = batch.into_iter().map(|work| work(conn)).collect();
        let worked = began.elapsed();
        let committed = conn.execute_batch("COMMIT").map_err(StoreError::from);
        let took = began.elapsed();
        if took >= SLOW_BATCH {
            tracing::warn!(
                requests,
                work_ms = worked.as_secs_f64() * 1e3,
                commit_ms = (took - worked).as_secs_f64() * 1e3,
                "a slow batch: every request in it waited"
            );
        }
        if committed.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for reply in replies {
            reply(committed.clone());
        }
        let _ = nudge.try_send(());
    }
}
