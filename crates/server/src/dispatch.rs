//! Where a room's requests go: its task on this node, or, on a cluster,
//! the node that owns it, or this node after taking over a room whose
//! owner's lease lapsed.

use crate::call::{Answer, Call, EventStream};
use crate::cluster::Cluster;
use crate::games;
use crate::relay;
use crate::room::{self, Cmd, RoomHandle, Subscription};
use crate::shared::{kept_closed, lock, Shared};
use papan_api::{
    ApiError, ErrorCode, RoomOptions, SeatGrant, SeatRef, SeatsSummary, VacationStatus, MAX_SUMMARY_SEATS,
};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

pub enum Route {
    Local(RoomHandle),
    /// Owned by this node of the cluster.
    Remote(String),
}

fn no_answer() -> ApiError {
    ApiError::new(
        ErrorCode::Internal,
        "the server holding this room does not answer; try again in a moment",
    )
}

impl Shared {
    /// Where room `id` runs: 404 for no such room, 410 for one kept closed.
    pub async fn route(self: &Arc<Self>, id: &str) -> Result<Route, ApiError> {
        let Some(cluster) = self.store.cluster() else {
            return Ok(Route::Local(self.lookup_or_reopen(id).await?));
        };
        if let Some(handle) = self.room(id) {
            return Ok(Route::Local(handle));
        }
        if self.is_kept_closed(id) {
            return Err(kept_closed(id));
        }
        if !crate::cluster::plain_id(id) {
            return Err(ApiError::new(ErrorCode::NotFound, "no such room"));
        }
        if let Some(node) = cluster.known_owner(id) {
            return Ok(Route::Remote(node));
        }
        for _ in 0..3 {
            let owner = cluster.owner(id).await.map_err(room::internal)?;
            let Some(owner) = owner else {
                // No owner record: no such room, or a closed one (its
                // records erased), which is read from its log.
                let closed = cluster.read_closed(id).await.map_err(room::internal)?;
                return self.open_stored(closed).map(Route::Local);
            };
            if owner.node == cluster.node {
                return self.load_owned(cluster, id).await.map(Route::Local);
            }
            if cluster.is_alive(&owner.node).await.map_err(room::internal)? {
                cluster.remember_owner(id, &owner.node);
                return Ok(Route::Remote(owner.node));
            }
            if cluster.take_over(id, owner.revision).await.map_err(room::internal)? {
                tracing::info!(room = %id, from = %owner.node, "room taken over: its node's lease lapsed");
                return self.load_owned(cluster, id).await.map(Route::Local);
            }
            // Another node took it first: look again.
        }
        Err(no_answer())
    }

