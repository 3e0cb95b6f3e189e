//! The test step of `cargo xtask test`: every test binary of the workspace,
//! built once, then run side by side — the real-browser tests one test at a
//! time in one lane, everything else in the other.
//!
//! On two cores a cold run is bound by CPU, so nothing waits that need not:
//! the tests build while the web build (which only the browser tests need)
//! is still running, the non-browser lane starts at once, the browser lane
//! when the web build is done, and the build checks that need no test run
//! in the non-browser lane after its binaries. Browser tests are bound by
//! CPU too (the page, its wasm and the bots' worker): two at a time took as
//! long in all as one after the other, and the longest game then ran past
//! its deadline. So a second browser lane opens only when the other lane
//! has nothing left to do, and the queue starts with the longest tests, so
//! what is left for two lanes is the short ones. Each test's (or binary's)
//! output is printed whole when it ends, with its time, and everything runs
//! even after a failure, so one run shows every failure.

use crate::env::{cargo, describe, repo_root};
use crate::linted;
use std::collections::VecDeque;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Mutex;
use std::time::Instant;

/// The browser tests that took longest (a cold run on 2 cores: the two
/// layout sweeps 62 and 69 s, the backgammon game 75 s, its review 54 s),
/// run first. A name missing from here only changes the order.
const LONGEST_FIRST: [&str; 3] = ["browser_layout::", "browser_backgammon::", "browser_bg_review::"];

/// One test binary cargo built.
#[derive(Clone, Debug)]
struct TestBinary {
    /// `package/target` as printed.
    name: String,
    executable: PathBuf,
    /// The package's folder: cargo runs a test binary from there.
    package_dir: PathBuf,
}

impl TestBinary {
    fn is_browser(&self) -> bool {
        self.name
            .rsplit('/')
            .next()
            .is_some_and(|target| target.starts_with("browser"))
    }

    /// The command that runs it (or, with `test`, only that test) as cargo would.
    fn command(&self, envs: &[(&str, &Path)], test: Option<&str>) -> Command {
        let mut cmd = Command::new(&self.executable);
        if let Some(test) = test {
            cmd.args(["--exact", test]);
        }
        cmd.current_dir(&self.package_dir)
            .env("CARGO_MANIFEST_DIR", &self.package_dir)
            .envs(envs.iter().map(|(k, v)| (*k, *v)))
            .stdin(Stdio::null());
        cmd
    }

    /// Its tests' names, from the harness's `--list`.
    fn tests(&self) -> Result<Vec<String>, String> {
        let output = Command::new(&self.executable)
            .args(["--list", "--format", "terse"])
            .current_dir(&self.package_dir)
            .output()
            .map_err(|e| format!("cannot list {}: {e}", self.name))?;
        if !output.status.success() {
            return Err(format!("{} --list failed", self.name));
        }
        Ok(String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| line.strip_suffix(": test"))
            .map(str::to_string)
            .collect())
    }
}

/// What one run left: its name, time and whether it passed.
struct Ran {
    name: String,
    seconds: f64,
    ok: bool,
}

/// A command run in the non-browser lane once its binaries are done.
pub struct Beside {
    pub name: &'static str,
    pub command: Command,
}

