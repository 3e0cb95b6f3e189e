//! papan-server: authoritative rooms over papan-rules, behind the HTTP API
//! of papan-api (see `API.md`). Embedded default: one process, SQLite (WAL).
//!
//! - [`room`]: one actor task per room (validation, clocks, log, fan-out);
//! - [`core`]: the room state rebuilt from its event log;
//! - [`games`]: the four games behind one interface;
//! - [`http`]: axum routes, auth, limits; [`cors`]: cross-origin access;
//! - [`store`]: SQLite; [`ratings`]: Glicko-2; [`secrets`]: OS randomness
//!   (tokens, codes, game seeds; the dice derive from the committed seed);
//! - [`listen`]: the accept loop (HTTP/1.1, h2c); [`tls`]: HTTPS served by
//!   the node itself;
//! - [`cluster`]: many nodes on NATS JetStream instead of SQLite (logs,
//!   buckets, leases, the relay between nodes); [`dispatch`]: where a
//!   room's requests go (its task here, or the node that owns it).

// Outside input (notation, records, request bodies, stored rows) reaches
// this crate's code: it is refused with a reason, never unwrapped. An
// invariant of a validated value may be expected where it says why.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod cluster;
pub mod core;
pub mod cors;
pub mod dispatch;
pub mod games;
pub mod http;
pub mod limits;
pub mod listen;
pub mod ratings;
pub mod room;
pub mod secrets;
pub mod store;
pub mod tls;

use crate::core::{Logged, RoomCore};
use crate::room::{Actor, RoomHandle};
use papan_api::{ApiError, ErrorCode, EventKind, RoomOptions, SeatGrant};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use store::{Storage, Store};

pub use dispatch::Route;

#[derive(Clone, Debug)]
pub struct Config {
    pub db: PathBuf,
    pub addr: SocketAddr,
    /// Real milliseconds per second of game time: 1000 in production; tests
    /// shrink it so a 30 s turn limit passes in milliseconds.
    pub ms_per_game_second: u64,
    /// How long a disconnected player has to come back (real time).
    pub grace: Duration,
    pub max_body_bytes: usize,
    pub max_streams_per_seat: usize,
    /// Per-device token bucket: sustained requests per second and burst.
    pub rate_per_second: f64,
    pub rate_burst: f64,
    /// Serve HTTPS with this certificate and key instead of plain HTTP.
    pub tls: Option<tls::TlsIdentity>,
    /// Keep everything on NATS JetStream, shared with other nodes, instead
    /// of the SQLite file `db`.
    pub cluster: Option<cluster::ClusterConfig>,
}

impl Config {
    pub fn new(db: PathBuf, addr: SocketAddr) -> Config {
        Config {
            db,
            addr,
            ms_per_game_second: 1000,
            grace: Duration::from_secs(60),
            max_body_bytes: 16 * 1024,
            max_streams_per_seat: 4,
            rate_per_second: 20.0,
            rate_burst: 60.0,
            tls: None,
            cluster: None,
        }
    }
}

/// What every request handler and room shares.
pub struct Shared {
    pub config: Config,
    pub store: Storage,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    codes: Mutex<HashMap<String, String>>,
    /// Quick match: options (as JSON) → the waiting room.
    waiting: Mutex<HashMap<String, String>>,
    /// Rooms kept closed because their stored log cannot be read or
    /// replayed (id → join code): answered 410, never served.
    kept_closed: Mutex<HashMap<String, String>>,
    pub limiter: limits::RateLimiter,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    pub fn room(&self, id: &str) -> Option<RoomHandle> {
        lock(&self.rooms).get(id).cloned()
    }

    pub fn room_by_code(&self, code: &str) -> Option<RoomHandle> {
        let id = lock(&self.codes).get(&code.trim().to_ascii_uppercase()).cloned()?;
        self.room(&id)
    }

