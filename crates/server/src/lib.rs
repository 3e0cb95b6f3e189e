//! papan-server: authoritative rooms over papan-rules, behind the HTTP API
//! of papan-api (see `API.md`). Embedded default: one process, SQLite (WAL).
//!
//! Imports go one way, top to bottom (`Server`, here, wires them up):
//!
//! - [`http`]: axum routes, auth, limits; [`cors`]: cross-origin access;
//!   [`listen`]: the accept loop (HTTP/1.1, h2c); [`tls`]: HTTPS served by
//!   the node itself; [`app_files`]: the web app served beside the API
//!   (`--app DIR`);
//! - [`dispatch`]: where a room's requests go (its task here, or the node
//!   that owns it); [`relay`]: calls and events carried between nodes;
//!   [`call`]: what can be asked of a room;
//! - [`shared`]: what every handler shares (configuration, storage, the
//!   rooms running here); [`config`]: how a node is set up;
//! - [`room`]: one actor task per room (validation, clocks, log, fan-out);
//! - [`core`]: the room state rebuilt from its event log; [`games`]: the
//!   four games behind one interface;
//! - [`storage`]: the storage layer and its versioned log records, over
//!   [`store`] (SQLite, one node) or [`cluster`] (NATS JetStream: logs,
//!   buckets, leases, shared by many nodes);
//! - [`push`]: Web Push notices to devices (encrypted, signed, bounded),
//!   handed over by the room tasks;
//! - [`transfer`]: moving a device's games to another device (codes);
//! - [`wall`]: the time of day correspondence rooms run on (injectable);
//! - [`ratings`]: Glicko-2 arithmetic; [`secrets`]: OS randomness (tokens,
//!   codes, game seeds; the dice derive from the committed seed).

// Outside input (notation, records, request bodies, stored rows) reaches
// this crate's code: it is refused with a reason, never unwrapped. An
// invariant of a validated value may be expected where it says why.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod app_files;
pub mod call;
pub mod cluster;
pub mod config;
pub mod core;
pub mod cors;
pub mod dispatch;
pub mod games;
pub mod http;
pub mod limits;
pub mod listen;
pub mod push;
pub mod ratings;
pub mod relay;
pub mod room;
pub mod secrets;
pub mod shared;
pub mod storage;
pub mod store;
pub mod tls;
pub mod transfer;
pub mod wall;

use std::net::SocketAddr;
use std::sync::Arc;
use storage::Storage;
use store::Store;

pub use config::Config;
pub use dispatch::Route;
pub use shared::Shared;

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
        // A bad certificate or app folder is found before anything is opened.
        let files = match &config.app {
            Some(dir) => Some(Arc::new(app_files::AppFiles::open(dir).map_err(std::io::Error::other)?)),
            None => None,
        };
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
        let key_file = (config.push.key_file.clone()).unwrap_or_else(|| config.db.with_file_name("vapid.key"));
        let vapid = push::Vapid::load_or_create(&key_file, &config.push.subject).map_err(std::io::Error::other)?;
        let pusher = Arc::new(push::Pusher::new(vapid, config.push.clone(), config.wall.clone()));
        let shared = Arc::new(Shared::new(config.clone(), store, pusher.clone()));
        pusher.start(shared.store.clone());
        let mut cluster_tasks = Vec::new();
        let stored_rooms = match &*shared.store {
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
                let answering = shared.clone();
                let handler: relay::Handler = Arc::new(move |room: String, call: call::Call| {
                    let shared = answering.clone();
                    Box::pin(async move { shared.answer_relayed(&room, call).await })
                });
                let relay = relay::serve(cluster.clone(), handler)
                    .await
                    .map_err(std::io::Error::other)?;
                cluster_tasks.push(relay);
                let sweep = cluster::forget::sweep_every(cluster.clone(), cluster::forget::SWEEP_EVERY);
                cluster_tasks.push(tokio::spawn(sweep));
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
                    match shared::restore(&shared, room) {
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
            shared.keep_closed(id, code);
            closed += 1;
        }
        tracing::info!(restored, kept_closed = closed, "rooms restored");
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let app = http::router(shared.clone(), files);
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
        self.shared.rooms.stop_all();
    }

    pub async fn wait(self) {
        let _ = self.task.await;
    }
}
