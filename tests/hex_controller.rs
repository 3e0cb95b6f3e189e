//! Tap sequences through `HexController`: the tap guard, refusals, swap,
//! undo against the bot, resign, rematch order and the save file.

use papan::controllers::hex::{HexController, HexSave, Player, TapResult, PREVIEW_MIN_SIZE};
use papan::saved_game::{load_hex, save_hex, HEX_SAVE_KEY};
use papan::storage::Store;
use papan_bots::Level;
use papan_rules::hex::{Cell, Colour, HexMove, HexOptions};
use papan_rules::{EndReason, Seat};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn hotseat(size: u8, swap: bool) -> HexController {
    HexController::from_setup(size, swap, None, true, 7).unwrap()
}

fn vs_bot(size: u8, human_first: bool) -> HexController {
    HexController::from_setup(size, false, Some(Level::Beginner), human_first, 42).unwrap()
}

fn temp_store(name: &str) -> Store {
    let dir = std::env::temp_dir().join(format!("papan-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Store::in_dir(dir)
}

#[test]
fn preview_then_confirm_on_11x11() {
    let mut game = hotseat(11, false);
    assert!(game.size() >= PREVIEW_MIN_SIZE);
    assert_eq!(game.tap(c("f6")), TapResult::Preview(c("f6")));
    assert_eq!(game.ghost(), Some(c("f6")));
    assert_eq!(game.ply(), 0, "a preview places nothing");
    assert_eq!(game.tap(c("f6")), TapResult::Placed(c("f6")));
    assert_eq!(game.position().stone(c("f6")), Some(Colour::Red));
    assert_eq!(game.ghost(), None);
}

#[test]
fn tap_elsewhere_moves_the_preview() {
    let mut game = hotseat(13, false);
    assert_eq!(game.tap(c("a1")), TapResult::Preview(c("a1")));
    assert_eq!(game.tap(c("b2")), TapResult::Preview(c("b2")));
    assert_eq!(game.ply(), 0);
    assert_eq!(game.tap(c("b2")), TapResult::Placed(c("b2")));
    assert_eq!(game.position().stone(c("a1")), None);
}

#[test]
fn single_tap_places_on_7x7_and_9x9() {
    for size in [7, 9] {
        let mut game = hotseat(size, false);
        assert_eq!(game.tap(c("d4")), TapResult::Placed(c("d4")), "size {size}");
        assert_eq!(game.tap(c("c4")), TapResult::Placed(c("c4")));
        assert_eq!(game.position().stone(c("c4")), Some(Colour::Blue));
    }
}

#[test]
fn x5_tap_on_occupied_cell_is_refused_with_reason() {
    let mut game = hotseat(7, false);
    game.tap(c("d4"));
    let before = game.clone();
    assert_eq!(game.tap(c("d4")), TapResult::Ignored("toast-occupied"));
    assert_eq!(game, before, "a refused tap changes nothing");
}

#[test]
fn occupied_tap_keeps_the_preview_on_large_boards() {
    let mut game = hotseat(11, false);
    game.tap(c("a1"));
    game.tap(c("a1"));
    game.tap(c("c3"));
    assert_eq!(game.tap(c("a1")), TapResult::Ignored("toast-occupied"));
    assert_eq!(game.ghost(), Some(c("c3")));
}

#[test]
fn taps_ignored_on_the_bots_turn() {
    let mut game = vs_bot(7, false);
    assert_eq!(game.bot_to_move(), Some(Level::Beginner));
    let before = game.clone();
    assert_eq!(game.tap(c("a1")), TapResult::Ignored("toast-wait-bot"));
    assert_eq!(game, before);
}

#[test]
fn x7_swap_offered_only_after_reds_first_stone() {
    let mut game = hotseat(7, true);
    assert!(!game.swap_available());
    assert_eq!(game.swap(), Err("toast-swap-not-allowed"));
    game.tap(c("d4"));
    assert!(game.swap_available());
    game.swap().unwrap();
    assert!(game.position().swapped());
    // The second seat now owns the red stone; the first seat plays Blue next.
    assert_eq!(game.position().colour_of(Seat::Second), Colour::Red);
    assert_eq!(game.seat_to_move(), Some(Seat::First));
    assert_eq!(game.colour_to_move(), Colour::Blue);
    assert!(!game.swap_available(), "swap only once");
}

#[test]
fn x7_swap_not_offered_when_the_option_is_off() {
    let mut game = hotseat(7, false);
    game.tap(c("d4"));
    assert!(!game.swap_available());
    assert_eq!(game.swap(), Err("toast-swap-not-allowed"));
    assert_eq!(game.ply(), 1);
}

#[test]
fn undo_vs_bot_takes_back_the_bots_reply_too() {
    let mut game = vs_bot(7, true);
    assert!(!game.can_undo(), "nothing to undo yet");
    game.tap(c("d4"));
    let ply = game.ply();
    game.apply_bot_move(ply, HexMove::Place(c("c5"))).unwrap();
    game.tap(c("e2"));
    game.apply_bot_move(game.ply(), HexMove::Place(c("a1"))).unwrap();
    assert_eq!(game.ply(), 4);
    assert!(game.can_undo());
    assert!(game.undo());
    assert_eq!(game.ply(), 2);
    assert_eq!(game.position().stone(c("e2")), None);
    assert_eq!(game.position().stone(c("a1")), None);
    assert_eq!(game.position().stone(c("c5")), Some(Colour::Blue));
    assert!(game.is_human_turn());
    assert!(game.undo());
    assert_eq!(game.ply(), 0);
    assert!(!game.undo());
}

#[test]
fn undo_when_bot_started_keeps_the_bots_opening() {
    let mut game = vs_bot(7, false);
    game.apply_bot_move(0, HexMove::Place(c("d4"))).unwrap();
    assert!(!game.can_undo(), "the person has not moved yet");
    game.tap(c("c4"));
    game.apply_bot_move(2, HexMove::Place(c("e3"))).unwrap();
    assert!(game.undo());
    assert_eq!(game.ply(), 1);
    assert_eq!(game.position().stone(c("d4")), Some(Colour::Red));
}

#[test]
fn stale_bot_move_is_dropped() {
    let mut game = vs_bot(7, true);
    game.tap(c("d4"));
    assert!(game.apply_bot_move(0, HexMove::Place(c("a1"))).is_err());
    assert_eq!(game.ply(), 1);
}

#[test]
fn resign_ends_the_game_for_the_person() {
    let mut game = vs_bot(9, true);
    game.tap(c("e5"));
    assert!(game.resign());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(outcome.winner, Some(Seat::Second));
    assert_eq!(game.winner_kind(), Some("bot"));
    assert_eq!(game.result_keys(), Some(("result-bot-wins", "reason-you-resigned")));
    assert_eq!(game.tap(c("a1")), TapResult::Ignored("toast-game-over"));
    assert!(!game.resign(), "cannot resign twice");
}

#[test]
fn x9_connection_win_reported_with_colour_between_people() {
    let mut game = hotseat(7, false);
    // Red fills column a top to bottom; Blue plays column g.
    for row in 1..=7u8 {
        game.tap(c(&format!("a{row}")));
        if row < 7 {
            game.tap(c(&format!("g{row}")));
        }
    }
    assert!(game.is_over());
    assert_eq!(game.winner_kind(), Some("red"));
    assert_eq!(game.result_keys(), Some(("result-red-wins", "reason-connection")));
    assert_eq!(game.position().winning_chain().len(), 7);
}

#[test]
fn x14_two_people_share_the_device_or_one_plays_the_bot() {
    // Two people: both seats are human and every tap plays for the seat to move.
    let mut table = hotseat(7, false);
    assert_eq!(table.players(), [Player::Human, Player::Human]);
    assert_eq!(table.tap(c("d4")), TapResult::Placed(c("d4")));
    assert_eq!(table.tap(c("c5")), TapResult::Placed(c("c5")));
    assert_eq!(table.position().stone(c("c5")), Some(Colour::Blue));
    assert_eq!(table.bot_to_move(), None);

    // Alone: the other seat is the bot, and taps wait for the person's turn.
    let mut alone = vs_bot(7, false);
    assert_eq!(alone.players(), [Player::Bot(Level::Beginner), Player::Human]);
    assert_eq!(alone.bot_to_move(), Some(Level::Beginner));
    assert!(matches!(alone.tap(c("d4")), TapResult::Ignored(_)));
    assert_eq!(alone.ply(), 0, "a tap on the bot's turn places nothing");
}

#[test]
fn x8_rematch_alternates_who_plays_red() {
    let mut game = vs_bot(7, true);
    game.resign();
    let next = game.rematch().unwrap();
    assert_eq!(next.game_index(), 1);
    assert_eq!(next.ply(), 0);
    assert_eq!(next.local_seat(), Seat::Second);
    assert_eq!(next.players(), [Player::Bot(Level::Beginner), Player::Human]);
    assert_eq!(next.bot_to_move(), Some(Level::Beginner), "the bot opens game 2");
    assert_ne!(next.record().seed, game.record().seed);
    let third = next.rematch().unwrap();
    assert_eq!(third.local_seat(), Seat::First);
    assert_eq!(third.players(), [Player::Human, Player::Bot(Level::Beginner)]);
    assert_eq!(third.game_index(), 2);
}

#[test]
fn x8_rematch_between_people_alternates_the_local_seat() {
    let game = hotseat(7, false);
    let next = game.rematch().unwrap();
    assert_eq!(next.local_seat(), Seat::Second);
    assert_eq!(next.players(), [Player::Human, Player::Human]);
}

#[test]
fn x8_rematch_keeps_order_when_alternation_is_off() {
    let mut game = vs_bot(7, true);
    game.set_alternate_first(false);
    let next = game.rematch().unwrap();
    assert_eq!(next.local_seat(), Seat::First);
    assert_eq!(next.players(), game.players());
}

#[test]
fn bot_seed_depends_on_ply_and_record_seed() {
    let mut game = vs_bot(7, true);
    let s0 = game.bot_seed();
    game.tap(c("d4"));
    assert_ne!(game.bot_seed(), s0);
    let again = vs_bot(7, true);
    assert_eq!(again.bot_seed(), s0, "same record, same seed");
}

#[test]
fn save_and_load_round_trip() {
    let store = temp_store("roundtrip");
    let mut game = hotseat(11, true);
    game.tap(c("f6"));
    game.tap(c("f6"));
    game.swap().unwrap();
    save_hex(&store, &game).unwrap();
    let loaded = load_hex(&store).unwrap().expect("a saved game");
    assert_eq!(loaded, game);
    assert_eq!(HexController::from_save_text(&game.to_save_text()).unwrap(), game);
}

#[test]
fn finished_game_clears_the_save() {
    let store = temp_store("finished");
    let mut game = hotseat(7, false);
    game.tap(c("d4"));
    save_hex(&store, &game).unwrap();
    game.resign();
    save_hex(&store, &game).unwrap();
    assert_eq!(load_hex(&store).unwrap(), None);
}

#[test]
fn corrupt_save_is_refused_with_message_and_kept() {
    let store = temp_store("corrupt");
    store.set(HEX_SAVE_KEY, "{not json").unwrap();
    let err = load_hex(&store).unwrap_err();
    assert!(!err.reason.is_empty());
    assert_eq!(
        store.get(&err.backup_key).as_deref(),
        Some("{not json"),
        "nothing is lost"
    );
    assert_eq!(load_hex(&store).unwrap(), None, "the next start is clean");
}

#[test]
fn x5_save_with_an_illegal_move_is_refused_naming_the_rule() {
    let store = temp_store("illegal");
    let game = hotseat(7, false);
    let mut save: HexSave = game.to_save();
    save.record.moves = vec![HexMove::Place(c("d4")), HexMove::Place(c("d4"))];
    store.set(HEX_SAVE_KEY, &serde_json::to_string(&save).unwrap()).unwrap();
    let err = load_hex(&store).unwrap_err();
    assert!(err.reason.contains("X5"), "{}", err.reason);
    assert!(err.reason.contains("move 2"), "{}", err.reason);
}

#[test]
fn x1_save_with_an_unoffered_size_is_refused() {
    let mut save = hotseat(7, false).to_save();
    save.record.options = HexOptions { size: 8, swap: false };
    let err = HexController::from_save(save).unwrap_err();
    assert!(err.contains("X1"), "{err}");
}

#[tokio::test]
async fn bot_runner_answers_off_thread_with_a_legal_move() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let mut game = vs_bot(7, true);
    game.tap(c("d4"));
    let level = game.bot_to_move().unwrap();
    let cancel = Arc::new(AtomicBool::new(false));
    let decision = papan::bot::think_hex(game.position().clone(), level, game.bot_seed(), cancel)
        .await
        .expect("not cancelled");
    let mv = decision.best.expect("a move");
    let ply = game.ply();
    game.apply_bot_move(ply, mv).unwrap();
    assert!(game.is_human_turn());
    assert!((0.0..=1.0).contains(&decision.win_probability));
}

#[tokio::test]
async fn bot_runner_cancelled_returns_nothing() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let game = vs_bot(7, false);
    let cancel = Arc::new(AtomicBool::new(true));
    let decision = papan::bot::think_hex(game.position().clone(), Level::Expert, game.bot_seed(), cancel).await;
    assert!(decision.is_none());
}

