//! Stored room logs from older releases still replay (issue 34, item 1).
//!
//! `tests/data/logs/` holds logs written by the server as it was before the
//! stored format got a version of its own (the legacy "v0": each event
//! stored as the wire's event JSON, unversioned), for all four games,
//! finished and unfinished, with a rematch, timeouts and a bot take-over,
//! both as SQLite rows (`sqlite/`) and as JetStream commits (`nats/`).
//! Beside each log, `<name>.position.json` holds what both seats saw at the
//! end (their snapshots less the live clock and presence), taken from the
//! running server when the log was written.
//!
//! They were made by [`generate_log_fixtures`], an ignored test that drives
//! a real server (SQLite, then a one-node cluster on nats-server) through
//! each scenario. Regenerate (only when a new legacy-format fixture is
//! wanted: today's server writes v1 records) with
//! `cargo test -p papan-server --test log_fixtures -- --ignored generate_log_fixtures`.

use crate::common;

use common::nats::Nats;
use common::*;
use papan_api::{Action, GameId, HadangTempo, RoomOptions, RoomStatus, Snapshot};
use papan_server::cluster::{Cluster, ClusterConfig};
use papan_server::core::RoomCore;
use papan_server::storage::record::{encode_event, read_commit, read_event, EventRecord, Header};
use papan_server::storage::{Entry, Logged, NewSeat, StoredRoom, UnreadableRoom};
use papan_server::store::Store;
use papan_server::Server;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn fixtures() -> PathBuf {
    crate::common::manifest_dir().join("tests/data/logs")
}

/// A seat's view of the room that a replay must give back: the snapshot
/// without the live parts (the clock's reading, who is connected).
fn position(snapshot: &Snapshot) -> Value {
    let mut value = serde_json::to_value(snapshot).unwrap();
    let map = value.as_object_mut().unwrap();
    map.remove("clock");
    map.remove("present");
    value
}

// ---------------------------------------------------------------------------
// The fixtures, read.

struct Fixture {
    name: String,
    /// The room and its players' credentials.
    header: Value,
    /// SQLite rows (`table`: rooms, seats, devices, events) or JetStream
    /// commits (`commit`: the message's text).
    lines: Vec<Value>,
    /// Both seats' positions when the log was written.
    expected: Value,
}

impl Fixture {
    fn room_id(&self) -> String {
        self.header["room_id"].as_str().unwrap().to_string()
    }

    fn expected_positions(&self) -> Vec<Value> {
        self.expected["seats"].as_array().unwrap().clone()
    }

    fn events(&self) -> Vec<&Value> {
        self.lines.iter().filter(|l| l["table"] == "events").collect()
    }

    fn commits(&self) -> Vec<&str> {
        self.lines.iter().filter_map(|l| l["commit"].as_str()).collect()
    }
}

fn load(backend: &str) -> Vec<Fixture> {
    let dir = fixtures().join(backend);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".jsonl").map(String::from))
        .collect();
    names.sort();
    assert_eq!(names.len(), SCENARIOS.len(), "every scenario has a {backend} fixture");
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(format!("{name}.jsonl"))).unwrap();
            let mut lines = text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap());
            let header = lines.next().unwrap();
            let expected = std::fs::read_to_string(dir.join(format!("{name}.position.json"))).unwrap();
            Fixture {
                name,
                header,
                lines: lines.collect(),
                expected: serde_json::from_str(&expected).unwrap(),
            }
        })
        .collect()
}

/// Both seats' positions replayed from a stored room, by the rooms' own
/// transition function.
fn replayed(room: &StoredRoom) -> Vec<Value> {
    let mut core = RoomCore::new(room.id.clone(), room.code.clone(), room.options);
    for (event, _, _) in &room.events {
        core.apply(event).unwrap();
    }
    (0..2u8)
        .map(|slot| position(&core.snapshot(slot, None, [false; 2])))
        .collect()
}

