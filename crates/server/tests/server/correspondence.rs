//! Correspondence rooms (days per move) and vacation, on one node (SQLite)
//! and on a NATS cluster. Days pass on the server's injected wall clock
//! (`Config::wall`, shared by every node a test starts): a week goes by in
//! a millisecond, and no test sleeps for more than a lease.

use crate::common;

use common::nats::Nats;
use common::*;
use papan_api::{
    ApiError, Client, ClientError, DaysPerMove, ErrorCode, GameId, RoomOptions, RoomStatus, Snapshot, DAY_MS,
    MAX_CORRESPONDENCE_GAMES,
};
use papan_rules::{rule, EndReason, Seat};
use papan_server::wall::{month_of, WallClock};
use papan_server::Server;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

const HOUR_MS: u64 = 3_600_000;
const MINUTE_MS: u64 = 60_000;
const LEASE: Duration = Duration::from_secs(1);

fn days(n: u8) -> Option<DaysPerMove> {
    Some(DaysPerMove::new(n).unwrap())
}

fn hex_by_mail(n: u8) -> RoomOptions {
    RoomOptions::hex(7, false, None).with_days_per_move(days(n))
}

/// A wall clock moved to the second day of next month (UTC), so that a
/// test's vacations stay within one calendar month whatever today is.
fn wall_clock() -> Arc<WallClock> {
    let wall = Arc::new(WallClock::default());
    let month = month_of(wall.now_ms());
    while month_of(wall.now_ms()) == month {
        wall.advance(HOUR_MS);
    }
    wall.advance(DAY_MS);
    wall
}

async fn node_at(db: &Path, wall: &Arc<WallClock>) -> Server {
    server_at(db, |c| c.wall = wall.clone()).await
}

/// The same node started again on its database, address and wall clock.
async fn restart(server: Server, db: &Path, wall: &Arc<WallClock>, down_ms: u64) -> Server {
    let addr = server.addr;
    server.stop().await;
    wall.advance(down_ms);
    server_at(db, |c| {
        c.wall = wall.clone();
        c.addr = addr;
    })
    .await
}

/// Time left on `seat`'s clock, as `snap` shows it.
fn left(snap: &Snapshot, seat: Seat) -> u64 {
    snap.clock.as_ref().expect("a correspondence clock").remaining_ms[seat.index()].expect("time left")
}

fn vacation_shown(snap: &Snapshot, seat: Seat) -> Option<u64> {
    snap.clock.as_ref().expect("a clock").vacation_ms[seat.index()]
}

/// `actual` is `expected` give or take a minute (real time passes too).
fn about(actual: u64, expected: u64, what: &str) {
    assert!(
        actual.abs_diff(expected) < MINUTE_MS,
        "{what}: {actual} ms, expected about {expected} ms"
    );
}

fn api_error(result: Result<impl std::fmt::Debug, ClientError>) -> ApiError {
    match result {
        Err(ClientError::Api(e)) => e,
        other => panic!("expected an API error, got {other:?}"),
    }
}

