//! Every shipped puzzle is re-proven (`papan_bots::puzzle::check` through
//! `papan_tools::puzzle::read_set`): its position replays through the
//! checked rules, its answer is legal and wins (Hex: a full virtual
//! connection after it; HADANG: the only move that wins the race by force
//! at the stated depth), and its why and theme are what the position
//! gives. A corrupted puzzle is refused with its id and what is wrong.

use papan_bots::puzzle::{check, Body, Puzzle};
use papan_tools::puzzle::{read_set, write_set};

const HEX: &str = include_str!("../../bots/data/puzzles/hex.jsonl");
const HADANG: &str = include_str!("../../bots/data/puzzles/hadang.jsonl");

#[test]
fn every_shipped_hex_puzzle_is_proven() {
    let set = read_set(HEX).unwrap_or_else(|e| panic!("{e}"));
    assert!(set.len() >= 300, "{} Hex puzzles", set.len());
    let mut sizes: Vec<u8> = set
        .iter()
        .map(|p| match &p.body {
            Body::Hex { options, .. } => options.size,
            _ => panic!("{}: not a Hex puzzle", p.id),
        })
        .collect();
    sizes.sort();
    sizes.dedup();
    assert_eq!(sizes, [7, 9, 11]);
}

#[test]
fn every_shipped_hadang_puzzle_is_proven() {
    let set = read_set(HADANG).unwrap_or_else(|e| panic!("{e}"));
    assert!(set.len() >= 300, "{} HADANG puzzles", set.len());
    assert!(set.iter().all(|p| matches!(p.body, Body::Hadang { .. })));
}

fn first(text: &str) -> Puzzle {
    serde_json::from_str(text.lines().next().expect("a puzzle")).expect("a puzzle")
}

fn refused(p: &Puzzle, expected: &str) {
    let err = check(p).expect_err("the corrupted puzzle is refused");
    assert_eq!(err.id, p.id);
    assert!(err.problem.contains(expected), "{err}");
    assert!(err.to_string().starts_with(&format!("puzzle {}:", p.id)));
    // The set reader refuses it the same way.
    let err = read_set(&write_set(std::slice::from_ref(p))).expect_err("refused in a set");
    assert_eq!(err.id, p.id);
}

#[test]
fn a_hex_puzzle_with_a_wrong_answer_is_refused() {
    // Puzzles whose wrong tries are listed: the first such try as answer.
    let set: Vec<Puzzle> = HEX.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut p = set
        .into_iter()
        .find(|p| matches!(&p.body, Body::Hex { why, .. } if !why.wrong.is_empty()))
        .expect("a puzzle with wrong tries");
    let Body::Hex { answer, why, .. } = &mut p.body else {
        unreachable!()
    };
    let wrong = why.wrong[0].cell.clone();
    *answer = wrong.clone();
    refused(&p, &format!("answer {wrong} is not proven to win"));
}

#[test]
fn a_hex_puzzle_whose_why_does_not_match_is_refused() {
    let mut p = first(HEX);
    let Body::Hex { why, .. } = &mut p.body else {
        unreachable!()
    };
    why.carrier.pop();
    refused(&p, "the why does not match the position");

    let mut p = first(HEX);
    p.theme = if p.theme == "bridge" {
        "block".into()
    } else {
        "bridge".into()
    };
    refused(&p, "does not match the position");
}

#[test]
fn a_hex_puzzle_with_an_illegal_move_is_refused() {
    // The answer on a stone.
    let mut p = first(HEX);
    let Body::Hex { answer, moves, .. } = &mut p.body else {
        unreachable!()
    };
    *answer = moves[0].clone();
    refused(&p, "is illegal");
    // A stone played twice in the game.
    let mut p = first(HEX);
    let Body::Hex { moves, .. } = &mut p.body else {
        unreachable!()
    };
    moves[1] = moves[0].clone();
    refused(&p, "move 2");
    // Not the seat to move.
    let mut p = first(HEX);
    p.side = p.side.other();
    refused(&p, "is not the seat to move");
}

#[test]
fn a_hadang_puzzle_with_a_wrong_answer_or_why_is_refused() {
    let p = first(HADANG);
    let Body::Hadang { moves, answer, why } = &p.body else {
        unreachable!()
    };
    let game: papan_rules::hadang::Hadang = papan_bots::puzzle::replay(&p.id, &Default::default(), moves).unwrap();
    // Another legal move as the answer: it does not win by force.
    use papan_rules::Game;
    let other = game
        .legal_moves()
        .into_iter()
        .map(|m| game.format_move(&m))
        .find(|m| m != answer)
        .expect("another legal move");
    let mut wrong = p.clone();
    let Body::Hadang { answer: a, .. } = &mut wrong.body else {
        unreachable!()
    };
    *a = other.clone();
    refused(&wrong, &format!("answer {other:?} does not win by force"));
    // Route lengths that are not the position's.
    let mut lengths = p.clone();
    let Body::Hadang { why: w, .. } = &mut lengths.body else {
        unreachable!()
    };
    w.after[1] = why.after[1] + 1;
    refused(&lengths, "the why does not match the position");
    // An answer that is not a move here: a step onto the mover's own square.
    let mut illegal = p.clone();
    let Body::Hadang { answer: a, .. } = &mut illegal.body else {
        unreachable!()
    };
    *a = game.pawn(p.side).to_string();
    refused(&illegal, "is illegal");
    let mut unreadable = p.clone();
    let Body::Hadang { answer: a, .. } = &mut unreadable.body else {
        unreachable!()
    };
    *a = "z0".into();
    refused(&unreadable, "does not read");
}

#[test]
fn bad_json_is_refused_naming_the_puzzle_or_its_line() {
    let line = HEX.lines().next().unwrap();
    let p = first(HEX);
    // Valid JSON, not a puzzle: the id is named.
    let wrong_type = line.replacen(&format!("\"rating\":{}", p.rating), "\"rating\":\"hard\"", 1);
    assert_ne!(wrong_type, line);
    let err = read_set(&wrong_type).expect_err("refused");
    assert_eq!(err.id, p.id);
    assert!(err.problem.contains("line 1 is not a puzzle"), "{err}");
    // Cut short: the line is named.
    let text = format!("{line}\n{}", &line[..line.len() / 2]);
    let err = read_set(&text).expect_err("refused");
    assert_eq!(err.id, "on line 2");
    // The same id twice.
    let err = read_set(&format!("{line}\n{line}\n")).expect_err("refused");
    assert_eq!(err.id, p.id);
    assert!(err.problem.contains("used twice"), "{err}");
}
