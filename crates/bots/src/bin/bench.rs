//! Speed benchmark with a fixed amount of work (like Stockfish's `bench`):
//! playouts per second and search iterations per second on empty 9×9 and
//! 11×11 boards. The node counts are fixed so runs compare across machines.
//!
//! cargo run --release -p papan-bots --bin bench

use papan_bots::hex::HexPolicy;
use papan_bots::mcts::{Config, Mcts};
use papan_rules::hex::{Hex, HexOptions};
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

fn main() {
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

        let mut search = Mcts::new(position.clone(), HexPolicy::new(size as usize), Config::default(), 1);
        let (start, cpu) = (Instant::now(), cpu_seconds());
        search.run(ITERATIONS);
        let (iteration_rate, _) = rate(ITERATIONS as f64, start, cpu);
        println!(
            "hex {size}x{size}: {playout_rate:.0} playouts/s (first player won {:.1}%), {iteration_rate:.0} iterations/s \
             ({clock} time), {} nodes after {ITERATIONS}",
            100.0 * red as f64 / PLAYOUTS as f64,
            search.node_count()
        );
    }
}
