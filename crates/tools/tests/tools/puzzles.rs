//! Every shipped puzzle is re-proven (`papan_bots::puzzle::check` through
//! `papan_tools::puzzle::read_set`): its position replays through the
//! checked rules, its answer is legal and wins (Hex: a full virtual
//! connection after it; HADANG: the only move that wins the race by force
//! at the stated depth; Jun Qi flip: the only capture that wins material
//! after every reply, whatever the face-down pieces are) or is clearly
//! best (backgammon: the quick check of `papan_bots::puzzle`'s doc, and
//! the 2-ply lead itself for a sample), and its why and theme are what the
//! position gives. A corrupted puzzle is refused with its id and what is
//! wrong.

use papan_bots::puzzle::{check, Body, Puzzle};
use papan_tools::puzzle::{read_set, write_set};

const HEX: &str = include_str!("../../../bots/data/puzzles/hex.jsonl");
const HADANG: &str = include_str!("../../../bots/data/puzzles/hadang.jsonl");

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

// ------------------------------------------------------------ Jun Qi flip

const JUNQI: &str = include_str!("../../../bots/data/puzzles/junqi.jsonl");
const BACKGAMMON: &str = include_str!("../../../bots/data/puzzles/backgammon.jsonl");

#[test]
fn every_shipped_junqi_puzzle_is_proven() {
    let set = read_set(JUNQI).unwrap_or_else(|e| panic!("{e}"));
    assert!(set.len() >= 300, "{} Jun Qi puzzles", set.len());
    assert!(set.iter().all(|p| matches!(p.body, Body::Junqi { .. })));
    for p in &set {
        assert!(
            papan_bots::puzzle::JUNQI_THEMES.contains(&p.theme.as_str()),
            "{}: {}",
            p.id,
            p.theme
        );
    }
}

/// J7, J12, J21: the two-ply count behind a Jun Qi answer is the same on
/// every hidden layout: the face-down pieces, shuffled among their posts
/// with many seeds, never change what the answer wins.
#[test]
fn a_junqi_answer_wins_the_same_on_every_hidden_layout_j12_j21() {
    use papan_rules::Game;
    use rand::SeedableRng;
    let set: Vec<Puzzle> = JUNQI
        .lines()
        .take(40)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for p in &set {
        let Body::Junqi { position, answer, why } = &p.body else {
            unreachable!()
        };
        let game = papan_bots::puzzle::junqi_game(&p.id, position, p.side, false).unwrap();
        let action = game.parse_move(answer).unwrap();
        let view = game.view(p.side);
        for seed in 0..8 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let layout = view.determinize(&mut rng);
            let (gain, _) = papan_bots::puzzle::junqi_count(&layout, action);
            assert_eq!(gain, why.gain, "{} on layout {seed}", p.id);
        }
    }
}

fn junqi_parts(
    p: &mut Puzzle,
) -> (
    &mut papan_bots::puzzle::JunqiPosition,
    &mut String,
    &mut papan_bots::puzzle::JunqiWhy,
) {
    let Body::Junqi { position, answer, why } = &mut p.body else {
        unreachable!()
    };
    (position, answer, why)
}

#[test]
fn a_junqi_puzzle_with_a_wrong_answer_is_refused() {
    // A tempting other capture as the answer.
    let set: Vec<Puzzle> = JUNQI.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut p = set
        .into_iter()
        .find(|p| matches!(&p.body, Body::Junqi { why, .. } if !why.wrong.is_empty()))
        .expect("a puzzle with a wrong try");
    let (_, answer, why) = junqi_parts(&mut p);
    let wrong = why.wrong[0].action.clone();
    *answer = wrong.clone();
    refused(&p, &format!("answer {wrong:?} is not the winning capture"));
    // A reveal instead.
    let mut p = first(JUNQI);
    let (position, answer, _) = junqi_parts(&mut p);
    let rows = position.rows.clone();
    let (rank, file) = rows
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.split_whitespace().position(|t| t == "?").map(|f| (12 - r, f)))
        .expect("a face-down post");
    let post = format!("{}{rank}", (b'a' + file as u8) as char);
    *answer = format!("flip {post}");
    refused(&p, "is not the winning capture");
    // A move onto a face-down piece (J12): illegal.
    let mut p = first(JUNQI);
    let (_, answer, _) = junqi_parts(&mut p);
    let from = answer.split('-').next().unwrap().to_string();
    *answer = format!("{from}-{post}");
    refused(&p, "is illegal");
}

