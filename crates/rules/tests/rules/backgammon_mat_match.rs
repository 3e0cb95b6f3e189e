//! A real multi-game match file written by GNU Backgammon, with doubling-
//! cube actions (`tests/data/gnubg-match/`, made by gnubg itself; see the
//! README there): every game is offered on its own, its checker plays
//! replayed and checked, its cube actions kept as notes, and the moves
//! reach the result the file gives.

use papan_rules::backgammon::Backgammon;
use papan_rules::transcript::read_match;
use papan_rules::{Game, Transcript, TranscriptError};

fn real(name: &str) -> String {
    let path = crate::support::manifest_dir().join("tests/data/gnubg-match").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn b16_every_game_of_a_gnubg_match_reads_with_its_cube_left_aside() {
    let text = real("match15.mat");
    let games = read_match(&text).unwrap();
    assert!(games.len() >= 2, "a match of several games: {}", games.len());
    let mut cube_actions = 0;
    let mut score = [0u32; 2];
    for (k, game) in games.iter().enumerate() {
        assert_eq!(game.number as usize, k + 1);
        assert_eq!(game.names, [Some("Siti".to_string()), Some("Jose".to_string())]);
        // The score line before each game is the sum of the points before.
        assert_eq!(game.score, score, "game {}", game.number);
        let record = game
            .record
            .as_ref()
            .unwrap_or_else(|e| panic!("game {}: {e}", game.number));
        let end = record.replay().unwrap();
        let (winner, points) = game.file_points.expect("every game of a finished match has a result");
        score[winner.index()] += u32::from(points);
        cube_actions += game.cube.len();
        // The cube's value as the file turns it: doubles taken.
        let mut cube = 1u32;
        for (_, _, action) in &game.cube {
            if let Some(value) = action.split("=>").nth(1) {
                cube = value.trim().parse().unwrap();
            }
        }
        let dropped = game
            .cube
            .last()
            .is_some_and(|(_, _, a)| a.trim().eq_ignore_ascii_case("drops"));
        assert_eq!(game.dropped, dropped);
        match end.outcome() {
            // The board reached the end: the file's points are the board's
            // (1, 2 for a gammon, 3 for a backgammon) times the cube taken.
            Some(outcome) => {
                assert!(!dropped);
                assert_eq!(outcome.winner, Some(winner), "game {}", game.number);
                assert_eq!(
                    u32::from(points),
                    u32::from(outcome.points) * cube,
                    "game {}",
                    game.number
                );
            }
            // Ended by a dropped double (or a resignation): the moves kept.
            None => assert!(dropped || game.cube.is_empty() || points > 0, "game {}", game.number),
        }
    }
    assert!(cube_actions >= 2, "the match turns the cube: {cube_actions} actions");
    assert!(
        games
            .iter()
            .any(|g| g.cube.iter().any(|(_, _, a)| a.contains("Doubles"))),
        "a double in the file"
    );
    // The whole file holds several games: one game at a time.
    let whole = Backgammon::import(&text).unwrap_err();
    assert!(matches!(whole, TranscriptError::Unsupported { .. }), "{whole}");
}

#[test]
fn b6_an_illegal_play_refuses_its_game_only_with_line_and_rule() {
    let text = real("match15.mat");
    let games = read_match(&text).unwrap();
    // The second game's first play made four moves from the 24-point.
    let lines: Vec<&str> = text.lines().collect();
    let first_move = (games[1].line..lines.len())
        .find(|&i| lines[i].trim_start().starts_with("1)"))
        .unwrap();
    let line = lines[first_move];
    let colon = line.find(':').unwrap();
    let dice = &line[colon - 2..colon];
    let bad = format!("  1) {dice}: 24/23 24/23 24/23 24/23");
    let mut changed: Vec<&str> = lines.clone();
    changed[first_move] = &bad;
    let damaged = changed.join("\n") + "\n";
    let after = read_match(&damaged).unwrap();
    assert_eq!(after.len(), games.len());
    let error = after[1].record.as_ref().unwrap_err();
    assert_eq!(error.line(), Some(first_move + 1), "{error}");
    assert_eq!(error.rule().map(|r| r.to_string()).as_deref(), Some("B6"), "{error}");
    assert!(error.to_string().contains("24/23"), "{error}");
    for (k, game) in after.iter().enumerate() {
        if k != 1 {
            assert_eq!(game.record, games[k].record, "game {} unchanged", game.number);
        }
    }
}
