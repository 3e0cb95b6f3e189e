//! HADANG engine speaking the UCI-style protocol of the open-source Quoridor
//! engines. The protocol lives in `papan_tools::hadang::uci`; this binary only
//! wires standard input and output and gives the engine a clock.

use papan_tools::hadang::uci::UciEngine;
use std::io::{BufRead, Write};
use std::time::Instant;

const USAGE: &str = "usage: hadang-uci
  A HADANG engine speaking the UCI-style protocol of the open-source Quoridor
  engines on standard input and output (uci, isready, position, go, quit).
  No options.";

fn main() {
    papan_cli::args_or_exit("hadang-uci", USAGE, Some(&[]));
    let start = Instant::now();
    let mut engine = UciEngine::new(Some(Box::new(move || start.elapsed().as_millis() as u64)));
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
