//! [`TurnBuilder`]: a backgammon turn built one single-die step at a time,
//! as a person plays it. Each test names the rule it exercises; the last
//! ones check it against the move generator on random seeded positions.

use papan_rules::backgammon::{
    legal_plays, step_sequences, Backgammon, BgMove, Board, Dice, Play, Step, TurnBuilder, BAR, OFF,
};
use papan_rules::{rule, Game, Record, RuleId, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet, HashSet};

fn turn(board: Board, a: u8, b: u8) -> TurnBuilder {
    TurnBuilder::new(&board, Dice::new(a, b).unwrap())
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort();
    v
}

/// Where the checker on `from` can go next.
fn tos(turn: &TurnBuilder, from: u8) -> Vec<u8> {
    sorted(turn.destinations(from).into_iter().map(|(to, _)| to).collect())
}

/// `advance` must refuse under `rule` and leave the turn as it was.
fn refused(turn: &mut TurnBuilder, from: u8, to: u8, rule: RuleId) {
    let before = turn.clone();
    let err = turn.advance(from, to).expect_err("the step is refused");
    assert_eq!(err.rule, rule, "{from}/{to}: {err}");
    assert!(!err.message.is_empty());
    assert_eq!(*turn, before, "a refused step changes nothing");
    assert_eq!(turn.why_not(from, Some(to)).rule, rule, "why_not agrees with advance");
}

/// The play as text (gnubg's canonical form).
fn text(play: Play) -> String {
    play.to_string()
}

fn used(turn: &TurnBuilder) -> usize {
    turn.dice_faces().iter().filter(|(_, used)| *used).count()
}

#[test]
fn b6_each_step_is_one_die_and_the_dice_are_used_up() {
    let mut t = turn(Board::START, 6, 1);
    assert_eq!(t.dice(), Dice::new(6, 1).unwrap());
    assert_eq!(t.start(), &Board::START);
    assert!(t.steps().is_empty());
    assert_eq!(t.dice_faces(), vec![(6, false), (1, false)]);
    assert!(!t.must_pass() && !t.is_complete() && !t.forced_played());
    assert_eq!(sorted(t.movable()), vec![6, 8, 13, 24]);
    // 13 goes 6 to 7, or both dice to 6 through the open 7; the 1 alone
    // lands on 12, which Black holds (B8).
    assert_eq!(tos(&t, 13), vec![6, 7]);
    refused(&mut t, 13, 12, rule::B8);
    refused(&mut t, 13, 11, rule::B6);
    t.advance(13, 7).unwrap();
    assert_eq!(
        t.steps(),
        &[Step {
            from: 13,
            to: 7,
            die: 6,
            forced: false
        }]
    );
    assert_eq!(t.dice_faces(), vec![(6, true), (1, false)]);
    assert_eq!(t.board().at(13), 4);
    assert_eq!(t.board().at(7), 1);
    assert!(!t.is_complete());
    assert_eq!(tos(&t, 8), vec![7]);
    t.advance(8, 7).unwrap();
    assert!(t.is_complete());
    assert_eq!(used(&t), 2);
    assert_eq!(text(t.play().unwrap()), "13/7 8/7");
    // With every die used, any further step is refused by B6.
    assert_eq!(t.why_not(6, Some(5)).rule, rule::B6);
    assert!(t.movable().is_empty());
}

#[test]
fn b6_one_tap_moves_one_checker_with_both_dice() {
    let mut t = turn(Board::START, 6, 1);
    let (_, path) = t.destinations(13).into_iter().find(|(to, _)| *to == 6).unwrap();
    assert_eq!(path.len(), 2, "13/7/6: one step per die");
    t.advance(13, 6).unwrap();
    assert_eq!(t.steps().len(), 2);
    assert!(t.is_complete());
    assert_eq!(text(t.play().unwrap()), "13/6");
}

#[test]
fn b6_why_not_names_the_rule() {
    let t = turn(Board::START, 5, 3);
    assert_eq!(t.why_not(13, Some(11)).rule, rule::B6, "no die shows 2");
    assert_eq!(t.why_not(12, None).rule, rule::B1, "12 holds Black's checkers");
    assert_eq!(t.why_not(OFF, None).rule, rule::B1);
    assert_eq!(t.why_not(6, Some(OFF)).rule, rule::B13);
    // 5-5 from the start: the back checkers land on Black's 19 (B8).
    let t = turn(Board::START, 5, 5);
    assert!(!t.movable().contains(&24));
    assert_eq!(t.why_not(24, None).rule, rule::B8);
    assert_eq!(t.why_not(24, Some(19)).rule, rule::B8);
}

