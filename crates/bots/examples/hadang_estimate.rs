//! Fits HADANG's win estimate ([`papan_bots::hadang::eval::ESTIMATE`]).
//!
//! Plays Expert against Normal from seeded short random openings (seats
//! alternating), has the Normal search (the app's estimator) score every
//! unforced position, and fits `σ(w·[s, s·w_stock, 1])` to who went on to win.
//! Prints the weights and, per 10-point bucket, the fitted and the shipped
//! estimate against the share of positions won.
//!
//! `cargo run --release -p papan-bots --example hadang_estimate -- --seed 13 --games 80`

use papan_bots::estimate::{bucket_table, fit_logistic};
use papan_bots::hadang::eval::{chance, estimate_features, walls_in_stock, win_probability, RACE_WON};
use papan_bots::hadang::random_opening;
use papan_bots::{Bot, Level};
use papan_rules::hadang::Hadang;
use papan_rules::{Game, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One scored position: the Normal search's score, both stocks, the mover's result.
struct Sample {
    score: i32,
    walls_in_stock: u32,
    result: f64,
}

fn main() {
    let (seed, games) = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("hadang_estimate: {e}\nusage: hadang_estimate --seed S --games N");
            std::process::exit(2);
        }
    };
    let next = AtomicUsize::new(0);
    let samples = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= games {
                    break;
                }
                let played = play(seed, game);
                samples.lock().expect("no poisoned lock").extend(played);
            });
        }
    });
    let samples = samples.into_inner().expect("no poisoned lock");
    // Decided races are certain either way; the fit is for the rest.
    let open: Vec<([f64; 3], f64)> = samples
        .iter()
        .filter(|s| s.score.abs() < RACE_WON)
        .map(|s| (estimate_features(s.score, s.walls_in_stock), s.result))
        .collect();
    let weights = fit_logistic(&open);
    println!(
        "{games} games, seed {seed}: {} positions ({} undecided)",
        samples.len(),
        open.len()
    );
    println!(
        "fit: ESTIMATE = [{:.3}, {:.3}, {:.3}]",
        weights[0], weights[1], weights[2]
    );
    let fitted: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (chance(&weights, s.score, s.walls_in_stock), s.result))
        .collect();
    print!("{}", bucket_table("fitted on these games", &fitted));
    let shipped: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (win_probability(s.score, s.walls_in_stock), s.result))
        .collect();
    print!("{}", bucket_table("shipped (hadang::eval::ESTIMATE)", &shipped));
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<(u64, usize), String> {
    let (mut seed, mut games) = (13, 80);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--seed" => seed = value.parse().map_err(|e| format!("--seed: {e}"))?,
            "--games" => games = value.parse().map_err(|e| format!("--games: {e}"))?,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok((seed, games))
}

/// One game: Expert has the first seat in even games.
fn play(seed: u64, game: usize) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + game as u64);
    let mut position = Hadang::start();
    random_opening(&mut position, &mut rng, 4);
    let expert = if game.is_multiple_of(2) {
        Seat::First
    } else {
        Seat::Second
    };
    let mut scored = Vec::new();
    for _ in 0..400 {
        let Turn::Seat(seat) = position.turn() else {
            break;
        };
        let seed = rng.random::<u64>();
        if position.legal_moves().len() > 1 {
            let mut estimator = papan_bots::hadang::thinker(&position, Level::Normal, seed ^ 0xE57);
            while papan_bots::Thinker::think(&mut estimator, 4096) {}
            let score = estimator.search().best().map_or(0, |(_, s)| s);
            scored.push((seat, score, walls_in_stock(&position)));
        }
        let level = if seat == expert { Level::Expert } else { Level::Normal };
        let mv = Hadang::decide(&position, level, seed)
            .best
            .expect("a move while the game is on");
        position.play(&mv).expect("bots play legal moves");
    }
    let outcome = position.outcome();
    scored
        .into_iter()
        .map(|(seat, score, walls_in_stock)| Sample {
            score,
            walls_in_stock,
            result: outcome.map_or(0.5, |o| o.score_for(seat)),
        })
        .collect()
}
