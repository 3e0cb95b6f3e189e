//! Tap sequences through `HadangController`: pawn moves (select, direct,
//! jump), wall preview / confirm / cancel, refusals with the rule's reason,
//! undo against the bot, resignation, the clock with a fake time source,
//! rematch and the save file.

use papan::controllers::hadang::{bot_thinker, rule_key, HadangController, HadangSave, Player, Selection, TapResult};
use papan::i18n::{tr, Lang};
use papan_bots::{Level, Thinker};
use papan_rules::clock::Tempo;
use papan_rules::hadang::{HadangMove, Square, Wall};
use papan_rules::{EndReason, Game, Seat};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn wall(name: &str) -> Wall {
    name.parse().unwrap()
}

fn hotseat() -> HadangController {
    HadangController::from_setup(None, true, Tempo::Unlimited, 7, 0)
}

fn vs_bot(human_first: bool, tempo: Tempo) -> HadangController {
    HadangController::from_setup(Some(Level::Beginner), human_first, tempo, 42, 0)
}

/// Plays pawn steps by direct taps, failing loudly if one is not a step.
fn steps(game: &mut HadangController, cells: &[&str]) {
    for cell in cells {
        assert_eq!(
            game.tap_cell(sq(cell), 0),
            TapResult::Stepped(sq(cell)),
            "step to {cell}"
        );
    }
}

/// Places a wall by preview + confirm.
fn place(game: &mut HadangController, name: &str) {
    assert_eq!(game.tap_groove(wall(name), 0), TapResult::Preview(wall(name)));
    assert_eq!(game.tap_groove(wall(name), 0), TapResult::Placed(wall(name)));
}

#[test]
fn pawn_select_then_target_moves_it() {
    let mut game = hotseat();
    assert_eq!(game.tap_cell(sq("e1"), 0), TapResult::Selected);
    assert_eq!(game.selection(), Selection::Pawn);
    let mut targets = game.targets();
    targets.sort();
    assert_eq!(targets, vec![sq("d1"), sq("f1"), sq("e2")]);
    assert_eq!(game.tap_cell(sq("e2"), 0), TapResult::Stepped(sq("e2")));
    assert_eq!(game.position().pawn(Seat::First), sq("e2"));
    assert_eq!(game.seat_to_move(), Some(Seat::Second));
    assert_eq!(game.selection(), Selection::None);
    assert_eq!(game.record().moves, vec![HadangMove::Step(sq("e2"))]);
}

#[test]
fn direct_tap_on_target_moves_without_selecting() {
    let mut game = hotseat();
    assert_eq!(game.tap_cell(sq("d1"), 0), TapResult::Stepped(sq("d1")));
    assert_eq!(game.position().pawn(Seat::First), sq("d1"));
}

#[test]
fn tap_on_a_non_target_changes_nothing() {
    let mut game = hotseat();
    let before = game.clone();
    assert!(matches!(game.tap_cell(sq("e3"), 0), TapResult::Ignored(_)));
    assert_eq!(game, before);
    // With the pawn selected, a stray tap drops the selection only.
    game.tap_cell(sq("e1"), 0);
    assert_eq!(game.tap_cell(sq("a5"), 0), TapResult::Cleared);
    assert_eq!(game, before);
}

#[test]
fn h7_jump_over_the_opponent_is_a_highlighted_target() {
    let mut game = hotseat();
    steps(&mut game, &["e2", "e8", "e3", "e7", "e4", "e6", "e5"]);
    // Player 2 on e6 faces Player 1 on e5: straight over to e4.
    assert!(game.targets().contains(&sq("e4")), "{:?}", game.targets());
    assert!(!game.targets().contains(&sq("e5")), "never onto the opponent (H9)");
    assert_eq!(game.tap_cell(sq("e4"), 0), TapResult::Stepped(sq("e4")));
    assert_eq!(game.position().pawn(Seat::Second), sq("e4"));
}

#[test]
fn h8_side_steps_when_the_jump_is_walled() {
    let mut game = hotseat();
    steps(&mut game, &["e2", "e8", "e3", "e7", "e4", "e6", "d4", "e5", "e4"]);
    // Player 2 on e5 walls its own back (e5h closes e5→e6).
    place(&mut game, "e5h");
    // Player 1 on e4 faces e5: no straight jump, side-steps to d5 and f5.
    let targets = game.targets();
    assert!(
        targets.contains(&sq("d5")) && targets.contains(&sq("f5")),
        "{targets:?}"
    );
    assert!(!targets.contains(&sq("e6")), "{targets:?}");
    assert_eq!(game.tap_cell(sq("f5"), 0), TapResult::Stepped(sq("f5")));
    assert_eq!(game.position().pawn(Seat::First), sq("f5"));
}

