//! What the app's online play relies on: backgammon dice committed before
//! the game and checkable after it, the opponent's presence announced live
//! (never logged), and CORS for a web app served from another origin.

use crate::common;

use common::*;
use papan_api::fairness::{dice_rng, verify, verify_backgammon};
use papan_api::sse::SseParser;
use papan_api::{Action, EventKind, EventStream, GameId, RoomEvent, RoomStatus, Snapshot};
use papan_rules::backgammon::Backgammon;
use papan_rules::{Game, Record, Turn};
use std::time::Duration;

/// Plays a whole backgammon game through the API: rolls with the Roll
/// action (from either seat, seeded), moves picked by a seeded choice among
/// the mover's `legal_moves`. The server restarts once, mid-game, from its
/// log. Returns the final snapshot of both slots.
async fn backgammon_through_the_api(pick: u64) -> (Snapshot, Snapshot) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let mut server = server_at(&db, |_| {}).await;
    let (a, b) = table(&server, options(GameId::Backgammon)).await;
    let mut players = [a, b];
    let start = players[0].snapshot().await;
    let commitment = start.commitment.clone().expect("the dice are committed at the start");
    assert!(start.reveal.is_none(), "the seed stays secret during the game");
    let mut k = pick;
    let mut next = || {
        k = k.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        k >> 33
    };
    for action in 0..5_000 {
        if action == 60 {
            server.stop().await;
            server = server_at(&db, |_| {}).await;
            let base = server.base_url();
            for p in &mut players {
                p.client = papan_api::Client::new(&base).with_device_token(p.client.device_token().unwrap());
            }
        }
        let s0 = players[0].snapshot().await;
        if s0.status == RoomStatus::Over {
            break;
        }
        assert_eq!(s0.commitment.as_ref(), Some(&commitment), "one commitment per game");
        if s0.roll_due {
            let who = (next() % 2) as usize;
            players[who].act_at(s0.version, Action::Roll).await.expect("roll");
            continue;
        }
        let to = s0.to_move.expect("someone moves");
        let idx = if s0.seat == to { 0 } else { 1 };
        let snap = players[idx].snapshot().await;
        let notation = snap.legal_moves[next() as usize % snap.legal_moves.len()].clone();
        players[idx]
            .act_at(snap.version, Action::Move { notation })
            .await
            .expect("legal move accepted");
    }
    let ends = (players[0].snapshot().await, players[1].snapshot().await);
    server.stop().await;
    ends
}

#[tokio::test]
async fn b5_backgammon_rolls_come_from_the_committed_seed_and_verify_after_the_game() {
    let (end0, end1) = backgammon_through_the_api(7).await;
    assert_eq!(end0.status, RoomStatus::Over, "the game ended: {:?}", end0.moves.len());
    let commitment = end0.commitment.clone().unwrap();
    let reveal = end0.reveal.clone().expect("the seed is revealed at the end");
    assert_eq!(end1.reveal.as_ref(), Some(&reveal));
    assert!(end0.moves.iter().any(|m| m.starts_with("roll")));
    assert!(end0.moves[0].starts_with("opening"), "the opening roll is move 0");

    // Each roll is the one `dice_rng(seed, its index)` draws there.
    let mut game = Record::<Backgammon>::new(Default::default(), reveal.seed)
        .start()
        .unwrap();
    for (ply, text) in end0.moves.iter().enumerate() {
        if game.turn() == Turn::Chance {
            let due = game.sample_chance(&mut dice_rng(reveal.seed, ply as u64)).unwrap();
            assert_eq!(&game.format_move(&due), text, "roll at move {ply}");
        }
        let mv = game.parse_move(text).unwrap();
        game.play(&mv).unwrap();
    }

    for end in [&end0, &end1] {
        let view = end.view.as_ref().unwrap();
        verify_backgammon(&commitment, &reveal, &end.moves, end.seat, view).expect("the dice verify");
        verify(GameId::Backgammon, &commitment, &reveal, &end.moves, end.seat, view).expect("dispatch");
    }
}

