//! The link between a [`RoomSession`] and the room server: follows the room
//! (snapshot, then its event stream from that version, reconnecting by
//! itself with back-off and resuming from the last event) and sends actions
//! (retrying a lost answer with the same `client_seq`, which the server
//! answers again without playing twice). Generic over where the session
//! lives, so the same code runs in the app (a signal) and in tests.

use super::session::{Connection, RoomSession};
use crate::timer::{now_ms, sleep_ms};
use futures_util::future::{select, Either};
use papan_api::{Action, Client, ClientError, ErrorCode, EventStream};

/// Somewhere a session lives and can be changed from async code.
pub trait SessionCell: Clone + 'static {
    fn update<R>(&self, change: impl FnOnce(&mut RoomSession) -> R) -> R;
}

impl SessionCell for std::rc::Rc<std::cell::RefCell<RoomSession>> {
    fn update<R>(&self, change: impl FnOnce(&mut RoomSession) -> R) -> R {
        change(&mut self.borrow_mut())
    }
}

/// One seat's way to the server.
#[derive(Clone)]
pub struct Link {
    pub client: Client,
    pub room_id: String,
    pub seat_token: String,
}

/// Seconds without a byte on the event stream after which it counts as
/// dropped: three of the server's 15 s keep-alives missed.
pub const SILENT_STREAM_S: u32 = 45;

/// Wait before reconnect attempt `attempt` (1, 2, …): 0.5 s doubling to 8 s.
pub fn backoff_ms(attempt: u32) -> u32 {
    500u32.saturating_mul(1 << attempt.saturating_sub(1).min(4))
}

/// Refusals that mean the seat is gone for good: retrying cannot help.
fn is_fatal(error: &ClientError) -> bool {
    matches!(
        error.code(),
        Some(ErrorCode::Unauthorized | ErrorCode::Moved | ErrorCode::Forbidden | ErrorCode::NotFound | ErrorCode::Gone)
    )
}

/// Whether the page just came back to the foreground (web); phones' apps
/// wake their webview the same way.
#[derive(Default)]
struct Foreground {
    #[cfg(target_arch = "wasm32")]
    was_hidden: bool,
}

impl Foreground {
    fn returned(&mut self) -> bool {
        #[cfg(target_arch = "wasm32")]
        {
            let hidden = web_sys::window()
                .and_then(|w| w.document())
                .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Hidden);
            let returned = self.was_hidden && !hidden;
            self.was_hidden = hidden;
            returned
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            false
        }
    }
}

/// Follows the room until the player leaves (or the task is dropped with
/// its screen). Never gives up on transport errors; stops on a refusal that
/// says the seat is gone.
pub async fn follow<C: SessionCell>(link: Link, cell: C) {
    let mut attempt = 0u32;
    let mut foreground = Foreground::default();
    let mut stream: Option<EventStream> = None;
    loop {
        if cell.update(|s| s.has_left()) {
            return;
        }
        // Fetch the room, then stream from its version. A stream already
        // open stays open until the new one is, so the server never sees
        // this seat leave (no "away" flicker for the opponent).
        match link.client.snapshot(&link.room_id, &link.seat_token).await {
            Ok(snapshot) => cell.update(|s| s.on_snapshot(snapshot, now_ms())),
            Err(e) if is_fatal(&e) => return lost(&cell, &e),
            Err(_) => {
                drop(stream.take());
                back_off(&cell, &mut attempt).await;
                continue;
            }
        }
        let from = cell.update(|s| s.version());
        match link.client.subscribe(&link.room_id, &link.seat_token, from).await {
            Ok(fresh) => {
                stream = Some(fresh);
                attempt = 0;
                cell.update(|s| s.set_connection(Connection::Live));
            }
            Err(e) if is_fatal(&e) => return lost(&cell, &e),
            Err(_) => {
                drop(stream.take());
                back_off(&cell, &mut attempt).await;
                continue;
            }
        }
        let Some(events) = stream.as_mut() else { continue };
        // Read events; once a second check whether to resync or stop, and
        // whether the stream went silent (the server sends a keep-alive
        // every 15 s; a phone that changed networks may never see an error).
        let mut quiet_s = 0u32;
        let mut chunks = events.chunks_received();
        let dropped = loop {
            let next = Box::pin(events.next());
            let tick = Box::pin(sleep_ms(1000));
            let ticked = match select(next, tick).await {
                Either::Left((Some(Ok(event)), _)) => {
                    cell.update(|s| s.on_event(event, now_ms()));
                    false
                }
                Either::Left((_, _)) => break true,
                // The unfinished read is dropped here (reading is
                // cancel-safe: nothing received is lost).
                Either::Right(_) => true,
            };
            if !ticked {
                continue;
            }
            if cell.update(|s| s.has_left()) {
                return;
            }
            let now_chunks = events.chunks_received();
            quiet_s = if now_chunks == chunks { quiet_s + 1 } else { 0 };
            chunks = now_chunks;
            if quiet_s >= SILENT_STREAM_S {
                break true;
            }
            let returned = foreground.returned();
            if cell.update(|s| s.take_resync()) || returned {
                break false;
            }
        };
        if dropped {
            drop(stream.take());
            back_off(&cell, &mut attempt).await;
        } else {
            cell.update(|s| s.set_connection(Connection::Connecting));
        }
    }
}

/// Marks the link as retrying and waits before the next attempt.
async fn back_off<C: SessionCell>(cell: &C, attempt: &mut u32) {
    *attempt += 1;
    let next = *attempt;
    cell.update(|s| s.set_connection(Connection::Retrying { attempt: next }));
    sleep_ms(backoff_ms(next)).await;
}

/// The server says the seat is gone: show its reason and stop following.
fn lost<C: SessionCell>(cell: &C, error: &ClientError) {
    if error.code() == Some(ErrorCode::Moved) {
        cell.update(|s| s.set_connection(Connection::Moved));
        return;
    }
    let reason = match error {
        ClientError::Api(e) => e.message.clone(),
        other => other.to_string(),
    };
    cell.update(|s| s.set_connection(Connection::Lost(reason)));
}

/// Sends `action` for the session's seat. The session shows the outcome:
/// the new snapshot, or the server's reason (the board rolls back).
pub async fn send<C: SessionCell>(link: Link, cell: C, action: Action) -> Result<(), &'static str> {
    let request = cell.update(|s| s.begin(action, now_ms()))?;
    for attempt in 1..=4u32 {
        match link.client.act(&link.room_id, &link.seat_token, &request).await {
            Ok(accepted) => {
                cell.update(|s| s.on_accepted(request.client_seq, accepted, now_ms()));
                return Ok(());
            }
            Err(ClientError::Api(error)) => {
                cell.update(|s| s.on_refused(request.client_seq, error));
                return Ok(());
            }
            // No answer: the same request again is harmless (same client_seq).
            Err(_) => sleep_ms(backoff_ms(attempt)).await,
        }
    }
    cell.update(|s| s.on_send_failed(request.client_seq));
    Ok(())
}
