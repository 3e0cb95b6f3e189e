//! The players' names in exported games (issue 33): HexGui's `PB`/`PW`, the
//! `.mat` score line as gnubg writes it, the `First`/`Second` tags of the
//! HADANG and Jun Qi lists. A file with names still imports to the same
//! record; names are written on one line and never break the format.

use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::sgf::from_sgf;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::junqi::JunQi;
use papan_rules::{clean_name, Game, Record, Transcript, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded random game of at most `max_plies` moves.
fn random_record<G: Game>(options: G::Options, seed: u64, max_plies: usize) -> Record<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = Record::<G>::new(options, seed);
    let mut game: G = record.start().unwrap();
    for _ in 0..max_plies {
        let mv = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut rng).unwrap(),
            Turn::Seat(_) => {
                let moves = game.legal_moves();
                moves[rng.random_range(0..moves.len())].clone()
            }
        };
        record.play(&mut game, mv).unwrap();
    }
    record
}

/// The names as the app shows them to an Indonesian player.
const NAMES: [&str; 2] = ["Kamu", "Bot (Ahli)"];

/// A named export imports to the same record as the plain one.
fn imports_the_same<G: Transcript + PartialEq>(record: &Record<G>, named: &str) {
    let back = G::import(named).unwrap_or_else(|e| panic!("a named file must import: {e}\n{named}"));
    assert_eq!(&back, record, "{named}");
    assert_eq!(G::export(&back), G::export(record), "the names are read past");
}

#[test]
fn hex_sgf_names_the_players_in_pb_and_pw() {
    let options = HexOptions { size: 9, swap: true };
    let record = random_record::<Hex>(options, 5, 20);
    let text = Hex::export_named(&record, Some(NAMES));
    assert!(text.contains("PB[Kamu]"), "{text}");
    assert!(text.contains("PW[Bot (Ahli)]"), "{text}");
    // As HexGui reads them: the first seat's name in PB.
    let game = from_sgf(&text).unwrap();
    assert_eq!(game.first_name.as_deref(), Some("Kamu"));
    assert_eq!(game.second_name.as_deref(), Some("Bot (Ahli)"));
    imports_the_same(&record, &text);
    // The plain export has none.
    assert!(!Hex::export(&record).contains("PB["));
}

#[test]
fn hex_sgf_escapes_a_name_with_a_bracket() {
    let record = random_record::<Hex>(HexOptions { size: 7, swap: false }, 1, 6);
    let text = Hex::export_named(&record, Some(["a]b\\c", "  \n "]));
    assert!(text.contains("PB[a\\]b\\\\c]"), "{text}");
    assert!(!text.contains("PW["), "an empty name is left out: {text}");
    assert_eq!(from_sgf(&text).unwrap().first_name.as_deref(), Some("a]b\\c"));
    imports_the_same(&record, &text);
}

#[test]
fn backgammon_mat_names_the_players_in_the_score_line() {
    let record = random_record::<Backgammon>(Default::default(), 3, 10_000);
    let text = Backgammon::export_named(&record, Some(["Ikaw", "Bot (Eksperto)"]));
    let score = text
        .lines()
        .skip_while(|l| l.trim() != "Game 1")
        .nth(1)
        .unwrap_or_else(|| panic!("a score line: {text}"));
    // gnubg's own layout: ` name : 0`, the second name at column 32.
    assert_eq!(score, format!(" {:<31}Bot (Eksperto) : 0", "Ikaw : 0"), "{text}");
    assert!(!text.contains("White") && !text.contains("Black"), "{text}");
    imports_the_same(&record, &text);
}

#[test]
fn backgammon_mat_names_keep_the_score_line_readable() {
    let record = random_record::<Backgammon>(Default::default(), 4, 30);
    // A colon ends a name in the score line, and a line break would end the line.
    let text = Backgammon::export_named(&record, Some(["a:b\nc", ""]));
    assert!(text.contains(" a.b c : 0"), "{text}");
    assert!(
        text.contains("Black : 0"),
        "an empty name falls back to the colour: {text}"
    );
    imports_the_same(&record, &text);
}

#[test]
fn hadang_and_junqi_lists_carry_first_and_second_tags() {
    let hadang = random_record::<Hadang>(Default::default(), 2, 40);
    let text = Hadang::export_named(&hadang, Some(NAMES));
    assert!(text.contains("[First \"Kamu\"]\n[Second \"Bot (Ahli)\"]\n"), "{text}");
    imports_the_same(&hadang, &text);

    let junqi = random_record::<JunQi>(Default::default(), 2, 40);
    let text = JunQi::export_named(&junqi, Some(["Ikaw", "Kalaban \"X\""]));
    assert!(
        text.contains("[First \"Ikaw\"]\n[Second \"Kalaban \\\"X\\\"\"]\n"),
        "{text}"
    );
    imports_the_same(&junqi, &text);
}

#[test]
fn a_name_is_written_on_one_line() {
    assert_eq!(clean_name("  Bot \t (Expert)\r\n"), Some("Bot (Expert)".to_string()));
    assert_eq!(clean_name(" \n "), None);
}
