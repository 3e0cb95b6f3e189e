//! Transcripts (`papan_rules::transcript`): for every game, export then
//! import gives back the same record (and so the same final position), and
//! text that is cut short, illegal, of another game or self-contradictory
//! is refused with a reason, never a panic.

use papan_rules::backgammon::{Backgammon, BgMove, Play};
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Hex, HexMove, HexOptions};
use papan_rules::junqi::JunQi;
use papan_rules::{Game, Record, RuleId, Transcript, TranscriptError, Turn};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded random game of at most `max_plies` moves: each move uniform
/// among the legal ones, dice drawn with `sample_chance`.
fn random_record<G: Game>(options: G::Options, seed: u64, max_plies: usize) -> Record<G> {
    continue_randomly(Record::<G>::new(options, seed), max_plies)
}

/// `record` played on at random (seeded by its seed and length).
fn continue_randomly<G: Game>(mut record: Record<G>, max_plies: usize) -> Record<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(record.seed ^ record.moves.len() as u64);
    let mut game: G = record.replay().expect("the record replays");
    for _ in 0..max_plies {
        let mv = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut rng).expect("a chance event is due"),
            Turn::Seat(_) => {
                let moves = game.legal_moves();
                moves[rng.random_range(0..moves.len())].clone()
            }
        };
        record.play(&mut game, mv).expect("a generated move is legal");
    }
    record
}

/// Export → import is the identity, the final positions agree, and
/// exporting the import again gives the same text.
fn assert_round_trip<G: Transcript + PartialEq>(record: &Record<G>) {
    let text = G::export(record);
    let back = G::import(&text).unwrap_or_else(|e| panic!("import failed: {e}\n{text}"));
    assert_eq!(&back, record, "the record changed on the way\n{text}");
    assert_eq!(back.replay().unwrap(), record.replay().unwrap());
    assert_eq!(G::export(&back), text);
}

fn prefix<G: Game>(record: &Record<G>, plies: usize) -> Record<G> {
    Record {
        moves: record.moves[..plies.min(record.moves.len())].to_vec(),
        ..record.clone()
    }
}

/// The error, with a check that it says where and why in its text.
fn refused<G: Transcript>(text: &str) -> TranscriptError {
    let error = G::import(text)
        .err()
        .unwrap_or_else(|| panic!("imported, should be refused:\n{text}"));
    let shown = error.to_string();
    assert!(shown.len() > 20, "a useful message: {shown:?}");
    if let Some(line) = error.line() {
        assert!(shown.starts_with(&format!("line {line}: ")), "{shown}");
    }
    if let Some(rule) = error.rule() {
        assert!(shown.contains(&rule.to_string()), "{shown} names {rule}");
    }
    error
}

/// Import of every cut of `text` (at char boundaries, every `step` bytes)
/// returns, whatever it returns.
fn assert_cuts_never_panic<G: Transcript>(text: &str, step: usize) {
    for cut in (0..text.len()).step_by(step.max(1)) {
        if text.is_char_boundary(cut) {
            let _ = G::import(&text[..cut]);
        }
    }
}

fn rule(code: &str) -> RuleId {
    code.parse().expect("a rule id")
}

