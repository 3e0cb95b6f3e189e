//! The room server end to end: real HTTP on 127.0.0.1, temp SQLite, two
//! clients through papan-api.

use crate::common;

use common::*;
use papan_api::fairness::verify_junqi;
use papan_api::{Action, ApiError, ErrorCode, EventKind, GameId, RoomOptions, RoomStatus, Snapshot};
use papan_rules::clock::Adjudicated;
use papan_rules::hadang::Hadang;
use papan_rules::{EndReason, Game};

/// Plays until the game ends: `choose` picks a move from the mover's snapshot.
async fn drive(players: &mut [Player; 2], mut choose: impl FnMut(&Snapshot) -> String, max_actions: usize) -> Snapshot {
    for _ in 0..max_actions {
        let s0 = players[0].snapshot().await;
        if s0.status == RoomStatus::Over {
            return s0;
        }
        if s0.roll_due {
            players[0].act_at(s0.version, Action::Roll).await.expect("roll");
            continue;
        }
        let to = s0.to_move.expect("someone moves");
        let idx = if s0.seat == to { 0 } else { 1 };
        let snap = players[idx].snapshot().await;
        assert!(!snap.legal_moves.is_empty(), "the mover is offered its legal moves");
        let notation = choose(&snap);
        players[idx]
            .act_at(snap.version, Action::Move { notation })
            .await
            .expect("legal move accepted");
    }
    panic!("game did not end within {max_actions} actions");
}

fn first(s: &Snapshot) -> String {
    s.legal_moves[0].clone()
}

/// HADANG: step along the shortest path (a pawn race).
fn hadang_racer(s: &Snapshot) -> String {
    let game: Adjudicated<Hadang> = serde_json::from_value(s.view.clone().unwrap()).unwrap();
    let me = s.seat;
    let mut best = (u8::MAX, s.legal_moves[0].clone());
    for text in &s.legal_moves {
        let mut next = game.clone();
        let mv = next.parse_move(text).unwrap();
        next.play(&mv).unwrap();
        let len = next.game().shortest_path_len(me);
        if len < best.0 {
            best = (len, text.clone());
        }
    }
    best.1
}

#[tokio::test]
async fn full_game_of_each_game_between_two_clients() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;

    let (a, b) = table(&server, options(GameId::Hex)).await;
    let end = drive(&mut [a, b], first, 400).await;
    assert_eq!(end.outcome.unwrap().reason, EndReason::Connection);

    let (a, b) = table(&server, options(GameId::Hadang)).await;
    let end = drive(&mut [a, b], hadang_racer, 400).await;
    assert_eq!(end.outcome.unwrap().reason, EndReason::GoalReached);

    let (a, b) = table(&server, options(GameId::Backgammon)).await;
    let end = drive(&mut [a, b], first, 3_000).await;
    assert_eq!(end.outcome.unwrap().reason, EndReason::BoreOff);
    assert!(
        end.moves.iter().any(|m| m.starts_with("roll")),
        "dice were rolled by the server"
    );

    let (a, b) = table(&server, options(GameId::Junqi)).await;
    let start = a.snapshot().await;
    let commitment = start
        .commitment
        .clone()
        .expect("J: layout commitment published at start");
    assert!(start.reveal.is_none(), "the layout is not revealed during the game");
    let mut k = 0usize;
    let end = drive(
        &mut [a.clone(), b],
        |s| {
            k = k.wrapping_mul(31).wrapping_add(7);
            s.legal_moves[k % s.legal_moves.len()].clone()
        },
        3_000,
    )
    .await;
    assert!(end.outcome.is_some());
    let reveal = end.reveal.clone().expect("revealed at the end");
    verify_junqi(&commitment, &reveal, &end.moves, end.seat, end.view.as_ref().unwrap())
        .expect("the client verifies the fairness proof");
    let mut forged = reveal.clone();
    forged.seed ^= 1;
    assert!(verify_junqi(&commitment, &forged, &end.moves, end.seat, end.view.as_ref().unwrap()).is_err());
    server.stop().await;
}

