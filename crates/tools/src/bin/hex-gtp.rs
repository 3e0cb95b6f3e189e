//! Hex GTP engine for HexGui and other controllers (Benzene dialect).
//! The protocol lives in `papan_tools::hex::gtp`; this binary only wires
//! standard input and output, gives the engine a clock, and runs the
//! Expert's root-parallel searches (`param_papan threads N`) on threads.

use papan_bots::ends_by;
use papan_bots::hex::ExpertThinker;
use papan_tools::hex::gtp::GtpEngine;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Each search on its own thread until `limit_ms` has passed or one of
/// them solves the root; each thread keeps the deadline by `ends_by` (in
/// microseconds: a slice takes about one), stopping before a slice that
/// would end past it if it took as long as its longest one so far.
fn run_on_threads(thinker: &mut ExpertThinker, limit_ms: u64) {
    let started = Instant::now();
    let solved = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for search in thinker.searches_mut() {
            let solved = &solved;
            scope.spawn(move || {
                let mut past = ends_by(|| started.elapsed().as_micros() as u64, limit_ms * 1000);
                while !past() && !solved.load(Ordering::Relaxed) {
                    search.run(u64::from(papan_bots::SLICE));
                    if search.solved() {
                        solved.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
}

const USAGE: &str = "usage: hex-gtp
  A Hex engine speaking GTP (Benzene dialect, for HexGui and other controllers)
  on standard input and output; `param_papan threads N` runs the Expert's
  searches on N threads. No options.";

fn main() {
    papan_cli::args_or_exit("hex-gtp", USAGE, Some(&[]));
    let start = Instant::now();
    let mut engine = GtpEngine::new(Some(Box::new(move || start.elapsed().as_millis() as u64)))
        .with_runner(Box::new(run_on_threads));
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(reply) = engine.handle(&line) {
            if stdout.write_all(reply.as_bytes()).and_then(|_| stdout.flush()).is_err() {
                break;
            }
        }
        if engine.quit() {
            break;
        }
    }
}
