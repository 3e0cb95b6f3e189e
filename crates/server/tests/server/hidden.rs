//! J21 over the wire: across random Jun Qi games, no payload sent to a seat
//! (action answers, snapshots, SSE events) names a face-down piece.

use crate::common;

use common::*;
use papan_api::{Action, GameId, RoomStatus, Snapshot};
use papan_rules::junqi::{JunQi, Square};
use papan_rules::{Game, Record};
use proptest::prelude::*;
use std::time::Duration;

/// Every payload of the game, checked against the true layout once the
/// seed is revealed: each post still face down in the real game at that
/// version is `"FaceDown"` in the payload.
fn check_payloads(payloads: &[Snapshot], moves: &[String], seed: u64) {
    let record: Record<JunQi> = Record::new(Default::default(), seed);
    let mut states = vec![record.start().unwrap()];
    for m in moves {
        let mut g = states.last().unwrap().clone();
        let mv = g.parse_move(m).unwrap();
        g.play(&mv).unwrap();
        states.push(g);
    }
    for p in payloads {
        let Some(view) = &p.view else { continue };
        let truth = &states[p.moves.len()];
        let board = view["game"]["board"].as_array().expect("view board");
        for (i, post) in board.iter().enumerate() {
            let square = Square::from_index(i).unwrap();
            if truth.hidden_piece(square).is_some() {
                assert_eq!(post, "FaceDown", "square {square} leaked at version {}", p.version);
            }
        }
    }
}

/// One random game, on one node or on two nodes of a cluster (each player
/// on its own node: one seat's events relayed from the owner).
async fn one_game(pick: u64, on_cluster: bool) {
    let dir = tempfile::tempdir().unwrap();
    let nats = match on_cluster {
        true => Some(common::nats::Nats::start().await),
        false => None,
    };
    let servers = match &nats {
        Some(nats) => vec![
            cluster_node(&nats.url, Duration::from_secs(2)).await,
            cluster_node(&nats.url, Duration::from_secs(2)).await,
        ],
        None => vec![server_at(&dir.path().join("p.db"), |_| {}).await],
    };
    let (a, b) = seat(
        device(&servers[0].base_url()).await,
        device(&servers[servers.len() - 1].base_url()).await,
        options(GameId::Junqi),
    )
    .await;
    let mut players = [a, b];
    let mut streams = Vec::new();
    for p in &players {
        streams.push(
            p.client
                .subscribe(&p.grant.room_id, &p.grant.seat_token, Some(0))
                .await
                .unwrap(),
        );
    }
    let mut payloads = Vec::new();
    let mut k = pick;
    for _ in 0..120 {
        let s0 = players[0].snapshot().await;
        payloads.push(s0.clone());
        if s0.status == RoomStatus::Over {
            break;
        }
        let idx = if Some(s0.seat) == s0.to_move { 0 } else { 1 };
        let snap = players[idx].snapshot().await;
        payloads.push(snap.clone());
        k = k.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mv = snap.legal_moves[(k >> 33) as usize % snap.legal_moves.len()].clone();
        let answer = players[idx]
            .act_at(snap.version, Action::Move { notation: mv })
            .await
            .unwrap();
        payloads.push(answer.snapshot);
    }
    let resign = players[0].act(Action::Resign).await;
    let end = players[0].snapshot().await;
    if resign.is_ok() || end.status == RoomStatus::Over {
        for stream in &mut streams {
            while let Some(Ok(e)) = stream.next().await {
                // Presence frames carry snapshots too: checked like the rest.
                payloads.push(e.snapshot);
                if e.version == end.version {
                    break;
                }
            }
        }
    }
    let reveal = end.reveal.clone().expect("revealed at the end");
    check_payloads(&payloads, &end.moves, reveal.seed);
    for server in servers {
        server.stop().await;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]
    #[test]
    fn j21_no_payload_to_a_seat_names_a_face_down_piece(pick in any::<u64>()) {
        tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(one_game(pick, false));
    }

    #[test]
    fn j21_on_a_cluster_no_payload_to_a_seat_names_a_face_down_piece(pick in any::<u64>()) {
        tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(one_game(pick, true));
    }
}