#[tokio::test]
async fn illegal_stale_wrong_token_malformed_and_oversized_requests_leave_the_room_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let (mut a, mut b) = table(&server, options(GameId::Hex)).await;
    a.play("c3").await.unwrap();
    let before = a.snapshot().await;

    // 422 with the rule: an occupied cell (X5).
    let err = b.play("c3").await.unwrap_err();
    let api = match err {
        papan_api::ClientError::Api(e) => e,
        other => panic!("{other}"),
    };
    assert_eq!(api.code, ErrorCode::IllegalAction);
    assert_eq!(api.rule, Some(papan_rules::rule::X5), "the rule broken is named");
    // 409 not your turn; 400 for notation that does not read.
    assert_eq!(a.play("d4").await.unwrap_err().code(), Some(ErrorCode::NotYourTurn));
    assert_eq!(b.play("zz99").await.unwrap_err().code(), Some(ErrorCode::Malformed));
    // 409 stale version.
    let err = b
        .act_at(before.version - 1, Action::Move { notation: "d4".into() })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::StaleVersion));
    // 403 wrong seat token, 401 missing one.
    let mut thief = b.clone();
    thief.grant.seat_token = "00".repeat(32);
    let d4 = || Action::Move { notation: "d4".into() };
    let err = thief.act_at(before.version, d4()).await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::Forbidden));
    thief.grant.seat_token = String::new();
    let err = thief.act_at(before.version, d4()).await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::Unauthorized));
    let anonymous = papan_api::Client::new(&server.base_url());
    let err = anonymous
        .snapshot(&b.grant.room_id, &b.grant.seat_token)
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::Unauthorized));
    // Another room's token does not open this room.
    let (other, _) = table(&server, options(GameId::Hex)).await;
    let err = b
        .client
        .snapshot(&b.grant.room_id, &other.grant.seat_token)
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::Forbidden));
    // 400 malformed, 413 oversized.
    let err = b
        .client
        .act_raw(&b.grant.room_id, &b.grant.seat_token, b"{not json".to_vec())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::Malformed));
    let huge = format!(
        r#"{{"based_on_version":{},"client_seq":99,"action":{{"type":"move","notation":"{}"}}}}"#,
        before.version,
        "x".repeat(100_000)
    );
    let err = b
        .client
        .act_raw(&b.grant.room_id, &b.grant.seat_token, huge.into_bytes())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::TooLarge));

    assert_eq!(a.snapshot().await, before, "every refusal left the room unchanged");
    server.stop().await;
}

/// POSTs `body` to `path` with the device's token: (HTTP status, error body).
async fn post_raw(
    server: &papan_server::Server,
    client: &papan_api::Client,
    path: &str,
    body: &str,
) -> (u16, ApiError) {
    let response = reqwest::Client::new()
        .post(format!("{}/v1{path}", server.base_url()))
        .header("authorization", format!("Bearer {}", client.device_token().unwrap()))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("request sent");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    let error = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{status} {text}: {e}"));
    (status, error)
}