#[test]
fn b7_doubles_give_four_steps() {
    let mut t = turn(Board::START, 3, 3);
    assert_eq!(t.dice_faces(), vec![(3, false); 4]);
    for (i, (from, to)) in [(24, 21), (24, 21), (13, 10), (13, 10)].into_iter().enumerate() {
        assert!(!t.is_complete());
        assert_eq!(t.play().unwrap_err().rule, rule::B11, "{i} of four steps is not a turn");
        t.advance(from, to).unwrap();
        assert_eq!(used(&t), i + 1);
    }
    assert!(t.is_complete());
    assert_eq!(t.board().at(21), 2);
    assert_eq!(text(t.play().unwrap()), "24/21(2) 13/10(2)");
}

#[test]
fn b7_doubles_take_one_checker_up_to_four_stops() {
    let mut t = turn(Board::START, 2, 2);
    let reach: BTreeMap<u8, usize> = t
        .destinations(13)
        .into_iter()
        .map(|(to, path)| (to, path.len()))
        .collect();
    for (to, steps) in [(11, 1), (9, 2), (7, 3), (5, 4)] {
        assert_eq!(reach.get(&to), Some(&steps), "13 to {to} with 2-2: {reach:?}");
    }
    t.advance(13, 5).unwrap();
    assert!(t.is_complete());
    assert_eq!(t.steps().len(), 4);
    assert!(t.steps().iter().all(|s| s.die == 2 && !s.forced));
    assert_eq!(text(t.play().unwrap()), "13/5");
}

#[test]
fn b10_the_bar_checker_enters_first() {
    // White has one checker on the bar; Black holds White's 20 and 19.
    let board = Board::from_points(
        &[(25, 1), (13, 5), (8, 3), (6, 5), (24, 1)],
        &[(20, 2), (19, 2), (1, 2)],
    )
    .unwrap();
    let mut t = turn(board, 5, 3);
    assert_eq!(t.movable(), vec![BAR]);
    assert_eq!(t.why_not(13, None).rule, rule::B10);
    refused(&mut t, 13, 8, rule::B10);
    let entries = tos(&t, BAR);
    assert!(entries.contains(&22), "3 enters on 22: {entries:?}");
    assert!(!entries.contains(&20), "20 is held (B8): {entries:?}");
    t.advance(BAR, 22).unwrap();
    assert_eq!(t.board().my_bar(), 0);
    assert!(t.movable().len() > 1, "after entering, other checkers move too");
    t.advance(13, 8).unwrap();
    assert_eq!(text(t.play().unwrap()), "bar/22 13/8");
}

#[test]
fn b11_both_dice_are_used_when_possible() {
    // Checkers on 13, 9 and 6 (thirteen), Black holds 7 and nothing bears
    // off yet. 9/4 with the 5 would leave the 6 unplayable (13/7 is held,
    // 4 and 6 may not bear off), so that order is refused; 6/1 with the 5
    // is fine because 9/3 follows.
    let board = pos!(x 13:1, 9:1, 6:13; o 7:2, 24:13);
    let mut t = turn(board, 6, 5);
    assert_eq!(sorted(t.movable()), vec![6, 9, 13]);
    assert_eq!(tos(&t, 9), vec![3], "9/4 is not on offer");
    refused(&mut t, 9, 4, rule::B11);
    refused(&mut t, 13, 7, rule::B8);
    t.advance(6, 1).unwrap();
    assert!(t.is_complete(), "the 6 can only be 9/3 now: {:?}", t.steps());
    assert!(t.forced_played());
    assert_eq!(
        t.steps()[1],
        Step {
            from: 9,
            to: 3,
            die: 6,
            forced: true
        }
    );
    let play = t.play().unwrap();
    assert_eq!(text(play), "9/3 6/1");
    let legal: BTreeSet<String> = legal_plays(&board, Dice::new(6, 5).unwrap())
        .into_iter()
        .map(|(_, p)| text(p.canonical()))
        .collect();
    assert!(legal.contains(&text(play)), "{legal:?}");
    assert!(!legal.iter().any(|p| p.contains("9/4")), "{legal:?}");
}

