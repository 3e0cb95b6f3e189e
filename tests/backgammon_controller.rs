//! Tap sequences on the backgammon controller: plain Rust, no UI. Each
//! test names the rule it exercises.

use papan::controllers::backgammon::{step_sequences, BackgammonController, Spot, TapResult};
use papan::controllers::hex::Player;
use papan_bots::Level;
use papan_rules::backgammon::{Backgammon, BgMove, Board, Dice};
use papan_rules::{EndReason, Game, Seat, Turn};

const HOTSEAT: [Player; 2] = [Player::Human, Player::Human];

/// White (the local player) to play `dice` on `board` (White's own numbering).
fn white_to_play(board: Board, high: u8, low: u8) -> BackgammonController {
    let position = Backgammon::from_board(board, Seat::First, Dice::new(high, low)).unwrap();
    BackgammonController::from_position(position, HOTSEAT, Seat::First, 7)
}

fn p(n: u8) -> Spot {
    Spot::Point(n)
}

fn last_move(game: &BackgammonController) -> BgMove {
    game.record().moves.last().copied().expect("a move was played")
}

#[test]
fn b6_normal_two_step_turn_by_taps() {
    let mut game = white_to_play(Board::START, 6, 1);
    assert!(game.is_moving());
    assert_eq!(game.dice_faces(), vec![(6, false), (1, false)]);
    assert_eq!(game.tap(p(13)), TapResult::Selected(p(13)));
    let targets = game.targets();
    // The 6 alone, and both dice on the one checker (13/7/6) since 7 is
    // open; not the 1 alone: Black holds White's 12 (B8).
    assert!(targets.contains(&p(7)) && targets.contains(&p(6)), "{targets:?}");
    assert!(!targets.contains(&p(12)), "{targets:?}");
    assert_eq!(game.tap(p(7)), TapResult::Moved);
    assert_eq!(game.dice_faces(), vec![(6, true), (1, false)]);
    assert!(!game.turn_complete());
    assert_eq!(game.done(), Err("backgammon-toast-finish-turn"));
    assert_eq!(game.tap(p(8)), TapResult::Selected(p(8)));
    assert_eq!(game.targets(), vec![p(7)]);
    assert_eq!(game.tap(p(7)), TapResult::Moved);
    assert!(game.turn_complete());
    let view = game.board_view();
    assert_eq!(view.points[7], 2);
    assert_eq!(view.points[13], 4);
    assert_eq!(view.points[8], 2);
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "13/7 8/7");
    assert_eq!(game.position().turn(), Turn::Chance, "Black's roll is due (B5)");
    assert_eq!(game.position().to_move(), Some(Seat::Second));
}

#[test]
fn b6_combined_dice_take_one_tap() {
    let mut game = white_to_play(Board::START, 6, 1);
    game.tap(p(13));
    assert_eq!(game.tap(p(6)), TapResult::Moved);
    assert_eq!(game.steps().len(), 2);
    assert!(game.turn_complete());
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "13/6");
}

#[test]
fn b11_undo_step_within_the_turn() {
    let mut game = white_to_play(Board::START, 5, 2);
    let before = game.board_view();
    game.tap(p(13));
    game.tap(p(8));
    assert_eq!(game.steps().len(), 1);
    assert!(game.can_undo_step());
    assert!(game.undo_step());
    assert!(game.steps().is_empty());
    assert_eq!(game.board_view(), before);
    assert_eq!(game.dice_faces(), vec![(5, false), (2, false)]);
    assert!(!game.can_undo_step(), "nothing left to take back");
    // The turn can be rebuilt another way.
    game.tap(p(24));
    game.tap(p(22));
    game.tap(p(13));
    game.tap(p(8));
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "24/22 13/8");
}

#[test]
fn b10_entering_from_the_bar_comes_first() {
    // White has one checker on the bar; Black holds White's 20 and 19.
    let board = Board::from_points(
        &[(25, 1), (13, 5), (8, 3), (6, 5), (24, 1)],
        &[(20, 2), (19, 2), (1, 2)],
    )
    .unwrap();
    let mut game = white_to_play(board, 5, 3);
    assert_eq!(game.movable(), vec![Spot::Bar], "only the bar checker may move (B10)");
    assert_eq!(game.tap(p(13)), TapResult::Ignored("backgammon-toast-not-movable"));
    assert_eq!(game.tap(Spot::Bar), TapResult::Selected(Spot::Bar));
    // 5 enters on 20 (blocked), 3 enters on 22: only 22, then on with the 5.
    let targets = game.targets();
    assert!(targets.contains(&p(22)), "{targets:?}");
    assert!(!targets.contains(&p(20)), "20 holds two Black checkers (B8)");
    assert_eq!(game.tap(p(22)), TapResult::Moved);
    assert_eq!(game.board_view().bar[0], 0);
    assert!(game.movable().len() > 1, "after entering, other checkers move too");
    game.tap(p(13));
    game.tap(p(8));
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "bar/22 13/8");
}

