//! Carrying this device's online games to another phone (the server's
//! `/v1/transfer`, see its API.md): the old phone asks for a one-time code
//! ([`offer`]) with the seats it keeps; the new phone claims it
//! ([`receive`]), keeps those seats and acts as the old device from then
//! on. The old phone learns it from the server (`moved`, on its next
//! request): [`mark_moved`] notes it per server, so its screens say so and
//! stop asking, and it never registers itself again over it.

use super::account::{self, ActiveSeat};
use super::open_games;
use crate::i18n::key;
use crate::storage::Store;
use papan_api::{normalize_transfer_code, ClientError, ErrorCode, RoomStatus, SeatGrant, SeatRef, TransferOffer};

/// The servers this device's games moved away from.
const MOVED_KEY: &str = "online-moved";

/// The link that opens the claim on the new phone: the app's own address
/// (the one this page was served from) with the code in its hash route.
pub fn transfer_link(base: &str, code: &str) -> String {
    let base = base.split('#').next().unwrap_or(base);
    format!("{base}#/transfer/{code}")
}

/// Whether this device's games on `server` were moved to another device.
pub fn is_moved(store: &Store, server: &str) -> bool {
    moved_servers(store).iter().any(|s| s == server)
}

fn moved_servers(store: &Store) -> Vec<String> {
    store.load(MOVED_KEY).ok().flatten().unwrap_or_default()
}

/// Notes that the server answered `moved`: this device no longer holds its
/// games there.
pub fn mark_moved(store: &Store, server: &str) {
    let mut servers = moved_servers(store);
    if !servers.iter().any(|s| s == server) {
        servers.push(server.to_string());
        if let Err(e) = store.save(MOVED_KEY, &servers) {
            crate::diag::warn(&format!("could not note the moved games: {e}"));
        }
    }
}

fn clear_moved(store: &Store, server: &str) {
    let mut servers = moved_servers(store);
    let before = servers.len();
    servers.retain(|s| s != server);
    if servers.len() != before {
        if let Err(e) = store.save(MOVED_KEY, &servers) {
            crate::diag::warn(&format!("could not note the received games: {e}"));
        }
    }
}

/// The seats this device keeps on `server`.
fn seats_on(store: &Store, server: &str) -> Vec<ActiveSeat> {
    open_games::kept_seats(store)
        .into_iter()
        .filter(|s| s.server == server)
        .collect()
}

/// A new code for the seats kept on the server in use (it replaces the
/// last one made here).
pub async fn offer(store: &Store) -> Result<TransferOffer, ClientError> {
    let server = account::server(store);
    let seats: Vec<SeatRef> = seats_on(store, &server)
        .into_iter()
        .map(|s| SeatRef {
            room_id: s.grant.room_id,
            seat_token: s.grant.seat_token,
        })
        .collect();
    account::with_client(store, &server, move |client| {
        let seats = seats.clone();
        async move { client.start_transfer(&seats).await }
    })
    .await
}

/// Why games could not be received: a Fluent key of this app, or the
/// server's refusal.
#[derive(Debug)]
pub enum ReceiveError {
    Refused(&'static str),
    Server(ClientError),
}

/// The message key for a refusal by the server (its error code), if it has
/// one of its own.
pub fn refusal_key(error: &ClientError) -> Option<&'static str> {
    Some(match error.code()? {
        ErrorCode::TransferUnknown => key("transfer-unknown"),
        ErrorCode::TransferUsed => key("transfer-used"),
        ErrorCode::TransferExpired => key("transfer-expired"),
        ErrorCode::RateLimited => key("transfer-too-many"),
        ErrorCode::Malformed => key("transfer-malformed"),
        ErrorCode::Conflict => key("transfer-own"),
        ErrorCode::Moved => key("transfer-moved-here"),
        _ => return None,
    })
}

/// Claims `code` on the server in use: refused here when the code does not
/// read or when this phone already keeps online games there (they would
/// be given up with its own identity). Keeps the seats that arrived and
/// returns them.
pub async fn receive(store: &Store, code: &str) -> Result<Vec<ActiveSeat>, ReceiveError> {
    let code = normalize_transfer_code(code).map_err(|_| ReceiveError::Refused(key("transfer-malformed")))?;
    let server = account::server(store);
    if !seats_on(store, &server).is_empty() {
        return Err(ReceiveError::Refused(key("transfer-has-games")));
    }
    // A phone whose own games moved away registers afresh to receive.
    let client = if is_moved(store, &server) {
        account::register_again(store, &server).await
    } else {
        account::client(store, &server).await
    }
    .map_err(ReceiveError::Server)?;
    let claimed = client.claim_transfer(&code).await.map_err(ReceiveError::Server)?;
    account::adopt(store, &server, &claimed.device_id);
    clear_moved(store, &server);
    let mut arrived = Vec::new();
    for seat in claimed.seats {
        // The game, code and slot of each seat, from the room itself.
        let snapshot = match client.snapshot(&seat.room_id, &seat.seat_token).await {
            Ok(snapshot) => snapshot,
            Err(e) => {
                crate::diag::warn(&format!("a received seat does not answer: {e}"));
                continue;
            }
        };
        let kept = ActiveSeat {
            server: server.clone(),
            game: snapshot.options.game(),
            grant: SeatGrant {
                room_id: snapshot.room_id,
                code: snapshot.code,
                slot: snapshot.slot,
                seat_token: seat.seat_token,
            },
            matchmaking: false,
            finished: snapshot.status == RoomStatus::Over,
        };
        if let Err(e) = account::keep_seat(store, &kept) {
            crate::diag::warn(&format!("could not keep a received seat: {e}"));
            continue;
        }
        arrived.push(kept);
    }
    Ok(arrived)
}
