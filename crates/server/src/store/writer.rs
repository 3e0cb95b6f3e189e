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
//!
//! But a passive checkpoint never catches up with a writer that commits
//! every few milliseconds, and SQLite starts the WAL file over only once
//! every frame in it was copied: under steady load the WAL grew without
//! end (300 MB in the load test's ten seconds, and on, until the disk is
//! full). So once the WAL passes [`WAL_LIMIT`] the writer itself, between
//! two batches, copies the few frames the last background checkpoint left;
//! its next batch then writes the WAL from the start, over blocks already
//! allocated. That costs the requests queued meanwhile one short
//! checkpoint, once per [`WAL_LIMIT`] written.

use crate::storage::types::{Res, StoreError};
use rusqlite::Connection;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// At most this many requests share a transaction.
const BATCH: usize = 1024;

/// A batch that takes longer is logged (a warning): every request in it
/// waited that long for its answer.
const SLOW_BATCH: Duration = Duration::from_millis(20);

/// At most one checkpoint this often, while batches are being written.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// The WAL is started over once it holds this much (see the module's
/// comment), and truncated back to it if it grew past.
pub const WAL_LIMIT: u64 = 256 << 20;

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
    /// database; both end when the writer is dropped. The WAL is started over
    /// once it holds `wal_limit` bytes ([`WAL_LIMIT`] but in tests).
    pub fn start(conn: Connection, checkpoints: Connection, wal_limit: u64) -> std::io::Result<Writer> {
        conn.pragma_update(None, "wal_autocheckpoint", 0)
            .and_then(|()| conn.pragma_update(None, "journal_size_limit", wal_limit as i64))
            .map_err(std::io::Error::other)?;
        let frame_bytes = conn
            .query_row("PRAGMA page_size", [], |r| r.get::<_, u64>(0))
            .map_err(std::io::Error::other)?
            + 24;
        let wal = Wal {
            frames: Arc::new(AtomicU64::new(0)),
            limit_frames: wal_limit / frame_bytes,
        };
        let (queue, requests) = mpsc::channel::<Work>();
        // One pending nudge is enough: the checkpoint takes whatever is there.
        let (nudge, nudges) = mpsc::sync_channel::<()>(1);
        let frames = wal.frames.clone();
        std::thread::Builder::new()
            .name("papan-store-checkpoint".into())
            .spawn(move || checkpoint_now_and_then(&checkpoints, &nudges, &frames))?;
        std::thread::Builder::new()
            .name("papan-store-writer".into())
            .spawn(move || write_batches(&conn, &requests, &nudge, &wal))?;
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

/// How long the WAL is, as the last checkpoint saw it, and how long it may
/// grow before the writer starts it over.
struct Wal {
    frames: Arc<AtomicU64>,
    limit_frames: u64,
}

/// A passive checkpoint on `conn`: the WAL's length in frames, and whether
/// every one of them is now in the database file (the next write then
/// starts the WAL over). `None` if another checkpoint was running.
fn checkpoint(conn: &Connection) -> rusqlite::Result<Option<(u64, bool)>> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
        let (busy, frames, copied) = (r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?);
        Ok((busy == 0 && frames >= 0).then_some((frames as u64, frames == copied)))
    })
}

fn within_savepoint<T>(conn: &Connection, work: impl FnOnce(&Connection) -> Res<T>) -> Res<T> {
    run_cached(conn, "SAVEPOINT request")?;
    let result = work(conn);
    if result.is_err() {
        run_cached(conn, "ROLLBACK TO request")?;
    }
    run_cached(conn, "RELEASE request")?;
    result
}

/// Runs one statement, parsed once per connection (the writer runs the same
/// few thousands of times a second).
fn run_cached(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(drop)
}

/// Checkpoints passively (never waiting on the writer, never making it
/// wait) after batches were written, at most every [`CHECKPOINT_EVERY`];
/// tells the writer how long the WAL is.
fn checkpoint_now_and_then(conn: &Connection, nudges: &mpsc::Receiver<()>, wal_frames: &AtomicU64) {
    let mut last = Instant::now();
    while nudges.recv().is_ok() {
        std::thread::sleep(CHECKPOINT_EVERY.saturating_sub(last.elapsed()));
        while nudges.try_recv().is_ok() {}
        match checkpoint(conn) {
            Ok(Some((frames, all))) => {
                tracing::debug!(frames, all, "checkpoint");
                wal_frames.store(frames, Ordering::Relaxed);
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "a checkpoint failed; the next one takes its pages"),
        }
        last = Instant::now();
    }
}

