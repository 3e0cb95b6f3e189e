//! How long the post-game review takes on this machine: a 60-move Hex
//! 11×11 game and a whole backgammon game, analysed as the review screen
//! does (the Expert, at most `REVIEW_MS_PER_POSITION` per position).
//!
//! `cargo run --release -p papan --bin review-speed [-- --dump FILE]`
//!
//! `--dump` also writes the two games as a finished-games list (the value
//! of the `papan-finished-v1` store key), to time the same reviews in a
//! browser.

use papan::play::finished::Finished;
use papan::play::review::Analysis;
use papan::play::Player;
use papan::screens::review::screen::REVIEW_MS_PER_POSITION;
use papan_bots::{Bot, Level};
use papan_rules::backgammon::{Backgammon, BackgammonOptions};
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::{Record, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// A seeded game between two bots at `level` (`None`: uniform random
/// moves, so a Hex game surely lasts 60 moves), cut at `plies` seat moves.
fn bot_game<G: Bot>(options: G::Options, level: Option<Level>, seed: u64, plies: usize) -> Record<G> {
    let mut record = Record::<G>::new(options, seed);
    let mut game = record.start().expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    while moves < plies && !game.is_over() {
        let mv = match game.turn() {
            Turn::Chance => game.sample_chance(&mut rng).expect("dice are due"),
            Turn::Seat(seat) => {
                moves += 1;
                match level {
                    Some(level) => G::decide(&game.view(seat), level, seed ^ moves as u64)
                        .best
                        .expect("a move"),
                    None => {
                        let legal = game.legal_moves();
                        legal[rng.random_range(0..legal.len())].clone()
                    }
                }
            }
            Turn::Over => break,
        };
        record.play(&mut game, mv).expect("bots play legal moves");
    }
    record
}

fn review<G: papan::play::Playable>(name: &str, record: Record<G>) {
    let mut analysis = Analysis::new(record, Level::Expert).expect("the record replays");
    let start = Instant::now();
    analysis
        .run_to_end(REVIEW_MS_PER_POSITION)
        .expect("the review's positions search");
    let seconds = start.elapsed().as_secs_f64();
    let review = analysis.review();
    println!(
        "{name}: {} positions judged in {seconds:.1} s ({:.0} ms each)",
        review.moves.len(),
        seconds * 1000.0 / review.moves.len().max(1) as f64
    );
}

const USAGE: &str = "usage: review-speed [--dump FILE]
  Times the review of a Hex 11x11 game and a whole backgammon game; --dump
  also writes both as finished games to FILE (for the browser's import).";

fn main() {
    papan_cli::args_or_exit("review-speed", USAGE, Some(&[("--dump", papan_cli::Takes::Text)]));
    let hex = bot_game::<Hex>(HexOptions { size: 11, swap: false }, None, 3, 60);
    let bg = bot_game::<Backgammon>(BackgammonOptions::default(), Some(Level::Normal), 3, usize::MAX);
    let args: Vec<String> = std::env::args().collect();
    if let Some(path) = args.iter().position(|a| a == "--dump").and_then(|i| args.get(i + 1)) {
        let players = [Player::Human; 2];
        let list = vec![
            Finished::new("speed-hex".into(), &hex, Seat::First, players, None, "import").expect("replays"),
            Finished::new("speed-bg".into(), &bg, Seat::First, players, None, "import").expect("replays"),
        ];
        let text = serde_json::to_string(&list).expect("serializable");
        std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {path}: {e}"));
    }
    review("Hex 11×11, 60 moves", hex);
    review("backgammon, a whole Normal-vs-Normal game", bg);
}
