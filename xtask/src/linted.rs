//! Builds that are clippy's check as well.
//!
//! cargo runs `clippy-driver` in rustc's place for the workspace's own crates
//! (`RUSTC_WORKSPACE_WRAPPER`, as `cargo clippy` does), and the driver compiles
//! them in full while it lints them. So the test build and the web build are
//! also CI's clippy runs: a separate `cargo clippy` checked every dependency
//! a second time, which on two cores was about a quarter of a cold CI run.
//! Dependencies are built by plain rustc with their lints capped, as under
//! `cargo clippy`, so their builds are shared with unlinted ones.
//!
//! Warnings (rustc's and clippy's) come back in cargo's JSON messages and are
//! counted; [`deny_warnings`] is CI's `-D warnings`.

use crate::env::describe;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What a linted build produced.
#[derive(Default)]
pub struct Built {
    /// cargo's `compiler-artifact` messages, in the order it sent them.
    pub artifacts: Vec<serde_json::Value>,
    /// How many warnings rustc and clippy gave for the workspace's crates.
    pub warnings: usize,
}

impl Built {
    /// Takes in one line of cargo's JSON output; returns what to print for it.
    fn read(&mut self, line: &str) -> Option<String> {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            // Not a message (a build script or the test harness printing).
            return Some(line.to_string());
        };
        match message["reason"].as_str() {
            Some("compiler-artifact") => {
                self.artifacts.push(message);
                None
            }
            Some("compiler-message") => {
                let diagnostic = &message["message"];
                if diagnostic["level"] == "warning" {
                    self.warnings += 1;
                }
                diagnostic["rendered"].as_str().map(str::to_string)
            }
            _ => None,
        }
    }
}

/// CI's `-D warnings`: an error naming `what` when it gave any warnings.
pub fn deny_warnings(what: &str, warnings: usize) -> Result<(), String> {
    match warnings {
        0 => Ok(()),
        n => Err(format!(
            "{what}: {n} warning(s) from rustc or clippy (printed above); CI denies warnings"
        )),
    }
}

/// The clippy driver of the toolchain running this build: beside cargo.
fn clippy_driver() -> PathBuf {
    let beside_cargo = std::env::var_os("CARGO")
        .map(PathBuf::from)
        .and_then(|cargo| Some(cargo.parent()?.join("clippy-driver")))
        .filter(|driver| driver.is_file());
    beside_cargo.unwrap_or_else(|| PathBuf::from("clippy-driver"))
}

/// Runs `cmd` (a cargo build command) with clippy linting the workspace's
/// crates, printing their warnings as they come.
pub fn build(cmd: &mut Command) -> Result<Built, String> {
    cmd.arg("--message-format=json")
        .env("RUSTC_WORKSPACE_WRAPPER", clippy_driver())
        .stdout(Stdio::piped());
    let shown = describe(cmd);
    println!("$ {shown} (linted by clippy)");
    let mut child = cmd.spawn().map_err(|e| format!("cannot start `{shown}`: {e}"))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let mut built = Built::default();
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!("reading cargo's messages: {e}"))?;
        if let Some(text) = built.read(&line) {
            println!("{}", text.trim_end());
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("`{shown}` failed ({status})"));
    }
    Ok(built)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_are_counted_and_shown_artifacts_kept_and_other_lines_passed_on() {
        let mut built = Built::default();
        let warning = r#"{"reason":"compiler-message","message":{"level":"warning","rendered":"warning: length comparison to zero\n"}}"#;
        let note = r#"{"reason":"compiler-message","message":{"level":"note","rendered":"note: fyi\n"}}"#;
        let artifact = r#"{"reason":"compiler-artifact","target":{"name":"papan"}}"#;
        let finished = r#"{"reason":"build-finished","success":true}"#;
        assert_eq!(
            built.read(warning).as_deref(),
            Some("warning: length comparison to zero\n")
        );
        assert_eq!(built.read(note).as_deref(), Some("note: fyi\n"));
        assert_eq!(built.read(artifact), None);
        assert_eq!(built.read(finished), None);
        assert_eq!(built.read("running 3 tests").as_deref(), Some("running 3 tests"));
        assert_eq!(built.warnings, 1);
        assert_eq!(built.artifacts.len(), 1);
        assert_eq!(built.artifacts[0]["target"]["name"], "papan");
        let refused = deny_warnings("the test build", built.warnings).unwrap_err();
        assert!(refused.contains("1 warning"), "{refused}");
        assert!(deny_warnings("the test build", 0).is_ok());
    }
}
