//! Trains the backgammon evaluator by TD(λ) self-play and writes its weights.
//!
//! ```text
//! cargo run --release -p papan-bots --bin bg-train -- --games 400000 --seed 1 \
//!     --out target/backgammon.f32 --ship crates/bots/data/backgammon.weights
//! ```
//! `--out` is the exact `f32` checkpoint; `--ship FILE` also writes the
//! app's 16-bit form there at the end; `--from CHECKPOINT --ship FILE` only
//! converts a checkpoint, with no training.
//! Options: `--hidden H`, `--lambda L`, `--rate A` / `--rate-end B`,
//! `--report N` (progress every N games, also saving a checkpoint),
//! `--until K` (stop after K games of the N-game schedule: the same
//! weights as that run's checkpoint at K).
//! The run is deterministic from its options.

use papan_bots::backgammon::net::Net;
use papan_bots::backgammon::td::{TrainConfig, Trainer};
use std::time::Instant;

fn main() {
    let mut config = TrainConfig::default();
    let mut out = String::from("crates/bots/data/backgammon.weights");
    let mut report = 10_000u64;
    let mut until = None;
    let mut ship = None;
    let mut from = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let bad = |what: &str| -> ! {
            eprintln!("bg-train: {what} needs a value, got {value:?}");
            std::process::exit(2)
        };
        match args[i].as_str() {
            "--games" => config.games = value.parse().unwrap_or_else(|_| bad("--games")),
            "--seed" => config.seed = value.parse().unwrap_or_else(|_| bad("--seed")),
            "--hidden" => config.hidden = value.parse().unwrap_or_else(|_| bad("--hidden")),
            "--lambda" => config.lambda = value.parse().unwrap_or_else(|_| bad("--lambda")),
            "--rate" => config.rate_start = value.parse().unwrap_or_else(|_| bad("--rate")),
            "--rate-end" => config.rate_end = value.parse().unwrap_or_else(|_| bad("--rate-end")),
            "--until" => until = Some(value.parse().unwrap_or_else(|_| bad("--until"))),
            "--report" => report = value.parse().unwrap_or_else(|_| bad("--report")),
            "--out" => out = value,
            "--ship" => ship = Some(value),
            "--from" => from = Some(value),
            other => {
                eprintln!("bg-train: unknown option {other}");
                std::process::exit(2)
            }
        }
        i += 2;
    }
    if let Some(from) = from {
        let Some(ship) = ship else {
            eprintln!("bg-train: --from needs --ship FILE");
            std::process::exit(2)
        };
        let bytes = std::fs::read(&from).unwrap_or_else(|e| {
            eprintln!("bg-train: cannot read {from}: {e}");
            std::process::exit(1)
        });
        let net = Net::from_bytes(&bytes).unwrap_or_else(|e| {
            eprintln!("bg-train: {from}: {e}");
            std::process::exit(1)
        });
        std::fs::write(&ship, net.to_shipped_bytes()).expect("write the shipped weights");
        return;
    }
    eprintln!("bg-train: {config:?} -> {out}");
    let start = Instant::now();
    let mut trainer = Trainer::new(config);
    let mut last = trainer.stats;
    let stop = until.unwrap_or(config.games).min(config.games);
    for game in 1..=stop {
        trainer.play_game();
        if game % report.max(1) == 0 || game == stop {
            let s = trainer.stats;
            let games = (s.games - last.games).max(1);
            eprintln!(
                "games {game} | {:.1} plies/game, {:.1}% gammons | {:.0} s",
                (s.plies - last.plies) as f64 / games as f64,
                100.0 * (s.gammons - last.gammons) as f64 / games as f64,
                start.elapsed().as_secs_f64()
            );
            last = s;
            std::fs::write(&out, trainer.net.to_bytes()).expect("write the weights");
        }
    }
    if let Some(ship) = ship {
        std::fs::write(&ship, trainer.net.to_shipped_bytes()).expect("write the shipped weights");
    }
}