/// Copies what the background checkpoint left, so that the next batch
/// starts the WAL over (see the module's comment). Tried once per report of
/// the background checkpoint, whatever comes of it: a reader still on an
/// old snapshot, or the background checkpoint running, must not make the
/// writer checkpoint (and fsync) after every batch until it succeeds.
fn start_wal_over(conn: &Connection, wal: &Wal) {
    wal.frames.store(0, Ordering::Relaxed);
    let began = Instant::now();
    match checkpoint(conn) {
        Ok(Some((frames, true))) => {
            let took = began.elapsed();
            if took >= SLOW_BATCH {
                tracing::warn!(
                    frames,
                    ms = took.as_secs_f64() * 1e3,
                    "the WAL was started over, slowly"
                );
            } else {
                tracing::debug!(frames, ms = took.as_secs_f64() * 1e3, "the WAL was started over");
            }
        }
        Ok(_) => tracing::debug!("the WAL could not be started over yet"),
        Err(e) => tracing::warn!(error = %e, "the WAL could not be started over"),
    }
}

fn write_batches(conn: &Connection, requests: &mpsc::Receiver<Work>, nudge: &mpsc::SyncSender<()>, wal: &Wal) {
    while let Ok(first) = requests.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match requests.try_recv() {
                Ok(work) => batch.push(work),
                Err(_) => break,
            }
        }
        if let Err(e) = run_cached(conn, "BEGIN IMMEDIATE") {
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
        let committed = run_cached(conn, "COMMIT").map_err(StoreError::from);
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
            let _ = run_cached(conn, "ROLLBACK");
        }
        for reply in replies {
            reply(committed.clone());
        }
        if wal.frames.load(Ordering::Relaxed) >= wal.limit_frames {
            start_wal_over(conn, wal);
        }
        let _ = nudge.try_send(());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(path: &std::path::Path) -> Connection {
        let conn = Connection::open(path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.pragma_update(None, "synchronous", "NORMAL").unwrap();
        conn
    }

    /// How many times the WAL was started over: the checkpoint sequence
    /// number in its header (bytes 12–15, big-endian).
    fn wal_restarts(path: &std::path::Path) -> u32 {
        let header = std::fs::read(path).unwrap();
        u32::from_be_bytes(header[12..16].try_into().unwrap())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_wal_is_started_over_under_steady_writes_and_nothing_is_lost() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("wal.db");
        let conn = open(&path);
        conn.execute_batch("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            .unwrap();
        let writer = Arc::new(Writer::start(conn, open(&path), 256 << 10).unwrap());
        // Eight writers that never pause, past two background checkpoints:
        // the writer always has a batch queued, so a passive checkpoint
        // never copies the whole WAL and SQLite alone would never start it
        // over.
        let next = Arc::new(AtomicU64::new(0));
        let until = Instant::now() + CHECKPOINT_EVERY * 3;
        let writers: Vec<_> = (0..8)
            .map(|_| {
                let (writer, next) = (writer.clone(), next.clone());
                tokio::spawn(async move {
                    while Instant::now() < until {
                        let id = next.fetch_add(1, Ordering::Relaxed) as i64;
                        writer
                            .run(move |c| {
                                c.execute(
                                    "INSERT INTO rows (id, body) VALUES (?1, ?2)",
                                    rusqlite::params![id, "x".repeat(900)],
                                )?;
                                Ok(())
                            })
                            .await
                            .unwrap();
                    }
                })
            })
            .collect();
        tokio::time::sleep(CHECKPOINT_EVERY * 5 / 2).await;
        let restarts = wal_restarts(&dir.path().join("wal.db-wal"));
        for w in writers {
            w.await.unwrap();
        }
        let written = next.load(Ordering::Relaxed) as i64;
        assert!(
            restarts >= 1,
            "the WAL was never started over while {written} rows were written"
        );
        let rows: i64 = open(&path)
            .query_row("SELECT COUNT(*) FROM rows", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, written, "every committed row is in the database");
    }
}
