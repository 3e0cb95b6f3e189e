//! `hex-policy train` fits a policy to self-play games and writes a net the
//! bots load; `check` judges one; `value` fits a value on a policy's
//! layers; bad games and damaged nets are refused with their reason, and
//! nothing is written.

use papan_bots::hex::policy::PolicyNet;
use papan_bots::hex::value::ValueNet;
use std::path::Path;
use std::process::{Command, Output};

fn run(exe: &str, args: &[&str]) -> Output {
    Command::new(exe).args(args).output().unwrap()
}

fn hex_policy(args: &[&str]) -> Output {
    run(env!("CARGO_BIN_EXE_hex-policy"), args)
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A few 7×7 self-play games at a small fixed budget.
fn games(path: &Path) {
    games_of(path, "7", "6");
}

fn games_of(path: &Path, size: &str, count: &str) {
    let output = run(
        env!("CARGO_BIN_EXE_hex-patterns"),
        &[
            "selfplay",
            "--size",
            size,
            "--games",
            count,
            "--iterations",
            "300",
            "--threads",
            "1",
            "--seed",
            "9",
            "--out",
            path.to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
}

#[test]
fn train_writes_a_net_the_bots_read_and_check_judges_it() {
    let dir = tempfile::tempdir().unwrap();
    let games_path = dir.path().join("games.txt");
    games(&games_path);
    let net_path = dir.path().join("net.policy");
    let (g, n) = (games_path.to_str().unwrap(), net_path.to_str().unwrap());
    let trained = hex_policy(&[
        "train",
        g,
        "--channels",
        "8",
        "--layers",
        "2",
        "--epochs",
        "2",
        "--holdout",
        "0.34",
        "--threads",
        "2",
        "--out",
        n,
    ]);
    assert!(trained.status.success(), "{}", text(&trained));
    assert!(text(&trained).contains("epoch 2: training loss"), "{}", text(&trained));
    let net = PolicyNet::from_bytes(&std::fs::read(&net_path).unwrap()).unwrap();
    assert_eq!((net.convs.len(), net.channels()), (2, 8));

    // Training goes on from a net, its shape kept, and never writes one
    // judging the same held-out games worse than it started.
    let continued_path = dir.path().join("continued.policy");
    let c = continued_path.to_str().unwrap();
    let continued = hex_policy(&[
        "train",
        g,
        "--from",
        n,
        "--epochs",
        "1",
        "--holdout",
        "0.34",
        "--out",
        c,
    ]);
    assert!(continued.status.success(), "{}", text(&continued));
    let report = text(&continued);
    let number_after = |start: &str, label: &str| -> f64 {
        let line = report
            .lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{report}"));
        let rest = &line[line.find(label).unwrap_or_else(|| panic!("{line}")) + label.len()..];
        rest.split([',', ')']).next().unwrap().trim().parse().unwrap()
    };
    let (before, written) = (number_after(n, "held out "), number_after("wrote", "held-out loss "));
    assert!(written <= before, "{report}");
    let continued_net = PolicyNet::from_bytes(&std::fs::read(&continued_path).unwrap()).unwrap();
    assert_eq!((continued_net.convs.len(), continued_net.channels()), (2, 8));
    let reshaped = hex_policy(&["train", g, "--from", n, "--channels", "16", "--out", c]);
    assert!(!reshaped.status.success());
    assert!(
        text(&reshaped).contains("2 layers of 8 channels"),
        "{}",
        text(&reshaped)
    );

    let checked = hex_policy(&["check", n, g]);
    assert!(checked.status.success(), "{}", text(&checked));
    let report = String::from_utf8_lossy(&checked.stdout);
    assert!(
        report.contains("net log loss") && report.contains("patterns' top move"),
        "{report}"
    );
}

#[test]
fn value_fits_a_value_on_a_policys_layers_that_the_bots_read() {
    let dir = tempfile::tempdir().unwrap();
    let games_path = dir.path().join("games.txt");
    games(&games_path);
    let net_path = dir.path().join("net.policy");
    let (g, n) = (games_path.to_str().unwrap(), net_path.to_str().unwrap());
    let trained = hex_policy(&[
        "train",
        g,
        "--channels",
        "8",
        "--layers",
        "2",
        "--epochs",
        "1",
        "--out",
        n,
    ]);
    assert!(trained.status.success(), "{}", text(&trained));
    let value_path = dir.path().join("net.value");
    let v = value_path.to_str().unwrap();
    let args = [
        "value",
        g,
        "--net",
        n,
        "--layers",
        "1",
        "--hidden",
        "4",
        "--epochs",
        "2",
        "--holdout",
        "0.34",
        "--out",
        v,
    ];
    let fitted = hex_policy(&args);
    assert!(fitted.status.success(), "{}", text(&fitted));
    let report = text(&fitted);
    assert!(report.contains("epoch 2: training loss"), "{report}");
    // The value written never judges the held-out games worse than the
    // random one it started from.
    let number = |label: &str| -> f64 {
        let at = report.find(label).unwrap_or_else(|| panic!("{report}")) + label.len();
        report[at..]
            .split([',', ')', '\n'])
            .next()
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    assert!(number("held-out loss ") <= number("start: held out "), "{report}");
    let value = ValueNet::from_bytes(&std::fs::read(&value_path).unwrap()).unwrap();
    assert_eq!((value.branch.len(), value.head.inputs, value.head.hidden), (1, 16, 4));

    // value-check judges it on every game of the file, through the same
    // policy, and refuses a damaged value with the reason.
    let checked = hex_policy(&["value-check", v, g, "--net", n]);
    assert!(checked.status.success(), "{}", text(&checked));
    let lines = std::fs::read_to_string(&games_path).unwrap().lines().count();
    let report = text(&checked);
    assert!(report.starts_with(&format!("{lines} games, ")), "{report}");
    let loss: f64 = report
        .split("log loss ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(loss.is_finite() && loss > 0.0, "{report}");
    let no_policy = hex_policy(&["value-check", v, g, "--net", g]);
    assert!(!no_policy.status.success(), "{}", text(&no_policy));
    let shipped_policy = hex_policy(&["value-check", v, g]);
    assert!(
        text(&shipped_policy).contains("reads a policy of 8 channels; this policy has 32"),
        "{}",
        text(&shipped_policy)
    );
    let no_games = hex_policy(&["value-check", v, "--net", n]);
    assert!(
        text(&no_games).contains("value-check needs games"),
        "{}",
        text(&no_games)
    );
    let truncated = dir.path().join("short.value");
    std::fs::write(&truncated, &std::fs::read(&value_path).unwrap()[..40]).unwrap();
    let damaged = hex_policy(&["value-check", truncated.to_str().unwrap(), g, "--net", n]);
    assert!(
        !damaged.status.success() && text(&damaged).contains("short.value: "),
        "{}",
        text(&damaged)
    );

    // Refused with the reason, nothing written.
    std::fs::remove_file(&value_path).unwrap();
    let no_out = hex_policy(&["value", g, "--net", n]);
    assert!(!no_out.status.success() && text(&no_out).contains("--out FILE is needed"));
    let typo = hex_policy(&["value", g, "--net", n, "--layer", "1", "--out", v]);
    assert!(text(&typo).contains("unknown option --layer"), "{}", text(&typo));
    std::fs::write(&net_path, b"papan-hex-policy 1\n\x02\x00").unwrap();
    let damaged = hex_policy(&["value", g, "--net", n, "--out", v]);
    assert!(
        text(&damaged).contains("net.policy: the policy file ends early"),
        "{}",
        text(&damaged)
    );
    assert!(!value_path.exists(), "nothing written");
}

#[test]
fn value_trains_on_games_of_two_sizes_together() {
    // Each batch holds one size (the grid is per size): a batch of 7×7 and
    // 9×9 positions together once broke the trainer.
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (dir.path().join("games7.txt"), dir.path().join("games9.txt"));
    games_of(&small, "7", "4");
    games_of(&large, "9", "2");
    let value_path = dir.path().join("net.value");
    let fitted = hex_policy(&[
        "value",
        small.to_str().unwrap(),
        large.to_str().unwrap(),
        "--layers",
        "1",
        "--hidden",
        "4",
        "--epochs",
        "1",
        "--holdout",
        "0.34",
        "--out",
        value_path.to_str().unwrap(),
    ]);
    assert!(fitted.status.success(), "{}", text(&fitted));
    assert!(text(&fitted).contains("epoch 1: training loss"), "{}", text(&fitted));
    let value = ValueNet::from_bytes(&std::fs::read(&value_path).unwrap()).unwrap();
    assert_eq!((value.branch.len(), value.head.hidden), (1, 4));
}

#[test]
fn an_illegal_game_or_a_damaged_net_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let bad_games = dir.path().join("bad.txt");
    std::fs::write(&bad_games, "7 2 a1 b2\n7 2 c3 c3\n").unwrap();
    let net_path = dir.path().join("net.policy");
    let n = net_path.to_str().unwrap();
    let refused = hex_policy(&["train", bad_games.to_str().unwrap(), "--out", n]);
    assert!(!refused.status.success());
    assert!(
        text(&refused).contains("bad.txt:2"),
        "the line is named: {}",
        text(&refused)
    );
    assert!(!net_path.exists(), "nothing written");

    // Visits on a cell that is taken, or that are not a count.
    for (line, reason) in [
        ("7 2 a1 b2 c3:c3=5,a1=2", "a1 is not a move here"),
        ("7 2 a1 b2 c3:c3=many", "\"many\" is not a count"),
        ("7 2 a1 b2 c3:c3", "are not cell=count"),
    ] {
        std::fs::write(&bad_games, format!("7 2 a1 b2 c4\n{line}\n")).unwrap();
        let refused = hex_policy(&["train", bad_games.to_str().unwrap(), "--out", n]);
        assert!(!refused.status.success());
        assert!(
            text(&refused).contains("bad.txt:2") && text(&refused).contains(reason),
            "{line}: {}",
            text(&refused)
        );
        assert!(!net_path.exists(), "nothing written");
    }
    let unknown = hex_policy(&["train", bad_games.to_str().unwrap(), "--targets", "best", "--out", n]);
    assert!(
        text(&unknown).contains("--targets \"best\": visits or played"),
        "{}",
        text(&unknown)
    );

    let typo = hex_policy(&["train", bad_games.to_str().unwrap(), "--chanels", "8", "--out", n]);
    assert!(!typo.status.success());
    assert!(text(&typo).contains("unknown option --chanels"), "{}", text(&typo));

    std::fs::write(&net_path, b"papan-hex-policy 1\n\x02\x00").unwrap();
    let damaged = hex_policy(&["check", n, bad_games.to_str().unwrap()]);
    assert!(!damaged.status.success());
    assert!(
        text(&damaged).contains("net.policy: the policy file ends early"),
        "{}",
        text(&damaged)
    );
}