#[tokio::test]
async fn room_options_of_another_game_unknown_or_not_offered_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let a = device(&server.base_url()).await;
    // The shape: a foreign or unknown field, an unknown game → 400 with serde's message.
    for (options, says) in [
        (
            r#"{"game": "hex", "tempo": {"base_minutes": 3, "increment_seconds": 2}}"#,
            "unknown field `tempo`",
        ),
        (r#"{"game": "hex", "hex_size": 9}"#, "unknown field `hex_size`"),
        (r#"{"game": "junqi", "size": 9}"#, "unknown field `size`"),
        (r#"{"game": "chess"}"#, "unknown variant `chess`"),
    ] {
        for path in ["/rooms", "/match"] {
            let (status, error) = post_raw(&server, &a, path, &format!(r#"{{"options": {options}}}"#)).await;
            assert_eq!((status, error.code), (400, ErrorCode::Malformed), "{path} {options}");
            assert!(error.message.contains(says), "{options}: {}", error.message);
        }
    }
    // Values not offered → 422 naming the rule.
    for (options, rule) in [
        (r#"{"game": "hex", "size": 8}"#, papan_rules::rule::X1),
        (r#"{"game": "hex", "turn_limit_s": 45}"#, papan_rules::rule::X12),
        (
            r#"{"game": "hadang", "tempo": {"base_minutes": 2, "increment_seconds": 0}}"#,
            papan_rules::rule::H16,
        ),
    ] {
        for path in ["/rooms", "/match"] {
            let (status, error) = post_raw(&server, &a, path, &format!(r#"{{"options": {options}}}"#)).await;
            assert_eq!(
                (status, error.code, error.rule),
                (422, ErrorCode::IllegalAction, Some(rule)),
                "{path} {options}: {}",
                error.message
            );
        }
    }
    let err = a.create_room(RoomOptions::hex(8, false, None)).await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::IllegalAction));
    // Offered options make a room that shows them back, typed.
    let grant = a
        .create_room(RoomOptions::hex(9, true, Some(60)).with_ranked(true))
        .await
        .unwrap();
    let snap = a.snapshot(&grant.room_id, &grant.seat_token).await.unwrap();
    assert_eq!(snap.options, RoomOptions::hex(9, true, Some(60)).with_ranked(true));
    assert_eq!(snap.options.hex_options().unwrap().size, 9);
    server.stop().await;
}

#[tokio::test]
async fn retried_post_with_same_client_seq_is_harmless() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let (mut a, _b) = table(&server, options(GameId::Hex)).await;
    let v = a.snapshot().await.version;
    let request = papan_api::ActionRequest {
        based_on_version: v,
        client_seq: 1,
        action: Action::Move { notation: "e5".into() },
    };
    let first = a
        .client
        .act(&a.grant.room_id, &a.grant.seat_token, &request)
        .await
        .unwrap();
    let again = a
        .client
        .act(&a.grant.room_id, &a.grant.seat_token, &request)
        .await
        .unwrap();
    assert_eq!(first.version, again.version);
    assert_eq!(a.snapshot().await.moves, vec!["e5".to_string()], "played once");
    a.seq = 1;
    server.stop().await;
}

#[tokio::test]
async fn reconnect_with_last_event_id_receives_exactly_the_missed_events() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let (mut a, mut b) = table(&server, options(GameId::Hex)).await;
    let start = b.snapshot().await.version;
    let mut stream = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, Some(start))
        .await
        .unwrap();
    a.play("a1").await.unwrap();
    let seen = next_logged(&mut stream).await;
    assert_eq!(seen.version, start + 1);
    assert!(matches!(seen.kind, EventKind::Moved { ref notation, .. } if notation == "a1"));
    let last = stream.last_event_id().unwrap();
    drop(stream); // the connection drops

    b.play("b2").await.unwrap();
    a.play("c3").await.unwrap();
    b.play("d4").await.unwrap();
    let now = a.snapshot().await.version;

    let mut resumed = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, Some(last))
        .await
        .unwrap();
    let mut got = Vec::new();
    while got.len() < (now - last) as usize {
        got.push(next_logged(&mut resumed).await);
    }
    let versions: Vec<u64> = got.iter().map(|e| e.version).collect();
    assert_eq!(
        versions,
        (last + 1..=now).collect::<Vec<_>>(),
        "exactly the missed events, in order"
    );
    let notations: Vec<String> = got
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Moved { notation, .. } => Some(notation.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(notations, ["b2", "c3", "d4"]);
    assert_eq!(got.last().unwrap().snapshot.moves.len(), 4);
    // Live events keep coming on the resumed stream.
    a.play("e5").await.unwrap();
    assert_eq!(next_logged(&mut resumed).await.version, now + 1);
    server.stop().await;
}

#[tokio::test]
async fn server_restarted_mid_game_restores_the_room_and_the_game_completes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let server = server_at(&db, |_| {}).await;
    let (mut a, mut b) = table(&server, options(GameId::Hadang)).await;
    a.play(&a.snapshot().await.legal_moves[0].clone()).await.unwrap();
    b.play(&b.snapshot().await.legal_moves[0].clone()).await.unwrap();
    let before = a.snapshot().await;
    server.stop().await;

    let server = server_at(&db, |_| {}).await;
    let base = server.base_url();
    for p in [&mut a, &mut b] {
        p.client = papan_api::Client::new(&base).with_device_token(p.client.device_token().unwrap());
    }
    let after = a.snapshot().await;
    assert_eq!(after.version, before.version);
    assert_eq!(after.moves, before.moves, "no accepted move lost");
    let end = drive(&mut [a, b], hadang_racer, 400).await;
    assert_eq!(end.outcome.unwrap().reason, EndReason::GoalReached);
    server.stop().await;
}

#[tokio::test]
async fn a_room_left_before_a_restart_answers_a_retried_leave_and_a_late_stream() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let server = server_at(&db, |_| {}).await;
    let (mut a, b) = table(&server, options(GameId::Hex)).await;
    a.play("e5").await.unwrap();
    let request = papan_api::ActionRequest {
        based_on_version: a.snapshot().await.version,
        client_seq: 77,
        action: Action::Leave,
    };
    let first = a
        .client
        .act(&a.grant.room_id, &a.grant.seat_token, &request)
        .await
        .unwrap();
    assert_eq!(first.snapshot.status, RoomStatus::Closed);
    // The answer was lost, the server restarted: closed rooms are not
    // restored at start, yet the retry finds the room and its answer.
    server.stop().await;
    let server = server_at(&db, |_| {}).await;
    let base = server.base_url();
    let a_client = papan_api::Client::new(&base).with_device_token(a.client.device_token().unwrap());
    let again = a_client
        .act(&a.grant.room_id, &a.grant.seat_token, &request)
        .await
        .unwrap();
    assert_eq!(again.version, first.version);
    assert_eq!(again.snapshot.version, first.snapshot.version, "nothing played twice");
    // The other seat's stream, resuming from before the end, gets the end.
    let b_client = papan_api::Client::new(&base).with_device_token(b.client.device_token().unwrap());
    let mut stream = b_client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, Some(first.version - 1))
        .await
        .unwrap();
    let mut kinds = Vec::new();
    while kinds.last() != Some(&papan_api::EventKind::Closed) {
        kinds.push(next_logged(&mut stream).await.kind);
    }
    // Leaving a game in play ends it, then closes the room (J20).
    assert!(
        matches!(
            kinds[..],
            [papan_api::EventKind::Ended { .. }, papan_api::EventKind::Closed]
        ),
        "{kinds:?}"
    );
    // A room that never existed is still not found.
    let missing = a_client
        .snapshot("no-such-room", &a.grant.seat_token)
        .await
        .unwrap_err();
    assert_eq!(missing.code(), Some(papan_api::ErrorCode::NotFound));
    server.stop().await;
}

