//! HADANG as a person plays it on this device, UI-free: tap sequences
//! through `LocalGame` — pawn moves (select, direct, jump), wall preview /
//! confirm / cancel, refusals with the rule — undo against the bot,
//! resignation, the clock with fake times, rematch and the save file.

use papan::games::hadang::tap::{HadangCommand, HadangInput, Selection};
use papan::i18n::{rule_key, tr, tr_args, Lang};
use papan::play::matches::BotJob;
use papan::play::player::from_setup;
use papan::play::save::{SaveError, SavedMatch, SAVE_VERSION};
use papan::play::{Answer, LocalGame, Match, Player, TapState};
use papan::shell::offline::{result_info, seating};
use papan::shell::result::ResultInfo;
use papan_bots::{Bot, Level, Thinker};
use papan_rules::clock::Tempo;
use papan_rules::hadang::{Hadang, HadangMove, HadangOptions, Square, Wall};
use papan_rules::{rule, EndReason, Game, RuleError, RuleId, Seat};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn wall(name: &str) -> Wall {
    name.parse().unwrap()
}

fn cell(name: &str) -> HadangInput {
    HadangInput::Cell(sq(name))
}

fn crossing(name: &str) -> HadangInput {
    HadangInput::Crossing(sq(name))
}

/// Chooses wall `name` as a person does: Wall, its crossing, and Rotate
/// when the crossing shows the other orientation. The last answer.
fn preview(game: &mut LocalGame<Hadang>, name: &str) -> Answer {
    let wanted = wall(name);
    if !game.tap.wall_mode() {
        let answer = game.command(HadangCommand::Walls, 0);
        if answer != Answer::Changed {
            return answer;
        }
    }
    let answer = game.tap(HadangInput::Crossing(wanted.anchor()), 0);
    if game.tap.ghost_wall() == Some(wanted) {
        return answer;
    }
    game.command(HadangCommand::RotateWall, 0)
}

fn new_match(opponent: Option<Level>, local_first: bool, tempo: Tempo, seed: u64, now_ms: u64) -> Match<Hadang> {
    let local = if local_first { Seat::First } else { Seat::Second };
    Match::new(
        HadangOptions {},
        from_setup(opponent, local_first),
        local,
        tempo,
        seed,
        now_ms,
    )
    .unwrap()
}

fn hotseat() -> LocalGame<Hadang> {
    LocalGame::new(new_match(None, true, Tempo::Unlimited, 7, 0))
}

fn vs_bot(human_first: bool, tempo: Tempo) -> LocalGame<Hadang> {
    LocalGame::new(new_match(Some(Level::Beginner), human_first, tempo, 42, 0))
}

/// Plays pawn steps by direct taps, failing loudly if one is not a step.
fn steps(game: &mut LocalGame<Hadang>, cells: &[&str]) {
    for name in cells {
        assert_eq!(game.tap(cell(name), 0), Answer::Played, "step to {name}");
    }
}

/// Places a wall by preview + Place.
fn place(game: &mut LocalGame<Hadang>, name: &str) {
    assert_eq!(preview(game, name), Answer::Changed, "preview {name}");
    assert_eq!(game.tap.ghost_wall(), Some(wall(name)));
    assert_eq!(
        game.command(HadangCommand::PlaceWall, 0),
        Answer::Played,
        "place {name}"
    );
}

