//! Measures a backgammon level: plays bot-vs-bot games (both sides at the
//! level) or answers the positions of a gnubg corpus, writing every decision
//! as a `judge.py` input line (`<posid> d1 d2 <move>`) and reporting think
//! times of the unforced moves.
//!
//! ```text
//! bg-selfplay --level expert --games 20 --seed 1 --out expert.txt
//! bg-selfplay --level expert --corpus corpus.jsonl --limit 500 --out c.txt
//! bg-selfplay --level expert --corpus earlier-plays.txt --out again.txt
//! gnubg -t -q -r -p judge.py < expert.txt     # in crates/rules/tests/data/gnubg
//! ```
//! `--weights FILE` replaces the shipped net (to compare checkpoints);
//! `--temperature T`, `--one-ply N`, `--two-ply N`, `--three-ply N` (and
//! `--one-ply-window W` … `--three-ply-window W`) override the level's
//! budget (to calibrate levels); `--no-limit` ignores the time cap.

use papan_bots::backgammon::thinker::{budget, BgThinker, Stage};
use papan_bots::backgammon::{leak_net, shipped_net};
use papan_bots::{Level, Thinker};
use papan_rules::backgammon::{Backgammon, BgMove, Dice};
use papan_rules::{Game, Seat, Turn};
use papan_tools::backgammon::roll;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::time::Instant;

struct Options {
    level: Level,
    games: u64,
    seed: u64,
    out: String,
    corpus: Option<String>,
    limit: usize,
    /// Calibration overrides of the level's budget.
    temperature: Option<f64>,
    /// Candidates and window at 1, 2 and 3 plies.
    counts: [Option<usize>; 3],
    windows: [Option<f32>; 3],
    /// Ignore the level's time cap (measure the full search).
    no_limit: bool,
}

const USAGE: &str = "usage: bg-selfplay [--level L] [--games N] [--seed N] [--out FILE] \
[--corpus FILE [--limit N]] [--weights FILE] [--temperature T] [--one-ply N] [--two-ply N] \
[--three-ply N] [--one-ply-window W] [--two-ply-window W] [--three-ply-window W] [--no-limit]
  Plays a backgammon level against itself (or answers a gnubg corpus) and writes
  every decision as a judge.py input line.";

