//! How many positions the Expert proves won at its root, before any
//! search (its root H-search, fill-in and templates): `cargo run --release
//! -p papan-tools --example root_proofs -- FILE [--no-templates]
//! [--no-root-cells] [--no-captured] [--fulls N] [--semis N] [--ors N]
//! [--work N] [--marks OUT] [--iterations N] [--deep T]` reads positions as `strength hex-positions`
//! does (a size, then the moves), prints how many are proved and the mean
//! time a position; the numbers set the tree's `VcLimits` (the root's are
//! derived from them); `--marks` writes a 0/1 per position, to set beside
//! another engine's. `--iterations N` runs the search that long after the
//! root's analysis and counts the roots it solved by then, with the
//! iterations a second (`--deep T`: [`Knobs::deep_knowledge_after`] at T,
//! 0 for none).

use papan_bots::hex::search::{HexSearch, Knobs};
use papan_rules::game::Game;
use papan_rules::hex::{Hex, HexMove, HexOptions};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().expect("a positions file");
    let mut knobs = Knobs::default();
    knobs.vc_limits.templates = !args.iter().any(|a| a == "--no-templates");
    knobs.root_cells = !args.iter().any(|a| a == "--no-root-cells");
    knobs.vc_limits.captured = !args.iter().any(|a| a == "--no-captured");
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .map(|i| args[i + 1].parse::<usize>().expect("a number"))
    };
    if let Some(v) = value("--fulls") {
        knobs.vc_limits.fulls = v;
    }
    if let Some(v) = value("--semis") {
        knobs.vc_limits.semis = v;
    }
    if let Some(v) = value("--ors") {
        knobs.vc_limits.ors = v;
    }
    if let Some(v) = value("--work") {
        knobs.vc_limits.work = v as u64;
    }
    if let Some(v) = value("--deep") {
        knobs.deep_knowledge_after = v as u32;
    }
    let iterations = value("--iterations").unwrap_or(0) as u64;
    let marks_to = args.iter().position(|a| a == "--marks").map(|i| args[i + 1].clone());
    let text = std::fs::read_to_string(file).expect("readable positions");
    let (mut proved, mut total, mut seconds, mut run) = (0, 0, 0.0, 0);
    let mut marks = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let size: u8 = words.next().unwrap().parse().expect("a size");
        let mut hex = Hex::empty(HexOptions { size, swap: false }).unwrap();
        for name in words {
            hex.play(&HexMove::Place(name.parse().expect("a cell")))
                .expect("a legal move");
        }
        let started = Instant::now();
        let mut search = HexSearch::new(&hex, knobs, 1);
        search.run(iterations);
        run += search.iterations();
        seconds += started.elapsed().as_secs_f64();
        let won = search.solved() && search.best().is_some_and(|(_, p)| p == 1.0);
        proved += usize::from(won);
        total += 1;
        marks.push(if won { '1' } else { '0' });
    }
    println!(
        "proved {proved} of {total}, {:.1} ms a position, {:.0} iterations a second",
        1000.0 * seconds / total.max(1) as f64,
        run as f64 / seconds
    );
    if let Some(path) = marks_to {
        std::fs::write(path, marks + "\n").expect("writable marks");
    }
}