fn refusal(answer: Answer) -> RuleError {
    match answer {
        Answer::Refused(refusal) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn targets(game: &LocalGame<Hadang>) -> Vec<Square> {
    let mut targets = game.tap.targets(&game.table());
    targets.sort();
    targets
}

fn bot_ply(game: &Match<Hadang>) -> Option<usize> {
    match game.bot_job()? {
        BotJob::Think { ply, .. } => Some(ply),
        BotJob::Roll => None,
    }
}

fn card(game: &Match<Hadang>) -> ResultInfo {
    result_info(Lang::En, seating(game), &game.table(), Vec::new()).expect("the game is over")
}

fn player(seat: Seat) -> String {
    tr(
        Lang::En,
        match seat {
            Seat::First => "player-1",
            Seat::Second => "player-2",
        },
    )
}

#[test]
fn pawn_select_then_target_moves_it() {
    let mut game = hotseat();
    assert_eq!(game.tap(cell("e1"), 0), Answer::Changed);
    assert_eq!(game.tap.selection(), Selection::Pawn);
    assert_eq!(targets(&game), vec![sq("d1"), sq("f1"), sq("e2")]);
    assert_eq!(game.tap(cell("e2"), 0), Answer::Played);
    assert_eq!(game.game.position().pawn(Seat::First), sq("e2"));
    assert_eq!(game.game.seat_to_move(), Some(Seat::Second));
    assert_eq!(game.tap.selection(), Selection::None);
    assert_eq!(game.game.record().moves, vec![HadangMove::Step(sq("e2"))]);
}

#[test]
fn direct_tap_on_target_moves_without_selecting() {
    let mut game = hotseat();
    assert_eq!(game.tap(cell("d1"), 0), Answer::Played);
    assert_eq!(game.game.position().pawn(Seat::First), sq("d1"));
}

#[test]
fn h6_tap_on_a_non_target_is_refused_by_its_rule_and_changes_nothing() {
    let mut game = hotseat();
    let before = game.clone();
    match game.tap(cell("e3"), 0) {
        Answer::Refused(e) => assert_eq!(e.rule, papan_rules::rule::H6, "{e}"),
        other => panic!("two cells at once is refused by H6, got {other:?}"),
    }
    assert_eq!(game, before);
    // With the pawn selected, a stray tap is refused and drops the selection.
    game.tap(cell("e1"), 0);
    assert!(matches!(game.tap(cell("a5"), 0), Answer::Refused(_)));
    assert_eq!(game, before);
    // Tapping the selected pawn again drops the selection too.
    game.tap(cell("e1"), 0);
    assert_eq!(game.tap(cell("e1"), 0), Answer::Changed);
    assert_eq!(game, before);
}

#[test]
fn h7_jump_over_the_opponent_is_a_highlighted_target() {
    let mut game = hotseat();
    steps(&mut game, &["e2", "e8", "e3", "e7", "e4", "e6", "e5"]);
    // Player 2 on e6 faces Player 1 on e5: straight over to e4.
    let targets = targets(&game);
    assert!(targets.contains(&sq("e4")), "{targets:?}");
    assert!(!targets.contains(&sq("e5")), "never onto the opponent (H9)");
    assert_eq!(game.tap(cell("e4"), 0), Answer::Played);
    assert_eq!(game.game.position().pawn(Seat::Second), sq("e4"));
}

#[test]
fn h8_side_steps_when_the_jump_is_walled() {
    let mut game = hotseat();
    steps(&mut game, &["e2", "e8", "e3", "e7", "e4", "e6", "d4", "e5", "e4"]);
    // Player 2 on e5 walls its own back (e5h closes e5→e6).
    place(&mut game, "e5h");
    // Player 1 on e4 faces e5: no straight jump, side-steps to d5 and f5.
    let targets = targets(&game);
    assert!(
        targets.contains(&sq("d5")) && targets.contains(&sq("f5")),
        "{targets:?}"
    );
    assert!(!targets.contains(&sq("e6")), "{targets:?}");
    assert_eq!(game.tap(cell("f5"), 0), Answer::Played);
    assert_eq!(game.game.position().pawn(Seat::First), sq("f5"));
}

#[test]
fn wall_mode_then_crossing_rotate_and_place() {
    let mut game = hotseat();
    let prompt = |game: &LocalGame<Hadang>| game.tap.prompt(&game.table()).map(|p| p.key);
    let testids =
        |game: &LocalGame<Hadang>| -> Vec<&str> { game.tap.buttons(&game.table()).iter().map(|b| b.testid).collect() };
    assert_eq!(testids(&game), ["wall-mode", "toggle-paths"]);
    assert_eq!(game.command(HadangCommand::Walls, 0), Answer::Changed);
    assert_eq!(prompt(&game), Some("hadang-status-pick-crossing"));
    assert_eq!(testids(&game), ["wall-cancel"], "only the wall's own buttons");
    assert!(game.tap.buttons(&game.table()).iter().all(|b| b.modal));
    assert_eq!(game.tap(crossing("e3"), 0), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("e3h")), "horizontal first");
    assert_eq!(prompt(&game), Some("hadang-status-confirm-wall"));
    assert_eq!(testids(&game), ["wall-cancel", "wall-rotate", "wall-place"]);
    assert_eq!(game.tap(crossing("e3"), 0), Answer::Changed);
    assert_eq!(
        game.tap.ghost_wall(),
        Some(wall("e3v")),
        "the same crossing again turns it"
    );
    assert_eq!(game.command(HadangCommand::RotateWall, 0), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("e3h")));
    assert!(
        game.game.position().walls_placed().is_empty(),
        "a preview is not a move"
    );
    assert_eq!(game.game.ply(), 0);
    assert_eq!(game.command(HadangCommand::PlaceWall, 0), Answer::Played);
    assert_eq!(game.tap.ghost_wall(), None);
    assert!(!game.tap.wall_mode(), "placing ends the wall mode");
    assert_eq!(game.game.position().walls_left(Seat::First), 9);
    assert_eq!(game.game.position().walls_placed()[0].wall, wall("e3h"));
    assert_eq!(game.game.seat_to_move(), Some(Seat::Second));
    // Player 2's next crossing starts from the orientation used last.
    assert_eq!(preview(&mut game, "c6v"), Answer::Changed);
    game.command(HadangCommand::CancelWall, 0);
    game.command(HadangCommand::Walls, 0);
    assert_eq!(game.tap(crossing("d4"), 0), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("d4v")));
}

