//! `strength hex` plays the same games whether one worker plays them all or
//! several share them (`--jobs`): each game's seeds and opening come from
//! its number, and the record lists the games in that order. An engine that
//! does not start stops the match with its name.

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