#[test]
fn b11_the_larger_die_when_only_one_can_be_used() {
    // Only the 24 checker moves, and after either die it is stuck: the
    // smaller die alone is never on offer, and the larger one is played
    // for the person.
    let board = pos!(x 24:1, 1:14; o 13:2, 12:13);
    let dice = Dice::new(6, 5).unwrap();
    let sequences = step_sequences(&board, dice);
    assert_eq!(
        sequences,
        vec![vec![Step {
            from: 24,
            to: 18,
            die: 6,
            forced: false
        }]]
    );
    let t = TurnBuilder::new(&board, dice);
    assert!(t.is_complete() && t.forced_played());
    assert_eq!(t.dice_faces(), vec![(6, true), (5, false)], "the 5 stays unused");
    assert_eq!(text(t.play().unwrap()), "24/18");
    assert_eq!(t.why_not(24, Some(19)).rule, rule::B6, "nothing more to play");
    // When the larger die cannot move at all, the smaller is played.
    let board = pos!(x 24:1, 1:14; o 18:2, 13:2, 12:11);
    let t = turn(board, 6, 5);
    assert_eq!(
        t.steps(),
        &[Step {
            from: 24,
            to: 19,
            die: 5,
            forced: true
        }]
    );
    assert_eq!(text(t.play().unwrap()), "24/19");
}

#[test]
fn b11_a_forced_rest_is_filled_in_and_undone_with_the_choice() {
    // 24 and 10 out, the rest home; Black holds 13. After 10/5 the 6 can
    // only be 24/18: it is played for the person.
    let board = pos!(x 24:1, 10:1, 1:13; o 13:2, 12:13);
    let mut t = turn(board, 6, 5);
    assert!(t.steps().is_empty(), "nothing is forced at the start");
    assert!(!t.can_undo());
    t.advance(10, 5).unwrap();
    assert_eq!(
        t.steps(),
        &[
            Step {
                from: 10,
                to: 5,
                die: 5,
                forced: false
            },
            Step {
                from: 24,
                to: 18,
                die: 6,
                forced: true
            },
        ]
    );
    assert!(t.is_complete() && t.forced_played());
    assert_eq!(text(t.play().unwrap()), "24/18 10/5");
    // Undo takes back the chosen step and the forced one after it.
    assert!(t.can_undo());
    assert!(t.undo());
    assert!(t.steps().is_empty());
    assert_eq!(t.board(), board);
    assert_eq!(t.dice_faces(), vec![(6, false), (5, false)]);
    assert!(!t.can_undo());
    assert!(!t.undo());
    // Built the other way round.
    t.advance(10, 4).unwrap();
    assert_eq!(text(t.play().unwrap()), "24/19 10/4");
}

#[test]
fn b11_undo_takes_back_only_the_last_chosen_step() {
    let mut t = turn(Board::START, 3, 3);
    t.advance(24, 21).unwrap();
    t.advance(13, 10).unwrap();
    let after_one = {
        let mut u = turn(Board::START, 3, 3);
        u.advance(24, 21).unwrap();
        u
    };
    assert!(t.undo());
    assert_eq!(t.steps(), after_one.steps());
    assert_eq!(t.board(), after_one.board());
    assert_eq!(used(&t), 1);
}

#[test]
fn b11_a_whole_forced_play_is_made_and_cannot_be_undone() {
    // One checker on 8, one on 1: with 6-5 every legal play leaves only the
    // checker on 1 (8/2 2/off or 8/3 3/off).
    let board = pos!(x 8:1, 1:1; o 24:2, 19:13);
    let t = turn(board, 6, 5);
    assert!(t.is_complete() && t.forced_played());
    assert!(t.steps().iter().all(|s| s.forced));
    assert!(!t.can_undo(), "forced steps are not the person's to take back");
    assert_eq!(t.board().at(8), 0);
    assert_eq!(t.board().at(1), 1);
    assert_eq!(t.board().my_off(), 14);
    assert!(legal_plays(&board, Dice::new(6, 5).unwrap())
        .iter()
        .any(|(b, p)| *b == t.board() && p.canonical() == t.play().unwrap()));
}