/// Issue 33: a finger that taps twice in one spot must never place a wall.
/// The second tap lands on the previewed crossing or on the preview's own
/// tap area (it lies over the neighbouring crossings' tiles): both turn the
/// wall; only Place plays it.
#[test]
fn a_second_tap_on_the_previewed_crossing_or_the_preview_turns_it_and_never_plays() {
    let mut game = hotseat();
    let before = game.game.clone();
    assert_eq!(game.command(HadangCommand::Walls, 0), Answer::Changed);
    assert_eq!(game.tap(crossing("c4"), 0), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("c4h")));
    // On the preview itself: turned, not placed.
    assert_eq!(game.tap(HadangInput::Wall(wall("c4h")), 0), Answer::Changed);
    assert_eq!(
        game.tap.ghost_wall(),
        Some(wall("c4v")),
        "a tap on the preview turns it"
    );
    assert_eq!(game.game, before, "nothing was played");
    assert_eq!(game.game.ply(), 0);
    // Again, and on its crossing: it turns back and forth, never plays.
    assert_eq!(game.tap(HadangInput::Wall(wall("c4v")), 0), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("c4h")));
    assert_eq!(game.tap(crossing("c4"), 0), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("c4v")));
    assert_eq!(game.game, before, "nothing was played");
    assert!(game.tap.wall_mode(), "still choosing the wall");
    // A preview the rules refuse turns the same way and is not a try: after
    // d4h (ply 2) a tap on e4h (H12, it overlaps d4h) turns it to the legal e4v.
    game.command(HadangCommand::CancelWall, 0);
    place(&mut game, "d4h");
    steps(&mut game, &["e8"]);
    let placed = game.game.clone();
    game.command(HadangCommand::Walls, 0);
    assert!(matches!(game.tap(crossing("e4"), 0), Answer::Refused(_)));
    if game.tap.ghost_wall() != Some(wall("e4h")) {
        game.command(HadangCommand::RotateWall, 0);
    }
    assert_eq!(game.tap.ghost_wall(), Some(wall("e4h")));
    assert_eq!(game.tap(HadangInput::Wall(wall("e4h")), 0), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("e4v")));
    assert_eq!(game.game, placed, "nothing was played");
    // Only Place plays it.
    assert_eq!(game.command(HadangCommand::PlaceWall, 0), Answer::Played);
    assert_eq!(game.game.position().walls_placed().len(), 2);
    assert_eq!(game.game.position().walls_placed()[1].wall, wall("e4v"));
}