    /// The running room `id`; 410 `gone` for a room kept closed (its log
    /// cannot be read), 404 otherwise.
    pub fn lookup(&self, id: &str) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.room(id) {
            return Ok(handle);
        }
        if lock(&self.kept_closed).contains_key(id) {
            return Err(kept_closed(id));
        }
        Err(ApiError::new(ErrorCode::NotFound, "no such room"))
    }

    /// Like [`Shared::lookup`], and a room closed before the last restart
    /// (closed rooms are not restored at start) is reopened from its log
    /// for the while a closed room stays readable: a retried `leave` is
    /// answered as the first time, and a stream resuming late gets the end.
    pub async fn lookup_or_reopen(self: &Arc<Self>, id: &str) -> Result<RoomHandle, ApiError> {
        match self.lookup(id) {
            Err(e) if e.code == ErrorCode::NotFound => {}
            found => return found,
        }
        // On a cluster, rooms not running here are found by [`Shared::route`].
        let Storage::Sqlite(store) = &self.store else {
            return Err(ApiError::new(ErrorCode::NotFound, "no such room"));
        };
        let reader = store.clone();
        let wanted = id.to_string();
        let stored = tokio::task::spawn_blocking(move || reader.closed_room(&wanted))
            .await
            .map_err(room::internal)?
            .map_err(room::internal)?;
        self.open_stored(stored)
    }

    /// Starts a stored room read back (a closed one reopened, or on a
    /// cluster one this node owns): 404 if there is none, 410 if its log
    /// cannot be read or replayed.
    fn open_stored(
        self: &Arc<Self>,
        stored: Option<Result<store::StoredRoom, store::UnreadableRoom>>,
    ) -> Result<RoomHandle, ApiError> {
        let (room_id, code, reopened) = match stored {
            None => return Err(ApiError::new(ErrorCode::NotFound, "no such room")),
            Some(Ok(room)) => (room.id.clone(), room.code.clone(), restore(self, room)),
            Some(Err(unreadable)) => (unreadable.id, unreadable.code, Err(unreadable.why)),
        };
        let handle = match reopened {
            Ok(handle) => handle,
            Err(why) => {
                tracing::error!(room = %room_id, %why, "closed room kept closed: its stored log cannot be read");
                lock(&self.kept_closed).insert(room_id.clone(), code);
                return Err(kept_closed(&room_id));
            }
        };
        // Two requests may reopen it at once: the first one registered stays.
        let kept = {
            let mut rooms = lock(&self.rooms);
            rooms.entry(room_id.clone()).or_insert_with(|| handle.clone()).clone()
        };
        if kept.same_task(&handle) {
            lock(&self.codes).insert(code, room_id);
        } else {
            handle.stop();
        }
        Ok(kept)
    }

    /// The running room with join code `code`; 410 `gone` for a room kept
    /// closed, 404 otherwise.
    pub fn lookup_code(&self, code: &str) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.room_by_code(code) {
            return Ok(handle);
        }
        let code = code.trim().to_ascii_uppercase();
        if let Some((id, _)) = lock(&self.kept_closed).iter().find(|(_, c)| **c == code) {
            return Err(kept_closed(id));
        }
        Err(ApiError::new(ErrorCode::NotFound, "no room with this code"))
    }

    /// Whether room `id` is kept closed because its log cannot be read.
    pub fn is_kept_closed(&self, id: &str) -> bool {
        lock(&self.kept_closed).contains_key(id)
    }

    pub fn forget_room(&self, id: &str) {
        lock(&self.rooms).remove(id);
        lock(&self.codes).retain(|_, v| v != id);
    }

    fn register(&self, id: &str, code: &str, handle: RoomHandle) {
        lock(&self.rooms).insert(id.to_string(), handle);
        lock(&self.codes).insert(code.to_string(), id.to_string());
    }

    /// A new room with the device in slot 0.
    pub async fn create_room(self: &Arc<Self>, device_id: &str, options: RoomOptions) -> Result<SeatGrant, ApiError> {
        games::validate(&options)?;
        let id = secrets::public_id();
        let token = secrets::new_token();
        let hash = secrets::hash_token(&token);
        let first = vec![
            Logged::new(EventKind::Created),
            Logged::new(EventKind::Joined { slot: 0 }),
        ];
        let mut code = secrets::join_code();
        let mut tries = 0;
        // The room, its creator's seat and first events go in together.
        loop {
            let entry = store::Entry {
                first_version: 1,
                events: &first,
                seat: Some(store::NewSeat {
                    slot: 0,
                    token_hash: hash.clone(),
                    device_id: device_id.to_string(),
                }),
                ..store::Entry::default()
            };
            if self
                .store
                .add_room(&id, &code, &options, entry)
                .await
                .map_err(room::internal)?
            {
                break;
            }
            tries += 1;
            if tries > 20 {
                return Err(ApiError::new(ErrorCode::Internal, "no free join code"));
            }
            code = secrets::join_code();
        }
        let core = RoomCore::new(id.clone(), code.clone(), options);
        let log = first.into_iter().map(|e| (e, None, None)).collect();
        let actor = Actor::restore(self.clone(), core, vec![(0, hash, device_id.to_string())], log)?;
        self.register(&id, &code, actor.spawn());
        tracing::info!(room = %id, "room created");
        Ok(SeatGrant {
            room_id: id,
            code,
            slot: 0,
            seat_token: token,
        })
    }

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
}

pub(crate) fn kept_closed(id: &str) -> ApiError {
    ApiError::new(
        ErrorCode::Gone,
        format!("room {id} is closed: its stored log cannot be read, so it is not served"),
    )
}

