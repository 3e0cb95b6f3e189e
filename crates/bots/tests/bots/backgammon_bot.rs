//! The backgammon bot as the app and gnubg's scripts see it: shipped
//! weights, legal and reproducible choices, and levels ordered by their
//! noise. (The engine protocol's tests are papan-tools' `bg_engine.rs`.)

use papan_bots::backgammon::net::Scratch;
use papan_bots::backgammon::thinker::{budget, BgBudget, Stage};
use papan_bots::backgammon::{shipped_net, thinker, BgThinker};
use papan_bots::{run_to_end, Decision, Level, Thinker};
use papan_rules::backgammon::{Backgammon, BgMove, Board, Dice};
use papan_rules::{Game, Seat, Turn};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

fn decide(position: &Backgammon, level: Level, seed: u64) -> Decision<BgMove> {
    let mut t = thinker(position, level, seed);
    run_to_end(&mut t, &AtomicBool::new(false), || false)
}

/// The first `count` lines of gnubg's corpus with more than one legal play:
/// (Position ID, dice, IDs after each play).
fn corpus(count: usize) -> Vec<(String, Dice, BTreeSet<String>)> {
    // gnubg's legal-move corpus, kept in the repository by the rules crate
    // (crates/rules/tests/data/gnubg/README.md).
    let path = crate::manifest_dir().join("../rules/tests/data/gnubg/corpus.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let quoted = |s: &str| -> Vec<String> { s.split('"').skip(1).step_by(2).map(str::to_string).collect() };
    text.lines()
        .filter_map(|line| {
            let pos = quoted(line.split("\"pos\":").nth(1)?).first()?.clone();
            let dice = line.split("\"dice\": [").nth(1)?.split(']').next()?;
            let faces: Vec<u8> = dice.split(',').map(|d| d.trim().parse().unwrap()).collect();
            let after: BTreeSet<String> = quoted(line.split("\"after\":").nth(1)?).into_iter().collect();
            (after.len() > 1).then(|| (pos, Dice::new(faces[0], faces[1]).unwrap(), after))
        })
        .take(count)
        .collect()
}

fn position(id: &str, dice: Dice) -> Backgammon {
    Backgammon::from_position_id(id, Seat::First, Some(dice)).unwrap()
}

#[test]
fn shipped_weights_see_a_won_race_as_won() {
    // The mover has borne off 14 and has one checker on its 2-point; the
    // opponent still has all 15 on its 6-point.
    let board = Board::from_points(&[(2, 1)], &[(19, 15)]).unwrap();
    let net = shipped_net();
    assert!(net.games > 0, "the shipped weights come from training");
    let p = net.evaluate(&board, &mut Scratch::default());
    assert!(p.win() > 0.95, "win {:?}", p);
    // And the side that is far behind, on roll, is a big underdog.
    let p = net.evaluate(&board.flip(), &mut Scratch::default());
    assert!(p.win() < 0.05, "win {:?}", p);
    // The thinker reports the same estimate while a roll is due.
    let waiting = Backgammon::from_board(board, Seat::Second, None).unwrap();
    assert_eq!(waiting.turn(), Turn::Chance);
    let d = decide(&waiting, Level::Expert, 1);
    assert_eq!(d.best, None, "the dice are not the bot's business");
    assert!(d.win_probability > 0.95);
}

#[test]
fn opening_position_is_about_even() {
    let p = shipped_net().evaluate(&Board::START, &mut Scratch::default());
    assert!((0.4..0.65).contains(&p.win()), "{p:?}");
    assert!(p.equity().abs() < 0.3, "{p:?}");
}

#[test]
fn every_level_picks_a_legal_move() {
    for (i, (id, dice, _)) in corpus(12).into_iter().enumerate() {
        let position = position(&id, dice);
        let legal = position.legal_moves();
        // Expert's lookahead is slow in a debug build: two positions do.
        let levels: &[Level] = if i < 2 {
            &Level::ALL
        } else {
            &[Level::Beginner, Level::Normal]
        };
        for &level in levels {
            let d = decide(&position, level, 7);
            let best = d.best.expect("a decision turn has a move");
            assert!(legal.contains(&best), "{level} chose {best} in {id} {dice}");
            assert!((0.0..=1.0).contains(&d.win_probability));
            // And the game accepts it through checked play.
            position.clone().play(&best).unwrap();
        }
    }
}

#[test]
fn forced_pass_is_the_only_answer() {
    // The mover is on the bar against a closed board: 6-6 cannot enter.
    let board = Board::from_points(
        &[(25, 1), (12, 14)],
        &[(19, 2), (20, 2), (21, 2), (22, 2), (23, 2), (24, 2)],
    )
    .unwrap();
    let position = Backgammon::from_board(board, Seat::First, Dice::new(6, 6)).unwrap();
    assert_eq!(position.legal_moves().len(), 1);
    let d = decide(&position, Level::Expert, 3);
    assert_eq!(d.best, Some(position.legal_moves()[0]));
}

#[test]
fn same_seed_same_move() {
    for (i, (id, dice, _)) in corpus(8).into_iter().enumerate() {
        let position = position(&id, dice);
        // Expert's lookahead is slow in a debug build: one position does.
        let levels: &[Level] = if i < 1 {
            &Level::ALL
        } else {
            &[Level::Beginner, Level::Normal]
        };
        for &level in levels {
            let a = decide(&position, level, 42);
            let b = decide(&position, level, 42);
            assert_eq!(a, b, "{level} in {id} {dice}");
            // Asking the same thinker twice gives the same answer.
            let mut t = thinker(&position, level, 42);
            run_to_end(&mut t, &AtomicBool::new(false), || false);
            assert_eq!(t.decision(), t.decision());
        }
    }
}

#[test]
fn thinking_is_sliced_and_ends() {
    let (id, dice, _) = corpus(1).remove(0);
    let position = position(&id, dice);
    let mut t = thinker(&position, Level::Expert, 1);
    let mut slices = 0;
    while t.think(4) {
        slices += 1;
        assert!(t.decision().best.is_some(), "a move is ready between slices");
    }
    assert!(slices > 1, "Expert looks ahead in several slices");
    assert!(!t.think(4), "a finished search stays finished");
    assert!(t.time_limit_ms() <= 800, "well inside a second a move");
}

#[test]
fn a_deeper_search_plays_legal_moves_and_replays_from_its_seed() {
    // A wider lookahead than the Expert's: 8 plays at 2 plies within 0.3, 2 at 3 plies within 0.3.
    let deep = BgBudget {
        plies: [
            Stage { count: 16, window: 0.5 },
            Stage { count: 8, window: 0.3 },
            Stage { count: 2, window: 0.3 },
        ],
        ..budget(Level::Expert)
    };
    let mut deepened = 0;
    for (id, dice, _) in corpus(3) {
        let position = position(&id, dice);
        let run = |seed| {
            let mut t = BgThinker::new(&position, shipped_net(), deep, seed);
            run_to_end(&mut t, &AtomicBool::new(false), || false)
        };
        let d = run(11);
        assert_eq!(d, run(11), "{id} {dice}");
        let best = d.best.expect("a move");
        assert!(position.legal_moves().contains(&best), "{best} in {id} {dice}");
        position.clone().play(&best).unwrap();
        // Three plies for two plays are 2 × 21³ leaves more than the same
        // search stopped at two plies.
        let two_plies = BgBudget {
            plies: [deep.plies[0], deep.plies[1], Stage::NONE],
            ..deep
        };
        let mut shallow = BgThinker::new(&position, shipped_net(), two_plies, 11);
        let shallow = run_to_end(&mut shallow, &AtomicBool::new(false), || false);
        deepened += usize::from(d.iterations > shallow.iterations + 2 * 9261 / 2);
    }
    assert!(deepened > 0, "some position is close enough for the third ply");
}

#[test]
fn noise_orders_the_levels() {
    // The same 0-ply search under each level's temperature: how often the
    // net's best move is played, over a fixed sample with five seeds.
    let sample = corpus(40);
    let mut agree = [0usize; 3];
    for (id, dice, _) in &sample {
        let position = position(id, *dice);
        for (k, level) in [Level::Beginner, Level::Normal, Level::Expert].into_iter().enumerate() {
            let noisy = BgBudget {
                temperature: budget(level).temperature,
                ..budget(Level::Beginner)
            };
            let quiet = BgBudget {
                temperature: 0.0,
                ..noisy
            };
            let best = BgThinker::new(&position, shipped_net(), quiet, 0).decision().best;
            for seed in 0..5 {
                agree[k] += usize::from(BgThinker::new(&position, shipped_net(), noisy, seed).decision().best == best);
            }
        }
        // Expert's own first answer (before any lookahead) has no noise either.
        let a = thinker(&position, Level::Expert, 1).decision().best;
        assert_eq!(a, thinker(&position, Level::Expert, 2).decision().best);
    }
    assert_eq!(agree[2], 5 * sample.len(), "Expert: no noise, whatever the seed");
    assert!(agree[0] < agree[1] && agree[1] < agree[2], "{agree:?}");
    assert!(
        agree[0] > sample.len() * 5 / 2,
        "Beginner still mostly likes good moves: {agree:?}"
    );
}

#[test]
fn level_temperatures_fall_from_beginner_to_expert() {
    let t: Vec<f64> = Level::ALL.iter().map(|&l| budget(l).temperature).collect();
    assert!(t[0] > t[1] && t[1] > t[2] && t[2] == 0.0, "{t:?}");
    assert!(budget(Level::Expert).plies[0].count > 0, "Expert looks ahead");
}
