//! Differential test against GNU Backgammon (B6–B15): for every position of
//! the oracle corpus and every hand-picked case, the set of positions
//! reachable with the roll equals gnubg's, compared as Position IDs.

use papan_rules::backgammon::{position_id, Board, Dice, MoveGen, Play};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// GNU Backgammon's answers, kept in the repository (`tests/data/gnubg`,
/// see its README for where they come from and how to regenerate them).
fn oracle(name: &str) -> PathBuf {
    crate::support::manifest_dir().join("tests/data/gnubg").join(name)
}

fn read_lines(name: &str) -> Vec<String> {
    let path = oracle(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::to_string)
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// One gnubg answer: position, dice, and the IDs of the reachable positions.
struct Case {
    pos: String,
    dice: (u8, u8),
    after: BTreeSet<String>,
    moves: Vec<String>,
}

fn dice_of(v: &Value) -> (u8, u8) {
    (v[0].as_u64().unwrap() as u8, v[1].as_u64().unwrap() as u8)
}

fn corpus_case(line: &str) -> Case {
    let v: Value = serde_json::from_str(line).expect("corpus line is JSON");
    let after: BTreeSet<String> = v["after"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        after.len() as u64,
        v["n"].as_u64().unwrap(),
        "corpus n matches its list"
    );
    Case {
        pos: v["pos"].as_str().unwrap().to_string(),
        dice: dice_of(&v["dice"]),
        after,
        moves: v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect(),
    }
}

fn tests_json_case(line: &str) -> Case {
    let v: Value = serde_json::from_str(line).expect("tests.json line is JSON");
    let moves = v["moves"].as_array().unwrap();
    Case {
        pos: v["pos"].as_str().unwrap().to_string(),
        dice: dice_of(&v["dice"]),
        after: moves.iter().map(|m| m["after"].as_str().unwrap().to_string()).collect(),
        moves: moves.iter().map(|m| m["move"].as_str().unwrap().to_string()).collect(),
    }
}

/// Our reachable positions, or why the case could not be run.
fn ours(gen: &mut MoveGen, case: &Case) -> Result<BTreeSet<String>, String> {
    let board = position_id::decode(&case.pos).map_err(|e| format!("decode: {e}"))?;
    if position_id::encode(&board) != case.pos {
        return Err(format!("re-encodes as {}", position_id::encode(&board)));
    }
    let dice = Dice::new(case.dice.0, case.dice.1).ok_or("bad dice")?;
    Ok(gen
        .generate(&board, dice)
        .iter()
        .map(|(b, _)| position_id::encode(b))
        .collect())
}

fn compare(cases: &[Case]) -> Vec<String> {
    let mut gen = MoveGen::new();
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        match ours(&mut gen, case) {
            Err(why) => failures.push(format!("case {i} {} {:?}: {why}", case.pos, case.dice)),
            Ok(set) if set != case.after => {
                let board = position_id::decode(&case.pos).unwrap();
                let dice = Dice::new(case.dice.0, case.dice.1).unwrap();
                let plays = gen.generate(&board, dice);
                let missing: Vec<&String> = case.after.difference(&set).collect();
                let extra: Vec<String> = plays
                    .iter()
                    .filter(|(b, _)| !case.after.contains(&position_id::encode(b)))
                    .map(|(b, p)| format!("{} ({})", p, position_id::encode(b)))
                    .collect();
                failures.push(format!(
                    "case {i} {} dice {:?}\n  board {board}\n  gnubg {} vs ours {}\n  missing {missing:?}\n  extra {extra:?}\n  gnubg moves {:?}",
                    case.pos,
                    case.dice,
                    case.after.len(),
                    set.len(),
                    case.moves
                ));
            }
            Ok(_) => {}
        }
    }
    failures
}

fn report(failures: &[String], total: usize) {
    if !failures.is_empty() {
        let first: Vec<&String> = failures.iter().take(5).collect();
        panic!(
            "{} of {total} cases differ from gnubg; first ones:\n{}",
            failures.len(),
            first.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
        );
    }
}

#[test]
fn corpus_reachable_positions_equal_gnubg() {
    let cases: Vec<Case> = read_lines("corpus.jsonl").iter().map(|l| corpus_case(l)).collect();
    assert_eq!(cases.len(), 5000, "the corpus holds 5000 positions");
    let failures = compare(&cases);
    report(&failures, cases.len());
}

