//! `bg-engine`'s line protocol as gnubg's scripts speak it
//! (`papan_tools::backgammon::engine`): gnubg's legal plays listed, its
//! notation answered, and `stages`/`time` replacing the level's.

use papan_bots::backgammon::thinker::{budget, BgBudget, Stage};
use papan_bots::backgammon::{shipped_net, thinker, BgThinker};
use papan_bots::{run_to_end, Decision, Level};
use papan_rules::backgammon::{position_id, Backgammon, BgMove, Board, Dice};
use papan_rules::{Game, Seat};
use papan_tools::backgammon::engine::Engine;
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
    let path = papan_tools::crate_dir().join("../rules/tests/data/gnubg/corpus.jsonl");
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
fn engine_moves_lists_gnubgs_positions() {
    let mut engine = Engine::new(shipped_net(), None);
    for (id, dice, after) in corpus(20) {
        let reply = engine
            .handle(&format!("moves {id} {} {}\n", dice.high, dice.low))
            .unwrap();
        assert!(reply.ends_with('\n'));
        let ours: BTreeSet<String> = reply.split_whitespace().map(str::to_string).collect();
        assert_eq!(ours, after, "{id} {dice}");
    }
}

#[test]
fn engine_move_is_gnubg_notation_of_a_legal_play() {
    let mut engine = Engine::new(shipped_net(), None);
    assert_eq!(engine.handle("level beginner").as_deref(), Some("ok\n"));
    assert_eq!(engine.handle("level expert").as_deref(), Some("ok\n"));
    assert_eq!(engine.handle("seed 5").as_deref(), Some("ok\n"));
    for (i, (id, dice, after)) in corpus(6).into_iter().enumerate() {
        if i == 1 {
            // The rest at a cheaper level (Expert is slow in a debug build).
            assert_eq!(engine.handle("level normal").as_deref(), Some("ok\n"));
        }
        let reply = engine.handle(&format!("move {id} {} {}", dice.high, dice.low)).unwrap();
        let position = position(&id, dice);
        let mv = position.parse_move(reply.trim()).unwrap();
        let BgMove::Play(play) = mv else { panic!("{reply}") };
        let reached = position
            .legal_plays()
            .into_iter()
            .find(|(_, p)| *p == play)
            .map(|(b, _)| position_id::encode(&b))
            .expect("the reply is one of the listed plays, written canonically");
        assert!(after.contains(&reached));
    }
    // No legal move: an empty line, as play_vs_bot.py expects.
    let closed = Board::from_points(
        &[(25, 1), (12, 14)],
        &[(19, 2), (20, 2), (21, 2), (22, 2), (23, 2), (24, 2)],
    )
    .unwrap();
    let id = position_id::encode(&closed);
    assert_eq!(engine.handle(&format!("move {id} 6 6")).as_deref(), Some("\n"));
    assert!(engine.handle("move nonsense 1 2").unwrap().starts_with("error:"));
    assert!(engine.handle("level grandmaster").unwrap().starts_with("error:"));
    assert!(engine.handle("fly").unwrap().starts_with("error:"));
    assert_eq!(engine.handle("quit"), None);
    assert!(engine.quit());
}

#[test]
fn engine_stages_and_time_replace_the_levels_and_bad_ones_change_nothing() {
    // No lookahead at all: the Expert then plays the net's 0-ply best move.
    let flat = BgBudget {
        plies: [Stage::NONE; 3],
        ..budget(Level::Expert)
    };
    let mut engine = Engine::new(shipped_net(), None);
    assert_eq!(engine.handle("stages 0 0 0 0 0 0").as_deref(), Some("ok\n"));
    for bad in ["stages 4 0.1", "stages 4 -1 0 0 0 0", "stages x 0 0 0 0 0", "time soon"] {
        assert!(engine.handle(bad).unwrap().starts_with("error:"), "{bad}");
    }
    assert_eq!(engine.handle("time 50").as_deref(), Some("ok\n"));
    let mut differs_from_expert = 0;
    for (id, dice, _) in corpus(12) {
        let position = position(&id, dice);
        let reply = engine.handle(&format!("move {id} {} {}", dice.high, dice.low)).unwrap();
        let mut flat_thinker = BgThinker::new(&position, shipped_net(), flat, 0);
        let zero_ply = run_to_end(&mut flat_thinker, &AtomicBool::new(false), || false);
        let played = position.parse_move(reply.trim()).unwrap();
        assert_eq!(
            Some(played),
            zero_ply.best,
            "{id} {dice}: the refused requests left the stages alone"
        );
        differs_from_expert += usize::from(Some(played) != decide(&position, Level::Expert, 0).best);
    }
    assert!(differs_from_expert > 0, "the Expert's lookahead changes some choice");
    // `level` brings the level's own lookahead back.
    assert_eq!(engine.handle("level expert").as_deref(), Some("ok\n"));
    let (id, dice, _) = corpus(1).remove(0);
    let reply = engine.handle(&format!("move {id} {} {}", dice.high, dice.low)).unwrap();
    let position = position(&id, dice);
    assert_eq!(
        Some(position.parse_move(reply.trim()).unwrap()),
        decide(&position, Level::Expert, 0).best
    );
}
