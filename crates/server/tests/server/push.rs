//! Web Push (issue 34, item 5), on one node and on a cluster: a loopback
//! push service ([`PushService`]) checks each push's VAPID token and the
//! test decrypts it with the subscription's keys, as the browser would.
//! Days pass on the injected wall clock.

use crate::common;

use common::nats::Nats;
use common::push_service::{Browser, PushService};
use common::*;
use papan_api::{Action, ClientError, DaysPerMove, ErrorCode, GameId, NoticeKind, PushMessage, RoomOptions, DAY_MS};
use papan_server::push::{Notice, Says, Sent};
use papan_server::wall::WallClock;
use papan_server::{Config, Server};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

const HOUR_MS: u64 = 3_600_000;

fn hex_by_mail(days: u8) -> RoomOptions {
    RoomOptions::hex(7, false, None).with_days_per_move(Some(DaysPerMove::new(days).unwrap()))
}

fn push_config(config: &mut Config, key: &Path, wall: &Arc<WallClock>, per_hour: u32) {
    config.wall = wall.clone();
    config.push.key_file = Some(key.to_path_buf());
    config.push.allow_loopback_http = true;
    config.push.retry_after = Duration::from_millis(20);
    config.push.per_hour = per_hour;
}

fn all() -> Vec<NoticeKind> {
    NoticeKind::ALL.to_vec()
}

#[tokio::test]
async fn each_device_is_told_of_its_move_the_time_left_and_the_end_in_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let wall = Arc::new(WallClock::default());
    let key = dir.path().join("vapid.key");
    let server = server_at(&dir.path().join("p.db"), |c| push_config(c, &key, &wall, 50)).await;
    let service = PushService::start().await;
    let (phone_a, phone_b) = (Browser::new("a", 3), Browser::new("b", 5));
    let base = server.base_url();
    let (a, b) = (device(&base).await, device(&base).await);
    let status = a
        .push_subscribe(&phone_a.subscription(&service, &all(), "en"))
        .await
        .unwrap();
    assert_eq!(
        status.endpoint.as_deref(),
        Some(format!("{}/push/a", service.base).as_str())
    );
    assert_eq!(status.kinds, all());
    b.push_subscribe(&phone_b.subscription(&service, &all(), "id"))
        .await
        .unwrap();
    assert_eq!(
        b.push_status().await.unwrap().application_server_key,
        status.application_server_key,
        "one server key to subscribe with"
    );

    // B accepts A's invitation: A is told; B, who joined, is not.
    let (mut a, mut b) = seat(a, b, hex_by_mail(3)).await;
    let room = a.grant.room_id.clone();
    let invited: PushMessage = phone_a.read(&service.wait_for("a", 1).await[0]);
    assert_eq!(invited.kind, NoticeKind::InviteAccepted);
    assert_eq!(invited.title, "Invitation accepted");
    assert_eq!(invited.room, room);
    assert_eq!(invited.url, "#/online/hex/play");

    // A moves: B is told it is B's move, in Indonesian.
    a.play("d4").await.unwrap();
    let your_move = phone_b.read(&service.wait_for("b", 1).await[0]);
    assert_eq!(
        (your_move.kind, your_move.title.as_str(), your_move.body.as_str()),
        (
            NoticeKind::YourMove,
            "Giliranmu",
            "Hex: lawan sudah melangkah. Sekarang giliranmu."
        )
    );
    assert_eq!(your_move.room, room);

    // Four fifths of B's three days pass: B is reminded once, with the
    // hours left (a fifth of 72 h is 14.4 h: "15 jam").
    wall.advance(3 * DAY_MS * 4 / 5 - HOUR_MS);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(service.received().iter().filter(|r| r.id == "b").count(), 1, "not yet");
    wall.advance(2 * HOUR_MS);
    let low = phone_b.read(&service.wait_for("b", 2).await[1]);
    assert_eq!(low.kind, NoticeKind::TimeLow);
    assert_eq!(low.body, "Hex: sisa 14 jam untuk langkahmu.");
    wall.advance(HOUR_MS);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        service.received().iter().filter(|r| r.id == "b").count(),
        2,
        "reminded once a move"
    );

    // B resigns: A is told A won; B, who resigned, is not told.
    b.act(Action::Resign).await.unwrap();
    let ended = phone_a.read(&service.wait_for("a", 2).await[1]);
    assert_eq!(
        (ended.kind, ended.body.as_str()),
        (NoticeKind::GameEnded, "Hex: you won.")
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(service.received().len(), 4, "{:?}", service.received());
    for r in service.received() {
        let topic = r.headers["topic"].to_str().unwrap().to_string();
        assert!(topic.len() <= 32 && topic.ends_with(&room), "{topic}");
    }
    let _ = a;
    server.stop().await;
}