#[tokio::test]
async fn quick_match_pairs_two_devices_and_ranked_results_update_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let base = server.base_url();
    let a = device(&base).await;
    let b = device(&base).await;
    let opts = RoomOptions::hex(9, false, None).with_ranked(true);
    let ga = a.quick_match(opts).await.unwrap();
    let gb = b.quick_match(opts).await.unwrap();
    assert_eq!(ga.room_id, gb.room_id, "same options, same table");
    assert_ne!(ga.seat_token, gb.seat_token);
    let mut pa = Player {
        client: a,
        grant: ga,
        seq: 0,
    };
    let pb = Player {
        client: b,
        grant: gb,
        seq: 0,
    };
    assert_eq!(
        pa.snapshot().await.status,
        RoomStatus::Playing,
        "the table starts when full"
    );
    pa.act(Action::Resign).await.unwrap();
    let ra = pa.client.rating(GameId::Hex).await.unwrap();
    let rb = pb.client.rating(GameId::Hex).await.unwrap();
    assert!(rb.rating > 1500.0 && ra.rating < 1500.0, "{ra:?} {rb:?}");
    assert!(ra.provisional && ra.games == 1);
    server.stop().await;
}

#[tokio::test]
async fn a_request_that_leads_to_more_events_is_answered_with_its_own_version_first_and_on_retry() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let (mut a, mut b) = table(&server, options(GameId::Hex)).await;
    b.act(Action::Resign).await.unwrap();
    a.act(Action::Rematch).await.unwrap();
    // The second rematch is logged, then the next game starts: two events.
    let v = b.snapshot().await.version;
    let request = papan_api::ActionRequest {
        based_on_version: v,
        client_seq: 50,
        action: Action::Rematch,
    };
    let first = b
        .client
        .act(&b.grant.room_id, &b.grant.seat_token, &request)
        .await
        .unwrap();
    assert_eq!(first.version, v + 1, "the rematch request's own event");
    assert_eq!(first.snapshot.version, v + 2, "the room after the next game started");
    let again = b
        .client
        .act(&b.grant.room_id, &b.grant.seat_token, &request)
        .await
        .unwrap();
    assert_eq!(again.version, first.version);
    assert_eq!(again.snapshot.game_index, 1, "one next game, not two");
    server.stop().await;
}

