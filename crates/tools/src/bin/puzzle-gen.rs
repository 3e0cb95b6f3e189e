//! Makes a puzzle set from the bots' own games and writes it as JSON lines
//! (the library's `papan_tools::puzzle`); every puzzle is re-proven by
//! `papan_bots::puzzle::check` before it is written.

use papan_bots::puzzle::{check, why_en};
use papan_cli::Takes;
use papan_tools::puzzle::{backgammon, hadang, hex, junqi, summary, write_set};
use std::time::Instant;

const USAGE: &str = "usage: puzzle-gen --game hex|hadang|junqi|backgammon --count N --seed S --out FILE
       [--gnubg PATH] [--verbose]
  Plays seeded games between the bots at mixed levels and keeps the
  positions where one move wins by proof (Hex: a full virtual connection
  after it and after no other cell; HADANG: the only move that wins the
  race by force at the shallowest depth that finds one, and still two
  plies deeper; Jun Qi flip: the only capture that wins material after
  every reply, whatever the face-down pieces are) or is clearly best
  (backgammon: ahead of every other play by 0.08 at the Expert's 2-ply,
  and GNU Backgammon's best play too: --gnubg, default /usr/games/gnubg).
  Writes one JSON puzzle per line to FILE and prints the counts per theme
  and rating band and the time it took. The same seed makes the same set.";

const FLAGS: &[(&str, Takes)] = &[
    ("--game", Takes::Text),
    ("--count", Takes::Number),
    ("--seed", Takes::Number),
    ("--out", Takes::Text),
    ("--gnubg", Takes::Text),
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
    let mut note = String::new();
    let puzzles = match game.as_str() {
        "hex" => hex::generate(count, seed, progress),
        "hadang" => hadang::generate(count, seed, progress),
        "junqi" => junqi::generate(count, seed, progress),
        "backgammon" => {
            let gnubg = value("--gnubg").unwrap_or_else(|| "/usr/games/gnubg".to_string());
            match backgammon::generate(count, seed, &gnubg, progress) {
                Ok((puzzles, stats)) => {
                    note = format!(
                        "\ngnubg agreement: {} of {} candidates ({:.1}%); {} of those with gnubg's lead at least {}; {} left out for their theme's share",
                        stats.agreed,
                        stats.candidates,
                        100.0 * stats.agreed as f64 / stats.candidates.max(1) as f64,
                        stats.clear,
                        backgammon::GNUBG_MARGIN,
                        stats.over_share
                    );
                    puzzles
                }
                Err(e) => {
                    eprintln!("puzzle-gen: {e}");
                    std::process::exit(1);
                }
            }
        }
        other => refuse(&format!("unknown game {other:?} (hex, hadang, junqi or backgammon)")),
    };
    for p in &puzzles {
        let deep = match &p.body {
            papan_bots::puzzle::Body::Backgammon { .. } => papan_bots::puzzle::bg_deep_check(p),
            _ => Ok(()),
        };
        if let Err(e) = check(p).and(deep) {
            eprintln!("puzzle-gen: made a puzzle that does not check: {e}");
            std::process::exit(1);
        }
    }
    if let Err(e) = std::fs::write(&out, write_set(&puzzles)) {
        eprintln!("puzzle-gen: cannot write {out}: {e}");
        std::process::exit(1);
    }
    println!(
        "{}{note}\n{game}: generation time {:.1} s",
        summary(&puzzles),
        start.elapsed().as_secs_f64()
    );
}
