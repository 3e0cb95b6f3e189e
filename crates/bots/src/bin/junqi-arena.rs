//! Tournaments between Jun Qi flip bot levels (and a random player).
//!
//! cargo run --release -p papan-bots --bin junqi-arena -- \
//!     --a expert --b normal --games 200 [--seed N] [--threads 2] [--verbose]
//!
//! Seats alternate every game (a holds the first seat in even games; who
//! moves first is drawn by the setup, J6). Each bot sees only its seat's
//! view. A move is searched to its level's budget, capped by the level's
//! time limit measured here with a real clock. Draws count half.

use papan_bots::{junqi, Level, Thinker, SLICE};
use papan_rules::junqi::{JunQi, JunQiOptions};
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
    /// A budget outside the levels, for tuning: `d3`, `d3t2.5` (depth,
    /// temperature) or `d12n200000t0` (most depth, node budget, temperature).
    Custom(junqi::JunQiBudget),
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(text: &str) -> Result<Player, String> {
        if text.eq_ignore_ascii_case("random") {
            Ok(Player::Random)
        } else if let Some(rest) = text.strip_prefix('d') {
            let (rest, temperature) = rest.split_once('t').unwrap_or((rest, "0"));
            let (depth, nodes) = rest.split_once('n').unwrap_or((rest, "18446744073709551615"));
            Ok(Player::Custom(junqi::JunQiBudget {
                depth: depth.parse().map_err(|e| format!("{text}: {e}"))?,
                nodes: nodes.parse().map_err(|e| format!("{text}: {e}"))?,
                temperature: temperature.parse().map_err(|e| format!("{text}: {e}"))?,
                time_limit_ms: 1_000,
            }))
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
            Player::Custom(b) => write!(f, "d{}n{}t{}", b.depth, b.nodes, b.temperature),
        }
    }
}

struct Args {
    a: Player,
    b: Player,
    games: usize,
    seed: u64,
    threads: usize,
    verbose: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        a: Player::Bot(Level::Expert),
        b: Player::Bot(Level::Normal),
        games: 100,
        seed: 1,
        threads: 1,
        verbose: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--a" => args.a = value()?.parse()?,
            "--b" => args.b = value()?.parse()?,
            "--games" => args.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--threads" => args.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--verbose" => args.verbose = true,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(args)
}

/// One game's result and each side's think times.
struct GameResult {
    a_seat: Seat,
    /// a's score: 1 win, 0.5 draw, 0 loss.
    a_score: f64,
    reason: String,
    a_ms: Vec<f64>,
    b_ms: Vec<f64>,
    /// Search positions per bot move.
    a_nodes: Vec<u64>,
    b_nodes: Vec<u64>,
    plies: usize,
}

fn play_game(args: &Args, index: usize) -> GameResult {
    let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
    let a_seat = if index & 1 == 0 { Seat::First } else { Seat::Second };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = JunQi::shuffled(JunQiOptions::default(), &mut rng);
    let mut result = GameResult {
        a_seat,
        a_score: 0.5,
        reason: String::new(),
        a_ms: Vec::new(),
        b_ms: Vec::new(),
        a_nodes: Vec::new(),
        b_nodes: Vec::new(),
        plies: 0,
    };
    while let Some(seat) = game.seat_to_move() {
        let player = if seat == a_seat { args.a } else { args.b };
        let start = Instant::now();
        let (action, nodes) = match player {
            Player::Random => {
                let actions = game.legal_moves();
                (actions[(rng.next_u32() as usize) % actions.len()], None)
            }
            Player::Bot(_) | Player::Custom(_) => {
                let view = game.view(seat);
                let think_seed = seed.wrapping_mul(1009).wrapping_add(result.plies as u64);
                let budget = match player {
                    Player::Bot(level) => junqi::budget(level),
                    Player::Custom(budget) => budget,
                    Player::Random => unreachable!("handled above"),
                };
                let mut t = junqi::JunQiThinker::new(&view, budget, think_seed);
                let limit = t.time_limit_ms() as u128;
                while t.think(SLICE) && start.elapsed().as_millis() < limit {}
                let best = t.decision().best.expect("an action while the game goes on");
                (best, Some(t.nodes()))
            }
        };
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        if seat == a_seat {
            result.a_ms.push(ms);
            result.a_nodes.extend(nodes);
        } else {
            result.b_ms.push(ms);
            result.b_nodes.extend(nodes);
        }
        game.play(&action).expect("bots play legal actions");
        result.plies += 1;
    }
    let outcome = game.outcome().expect("the game is over");
    result.a_score = outcome.score_for(a_seat);
    result.reason = format!("{:?}", outcome.reason);
    if args.verbose && outcome.winner.is_none() {
        let setup = papan_rules::junqi::JunQiSetup::from(game);
        eprintln!("game {index} ends drawn:\n  {}", setup.rows.join("\n  "));
    }
    result
}

