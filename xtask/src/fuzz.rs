//! `cargo xtask fuzz [TARGET] [--seconds N]`: runs the cargo-fuzz targets
//! in `fuzz/` (each a property from `crates/fuzzing`) for N seconds each,
//! installing a nightly toolchain and cargo-fuzz when they are missing, and
//! prints executions and crashes per target. A crashing input is copied to
//! `fuzz/regressions/<target>/`, where the normal test suite replays it
//! until the bug is fixed. Not part of `cargo xtask test`: it is long by
//! nature and needs nightly.

use crate::env::{self, output, run};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const CARGO_FUZZ_VERSION: &str = "0.13.1";
/// Inputs up to this many bytes: the lesson files are the longest seeds.
const MAX_LEN: usize = 65_536;

pub struct FuzzOptions {
    pub target: Option<String>,
    pub seconds: u64,
}

struct Outcome {
    target: String,
    seconds: f64,
    executions: u64,
    corpus: usize,
    crash: Option<PathBuf>,
}

pub fn run_fuzz(opts: FuzzOptions) -> Result<(), String> {
    let fuzz_dir = env::repo_root().join("fuzz");
    let all = targets(&fuzz_dir)?;
    let chosen: Vec<String> = match &opts.target {
        Some(name) if all.contains(name) => vec![name.clone()],
        Some(name) => return Err(format!("no fuzz target {name:?}; the targets are {}", all.join(", "))),
        None => all,
    };
    ensure_nightly()?;
    let cargo_fuzz = ensure_cargo_fuzz()?;
    // The same dependency versions as the app: start from its lock file.
    let lock = fuzz_dir.join("Cargo.lock");
    if !lock.exists() {
        fs::copy(env::repo_root().join("Cargo.lock"), &lock).map_err(|e| format!("copying Cargo.lock: {e}"))?;
    }
    build(&cargo_fuzz, &opts.target)?;
    let mut outcomes = Vec::new();
    for target in &chosen {
        let outcome = fuzz_one(&cargo_fuzz, &fuzz_dir, target, opts.seconds)?;
        let stop = outcome.crash.is_some();
        outcomes.push(outcome);
        if stop {
            break;
        }
    }
    println!("\n{}", table(&outcomes));
    match outcomes.iter().find_map(|o| o.crash.as_ref().map(|c| (&o.target, c))) {
        Some((target, kept)) => Err(format!(
            "{target} crashed; the input is kept as {} (the normal suite now replays it: fix the bug, keep the file)",
            kept.display()
        )),
        None => Ok(()),
    }
}

/// The targets: `fuzz/fuzz_targets/*.rs`.
fn targets(fuzz_dir: &Path) -> Result<Vec<String>, String> {
    let dir = fuzz_dir.join("fuzz_targets");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .map_err(|e| format!("reading {}: {e}", dir.display()))?
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".rs").map(str::to_string))
        .collect();
    names.sort();
    Ok(names)
}

fn ensure_nightly() -> Result<(), String> {
    if output(Command::new("rustup").args(["run", "nightly", "rustc", "--version"])).is_some() {
        return Ok(());
    }
    println!("installing the nightly toolchain (cargo-fuzz needs it; once)");
    run(Command::new("rustup").args(["toolchain", "install", "nightly", "--profile", "minimal"]))
}

fn ensure_cargo_fuzz() -> Result<PathBuf, String> {
    let root = env::tools_dir();
    let bin = root.join("bin").join("cargo-fuzz");
    let version = output(Command::new(&bin).arg("--version")).unwrap_or_default();
    if version.contains(CARGO_FUZZ_VERSION) {
        return Ok(bin);
    }
    println!(
        "installing cargo-fuzz {CARGO_FUZZ_VERSION} into {} (a few minutes, once)",
        root.display()
    );
    let root_arg = root.to_string_lossy().into_owned();
    run(&mut env::cargo(&[
        "install",
        "cargo-fuzz",
        "--version",
        CARGO_FUZZ_VERSION,
        "--locked",
        "--root",
        &root_arg,
    ]))?;
    Ok(bin)
}

/// The flags of every build and run: safe Rust, so the bugs looked for are
/// panics (debug assertions on, so overflow too), which need no sanitizer;
/// without one each second runs several times more inputs.
const BUILD_FLAGS: &[&str] = &["--sanitizer", "none", "--debug-assertions"];

fn cargo_fuzz_command(cargo_fuzz: &Path, verb: &str) -> Command {
    let mut cmd = Command::new(cargo_fuzz);
    cmd.current_dir(env::repo_root())
        .env("RUSTUP_TOOLCHAIN", "nightly")
        .args(["fuzz", verb])
        .args(BUILD_FLAGS)
        .arg("--target-dir")
        .arg(env::fuzz_target_dir());
    cmd
}

/// Builds the targets first, so each run's time is fuzzing time only.
fn build(cargo_fuzz: &Path, target: &Option<String>) -> Result<(), String> {
    let mut cmd = cargo_fuzz_command(cargo_fuzz, "build");
    cmd.args(target.iter());
    run(&mut cmd)
}

