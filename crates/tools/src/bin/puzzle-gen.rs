//! Makes a puzzle set from the bots' own games and writes it as JSON lines
//! (the library's `papan_tools::puzzle`); every puzzle is re-proven by
//! `papan_bots::puzzle::check` before it is written.

use papan_bots::puzzle::{check, why_en};
use papan_cli::Takes;
use papan_tools::puzzle::{hadang, hex, summary, write_set};
use std::time::Instant;

const USAGE: &str = "usage: puzzle-gen --game hex|hadang --count N --seed S --out FILE [--verbose]
  Plays seeded games between the bots at mixed levels and keeps the
  positions where one move wins by proof (Hex: a full virtual connection
  after it and after no other cell; HADANG: the only move that wins the
  race by force at the shallowest depth that finds one, and still two
  plies deeper). Writes one JSON puzzle per line to FILE and prints the
  counts per theme and rating band. The same seed makes the same set.";

const FLAGS: &[(&str, Takes)] = &[
    ("--game", Takes::Text),
    ("--count", Takes::Number),
    ("--seed", Takes::Number),
    ("--out", Takes::Text),
    ("--verbose", Takes::Nothing),
];

fn main() {
    let args = papan_cli::args_or_exit("puzzle-gen", USAGE, Some(FLAGS));
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let refuse = |problem: &str| -> ! {
        eprintln!("puzzle-gen: {problem}\n{USAGE}");
        std::process::exit(2)
    };
    let game = value("--game").unwrap_or_else(|| refuse("--game is required"));
    let count: usize = value("--count").and_then(|v| v.parse().ok()).unwrap_or(300);
    let seed: u64 = value("--seed").and_then(|v| v.parse().ok()).unwrap_or(1);
    let out = value("--out").unwrap_or_else(|| refuse("--out is required"));
    let verbose = args.iter().any(|a| a == "--verbose");
    let start = Instant::now();
    let progress = |p: &papan_bots::puzzle::Puzzle| {
        if verbose {
            eprintln!(
                "{:>7.1}s {} {} {} {}",
                start.elapsed().as_secs_f64(),
                p.id,
                p.theme,
                p.rating,
                why_en(p)
            );
        }
    };
    let puzzles = match game.as_str() {
        "hex" => hex::generate(count, seed, progress),
        "hadang" => hadang::generate(count, seed, progress),
        other => refuse(&format!("unknown game {other:?} (hex or hadang)")),
    };
    for p in &puzzles {
        if let Err(e) = check(p) {
            eprintln!("puzzle-gen: made a puzzle that does not check: {e}");
            std::process::exit(1);
        }
    }
    if let Err(e) = std::fs::write(&out, write_set(&puzzles)) {
        eprintln!("puzzle-gen: cannot write {out}: {e}");
        std::process::exit(1);
    }
    println!("{}\ntime {:.1} s", summary(&puzzles), start.elapsed().as_secs_f64());
}