#[tokio::test]
async fn hex_correspondence_days_run_across_a_restart_and_running_out_loses_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let wall = wall_clock();
    let server = node_at(&db, &wall).await;
    let (mut a, b) = table(&server, hex_by_mail(3)).await;
    let start = a.snapshot().await;
    assert_eq!(
        start.options.days_per_move,
        days(3),
        "the option is shown with the room"
    );
    assert_eq!(start.clock.as_ref().unwrap().running, Some(Seat::First));
    about(left(&start, Seat::First), 3 * DAY_MS, "three days for the first move");
    wall.advance(2 * DAY_MS);
    about(left(&a.snapshot().await, Seat::First), DAY_MS, "two days later");
    a.play("d4").await.unwrap();
    let after = b.snapshot().await;
    assert_eq!(after.clock.as_ref().unwrap().running, Some(Seat::Second));
    about(
        left(&after, Seat::Second),
        3 * DAY_MS,
        "each move has its three days afresh",
    );
    // Nobody is waited for between moves: no bot takes the absent seat.
    assert!(after.bot_seats.is_empty());
    wall.advance(2 * DAY_MS);

    // The server goes down for half a day: calendar days count all the same.
    let server = restart(server, &db, &wall, 12 * HOUR_MS).await;
    let back = b.snapshot().await;
    assert_eq!(back.status, RoomStatus::Playing);
    about(
        left(&back, Seat::Second),
        12 * HOUR_MS,
        "the time the server was down counted",
    );
    wall.advance(12 * HOUR_MS - 2 * MINUTE_MS);
    assert_eq!(
        b.snapshot().await.status,
        RoomStatus::Playing,
        "a minute before the end"
    );
    wall.advance(3 * MINUTE_MS);
    let end = b.snapshot().await;
    assert_eq!(end.status, RoomStatus::Over);
    let outcome = end.outcome.unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::Timeout)
    );
    assert_eq!(end.moves.len(), 1, "nothing was played for the late seat");
    // The game no longer counts among either device's open games.
    assert_eq!(a.client.vacation_status().await.unwrap().open_correspondence_games, 0);
    assert_eq!(b.client.vacation_status().await.unwrap().open_correspondence_games, 0);
    server.stop().await;
}

#[tokio::test]
async fn vacation_stops_the_clock_the_opponent_sees_it_and_it_ends_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let wall = wall_clock();
    let server = node_at(&db, &wall).await;
    let (mut a, b) = table(&server, hex_by_mail(1)).await;
    a.play("d4").await.unwrap();
    wall.advance(6 * HOUR_MS);
    let status = b.client.vacation(3).await.unwrap();
    about(status.on_vacation_ms.unwrap(), 3 * DAY_MS, "three days of vacation");
    about(status.left_this_month_ms, 11 * DAY_MS, "eleven days left this month");
    assert_eq!(status.open_correspondence_games, 1);
    // The opponent sees it, and the clock stands still.
    let seen = a.snapshot().await;
    about(
        vacation_shown(&seen, Seat::Second).unwrap(),
        3 * DAY_MS,
        "the opponent sees the vacation",
    );
    assert_eq!(vacation_shown(&seen, Seat::First), None);
    about(
        left(&seen, Seat::Second),
        18 * HOUR_MS,
        "what was left when the vacation began",
    );
    wall.advance(DAY_MS);
    let server = restart(server, &db, &wall, DAY_MS).await;
    let during = a.snapshot().await;
    assert_eq!(during.status, RoomStatus::Playing);
    about(
        left(&during, Seat::Second),
        18 * HOUR_MS,
        "stopped across days and a restart",
    );
    about(
        vacation_shown(&during, Seat::Second).unwrap(),
        DAY_MS,
        "one day of vacation left",
    );
    // The vacation ends by itself: the clock runs again from its end.
    wall.advance(DAY_MS + 6 * HOUR_MS);
    let after = b.snapshot().await;
    assert_eq!(vacation_shown(&after, Seat::Second), None);
    about(
        left(&after, Seat::Second),
        12 * HOUR_MS,
        "running again since the vacation's end",
    );
    wall.advance(12 * HOUR_MS + MINUTE_MS);
    let end = a.snapshot().await;
    assert_eq!(
        end.outcome.map(|o| (o.winner, o.reason)),
        Some((Some(Seat::First), EndReason::Timeout))
    );
    server.stop().await;
}

#[tokio::test]
async fn coming_back_early_runs_the_clock_again_and_gives_the_days_back() {
    let dir = tempfile::tempdir().unwrap();
    let wall = wall_clock();
    let server = node_at(&dir.path().join("p.db"), &wall).await;
    let (mut a, b) = table(&server, RoomOptions::new(GameId::Hadang).with_days_per_move(days(7))).await;
    // The player not to move goes away: their clock stops once it is their turn.
    b.client.vacation(5).await.unwrap();
    let mv = a.snapshot().await.legal_moves[0].clone();
    a.play(&mv).await.unwrap();
    wall.advance(2 * DAY_MS);
    about(
        left(&a.snapshot().await, Seat::Second),
        7 * DAY_MS,
        "stopped since the move",
    );
    let status = b.client.vacation(0).await.unwrap();
    assert_eq!(status.on_vacation_ms, None);
    about(
        status.left_this_month_ms,
        12 * DAY_MS,
        "the three days not taken are given back",
    );
    wall.advance(DAY_MS);
    let snap = a.snapshot().await;
    assert_eq!(vacation_shown(&snap, Seat::Second), None);
    about(left(&snap, Seat::Second), 6 * DAY_MS, "running again since the return");
    server.stop().await;
}