fn main() {
    let args = papan_cli::args_or_exit("bg-selfplay", USAGE, None);
    let mut net = None;
    let mut o = Options {
        level: Level::Expert,
        games: 10,
        seed: 1,
        out: "plays.txt".into(),
        corpus: None,
        limit: 500,
        temperature: None,
        counts: [None; 3],
        windows: [None; 3],
        no_limit: false,
    };
    let mut args = args;
    if let Some(i) = args.iter().position(|a| a == "--no-limit") {
        o.no_limit = true;
        args.remove(i);
    }
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--level" => o.level = value.parse().expect("a level"),
            "--games" => o.games = value.parse().expect("a game count"),
            "--seed" => o.seed = value.parse().expect("a seed"),
            "--out" => o.out = value,
            "--corpus" => o.corpus = Some(value),
            "--limit" => o.limit = value.parse().expect("a count"),
            "--temperature" => o.temperature = Some(value.parse().expect("a temperature")),
            "--one-ply" => o.counts[0] = Some(value.parse().expect("a count")),
            "--two-ply" => o.counts[1] = Some(value.parse().expect("a count")),
            "--three-ply" => o.counts[2] = Some(value.parse().expect("a count")),
            "--one-ply-window" => o.windows[0] = Some(value.parse().expect("an equity")),
            "--two-ply-window" => o.windows[1] = Some(value.parse().expect("an equity")),
            "--three-ply-window" => o.windows[2] = Some(value.parse().expect("an equity")),
            "--weights" => net = Some(leak_net(&std::fs::read(&value).expect("read weights")).expect("weights")),
            other => {
                eprintln!("bg-selfplay: unknown option {other}\n{USAGE}");
                std::process::exit(2)
            }
        }
    }
    let net = net.unwrap_or_else(shipped_net);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&o.out).expect("create the output"));
    let mut times = Vec::new();
    let mut cpu_times = Vec::new();
    let mut level_budget = budget(o.level);
    level_budget.temperature = o.temperature.unwrap_or(level_budget.temperature);
    for (k, stage) in level_budget.plies.iter_mut().enumerate() {
        let count = o.counts[k].unwrap_or(stage.count);
        // A depth the level does not use borrows the Expert's window.
        let window = o.windows[k].unwrap_or(if stage.window > 0.0 {
            stage.window
        } else {
            budget(Level::Expert).plies[k].window
        });
        *stage = Stage { count, window };
    }
    let mut decide = |position: &Backgammon, seed: u64, out: &mut dyn Write| -> BgMove {
        let start = Instant::now();
        let cpu_start = thread_cpu_ns();
        let mut thinker = BgThinker::new(position, net, level_budget, seed);
        let limit = if o.no_limit {
            u128::MAX
        } else {
            thinker.time_limit_ms() as u128
        };
        while thinker.think(papan_bots::SLICE) && start.elapsed().as_millis() < limit {}
        let mv = thinker.decision().best.expect("a decision turn has a move");
        let elapsed = start.elapsed().as_secs_f64() * 1000.0;
        let cpu = thread_cpu_ns().zip(cpu_start).map(|(b, a)| (b - a) as f64 / 1e6);
        if position.legal_moves().len() > 1 {
            times.push(elapsed);
            cpu_times.push(cpu.unwrap_or(f64::NAN));
        }
        let dice = position.dice().expect("dice rolled");
        if let BgMove::Play(play) = mv {
            if !play.is_pass() {
                writeln!(out, "{} {} {} {}", position.position_id(), dice.high, dice.low, play).expect("write");
            }
        }
        mv
    };
    if let Some(corpus) = &o.corpus {
        let text = std::fs::read_to_string(corpus).expect("read the corpus");
        let mut done = 0;
        for (i, line) in text.lines().enumerate() {
            if done >= o.limit {
                break;
            }
            // A corpus JSON line or a judge line `<posid> d1 d2 [move]`.
            let (id, faces): (&str, Vec<u8>) = if line.starts_with('{') {
                let (Some(id), Some(dice)) = (field(line, "\"pos\""), field(line, "\"dice\"")) else {
                    continue;
                };
                let faces = dice
                    .trim_matches(|c| c == '[' || c == ']')
                    .split(',')
                    .filter_map(|d| d.trim().parse().ok())
                    .collect();
                (id.trim_matches('"'), faces)
            } else {
                let words: Vec<&str> = line.split_whitespace().collect();
                if words.len() < 3 {
                    continue;
                }
                (words[0], words[1..3].iter().filter_map(|d| d.parse().ok()).collect())
            };
            let dice = Dice::new(faces[0], faces[1]).expect("dice");
            let position = Backgammon::from_position_id(id, Seat::First, Some(dice)).expect("position");
            if position.legal_moves().len() < 2 {
                continue;
            }
            decide(&position, o.seed + i as u64, &mut out);
            done += 1;
        }
    } else {
        let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
        for game in 0..o.games {
            let mut position = Backgammon::start();
            let mut ply = 0u64;
            loop {
                let mv = match position.turn() {
                    Turn::Over => break,
                    Turn::Chance if position.to_move().is_none() => {
                        let d = roll(&mut rng, true);
                        BgMove::Opening {
                            white: d.high,
                            black: d.low,
                        }
                    }
                    Turn::Chance => BgMove::Roll(roll(&mut rng, false)),
                    Turn::Seat(_) => decide(&position, o.seed * 1_000_003 + game * 1000 + ply, &mut out),
                };
                position.play(&mv).expect("the bot plays legal moves");
                ply += 1;
            }
        }
    }
    out.flush().expect("flush");
    let (wall, cpu) = (summary(&mut times), summary(&mut cpu_times));
    eprintln!(
        "bg-selfplay: {} unforced decisions at {}, think ms wall {wall}, cpu {cpu} -> {}",
        times.len(),
        o.level,
        o.out
    );
}

/// The raw text of `"key": value` in a one-line JSON object (value up to
/// the next `,"` or `}` outside brackets).
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let start = line.find(key)? + key.len();
    let rest = line[start..].trim_start().strip_prefix(':')?.trim_start();
    let mut depth = 0;
    for (i, c) in rest.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' | '}' if depth == 0 => return Some(rest[..i].trim()),
            _ => {}
        }
    }
    None
}

/// `mean m p95 p max x` of a list of milliseconds.
fn summary(ms: &mut [f64]) -> String {
    ms.sort_by(|a, b| a.total_cmp(b));
    let mean = ms.iter().sum::<f64>() / ms.len().max(1) as f64;
    let p95 = ms.get(ms.len() * 95 / 100).copied().unwrap_or(0.0);
    let max = ms.last().copied().unwrap_or(0.0);
    format!("mean {mean:.1} p95 {p95:.1} max {max:.1}")
}

/// This thread's CPU time in ns (Linux `schedstat`); the machine measuring
/// may be shared, and wall time then overstates the work.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