#[test]
fn wall_preview_then_confirm_places_it() {
    let mut game = hotseat();
    assert_eq!(game.tap_groove(wall("e3h"), 0), TapResult::Preview(wall("e3h")));
    assert_eq!(game.ghost_wall(), Some(wall("e3h")));
    assert!(game.position().walls_placed().is_empty(), "a preview is not a move");
    assert_eq!(game.ply(), 0);
    assert_eq!(game.tap_groove(wall("e3h"), 0), TapResult::Placed(wall("e3h")));
    assert_eq!(game.ghost_wall(), None);
    assert_eq!(game.position().walls_left(Seat::First), 9);
    assert_eq!(game.position().walls_placed()[0].wall, wall("e3h"));
    assert_eq!(game.seat_to_move(), Some(Seat::Second));
}

#[test]
fn wall_preview_then_cancel_or_move_places_nothing() {
    let mut game = hotseat();
    let before = game.clone();
    game.tap_groove(wall("e3h"), 0);
    assert!(game.targets().is_empty(), "no pawn highlights under a wall preview");
    // A tap on a cell, even a pawn target, only drops the preview.
    assert_eq!(game.tap_cell(sq("e2"), 0), TapResult::Cleared);
    assert_eq!(game, before);
    // Another groove moves the preview; clearing drops it.
    game.tap_groove(wall("e3h"), 0);
    assert_eq!(game.tap_groove(wall("c5v"), 0), TapResult::Preview(wall("c5v")));
    assert_eq!(game.ghost_wall(), Some(wall("c5v")));
    game.clear_selection();
    assert_eq!(game, before);
}

#[test]
fn h13_wall_may_not_close_the_last_path_and_state_is_unchanged() {
    let mut game = hotseat();
    place(&mut game, "d1v");
    steps(&mut game, &["e8"]);
    place(&mut game, "e1v");
    steps(&mut game, &["e7"]);
    // e1/e2 are boxed on both sides; a lid on e2 would shut Player 1 in.
    game.tap_groove(wall("e2h"), 0); // a legal preview first, to see it dropped
    let before_ply = game.ply();
    let before_position = *game.position();
    match game.tap_groove(wall("d2h"), 0) {
        TapResult::Refused { rule, message } => {
            assert_eq!(rule, "H13");
            assert!(message.contains("last path"), "{message}");
            assert_eq!(rule_key(rule), "hadang-refused-h13");
            assert!(tr(Lang::En, rule_key(rule)).contains("last path"));
            assert!(tr(Lang::Id, rule_key(rule)).contains("jalur terakhir"));
        }
        other => panic!("expected an H13 refusal, got {other:?}"),
    }
    assert_eq!(game.ply(), before_ply);
    assert_eq!(*game.position(), before_position);
    assert_eq!(game.ghost_wall(), None);
    assert_eq!(game.position().walls_left(Seat::First), 8);
}

#[test]
fn h12_crossing_wall_is_refused_with_its_rule() {
    let mut game = hotseat();
    place(&mut game, "e3h");
    match game.tap_groove(wall("e3v"), 0) {
        TapResult::Refused { rule, .. } => assert_eq!(rule, "H12"),
        other => panic!("expected H12, got {other:?}"),
    }
    match game.tap_groove(wall("f3h"), 0) {
        TapResult::Refused { rule, .. } => assert_eq!(rule, "H12", "half overlap"),
        other => panic!("expected H12, got {other:?}"),
    }
    assert_eq!(game.ply(), 1);
}

#[test]
fn h10_no_walls_left_is_refused() {
    let mut game = hotseat();
    let walls = ["a2h", "c2h", "e2h", "g2h", "a4h", "c4h", "e4h", "g4h", "a6h", "c6h"];
    let shuffle = ["e8", "e9"];
    for (i, w) in walls.iter().enumerate() {
        place(&mut game, w);
        steps(&mut game, &[shuffle[i % 2]]);
    }
    assert_eq!(game.position().walls_left(Seat::First), 0);
    match game.tap_groove(wall("a8h"), 0) {
        TapResult::Refused { rule, .. } => {
            assert_eq!(rule, "H10");
            assert_eq!(rule_key(rule), "hadang-refused-h10");
        }
        other => panic!("expected H10, got {other:?}"),
    }
}

