//! The worker's jobs, run natively with a clock the test drives: what the
//! web app's bots answer, and what they refuse.

use papan_bots::{Bot, Level};
use papan_rules::backgammon::{Backgammon, BgMove};
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::junqi::JunQi;
use papan_rules::{Game, Turn};
use papan_worker::{start, Reply, Request, Task};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A clock that stands still: only the search's budget ends a job.
fn still() -> impl FnMut() -> u64 {
    || 0
}

/// Runs `request` to its end and reads the reply back from JSON text, as
/// the page does.
fn run_to_end(request: &Request, mut now: impl FnMut() -> u64) -> Reply {
    let text = serde_json::to_string(request).unwrap();
    let mut job = start(&serde_json::from_str(&text).unwrap()).expect("a well-formed request starts");
    let mut slices = 0;
    while job.work(&mut now, 20) {
        slices += 1;
        assert!(slices < 100_000, "the job never ends");
    }
    let reply = serde_json::to_string(&job.reply().unwrap()).unwrap();
    serde_json::from_str(&reply).unwrap()
}

/// The Beginner's move for the seat to move in `game`, through a job.
fn beginner_move<G: Bot>(game: &G) -> G::Move
where
    G::View: serde::de::DeserializeOwned,
{
    let Turn::Seat(seat) = game.turn() else {
        panic!("a seat is to move")
    };
    let view = game.view(seat);
    let task = Task::Think {
        level: Level::Beginner,
        full_time: false,
    };
    let reply = run_to_end(&Request::new::<G>(task, &view, 7).unwrap(), still());
    let decision = reply.decision::<G>().unwrap().expect("a search decides");
    assert!((0.0..=1.0).contains(&decision.win_probability));
    let best = decision.best.expect("a move is named");
    assert!(
        papan_rules::SeatView::legal_moves(&view).contains(&best),
        "{best:?} is legal"
    );
    best
}

fn started<G: Game>(options: &G::Options) -> G {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut game = G::new(options, &mut rng).unwrap();
    while let Some(chance) = game.sample_chance(&mut rng) {
        game.play(&chance).unwrap();
    }
    game
}

#[test]
fn every_game_s_job_names_a_legal_move_of_the_view() {
    beginner_move(&started::<Hex>(&HexOptions { size: 9, swap: false }));
    beginner_move(&started::<Hadang>(&Default::default()));
    beginner_move(&started::<JunQi>(&Default::default()));
    let bg = started::<Backgammon>(&Default::default());
    assert!(matches!(beginner_move(&bg), BgMove::Play(_)));
}

#[test]
fn the_same_request_gives_the_same_move() {
    let game = started::<Hex>(&HexOptions { size: 7, swap: false });
    assert_eq!(beginner_move(&game), beginner_move(&game));
}

#[test]
fn a_backgammon_review_values_every_play_best_first() {
    let game = started::<Backgammon>(&Default::default());
    let Turn::Seat(seat) = game.turn() else { unreachable!() };
    let task = Task::Review {
        level: Level::Expert,
        cap_ms: 800,
    };
    let reply = run_to_end(&Request::new::<Backgammon>(task, &game.view(seat), 1).unwrap(), still());
    assert!(reply.decision.is_none(), "judged, not searched");
    let judged = reply.judged::<Backgammon>().unwrap().expect("backgammon has a judge");
    assert_eq!(judged.len(), game.legal_moves().len());
    assert!(judged.windows(2).all(|w| w[0].equity >= w[1].equity));
    // The luck of the opening roll comes with it, and only with a judge.
    let luck = reply.luck.expect("a backgammon review reports the roll's luck");
    assert!(luck.abs() < 1.0, "{luck}");
    assert_eq!(
        serde_json::from_str::<papan_worker::Reply>(&serde_json::to_string(&reply).unwrap()).unwrap(),
        reply
    );
}

