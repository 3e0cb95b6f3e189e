//! Carrying a device's games to another device (`POST /v1/transfer`,
//! `POST /v1/transfer/claim`): the old device gets a one-time code; the
//! device that claims it acts as the old one from then on (the seats are
//! the old device's, bound to its id, and so are its ratings and its
//! correspondence games), and the old device's token is answered `moved`.
//!
//! The code is stored only as its SHA-256. The seat tokens travelling with
//! it are stored sealed with the code itself (a SHA-256 keystream), so the
//! stored record alone does not give them away; they are handed to the
//! claiming device once. Guessing is bounded ([`Guesses`]): a wrong code
//! costs the device one of 5 tries a minute and the node one of 60.

use crate::secrets;
use crate::shared::Shared;
use crate::storage::transfer::TransferRecord;
use papan_api::fairness::to_hex;
use papan_api::{
    normalize_transfer_code, ApiError, ErrorCode, SeatRef, TransferClaimed, TransferOffer, TRANSFER_TTL_MS,
};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Wrong codes a device may try in [`GUESS_WINDOW`].
pub const GUESSES_PER_DEVICE: usize = 5;
/// Wrong codes all devices together may try on one node in [`GUESS_WINDOW`].
pub const GUESSES_PER_NODE: usize = 60;
const GUESS_WINDOW: Duration = Duration::from_secs(60);

/// The wrong codes tried lately, per device and on this node.
#[derive(Default)]
pub struct Guesses {
    inner: Mutex<GuessLog>,
}

#[derive(Default)]
struct GuessLog {
    node: VecDeque<Instant>,
    devices: HashMap<String, VecDeque<Instant>>,
}

fn recent(log: &mut VecDeque<Instant>, now: Instant) -> usize {
    while log.front().is_some_and(|t| now.duration_since(*t) >= GUESS_WINDOW) {
        log.pop_front();
    }
    log.len()
}

impl Guesses {
    fn log(&self) -> std::sync::MutexGuard<'_, GuessLog> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Refuses a claim (429) while the device or the node used up its
    /// wrong codes of the last minute; checked before the code is looked at,
    /// so even the right code waits.
    pub fn check(&self, device: &str) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut log = self.log();
        if recent(&mut log.node, now) >= GUESSES_PER_NODE {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                "too many wrong transfer codes on this server: try again in a minute",
            ));
        }
        let mine = log.devices.get_mut(device).map_or(0, |l| recent(l, now));
        if mine >= GUESSES_PER_DEVICE {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!("{GUESSES_PER_DEVICE} wrong transfer codes in a minute: wait a minute and check the code"),
            ));
        }
        Ok(())
    }

    fn wrong(&self, device: &str) {
        let now = Instant::now();
        let mut log = self.log();
        if log.devices.len() > 100_000 {
            log.devices.retain(|_, l| recent(l, now) > 0); // bounded memory
        }
        log.node.push_back(now);
        log.devices.entry(device.to_string()).or_default().push_back(now);
    }
}

/// XORs `bytes` with a keystream drawn from the code: SHA-256 of a domain
/// tag, the code and a block counter (the code's stored hash has no tag,
/// so it says nothing of the keystream). Sealing and opening are the same.
fn keystream_xor(code: &str, bytes: &mut [u8]) {
    for (block, chunk) in bytes.chunks_mut(32).enumerate() {
        let key = Sha256::new()
            .chain_update(b"papan-transfer-seats\0")
            .chain_update(code.as_bytes())
            .chain_update((block as u64).to_be_bytes())
            .finalize();
        for (b, k) in chunk.iter_mut().zip(key.iter()) {
            *b ^= k;
        }
    }
}

fn seal(code: &str, seats: &[SeatRef]) -> Result<String, ApiError> {
    let mut bytes = serde_json::to_vec(seats).map_err(crate::room::internal)?;
    keystream_xor(code, &mut bytes);
    Ok(to_hex(&bytes))
}

