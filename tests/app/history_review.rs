//! Looking back and learning, UI-free, for any game: the move log, the
//! read-only table at an earlier ply, stepping through it, hints against
//! the bot, and the post-game review (marks, summary, graph).

use papan::play::history::{self, Viewing};
use papan::play::player::from_setup;
use papan::play::review::{Analysis, Mark};
use papan::play::Match;
use papan_bots::backgammon::judge::judge_plays;
use papan_bots::backgammon::shipped_net;
use papan_bots::Level;
use papan_rules::backgammon::{Backgammon, BackgammonOptions, BgMove};
use papan_rules::clock::Tempo;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::{Game, Record, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A backgammon record where the first seat always plays the best play at
/// 1-ply and the second the worst, `plies` long (or to the end).
pub(crate) fn best_against_worst(seed: u64, plies: usize) -> Record<Backgammon> {
    let mut record = Record::<Backgammon>::new(BackgammonOptions::default(), seed);
    let mut game = record.start().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while record.moves.len() < plies && !game.is_over() {
        let mv = match game.turn() {
            Turn::Chance => game.sample_chance(&mut rng).unwrap(),
            Turn::Seat(seat) => {
                let judged = judge_plays(&game, shipped_net());
                let pick = if seat == Seat::First {
                    judged.first()
                } else {
                    judged.last()
                };
                BgMove::Play(pick.unwrap().play)
            }
            Turn::Over => break,
        };
        record.play(&mut game, mv).unwrap();
    }
    record
}

pub(crate) fn hex_record(size: u8, moves: &[&str]) -> Record<Hex> {
    let mut record = Record::<Hex>::new(HexOptions { size, swap: false }, 0);
    let mut game = record.start().unwrap();
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        record.play(&mut game, mv).unwrap();
    }
    record
}

#[test]
fn the_log_puts_each_roll_with_the_move_it_set_up() {
    let record = best_against_worst(3, 30);
    let log = history::log(&record);
    let seat_moves = {
        let mut game = record.start().unwrap();
        let mut count = 0;
        for mv in &record.moves {
            count += usize::from(matches!(game.turn(), Turn::Seat(_)));
            game.play(mv).unwrap();
        }
        count
    };
    assert_eq!(log.len(), seat_moves);
    for (i, entry) in log.iter().enumerate() {
        assert_eq!(entry.number, i + 1);
        let dice = entry.chance.as_deref().expect("every backgammon move has its dice");
        assert!(dice.len() == 3 && dice.as_bytes()[1] == b'-', "dice as 6-1, got {dice}");
        // The table for that entry shows the move as its last move, read-only.
        let table = history::table_at(&record, entry.plies, Seat::First, Seat::First).unwrap();
        assert_eq!(table.ply, entry.plies);
        assert!(!table.can_act);
        let (seat, mv) = table.last.unwrap();
        assert_eq!(seat, entry.seat);
        assert_eq!(table.notation(&mv), entry.text);
    }
}

#[test]
fn looking_back_steps_one_seat_move_at_a_time_and_returns_to_the_game() {
    let record = hex_record(7, &["d4", "c5", "e3", "c3"]);
    let log = history::log(&record);
    let total = record.moves.len();
    assert_eq!(
        log.iter().map(|e| e.text.as_str()).collect::<Vec<_>>(),
        ["d4", "c5", "e3", "c3"]
    );
    let live = Viewing(None);
    let back = live.back(&log, total);
    assert_eq!(back, Viewing(Some(3)));
    assert_eq!(back.back(&log, total).back(&log, total), Viewing(Some(1)));
    assert_eq!(
        Viewing(Some(1)).back(&log, total),
        Viewing(Some(0)),
        "the starting position"
    );
    assert_eq!(
        Viewing(Some(0)).back(&log, total),
        Viewing(Some(0)),
        "nothing before the start"
    );
    assert_eq!(
        Viewing(Some(3)).forward(&log, total),
        Viewing(None),
        "the last move is the game"
    );
    assert_eq!(Viewing::of(4, total), Viewing(None));
    // The position after two moves has exactly those two stones.
    let table = history::table_at(&record, 2, Seat::First, Seat::First).unwrap();
    assert_eq!(table.history.len(), 2);
    assert!(table.view.check(&table.view.parse_move("e3").unwrap()).is_ok());
    assert!(table.view.check(&table.view.parse_move("c5").unwrap()).is_err());
}

