//! The client's readers of what the room server sends, and the request
//! bodies the server reads.

use crate::{choose, text};
use papan_api::options::RoomOptions;
use papan_api::sse::SseParser;
use papan_api::{ActionRequest, CreateRoom, JoinRoom, QuickMatch, RoomEvent, Snapshot};
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

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(json: &str) -> Option<T> {
    let value: T = serde_json::from_str(json).ok()?;
    let written = serde_json::to_string(&value).expect("a read value serializes");
    let back: T = serde_json::from_str(&written).unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
    assert_eq!(back, value, "changed through {written}");
    Some(value)
}