#[test]
fn a_junqi_puzzle_whose_why_or_position_does_not_match_is_refused() {
    let mut p = first(JUNQI);
    let (_, _, why) = junqi_parts(&mut p);
    why.gain += 5;
    refused(&p, "the why does not match the position");

    let mut p = first(JUNQI);
    let (_, _, why) = junqi_parts(&mut p);
    why.captured.push(papan_rules::junqi::Kind::Commander);
    refused(&p, "the why does not match the position");

    let mut p = first(JUNQI);
    p.theme = if p.theme == "flag" {
        "capture".into()
    } else {
        "flag".into()
    };
    refused(&p, "does not match the position");

    // One face-down piece too few in the pool.
    let mut p = first(JUNQI);
    let (position, _, _) = junqi_parts(&mut p);
    position.face_down.pop();
    refused(&p, "more face-down posts than face-down pieces");

    // A second flag of each colour on the board, over the J5 count (the
    // game goes on, so both flags are still there).
    let mut p = first(JUNQI);
    let (position, _, _) = junqi_parts(&mut p);
    for flag in ["RBdr", "BBdr"] {
        let row = position
            .rows
            .iter_mut()
            .find(|r| r.split_whitespace().any(|t| t == "."))
            .expect("an empty post");
        let mut tokens: Vec<String> = row.split_whitespace().map(str::to_string).collect();
        let empty = tokens.iter().position(|t| t == ".").unwrap();
        tokens[empty] = flag.to_string();
        *row = tokens.join(" ");
    }
    refused(&p, "not a legal position");

    // Not the seat to move: the opponent's view of the same board.
    let mut p = first(JUNQI);
    p.side = p.side.other();
    let err = check(&p).expect_err("refused");
    assert_eq!(err.id, p.id);
}

// ------------------------------------------------------------ backgammon

#[test]
fn every_shipped_backgammon_puzzle_is_checked() {
    let set = read_set(BACKGAMMON).unwrap_or_else(|e| panic!("{e}"));
    assert!(set.len() >= 300, "{} backgammon puzzles", set.len());
    for p in &set {
        let Body::Backgammon { why, gnubg, .. } = &p.body else {
            panic!("{}: not a backgammon puzzle", p.id)
        };
        assert!(why.equity[0] - why.equity[1] >= papan_bots::puzzle::BG_MARGIN);
        let gnubg = gnubg
            .as_ref()
            .unwrap_or_else(|| panic!("{}: a shipped puzzle keeps gnubg's verdict", p.id));
        assert!(
            gnubg.margin >= papan_tools::puzzle::backgammon::GNUBG_MARGIN,
            "{}: gnubg finds the answer clearly best too",
            p.id
        );
        assert!(
            papan_bots::puzzle::BACKGAMMON_THEMES.contains(&p.theme.as_str()),
            "{}: {}",
            p.id,
            p.theme
        );
    }
}

