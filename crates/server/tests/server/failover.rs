//! A client given several addresses of one server (the app's server
//! setting accepts a list) passes over a node that does not answer, and a
//! game goes on through the next node when the one in use stops: here the
//! nodes take turns on one database, the way a node that takes over a room
//! rebuilds it from its log.

use crate::common;

use common::*;
use papan_api::{Action, Client, EventKind, RoomOptions, RoomStatus};
use papan_server::{Config, Server};
use std::net::SocketAddr;
use std::path::Path;

/// A loopback port nothing listens on (bound, then let go).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

async fn node(db: &Path, port: u16) -> Server {
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut config = Config::new(db.to_path_buf(), addr);
    config.rate_per_second = 10_000.0;
    config.rate_burst = 10_000.0;
    Server::start(config).await.expect("node starts")
}

async fn seated(servers: &str, options: RoomOptions) -> [Player; 2] {
    let mut a = Client::new(servers);
    a.register().await.expect("register");
    let mut b = Client::new(servers);
    b.register().await.expect("register");
    let (a, b) = seat(a, b, options).await;
    [a, b]
}

/// The mover plays its first legal move; returns the version it reached,
/// or `None` when the game is over.
async fn step(players: &mut [Player; 2]) -> Option<u64> {
    let snap = players[0].snapshot().await;
    if snap.status == RoomStatus::Over {
        return None;
    }
    let mover = usize::from(snap.to_move != Some(snap.seat));
    let view = players[mover].snapshot().await;
    let notation = view.legal_moves[0].clone();
    let accepted = players[mover]
        .act_at(view.version, Action::Move { notation })
        .await
        .expect("a legal move is accepted");
    Some(accepted.version)
}

#[tokio::test]
async fn a_node_that_does_not_answer_is_passed_over() {
    let dir = tempfile::tempdir().unwrap();
    let live = node(&dir.path().join("papan.db"), 0).await;
    let dead = format!("http://127.0.0.1:{}", free_port());
    let servers = format!("{dead}, {}", live.base_url());
    let mut players = seated(&servers, RoomOptions::hex(7, false, None)).await;
    assert!(step(&mut players).await.is_some());
    assert_eq!(
        players[0].client.current_base(),
        live.base_url(),
        "the live node is kept"
    );
    live.stop().await;
}

#[tokio::test]
async fn when_the_node_in_use_stops_the_game_goes_on_through_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("papan.db");
    let (port_a, port_b) = (free_port(), free_port());
    let servers = format!("http://127.0.0.1:{port_a}, http://127.0.0.1:{port_b}");
    let first = node(&db, port_a).await;
    let mut players = seated(&servers, RoomOptions::hex(7, false, None)).await;
    let mut stream = players[1]
        .client
        .subscribe(&players[1].grant.room_id, &players[1].grant.seat_token, None)
        .await
        .unwrap();
    let mut versions = Vec::new();
    for _ in 0..6 {
        versions.push(step(&mut players).await.expect("the game goes on"));
    }
    // The watcher has seen every move so far.
    let mut seen = 0;
    while seen < 6 {
        if matches!(next_logged(&mut stream).await.kind, EventKind::Moved { .. }) {
            seen += 1;
        }
    }
    let resume_from = stream.last_event_id();

    // The node in use goes away, as a crash would; the next one rebuilds
    // the room from the log.
    first.stop().await;
    let second = node(&db, port_b).await;
    let mut moves = 6;
    while let Some(version) = step(&mut players).await {
        versions.push(version);
        moves += 1;
        assert!(moves <= 49, "a 7×7 board fills within 49 moves");
    }
    assert_eq!(players[0].client.current_base(), second.base_url());
    assert!(
        versions.windows(2).all(|w| w[1] > w[0]),
        "versions only go up: {versions:?}"
    );
    let last = players[0].snapshot().await;
    assert_eq!(last.status, RoomStatus::Over);
    assert_eq!(last.moves.len(), moves, "no move lost or applied twice");

    // The watcher resumes on the next node and gets exactly what it missed.
    let mut stream = players[1]
        .client
        .subscribe(&players[1].grant.room_id, &players[1].grant.seat_token, resume_from)
        .await
        .expect("the stream resumes on the next node");
    let mut resumed = 0;
    loop {
        match next_logged(&mut stream).await.kind {
            EventKind::Moved { .. } => resumed += 1,
            EventKind::Ended { .. } => break,
            _ => {}
        }
    }
    assert_eq!(resumed, moves - 6);
    second.stop().await;
}
