//! The test step of `cargo xtask test`: every test binary of the workspace,
//! built once, then run in two lanes side by side — the real-browser tests
//! one after another in one lane, everything else in the other.
//!
//! `cargo test --workspace` runs its binaries one at a time, and most of a
//! browser test's time is spent waiting on the page, so one core idled while
//! the other waited. Two lanes keep both busy without ever running two
//! browser binaries at once. The other lane ends far sooner, so the build
//! checks that need no test (the desktop and Android compiles) run there,
//! after its binaries. Each binary's output is printed whole when it ends,
//! with its time, and every binary runs even after one fails, so one run
//! shows every failure.

use crate::env::{cargo, describe, repo_root};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Instant;

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
        self.name.contains("/browser_")
    }
}

/// What one lane's binary left: its name, time and whether it passed.
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

/// Builds the workspace's tests, then runs them in two lanes with `envs`,
/// and `beside` after the non-browser lane's binaries.
pub fn run(envs: &[(&str, &Path)], beside: Vec<Beside>) -> Result<(), String> {
    let binaries = build()?;
    println!(
        "{} test binaries: {} in the browser lane, the rest beside them",
        binaries.len(),
        binaries.iter().filter(|b| b.is_browser()).count()
    );
    let (browser, other): (Vec<_>, Vec<_>) = binaries.into_iter().partition(TestBinary::is_browser);
    let printing = Arc::new(Mutex::new(()));
    let start = Instant::now();
    let lanes: Vec<Vec<Ran>> = std::thread::scope(|scope| {
        let printing_browser = Arc::clone(&printing);
        let browser = scope.spawn(move || {
            browser
                .iter()
                .map(|b| run_one(b, envs, &printing_browser))
                .collect::<Vec<_>>()
        });
        let printing_other = Arc::clone(&printing);
        let other = scope.spawn(move || {
            let mut ran: Vec<Ran> = other.iter().map(|b| run_one(b, envs, &printing_other)).collect();
            ran.extend(beside.into_iter().map(|b| run_beside(b, &printing_other)));
            ran
        });
        [browser, other]
            .into_iter()
            .map(|l| l.join().expect("a test lane panicked"))
            .collect()
    });
    // The documentation examples, once the binaries are done.
    let doc = {
        let mut cmd = cargo(&["test", "--workspace", "--doc"]);
        println!("$ {}", describe(&cmd));
        let began = Instant::now();
        let ok = cmd.status().map(|s| s.success()).unwrap_or(false);
        Ran {
            name: "doc tests".into(),
            seconds: began.elapsed().as_secs_f64(),
            ok,
        }
    };
    println!(
        "\ntest binaries by time ({:.1}s in all):",
        start.elapsed().as_secs_f64()
    );
    let mut all: Vec<&Ran> = lanes.iter().flatten().chain(std::iter::once(&doc)).collect();
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

/// `cargo test --workspace --no-run`, reading which binaries it built from
/// its JSON messages (diagnostics still print as usual).
fn build() -> Result<Vec<TestBinary>, String> {
    let mut cmd = cargo(&[
        "test",
        "--workspace",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ]);
    println!("$ {}", describe(&cmd));
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start cargo: {e}"))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let mut binaries = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!("reading cargo's messages: {e}"))?;
        if let Some(binary) = test_binary(&line) {
            binaries.push(binary);
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("building the tests failed ({status})"));
    }
    binaries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(binaries)
}

/// The test binary a cargo JSON message announces, if it announces one.
fn test_binary(line: &str) -> Option<TestBinary> {
    let message: serde_json::Value = serde_json::from_str(line).ok()?;
    if message["reason"] != "compiler-artifact" || message["profile"]["test"] != true {
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

/// Runs one binary as cargo would (from its package's folder), its output
/// kept and printed whole at the end.
fn run_one(binary: &TestBinary, envs: &[(&str, &Path)], printing: &Mutex<()>) -> Ran {
    let began = Instant::now();
    let mut cmd = Command::new(&binary.executable);
    cmd.current_dir(&binary.package_dir)
        .env("CARGO_MANIFEST_DIR", &binary.package_dir)
        .envs(envs.iter().map(|(k, v)| (*k, *v)))
        .stdin(Stdio::null());
    let (output, ok) = match output_of(&mut cmd) {
        Ok((text, ok)) => (text, ok),
        Err(e) => (format!("cannot start {}: {e}", binary.executable.display()), false),
    };
    let seconds = began.elapsed().as_secs_f64();
    let _turn = printing.lock().unwrap_or_else(|e| e.into_inner());
    println!("\n──── {} ({seconds:.1}s) ────", binary.name);
    print!("{output}");
    Ran {
        name: binary.name.clone(),
        seconds,
        ok,
    }
}

/// A build check run beside the browser tests, printed whole at its end.
fn run_beside(mut beside: Beside, printing: &Mutex<()>) -> Ran {
    let began = Instant::now();
    let shown = describe(&beside.command);
    let (output, ok) = output_of(&mut beside.command).unwrap_or_else(|e| (format!("cannot start {shown}: {e}"), false));
    let seconds = began.elapsed().as_secs_f64();
    let _turn = printing.lock().unwrap_or_else(|e| e.into_inner());
    println!("\n──── {} ({seconds:.1}s) ────\n$ {shown}", beside.name);
    print!("{output}");
    Ran {
        name: beside.name.to_string(),
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
    let mut text = String::new();
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    text.push_str(&String::from_utf8_lossy(&bytes));
    let status = child.wait()?;
    Ok((text, status.success()))
}
