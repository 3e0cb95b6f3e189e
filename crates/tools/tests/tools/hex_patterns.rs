//! `hex-patterns selfplay` writes games that replay under the rules, ends a
//! game at `--resign` once its outcome is settled (so decided positions do
//! not train the priors), and `train` turns such games into a table the
//! bots load.

use papan_bots::hex::patterns::PatternTable;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::Game;
use std::path::Path;
use std::process::{Command, Output};

fn hex_patterns(args: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hex-patterns"))
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// Self-play on 7×7 at a small fixed budget, one thread; the games, one a line.
fn selfplay(resign: &str, out: &Path) -> Vec<String> {
    selfplay_on(resign, "1", out)
}

fn selfplay_on(resign: &str, threads: &str, out: &Path) -> Vec<String> {
    let args = [
        "selfplay",
        "--size",
        "7",
        "--games",
        "6",
        "--iterations",
        "300",
        "--threads",
        threads,
        "--seed",
        "4",
        "--resign",
        resign,
    ];
    let output = hex_patterns(&args, out);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::fs::read_to_string(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Replays a game line (size, opening count, moves); whether it is over.
/// Each move the search chose carries the root's visits, most first, with
/// the move played among the most visited.
fn replay_is_over(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(&words[..2], ["7", "2"], "{line}");
    let mut position = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
    for (ply, word) in words[2..].iter().enumerate() {
        let (word, visits) = match word.split_once(':') {
            Some((word, visits)) => (word, Some(visits)),
            None => (*word, None),
        };
        assert_eq!(visits.is_some(), ply >= 2, "{line}");
        if let Some(visits) = visits {
            let counts: Vec<(&str, u32)> = visits
                .split(',')
                .map(|v| v.split_once('=').map(|(c, n)| (c, n.parse().unwrap())).unwrap())
                .collect();
            assert!(counts.windows(2).all(|w| w[0].1 >= w[1].1), "{word}:{visits}");
            let played = counts
                .iter()
                .find(|(c, _)| *c == word)
                .unwrap_or_else(|| panic!("{visits}"));
            assert_eq!(played.1, counts[0].1, "{word}:{visits}");
        }
        let mv = position.parse_move(word).unwrap();
        position.play(&mv).unwrap();
    }
    position.is_over()
}

/// Each game's seed is its number and its line goes out in game order, so
/// the file is the same on any number of threads (and so a split of it by
/// lines, as `crates/bots/data/hex.md`'s commands make).
#[test]
fn selfplay_writes_the_same_file_on_three_threads_as_on_one() {
    let dir = tempfile::tempdir().unwrap();
    let one = selfplay_on("0.05", "1", &dir.path().join("one.txt"));
    let three = selfplay_on("0.05", "3", &dir.path().join("three.txt"));
    assert_eq!(one, three);
}

/// A file that cannot be written (a full disk) is an error named with its
/// path, not a run that reports success over an empty file.
#[cfg(target_os = "linux")]
#[test]
fn selfplay_refuses_to_end_well_when_its_games_cannot_be_written() {
    let args = [
        "selfplay",
        "--size",
        "7",
        "--games",
        "3",
        "--iterations",
        "50",
        "--seed",
        "4",
    ];
    let output = hex_patterns(&args, Path::new("/dev/full"));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/dev/full: No space left on device"), "{stderr}");
}

#[test]
fn selfplay_with_resign_stops_each_game_once_the_mover_is_lost_and_trains() {
    let dir = tempfile::tempdir().unwrap();
    let full = selfplay("0", &dir.path().join("full.txt"));
    let resigned = selfplay("0.05", &dir.path().join("resigned.txt"));
    assert_eq!(full.len(), 6);
    assert_eq!(resigned.len(), 6);
    assert!(full.iter().all(|game| replay_is_over(game)), "{full:?}");
    // The same seeds play the same moves until the loser gives up: each
    // resigned game is a strict prefix of its full game, and unfinished.
    let mut shorter = 0;
    for (full, resigned) in full.iter().zip(&resigned) {
        assert!(full.starts_with(resigned.as_str()), "{resigned} / {full}");
        if resigned.len() < full.len() {
            shorter += 1;
            assert!(!replay_is_over(resigned), "{resigned}");
        }
    }
    assert!(shorter > 0, "no game ended early: {resigned:?}");

    let table_path = dir.path().join("table.bin");
    let games = dir.path().join("resigned.txt");
    let output = hex_patterns(&["train", "--min-seen", "1", games.to_str().unwrap()], &table_path);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let table = PatternTable::from_bytes(&std::fs::read(&table_path).unwrap()).unwrap();
    assert!(!table.is_empty(), "{}", String::from_utf8_lossy(&output.stdout));
}

#[test]
fn selfplay_refuses_a_resign_threshold_or_size_it_cannot_use_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.txt");
    for (args, why) in [
        (
            ["--size", "7", "--resign", "0.7"],
            "--resign: 0.7 is not a probability below 0.5",
        ),
        (["--size", "5", "--resign", "0"], "--size: board size 5 is not offered"),
    ] {
        let output = hex_patterns(&[&["selfplay", "--games", "1"], &args[..]].concat(), &out);
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(why), "{stderr}");
        assert!(!out.exists(), "{args:?} created {}", out.display());
    }
}

/// Four hand-written 7×7 games (no opening stones), the last stone each
/// game's winner's.
fn balance_games(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("games.txt");
    let games = [
        "7 0 d4 c5 e3 b6 f2 c4 d5 e4",
        "7 0 c3 d3 c4 e4 d5 b5 e2 f3 a6",
        "7 0 a7 d4 c5 e3 d3 c6",
        "7 0 g1 d4 e5 c4 d6 e3 f2 b5 c2 a6",
    ];
    std::fs::write(&path, games.join("\n") + "\n").unwrap();
    path
}

#[test]
fn balance_fits_weights_the_playouts_read_and_reports_the_held_out_error() {
    use papan_bots::hex::local::LocalWeights;
    let dir = tempfile::tempdir().unwrap();
    let games = balance_games(dir.path());
    let out = dir.path().join("hex.local");
    let args = [
        "balance",
        games.to_str().unwrap(),
        "--epochs",
        "2",
        "--rate",
        "20",
        "--playouts",
        "8",
        "--check-playouts",
        "16",
        "--held-out",
        "1",
    ];
    let output = hex_patterns(&args, &out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // The first game of every hundred is held out: game 0 (8 positions).
    assert!(stdout.contains("25 positions to fit, 8 held out"), "{stdout}");
    assert!(stdout.contains("epoch 2: held-out error"), "{stdout}");
    let weights = LocalWeights::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    // The file written is the start or a better epoch, as reported.
    let (start, written) = (
        error_after(&stdout, "start: held-out error "),
        error_after(&stdout, "held-out error "),
    );
    assert!(written <= start, "{stdout}");
    // Going on from the weights written reads them back.
    let again = dir.path().join("again.local");
    let from = [&args[..2], &["--from", out.to_str().unwrap(), "--epochs", "0"]].concat();
    let output = hex_patterns(&from, &again);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(
        LocalWeights::from_bytes(&std::fs::read(&again).unwrap()).unwrap(),
        weights
    );
}

/// The number printed after the last `label` of `text`.
fn error_after(text: &str, label: &str) -> f64 {
    let at = text.rfind(label).unwrap() + label.len();
    text[at..].split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn balance_refuses_what_it_cannot_use_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let games = balance_games(dir.path());
    let games = games.to_str().unwrap();
    let mixed = dir.path().join("mixed.txt");
    std::fs::write(&mixed, "9 0 e5 d4 c3\n").unwrap();
    let damaged = dir.path().join("damaged.local");
    std::fs::write(&damaged, b"papan-hex-local 1\n1234").unwrap();
    let out = dir.path().join("hex.local");
    for (args, why) in [
        (vec!["balance", games, "--epoch", "2"], "unknown option --epoch"),
        (
            vec!["balance", games, mixed.to_str().unwrap()],
            "balance takes games of one size: 7×7 and 9×9",
        ),
        (
            vec!["balance", games, "--from", damaged.to_str().unwrap()],
            "bytes after the first line",
        ),
        (vec!["balance", games, "--rate", "fast"], "--rate: not a number: fast"),
        (
            vec!["balance", games, "--held-out", "0"],
            "--held-out: 0 is not a percent from 1 to 99",
        ),
    ] {
        let output = hex_patterns(&args, &out);
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(why), "{args:?}: {stderr}");
        assert!(!out.exists(), "{args:?} wrote {}", out.display());
    }
    let output = Command::new(env!("CARGO_BIN_EXE_hex-patterns"))
        .args(["balance", games])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("balance needs --out FILE"));
}
