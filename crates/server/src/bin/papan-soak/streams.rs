//! A seat's event stream, followed for the life of a table: dropped at
//! random moments and resumed with `Last-Event-ID`, across server
//! restarts. The logged events it receives must come one version after
//! another, none missing and none twice.

use crate::driver::{Ctx, TableEnd};
use crate::ledger::RoomIx;
use crate::wire::{room_gone, SeatKeys};
use papan_api::{Client, ClientError, EventKind};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{sleep, sleep_until, Instant};

pub enum StreamEnd {
    /// Every event up to the table's last version arrived.
    Complete,
    /// The stream stopped short, and why.
    Short(String),
}

/// How long a stream may take to catch up once the table's last version
/// is known (it may have to wait for a restart).
const CATCH_UP: Duration = Duration::from_secs(60);

pub async fn follow(
    ctx: Arc<Ctx>,
    room_id: String,
    ix: RoomIx,
    slot: u8,
    keys: SeatKeys,
    mut last_version: watch::Receiver<Option<TableEnd>>,
    seed: u64,
) -> StreamEnd {
    let mut rng = StdRng::seed_from_u64(seed);
    let client = Client::new(&ctx.http.base).with_device_token(keys.device_token.clone());
    let mut received = 0u64;
    let mut catch_up_by: Option<Instant> = None;
    // Whether the table's last version has arrived here.
    let done = |received: u64, target: Option<TableEnd>| target.is_some_and(|t| received >= t.version);
    loop {
        let target = *last_version.borrow();
        if done(received, target) {
            return StreamEnd::Complete;
        }
        if target.is_some() {
            let by = *catch_up_by.get_or_insert_with(|| Instant::now() + CATCH_UP);
            if Instant::now() > by {
                return StreamEnd::Short(format!(
                    "slot {slot}'s stream reached v{received} of v{}",
                    target.map_or(0, |t| t.version)
                ));
            }
        }
        let mut stream = match client.subscribe(&room_id, &keys.seat_token, Some(received)).await {
            Ok(stream) => stream,
            Err(e) => {
                if let Some(code) = e.code() {
                    ctx.ledger.status(code.http_status(), "a subscription");
                    if room_gone(&e) {
                        // A room left while this stream was away, then the
                        // server restarted: closed rooms are not restored.
                        if target.is_some_and(|t| t.closed) {
                            ctx.ledger
                                .count("streams that found their closed room gone after a restart");
                            return StreamEnd::Complete;
                        }
                        return StreamEnd::Short(format!("slot {slot}'s stream: the room is gone ({e})"));
                    }
                }
                sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        ctx.ledger.count("streams opened");
        let drop_at = Instant::now() + Duration::from_millis(rng.random_range(300..4_000));
        loop {
            tokio::select! {
                next = stream.next() => match next {
                    Some(Ok(event)) => {
                        ctx.ledger.count("events received");
                        if event.kind.is_logged() {
                            if event.version != received + 1 {
                                ctx.ledger.fail(format!(
                                    "room {ix} slot {slot}: v{} came after v{received}",
                                    event.version
                                ));
                            }
                            received = event.version;
                        }
                        ctx.ledger.saw(ix, &event.snapshot, "event");
                        if event.kind == EventKind::Closed {
                            return StreamEnd::Complete;
                        }
                    }
                    Some(Err(ClientError::Decode { message, .. })) => {
                        ctx.ledger.fail(format!("room {ix} slot {slot}: an event that does not read: {message}"));
                        break;
                    }
                    // The connection died (a restart) or the server ended it.
                    Some(Err(_)) | None => break,
                },
                _ = sleep_until(drop_at) => {
                    ctx.ledger.count("streams dropped and resumed");
                    break;
                }
                changed = last_version.changed() => {
                    if changed.is_err() {
                        return StreamEnd::Complete;
                    }
                }
            }
            if done(received, *last_version.borrow()) {
                return StreamEnd::Complete;
            }
        }
    }
}