#[tokio::test]
async fn b5_a_tampered_reveal_or_roll_is_refused_with_a_reason() {
    let (end, _) = backgammon_through_the_api(11).await;
    let commitment = end.commitment.clone().unwrap();
    let reveal = end.reveal.clone().unwrap();
    let view = end.view.as_ref().unwrap();
    verify_backgammon(&commitment, &reveal, &end.moves, end.seat, view).expect("honest");

    let mut other_seed = reveal.clone();
    other_seed.seed ^= 1;
    let err = verify_backgammon(&commitment, &other_seed, &end.moves, end.seat, view).unwrap_err();
    assert!(err.contains("commitment"), "{err}");

    // A roll the seed does not draw (the first later roll, changed).
    let k = end.moves.iter().position(|m| m.starts_with("roll")).unwrap();
    let mut forged = end.moves.clone();
    forged[k] = if end.moves[k] == "roll 6-6" {
        "roll 5-5"
    } else {
        "roll 6-6"
    }
    .to_string();
    let err = verify(GameId::Backgammon, &commitment, &reveal, &forged, end.seat, view).unwrap_err();
    assert!(err.contains(&format!("move {k}")), "names the roll: {err}");
    assert!(
        err.contains(&forged[k]) && err.contains(&end.moves[k]),
        "names both rolls: {err}"
    );

    // The same dice under a Jun Qi check: the commitment's domain differs.
    assert!(verify(GameId::Junqi, &commitment, &reveal, &end.moves, end.seat, view).is_err());
}

/// The next event on `stream`, bounded in time.
async fn next_event(stream: &mut EventStream) -> RoomEvent {
    tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("an event in time")
        .expect("stream open")
        .expect("readable event")
}

#[tokio::test]
async fn presence_of_the_opponent_is_announced_live_and_shown_in_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.grace = Duration::from_secs(30)).await;
    let (a, b) = table(&server, options(GameId::Hex)).await;
    let version = a.snapshot().await.version;
    assert_eq!(a.snapshot().await.present, [false, false], "nobody listens yet");

    let mut a_stream = a
        .client
        .subscribe(&a.grant.room_id, &a.grant.seat_token, Some(version))
        .await
        .unwrap();
    assert_eq!(a.snapshot().await.present, [true, false]);
    let initial = next_event(&mut a_stream).await;
    assert_eq!(
        initial.kind,
        EventKind::Presence {
            slot: 1,
            present: false
        },
        "a stream opens with the opponent's presence as it is"
    );

    let b_stream = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, Some(version))
        .await
        .unwrap();
    let back = next_event(&mut a_stream).await;
    assert_eq!(back.kind, EventKind::Presence { slot: 1, present: true });
    assert_eq!(back.version, version, "presence does not change the version");
    assert_eq!(back.snapshot.present, [true, true]);
    assert_eq!(back.snapshot.slot, 0, "A's own snapshot");
    assert_eq!(a.snapshot().await.present, [true, true]);
    assert_eq!(b.snapshot().await.present, [true, true]);
    assert_eq!(
        a_stream.last_event_id(),
        Some(version),
        "presence does not advance Last-Event-ID"
    );

    drop(b_stream);
    let away = next_event(&mut a_stream).await;
    assert_eq!(
        away.kind,
        EventKind::Presence {
            slot: 1,
            present: false
        }
    );
    assert_eq!(away.snapshot.present, [true, false]);
    assert_eq!(a.snapshot().await.present, [true, false]);
    assert_eq!(a.snapshot().await.version, version, "nothing was logged");
    server.stop().await;
}

