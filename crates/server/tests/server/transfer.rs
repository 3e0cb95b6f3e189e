//! Carrying a device's games to another device (`POST /v1/transfer`,
//! `/v1/transfer/claim`), on one node (SQLite) and on a NATS cluster: the
//! seats and the ratings move, the old device's token is answered
//! `moved`, and every bad claim (used twice, expired, guessed, malformed,
//! the device's own) is refused with its own code and changes nothing.

use crate::common;

use common::nats::Nats;
use common::*;
use papan_api::{
    Action, Client, ErrorCode, GameId, RoomStatus, SeatRef, TransferClaimed, MOVED_MESSAGE, TRANSFER_TTL_MS,
};
use papan_server::wall::WallClock;
use papan_server::Server;
use std::sync::Arc;
use std::time::Duration;

const LEASE: Duration = Duration::from_secs(1);

fn seat_ref(player: &Player) -> SeatRef {
    SeatRef {
        room_id: player.grant.room_id.clone(),
        seat_token: player.grant.seat_token.clone(),
    }
}

/// The same device token, talking to `base` (another node of a cluster).
fn same_device(client: &Client, base: &str) -> Client {
    Client::new(base).with_device_token(client.device_token().unwrap().to_string())
}

/// Plays one legal move for whichever of the two seats is to move.
async fn move_once(players: &mut [&mut Player; 2]) {
    let snap = players[0].snapshot().await;
    let index = usize::from(snap.to_move != Some(snap.seat));
    let snap = players[index].snapshot().await;
    let notation = snap.legal_moves[0].clone();
    players[index].play(&notation).await.unwrap();
}

/// `old` finished a ranked Hex game against `rival` (resigned) and holds a
/// seat in a game in progress against it; returns that game's two seats.
async fn old_device_with_history(old: &Client, rival: &Client) -> (Player, Player) {
    let mut ranked = options(GameId::Hex);
    ranked.ranked = true;
    let (mut done, _) = seat(old.clone(), rival.clone(), ranked).await;
    done.act(Action::Resign).await.unwrap();
    assert_eq!(old.rating(GameId::Hex).await.unwrap().games, 1);
    let (mut mine, mut theirs) = seat(old.clone(), rival.clone(), options(GameId::Hex)).await;
    move_once(&mut [&mut mine, &mut theirs]).await;
    (mine, theirs)
}

/// After a transfer to `new` (claimed as `claimed`): the seat plays on
/// `new`, the rating is there, and `old`'s token is refused `moved`.
async fn check_moved(claimed: &TransferClaimed, old: &Client, new: &Client, game: &mut Player, rival: &mut Player) {
    assert_eq!(claimed.seats, vec![seat_ref(game)]);
    assert_eq!(new.rating(GameId::Hex).await.unwrap().games, 1, "the rating moved");
    let mut moved = Player {
        client: new.clone(),
        grant: game.grant.clone(),
        seq: 100,
    };
    let before = moved.snapshot().await.version;
    move_once(&mut [&mut moved, rival]).await;
    move_once(&mut [&mut moved, rival]).await;
    assert_eq!(
        moved.snapshot().await.version,
        before + 2,
        "the new device plays the seat"
    );
    assert_eq!(moved.snapshot().await.status, RoomStatus::Playing);
    let refused = old.rating(GameId::Hex).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Moved), "{refused}");
    assert!(refused.to_string().contains(MOVED_MESSAGE), "{refused}");
    let refused = old
        .snapshot(&game.grant.room_id, &game.grant.seat_token)
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Moved));
}

#[tokio::test]
async fn a_transfer_on_one_node_moves_seats_and_ratings_and_the_old_token_gets_moved() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("papan.db");
    let server = server_at(&db, |_| {}).await;
    let base = server.base_url();
    let (old, rival) = (device(&base).await, device(&base).await);
    let (mut game, mut theirs) = old_device_with_history(&old, &rival).await;
    // The old phone is told of its moves (Web Push) until its games move.
    let subscription = papan_api::PushSubscriptionRequest {
        endpoint: "https://push.example.net/old-phone".into(),
        keys: papan_api::PushKeys {
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4".into(),
            auth: "BTBZMqHH6r4Tts7J_aSIgg".into(),
        },
        kinds: vec![papan_api::NoticeKind::YourMove],
        lang: "id".into(),
    };
    old.push_subscribe(&subscription).await.unwrap();
    let offer = old.start_transfer(&[seat_ref(&game)]).await.unwrap();
    assert_eq!(offer.seats, 1);
    assert_eq!(offer.expires_in_ms, TRANSFER_TTL_MS);
    assert_eq!(papan_api::normalize_transfer_code(&offer.code).unwrap(), offer.code);
    let new = device(&base).await;
    let claimed = new.claim_transfer(&offer.code.to_lowercase()).await.unwrap();
    check_moved(&claimed, &old, &new, &mut game, &mut theirs).await;
    assert_eq!(
        new.push_status().await.unwrap().endpoint,
        None,
        "the old phone's notifications stopped with the move"
    );

    // A seat token is bound to its device: the old phone registering
    // again cannot act for the seat with the token it kept.
    let again = device(&base).await;
    let refused = again
        .snapshot(&game.grant.room_id, &game.grant.seat_token)
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Forbidden), "{refused}");

    // It all holds after a restart: tokens are read back from the database.
    server.stop().await;
    let server = server_at(&db, |_| {}).await;
    let (old, new) = (
        same_device(&old, &server.base_url()),
        same_device(&new, &server.base_url()),
    );
    assert_eq!(
        old.rating(GameId::Hex).await.unwrap_err().code(),
        Some(ErrorCode::Moved)
    );
    assert_eq!(new.rating(GameId::Hex).await.unwrap().games, 1);
    new.snapshot(&game.grant.room_id, &game.grant.seat_token).await.unwrap();
}