#[tokio::test]
async fn x8_rematch_alternates_the_first_player() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let (mut a, mut b) = table(&server, options(GameId::Hex)).await;
    assert_eq!(a.snapshot().await.seat, papan_rules::Seat::First);
    b.act(Action::Resign).await.unwrap();
    a.act(Action::Rematch).await.unwrap();
    assert_eq!(a.snapshot().await.status, RoomStatus::Over, "waits for both");
    b.act(Action::Rematch).await.unwrap();
    let s = a.snapshot().await;
    assert_eq!(
        (s.status, s.game_index, s.seat),
        (RoomStatus::Playing, 1, papan_rules::Seat::Second)
    );
    assert_eq!(b.snapshot().await.legal_moves.len(), 121, "the joiner opens game 2");
    server.stop().await;
}

/// Starts the real binary on a free port.
async fn spawn_binary(db: &std::path::Path, port: u16) -> std::process::Child {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_papan-server"))
        .args(["--db", db.to_str().unwrap(), "--addr", &format!("127.0.0.1:{port}")])
        .args(["--rate-per-second", "1000"])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("server binary starts");
    let probe = papan_api::Client::new(&format!("http://127.0.0.1:{port}"));
    for _ in 0..200 {
        if probe.clone().register().await.is_ok() {
            return child;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server binary did not come up");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[tokio::test]
async fn sigkilled_binary_restarts_with_every_accepted_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let port = free_port();
    let mut child = spawn_binary(&db, port).await;
    let base = format!("http://127.0.0.1:{port}");
    let a = device(&base).await;
    let b = device(&base).await;
    let ga = a.create_room(options(GameId::Backgammon)).await.unwrap();
    let gb = b.join(&ga.code).await.unwrap();
    let mut players = [
        Player {
            client: a,
            grant: ga,
            seq: 0,
        },
        Player {
            client: b,
            grant: gb,
            seq: 0,
        },
    ];
    // A few accepted actions, then SIGKILL with no warning.
    players[0].act(Action::Roll).await.unwrap();
    let mover = players[0].snapshot().await;
    let idx = if mover.to_move == Some(mover.seat) { 0 } else { 1 };
    let mv = players[idx].snapshot().await.legal_moves[0].clone();
    players[idx].play(&mv).await.unwrap();
    let before = players[0].snapshot().await;
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();

    let mut child = spawn_binary(&db, port).await;
    let after = players[0].snapshot().await;
    assert_eq!((after.version, &after.moves), (before.version, &before.moves));
    let end = drive(&mut players, first, 3_000).await;
    assert_eq!(end.outcome.unwrap().reason, EndReason::BoreOff);
    child.kill().unwrap();
    child.wait().unwrap();
}

#[tokio::test]
async fn per_device_rate_limit_and_bounded_streams_per_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| {
        c.rate_per_second = 0.001;
        c.rate_burst = 8.0;
        c.max_streams_per_seat = 2;
    })
    .await;
    let (a, b) = table(&server, options(GameId::Hex)).await;
    let _s1 = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
        .await
        .unwrap();
    let _s2 = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
        .await
        .unwrap();
    let third = b.client.subscribe(&b.grant.room_id, &b.grant.seat_token, None).await;
    assert_eq!(third.err().and_then(|e| e.code()), Some(ErrorCode::RateLimited));
    let mut refused = 0;
    for _ in 0..10 {
        if let Err(e) = a.client.snapshot(&a.grant.room_id, &a.grant.seat_token).await {
            assert_eq!(e.code(), Some(ErrorCode::RateLimited));
            refused += 1;
        }
    }
    assert!(refused >= 3, "the burst is bounded: {refused} refused");
    server.stop().await;
}
