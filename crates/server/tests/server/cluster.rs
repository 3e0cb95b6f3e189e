//! Many nodes on one NATS JetStream (started here, on loopback): any node
//! serves any room, a node that lost a room cannot extend its log, and a
//! game goes on to its normal end when its node is killed with SIGKILL.

use crate::common;

use common::nats::{free_port, Nats};
use common::*;
use papan_api::{Action, Client, EventKind, GameId, RoomEvent, RoomStatus, Snapshot};
use papan_rules::EndReason;
use papan_server::cluster::{Cluster, ClusterConfig};
use papan_server::storage::record::Header;
use papan_server::storage::{Entry, Logged};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const LEASE: Duration = Duration::from_secs(1);

/// The lease of the nodes in the tests that allow no request to be asked
/// again: longer than [`LEASE`], so a debug build starved of the CPU for a
/// second on a busy CI machine keeps its lease (a node whose lease lapses
/// drops its rooms, failing a request in flight), as a node's 10 s lease
/// does in production.
const NODE_LEASE: Duration = Duration::from_secs(3);

/// What the players had accepted, and how often a request had to be asked
/// again.
#[derive(Default, Debug)]
struct Tally {
    moves: usize,
    rolls: usize,
    /// Why each request that was asked again failed the time before.
    retried: Vec<String>,
}

/// One action of the game, each request asked [`patiently`]: a roll when
/// due, else the mover's first legal move. The final snapshot once the game
/// is over.
async fn step(players: &mut [Player; 2], tally: &mut Tally) -> Option<Snapshot> {
    let s0 = patiently(&mut players[0], None, &mut tally.retried).await;
    if s0.status == RoomStatus::Over {
        return Some(s0);
    }
    if s0.roll_due {
        patiently(&mut players[0], Some(Action::Roll), &mut tally.retried).await;
        tally.rolls += 1;
        return None;
    }
    let idx = if s0.to_move == Some(s0.seat) { 0 } else { 1 };
    let snap = patiently(&mut players[idx], None, &mut tally.retried).await;
    let notation = snap.legal_moves[0].clone();
    patiently(&mut players[idx], Some(Action::Move { notation }), &mut tally.retried).await;
    tally.moves += 1;
    None
}

async fn play_on(players: &mut [Player; 2], tally: &mut Tally, max_actions: usize) -> Snapshot {
    for _ in 0..max_actions {
        if let Some(end) = step(players, tally).await {
            return end;
        }
    }
    panic!("game not over within {max_actions} actions");
}

/// Every logged event a seat's streams deliver, resuming with
/// `Last-Event-ID` whenever a stream ends (as the app does).
fn collect_events(player: &Player, until: Arc<Mutex<Option<u64>>>) -> tokio::task::JoinHandle<Vec<RoomEvent>> {
    let (client, room, token) = (
        player.client.clone(),
        player.grant.room_id.clone(),
        player.grant.seat_token.clone(),
    );
    tokio::spawn(async move {
        let mut seen: Vec<RoomEvent> = Vec::new();
        for _ in 0..200 {
            let last = seen.last().map_or(0, |e| e.version);
            if until.lock().unwrap().is_some_and(|end| last >= end) {
                return seen;
            }
            let Ok(mut stream) = client.subscribe(&room, &token, Some(last)).await else {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            };
            while let Ok(Some(Ok(event))) = tokio::time::timeout(Duration::from_secs(3), stream.next()).await {
                if event.kind.is_logged() {
                    seen.push(event);
                }
                let last = seen.last().map_or(0, |e| e.version);
                if until.lock().unwrap().is_some_and(|end| last >= end) {
                    return seen;
                }
            }
        }
        panic!("the stream never reached the end: {:?}", seen.last().map(|e| e.version));
    })
}

/// The versions are 1, 2, … `end`, each once, in order.
fn assert_continuous(events: &[RoomEvent], end: u64) {
    let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
    assert_eq!(versions, (1..=end).collect::<Vec<_>>(), "versions are continuous");
}

fn count(events: &[RoomEvent], what: fn(&EventKind) -> bool) -> usize {
    events.iter().filter(|e| what(&e.kind)).count()
}

/// Both seats' streams carried versions 1..=`end` once each, in order, and
/// every accepted move and roll once: none lost, none applied twice.
async fn check_streams(streams: [tokio::task::JoinHandle<Vec<RoomEvent>>; 2], end: u64, tally: &Tally) {
    for stream in streams {
        let events = stream.await.unwrap();
        assert_continuous(&events, end);
        assert_eq!(count(&events, |k| matches!(k, EventKind::Moved { .. })), tally.moves);
        assert_eq!(count(&events, |k| matches!(k, EventKind::Rolled { .. })), tally.rolls);
    }
}