#[test]
fn taps_on_the_bots_turn_are_ignored() {
    let mut game = vs_bot(false, Tempo::Unlimited);
    assert_eq!(game.bot_to_move(), Some(Level::Beginner));
    let before = game.clone();
    assert!(matches!(
        game.tap_cell(sq("e2"), 0),
        TapResult::Ignored("hadang-toast-wait-bot")
    ));
    assert!(matches!(game.tap_groove(wall("e3h"), 0), TapResult::Ignored(_)));
    assert_eq!(game, before);
    assert!(game.targets().is_empty(), "no highlights on the bot's turn");
}

#[test]
fn undo_against_the_bot_takes_back_both_moves() {
    let mut game = vs_bot(true, Tempo::Unlimited);
    assert!(!game.can_undo());
    steps(&mut game, &["e2"]);
    assert_eq!(game.bot_to_move(), Some(Level::Beginner));
    assert!(!game.can_undo(), "not while the bot is to move");
    game.apply_bot_move(1, HadangMove::Step(sq("e8")), 0).unwrap();
    assert!(game.can_undo());
    assert!(game.undo());
    assert_eq!(game.ply(), 0);
    assert_eq!(game.position().pawn(Seat::First), sq("e1"));
    assert_eq!(game.position().pawn(Seat::Second), sq("e9"));
    assert!(game.is_human_turn());
    // Between two people there is no undo.
    let mut people = hotseat();
    steps(&mut people, &["e2"]);
    assert!(!people.can_undo());
}

#[test]
fn stale_bot_move_is_dropped() {
    let mut game = vs_bot(true, Tempo::Unlimited);
    steps(&mut game, &["e2"]);
    assert!(game.apply_bot_move(0, HadangMove::Step(sq("e8")), 0).is_err());
    assert_eq!(game.ply(), 1);
}

#[test]
fn h17_resign_against_the_bot_gives_the_bot_the_win() {
    let mut game = vs_bot(true, Tempo::Unlimited);
    steps(&mut game, &["e2"]);
    game.apply_bot_move(1, HadangMove::Step(sq("e8")), 0).unwrap();
    assert!(game.resign(0));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Seat::Second));
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(game.winner_kind(), Some("bot"));
    assert_eq!(
        game.result_keys(),
        Some(("hadang-result-bot-wins", "hadang-reason-you-resigned"))
    );
    assert!(!game.resign(0), "only once");
    assert!(matches!(
        game.tap_cell(sq("e3"), 0),
        TapResult::Ignored("hadang-toast-game-over")
    ));
}

#[test]
fn h15_reaching_the_goal_ends_the_game() {
    let mut game = hotseat();
    // Player 1 runs up the d file, Player 2 up and down on the i side.
    steps(
        &mut game,
        &[
            "d1", "f9", "d2", "g9", "d3", "h9", "d4", "i9", "d5", "i8", "d6", "i9", "d7", "i8", "d8", "i9", "d9",
        ],
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::GoalReached);
    assert_eq!(outcome.winner, Some(Seat::First));
    assert_eq!(
        game.result_keys(),
        Some(("hadang-result-p1-wins", "hadang-reason-goal"))
    );
}

#[test]
fn h16_clock_runs_only_on_the_owners_turn_and_flag_loses() {
    // Fake time: every call passes its own now.
    let tempo = Tempo::hadang(1, 0).unwrap();
    let mut game = HadangController::from_setup(None, true, tempo, 7, 1_000);
    assert_eq!(game.time_left(Seat::First, 1_000), Some(60_000));
    assert_eq!(game.tap_cell(sq("e2"), 5_000), TapResult::Stepped(sq("e2")));
    // Player 1 spent 4 s; from now only Player 2's time runs.
    assert_eq!(game.time_left(Seat::First, 30_000), Some(56_000));
    assert_eq!(game.time_left(Seat::Second, 30_000), Some(35_000));
    assert!(game.clock().is_low(Seat::Second, 60_000));
    assert!(!game.tick(64_999));
    assert!(!game.is_over());
    assert!(game.tick(65_000));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Timeout);
    assert_eq!(outcome.winner, Some(Seat::First));
    assert_eq!(
        game.result_keys(),
        Some(("hadang-result-p1-wins", "hadang-reason-time"))
    );
}

#[test]
fn h16_a_move_after_the_flag_does_not_count() {
    let tempo = Tempo::hadang(1, 0).unwrap();
    let mut game = HadangController::from_setup(None, true, tempo, 7, 0);
    // The tap arrives after the clock hit zero, before any tick noticed.
    assert!(matches!(
        game.tap_cell(sq("e2"), 61_000),
        TapResult::Refused { rule: "H16", .. }
    ));
    assert_eq!(game.ply(), 0);
    assert_eq!(game.outcome().unwrap().reason, EndReason::Timeout);
    assert_eq!(game.outcome().unwrap().winner, Some(Seat::Second));
}

