//! The Jun Qi flip bot: legal, reproducible, sees only the seat's view, and
//! plays the obvious tactics at every level.

use papan_bots::junqi::{self, JunQiThinker};
use papan_bots::{run_to_end, Level, Thinker};
use papan_rules::junqi::{Colour, JunQi, JunQiAction, JunQiOptions, JunQiSetup, JunQiView};
use papan_rules::{Game, Seat};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// The level's thinker, with the node budget capped so that debug builds
/// stay fast (the cap only stops deeper passes: the level's logic is intact).
fn thinker(view: &JunQiView, level: Level, seed: u64) -> JunQiThinker {
    let mut budget = junqi::budget(level);
    budget.nodes = budget.nodes.min(20_000);
    JunQiThinker::new(view, budget, seed)
}

fn decide(view: &JunQiView, level: Level, seed: u64) -> Option<JunQiAction> {
    let mut t = thinker(view, level, seed);
    run_to_end(&mut t, &AtomicBool::new(false), || false).best
}

fn action(text: &str) -> JunQiAction {
    text.parse().unwrap()
}

/// A position from rows (rank 12 first), Red on the first seat, Red to move.
fn position(rows: [&str; 12]) -> JunQi {
    JunQi::try_from(JunQiSetup::new(&rows, Seat::First, Some(Colour::Red))).unwrap()
}

/// A game played `plies` random actions in, from `seed`.
fn random_game(seed: u64, plies: usize) -> JunQi {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = JunQi::shuffled(JunQiOptions::default(), &mut rng);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(&legal[rng.next_u32() as usize % legal.len()]).unwrap();
    }
    game
}

#[test]
fn j7_the_bot_only_returns_legal_actions() {
    // Whole games at the cheapest level (debug builds are slow).
    for seed in 0..2u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = JunQi::shuffled(JunQiOptions::default(), &mut rng);
        let mut plies = 0;
        while let Some(seat) = game.seat_to_move() {
            let level = Level::Beginner;
            let view = game.view(seat);
            let chosen = decide(&view, level, seed * 1000 + plies).expect("an action while the game goes on");
            assert_eq!(view.check(&chosen), Ok(()), "{chosen} at ply {plies}");
            game.play(&chosen).unwrap();
            plies += 1;
        }
        assert!(plies > 20, "a whole game was played ({plies} plies)");
    }
    // Every level, on positions from random play.
    for seed in 0..4u64 {
        let game = random_game(seed, 40 + 20 * seed as usize);
        if let Some(seat) = game.seat_to_move() {
            let view = game.view(seat);
            for level in Level::ALL {
                let chosen = decide(&view, level, seed).unwrap();
                assert_eq!(view.check(&chosen), Ok(()), "{level}");
            }
        }
    }
}

#[test]
fn same_seed_same_action() {
    for (seed, plies) in [(5u64, 0usize), (6, 30), (7, 80)] {
        let game = random_game(seed, plies);
        let view = game.view(game.seat_to_move().unwrap());
        for level in Level::ALL {
            let mut a = thinker(&view, level, 99);
            let mut b = thinker(&view, level, 99);
            run_to_end(&mut a, &AtomicBool::new(false), || false);
            // Sliced differently, the same work gives the same answer.
            while b.think(7) {}
            assert_eq!(a.decision(), b.decision(), "{level} after {plies} plies");
        }
    }
}

#[test]
fn j21_hidden_identities_do_not_change_the_decision() {
    for (seed, plies) in [(11u64, 0usize), (12, 25), (13, 60)] {
        let game = random_game(seed, plies);
        let seat = game.seat_to_move().unwrap();
        let view = game.view(seat);
        // Two games the seat cannot tell apart, with other hidden layouts.
        let one = view.determinize(&mut ChaCha8Rng::seed_from_u64(1));
        let two = view.determinize(&mut ChaCha8Rng::seed_from_u64(2));
        let differs = papan_rules::junqi::Square::all().any(|s| one.hidden_piece(s) != two.hidden_piece(s));
        assert!(differs, "the two layouts differ");
        assert_eq!(one.view(seat), two.view(seat));
        for level in Level::ALL {
            let a = decide(&one.view(seat), level, 3);
            let b = decide(&two.view(seat), level, 3);
            let truth = decide(&view, level, 3);
            assert_eq!(a, b, "{level}");
            assert_eq!(a, truth, "{level}");
        }
    }
}

#[test]
fn j13_takes_a_free_high_piece() {
    // Red Corps on c2, an undefended Blue Division on c3.
    let game = position([
        "bTon . . . BBdr",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . BDiv . .",
        ". . RKor . .",
        "RBdr . . . rTon",
    ]);
    for level in Level::ALL {
        for seed in 0..3 {
            assert_eq!(
                decide(&game.view(Seat::First), level, seed),
                Some(action("c2-c3")),
                "{level}"
            );
        }
    }
}

#[test]
fn j14_does_not_throw_the_commander_onto_a_bomb() {
    // Red Commander on c2 between a Blue Bomb (c3) and a Blue Platoon (b2):
    // take the Platoon, which also steps out of the Bomb's reach.
    let game = position([
        "bTon . . . BBdr",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . BBom . .",
        ". BTon RPgl . .",
        "RBdr . . . rTon",
    ]);
    for level in Level::ALL {
        for seed in 0..3 {
            let chosen = decide(&game.view(Seat::First), level, seed);
            assert_ne!(chosen, Some(action("c2-c3")), "{level}");
            if level != Level::Beginner {
                assert_eq!(chosen, Some(action("c2-b2")), "{level}");
            }
        }
    }
}

#[test]
fn j13_declines_a_piece_guarded_by_a_higher_one() {
    // Red Brigade on c2 could take the Blue Platoon on b2, but the Blue
    // Commander on a2 would take the Brigade back.
    let game = position([
        "bTon . . . BBdr",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        "BPgl BTon RBrig . .",
        "RBdr . . . rTon",
    ]);
    for level in Level::ALL {
        for seed in 0..3 {
            let chosen = decide(&game.view(Seat::First), level, seed);
            assert_ne!(chosen, Some(action("c2-b2")), "{level}");
        }
    }
}

#[test]
fn levels_are_built_from_the_view() {
    // The public constructor, at full budget, on the opening position.
    let game = random_game(31, 0);
    let view = game.view(game.seat_to_move().unwrap());
    for level in Level::ALL {
        let mut t = junqi::thinker(&view, level, 1);
        assert!(t.time_limit_ms() <= 1_000);
        t.think(1);
        let d = t.decision();
        assert!(
            matches!(d.best, Some(JunQiAction::Reveal(_))),
            "only reveals before J8 decides colours"
        );
        assert!((0.0..=1.0).contains(&d.win_probability));
    }
}

#[test]
fn no_decision_once_the_game_is_over() {
    let mut game = random_game(21, 10);
    game.resign(Seat::First).unwrap();
    let mut t = junqi::thinker(&game.view(Seat::Second), Level::Expert, 0);
    assert!(!t.think(100));
    assert_eq!(t.decision().best, None);
}