/// Wilson score interval at 95% for a score of `points` out of `n`.
fn wilson(points: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.96f64, n as f64, points / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn mean_p95(values: &mut [f64]) -> (f64, f64, f64) {
    if values.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    values.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let p95 = values[((values.len() as f64 * 0.95).ceil() as usize).clamp(1, values.len()) - 1];
    (mean, p95, values[values.len() - 1])
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("junqi-arena: {e}");
            eprintln!("usage: junqi-arena --a expert --b normal --games 200 [--seed N] [--threads 2] [--verbose]");
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
                    eprintln!(
                        "game {index}: a as {:?} scored {} ({}) in {} plies",
                        r.a_seat, r.a_score, r.reason, r.plies
                    );
                }
                results.lock().expect("no poisoned lock").push(r);
            });
        }
    });
    let results = results.into_inner().expect("no poisoned lock");
    let n = results.len();
    let points: f64 = results.iter().map(|r| r.a_score).sum();
    let wins = results.iter().filter(|r| r.a_score == 1.0).count();
    let draws = results.iter().filter(|r| r.a_score == 0.5).count();
    let (lo, hi) = wilson(points, n);
    println!("junqi, {n} games, seed {}: a={} b={}", args.seed, args.a, args.b);
    println!("a: {wins} wins, {draws} draws, {} losses", n - wins - draws);
    println!(
        "a score: {:.3} (draws half; 95% CI {lo:.3}-{hi:.3}, Wilson)",
        points / n.max(1) as f64
    );
    for seat in Seat::BOTH {
        let games: Vec<_> = results.iter().filter(|r| r.a_seat == seat).collect();
        let p: f64 = games.iter().map(|r| r.a_score).sum();
        println!("a as {seat:?}: {p}/{} points", games.len());
    }
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in &results {
        match reasons.iter_mut().find(|(name, _)| *name == r.reason) {
            Some(entry) => entry.1 += 1,
            None => reasons.push((r.reason.clone(), 1)),
        }
    }
    println!("endings: {reasons:?}");
    let plies: usize = results.iter().map(|r| r.plies).sum();
    println!("mean plies per game: {:.0}", plies as f64 / n.max(1) as f64);
    let mut a_ms: Vec<f64> = results.iter().flat_map(|r| r.a_ms.iter().copied()).collect();
    let mut b_ms: Vec<f64> = results.iter().flat_map(|r| r.b_ms.iter().copied()).collect();
    let (am, ap, ax) = mean_p95(&mut a_ms);
    let (bm, bp, bx) = mean_p95(&mut b_ms);
    println!(
        "think a ({}): mean {am:.1} ms, p95 {ap:.1} ms, max {ax:.1} ms over {} moves",
        args.a,
        a_ms.len()
    );
    println!(
        "think b ({}): mean {bm:.1} ms, p95 {bp:.1} ms, max {bx:.1} ms over {} moves",
        args.b,
        b_ms.len()
    );
    let mean_nodes = |v: Vec<u64>| v.iter().sum::<u64>() as f64 / v.len().max(1) as f64;
    let a_nodes = mean_nodes(results.iter().flat_map(|r| r.a_nodes.iter().copied()).collect());
    let b_nodes = mean_nodes(results.iter().flat_map(|r| r.b_nodes.iter().copied()).collect());
    println!("search positions per move: a {a_nodes:.0}, b {b_nodes:.0}");
    println!("wall {:.1} s", started.elapsed().as_secs_f64());
}
