//! HADANG tournaments between bot levels (and a random player), to measure
//! strength and move times. Temporary: to be folded into `arena --game hadang`.
//!
//! cargo run --release -p papan-bots --bin hadang-arena -- \
//!     --a expert --b normal --games 100 [--seed N] [--threads 2] [--opening 4] [--no-cap]
//!
//! Games come in pairs from the same seeded opening (2–`opening` random
//! plies: mostly pawn steps, sometimes a wall) with colours swapped, so
//! neither side profits from a lucky opening. Each move is searched to the
//! level's node budget, capped by its time limit on a real clock unless
//! `--no-cap` (to measure how long the budget itself takes).

use papan_bots::hadang::eval::Weights;
use papan_bots::hadang::{self, HadangBudget, HadangThinker};
use papan_bots::{Level, Thinker, SLICE};
use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::{Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Games longer than this are drawn (two bots shuffling pawns forever).
const MAX_PLIES: usize = 400;

/// A player: `random`, or a level with optional tuning overrides,
/// `expert,nodes=50000,depth=4,wall=60` (wall: linear value per wall).
#[derive(Clone, Debug, PartialEq)]
enum Player {
    Random,
    Bot(String, HadangBudget),
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(text: &str) -> Result<Player, String> {
        if text.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        let mut parts = text.split(',');
        let level: Level = parts.next().unwrap_or("").parse()?;
        let mut budget = hadang::budget(level);
        for part in parts {
            let (key, value) = part.split_once('=').ok_or(format!("{part}: expected key=value"))?;
            let number: i64 = value.parse().map_err(|e| format!("{part}: {e}"))?;
            match key {
                "nodes" => budget.limits.nodes = number as u64,
                "depth" => budget.limits.max_depth = number as u32,
                "wall" => budget.limits.weights = Weights::linear(number as i32),
                "tempo" => budget.limits.weights.tempo = number as i32,
                "temp" => budget.temperature = number as f64,
                "margin" => budget.limits.margin = number as i32,
                _ => return Err(format!("unknown override {key}")),
            }
        }
        Ok(Player::Bot(text.to_string(), budget))
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Bot(name, _) => f.write_str(name),
        }
    }
}

struct Args {
    a: Player,
    b: Player,
    games: usize,
    seed: u64,
    threads: usize,
    opening: usize,
    cap: bool,
    show: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        a: Player::Bot("expert".into(), hadang::budget(Level::Expert)),
        b: Player::Bot("normal".into(), hadang::budget(Level::Normal)),
        games: 100,
        seed: 1,
        threads: 1,
        opening: 4,
        cap: true,
        show: false,
    };
    let mut words = std::env::args().skip(1);
    while let Some(flag) = words.next() {
        if flag == "--no-cap" {
            args.cap = false;
            continue;
        }
        if flag == "--show" {
            args.show = true;
            continue;
        }
        let value = words.next().ok_or(format!("{flag} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--a" => args.a = value.parse()?,
            "--b" => args.b = value.parse()?,
            "--games" => args.games = number()? as usize,
            "--seed" => args.seed = number()?,
            "--threads" => args.threads = number()?.max(1) as usize,
            "--opening" => args.opening = number()?.max(2) as usize,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(args)
}

#[derive(Default)]
struct Stats {
    /// Per bot: wall and CPU milliseconds, nodes and completed depth of
    /// each move.
    moves: Vec<(Player, f64, f64, u64, u32)>,
    a_points: f64,
    a_wins_first: usize,
    a_wins_second: usize,
    draws: usize,
    plies: usize,
}

fn opening(seed: u64, max_plies: usize) -> Vec<HadangMove> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Hadang::start();
    let plies = rng.random_range(2..=max_plies);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let seat = position.side_to_move();
        let mv = if rng.random_bool(0.25) && position.walls_left(seat) > 0 {
            let walls = position.legal_walls();
            HadangMove::Wall(walls[rng.random_range(0..walls.len())])
        } else {
            let steps = position.pawn_targets(seat);
            HadangMove::Step(steps[rng.random_range(0..steps.len())])
        };
        position.play(&mv).expect("opening moves are legal");
        moves.push(mv);
    }
    moves
}

/// Nanoseconds this thread has run on a CPU (Linux schedstat), to tell the
/// search's own cost from waiting for a busy machine; 0 where unavailable.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn bot_move(position: &Hadang, budget: HadangBudget, seed: u64, cap: bool) -> (HadangMove, f64, f64, u64, u32) {
    let start = Instant::now();
    let cpu_start = thread_cpu_ns();
    let mut t: HadangThinker = hadang::thinker_with_budget(position, budget, seed);
    let limit = t.time_limit_ms() as f64;
    while t.think(SLICE) {
        if cap && start.elapsed().as_secs_f64() * 1000.0 >= limit {
            break;
        }
    }
    let decision = t.decision();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let cpu_ms = thread_cpu_ns().saturating_sub(cpu_start) as f64 / 1e6;
    let mv = decision.best.expect("a position in play has a move");
    (mv, ms, cpu_ms, decision.iterations, t.search().completed_depth())
}

