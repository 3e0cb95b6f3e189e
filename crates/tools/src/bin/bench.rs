//! Speed benchmark with a fixed amount of work (like Stockfish's `bench`):
//! playouts per second and search iterations per second on empty 9×9 and
//! 11×11 boards. The node counts are fixed so runs compare across machines.
//!
//! cargo run --release -p papan-tools --bin bench

use papan_bots::hex::search::{HexSearch, Knobs};
use papan_bots::hex::HexPolicy;
use papan_bots::mcts::{Config, Mcts};
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// CPU time of this thread in seconds where Linux tells it: on a shared
/// machine the wall clock measures the neighbours too.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

/// Rate per second of CPU time if known, else of wall time.
fn rate(work: f64, start: Instant, cpu_start: Option<f64>) -> (f64, &'static str) {
    match cpu_start.zip(cpu_seconds()) {
        Some((a, b)) if b > a => (work / (b - a), "cpu"),
        _ => (work / start.elapsed().as_secs_f64(), "wall"),
    }
}

const PLAYOUTS: u32 = 100_000;
const ITERATIONS: u64 = 50_000;
const EXPERT_ITERATIONS: u64 = 20_000;

const USAGE: &str = "usage: bench [--expert-opening]
  Fixed-work speed benchmark: playouts and search iterations per second on
  empty 9x9 and 11x11 Hex boards. --expert-opening times the Hex Expert's
  opening move instead.";

fn main() {
    papan_cli::args_or_exit("bench", USAGE, Some(&[("--expert-opening", papan_cli::Takes::Nothing)]));
    if std::env::args().any(|a| a == "--expert-opening") {
        expert_opening();
        return;
    }
    for size in [9u8, 11] {
        let position = Hex::empty(HexOptions { size, swap: false }).expect("size offered");
        let mut policy = HexPolicy::new(size as usize);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let mut red = 0u32;
        for _ in 0..PLAYOUTS {
            red += (policy.fill(&position, &mut rng) == papan_bots::hex::board::RED) as u32;
        }
        let (playout_rate, clock) = rate(PLAYOUTS as f64, start, cpu);
        // The Expert's playouts: the cells near the last stone by the
        // weights fitted for balance.
        let mut balanced = HexPolicy::new(size as usize);
        balanced.use_balanced(papan_bots::hex::local::LocalWeights::shipped());
        let (start, cpu) = (Instant::now(), cpu_seconds());
        for _ in 0..PLAYOUTS {
            red += (balanced.fill(&position, &mut rng) == papan_bots::hex::board::RED) as u32;
        }
        let (balanced_rate, _) = rate(PLAYOUTS as f64, start, cpu);

        let mut search = Mcts::new(position.clone(), HexPolicy::new(size as usize), Config::default(), 1);
        let (start, cpu) = (Instant::now(), cpu_seconds());
        search.run(ITERATIONS);
        let (iteration_rate, _) = rate(ITERATIONS as f64, start, cpu);
        println!(
            "hex {size}x{size}: {playout_rate:.0} playouts/s, {balanced_rate:.0} balanced (first player won {:.1}%), \
             {iteration_rate:.0} iterations/s ({clock} time), {} nodes after {ITERATIONS}",
            100.0 * red as f64 / (2 * PLAYOUTS) as f64,
            search.node_count()
        );
        // A middle game: a fifth of the board played by the Expert at a
        // small budget (both sides alike, so the game is still open).
        let mut middle = position.clone();
        let mut ply = 0u64;
        let budget = papan_bots::level::Budget {
            iterations: 2_000,
            temperature: 0.0,
            time_limit_ms: 1_000,
        };
        while middle.stone_count() < (size as usize * size as usize) / 5 {
            let mut thinker = papan_bots::hex::expert_with(&middle, 100 + ply, Knobs::default(), budget);
            while papan_bots::Thinker::think(&mut thinker, 256) {}
            let best = papan_bots::Thinker::decision(&thinker).best.expect("a move");
            middle.play(&best).expect("legal");
            ply += 1;
        }
        for (position, stage) in [(&position, "empty"), (&middle, "middle")] {
            for (label, knobs) in [
                ("expert search", Knobs::default()),
                (
                    "  without knowledge",
                    Knobs {
                        fill_in: false,
                        connections: false,
                        ..Knobs::default()
                    },
                ),
            ] {
                let (start, cpu) = (Instant::now(), cpu_seconds());
                let mut search = HexSearch::new(position, knobs, 1);
                search.run(EXPERT_ITERATIONS);
                let (rate, _) = rate(search.iterations() as f64, start, cpu);
                println!(
                    "hex {size}x{size} {stage} {label}: {rate:.0} iterations/s, {} nodes ({} with knowledge) after {}",
                    search.node_count(),
                    search.knowledge_nodes(),
                    search.iterations()
                );
            }
        }
    }
}

/// The Hex Expert's opening move on an empty 11×11 board as the app makes
/// it (its whole time on one core), for `cargo xtask bench-web` to print
/// beside the browser's figure for the same search: natively the Expert asks
/// the learned policy ([`papan_bots::hex::search::POLICY_BY_DEFAULT`]), in the
/// browser it does not, so both searches are timed here.
fn expert_opening() {
    use papan_bots::hex::HexTuning;
    use papan_bots::{Level, Thinker};
    let position = Hex::empty(HexOptions { size: 11, swap: true }).expect("size offered");
    let browsers = HexTuning {
        knobs: Knobs {
            policy_share: 0.0,
            ..Knobs::default()
        },
        ..HexTuning::default()
    };
    for (label, tuning) in [
        ("as the native app makes it", HexTuning::default()),
        ("as the browser makes it (no policy)", browsers),
    ] {
        let mut rates = Vec::new();
        for seed in 0..5 {
            let mut thinker = papan_bots::hex::tuned(&position, Level::Expert, seed, &tuning);
            thinker.use_full_time();
            let limit = thinker.time_limit_ms() as u128;
            let start = Instant::now();
            while thinker.think(papan_bots::SLICE) && start.elapsed().as_millis() < limit {}
            let seconds = start.elapsed().as_secs_f64();
            rates.push(thinker.decision().iterations as f64 / seconds);
        }
        rates.sort_by(f64::total_cmp);
        println!(
            "Hex Expert natively, {label}, opening move on 11x11 (5 searches): median {:.0} iterations/s",
            rates[2]
        );
    }
}
