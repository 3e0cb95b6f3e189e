//! Where things live, and how child commands are started.
//!
//! The cargo target dir and the tools dir sit outside the clone (`~/.cache/papan/…`) so a
//! second CI run on a fresh clone reuses the first run's build; both can be overridden.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The repository root (this crate lives in `<root>/xtask`).
pub fn repo_root() -> PathBuf {
    // The manifest dir as `cargo run` sets it at run time, not as it was at
    // build time: with a build cache shared by several clones, cargo may
    // reuse an xtask binary built in another clone (the sources match and
    // are older), and its baked-in path would point at that other clone.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    Path::new(&manifest)
        .parent()
        .expect("xtask sits inside the repository")
        .to_path_buf()
}

fn cache_dir() -> PathBuf {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/root"));
    home.join(".cache").join("papan")
}

/// `CARGO_TARGET_DIR` when set, else `~/.cache/papan/target`.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => cache_dir().join("target"),
    }
}

/// The web build's own target dir (wasm only), beside [`target_dir`], so
/// `cargo xtask test` can build the web app while clippy holds the other
/// one's lock.
pub fn web_target_dir() -> PathBuf {
    target_dir().with_file_name("target-web")
}

/// Fuzz builds (nightly, instrumented) get their own target dir, so they
/// never displace the stable builds in [`target_dir`].
pub fn fuzz_target_dir() -> PathBuf {
    target_dir().with_file_name("target-fuzz")
}

/// Where wasm-bindgen-cli and wasm-opt are installed: `PAPAN_TOOLS_DIR` or `~/.cache/papan/tools`.
pub fn tools_dir() -> PathBuf {
    match std::env::var_os("PAPAN_TOOLS_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => cache_dir().join("tools"),
    }
}

/// `cargo <args>` run from the repo root with the shared target dir.
pub fn cargo(args: &[&str]) -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(args)
        .current_dir(repo_root())
        .env("CARGO_TARGET_DIR", target_dir());
    cmd
}

/// Runs `cmd` with inherited stdio; an error names the command and its exit status.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let shown = describe(cmd);
    println!("$ {shown}");
    let status = cmd.status().map_err(|e| format!("could not start `{shown}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Runs `cmd` and returns its stdout, or `None` when it cannot start or fails.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

pub fn describe(cmd: &Command) -> String {
    let mut parts = vec![cmd.get_program().to_string_lossy().into_owned()];
    parts.extend(cmd.get_args().map(|a| a.to_string_lossy().into_owned()));
    parts.join(" ")
}

/// A step label with its duration, for the summary at the end of `cargo xtask test`.
pub struct Timed {
    pub name: &'static str,
    pub seconds: f64,
    pub ok: bool,
}

pub fn timed<T>(name: &'static str, log: &mut Vec<Timed>, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    println!("\n==> {name}");
    let start = Instant::now();
    let result = f();
    let seconds = start.elapsed().as_secs_f64();
    log.push(Timed {
        name,
        seconds,
        ok: result.is_ok(),
    });
    result.map_err(|e| format!("step `{name}` failed after {seconds:.1}s: {e}"))
}