#[test]
fn wall_preview_then_cancel_or_move_places_nothing() {
    let mut game = hotseat();
    let before = game.game.clone();
    preview(&mut game, "e3h");
    assert!(targets(&game).is_empty(), "no pawn highlights under a wall preview");
    let buttons = game.tap.buttons(&game.table());
    assert!(buttons.iter().any(|b| b.testid == "wall-cancel"), "{buttons:?}");
    // A tap on a cell, even a pawn target, only leaves the wall mode.
    assert_eq!(game.tap(cell("e2"), 0), Answer::Changed);
    assert_eq!(game.game, before);
    assert_eq!(game.tap.selection(), Selection::None);
    // Another crossing moves the preview; Cancel drops it.
    preview(&mut game, "e3h");
    assert_eq!(preview(&mut game, "c5v"), Answer::Changed);
    assert_eq!(game.tap.ghost_wall(), Some(wall("c5v")));
    assert_eq!(game.command(HadangCommand::CancelWall, 0), Answer::Changed);
    assert_eq!(game.game, before);
    assert_eq!(game.tap.selection(), Selection::None);
    let buttons = game.tap.buttons(&game.table());
    assert!(!buttons.iter().any(|b| b.testid == "wall-cancel"), "{buttons:?}");
}

#[test]
fn h13_wall_may_not_close_the_last_path_and_state_is_unchanged() {
    let mut game = hotseat();
    place(&mut game, "d1v");
    steps(&mut game, &["e8"]);
    place(&mut game, "e1v");
    steps(&mut game, &["e7"]);
    // e1/e2 are boxed on both sides; a lid on e2 would shut Player 1 in.
    let before_ply = game.game.ply();
    let before_position = *game.game.position();
    let refused = refusal(preview(&mut game, "d2h"));
    assert_eq!(refused.rule, rule::H13);
    assert!(refused.message.contains("last path"), "{}", refused.message);
    assert_eq!(rule_key(refused.rule), "rule-h13");
    assert!(tr(Lang::En, &rule_key(refused.rule)).contains("last path"));
    assert!(tr(Lang::Id, &rule_key(refused.rule)).contains("jalur terakhir"));
    // The refused wall stays shown (to turn or move it), and Place refuses it too.
    assert_eq!(game.tap.ghost_wall(), Some(wall("d2h")));
    assert_eq!(refusal(game.command(HadangCommand::PlaceWall, 0)).rule, rule::H13);
    assert_eq!(game.game.ply(), before_ply);
    assert_eq!(*game.game.position(), before_position);
    assert_eq!(game.game.position().walls_left(Seat::First), 8);
}

#[test]
fn h12_crossing_wall_is_refused_with_its_rule() {
    let mut game = hotseat();
    place(&mut game, "e3h");
    steps(&mut game, &["e8"]);
    assert_eq!(refusal(preview(&mut game, "e3v")).rule, rule::H12);
    assert_eq!(refusal(preview(&mut game, "f3h")).rule, rule::H12, "half overlap");
    assert_eq!(game.game.ply(), 2);
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
    assert_eq!(game.game.position().walls_left(Seat::First), 0);
    let refused = refusal(game.command(HadangCommand::Walls, 0));
    assert_eq!(refused.rule, rule::H10);
    assert_eq!(rule_key(refused.rule), "rule-h10");
    assert!(!game.tap.wall_mode(), "no wall mode without walls");
}

#[test]
fn taps_on_the_bots_turn_are_ignored() {
    let mut game = vs_bot(false, Tempo::Unlimited);
    assert_eq!(bot_ply(&game.game), Some(0));
    let before = game.clone();
    assert_eq!(game.tap(cell("e2"), 0), Answer::Ignored("toast-wait-bot"));
    assert_eq!(game.tap(crossing("e3"), 0), Answer::Ignored("toast-wait-bot"));
    assert_eq!(game, before);
    assert!(targets(&game).is_empty(), "no highlights on the bot's turn");
}

