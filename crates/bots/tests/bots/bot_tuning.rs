//! The engines' way into every bot (papan-tools' `hex-gtp`, `hadang-uci`,
//! `bg-engine`): `Bot::tuned` is the level's search with an engine's own
//! settings, `Thinker::set_iterations` fixes its work, and `Bot::advance`
//! keeps the Hex Expert's tree from one move to the next.

use papan_bots::backgammon::net::Net;
use papan_bots::backgammon::thinker::{budget as bg_budget, BgBudget, Stage};
use papan_bots::backgammon::{shipped_net, BgThinker, BgTuning};
use papan_bots::hadang::HadangTuning;
use papan_bots::hex::{HexThinker, HexTuning, Knobs};
use papan_bots::{Bot, Decision, Level, Thinker, SLICE};
use papan_rules::backgammon::{Backgammon, BgMove, Board, Dice};
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
use papan_rules::junqi::{JunQi, JunQiOptions};
use papan_rules::{Game, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A search run to the end of its budget.
fn run<T: Thinker>(mut thinker: T) -> Decision<T::Move> {
    while thinker.think(SLICE) {}
    thinker.decision()
}

fn hex_after_centre(size: u8, swap: bool) -> Hex {
    let mut hex = Hex::empty(HexOptions { size, swap }).unwrap();
    hex.play(&HexMove::Place(Cell::new(size / 2, size / 2))).unwrap();
    hex
}

fn hadang_after(moves: &[&str]) -> Hadang {
    let mut position = Hadang::start();
    for text in moves {
        position.play(&text.parse().unwrap()).unwrap();
    }
    position
}

fn backgammon_opening(high: u8, low: u8) -> Backgammon {
    Backgammon::from_board(Board::START, Seat::First, Some(Dice::new(high, low).unwrap())).unwrap()
}

#[test]
fn the_default_tuning_is_the_level_itself_in_every_game() {
    let hex = hex_after_centre(7, false);
    let hadang = hadang_after(&["e2", "e8"]);
    let backgammon = backgammon_opening(3, 1);
    let junqi = JunQi::shuffled(JunQiOptions::default(), &mut ChaCha8Rng::seed_from_u64(7));
    let junqi_view = junqi.view(junqi.seat_to_move().unwrap());
    for level in Level::ALL {
        assert_eq!(
            run(Hex::tuned(&hex, level, 5, &HexTuning::default())),
            run(Hex::thinker(&hex, level, 5)),
            "hex {level}"
        );
        assert_eq!(
            run(Hadang::tuned(&hadang, level, 5, &HadangTuning::default())),
            run(Hadang::thinker(&hadang, level, 5)),
            "hadang {level}"
        );
        assert_eq!(
            run(Backgammon::tuned(&backgammon, level, 5, &BgTuning::default())),
            run(Backgammon::thinker(&backgammon, level, 5)),
            "backgammon {level}"
        );
        assert_eq!(
            run(JunQi::tuned(&junqi_view, level, 5, &())),
            run(JunQi::thinker(&junqi_view, level, 5)),
            "junqi {level}"
        );
    }
}

#[test]
fn set_iterations_fixes_the_hex_work_at_every_level_above_or_below_its_budget() {
    let hex = hex_after_centre(9, false);
    for level in Level::ALL {
        for work in [100, 3_000] {
            let mut thinker = Hex::thinker(&hex, level, 2);
            thinker.set_iterations(work);
            assert_eq!(run(thinker).iterations, work, "{level} given {work}");
        }
    }
}

#[test]
fn set_iterations_fixes_the_hadang_nodes_and_the_tuning_its_depth() {
    let position = hadang_after(&["e2", "e8", "e3", "e7"]);
    let mut thinker = Hadang::thinker(&position, Level::Expert, 1);
    thinker.set_iterations(5_000);
    let nodes = run(thinker).iterations;
    assert!(
        (5_000..5_000 + u64::from(SLICE)).contains(&nodes),
        "the Expert's 400,000 nodes cut to 5,000: {nodes}"
    );

    let mut shallow = Hadang::tuned(&position, Level::Expert, 1, &HadangTuning { max_depth: Some(2) });
    while shallow.think(SLICE) {}
    assert_eq!(shallow.search().completed_depth(), 2);
    let mut deep = Hadang::thinker(&position, Level::Expert, 1);
    while deep.think(SLICE) {}
    assert!(
        deep.search().completed_depth() > 2,
        "the level's own depth goes further"
    );
    let best = shallow.decision().best.expect("a move");
    let mut after = position;
    assert!(after.play(&best).is_ok(), "a legal move");
}

#[test]
fn the_hex_tuning_sets_the_experts_knobs_and_root_parallel_searches_only() {
    let hex = hex_after_centre(9, false);
    let tuning = HexTuning {
        knobs: Knobs {
            fill_in: false,
            ..Knobs::default()
        },
        searches: 3,
    };
    let mut expert = Hex::tuned(&hex, Level::Expert, 4, &tuning);
    expert.set_iterations(600);
    let HexThinker::Knowledge(searches) = &expert else {
        panic!("the Expert is the knowledge search");
    };
    assert_eq!(searches.search_count(), 3);
    // Each of the three searches does the work asked for.
    assert_eq!(run(expert).iterations, 3 * 600);
    // Beginner and Normal are the calibrated generic search whatever the tuning.
    for level in [Level::Beginner, Level::Normal] {
        assert_eq!(
            run(Hex::tuned(&hex, level, 4, &tuning)),
            run(Hex::thinker(&hex, level, 4)),
            "{level}"
        );
    }
}

#[test]
fn x7_the_hex_expert_keeps_its_tree_through_advance_and_no_other_search_does() {
    let hex = hex_after_centre(9, false);
    let mut thinker = Hex::thinker(&hex, Level::Expert, 3);
    thinker.set_iterations(4_000);
    while thinker.think(SLICE) {}
    let reply = thinker.decision().best.unwrap();
    let mut after = hex.clone();
    after.play(&reply).unwrap();
    assert!(Hex::advance(&mut thinker, &[reply], &after));
    let HexThinker::Knowledge(expert) = &thinker else {
        panic!("the Expert is the knowledge search");
    };
    assert!(
        expert.search().root_visits() > 0,
        "what it learned below the reply is kept"
    );
    assert_eq!(expert.search().iterations(), 0);
    thinker.set_iterations(1_000);
    let decision = run(thinker);
    assert!(after.clone().play(&decision.best.unwrap()).is_ok());

    // The generic search keeps nothing; nor does a swap (X7) carry a tree.
    let mut normal = Hex::thinker(&hex, Level::Normal, 3);
    while normal.think(SLICE) {}
    assert!(!Hex::advance(&mut normal, &[reply], &after));
    let pie = hex_after_centre(9, true);
    let mut expert = Hex::thinker(&pie, Level::Expert, 3);
    expert.set_iterations(500);
    while expert.think(SLICE) {}
    let mut swapped = pie.clone();
    swapped.play(&HexMove::Swap).unwrap();
    assert!(!Hex::advance(&mut expert, &[HexMove::Swap], &swapped));

    // The other games build a new search for every position.
    let hadang = hadang_after(&["e2"]);
    let mut search = Hadang::thinker(&hadang, Level::Normal, 1);
    let mv = "e8".parse().unwrap();
    let mut next = hadang;
    next.play(&mv).unwrap();
    assert!(!Hadang::advance(&mut search, &[mv], &next));
}

#[test]
fn the_backgammon_tuning_sets_the_network_and_the_lookahead() {
    // No lookahead: the Expert plays the net's 0-ply choice, as a thinker
    // built on that budget does, with less work than its own lookahead.
    let flat = [Stage::NONE; 3];
    let tuning = BgTuning {
        net: None,
        plies: Some(flat),
    };
    let mut differs = 0;
    for (high, low) in [(3, 1), (6, 5), (4, 2), (6, 4), (5, 3)] {
        let position = backgammon_opening(high, low);
        let tuned = run(Backgammon::tuned(&position, Level::Expert, 0, &tuning));
        let budget = BgBudget {
            plies: flat,
            ..bg_budget(Level::Expert)
        };
        assert_eq!(tuned, run(BgThinker::new(&position, shipped_net(), budget, 0)));
        let own = run(Backgammon::thinker(&position, Level::Expert, 0));
        assert!(tuned.iterations < own.iterations, "{high}-{low}");
        assert!(matches!(tuned.best, Some(BgMove::Play(_))));
    }
    // Another network plays its own moves.
    let untrained: &'static Net = Box::leak(Box::new(Net::random(8, &mut ChaCha8Rng::seed_from_u64(1))));
    for (high, low) in [(3, 1), (6, 5), (4, 2), (6, 4), (5, 3), (2, 1), (6, 2)] {
        let position = backgammon_opening(high, low);
        let other = BgTuning {
            net: Some(untrained),
            plies: None,
        };
        differs += usize::from(
            run(Backgammon::tuned(&position, Level::Beginner, 0, &other)).best
                != run(Backgammon::thinker(&position, Level::Beginner, 0)).best,
        );
    }
    assert!(differs > 0, "an untrained net disagrees with the shipped one somewhere");
}
