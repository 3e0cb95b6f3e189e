//! Housekeeping for rooms that live long, on a cluster: the per-device rate
//! limit and the per-seat stream bound hold for the cluster as a whole, a
//! closed room's records leave the buckets (at its close, or by the sweep)
//! while its log still answers late readers, and a ranked result whose node
//! died before writing it is applied once by the node that takes over.

use crate::common;

use common::nats::{free_port, Nats};
use common::*;
use papan_api::{Action, ActionRequest, Client, ErrorCode, EventKind, GameId, RoomStatus, Snapshot};
use papan_server::cluster::limits::Window;
use papan_server::cluster::{forget::Swept, Cluster, ClusterConfig};
use papan_server::storage::record::Header;
use papan_server::storage::{Entry, Logged, RatedResult};
use papan_server::Server;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime};

const LEASE: Duration = Duration::from_secs(1);

/// A node of the cluster at `url` whose devices may send `burst` requests
/// per `burst / per_second` seconds.
async fn limited_node(url: &str, per_second: f64, burst: f64) -> Server {
    server_at(Path::new("unused-on-a-cluster.db"), |config| {
        let mut cluster = ClusterConfig::new(url);
        cluster.lease = LEASE;
        config.cluster = Some(cluster);
        config.rate_per_second = per_second;
        config.rate_burst = burst;
    })
    .await
}

async fn probe(url: &str) -> Cluster {
    let mut config = ClusterConfig::new(url);
    config.lease = LEASE;
    Cluster::connect(&config).await.unwrap()
}

#[tokio::test]
async fn a_device_spread_over_three_nodes_gets_its_rate_limit_once() {
    let nats = Nats::start().await;
    // Five requests per 500 s: the window does not end inside the test.
    let (per_second, burst) = (0.01, 5.0);
    let window = Window::from_rate(per_second, burst);
    let now = SystemTime::now();
    if window.index(now) != window.index(now + Duration::from_secs(20)) {
        tokio::time::sleep(Duration::from_secs(21)).await;
    }
    let mut nodes = Vec::new();
    for _ in 0..3 {
        nodes.push(limited_node(&nats.url, per_second, burst).await);
    }
    // Registering is not limited (there is no device yet).
    let registered = device(&nodes[0].base_url()).await;
    let token = registered.device_token().unwrap().to_string();
    let on = |i: usize| Client::new(&nodes[i % 3].base_url()).with_device_token(token.clone());
    // Round robin over the three nodes: the limit holds for them together.
    for i in 0..window.per_window as usize {
        on(i)
            .rating(GameId::Hex)
            .await
            .unwrap_or_else(|e| panic!("request {} refused: {e}", i + 1));
    }
    for i in 0..3 {
        let refused = on(i).rating(GameId::Hex).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::RateLimited), "{refused}");
        assert!(
            refused.to_string().contains("too many requests from this device"),
            "{refused}"
        );
    }
    // Another device has its own allowance; sent all at once across the
    // nodes, its requests race for the count and still get no more.
    let other = device(&nodes[1].base_url()).await;
    let token = other.device_token().unwrap().to_string();
    let clients: Vec<Client> = (0..12)
        .map(|i| Client::new(&nodes[i % 3].base_url()).with_device_token(token.clone()))
        .collect();
    let answers = futures_util::future::join_all(clients.iter().map(|c| c.rating(GameId::Hex))).await;
    let accepted = answers.iter().filter(|a| a.is_ok()).count();
    assert!(
        (1..=window.per_window as usize).contains(&accepted),
        "{accepted} accepted"
    );
    for refused in answers.iter().filter_map(|a| a.as_ref().err()) {
        assert_eq!(refused.code(), Some(ErrorCode::RateLimited), "{refused}");
    }
    for node in nodes {
        node.stop().await;
    }
}

