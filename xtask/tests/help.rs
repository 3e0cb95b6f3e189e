//! `cargo xtask --help` (and `--help` after a command) prints the usage and
//! does nothing else: no build, no install, no server; an unknown command
//! is refused.

use std::process::{Command, Stdio};

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run xtask")
}

#[test]
fn xtask_answers_help_without_working() {
    for args in [&["--help"][..], &["-h"], &["build-web", "--help"], &["test", "-h"]] {
        let out = run(args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
        assert!(stdout.starts_with("usage:"), "{args:?}: {stdout:?}");
        assert!(stdout.contains("cargo xtask build-web"), "{stdout}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {:?}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = run(&["--no-such-flag"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--no-such-flag"));
}