fn open(code: &str, sealed: &str) -> Result<Vec<SeatRef>, ApiError> {
    let unreadable = || ApiError::new(ErrorCode::Internal, "the seats of this transfer do not read back");
    if !sealed.len().is_multiple_of(2) {
        return Err(unreadable());
    }
    let mut bytes = (0..sealed.len())
        .step_by(2)
        .map(|i| sealed.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(unreadable)?;
    keystream_xor(code, &mut bytes);
    serde_json::from_slice(&bytes).map_err(|_| unreadable())
}

impl Shared {
    /// A new transfer code for `device` (its token hash `token_hash`), with
    /// the seats it holds: each is checked to be the device's (one that is
    /// not refuses it all, nothing stored); rooms that no longer exist stay
    /// behind. It replaces the device's previous code.
    pub async fn start_transfer(
        self: &Arc<Self>,
        device: &str,
        token_hash: &str,
        seats: Vec<SeatRef>,
    ) -> Result<TransferOffer, ApiError> {
        let summary = self.seats_summary(device, seats.clone()).await?;
        let seats: Vec<SeatRef> = seats
            .into_iter()
            .filter(|seat| !summary.gone.contains(&seat.room_id))
            .collect();
        let code = secrets::transfer_code();
        let record = TransferRecord {
            v: 1,
            device_id: device.to_string(),
            token_hash: token_hash.to_string(),
            seats: seal(&code, &seats)?,
            expires_ms: self.config.wall.now_ms() + TRANSFER_TTL_MS,
            claimed: false,
        };
        self.store
            .put_transfer(&secrets::hash_token(&code), record)
            .await
            .map_err(crate::room::internal)?;
        tracing::info!(device = %device, seats = seats.len(), "transfer code made");
        Ok(TransferOffer {
            code,
            expires_in_ms: TRANSFER_TTL_MS,
            seats: seats.len(),
        })
    }

    /// Claims `code` for `device` (token hash `token_hash`): a code that
    /// does not read is `malformed` (not counted as a guess); an unknown one
    /// counts against the guesses; used, expired, or the device's own, is
    /// refused and changes nothing.
    pub async fn claim_transfer(
        self: &Arc<Self>,
        device: &str,
        token_hash: &str,
        code: &str,
    ) -> Result<TransferClaimed, ApiError> {
        let code = normalize_transfer_code(code).map_err(|why| ApiError::new(ErrorCode::Malformed, why))?;
        self.transfer_guesses.check(device)?;
        let now = self.config.wall.now_ms();
        let claimed = self
            .store
            .claim_transfer(&secrets::hash_token(&code), device, token_hash, now)
            .await;
        let record = match claimed {
            Ok(record) => record,
            Err(e) => {
                if e.code == ErrorCode::TransferUnknown {
                    self.transfer_guesses.wrong(device);
                }
                return Err(e);
            }
        };
        let seats = open(&code, &record.seats)?;
        // The old phone's notifications stop with its games: the new one
        // subscribes itself.
        let stopped = self
            .store
            .update_device(&record.device_id, |state| {
                state.push = None;
                Ok(())
            })
            .await;
        if let Err(e) = stopped {
            tracing::warn!(device = %record.device_id, error = %e, "the old phone's notifications were not stopped");
        }
        tracing::info!(from = %record.device_id, given_up = %device, seats = seats.len(), "transfer claimed");
        Ok(TransferClaimed {
            device_id: record.device_id,
            seats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_seats_open_with_their_code_only() {
        let seats = vec![SeatRef {
            room_id: "r1".into(),
            seat_token: "a".repeat(64),
        }];
        let sealed = seal("ABCD-2345-WXYZ", &seats).unwrap();
        assert!(!sealed.contains(&"61".repeat(8)), "the token is not there in the clear");
        assert_eq!(open("ABCD-2345-WXYZ", &sealed).unwrap(), seats);
        assert!(open("ABCD-2345-WXYY", &sealed).is_err());
    }

    #[test]
    fn the_sixth_wrong_code_in_a_minute_is_refused() {
        let guesses = Guesses::default();
        for _ in 0..GUESSES_PER_DEVICE {
            guesses.check("d").unwrap();
            guesses.wrong("d");
        }
        assert_eq!(guesses.check("d").unwrap_err().code, ErrorCode::RateLimited);
        guesses.check("other").unwrap();
    }

    #[test]
    fn the_sixty_first_wrong_code_on_a_node_in_a_minute_is_refused_for_every_device() {
        let guesses = Guesses::default();
        for i in 0..GUESSES_PER_NODE {
            let device = format!("d{}", i / GUESSES_PER_DEVICE);
            guesses.check(&device).unwrap();
            guesses.wrong(&device);
        }
        let refused = guesses.check("fresh").unwrap_err();
        assert_eq!(refused.code, ErrorCode::RateLimited);
        assert!(refused.message.contains("on this server"), "{refused}");
    }
}
