//! The win estimate on the empty Hex board (no swap) at every size the app
//! offers: what the person who moves first is shown (the estimator's search
//! of the empty board, calibrated), and what the person who moves second
//! is shown after each of a few first moves, over several seeds.
//!
//! ```text
//! cargo run --release -p papan-tools --example hex_estimate_empty -- [--seeds 5]
//! ```

use papan_bots::estimate::calibrated;
use papan_bots::{Bot, Level};
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions, SIZES};
use papan_rules::{Game, GameId};

fn main() {
    let mut seeds = 5u64;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--seeds" => seeds = args.next().and_then(|v| v.parse().ok()).expect("--seeds N"),
            other => panic!("unknown option {other}"),
        }
    }
    println!("size  first mover: raw -> shown (per seed)            mean | second mover after a centre/corner opening");
    for size in SIZES {
        let empty = Hex::empty(HexOptions { size, swap: false }).expect("a size the app offers");
        let mut first = Vec::new();
        for seed in 1..=seeds {
            let raw = Hex::estimate(&empty, seed).win_probability;
            first.push((raw, calibrated(GameId::Hex, Some(size), Level::Normal, raw)));
        }
        let mean_first = first.iter().map(|f| f.1).sum::<f64>() / first.len() as f64;
        let c = size / 2;
        let mut second = Vec::new();
        for (name, cell) in [("centre", Cell::new(c, c)), ("a1", Cell::new(0, 0))] {
            let mut after = empty.clone();
            after.play(&HexMove::Place(cell)).expect("an empty cell");
            let mut shown = 0.0;
            for seed in 1..=seeds {
                let raw = Hex::estimate(&after, seed).win_probability;
                shown += calibrated(GameId::Hex, Some(size), Level::Normal, raw);
            }
            second.push(format!("{name} {:.0}%", shown / seeds as f64 * 100.0));
        }
        let cells: Vec<String> = first
            .iter()
            .map(|(raw, shown)| format!("{:.2}->{:.0}%", raw, shown * 100.0))
            .collect();
        println!(
            "{size:>2}×{size:<2} {}  mean {:.0}% (second mover {:.0}%) | {}",
            cells.join(" "),
            mean_first * 100.0,
            (1.0 - mean_first) * 100.0,
            second.join(", ")
        );
    }
}