#[test]
fn undo_against_the_bot_takes_back_both_moves() {
    let mut game = vs_bot(true, Tempo::Unlimited);
    assert!(!game.can_undo());
    steps(&mut game, &["e2"]);
    assert_eq!(bot_ply(&game.game), Some(1));
    assert!(!game.can_undo(), "not while the bot is to move");
    game.game.apply_bot_move(1, HadangMove::Step(sq("e8")), 0).unwrap();
    assert!(game.can_undo());
    assert!(game.undo());
    assert_eq!(game.game.ply(), 0);
    assert_eq!(game.game.position().pawn(Seat::First), sq("e1"));
    assert_eq!(game.game.position().pawn(Seat::Second), sq("e9"));
    assert!(game.game.is_human_turn());
}

#[test]
fn undo_between_people_only_without_a_clock() {
    // Changed on purpose: two people on one device without a clock may take
    // a move back (one move: the last decision); with a clock nothing is
    // taken back.
    let mut people = hotseat();
    steps(&mut people, &["e2"]);
    assert!(people.can_undo());
    assert!(people.undo());
    assert_eq!(people.game.ply(), 0);
    assert_eq!(people.game.position().pawn(Seat::First), sq("e1"));
    let mut timed = LocalGame::new(new_match(None, true, Tempo::hadang(5, 0).unwrap(), 7, 0));
    assert_eq!(timed.tap(cell("e2"), 1_000), Answer::Played);
    assert!(!timed.can_undo());
    assert!(!timed.undo());
    assert_eq!(timed.game.ply(), 1);
}

#[test]
fn stale_bot_move_is_dropped() {
    let mut game = vs_bot(true, Tempo::Unlimited);
    steps(&mut game, &["e2"]);
    assert!(game.game.apply_bot_move(0, HadangMove::Step(sq("e8")), 0).is_err());
    assert_eq!(game.game.ply(), 1);
    // A refused move is not played either.
    assert!(game.game.apply_bot_move(1, HadangMove::Step(sq("a1")), 0).is_err());
    assert_eq!(game.game.ply(), 1);
}

#[test]
fn h17_resign_against_the_bot_gives_the_bot_the_win() {
    let mut game = vs_bot(true, Tempo::Unlimited);
    steps(&mut game, &["e2"]);
    game.game.apply_bot_move(1, HadangMove::Step(sq("e8")), 0).unwrap();
    assert!(game.game.resign(0));
    let outcome = game.game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Seat::Second));
    assert_eq!(outcome.reason, EndReason::Resignation);
    let card = card(&game.game);
    assert_eq!(card.winner, "bot");
    assert_eq!(card.headline, tr(Lang::En, "result-bot-wins"));
    assert_eq!(card.reason, tr(Lang::En, "reason-you-resigned"));
    assert!(!game.game.resign(0), "only once");
    assert_eq!(game.tap(cell("e3"), 0), Answer::Ignored("toast-game-over"));
}

#[test]
fn h17_resign_between_people_is_the_side_to_moves() {
    let mut game = hotseat();
    steps(&mut game, &["e2"]);
    assert!(game.game.resign(0));
    let outcome = game.game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Seat::First), "Player 2 was to move and resigned");
    let card = card(&game.game);
    assert_eq!(card.winner, "p1");
    assert_eq!(
        card.reason,
        tr_args(Lang::En, "reason-side-resigned", &[("side", player(Seat::Second))])
    );
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
    let outcome = game.game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::GoalReached);
    assert_eq!(outcome.winner, Some(Seat::First));
    let card = card(&game.game);
    assert_eq!(card.winner, "p1");
    assert_eq!(
        card.headline,
        tr_args(Lang::En, "result-side-wins", &[("side", player(Seat::First))])
    );
    assert_eq!(card.reason, tr(Lang::En, "reason-goal"));
    assert_eq!(game.tap(cell("d8"), 0), Answer::Ignored("toast-game-over"));
}