/// Plays one game; returns the winner (None: drawn by length) and plies.
fn play_game(args: &Args, game: usize, stats: &Mutex<Stats>) -> (Option<Seat>, usize) {
    let pair_seed = args.seed.wrapping_mul(0x9e37_79b9).wrapping_add((game / 2) as u64);
    let (first, second) = if game.is_multiple_of(2) {
        (&args.a, &args.b)
    } else {
        (&args.b, &args.a)
    };
    let mut position = Hadang::start();
    let mut record = Vec::new();
    for mv in opening(pair_seed, args.opening) {
        position.play(&mv).expect("opening moves are legal");
        record.push(format!("({mv})"));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(pair_seed ^ game as u64);
    let mut plies = 0;
    while position.winner().is_none() && plies < MAX_PLIES {
        let seat = position.side_to_move();
        let player = if seat == Seat::First { first } else { second };
        let mv = match player {
            Player::Random => {
                let moves = position.legal_moves();
                moves[rng.random_range(0..moves.len())]
            }
            Player::Bot(_, budget) => {
                let seed = rng.random::<u64>();
                let (mv, ms, cpu_ms, nodes, depth) = bot_move(&position, *budget, seed, args.cap);
                stats
                    .lock()
                    .unwrap()
                    .moves
                    .push((player.clone(), ms, cpu_ms, nodes, depth));
                mv
            }
        };
        position.play(&mv).expect("bots play legal moves");
        record.push(mv.to_string());
        plies += 1;
    }
    if args.show {
        println!(
            "game {game}: {first} vs {second}: {:?} wins: {}",
            position.winner(),
            record.join(" ")
        );
    }
    (position.winner(), plies)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("hadang-arena: {e}");
            std::process::exit(2);
        }
    };
    let stats = Mutex::new(Stats::default());
    let next = AtomicUsize::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= args.games {
                    break;
                }
                let (winner, plies) = play_game(&args, game, &stats);
                let a_seat = if game.is_multiple_of(2) {
                    Seat::First
                } else {
                    Seat::Second
                };
                let mut s = stats.lock().unwrap();
                s.plies += plies;
                match winner {
                    Some(seat) if seat == a_seat => {
                        s.a_points += 1.0;
                        if a_seat == Seat::First {
                            s.a_wins_first += 1;
                        } else {
                            s.a_wins_second += 1;
                        }
                    }
                    Some(_) => {}
                    None => {
                        s.a_points += 0.5;
                        s.draws += 1;
                    }
                }
            });
        }
    });
    let s = stats.into_inner().unwrap();
    let n = args.games as f64;
    let score = s.a_points / n;
    let margin = 1.96 * (score * (1.0 - score) / n).sqrt();
    println!(
        "{} vs {}: {} games, {} scores {:.1}% ± {:.1}% (wins {} as first, {} as second, {} drawn by length), {:.0} plies/game, {:.0}s",
        args.a,
        args.b,
        args.games,
        args.a,
        100.0 * score,
        100.0 * margin,
        s.a_wins_first,
        s.a_wins_second,
        s.draws,
        s.plies as f64 / n,
        started.elapsed().as_secs_f64()
    );
    for player in [&args.a, &args.b] {
        let mut times: Vec<f64> = s.moves.iter().filter(|m| m.0 == *player).map(|m| m.1).collect();
        if times.is_empty() {
            continue;
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let count = times.len() as f64;
        let mut cpu: Vec<f64> = s.moves.iter().filter(|m| m.0 == *player).map(|m| m.2).collect();
        cpu.sort_by(|a, b| a.total_cmp(b));
        let nodes: u64 = s.moves.iter().filter(|m| m.0 == *player).map(|m| m.3).sum();
        let depth: u32 = s.moves.iter().filter(|m| m.0 == *player).map(|m| m.4).sum();
        println!(
            "  {player}: {} moves, wall ms p50 {:.1} p95 {:.1} max {:.1}, cpu ms p50 {:.1} p95 {:.1} max {:.1}, nodes/move {:.0}, depth/move {:.1}",
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            times[times.len() - 1],
            percentile(&cpu, 0.5),
            percentile(&cpu, 0.95),
            cpu[cpu.len() - 1],
            nodes as f64 / count,
            depth as f64 / count
        );
        if player == &args.b {
            break;
        }
    }
}
