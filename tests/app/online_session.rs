//! The app's online layer (session + link + account) against the real room
//! server, started here on 127.0.0.1 with a temporary database: two devices
//! play whole games through it, one of them dropping its link mid-game and
//! coming back as a reopened app would; refused actions roll back with the
//! server's reason; the Jun Qi layout and the backgammon dice verify after
//! the game. Moves are made as the room screen makes them: taps on the
//! table the snapshot shows ([`online::table`]) through the game's tap
//! state, a chosen move sent as its notation, a roll as a roll.

use papan::games::backgammon::tap::{BgCommand, BgTap, Spot};
use papan::games::hex::tap::HexTap;
use papan::games::junqi::tap::JunQiTap;
use papan::online::account;
use papan::online::link::{self, Link};
use papan::online::session::{Connection, Notice, Opponent, RoomSession};
use papan::play::{online, Playable, Table, TapState, Tapped};
use papan::storage::Store;
use papan_api::{
    Action, ActionRequest, ApiError, ClientError, ClockView, ErrorCode, EventKind, GameId, RoomEvent, RoomOptions,
    RoomStatus, SeatGrant, Snapshot,
};
use papan_rules::backgammon::Backgammon;
use papan_rules::hex::{Cell, Hex};
use papan_rules::junqi::{JunQi, JunQiAction};
use papan_rules::{rule, EndReason, Seat};
use papan_server::{Config, Server};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

type SessionRc = Rc<RefCell<RoomSession>>;

async fn server(dir: &std::path::Path) -> Server {
    std::fs::create_dir_all(dir).unwrap();
    let mut config = Config::new(dir.join("rooms.db"), "127.0.0.1:0".parse().unwrap());
    config.rate_per_second = 10_000.0;
    config.rate_burst = 10_000.0;
    config.grace = Duration::from_secs(30);
    Server::start(config).await.expect("server starts")
}

/// One device: its own store (device token, kept seats) and an open room link.
struct Device {
    store: Store,
    server: String,
    session: SessionRc,
    link: Link,
    follow: tokio::task::JoinHandle<()>,
}

impl Device {
    /// Opens the seat kept in the store, as the play screen does on start.
    async fn open(store: Store, game: GameId) -> Device {
        let seat = account::active_seat(&store, game).expect("a kept seat");
        let client = account::client(&store, &seat.server).await.expect("registered");
        let link = Link {
            client,
            room_id: seat.grant.room_id.clone(),
            seat_token: seat.grant.seat_token.clone(),
        };
        let session = Rc::new(RefCell::new(RoomSession::new(game, seat.grant.clone())));
        let follow = tokio::task::spawn_local(link::follow(link.clone(), session.clone()));
        Device {
            store,
            server: seat.server,
            session,
            link,
            follow,
        }
    }

    fn snapshot(&self) -> Snapshot {
        self.session.borrow().snapshot().cloned().expect("a snapshot")
    }

    fn version(&self) -> u64 {
        self.session.borrow().version().unwrap_or(0)
    }

    /// The table this device's board shows now.
    fn table<G: Playable>(&self) -> Table<G> {
        online::table::<G>(&self.snapshot()).expect("the server's moves replay")
    }

    async fn send(&self, action: Action) {
        link::send(self.link.clone(), self.session.clone(), action)
            .await
            .expect("nothing pending");
    }

    /// The app closing: its link task stops and the stream closes.
    async fn close(self) -> Store {
        self.follow.abort();
        let _ = self.follow.await;
        self.store
    }
}

/// Seats a device: creates (options) or joins (code), keeps the seat.
async fn seat(store: &Store, server: &str, create: Option<RoomOptions>, code: Option<&str>) -> SeatGrant {
    account::with_client(store, server, |client| {
        let code = code.map(str::to_string);
        async move {
            match (create, code) {
                (Some(options), _) => client.create_room(options).await,
                (None, Some(code)) => client.join(&code).await,
                _ => unreachable!(),
            }
        }
    })
    .await
    .expect("seated")
}

async fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..1000 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("timed out waiting for {what}");
}