#[test]
fn an_earlier_position_of_a_record_that_does_not_replay_is_refused() {
    let mut record = hex_record(7, &["d4", "c5"]);
    record.moves.push(record.moves[0]);
    let error = history::table_at(&record, 3, Seat::First, Seat::First).unwrap_err();
    assert_eq!(error.ply, Some(2));
    // The log stops at the refused move.
    assert_eq!(history::log(&record).len(), 2);
}

#[test]
fn hints_are_for_the_person_against_a_bot_and_are_counted_and_saved() {
    let mut game: Match<Hex> = Match::new(
        HexOptions { size: 7, swap: false },
        from_setup(Some(Level::Beginner), true),
        Seat::First,
        Tempo::Unlimited,
        11,
        0,
    )
    .unwrap();
    let (_, _, ply) = game.hint_job().expect("the person is to move against a bot");
    assert_eq!(ply, 0);
    assert!(!game.count_hint(5), "a hint for another position is stale");
    assert!(game.count_hint(0));
    assert_eq!(game.hints_used(), 1);
    let restored = Match::<Hex>::from_save(game.to_save(0), 0).unwrap();
    assert_eq!(restored.hints_used(), 1);
    // The bot's turn: no hint.
    game.play("d4".parse().unwrap(), 0).unwrap();
    assert!(game.hint_job().is_none());
    // Two people on one device: no hints.
    let people: Match<Hex> = Match::new(
        HexOptions { size: 7, swap: false },
        from_setup(None, true),
        Seat::First,
        Tempo::Unlimited,
        11,
        0,
    )
    .unwrap();
    assert!(people.hint_job().is_none());
}

#[test]
fn backgammon_review_finds_the_worst_plays_in_millipoints() {
    let record = best_against_worst(5, 36);
    let mut analysis = Analysis::new(record.clone(), Level::Expert).unwrap();
    let total = analysis.total();
    assert!(total > 10);
    analysis.run_to_end(800).unwrap();
    assert!(analysis.is_done());
    let review = analysis.review();
    assert_eq!(review.moves.len(), total);
    for m in review.moves.iter().filter(|m| m.seat == Seat::First) {
        assert!(
            matches!(m.mark, Mark::Best | Mark::Forced),
            "the best play is best: {m:?}"
        );
    }
    let first = review.summary(Seat::First);
    let second = review.summary(Seat::Second);
    assert_eq!(first.error_rate, Some(0.0));
    assert!(second.error_rate.unwrap() > 40.0, "the worst plays cost: {second:?}");
    assert!(second.errors.iter().sum::<usize>() > 0);
    let worst = review.worst(Seat::Second).expect("the second seat erred");
    assert!(worst.millipoints.unwrap() >= 40.0);
    assert_ne!(worst.best.as_ref(), Some(&worst.played));
    let curve = review.curve();
    assert_eq!(curve.len(), total + 1);
    assert!(curve.iter().all(|p| (0.0..=1.0).contains(p)));
}

#[test]
fn hex_review_marks_a_missed_win_and_ends_at_the_result() {
    // Red builds the d-file; Blue plays along the first row and lets Red
    // through: Blue's moves lose ground, Red wins.
    let record = hex_record(
        7,
        &[
            "d1", "a1", "d2", "b1", "d3", "c1", "d4", "e1", "d5", "f1", "d6", "g1", "d7",
        ],
    );
    assert!(record.replay().unwrap().outcome().is_some());
    let mut analysis = Analysis::new(record, Level::Beginner).unwrap();
    assert_eq!(analysis.total(), 13);
    analysis.run_to_end(u64::MAX).unwrap();
    let review = analysis.review();
    assert_eq!(review.moves.len(), 13);
    let curve = review.curve();
    assert_eq!(curve.len(), 14);
    assert_eq!(*curve.last().unwrap(), 1.0, "Red won");
    let blue = review.summary(Seat::Second);
    assert!(blue.errors.iter().sum::<usize>() >= 1, "{:?}", review.moves);
    assert!(blue.error_rate.is_none(), "Hex is judged in chances, not equity");
}

/// A store in a folder of its own, removed with the guard (the first of the pair).
pub(crate) fn temp_store() -> (tempfile::TempDir, papan::storage::Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = papan::storage::Store::in_dir(dir.path());
    (dir, store)
}

