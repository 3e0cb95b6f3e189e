//! Hex as a person plays it on this device, UI-free: tap sequences through
//! `LocalGame` (the tap guard, refusals with their rule, swap), bot moves
//! through `Match`, undo against the bot, resign, rematch order and the
//! save file (the current format and the old app's version 1).

use papan::games::hex::tap::{HexCommand, HexTap, PREVIEW_MIN_SIZE};
use papan::i18n::{tr, tr_args, Lang};
use papan::play::matches::BotJob;
use papan::play::player::from_setup;
use papan::play::save::{save_key, SaveError, SavedMatch, SAVE_VERSION};
use papan::play::{Answer, LocalGame, Match, Player, TapState};
use papan::shell::offline::{result_info, seating};
use papan::shell::result::ResultInfo;
use papan::shell::slot;
use papan::storage::Store;
use papan_bots::Level;
use papan_rules::clock::Tempo;
use papan_rules::hex::{Cell, Colour, Hex, HexMove, HexOptions};
use papan_rules::{rule, EndReason, GameId, RuleId, Seat};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn new_match(size: u8, swap: bool, opponent: Option<Level>, local_first: bool, seed: u64) -> Match<Hex> {
    let local = if local_first { Seat::First } else { Seat::Second };
    Match::new(
        HexOptions { size, swap },
        from_setup(opponent, local_first),
        local,
        Tempo::Unlimited,
        seed,
        0,
    )
    .unwrap()
}

/// Two people sharing the device.
fn hotseat(size: u8, swap: bool) -> LocalGame<Hex> {
    LocalGame::new(new_match(size, swap, None, true, 7))
}

/// The person against the beginner bot.
fn vs_bot(size: u8, human_first: bool) -> LocalGame<Hex> {
    LocalGame::new(new_match(size, false, Some(Level::Beginner), human_first, 42))
}

fn temp_store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::in_dir(dir.path());
    (dir, store)
}

/// Taps that must place a stone.
fn place(game: &mut LocalGame<Hex>, cells: &[&str]) {
    for cell in cells {
        assert_eq!(game.tap(c(cell), 0), Answer::Played, "tap on {cell}");
    }
}

