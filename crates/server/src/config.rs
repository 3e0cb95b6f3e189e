//! How a node is set up: its store, address, time scale, limits, TLS,
//! cluster and the web app it may serve too.

use crate::cluster::ClusterConfig;
use crate::push::PushConfig;
use crate::tls::TlsIdentity;
use crate::wall::WallClock;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Config {
    pub db: PathBuf,
    pub addr: SocketAddr,
    /// Real milliseconds per second of game time: 1000 in production; tests
    /// shrink it so a 30 s turn limit passes in milliseconds.
    pub ms_per_game_second: u64,
    /// The time of day that correspondence rooms and vacations run on
    /// (never scaled); tests share one between nodes and advance it.
    pub wall: Arc<WallClock>,
    /// How long a disconnected player has to come back (real time).
    pub grace: Duration,
    pub max_body_bytes: usize,
    pub max_streams_per_seat: usize,
    /// Per-device token bucket: sustained requests per second and burst.
    pub rate_per_second: f64,
    pub rate_burst: f64,
    /// Serve HTTPS with this certificate and key instead of plain HTTP.
    pub tls: Option<TlsIdentity>,
    /// Keep everything on NATS JetStream, shared with other nodes, instead
    /// of the SQLite file `db`.
    pub cluster: Option<ClusterConfig>,
    /// Also serve the web build in this folder on the same address
    /// (`--app DIR`, [`crate::app_files`]); the API's routes come first.
    pub app: Option<PathBuf>,
    /// Web Push: the VAPID key, the hourly bound.
    pub push: PushConfig,
}

impl Config {
    pub fn new(db: PathBuf, addr: SocketAddr) -> Config {
        Config {
            db,
            addr,
            ms_per_game_second: 1000,
            wall: Arc::default(),
            grace: Duration::from_secs(60),
            max_body_bytes: 16 * 1024,
            max_streams_per_seat: 4,
            rate_per_second: 20.0,
            rate_burst: 60.0,
            tls: None,
            cluster: None,
            app: None,
            push: PushConfig::default(),
        }
    }
}
