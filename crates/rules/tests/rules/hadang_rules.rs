//! One test (at least) per numbered rule of `crates/rules/docs/hadang.md`, named
//! after it, plus serialization and property tests.

use papan_rules::clock::{Adjudicated, Clock, Expiry, Tempo};
use papan_rules::hadang::{Hadang, HadangMove, HadangSetup, Orientation, Square, Wall, START};
use papan_rules::{EndReason, Game, Outcome, RuleError, Seat, Turn};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ---------- helpers ----------

fn sq(text: &str) -> Square {
    text.parse().expect("cell")
}

fn mv(text: &str) -> HadangMove {
    text.parse().expect("move")
}

fn wall(text: &str) -> Wall {
    text.parse().expect("wall")
}

fn setup(p1: &str, p2: &str, walls1: &[&str], walls2: &[&str], to_move: Seat) -> HadangSetup {
    HadangSetup {
        options: Default::default(),
        pawns: [p1.to_string(), p2.to_string()],
        walls: [
            walls1.iter().map(|w| w.to_string()).collect(),
            walls2.iter().map(|w| w.to_string()).collect(),
        ],
        walls_left: [10 - walls1.len() as u8, 10 - walls2.len() as u8],
        to_move,
        last: None,
    }
}

/// A position from pawn cells and walls (Player 1's, Player 2's).
fn pos(p1: &str, p2: &str, walls1: &[&str], walls2: &[&str], to_move: Seat) -> Hadang {
    Hadang::try_from(setup(p1, p2, walls1, walls2, to_move)).expect("legal setup")
}

/// The side to move's pawn targets, as sorted notation.
fn targets(game: &Hadang) -> Vec<String> {
    let mut out: Vec<String> = game
        .pawn_targets(game.side_to_move())
        .iter()
        .map(|s| s.to_string())
        .collect();
    out.sort();
    out
}

fn refused(game: &Hadang, text: &str) -> RuleError {
    let mut copy = *game;
    let err = copy.play(&mv(text)).expect_err("move should be refused");
    assert_eq!(copy, *game, "a refused move must leave the position unchanged");
    err
}

fn play_all(game: &mut Hadang, moves: &str) {
    for text in moves.split_whitespace() {
        game.play(&mv(text)).unwrap_or_else(|e| panic!("{text} refused: {e}"));
    }
}

fn json(game: &Hadang) -> String {
    serde_json::to_string(game).expect("serializes")
}

// ---------- H1–H3: board and notation ----------

#[test]
fn h1_board_has_files_a_to_i_and_ranks_1_to_9() {
    assert_eq!(Square::all().count(), 81);
    assert_eq!(sq("a1").index(), 0);
    assert_eq!((sq("i1").file(), sq("i1").rank()), (8, 0));
    assert_eq!((sq("a9").file(), sq("a9").rank()), (0, 8));
    assert_eq!(sq("i9").index(), 80);
    for bad in ["j1", "a0", "a10", "e", "", "11", "ee"] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?} should not be a cell");
    }
    assert_eq!(Square::new(9, 0), None);
    assert_eq!(Square::new(0, 9), None);
}

#[test]
fn h2_pawns_start_mid_edge_and_race_to_the_far_rank() {
    let game = Hadang::start();
    assert_eq!(game.pawn(Seat::First), sq("e1"));
    assert_eq!(game.pawn(Seat::Second), sq("e9"));
    assert_eq!(START, [sq("e1"), sq("e9")]);
    assert_eq!(game.shortest_path_len(Seat::First), 8);
    assert_eq!(game.shortest_path_len(Seat::Second), 8);
    // Player 1 wins on rank 9, Player 2 on rank 1.
    let mut one = pos("c8", "e5", &[], &[], Seat::First);
    one.play(&mv("c9")).unwrap();
    assert_eq!(one.outcome(), Some(Outcome::win(Seat::First, EndReason::GoalReached)));
    let mut two = pos("e5", "h2", &[], &[], Seat::Second);
    two.play(&mv("h1")).unwrap();
    assert_eq!(two.outcome(), Some(Outcome::win(Seat::Second, EndReason::GoalReached)));
    // Player 2 standing on rank 9 (its own start) has not won anything.
    let back = pos("e5", "a9", &[], &[], Seat::First);
    assert_eq!(back.outcome(), None);
}

