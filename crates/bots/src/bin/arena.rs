//! Tournaments between bot levels (and a random player), to measure strength.
//!
//! cargo run --release -p papan-bots --bin arena -- --game hex --size 9 \
//!     --a expert --b normal --games 100 [--seed N] [--threads 2] [--swap]
//!
//! Colours alternate every game (a moves first in even games). Each move is
//! searched to its level's iteration budget, capped by the level's time limit
//! measured here with a real clock.

use papan_bots::mcts::Config;
use papan_bots::{hex, Level, Thinker, SLICE};
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::{Game, Seat};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

#[derive(Copy, Clone, Debug, PartialEq)]
enum Player {
    Random,
    Bot(Level),
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(text: &str) -> Result<Player, String> {
        if text.eq_ignore_ascii_case("random") {
            Ok(Player::Random)
        } else {
            text.parse().map(Player::Bot)
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Bot(level) => level.fmt(f),
        }
    }
}

struct Args {
    size: u8,
    a: Player,
    b: Player,
    games: usize,
    seed: u64,
    threads: usize,
    swap: bool,
    verbose: bool,
    /// Search parameters per side (a, b), for tuning.
    configs: [Option<Config>; 2],
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        size: 9,
        a: Player::Bot(Level::Expert),
        b: Player::Bot(Level::Normal),
        games: 100,
        seed: 1,
        threads: 1,
        swap: false,
        verbose: false,
        configs: [None, None],
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--game" => {
                let game = value()?;
                if game != "hex" {
                    return Err(format!("only --game hex is available, not {game:?}"));
                }
            }
            "--size" => args.size = value()?.parse().map_err(|e| format!("--size: {e}"))?,
            "--a" => args.a = value()?.parse()?,
            "--b" => args.b = value()?.parse()?,
            "--games" => args.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--threads" => args.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--swap" => args.swap = true,
            // --a-exploration 0.1, --b-rave 500, --a-expand 4 ...
            tuning if tuning.starts_with("--a-") || tuning.starts_with("--b-") => {
                let side = usize::from(tuning.starts_with("--b-"));
                let number: f64 = value()?.parse().map_err(|e| format!("{tuning}: {e}"))?;
                let config = args.configs[side].get_or_insert_with(Config::default);
                match &tuning[4..] {
                    "exploration" => config.exploration = number,
                    "rave" => config.rave_equivalence = number,
                    "expand" => config.expand_after = number as u32,
                    "fpu" => config.first_play_urgency = number,
                    other => return Err(format!("unknown search parameter {other}")),
                }
            }
            "--verbose" => args.verbose = true,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(args)
}

/// CPU time this thread has run, in ms, where Linux tells it
/// (`/proc/thread-self/schedstat`): on a shared machine wall-clock think times
/// measure the neighbours as much as the bot, CPU time measures the bot.
fn thread_cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

/// One game's result and each side's think times.
struct GameResult {
    a_seat: Seat,
    winner: Seat,
    a_ms: Vec<f64>,
    b_ms: Vec<f64>,
    a_cpu_ms: Vec<f64>,
    b_cpu_ms: Vec<f64>,
    a_iterations: Vec<u64>,
    b_iterations: Vec<u64>,
    plies: usize,
}

fn play_game(args: &Args, index: usize) -> GameResult {
    let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
    let a_seat = if index & 1 == 0 { Seat::First } else { Seat::Second };
    let mut position = Hex::empty(HexOptions {
        size: args.size,
        swap: args.swap,
    })
    .expect("size offered");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut result = GameResult {
        a_seat,
        winner: Seat::First,
        a_ms: Vec::new(),
        b_ms: Vec::new(),
        a_cpu_ms: Vec::new(),
        b_cpu_ms: Vec::new(),
        a_iterations: Vec::new(),
        b_iterations: Vec::new(),
        plies: 0,
    };
    while let Some(seat) = position.seat_to_move() {
        let player = if seat == a_seat { args.a } else { args.b };
        let start = Instant::now();
        let cpu_start = thread_cpu_ms();
        let (mv, iterations) = match player {
            Player::Random => {
                let moves = position.legal_moves();
                (moves[(rng.next_u32() as usize) % moves.len()], 0)
            }
            Player::Bot(level) => {
                let mut t = hex::thinker(
                    &position,
                    level,
                    seed.wrapping_mul(1009).wrapping_add(result.plies as u64),
                );
                let limit = t.time_limit_ms() as u128;
                while t.think(SLICE) && start.elapsed().as_millis() < limit {}
                let d = t.decision();
                (d.best.expect("a move while the game goes on"), d.iterations)
            }
        };
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let cpu = cpu_start.zip(thread_cpu_ms()).map(|(a, b)| b - a);
        if seat == a_seat {
            result.a_cpu_ms.extend(cpu);
            result.a_ms.push(ms);
            result.a_iterations.push(iterations);
        } else {
            result.b_cpu_ms.extend(cpu);
            result.b_ms.push(ms);
            result.b_iterations.push(iterations);
        }
        position.play(&mv).expect("bots play legal moves");
        result.plies += 1;
    }
    result.winner = position.outcome().and_then(|o| o.winner).expect("Hex has no draws");
    result
}

