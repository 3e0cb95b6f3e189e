//! Times the Hex policy net on empty boards of a few sizes.
use papan_bots::hex::board::{FastBoard, RED};
use papan_bots::hex::policy::{PolicyNet, Scratch};
fn main() {
    let net = PolicyNet::shipped().expect("native builds carry the net");
    let mut scratch = Scratch::default();
    for n in [9usize, 11, 13] {
        let mut board = FastBoard::empty(n);
        let cells: Vec<usize> = board.inner().collect();
        for (i, &at) in cells.iter().enumerate().step_by(3) {
            board.cells[at] = if i % 2 == 0 { RED } else { 2 };
        }
        let empty: Vec<usize> = board.inner().filter(|&at| board.cells[at] == 0).collect();
        let mut out = Vec::new();
        let t = std::time::Instant::now();
        let runs = 2000;
        for _ in 0..runs {
            net.priors(&board, RED, &empty, &mut scratch, &mut out);
        }
        println!(
            "{n}x{n}: {:.1} us a position",
            t.elapsed().as_secs_f64() * 1e6 / runs as f64
        );
    }
}