#[test]
fn h3_ten_walls_each_and_wall_notation() {
    let game = Hadang::start();
    assert_eq!(game.walls_left(Seat::First), 10);
    assert_eq!(game.walls_left(Seat::Second), 10);
    assert_eq!(Wall::all().count(), 128);
    // e3h covers the top edges of e3 and f3; e3v the right edges of e3 and e4.
    assert_eq!(wall("e3h").separates(), [(sq("e3"), sq("e4")), (sq("f3"), sq("f4"))]);
    assert_eq!(wall("e3v").separates(), [(sq("e3"), sq("f3")), (sq("e4"), sq("f4"))]);
    assert_eq!(wall("e3h").anchor(), sq("e3"));
    assert_eq!(wall("e3v").orientation(), Orientation::Vertical);
    assert_eq!(mv("e2"), HadangMove::Step(sq("e2")));
    assert_eq!(mv("E3H"), HadangMove::Wall(wall("e3h")));
    assert_eq!(mv("e3v").to_string(), "e3v");
    for bad in ["e3x", "e3hh", "e", "3eh"] {
        assert!(bad.parse::<HadangMove>().is_err(), "{bad:?} should not parse");
    }
}

#[test]
fn h3_setup_with_wrong_wall_stock_is_refused() {
    let mut bad = setup("e1", "e9", &["a1h"], &[], Seat::First);
    bad.walls_left = [10, 10];
    assert_eq!(Hadang::try_from(bad).unwrap_err().rule, papan_rules::rule::H3);
    let mut too_many = setup("e1", "e9", &[], &[], Seat::First);
    too_many.walls_left = [11, 9];
    assert_eq!(Hadang::try_from(too_many).unwrap_err().rule, papan_rules::rule::H3);
}

// ---------- H4–H5: turns ----------

#[test]
fn h4_player_one_moves_first_and_turns_alternate() {
    let mut game = Hadang::start();
    assert_eq!(game.turn(), Turn::Seat(Seat::First));
    game.play(&mv("e2")).unwrap();
    assert_eq!(game.turn(), Turn::Seat(Seat::Second));
    game.play(&mv("a1h")).unwrap();
    assert_eq!(game.turn(), Turn::Seat(Seat::First));
    assert_eq!(game.walls_left(Seat::Second), 9);
    assert_eq!(game.last_move(), Some(mv("a1h")));
}

#[test]
fn h4_setup_with_a_last_move_by_the_wrong_player_is_refused() {
    let mut bad = setup("e2", "e9", &[], &[], Seat::First);
    // Player 2 is to move next only if Player 1 moved last; here Player 1
    // is to move, so "e2" cannot have been the last move.
    bad.last = Some("e2".into());
    assert_eq!(Hadang::try_from(bad).unwrap_err().rule, papan_rules::rule::H4);
    let mut good = setup("e2", "e9", &[], &[], Seat::Second);
    good.last = Some("e2".into());
    assert_eq!(Hadang::try_from(good).unwrap().last_move(), Some(mv("e2")));
}

#[test]
fn h5_exactly_one_action_and_no_passing() {
    let game = Hadang::start();
    assert_eq!(refused(&game, "e1").rule, papan_rules::rule::H5);
    // Every legal move is a step or a wall; there is no pass.
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 3 + 128);
    assert!(moves
        .iter()
        .all(|m| matches!(m, HadangMove::Step(_) | HadangMove::Wall(_))));
}

// ---------- H6–H9: pawn moves ----------

#[test]
fn h6_steps_one_cell_orthogonally_including_back_and_sideways() {
    let game = pos("e5", "a9", &[], &[], Seat::First);
    assert_eq!(targets(&game), ["d5", "e4", "e6", "f5"]);
    assert_eq!(refused(&game, "f6").rule, papan_rules::rule::H6);
    assert_eq!(refused(&game, "e7").rule, papan_rules::rule::H6);
    assert_eq!(refused(&game, "a1").rule, papan_rules::rule::H6);
    let corner = pos("a1", "e9", &[], &[], Seat::First);
    assert_eq!(targets(&corner), ["a2", "b1"]);
}

