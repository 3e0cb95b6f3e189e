//! Moving the online games to another phone through the app's own layer
//! (`online::transfer`, what the transfer screens call) against the real
//! room server started here: the code carries the kept seats, the new
//! phone keeps them and plays on, the old phone notes `moved` and never
//! registers itself again over it; a code used twice, a mistyped code and
//! a receiving phone with games of its own are refused, changing nothing.

use papan::online::account::{self, ActiveSeat};
use papan::online::open_games;
use papan::online::transfer::{self, ReceiveError};
use papan::storage::Store;
use papan_api::{ErrorCode, GameId, RoomOptions};
use papan_server::{Config, Server};

async fn server(dir: &std::path::Path) -> Server {
    let mut config = Config::new(dir.join("rooms.db"), "127.0.0.1:0".parse().unwrap());
    config.rate_per_second = 10_000.0;
    config.rate_burst = 10_000.0;
    Server::start(config).await.expect("server starts")
}

fn phone(dir: &std::path::Path, name: &str, url: &str) -> Store {
    let store = Store::in_dir(dir.join(name));
    account::set_server(&store, url).unwrap();
    store
}

/// `store`'s phone opens a Hex room, `rival` joins it; the seat is kept.
async fn game_in_progress(store: &Store, rival: &Store, url: &str) -> ActiveSeat {
    let client = account::client(store, url).await.unwrap();
    let grant = client.create_room(RoomOptions::hex(7, false, None)).await.unwrap();
    account::client(rival, url)
        .await
        .unwrap()
        .join(&grant.code)
        .await
        .unwrap();
    let seat = ActiveSeat {
        server: url.to_string(),
        game: GameId::Hex,
        grant,
        matchmaking: false,
        finished: false,
    };
    account::keep_seat(store, &seat).unwrap();
    seat
}

fn refused_key(answer: Result<Vec<ActiveSeat>, ReceiveError>) -> &'static str {
    match answer {
        Err(ReceiveError::Refused(key)) => key,
        Err(ReceiveError::Server(e)) => transfer::refusal_key(&e).unwrap_or("(no key)"),
        Ok(seats) => panic!("received {seats:?}"),
    }
}

#[tokio::test]
async fn a_transfer_moves_the_kept_seats_to_the_new_phone_and_the_old_one_notes_moved() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = server.base_url();
    let (old, new, rival) = (
        phone(dir.path(), "old", &url),
        phone(dir.path(), "new", &url),
        phone(dir.path(), "rival", &url),
    );
    let seat = game_in_progress(&old, &rival, &url).await;

    let offer = transfer::offer(&old).await.unwrap();
    assert_eq!(offer.seats, 1);
    assert_eq!(
        transfer::transfer_link("http://10.0.0.2:8080/#/settings", &offer.code),
        format!("http://10.0.0.2:8080/#/transfer/{}", offer.code)
    );
    // Typed as people type it: lower case, spaces for dashes.
    let typed = offer.code.to_lowercase().replace('-', " ");
    let arrived = transfer::receive(&new, &typed).await.unwrap();
    assert_eq!(arrived.len(), 1);
    let kept = account::active_seat(&new, GameId::Hex).expect("the seat is kept on the new phone");
    assert_eq!(kept.grant, seat.grant, "room, code, slot and token as granted");
    let client = account::client(&new, &url).await.unwrap();
    let snapshot = client
        .snapshot(&kept.grant.room_id, &kept.grant.seat_token)
        .await
        .unwrap();
    assert_eq!(snapshot.slot, seat.grant.slot);

    // The old phone's next request: refused `moved`, noted, and no new
    // registration (its token is the same one).
    let token_before = account::client(&old, &url)
        .await
        .unwrap()
        .device_token()
        .map(str::to_string);
    assert!(!transfer::is_moved(&old, &url));
    let refresh = open_games::refresh(&old).await;
    assert!(refresh.is_err(), "{refresh:?}");
    assert!(transfer::is_moved(&old, &url));
    let token_after = account::client(&old, &url)
        .await
        .unwrap()
        .device_token()
        .map(str::to_string);
    assert_eq!(
        token_before, token_after,
        "the moved phone did not register itself again"
    );

    // The same code again, from a third phone: refused, nothing kept there.
    let late = phone(dir.path(), "late", &url);
    assert_eq!(
        refused_key(transfer::receive(&late, &offer.code).await),
        "transfer-used"
    );
    assert!(account::active_seat(&late, GameId::Hex).is_none());
    server.stop().await;
}

#[tokio::test]
async fn mistyped_codes_and_a_phone_with_games_of_its_own_are_refused_before_asking() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = server.base_url();
    let (old, busy, rival) = (
        phone(dir.path(), "old", &url),
        phone(dir.path(), "busy", &url),
        phone(dir.path(), "rival", &url),
    );
    game_in_progress(&old, &rival, &url).await;
    let own = game_in_progress(&busy, &rival, &url).await;
    let offer = transfer::offer(&old).await.unwrap();
    for typo in ["ABCD-2345", "ABCD-2345-WXY0", "hello world!"] {
        assert_eq!(
            refused_key(transfer::receive(&busy, typo).await),
            "transfer-malformed",
            "{typo}"
        );
    }
    assert_eq!(
        refused_key(transfer::receive(&busy, &offer.code).await),
        "transfer-has-games"
    );
    assert_eq!(
        account::active_seat(&busy, GameId::Hex),
        Some(own),
        "its own game stays"
    );
    // Nothing was claimed: a fresh phone still can.
    let new = phone(dir.path(), "new", &url);
    transfer::receive(&new, &offer.code).await.unwrap();
    // An unknown code is the server's refusal, said with its own text.
    let other = phone(dir.path(), "other", &url);
    let refused = transfer::receive(&other, "ZZZZ-ZZZZ-ZZZZ").await;
    assert!(matches!(&refused, Err(ReceiveError::Server(e)) if e.code() == Some(ErrorCode::TransferUnknown)));
    assert_eq!(refused_key(refused), "transfer-unknown");
    server.stop().await;
}