fn stores() -> (tempfile::TempDir, Store, Store) {
    let dir = tempfile::tempdir().unwrap();
    let a = Store::in_dir(dir.path().join("a"));
    let b = Store::in_dir(dir.path().join("b"));
    (dir, a, b)
}

async fn pair(url: &str, options: RoomOptions) -> (Device, Device) {
    let (_keep, a, b) = stores();
    // The stores must outlive the test: leak the temp dir.
    std::mem::forget(_keep);
    let game = options.game();
    let grant_a = seat(&a, url, Some(options), None).await;
    account::keep_seat(
        &a,
        &account::ActiveSeat {
            server: url.to_string(),
            game,
            grant: grant_a.clone(),
            matchmaking: false,
            finished: false,
        },
    )
    .unwrap();
    let grant_b = seat(&b, url, None, Some(&grant_a.code.to_lowercase())).await;
    account::keep_seat(
        &b,
        &account::ActiveSeat {
            server: url.to_string(),
            game,
            grant: grant_b,
            matchmaking: false,
            finished: false,
        },
    )
    .unwrap();
    let da = Device::open(a, game).await;
    let db = Device::open(b, game).await;
    wait_for("both seats playing and present", || {
        [&da, &db].iter().all(|d| {
            let s = d.session.borrow();
            s.status() == Some(RoomStatus::Playing)
                && *s.connection() == Connection::Live
                && s.opponent() == Opponent::Present
        })
    })
    .await;
    (da, db)
}

/// The device whose turn it is (either may trigger a due roll: the first).
fn mover<'a>(a: &'a Device, b: &'a Device) -> Option<&'a Device> {
    [a, b].into_iter().find(|d| d.session.borrow().can_act())
}

async fn in_step(a: &Device, b: &Device) {
    wait_for("both devices at the same version", || {
        a.version() == b.version() && a.session.borrow().pending().is_none() && b.session.borrow().pending().is_none()
    })
    .await;
}

fn run_local<F: std::future::Future<Output = ()>>(test: F) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    tokio::task::LocalSet::new().block_on(&runtime, test);
}