#[test]
fn h6_walls_block_steps() {
    // e5h separates e5|e6; d4v separates d5|e5 (right edges of d4, d5).
    let game = pos("e5", "a9", &["e5h", "d4v"], &[], Seat::First);
    assert_eq!(targets(&game), ["e4", "f5"]);
    let err = refused(&game, "e6");
    assert_eq!(err.rule, papan_rules::rule::H6);
    assert!(err.message.contains("wall"), "{err}");
    assert_eq!(refused(&game, "d5").rule, papan_rules::rule::H6);
}

#[test]
fn h7_straight_jump_over_adjacent_opponent() {
    let game = pos("e5", "e6", &[], &[], Seat::First);
    assert_eq!(targets(&game), ["d5", "e4", "e7", "f5"]);
    let mut after = game;
    after.play(&mv("e7")).unwrap();
    assert_eq!(after.pawn(Seat::First), sq("e7"));
    // Sideways too: from d5 over e5 to f5.
    let side = pos("d5", "e5", &[], &[], Seat::First);
    assert!(targets(&side).contains(&"f5".to_string()));
    assert!(!targets(&side).contains(&"e5".to_string()));
}

#[test]
fn h7_no_jump_through_a_wall_between_the_pawns() {
    // e5h sits between e5 and e6: no step there, hence no jump either.
    let game = pos("e5", "e6", &["e5h"], &[], Seat::First);
    assert_eq!(targets(&game), ["d5", "e4", "f5"]);
    assert_eq!(refused(&game, "e7").rule, papan_rules::rule::H7);
    assert_eq!(refused(&game, "d6").rule, papan_rules::rule::H6);
}

#[test]
fn h7_no_straight_jump_over_a_wall_behind_the_opponent() {
    // e6h separates e6|e7: the cell behind the opponent is walled off.
    let game = pos("e5", "e6", &["e6h"], &[], Seat::First);
    let err = refused(&game, "e7");
    assert_eq!(err.rule, papan_rules::rule::H7);
}

#[test]
fn h8_side_step_when_a_wall_stands_behind_the_opponent() {
    let game = pos("e5", "e6", &["e6h"], &[], Seat::First);
    assert_eq!(targets(&game), ["d5", "d6", "e4", "f5", "f6"]);
    let mut after = game;
    after.play(&mv("f6")).unwrap();
    assert_eq!(after.pawn(Seat::First), sq("f6"));
}

#[test]
fn h8_side_step_when_the_board_edge_is_behind_the_opponent() {
    // Player 2 on e2 faces Player 1 on e1: behind e1 is off the board, so
    // Player 2 may side-step to d1 or f1 — and wins at once (H15).
    let game = pos("e1", "e2", &[], &[], Seat::Second);
    assert_eq!(targets(&game), ["d1", "d2", "e3", "f1", "f2"]);
    let mut after = game;
    after.play(&mv("d1")).unwrap();
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Seat::Second, EndReason::GoalReached))
    );
    // Sideways too: from b5 over a5 the board edge is behind, so a4 / a6.
    let side = pos("b5", "a5", &[], &[], Seat::First);
    assert_eq!(targets(&side), ["a4", "a6", "b4", "b6", "c5"]);
}

#[test]
fn h8_side_step_blocked_by_a_wall_on_one_side() {
    // Wall behind the opponent (e6h) and a wall right of e6 (e5v covers the
    // right edges of e5 and e6): only the d6 side-step remains.
    let game = pos("e5", "e6", &["e6h"], &["e5v"], Seat::First);
    assert_eq!(targets(&game), ["d5", "d6", "e4"]);
    let err = refused(&game, "f6");
    assert_eq!(err.rule, papan_rules::rule::H8);
    assert!(err.message.contains("wall"), "{err}");
}