#[tokio::test]
async fn presence_frames_carry_no_id_and_resuming_gives_exactly_the_missed_events() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.grace = Duration::from_secs(30)).await;
    let (mut a, mut b) = table(&server, options(GameId::Hex)).await;
    let version = a.snapshot().await.version;
    let mut a_stream = a
        .client
        .subscribe(&a.grant.room_id, &a.grant.seat_token, Some(version))
        .await
        .unwrap();

    // B's raw stream, as a browser's EventSource would read it.
    let raw = reqwest::Client::new()
        .get(format!("{}/v1/rooms/{}/events", server.base_url(), b.grant.room_id))
        .bearer_auth(b.client.device_token().unwrap())
        .header("x-seat-token", &b.grant.seat_token)
        .send()
        .await
        .unwrap();
    assert_eq!(raw.headers()["access-control-allow-origin"], "*", "SSE carries CORS");
    assert_eq!(
        next_event(&mut a_stream).await.kind,
        EventKind::Presence {
            slot: 1,
            present: false
        },
        "the opening frame: B not there yet"
    );
    assert_eq!(
        next_event(&mut a_stream).await.kind,
        EventKind::Presence { slot: 1, present: true }
    );
    a.play("a1").await.unwrap();
    let moved = next_event(&mut a_stream).await;
    assert_eq!(moved.version, version + 1);
    let last = a_stream.last_event_id().unwrap();
    assert_eq!(last, version + 1);

    // A leaves and comes back: B's raw frames show the presence without id.
    drop(a_stream);
    eventually(&b, |s| s.present == [false, true]).await;
    b.play("b2").await.unwrap();
    a.play("c3").await.unwrap();
    let mut resumed = a
        .client
        .subscribe(&a.grant.room_id, &a.grant.seat_token, Some(last))
        .await
        .unwrap();
    let missed = [next_event(&mut resumed).await, next_event(&mut resumed).await];
    let versions: Vec<u64> = missed.iter().map(|e| e.version).collect();
    assert_eq!(versions, [version + 2, version + 3], "exactly the missed events");
    assert!(missed.iter().all(|e| e.kind.is_logged()));
    assert_eq!(resumed.last_event_id(), Some(version + 3));

    let mut parser = SseParser::new();
    let mut frames = Vec::new();
    let mut raw = raw;
    while frames.len() < 6 {
        let chunk = tokio::time::timeout(Duration::from_secs(5), raw.chunk())
            .await
            .expect("a frame in time")
            .unwrap()
            .expect("stream open");
        frames.extend(parser.feed(&chunk));
    }
    // A present (the opening frame), a1, A away, b2, c3, A back: presence
    // frames have no id, the others do.
    let seen: Vec<(Option<String>, EventKind)> = frames
        .iter()
        .map(|f| (f.id.clone(), serde_json::from_str::<RoomEvent>(&f.data).unwrap().kind))
        .collect();
    let presence: Vec<&(Option<String>, EventKind)> = seen
        .iter()
        .filter(|(_, k)| matches!(k, EventKind::Presence { .. }))
        .collect();
    assert!(!presence.is_empty());
    assert!(presence.iter().all(|(id, _)| id.is_none()), "{seen:?}");
    assert!(seen.iter().filter(|(_, k)| k.is_logged()).all(|(id, _)| id.is_some()));
    assert!(seen.contains(&(
        None,
        EventKind::Presence {
            slot: 0,
            present: false
        }
    )));
    assert!(seen.contains(&(None, EventKind::Presence { slot: 0, present: true })));
    server.stop().await;
}

#[tokio::test]
async fn cors_preflight_is_answered_and_every_response_allows_any_origin() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let (a, _b) = table(&server, options(GameId::Hex)).await;
    let http = reqwest::Client::new();
    for path in [
        format!("/v1/rooms/{}/actions", a.grant.room_id),
        "/v1/devices".to_string(),
        "/v1/no/such/path".to_string(),
    ] {
        let answer = http
            .request(reqwest::Method::OPTIONS, format!("{}{path}", server.base_url()))
            .header("origin", "http://127.0.0.1:8080")
            .header("access-control-request-method", "POST")
            .header(
                "access-control-request-headers",
                "authorization, x-seat-token, content-type",
            )
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 204, "{path}");
        let h = answer.headers();
        assert_eq!(h["access-control-allow-origin"], "*");
        assert_eq!(h["access-control-allow-methods"], "GET, POST, PUT, DELETE, OPTIONS");
        assert_eq!(
            h["access-control-allow-headers"],
            "authorization, content-type, x-seat-token, last-event-id"
        );
        assert_eq!(h["access-control-max-age"], "600");
    }
    let get = http
        .get(format!("{}/v1/rooms/{}", server.base_url(), a.grant.room_id))
        .bearer_auth(a.client.device_token().unwrap())
        .header("x-seat-token", &a.grant.seat_token)
        .header("origin", "http://127.0.0.1:8080")
        .send()
        .await
        .unwrap();
    assert_eq!(get.status(), 200);
    assert_eq!(get.headers()["access-control-allow-origin"], "*");
    // Refusals too, or the browser hides the error body from the app.
    let refused = http
        .get(format!("{}/v1/rooms/{}", server.base_url(), a.grant.room_id))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);
    assert_eq!(refused.headers()["access-control-allow-origin"], "*");
    server.stop().await;
}
