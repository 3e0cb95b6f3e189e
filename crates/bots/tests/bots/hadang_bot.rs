//! The HADANG bot's contract: tactics every level must get right, legality,
//! determinism, and a search that may be stopped and resumed at any node.

use papan_bots::hadang::{self, budget, thinker, thinker_with_budget};
use papan_bots::{Level, Thinker};
use papan_rules::hadang::{Hadang, HadangMove, HadangSetup};
use papan_rules::{Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn setup(pawns: [&str; 2], walls: [&[&str]; 2], to_move: Seat) -> Hadang {
    let placed: [Vec<String>; 2] = walls.map(|w| w.iter().map(|s| s.to_string()).collect());
    Hadang::try_from(HadangSetup {
        options: Default::default(),
        pawns: pawns.map(String::from),
        walls_left: [10 - placed[0].len() as u8, 10 - placed[1].len() as u8],
        walls: placed,
        to_move,
        last: None,
    })
    .unwrap()
}

/// Runs a level's search to the end of its budget, the node budget shrunk
/// for debug builds where that matters (Expert).
fn decide(position: &Hadang, level: Level, seed: u64) -> (HadangMove, f64) {
    let mut b = budget(level);
    b.limits.nodes = b.limits.nodes.min(20_000);
    let mut t = thinker_with_budget(position, b, seed);
    while t.think(500) {}
    let d = t.decision();
    (d.best.expect("a move"), d.win_probability)
}

#[test]
fn h15_every_level_takes_an_immediate_win() {
    // Player 1 on e8 reaches rank 9 in one step; Player 2 is as close.
    let position = setup(["e8", "c2"], [&[], &[]], Seat::First);
    for level in Level::ALL {
        for seed in 0..3 {
            let (mv, p) = decide(&position, level, seed);
            assert_eq!(mv, "e9".parse().unwrap(), "{level} seed {seed}");
            assert!(p > 0.99, "{level}: a win in one is certain, got {p}");
        }
    }
}

#[test]
fn h10_every_level_walls_off_a_pawn_about_to_win() {
    // Player 2 on a2 steps onto a1 next move unless a1h goes down first:
    // the only wall across a2–a1 (H11 keeps walls on the board). Player 1 is
    // four steps away, so nothing else saves the game.
    let position = setup(["e5", "a2"], [&[], &[]], Seat::First);
    for level in Level::ALL {
        for seed in 0..3 {
            let (mv, _) = decide(&position, level, seed);
            assert_eq!(mv, "a1h".parse().unwrap(), "{level} seed {seed}");
        }
    }
}

#[test]
fn h13_bots_only_play_legal_moves_in_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for game in 0..6 {
        let mut position = Hadang::start();
        let plies = rng.random_range(0..40);
        for _ in 0..plies {
            if position.winner().is_some() {
                break;
            }
            let moves = position.legal_moves();
            position.play(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if position.winner().is_some() {
            continue;
        }
        for level in Level::ALL {
            let (mv, p) = decide(&position, level, game);
            let mut after = position;
            assert!(after.play(&mv).is_ok(), "{level} chose illegal {mv} in game {game}");
            assert!((0.0..=1.0).contains(&p));
        }
    }
}

#[test]
fn same_seed_same_move_and_asking_twice_changes_nothing() {
    let position = setup(["d4", "f6"], [&["c5h", "e2v"], &["d7h"]], Seat::Second);
    for level in Level::ALL {
        for seed in [1, 99] {
            let (a, pa) = decide(&position, level, seed);
            let (b, pb) = decide(&position, level, seed);
            assert_eq!((a, pa), (b, pb), "{level} seed {seed}");
        }
    }
    let mut t = thinker(&position, Level::Normal, 3);
    while t.think(1000) {}
    assert_eq!(t.decision(), t.decision());
}

#[test]
fn beginner_noise_varies_its_choice_but_only_among_good_moves() {
    let b = budget(Level::Beginner);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut varied = 0;
    for _ in 0..8 {
        let mut position = Hadang::start();
        for _ in 0..rng.random_range(4..16) {
            let steps = position.pawn_targets(position.side_to_move());
            position
                .play(&HadangMove::Step(steps[rng.random_range(0..steps.len())]))
                .unwrap();
        }
        if position.winner().is_some() {
            continue;
        }
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..20 {
            let mut t = thinker(&position, Level::Beginner, seed);
            while t.think(1000) {}
            let chosen = t.decision().best.unwrap();
            let roots = t.search().root_moves();
            let score = roots.iter().find(|r| r.mv == chosen).unwrap().score;
            assert!(
                score >= roots[0].score - b.limits.margin,
                "{chosen} scored {score}, best {} ({})",
                roots[0].score,
                roots[0].mv
            );
            seen.insert(chosen);
        }
        varied += (seen.len() > 1) as usize;
    }
    assert!(varied >= 2, "steady noise should vary some choices");
}

#[test]
fn stopping_and_resuming_at_any_node_gives_the_same_search() {
    let position = setup(["c3", "g7"], [&["c4h"], &["f6v", "g5h"]], Seat::First);
    let mut b = budget(Level::Expert);
    b.limits.nodes = 5_000;
    let mut whole = thinker_with_budget(&position, b, 7);
    while whole.think(100_000) {}
    let mut sliced = thinker_with_budget(&position, b, 7);
    let mut slices = 0;
    while sliced.think(1) {
        slices += 1;
    }
    assert!(slices > 1000, "one node per slice");
    assert_eq!(whole.decision(), sliced.decision());
    assert_eq!(whole.search().completed_depth(), sliced.search().completed_depth());
}

#[test]
fn a_forced_move_or_finished_game_needs_no_search() {
    // Finished: Player 1 stands on rank 9.
    let mut position = Hadang::start();
    for text in "e2 e8 e3 e7 e4 e6 e5 d6 e6 d5 e7 d4 e8 d3 e9".split(' ') {
        position.play(&text.parse().unwrap()).unwrap();
    }
    let mut t = hadang::thinker(&position, Level::Expert, 0);
    assert!(!t.think(100));
    let d = t.decision();
    assert_eq!((d.best, d.iterations), (None, 0));
}

#[test]
fn win_probability_follows_the_race() {
    // Player 1 to move, three steps from the goal; Player 2 seven away and
    // out of walls: the race is decided.
    let walls: &[&str] = &["a1v", "a3v", "a5v", "a7v", "c1v", "c3v", "c5v", "c7v", "g1v", "g3v"];
    let position = setup(["e6", "e8"], [&[], walls], Seat::First);
    let (_, p) = decide(&position, Level::Expert, 0);
    assert!(p > 0.95, "{p}");
    let flipped = setup(["e2", "e4"], [walls, &[]], Seat::First);
    let (_, q) = decide(&flipped, Level::Expert, 0);
    assert!(q < 0.05, "{q}");
}

#[test]
fn with_full_time_the_search_goes_past_its_node_budget() {
    // The app's Expert searches until its clock says stop: a budget of
    // 2,000 nodes no longer ends the search (the depth cap still would).
    let mut b = budget(Level::Expert);
    b.limits.nodes = 2_000;
    let mut bounded = thinker_with_budget(&Hadang::start(), b, 1);
    while bounded.think(500) {}
    let spent = bounded.decision().iterations;
    assert!(spent <= 2_500, "the budget stopped it: {spent}");
    let mut timed = thinker_with_budget(&Hadang::start(), b, 1);
    timed.use_full_time();
    let mut slices = 0;
    while slices < 40 && timed.think(500) {
        slices += 1;
    }
    assert_eq!(slices, 40, "it still wanted more after 20,000 nodes");
    assert!(timed.decision().iterations >= 20_000);
}