#[tokio::test]
async fn a_gone_subscription_is_removed_busy_services_are_tried_again_and_the_hourly_bound_holds() {
    let dir = tempfile::tempdir().unwrap();
    let wall = Arc::new(WallClock::default());
    let key = dir.path().join("vapid.key");
    let server = server_at(&dir.path().join("p.db"), |c| push_config(c, &key, &wall, 3)).await;
    let mut fates = server.shared.push.watch();
    let service = PushService::start().await;
    let phone = Browser::new("p", 9);
    let client = device(&server.base_url()).await;
    client
        .push_subscribe(&phone.subscription(&service, &[NoticeKind::YourMove], "fil"))
        .await
        .unwrap();
    let device_id = device_id_of(&server, &client).await;
    let notice = |says| Notice {
        device: device_id.clone(),
        room: "0123456789abcdef01234567".into(),
        game: GameId::Backgammon,
        says,
    };
    let mut next_fate = async || {
        tokio::time::timeout(Duration::from_secs(5), fates.recv())
            .await
            .unwrap()
            .unwrap()
            .1
    };

    // Not chosen: nothing is sent.
    server.shared.push.notify(notice(Says::InviteAccepted));
    assert_eq!(next_fate().await, Sent::NotWanted);
    // Busy (503, then 429 with Retry-After 0): tried again, delivered once.
    service.answer("p", &[503, 429]);
    server.shared.push.notify(notice(Says::YourMove));
    assert_eq!(next_fate().await, Sent::Delivered);
    let tries = service.wait_for("p", 3).await;
    assert_eq!(tries.iter().map(|r| r.status).collect::<Vec<_>>(), [503, 429, 201]);
    assert_eq!(phone.read(&tries[2]).title, "Ikaw na");
    // Three an hour: the fourth and fifth are not sent.
    for _ in 0..4 {
        server.shared.push.notify(notice(Says::YourMove));
    }
    let mut fate_counts = Vec::new();
    for _ in 0..4 {
        fate_counts.push(next_fate().await);
    }
    assert_eq!(
        fate_counts.iter().filter(|f| **f == Sent::Delivered).count(),
        2,
        "{fate_counts:?}"
    );
    assert_eq!(
        fate_counts.iter().filter(|f| **f == Sent::Bounded).count(),
        2,
        "{fate_counts:?}"
    );
    assert_eq!(service.received().len(), 5, "3 tries of the first and two more");
    // An hour later, notices go again; the push service says the
    // subscription is gone (410): it is removed, and nothing more is sent.
    wall.advance(HOUR_MS);
    service.answer("p", &[410]);
    server.shared.push.notify(notice(Says::YourMove));
    assert_eq!(next_fate().await, Sent::Gone);
    assert_eq!(client.push_status().await.unwrap().endpoint, None);
    server.shared.push.notify(notice(Says::YourMove));
    assert_eq!(next_fate().await, Sent::NotWanted);
    assert_eq!(service.received().len(), 6);
    server.stop().await;
}

/// The device id behind `client` (the server knows it by its token).
async fn device_id_of(server: &Server, client: &papan_api::Client) -> String {
    let hash = papan_server::secrets::hash_token(client.device_token().unwrap());
    match server.shared.store.device_by_token_hash(&hash).await.unwrap().unwrap() {
        papan_server::storage::transfer::TokenHolder::Device(id) => id,
        moved => panic!("a device of its own, not {moved:?}"),
    }
}

