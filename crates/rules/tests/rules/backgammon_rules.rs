//! One or more tests per numbered rule B1–B18 of `crates/rules/docs/backgammon.md`,
//! plus random seeded games as a property.

use papan_rules::backgammon::{Backgammon, BackgammonSetup, BgMove, Board, Dice, Play};
use papan_rules::{EndReason, Game, Outcome, Record, Seat, Turn};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// White to move `board` with the roll `a`-`b`.
fn game(board: Board, a: u8, b: u8) -> Backgammon {
    Backgammon::from_board(board, Seat::First, Dice::new(a, b)).expect("test game")
}

/// The legal plays, as text.
fn plays(game: &Backgammon) -> BTreeSet<String> {
    game.legal_moves().iter().map(|m| m.to_string()).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Plays `text` and returns the refusal's rule; asserts the position is
/// untouched when refused (compared in its serialized form).
fn refused(game: &mut Backgammon, text: &str) -> String {
    let before = serde_json::to_string(game).unwrap();
    let mv = game.parse_move(text).expect("notation parses");
    let err = game.play(&mv).expect_err(text);
    assert_eq!(
        serde_json::to_string(game).unwrap(),
        before,
        "refused {text} changed the position"
    );
    assert!(!err.message.is_empty());
    err.rule.to_string()
}

fn play(game: &mut Backgammon, text: &str) {
    let mv = game.parse_move(text).expect("notation parses");
    game.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn started() -> Backgammon {
    let mut g = Backgammon::start();
    g.play(&BgMove::Opening { white: 3, black: 1 }).unwrap();
    g
}

#[test]
fn b1_points_are_numbered_from_each_players_own_side() {
    let g = started();
    let b = g.board();
    // White's own numbers: 2 on 24, 5 on 13, 3 on 8, 5 on 6; Black's blots mirrored.
    assert_eq!((b.at(24), b.at(13), b.at(8), b.at(6)), (2, 5, 3, 5));
    assert_eq!((b.at(1), b.at(12), b.at(17), b.at(19)), (-2, -5, -3, -5));
    // Absolute numbers are Black's: White's 24 point is absolute 1.
    assert_eq!(g.checkers_at(Seat::First, 1), 2);
    assert_eq!(g.checkers_at(Seat::Second, 24), 2);
    assert_eq!(g.checkers_at(Seat::First, 19), 5);
    assert_eq!(g.checkers_at(Seat::Second, 6), 5);
    // After White's 8/5 6/5 the board turns: Black sees its own 24 at index 24.
    let mut g = g;
    play(&mut g, "8/5 6/5");
    assert_eq!(g.to_move(), Some(Seat::Second));
    assert_eq!(g.board().at(24), 2);
    assert_eq!(g.board().at(20), -2, "White's new 5 point is Black's 20");
    assert_eq!(g.checkers_at(Seat::First, 20), 2);
}

#[test]
fn b2_fifteen_checkers_each_in_mirrored_setups() {
    let g = Backgammon::start();
    assert_eq!(*g.board(), Board::START);
    assert_eq!(Board::START.flip(), Board::START, "the setups mirror each other");
    for seat in Seat::BOTH {
        let on_board: u32 = (1..=24).map(|p| g.checkers_at(seat, p) as u32).sum();
        assert_eq!(on_board, 15);
        assert_eq!((g.bar(seat), g.off(seat)), (0, 0));
    }
    // A raw setup must account for 15 checkers a side.
    let mut setup = BackgammonSetup::from(started());
    setup.points[0] -= 1;
    assert_eq!(Backgammon::try_from(setup).unwrap_err().rule, papan_rules::rule::B2);
    assert_eq!(
        Board::from_points(&[(6, 16)], &[]).unwrap_err().rule,
        papan_rules::rule::B2
    );
    assert_eq!(
        Board::from_points(&[(6, 2)], &[(6, 2)]).unwrap_err().rule,
        papan_rules::rule::B8
    );
}

#[test]
fn b3_gnubg_notation_reads_and_writes() {
    for text in [
        "24/18 13/11",
        "bar/22",
        "6/off",
        "13/7*",
        "8/5(2)",
        "24/20*/16",
        "bar/20*/15",
        "pass",
    ] {
        let mv: BgMove = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
        // Serialized as the same text.
        assert_eq!(serde_json::to_string(&mv).unwrap(), format!("\"{text}\""));
    }
    // gnubg's `25`/`0` spellings and extra spaces are read too.
    assert_eq!(" 25/22  6/0 ".parse::<BgMove>().unwrap().to_string(), "bar/22 6/off");
    // Chains are written the way gnubg writes them.
    let joined: Play = "13/8 17/13".parse().unwrap();
    assert_eq!(joined.canonical().to_string(), "17/8");
    for bad in [
        "24",
        "18/24",
        "24/18(9)",
        "off/3",
        "24/x",
        "1/off 2/off 3/off 4/off 5/off",
    ] {
        assert!(bad.parse::<BgMove>().is_err(), "{bad} should not parse");
    }
    // The opening moves the way the rules sheet says.
    let mut g = started();
    assert_eq!(g.format_move(&g.parse_move("8/5 6/5").unwrap()), "8/5 6/5");
    assert!(plays(&g).contains("8/5 6/5"));
    play(&mut g, "8/5 6/5");
}

#[test]
fn b4_opening_higher_die_starts_and_plays_both_numbers() {
    let g = Backgammon::start();
    assert_eq!(g.turn(), Turn::Chance);
    assert!(g.legal_moves().is_empty());
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 30, "ordered unequal pairs; equal dice are rolled again");
    assert!((outcomes.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(outcomes
        .iter()
        .all(|(m, _)| matches!(m, BgMove::Opening { white, black } if white != black)));

    let mut g = Backgammon::start();
    assert!("opening 4-4".parse::<BgMove>().is_err());
    let before = g.clone();
    assert_eq!(
        g.play(&BgMove::Opening { white: 4, black: 4 }).unwrap_err().rule,
        papan_rules::rule::B4
    );
    assert_eq!(g, before);
    assert_eq!(refused(&mut g, "roll 3-1"), "B4");
    assert_eq!(refused(&mut g, "24/23"), "B4");
    play(&mut g, "opening 2-6");
    assert_eq!(g.turn(), Turn::Seat(Seat::Second), "Black's 6 beats White's 2");
    assert_eq!(g.dice(), Dice::new(6, 2));
    assert!(plays(&g).contains("24/18 13/11"));
    assert_eq!(refused(&mut g, "opening 6-2"), "B4");
}

#[test]
fn b5_later_turns_start_with_a_roll_of_two_dice() {
    let mut g = started();
    play(&mut g, "8/5 6/5");
    assert_eq!(g.turn(), Turn::Chance, "Black rolls after White has finished");
    assert!(g.legal_moves().is_empty());
    assert_eq!(refused(&mut g, "24/23"), "B5");
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 21);
    assert!((outcomes.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
    let doubles: Vec<f64> = outcomes
        .iter()
        .filter(|(m, _)| matches!(m, BgMove::Roll(d) if d.is_double()))
        .map(|o| o.1)
        .collect();
    assert_eq!(doubles.len(), 6);
    assert!(doubles.iter().all(|&p| (p - 1.0 / 36.0).abs() < 1e-12));
    play(&mut g, "roll 1-3");
    assert_eq!(g.dice(), Dice::new(3, 1));
    assert_eq!(g.turn(), Turn::Seat(Seat::Second));
    assert_eq!(refused(&mut g, "roll 5-5"), "B5", "no second roll before moving");
}

/// B4/B5 through the seat view: either seat may set off the opening roll,
/// so no one seat is on turn; a later roll is the coming mover's alone.
#[test]
fn b5_the_roll_that_starts_a_turn_is_the_movers() {
    use papan_rules::SeatView;
    let g = Backgammon::start();
    assert!(g.may_act(Seat::First) && g.may_act(Seat::Second));
    assert_eq!(g.seat_on_turn(), None, "B4: either seat rolls the opening");
    let mut g = started();
    assert_eq!(g.seat_on_turn(), Some(Seat::First));
    play(&mut g, "8/5 6/5");
    assert_eq!(Game::turn(&g), Turn::Chance);
    assert!(!g.may_act(Seat::First) && g.may_act(Seat::Second));
    assert_eq!(g.seat_on_turn(), Some(Seat::Second));
}

#[test]
fn b6_each_die_is_a_separate_move() {
    // 5-3 moves one checker 5 and one 3, or one checker both ways, never a plain 8.
    let mut g = game(Board::START, 5, 3);
    let legal = plays(&g);
    assert!(legal.contains("8/3 6/3"));
    assert!(legal.contains("13/5"), "13/8/5 or 13/10/5");
    assert_eq!(refused(&mut g, "13/11"), "B6");
    assert_eq!(refused(&mut g, "13/9 8/4"), "B6");
    // One checker with both dice only through an open point: 24/16 needs 19 or 21 open.
    let blocked = pos!(x 24:1, 6:14; o 21:2, 19:2, 1:11);
    let mut g = game(blocked, 5, 3);
    assert!(!plays(&g).iter().any(|m| m.starts_with("24/16")));
    assert_eq!(refused(&mut g, "24/16"), "B8", "both stops, 21 and 19, are blocked");
    let open = pos!(x 24:1, 6:14; o 19:2, 1:13);
    assert!(plays(&game(open, 5, 3)).contains("24/16"), "24/21/16 lands on open 21");
}

#[test]
fn b7_doubles_give_four_moves() {
    let g = game(Board::START, 6, 6);
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 11, "gnubg's count for 6-6 at the start");
    for mv in &moves {
        let BgMove::Play(p) = mv else { panic!() };
        let pips: u32 = p.legs().iter().map(|l| (l.from - l.to) as u32).sum();
        assert_eq!(pips, 24, "{mv} uses four sixes");
    }
    let mut g = g;
    assert_eq!(refused(&mut g, "13/10"), "B7");
    assert_eq!(refused(&mut g, "13/1"), "B8", "13/7/1 ends on Black's 2-checker point");
    assert_eq!(refused(&mut g, "13/7(2)"), "B11", "two of the four moves is too few");
    play(&mut g, "13/7(4)");
}

#[test]
fn b8_no_landing_on_two_or_more_opposing_checkers() {
    // From the start Black holds 19 (5) and 17 (3): White's 24 cannot move 5.
    let mut g = game(Board::START, 5, 2);
    assert!(!plays(&g).iter().any(|m| m.contains("24/19")));
    assert_eq!(refused(&mut g, "24/19 6/4"), "B8");
    // A blot or an own point is fine.
    let board = pos!(x 24:2, 6:13; o 19:1, 1:14);
    assert!(plays(&game(board, 5, 2)).contains("24/19*/17"));
}

#[test]
fn b9_landing_on_a_blot_hits_it_to_the_bar() {
    let board = pos!(x 24:2, 6:13; o 20:1, 1:14);
    let mut g = game(board, 4, 1);
    assert!(plays(&g).contains("24/23 24/20*"));
    play(&mut g, "24/20* 24/23");
    // Black, now to move, has the hit checker on its bar.
    assert_eq!(g.to_move(), Some(Seat::Second));
    assert_eq!(g.bar(Seat::Second), 1);
    assert_eq!(g.board().my_bar(), 1);
    assert_eq!(g.checkers_at(Seat::First, 5), 1, "White's 20 is absolute 5");

    // Hitting and going on, written in any order, checked or not.
    let board = pos!(x 24:2, 6:13; o 20:1, 1:14);
    let mut checked = game(board, 4, 4);
    let mut unchecked = checked.clone();
    let mv = checked.parse_move("20/16 24/20* 6/2(2)").unwrap();
    checked.play(&mv).unwrap();
    unchecked.play_unchecked(&mv);
    assert_eq!(checked, unchecked);
    assert_eq!(checked.bar(Seat::Second), 1);
    assert_eq!(checked.checkers_at(Seat::First, 9), 1, "White's 16 is absolute 9");
}

#[test]
fn b9_a_play_is_stored_with_the_hits_the_board_makes_not_the_marks_typed() {
    // 6-5 from 22 reaches 11 over 16 (a blot: hit) or over 17 (no hit).
    let board = pos!(x 22:1, 6:14; o 16:1, 1:14);
    let g = game(board, 6, 5);
    let canonical = |text: &str| g.canonical_move(&g.parse_move(text).unwrap()).to_string();
    // Through 16 hits whatever the marks say; `22/11` alone takes the quiet way.
    assert_eq!(canonical("22/16/11"), "22/16*/11");
    assert_eq!(canonical("22*/16/11"), "22/16*/11");
    assert_eq!(canonical("22/16* 16/11"), "22/16*/11");
    assert_eq!(canonical("22/11"), "22/11");
    assert_eq!(canonical("22/17/11"), "22/11");
    // The canonical form of every way of writing a play leads where it did.
    for text in ["22/16/11", "22*/16/11", "22/11", "16/11 22/16"] {
        let (mut typed, mut settled) = (g.clone(), g.clone());
        play(&mut typed, text);
        let written = canonical(text);
        play(&mut settled, &written);
        assert_eq!(typed, settled, "{text} written as {written}");
    }
    // An illegal play is left for `play` to refuse.
    assert_eq!(canonical("22/10"), "22/10");
}

#[test]
fn b10_bar_checker_enters_first_or_the_turn_is_lost() {
    // Enter on 25 - die: with 6-4 the checker comes in on 19 or 21.
    let board = pos!(x bar:1, 13:5, 8:3, 6:5, 24:1; o 19:5, 17:3, 12:5, 1:2);
    let mut g = game(board, 6, 4);
    let legal = plays(&g);
    assert!(legal.iter().all(|m| m.starts_with("bar/")), "{legal:?}");
    assert!(legal.contains("bar/21 13/7"));
    assert_eq!(refused(&mut g, "13/7 13/9"), "B10");
    // A closed home board: no entry, only the pass.
    let closed = pos!(x bar:1, 6:14; o 24:2, 23:2, 22:2, 21:2, 20:2, 19:2, 1:3);
    let mut g = game(closed, 6, 6);
    assert_eq!(g.legal_moves(), vec![BgMove::Play(Play::PASS)]);
    assert_eq!(refused(&mut g, "6/off"), "B10");
    play(&mut g, "pass");
    assert_eq!(g.to_move(), Some(Seat::Second));
}

#[test]
fn b11_must_use_both_dice_when_possible() {
    // Only the 24 checker can move (the others are not all home, B13), and
    // after either die it is stuck: only one die is playable.
    let one_die = pos!(x 24:1, 1:14; o 13:2, 12:13);
    assert_eq!(plays(&game(one_die, 6, 5)), set(&["24/18"]));
    // With a second checker free to move, both dice must be used.
    let both = pos!(x 24:1, 10:1, 1:13; o 13:2, 12:13);
    let mut g = game(both, 6, 5);
    for mv in g.legal_moves() {
        let BgMove::Play(p) = mv else { panic!() };
        let pips: u32 = p.legs().iter().map(|l| (l.from - l.to) as u32).sum();
        assert_eq!(pips, 11, "{mv} uses both dice");
    }
    assert!(plays(&g).contains("24/18 10/5"));
    assert_eq!(refused(&mut g, "24/18"), "B11");
}

#[test]
fn b11_must_use_larger_die_when_only_one_playable() {
    let board = pos!(x 24:1, 1:14; o 13:2, 12:13);
    let mut g = game(board, 6, 5);
    assert_eq!(g.legal_moves().len(), 1);
    assert_eq!(refused(&mut g, "24/19"), "B11", "the smaller die alone is not allowed");
    play(&mut g, "24/18");
    // When the larger die cannot move at all the smaller is played.
    let board = pos!(x 24:1, 1:14; o 18:2, 13:2, 12:11);
    assert_eq!(plays(&game(board, 6, 5)), set(&["24/19"]));
}

#[test]
fn b12_no_legal_move_forfeits_the_turn_and_moving_is_compulsory() {
    // Trapped behind a six-prime with 6-6: nothing moves.
    let board = pos!(x 24:2, 1:13; o 18:2, 17:2, 16:2, 15:2, 14:2, 13:2, 12:3);
    let mut g = game(board, 6, 6);
    assert_eq!(g.legal_moves(), vec![BgMove::Play(Play::PASS)]);
    assert_eq!(refused(&mut g, "24/18"), "B12", "the turn is lost");
    let board_before = *g.board();
    play(&mut g, "pass");
    assert_eq!(g.board().flip(), board_before, "a pass moves nothing");
    assert_eq!(g.turn(), Turn::Chance);
    // With a move available the pass is refused.
    let mut g = game(Board::START, 3, 1);
    assert_eq!(refused(&mut g, "pass"), "B12");
}

#[test]
fn b13_bear_off_only_when_all_fifteen_are_home() {
    let board = pos!(x 10:1, 6:14; o 24:15);
    let mut g = game(board, 2, 1);
    assert!(!plays(&g).iter().any(|m| m.contains("off")));
    assert_eq!(refused(&mut g, "6/off"), "B13");
    // Once the last checker comes home, bearing off may follow in the same turn.
    let board = pos!(x 7:1, 6:14; o 24:15);
    let mut g = game(board, 6, 1);
    assert!(plays(&g).contains("7/off"), "gnubg writes 7/6 6/off as 7/off");
    play(&mut g, "7/6 6/off");
    assert_eq!(g.off(Seat::First), 1);
}

#[test]
fn b14_bear_off_from_highest_point_with_high_die() {
    // gnubg's case /38AAAAaAAAAAA: 6-5 with checkers on 3 and lower.
    let board = pos!(x 3:2, 2:1; o 24:15);
    let mut g = game(board, 6, 5);
    assert_eq!(plays(&g), set(&["3/off(2)"]));
    assert_eq!(refused(&mut g, "3/off 2/off"), "B14");
    play(&mut g, "3/off(2)");
}

#[test]
fn b14_empty_point_means_moving_from_a_higher_point() {
    // A 4 with the 4 point empty but a checker on 6: the 6 must move 6/2.
    let board = pos!(x 6:1, 2:1; o 24:15);
    let mut g = game(board, 4, 4);
    assert_eq!(refused(&mut g, "2/off"), "B14");
    assert_eq!(
        plays(&g),
        set(&["6/off 2/off"]),
        "gnubg leaves out the quiet stop: 6/2/off"
    );
    play(&mut g, "6/2/off 2/off");
    // With nothing higher the die takes the highest checker off.
    let board = pos!(x 2:1, 1:1; o 24:15);
    assert_eq!(plays(&game(board, 4, 3)), set(&["2/off 1/off"]));
}

#[test]
fn b15_both_dice_used_in_bear_off_and_hit_checker_comes_home_first() {
    // gnubg's case +P8DAABpAgAAAA: bear off two or bear off one and move another.
    let board = pos!(x 6:1, 4:1; o 24:15);
    let mut g = game(board, 6, 5);
    assert_eq!(plays(&g), set(&["6/off 4/off", "6/1 4/off"]));
    assert_eq!(refused(&mut g, "6/off"), "B15");
    // A checker hit during the bear-off enters and must come home first.
    let board = pos!(x bar:1, 6:4, 5:4; o 20:2, 1:13);
    let mut g = game(board, 6, 5);
    let legal = plays(&g);
    assert!(
        legal.iter().all(|m| m.starts_with("bar/") && !m.contains("off")),
        "{legal:?}"
    );
    assert_eq!(refused(&mut g, "6/off 5/off"), "B10");
}

fn finish(board: Board, text: &str) -> Outcome {
    let mut g = game(board, 6, 5);
    play(&mut g, text);
    assert_eq!(g.turn(), Turn::Over);
    assert!(g.legal_moves().is_empty());
    assert!(g.chance_outcomes().is_empty());
    let outcome = g.outcome().expect("game over");
    assert_eq!(outcome.winner, Some(Seat::First));
    assert_eq!(outcome.reason, EndReason::BoreOff);
    // The finished game refuses everything and survives a save/load.
    assert_eq!(refused(&mut g, "roll 3-1"), "B16");
    let back: Backgammon = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    outcome
}

#[test]
fn b16_first_to_bear_off_all_wins_a_single_game() {
    let board = pos!(x 1:1; o 20:14);
    assert_eq!(finish(board, "1/off").points, 1);
}

#[test]
fn b17_gammon_when_loser_bore_off_none() {
    let board = pos!(x 2:1; o 20:15);
    assert_eq!(finish(board, "2/off").points, 2);
}

#[test]
fn b18_backgammon_with_checker_on_bar() {
    let board = pos!(x 2:1; o bar:1, 20:14);
    assert_eq!(finish(board, "2/off").points, 3);
}

#[test]
fn b18_backgammon_with_checker_in_winners_home_board() {
    let board = pos!(x 2:1; o 5:1, 20:14);
    assert_eq!(finish(board, "2/off").points, 3);
    // A checker of the loser just outside the winner's home is only a gammon.
    let board = pos!(x 2:1; o 7:1, 20:14);
    assert_eq!(finish(board, "2/off").points, 2);
}

#[test]
fn setup_round_trips_and_position_id_imports() {
    let g = started();
    let json = serde_json::to_string(&g).unwrap();
    let back: Backgammon = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    assert_eq!(Backgammon::start().position_id(), "4HPwATDgc/ABMA");
    let g = Backgammon::from_position_id("4HPwATDgc/ABUA", Seat::Second, Dice::new(6, 4)).unwrap();
    assert_eq!(g.board().my_bar(), 1);
    assert!(plays(&g).contains("bar/15"));
    assert!(Backgammon::from_position_id("4HPwATDgc/AB", Seat::First, None).is_err());
    assert!(Backgammon::from_position_id("4HPwATDgc/AB!A", Seat::First, None).is_err());
    // A view hides nothing.
    assert_eq!(g.view(Seat::First), g);
}

/// Plays one whole game from `seed`: chance from a seeded ChaCha8, plays
/// chosen at random among the legal ones; checks the invariants as it goes.
fn random_game(seed: u64) -> (Outcome, Record<Backgammon>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record: Record<Backgammon> = Record::new(Default::default(), seed);
    let mut g = record.start().unwrap();
    for _ in 0..5000 {
        for seat in Seat::BOTH {
            let on_board: u32 = (1..=24).map(|p| g.checkers_at(seat, p) as u32).sum();
            assert_eq!(on_board + g.bar(seat) as u32 + g.off(seat) as u32, 15, "seed {seed}");
        }
        let mv = match g.turn() {
            Turn::Over => {
                assert_eq!(record.replay().unwrap(), g, "the record replays to the same game");
                return (g.outcome().unwrap(), record);
            }
            Turn::Chance => g.sample_chance(&mut rng).unwrap(),
            Turn::Seat(_) => {
                let moves = g.legal_moves();
                assert!(!moves.is_empty());
                moves[rng.random_range(0..moves.len())]
            }
        };
        // Notation round-trips to the same move.
        assert_eq!(g.parse_move(&g.format_move(&mv)).unwrap(), mv);
        record
            .play(&mut g, mv)
            .unwrap_or_else(|e| panic!("seed {seed}: {mv} refused: {e}"));
    }
    panic!("seed {seed}: no winner after 5000 plies");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_seeded_games_end_with_a_winner(seed in any::<u64>()) {
        let (outcome, record) = random_game(seed);
        prop_assert!(outcome.winner.is_some());
        prop_assert!((1..=3).contains(&outcome.points));
        prop_assert_eq!(outcome.reason, EndReason::BoreOff);
        // Saved as text and read back, the record replays the same way.
        let json = serde_json::to_string(&record).unwrap();
        let back: Record<Backgammon> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.replay().unwrap().outcome(), Some(outcome));
    }
}

/// An independent, unpruned move generator: every die order, every
/// checker, every prefix kept; then B11 applied to the finished list.
fn brute_force(board: &Board, dice: Dice) -> BTreeSet<[i8; 26]> {
    fn step(p: &[i8; 26], from: usize, die: usize) -> Option<[i8; 26]> {
        if p[from] <= 0 || (p[25] > 0 && from != 25) {
            return None;
        }
        let mut q = *p;
        q[from] -= 1;
        let to = from as i32 - die as i32;
        if to >= 1 {
            let to = to as usize;
            match p[to] {
                n if n <= -2 => return None,
                -1 => {
                    q[to] = 1;
                    q[0] -= 1;
                }
                _ => q[to] += 1,
            }
        } else {
            let all_home = (7..=25).all(|i| p[i] <= 0);
            let higher_empty = (from + 1..=6).all(|i| p[i] <= 0);
            if !all_home || (to < 0 && !higher_empty) {
                return None;
            }
        }
        Some(q)
    }
    fn walk(p: [i8; 26], left: &[usize], used: Vec<usize>, out: &mut Vec<([i8; 26], Vec<usize>)>) {
        out.push((p, used.clone()));
        for (k, &die) in left.iter().enumerate() {
            let mut rest = left.to_vec();
            rest.remove(k);
            for from in 1..=25 {
                if let Some(q) = step(&p, from, die) {
                    let mut u = used.clone();
                    u.push(die);
                    walk(q, &rest, u, out);
                }
            }
        }
    }
    let dice_list: Vec<usize> = if dice.is_double() {
        vec![dice.high as usize; 4]
    } else {
        vec![dice.high as usize, dice.low as usize]
    };
    let mut all = Vec::new();
    walk(*board.pips(), &dice_list, Vec::new(), &mut all);
    let most = all.iter().map(|(_, u)| u.len()).max().unwrap_or(0);
    if most == 0 {
        return BTreeSet::new();
    }
    let mut best: Vec<&([i8; 26], Vec<usize>)> = all.iter().filter(|(_, u)| u.len() == most).collect();
    if most == 1 && !dice.is_double() && best.iter().any(|(_, u)| u[0] == dice.high as usize) {
        best.retain(|(_, u)| u[0] == dice.high as usize);
    }
    best.into_iter().map(|(p, _)| *p).collect()
}

/// The pruned generator (doubles in non-increasing order, B11 by passes)
/// agrees with the brute force on positions from random seeded games.
#[test]
fn movegen_equals_brute_force_on_random_game_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut checked = 0;
    for seed in 0..12u64 {
        let (_, record) = random_game(seed);
        let mut g = record.start().unwrap();
        for (ply, mv) in record.moves.iter().enumerate() {
            if ply % 3 == 0 && g.turn() != Turn::Chance && g.turn() != Turn::Over {
                let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
                let ours: BTreeSet<[i8; 26]> = papan_rules::backgammon::legal_plays(g.board(), dice)
                    .iter()
                    .map(|(b, _)| *b.pips())
                    .collect();
                assert_eq!(ours, brute_force(g.board(), dice), "{} with {dice}", g.board());
                checked += 1;
            }
            g.play(mv).unwrap();
        }
    }
    assert!(checked > 100, "checked {checked} positions");
}