#[test]
fn b11_play_refuses_an_incomplete_turn_and_returns_the_legal_play() {
    let mut t = turn(Board::START, 5, 2);
    assert_eq!(t.play().unwrap_err().rule, rule::B11);
    t.advance(13, 8).unwrap();
    let err = t.play().unwrap_err();
    assert_eq!(err.rule, rule::B11);
    t.advance(24, 22).unwrap();
    let play = t.play().unwrap();
    assert_eq!(text(play), "24/22 13/8");
    // The play is the rules' own: a Backgammon position takes it.
    let mut game = Backgammon::from_board(Board::START, Seat::First, Dice::new(5, 2)).unwrap();
    assert!(game.legal_moves().contains(&BgMove::Play(play)));
    game.play(&BgMove::Play(play)).unwrap();
    assert_eq!(game.to_move(), Some(Seat::Second));
}

#[test]
fn b12_a_roll_that_cannot_be_played_passes() {
    // On the bar against a closed board.
    let board = pos!(x bar:1, 6:14; o 24:2, 23:2, 22:2, 21:2, 20:2, 19:2, 1:3);
    let mut t = turn(board, 6, 5);
    assert!(t.must_pass());
    assert!(t.movable().is_empty());
    assert!(t.dice_faces().iter().all(|(_, used)| *used), "dead dice are spent");
    assert_eq!(t.play().unwrap(), Play::PASS);
    assert_eq!(t.why_not(BAR, Some(19)).rule, rule::B12);
    refused(&mut t, BAR, 20, rule::B12);
    assert!(!t.can_undo());
    assert!(step_sequences(&board, Dice::new(6, 5).unwrap()).is_empty());
}

#[test]
fn b13_no_bearing_off_before_every_checker_is_home() {
    let board = pos!(x 10:1, 6:14; o 24:15);
    let mut t = turn(board, 2, 1);
    assert!(!tos(&t, 6).contains(&OFF));
    refused(&mut t, 6, OFF, rule::B13);
    // Once the last checker comes home, bearing off may follow.
    let board = pos!(x 7:1, 6:14; o 24:15);
    let mut t = turn(board, 6, 1);
    assert!(tos(&t, 7).contains(&OFF), "7/6/off in one tap");
    t.advance(7, 6).unwrap();
    // Any checker on 6 then goes off with the 6: the rest is forced.
    assert!(t.is_complete() && t.forced_played());
    assert_eq!(t.board().my_off(), 1);
    assert_eq!(text(t.play().unwrap()), "7/off");
}

#[test]
fn b14_a_larger_die_bears_off_from_the_highest_point_only() {
    // Checkers on 2 (three) and 1: the 6 takes one off 2, the 1 off 1.
    let board = pos!(x 2:3, 1:1; o 24:2, 19:13);
    let mut t = turn(board, 6, 1);
    let from_two = tos(&t, 2);
    assert!(from_two.contains(&OFF) && from_two.contains(&1), "{from_two:?}");
    t.advance(2, OFF).unwrap();
    assert_eq!(t.board().my_off(), 12);
    assert_eq!(t.dice_faces(), vec![(6, true), (1, false)]);
    assert_eq!(tos(&t, 1), vec![OFF]);
    t.advance(1, OFF).unwrap();
    assert_eq!(text(t.play().unwrap()), "2/off 1/off");
    // Checkers on 6 and 5 with 6-1: 5 may not go off with the 6 while 6 is
    // occupied.
    let board = pos!(x 6:1, 5:1; o 24:15);
    let mut t = turn(board, 6, 1);
    assert!(!tos(&t, 5).contains(&OFF));
    refused(&mut t, 5, OFF, rule::B14);
    for seq in step_sequences(&board, Dice::new(6, 1).unwrap()) {
        assert!(!(seq[0].from == 5 && seq[0].to == OFF), "{seq:?}");
    }
}

#[test]
fn b14_both_dice_off_the_highest_point_is_forced() {
    let board = pos!(x 2:3, 1:1; o 24:2, 19:13);
    let t = turn(board, 6, 5);
    assert!(t.is_complete() && t.forced_played());
    assert_eq!(t.board().my_off(), 13);
    assert_eq!(text(t.play().unwrap()), "2/off(2)");
}