#[test]
fn h16_clock_runs_only_on_the_owners_turn_and_flag_loses() {
    // Fake time: every call passes its own now.
    let tempo = Tempo::hadang(1, 0).unwrap();
    let mut game = LocalGame::new(new_match(None, true, tempo, 7, 1_000));
    assert_eq!(game.game.time_left(Seat::First, 1_000), Some(60_000));
    assert_eq!(game.tap(cell("e2"), 5_000), Answer::Played);
    // Player 1 spent 4 s; from now only Player 2's time runs.
    assert_eq!(game.game.time_left(Seat::First, 30_000), Some(56_000));
    assert_eq!(game.game.time_left(Seat::Second, 30_000), Some(35_000));
    assert!(game.game.clock().is_low(Seat::Second, 60_000));
    assert_eq!(game.game.time_to_flag(30_000), Some(35_000));
    assert!(!game.game.tick(64_999));
    assert!(!game.game.is_over());
    assert!(game.game.tick(65_000));
    let outcome = game.game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Timeout);
    assert_eq!(outcome.winner, Some(Seat::First));
    let card = card(&game.game);
    assert_eq!(card.winner, "p1");
    assert_eq!(card.ended_by, "timeout");
    assert_eq!(
        card.reason,
        tr_args(Lang::En, "reason-side-time", &[("side", player(Seat::Second))])
    );
    assert_eq!(game.game.time_to_flag(70_000), None);
}

#[test]
fn not_your_turn_a_move_on_the_bots_turn_is_refused_with_its_own_id() {
    let mut game = vs_bot(false, Tempo::Unlimited);
    assert!(game.game.bot_job().is_some(), "the bot moves first");
    let before = game.clone();
    let refused = game.game.play(HadangMove::Step(sq("e2")), 0).unwrap_err();
    // Its own id: the game is not over (Ended), only someone else's turn.
    assert_eq!(refused.rule, RuleId::NotYourTurn);
    assert_eq!(refused.rule.to_string(), "not-your-turn");
    assert_eq!(game, before, "the refusal changes nothing");
    assert_eq!(game.game.ply(), 0);
    assert_eq!(rule_key(refused.rule), "toast-not-your-turn");
    assert_eq!(tr(Lang::Id, &rule_key(refused.rule)), "Belum giliranmu.");
    assert_eq!(tr(Lang::Fil, &rule_key(refused.rule)), "Hindi mo pa tira.");
    assert!(game.game.outcome().is_none());
}

#[test]
fn h16_a_move_after_the_flag_does_not_count() {
    let tempo = Tempo::hadang(1, 0).unwrap();
    let mut game = LocalGame::new(new_match(None, true, tempo, 7, 0));
    // The tap arrives after the clock hit zero, before any tick noticed.
    // Changed on purpose: the refusal is the match's "game ended" (the
    // verdict off the board), no longer the HADANG rule id H16.
    let refused = refusal(game.tap(cell("e2"), 61_000));
    assert_eq!(refused.rule, RuleId::Ended);
    assert!(refused.message.contains("time"), "{}", refused.message);
    assert_eq!(game.game.ply(), 0);
    let outcome = game.game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Timeout);
    assert_eq!(outcome.winner, Some(Seat::Second));
    assert_eq!(game.tap(cell("e2"), 62_000), Answer::Ignored("toast-game-over"));
}

#[test]
fn h16_bot_think_time_counts_on_its_clock_and_increment_is_added() {
    let mut game = vs_bot(true, Tempo::hadang(3, 2).unwrap());
    assert_eq!(game.tap(cell("e2"), 2_000), Answer::Played);
    assert_eq!(game.game.time_left(Seat::First, 2_000), Some(180_000));
    // The bot thinks for 10 s.
    game.game.apply_bot_move(1, HadangMove::Step(sq("e8")), 12_000).unwrap();
    assert_eq!(game.game.time_left(Seat::Second, 12_000), Some(172_000));
    assert_eq!(game.game.clock().running(), Some(Seat::First));
}

#[test]
fn no_clock_means_no_time() {
    let game = vs_bot(true, Tempo::Unlimited);
    assert_eq!(game.game.time_left(Seat::First, 1_000_000), None);
    assert_eq!(game.game.time_to_flag(1_000_000), None);
}