#[test]
fn h8_no_side_step_when_the_cell_behind_is_free() {
    let game = pos("e5", "e6", &[], &[], Seat::First);
    let err = refused(&game, "d6");
    assert_eq!(err.rule, papan_rules::rule::H8);
    assert!(err.message.contains("straight"), "{err}");
}

#[test]
fn h8_side_step_in_a_corner_has_one_way_out() {
    // Player 1 on a8 faces Player 2 on a9: behind a9 is off the board and
    // left of a9 too, so the only side-step is b9 (a winning one).
    let game = pos("a8", "a9", &[], &[], Seat::First);
    assert_eq!(targets(&game), ["a7", "b8", "b9"]);
}

#[test]
fn h9_pawn_never_ends_on_the_opponent() {
    let game = pos("e5", "e6", &[], &[], Seat::First);
    assert_eq!(refused(&game, "e6").rule, papan_rules::rule::H9);
    assert!(!targets(&game).contains(&"e6".to_string()));
    let same = setup("e5", "e5", &[], &[], Seat::First);
    assert_eq!(Hadang::try_from(same).unwrap_err().rule, papan_rules::rule::H9);
}

// ---------- H10–H14: walls ----------

#[test]
fn h10_a_wall_needs_stock_and_uses_the_turn() {
    let mut game = Hadang::start();
    game.play(&mv("a1h")).unwrap();
    assert_eq!(game.walls_left(Seat::First), 9);
    assert_eq!(game.turn(), Turn::Seat(Seat::Second));
    let walls: Vec<&str> = vec!["a1h", "c1h", "e1h", "g1h", "a3h", "c3h", "e3h", "g3h", "a5h", "c5h"];
    let empty = pos("e2", "e9", &walls, &[], Seat::First);
    assert_eq!(empty.walls_left(Seat::First), 0);
    assert!(empty.legal_walls().is_empty());
    assert!(empty.legal_moves().iter().all(|m| matches!(m, HadangMove::Step(_))));
    assert_eq!(refused(&empty, "h8h").rule, papan_rules::rule::H10);
    assert_eq!(empty.wall_check(wall("h8h")).unwrap_err().rule, papan_rules::rule::H10);
}

#[test]
fn h11_a_wall_lies_entirely_on_the_board() {
    for bad in ["i5v", "a9h", "i9h", "e9v"] {
        let err = bad.parse::<HadangMove>().unwrap_err();
        assert!(err.message.contains("H11"), "{bad}: {err}");
    }
    assert_eq!(
        Wall::new(sq("i5"), Orientation::Vertical).unwrap_err().rule,
        papan_rules::rule::H11
    );
    assert!(Wall::new(sq("h8"), Orientation::Vertical).is_ok());
    let corrupt = setup("e1", "e9", &["i1h"], &[], Seat::First);
    assert_eq!(Hadang::try_from(corrupt).unwrap_err().rule, papan_rules::rule::H11);
    let garbage = setup("e1", "e9", &["zz"], &[], Seat::First);
    assert_eq!(Hadang::try_from(garbage).unwrap_err().rule, papan_rules::rule::H11);
}

#[test]
fn h12_walls_may_not_overlap() {
    let game = pos("e1", "e9", &["e3h"], &["e5v"], Seat::First);
    for overlapping in ["e3h", "d3h", "f3h", "e5v", "e4v", "e6v"] {
        let err = refused(&game, overlapping);
        assert_eq!(err.rule, papan_rules::rule::H12, "{overlapping}: {err}");
    }
    // End to end is fine: g3h and c3h touch e3h's ends, e7v touches e5v's.
    for touching in ["g3h", "c3h", "e7v"] {
        assert!(game.wall_check(wall(touching)).is_ok(), "{touching}");
    }
}

