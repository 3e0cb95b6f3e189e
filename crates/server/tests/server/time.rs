//! Clocks and absence with game time shrunk (1 game second = 10 ms) and a
//! short grace period, so each test runs in well under a second of waiting.

use crate::common;

use common::*;
use papan_api::{Action, EventKind, GameId, HadangTempo, RoomOptions, RoomStatus};
use papan_rules::{EndReason, Seat};
use std::time::Duration;

#[tokio::test]
async fn x12_hex_turn_limit_plays_the_move_automatically() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.ms_per_game_second = 10).await;
    let opts = RoomOptions::hex(9, false, Some(30)); // 300 ms here
    let (a, b) = table(&server, opts).await;
    let mut stream = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
        .await
        .unwrap();
    let start = a.snapshot().await;
    assert!(start.clock.as_ref().unwrap().remaining_ms[0].unwrap() <= 30_000);
    // Nobody moves: the server plays for the first seat when its time is up.
    let event = next_logged(&mut stream).await;
    assert!(
        matches!(
            event.kind,
            EventKind::Moved {
                seat: Seat::First,
                auto: true,
                ..
            }
        ),
        "{:?}",
        event.kind
    );
    assert_eq!(a.snapshot().await.moves.len(), 1);
    assert_eq!(
        b.snapshot().await.status,
        RoomStatus::Playing,
        "a per-move limit does not lose"
    );
    server.stop().await;
}

#[tokio::test]
async fn h16_hadang_flag_falls_and_the_increment_is_added() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.ms_per_game_second = 5).await;
    let opts = RoomOptions::hadang(Some(HadangTempo::new(1, 5).unwrap())); // 60 game-s = 300 ms here
    let (mut a, _b) = table(&server, opts).await;
    let mv = a.snapshot().await.legal_moves[0].clone();
    a.play(&mv).await.unwrap();
    let after = a.snapshot().await;
    let first_left = after.clock.as_ref().unwrap().remaining_ms[0].unwrap();
    assert!(
        first_left > 60_000 - 20_000 && first_left <= 65_000,
        "increment added: {first_left}"
    );
    // The second seat never moves: it loses on time.
    let end = eventually(&a, |s| s.status == RoomStatus::Over).await;
    let outcome = end.outcome.unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::Timeout)
    );
    server.stop().await;
}

#[tokio::test]
async fn x13_hex_bot_takes_the_seat_after_the_grace_period() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.grace = Duration::from_millis(150)).await;
    let (mut a, b) = table(&server, RoomOptions::hex(9, false, None)).await;
    let stream = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
        .await
        .unwrap();
    drop(stream); // the second player disconnects and does not come back
    let taken = eventually(&a, |s| !s.bot_seats.is_empty()).await;
    assert_eq!(taken.bot_seats, vec![Seat::Second]);
    a.play("e5").await.unwrap();
    let answered = eventually(&a, |s| s.moves.len() == 2).await;
    assert_eq!(answered.to_move, Some(Seat::First), "the bot answered at once");
    server.stop().await;
}

#[tokio::test]
async fn grace_period_reconnection_keeps_the_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.grace = Duration::from_millis(300)).await;
    let (a, b) = table(&server, options(GameId::Hex)).await;
    drop(
        b.client
            .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
            .await
            .unwrap(),
    );
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Back on the same seat from the same device (token kept) in time.
    let _back = b
        .client
        .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(a.snapshot().await.bot_seats.is_empty());
    server.stop().await;
}

#[tokio::test]
async fn j20_junqi_move_timeout_autoplays_and_leaving_loses() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.ms_per_game_second = 10).await;
    let (mut a, b) = table(&server, options(GameId::Junqi)).await;
    // 30 s per move (300 ms here): the seat to move gets an automatic move.
    let played = eventually(&a, |s| !s.moves.is_empty()).await;
    assert_eq!(played.status, RoomStatus::Playing);
    let before = b.snapshot().await;
    let leaver = a.snapshot().await.seat;
    a.act(Action::Leave).await.unwrap();
    let end = b.snapshot().await;
    let outcome = end.outcome.unwrap();
    assert!(end.version > before.version);
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(leaver.other()), EndReason::Abandoned)
    );
    server.stop().await;
}

#[tokio::test]
async fn j20_junqi_absent_past_the_grace_loses() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |c| c.grace = Duration::from_millis(100)).await;
    let (a, b) = table(&server, options(GameId::Junqi)).await;
    drop(
        b.client
            .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
            .await
            .unwrap(),
    );
    let end = eventually(&a, |s| s.status == RoomStatus::Over).await;
    let outcome = end.outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::Abandoned);
    assert_eq!(outcome.winner, Some(a.snapshot().await.seat));
    server.stop().await;
}