#[test]
fn paths_toggle_is_a_button_kept_across_moves() {
    let mut game = hotseat();
    assert!(game.tap.show_paths(), "paths are shown by default");
    let toggle = |game: &LocalGame<Hadang>| {
        game.tap
            .buttons(&game.table())
            .into_iter()
            .find(|b| b.testid == "toggle-paths")
            .expect("the paths toggle")
    };
    assert_eq!(toggle(&game).pressed, Some(true));
    assert_eq!(game.command(HadangCommand::Paths, 0), Answer::Changed);
    assert!(!game.tap.show_paths());
    assert_eq!(toggle(&game).pressed, Some(false));
    steps(&mut game, &["e2"]);
    assert!(!game.tap.show_paths(), "a move keeps the preference");
    assert!(game.undo());
    assert!(!game.tap.show_paths(), "an undo keeps it too");
}

#[test]
fn save_round_trip_keeps_moves_and_clock() {
    let mut game = vs_bot(true, Tempo::hadang(5, 0).unwrap());
    steps(&mut game, &["e2"]);
    game.game
        .apply_bot_move(1, HadangMove::Wall(wall("e2h")), 10_000)
        .unwrap();
    // Saved at 15 s on this page, reopened where the time origin is 500.
    let text = game.game.to_save_text(15_000);
    let back = Match::<Hadang>::from_save_text(&text, 500).unwrap();
    assert_eq!(back.position(), game.game.position());
    assert_eq!(back.record(), game.game.record());
    assert_eq!(back.players(), game.game.players());
    assert_eq!(
        back.time_left(Seat::First, 500),
        game.game.time_left(Seat::First, 15_000)
    );
    assert_eq!(back.time_left(Seat::First, 1_500), Some(300_000 - 5_000 - 1_000));
    assert_eq!(back.time_left(Seat::Second, 1_500), Some(300_000 - 10_000));
    // The paths toggle is the tap state's, not the save's: a resumed game
    // starts with paths shown.
    assert!(LocalGame::new(back).tap.show_paths());
    // A corrupt move list is refused with the rule it breaks.
    let mut save: SavedMatch<Hadang> = serde_json::from_str(&text).unwrap();
    save.record.moves.push(HadangMove::Step(sq("a9")));
    let error = Match::from_save(save, 0).unwrap_err().to_string();
    assert!(error.contains("H6"), "{error}");
    assert!(Match::<Hadang>::from_save_text("{", 0).is_err());
}

#[test]
fn save_of_an_unsupported_version_is_refused() {
    let mut save = hotseat().game.to_save(0);
    save.version = 7;
    assert_eq!(Match::from_save(save, 0).unwrap_err(), SaveError::Version(7));
    let mut save = hotseat().game.to_save(0);
    save.players = [Player::Bot(Level::Normal), Player::Human];
    assert_eq!(
        Match::from_save(save, 0).unwrap_err(),
        SaveError::NoLocalPerson,
        "the local seat must be the person's"
    );
}

#[test]
fn version_1_save_of_the_old_app_is_resumed() {
    // `HadangSave` as the old app wrote it: version 1, a paused clock, the
    // verdict, and `show_paths` (no longer part of a save).
    let text = r#"{
        "version": 1,
        "record": {"options": {}, "seed": 42, "moves": ["e2", "e2h", "d2"]},
        "players": ["Human", {"Bot": "Expert"}],
        "local": "First",
        "game_index": 2,
        "verdict": null,
        "clock": {
            "tempo": {"Fischer": {"base_ms": 180000, "increment_ms": 2000}},
            "remaining_ms": [150000, 170000],
            "state": {"Paused": {"seat": "Second"}},
            "warning_ms": 18000,
            "flagged": null
        },
        "show_paths": false
    }"#;
    let game = Match::<Hadang>::from_save_text(text, 1_000).expect("a version-1 save resumes");
    assert_eq!(game.ply(), 3);
    assert_eq!(game.players(), [Player::Human, Player::Bot(Level::Expert)]);
    assert_eq!(game.local_seat(), Seat::First);
    assert_eq!(game.game_index(), 2);
    assert_eq!(game.position().pawn(Seat::First), sq("d2"));
    assert_eq!(game.position().walls_left(Seat::Second), 9);
    assert_eq!(bot_ply(&game), Some(3), "the bot is to move");
    assert!(game.alternates(), "HADANG alternates who starts");
    // The clock resumes for the seat it was paused on, from the new origin.
    assert_eq!(game.clock().running(), Some(Seat::Second));
    assert_eq!(game.time_left(Seat::Second, 4_000), Some(167_000));
    assert_eq!(game.time_left(Seat::First, 4_000), Some(150_000));
    assert_eq!(SAVE_VERSION, 2);

    // A version-1 save of a game lost on time keeps the verdict.
    let lost = r#"{"version":1,"record":{"options":{},"seed":1,"moves":["e2"]},"players":["Human","Human"],"local":"First","game_index":0,"verdict":{"winner":"First","points":1,"reason":"Timeout"},"clock":{"tempo":{"Fischer":{"base_ms":60000,"increment_ms":0}},"remaining_ms":[50000,0],"state":"Stopped","warning_ms":10000,"flagged":"Second"},"show_paths":true}"#;
    let game = Match::<Hadang>::from_save_text(lost, 0).unwrap();
    let outcome = game.outcome().expect("lost on time");
    assert_eq!(outcome.reason, EndReason::Timeout);
    assert_eq!(outcome.winner, Some(Seat::First));
}