#[test]
fn remote_seat_waits_for_the_opponent_and_offers_no_undo() {
    let options = HexOptions { size: 7, swap: true };
    let mut game = HexController::new(options, [Player::Remote, Player::Human], Seat::Second, 3).unwrap();
    assert!(game.is_online());
    assert!(!game.is_human_turn());
    assert_eq!(game.bot_to_move(), None);
    assert_eq!(game.bot_level(), None);
    assert_eq!(game.tap(c("d4")), TapResult::Ignored("toast-wait-opponent"));
    assert!(!game.can_undo());
    assert!(!game.resign(), "online the server decides a resignation");
    assert_eq!(game.last_move_text(), None);
}

#[test]
fn a_save_with_a_remote_seat_is_refused() {
    let game = HexController::online(HexOptions { size: 7, swap: false }, Seat::First, &["d4".into()], None).unwrap();
    let error = HexController::from_save(game.to_save()).unwrap_err();
    assert!(error.contains("online"), "{error}");
}

#[test]
fn last_move_text_names_the_last_move_offline_too() {
    let mut game = hotseat(7, true);
    assert_eq!(game.last_move_text(), None);
    game.tap(c("d4"));
    assert_eq!(game.last_move_text().as_deref(), Some("d4"));
    game.swap().unwrap();
    assert_eq!(game.last_move_text().as_deref(), Some("swap"));
}