#[test]
fn a_review_search_stops_at_its_cap() {
    let game = started::<Hex>(&HexOptions { size: 11, swap: false });
    let view = game.view(papan_rules::Seat::First);
    // A clock one millisecond further at every look: a 5 ms cap ends the
    // Expert's search after a handful of 64-iteration steps.
    let mut t = 0;
    let tick = move || {
        t += 1;
        t
    };
    let task = Task::Review {
        level: Level::Expert,
        cap_ms: 5,
    };
    let reply = run_to_end(&Request::new::<Hex>(task, &view, 1).unwrap(), tick);
    let decision = reply.decision::<Hex>().unwrap().unwrap();
    assert!(decision.iterations <= 64 * 5, "{} iterations", decision.iterations);
    assert!(decision.best.is_some());
    assert!(
        reply.ms < 5,
        "stops before a step that would reach the cap: {} ms",
        reply.ms
    );
}

#[test]
fn a_search_stops_before_a_step_as_slow_as_its_slowest_would_pass_the_cap() {
    let game = started::<Hex>(&HexOptions { size: 11, swap: false });
    let view = game.view(papan_rules::Seat::First);
    // One millisecond a step but one of 40 early on (a deep computation):
    // with a 100 ms cap the search stops at 60, where another such step
    // would end at 100, not at the first look past 100.
    let (mut t, mut reads) = (0, 0);
    let mut clock = move || {
        reads += 1;
        t += if reads == 3 { 40 } else { 1 };
        t
    };
    let task = Task::Review {
        level: Level::Expert,
        cap_ms: 100,
    };
    let mut job = start(&Request::new::<Hex>(task, &view, 1).unwrap()).unwrap();
    while job.work(&mut clock, 1_000) {}
    let reply = job.reply().unwrap();
    assert_eq!(reply.ms, 60);
    assert!(reply.decision.unwrap().best.is_some());
}

#[test]
fn a_slice_hands_control_back_before_the_search_is_done() {
    let game = started::<Hex>(&HexOptions { size: 11, swap: false });
    let task = Task::Think {
        level: Level::Expert,
        full_time: true,
    };
    let request = Request::new::<Hex>(task, &game.view(papan_rules::Seat::First), 1).unwrap();
    let mut job = start(&request).unwrap();
    let mut t = 0;
    let mut tick = move || {
        t += 1;
        t
    };
    assert!(job.work(&mut tick, 3), "more to do after a 3 ms slice");
    let so_far = job.reply().unwrap().decision.unwrap();
    assert!(so_far.iterations > 0 && so_far.iterations <= 64 * 4);
}

#[test]
fn a_view_of_another_game_is_refused_with_the_reason() {
    let hex = started::<Hex>(&HexOptions { size: 7, swap: false });
    let mut request = Request::new::<Hex>(Task::Estimate, &hex.view(papan_rules::Seat::First), 1).unwrap();
    request.game = papan_rules::GameId::Hadang;
    let error = start(&request).err().expect("refused");
    assert!(error.contains("not a hadang position"), "{error}");
    let unknown = r#"{"game":"chess","task":{"kind":"estimate"},"view":{},"seed":1}"#;
    assert!(serde_json::from_str::<Request>(unknown).is_err());
}

#[test]
fn a_move_of_another_game_in_a_reply_is_refused_with_the_reason() {
    let game = started::<Hex>(&HexOptions { size: 7, swap: false });
    let reply = run_to_end(
        &Request::new::<Hex>(Task::Estimate, &game.view(papan_rules::Seat::First), 1).unwrap(),
        still(),
    );
    let error = reply
        .decision::<Backgammon>()
        .expect_err("a Hex cell is no backgammon move");
    assert!(error.contains("backgammon move does not decode"), "{error}");
}