#[tokio::test]
async fn any_node_serves_any_room_its_streams_and_its_ratings() {
    let nats = Nats::start().await;
    let a_node = cluster_node(&nats.url, NODE_LEASE).await;
    let b_node = cluster_node(&nats.url, NODE_LEASE).await;
    // Each device registers on its own node and plays through it.
    let a = device(&a_node.base_url()).await;
    let b = device(&b_node.base_url()).await;
    let mut options = options(GameId::Hex);
    options.ranked = true;
    let mut players = {
        let (a, b) = seat(a, b, options).await;
        [a, b]
    };
    let until = Arc::new(Mutex::new(None));
    let streams = players.each_ref().map(|p| collect_events(p, until.clone()));
    let mut tally = Tally::default();
    let end = play_on(&mut players, &mut tally, 400).await;
    assert_eq!(
        tally.retried,
        Vec::<String>::new(),
        "every request answered the first time"
    );
    assert_eq!(end.outcome.unwrap().reason, EndReason::Connection);
    *until.lock().unwrap() = Some(end.version);
    // The stream on the room's own node and the one relayed to the other
    // node both carry every event once, in order.
    check_streams(streams, end.version, &tally).await;
    // The result is rated once, and every node reads the same rating.
    let rating_here = players[0].client.rating(GameId::Hex).await.unwrap();
    let token = players[0].client.device_token().unwrap().to_string();
    let other = Client::new(&b_node.base_url()).with_device_token(token);
    let rating_there = other.rating(GameId::Hex).await.unwrap();
    assert_eq!(rating_here.games, 1);
    assert_eq!(rating_here, rating_there);

    // Quick match across nodes: two devices on different nodes meet.
    let c = device(&a_node.base_url()).await;
    let d = device(&b_node.base_url()).await;
    let first = c.quick_match(options).await.unwrap();
    let second = d.quick_match(options).await.unwrap();
    assert_eq!(first.room_id, second.room_id);
    assert_ne!(first.slot, second.slot);
    a_node.stop().await;
    b_node.stop().await;
}

#[tokio::test]
async fn a_node_that_lost_a_room_cannot_append_to_its_log() {
    let nats = Nats::start().await;
    let mut config = ClusterConfig::new(&nats.url);
    config.lease = LEASE;
    let old = Cluster::connect(&config).await.unwrap();
    let new = Cluster::connect(&config).await.unwrap();
    let first = [
        Logged::new(EventKind::Created),
        Logged::new(EventKind::Joined { slot: 0 }),
    ];
    let header = Header {
        code: "ABCDEF".into(),
        options: options(GameId::Hex),
    };
    let entry = |first_version, events| Entry {
        first_version,
        events,
        ..Entry::default()
    };
    old.append("r1", Some(header), entry(1, &first)).await.unwrap();
    // Another node takes the room over and reads its log…
    let taken = new.read_room("r1").await.unwrap().unwrap().unwrap();
    assert_eq!(taken.events.len(), 2);
    let closed = [Logged::new(EventKind::Closed)];
    new.append("r1", None, entry(3, &closed)).await.unwrap();
    // …so the old owner's next commit is refused, and the log is not forked.
    let refused = old.append("r1", None, entry(3, &closed)).await.unwrap_err();
    assert!(refused.is_fenced(), "{refused}");
    let log = new.read_room("r1").await.unwrap().unwrap().unwrap();
    assert_eq!(log.events.len(), 3);
}

#[tokio::test]
async fn a_lease_stands_while_renewed_and_lapses_within_its_length() {
    let nats = Nats::start().await;
    let mut config = ClusterConfig::new(&nats.url);
    config.lease = LEASE;
    let (a, b) = (
        Cluster::connect(&config).await.unwrap(),
        Cluster::connect(&config).await.unwrap(),
    );
    let mut revision = a.take_lease().await.unwrap();
    for _ in 0..6 {
        tokio::time::sleep(LEASE / 3).await;
        revision = a.renew(revision).await.unwrap();
        assert!(b.is_alive(&a.node).await.unwrap(), "renewed: still alive");
    }
    // Not renewed: gone within about a lease (JetStream expires by max age).
    let mut lapsed = false;
    for _ in 0..30 {
        tokio::time::sleep(LEASE / 10).await;
        if !b.is_alive(&a.node).await.unwrap() {
            lapsed = true;
            break;
        }
    }
    assert!(lapsed, "a lease that is not renewed lapses");
    assert!(a.renew(revision).await.is_err(), "a lapsed lease cannot be renewed");
    // A clean stop gives the lease up at once.
    b.take_lease().await.unwrap();
    b.release_lease().await.unwrap();
    assert!(!a.is_alive(&b.node).await.unwrap());
}

/// A node process, killed (SIGKILL) when dropped, also when a test fails.
struct Node(Child);

impl Node {
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}