#[test]
fn h12_walls_may_not_cross_on_the_same_anchor() {
    let game = pos("e1", "e9", &["e3h"], &["b6v"], Seat::First);
    let err = refused(&game, "e3v");
    assert_eq!(err.rule, papan_rules::rule::H12);
    assert!(err.message.contains("cross"), "{err}");
    assert_eq!(refused(&game, "b6h").rule, papan_rules::rule::H12);
    // Neighbouring anchors do not cross: d3v ends where e3h begins.
    assert!(game.wall_check(wall("d3v")).is_ok());
    assert!(game.wall_check(wall("f3v")).is_ok());
    let crossing = setup("e1", "e9", &["e3h"], &["e3v"], Seat::First);
    assert_eq!(Hadang::try_from(crossing).unwrap_err().rule, papan_rules::rule::H12);
}

#[test]
fn h13_wall_may_not_close_the_last_path() {
    // Player 2 on a9 with a8h under a9|b9: b8v would seal {a9, b9}.
    let game = pos("e1", "a9", &["a8h"], &[], Seat::First);
    let before = json(&game);
    let err = refused(&game, "b8v");
    assert_eq!(err.rule, papan_rules::rule::H13);
    assert_eq!(err.message, "this wall would close the last path of Player 2");
    assert_eq!(json(&game), before, "refusal leaves the position unchanged");
    assert!(!game.legal_walls().contains(&wall("b8v")));
    assert_eq!(game.wall_check(wall("b8v")).unwrap_err().rule, papan_rules::rule::H13);
    // The same wall one anchor lower keeps a path: allowed.
    assert!(game.wall_check(wall("b7v")).is_ok());
}

#[test]
fn h13_own_path_counts_too() {
    // Player 1 may not seal itself in either.
    let game = pos("a1", "e9", &["a1h"], &[], Seat::First);
    let err = refused(&game, "b1v");
    assert_eq!(err.rule, papan_rules::rule::H13);
    assert_eq!(err.message, "this wall would close the last path of Player 1");
}

#[test]
fn h13_pawns_are_not_obstacles_for_the_path_rule() {
    // a8v and a6v make a9–a6 a one-cell-wide corridor; Player 1's pawn
    // stands in it on a7. Player 2's route still counts through a7.
    let game = pos("a7", "a9", &["a8v", "a6v"], &[], Seat::Second);
    assert_eq!(game.shortest_path_len(Seat::Second), 8);
    assert!(game.shortest_path(Seat::Second).contains(&sq("a7")));
    assert!(game.wall_check(wall("h1h")).is_ok());
    // Closing the corridor's lower end (a5h) would seal Player 2: refused.
    assert_eq!(game.wall_check(wall("a5h")).unwrap_err().rule, papan_rules::rule::H13);
    // The pawn in the corridor is jumped over, not walked through (H7).
    let mut close = pos("a8", "a9", &["a8v", "a6v"], &[], Seat::Second);
    assert_eq!(targets(&close), ["a7"]);
    close.play(&mv("a7")).unwrap();
    assert_eq!(close.pawn(Seat::Second), sq("a7"));
}

#[test]
fn h13_setup_without_a_route_is_refused() {
    let sealed = setup("e1", "a9", &["a8h"], &["b8v"], Seat::First);
    assert_eq!(Hadang::try_from(sealed).unwrap_err().rule, papan_rules::rule::H13);
}

#[test]
fn h14_walls_are_permanent() {
    let mut game = Hadang::start();
    play_all(&mut game, "e3h e8 e2 e7 d5v e6 d2 e5");
    let placed: Vec<String> = game.walls_placed().iter().map(|p| p.wall.to_string()).collect();
    assert_eq!(placed, ["e3h", "d5v"]);
    assert!(game.walls_placed().iter().all(|p| p.by == Seat::First));
    assert_eq!(game.walls_left(Seat::First), 8);
    // No move removes a wall: the only wall-related moves are new walls.
    assert!(game.legal_moves().iter().all(|m| match m {
        HadangMove::Wall(w) => *w != wall("e3h") && *w != wall("d5v"),
        HadangMove::Step(_) => true,
    }));
    assert_eq!(refused(&game, "e3h").rule, papan_rules::rule::H12);
}

// ---------- H15–H17: end of game ----------