#[test]
fn b14_bearing_off_with_a_higher_die() {
    // All home: three on 2, one on 1, the rest off.
    let board = Board::from_points(&[(2, 3), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let mut game = white_to_play(board, 6, 1);
    assert_eq!(game.tap(p(2)), TapResult::Selected(p(2)));
    let targets = game.targets();
    assert!(
        targets.contains(&Spot::Off),
        "2 is the highest point: off with the 6 (B14): {targets:?}"
    );
    assert!(targets.contains(&p(1)));
    assert_eq!(game.tap(Spot::Off), TapResult::Moved);
    assert_eq!(game.board_view().off[0], 12);
    assert_eq!(game.dice_faces(), vec![(6, true), (1, false)]);
    assert!(!game.turn_complete());
    // The 1 bears off exactly from 1.
    assert_eq!(game.tap(p(1)), TapResult::Selected(p(1)));
    assert_eq!(game.targets(), vec![Spot::Off]);
    game.tap(Spot::Off);
    assert_eq!(game.board_view().off[0], 13);
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "2/off 1/off");
}

#[test]
fn b14_both_dice_bear_off_from_the_highest_point_forced() {
    let board = Board::from_points(&[(2, 3), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let mut game = white_to_play(board, 6, 5);
    assert!(
        game.turn_complete() && game.forced_played(),
        "6-5 can only take two off 2"
    );
    assert_eq!(game.board_view().off[0], 13);
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "2/off(2)");
}

#[test]
fn b12_no_legal_move_notice_and_pass() {
    // White on the bar, Black holds all six entry points.
    let board = Board::from_points(
        &[(25, 1), (6, 14)],
        &[(24, 2), (23, 2), (22, 2), (21, 2), (20, 2), (19, 2)],
    )
    .unwrap();
    let mut game = white_to_play(board, 6, 5);
    assert!(game.must_pass());
    assert!(game.movable().is_empty());
    assert!(game.dice_faces().iter().all(|(_, used)| *used), "dead dice are greyed");
    assert_eq!(game.tap(Spot::Bar), TapResult::Ignored("backgammon-toast-no-move"));
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "pass");
    assert_eq!(game.position().to_move(), Some(Seat::Second));
}

#[test]
fn b11_forced_move_is_played_for_you() {
    // One checker out on 8, one home on 1: with 6-5 every legal play ends
    // with only the checker on 1 left (8/2 2/off or 8/3 3/off).
    let board = Board::from_points(&[(8, 1), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let game = white_to_play(board, 6, 5);
    assert!(game.turn_complete(), "the whole play is forced");
    assert!(game.forced_played());
    assert!(!game.can_undo_step(), "forced steps are not the player's to undo");
    let view = game.board_view();
    assert_eq!(view.points[8], 0);
    assert_eq!(view.points[1], 1);
    assert_eq!(view.off[0], 14);
    let mut game = game;
    game.done().unwrap();
    assert_eq!(game.position().to_move(), Some(Seat::Second));
}

#[test]
fn b7_doubles_give_four_steps() {
    let mut game = white_to_play(Board::START, 3, 3);
    assert_eq!(game.dice_faces().len(), 4);
    for (from, to) in [(24, 21), (24, 21), (13, 10), (13, 10)] {
        assert!(!game.turn_complete());
        assert_eq!(game.tap(p(from)), TapResult::Selected(p(from)));
        assert_eq!(game.tap(p(to)), TapResult::Moved, "{from}/{to}");
    }
    assert!(game.dice_faces().iter().all(|(d, used)| *d == 3 && *used));
    assert!(game.turn_complete());
    assert_eq!(game.board_view().points[21], 2);
    game.done().unwrap();
    assert_eq!(last_move(&game).to_string(), "24/21(2) 13/10(2)");
}

#[test]
fn b7_doubles_one_checker_many_steps_in_one_tap() {
    let mut game = white_to_play(Board::START, 2, 2);
    game.tap(p(13));
    let targets = game.targets();
    for t in [11, 9, 7, 5] {
        assert!(targets.contains(&p(t)), "13 reaches {t} with 2-2: {targets:?}");
    }
    game.tap(p(5));
    assert!(game.turn_complete());
}

#[test]
fn b14_no_off_while_a_higher_checker_waits() {
    // Checkers on 6 and 5 with 6-1: 5 may not bear off with the 6 first.
    let board = Board::from_points(&[(6, 1), (5, 1)], &[(24, 2), (19, 13)]).unwrap();
    let game = white_to_play(board, 6, 1);
    for seq in step_sequences(game.position().board(), Dice::new(6, 1).unwrap()) {
        let first = seq[0];
        assert!(
            !(first.from == 5 && first.to == 0),
            "5/off with a 6 while 6 is occupied: {seq:?}"
        );
    }
}

#[test]
fn b4_opening_roll_by_tap_decides_who_starts() {
    let mut game = BackgammonController::from_setup(Some(Level::Beginner), 42).unwrap();
    assert!(game.can_roll());
    assert_eq!(game.opening(), None);
    assert_eq!(game.tap(p(3)), TapResult::Rolled, "tapping the board rolls (B5)");
    let (white, black) = game.opening().expect("opening rolled");
    assert_ne!(white, black);
    let starter = if white > black { Seat::First } else { Seat::Second };
    assert_eq!(game.position().to_move(), Some(starter));
    assert_eq!(game.position().dice(), Dice::new(white, black));
    assert_eq!(game.is_moving(), starter == Seat::First);
    assert_eq!(game.bot_to_act().is_some(), starter == Seat::Second);
}

#[test]
fn b5_dice_replay_from_the_seed() {
    let mut a = BackgammonController::from_setup(None, 9).unwrap();
    let mut b = BackgammonController::from_setup(None, 9).unwrap();
    a.roll();
    b.roll();
    assert_eq!(a.record(), b.record());
    assert_eq!(a.roll(), TapResult::Ignored("backgammon-toast-already-rolled"));
}

/// Plays the first offered step until the turn is done, then "Done".
fn play_turn_by_taps(game: &mut BackgammonController) {
    if game.can_roll() {
        assert_eq!(game.roll(), TapResult::Rolled);
    }
    let mut guard = 0;
    while !game.must_pass() && !game.turn_complete() {
        let from = game.movable()[0];
        assert_eq!(game.tap(from), TapResult::Selected(from));
        let to = *game.targets().last().expect("a movable checker has a target");
        assert_eq!(game.tap(to), TapResult::Moved);
        guard += 1;
        assert!(guard <= 4, "a turn has at most four steps");
    }
    game.done().unwrap();
}

#[test]
fn b16_whole_hotseat_game_by_taps_ends_with_a_result() {
    let mut game = BackgammonController::from_setup(None, 2024).unwrap();
    let mut turns = 0;
    while !game.is_over() {
        play_turn_by_taps(&mut game);
        turns += 1;
        assert!(turns < 600, "game did not end");
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::BoreOff);
    assert!((1..=3).contains(&outcome.points));
    let (headline, reason) = game.result_keys().unwrap();
    assert!(headline == "backgammon-result-white-wins" || headline == "backgammon-result-black-wins");
    let expected = [
        "",
        "backgammon-reason-single",
        "backgammon-reason-gammon",
        "backgammon-reason-backgammon",
    ];
    assert_eq!(reason, expected[outcome.points as usize]);
    // The record replays to the same finished position.
    assert_eq!(&game.record().replay().unwrap(), game.position());
}

#[test]
fn bot_turns_and_whole_turn_undo_keep_the_dice() {
    let mut game = BackgammonController::from_setup(Some(Level::Beginner), 5).unwrap();
    game.roll();
    // Let the "bot" play its turns with its only or first legal move.
    let mut human_plays = 0;
    while human_plays < 2 {
        if game.bot_to_act().is_some() {
            if game.position().turn() == Turn::Chance {
                game.roll_for_bot().unwrap();
            } else {
                let mv = game.position().legal_moves()[0];
                game.apply_bot_move(game.ply(), mv).unwrap();
            }
        } else {
            play_turn_by_taps(&mut game);
            human_plays += 1;
        }
    }
    while game.bot_to_act().is_some() {
        if game.position().turn() == Turn::Chance {
            game.roll_for_bot().unwrap();
        } else {
            let mv = game.position().legal_moves()[0];
            game.apply_bot_move(game.ply(), mv).unwrap();
        }
    }
    assert!(game.can_undo());
    let dice_before: Vec<BgMove> = game.record().moves.clone();
    assert!(game.undo());
    assert!(game.is_moving(), "back to the person's last turn, dice kept");
    let kept = game.record().moves.len();
    assert!(matches!(
        dice_before[kept - 1],
        BgMove::Roll(_) | BgMove::Opening { .. }
    ));
    assert!(
        game.apply_bot_move(game.ply(), dice_before[kept]).is_err(),
        "not the bot's turn"
    );
}

#[test]
fn save_round_trip_and_corrupt_save_refused() {
    let mut game = BackgammonController::from_setup(Some(Level::Normal), 77).unwrap();
    game.roll();
    let text = game.to_save_text();
    let back = BackgammonController::from_save_text(&text).unwrap();
    assert_eq!(back.record(), game.record());
    assert_eq!(back.position(), game.position());
    // A roll where the opening belongs is refused by the rules on replay (B4).
    let opening = game.record().moves[0].to_string();
    assert!(opening.starts_with("opening "), "{opening}");
    let tampered = text.replace(&opening, &opening.replace("opening", "roll"));
    assert_ne!(tampered, text);
    let err = BackgammonController::from_save_text(&tampered).unwrap_err();
    assert!(err.contains("B4"), "{err}");
    assert!(BackgammonController::from_save_text("{").is_err());
}

#[test]
fn resign_against_the_bot_loses_for_the_person() {
    let mut game = BackgammonController::from_setup(Some(Level::Expert), 3).unwrap();
    assert!(game.resign());
    assert_eq!(game.winner_kind(), Some("bot"));
    assert_eq!(game.result_keys(), Some(("result-bot-wins", "reason-you-resigned")));
    let next = game.rematch().unwrap();
    assert!(!next.is_over());
    assert_ne!(next.record().seed, game.record().seed);
}

#[test]
fn b11_step_orders_reach_exactly_the_rules_plays() {
    // Over a whole seeded game, the steps on offer lead to exactly the
    // positions the rules list for each roll, no more and no fewer.
    let mut game = BackgammonController::from_setup(None, 31337).unwrap();
    let mut turns = 0;
    while !game.is_over() && turns < 400 {
        if game.can_roll() {
            game.roll();
        }
        let position = game.position().clone();
        let dice = position.dice().unwrap();
        let legal: std::collections::BTreeSet<[i8; 26]> =
            position.legal_plays().iter().map(|(b, _)| *b.pips()).collect();
        let reached: std::collections::BTreeSet<[i8; 26]> = step_sequences(position.board(), dice)
            .iter()
            .map(|seq| {
                let mut pips = *position.board().pips();
                for s in seq {
                    pips[s.from as usize] -= 1;
                    if s.to != 0 {
                        if pips[s.to as usize] == -1 {
                            pips[s.to as usize] = 0;
                            pips[0] -= 1;
                        }
                        pips[s.to as usize] += 1;
                    }
                }
                pips
            })
            .collect();
        assert_eq!(reached, legal, "turn {turns}, dice {dice}, board {}", position.board());
        play_turn_by_taps(&mut game);
        turns += 1;
    }
    assert!(game.is_over());
}

#[test]
fn b5_offline_roll_still_draws_dice_and_online_asks_the_server() {
    let mut offline = BackgammonController::from_setup(None, 5).unwrap();
    assert_eq!(offline.roll(), TapResult::Rolled);
    assert!(offline.last_move_text().unwrap().starts_with("opening "));
    let mut online = BackgammonController::online(Seat::First, &[], None).unwrap();
    assert_eq!(online.roll(), TapResult::RollRequested);
    assert_eq!(online.ply(), 0);
}

#[test]
fn remote_seat_waits_for_the_opponent_and_offers_no_undo() {
    let moves: Vec<String> = vec!["opening 3-1".into()];
    // White won the opening; Black on this device waits.
    let mut game = BackgammonController::online(Seat::Second, &moves, None).unwrap();
    assert!(game.is_online());
    assert!(!game.is_human_turn());
    assert_eq!(game.bot_to_act(), None);
    assert_eq!(game.bot_level(), None);
    assert_eq!(game.tap(p(8)), TapResult::Ignored("toast-wait-opponent"));
    assert_eq!(game.done(), Err("toast-wait-opponent"));
    assert!(!game.can_undo());
    assert!(!game.resign());
    // White's device plays 8/5 6/5 and sends it.
    let mut white = BackgammonController::online(Seat::First, &moves, None).unwrap();
    assert!(white.is_moving());
    white.tap(p(8));
    white.tap(p(5));
    white.tap(p(6));
    white.tap(p(5));
    white.done().unwrap();
    assert_eq!(white.last_move_text().as_deref(), Some("8/5 6/5"));
}