#[tokio::test]
async fn a_transfer_on_a_cluster_moves_seats_and_ratings_and_every_node_says_moved() {
    let nats = Nats::start().await;
    let a_node = cluster_node(&nats.url, LEASE).await;
    let b_node = cluster_node(&nats.url, LEASE).await;
    let (old, rival) = (device(&a_node.base_url()).await, device(&b_node.base_url()).await);
    let (mut game, mut theirs) = old_device_with_history(&old, &rival).await;
    // Node b has the old token in its cache before the transfer.
    let old_on_b = same_device(&old, &b_node.base_url());
    assert_eq!(old_on_b.rating(GameId::Hex).await.unwrap().games, 1);
    let offer = old.start_transfer(&[seat_ref(&game)]).await.unwrap();
    let new = device(&b_node.base_url()).await;
    let claimed = new.claim_transfer(&offer.code).await.unwrap();
    check_moved(&claimed, &old, &new, &mut game, &mut theirs).await;
    // Node b forgets the cached token as soon as the entry changes.
    let mut answer = old_on_b.rating(GameId::Hex).await;
    for _ in 0..50 {
        if answer.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        answer = old_on_b.rating(GameId::Hex).await;
    }
    assert_eq!(answer.unwrap_err().code(), Some(ErrorCode::Moved));
    let new_on_a = same_device(&new, &a_node.base_url());
    assert_eq!(new_on_a.rating(GameId::Hex).await.unwrap().games, 1);
    // Used twice, on the other node: refused, and the claimer keeps its own.
    let late = device(&a_node.base_url()).await;
    let refused = late.claim_transfer(&offer.code).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::TransferUsed), "{refused}");
    assert_eq!(late.rating(GameId::Hex).await.unwrap().games, 0);
}

#[tokio::test]
async fn two_claims_of_one_code_on_two_cluster_nodes_only_one_wins() {
    let nats = Nats::start().await;
    let a_node = cluster_node(&nats.url, LEASE).await;
    let b_node = cluster_node(&nats.url, LEASE).await;
    let old = device(&a_node.base_url()).await;
    let offer = old.start_transfer(&[]).await.unwrap();
    let (x, y) = (device(&a_node.base_url()).await, device(&b_node.base_url()).await);
    let (rx, ry) = tokio::join!(x.claim_transfer(&offer.code), y.claim_transfer(&offer.code));
    let wins = [&rx, &ry].iter().filter(|r| r.is_ok()).count();
    assert_eq!(wins, 1, "{rx:?} {ry:?}");
    let lost = if rx.is_ok() { ry } else { rx };
    assert_eq!(lost.unwrap_err().code(), Some(ErrorCode::TransferUsed));
}

async fn one_node(wall: &Arc<WallClock>) -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("papan.db"), |c| c.wall = wall.clone()).await;
    (dir, server)
}

/// The old device still acts for its seat: nothing was moved.
async fn still_there(game: &Player) {
    let snap = game.snapshot().await;
    assert_eq!(snap.status, RoomStatus::Playing);
    game.client.rating(GameId::Hex).await.unwrap();
}

#[tokio::test]
async fn a_transfer_code_used_twice_is_refused_and_changes_nothing() {
    let (_dir, server) = one_node(&Arc::new(WallClock::default())).await;
    let base = server.base_url();
    let (old, rival) = (device(&base).await, device(&base).await);
    let (game, _) = seat(old.clone(), rival, options(GameId::Hex)).await;
    let offer = old.start_transfer(&[seat_ref(&game)]).await.unwrap();
    let new = device(&base).await;
    new.claim_transfer(&offer.code).await.unwrap();
    let late = device(&base).await;
    let refused = late.claim_transfer(&offer.code).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::TransferUsed), "{refused}");
    assert!(refused.to_string().contains("already used"), "{refused}");
    // The late device is still itself: the seat is not its.
    let forbidden = late
        .snapshot(&game.grant.room_id, &game.grant.seat_token)
        .await
        .unwrap_err();
    assert_eq!(forbidden.code(), Some(ErrorCode::Forbidden));
    new.snapshot(&game.grant.room_id, &game.grant.seat_token).await.unwrap();
}

