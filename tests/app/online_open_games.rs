//! Home's list of the device's games against the real room server (started
//! here on 127.0.0.1): one request tells which online games wait for this
//! device; the list is kept on the device, so it still reads with the
//! server down; the player's own move clears "your move" at once, before
//! any refresh; a kept seat that is not this device's makes the server
//! refuse the whole refresh, and the list stays as it was.

use papan::online::account::{self, ActiveSeat};
use papan::online::open_games::{self, OpenGames};
use papan::online::session::RoomSession;
use papan::storage::Store;
use papan_api::{Action, ActionRequest, GameId, RoomOptions, RoomStatus, SeatGrant};
use papan_server::{Config, Server};

async fn server(dir: &std::path::Path) -> Server {
    let mut config = Config::new(dir.join("rooms.db"), "127.0.0.1:0".parse().unwrap());
    config.rate_per_second = 10_000.0;
    config.rate_burst = 10_000.0;
    Server::start(config).await.expect("server starts")
}

fn keep(store: &Store, url: &str, game: GameId, grant: &SeatGrant) {
    let seat = ActiveSeat {
        server: url.to_string(),
        game,
        grant: grant.clone(),
        matchmaking: false,
        finished: false,
    };
    account::keep_seat(store, &seat).unwrap();
}

/// What home does when shown: the kept list, aligned to the kept seats, and
/// the server's answer applied.
async fn refreshed(store: &Store, now: u64) -> Result<OpenGames, String> {
    let summary = open_games::refresh(store).await?;
    let mut list = OpenGames::load(store);
    list.align(&open_games::kept_seats(store), Some(&[]), now);
    list.apply(&summary, now);
    list.save(store);
    Ok(list)
}

#[tokio::test]
async fn the_opponents_move_shows_as_your_move_and_your_own_move_clears_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = server.base_url();
    store_and_play(dir.path(), &url, server).await;
}

async fn store_and_play(dir: &std::path::Path, url: &str, server: Server) {
    let (a, b) = (Store::in_dir(dir.join("a")), Store::in_dir(dir.join("b")));
    for store in [&a, &b] {
        account::set_server(store, url).unwrap();
    }
    let client_a = account::client(&a, url).await.unwrap();
    let client_b = account::client(&b, url).await.unwrap();
    let grant_a = client_a
        .create_room(RoomOptions::hex(7, false, Some(30)))
        .await
        .unwrap();
    let grant_b = client_b.join(&grant_a.code).await.unwrap();
    keep(&a, url, GameId::Hex, &grant_a);
    keep(&b, url, GameId::Hex, &grant_b);

    let list = refreshed(&b, 1_000).await.unwrap();
    assert_eq!((list.games.len(), list.your_move_count()), (1, 0), "A moves first");

    // A moves while B's game is not open.
    let snap = client_a.snapshot(&grant_a.room_id, &grant_a.seat_token).await.unwrap();
    let request = ActionRequest {
        based_on_version: snap.version,
        client_seq: 1,
        action: Action::Move { notation: "d4".into() },
    };
    client_a
        .act(&grant_a.room_id, &grant_a.seat_token, &request)
        .await
        .unwrap();
    let list = refreshed(&b, 2_000).await.unwrap();
    assert_eq!(list.your_move_count(), 1, "{list:?}");
    let line = &list.sorted()[0];
    assert_eq!(
        (line.last_move.as_deref(), line.status),
        (Some("d4"), RoomStatus::Playing)
    );
    assert!(line.time_left(2_000).unwrap() <= 30_000);

    // B moves in the room: the session's own line clears the count at once.
    let mut session = RoomSession::new(GameId::Hex, grant_b.clone());
    let snap = client_b.snapshot(&grant_b.room_id, &grant_b.seat_token).await.unwrap();
    session.on_snapshot(snap, 3_000);
    let mut list = OpenGames::load(&b);
    let before = open_games::line_of(&session, 3_000).unwrap();
    assert!(!list.observe(&before, 3_000), "nothing new yet");
    session.begin(Action::Move { notation: "c3".into() }, 3_100).unwrap();
    assert!(list.observe(&open_games::line_of(&session, 3_100).unwrap(), 3_100));
    assert_eq!(list.your_move_count(), 0, "cleared as soon as the move is sent");

    // A seat kept on B that is A's: the whole refresh is refused, nothing changes.
    let grant_c = client_a.create_room(RoomOptions::new(GameId::Hadang)).await.unwrap();
    keep(&b, url, GameId::Hadang, &grant_c);
    let kept = b.get(open_games::OPEN_GAMES_KEY);
    let refused = refreshed(&b, 4_000).await.unwrap_err();
    assert!(refused.contains("belongs to another device"), "{refused}");
    assert_eq!(b.get(open_games::OPEN_GAMES_KEY), kept, "the kept list is untouched");
    account::forget_seat(&b, GameId::Hadang);

    // The server goes away: the list still reads as last seen.
    server.stop().await;
    assert!(refreshed(&b, 5_000).await.is_err());
    let offline = OpenGames::load(&b);
    assert_eq!(offline.your_move_count(), 1, "as last seen");
    assert_eq!(offline.games[0].last_move.as_deref(), Some("d4"));
}