/// Rebuilds a stored room: its options must still be offered and its whole
/// log must replay. Otherwise says why.
fn restore(shared: &Arc<Shared>, room: store::StoredRoom) -> Result<RoomHandle, String> {
    games::validate(&room.options).map_err(|e| format!("its options are not offered: {e}"))?;
    let core = RoomCore::new(room.id, room.code, room.options);
    let actor = Actor::restore(shared.clone(), core, room.seats, room.events)
        .map_err(|e| format!("its log does not replay: {e}"))?;
    Ok(actor.spawn())
}

/// A running server (tests and the binary).
pub struct Server {
    pub addr: SocketAddr,
    /// `http`, or `https` when the server has a certificate.
    scheme: &'static str,
    pub shared: Arc<Shared>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
    /// On a cluster: the lease keeper and the relay for other nodes.
    cluster_tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Server {
    /// Opens the database, restores every open room from its log and starts
    /// listening (port 0 picks a free one).
    pub async fn start(config: Config) -> std::io::Result<Server> {
        // A bad certificate is found before anything is opened.
        let acceptor = match &config.tls {
            Some(identity) => Some(identity.acceptor().map_err(std::io::Error::other)?),
            None => None,
        };
        let store = match &config.cluster {
            Some(cluster) => Storage::Cluster(Arc::new(
                cluster::Cluster::connect(cluster)
                    .await
                    .map_err(std::io::Error::other)?,
            )),
            None => Storage::Sqlite(Arc::new(Store::open(&config.db).map_err(std::io::Error::other)?)),
        };
        let shared = Arc::new(Shared {
            limiter: limits::RateLimiter::new(config.rate_per_second, config.rate_burst),
            config: config.clone(),
            store,
            rooms: Mutex::new(HashMap::new()),
            codes: Mutex::new(HashMap::new()),
            waiting: Mutex::new(HashMap::new()),
            kept_closed: Mutex::new(HashMap::new()),
        });
        let mut cluster_tasks = Vec::new();
        let stored_rooms = match &shared.store {
            Storage::Sqlite(store) => {
                let reader = store.clone();
                tokio::task::spawn_blocking(move || reader.open_rooms())
                    .await
                    .map_err(std::io::Error::other)?
                    .map_err(std::io::Error::other)?
            }
            Storage::Cluster(cluster) => {
                // Rooms are not restored at start: each is rebuilt from its
                // log by the node that takes it over, when it is asked for.
                let revision = cluster.take_lease().await.map_err(std::io::Error::other)?;
                cluster_tasks.push(tokio::spawn(dispatch::keep_lease(
                    shared.clone(),
                    cluster.clone(),
                    revision,
                )));
                let relay = cluster::relay::serve(shared.clone(), cluster.clone())
                    .await
                    .map_err(std::io::Error::other)?;
                cluster_tasks.push(relay);
                tracing::info!(node = %cluster.node, "joined the cluster");
                Vec::new()
            }
        };
        // A room whose log cannot be read or replayed is kept closed as a
        // whole (never replayed in part: that would be another game) and
        // its rows are left as stored, for inspection.
        let (mut restored, mut closed) = (0usize, 0usize);
        for stored in stored_rooms {
            let (id, code, why) = match stored {
                Ok(room) => {
                    let (id, code) = (room.id.clone(), room.code.clone());
                    match restore(&shared, room) {
                        Ok(handle) => {
                            shared.register(&id, &code, handle);
                            restored += 1;
                            continue;
                        }
                        Err(why) => (id, code, why),
                    }
                }
                Err(unreadable) => (unreadable.id, unreadable.code, unreadable.why),
            };
            tracing::error!(room = %id, %why, "room kept closed: its stored log cannot be read");
            lock(&shared.kept_closed).insert(id, code);
            closed += 1;
        }
        tracing::info!(restored, kept_closed = closed, "rooms restored");
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let app = http::router(shared.clone());
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let scheme = if acceptor.is_some() { "https" } else { "http" };
        let task = tokio::spawn(listen::serve(listener, acceptor, app, rx));
        tracing::info!(%addr, scheme, "listening");
        Ok(Server {
            addr,
            scheme,
            shared,
            shutdown: Some(tx),
            task,
            cluster_tasks,
        })
    }

    pub fn base_url(&self) -> String {
        format!("{}://{}", self.scheme, self.addr)
    }

    /// Stops listening and drops every room task (as a crash would: the
    /// database is the only thing that survives).
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        self.task.abort();
        let _ = (&mut self.task).await;
        for task in &self.cluster_tasks {
            task.abort();
        }
        for (_, room) in lock(&self.shared.rooms).drain() {
            room.task.abort();
        }
    }

    pub async fn wait(self) {
        let _ = self.task.await;
    }
}