#[test]
fn the_device_keeps_the_last_fifty_finished_games_once_each() {
    use papan::play::finished::{self, Finished, KEEP};
    let (_dir, store) = temp_store();
    let players = [papan::play::Player::Human; 2];
    for i in 0..(KEEP + 5) {
        let record = hex_record(7, &["d4"]);
        let game = Finished::new(format!("g{i}"), &record, Seat::First, players, None, "offline").unwrap();
        assert!(finished::remember(&store, game.clone()).unwrap());
        assert!(!finished::remember(&store, game).unwrap(), "the same game is kept once");
    }
    let kept = finished::load(&store).unwrap();
    assert_eq!(kept.len(), KEEP);
    assert_eq!(kept[0].key, format!("g{}", KEEP + 4), "newest first");
    assert!(finished::find(&store, "g0").is_none(), "the oldest went");
    assert_eq!(kept[0].record::<Hex>().unwrap().moves.len(), 1);
    assert!(
        kept[0].record::<Backgammon>().is_err(),
        "a Hex game is not read as backgammon"
    );
    // A damaged list is reported and set aside; the next game starts a new one.
    store.set(finished::STORE_KEY, "[{\"key\": 1").unwrap();
    let error = finished::load(&store).unwrap_err();
    assert!(store.get(&error.backup_key).is_some());
    assert!(finished::load(&store).unwrap().is_empty());
}

#[test]
fn a_finished_match_is_kept_with_its_hints_and_reviews_from_the_list() {
    use papan::play::finished::Finished;
    let mut game: Match<Hex> = Match::new(
        HexOptions { size: 7, swap: false },
        from_setup(Some(Level::Beginner), true),
        Seat::First,
        Tempo::Unlimited,
        5,
        0,
    )
    .unwrap();
    assert!(Finished::of_match(&game).is_none(), "not over yet");
    assert!(game.count_hint(0));
    game.resign(10);
    let kept = Finished::of_match(&game).unwrap();
    assert_eq!(kept.hints, 1);
    assert_eq!(kept.outcome.unwrap().winner, Some(Seat::Second));
    assert_eq!(kept.players[1], papan::play::Player::Bot(Level::Beginner));
    assert_eq!(Finished::of_match(&game).unwrap().key, kept.key, "a stable key");
}

#[test]
fn every_game_exports_and_imports_back_into_the_same_record() {
    use papan::play::finished::{import, Finished};
    let players = [papan::play::Player::Human; 2];
    let bg = best_against_worst(9, 40);
    let hex = hex_record(7, &["d4", "c5", "e3"]);
    let hadang = {
        let mut record = Record::<papan_rules::hadang::Hadang>::new(Default::default(), 0);
        let mut game = record.start().unwrap();
        for text in ["e2", "e8", "e3h"] {
            let mv = game.parse_move(text).unwrap();
            record.play(&mut game, mv).unwrap();
        }
        record
    };
    let junqi = {
        let mut record = Record::<papan_rules::junqi::JunQi>::new(Default::default(), 77);
        let mut game = record.start().unwrap();
        for _ in 0..6 {
            let mv = game.legal_moves()[0];
            record.play(&mut game, mv).unwrap();
        }
        record
    };
    fn round_trip<G: papan::play::Playable>(record: &Record<G>, players: [papan::play::Player; 2]) {
        let kept = Finished::new("x".into(), record, Seat::First, players, None, "offline").unwrap();
        let (name, text) = kept.export::<G>().unwrap();
        assert!(name.ends_with(<G as papan_rules::Transcript>::EXTENSION));
        let back = import::<G>(&text).unwrap();
        let read = back.record::<G>().unwrap();
        assert_eq!((read.seed, &read.moves), (record.seed, &record.moves), "{text}");
        assert_eq!(back.origin, "import");
        assert_eq!(import::<G>(&text).unwrap().key, back.key, "the same text, the same key");
        // A text cut short or of another game is refused with a reason.
        let cut = &text[..text.len() / 3];
        assert!(import::<G>(cut).map(|g| g.moves).unwrap_or(0) < back.moves || import::<G>(cut).is_err());
    }
    round_trip(&bg, players);
    round_trip(&hex, players);
    round_trip(&hadang, players);
    round_trip(&junqi, players);
    let error = import::<Backgammon>("(;FF[4]GM[11]SZ[7];B[d4])").unwrap_err();
    assert!(!error.is_empty());
}