    /// A room this node owns, rebuilt from its log.
    async fn load_owned(self: &Arc<Self>, cluster: &Cluster, id: &str) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.room(id) {
            return Ok(handle);
        }
        let stored = cluster.read_room(id).await.map_err(room::internal)?;
        self.open_stored(stored)
    }

    /// `call` on room `id`, wherever it runs. On a cluster, a node that does
    /// not answer is asked again until its lease lapses and the room is
    /// taken over (here or elsewhere).
    pub async fn perform(self: &Arc<Self>, id: &str, call: Call) -> Result<Answer, ApiError> {
        let Some(cluster) = self.store.cluster() else {
            let handle = self.lookup_or_reopen(id).await?;
            return perform_local(None, &handle, call).await;
        };
        let deadline = Instant::now() + cluster.lease * 3;
        loop {
            match self.route(id).await? {
                Route::Local(handle) => return perform_local(Some(cluster), &handle, call).await,
                Route::Remote(node) => {
                    if let Some(answer) = cluster.call(&node, id, &call).await {
                        return answer;
                    }
                    // Look it up again: the room moved or its node is gone.
                    cluster.forget_owner(id);
                }
            }
            if Instant::now() > deadline {
                return Err(no_answer());
            }
            tokio::time::sleep((cluster.lease / 10).max(Duration::from_millis(50))).await;
        }
    }

    /// Takes the seat left in the room with join code `code`.
    pub async fn join_by_code(self: &Arc<Self>, device_id: String, code: &str) -> Result<SeatGrant, ApiError> {
        let Some(cluster) = self.store.cluster() else {
            let handle = self.lookup_code(code)?;
            return handle.call(|reply| Cmd::Join { device_id, reply }).await;
        };
        let code = code.trim().to_ascii_uppercase();
        let id = cluster
            .room_for_code(&code)
            .await
            .map_err(room::internal)?
            .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "no room with this code"))?;
        self.perform(&id, Call::Join { device_id }).await?.seat()
    }

    /// Quick match: a room waiting with the same options, or a new one
    /// left waiting.
    pub async fn quick_match(self: &Arc<Self>, device_id: &str, options: RoomOptions) -> Result<SeatGrant, ApiError> {
        games::validate(&options)?;
        if let Some(cluster) = self.store.cluster() {
            return self.quick_match_cluster(cluster, device_id, options).await;
        }
        let key = serde_json::to_string(&options).unwrap_or_default();
        loop {
            let waiting = lock(&self.waiting).remove(&key);
            let Some(room_id) = waiting else { break };
            let Some(handle) = self.room(&room_id) else { continue };
            let device = device_id.to_string();
            match handle
                .call(|reply| room::Cmd::Join {
                    device_id: device,
                    reply,
                })
                .await
            {
                Ok(grant) => return Ok(grant),
                Err(e) if e.code == ErrorCode::Conflict && e.message.contains("device") => {
                    // Our own waiting table: keep waiting there.
                    lock(&self.waiting).insert(key.clone(), room_id);
                    return Err(e);
                }
                Err(_) => continue,
            }
        }
        let grant = self.create_room(device_id, options).await?;
        lock(&self.waiting).insert(key, grant.room_id.clone());
        Ok(grant)
    }

    /// Quick match on a cluster: the queue is a key-value entry per set of
    /// options, taken and offered by compare-and-set.
    pub(crate) async fn quick_match_cluster(
        self: &Arc<Self>,
        cluster: &Cluster,
        device_id: &str,
        options: RoomOptions,
    ) -> Result<SeatGrant, ApiError> {
        let key = crate::secrets::hash_token(&serde_json::to_string(&options).unwrap_or_default());
        let mut mine: Option<SeatGrant> = None;
        for _ in 0..8 {
            if let Some(waiting) = cluster.take_waiting(&key).await.map_err(room::internal)? {
                let join = Call::Join {
                    device_id: device_id.to_string(),
                };
                match self.perform(&waiting, join).await.and_then(Answer::seat) {
                    Ok(grant) => return Ok(grant),
                    Err(e) if e.code == ErrorCode::Conflict && e.message.contains("device") => {
                        // Our own waiting table: keep waiting there.
                        cluster.offer_waiting(&key, &waiting).await.map_err(room::internal)?;
                        return Err(e);
                    }
                    Err(_) => continue,
                }
            }
            let grant = match mine.take() {
                Some(grant) => grant,
                None => self.create_room(device_id, options).await?,
            };
            if cluster
                .offer_waiting(&key, &grant.room_id)
                .await
                .map_err(room::internal)?
            {
                return Ok(grant);
            }
            // Another table started waiting meanwhile: join that one.
            mine = Some(grant);
        }
        mine.ok_or_else(no_answer)
    }

    /// Starts a vacation of `days` for the device (0: ends the one
    /// running), refused beyond what is left this month; then tells each of
    /// its open correspondence rooms, wherever they run, so their clocks
    /// stop (or run again) and the opponents see it.
    pub async fn vacation(self: &Arc<Self>, device_id: &str, days: u8) -> Result<VacationStatus, ApiError> {
        let now = self.config.wall.now_ms();
        let (games, until_ms) = self
            .store
            .update_device(device_id, move |state| {
                let until = match days {
                    0 => {
                        state.end_vacation(now)?;
                        None
                    }
                    days => Some(state.start_vacation(days, now)?),
                };
                Ok((state.games.clone(), until))
            })
            .await?;
        tracing::info!(device = %device_id, days, rooms = games.len(), "vacation");
        for room in games {
            let call = Call::Vacation {
                device_id: device_id.to_string(),
                until_ms,
            };
            if let Err(e) = self.perform(&room, call).await {
                tracing::warn!(%room, error = %e, "a room did not take the vacation");
            }
        }
        self.vacation_status(device_id).await
    }

    /// A line per seat of the device, for its list of games: every seat is
    /// checked to be the device's (one that is not refuses the whole list);
    /// rooms that no longer exist or are kept closed come back in `gone`.
    /// It only reads: nothing changes in any room.
    pub async fn seats_summary(
        self: &Arc<Self>,
        device_id: &str,
        seats: Vec<SeatRef>,
    ) -> Result<SeatsSummary, ApiError> {
        let malformed = |message: String| ApiError::new(ErrorCode::Malformed, message);
        if seats.len() > MAX_SUMMARY_SEATS {
            return Err(malformed(format!(
                "{} seats asked about, at most {MAX_SUMMARY_SEATS} at once",
                seats.len()
            )));
        }
        let mut seen = std::collections::HashSet::new();
        for seat in &seats {
            if seat.room_id.trim().is_empty() || seat.seat_token.trim().is_empty() {
                return Err(malformed("a seat without a room id or a seat token".into()));
            }
            if !seen.insert(seat.room_id.as_str()) {
                return Err(malformed(format!("room {} is listed twice", seat.room_id)));
            }
        }
        let asks = seats.iter().map(|seat| {
            let call = Call::Summary {
                token_hash: crate::secrets::hash_token(&seat.seat_token),
                device_id: device_id.to_string(),
            };
            async move { (seat.room_id.clone(), self.perform(&seat.room_id, call).await) }
        });
        let mut summary = SeatsSummary {
            rooms: Vec::new(),
            gone: Vec::new(),
        };
        for (room, answer) in futures_util::future::join_all(asks).await {
            match answer.and_then(Answer::summary) {
                Ok(line) => summary.rooms.push(line),
                Err(e) if matches!(e.code, ErrorCode::NotFound | ErrorCode::Gone) => summary.gone.push(room),
                Err(e) if e.code == ErrorCode::Forbidden => {
                    return Err(ApiError::new(
                        ErrorCode::Forbidden,
                        format!("room {room}: {}; nothing was answered", e.message),
                    ))
                }
                Err(e) => return Err(e),
            }
        }
        Ok(summary)
    }

    /// The device's vacation and open correspondence games now.
    pub async fn vacation_status(&self, device_id: &str) -> Result<VacationStatus, ApiError> {
        let state = self.store.device_state(device_id).await.map_err(room::internal)?;
        Ok(state.status(self.config.wall.now_ms()))
    }

    /// Ends every room task of this node (its lease lapsed: other nodes
    /// may own them now).
    pub(crate) fn drop_rooms(&self) {
        self.rooms.stop_all();
    }
}