/// A SQLite file holding `fixtures`' rows exactly as they were stored.
fn sqlite_with(db: &Path, fixtures: &[Fixture]) {
    drop(Store::open(db).unwrap()); // today's schema
    let conn = rusqlite::Connection::open(db).unwrap();
    for fixture in fixtures {
        let id = fixture.room_id();
        for line in &fixture.lines {
            match line["table"].as_str().unwrap() {
                "rooms" => conn.execute(
                    "INSERT INTO rooms (id, code, options, open) VALUES (?1, ?2, ?3, ?4)",
                    rusqlite::params![
                        id,
                        line["code"].as_str(),
                        line["options"].as_str(),
                        line["open"].as_i64()
                    ],
                ),
                "seats" => conn.execute(
                    "INSERT INTO seats (room_id, slot, token_hash, device_id) VALUES (?1, ?2, ?3, ?4)",
                    rusqlite::params![
                        id,
                        line["slot"].as_i64(),
                        line["token_hash"].as_str(),
                        line["device_id"].as_str()
                    ],
                ),
                "devices" => conn.execute(
                    "INSERT INTO devices (id, token_hash) VALUES (?1, ?2)",
                    rusqlite::params![line["id"].as_str(), line["token_hash"].as_str()],
                ),
                "events" => conn.execute(
                    "INSERT INTO events (room_id, version, body, slot, client_seq) VALUES (?1, ?2, ?3, ?4, ?5)",
                    rusqlite::params![
                        id,
                        line["version"].as_i64(),
                        line["body"].as_str(),
                        line["slot"].as_i64(),
                        line["client_seq"].as_i64()
                    ],
                ),
                other => panic!("no table {other}"),
            }
            .unwrap();
        }
    }
}

/// Every room of the SQLite file `db`, open or closed, read back by the store.
fn stored_rooms(db: &Path, fixtures: &[Fixture]) -> Vec<Result<StoredRoom, UnreadableRoom>> {
    let store = Store::open(db).unwrap();
    let mut rooms = store.open_rooms().unwrap();
    for fixture in fixtures {
        if let Some(closed) = store.closed_room(&fixture.room_id()).unwrap() {
            rooms.push(closed);
        }
    }
    assert_eq!(rooms.len(), fixtures.len(), "every room is read");
    rooms
}

fn find<'a>(rooms: &'a [Result<StoredRoom, UnreadableRoom>], id: &str) -> &'a Result<StoredRoom, UnreadableRoom> {
    rooms
        .iter()
        .find(|r| match r {
            Ok(room) => room.id == id,
            Err(unreadable) => unreadable.id == id,
        })
        .unwrap()
}

/// Publishes `fixture`'s commits, as they were, on the cluster's log stream.
async fn publish_commits(url: &str, fixture: &Fixture) {
    let js = async_nats::jetstream::new(async_nats::connect(url).await.unwrap());
    for commit in fixture.commits() {
        js.publish(format!("papan.room.{}", fixture.room_id()), commit.to_string().into())
            .await
            .unwrap()
            .await
            .unwrap();
    }
}

async fn cluster(url: &str) -> Cluster {
    Cluster::connect(&ClusterConfig::new(url)).await.unwrap()
}

#[test]
fn every_legacy_sqlite_log_replays_to_the_position_it_was_written_at() {
    let fixtures = load("sqlite");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    sqlite_with(&db, &fixtures);
    let rooms = stored_rooms(&db, &fixtures);
    for fixture in &fixtures {
        let room = find(&rooms, &fixture.room_id())
            .as_ref()
            .unwrap_or_else(|u| panic!("{}: {}", fixture.name, u.why));
        assert_eq!(
            room.events.len() as u64,
            fixture.expected["version"].as_u64().unwrap(),
            "{}",
            fixture.name
        );
        assert_eq!(replayed(room), fixture.expected_positions(), "{}", fixture.name);
    }
}

