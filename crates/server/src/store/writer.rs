//! The one thread that writes to SQLite. Requests from every room queue
//! up while a batch is being written; the next batch takes all of them
//! (group commit) in one transaction, each request under a savepoint of its
//! own so that one refused write (a join code already taken) leaves the
//! others. A request is answered only after its batch has committed: with
//! WAL, a committed transaction is in the log file, so a SIGKILL after the
//! answer loses nothing. Async tasks never wait on SQLite; they await the
//! answer.

use super::{Res, StoreError};
use rusqlite::Connection;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// At most this many requests share a transaction.
const BATCH: usize = 1024;

/// A request, run inside the batch's transaction; what it returns tells its
/// caller the outcome once the batch is durable (or not).
type Work = Box<dyn FnOnce(&Connection) -> Reply + Send>;
type Reply = Box<dyn FnOnce(Res<()>) + Send>;

pub struct Writer {
    queue: mpsc::Sender<Work>,
}

impl Writer {
    /// Starts the writer thread on `conn`; it ends when the writer is dropped.
    pub fn start(conn: Connection) -> std::io::Result<Writer> {
        let (queue, requests) = mpsc::channel::<Work>();
        std::thread::Builder::new()
            .name("papan-store-writer".into())
            .spawn(move || write_batches(&conn, &requests))?;
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

fn write_batches(conn: &Connection, requests: &mpsc::Receiver<Work>) {
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
        let replies: Vec<Reply> = batch.into_iter().map(|work| work(conn)).collect();
        let committed = conn.execute_batch("COMMIT").map_err(StoreError::from);
        if committed.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for reply in replies {
            reply(committed.clone());
        }
    }
}