#[test]
fn rematch_swaps_who_starts_and_keeps_the_tempo() {
    let tempo = Tempo::hadang(3, 2).unwrap();
    let mut game = vs_bot(true, tempo);
    assert!(game.game.resign(0));
    let next = game.game.rematch(0).unwrap();
    assert!(!next.is_over());
    assert_eq!(next.players(), [Player::Bot(Level::Beginner), Player::Human]);
    assert_eq!(next.local_seat(), Seat::Second);
    assert_eq!(next.clock().tempo(), tempo);
    assert_eq!(bot_ply(&next), Some(0), "the bot starts as Player 1");
    assert_ne!(next.record().seed, game.game.record().seed);
    assert_eq!(next.game_index(), 1);
    assert_eq!(next.table().bottom, Seat::Second, "the board turns for the person");
}

#[test]
fn bot_thinker_names_a_legal_move_from_the_seats_view() {
    let mut game = vs_bot(false, Tempo::Unlimited);
    let Some(BotJob::Think {
        view, level, seed, ply, ..
    }) = game.game.bot_job()
    else {
        panic!("the bot opens");
    };
    let mut thinker = Hadang::thinker(&view, level, seed);
    let mut slices = 0;
    while thinker.think(16) && slices < 100 {
        slices += 1;
    }
    let mv = thinker.decision().best.expect("a move at the start");
    let mut position = *game.game.position();
    position.play(&mv).expect("the bot's move is legal");
    game.game.apply_bot_move(ply, mv, 0).unwrap();
    assert!(game.game.is_human_turn());
}

#[test]
fn remote_seat_is_never_driven_from_here() {
    let mut game = LocalGame::new(
        Match::<Hadang>::new(
            HadangOptions {},
            [Player::Remote, Player::Human],
            Seat::Second,
            Tempo::Unlimited,
            1,
            0,
        )
        .unwrap(),
    );
    assert!(!game.game.is_human_turn());
    assert!(game.game.bot_job().is_none());
    assert_eq!(game.game.bot_level(), None);
    assert!(matches!(game.tap(cell("e2"), 0), Answer::Ignored(_)));
    assert!(matches!(game.tap(crossing("d4"), 0), Answer::Ignored(_)));
    assert_eq!(game.game.ply(), 0);
    assert!(!game.can_undo());
    assert!(!game.game.resign(0));
    let error = Match::from_save(game.game.to_save(0), 0).unwrap_err();
    assert!(error.to_string().contains("online"), "{error}");
}

#[test]
fn last_move_names_steps_and_walls() {
    let mut game = hotseat();
    assert_eq!(game.table().last, None);
    steps(&mut game, &["e2"]);
    let table = game.table();
    let (seat, mv) = table.last.unwrap();
    assert_eq!((seat, table.notation(&mv).as_str()), (Seat::First, "e2"));
    place(&mut game, "d4h");
    let table = game.table();
    let (seat, mv) = table.last.unwrap();
    assert_eq!((seat, table.notation(&mv).as_str()), (Seat::Second, "d4h"));
}