#[test]
fn h16_bot_think_time_counts_on_its_clock_and_increment_is_added() {
    let mut game = vs_bot(true, Tempo::hadang(3, 2).unwrap());
    assert_eq!(game.tap_cell(sq("e2"), 2_000), TapResult::Stepped(sq("e2")));
    assert_eq!(game.time_left(Seat::First, 2_000), Some(180_000));
    // The bot thinks for 10 s.
    game.apply_bot_move(1, HadangMove::Step(sq("e8")), 12_000).unwrap();
    assert_eq!(game.time_left(Seat::Second, 12_000), Some(172_000));
    assert_eq!(game.clock().running(), Some(Seat::First));
}

#[test]
fn no_clock_means_no_time() {
    let game = vs_bot(true, Tempo::Unlimited);
    assert_eq!(game.time_left(Seat::First, 1_000_000), None);
    assert_eq!(game.time_to_flag(1_000_000), None);
}

#[test]
fn save_round_trip_keeps_moves_clock_and_paths_toggle() {
    let mut game = vs_bot(true, Tempo::hadang(5, 0).unwrap());
    game.set_show_paths(false);
    steps(&mut game, &["e2"]);
    game.apply_bot_move(1, HadangMove::Wall(wall("e2h")), 10_000).unwrap();
    // Saved at 15 s on this page, reopened where the time origin is 500.
    let text = game.to_save_text(15_000);
    let back = HadangController::from_save_text(&text, 500).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.record(), game.record());
    assert!(!back.show_paths());
    assert_eq!(back.time_left(Seat::First, 500), game.time_left(Seat::First, 15_000));
    assert_eq!(back.time_left(Seat::First, 1_500), Some(300_000 - 5_000 - 1_000));
    // A corrupt move list is refused with the rule it breaks.
    let mut save: HadangSave = serde_json::from_str(&text).unwrap();
    save.record.moves.push(HadangMove::Step(sq("a9")));
    let error = HadangController::from_save(save, 0).unwrap_err();
    assert!(error.contains("H6"), "{error}");
}

#[test]
fn rematch_swaps_who_starts_and_keeps_the_tempo() {
    let tempo = Tempo::hadang(3, 2).unwrap();
    let mut game = vs_bot(true, tempo);
    game.resign(0);
    let next = game.rematch(0);
    assert!(!next.is_over());
    assert_eq!(next.players(), [Player::Bot(Level::Beginner), Player::Human]);
    assert_eq!(next.local_seat(), Seat::Second);
    assert_eq!(next.clock().tempo(), tempo);
    assert_eq!(next.bot_to_move(), Some(Level::Beginner));
    assert_ne!(next.record().seed, game.record().seed);
}

#[test]
fn bot_thinker_names_a_legal_move_from_the_seats_view() {
    let game = vs_bot(false, Tempo::Unlimited);
    let view = game.position().view(Seat::First);
    let mut thinker = bot_thinker(&view, Level::Beginner, game.bot_seed());
    let mut slices = 0;
    while thinker.think(16) && slices < 100 {
        slices += 1;
    }
    let mv = thinker.decision().best.expect("a move at the start");
    let mut position = *game.position();
    position.play(&mv).expect("the bot's move is legal");
}

#[test]
fn remote_seat_waits_for_the_opponent_and_offers_no_undo() {
    let mut game = HadangController::new([Player::Remote, Player::Human], Seat::Second, Tempo::Unlimited, 1, 0);
    assert!(game.is_online());
    assert!(!game.is_human_turn());
    assert_eq!(game.bot_to_move(), None);
    assert_eq!(game.bot_level(), None);
    assert_eq!(game.tap_cell(sq("e2"), 0), TapResult::Ignored("toast-wait-opponent"));
    assert_eq!(
        game.tap_groove(wall("d4h"), 0),
        TapResult::Ignored("toast-wait-opponent")
    );
    assert!(!game.can_undo());
    assert!(!game.resign(0));
}

#[test]
fn last_move_text_names_steps_and_walls() {
    let mut game = hotseat();
    assert_eq!(game.last_move_text(), None);
    steps(&mut game, &["e2"]);
    assert_eq!(game.last_move_text().as_deref(), Some("e2"));
    place(&mut game, "d4h");
    assert_eq!(game.last_move_text().as_deref(), Some("d4h"));
    let error = HadangController::from_save(
        HadangController::online(Seat::First, &["e2".into()], None, 0)
            .unwrap()
            .to_save(0),
        0,
    )
    .unwrap_err();
    assert!(error.contains("online"), "{error}");
}