#[test]
fn hex_game_by_taps_between_two_devices_survives_a_reopened_app() {
    run_local(async {
        let dir = tempfile::tempdir().unwrap();
        let server = server(dir.path()).await;
        let url = server.base_url();
        let (a, b) = pair(&url, RoomOptions::hex(7, false, None)).await;
        assert_eq!(a.snapshot().seat, Seat::First, "the creator moves first in game 0");
        assert!(a.table::<Hex>().can_act && !b.table::<Hex>().can_act);

        // Not B's turn: the server refuses (not your turn, no rule broken),
        // B's board stays as it was.
        let before = b.snapshot();
        let request = ActionRequest {
            based_on_version: before.version,
            client_seq: 1,
            action: Action::Move { notation: "a1".into() },
        };
        match b.link.client.act(&b.link.room_id, &b.link.seat_token, &request).await {
            Err(ClientError::Api(error)) => {
                assert_eq!(error.code, ErrorCode::NotYourTurn);
                assert_eq!(error.rule, None);
            }
            other => panic!("expected a not-your-turn refusal, got {other:?}"),
        }
        b.send(Action::Move { notation: "a1".into() }).await;
        {
            let s = b.session.borrow();
            assert!(s.pending().is_none());
            assert_eq!(s.snapshot(), Some(&before), "a refusal changes nothing");
            match s.notice() {
                Some((_, Notice::Refused { rule: None, message })) => assert!(!message.is_empty()),
                other => panic!("expected a refusal naming no rule, got {other:?}"),
            }
        }

        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (a, mut b) = (a, b);
        let mut plies = 0;
        let mut occupied_tried = false;
        loop {
            in_step(&a, &b).await;
            if a.session.borrow().status() == Some(RoomStatus::Over) {
                break;
            }
            let mover = mover(&a, &b).expect("someone is to move");
            let other = if std::ptr::eq(mover, &a) { &b } else { &a };
            let snap = mover.snapshot();
            let table = mover.table::<Hex>();
            assert!(table.can_act, "the table lets the seat on turn act");
            assert!(!other.table::<Hex>().can_act, "and only that seat");
            assert_eq!(table.ply, snap.moves.len());
            // Once, tap an occupied cell: the tap state refuses it (X5), and
            // so does the server when it is sent anyway.
            if plies == 3 && !occupied_tried {
                occupied_tried = true;
                let taken: Cell = snap.moves[0].parse().expect("a cell");
                let refused = HexTap::default().tap(&table, taken);
                assert!(
                    matches!(refused, Tapped::Refused(ref e) if e.rule == rule::X5),
                    "{refused:?}"
                );
                mover
                    .send(Action::Move {
                        notation: snap.moves[0].clone(),
                    })
                    .await;
                let s = mover.session.borrow();
                match s.notice() {
                    Some((_, Notice::Refused { rule: Some(rule), .. })) => assert_eq!(*rule, rule::X5),
                    other => panic!("expected an X5 refusal, got {other:?}"),
                }
                assert_eq!(s.version(), Some(snap.version));
                continue;
            }
            let pick = &snap.legal_moves[rng.random_range(0..snap.legal_moves.len())];
            let cell: Cell = pick.parse().expect("a cell");
            let Tapped::Play(mv) = HexTap::default().tap(&table, cell) else {
                panic!("7×7 places on one tap");
            };
            let text = table.notation(&mv);
            assert_eq!(&text, pick);
            mover.send(Action::Move { notation: text }).await;
            assert!(mover.version() > snap.version, "the server took the move");
            plies += 1;

            if plies == 6 {
                // B's app closes mid-game: A sees B away; B reopens from its
                // store and is back in its seat at the current version.
                let store = b.close().await;
                wait_for("A to see B away", || a.session.borrow().opponent() == Opponent::Away).await;
                b = Device::open(store, GameId::Hex).await;
                wait_for("B back at A's version", || {
                    b.version() == a.version() && *b.session.borrow().connection() == Connection::Live
                })
                .await;
                wait_for("A to see B back", || a.session.borrow().opponent() == Opponent::Present).await;
                assert_eq!(b.snapshot().moves, a.snapshot().moves);
            }
            assert!(plies < 60, "a 7×7 game ends within 49 stones");
        }
        let (sa, sb) = (a.snapshot(), b.snapshot());
        let outcome = sa.outcome.expect("an outcome");
        assert_eq!(outcome.reason, EndReason::Connection);
        assert_eq!(sb.outcome, Some(outcome));
        let board = b.table::<Hex>();
        assert!(board.is_over() && !board.can_act);
        assert_eq!(board.outcome, Some(outcome));
        assert_eq!(board.ply, sb.moves.len());

        // Rematch: both ask, the next game starts with the seats swapped (X8).
        a.send(Action::Rematch).await;
        wait_for("B to see the rematch offer", || {
            b.snapshot().rematch_requested == [true, false]
        })
        .await;
        b.send(Action::Rematch).await;
        wait_for("game 1 playing", || {
            a.snapshot().game_index == 1 && a.session.borrow().status() == Some(RoomStatus::Playing)
        })
        .await;
        assert_eq!(a.snapshot().seat, Seat::Second);
        let _ = (a.server.clone(), b.store.clone());
        server.stop().await;
    });
}

