//! Restarting over a real SQLite store whose log was damaged: a room whose
//! options or events cannot be read (or whose log does not replay) is kept
//! closed as a whole — never replayed in part — and answered 410 `gone`;
//! its rows stay as stored; every other room comes back intact.

use crate::common;

use common::*;
use papan_api::{Action, ClientError, ErrorCode, GameId, RoomStatus};
use papan_server::store::Store;
use rusqlite::{params, Connection};

fn code<T>(result: Result<T, ClientError>) -> Option<ErrorCode> {
    match result {
        Ok(_) => panic!("accepted"),
        Err(e) => e.code(),
    }
}

fn rows(conn: &Connection, room: &str) -> Vec<(i64, String)> {
    conn.prepare("SELECT version, body FROM events WHERE room_id = ?1 ORDER BY version")
        .unwrap()
        .query_map(params![room], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[tokio::test]
async fn a_room_whose_log_cannot_be_read_is_kept_closed_and_the_others_are_intact() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let server = server_at(&db, |_| {}).await;
    // Four Hex games with two moves each: versions 1 created, 2–3 joined,
    // 4 started, 5 c3 (First), 6 d4 (Second).
    let mut tables = Vec::new();
    for _ in 0..4 {
        let (mut a, mut b) = table(&server, options(GameId::Hex)).await;
        a.play("c3").await.unwrap();
        b.play("d4").await.unwrap();
        tables.push((a, b));
    }
    let mut expected = tables[3].0.snapshot().await;
    assert_eq!(
        (expected.version, &expected.moves[..]),
        (6, &["c3".to_string(), "d4".to_string()][..])
    );
    server.stop().await;

    let ids: Vec<String> = tables.iter().map(|(a, _)| a.grant.room_id.clone()).collect();
    let room = |i: usize| ids[i].clone();
    let conn = Connection::open(&db).unwrap();
    let before: Vec<_> = (0..3).map(|i| rows(&conn, &room(i))).collect();
    // 0: the first move's event no longer parses. Replaying the rest would
    //    give d4 to First: a different game.
    conn.execute(
        r#"UPDATE events SET body = '{"kind":{"type":"moved","seat":"First","notat' WHERE room_id = ?1 AND version = 5"#,
        params![room(0)],
    )
    .unwrap();
    // 1: options of another game (a HADANG tempo in a Hex room).
    conn.execute(
        r#"UPDATE rooms SET options = '{"game":"hex","tempo":{"base_minutes":3,"increment_seconds":2}}' WHERE id = ?1"#,
        params![room(1)],
    )
    .unwrap();
    // 2: every event parses, but the second move is now on an occupied cell.
    conn.execute(
        r#"UPDATE events SET body = replace(body, '"notation":"d4"', '"notation":"c3"') WHERE room_id = ?1 AND version = 6"#,
        params![room(2)],
    )
    .unwrap();
    let damaged: Vec<_> = (0..3).map(|i| rows(&conn, &room(i))).collect();
    assert_ne!(damaged[0], before[0]);
    assert_ne!(damaged[2], before[2]);

    // What the store reads back: the damaged rooms whole, or not at all.
    let stored = Store::open(&db).unwrap().open_rooms().unwrap();
    assert_eq!(stored.len(), 4, "every open room is listed");
    for (i, says) in [(0, "event 5 does not parse"), (1, "unknown field `tempo`")] {
        let unreadable = stored
            .iter()
            .find_map(|r| r.as_ref().err().filter(|u| u.id == room(i)))
            .unwrap_or_else(|| panic!("room {i} is unreadable"));
        assert!(unreadable.why.contains(says), "{}", unreadable.why);
    }
    let parsed = stored
        .iter()
        .find_map(|r| r.as_ref().ok().filter(|s| s.id == room(2)))
        .expect("room 2's log parses");
    assert_eq!(parsed.events.len(), 6, "nothing left out");

    // Restart: twice, the second time over what the first one left.
    for _ in 0..2 {
        let server = server_at(&db, |_| {}).await;
        let base = server.base_url();
        for (a, b) in &mut tables {
            for p in [a, b] {
                p.client = papan_api::Client::new(&base).with_device_token(p.client.device_token().unwrap());
            }
        }
        for (i, (a, b)) in tables.iter().take(3).enumerate() {
            assert!(server.shared.is_kept_closed(&a.grant.room_id), "room {i}");
            for p in [a, b] {
                let (id, token) = (&p.grant.room_id, &p.grant.seat_token);
                assert_eq!(
                    code(p.client.snapshot(id, token).await),
                    Some(ErrorCode::Gone),
                    "room {i}"
                );
                assert_eq!(
                    code(p.client.subscribe(id, token, Some(4)).await),
                    Some(ErrorCode::Gone)
                );
                let mut p = p.clone();
                assert_eq!(code(p.act_at(6, Action::Resign).await), Some(ErrorCode::Gone));
            }
            let newcomer = device(&base).await;
            assert_eq!(
                code(newcomer.join(&a.grant.code).await),
                Some(ErrorCode::Gone),
                "join by code"
            );
        }
        // The intact room is back as it was and plays on.
        let (a, b) = &mut tables[3];
        assert!(!server.shared.is_kept_closed(&a.grant.room_id));
        let after = a.snapshot().await;
        assert_eq!(
            (after.version, after.status, &after.moves),
            (expected.version, RoomStatus::Playing, &expected.moves)
        );
        let mover: &mut Player = if after.legal_moves.is_empty() { &mut *b } else { &mut *a };
        let mv = mover.snapshot().await.legal_moves[0].clone();
        mover.play(&mv).await.unwrap();
        expected = a.snapshot().await;
        assert_eq!(expected.moves.len(), after.moves.len() + 1);
        // An unknown room is still 404, not 410.
        let err = a.client.snapshot("no-such-room", &a.grant.seat_token).await;
        assert_eq!(code(err), Some(ErrorCode::NotFound));
        server.stop().await;
    }

    // The damaged logs are left exactly as stored, rooms still marked open.
    let conn = Connection::open(&db).unwrap();
    for (i, rows_then) in damaged.iter().enumerate() {
        assert_eq!(&rows(&conn, &room(i)), rows_then, "room {i}'s log is untouched");
        let open: i64 = conn
            .query_row("SELECT open FROM rooms WHERE id = ?1", params![room(i)], |r| r.get(0))
            .unwrap();
        assert_eq!(open, 1, "room {i} stays as stored");
    }
}
