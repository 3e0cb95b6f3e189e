//! Rooms owned by another node, reached over NATS request-reply.
//!
//! Every node answers on `papan.node.<node>` for the rooms it owns. A node
//! asked about a room it does not own forwards the call there
//! ([`Cluster::call`]). An event stream opened on a node that does not own
//! the room gets an inbox; the owner subscribes the seat in its room task
//! (so it filters every event for that seat, as for a local stream) and
//! delivers each event to the inbox as a request, in order, pinging it
//! when idle. Both ends notice the other going: the owner when the inbox
//! stops answering (the stream closed, its node died), the stream's node
//! when neither an event nor a ping came for a whole lease (the owner
//! died; the client resumes with `Last-Event-ID` and the room is taken
//! over).

use super::Cluster;
use crate::http::StreamGuard;
use crate::room::{Cmd, RoomHandle, Subscription};
use crate::{Route, Shared};
use futures_util::{Stream, StreamExt};
use papan_api::{ActionAccepted, ActionRequest, ApiError, ErrorCode, RoomEvent, SeatGrant, Snapshot};
use serde::{Deserialize, Serialize};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

const SERVICE: &str = "papan.node";

fn service(node: &str) -> String {
    format!("{SERVICE}.{node}")
}

/// What can be asked of a room, wherever it runs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Call {
    Snapshot {
        token_hash: String,
    },
    Act {
        token_hash: String,
        request: ActionRequest,
    },
    Join {
        device_id: String,
    },
    /// Deliver this seat's events to `inbox`.
    Subscribe {
        token_hash: String,
        last_event_id: Option<u64>,
        inbox: String,
    },
}