/// Builds the workspace's tests, then runs them with `envs`: the
/// non-browser binaries and then `beside` at once, the browser tests once
/// `web_build` (the dist they drive) has finished.
pub fn run(
    envs: &[(&str, &Path)],
    beside: Vec<Beside>,
    web_build: impl FnOnce() -> Result<(), String> + Send,
) -> Result<(), String> {
    let binaries = build()?;
    let (browser, other): (Vec<_>, Vec<_>) = binaries.into_iter().partition(TestBinary::is_browser);
    println!(
        "{} test binaries: {} with browser tests (one at a time once the web build is done, \
         two once the rest is done), the rest beside them",
        browser.len() + other.len(),
        browser.len()
    );
    let printing = Mutex::new(());
    let start = Instant::now();
    // The other lane says when it is done (by dropping this, also if it panics).
    let (other_done, other_is_done) = channel::<()>();
    let mut all: Vec<Ran> = std::thread::scope(|scope| {
        let printing = &printing;
        let browsers = scope.spawn(move || run_browser_tests(&browser, envs, web_build, other_is_done, printing));
        let other = scope.spawn(move || {
            let mut ran: Vec<Ran> = other
                .iter()
                .map(|b| run_printed(&b.name, b.command(envs, None), printing))
                .collect();
            ran.extend(beside.into_iter().map(|b| run_printed(b.name, b.command, printing)));
            drop(other_done);
            ran
        });
        let mut all = browsers.join().expect("the browser lanes panicked");
        all.extend(other.join().expect("the test lane panicked"));
        all
    });
    println!("\ntests by time ({:.1}s in all):", start.elapsed().as_secs_f64());
    all.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    for ran in &all {
        println!(
            "  {} {:>7.1}s  {}",
            if ran.ok { "ok  " } else { "FAIL" },
            ran.seconds,
            ran.name
        );
    }
    let failed: Vec<&str> = all.iter().filter(|r| !r.ok).map(|r| r.name.as_str()).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("failing: {}", failed.join(", ")))
    }
}

/// Waits for the web build, then runs every browser test on its own, the
/// longest first, in one lane pulling from a queue and in a second once
/// `other_is_done` says the other lane has finished.
fn run_browser_tests(
    binaries: &[TestBinary],
    envs: &[(&str, &Path)],
    web_build: impl FnOnce() -> Result<(), String>,
    other_is_done: Receiver<()>,
    printing: &Mutex<()>,
) -> Vec<Ran> {
    let waited = Instant::now();
    let built = web_build();
    println!(
        "\n==> the browser tests start ({:.1}s waiting on the web build)",
        waited.elapsed().as_secs_f64()
    );
    let mut queue = VecDeque::new();
    let mut ran = Vec::new();
    for binary in binaries {
        match built.clone().and_then(|()| binary.tests()) {
            Ok(tests) => queue.extend(tests.into_iter().map(|test| (binary, test))),
            Err(e) => {
                println!("\n──── {} ────\n{e}", binary.name);
                ran.push(Ran {
                    name: binary.name.clone(),
                    seconds: 0.0,
                    ok: false,
                });
            }
        }
    }
    let queue = Mutex::new(longest_first(queue));
    let next = || queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
    let lane = || {
        let mut ran = Vec::new();
        while let Some((binary, test)) = next() {
            let name = format!("{} {test}", binary.name);
            ran.push(run_printed(&name, binary.command(envs, Some(&test)), printing));
        }
        ran
    };
    std::thread::scope(|scope| {
        let first = scope.spawn(lane);
        let second = scope.spawn(move || {
            // Err too: the sender is gone either way.
            let _ = other_is_done.recv();
            lane()
        });
        for lane in [first, second] {
            ran.extend(lane.join().expect("a browser lane panicked"));
        }
    });
    ran
}

/// The queue with the tests named in [`LONGEST_FIRST`] moved to its front,
/// in that order; the rest keep theirs.
fn longest_first<T>(queue: VecDeque<(T, String)>) -> VecDeque<(T, String)> {
    let rank = |test: &str| {
        LONGEST_FIRST
            .iter()
            .position(|prefix| test.starts_with(prefix))
            .unwrap_or(LONGEST_FIRST.len())
    };
    let mut ordered: Vec<_> = queue.into_iter().collect();
    // Stable: tests of one rank stay in the harness's order.
    ordered.sort_by_key(|(_, test)| rank(test));
    ordered.into()
}