#[test]
fn backgammon_game_through_the_server_ends_with_verified_dice() {
    run_local(async {
        let dir = tempfile::tempdir().unwrap();
        let server = server(dir.path()).await;
        let (a, b) = pair(&server.base_url(), RoomOptions::new(GameId::Backgammon)).await;
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..3000 {
            in_step(&a, &b).await;
            if a.session.borrow().status() == Some(RoomStatus::Over) {
                break;
            }
            // The seat the table lets act: either at the opening roll (B4),
            // else the seat on turn, its roll included (B5). (The session
            // offers a due roll to both seats; the server takes it from
            // either.)
            let mover = [&a, &b]
                .into_iter()
                .find(|d| d.table::<Backgammon>().can_act)
                .expect("someone acts");
            assert!(mover.session.borrow().can_act());
            let snap = mover.snapshot();
            let table = mover.table::<Backgammon>();
            let mut tap = BgTap::default();
            if table.may_roll() {
                assert!(snap.roll_due);
                assert_eq!(tap.tap(&table, Spot::Felt), Tapped::Roll, "a tap on the board rolls");
                mover.send(Action::Roll).await;
            } else {
                // A random turn built checker by checker, then Done.
                for _ in 0..4 {
                    let turn = tap.turn(&table).expect("the mover builds a turn");
                    if turn.is_complete() || turn.must_pass() {
                        break;
                    }
                    let movable = tap.movable(&table);
                    let from = movable[rng.random_range(0..movable.len())];
                    assert_eq!(tap.tap(&table, from), Tapped::Changed);
                    let targets = tap.targets(&table);
                    let to = targets[rng.random_range(0..targets.len())];
                    assert_eq!(tap.tap(&table, to), Tapped::Changed);
                }
                let Tapped::Play(mv) = tap.command(&table, BgCommand::Done) else {
                    panic!("a complete turn is played");
                };
                let notation = table.notation(&mv);
                assert!(
                    snap.legal_moves.contains(&notation),
                    "{notation} in {:?}",
                    snap.legal_moves
                );
                mover.send(Action::Move { notation }).await;
            }
            assert!(mover.version() > snap.version, "the server took it");
        }
        for device in [&a, &b] {
            let s = device.session.borrow();
            assert_eq!(s.status(), Some(RoomStatus::Over));
            assert_eq!(s.outcome().map(|o| o.reason), Some(EndReason::BoreOff));
            assert_eq!(s.fairness(), Some(&Ok(())), "the dice verify");
        }
        server.stop().await;
    });
}

#[test]
fn junqi_taps_then_resignation_reveal_a_layout_that_verifies() {
    run_local(async {
        let dir = tempfile::tempdir().unwrap();
        let server = server(dir.path()).await;
        let (a, b) = pair(&server.base_url(), RoomOptions::new(GameId::Junqi)).await;
        assert!(
            a.snapshot().commitment.is_some(),
            "the layout is committed at the start"
        );
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..12 {
            in_step(&a, &b).await;
            let mover = mover(&a, &b).expect("someone is to move");
            let snap = mover.snapshot();
            let table = mover.table::<JunQi>();
            assert!(table.can_act);
            let mut tap = JunQiTap::default();
            // Play by taps: a reveal is one tap, a move two.
            let pick = snap.legal_moves[rng.random_range(0..snap.legal_moves.len())].clone();
            let squares = match pick.parse::<JunQiAction>().expect("legal moves parse") {
                JunQiAction::Reveal(square) => vec![square],
                JunQiAction::Move { from, to } => vec![from, to],
            };
            let mut sent = None;
            for square in squares {
                match tap.tap(&table, square) {
                    Tapped::Play(action) => sent = Some(table.notation(&action)),
                    Tapped::Changed => {}
                    other => panic!("{square}: {other:?}"),
                }
            }
            assert_eq!(sent.as_deref(), Some(pick.as_str()), "the taps make the chosen action");
            mover.send(Action::Move { notation: pick }).await;
            assert!(mover.version() > snap.version, "the server took it");
        }
        in_step(&a, &b).await;
        assert!(a.session.borrow().fairness().is_none(), "nothing is revealed mid-game");
        a.send(Action::Resign).await;
        wait_for("B to see the end", || {
            b.session.borrow().status() == Some(RoomStatus::Over)
        })
        .await;
        for device in [&a, &b] {
            let s = device.session.borrow();
            assert_eq!(
                s.outcome().map(|o| (o.winner, o.reason)),
                Some((Some(b.snapshot().seat), EndReason::Resignation))
            );
            assert_eq!(s.fairness(), Some(&Ok(())), "the layout verifies");
        }
        server.stop().await;
    });
}

