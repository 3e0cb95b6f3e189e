//! `cargo xtask test`: install what the tests need, then run every check in CI's order.
//!
//! fmt first, so a style slip fails in seconds; then the web build the browser tests drive
//! beside the test build, both of them clippy's check as well ([`crate::linted`]), and the
//! whole test suite with the phone build check beside the browser tests ([`test_lanes`]).
//! The first failing step stops the run; a timing summary is printed either way.

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

    let (gnubg, axe, android_c, nats, arm) = timed("install prerequisites", log, || {
        tools::ensure_fmt_and_clippy()?;
        tools::ensure_rust_target(tools::WASM_TARGET)?;
        tools::ensure_rust_target(tools::ANDROID_TARGET)?;
        tools::ensure_chromium()?;
        let gnubg = tools::ensure_gnubg()?;
        let axe = tools::ensure_axe()?;
        tools::ensure_desktop_libs()?;
        let android_c = tools::ensure_android_c()?;
        let nats = tools::ensure_nats_server()?;
        let arm = tools::ensure_arm_runner()?;
        Ok((gnubg, axe, android_c, nats, arm))
    })?;
    timed("cargo fmt --check", log, || {
        env::run(&mut cargo(&["fmt", "--all", "--check"]))
    })?;
    // The web build has a target dir of its own (`env::web_target_dir`), so
    // it runs beside the test build: each fills the other's single-threaded
    // stretches (a crate compiled as one unit, a link, wasm-opt). Only the
    // browser tests wait for it. Both builds are clippy's check too
    // (`linted`): the web build of the wasm32-only code, the test build of
    // everything else with the desktop feature.
    let mut options = BuildOptions::default_for_repo();
    options.deny_warnings = true;
    let dist = options.dist.clone();
    let web_build = std::thread::spawn(move || {
        let start = Instant::now();
        let built = web::build(&options);
        println!(
            "\n==> web build (beside the test build) {} in {:.1}s",
            if built.is_ok() { "done" } else { "FAILED" },
            start.elapsed().as_secs_f64()
        );
        built.map(|_| ())
    });
    // The Android compile needs no test run: it goes in the test step's
    // non-browser lane, after its binaries.
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
    // The bots' ARM vector code, run under QEMU: only the tests that reach it.
    let mut arm_kernels = cargo(&[
        "test",
        "--package",
        "papan-bots",
        "--lib",
        "--target",
        tools::ARM_TARGET,
        "--",
        "hex::policy",
    ]);
    arm_kernels.envs(arm.iter().map(|(k, v)| (k, v)));
    let beside = vec![
        Beside {
            name: "android check (mobile)",
            command: android,
        },
        Beside {
            name: "ARM kernels (QEMU)",
            command: arm_kernels,
        },
    ];
    timed(
        "web build + test build (both linted by clippy) + every test, android check, ARM kernels",
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