fn fuzz_one(cargo_fuzz: &Path, fuzz_dir: &Path, target: &str, seconds: u64) -> Result<Outcome, String> {
    let corpus = fuzz_dir.join("corpus").join(target);
    let seeds = fuzz_dir.join("seeds").join(target);
    let artifacts = fuzz_dir.join("artifacts").join(target);
    for dir in [&corpus, &artifacts] {
        fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    let before = files(&artifacts);
    let log_path = fuzz_dir.join("artifacts").join(format!("{target}.log"));
    let log = fs::File::create(&log_path).map_err(|e| format!("creating {}: {e}", log_path.display()))?;
    let mut cmd = cargo_fuzz_command(cargo_fuzz, "run");
    cmd.arg(target)
        .arg(&corpus)
        .arg(&seeds)
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!("-max_len={MAX_LEN}"))
        .args(["-timeout=10", "-rss_limit_mb=4096", "-print_final_stats=1"])
        .stderr(log);
    println!("\n==> {target}: {seconds} s (log: {})", log_path.display());
    let start = Instant::now();
    let status = cmd.status().map_err(|e| format!("could not start cargo-fuzz: {e}"))?;
    let elapsed = start.elapsed().as_secs_f64();
    let text = fs::read_to_string(&log_path).unwrap_or_default();
    let executions = stat(&text, "stat::number_of_executed_units:").unwrap_or(0);
    let new_files: Vec<PathBuf> = files(&artifacts).into_iter().filter(|f| !before.contains(f)).collect();
    let crash = match (status.success(), new_files.first()) {
        (true, _) => None,
        (false, Some(input)) => Some(keep_regression(fuzz_dir, target, input)?),
        (false, None) => {
            let tail: Vec<&str> = text.lines().rev().take(20).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            return Err(format!(
                "cargo fuzz run {target} failed ({status}):\n{}",
                tail.join("\n")
            ));
        }
    };
    Ok(Outcome {
        target: target.to_string(),
        // The fuzzer's own time: cargo-fuzz may first rebuild the target.
        seconds: fuzzing_seconds(&text).unwrap_or(elapsed),
        executions,
        corpus: files(&corpus).len(),
        crash,
    })
}

fn files(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default()
}

/// Copies a crashing input into `fuzz/regressions/<target>/`.
fn keep_regression(fuzz_dir: &Path, target: &str, input: &Path) -> Result<PathBuf, String> {
    let dir = fuzz_dir.join("regressions").join(target);
    fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let kept = dir.join(input.file_name().unwrap_or_default());
    fs::copy(input, &kept).map_err(|e| format!("copying {}: {e}", input.display()))?;
    Ok(kept)
}

/// How long libFuzzer fuzzed: its last line is `Done N runs in S second(s)`.
fn fuzzing_seconds(log: &str) -> Option<f64> {
    log.lines().rev().find_map(|line| {
        let rest = line.strip_prefix("Done ")?;
        let (_, after) = rest.split_once(" runs in ")?;
        after.split_whitespace().next()?.parse().ok()
    })
}

/// A libFuzzer final statistic (`-print_final_stats=1`).
fn stat(log: &str, name: &str) -> Option<u64> {
    log.lines()
        .rev()
        .find_map(|line| line.strip_prefix(name))
        .and_then(|value| value.trim().parse().ok())
}

fn table(outcomes: &[Outcome]) -> String {
    let mut out = format!(
        "{:<18} {:>8} {:>12} {:>10} {:>8}  crash\n",
        "target", "seconds", "executions", "exec/s", "corpus"
    );
    for o in outcomes {
        out += &format!(
            "{:<18} {:>8.0} {:>12} {:>10.0} {:>8}  {}\n",
            o.target,
            o.seconds,
            o.executions,
            o.executions as f64 / o.seconds.max(1e-9),
            o.corpus,
            o.crash.as_ref().map_or("none".to_string(), |c| c.display().to_string())
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_libfuzzers_final_executions() {
        let log = "#1024 pulse cov: 10\nstat::number_of_executed_units: 52345\nstat::average_exec_per_sec:     872\n";
        assert_eq!(stat(log, "stat::number_of_executed_units:"), Some(52_345));
        assert_eq!(stat("no stats here", "stat::number_of_executed_units:"), None);
    }

    #[test]
    fn the_time_reported_is_the_fuzzers_not_the_rebuilds() {
        let log = "#113208830\tDONE   cov: 140\nDone 113208830 runs in 601 second(s)\nstat::peak_rss_mb: 73\n";
        assert_eq!(fuzzing_seconds(log), Some(601.0));
        assert_eq!(fuzzing_seconds("crashed before the end"), None);
    }

    #[test]
    fn every_target_has_seeds() {
        let fuzz = env::repo_root().join("fuzz");
        for target in targets(&fuzz).unwrap() {
            assert!(
                !files(&fuzz.join("seeds").join(&target)).is_empty(),
                "{target} has no seeds"
            );
        }
    }
}
