//! `cargo xtask …`: the project's two front doors plus the web build they share.
//!
//! - `cargo xtask serve [--port 8080] [--host 127.0.0.1] [--app-only] [--dist DIR] [--db FILE]`
//!   builds the web app and serves it with the room API on the same address.
//! - `cargo xtask test` installs what the tests need and runs every check CI runs.
//! - `cargo xtask build-web [--dist DIR] [--no-opt]` builds `dist/` only.
//! - `cargo xtask bench-web [--runs N]` measures load time and per-tap work in Chromium.
//! - `cargo xtask cluster` starts NATS and three room-server nodes to try the cluster.
//! - `cargo xtask strength GAME …` plays Papan's bots against reference engines.
//! - `cargo xtask fuzz [TARGET] [--seconds N]` runs the cargo-fuzz targets in `fuzz/`.
//!
//! Its dependencies are pure Rust (two compressors, wasm-bindgen's generator, the wasm
//! splitter), so it builds on a fresh machine before anything else is installed: about
//! 50 s on two cores, the first minute of a cold CI run.

mod bench_web;
mod cluster;
mod env;
mod fuzz;
mod home_server;
mod linted;
mod offline;
mod serve;
mod split;
mod strength;
mod test_all;
mod test_lanes;
mod tools;
mod web;

#[path = "../../tests/support/static_server.rs"]
mod static_server;

use std::process::ExitCode;

const USAGE: &str = "usage:
  cargo xtask serve [--port 8080] [--host 127.0.0.1] [--app-only] [--dist DIR] [--db FILE]
                                            build the web app and serve it with the room server on
                                            the same address (--host 0.0.0.0: phones on the same
                                            Wi-Fi play online with nothing to set); --app-only: the
                                            app alone; --dist: serve that build, no build
  cargo xtask test                          install test prerequisites and run every check
  cargo xtask build-web [--dist DIR] [--no-opt]
                                            build the web app into dist/ (wasm-bindgen output + index.html)
  cargo xtask bench-web [--runs 5]          time to an interactive home on a 9 Mbit/s, 150 ms link
                                            and the app's work per tap, in headless Chromium
  cargo xtask cluster                       NATS (JetStream) and three room-server nodes on
                                            127.0.0.1:8787-8789, to try the cluster
  cargo xtask strength hex|hex-positions|hadang|backgammon ...
                                            Papan's Expert against reference engines given by
                                            path (MoHex, Titanium, gorisanson, gnubg): a table
                                            with 95% intervals and seconds per move
  cargo xtask fuzz [TARGET] [--seconds 600] run the fuzz targets (nightly + cargo-fuzz, installed
                                            when missing) and print executions and crashes";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--help` anywhere (`cargo xtask build-web --help`) answers with the usage, doing nothing.
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let result = match args.first().map(String::as_str) {
        Some("serve") => parse_serve(&args[1..]).and_then(|opts| serve::run(&opts)),
        Some("test") => expect_no_args(&args[1..]).and_then(|()| test_all::run()),
        Some("bench-web") => parse_runs(&args[1..]).and_then(bench_web::run_bench),
        Some("build-web") => parse_build_web(&args[1..]).and_then(|opts| web::build(&opts).map(|_| ())),
        Some("cluster") => expect_no_args(&args[1..]).and_then(|()| cluster::run_cluster(8787, 4222)),
        Some("fuzz") => parse_fuzz(&args[1..]).and_then(fuzz::run_fuzz),
        Some("strength") => strength::run_strength(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `--runs N` (default 5): cold loads to take the median of.
fn parse_runs(args: &[String]) -> Result<u32, String> {
    match args {
        [] => Ok(5),
        [flag, n] if flag == "--runs" => n
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("--runs needs a positive number, not {n:?}")),
        _ => Err(format!("unexpected arguments {args:?}\n{USAGE}")),
    }
}

fn expect_no_args(args: &[String]) -> Result<(), String> {
    match args.first() {
        None => Ok(()),
        Some(arg) => Err(format!("unexpected argument {arg:?}\n{USAGE}")),
    }
}

/// `--port N` (default 8080), `--host ADDR` (default 127.0.0.1; `0.0.0.0`
/// lets phones on the same network open the app), `--app-only`, `--dist DIR`
/// and `--db FILE`.
fn parse_serve(args: &[String]) -> Result<serve::ServeOptions, String> {
    let mut opts = serve::ServeOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--host" => opts.host = it.next().ok_or("--host needs an address")?.clone(),
            "--port" | "-p" => {
                let value = it.next().ok_or("--port needs a value")?;
                opts.port = value
                    .parse()
                    .map_err(|_| format!("--port: not a port number: {value:?}"))?;
            }
            "--app-only" => opts.app_only = true,
            "--dist" => opts.dist = Some(it.next().ok_or("--dist needs a directory")?.into()),
            "--db" => opts.db = Some(it.next().ok_or("--db needs a file")?.into()),
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
    }
    if opts.app_only && opts.db.is_some() {
        return Err("--db keeps rooms: it has no use with --app-only".into());
    }
    Ok(opts)
}

fn parse_build_web(args: &[String]) -> Result<web::BuildOptions, String> {
    let mut opts = web::BuildOptions::default_for_repo();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--dist" => opts.dist = it.next().ok_or("--dist needs a directory")?.into(),
            "--no-opt" => opts.wasm_opt = false,
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
    }
    Ok(opts)
}

fn parse_fuzz(args: &[String]) -> Result<fuzz::FuzzOptions, String> {
    let mut opts = fuzz::FuzzOptions {
        target: None,
        seconds: 600,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => {
                opts.seconds = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--seconds needs a positive whole number")?;
            }
            name if !name.starts_with('-') && opts.target.is_none() => opts.target = Some(name.to_string()),
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
    }
    Ok(opts)
}