#[tokio::test]
async fn a_seats_stream_bound_holds_across_nodes() {
    let nats = Nats::start().await;
    let a_node = cluster_node(&nats.url, LEASE).await;
    let b_node = cluster_node(&nats.url, LEASE).await;
    let (a, _b) = seat(
        device(&a_node.base_url()).await,
        device(&b_node.base_url()).await,
        options(GameId::Hex),
    )
    .await;
    let token = a.client.device_token().unwrap().to_string();
    let on_a = Client::new(&a_node.base_url()).with_device_token(token.clone());
    let on_b = Client::new(&b_node.base_url()).with_device_token(token);
    let (room, seat_token) = (&a.grant.room_id, &a.grant.seat_token);
    // The room is a's node's; streams opened on b are relayed to it and
    // counted there with the local ones: four in all, wherever opened.
    let mut open = Vec::new();
    for client in [&on_a, &on_b, &on_a, &on_b] {
        let mut stream = client.subscribe(room, seat_token, None).await.unwrap();
        next_presence(&mut stream).await;
        open.push(stream);
    }
    for client in [&on_b, &on_a] {
        let refused = match client.subscribe(room, seat_token, None).await {
            Ok(_) => panic!("a fifth stream for the seat was opened"),
            Err(e) => e,
        };
        assert_eq!(refused.code(), Some(ErrorCode::RateLimited), "{refused}");
        assert!(refused.to_string().contains("too many event streams"), "{refused}");
    }
    // One closed on the owner: a stream may be opened again, on the other node.
    drop(open.remove(0));
    let mut reopened = None;
    for _ in 0..100 {
        if let Ok(stream) = on_b.subscribe(room, seat_token, None).await {
            reopened = Some(stream);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    next_presence(&mut reopened.expect("a stream opened once one closed")).await;
    a_node.stop().await;
    b_node.stop().await;
}

/// The presence frame every stream opens with.
async fn next_presence(stream: &mut papan_api::EventStream) {
    let event = tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("an event in time")
        .expect("stream open")
        .expect("readable event");
    assert!(matches!(event.kind, EventKind::Presence { .. }), "{:?}", event.kind);
}

/// Plays the room to its end: a roll when due, else the mover's first legal
/// move, each request asked again (same `client_seq`) until answered.
async fn play_to_end(players: &mut [Player; 2]) -> Snapshot {
    for _ in 0..3_000 {
        let snap = patiently(&mut players[0], None).await;
        if snap.status == RoomStatus::Over {
            return snap;
        }
        if snap.roll_due {
            patiently(&mut players[0], Some(Action::Roll)).await;
            continue;
        }
        let idx = if snap.to_move == Some(snap.seat) { 0 } else { 1 };
        let mine = patiently(&mut players[idx], None).await;
        let notation = mine.legal_moves[0].clone();
        patiently(&mut players[idx], Some(Action::Move { notation })).await;
    }
    panic!("the game did not end");
}

async fn patiently(player: &mut Player, action: Option<Action>) -> Snapshot {
    let request = action.map(|action| {
        player.seq += 1;
        (player.seq, action)
    });
    for _ in 0..300 {
        let Ok(snapshot) = player
            .client
            .snapshot(&player.grant.room_id, &player.grant.seat_token)
            .await
        else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let Some((seq, action)) = &request else { return snapshot };
        let request = ActionRequest {
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
            Err(e) if e.code() == Some(ErrorCode::IllegalAction) => panic!("refused: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    panic!("the cluster did not answer for 30 s");
}

#[tokio::test]
async fn a_closed_rooms_code_and_owner_are_erased_and_a_late_read_gets_its_end() {
    let nats = Nats::start().await;
    let a_node = cluster_node(&nats.url, LEASE).await;
    let b_node = cluster_node(&nats.url, LEASE).await;
    let mut options = options(GameId::Hex);
    options.ranked = true;
    let (a, b) = seat(
        device(&a_node.base_url()).await,
        device(&b_node.base_url()).await,
        options,
    )
    .await;
    let (room, code) = (a.grant.room_id.clone(), a.grant.code.clone());
    let mut players = [a, b];
    let end = play_to_end(&mut players).await;
    let probe = probe(&nats.url).await;
    // Over but not closed (a rematch may follow): its records stay.
    assert!(probe.owner(&room).await.unwrap().is_some());
    assert_eq!(probe.room_for_code(&code).await.unwrap(), Some(room.clone()));
    players[0].act(Action::Leave).await.unwrap();
    // Closed: the owner record and the code are gone, and the code no
    // longer finds the room.
    assert!(
        probe.owner(&room).await.unwrap().is_none(),
        "the owner record is erased"
    );
    assert_eq!(probe.room_for_code(&code).await.unwrap(), None, "the code is erased");
    let late = device(&b_node.base_url()).await;
    let refused = late.join(&code).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::NotFound), "{refused}");
    assert!(refused.to_string().contains("no room with this code"), "{refused}");
    // A late read, on either node, gets the room's end from its log, even
    // with the node that owned it gone.
    a_node.stop().await;
    let token = players[1].client.device_token().unwrap().to_string();
    let on_b = Client::new(&b_node.base_url()).with_device_token(token);
    let snap = on_b
        .snapshot(&room, &players[1].grant.seat_token)
        .await
        .expect("a closed room is still read");
    assert_eq!(snap.status, RoomStatus::Closed);
    assert_eq!(snap.outcome, end.outcome);
    assert_eq!(snap.moves, end.moves);
    // …read only: nothing more is taken.
    let mut last = players[1].clone();
    last.client = on_b.clone();
    let refused = last.act(Action::Leave).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Conflict), "{refused}");
    assert!(probe.owner(&room).await.unwrap().is_none(), "reading does not claim it");
    // The sweep finds nothing left of it.
    assert_eq!(probe.sweep().await.unwrap(), Swept::default());
    // An id that could name many subjects names no room (never a mix of
    // other rooms' logs).
    for id in ["*", ">", "a.b", "no*such"] {
        let refused = on_b.snapshot(id, &players[1].grant.seat_token).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::NotFound), "{id}: {refused}");
        assert!(probe.read_closed(id).await.unwrap().is_none(), "{id}");
    }
    b_node.stop().await;
}