/// Every position a side to move meets in `games` random seeded games
/// (chance from a seeded ChaCha8, plays chosen at random).
fn random_turns(seed: u64, games: usize) -> Vec<(Board, Dice)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let record: Record<Backgammon> = Record::new(Default::default(), seed ^ game as u64);
        let mut g = record.start().unwrap();
        for _ in 0..5000 {
            let mv = match g.turn() {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut rng).unwrap(),
                Turn::Seat(_) => {
                    out.push((*g.board(), g.dice().unwrap()));
                    let moves = g.legal_moves();
                    moves[rng.random_range(0..moves.len())]
                }
            };
            g.play(&mv).unwrap();
        }
    }
    out
}

/// The board after a step order.
fn end_of(board: &Board, seq: &[Step]) -> Board {
    seq.iter().fold(*board, |b, s| {
        let (to, next) = b.single_step(s.from as usize, s.die as usize).expect("a legal step");
        assert_eq!(to, s.to as usize, "{s:?}");
        next
    })
}

#[test]
fn b11_step_orders_end_exactly_on_the_legal_plays() {
    let turns = random_turns(7, 4);
    assert!(turns.len() > 200, "{} positions", turns.len());
    for (board, dice) in turns {
        let legal: BTreeSet<[i8; 26]> = legal_plays(&board, dice).iter().map(|(b, _)| *b.pips()).collect();
        let sequences = step_sequences(&board, dice);
        assert_eq!(
            sequences.is_empty(),
            legal.is_empty(),
            "pass only without plays: {board} {dice}"
        );
        let ends: BTreeSet<[i8; 26]> = sequences.iter().map(|seq| *end_of(&board, seq).pips()).collect();
        // Every step order ends on a legal play's position, and every legal
        // play is reached by some order.
        assert_eq!(ends, legal, "{board} {dice}");
        if let Some(first) = sequences.first() {
            assert!(
                sequences.iter().all(|s| s.len() == first.len()),
                "as many dice in every order (B11): {board} {dice}"
            );
        }
    }
}

/// Builds every turn a person can tap out: each checker on offer to each
/// of its destinations, depth first, positions seen once. Returns the end
/// boards of the complete turns, checking each one's play on the way.
fn explore(t: &TurnBuilder, seen: &mut HashSet<(Board, usize)>, ends: &mut BTreeSet<[i8; 26]>) {
    if !seen.insert((t.board(), t.steps().len())) {
        return;
    }
    let faces = t.dice_faces().len();
    assert_eq!(used(t), t.steps().len().min(faces), "a step spends one die");
    if t.is_complete() {
        let play = t.play().expect("a complete turn is a play");
        let legal = legal_plays(t.start(), t.dice());
        let listed = legal
            .iter()
            .find(|(b, _)| *b == t.board())
            .expect("a legal play's position");
        assert_eq!(listed.1.canonical(), play, "the play of that position");
    } else {
        assert_eq!(t.play().unwrap_err().rule, rule::B11);
    }
    let movable = t.movable();
    if t.is_complete() {
        ends.insert(*t.board().pips());
    }
    for from in movable {
        for (to, path) in t.destinations(from) {
            assert!(!path.is_empty() && path[0].from == from && path.last().unwrap().to == to);
            let mut next = t.clone();
            next.advance(from, to)
                .unwrap_or_else(|e| panic!("{from}/{to} on offer but refused: {e}"));
            assert!(next.steps().len() >= t.steps().len() + path.len());
            // Undo takes back the last die of the tap and the forced rest.
            let mut back = next.clone();
            assert!(back.undo());
            assert_eq!(back.steps(), &next.steps()[..t.steps().len() + path.len() - 1]);
            explore(&next, seen, ends);
        }
    }
}

#[test]
fn b11_every_legal_play_is_reachable_by_taps() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut turns = random_turns(31, 3);
    // Keep the run short: a sample of the positions, all their rolls' steps.
    let mut sample = Vec::new();
    while sample.len() < 150 && !turns.is_empty() {
        let i = rng.random_range(0..turns.len());
        sample.push(turns.swap_remove(i));
    }
    for (board, dice) in sample {
        let t = TurnBuilder::new(&board, dice);
        let legal: BTreeSet<[i8; 26]> = legal_plays(&board, dice).iter().map(|(b, _)| *b.pips()).collect();
        if t.must_pass() {
            assert!(legal.is_empty());
            assert_eq!(t.play().unwrap(), Play::PASS);
            continue;
        }
        let mut ends = BTreeSet::new();
        explore(&t, &mut HashSet::new(), &mut ends);
        assert_eq!(ends, legal, "{board} {dice}");
    }
}
