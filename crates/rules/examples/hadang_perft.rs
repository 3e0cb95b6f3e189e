//! HADANG move-generator speed: perft node rates and legal-wall checks per
//! second. Run with
//! `cargo run --release -p papan-rules --example hadang_perft`.
//! Figures only; nothing here is asserted (counts are checked by the tests).

fn main() {
    bench::main();
}

mod bench {
    use papan_rules::hadang::{perft, Hadang, HadangMove};
    use papan_rules::Game;
    use std::time::Instant;

    /// A mid-game position with walls on both sides and pawns face to face.
    const MIDGAME: &str = "e2 e8 e3 e7 e4 e6 e5 d6h c3v f5v e5h b7h g2h";

    fn position(moves: &str) -> Hadang {
        let mut game = Hadang::start();
        for text in moves.split_whitespace() {
            let mv: HadangMove = text.parse().expect("notation");
            game.play(&mv).expect("legal");
        }
        game
    }

    pub fn main() {
        let depth: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
        for (name, moves) in [("start", ""), ("midgame", MIDGAME)] {
            let game = position(moves);
            let t = Instant::now();
            let nodes = perft(&game, depth);
            let secs = t.elapsed().as_secs_f64();
            println!(
                "perft {name} depth {depth}: {nodes} nodes in {secs:.3} s = {:.1} M nodes/s",
                nodes as f64 / secs / 1e6
            );
        }
        // Full legal-move generation (pawn moves plus all 128 wall slots checked)
        // on the mid-game position, repeated.
        let game = position(MIDGAME);
        let rounds = 200_000;
        let t = Instant::now();
        let mut walls = 0usize;
        for _ in 0..rounds {
            walls += std::hint::black_box(&game).legal_walls().len();
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "legal walls midgame: {} per generation, {:.2} µs per generation, {:.1} M wall slots checked/s",
            walls / rounds,
            secs / rounds as f64 * 1e6,
            128.0 * rounds as f64 / secs / 1e6
        );
        // Single H13 checks (full flood fill each time, no route filter).
        let all: Vec<_> = papan_rules::hadang::Wall::all().collect();
        let t = Instant::now();
        let mut ok = 0usize;
        for _ in 0..20_000 {
            for &wall in &all {
                ok += std::hint::black_box(&game).wall_check(wall).is_ok() as usize;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "wall_check (one checked wall, full H13 flood fill): {:.1} M walls/s ({ok} ok)",
            (20_000 * all.len()) as f64 / secs / 1e6
        );
    }
}