fn room_entry(first_version: u64, events: &[Logged]) -> Entry<'_> {
    Entry {
        first_version,
        events,
        ..Entry::default()
    }
}

/// A room `id` with code `code` as a node makes it: code, owner, log.
async fn plant_room(cluster: &Cluster, id: &str, code: &str) {
    assert!(cluster.reserve_code(code, id).await.unwrap());
    cluster.claim_new(id).await.unwrap();
    let first = [
        Logged::new(EventKind::Created),
        Logged::new(EventKind::Joined { slot: 0 }),
    ];
    let header = Header {
        code: code.into(),
        options: options(GameId::Hex),
    };
    cluster.append(id, Some(header), room_entry(1, &first)).await.unwrap();
}

async fn close(cluster: &Cluster, id: &str) {
    cluster
        .append(id, None, room_entry(3, &[Logged::new(EventKind::Closed)]))
        .await
        .unwrap();
}

#[tokio::test]
async fn the_sweep_erases_what_closed_rooms_left_and_nothing_else() {
    let nats = Nats::start().await;
    let cluster = probe(&nats.url).await;
    // Closed by a node that died before erasing (its owner record and
    // code planted again after the close, as such a node leaves them).
    plant_room(&cluster, "left-owned", "LEFTA1").await;
    close(&cluster, "left-owned").await;
    assert_eq!(cluster.owner("left-owned").await.unwrap().map(|o| o.node), None);
    cluster.claim_new("left-owned").await.unwrap();
    assert!(cluster.reserve_code("LEFTA1", "left-owned").await.unwrap());
    // Closed, only its code left; and a rated mark of a closed room.
    plant_room(&cluster, "left-code", "LEFTB2").await;
    close(&cluster, "left-code").await;
    assert!(cluster.reserve_code("LEFTB2", "left-code").await.unwrap());
    plant_room(&cluster, "left-mark", "LEFTC3").await;
    close(&cluster, "left-mark").await;
    let result = RatedResult {
        game: GameId::Hex,
        game_index: 0,
        first: "dev-one".into(),
        second: "dev-two".into(),
        score_first: 1.0,
    };
    assert!(cluster.apply_rated("left-mark", &result).await.unwrap());
    // Open: everything stays.
    plant_room(&cluster, "open", "OPEND4").await;

    let swept = cluster.sweep().await.unwrap();
    assert_eq!(
        swept,
        Swept {
            rooms: 1,
            codes: 1,
            marks: 1
        }
    );
    for (room, code) in [("left-owned", "LEFTA1"), ("left-code", "LEFTB2")] {
        assert!(cluster.owner(room).await.unwrap().is_none(), "{room}'s owner erased");
        assert_eq!(cluster.room_for_code(code).await.unwrap(), None, "{room}'s code erased");
        // Its log still reads, closed.
        let log = cluster.read_closed(room).await.unwrap().unwrap().unwrap();
        assert_eq!(log.events.last().unwrap().0.kind, EventKind::Closed);
    }
    assert_eq!(cluster.owner("open").await.unwrap().unwrap().node, cluster.node);
    assert_eq!(cluster.room_for_code("OPEND4").await.unwrap().as_deref(), Some("open"));
    assert!(
        cluster.read_closed("open").await.unwrap().is_none(),
        "an open room is not read as closed"
    );
    // With its mark gone the closed room's result is not applied again by
    // a late read, nor by applying it again: each standing remembers it.
    assert!(cluster.read_closed("left-mark").await.unwrap().is_some());
    assert!(!cluster.apply_rated("left-mark", &result).await.unwrap());
    for device in ["dev-one", "dev-two"] {
        assert_eq!(cluster.rating(device, GameId::Hex).await.unwrap().games, 1, "{device}");
    }
    // The mark that applying wrote again is a closed room's: the next
    // sweep erases it, and the one after finds nothing.
    let marks_only = Swept {
        marks: 1,
        ..Swept::default()
    };
    assert_eq!(cluster.sweep().await.unwrap(), marks_only);
    assert_eq!(cluster.sweep().await.unwrap(), Swept::default());
}

