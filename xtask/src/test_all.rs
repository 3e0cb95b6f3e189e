//! `cargo xtask test`: install what the tests need, then run every check in CI's order.
//!
//! Cheap checks first (fmt, clippy) so a style slip fails in seconds, then the web build the
//! browser test drives, and the whole test suite with the desktop and phone build checks
//! beside the browser tests ([`test_lanes`]). The first
//! failing step stops the run; a timing summary is printed either way.

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
        tools::ensure_wasm_bindgen()?;
        let android_c = tools::ensure_android_c()?;
        let nats = tools::ensure_nats_server()?;
        Ok((gnubg, axe, android_c, nats))
    })?;
    timed("cargo fmt --check", log, || {
        env::run(&mut cargo(&["fmt", "--all", "--check"]))
    })?;
    // The web build has a target dir of its own (`env::web_target_dir`), so
    // it runs beside clippy: each fills the other's single-threaded stretches
    // (a crate compiled as one unit, a link, wasm-opt).
    let web_build = std::thread::spawn(|| {
        let start = Instant::now();
        let dist = web::build(&BuildOptions::default_for_repo());
        println!(
            "\n==> web build (beside clippy) done in {:.1}s",
            start.elapsed().as_secs_f64()
        );
        dist
    });
    timed("cargo clippy", log, || {
        env::run(&mut cargo(&[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    // Code that only the web build compiles: the wasm32 half of the app, the
    // bots' worker and the bots' fetched-weights mode (the worker's
    // backgammon weights).
    timed("web-only code (clippy wasm32, fetched weights)", log, || {
        env::run(&mut cargo(&[
            "clippy",
            "--package",
            "papan",
            "--target",
            tools::WASM_TARGET,
            "--features",
            "web",
            "--",
            "-D",
            "warnings",
        ]))?;
        env::run(&mut cargo(&[
            "clippy",
            "--package",
            "papan-worker",
            "--target",
            tools::WASM_TARGET,
            "--features",
            "exports",
            "--",
            "-D",
            "warnings",
        ]))?;
        env::run(&mut cargo(&[
            "test",
            "--package",
            "papan-bots",
            "--features",
            "fetched-weights",
            "--lib",
            "fetched",
        ]))
    })?;
    let dist = timed("web build (dist), finishing", log, || {
        web_build.join().map_err(|_| "the web build panicked".to_string())?
    })?;
    // The desktop and Android compile checks need no test: they run in the
    // test step's non-browser lane, beside the browser tests.
    let desktop = cargo(&["check", "--package", "papan", "--features", "desktop"]);
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
    let beside = vec![
        Beside {
            name: "desktop check",
            command: desktop,
        },
        Beside {
            name: "android check (mobile)",
            command: android,
        },
    ];
    timed("cargo test (incl. browser) + desktop and android checks", log, || {
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
        )
    })?;
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
