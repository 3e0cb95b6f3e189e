//! Hex GTP engine for HexGui and other controllers (Benzene dialect).
//! The protocol lives in `papan_bots::hex::gtp`; this binary only wires
//! standard input and output and gives the engine a clock.

use papan_bots::hex::gtp::GtpEngine;
use std::io::{BufRead, Write};
use std::time::Instant;

fn main() {
    let start = Instant::now();
    let mut engine = GtpEngine::new(Some(Box::new(move || start.elapsed().as_millis() as u64)));
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