#[test]
fn hand_picked_cases_equal_gnubg() {
    let cases: Vec<Case> = read_lines("tests.json").iter().map(|l| tests_json_case(l)).collect();
    assert!(cases.len() >= 9);
    let failures = compare(&cases);
    report(&failures, cases.len());
}

/// gnubg's "simple" 26-int form: [my bar, points 1–24 (+mine, −theirs), their bar].
fn board_from_simple(simple: &[i64]) -> Board {
    let mut pips = [0i8; 26];
    pips[25] = simple[0].unsigned_abs() as i8;
    pips[0] = -(simple[25].unsigned_abs() as i8);
    for p in 1..=24 {
        pips[p] = simple[p] as i8;
    }
    Board::from_pips(pips).expect("valid simple board")
}

/// tests.txt holds the queries of tests.json in their original forms; each
/// must turn into the same Position ID gnubg answered for.
#[test]
fn hand_picked_queries_match_their_answers() {
    let queries = read_lines("tests.txt");
    let answers: Vec<Case> = read_lines("tests.json").iter().map(|l| tests_json_case(l)).collect();
    assert_eq!(queries.len(), answers.len());
    for (query, answer) in queries.iter().zip(&answers) {
        let (pos, dice) = if query.trim_start().starts_with('{') {
            let v: Value = serde_json::from_str(query).unwrap();
            let simple: Vec<i64> = v["simple"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_i64().unwrap())
                .collect();
            (position_id::encode(&board_from_simple(&simple)), dice_of(&v["dice"]))
        } else {
            let parts: Vec<&str> = query.split_whitespace().collect();
            (
                parts[0].to_string(),
                (parts[1].parse().unwrap(), parts[2].parse().unwrap()),
            )
        };
        assert_eq!(pos, answer.pos, "query {query}");
        assert_eq!(dice, answer.dice, "query {query}");
    }
}

/// Every gnubg move string of the corpus parses, and our formatting of the
/// play we generate for the same position parses back to that play.
#[test]
fn corpus_notation_parses_and_round_trips() {
    let mut gen = MoveGen::new();
    for line in read_lines("corpus.jsonl").iter().step_by(10) {
        let case = corpus_case(line);
        for mv in &case.moves {
            let play: Play = mv.parse().unwrap_or_else(|e| panic!("{mv}: {e}"));
            assert!(!play.is_pass());
        }
        let board = position_id::decode(&case.pos).unwrap();
        let dice = Dice::new(case.dice.0, case.dice.1).unwrap();
        for (_, play) in gen.generate(&board, dice) {
            let canonical = play.canonical();
            let text = canonical.to_string();
            let back: Play = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, canonical, "{text}");
        }
    }
}

/// gnubg's moves, played through the checked `play`, reach exactly the
/// positions gnubg lists (this exercises `bar/15`, `24/20*/16`, `8/5(2)`, ...).
#[test]
fn gnubg_moves_play_to_gnubg_positions() {
    use papan_rules::backgammon::{Backgammon, BgMove};
    use papan_rules::{Game, Seat};
    // Every 8th position keeps the debug run short; all moves of each.
    for line in read_lines("corpus.jsonl").iter().step_by(8) {
        let v: Value = serde_json::from_str(line).unwrap();
        let pos = v["pos"].as_str().unwrap();
        let (a, b) = dice_of(&v["dice"]);
        let start = Backgammon::from_position_id(pos, Seat::First, Dice::new(a, b)).unwrap();
        let moves = v["moves"].as_array().unwrap();
        // `after` is sorted, not aligned with `moves`: compare as sets.
        let afters: BTreeSet<&str> = v["after"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let mut reached = BTreeSet::new();
        for mv in moves {
            let mut game = start.clone();
            let mv: BgMove = mv.as_str().unwrap().parse().unwrap();
            game.play(&mv).unwrap_or_else(|e| panic!("{pos} {a}-{b} {mv}: {e}"));
            assert_eq!(game.to_move(), Some(Seat::Second));
            reached.insert(position_id::encode(&game.board().flip()));
        }
        let afters: BTreeSet<String> = afters.into_iter().map(str::to_string).collect();
        assert_eq!(reached, afters, "{pos} {a}-{b}");
        if moves.is_empty() {
            let mut game = start.clone();
            game.play(&BgMove::Play(Play::PASS)).unwrap();
            assert_eq!(game.board().flip(), *start.board());
        }
    }
}