#[derive(Debug, Serialize, Deserialize)]
pub enum Answer {
    Snapshot(Snapshot),
    Accepted(ActionAccepted),
    Seat(SeatGrant),
    Subscribed,
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
    pub fn seat(self) -> Result<SeatGrant, ApiError> {
        match self {
            Answer::Seat(s) => Ok(s),
            _ => Err(unexpected()),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Request {
    room: String,
    call: Call,
}

#[derive(Serialize, Deserialize)]
enum Refusal {
    /// This node does not own the room (any more): ask again where it is.
    NotHere,
    Api(ApiError),
}

impl Cluster {
    /// `call` on `room` at `node`; `None` if that node did not answer or
    /// does not own the room, so the caller looks again.
    pub async fn call(&self, node: &str, room: &str, call: &Call) -> Option<Result<Answer, ApiError>> {
        let body = serde_json::to_vec(&Request {
            room: room.to_string(),
            call: call.clone(),
        })
        .ok()?;
        let asked = tokio::time::timeout(
            self.lease.max(Duration::from_secs(2)),
            self.client.request(service(node), body.into()),
        );
        let message = match asked.await {
            Ok(Ok(message)) => message,
            Ok(Err(e)) => {
                tracing::debug!(room, node, error = %e, "a node did not answer");
                return None;
            }
            Err(_) => return None,
        };
        match serde_json::from_slice::<Result<Answer, Refusal>>(&message.payload) {
            Ok(Ok(answer)) => Some(Ok(answer)),
            Ok(Err(Refusal::Api(e))) => Some(Err(e)),
            Ok(Err(Refusal::NotHere)) => None,
            Err(e) => Some(Err(ApiError::new(
                ErrorCode::Internal,
                format!("a node's answer does not read: {e}"),
            ))),
        }
    }
}

/// Subscribes before the server answers anything, then answers calls for
/// this node's rooms until the connection ends.
pub async fn serve(shared: Arc<Shared>, cluster: Arc<Cluster>) -> Result<tokio::task::JoinHandle<()>, String> {
    let mut calls = cluster
        .client
        .subscribe(service(&cluster.node))
        .await
        .map_err(|e| format!("listening for other nodes: {e}"))?;
    Ok(tokio::spawn(async move {
        while let Some(message) = calls.next().await {
            tokio::spawn(answer(shared.clone(), cluster.clone(), message));
        }
    }))
}

async fn answer(shared: Arc<Shared>, cluster: Arc<Cluster>, message: async_nats::Message) {
    let Some(reply) = message.reply else { return };
    let answer = match serde_json::from_slice::<Request>(&message.payload) {
        Err(e) => Err(Refusal::Api(ApiError::new(ErrorCode::Malformed, e.to_string()))),
        Ok(Request { room, call }) => match shared.route(&room).await {
            Ok(Route::Local(handle)) => perform_local(Some(&cluster), &handle, call).await.map_err(Refusal::Api),
            Ok(Route::Remote(_)) => Err(Refusal::NotHere),
            Err(e) => Err(Refusal::Api(e)),
        },
    };
    let body = serde_json::to_vec(&answer).unwrap_or_default();
    if let Err(e) = cluster.client.publish(reply, body.into()).await {
        tracing::warn!(error = %e, "an answer to another node was not sent");
    }
}

/// `call` on a room running here (a relayed stream needs the cluster).
pub async fn perform_local(
    cluster: Option<&Arc<Cluster>>,
    handle: &RoomHandle,
    call: Call,
) -> Result<Answer, ApiError> {
    Ok(match call {
        Call::Snapshot { token_hash } => {
            Answer::Snapshot(handle.call(|reply| Cmd::Snapshot { token_hash, reply }).await?)
        }
        Call::Act { token_hash, request } => Answer::Accepted(
            handle
                .call(|reply| Cmd::Act {
                    token_hash,
                    request,
                    reply,
                })
                .await?,
        ),
        Call::Join { device_id } => Answer::Seat(handle.call(|reply| Cmd::Join { device_id, reply }).await?),
        Call::Subscribe {
            token_hash,
            last_event_id,
            inbox,
        } => {
            let Some(cluster) = cluster else {
                return Err(ApiError::new(ErrorCode::Internal, "relayed streams need a cluster"));
            };
            let subscription = handle
                .call(|reply| Cmd::Subscribe {
                    token_hash,
                    last_event_id,
                    reply,
                })
                .await?;
            let guard = StreamGuard::new(handle.clone(), subscription.slot);
            tokio::spawn(deliver_all(cluster.clone(), inbox, subscription, guard));
            Answer::Subscribed
        }
    })
}

/// The owner's side of a relayed stream: the backlog, then live events and
/// pings, each acknowledged before the next; ends when the inbox does not
/// answer (and the guard then tells the room the stream closed).
async fn deliver_all(cluster: Arc<Cluster>, inbox: String, subscription: Subscription, _guard: StreamGuard) {
    let Subscription { backlog, mut live, .. } = subscription;
    for event in &backlog {
        if !deliver(&cluster, &inbox, Some(event)).await {
            return;
        }
    }
    loop {
        let event = tokio::select! {
            event = live.recv() => match event {
                Ok(event) => Some(event),
                // A reader too slow for the room's buffer: it resumes from the log.
                Err(_) => return,
            },
            _ = tokio::time::sleep(cluster.lease / 3) => None,
        };
        if !deliver(&cluster, &inbox, event.as_ref()).await {
            return;
        }
    }
}

/// One event (or a ping) to the inbox; whether it was taken.
async fn deliver(cluster: &Cluster, inbox: &str, event: Option<&RoomEvent>) -> bool {
    let body = match event {
        Some(event) => serde_json::to_vec(event).unwrap_or_default(),
        None => Vec::new(),
    };
    let asked = cluster.client.request(inbox.to_string(), body.into());
    matches!(tokio::time::timeout(cluster.lease, asked).await, Ok(Ok(_)))
}

pub type EventStream = Pin<Box<dyn Stream<Item = RoomEvent> + Send>>;

/// Opens an inbox for a stream of a room owned elsewhere; then ask the
/// owner to deliver there with [`Call::Subscribe`] and read it with
/// [`relayed`].
pub async fn inbox(cluster: &Cluster) -> Result<(String, async_nats::Subscriber), ApiError> {
    let inbox = cluster.client.new_inbox();
    let subscriber = cluster
        .client
        .subscribe(inbox.clone())
        .await
        .map_err(|e| ApiError::new(ErrorCode::Internal, format!("opening a relay inbox: {e}")))?;
    Ok((inbox, subscriber))
}

/// The events delivered to an inbox, each acknowledged as it is taken;
/// ends after a lease without a word from the owner.
pub fn relayed(cluster: Arc<Cluster>, subscriber: async_nats::Subscriber) -> EventStream {
    Box::pin(futures_util::stream::unfold(
        (cluster, subscriber),
        |(cluster, mut subscriber)| async move {
            loop {
                let next = tokio::time::timeout(cluster.lease, subscriber.next()).await;
                let Ok(Some(message)) = next else { return None };
                if let Some(reply) = message.reply {
                    if cluster.client.publish(reply, "".into()).await.is_err() {
                        return None;
                    }
                }
                if message.payload.is_empty() {
                    continue; // a ping
                }
                match serde_json::from_slice::<RoomEvent>(&message.payload) {
                    Ok(event) => return Some((event, (cluster, subscriber))),
                    Err(e) => {
                        tracing::error!(error = %e, "a relayed event does not read");
                        return None;
                    }
                }
            }
        },
    ))
}