/// Keeps this node's lease; if it lapsed (the node was cut off longer than
/// a lease), drops every room, since other nodes may have taken them, and
/// takes a new one.
pub(crate) async fn keep_lease(shared: Arc<Shared>, cluster: Arc<Cluster>, mut revision: u64) {
    loop {
        tokio::time::sleep(cluster.lease / 3).await;
        match cluster.renew(revision).await {
            Ok(next) => revision = next,
            Err(e) => {
                match cluster.lease_revision().await {
                    // A failed write (NATS busy, a leader moving) while the
                    // lease still stands: go on from its revision.
                    Ok(Some(standing)) => {
                        tracing::warn!(error = %e, "lease renewal failed; trying again");
                        revision = standing;
                        continue;
                    }
                    // Not even readable: try again before deciding it lapsed.
                    Err(read) => {
                        tracing::warn!(error = %e, %read, "lease renewal failed; trying again");
                        continue;
                    }
                    Ok(None) => {}
                }
                tracing::error!(error = %e, "this node's lease lapsed: dropping its rooms");
                shared.drop_rooms();
                loop {
                    match cluster.take_lease().await {
                        Ok(r) => {
                            revision = r;
                            break;
                        }
                        Err(e) => {
                            tracing::error!(error = %e, "cannot take a lease");
                            tokio::time::sleep(cluster.lease / 3).await;
                        }
                    }
                }
            }
        }
    }
}

