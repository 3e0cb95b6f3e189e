//! What every binary of the workspace owes `--help`: its usage and nothing
//! else. Included with `#[path]` by the `--help` tests of each package that
//! has binaries (`tests/app/cli_help.rs`, `crates/tools/tests/tools/help.rs`,
//! `crates/server/tests/server/help.rs`), which name their binaries.
#![allow(dead_code)]

/// Runs `exe` with `args`, standard input closed.
pub fn run(exe: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new(exe)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{exe}: {e}"))
}

/// `--help` and `-h` print the usage (first line `usage: NAME`) on standard
/// output and exit 0 having done nothing else (no other output); an unknown
/// flag is refused on standard error, naming it, with a non-zero status.
pub fn answers_help(exe: &str, name: &str) {
    for flag in ["--help", "-h"] {
        let out = run(exe, &[flag]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{name} {flag}: {:?}\n{stdout}\n{stderr}",
            out.status
        );
        assert!(
            stdout
                .lines()
                .next()
                .is_some_and(|l| l.starts_with(&format!("usage: {name}"))),
            "{name} {flag} printed {stdout:?}"
        );
        assert!(stderr.is_empty(), "{name} {flag} also wrote {stderr:?}");
    }
    let out = run(exe, &["--no-such-flag"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{name} took --no-such-flag");
    assert!(stderr.contains("--no-such-flag"), "{name}: {stderr:?}");
    assert!(
        out.stdout.is_empty(),
        "{name} did work: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
}