#[test]
fn h15_reaching_the_goal_rank_wins_at_once() {
    let mut game = pos("d8", "e2", &[], &[], Seat::First);
    game.play(&mv("d9")).unwrap();
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.winner(), Some(Seat::First));
    assert_eq!(game.outcome(), Some(Outcome::win(Seat::First, EndReason::GoalReached)));
    assert!(game.legal_moves().is_empty());
    assert!(game.pawn_targets(Seat::Second).is_empty());
    let err = refused(&game, "e1");
    assert_eq!(err.rule, papan_rules::rule::H15);
    assert_eq!(game.wall_check(wall("a1h")).unwrap_err().rule, papan_rules::rule::H15);
    // A saved finished game reads back finished.
    let back: Hadang = serde_json::from_str(&json(&game)).unwrap();
    assert_eq!(back.outcome(), game.outcome());
}

#[test]
fn h15_impossible_finished_setups_are_refused() {
    let both = setup("a9", "a1", &[], &[], Seat::First);
    assert_eq!(Hadang::try_from(both).unwrap_err().rule, papan_rules::rule::H15);
    // Player 1 on rank 9 ended the game on its own move; it cannot be to move.
    let wrong_turn = setup("a9", "e5", &[], &[], Seat::First);
    assert_eq!(Hadang::try_from(wrong_turn).unwrap_err().rule, papan_rules::rule::H15);
    let fine = setup("a9", "e5", &[], &[], Seat::Second);
    assert_eq!(Hadang::try_from(fine).unwrap().winner(), Some(Seat::First));
}

#[test]
fn h16_running_out_of_time_loses() {
    let mut clock = Clock::new(Tempo::hadang(1, 0).unwrap());
    let mut game = Adjudicated::new(Hadang::start());
    clock.start(Seat::First, 0).unwrap();
    game.play(&mv("e2")).unwrap();
    clock.complete_move(Seat::First, 5_000).unwrap();
    // Player 2 thinks for a whole minute.
    assert_eq!(clock.poll(64_999), None);
    let expiry = clock.poll(65_000).expect("flag");
    assert_eq!(expiry, Expiry::Flag { loser: Seat::Second });
    let outcome = game.apply_expiry(expiry).unwrap().expect("a flag ends the game");
    assert_eq!(outcome, Outcome::win(Seat::First, EndReason::Timeout));
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.outcome(), Some(outcome));
    assert!(game.play(&mv("e8")).is_err());
    assert_eq!(Tempo::hadang(2, 0).unwrap_err().rule, papan_rules::rule::H16);
    assert_eq!(Tempo::hadang_offers().len(), 13);
}

#[test]
fn h17_either_player_may_resign_at_any_time() {
    let mut game = Adjudicated::new(Hadang::start());
    game.play(&mv("e2")).unwrap();
    // Player 1 resigns during Player 2's turn.
    let outcome = game.resign(Seat::First).unwrap();
    assert_eq!(outcome, Outcome::win(Seat::Second, EndReason::Resignation));
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.outcome(), Some(outcome));
    assert!(game.legal_moves().is_empty());
    let before = serde_json::to_string(&game).unwrap();
    assert!(game.play(&mv("e8")).is_err());
    assert!(
        game.resign(Seat::Second).is_err(),
        "a finished game cannot be resigned again"
    );
    assert_eq!(serde_json::to_string(&game).unwrap(), before);
    // The verdict survives a save and the view shows it.
    let back: Adjudicated<Hadang> = serde_json::from_str(&before).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.view(Seat::Second).verdict(), Some(outcome));
    // A game already won on the board cannot be resigned.
    let mut won = Adjudicated::new(pos("e8", "a5", &[], &[], Seat::First));
    won.play(&mv("e9")).unwrap();
    assert!(won.resign(Seat::Second).is_err());
    assert_eq!(won.outcome().unwrap().reason, EndReason::GoalReached);
}

// ---------- queries, serialization, properties ----------