#[test]
fn a_device_the_server_forgot_registers_again() {
    run_local(async {
        let dir = tempfile::tempdir().unwrap();
        let (_d, store, _) = stores();
        let first = server(&dir.path().join("one")).await;
        let url = first.base_url();
        let addr = first.addr;
        let old = account::client(&store, &url)
            .await
            .unwrap()
            .device_token()
            .unwrap()
            .to_string();
        first.stop().await;
        // The same address with an empty database: the stored token is
        // refused (401) and the device registers again, once.
        let mut config = Config::new(dir.path().join("two.db"), addr);
        config.rate_per_second = 10_000.0;
        config.rate_burst = 10_000.0;
        let second = Server::start(config).await.expect("restarts on the same port");
        let rating = account::with_client(&store, &url, |c| async move { c.rating(GameId::Hex).await }).await;
        assert!(rating.is_ok(), "{rating:?}");
        let new = account::client(&store, &url)
            .await
            .unwrap()
            .device_token()
            .unwrap()
            .to_string();
        assert_ne!(old, new, "a new registration replaced the forgotten one");

        // A second server gets its own registration; the first one's is kept
        // (its ratings belong to that device).
        let other = server(&dir.path().join("three")).await;
        let elsewhere = account::client(&store, &other.base_url()).await.unwrap();
        assert_ne!(elsewhere.device_token(), Some(new.as_str()));
        let back = account::client(&store, &url).await.unwrap();
        assert_eq!(
            back.device_token(),
            Some(new.as_str()),
            "switching back keeps the device"
        );
        other.stop().await;
        second.stop().await;
    });
}

fn grant() -> SeatGrant {
    SeatGrant {
        room_id: "r1".into(),
        code: "K7M2QX".into(),
        slot: 0,
        seat_token: "t".repeat(64),
    }
}

fn snapshot(version: u64) -> Snapshot {
    Snapshot {
        room_id: "r1".into(),
        code: "K7M2QX".into(),
        version,
        options: RoomOptions::new(GameId::Hex),
        status: RoomStatus::Playing,
        game_index: 0,
        slot: 0,
        seat: Seat::First,
        view: None,
        to_move: Some(Seat::First),
        roll_due: false,
        legal_moves: vec!["a1".into()],
        moves: Vec::new(),
        outcome: None,
        clock: Some(ClockView {
            remaining_ms: [Some(30_000), Some(30_000)],
            running: Some(Seat::First),
            vacation_ms: [None, None],
        }),
        bot_seats: Vec::new(),
        commitment: None,
        reveal: None,
        rematch_requested: [false, false],
        present: [true, true],
    }
}

#[test]
fn a_stale_answer_rolls_back_and_asks_for_the_room_again() {
    let mut s = RoomSession::new(GameId::Hex, grant());
    s.on_snapshot(snapshot(5), 1_000);
    let request = s.begin(Action::Move { notation: "a1".into() }, 2_000).unwrap();
    assert_eq!(request.based_on_version, 5);
    assert!(!s.can_act(), "one action at a time");
    assert_eq!(s.begin(Action::Resign, 2_001), Err("online-wait-server"));
    s.on_refused(
        request.client_seq,
        ApiError {
            code: ErrorCode::StaleVersion,
            message: "stale".into(),
            rule: None,
            version: Some(6),
        },
    );
    assert!(s.pending().is_none());
    assert_eq!(s.notice().map(|(_, n)| n.clone()), Some(Notice::Stale));
    assert!(s.take_resync(), "a stale answer fetches the room again");
    assert_eq!(s.version(), Some(5), "the board is the server's last one");
}

#[test]
fn client_sequence_numbers_never_repeat_even_with_a_clock_going_back() {
    let mut s = RoomSession::new(GameId::Hex, grant());
    s.on_snapshot(snapshot(1), 0);
    let first = s.begin(Action::Resign, 5_000).unwrap().client_seq;
    s.on_send_failed(first);
    assert_eq!(s.notice().map(|(_, n)| n.clone()), Some(Notice::SendFailed));
    let second = s.begin(Action::Resign, 4_000).unwrap().client_seq;
    assert!(second > first);
}

