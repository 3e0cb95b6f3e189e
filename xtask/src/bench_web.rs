//! `cargo xtask bench-web [--runs N]`: how fast the web app feels on a phone, measured in
//! headless Chromium: time to an interactive home from a cold start on an emulated
//! 9 Mbit/s, 150 ms link, and the app's own work per tap on each board (p50/p95).
//!
//! It builds the app (size-tuned, with its precompressed copies), serves it the way
//! `cargo xtask serve` does, installs playwright-core (npm) into the tools dir and runs
//! `xtask/js/bench-web.js`, which prints the tables. Last, the native Hex Expert's
//! speed on the same opening position (`bench --expert-opening`), beside the browser's.

use crate::env::{self, output, run};
use crate::static_server;
use crate::tools;
use crate::web::{self, BuildOptions};
use std::net::TcpListener;
use std::process::Command;

/// Drives Chromium over the DevTools protocol (network emulation included).
const PLAYWRIGHT_NPM: &str = "playwright-core@1.49.1";

pub fn run_bench(runs: u32) -> Result<(), String> {
    tools::ensure_chromium()?;
    let dist = web::build(&BuildOptions::default_for_repo())?;
    let modules = ensure_playwright()?;
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| e.to_string())?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    std::thread::spawn(move || static_server::serve(listener, dist));
    let script = env::repo_root().join("xtask").join("js").join("bench-web.js");
    run(Command::new("node")
        .arg(&script)
        .arg(format!("http://127.0.0.1:{port}"))
        .arg(tools::CHROMIUM)
        .arg(runs.to_string())
        .env("NODE_PATH", &modules))?;
    run(&mut env::cargo(&[
        "run",
        "--release",
        "-p",
        "papan-tools",
        "--bin",
        "bench",
        "--",
        "--expert-opening",
    ]))
}

/// The tools dir's `node_modules` with playwright-core in it.
fn ensure_playwright() -> Result<std::path::PathBuf, String> {
    let root = env::tools_dir();
    let modules = root.join("node_modules");
    if modules.join("playwright-core").join("package.json").is_file() {
        return Ok(modules);
    }
    if output(Command::new("npm").arg("--version")).is_none() {
        return Err("bench-web needs Node.js and npm (apt-get install npm)".into());
    }
    tools::npm_install(PLAYWRIGHT_NPM)?;
    Ok(modules)
}