#[tokio::test]
async fn a_rated_result_applied_twice_counts_once() {
    let nats = Nats::start().await;
    let cluster = probe(&nats.url).await;
    let result = |game_index| RatedResult {
        game: GameId::Backgammon,
        game_index,
        first: "dev-one".into(),
        second: "dev-two".into(),
        score_first: 1.0,
    };
    assert!(cluster.apply_rated("r", &result(0)).await.unwrap());
    let once = cluster.rating("dev-one", GameId::Backgammon).await.unwrap();
    assert!(!cluster.apply_rated("r", &result(0)).await.unwrap());
    assert_eq!(cluster.rating("dev-one", GameId::Backgammon).await.unwrap(), once);
    assert_eq!(cluster.rating("dev-two", GameId::Backgammon).await.unwrap().games, 1);
    // The room's next game (a rematch) counts, once.
    assert!(cluster.apply_rated("r", &result(1)).await.unwrap());
    assert!(!cluster.apply_rated("r", &result(1)).await.unwrap());
    assert_eq!(cluster.rating("dev-two", GameId::Backgammon).await.unwrap().games, 2);
}

/// A node process, killed (SIGKILL) when dropped.
struct Node(Child);

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn spawn_node(nats: &str, port: u16, die_before_rating: bool) -> Node {
    let mut command = Command::new(env!("CARGO_BIN_EXE_papan-server"));
    command
        .args(["--nats", nats, "--lease-s", &LEASE.as_secs_f64().to_string()])
        .args(["--addr", &format!("127.0.0.1:{port}"), "--rate-per-second", "1000"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if die_before_rating {
        command.env("PAPAN_TEST_DIE_BEFORE_RATING", "1");
    }
    let node = Node(command.spawn().expect("server binary starts"));
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
async fn a_ranked_result_whose_node_died_before_rating_it_is_applied_once_by_the_next() {
    let nats = Nats::start().await;
    let ports = [free_port(), free_port(), free_port()];
    // Node 0 dies right after the commit that ends a ranked game is
    // acknowledged, before it writes the rating.
    let mut nodes = Vec::new();
    for (i, port) in ports.into_iter().enumerate() {
        nodes.push(spawn_node(&nats.url, port, i == 0).await);
    }
    let url = |i: usize| format!("http://127.0.0.1:{}", ports[i]);
    let a = device(&format!("{},{},{}", url(0), url(1), url(2))).await;
    let b = device(&format!("{},{},{}", url(1), url(2), url(0))).await;
    let mut options = options(GameId::Hex);
    options.ranked = true;
    let (a, b) = seat(a, b, options).await;
    let room = a.grant.room_id.clone();
    let mut players = [a, b];
    let end = play_to_end(&mut players).await;
    assert!(end.outcome.is_some());
    let died = nodes[0].0.try_wait().unwrap();
    assert!(died.is_some(), "node 0 stopped before the rating write");
    // The node that took the room over applied the result from the log.
    for player in &players {
        let rating = player.client.rating(GameId::Hex).await.unwrap();
        assert_eq!(rating.games, 1, "rated once");
    }
    let after = players[0].client.rating(GameId::Hex).await.unwrap();
    // Reading the log again (another take-over, twice) does not count it again.
    let reader = probe(&nats.url).await;
    for _ in 0..2 {
        let log = reader.read_room(&room).await.unwrap().unwrap().unwrap();
        assert!(log.events.iter().any(|e| matches!(e.0.kind, EventKind::Ended { .. })));
    }
    assert_eq!(players[0].client.rating(GameId::Hex).await.unwrap(), after);
    assert_eq!(players[1].client.rating(GameId::Hex).await.unwrap().games, 1);
}