#[tokio::test]
async fn malformed_subscriptions_are_refused_and_the_one_kept_stays() {
    let dir = tempfile::tempdir().unwrap();
    let wall = Arc::new(WallClock::default());
    let key = dir.path().join("vapid.key");
    let server = server_at(&dir.path().join("p.db"), |c| push_config(c, &key, &wall, 3)).await;
    let service = PushService::start().await;
    let phone = Browser::new("k", 4);
    let client = device(&server.base_url()).await;
    let good = phone.subscription(&service, &[NoticeKind::GameEnded], "en");
    client.push_subscribe(&good).await.unwrap();
    let mut spoiled = Vec::new();
    let mut bad = good.clone();
    bad.keys.p256dh = "BAAA".into();
    spoiled.push((bad, "keys.p256dh"));
    let mut bad = good.clone();
    bad.endpoint = "http://push.example.com/x".into();
    spoiled.push((bad, "https://"));
    let mut bad = good.clone();
    bad.lang = "tl".into();
    spoiled.push((bad, "not one of id, fil, en"));
    for (request, why) in spoiled {
        match client.push_subscribe(&request).await {
            Err(ClientError::Api(e)) => {
                assert_eq!(e.code, ErrorCode::Malformed);
                assert!(e.message.contains(why), "{why:?} not in {}", e.message);
            }
            other => panic!("refused, not {other:?}"),
        }
    }
    let kept = client.push_status().await.unwrap();
    assert_eq!(kept.endpoint, Some(good.endpoint.clone()));
    assert_eq!(kept.kinds, vec![NoticeKind::GameEnded]);
    // Not JSON of a subscription at all, and no device token.
    let http = reqwest::Client::new();
    let answer = http
        .put(format!("{}/v1/push", server.base_url()))
        .bearer_auth(client.device_token().unwrap())
        .body(r#"{"endpoint": 5}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 400);
    let answer = http.get(format!("{}/v1/push", server.base_url())).send().await.unwrap();
    assert_eq!(answer.status(), 401);
    assert_eq!(client.push_status().await.unwrap().endpoint, Some(good.endpoint));
    // Stopping them all.
    assert_eq!(client.push_unsubscribe().await.unwrap().endpoint, None);
    assert_eq!(client.push_status().await.unwrap().kinds, vec![]);
    server.stop().await;
}

#[tokio::test]
async fn on_a_cluster_a_move_through_any_node_is_told_and_the_hourly_bound_is_the_clusters() {
    let nats = Nats::start().await;
    let dir = tempfile::tempdir().unwrap();
    let wall = Arc::new(WallClock::default());
    let key = dir.path().join("vapid.key");
    let node = |per_hour| {
        let (url, key, wall) = (nats.url.clone(), key.clone(), wall.clone());
        async move {
            server_at(Path::new("unused-on-a-cluster.db"), |c| {
                let mut cluster = papan_server::cluster::ClusterConfig::new(url);
                cluster.lease = Duration::from_secs(1);
                c.cluster = Some(cluster);
                push_config(c, &key, &wall, per_hour);
            })
            .await
        }
    };
    let (one, two) = (node(4).await, node(4).await);
    let service = PushService::start().await;
    let (phone_a, phone_b) = (Browser::new("ca", 6), Browser::new("cb", 7));
    let (a, b) = (device(&one.base_url()).await, device(&two.base_url()).await);
    // Subscribed through one node, read on the other.
    a.push_subscribe(&phone_a.subscription(&service, &all(), "fil"))
        .await
        .unwrap();
    b.push_subscribe(&phone_b.subscription(&service, &all(), "en"))
        .await
        .unwrap();
    let on_other = device(&two.base_url())
        .await
        .with_device_token(a.device_token().unwrap().to_string());
    assert!(on_other.push_status().await.unwrap().endpoint.is_some());
    let (mut a, _b) = seat(a, b, hex_by_mail(1)).await;
    assert_eq!(
        phone_a.read(&service.wait_for("ca", 1).await[0]).title,
        "Tinanggap ang imbitasyon"
    );
    a.play("d4").await.unwrap();
    let told = phone_b.read(&service.wait_for("cb", 1).await[0]);
    assert_eq!((told.kind, told.title.as_str()), (NoticeKind::YourMove, "Your move"));

    // B's device has had one this hour; four an hour in all, whichever
    // node sends them.
    let device_b = device_id_of(&two, &_b.client).await;
    let notice = Notice {
        device: device_b,
        room: a.grant.room_id.clone(),
        game: GameId::Hex,
        says: Says::YourMove,
    };
    for n in 0..6 {
        let node = if n % 2 == 0 { &one } else { &two };
        node.shared.push.notify(notice.clone());
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        service.received().iter().filter(|r| r.id == "cb").count(),
        4,
        "the bound is counted once for the cluster"
    );
    one.stop().await;
    two.stop().await;
}