/// A shipped puzzle's game, with its answer played: a scan of that record
/// finds the same puzzle again (the generator's own test, on the device).
#[test]
fn a_scan_of_a_finished_game_finds_the_puzzle_the_generator_found() {
    let shipped = include_str!("../../bots/data/puzzles/hex.jsonl")
        .lines()
        .map(|l| serde_json::from_str::<papan_bots::puzzle::Puzzle>(l).unwrap())
        .find(|p| p.id == "hex-0011")
        .unwrap();
    let papan_bots::puzzle::Body::Hex {
        options, moves, answer, ..
    } = &shipped.body
    else {
        panic!("a Hex puzzle")
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut game = Hex::new(options, &mut rng).unwrap();
    let mut record = papan_rules::Record::<Hex>::new(*options, 0);
    for text in moves.iter().chain([answer]) {
        let mv = game.parse_move(text).unwrap();
        record.play(&mut game, mv).unwrap();
    }
    let request = Request {
        game: papan_rules::GameId::Hex,
        task: Task::Puzzles,
        view: serde_json::to_value(&record).unwrap(),
        seed: 0,
    };
    let mut t = 0;
    let reply = run_to_end(&request, move || {
        t += 5;
        t
    });
    let found: Vec<papan_bots::puzzle::Puzzle> = reply
        .puzzles
        .expect("a scan answers with puzzles")
        .into_iter()
        .map(|p| serde_json::from_value(p).unwrap())
        .collect();
    let again = found
        .iter()
        .find(|p| matches!(&p.body, papan_bots::puzzle::Body::Hex { moves: m, .. } if m == moves))
        .unwrap_or_else(|| panic!("not found again: {found:?}"));
    assert_eq!(
        (&again.body, &again.theme, again.rating),
        (&shipped.body, &shipped.theme, shipped.rating)
    );
    assert!(papan_bots::puzzle::check(&papan_bots::puzzle::Puzzle {
        id: "own-1".into(),
        ..again.clone()
    })
    .is_ok());
}

#[test]
fn a_scan_refuses_a_record_that_does_not_replay_or_is_not_the_games() {
    let bad = Request {
        game: papan_rules::GameId::Hex,
        task: Task::Puzzles,
        view: serde_json::json!({"options": {"size": 7, "swap": false}, "seed": 0, "moves": ["a1", "a1"]}),
        seed: 0,
    };
    let refused = start(&bad).err().expect("a record with a move on a taken cell");
    assert!(refused.contains("X5") || refused.contains("move 2"), "{refused}");
    let bg = Request {
        game: papan_rules::GameId::Backgammon,
        task: Task::Puzzles,
        view: serde_json::json!({"options": {}, "seed": 0, "moves": ["opening 6-1", "24/1"]}),
        seed: 0,
    };
    let refused = start(&bg).err().expect("a backgammon play no roll allows");
    assert!(refused.contains("move 2") || refused.contains("B"), "{refused}");
    let not_a_record = Request {
        view: serde_json::json!({}),
        ..bg
    };
    let refused = start(&not_a_record).err().expect("no record at all");
    assert!(refused.contains("not a backgammon record"), "{refused}");
}

/// A backgammon game the Beginner played against itself (rolls from a
/// seed): the scan finds puzzles in it on the device, without GNU
/// Backgammon, and each one passes the shipped sets' check.
#[test]
fn a_scan_of_a_backgammon_game_finds_puzzles_that_pass_the_check() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let options = Default::default();
    let mut game = Backgammon::new(&options, &mut rng).unwrap();
    let mut record = papan_rules::Record::<Backgammon>::new(options, 5);
    let mut seed = 0;
    while !game.is_over() {
        let mv = match game.sample_chance(&mut rng) {
            Some(roll) => roll,
            None => {
                let Turn::Seat(seat) = game.turn() else {
                    panic!("a seat is to move")
                };
                seed += 1;
                papan_bots::puzzle::find::bot_move::<Backgammon>(&game.view(seat), Level::Beginner, seed, None)
                    .expect("a play or the pass")
            }
        };
        record.play(&mut game, mv).unwrap();
    }
    let request = Request {
        game: papan_rules::GameId::Backgammon,
        task: Task::Puzzles,
        view: serde_json::to_value(&record).unwrap(),
        seed: 0,
    };
    let reply = run_to_end(&request, still());
    let found: Vec<papan_bots::puzzle::Puzzle> = reply
        .puzzles
        .expect("a scan answers with puzzles")
        .into_iter()
        .map(|p| serde_json::from_value(p).unwrap())
        .collect();
    assert!(!found.is_empty(), "no puzzle in a Beginner's game");
    for (i, p) in found.into_iter().enumerate() {
        let papan_bots::puzzle::Body::Backgammon { gnubg, .. } = &p.body else {
            panic!("{p:?} is no backgammon puzzle")
        };
        assert!(gnubg.is_none(), "the device has no gnubg to ask");
        let p = papan_bots::puzzle::Puzzle {
            id: format!("own-{i}"),
            ..p
        };
        papan_bots::puzzle::check(&p).unwrap_or_else(|e| panic!("{e}"));
        papan_bots::puzzle::bg_deep_check(&p).unwrap_or_else(|e| panic!("{e}"));
    }
}