/// The whole server, restarted over the legacy rows: every room comes back
/// (a closed one when asked for) and each player sees what they saw.
#[tokio::test]
async fn a_server_restarted_over_legacy_sqlite_logs_serves_every_room_as_it_was() {
    let fixtures = load("sqlite");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    sqlite_with(&db, &fixtures);
    let server = server_at(&db, |_| {}).await;
    for fixture in &fixtures {
        assert!(!server.shared.is_kept_closed(&fixture.room_id()), "{}", fixture.name);
        for (player, expected) in fixture.header["players"]
            .as_array()
            .unwrap()
            .iter()
            .zip(fixture.expected_positions())
        {
            let client =
                papan_api::Client::new(&server.base_url()).with_device_token(player["device_token"].as_str().unwrap());
            let seen = client
                .snapshot(&fixture.room_id(), player["seat_token"].as_str().unwrap())
                .await
                .unwrap_or_else(|e| panic!("{}: {e}", fixture.name));
            assert_eq!(position(&seen), expected, "{}", fixture.name);
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn every_legacy_cluster_log_replays_to_the_position_it_was_written_at() {
    let fixtures = load("nats");
    let nats = Nats::start().await;
    let node = cluster(&nats.url).await;
    for fixture in &fixtures {
        publish_commits(&nats.url, fixture).await;
        let room = node.read_room(&fixture.room_id()).await.unwrap().unwrap();
        let room = room.unwrap_or_else(|u| panic!("{}: {}", fixture.name, u.why));
        assert_eq!(
            room.events.len() as u64,
            fixture.expected["version"].as_u64().unwrap(),
            "{}",
            fixture.name
        );
        assert_eq!(replayed(&room), fixture.expected_positions(), "{}", fixture.name);
    }
}

/// Every stored record of every fixture: wire → record → wire and
/// record → wire → record give back what they started from, so the wire
/// type may change (and these conversions with it) while what is stored
/// stays as it is.
#[test]
fn wire_to_record_and_back_are_identities_on_every_fixture() {
    let mut records: Vec<EventRecord> = Vec::new();
    for fixture in load("sqlite") {
        for event in fixture.events() {
            records.push(read_event(event["body"].as_str().unwrap()).unwrap());
        }
    }
    for fixture in load("nats") {
        for commit in fixture.commits() {
            let commit = read_commit(commit.as_bytes()).unwrap();
            let back = read_commit(&commit.encode().unwrap()).unwrap();
            assert_eq!(back, commit, "{}: a commit written as v1 reads back", fixture.name);
            records.extend(commit.events);
        }
    }
    assert!(records.len() > 500, "{} records", records.len());
    for record in records {
        let wire = Logged::try_from(record.clone()).unwrap();
        let again = EventRecord::try_from(&wire).unwrap();
        assert_eq!(again, record, "record → wire → record");
        assert_eq!(Logged::try_from(again).unwrap(), wire, "wire → record → wire");
        // The stored text is the record's, never the wire type's serde.
        let text = encode_event(&wire).unwrap();
        assert_eq!(read_event(&text).unwrap(), record);
        assert!(text.starts_with(r#"{"v":1,"event":{"type":"#), "{text}");
    }
}

/// One commit to write again: first version, events, origin, seat.
type Commit = (u64, Vec<Logged>, Option<(u8, u64)>, Option<NewSeat>);

/// A stored room written again, commit by commit, the way rooms write.
fn entries(room: &StoredRoom) -> Vec<Commit> {
    room.events
        .iter()
        .enumerate()
        .map(|(i, (event, slot, seq))| {
            let seat = match event.kind {
                papan_api::EventKind::Joined { slot } => room.seats.iter().find(|s| s.0 == slot).map(|s| NewSeat {
                    slot,
                    token_hash: s.1.clone(),
                    device_id: s.2.clone(),
                }),
                _ => None,
            };
            (i as u64 + 1, vec![event.clone()], slot.zip(*seq), seat)
        })
        .collect()
}

fn same_room(read: &StoredRoom, written: &StoredRoom, name: &str) {
    assert_eq!((&read.code, read.options), (&written.code, written.options), "{name}");
    assert_eq!(read.seats, written.seats, "{name}");
    assert_eq!(read.events, written.events, "{name}");
}

#[tokio::test]
async fn a_log_written_as_v1_on_sqlite_reads_back_equal() {
    let fixtures = load("sqlite");
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (dir.path().join("old.db"), dir.path().join("new.db"));
    sqlite_with(&old, &fixtures);
    let originals = stored_rooms(&old, &fixtures);
    let store = Store::open(&new).unwrap();
    for room in originals.iter().map(|r| r.as_ref().unwrap()) {
        for (version, events, origin, seat) in entries(room) {
            let entry = Entry {
                first_version: version,
                events: &events,
                origin,
                seat,
                ..Entry::default()
            };
            if version == 1 {
                assert!(store
                    .add_room(&room.id, &room.code, &room.options, entry)
                    .await
                    .unwrap());
            } else {
                store.append(&room.id, entry).await.unwrap();
            }
        }
    }
    drop(store);
    let conn = rusqlite::Connection::open(&new).unwrap();
    let bodies: Vec<String> = conn
        .prepare("SELECT body FROM events")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(
        bodies.iter().all(|b| b.starts_with(r#"{"v":1,"#)),
        "every event is stored as v1"
    );
    let reread = stored_rooms(&new, &fixtures);
    for fixture in &fixtures {
        let written = find(&originals, &fixture.room_id()).as_ref().unwrap();
        let read = find(&reread, &fixture.room_id()).as_ref().unwrap();
        same_room(read, written, &fixture.name);
        assert_eq!(replayed(read), fixture.expected_positions(), "{}", fixture.name);
    }
}

#[tokio::test]
async fn a_log_written_as_v1_on_the_cluster_reads_back_equal() {
    let fixtures = load("nats");
    let nats = Nats::start().await;
    let reader = cluster(&nats.url).await;
    let writer = cluster(&nats.url).await;
    for fixture in &fixtures {
        publish_commits(&nats.url, fixture).await;
        let original = reader.read_room(&fixture.room_id()).await.unwrap().unwrap().unwrap();
        let copy = format!("{}v1", fixture.room_id());
        for (version, events, origin, seat) in entries(&original) {
            let header = (version == 1).then(|| Header {
                code: original.code.clone(),
                options: original.options,
            });
            let entry = Entry {
                first_version: version,
                events: &events,
                origin,
                seat,
                ..Entry::default()
            };
            writer.append(&copy, header, entry).await.unwrap();
        }
        let read = reader.read_room(&copy).await.unwrap().unwrap().unwrap();
        same_room(&read, &original, &fixture.name);
        let mut expected = fixture.expected_positions();
        for seat in &mut expected {
            seat["room_id"] = json!(copy);
        }
        assert_eq!(replayed(&read), expected, "{}", fixture.name);
    }
    // What JetStream holds is v1.
    let js = async_nats::jetstream::new(async_nats::connect(&nats.url).await.unwrap());
    let stream = js.get_stream("PAPAN_ROOMS").await.unwrap();
    let copy = format!("papan.room.{}v1", fixtures[0].room_id());
    let last = stream.get_last_raw_message_by_subject(&copy).await.unwrap();
    assert!(last.payload.starts_with(br#"{"v":1,"#));
}

/// A record of an unknown version (a newer release's) and a corrupt one:
/// each room is refused whole, saying which event and why; its rows stay as
/// stored; the other rooms read and serve as before.
#[tokio::test]
async fn an_unknown_version_or_a_corrupt_record_is_refused_naming_it_and_nothing_is_lost() {
    let fixtures = load("sqlite");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    sqlite_with(&db, &fixtures);
    let (newer, corrupt) = (fixtures[0].room_id(), fixtures[1].room_id());
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        r#"UPDATE events SET body = '{"v":9,"event":{"type":"teleported"}}' WHERE room_id = ?1 AND version = 5"#,
        [&newer],
    )
    .unwrap();
    conn.execute(
        r#"UPDATE events SET body = '{"v":1,"event":{"type":"moved","seat":"First"}}' WHERE room_id = ?1 AND version = 6"#,
        [&corrupt],
    )
    .unwrap();
    let rows = |room: &str| -> Vec<(i64, String)> {
        conn.prepare("SELECT version, body FROM events WHERE room_id = ?1 ORDER BY version")
            .unwrap()
            .query_map([room], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let before = [rows(&newer), rows(&corrupt)];

    let rooms = stored_rooms(&db, &fixtures);
    let why = |id: &str| {
        find(&rooms, id)
            .as_ref()
            .err()
            .map(|u| u.why.clone())
            .unwrap_or_default()
    };
    assert!(
        why(&newer).contains("event 5") && why(&newer).contains("record version 9"),
        "{}",
        why(&newer)
    );
    assert!(
        why(&corrupt).contains("event 6") && why(&corrupt).contains("missing field"),
        "{}",
        why(&corrupt)
    );
    for fixture in &fixtures[2..] {
        let room = find(&rooms, &fixture.room_id()).as_ref().unwrap();
        assert_eq!(replayed(room), fixture.expected_positions(), "{}", fixture.name);
    }

    let server = server_at(&db, |_| {}).await;
    for (fixture, kept_closed) in fixtures
        .iter()
        .zip([true, true].into_iter().chain(std::iter::repeat(false)))
    {
        assert_eq!(
            server.shared.is_kept_closed(&fixture.room_id()),
            kept_closed,
            "{}",
            fixture.name
        );
        let player = &fixture.header["players"][0];
        let client =
            papan_api::Client::new(&server.base_url()).with_device_token(player["device_token"].as_str().unwrap());
        let seen = client
            .snapshot(&fixture.room_id(), player["seat_token"].as_str().unwrap())
            .await;
        match seen {
            Ok(seen) => assert_eq!(position(&seen), fixture.expected_positions()[0], "{}", fixture.name),
            Err(e) => assert!(
                kept_closed && e.code() == Some(papan_api::ErrorCode::Gone),
                "{}: {e}",
                fixture.name
            ),
        }
    }
    server.stop().await;
    assert_eq!(
        [rows(&newer), rows(&corrupt)],
        before,
        "the refused logs are left as stored"
    );
}

#[tokio::test]
async fn an_unknown_commit_version_on_the_cluster_is_refused_naming_it_and_nothing_is_lost() {
    let fixtures = load("nats");
    let nats = Nats::start().await;
    let node = cluster(&nats.url).await;
    for fixture in &fixtures[..2] {
        publish_commits(&nats.url, fixture).await;
    }
    let js = async_nats::jetstream::new(async_nats::connect(&nats.url).await.unwrap());
    let newer = fixtures[0].room_id();
    js.publish(
        format!("papan.room.{newer}"),
        r#"{"v":4,"first_version":99,"events":[]}"#.into(),
    )
    .await
    .unwrap()
    .await
    .unwrap();
    let commits = fixtures[0].commits().len() + 1;
    let refused = node.read_room(&newer).await.unwrap().unwrap().err().unwrap();
    assert!(
        refused.why.contains(&format!("commit {commits}")) && refused.why.contains("record version 4"),
        "{}",
        refused.why
    );
    let other = node.read_room(&fixtures[1].room_id()).await.unwrap().unwrap().unwrap();
    assert_eq!(replayed(&other), fixtures[1].expected_positions());
    // The refused room's commits are all still there.
    let stream = js.get_stream("PAPAN_ROOMS").await.unwrap();
    let info = stream.get_info().await.unwrap();
    let published = fixtures[..2].iter().map(|f| f.commits().len()).sum::<usize>() + 1;
    assert_eq!(info.state.messages as usize, published);
}

// ---------------------------------------------------------------------------
// The generator.

/// Which store a scenario runs on.
#[derive(Clone, Copy, PartialEq)]
enum Backend {
    Sqlite,
    Nats,
}

impl Backend {
    fn dir(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Nats => "nats",
        }
    }
}

/// The seat to act now (the one with legal moves, or either for a roll).
async fn mover<'a>(a: &'a mut Player, b: &'a mut Player) -> (&'a mut Player, Snapshot) {
    let snap = a.snapshot().await;
    if !snap.legal_moves.is_empty() || snap.roll_due {
        return (a, snap);
    }
    let snap = b.snapshot().await;
    (b, snap)
}

/// Plays the first legal move (or rolls) until the game is over or `plies`
/// actions were taken.
async fn play_on(a: &mut Player, b: &mut Player, plies: usize) {
    for _ in 0..plies {
        let (p, snap) = mover(a, b).await;
        if snap.status != RoomStatus::Playing {
            return;
        }
        if snap.roll_due {
            p.act(Action::Roll).await.unwrap();
        } else if let Some(mv) = snap.legal_moves.first() {
            p.play(mv).await.unwrap();
        } else {
            return;
        }
    }
}

async fn node(backend: Backend, nats: &Nats, db: &Path, tweak: impl FnOnce(&mut papan_server::Config)) -> Server {
    server_at(db, |config| {
        if backend == Backend::Nats {
            let mut cluster = papan_server::cluster::ClusterConfig::new(&nats.url);
            cluster.lease = Duration::from_secs(5);
            config.cluster = Some(cluster);
        }
        tweak(config)
    })
    .await
}

/// Runs scenario `name` on `server`; the two players at its end.
async fn scenario(name: &str, server: &Server) -> (Player, Player) {
    match name {
        "hex_finished" => {
            let (mut a, mut b) = table(server, RoomOptions::hex(7, false, None)).await;
            play_on(&mut a, &mut b, 60).await;
            assert_eq!(a.snapshot().await.status, RoomStatus::Over, "hex ends by connection");
            (a, b)
        }
        "hex_unfinished_swap" => {
            let (mut a, mut b) = table(server, RoomOptions::hex(9, true, None)).await;
            a.play("c3").await.unwrap();
            b.act(Action::Swap).await.unwrap();
            play_on(&mut a, &mut b, 3).await;
            (a, b)
        }
        "hex_rematch" => {
            let (mut a, mut b) = table(server, options(GameId::Hex)).await;
            play_on(&mut a, &mut b, 4).await;
            a.act(Action::Resign).await.unwrap();
            a.act(Action::Rematch).await.unwrap();
            b.act(Action::Rematch).await.unwrap();
            assert_eq!(a.snapshot().await.game_index, 1);
            play_on(&mut a, &mut b, 3).await;
            (a, b)
        }
        "hex_timeout_automove" => {
            // 30 s per move, 300 ms here: the server plays for the first seat.
            let (mut a, b) = table(server, RoomOptions::hex(9, false, Some(30))).await;
            eventually(&a, |s| s.moves.len() == 1).await;
            // Another automatic move may come first: then ask again.
            while a.act(Action::Resign).await.is_err() {}
            (a, b)
        }
        "hex_bot_took_over" => {
            let (mut a, b) = table(server, RoomOptions::hex(9, false, None)).await;
            let _a_stream = a
                .client
                .subscribe(&a.grant.room_id, &a.grant.seat_token, None)
                .await
                .unwrap();
            drop(
                b.client
                    .subscribe(&b.grant.room_id, &b.grant.seat_token, None)
                    .await
                    .unwrap(),
            );
            eventually(&a, |s| !s.bot_seats.is_empty()).await;
            a.play("e5").await.unwrap();
            eventually(&a, |s| s.moves.len() == 2).await;
            a.act(Action::Resign).await.unwrap();
            (a, b)
        }
        "hadang_finished" => {
            let (mut a, mut b) = table(server, RoomOptions::hadang(None)).await;
            play_on(&mut a, &mut b, 24).await;
            if a.snapshot().await.status == RoomStatus::Playing {
                b.act(Action::Resign).await.unwrap();
            }
            (a, b)
        }
        "hadang_unfinished" => {
            let (mut a, mut b) = table(server, RoomOptions::hadang(Some(HadangTempo::new(10, 5).unwrap()))).await;
            play_on(&mut a, &mut b, 5).await;
            (a, b)
        }
        "hadang_flag_fell" => {
            // 1 minute + 5 s, 300 ms here: the second seat never moves.
            let (mut a, b) = table(server, RoomOptions::hadang(Some(HadangTempo::new(1, 5).unwrap()))).await;
            let mv = a.snapshot().await.legal_moves[0].clone();
            a.play(&mv).await.unwrap();
            eventually(&a, |s| s.status == RoomStatus::Over).await;
            (a, b)
        }
        "junqi_left_and_closed" => {
            let (mut a, mut b) = table(server, options(GameId::Junqi)).await;
            play_on(&mut a, &mut b, 8).await;
            a.act(Action::Leave).await.unwrap();
            (a, b)
        }
        "junqi_unfinished" => {
            let (mut a, mut b) = table(server, options(GameId::Junqi)).await;
            play_on(&mut a, &mut b, 6).await;
            (a, b)
        }
        "backgammon_finished" => {
            let (mut a, mut b) = table(server, options(GameId::Backgammon)).await;
            play_on(&mut a, &mut b, 2_000).await;
            assert_eq!(a.snapshot().await.status, RoomStatus::Over, "backgammon ends");
            (a, b)
        }
        "backgammon_unfinished_ranked" => {
            let mut opts = options(GameId::Backgammon);
            opts.ranked = true;
            let (mut a, mut b) = table(server, opts).await;
            play_on(&mut a, &mut b, 9).await;
            (a, b)
        }
        other => panic!("no scenario {other}"),
    }
}

/// (scenario, real ms per game second) — the timeouts run on shrunk time.
const SCENARIOS: [(&str, u64); 12] = [
    ("hex_finished", 1000),
    ("hex_unfinished_swap", 1000),
    ("hex_rematch", 1000),
    ("hex_timeout_automove", 10),
    ("hex_bot_took_over", 1000),
    ("hadang_finished", 1000),
    ("hadang_unfinished", 1000),
    ("hadang_flag_fell", 5),
    ("junqi_left_and_closed", 1000),
    ("junqi_unfinished", 1000),
    ("backgammon_finished", 1000),
    ("backgammon_unfinished_ranked", 1000),
];

/// The fixture's first line: the room and the credentials of its two
/// players (test data: they let a test ask the restored server as them).
fn header(a: &Player, b: &Player) -> Value {
    json!({
        "room_id": a.grant.room_id,
        "code": a.grant.code,
        "players": ([a, b].map(|p| json!({
            "slot": p.grant.slot,
            "device_token": p.client.device_token().unwrap(),
            "seat_token": p.grant.seat_token,
        }))),
    })
}

/// The rows of room `id` in the SQLite file `db`, as fixture lines.
fn sqlite_lines(db: &Path, id: &str) -> Vec<Value> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let (code, options, open): (String, String, i64) = conn
        .query_row("SELECT code, options, open FROM rooms WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    let mut lines = vec![json!({"table": "rooms", "id": id, "code": code, "options": options, "open": open})];
    let mut seats = conn
        .prepare("SELECT slot, token_hash, device_id FROM seats WHERE room_id = ?1 ORDER BY slot")
        .unwrap();
    let seats = seats
        .query_map([id], |r| {
            Ok(json!({
                "table": "seats",
                "slot": r.get::<_, i64>(0)?,
                "token_hash": r.get::<_, String>(1)?,
                "device_id": r.get::<_, String>(2)?,
            }))
        })
        .unwrap();
    lines.extend(seats.map(Result::unwrap));
    let mut devices = conn
        .prepare(
            "SELECT d.id, d.token_hash FROM devices d JOIN seats s ON s.device_id = d.id \
             WHERE s.room_id = ?1 ORDER BY s.slot",
        )
        .unwrap();
    let devices = devices
        .query_map([id], |r| {
            Ok(json!({"table": "devices", "id": r.get::<_, String>(0)?, "token_hash": r.get::<_, String>(1)?}))
        })
        .unwrap();
    lines.extend(devices.map(Result::unwrap));
    let mut events = conn
        .prepare("SELECT version, body, slot, client_seq FROM events WHERE room_id = ?1 ORDER BY version")
        .unwrap();
    let events = events
        .query_map([id], |r| {
            Ok(json!({
                "table": "events",
                "version": r.get::<_, i64>(0)?,
                "body": r.get::<_, String>(1)?,
                "slot": r.get::<_, Option<i64>>(2)?,
                "client_seq": r.get::<_, Option<i64>>(3)?,
            }))
        })
        .unwrap();
    lines.extend(events.map(Result::unwrap));
    lines
}

/// Room `id`'s commits on the stream `PAPAN_ROOMS`, raw, as fixture lines.
async fn nats_lines(url: &str, id: &str) -> Vec<Value> {
    let js = async_nats::jetstream::new(async_nats::connect(url).await.unwrap());
    let stream = js.get_stream("PAPAN_ROOMS").await.unwrap();
    let subject = format!("papan.room.{id}");
    let last = stream.get_last_raw_message_by_subject(&subject).await.unwrap().sequence;
    let mut lines = Vec::new();
    let mut at = 0;
    while at < last {
        let message = stream
            .raw_message_builder()
            .sequence(at + 1)
            .next_by_subject(subject.clone())
            .send()
            .await
            .unwrap();
        at = message.sequence;
        lines.push(json!({"commit": String::from_utf8(message.payload.to_vec()).unwrap()}));
    }
    lines
}

/// Writes the fixtures: see the module docs. Ignored: it rewrites checked-in
/// files, and only a server writing the legacy format should run it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "writes tests/data/logs; run by hand to regenerate the legacy fixtures"]
async fn generate_log_fixtures() {
    let nats = Nats::start().await;
    for backend in [Backend::Sqlite, Backend::Nats] {
        let out = fixtures().join(backend.dir());
        std::fs::create_dir_all(&out).unwrap();
        for (name, ms_per_game_second) in SCENARIOS {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("p.db");
            let server = node(backend, &nats, &db, |c| {
                c.ms_per_game_second = ms_per_game_second;
                c.grace = Duration::from_millis(if name == "hex_bot_took_over" { 150 } else { 60_000 });
            })
            .await;
            let (a, b) = scenario(name, &server).await;
            // Settled: nothing is due (the game is over, or nobody's time
            // runs out before the log is read).
            let seen = [position(&a.snapshot().await), position(&b.snapshot().await)];
            let version = seen[0]["version"].as_u64().unwrap();
            server.stop().await;
            let mut lines = vec![header(&a, &b)];
            lines.extend(match backend {
                Backend::Sqlite => sqlite_lines(&db, &a.grant.room_id),
                Backend::Nats => nats_lines(&nats.url, &a.grant.room_id).await,
            });
            if backend == Backend::Sqlite {
                let events = lines.iter().filter(|l| l["table"] == "events").count() as u64;
                assert_eq!(events, version, "{name}: the log is the position's");
            }
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            std::fs::write(out.join(format!("{name}.jsonl")), text).unwrap();
            let position = serde_json::to_string_pretty(&json!({"version": version, "seats": seen})).unwrap();
            std::fs::write(out.join(format!("{name}.position.json")), position + "\n").unwrap();
            eprintln!("{}/{name}: {version} events", backend.dir());
        }
    }
}
