//! Native builds: the job runs on a thread of its own; the future awaits
//! its reply.

use papan_worker::{Reply, Request};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Runs `request` to its end on a thread; `None` when cancelled (or the
/// request was refused, which is logged).
pub(super) async fn run(request: Request, cancel: Arc<AtomicBool>) -> Option<Reply> {
    let (sender, receiver) = crate::oneshot::channel();
    let flag = cancel.clone();
    std::thread::spawn(move || match super::run_here(&request, &flag) {
        Ok(Some(reply)) => sender.send(reply),
        Ok(None) => {}
        Err(e) => crate::diag::warn(&format!("bot: {e}")),
    });
    let reply = receiver.await?;
    (!cancel.load(Ordering::Relaxed)).then_some(reply)
}