#[tokio::test]
async fn bad_correspondence_input_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let wall = wall_clock();
    let server = node_at(&dir.path().join("p.db"), &wall).await;
    let base = server.base_url();
    let a = device(&base).await;

    // Jun Qi stays a live game (J20).
    let junqi = RoomOptions::new(GameId::Junqi).with_days_per_move(days(1));
    let refused = api_error(a.create_room(junqi).await);
    assert_eq!(
        (refused.code, refused.rule),
        (ErrorCode::IllegalAction, Some(rule::J20))
    );
    assert!(refused.message.contains("live game"), "{}", refused.message);
    // A number of days not offered, as JSON (the typed options cannot hold it).
    let http = reqwest::Client::new();
    let answer = http
        .post(format!("{base}/v1/rooms"))
        .bearer_auth(a.device_token().unwrap())
        .header("content-type", "application/json")
        .body(r#"{"options": {"game": "hex", "days_per_move": 2}}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 400);
    let refused: ApiError = serde_json::from_str(&answer.text().await.unwrap()).unwrap();
    assert_eq!(refused.code, ErrorCode::Malformed);
    assert!(
        refused.message.contains("2 days per move is not offered"),
        "{}",
        refused.message
    );
    // A correspondence room beside a live clock.
    let both = RoomOptions::hex(7, false, Some(30)).with_days_per_move(days(1));
    assert_eq!(api_error(a.create_room(both).await).rule, Some(rule::X12));
    assert_eq!(a.vacation_status().await.unwrap().open_correspondence_games, 0);

    // A vacation beyond the monthly allowance, and ending none.
    let before = a.vacation_status().await.unwrap();
    let refused = api_error(a.vacation(15).await);
    assert_eq!(refused.code, ErrorCode::Conflict);
    assert!(
        refused.message.contains("more than is left this month: 14 of 14 days"),
        "{}",
        refused.message
    );
    assert_eq!(api_error(a.vacation(0).await).code, ErrorCode::Conflict);
    assert_eq!(a.vacation_status().await.unwrap(), before, "nothing changed");
    a.vacation(10).await.unwrap();
    assert!(api_error(a.vacation(3).await).message.contains("already on vacation"));
    wall.advance(10 * DAY_MS);
    let refused = api_error(a.vacation(5).await);
    assert!(refused.message.contains("4 of 14 days"), "{}", refused.message);
    assert_eq!(a.vacation_status().await.unwrap().on_vacation_ms, None);

    // Fifty open correspondence games; the 51st is refused.
    let mut grants = Vec::new();
    for _ in 0..MAX_CORRESPONDENCE_GAMES {
        grants.push(a.create_room(hex_by_mail(7)).await.unwrap());
    }
    let refused = api_error(a.create_room(hex_by_mail(7)).await);
    assert_eq!(refused.code, ErrorCode::Conflict);
    assert!(
        refused.message.contains("already holds 50 open correspondence games"),
        "{}",
        refused.message
    );
    let c = device(&base).await;
    let waiting = c.create_room(hex_by_mail(1)).await.unwrap();
    let refused = api_error(a.join(&waiting.code).await);
    assert!(refused.message.contains("already holds 50"), "{}", refused.message);
    let still = c.snapshot(&waiting.room_id, &waiting.seat_token).await.unwrap();
    assert_eq!(
        (still.status, still.version),
        (RoomStatus::Waiting, 2),
        "the room is as it was"
    );
    assert_eq!(a.vacation_status().await.unwrap().open_correspondence_games, 50);
    // Live rooms do not count, and a room left makes room for another.
    a.create_room(RoomOptions::new(GameId::Hex)).await.unwrap();
    let mut leaving = Player {
        client: a.clone(),
        grant: grants.pop().unwrap(),
        seq: 0,
    };
    leaving.act(papan_api::Action::Leave).await.unwrap();
    assert_eq!(a.vacation_status().await.unwrap().open_correspondence_games, 49);
    a.join(&waiting.code).await.unwrap();
    assert_eq!(a.vacation_status().await.unwrap().open_correspondence_games, 50);
    server.stop().await;
}

