//! `cargo xtask test`: install what the tests need, then run every check in CI's order.
//!
//! Cheap checks first (fmt, clippy) so a style slip fails in seconds, with the web build the
//! browser tests drive running beside them from the start, then the whole test suite with
//! the phone build check and the web-only clippy beside the browser tests
//! ([`test_lanes`]). The first failing step stops the run; a timing summary is printed
//! either way.

use crate::env::{self, cargo, timed, Timed};
use crate::test_lanes::{self, Beside};
use crate::tools;
use crate::web::{self, BuildOptions};
use std::path::Path;
use std::time::Instant;

pub fn run() -> Result<(), String> {
    let start = Instant::now();
    let mut log = Vec::new();
    let result = steps(&mut log);
    print_summary(&log, start.elapsed().as_secs_f64(), result.is_ok());
    result
}

fn steps(log: &mut Vec<Timed>) -> Result<(), String> {
    println!("target dir: {}", env::target_dir().display());
    println!("tools dir:  {}", env::tools_dir().display());

    let (gnubg, axe, android_c, nats) = timed("install prerequisites", log, || {
        tools::ensure_fmt_and_clippy()?;
        tools::ensure_rust_target(tools::WASM_TARGET)?;
        tools::ensure_rust_target(tools::ANDROID_TARGET)?;
        tools::ensure_chromium()?;
        let gnubg = tools::ensure_gnubg()?;
        let axe = tools::ensure_axe()?;
        tools::ensure_desktop_libs()?;
        let android_c = tools::ensure_android_c()?;
        let nats = tools::ensure_nats_server()?;
        Ok((gnubg, axe, android_c, nats))
    })?;
    timed("cargo fmt --check", log, || {
        env::run(&mut cargo(&["fmt", "--all", "--check"]))
    })?;
    // The web build has a target dir of its own (`env::web_target_dir`), so
    // it runs beside clippy and the test build: each fills the others'
    // single-threaded stretches (a crate compiled as one unit, a link,
    // wasm-opt). Only the browser tests wait for it.
    let options = BuildOptions::default_for_repo();
    let dist = options.dist.clone();
    let web_build = std::thread::spawn(move || {
        let start = Instant::now();
        let built = web::build(&options);
        println!(
            "\n==> web build (beside clippy and the test build) {} in {:.1}s",
            if built.is_ok() { "done" } else { "FAILED" },
            start.elapsed().as_secs_f64()
        );
        built.map(|_| ())
    });
    // With the desktop feature: clippy is then also the desktop build's
    // check (its code and its WebKitGTK crates), which a separate `cargo
    // check` did again with the workspace's crates under other features.
    timed("cargo clippy (incl. desktop)", log, || {
        env::run(&mut cargo(&[
            "clippy",
            "--workspace",
            "--all-targets",
            "--features",
            "papan/desktop",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    // The checks that need no test run in the test step's non-browser lane,
    // after its binaries: the Android compile, and clippy on the code only
    // the web build compiles (the wasm32 half of the app and the bots'
    // worker, in one run so their shared crates are checked once).
    let mut android = cargo(&[
        "check",
        "--package",
        "papan",
        "--target",
        tools::ANDROID_TARGET,
        "--features",
        "mobile",
    ]);
    android.envs(android_c.iter().map(|(k, v)| (k, v)));
    let web_clippy = cargo(&[
        "clippy",
        "--package",
        "papan",
        "--package",
        "papan-worker",
        "--target",
        tools::WASM_TARGET,
        "--features",
        "papan/web,papan-worker/exports",
        "--",
        "-D",
        "warnings",
    ]);
    let beside = vec![
        Beside {
            name: "web-only code (clippy wasm32)",
            command: web_clippy,
        },
        Beside {
            name: "android check (mobile)",
            command: android,
        },
    ];
    timed(
        "web build + cargo test (incl. browser) + web clippy, android check",
        log,
        || {
            test_lanes::run(
                &[
                    ("PAPAN_DIST_DIR", dist.as_path()),
                    ("PAPAN_CHROMEDRIVER", Path::new(tools::CHROMEDRIVER)),
                    ("PAPAN_AXE_JS", axe.as_path()),
                    // The .mat interop test fails rather than skips without gnubg.
                    ("PAPAN_GNUBG", gnubg.as_path()),
                    ("PAPAN_REQUIRE_GNUBG", Path::new("1")),
                    // The cluster tests start it on loopback themselves.
                    ("PAPAN_NATS_SERVER", nats.as_path()),
                ],
                beside,
                || web_build.join().map_err(|_| "the web build panicked".to_string())?,
            )
        },
    )?;
    Ok(())
}

fn print_summary(log: &[Timed], total: f64, ok: bool) {
    println!("\n==> summary");
    for step in log {
        let mark = if step.ok { "ok  " } else { "FAIL" };
        println!("  {mark} {:>7.1}s  {}", step.seconds, step.name);
    }
    println!(
        "  total {total:.1}s: {}",
        if ok { "all checks passed" } else { "FAILED" }
    );
}