fn refused_rule(answer: Answer) -> RuleId {
    match answer {
        Answer::Refused(refusal) => {
            assert!(!refusal.message.is_empty());
            refusal.rule
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The ply the bot thinks about, when a bot is to move.
fn bot_ply(game: &Match<Hex>) -> Option<usize> {
    match game.bot_job()? {
        BotJob::Think { ply, .. } => Some(ply),
        BotJob::Roll => None,
    }
}

fn bot_seed(game: &Match<Hex>) -> Option<u64> {
    match game.bot_job()? {
        BotJob::Think { seed, .. } => Some(seed),
        BotJob::Roll => None,
    }
}

fn card(game: &Match<Hex>) -> ResultInfo {
    result_info(Lang::En, seating(game), &game.table(), Vec::new()).expect("the game is over")
}

fn swap_offered(game: &LocalGame<Hex>) -> bool {
    game.tap.buttons(&game.table()).iter().any(|b| b.testid == "swap")
}

#[test]
fn preview_then_confirm_on_11x11() {
    let mut game = hotseat(11, false);
    assert!(game.game.position().size() >= PREVIEW_MIN_SIZE);
    assert_eq!(game.tap(c("f6"), 0), Answer::Changed);
    assert_eq!(game.tap.ghost(), Some(c("f6")));
    assert_eq!(game.game.ply(), 0, "a preview places nothing");
    assert_eq!(game.tap(c("f6"), 0), Answer::Played);
    assert_eq!(game.game.position().stone(c("f6")), Some(Colour::Red));
    assert_eq!(game.tap.ghost(), None);
}

#[test]
fn tap_elsewhere_moves_the_preview() {
    let mut game = hotseat(13, false);
    assert_eq!(game.tap(c("a1"), 0), Answer::Changed);
    assert_eq!(game.tap(c("b2"), 0), Answer::Changed);
    assert_eq!(game.tap.ghost(), Some(c("b2")));
    assert_eq!(game.game.ply(), 0);
    assert_eq!(game.tap(c("b2"), 0), Answer::Played);
    assert_eq!(game.game.position().stone(c("a1")), None);
    assert_eq!(game.game.position().stone(c("b2")), Some(Colour::Red));
}

#[test]
fn single_tap_places_on_7x7_and_9x9() {
    for size in [7, 9] {
        let mut game = hotseat(size, false);
        assert_eq!(game.tap(c("d4"), 0), Answer::Played, "size {size}");
        assert_eq!(game.tap.ghost(), None);
        assert_eq!(game.tap(c("c4"), 0), Answer::Played);
        assert_eq!(game.game.position().stone(c("c4")), Some(Colour::Blue));
    }
}

#[test]
fn x5_tap_on_occupied_cell_is_refused_naming_the_rule() {
    let mut game = hotseat(7, false);
    place(&mut game, &["d4"]);
    let before = game.clone();
    assert_eq!(refused_rule(game.tap(c("d4"), 0)), rule::X5);
    assert_eq!(game, before, "a refused tap changes nothing");
    assert_eq!(papan::i18n::rule_key(rule::X5), "rule-x5");
    assert!(tr(Lang::En, "rule-x5").contains("already has a stone"));
}

#[test]
fn x5_occupied_tap_keeps_the_preview_on_large_boards() {
    let mut game = hotseat(11, false);
    game.tap(c("a1"), 0);
    game.tap(c("a1"), 0);
    assert_eq!(game.tap(c("c3"), 0), Answer::Changed);
    assert_eq!(refused_rule(game.tap(c("a1"), 0)), rule::X5);
    assert_eq!(game.tap.ghost(), Some(c("c3")));
    assert_eq!(game.game.ply(), 1);
}

#[test]
fn taps_ignored_on_the_bots_turn() {
    let mut game = vs_bot(7, false);
    assert_eq!(bot_ply(&game.game), Some(0));
    assert!(!game.table().can_act);
    let before = game.clone();
    assert_eq!(game.tap(c("a1"), 0), Answer::Ignored("toast-wait-bot"));
    assert_eq!(game, before);
}

#[test]
fn x7_swap_offered_only_after_reds_first_stone() {
    let mut game = hotseat(7, true);
    assert!(!swap_offered(&game));
    assert_eq!(refused_rule(game.command(HexCommand::Swap, 0)), rule::X7);
    assert_eq!(game.game.ply(), 0);
    place(&mut game, &["d4"]);
    assert!(swap_offered(&game));
    assert_eq!(
        game.tap.prompt(&game.table()).map(|p| p.key),
        Some("status-your-turn-swap")
    );
    assert_eq!(game.command(HexCommand::Swap, 0), Answer::Played);
    let position = game.game.position();
    assert!(position.swapped());
    // The second seat now owns the red stone; the first seat plays Blue next.
    assert_eq!(position.colour_of(Seat::Second), Colour::Red);
    assert_eq!(game.game.seat_to_move(), Some(Seat::First));
    assert_eq!(position.colour_to_move(), Colour::Blue);
    assert!(!swap_offered(&game), "swap only once");
    assert_eq!(refused_rule(game.command(HexCommand::Swap, 0)), rule::X7);
}

#[test]
fn x7_swap_not_offered_when_the_option_is_off() {
    let mut game = hotseat(7, false);
    place(&mut game, &["d4"]);
    assert!(!swap_offered(&game));
    assert_eq!(refused_rule(game.command(HexCommand::Swap, 0)), rule::X7);
    assert_eq!(game.game.ply(), 1);
}

#[test]
fn undo_vs_bot_takes_back_the_bots_reply_too() {
    let mut game = vs_bot(7, true);
    assert!(!game.can_undo(), "nothing to undo yet");
    place(&mut game, &["d4"]);
    assert!(!game.can_undo(), "not while the bot is to move");
    game.game.apply_bot_move(1, HexMove::Place(c("c5")), 0).unwrap();
    place(&mut game, &["e2"]);
    game.game.apply_bot_move(3, HexMove::Place(c("a1")), 0).unwrap();
    assert_eq!(game.game.ply(), 4);
    assert!(game.can_undo());
    assert!(game.undo());
    assert_eq!(game.game.ply(), 2);
    let position = game.game.position();
    assert_eq!(position.stone(c("e2")), None);
    assert_eq!(position.stone(c("a1")), None);
    assert_eq!(position.stone(c("c5")), Some(Colour::Blue));
    assert!(game.game.is_human_turn());
    assert!(game.undo());
    assert_eq!(game.game.ply(), 0);
    assert!(!game.undo());
}

#[test]
fn undo_when_bot_started_keeps_the_bots_opening() {
    let mut game = vs_bot(7, false);
    game.game.apply_bot_move(0, HexMove::Place(c("d4")), 0).unwrap();
    assert!(!game.can_undo(), "the person has not moved yet");
    place(&mut game, &["c4"]);
    game.game.apply_bot_move(2, HexMove::Place(c("e3")), 0).unwrap();
    assert!(game.undo());
    assert_eq!(game.game.ply(), 1);
    assert_eq!(game.game.position().stone(c("d4")), Some(Colour::Red));
    assert_eq!(game.game.position().stone(c("c4")), None);
}

#[test]
fn stale_bot_move_is_dropped() {
    let mut game = vs_bot(7, true);
    place(&mut game, &["d4"]);
    assert!(game.game.apply_bot_move(0, HexMove::Place(c("a1")), 0).is_err());
    assert_eq!(game.game.ply(), 1);
    // Nor may the bot move for the person.
    let mut game = vs_bot(7, true);
    assert!(game.game.apply_bot_move(0, HexMove::Place(c("a1")), 0).is_err());
    assert_eq!(game.game.ply(), 0);
}

#[test]
fn resign_ends_the_game_for_the_person() {
    let mut game = vs_bot(9, true);
    place(&mut game, &["e5"]);
    game.game.apply_bot_move(1, HexMove::Place(c("c3")), 0).unwrap();
    assert!(game.game.resign(0));
    let outcome = game.game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(outcome.winner, Some(Seat::Second));
    let card = card(&game.game);
    assert_eq!(card.winner, "bot");
    assert_eq!(card.headline, tr(Lang::En, "result-bot-wins"));
    assert_eq!(card.reason, tr(Lang::En, "reason-you-resigned"));
    assert_eq!(card.ended_by, "resignation");
    assert_eq!(game.tap(c("a1"), 0), Answer::Ignored("toast-game-over"));
    assert!(!game.game.resign(0), "cannot resign twice");
    assert!(!game.can_undo(), "nothing is taken back once over");
}

#[test]
fn x9_connection_win_reported_with_colour_between_people() {
    let mut game = hotseat(7, false);
    // Red fills column a top to bottom; Blue plays column g.
    for row in 1..=7u8 {
        place(&mut game, &[&format!("a{row}")]);
        if row < 7 {
            place(&mut game, &[&format!("g{row}")]);
        }
    }
    assert!(game.game.is_over());
    assert_eq!(game.game.outcome().unwrap().reason, EndReason::Connection);
    let card = card(&game.game);
    assert_eq!(card.winner, "red");
    let red = tr(Lang::En, "colour-red");
    assert_eq!(card.headline, tr_args(Lang::En, "result-side-wins", &[("side", red)]));
    assert_eq!(card.reason, tr(Lang::En, "reason-connection"));
    assert_eq!(game.game.position().winning_chain().len(), 7);
}

#[test]
fn x14_two_people_share_the_device_or_one_plays_the_bot() {
    // Two people: both seats are human and every tap plays for the seat to move.
    let mut table = hotseat(7, false);
    assert_eq!(table.game.players(), [Player::Human, Player::Human]);
    assert_eq!(table.tap(c("d4"), 0), Answer::Played);
    assert_eq!(table.table().viewer, Seat::Second, "the view follows the seat to move");
    assert_eq!(table.tap(c("c5"), 0), Answer::Played);
    assert_eq!(table.game.position().stone(c("c5")), Some(Colour::Blue));
    assert!(table.game.bot_job().is_none());

    // Alone: the other seat is the bot, and taps wait for the person's turn.
    let mut alone = vs_bot(7, false);
    assert_eq!(alone.game.players(), [Player::Bot(Level::Beginner), Player::Human]);
    assert_eq!(alone.game.bot_level(), Some(Level::Beginner));
    assert_eq!(alone.table().viewer, Seat::Second, "the person's own view");
    assert!(matches!(alone.tap(c("d4"), 0), Answer::Ignored(_)));
    assert_eq!(alone.game.ply(), 0, "a tap on the bot's turn places nothing");
}

#[test]
fn x8_rematch_alternates_who_plays_red() {
    let mut game = vs_bot(7, true);
    assert!(game.game.resign(0));
    let next = game.game.rematch(0).unwrap();
    assert_eq!(next.game_index(), 1);
    assert_eq!(next.ply(), 0);
    assert_eq!(next.local_seat(), Seat::Second);
    assert_eq!(next.players(), [Player::Bot(Level::Beginner), Player::Human]);
    assert_eq!(bot_ply(&next), Some(0), "the bot opens game 2");
    assert_ne!(next.record().seed, game.game.record().seed);
    let third = next.rematch(0).unwrap();
    assert_eq!(third.local_seat(), Seat::First);
    assert_eq!(third.players(), [Player::Human, Player::Bot(Level::Beginner)]);
    assert_eq!(third.game_index(), 2);
    assert!(third.is_human_turn());
}

#[test]
fn x8_rematch_between_people_alternates_the_local_seat() {
    let game = hotseat(7, false);
    let next = game.game.rematch(0).unwrap();
    assert_eq!(next.local_seat(), Seat::Second);
    assert_eq!(next.players(), [Player::Human, Player::Human]);
    assert_eq!(
        next.table().bottom,
        Seat::Second,
        "the other person's side is at the bottom"
    );
}

#[test]
fn x8_rematch_keeps_order_when_alternation_is_off() {
    let game = vs_bot(7, true).game.with_alternate(false);
    assert!(!game.alternates());
    let next = game.rematch(0).unwrap();
    assert_eq!(next.local_seat(), Seat::First);
    assert_eq!(next.players(), game.players());
    assert!(!next.alternates(), "the choice carries to the next game");
}

#[test]
fn bot_seed_depends_on_ply_and_record_seed() {
    let mut game = vs_bot(7, false);
    let s0 = bot_seed(&game.game).expect("the bot opens");
    assert_eq!(s0, papan::play::bot_seed(game.game.record().seed, 0));
    game.game.apply_bot_move(0, HexMove::Place(c("d4")), 0).unwrap();
    place(&mut game, &["c4"]);
    let s2 = bot_seed(&game.game).unwrap();
    assert_ne!(s2, s0);
    let again = vs_bot(7, false);
    assert_eq!(bot_seed(&again.game), Some(s0), "same record, same seed");
    let other = LocalGame::new(new_match(7, false, Some(Level::Beginner), false, 43));
    assert_ne!(bot_seed(&other.game), Some(s0), "another record, another seed");
}

#[test]
fn save_and_load_round_trip() {
    let (_dir, store) = temp_store();
    let mut game = hotseat(11, true);
    game.tap(c("f6"), 0);
    game.tap(c("f6"), 0);
    assert_eq!(game.command(HexCommand::Swap, 0), Answer::Played);
    slot::save(&store, &game.game).unwrap();
    assert!(store.get(&save_key(GameId::Hex)).is_some());
    assert_eq!(save_key(GameId::Hex), "hex-game");
    let loaded = slot::load::<Hex>(&store).unwrap().expect("a saved game");
    assert_eq!(loaded, game.game);
    assert_eq!(
        Match::<Hex>::from_save_text(&game.game.to_save_text(0), 0).unwrap(),
        game.game
    );
    let save: SavedMatch<Hex> = serde_json::from_str(&game.game.to_save_text(0)).unwrap();
    assert_eq!(save.version, SAVE_VERSION);
    assert_eq!(save.game, Some(GameId::Hex));
}

#[test]
fn finished_game_clears_the_save() {
    let (_dir, store) = temp_store();
    let mut game = hotseat(7, false);
    place(&mut game, &["d4"]);
    slot::save(&store, &game.game).unwrap();
    assert!(slot::load::<Hex>(&store).unwrap().is_some());
    assert!(game.game.resign(0));
    slot::save(&store, &game.game).unwrap();
    assert_eq!(slot::load::<Hex>(&store).unwrap(), None);
}

#[test]
fn corrupt_save_is_refused_with_message_and_kept() {
    let (_dir, store) = temp_store();
    let key = save_key(GameId::Hex);
    store.set(&key, "{not json").unwrap();
    let err = slot::load::<Hex>(&store).unwrap_err();
    assert!(!err.reason.is_empty());
    assert_eq!(
        store.get(&err.backup_key).as_deref(),
        Some("{not json"),
        "nothing is lost"
    );
    assert_eq!(slot::load::<Hex>(&store).unwrap(), None, "the next start is clean");
    // The slot the home screen reads says why.
    store.set(&key, "[]").unwrap();
    let state = slot::SlotState::<Hex>::load(&store);
    assert!(state.game.is_none());
    assert!(state.load_error.is_some());
}

#[test]
fn save_of_an_unknown_version_or_another_game_is_refused() {
    let game = hotseat(7, false).game;
    let mut save = game.to_save(0);
    save.version = SAVE_VERSION + 1;
    assert_eq!(
        Match::from_save(save.clone(), 0).unwrap_err(),
        SaveError::Version(SAVE_VERSION + 1)
    );
    save.version = 0;
    assert_eq!(Match::from_save(save, 0).unwrap_err(), SaveError::Version(0));
    let mut save = game.to_save(0);
    save.game = Some(GameId::Hadang);
    assert_eq!(
        Match::from_save(save, 0).unwrap_err(),
        SaveError::OtherGame(GameId::Hadang)
    );
}

#[test]
fn x5_save_with_an_illegal_move_is_refused_naming_the_rule() {
    let (_dir, store) = temp_store();
    let game = hotseat(7, false).game;
    let mut save = game.to_save(0);
    save.record.moves = vec![HexMove::Place(c("d4")), HexMove::Place(c("d4"))];
    store
        .set(&save_key(GameId::Hex), &serde_json::to_string(&save).unwrap())
        .unwrap();
    let err = slot::load::<Hex>(&store).unwrap_err();
    assert!(err.reason.contains("X5"), "{}", err.reason);
    assert!(err.reason.contains("move 2"), "{}", err.reason);
}

#[test]
fn x1_save_with_an_unoffered_size_is_refused() {
    let mut save = hotseat(7, false).game.to_save(0);
    save.record.options = HexOptions { size: 8, swap: false };
    let err = Match::from_save(save, 0).unwrap_err().to_string();
    assert!(err.contains("X1"), "{err}");
    let err = Match::<Hex>::new(
        HexOptions { size: 8, swap: false },
        [Player::Human; 2],
        Seat::First,
        Tempo::Unlimited,
        1,
        0,
    )
    .unwrap_err();
    assert_eq!(err.rule, rule::X1);
}

#[test]
fn version_1_save_of_the_old_app_is_resumed() {
    // `HexSave` as the old app wrote it: version 1, `alternate_first`, no
    // game name, no clock, `resigned` for a resignation.
    let text = r#"{"version":1,"record":{"options":{"size":9,"swap":true},"seed":12345,"moves":["e5","swap","c3"]},"players":["Human",{"Bot":"Normal"}],"local":"First","game_index":3,"alternate_first":false,"resigned":null}"#;
    let game = Match::<Hex>::from_save_text(text, 0).expect("a version-1 save resumes");
    assert_eq!(game.ply(), 3);
    assert_eq!(game.players(), [Player::Human, Player::Bot(Level::Normal)]);
    assert_eq!(game.local_seat(), Seat::First);
    assert_eq!(game.game_index(), 3);
    assert!(!game.alternates(), "alternate_first: false is kept");
    assert!(game.position().swapped());
    // After the swap the person (first seat) plays Blue; the bot holds Red.
    assert_eq!(game.position().stone(c("c3")), Some(Colour::Blue));
    assert_eq!(game.position().colour_of(Seat::Second), Colour::Red);
    assert_eq!(game.seat_to_move(), Some(Seat::Second), "the bot is to move");
    assert_eq!(bot_ply(&game), Some(3));
    assert!(!game.is_over());
    // Saved again, it is written in the current version and reads back equal.
    let again = game.to_save_text(0);
    assert!(again.contains(&format!("\"version\":{SAVE_VERSION}")), "{again}");
    assert_eq!(Match::<Hex>::from_save_text(&again, 0).unwrap(), game);

    // A version-1 save of a resigned game keeps the resignation.
    let resigned = r#"{"version":1,"record":{"options":{"size":7,"swap":false},"seed":9,"moves":["d4"]},"players":["Human","Human"],"local":"First","game_index":0,"alternate_first":true,"resigned":"Second"}"#;
    let game = Match::<Hex>::from_save_text(resigned, 0).unwrap();
    let outcome = game.outcome().expect("resigned");
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(outcome.winner, Some(Seat::First));
    assert!(game.alternates());

    // Through the storage slot, under the old key.
    let (_dir, store) = temp_store();
    store.set("hex-game", text).unwrap();
    let loaded = slot::load::<Hex>(&store).unwrap().expect("resumed from the slot");
    assert_eq!(loaded.ply(), 3);
}

#[tokio::test]
async fn bot_runner_answers_off_thread_with_a_legal_move() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let mut game = vs_bot(7, true);
    place(&mut game, &["d4"]);
    let Some(BotJob::Think {
        view, level, seed, ply, ..
    }) = game.game.bot_job()
    else {
        panic!("the bot is to move");
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let decision = papan::bot::think::<Hex>(view, level, seed, cancel)
        .await
        .expect("not cancelled");
    let mv = decision.best.expect("a move");
    game.game.apply_bot_move(ply, mv, 0).unwrap();
    assert!(game.game.is_human_turn());
    assert!((0.0..=1.0).contains(&decision.win_probability));
}

#[tokio::test]
async fn bot_runner_cancelled_returns_nothing() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let game = vs_bot(7, false);
    let Some(BotJob::Think { view, seed, .. }) = game.game.bot_job() else {
        panic!("the bot opens");
    };
    let cancel = Arc::new(AtomicBool::new(true));
    let decision = papan::bot::think::<Hex>(view, Level::Expert, seed, cancel).await;
    assert!(decision.is_none());
}

#[test]
fn remote_seat_is_never_driven_from_here() {
    let options = HexOptions { size: 7, swap: true };
    let mut game = LocalGame::new(
        Match::<Hex>::new(
            options,
            [Player::Remote, Player::Human],
            Seat::Second,
            Tempo::Unlimited,
            3,
            0,
        )
        .unwrap(),
    );
    assert!(!game.game.is_human_turn());
    assert!(game.game.bot_job().is_none());
    assert_eq!(game.game.bot_level(), None);
    assert!(matches!(game.tap(c("d4"), 0), Answer::Ignored(_)));
    assert_eq!(game.game.ply(), 0);
    assert!(!game.can_undo());
    assert!(!game.game.resign(0), "online the server decides a resignation");
    assert_eq!(game.game.last_move(), None);
}

#[test]
fn a_save_with_a_remote_seat_is_refused() {
    let game = Match::<Hex>::new(
        HexOptions { size: 7, swap: false },
        [Player::Human, Player::Remote],
        Seat::First,
        Tempo::Unlimited,
        1,
        0,
    )
    .unwrap();
    let error = Match::from_save(game.to_save(0), 0).unwrap_err();
    assert_eq!(error, SaveError::Online);
    assert!(error.to_string().contains("online"), "{error}");
}

#[test]
fn last_move_names_the_last_move_offline_too() {
    let mut game = hotseat(7, true);
    assert_eq!(game.table().last, None);
    place(&mut game, &["d4"]);
    let table = game.table();
    let (seat, mv) = table.last.expect("a move was made");
    assert_eq!(seat, Seat::First);
    assert_eq!(table.notation(&mv), "d4");
    assert_eq!(game.command(HexCommand::Swap, 0), Answer::Played);
    let table = game.table();
    let (seat, mv) = table.last.unwrap();
    assert_eq!(seat, Seat::Second);
    assert_eq!(table.notation(&mv), "swap");
    assert_eq!(table.history.len(), 2);
}

#[test]
fn tap_state_is_cleared_by_a_move_and_by_undo() {
    let mut game = LocalGame::new(new_match(11, false, Some(Level::Beginner), true, 5));
    game.tap(c("f6"), 0);
    game.tap(c("f6"), 0);
    game.game.apply_bot_move(1, HexMove::Place(c("e5")), 0).unwrap();
    assert_eq!(game.tap(c("b2"), 0), Answer::Changed);
    assert_eq!(game.tap.ghost(), Some(c("b2")));
    assert!(game.undo());
    assert_eq!(game.tap, HexTap::default(), "the preview goes with the undo");
    assert_eq!(game.game.ply(), 0);
}