/// `text` with line `number` (1-based) replaced.
fn with_line(text: &str, number: usize, line: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == number { line } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The 1-based number of the first line starting with `start`.
fn line_starting(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with {start:?} in\n{text}"))
        + 1
}

// ---------------------------------------------------------------- Hex

fn hex_options(seed: u64) -> HexOptions {
    HexOptions {
        size: [7, 9, 11, 13, 19][seed as usize % 5],
        swap: seed % 2 == 1,
    }
}

#[test]
fn hex_sgf_round_trip() {
    for seed in 0..10 {
        let mut record: Record<Hex> = random_record(hex_options(seed), seed, 1000);
        assert!(record.replay().unwrap().is_over());
        assert_round_trip(&record);
        for plies in [0, 1, 2, 5] {
            assert_round_trip(&prefix(&record, plies));
        }
        if record.options.swap {
            // The same opening stone, swapped (X7), then played out.
            record.moves.truncate(1);
            record.moves.push(HexMove::Swap);
            let record = continue_randomly(record, 1000);
            assert!(record.replay().unwrap().is_over());
            assert_round_trip(&record);
        }
    }
    assert_eq!(<Hex as Transcript>::EXTENSION, "sgf");
}

#[test]
fn hex_sgf_keeps_the_size_swap_and_seed() {
    let mut record = Record::<Hex>::new(HexOptions { size: 13, swap: true }, 0);
    let mut game = record.start().unwrap();
    for mv in ["f3", "swap", "d4"] {
        let mv = game.parse_move(mv).unwrap();
        record.play(&mut game, mv).unwrap();
    }
    let text = Hex::export(&record);
    assert!(text.contains("SZ[13]") && text.contains("swap-pieces"), "{text}");
    assert!(!text.contains("PAPANSEED"), "seed 0 writes a plain SGF: {text}");
    assert_round_trip(&record);
    let seeded = Record { seed: 99, ..record };
    assert!(Hex::export(&seeded).contains("PAPANSEED[99]"));
    assert_round_trip(&seeded);
}

#[test]
fn hex_sgf_import_refuses_bad_text() {
    let record: Record<Hex> = random_record(hex_options(2), 2, 12);
    let text = Hex::export(&record);
    let truncated = &text[..text.len() - 3];
    assert!(matches!(refused::<Hex>(truncated), TranscriptError::Malformed { .. }));
    // The first stone again on the same cell (X5).
    let first = match record.moves[0] {
        HexMove::Place(cell) => cell,
        HexMove::Swap => unreachable!("the first move places a stone"),
    };
    let illegal = format!("(;FF[4]GM[11]SZ[11];B[{first}];W[{first}])");
    let error = refused::<Hex>(&illegal);
    assert_eq!(error.rule(), Some(rule("X5")), "{error}");
    assert!(error.to_string().contains("move 2"), "{error}");
    let go = "(;FF[4]GM[1]SZ[19];B[dd])";
    assert!(refused::<Hex>(go).to_string().contains("GM[1]"));
    assert_cuts_never_panic::<Hex>(&text, 1);
}

// ---------------------------------------------------------------- HADANG

#[test]
fn hadang_txt_round_trip() {
    let mut finished = 0;
    for seed in 0..8 {
        let record: Record<Hadang> = random_record(Default::default(), seed, 2000);
        finished += record.replay().unwrap().is_over() as usize;
        assert_round_trip(&record);
        for plies in [0, 1, 2, 3, 21] {
            assert_round_trip(&prefix(&record, plies));
        }
    }
    assert!(finished >= 4, "most random games finish: {finished}");
    assert_eq!(<Hadang as Transcript>::EXTENSION, "txt");
}

#[test]
fn hadang_txt_reads_what_people_write() {
    let text = "[Game \"hadang\"] ; any spelling of the name\n\n1. e2 e8 2. e3h\n; Player 2 builds\nd6v 3. e3\n";
    let record = Hadang::import(text).unwrap();
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["e2", "e8", "e3h", "d6v", "e3"]);
    assert_eq!(record.seed, 0);
}

#[test]
fn hadang_txt_import_refuses_bad_text() {
    let record: Record<Hadang> = random_record(Default::default(), 1, 2000);
    assert!(record.replay().unwrap().is_over());
    let text = Hadang::export(&record);

    let truncated = &text[..text.find("[Seed").unwrap() + 9];
    assert!(matches!(
        refused::<Hadang>(truncated),
        TranscriptError::Malformed { line: Some(2), .. }
    ));
    // Cut between moves: the result tag says the game ended, the moves do not.
    let last = text.trim_end().rfind('\n').unwrap();
    let error = refused::<Hadang>(&text[..last]);
    assert!(
        matches!(error, TranscriptError::Inconsistent { line: Some(3), .. }),
        "{error}"
    );

    // Player 2 answers e2 with a jump across the board (H6).
    let line = line_starting(&text, "1. ");
    let illegal = with_line(&text, line, "1. e2 e5");
    let error = refused::<Hadang>(&illegal);
    assert_eq!(error.line(), Some(line));
    assert_eq!(error.rule(), Some(rule("H6")), "{error}");
    assert!(error.to_string().contains("\"e5\""), "{error}");
    let error = refused::<Hadang>(&with_line(&text, line, "1. e2 z9"));
    assert!(matches!(error, TranscriptError::Malformed { .. }), "{error}");
    assert!(error.to_string().contains("z9"), "{error}");
    let error = refused::<Hadang>(&with_line(&text, line, "2. e2 e8"));
    assert!(error.to_string().contains("move number"), "{error}");

    let junqi = JunQi::export(&random_record(Default::default(), 1, 10));
    assert!(matches!(
        refused::<Hadang>(&junqi),
        TranscriptError::WrongGame { line: Some(1), .. }
    ));
    assert!(matches!(
        refused::<Hadang>("1. e2 e8\n"),
        TranscriptError::WrongGame { .. }
    ));
    let flipped = text.replace("[Result \"1-0\"]", "[Result \"0-1\"]");
    let flipped = if flipped == text {
        text.replace("[Result \"0-1\"]", "[Result \"1-0\"]")
    } else {
        flipped
    };
    assert!(matches!(
        refused::<Hadang>(&flipped),
        TranscriptError::Inconsistent { .. }
    ));
    assert_cuts_never_panic::<Hadang>(&text, 1);
}

