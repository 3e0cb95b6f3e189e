//! `strength hex` plays the same games whether one worker plays them all or
//! several share them (`--jobs`): each game's seeds and opening come from
//! its number, and the record lists the games in that order. An engine that
//! does not start stops the match with its name. `strength hex-positions`
//! keeps only positions its judge finds won for the mover, and each verdict
//! on a move agrees with solving the position after it here.

use papan_rules::hex::{Cell, Colour, Hex, HexMove, HexOptions};
use papan_rules::Game;
use std::process::Command;

/// Papan against Papan on 7×7 at a fixed number of iterations, so that every
/// game replays exactly; returns the table and the record.
fn strength(jobs: usize) -> (String, String) {
    let gtp = env!("CARGO_BIN_EXE_hex-gtp");
    let record = tempfile::NamedTempFile::new().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_strength"))
        .args(["hex", "--papan", gtp, "--reference-papan", gtp])
        .args(["--papan-gtp", "param_papan iterations 300"])
        .args(["--reference-gtp", "param_papan iterations 300"])
        .args(["--size", "7", "--games", "6", "--seed", "3"])
        .args(["--jobs", &jobs.to_string()])
        .arg("--record")
        .arg(record.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "strength failed: {stderr}");
    let table = String::from_utf8(output.stdout).unwrap();
    (table, std::fs::read_to_string(record.path()).unwrap())
}

#[test]
fn hex_games_shared_among_workers_are_the_games_one_worker_plays() {
    let (table, record) = strength(1);
    let (shared_table, shared_record) = strength(3);
    let lines: Vec<&str> = record.lines().collect();
    assert_eq!(lines.len(), 6, "{record}");
    for (game, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        // Colours alternate; each opening is played twice, once each way.
        let seat = if game % 2 == 0 { "papan-black" } else { "papan-white" };
        assert_eq!(words[0], seat, "game {game}: {line}");
        assert_eq!(words[2], lines[game - game % 2].split(' ').nth(2).unwrap());
    }
    assert_eq!(shared_record, record);
    let row = |t: &str| {
        t.lines()
            .last()
            .unwrap()
            .split('|')
            .take(8)
            .collect::<Vec<_>>()
            .join("|")
    };
    assert_eq!(row(&shared_table), row(&table), "{table}\n{shared_table}");
    assert!(row(&table).contains("| 6 |"), "{table}");
}

#[test]
fn a_reference_engine_that_does_not_start_stops_the_match_with_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-mohex");
    let output = Command::new(env!("CARGO_BIN_EXE_strength"))
        .args(["hex", "--papan", env!("CARGO_BIN_EXE_hex-gtp"), "--mohex"])
        .arg(&missing)
        .args(["--size", "7", "--games", "4", "--jobs", "2"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot start mohex"), "{stderr}");
    assert!(output.stdout.is_empty(), "no table for a match not played");
}

/// The positions a line of a `hex-positions` file stands for, with the
/// colour to move.
fn position_of(line: &str) -> (Hex, Colour) {
    let mut words = line.split_whitespace();
    let size: u8 = words.next().unwrap().parse().unwrap();
    let mut hex = Hex::empty(HexOptions { size, swap: false }).unwrap();
    for word in words {
        hex.play(&HexMove::Place(word.parse::<Cell>().unwrap())).unwrap();
    }
    let mover = hex.colour_to_move();
    (hex, mover)
}

fn hex_positions(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_strength"))
        .arg("hex-positions")
        .args(args)
        .output()
        .unwrap()
}

/// Positions from the 7×7 games of `strength`, judged by Papan's own
/// solver; then Papan's moves in them, judged again.
#[test]
fn hex_positions_are_won_for_the_mover_and_each_move_is_judged_by_the_solver() {
    let (_, record) = strength(1);
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.txt");
    std::fs::write(&games, format!("# a comment line\n{record}")).unwrap();
    let file = dir.path().join("positions.txt");
    let gtp = env!("CARGO_BIN_EXE_hex-gtp");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let built = hex_positions(&[
        "--positions",
        &path(&file),
        "--build",
        &path(&games),
        "--judge-papan",
        gtp,
        "--size",
        "7",
        "--count",
        "24",
        "--seed",
        "2",
        "--from-ply",
        "4",
        "--to-ply",
        "30",
        "--jobs",
        "2",
    ]);
    let said = String::from_utf8_lossy(&built.stdout);
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(!lines.is_empty(), "{said}");
    assert!(
        said.contains(&format!(
            "{} positions won for the side to move, of 24 offered",
            lines.len()
        )),
        "{said}"
    );
    // Some offered positions were lost for the mover or undecided and left out.
    assert!(lines.len() < 24, "{said}");
    for line in &lines {
        let (hex, mover) = position_of(line);
        assert!(!hex.is_over(), "{line}");
        assert_eq!(papan_bots::hex::solve(&hex, 200_000), Some(mover), "{line}");
    }

    let moves = dir.path().join("moves.txt");
    let scored = hex_positions(&[
        "--positions",
        &path(&file),
        "--papan",
        gtp,
        "--papan-gtp",
        "param_papan iterations 200",
        "--judge-papan",
        gtp,
        "--record",
        &path(&moves),
        "--jobs",
        "2",
    ]);
    assert!(scored.status.success(), "{}", String::from_utf8_lossy(&scored.stderr));
    let table = String::from_utf8(scored.stdout).unwrap();
    let verdicts = std::fs::read_to_string(&moves).unwrap();
    assert_eq!(verdicts.lines().count(), lines.len());
    let mut kept = 0;
    for (verdict_line, line) in verdicts.lines().zip(&lines) {
        // `kept d4 7 c3 …`: the verdict, Papan's move, the position.
        let (verdict, rest) = verdict_line.split_once(' ').unwrap();
        let (cell, position) = rest.split_once(' ').unwrap();
        assert_eq!(position, *line);
        let (mut hex, mover) = position_of(line);
        hex.play(&HexMove::Place(cell.parse().unwrap())).unwrap();
        let winner = papan_bots::hex::solve(&hex, 200_000);
        let expected = match winner {
            Some(w) if w == mover => "kept",
            Some(_) => "lost",
            None => "undecided",
        };
        assert_eq!(verdict, expected, "{verdict_line}");
        kept += (verdict == "kept") as usize;
    }
    let row = table.lines().last().unwrap();
    assert!(row.contains(&format!("({kept})")), "{table}");
}

#[test]
fn a_positions_file_line_that_is_not_a_game_is_refused_with_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("positions.txt");
    let gtp = env!("CARGO_BIN_EXE_hex-gtp");
    for (bad, why) in [
        ("9 e5 e5", "line 3: move 2 (e5)"),
        ("9 e5 z1", "line 3: \"z1\""),
        ("nine e5", "line 3: expected the board size"),
    ] {
        std::fs::write(&file, format!("# positions\n9 e5 d6\n{bad}\n")).unwrap();
        let output = hex_positions(&[
            "--positions",
            file.to_str().unwrap(),
            "--papan",
            gtp,
            "--judge-papan",
            gtp,
        ]);
        assert!(!output.status.success(), "{bad}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(why), "{bad}: {stderr}");
        assert!(output.stdout.is_empty(), "{bad}: no table");
    }
}