/// Builds every test binary, linted by clippy (`linted`), and returns them.
///
/// Two builds: the workspace with the desktop feature (so this is also the
/// desktop app's build check, and clippy sees its code as `cargo clippy
/// --features papan/desktop` did), and xtask on its own, whose dependencies
/// then have the features of `cargo xtask`'s own build and are reused from
/// it rather than built again. Warnings fail the step once both are built.
fn build() -> Result<Vec<TestBinary>, String> {
    let workspace = cargo(&[
        "test",
        "--workspace",
        "--exclude",
        "xtask",
        "--no-run",
        "--features",
        "papan/desktop",
    ]);
    let xtask = cargo(&["test", "--package", "xtask", "--no-run"]);
    let mut binaries = Vec::new();
    let mut warnings = 0;
    for mut cmd in [xtask, workspace] {
        let built = linted::build(&mut cmd)?;
        binaries.extend(built.artifacts.iter().filter_map(test_binary));
        warnings += built.warnings;
    }
    linted::deny_warnings("the test build", warnings)?;
    binaries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(binaries)
}

/// The test binary a cargo `compiler-artifact` message announces, if it announces one.
fn test_binary(message: &serde_json::Value) -> Option<TestBinary> {
    if message["profile"]["test"] != true {
        return None;
    }
    let executable = PathBuf::from(message["executable"].as_str()?);
    let manifest = PathBuf::from(message["manifest_path"].as_str()?);
    let package_dir = manifest.parent()?.to_path_buf();
    let package = package_dir
        .strip_prefix(repo_root())
        .ok()
        .and_then(|p| p.to_str())
        .filter(|p| !p.is_empty())
        .unwrap_or("papan")
        .to_string();
    let target = message["target"]["name"].as_str()?;
    Some(TestBinary {
        name: format!("{package}/{target}"),
        executable,
        package_dir,
    })
}

/// Runs one command, its output kept and printed whole at its end.
fn run_printed(name: &str, mut cmd: Command, printing: &Mutex<()>) -> Ran {
    let began = Instant::now();
    let shown = describe(&cmd);
    let (output, ok) = output_of(&mut cmd).unwrap_or_else(|e| (format!("cannot start {shown}: {e}"), false));
    let seconds = began.elapsed().as_secs_f64();
    let _turn = printing.lock().unwrap_or_else(|e| e.into_inner());
    println!("\n──── {name} ({seconds:.1}s) ────");
    print!("{output}");
    Ran {
        name: name.to_string(),
        seconds,
        ok,
    }
}

/// stdout and stderr together, in the order written, and whether it passed.
fn output_of(cmd: &mut Command) -> std::io::Result<(String, bool)> {
    let (mut reader, writer) = std::io::pipe()?;
    cmd.stdout(writer.try_clone()?).stderr(writer);
    let mut child = cmd.spawn()?;
    // The child holds the pipe's writers now; the command's copies must go,
    // or the read below never ends.
    cmd.stdout(Stdio::null()).stderr(Stdio::null());
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    let status = child.wait()?;
    Ok((String::from_utf8_lossy(&bytes).into_owned(), status.success()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binary(name: &str) -> TestBinary {
        TestBinary {
            name: name.into(),
            executable: PathBuf::from("/nonexistent"),
            package_dir: PathBuf::from("."),
        }
    }

    #[test]
    fn browser_binaries_are_told_by_their_target_name() {
        assert!(binary("papan/browser_layout").is_browser());
        assert!(binary("papan/browser").is_browser());
        assert!(!binary("crates/server/papan_server").is_browser());
        assert!(!binary("papan/tests_browserless").is_browser());
    }

    #[test]
    fn the_longest_browser_tests_go_first_and_the_rest_keep_their_order() {
        let names = [
            "browser_app::a",
            "browser_bg_review::c",
            "browser_hex::b",
            "browser_layout::at_390",
            "browser_layout::at_320",
            "browser_zz::d",
        ];
        let queue: VecDeque<((), String)> = names.iter().map(|n| ((), n.to_string())).collect();
        let order: Vec<String> = longest_first(queue).into_iter().map(|(_, t)| t).collect();
        assert_eq!(
            order,
            [
                "browser_layout::at_390",
                "browser_layout::at_320",
                "browser_bg_review::c",
                "browser_app::a",
                "browser_hex::b",
                "browser_zz::d"
            ]
        );
    }
}