#[test]
fn old_snapshots_and_replayed_events_never_take_the_board_back() {
    let mut s = RoomSession::new(GameId::Hex, grant());
    s.on_snapshot(snapshot(7), 0);
    s.on_snapshot(snapshot(6), 10);
    assert_eq!(s.version(), Some(7));
    s.on_event(
        RoomEvent {
            version: 7,
            kind: EventKind::Moved {
                seat: Seat::First,
                notation: "a1".into(),
                auto: false,
            },
            snapshot: snapshot(7),
        },
        20,
    );
    assert!(s.last_event().is_none(), "an event already seen is skipped");
    // Presence changes the opponent, not the version.
    s.on_event(
        RoomEvent {
            version: 7,
            kind: EventKind::Presence {
                slot: 1,
                present: false,
            },
            snapshot: snapshot(7),
        },
        30,
    );
    assert_eq!(s.opponent(), Opponent::Away);
    assert_eq!(s.version(), Some(7));
}

#[test]
fn the_running_clock_counts_down_from_the_servers_figure() {
    let mut s = RoomSession::new(GameId::Hex, grant());
    s.on_snapshot(snapshot(1), 10_000);
    assert_eq!(s.time_left(Seat::First, 12_500), Some(27_500));
    assert_eq!(
        s.time_left(Seat::Second, 12_500),
        Some(30_000),
        "only the running clock moves"
    );
    assert_eq!(s.time_left(Seat::First, 99_000), Some(0));
}

#[test]
fn server_addresses_and_room_codes_are_checked() {
    assert_eq!(
        account::normalize_server(" 192.168.1.5:8787/ "),
        Ok("http://192.168.1.5:8787".to_string())
    );
    assert_eq!(
        account::normalize_server("https://papan.example"),
        Ok("https://papan.example".to_string())
    );
    assert_eq!(account::normalize_server("ftp://x"), Err("online-server-scheme"));
    assert_eq!(account::normalize_server("http://"), Err("online-server-host"));
    assert_eq!(account::normalize_server("http:"), Err("online-server-host"));
    assert_eq!(
        account::normalize_server("papan.example:80a"),
        Err("online-server-host")
    );
    assert_eq!(
        account::normalize_server("[::1]:8787"),
        Ok("http://[::1]:8787".to_string())
    );
    assert_eq!(account::normalize_server("[::1]x"), Err("online-server-host"));
    // Host names are ASCII labels (IDN hosts in their xn-- form); anything
    // else is refused with the reason before the HTTP client sees it.
    for odd in [
        "bücher.example",
        "-papan.example",
        "papan-.example",
        "a..b",
        "papan.example.",
        "pa%2epan.example",
        "[::g]:8787",
        "[fe80::1%eth0]",
        "pa@pan.example",
    ] {
        assert_eq!(account::normalize_server(odd), Err("online-server-host"), "{odd}");
    }
    for fine in [
        "xn--bcher-kva.example:8787",
        "papan_1.local",
        "10.0.0.7",
        "[2001:db8::7]",
    ] {
        let address = account::normalize_server(fine).unwrap();
        assert!(url::Url::parse(&address).is_ok(), "{fine} → {address}");
    }
    assert_eq!(account::normalize_server(""), Err("online-server-empty"));
    assert_eq!(account::normalize_server(" , "), Err("online-server-empty"));
    // The nodes of one server, tried in turn.
    assert_eq!(
        account::normalize_server("10.0.0.1:8787, https://b.papan.example/ 10.0.0.3:8787"),
        Ok("http://10.0.0.1:8787, https://b.papan.example, http://10.0.0.3:8787".to_string())
    );
    assert_eq!(
        account::normalize_server("10.0.0.1:8787, ftp://x"),
        Err("online-server-scheme"),
        "one bad address refuses the whole setting"
    );
    assert_eq!(
        papan::screens::online::normalize_code("k7m-2qx"),
        Ok("K7M2QX".to_string())
    );
    assert_eq!(
        papan::screens::online::normalize_code("K7M2Q"),
        Err("online-code-length")
    );
    assert_eq!(
        papan::screens::online::normalize_code("K7M2Q1"),
        Err("online-code-chars")
    );
}

