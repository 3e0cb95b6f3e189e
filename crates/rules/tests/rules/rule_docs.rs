//! The rule ids in the code (`GameId::rules`) are exactly the numbered
//! rules of `docs/<game>.md`, in order: a rule added to a document without
//! a `RuleId` (or the other way round) fails here.

use papan_rules::GameId;

/// The ids of the numbered rules in a rules document: list items `- X1.`.
fn ids_in_document(text: &str, prefix: char) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.trim_start().strip_prefix("- "))
        .filter_map(|rest| rest.split_once('.').map(|(id, _)| id.to_string()))
        .filter(|id| id.starts_with(prefix) && id.len() > 1 && id[1..].chars().all(|c| c.is_ascii_digit()))
        .collect()
}

#[test]
fn every_game_has_one_rule_id_per_numbered_rule() {
    let docs = crate::support::manifest_dir().join("docs");
    for game in GameId::ALL {
        let path = docs.join(format!("{}.md", game.code()));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let in_code: Vec<String> = game.rules().map(|id| id.to_string()).collect();
        let prefix = in_code[0].chars().next().unwrap();
        assert_eq!(ids_in_document(&text, prefix), in_code, "{game}");
    }
}

#[test]
fn the_document_reader_finds_only_numbered_items() {
    let text = "- X1. first\n- X2. second\n  - X3x. not a rule\n- note. not a rule\n- H4. another game\n";
    assert_eq!(ids_in_document(text, 'X'), ["X1", "X2"]);
}
