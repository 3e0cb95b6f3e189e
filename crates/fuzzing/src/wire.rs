//! The client's readers of what the room server sends, and the request
//! bodies the server reads.

use crate::{choose, text};
use papan_api::options::RoomOptions;
use papan_api::sse::SseParser;
use papan_api::{
    normalize_transfer_code, ActionRequest, CreateRoom, JoinRoom, PushSubscriptionRequest, QuickMatch, RoomEvent,
    Snapshot, TransferClaim, TransferRequest, TRANSFER_ALPHABET, TRANSFER_CODE_LEN,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// The event-stream parser gives the same events however the bytes are
/// cut into chunks (the first byte seeds where the cuts fall).
pub fn sse(data: &[u8]) {
    let Some((&step, stream)) = data.split_first() else {
        return;
    };
    let mut whole = SseParser::new();
    let at_once = whole.feed(stream);
    let mut pieces = SseParser::new();
    let mut in_chunks = Vec::new();
    let mut width = usize::from(step % 7) + 1;
    let mut rest = stream;
    while !rest.is_empty() {
        let (chunk, tail) = rest.split_at(width.min(rest.len()));
        in_chunks.extend(pieces.feed(chunk));
        rest = tail;
        width = width % 5 + 1;
    }
    assert_eq!(in_chunks, at_once, "the events depend on how the stream was cut");
}

/// The JSON the first byte picks (a request body the server reads, or a
/// snapshot or event the client reads): reads or is refused, and what
/// reads writes back as the same value. Room options are also checked.
pub fn wire(data: &[u8]) {
    let Some((kind, rest)) = choose(data, 7) else { return };
    let Some(json) = text(rest) else { return };
    match kind {
        0 => {
            if let Some(options) = round_trip::<RoomOptions>(json) {
                let _ = options.check();
                let _ = options.tempo();
            }
        }
        1 => drop(round_trip::<ActionRequest>(json)),
        2 => drop(round_trip::<CreateRoom>(json)),
        3 => drop(round_trip::<JoinRoom>(json)),
        4 => drop(round_trip::<QuickMatch>(json)),
        5 => drop(round_trip::<Snapshot>(json)),
        _ => drop(round_trip::<RoomEvent>(json)),
    }
}

/// What a device sends about itself (the first byte picks): a push
/// subscription or a transfer's request or claim reads or is refused, and
/// what reads writes back as itself; and any text typed as a transfer code
/// is refused with a reason, or becomes the one spelling of a code, which
/// reads back as itself however it is cased or dashed.
pub fn device_requests(data: &[u8]) {
    let Some((kind, rest)) = choose(data, 4) else { return };
    let Some(text) = text(rest) else { return };
    match kind {
        0 => drop(round_trip::<PushSubscriptionRequest>(text)),
        1 => drop(round_trip::<TransferRequest>(text)),
        2 => {
            if let Some(claim) = round_trip::<TransferClaim>(text) {
                transfer_code(&claim.code);
            }
        }
        _ => transfer_code(text),
    }
}

fn transfer_code(typed: &str) {
    let code = match normalize_transfer_code(typed) {
        Ok(code) => code,
        Err(why) => {
            assert!(!why.is_empty(), "{typed:?} refused without a reason");
            return;
        }
    };
    let groups: Vec<&str> = code.split('-').collect();
    assert!(
        groups.len() == 3 && groups.iter().all(|g| g.len() == 4),
        "{typed:?} became {code:?}, not XXXX-XXXX-XXXX"
    );
    assert!(code
        .bytes()
        .filter(|b| *b != b'-')
        .all(|b| TRANSFER_ALPHABET.contains(&b)));
    assert_eq!(code.len(), TRANSFER_CODE_LEN + 2);
    for spelling in [
        code.clone(),
        code.to_lowercase(),
        code.replace('-', ""),
        format!(" {} ", code.replace('-', " ")),
    ] {
        assert_eq!(
            normalize_transfer_code(&spelling).as_deref(),
            Ok(code.as_str()),
            "{spelling:?} is not read as {code:?}"
        );
    }
}

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(json: &str) -> Option<T> {
    let value: T = serde_json::from_str(json).ok()?;
    let written = serde_json::to_string(&value).expect("a read value serializes");
    let back: T = serde_json::from_str(&written).unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
    assert_eq!(back, value, "changed through {written}");
    Some(value)
}
