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

use crate::call::{Answer, Call, EventStream};
use crate::cluster::Cluster;
use futures_util::future::BoxFuture;
use futures_util::StreamExt;
use papan_api::{ApiError, ErrorCode, RoomEvent};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

const SERVICE: &str = "papan.node";

fn service(node: &str) -> String {
    format!("{SERVICE}.{node}")
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

/// How a node answers a call relayed to it: `None` if the room is not
/// (any more) its own, so the asking node looks again.
pub type Handler = Arc<dyn Fn(String, Call) -> BoxFuture<'static, Option<Result<Answer, ApiError>>> + Send + Sync>;

/// Subscribes before the server answers anything, then answers calls for
/// this node's rooms with `handler` until the connection ends.
pub async fn serve(cluster: Arc<Cluster>, handler: Handler) -> Result<tokio::task::JoinHandle<()>, String> {
    let mut calls = cluster
        .client
        .subscribe(service(&cluster.node))
        .await
        .map_err(|e| format!("listening for other nodes: {e}"))?;
    Ok(tokio::spawn(async move {
        while let Some(message) = calls.next().await {
            tokio::spawn(answer(handler.clone(), cluster.clone(), message));
        }
    }))
}

async fn answer(handler: Handler, cluster: Arc<Cluster>, message: async_nats::Message) {
    let Some(reply) = message.reply else { return };
    let answer = match serde_json::from_slice::<Request>(&message.payload) {
        Err(e) => Err(Refusal::Api(ApiError::new(ErrorCode::Malformed, e.to_string()))),
        Ok(Request { room, call }) => match handler(room, call).await {
            Some(Ok(answer)) => Ok(answer),
            Some(Err(e)) => Err(Refusal::Api(e)),
            None => Err(Refusal::NotHere),
        },
    };
    let body = serde_json::to_vec(&answer).unwrap_or_default();
    if let Err(e) = cluster.client.publish(reply, body.into()).await {
        tracing::warn!(error = %e, "an answer to another node was not sent");
    }
}

/// Delivers a seat's `events` (of a room running here) to `inbox` on
/// another node, in the background: see [`deliver_all`].
pub fn deliver_to(cluster: Arc<Cluster>, inbox: String, events: EventStream) {
    tokio::spawn(deliver_all(cluster, inbox, events));
}

/// The owner's side of a relayed stream: the backlog, then live events and
/// pings, each acknowledged before the next; ends when the inbox does not
/// answer (and the guard then tells the room the stream closed).
async fn deliver_all(cluster: Arc<Cluster>, inbox: String, mut events: EventStream) {
    loop {
        let event = match tokio::time::timeout(cluster.lease / 3, events.next()).await {
            Ok(Some(event)) => Some(event),
            // A reader too slow for the room's buffer: it resumes from the log.
            Ok(None) => return,
            Err(_) => None,
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