#[test]
fn a_kept_seat_survives_a_restart_and_is_forgotten_on_leave() {
    let (_d, store, _) = stores();
    let seat = account::ActiveSeat {
        server: "http://127.0.0.1:8787".into(),
        game: GameId::Junqi,
        grant: grant(),
        matchmaking: false,
        finished: false,
    };
    account::keep_seat(&store, &seat).unwrap();
    assert_eq!(account::active_seat(&store, GameId::Junqi), Some(seat.clone()));
    assert_eq!(account::any_active_seat(&store), Some(seat.clone()));
    // A finished game's seat is offered after an unfinished one.
    account::mark_finished(&store, GameId::Junqi, true);
    let hex = account::ActiveSeat {
        game: GameId::Hex,
        ..seat.clone()
    };
    account::keep_seat(&store, &hex).unwrap();
    assert_eq!(account::any_active_seat(&store), Some(hex));
    account::forget_seat(&store, GameId::Hex);
    assert!(account::any_active_seat(&store).is_some_and(|s| s.finished));
    assert_eq!(account::active_seat(&store, GameId::Hex), None);
    account::forget_seat(&store, GameId::Junqi);
    assert_eq!(account::any_active_seat(&store), None);
    // A corrupt kept seat is no seat (and the text is kept aside).
    store.set("online-seat-hex", "{not json").unwrap();
    assert_eq!(account::active_seat(&store, GameId::Hex), None);
    assert_eq!(store.get("online-seat-hex.corrupt").as_deref(), Some("{not json"));
}

#[test]
fn the_opponents_return_and_a_move_made_by_the_clock_are_announced_once() {
    let mut s = RoomSession::new(GameId::Hex, grant());
    s.on_snapshot(snapshot(3), 0);
    let presence = |present| RoomEvent {
        version: 3,
        kind: EventKind::Presence { slot: 1, present },
        snapshot: snapshot(3),
    };
    s.on_event(presence(true), 1);
    assert_eq!(s.presence_change(), None, "no change: the opponent was there");
    s.on_event(presence(false), 2);
    s.on_event(presence(true), 3);
    assert_eq!(s.presence_change(), Some((2, true)));
    assert_eq!(s.auto_moved_for_me(), None);
    s.on_event(
        RoomEvent {
            version: 4,
            kind: EventKind::Moved {
                seat: Seat::First,
                notation: "d4".into(),
                auto: true,
            },
            snapshot: snapshot(4),
        },
        4,
    );
    assert_eq!(s.auto_moved_for_me(), Some(4), "the server moved for this seat");
}

#[test]
fn both_devices_reconnect_by_themselves_after_a_server_restart_and_play_on() {
    run_local(async {
        let dir = tempfile::tempdir().unwrap();
        let first = server(dir.path()).await;
        let addr = first.addr;
        let (a, b) = pair(&first.base_url(), RoomOptions::hex(7, false, None)).await;
        a.send(Action::Move { notation: "d4".into() }).await;
        in_step(&a, &b).await;
        let version = a.version();

        // The server goes down: both links notice and keep retrying.
        first.stop().await;
        wait_for("both links retrying", || {
            [&a, &b]
                .iter()
                .all(|d| matches!(d.session.borrow().connection(), Connection::Retrying { .. }))
        })
        .await;
        // It comes back on the same address with the same database: the room
        // is restored from its log and both devices resume at its version.
        let mut config = Config::new(dir.path().join("rooms.db"), addr);
        config.rate_per_second = 10_000.0;
        config.rate_burst = 10_000.0;
        let second = Server::start(config).await.expect("restarts");
        wait_for("both links live again", || {
            [&a, &b]
                .iter()
                .all(|d| *d.session.borrow().connection() == Connection::Live && d.version() == version)
        })
        .await;
        b.send(Action::Move { notation: "e4".into() }).await;
        in_step(&a, &b).await;
        assert_eq!(a.snapshot().moves, vec!["d4".to_string(), "e4".to_string()]);
        second.stop().await;
    });
}
