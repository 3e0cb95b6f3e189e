//! Move-generation bench: runs the gnubg oracle corpus (5000 positions with
//! their rolls) N times and prints microseconds per resulting position.
//!
//! `cargo run --release -p papan-rules --example backgammon_movegen [N]`

use papan_rules::backgammon::{position_id, Board, Dice, MoveGen};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(20);
    // gnubg's legal-move corpus, kept in the repository (tests/data/gnubg/README.md).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gnubg/corpus.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let cases: Vec<(Board, Dice)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            let board = position_id::decode(v["pos"].as_str().unwrap()).expect("Position ID");
            let d = &v["dice"];
            let dice = Dice::new(d[0].as_u64().unwrap() as u8, d[1].as_u64().unwrap() as u8).expect("dice");
            (board, dice)
        })
        .collect();

    let mut gen = MoveGen::new();
    // Warm-up round, also the count of results per round.
    let per_round: usize = cases.iter().map(|(b, d)| gen.generate(b, *d).len()).sum();
    let doubles: usize = cases
        .iter()
        .filter(|(_, d)| d.is_double())
        .map(|(b, d)| gen.generate(b, *d).len())
        .sum();

    let started = Instant::now();
    let mut total = 0usize;
    for _ in 0..rounds {
        for (board, dice) in &cases {
            total += black_box(gen.generate(black_box(board), *dice)).len();
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let calls = rounds * cases.len();
    println!(
        "corpus: {} positions, {per_round} resulting positions per round ({doubles} from doubles)",
        cases.len()
    );
    println!("rounds: {rounds}, generate() calls: {calls}, resulting positions: {total}");
    println!("time: {:.3} s", elapsed);
    println!("per resulting position: {:.3} µs", elapsed * 1e6 / total as f64);
    println!("per generate() call: {:.3} µs", elapsed * 1e6 / calls as f64);
    println!("resulting positions/s: {:.0}", total as f64 / elapsed);
}
