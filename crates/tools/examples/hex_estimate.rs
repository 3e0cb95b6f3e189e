//! Scores every position of recorded Hex games with the app's estimator
//! (a Normal search) and writes, per way of reading that search, the
//! calibration samples `estimate_check` fits and checks.
//!
//! ```text
//! arena --game hex --size 19 --a expert --a-iterations 16000 --b normal --no-cap \
//!     --seed S --games 10 --record gS.txt
//! cargo run --release -p papan-tools --example hex_estimate -- --size 19 --out DIR \
//!     [--iterations 6000] [--every 5] gS.txt ...
//! estimate_check --odd --fit DIR/mean-g101.txt ... --check DIR/mean-g102.txt ... --game hex --size 19
//! ```
//!
//! `--iterations` searches with another budget than the Normal level's;
//! `--every N` (odd) searches one position in N of each game (starting
//! at a different ply in each game), for a quicker sample of long games.
//! One search per position gives every reading at once, so they are
//! compared on the same positions:
//! - `best`: the most-visited root move's value (what the app read until
//!   the curves of `crates/bots/data/hex.md`; on 19×19 it rests on about 25
//!   visits and swings with the seed);
//! - `mean`: the visit-weighted mean over all root moves, i.e. every
//!   iteration's result (steady, but pulled towards the moves tried): what
//!   the Beginner and Normal searches report now (`Mcts::root_value`);
//! - `shrunkK`: the best move's value with K visits of the mean added.

use papan_bots::hex::{budget, config, thinker_with};
use papan_bots::mcts::RootChild;
use papan_bots::{Level, Thinker, SLICE};
use papan_rules::hex::{Hex, HexMove, HexOptions};
use papan_rules::{Game, Seat, Turn};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const PRIORS: [f64; 4] = [5.0, 10.0, 20.0, 50.0];

/// One recorded game: the first seat's score and its moves.
struct Recorded {
    file: usize,
    game: usize,
    first_score: f64,
    moves: Vec<String>,
}

fn read_games(path: &Path, file: usize, first_game: usize) -> Result<Vec<Recorded>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .enumerate()
        .map(|(n, line)| {
            let mut words = line.split_whitespace();
            let first_score = words.next().and_then(|w| w.parse().ok()).ok_or(format!(
                "{}: game {}: no score",
                path.display(),
                n + 1
            ))?;
            Ok(Recorded {
                file,
                game: first_game + n,
                first_score,
                moves: words.map(str::to_string).collect(),
            })
        })
        .collect()
}

/// Each reading's value of a search's root moves, in [`reading_names`] order.
fn readings(children: &[RootChild<HexMove>]) -> Vec<f64> {
    let best = children.iter().max_by_key(|c| c.visits);
    let total: u64 = children.iter().map(|c| c.visits).sum();
    let mean = if total == 0 {
        0.5
    } else {
        children.iter().map(|c| c.value * c.visits as f64).sum::<f64>() / total as f64
    };
    let mut out = vec![best.map_or(0.5, |b| b.value), mean];
    out.extend(PRIORS.iter().map(|&k| shrunk_value(children, k)));
    out
}

/// The most-visited root move's value with `prior` visits of the mean over
/// all root moves added: a steadier estimate when the best move has few
/// visits of its own (a wide root, as on Hex 19×19), and close to the
/// move's own value once it has many.
fn shrunk_value<M>(children: &[RootChild<M>], prior: f64) -> f64 {
    let Some(best) = children.iter().max_by_key(|c| c.visits).filter(|c| c.visits > 0) else {
        return 0.5;
    };
    let total: u64 = children.iter().map(|c| c.visits).sum();
    let mean = children.iter().map(|c| c.value * c.visits as f64).sum::<f64>() / total as f64;
    let n = best.visits as f64;
    (n * best.value + prior * mean) / (n + prior)
}

fn reading_names() -> Vec<String> {
    let mut names = vec!["best".to_string(), "mean".to_string()];
    names.extend(PRIORS.iter().map(|k| format!("shrunk{k}")));
    names
}