/// `papan-server` as a node of the cluster, on `port`.
async fn spawn_node(nats: &str, port: u16) -> Node {
    let child = Command::new(env!("CARGO_BIN_EXE_papan-server"))
        .args(["--nats", nats, "--lease-s", &NODE_LEASE.as_secs_f64().to_string()])
        .args(["--addr", &format!("127.0.0.1:{port}"), "--rate-per-second", "1000"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("server binary starts");
    let node = Node(child);
    let probe = Client::new(&format!("http://127.0.0.1:{port}"));
    for _ in 0..200 {
        if probe.clone().register().await.is_ok() {
            return node;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("node on port {port} did not come up");
}

#[tokio::test]
async fn owner_node_killed_mid_game_loses_no_move_and_the_game_ends_normally() {
    let nats = Nats::start().await;
    let ports = [free_port(), free_port(), free_port()];
    let mut nodes = Vec::new();
    for port in ports {
        nodes.push(spawn_node(&nats.url, port).await);
    }
    let url = |i: usize| format!("http://127.0.0.1:{}", ports[i]);
    // The app's setting lists every node; each player starts on another one.
    let a = device(&format!("{},{},{}", url(0), url(1), url(2))).await;
    let b = device(&format!("{},{},{}", url(1), url(2), url(0))).await;
    let mut players = {
        let (a, b) = seat(a, b, options(GameId::Backgammon)).await;
        [a, b]
    };
    let until = Arc::new(Mutex::new(None));
    let streams = players.each_ref().map(|p| collect_events(p, until.clone()));
    let mut tally = Tally::default();
    // Mid-game: a dozen actions in, node 0 (where the room was made, so
    // its owner) is killed without warning.
    for _ in 0..12 {
        step(&mut players, &mut tally).await;
    }
    let before = players[1].snapshot().await;
    // SIGKILL; another node takes the room over within the lease and both go on.
    nodes[0].kill();
    let after = players[0].snapshot().await;
    assert_eq!((after.version, &after.moves), (before.version, &before.moves));
    let end = play_on(&mut players, &mut tally, 3_000).await;
    // The clients moved to other nodes by themselves: no request failed.
    assert_eq!(
        tally.retried,
        Vec::<String>::new(),
        "every request answered the first time"
    );
    assert_eq!(end.outcome.unwrap().reason, EndReason::BoreOff);
    *until.lock().unwrap() = Some(end.version);
    check_streams(streams, end.version, &tally).await;
}

/// Asks until the cluster answers (while NATS elects new leaders an action
/// may fail with a storage error): the same `client_seq` each time, so an
/// action the cluster did take is answered, not applied again.
async fn patiently(player: &mut Player, action: Option<Action>, retried: &mut Vec<String>) -> Snapshot {
    let request = action.map(|action| {
        player.seq += 1;
        (player.seq, action)
    });
    for _ in 0..300 {
        let snapshot = match player
            .client
            .snapshot(&player.grant.room_id, &player.grant.seat_token)
            .await
        {
            Ok(snapshot) => snapshot,
            Err(e) => {
                retried.push(format!("snapshot: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some((seq, action)) = &request else { return snapshot };
        let request = papan_api::ActionRequest {
            based_on_version: snapshot.version,
            client_seq: *seq,
            action: action.clone(),
        };
        match player
            .client
            .act(&player.grant.room_id, &player.grant.seat_token, &request)
            .await
        {
            Ok(answer) => return answer.snapshot,
            Err(e) => {
                retried.push(format!("action: {e}"));
                // A refusal by the rules is this test's bug, not a hiccup.
                // (An action taken whose answer was lost is answered as
                // taken when asked again with its seq.)
                if e.code() == Some(papan_api::ErrorCode::IllegalAction) {
                    panic!("refused: {e}");
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    panic!("the cluster did not answer for 30 s");
}

#[tokio::test]
async fn a_nats_server_killed_mid_game_on_three_replicas_loses_no_move() {
    let mut nats = common::nats::NatsCluster::start().await;
    let lease = Duration::from_secs(3);
    let a_node = replicated_node(&nats.url(), lease, 3).await;
    let b_node = replicated_node(&nats.url(), lease, 3).await;
    let (a, b) = seat(
        device(&a_node.base_url()).await,
        device(&b_node.base_url()).await,
        options(GameId::Backgammon),
    )
    .await;
    let mut players = [a, b];
    let until = Arc::new(Mutex::new(None));
    let streams = players.each_ref().map(|p| collect_events(p, until.clone()));
    let mut tally = Tally::default();
    for _ in 0..12 {
        step(&mut players, &mut tally).await;
    }
    // SIGKILL, mid-game, the server every log write goes through.
    let leader = nats.stream_leader("PAPAN_ROOMS").await;
    nats.kill(leader);
    println!("killed NATS server {leader}, the room log's leader");
    let end = play_on(&mut players, &mut tally, 3_000).await;
    assert_eq!(end.outcome.unwrap().reason, EndReason::BoreOff);
    *until.lock().unwrap() = Some(end.version);
    check_streams(streams, end.version, &tally).await;
    println!("requests retried while NATS recovered: {}", tally.retried.len());
    a_node.stop().await;
    b_node.stop().await;
}
