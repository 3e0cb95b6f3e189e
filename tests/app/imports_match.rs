//! Files from other programs (issue 36): each game of a GNU Backgammon
//! match file is offered on its own with its cube actions kept as notes,
//! and a HexGui/MoHex file keeps its players' names and swap.

use papan::play::finished::{self, import_match};
use papan_rules::backgammon::Backgammon;
use papan_rules::hex::Hex;
use papan_rules::Game;

const MATCH: &str = include_str!("../../crates/rules/tests/data/gnubg-match/match15.mat");
const MOHEX: &str = include_str!("../../crates/rules/tests/data/hex/mw1.sgf");

#[test]
fn every_game_of_a_match_file_is_offered_with_its_cube_left_aside() {
    let games = import_match(MATCH).unwrap();
    assert!(games.len() >= 2, "{} games", games.len());
    let mut keys = std::collections::HashSet::new();
    for game in &games {
        let entry = game
            .entry
            .as_ref()
            .unwrap_or_else(|e| panic!("game {}: {e}", game.number));
        assert_eq!(entry.names, [Some("Siti".to_string()), Some("Jose".to_string())]);
        assert!(entry.is_import());
        assert!(keys.insert(entry.key.clone()), "each game kept apart: {}", entry.key);
        // The record replays to the kept outcome.
        let record = entry.record::<Backgammon>().unwrap();
        assert_eq!(record.replay().unwrap().outcome(), entry.outcome);
        for note in &entry.left_aside {
            assert!(note.starts_with("Siti: ") || note.starts_with("Jose: "), "{note}");
        }
    }
    assert!(
        games.iter().any(|g| g
            .entry
            .as_ref()
            .is_ok_and(|e| e.left_aside.iter().any(|n| n.contains("Doubles => 2")))),
        "a double is kept as a note"
    );
    // A game whose points the cube changed says so.
    assert!(games
        .iter()
        .any(|g| g.entry.as_ref().is_ok_and(|e| e.file_points.is_some())));
    // Not a match file at all: refused as a whole, with a reason.
    assert!(import_match("(;FF[4]GM[11]SZ[11];B[a1])").is_err());
}

#[test]
fn a_mohex_file_keeps_its_names_swap_and_result() {
    let entry = finished::import::<Hex>(MOHEX).unwrap();
    assert_eq!(
        entry.names,
        [Some("Mohex 0.9.GIT".to_string()), Some("Wolve 0.9.GIT".to_string())]
    );
    assert!(entry.outcome.is_some(), "the board is won before the trailing resign");
    let record = entry.record::<Hex>().unwrap();
    assert!(record.options.swap);
    // Exported again, the names and the moves come back.
    let names = ["Mohex 0.9.GIT".to_string(), "Wolve 0.9.GIT".to_string()];
    let (_, text) = entry.export_named::<Hex>(&names).unwrap();
    assert!(
        text.contains("PB[Mohex 0.9.GIT]") && text.contains("PW[Wolve 0.9.GIT]"),
        "{text}"
    );
    let again = finished::import::<Hex>(&text).unwrap();
    assert_eq!(again.record::<Hex>().unwrap().moves, record.moves);
    assert_eq!(again.names, entry.names);
}