/// (readings, mover's result) for every position of `game` with a choice,
/// searched with `iterations` (else the Normal budget).
fn score_game(
    game: &Recorded,
    size: u8,
    iterations: Option<u64>,
    every: usize,
) -> Result<Vec<(Vec<f64>, f64)>, String> {
    let mut position = Hex::empty(HexOptions { size, swap: false }).map_err(|e| e.to_string())?;
    let mut samples = Vec::new();
    for (ply, text) in game.moves.iter().enumerate() {
        let Turn::Seat(seat) = position.turn() else {
            break;
        };
        // With `--every N`, one position in N (from a different ply in
        // each game): a game's positions are much alike, and 19×19 games
        // are long.
        if position.legal_moves().len() > 1 && (ply + game.game).is_multiple_of(every) {
            let seed = (game.game as u64) << 16 | ply as u64;
            let mut normal = budget(Level::Normal, size);
            normal.iterations = iterations.unwrap_or(normal.iterations);
            let mut search = thinker_with(&position, seed ^ 0xE57, config(Level::Normal), normal);
            while search.think(SLICE) {}
            let result = if seat == Seat::First {
                game.first_score
            } else {
                1.0 - game.first_score
            };
            samples.push((readings(&search.search().root_children()), result));
        }
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("game {}: move {}: {e}", game.game, ply + 1))?;
        position
            .play(&mv)
            .map_err(|e| format!("game {}: move {}: {e}", game.game, ply + 1))?;
    }
    Ok(samples)
}

fn run() -> Result<(), String> {
    let mut size = 11;
    let mut out = PathBuf::from("hex-estimate");
    let mut threads = 1;
    let mut iterations = None;
    let mut every = 1;
    let mut inputs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(word) = args.next() {
        let mut value = || args.next().ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--size" => size = value()?.parse().map_err(|e| format!("--size: {e}"))?,
            "--out" => out = PathBuf::from(value()?),
            "--threads" => threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--iterations" => iterations = Some(value()?.parse().map_err(|e| format!("--iterations: {e}"))?),
            "--every" => {
                every = value()?.parse::<usize>().map_err(|e| format!("--every: {e}"))?;
                // An even step would take every sampled position of a game
                // with the same seat to move (in the arena's games, always
                // the same player).
                if every.is_multiple_of(2) {
                    return Err("--every must be odd, so that both seats' positions are sampled".into());
                }
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => inputs.push(PathBuf::from(word)),
        }
    }
    if inputs.is_empty() {
        return Err(
            "usage: hex_estimate --size 19 --out DIR [--threads 2] [--iterations N] [--every N] GAMES.txt ...".into(),
        );
    }
    let mut games = Vec::new();
    for (file, path) in inputs.iter().enumerate() {
        let read = read_games(path, file, games.len())?;
        games.extend(read);
    }
    let next = AtomicUsize::new(0);
    let scored = Mutex::new(Vec::new());
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(game) = games.get(index) else { break };
                match score_game(game, size, iterations, every) {
                    Ok(samples) => scored.lock().expect("no poisoned lock").push((index, samples)),
                    Err(e) => *failed.lock().expect("no poisoned lock") = Some(e),
                }
                eprint!("\rscored {} of {} games", index + 1, games.len());
            });
        }
    });
    eprintln!();
    if let Some(e) = failed.into_inner().expect("no poisoned lock") {
        return Err(e);
    }
    let mut scored = scored.into_inner().expect("no poisoned lock");
    scored.sort_by_key(|(index, _)| *index);
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    for (reading, name) in reading_names().iter().enumerate() {
        for (file, path) in inputs.iter().enumerate() {
            let mut text = String::from("# estimate result game\n");
            for (index, samples) in &scored {
                if games[*index].file != file {
                    continue;
                }
                for (values, result) in samples {
                    let _ = writeln!(text, "{:.6} {result} {}", values[reading], games[*index].game);
                }
            }
            let stem = path.file_stem().map_or("games".into(), |s| s.to_string_lossy());
            let target = out.join(format!("{name}-{stem}.txt"));
            std::fs::write(&target, text).map_err(|e| format!("cannot write {}: {e}", target.display()))?;
        }
    }
    let positions: usize = scored.iter().map(|(_, s)| s.len()).sum();
    println!(
        "{} games, {positions} positions scored; samples per reading in {}",
        games.len(),
        out.display()
    );
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("hex_estimate: {e}");
        std::process::exit(2);
    }
}