#[test]
fn shortest_path_follows_walls() {
    // c4h, e4h and g4h fence off c4–h4 from rank 5: only a4, b4 and i4
    // lead up, so e1 goes e4, b4, b9: 3 + 3 + 5 steps.
    let game = pos("e1", "e9", &["c4h", "e4h", "g4h"], &[], Seat::First);
    assert_eq!(game.shortest_path_len(Seat::First), 8 + 3);
    let path = game.shortest_path(Seat::First);
    assert_eq!(path.len(), 11);
    assert_eq!(path.last().unwrap().rank(), 8);
}

#[test]
fn serde_round_trip_keeps_the_position() {
    let mut game = Hadang::start();
    play_all(&mut game, "e2 e8 e3h d7v e3 e7");
    let text = json(&game);
    assert!(text.contains("\"e3h\""), "{text}");
    let back: Hadang = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(json(&back), text);
    let setup: HadangSetup = game.into();
    assert_eq!(setup.walls, [vec!["e3h".to_string()], vec!["d7v".to_string()]]);
    assert_eq!(setup.pawns, ["e3".to_string(), "e7".to_string()]);
    // Moves serialize as their notation.
    assert_eq!(serde_json::to_string(&mv("e3h")).unwrap(), "\"e3h\"");
    assert_eq!(serde_json::from_str::<HadangMove>("\"d4\"").unwrap(), mv("d4"));
    assert!(serde_json::from_str::<HadangMove>("\"i9v\"").is_err());
}

#[test]
fn corrupt_json_is_refused_with_the_rule() {
    let text = json(&Hadang::start()).replace("\"e9\"", "\"e1\"");
    let err = serde_json::from_str::<Hadang>(&text).unwrap_err().to_string();
    assert!(err.contains("H9"), "{err}");
    let off = json(&Hadang::start()).replace("\"e9\"", "\"k9\"");
    let err = serde_json::from_str::<Hadang>(&off).unwrap_err().to_string();
    assert!(err.contains("H1"), "{err}");
}

#[test]
fn play_after_refusal_still_works_and_notation_helpers_agree() {
    let mut game = Hadang::start();
    assert!(game.play(&mv("e3")).is_err());
    assert_eq!(game.parse_move("e3h").unwrap(), mv("e3h"));
    assert_eq!(game.format_move(&mv("e3h")), "e3h");
    game.play(&mv("e2")).unwrap();
    assert_eq!(game.pawn(Seat::First), sq("e2"));
}

fn arb_square() -> impl Strategy<Value = Square> {
    (0u8..9, 0u8..9).prop_map(|(f, r)| Square::new(f, r).unwrap())
}

fn arb_move() -> impl Strategy<Value = HadangMove> {
    prop_oneof![
        arb_square().prop_map(HadangMove::Step),
        (0u8..8, 0u8..8, any::<bool>()).prop_map(|(f, r, h)| {
            let o = if h {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            };
            HadangMove::Wall(Wall::new(Square::new(f, r).unwrap(), o).unwrap())
        }),
    ]
}

