//! A real server on 127.0.0.1 with a temporary database, and two players
//! driving it through papan-api's client.
#![allow(dead_code)]

pub mod nats;
pub mod push_service;

use papan_api::{Action, ActionAccepted, ActionRequest, Client, ClientError, GameId, RoomOptions, SeatGrant, Snapshot};
use papan_server::{Config, Server};
use std::path::Path;
use std::time::Duration;

pub async fn server_at(db: &Path, tweak: impl FnOnce(&mut Config)) -> Server {
    let mut config = Config::new(db.to_path_buf(), "127.0.0.1:0".parse().unwrap());
    config.rate_per_second = 10_000.0;
    config.rate_burst = 10_000.0;
    tweak(&mut config);
    Server::start(config).await.expect("server starts")
}

/// One node of a cluster on NATS at `url`, in this process.
pub async fn cluster_node(url: &str, lease: Duration) -> Server {
    replicated_node(url, lease, 1).await
}

/// [`cluster_node`] keeping `replicas` copies of every log and bucket.
pub async fn replicated_node(url: &str, lease: Duration, replicas: usize) -> Server {
    server_at(Path::new("unused-on-a-cluster.db"), |config| {
        let mut cluster = papan_server::cluster::ClusterConfig::new(url);
        cluster.lease = lease;
        cluster.replicas = replicas;
        config.cluster = Some(cluster);
    })
    .await
}

/// One player: a registered device plus the seat it holds.
#[derive(Clone)]
pub struct Player {
    pub client: Client,
    pub grant: SeatGrant,
    pub seq: u64,
}

impl Player {
    pub async fn snapshot(&self) -> Snapshot {
        self.client
            .snapshot(&self.grant.room_id, &self.grant.seat_token)
            .await
            .expect("snapshot")
    }

    pub async fn act(&mut self, action: Action) -> Result<ActionAccepted, ClientError> {
        let version = self.snapshot().await.version;
        self.act_at(version, action).await
    }

    pub async fn act_at(&mut self, version: u64, action: Action) -> Result<ActionAccepted, ClientError> {
        self.seq += 1;
        let request = ActionRequest {
            based_on_version: version,
            client_seq: self.seq,
            action,
        };
        self.client
            .act(&self.grant.room_id, &self.grant.seat_token, &request)
            .await
    }

    pub async fn play(&mut self, notation: &str) -> Result<ActionAccepted, ClientError> {
        self.act(Action::Move {
            notation: notation.to_string(),
        })
        .await
    }
}

pub async fn device(base: &str) -> Client {
    let mut client = Client::new(base);
    client.register().await.expect("register");
    client
}

/// Creator (slot 0) and joiner (slot 1) of a fresh room.
pub async fn table(server: &Server, options: RoomOptions) -> (Player, Player) {
    let base = server.base_url();
    seat(device(&base).await, device(&base).await, options).await
}

/// Registered devices `a` and `b` at a fresh room: `a` creates, `b` joins by code.
pub async fn seat(a: Client, b: Client, options: RoomOptions) -> (Player, Player) {
    let grant_a = a.create_room(options).await.expect("create room");
    let grant_b = b.join(&grant_a.code).await.expect("join by code");
    (
        Player {
            client: a,
            grant: grant_a,
            seq: 0,
        },
        Player {
            client: b,
            grant: grant_b,
            seq: 0,
        },
    )
}

pub fn options(game: GameId) -> RoomOptions {
    RoomOptions::new(game)
}

/// Waits until `check` holds for `player`'s snapshot (bounded).
pub async fn eventually(player: &Player, mut check: impl FnMut(&Snapshot) -> bool) -> Snapshot {
    for _ in 0..400 {
        let snap = player.snapshot().await;
        if check(&snap) {
            return snap;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("condition not reached: {:?}", player.snapshot().await);
}

/// The next logged event on `stream`, skipping live presence frames (every
/// stream opens with one), within 5 s.
pub async fn next_logged(stream: &mut papan_api::EventStream) -> papan_api::RoomEvent {
    loop {
        let event = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("an event in time")
            .expect("stream open")
            .expect("readable event");
        if event.kind.is_logged() {
            return event;
        }
    }
}

/// The package's folder as cargo sets it when it runs the tests, not as it
/// was at build time: with a build cache shared by two clones, cargo may
/// reuse a test binary built in the other clone, whose baked-in path points
/// there.
pub fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| env!("CARGO_MANIFEST_DIR").into(), Into::into)
}