// ---------------------------------------------------------------- Jun Qi

#[test]
fn junqi_txt_round_trip() {
    for seed in 0..4 {
        let record: Record<JunQi> = random_record(Default::default(), seed, 10_000);
        assert!(record.replay().unwrap().is_over());
        assert_round_trip(&record);
        for plies in [0, 1, 2, 30] {
            assert_round_trip(&prefix(&record, plies));
        }
    }
    assert_eq!(<JunQi as Transcript>::EXTENSION, "txt");
}

#[test]
fn junqi_txt_shows_the_dealt_layout_and_needs_only_the_seed() {
    let record: Record<JunQi> = random_record(Default::default(), 5, 40);
    let text = JunQi::export(&record);
    let start = record.start().unwrap();
    let setup = papan_rules::junqi::JunQiSetup::from(start);
    for (index, row) in setup.rows.iter().enumerate() {
        let rank = 12 - index;
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{rank:>2} | ")))
            .unwrap_or_else(|| panic!("rank {rank} row in\n{text}"));
        let tokens: Vec<&str> = line[5..].split_whitespace().collect();
        assert_eq!(tokens, row.split_whitespace().collect::<Vec<_>>());
    }
    // Without the rows the seed deals the same layout.
    let bare: String = text
        .lines()
        .filter(|l| !l.contains('|'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(JunQi::import(&bare).unwrap(), record);
}

#[test]
fn junqi_txt_import_refuses_bad_text() {
    let record: Record<JunQi> = random_record(Default::default(), 7, 60);
    let text = JunQi::export(&record);

    // A layout that is not what the seed deals: two tokens of rank 12 swapped.
    let row = line_starting(&text, "12 | ");
    let line = text.lines().nth(row - 1).unwrap();
    let tokens: Vec<&str> = line[5..].split_whitespace().collect();
    let other = tokens
        .iter()
        .position(|t| *t != tokens[0])
        .expect("a row holds different pieces");
    let mut swapped: Vec<&str> = tokens.clone();
    swapped.swap(0, other);
    let error = refused::<JunQi>(&with_line(&text, row, &format!("12 | {}", swapped.join(" "))));
    assert!(matches!(error, TranscriptError::Inconsistent { .. }), "{error}");
    assert_eq!(error.line(), Some(row));
    assert!(
        error.to_string().contains("a12") && error.to_string().contains("seed 7"),
        "{error}"
    );
    // The same layout under another seed.
    let reseeded: String = text
        .replace("[Seed \"7\"]", "[Seed \"8\"]")
        .lines()
        .filter(|l| !l.starts_with("[Starts"))
        .map(|l| format!("{l}\n"))
        .collect();
    let error = refused::<JunQi>(&reseeded);
    assert!(error.to_string().contains("does not match the seed"), "{error}");

    // Cut inside the layout.
    let cut = text.find(" 6 | ").unwrap();
    let error = refused::<JunQi>(&text[..cut]);
    assert!(error.to_string().contains("6 of its 12 rows"), "{error}");

    // Moving a piece that is still face down (J9: only revealed pieces move).
    let first = line_starting(&text, "1. ");
    let error = refused::<JunQi>(&with_line(&text, first, "1. a1-a2"));
    assert_eq!(error.line(), Some(first));
    assert!(error.rule().is_some(), "{error}");
    assert!(error.to_string().contains("\"a1-a2\""), "{error}");

    let no_seed: String = text
        .lines()
        .filter(|l| !l.starts_with("[Seed"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(refused::<JunQi>(&no_seed).to_string().contains("Seed"));
    let hadang = Hadang::export(&random_record(Default::default(), 1, 10));
    assert!(matches!(refused::<JunQi>(&hadang), TranscriptError::WrongGame { .. }));
    let starts = if text.contains("[Starts \"First\"]") {
        text.replace("[Starts \"First\"]", "[Starts \"Second\"]")
    } else {
        text.replace("[Starts \"Second\"]", "[Starts \"First\"]")
    };
    assert!(matches!(
        refused::<JunQi>(&starts),
        TranscriptError::Inconsistent { .. }
    ));
    assert_cuts_never_panic::<JunQi>(&text, 7);
}

// ---------------------------------------------------------------- backgammon

#[test]
fn backgammon_mat_round_trip() {
    for seed in 0..24 {
        let record: Record<Backgammon> = random_record(Default::default(), seed, 10_000);
        assert!(record.replay().unwrap().is_over());
        assert_round_trip(&record);
    }
    // Every prefix: unfinished games, dice rolled but not played, dances.
    let record: Record<Backgammon> = random_record(Default::default(), 3, 10_000);
    for plies in 0..=record.moves.len() {
        assert_round_trip(&prefix(&record, plies));
    }
    assert_eq!(<Backgammon as Transcript>::EXTENSION, "mat");
}

/// Dice with no choice of play (a dance, one forced play), not yet played,
/// at the end: written `dd: ???`, as `dd:` alone reads as that play.
#[test]
fn backgammon_mat_keeps_unplayed_dice_apart_from_a_forced_play() {
    let (mut dances, mut forced) = (0, 0);
    for seed in 0..30 {
        let record: Record<Backgammon> = random_record(Default::default(), seed, 10_000);
        let mut game = record.start().unwrap();
        let mut checked = 0;
        for (ply, mv) in record.moves.iter().enumerate() {
            if checked < 3 && game.turn() != Turn::Chance && game.legal_moves().len() == 1 {
                checked += 1;
                dances += (*mv == BgMove::Play(Play::PASS)) as usize;
                forced += (*mv != BgMove::Play(Play::PASS)) as usize;
                let cut = prefix(&record, ply);
                assert!(Backgammon::export(&cut).trim_end().ends_with("???"));
                assert_round_trip(&cut);
                let played = prefix(&record, ply + 1);
                assert!(!Backgammon::export(&played).contains("???"));
                assert_round_trip(&played);
            }
            game.play(mv).unwrap();
        }
    }
    assert!(
        dances > 0 && forced > 0,
        "random games dance ({dances}) and are forced ({forced})"
    );
}

#[test]
fn backgammon_mat_reads_gnubg_and_xg_spellings() {
    // Low die first, a dance as `Cannot Move`, spacing as other programs
    // write it, names with ratings, and comments.
    let text = "; [Site \"somewhere\"]\n# a note\n\n 0 point match\n\n Game 1\n \
                Alice, 1650 : 0                 Bob : 0\n  \
                1) 25: 13/11 13/8\n  \
                2)                                 \n";
    let record = Backgammon::import(text).unwrap();
    assert_eq!(
        record.moves[..2],
        [
            BgMove::Opening { white: 5, black: 2 },
            BgMove::Play("13/8 13/11".parse::<Play>().unwrap().canonical())
        ]
    );
    assert_eq!(record.seed, 0);
    // Seed 3 dances in the left column.
    let record: Record<Backgammon> = random_record(Default::default(), 3, 10_000);
    let text = Backgammon::export(&record);
    let xg = text.replace(":                ", ": Cannot Move    ");
    assert_ne!(xg, text);
    assert_eq!(Backgammon::import(&xg).unwrap(), record);
}

#[test]
fn backgammon_mat_import_refuses_bad_text() {
    let record: Record<Backgammon> = random_record(Default::default(), 5, 10_000);
    let text = Backgammon::export(&record);

    let header_end = text.find(" Game 1").unwrap();
    let error = refused::<Backgammon>(&text[..header_end]);
    assert!(matches!(error, TranscriptError::Malformed { .. }) && error.to_string().contains("cut short"));
    assert!(matches!(refused::<Backgammon>(""), TranscriptError::Malformed { .. }));
    // Cut inside a move: `13/1` of `13/11`, say, is no legal play.
    let line = line_starting(&text, "  3) ");
    let cut: usize = text.lines().take(line).map(|l| l.len() + 1).sum::<usize>() - 5;
    let error = refused::<Backgammon>(&text[..cut]);
    assert_eq!(error.line(), Some(line), "{error}");
    // The result line with the wrong points, and moves after it.
    let wins = line_starting(&text, &" ".repeat(6));
    let wrong = with_line(&text, wins, "      Wins 3 points");
    let wrong = if wrong == text {
        with_line(&text, wins, &format!("{:34}Wins 3 points", ""))
    } else {
        wrong
    };
    let error = refused::<Backgammon>(&wrong);
    assert!(matches!(error, TranscriptError::Inconsistent { .. }), "{error}");
    let error = refused::<Backgammon>(&format!("{text}  99) 31: 8/5 6/5\n"));
    assert!(error.to_string().contains("after the result"), "{error}");

    // An illegal move: the opening plays onto the opponent's 6-point (B8).
    let opening = line_starting(&text, "  1) ");
    let error = refused::<Backgammon>(&with_line(
        &text,
        opening,
        "  1) 61: 24/18 13/12                                ",
    ));
    assert!(matches!(error, TranscriptError::Refused { .. }), "{error}");
    assert_eq!(error.line(), Some(opening));
    assert_eq!(error.rule(), Some(rule("B8")), "{error}");
    assert!(error.to_string().contains("24/18 13/12"), "{error}");
    // The same player rolling twice (B5).
    let twice = "\n 0 point match\n\n Game 1\n White : 0    Black : 0\n  1) 52: 13/8 13/11\n  2) 31: 8/5 6/5\n";
    let error = refused::<Backgammon>(twice);
    assert_eq!((error.line(), error.rule()), (Some(7), Some(rule("B5"))), "{error}");
    // Dice left unplayed while the game goes on (B12).
    let unplayed =
        "\n 0 point match\n\n Game 1\n White : 0    Black : 0\n  1) 52:                         31: 8/5 6/5\n";
    let error = refused::<Backgammon>(unplayed);
    assert_eq!((error.line(), error.rule()), (Some(6), Some(rule("B12"))), "{error}");

    // A cube action that is no action at all.
    let cube = with_line(&text, opening + 1, "  2)  Doubles                     Takes");
    assert!(matches!(
        refused::<Backgammon>(&cube),
        TranscriptError::Malformed { .. }
    ));
    let two_games = format!("{text}\n Game 2\n White : 1    Black : 0\n");
    assert!(refused::<Backgammon>(&two_games).to_string().contains("one game"));
    let hadang = Hadang::export(&random_record(Default::default(), 1, 10));
    let error = refused::<Backgammon>(&hadang);
    assert!(
        matches!(error, TranscriptError::WrongGame { line: Some(1), .. }),
        "{error}"
    );
    let nack = format!("; [Variation \"NackGammon\"]\n{text}");
    assert!(matches!(
        refused::<Backgammon>(&nack),
        TranscriptError::WrongGame { .. }
    ));
    assert_cuts_never_panic::<Backgammon>(&text, 3);
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_game_round_trips_at_any_ply(seed in any::<u64>(), cut in 0usize..400) {
        let hex: Record<Hex> = random_record(hex_options(seed), seed, cut);
        assert_round_trip(&hex);
        let hadang: Record<Hadang> = random_record(Default::default(), seed, cut);
        assert_round_trip(&hadang);
        let junqi: Record<JunQi> = random_record(Default::default(), seed, cut);
        assert_round_trip(&junqi);
        let backgammon: Record<Backgammon> = random_record(Default::default(), seed, cut);
        assert_round_trip(&backgammon);
    }

    /// A byte changed anywhere gives an import that returns (any result).
    #[test]
    fn a_damaged_transcript_never_panics(seed in 0u64..1000, at in any::<prop::sample::Index>(), byte in 32u8..127) {
        let damage = |text: String| {
            let mut bytes = text.into_bytes();
            let i = at.index(bytes.len());
            bytes[i] = byte;
            String::from_utf8(bytes).unwrap_or_default()
        };
        let _ = Hex::import(&damage(Hex::export(&random_record(hex_options(seed), seed, 30))));
        let _ = Hadang::import(&damage(Hadang::export(&random_record(Default::default(), seed, 30))));
        let _ = JunQi::import(&damage(JunQi::export(&random_record(Default::default(), seed, 30))));
        let _ = Backgammon::import(&damage(Backgammon::export(&random_record(Default::default(), seed, 60))));
    }
}