#[tokio::test]
async fn an_expired_transfer_code_is_refused_and_changes_nothing() {
    let wall = Arc::new(WallClock::default());
    let (_dir, server) = one_node(&wall).await;
    let base = server.base_url();
    let (old, rival) = (device(&base).await, device(&base).await);
    let (game, _) = seat(old.clone(), rival, options(GameId::Hex)).await;
    let offer = old.start_transfer(&[seat_ref(&game)]).await.unwrap();
    wall.advance(TRANSFER_TTL_MS);
    let new = device(&base).await;
    let refused = new.claim_transfer(&offer.code).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::TransferExpired), "{refused}");
    assert!(refused.to_string().contains("expired"), "{refused}");
    still_there(&game).await;
    let forbidden = new
        .snapshot(&game.grant.room_id, &game.grant.seat_token)
        .await
        .unwrap_err();
    assert_eq!(forbidden.code(), Some(ErrorCode::Forbidden));
}

#[tokio::test]
async fn guessed_transfer_codes_are_bounded_to_five_a_minute_per_device() {
    let (_dir, server) = one_node(&Arc::new(WallClock::default())).await;
    let base = server.base_url();
    let (old, rival) = (device(&base).await, device(&base).await);
    let (game, _) = seat(old.clone(), rival, options(GameId::Hex)).await;
    let offer = old.start_transfer(&[seat_ref(&game)]).await.unwrap();
    let guesser = device(&base).await;
    for guess in [
        "AAAA-AAAA-AAAA",
        "BBBB-BBBB-BBBB",
        "CCCC-CCCC-CCCC",
        "DDDD-DDDD-DDDD",
        "EEEE-EEEE-EEEE",
    ] {
        let refused = guesser.claim_transfer(guess).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::TransferUnknown), "{refused}");
    }
    // The sixth in the minute is refused before it is looked at, even the
    // right code.
    let refused = guesser.claim_transfer(&offer.code).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::RateLimited), "{refused}");
    still_there(&game).await;
    // Another device is not held back by this one's guesses.
    let new = device(&base).await;
    new.claim_transfer(&offer.code).await.unwrap();
}

#[tokio::test]
async fn malformed_and_own_transfer_codes_are_refused_and_change_nothing() {
    let (_dir, server) = one_node(&Arc::new(WallClock::default())).await;
    let base = server.base_url();
    let (old, rival) = (device(&base).await, device(&base).await);
    let (game, _) = seat(old.clone(), rival.clone(), options(GameId::Hex)).await;
    let offer = old.start_transfer(&[seat_ref(&game)]).await.unwrap();
    let new = device(&base).await;
    // Malformed: refused as such, not counted as guesses.
    for bad in ["", "ABCD", "ABCD-2345-WXY0", "ABCD-2345-WXYZ-2345", "ÄBCD-2345-WXYZ"] {
        let refused = new.claim_transfer(bad).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::Malformed), "{bad}: {refused}");
    }
    // A body of another shape.
    let raw = reqwest::Client::new()
        .post(format!("{base}/v1/transfer/claim"))
        .bearer_auth(new.device_token().unwrap())
        .header("content-type", "application/json")
        .body(r#"{"code":"ABCD-2345-WXYZ","extra":1}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(raw.status(), 400);
    // The device's own code.
    let refused = old.claim_transfer(&offer.code).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Conflict), "{refused}");
    still_there(&game).await;
    // A seat of another device is refused, and no code is made.
    let (theirs, _) = seat(rival.clone(), device(&base).await, options(GameId::Hex)).await;
    let refused = old.start_transfer(&[seat_ref(&theirs)]).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Forbidden), "{refused}");
    // None of it cost a guess: the right code still works.
    new.claim_transfer(&offer.code).await.unwrap();
}

#[tokio::test]
async fn a_new_transfer_code_replaces_the_devices_last_one() {
    let (_dir, server) = one_node(&Arc::new(WallClock::default())).await;
    let base = server.base_url();
    let old = device(&base).await;
    let first = old.start_transfer(&[]).await.unwrap();
    let second = old.start_transfer(&[]).await.unwrap();
    assert_ne!(first.code, second.code);
    let new = device(&base).await;
    let refused = new.claim_transfer(&first.code).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::TransferUnknown), "{refused}");
    new.claim_transfer(&second.code).await.unwrap();
}
