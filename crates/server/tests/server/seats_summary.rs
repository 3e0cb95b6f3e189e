//! `POST /v1/seats/summary`: a device's open rooms in one request (whose
//! move, time left, last move), on one node and on a cluster; a seat list
//! that is malformed or not the device's is refused whole, changing nothing.

use crate::common;

use common::nats::Nats;
use common::*;
use papan_api::{
    ApiError, Client, ClientError, DaysPerMove, ErrorCode, RoomOptions, RoomStatus, SeatRef, SeatsSummary, DAY_MS,
    MAX_SUMMARY_SEATS,
};
use std::time::Duration;

fn seat_of(player: &Player) -> SeatRef {
    SeatRef {
        room_id: player.grant.room_id.clone(),
        seat_token: player.grant.seat_token.clone(),
    }
}

fn refusal(result: Result<SeatsSummary, ClientError>) -> ApiError {
    match result {
        Err(ClientError::Api(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Two rooms for devices `a` and `b` (a live Hex room with a turn limit and
/// a HADANG room by mail), a move in the first: the summaries of both
/// sides follow whose move it is.
async fn whose_move_is_summarised(a: Client, b: Client) {
    let (mut hex_a, hex_b) = seat(a.clone(), b.clone(), RoomOptions::hex(7, false, Some(30))).await;
    let by_mail = RoomOptions::new(papan_api::GameId::Hadang).with_days_per_move(Some(DaysPerMove::new(3).unwrap()));
    let (mail_a, mail_b) = seat(a.clone(), b.clone(), by_mail).await;

    let first = a.seats_summary(&[seat_of(&hex_a), seat_of(&mail_a)]).await.unwrap();
    assert_eq!(first.rooms.len(), 2, "{first:?}");
    assert!(first.gone.is_empty());
    let (hex, mail) = (&first.rooms[0], &first.rooms[1]);
    assert_eq!(
        (hex.room_id.as_str(), hex.status),
        (hex_a.grant.room_id.as_str(), RoomStatus::Playing)
    );
    assert!(hex.your_move && mail.your_move, "the creator moves first: {first:?}");
    assert_eq!(hex.last_move, None);
    let hex_left = hex.time_left_ms.expect("a turn limit");
    assert!(hex_left <= 30_000 && hex_left > 20_000, "{hex_left}");
    assert_eq!(mail.days_per_move, Some(3));
    assert!(mail.time_left_ms.unwrap() > 3 * DAY_MS - 60_000, "{mail:?}");

    hex_a.play("d4").await.unwrap();
    let theirs = b.seats_summary(&[seat_of(&hex_b), seat_of(&mail_b)]).await.unwrap();
    let hex = &theirs.rooms[0];
    assert!(hex.your_move, "the opponent moved: {theirs:?}");
    assert_eq!((hex.last_move.as_deref(), hex.moves), (Some("d4"), 1));
    assert!(!theirs.rooms[1].your_move, "still the creator's move by mail");
    let mine = a.seats_summary(&[seat_of(&hex_a)]).await.unwrap();
    assert!(!mine.rooms[0].your_move, "the move cleared it");
    assert_eq!(mine.rooms[0].version, hex.version);

    // A room that no longer exists comes back in `gone`, the others still answer.
    let unknown = SeatRef {
        room_id: "0123456789abcdef".into(),
        seat_token: "f".repeat(64),
    };
    let mixed = a.seats_summary(&[unknown.clone(), seat_of(&mail_a)]).await.unwrap();
    assert_eq!(mixed.gone, vec![unknown.room_id]);
    assert_eq!(mixed.rooms.len(), 1);
    assert!(a.seats_summary(&[]).await.unwrap().rooms.is_empty());
}

#[tokio::test]
async fn one_node_summarises_the_devices_seats() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let base = server.base_url();
    whose_move_is_summarised(device(&base).await, device(&base).await).await;
    server.stop().await;
}

#[tokio::test]
async fn a_cluster_summarises_seats_of_rooms_on_other_nodes() {
    let nats = Nats::start().await;
    let lease = Duration::from_secs(1);
    let one = cluster_node(&nats.url, lease).await;
    let two = cluster_node(&nats.url, lease).await;
    // Each device asks its own node: the rooms (created on node one) answer
    // node two's summary through the relay.
    whose_move_is_summarised(device(&one.base_url()).await, device(&two.base_url()).await).await;
    one.stop().await;
    two.stop().await;
}

#[tokio::test]
async fn a_malformed_or_foreign_seat_list_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = server_at(&dir.path().join("p.db"), |_| {}).await;
    let base = server.base_url();
    let (a, b) = (device(&base).await, device(&base).await);
    let (hex_a, hex_b) = seat(a.clone(), b.clone(), RoomOptions::hex(7, false, None)).await;
    let (elsewhere, _) = seat(b.clone(), device(&base).await, RoomOptions::hex(7, false, None)).await;
    let before = (hex_a.snapshot().await, hex_b.snapshot().await);

    // Another device's seat, among the caller's own: the whole list is refused.
    let foreign = refusal(a.seats_summary(&[seat_of(&hex_a), seat_of(&elsewhere)]).await);
    assert_eq!(foreign.code, ErrorCode::Forbidden);
    assert!(
        foreign.message.contains("belongs to another device"),
        "{}",
        foreign.message
    );
    // A token that holds no seat in the room.
    let wrong = SeatRef {
        room_id: hex_a.grant.room_id.clone(),
        seat_token: "0".repeat(64),
    };
    let refused = refusal(a.seats_summary(&[wrong]).await);
    assert_eq!(refused.code, ErrorCode::Forbidden);
    assert!(refused.message.contains("does not hold a seat"), "{}", refused.message);
    // The same room twice, an empty token, too many seats.
    let twice = refusal(a.seats_summary(&[seat_of(&hex_a), seat_of(&hex_a)]).await);
    assert_eq!(twice.code, ErrorCode::Malformed);
    assert!(twice.message.contains("listed twice"), "{}", twice.message);
    let empty = SeatRef {
        room_id: hex_a.grant.room_id.clone(),
        seat_token: String::new(),
    };
    assert_eq!(refusal(a.seats_summary(&[empty]).await).code, ErrorCode::Malformed);
    let many: Vec<SeatRef> = (0..=MAX_SUMMARY_SEATS)
        .map(|i| SeatRef {
            room_id: format!("room{i}"),
            seat_token: "a".repeat(64),
        })
        .collect();
    let too_many = refusal(a.seats_summary(&many).await);
    assert_eq!(too_many.code, ErrorCode::Malformed);
    assert!(too_many.message.contains("at most 50"), "{}", too_many.message);
    // Not the endpoint's shape: an unknown field, seats not a list.
    let http = reqwest::Client::new();
    for body in [
        r#"{"seats": [], "extra": 1}"#,
        r#"{"seats": {"room_id": "x"}}"#,
        r#"{"seats": [{"room_id": "x"}]}"#,
        "not json",
    ] {
        let answer = http
            .post(format!("{base}/v1/seats/summary"))
            .bearer_auth(a.device_token().unwrap())
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status().as_u16(), 400, "{body}");
        let refused: ApiError = serde_json::from_str(&answer.text().await.unwrap()).unwrap();
        assert_eq!(refused.code, ErrorCode::Malformed, "{body}");
    }
    // Without a device token.
    let anonymous = Client::new(&base);
    assert_eq!(
        refusal(anonymous.seats_summary(&[seat_of(&hex_a)]).await).code,
        ErrorCode::Unauthorized
    );

    // Nothing changed, and the device's own list still answers.
    assert_eq!((hex_a.snapshot().await, hex_b.snapshot().await), before);
    let own = a.seats_summary(&[seat_of(&hex_a)]).await.unwrap();
    assert_eq!(own.rooms[0].version, before.0.version);
    server.stop().await;
}
