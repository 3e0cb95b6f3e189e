//! Trains the backgammon evaluator by TD(λ) self-play and writes its weights.
//!
//! ```text
//! cargo run --release -p papan-tools --bin bg-train -- --games 400000 --seed 1 \
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
//!
//! A second stage teaches a trained net its own deeper search
//! (`papan_tools::backgammon::distill`):
//! ```text
//! bg-train --from NET --distill GAMES [--depth 2] [--every 2] [--epochs 4]
//!     [--temperature 0.02] [--rate 0.01 --rate-end 0.002] [--seed 2]
//!     [--holdout 5000] [--save-samples F | --load-samples F] --out F [--ship F]
//! ```
//! `--save-samples` keeps the labelled positions (the slow part) so other
//! learning options can be tried on them with `--load-samples`.

use papan_bots::backgammon::net::Net;
use papan_tools::backgammon::distill::{self, DistillConfig};
use papan_tools::backgammon::td::{TrainConfig, Trainer};
use std::time::Instant;

const USAGE: &str = "usage: bg-train [--games N] [--seed N] [--hidden H] [--lambda L] [--rate A] \
[--rate-end B] [--report N] [--until K] [--out FILE] [--ship FILE] [--from CHECKPOINT]
       bg-train --from NET --distill GAMES [--depth 2] [--every 2] [--epochs 4] [--temperature T] \
[--holdout N] [--save-samples FILE | --load-samples FILE] --out FILE [--ship FILE]
  Trains the backgammon evaluator by TD(lambda) self-play (or distills a deeper
  search into it) and writes its weights.";

fn main() {
    papan_cli::args_or_exit("bg-train", USAGE, None);
    let mut config = TrainConfig::default();
    let mut out = String::from("crates/bots/data/backgammon.weights");
    let mut report = 10_000u64;
    let mut until = None;
    let mut ship = None;
    let mut from = None;
    let mut distill_games = None;
    let mut dc = DistillConfig::default();
    let mut rates = (None, None);
    let mut holdout = 5_000usize;
    let mut save_samples = None;
    let mut load_samples = None;
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
            "--rate" => rates.0 = Some(value.parse().unwrap_or_else(|_| bad("--rate"))),
            "--rate-end" => rates.1 = Some(value.parse().unwrap_or_else(|_| bad("--rate-end"))),
            "--distill" => distill_games = Some(value.parse().unwrap_or_else(|_| bad("--distill"))),
            "--depth" => dc.depth = value.parse().unwrap_or_else(|_| bad("--depth")),
            "--every" => dc.every = value.parse().unwrap_or_else(|_| bad("--every")),
            "--epochs" => dc.epochs = value.parse().unwrap_or_else(|_| bad("--epochs")),
            "--temperature" => dc.temperature = value.parse().unwrap_or_else(|_| bad("--temperature")),
            "--holdout" => holdout = value.parse().unwrap_or_else(|_| bad("--holdout")),
            "--save-samples" => save_samples = Some(value),
            "--load-samples" => load_samples = Some(value),
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
    let seed_given = args.iter().any(|a| a == "--seed");
    if let Some(from) = from {
        let bytes = std::fs::read(&from).unwrap_or_else(|e| {
            eprintln!("bg-train: cannot read {from}: {e}");
            std::process::exit(1)
        });
        let mut net = Net::from_bytes(&bytes).unwrap_or_else(|e| {
            eprintln!("bg-train: {from}: {e}");
            std::process::exit(1)
        });
        if let Some(games) = distill_games {
            dc.games = games;
            dc.rate_start = rates.0.unwrap_or(dc.rate_start);
            dc.rate_end = rates.1.unwrap_or(dc.rate_end);
            if seed_given {
                dc.seed = config.seed;
            }
            run_distill(&mut net, &dc, holdout, save_samples, load_samples);
            std::fs::write(&out, net.to_bytes()).expect("write the weights");
        } else if ship.is_none() {
            eprintln!("bg-train: --from needs --distill GAMES or --ship FILE");
            std::process::exit(2)
        }
        if let Some(ship) = ship {
            std::fs::write(&ship, net.to_shipped_bytes()).expect("write the shipped weights");
        }
        return;
    }
    config.rate_start = rates.0.unwrap_or(config.rate_start);
    config.rate_end = rates.1.unwrap_or(config.rate_end);
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

/// The distillation stage: label (or load) the samples, then learn them.
fn run_distill(net: &mut Net, dc: &DistillConfig, holdout: usize, save: Option<String>, load: Option<String>) {
    eprintln!("bg-train: distill {dc:?}, {} games behind the net", net.games);
    let start = Instant::now();
    let mut samples = match load {
        Some(path) => {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| {
                eprintln!("bg-train: cannot read {path}: {e}");
                std::process::exit(1)
            });
            distill::read_samples(&bytes).unwrap_or_else(|e| {
                eprintln!("bg-train: {path}: {e}");
                std::process::exit(1)
            })
        }
        None => distill::samples(net, dc, |done, all| {
            eprintln!("labelled {done}/{all} | {:.0} s", start.elapsed().as_secs_f64())
        }),
    };
    if let Some(path) = save {
        std::fs::write(&path, distill::write_samples(&samples)).expect("write the samples");
    }
    distill::distill(net, &mut samples, holdout, dc, |epoch, net, held| {
        eprintln!(
            "epoch {epoch} | held-out loss {:.5} | {:.0} s",
            distill::loss(net, held),
            start.elapsed().as_secs_f64()
        )
    });
}