/// Plays a seeded random game, checking the invariants on every ply.
/// Half the time the mover follows its shortest path so games finish.
fn random_game(seed: u64, max_plies: usize) -> Hadang {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Hadang::start();
    for _ in 0..max_plies {
        let moves = game.legal_moves();
        match game.turn() {
            Turn::Over => {
                assert!(moves.is_empty());
                assert!(game.outcome().is_some_and(|o| o.reason == EndReason::GoalReached));
                return game;
            }
            Turn::Seat(seat) => {
                assert!(!moves.is_empty(), "no legal move while the game goes on");
                let greedy = HadangMove::Step(game.shortest_path(seat)[0]);
                let choice = if rng.random_bool(0.5) && moves.contains(&greedy) {
                    greedy
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                game.play(&choice).expect("a generated move is legal");
            }
            Turn::Chance => unreachable!("HADANG has no chance"),
        }
    }
    game
}

#[test]
fn random_games_reach_a_goal() {
    // Guards the property test below from passing vacuously: most seeded
    // games do finish, with both seats among the winners.
    let winners: Vec<Option<Seat>> = (0..24).map(|seed| random_game(seed, 400).winner()).collect();
    assert!(winners.iter().filter(|w| w.is_some()).count() >= 18, "{winners:?}");
    assert!(winners.contains(&Some(Seat::First)) && winners.contains(&Some(Seat::Second)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn notation_round_trips(m in arb_move()) {
        let text = m.to_string();
        prop_assert_eq!(text.parse::<HadangMove>().unwrap(), m);
        prop_assert_eq!(text.to_uppercase().parse::<HadangMove>().unwrap(), m);
        let json = serde_json::to_string(&m).unwrap();
        prop_assert_eq!(serde_json::from_str::<HadangMove>(&json).unwrap(), m);
    }

    #[test]
    fn parsed_text_formats_back(text in "[a-k][0-9]{1,2}[hvx]?") {
        if let Ok(m) = text.parse::<HadangMove>() {
            prop_assert_eq!(m.to_string(), text);
        }
    }

    #[test]
    fn random_games_end_with_a_winner_or_keep_moves(seed in any::<u64>()) {
        let game = random_game(seed, 300);
        if game.is_over() {
            prop_assert!(game.winner().is_some());
        } else {
            prop_assert!(!game.legal_moves().is_empty());
        }
        // Whatever happened, the position survives a save.
        let back: Hadang = serde_json::from_str(&json(&game)).unwrap();
        prop_assert_eq!(back, game);
    }

    #[test]
    fn wall_check_agrees_with_legal_walls(seed in any::<u64>(), plies in 0usize..60) {
        let game = random_game(seed, plies);
        let legal = game.legal_walls();
        for w in Wall::all() {
            prop_assert_eq!(game.wall_check(w).is_ok(), legal.contains(&w), "{}", w);
        }
        for s in Square::all() {
            let expected = game.pawn_targets(game.side_to_move()).contains(&s);
            let mut copy = game;
            prop_assert_eq!(copy.play(&HadangMove::Step(s)).is_ok(), expected, "{}", s);
        }
    }
}

// ---------- the public route API engines use (H13) ----------

/// `Hadang::passage()` and `Passage::shortest_crossings` are what the bots
/// measure routes with: they agree with the position's own H13 answers, and
/// a wall that cuts none of the crossings leaves the route as long.
#[test]
fn h13_public_passage_agrees_with_the_position_and_finds_every_shortest_route() {
    use papan_rules::hadang::masks::{goal, squares};
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..30 {
        let mut position = Hadang::start();
        for _ in 0..40 {
            if position.winner().is_some() {
                break;
            }
            let passage = position.passage();
            for seat in Seat::BOTH {
                let start = 1u128 << position.pawn(seat).index();
                let (length, crossings) = passage.shortest_crossings(start, goal(seat)).unwrap();
                assert_eq!(length, position.shortest_path_len(seat));
                assert_eq!(passage.distance(start, goal(seat)), Some(length));
                assert_eq!(
                    squares(position.pawn_target_set(seat)).collect::<Vec<_>>(),
                    position.pawn_targets(seat)
                );
                for wall in Wall::all().filter(|&w| !crossings.cut_by(w)) {
                    assert_eq!(
                        passage.with_wall(wall).distance(start, goal(seat)),
                        Some(length),
                        "{wall}"
                    );
                }
            }
            let moves = position.legal_moves();
            position.play(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
}

#[test]
fn h13_shortest_crossings_from_e1_on_an_empty_board_are_file_e() {
    use papan_rules::hadang::masks::goal;
    let start = Hadang::start();
    let (length, crossings) = start
        .passage()
        .shortest_crossings(1u128 << sq("e1").index(), goal(Seat::First))
        .unwrap();
    assert_eq!(length, 8);
    assert_eq!(crossings.east, 0, "no sideways step is on a shortest route");
    let cut: Vec<String> = Wall::all()
        .filter(|&w| crossings.cut_by(w))
        .map(|w| w.to_string())
        .collect();
    // Horizontal walls anchored on files d or e, ranks 1–8, cut file e.
    assert_eq!(cut.len(), 16, "{cut:?}");
    assert!(cut
        .iter()
        .all(|w| w.ends_with('h') && (w.starts_with('d') || w.starts_with('e'))));
}