#[test]
fn j21_the_review_of_a_jun_qi_game_shows_the_whole_layout() {
    use papan_rules::junqi::{JunQi, Post};
    let mut record = Record::<JunQi>::new(Default::default(), 21);
    let mut game = record.start().unwrap();
    for _ in 0..4 {
        let mv = game.legal_moves()[0];
        record.play(&mut game, mv).unwrap();
    }
    let face_down = |board: &[Post]| board.iter().filter(|p| matches!(p, Post::FaceDown)).count();
    let played = history::table_at(&record, 4, Seat::First, Seat::First).unwrap();
    assert!(face_down(played.view.board()) > 40, "in play the layout stays secret");
    let open = history::open_table_at(&record, 4, Seat::First, Seat::First).unwrap();
    assert_eq!(face_down(open.view.board()), 0, "the review turns every piece over");
    let pieces = |board: &[Post]| board.iter().filter(|p| !matches!(p, Post::Empty)).count();
    assert_eq!(
        pieces(open.view.board()),
        pieces(played.view.board()),
        "the same pieces, on the same posts"
    );
}

#[test]
fn a_finished_list_kept_before_dates_still_loads_and_new_games_are_dated() {
    use papan::play::finished::{self, Finished};
    let (_dir, store) = temp_store();
    // The list as the app wrote it before dates and names were kept: every
    // field of that version, no more.
    let record = hex_record(7, &["d4", "c5"]);
    let old = serde_json::json!([{
        "key": "offline-1",
        "game": "hex",
        "local": "First",
        "players": ["Human", "Human"],
        "outcome": null,
        "moves": 2,
        "hints": 0,
        "origin": "offline",
        "record": serde_json::to_value(&record).unwrap(),
    }]);
    store.set(finished::STORE_KEY, &old.to_string()).unwrap();
    let kept = finished::load(&store).expect("an old list reads");
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].at, None, "no date, and no failure");
    assert_eq!(kept[0].date(), None);
    assert_eq!(kept[0].names, [None, None]);
    assert_eq!(kept[0].record::<Hex>().unwrap().moves, record.moves);
    // A game remembered now is dated now; the old one keeps no date.
    let before = papan::timer::now_ms();
    let game = Finished::new(
        "new".into(),
        &record,
        Seat::First,
        [papan::play::Player::Human; 2],
        None,
        "offline",
    )
    .unwrap();
    assert_eq!(game.at, None);
    assert!(finished::remember(&store, game).unwrap());
    let kept = finished::load(&store).unwrap();
    assert_eq!(kept[0].key, "new");
    let at = kept[0].at.expect("dated when kept");
    assert!(at >= before && at <= papan::timer::now_ms());
    assert_eq!(kept[1].at, None);
    // What is written without a date or names leaves them out, as before.
    let text = store.get(finished::STORE_KEY).unwrap();
    assert_eq!(text.matches("\"at\"").count(), 1);
    assert!(!text.contains("\"names\""));
}

#[test]
fn a_kept_date_reads_as_the_calendar_day_and_time() {
    use papan::play::finished::Date;
    let date = |ms, offset| {
        let d = Date::of(ms, offset);
        (d.year, d.month, d.day, d.hour, d.minute)
    };
    assert_eq!(date(0, 0), (1970, 1, 1, 0, 0));
    // 12 March 2025, 14:05 UTC; in Jakarta (UTC+7) and Manila (UTC+8).
    assert_eq!(date(1_741_788_300_000, 0), (2025, 3, 12, 14, 5));
    assert_eq!(date(1_741_788_300_000, 7 * 60), (2025, 3, 12, 21, 5));
    assert_eq!(date(1_741_788_300_000, 10 * 60), (2025, 3, 13, 0, 5));
    // A leap day, and the turn of a year west of UTC.
    assert_eq!(date(1_709_164_800_000, 0), (2024, 2, 29, 0, 0));
    assert_eq!(date(1_735_689_600_000, -60), (2024, 12, 31, 23, 0));
    assert_eq!(Date::of(1_741_788_300_000, 0).iso(), "2025-03-12T14:05");
}
