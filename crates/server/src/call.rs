//! What can be asked of a room, wherever it runs (here, or on the node
//! of a cluster that owns it), and what it answers: the vocabulary shared
//! by the routes, the dispatch and the relay between nodes.

use futures_util::Stream;
use papan_api::{ActionAccepted, ActionRequest, ApiError, ErrorCode, RoomEvent, RoomSummary, SeatGrant, Snapshot};
use serde::{Deserialize, Serialize};
use std::pin::Pin;

/// What can be asked of a room, wherever it runs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Call {
    /// Room calls by seat carry the calling device too: a seat token
    /// acts only for the device that holds the seat.
    Snapshot {
        token_hash: String,
        device_id: String,
    },
    Act {
        token_hash: String,
        device_id: String,
        request: ActionRequest,
    },
    Join {
        device_id: String,
    },
    /// The device went on vacation until `until_ms` (server time) or came
    /// back (`None`): its seat's correspondence clock stops meanwhile.
    Vacation {
        device_id: String,
        until_ms: Option<u64>,
    },
    /// The seat's line in the device's list of games; refused when the
    /// seat is not `device_id`'s.
    Summary {
        token_hash: String,
        device_id: String,
    },
    /// Deliver this seat's events to `inbox`.
    Subscribe {
        token_hash: String,
        device_id: String,
        last_event_id: Option<u64>,
        inbox: String,
    },
}

#[derive(Debug, Serialize, Deserialize)]
pub enum Answer {
    Snapshot(Snapshot),
    Accepted(ActionAccepted),
    Seat(SeatGrant),
    Summary(RoomSummary),
    Subscribed,
    Done,
}

fn unexpected() -> ApiError {
    ApiError::new(ErrorCode::Internal, "a node answered with something else")
}

impl Answer {
    pub fn snapshot(self) -> Result<Snapshot, ApiError> {
        match self {
            Answer::Snapshot(s) => Ok(s),
            _ => Err(unexpected()),
        }
    }
    pub fn accepted(self) -> Result<ActionAccepted, ApiError> {
        match self {
            Answer::Accepted(a) => Ok(a),
            _ => Err(unexpected()),
        }
    }
    pub fn summary(self) -> Result<RoomSummary, ApiError> {
        match self {
            Answer::Summary(s) => Ok(s),
            _ => Err(unexpected()),
        }
    }
    pub fn seat(self) -> Result<SeatGrant, ApiError> {
        match self {
            Answer::Seat(s) => Ok(s),
            _ => Err(unexpected()),
        }
    }
}

/// A seat's events, from a room here or relayed from its owner.
pub type EventStream = Pin<Box<dyn Stream<Item = RoomEvent> + Send>>;