/// One node of a cluster, on the test's wall clock.
async fn cluster_node_on(url: &str, wall: &Arc<WallClock>) -> Server {
    server_at(Path::new("unused-on-a-cluster.db"), |config| {
        let mut cluster = papan_server::cluster::ClusterConfig::new(url);
        cluster.lease = LEASE;
        config.cluster = Some(cluster);
        config.wall = wall.clone();
    })
    .await
}

#[tokio::test]
async fn on_a_cluster_the_days_and_the_vacation_outlive_the_owner_node() {
    let nats = Nats::start().await;
    let wall = wall_clock();
    let a_node = cluster_node_on(&nats.url, &wall).await;
    let b_node = cluster_node_on(&nats.url, &wall).await;
    // The first player's device knows both nodes; the second plays on B.
    let mut a = Client::new(&format!("{},{}", a_node.base_url(), b_node.base_url()));
    a.register().await.unwrap();
    let b = device(&b_node.base_url()).await;
    let (mut a, b) = seat(a, b, hex_by_mail(3)).await; // the room lives on node A
    a.play("d4").await.unwrap();
    wall.advance(DAY_MS);
    // Node A, the room's owner, dies; a day passes; node B takes the room over.
    a_node.stop().await;
    wall.advance(DAY_MS);
    let taken = b.snapshot().await;
    assert_eq!(taken.status, RoomStatus::Playing);
    about(left(&taken, Seat::Second), DAY_MS, "two of three days gone");
    // A vacation, asked on B, reaches the room and the opponent sees it.
    b.client.vacation(2).await.unwrap();
    let seen = a.snapshot().await;
    about(
        vacation_shown(&seen, Seat::Second).unwrap(),
        2 * DAY_MS,
        "the opponent sees it",
    );
    wall.advance(2 * DAY_MS + 12 * HOUR_MS);
    let after = a.snapshot().await;
    assert_eq!(after.status, RoomStatus::Playing, "the vacation stopped the clock");
    about(
        left(&after, Seat::Second),
        12 * HOUR_MS,
        "running again since the vacation's end",
    );
    // Another node starts, B dies too: the room moves on, the time runs out.
    let c_node = cluster_node_on(&nats.url, &wall).await;
    b_node.stop().await;
    wall.advance(12 * HOUR_MS + MINUTE_MS);
    let c = Client::new(&c_node.base_url()).with_device_token(a.client.device_token().unwrap().to_string());
    let end = c.snapshot(&a.grant.room_id, &a.grant.seat_token).await.unwrap();
    let outcome = end.outcome.expect("the game is over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::Timeout)
    );
    assert_eq!(c.vacation_status().await.unwrap().open_correspondence_games, 0);
    c_node.stop().await;
}

#[tokio::test]
async fn backgammon_by_mail_times_the_seat_to_roll_and_move() {
    let dir = tempfile::tempdir().unwrap();
    let wall = wall_clock();
    let server = node_at(&dir.path().join("p.db"), &wall).await;
    let options = RoomOptions::new(GameId::Backgammon).with_days_per_move(days(1));
    let (mut a, _b) = table(&server, options).await;
    a.act(papan_api::Action::Roll).await.unwrap();
    let rolled = a.snapshot().await;
    let to_move = rolled.to_move.expect("the opening roll gives the first move");
    assert_eq!(rolled.clock.as_ref().unwrap().running, Some(to_move));
    wall.advance(DAY_MS + MINUTE_MS);
    let end = a.snapshot().await;
    let outcome = end.outcome.expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(to_move.other()), EndReason::Timeout)
    );
    server.stop().await;
}
