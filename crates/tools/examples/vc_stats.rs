//! How long one H-search ([`papan_bots::hex::vc::VcBuilder`]) takes on
//! random positions: `cargo run --release -p papan-tools --example vc_stats
//! -- SIZE STONES` (defaults 9 and 20) prints the mean over 100 builds.

use papan_bots::hex::board::{BLUE, EMPTY, RED};
use papan_bots::hex::geometry::Geometry;
use papan_bots::hex::vc::VcBuilder;
use rand::{RngCore, SeedableRng};
use std::time::Instant;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let stones: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let g = Geometry::new(n);
    let mut b = VcBuilder::new(n);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut total = 0.0;
    let mut count = 0;
    for _ in 0..50 {
        let mut cells = vec![EMPTY; n * n];
        let mut colour = RED;
        let mut placed = 0;
        while placed < stones {
            let c = rng.next_u32() as usize % (n * n);
            if cells[c] == EMPTY {
                cells[c] = colour;
                colour = if colour == RED { BLUE } else { RED };
                placed += 1;
            }
        }
        for colour in [RED, BLUE] {
            let t = Instant::now();
            let e = b.build(&g, &cells, colour);
            total += t.elapsed().as_secs_f64();
            count += 1;
            if count <= 4 {
                eprintln!("{:?} full {} semi {} {}", colour, e.full.len(), e.semi.len(), b.stats());
            }
        }
    }
    println!(
        "{n}x{n} with {stones} stones: {:.2} ms per build",
        total / count as f64 * 1000.0
    );
}