/// `call` on a room running here (a relayed stream needs the cluster).
pub async fn perform_local(
    cluster: Option<&Arc<Cluster>>,
    handle: &RoomHandle,
    call: Call,
) -> Result<Answer, ApiError> {
    Ok(match call {
        Call::Snapshot { token_hash, device_id } => Answer::Snapshot(
            handle
                .call(|reply| Cmd::Snapshot {
                    token_hash,
                    device_id,
                    reply,
                })
                .await?,
        ),
        Call::Act {
            token_hash,
            device_id,
            request,
        } => Answer::Accepted(
            handle
                .call(|reply| Cmd::Act {
                    token_hash,
                    device_id,
                    request,
                    reply,
                })
                .await?,
        ),
        Call::Summary { token_hash, device_id } => Answer::Summary(
            handle
                .call(|reply| Cmd::Summary {
                    token_hash,
                    device_id,
                    reply,
                })
                .await?,
        ),
        Call::Join { device_id } => Answer::Seat(handle.call(|reply| Cmd::Join { device_id, reply }).await?),
        Call::Vacation { device_id, until_ms } => {
            handle
                .call(|reply| Cmd::Vacation {
                    device_id,
                    until_ms,
                    reply,
                })
                .await?;
            Answer::Done
        }
        Call::Subscribe {
            token_hash,
            device_id,
            last_event_id,
            inbox,
        } => {
            let Some(cluster) = cluster else {
                return Err(ApiError::new(ErrorCode::Internal, "relayed streams need a cluster"));
            };
            let events = local_events(handle.clone(), token_hash, device_id, last_event_id).await?;
            relay::deliver_to(cluster.clone(), inbox, events);
            Answer::Subscribed
        }
    })
}

impl Shared {
    /// A call relayed from another node: answered if the room is this
    /// node's, `None` if it is not (the asking node looks again).
    pub async fn answer_relayed(self: &Arc<Self>, room: &str, call: Call) -> Option<Result<Answer, ApiError>> {
        match self.route(room).await {
            Ok(Route::Local(handle)) => Some(perform_local(self.store.cluster(), &handle, call).await),
            Ok(Route::Remote(_)) => None,
            Err(e) => Some(Err(e)),
        }
    }
}

/// Tells the room when a stream closes (presence and the grace period).
pub struct StreamGuard {
    room: RoomHandle,
    slot: u8,
}

impl StreamGuard {
    pub fn new(room: RoomHandle, slot: u8) -> StreamGuard {
        StreamGuard { room, slot }
    }
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let tx = self.room.tx.clone();
        let slot = self.slot;
        if tx.try_send(Cmd::Unsubscribe { slot }).is_err() {
            tokio::spawn(async move {
                let _ = tx.send(Cmd::Unsubscribe { slot }).await;
            });
        }
    }
}

/// A stream of a room running here, straight from its task.
pub async fn local_events(
    handle: RoomHandle,
    token_hash: String,
    device_id: String,
    last_event_id: Option<u64>,
) -> Result<EventStream, ApiError> {
    let Subscription { slot, backlog, live } = handle
        .call(|reply| Cmd::Subscribe {
            token_hash,
            device_id,
            last_event_id,
            reply,
        })
        .await?;
    let guard = StreamGuard { room: handle, slot };
    let state = (VecDeque::from(backlog), live, guard);
    Ok(Box::pin(futures_util::stream::unfold(
        state,
        |(mut backlog, mut live, guard)| async move {
            if let Some(event) = backlog.pop_front() {
                return Some((event, (backlog, live, guard)));
            }
            match live.recv().await {
                Ok(event) => Some((event, (backlog, live, guard))),
                // Too slow a reader: end the stream; the client resumes with
                // Last-Event-ID and gets the missed events from the log.
                Err(broadcast::error::RecvError::Lagged(_)) | Err(broadcast::error::RecvError::Closed) => None,
            }
        },
    )))
}