/// Wilson score interval at 95% for `wins` out of `n`.
fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.96f64, n as f64, wins as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn mean_p95(values: &mut [f64]) -> (f64, f64) {
    if values.is_empty() {
        return (0.0, 0.0);
    }
    values.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let p95 = values[((values.len() as f64 * 0.95).ceil() as usize).clamp(1, values.len()) - 1];
    (mean, p95)
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("arena: {e}");
            eprintln!(
                "usage: arena --game hex --size 9 --a expert --b normal --games 100 [--seed N] [--threads 2] [--swap]"
            );
            std::process::exit(2);
        }
    };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= args.games {
                    break;
                }
                let r = play_game(&args, index);
                if args.verbose {
                    let a_won = r.winner == r.a_seat;
                    eprintln!(
                        "game {index}: a as {:?}, {} won in {} plies",
                        r.a_seat,
                        if a_won { "a" } else { "b" },
                        r.plies
                    );
                }
                results.lock().expect("no poisoned lock").push(r);
            });
        }
    });
    let results = results.into_inner().expect("no poisoned lock");
    let n = results.len();
    let a_wins = results.iter().filter(|r| r.winner == r.a_seat).count();
    let (lo, hi) = wilson(a_wins, n);
    println!(
        "hex {0}x{0}{1}, {2} games, seed {3}: a={4} b={5}",
        args.size,
        if args.swap { " (swap)" } else { "" },
        n,
        args.seed,
        args.a,
        args.b
    );
    for (side, config) in ["a", "b"].iter().zip(args.configs) {
        if let Some(config) = config {
            println!("{side} search: {config:?}");
        }
    }
    println!("wins: a {} b {}", a_wins, n - a_wins);
    println!(
        "a win rate: {:.3} (95% CI {:.3}-{:.3}, Wilson)",
        a_wins as f64 / n.max(1) as f64,
        lo,
        hi
    );
    for seat in Seat::BOTH {
        let games: Vec<_> = results.iter().filter(|r| r.a_seat == seat).collect();
        let won = games.iter().filter(|r| r.winner == seat).count();
        println!(
            "a as {:?} (first={}): {won}/{} won",
            seat,
            seat == Seat::First,
            games.len()
        );
    }
    let first_wins = results.iter().filter(|r| r.winner == Seat::First).count();
    println!("first seat won {first_wins}/{n}");
    let mut a_ms: Vec<f64> = results.iter().flat_map(|r| r.a_ms.iter().copied()).collect();
    let mut b_ms: Vec<f64> = results.iter().flat_map(|r| r.b_ms.iter().copied()).collect();
    let iters = |v: Vec<u64>| v.iter().sum::<u64>() as f64 / v.len().max(1) as f64;
    let a_it = iters(results.iter().flat_map(|r| r.a_iterations.iter().copied()).collect());
    let b_it = iters(results.iter().flat_map(|r| r.b_iterations.iter().copied()).collect());
    let (am, ap) = mean_p95(&mut a_ms);
    let (bm, bp) = mean_p95(&mut b_ms);
    println!(
        "think a ({}): mean {am:.1} ms, p95 {ap:.1} ms, max {:.1} ms over {} moves, {a_it:.0} iterations/move",
        args.a,
        a_ms.last().unwrap_or(&0.0),
        a_ms.len()
    );
    println!(
        "think b ({}): mean {bm:.1} ms, p95 {bp:.1} ms, max {:.1} ms over {} moves, {b_it:.0} iterations/move",
        args.b,
        b_ms.last().unwrap_or(&0.0),
        b_ms.len()
    );
    let mut a_cpu: Vec<f64> = results.iter().flat_map(|r| r.a_cpu_ms.iter().copied()).collect();
    let mut b_cpu: Vec<f64> = results.iter().flat_map(|r| r.b_cpu_ms.iter().copied()).collect();
    if !a_cpu.is_empty() {
        let (am, ap) = mean_p95(&mut a_cpu);
        let (bm, bp) = mean_p95(&mut b_cpu);
        println!("cpu a: mean {am:.1} ms, p95 {ap:.1} ms; cpu b: mean {bm:.1} ms, p95 {bp:.1} ms (time on a core)");
    }
    println!("wall {:.1} s", started.elapsed().as_secs_f64());
}