/// The 2-ply lead itself, re-proven for a sample in the normal suite (the
/// whole set: `cargo test -p papan-tools --test puzzles -- --ignored`).
#[test]
fn shipped_backgammon_leads_hold_at_two_ply() {
    let set: Vec<Puzzle> = BACKGAMMON.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for p in set.iter().step_by(60) {
        papan_bots::puzzle::bg_deep_check(p).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
#[ignore = "re-proves every 2-ply lead: slower than the normal suite wants"]
fn every_shipped_backgammon_lead_holds_at_two_ply() {
    let set: Vec<Puzzle> = BACKGAMMON.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for p in &set {
        papan_bots::puzzle::bg_deep_check(p).unwrap_or_else(|e| panic!("{e}"));
    }
}

fn bg_parts(
    p: &mut Puzzle,
) -> (
    &mut String,
    &mut papan_bots::puzzle::BackgammonWhy,
    &mut papan_bots::puzzle::GnubgVerdict,
) {
    let Body::Backgammon { answer, why, gnubg, .. } = &mut p.body else {
        unreachable!()
    };
    (
        answer,
        why,
        gnubg.as_mut().expect("a shipped puzzle keeps gnubg's verdict"),
    )
}

#[test]
fn a_backgammon_puzzle_with_a_wrong_answer_is_refused() {
    // The runner-up as the answer (and the answer as the runner-up): gnubg's
    // best is not it.
    let mut p = first(BACKGAMMON);
    let (answer, why, _) = bg_parts(&mut p);
    std::mem::swap(answer, &mut why.second);
    refused(&p, "is not the answer");
    // gnubg's verdict naming another play.
    let mut p = first(BACKGAMMON);
    let (_, why, gnubg) = bg_parts(&mut p);
    gnubg.best = why.second.clone();
    refused(&p, "is not the answer");
    // A play the dice do not allow.
    let mut p = first(BACKGAMMON);
    let (answer, _, _) = bg_parts(&mut p);
    *answer = "24/23 24/23 24/23".into();
    refused(&p, "is illegal");
    let mut p = first(BACKGAMMON);
    let (answer, _, _) = bg_parts(&mut p);
    *answer = "up the middle".into();
    refused(&p, "does not read");
}

#[test]
fn a_backgammon_puzzle_whose_equities_or_why_do_not_match_is_refused() {
    // A lead under the margin.
    let mut p = first(BACKGAMMON);
    let (_, why, _) = bg_parts(&mut p);
    why.equity[1] = why.equity[0] - 0.01;
    refused(&p, "under 0.08");
    // A 1-ply equity that is not the net's.
    let mut p = first(BACKGAMMON);
    let (_, why, _) = bg_parts(&mut p);
    why.equity1[0] += 0.05;
    refused(&p, "the answer's 1-ply equity");
    // A 2-ply equity that is not the net's: the quick check cannot see it,
    // the deep one refuses it.
    let mut p = first(BACKGAMMON);
    let (_, why, _) = bg_parts(&mut p);
    why.equity[0] += 0.05;
    check(&p).expect("the quick check takes the stored 2-ply lead");
    let err = papan_bots::puzzle::bg_deep_check(&p).expect_err("refused");
    assert!(err.problem.contains("2-ply equity"), "{err}");
    // Shots, blots, theme.
    let mut p = first(BACKGAMMON);
    let (_, why, _) = bg_parts(&mut p);
    why.shots += 1;
    refused(&p, "the why does not match the position");
    let mut p = first(BACKGAMMON);
    let (_, why, _) = bg_parts(&mut p);
    why.blots.push(12);
    refused(&p, "the why does not match the position");
    let mut p = first(BACKGAMMON);
    p.theme = if p.theme == "bear-off" {
        "hit".into()
    } else {
        "bear-off".into()
    };
    refused(&p, "does not match the position");
    // A position that is not one.
    let mut p = first(BACKGAMMON);
    let Body::Backgammon { position, .. } = &mut p.body else {
        unreachable!()
    };
    *position = "not-an-id".into();
    refused(&p, "bad position");
}

#[test]
fn backgammon_generation_without_gnubg_is_refused_with_the_reason() {
    let err = papan_tools::puzzle::backgammon::generate(1, 1, "/nonexistent/gnubg", |_| {}).unwrap_err();
    assert!(err.contains("cannot start gnubg"), "{err}");
}

/// With GNU Backgammon installed (CI images and the development machine
/// have it at /usr/games/gnubg), a small run makes a puzzle that passes
/// both checks.
#[test]
fn backgammon_generation_agrees_with_gnubg() {
    let gnubg = "/usr/games/gnubg";
    if !std::path::Path::new(gnubg).exists() {
        eprintln!("no {gnubg}: skipped");
        return;
    }
    let (set, stats) = papan_tools::puzzle::backgammon::generate(1, 1, gnubg, |_| {}).unwrap();
    assert_eq!(set.len(), 1);
    assert!(stats.agreed >= 1 && stats.candidates >= stats.agreed);
    for p in &set {
        check(p).unwrap_or_else(|e| panic!("{e}"));
        papan_bots::puzzle::bg_deep_check(p).unwrap_or_else(|e| panic!("{e}"));
        let Body::Backgammon { answer, gnubg, .. } = &p.body else {
            unreachable!()
        };
        assert!(gnubg.as_ref().is_some_and(|g| !g.best.is_empty()) && !answer.is_empty());
    }
    // The shipped set was made with the same seed.
    let shipped = first(BACKGAMMON);
    assert_eq!(set[0], shipped);
}
