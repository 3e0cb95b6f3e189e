//! Learns the Hex move patterns ([`papan_bots::hex::patterns`]) from
//! Papan's own games.
//!
//! ```text
//! hex-patterns selfplay --size 9 --games 500 [--iterations 4000] [--opening 2]
//!     [--resign 0] [--threads 2] [--seed 1] --out games9.txt
//! hex-patterns train games9.txt games11.txt ... [--min-seen 40] [--held-out 10]
//!     [--out crates/bots/data/hex.patterns]
//! ```
//!
//! `selfplay` plays the Expert against itself from a few random opening
//! moves and writes one game a line, in game order on any number of
//! threads: the size, the number of opening moves, then every move, each
//! the search chose followed by its root's visits (`e5:e5=2210,d6=514`,
//! [`papan_tools::hex::selfplay_games`]), which `hex-policy train` can
//! teach instead of the move alone. With `--resign P` a game ends once the side to
//! move's search gives it less than P: past that point the game is decided
//! and the moves chosen say nothing about good play (a search that has
//! proved its result picks among equals), so they would only teach the
//! priors noise. `train` fits one strength per pattern to the
//! Expert's choices (minorization–maximization for the Bradley–Terry
//! model, as in MoHex 2.0 and Rémi Coulom's "Computing Elo ratings of move
//! patterns"), prints how often the strongest pattern is the move played on
//! the held-out games, and writes the table the bots ship.

use papan_bots::hex::board::FastBoard;
use papan_bots::hex::patterns::{PatternGeometry, PatternTable};
use papan_bots::hex::search::{RootMove, RootSummary};
use papan_bots::hex::{self, Knobs};
use papan_bots::{Level, Thinker};
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
use papan_rules::Game;
use papan_tools::hex::selfplay_games::{for_each_played, format_visits};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const USAGE: &str = "usage: hex-patterns selfplay --size N --games G [--iterations I] [--opening K] \
[--resign P] [--threads T] [--seed S] --out FILE | hex-patterns train FILE... [--min-seen N] [--held-out PERCENT] [--out FILE] \
| hex-patterns balance FILE... --out FILE [--from FILE] [--epochs E] [--rate R] [--batch B] [--playouts P] [--check-playouts P] \
[--held-out PERCENT] [--threads T] [--seed S]";

fn main() {
    let args = papan_cli::args_or_exit("hex-patterns", USAGE, None);
    let result = match args.first().map(String::as_str) {
        Some("selfplay") => selfplay(&args[1..]),
        Some("train") => train(&args[1..]),
        Some("balance") => balance(&args[1..]),
        Some(other) => Err(format!(
            "unknown command {other:?} (selfplay, train or balance)\n{USAGE}"
        )),
        None => Err(USAGE.to_string()),
    };
    if let Err(e) = result {
        eprintln!("hex-patterns: {e}");
        std::process::exit(2);
    }
}

/// `--flag value` pairs and the words that are not flags.
fn split(args: &[String]) -> Result<(HashMap<String, String>, Vec<String>), String> {
    let mut flags = HashMap::new();
    let mut words = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if let Some(flag) = args[i].strip_prefix("--") {
            let value = args.get(i + 1).ok_or(format!("--{flag} needs a value"))?;
            flags.insert(flag.to_string(), value.clone());
            i += 2;
        } else {
            words.push(args[i].clone());
            i += 1;
        }
    }
    Ok((flags, words))
}

fn number<T: std::str::FromStr>(flags: &HashMap<String, String>, name: &str, default: T) -> Result<T, String> {
    match flags.get(name) {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| format!("--{name}: not a number: {text}")),
    }
}

fn selfplay(args: &[String]) -> Result<(), String> {
    let (flags, words) = split(args)?;
    if let Some(word) = words.first() {
        return Err(format!("unexpected {word:?}"));
    }
    let size: u8 = number(&flags, "size", 9)?;
    let games: usize = number(&flags, "games", 100)?;
    let iterations: u64 = number(&flags, "iterations", 4_000)?;
    let opening: usize = number(&flags, "opening", 2)?;
    let resign: f64 = number(&flags, "resign", 0.0)?;
    if !(0.0..0.5).contains(&resign) {
        return Err(format!("--resign: {resign} is not a probability below 0.5"));
    }
    let threads: usize = number(&flags, "threads", 2)?;
    let seed: u64 = number(&flags, "seed", 1)?;
    let options = HexOptions { size, swap: false };
    Hex::empty(options).map_err(|e| format!("--size: {}", e.message))?;
    let out = flags.get("out").ok_or("selfplay needs --out FILE")?;
    let file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    let writer = Mutex::new(InOrder::new(file));
    let next = AtomicUsize::new(0);
    let mut budget = hex::budget(Level::Expert, size);
    budget.iterations = iterations;
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= games || writer.lock().expect("no writer panics").error.is_some() {
                    return;
                }
                let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(game as u64));
                let mut position = Hex::empty(options).expect("the size was checked");
                let mut moves = Vec::new();
                while !position.is_over() {
                    let (mv, visits) = if moves.len() < opening {
                        let legal = position.legal_moves();
                        (legal[rng.next_u32() as usize % legal.len()], String::new())
                    } else {
                        let mut thinker = hex::expert_with(&position, rng.next_u64(), Knobs::default(), budget);
                        while thinker.think(papan_bots::SLICE) {}
                        let decision = thinker.decision();
                        if decision.win_probability < resign {
                            break;
                        }
                        let mv = decision.best.expect("a move while the game goes on");
                        let visits = root_visits(&thinker.summary(), mv);
                        (mv, format!(":{}", format_visits(&position, &visits)))
                    };
                    let word = position.format_move(&mv);
                    position.play(&mv).expect("the bot plays legal moves");
                    moves.push(word + &visits);
                }
                let line = format!("{size} {opening} {}\n", moves.join(" "));
                writer.lock().expect("no writer panics").add(game, line);
                eprintln!("game {} of {games}: {} moves", game + 1, moves.len());
            });
        }
    });
    match writer.into_inner().expect("no writer panics").error {
        // The games written so far stay; the rest were not played.
        Some(e) => Err(format!("{out}: {e}")),
        None => Ok(()),
    }
}

/// What the policy may learn from a root beside the move played: the
/// searched moves by visits, most first, those proven lost left out and
/// those under 1% of the visits dropped (they say little and fill the
/// file); a proven win, or a root the search won by tactics, is the move
/// alone.
fn root_visits(summary: &RootSummary, played: HexMove) -> Vec<(Cell, u32)> {
    let HexMove::Place(played) = played else {
        return Vec::new();
    };
    let won = summary.win.is_some() || summary.moves.iter().any(|m| m.proven == Some(true));
    let open: Vec<&RootMove> = summary.moves.iter().filter(|m| m.proven != Some(false)).collect();
    let total: u64 = open.iter().map(|m| m.visits).sum();
    if won || total == 0 {
        return vec![(played, 1)];
    }
    let mut visits: Vec<(Cell, u32)> = open
        .iter()
        .filter(|m| m.visits * 100 >= total)
        .map(|m| (m.cell, m.visits.min(u64::from(u32::MAX)) as u32))
        .collect();
    visits.sort_by_key(|v| std::cmp::Reverse(v.1));
    visits
}

/// Writes each game's line in game order, whichever thread finishes it
/// first, so that a file (and a split of it by lines) is the same for any
/// `--threads`; keeps the first write error, after which nothing more is
/// written (and the players stop).
struct InOrder {
    file: std::fs::File,
    next: usize,
    waiting: BTreeMap<usize, String>,
    error: Option<std::io::Error>,
}

impl InOrder {
    fn new(file: std::fs::File) -> InOrder {
        InOrder {
            file,
            next: 0,
            waiting: BTreeMap::new(),
            error: None,
        }
    }

    fn add(&mut self, game: usize, line: String) {
        self.waiting.insert(game, line);
        while self.error.is_none() {
            let Some(line) = self.waiting.remove(&self.next) else {
                break;
            };
            self.error = self.file.write_all(line.as_bytes()).err();
            self.next += 1;
        }
    }
}

/// One training position: how many candidates of each pattern, and which
/// pattern the move played had.
struct Sample {
    candidates: Vec<(u32, u32)>,
    chosen: u32,
}

fn train(args: &[String]) -> Result<(), String> {
    let (flags, files) = split(args)?;
    if files.is_empty() {
        return Err("train needs game files (from selfplay)".into());
    }
    let min_seen: u32 = number(&flags, "min-seen", 40)?;
    let held_out: usize = number(&flags, "held-out", 10)?;
    let out = flags
        .get("out")
        .cloned()
        .unwrap_or_else(|| "crates/bots/data/hex.patterns".to_string());
    let mut patterns = Fit::default();
    let mut geometries: HashMap<usize, PatternGeometry> = HashMap::new();
    let games = for_each_played(&files, |played| {
        patterns.games.resize_with(played.game + 1, Vec::new);
        let geometry = geometries
            .entry(played.board.size())
            .or_insert_with(|| PatternGeometry::new(played.board.size()));
        let (board, mover) = (played.board, played.mover);
        patterns.add(board, played.cell, |at| geometry.key(&board.cells, at, mover));
    })?;
    // Games with no position after the opening count as well.
    patterns.games.resize_with(games, Vec::new);
    let samples: usize = patterns.games.iter().map(Vec::len).sum();
    println!("{} games, {samples} positions", patterns.games.len());
    let kept = patterns.fit(held_out, min_seen);
    let table = PatternTable::new(kept.iter().map(|&(key, gamma)| (key, gamma as f32)).collect());
    let bytes = table.to_bytes();
    std::fs::write(&out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    println!(
        "patterns: {} seen, {} kept (seen {min_seen}+ times) in {} bytes: {out}",
        patterns.keys.len(),
        table.len(),
        bytes.len()
    );
    patterns.report(held_out, |key| f64::from(table.gamma(key)));
    Ok(())
}

/// The positions of some games as Bradley–Terry samples over one kind of
/// pattern key, and the fit of a strength per key.
#[derive(Default)]
struct Fit {
    ids: HashMap<u64, u32>,
    keys: Vec<u64>,
    games: Vec<Vec<Sample>>,
}

impl Fit {
    /// A sample of the last game: every empty cell's key, `chosen` played.
    fn add(&mut self, board: &FastBoard, chosen: Cell, key_of: impl Fn(usize) -> u64) {
        let mut counts: HashMap<u32, u32> = HashMap::new();
        let mut chosen_id = 0;
        for at in board.inner() {
            if board.cells[at] != papan_bots::hex::board::EMPTY {
                continue;
            }
            let key = key_of(at);
            let next = self.keys.len() as u32;
            let id = *self.ids.entry(key).or_insert(next);
            if id == next {
                self.keys.push(key);
            }
            *counts.entry(id).or_default() += 1;
            if board.cell_of(at) == chosen {
                chosen_id = id;
            }
        }
        let mut candidates: Vec<(u32, u32)> = counts.into_iter().collect();
        candidates.sort_unstable();
        if let Some(game) = self.games.last_mut() {
            game.push(Sample {
                candidates,
                chosen: chosen_id,
            });
        }
    }

    /// Strengths fitted on all but the first `held_out` percent of the
    /// games, for the keys seen at least `min_seen` times whose strength
    /// is not 1 (to the table's precision).
    fn fit(&self, held_out: usize, min_seen: u32) -> Vec<(u64, f64)> {
        let test_games = self.games.len() * held_out / 100;
        let fit: Vec<&Sample> = self.games[test_games..].iter().flatten().collect();
        let mut seen = vec![0u32; self.keys.len()];
        for s in &fit {
            for &(id, count) in &s.candidates {
                seen[id as usize] += count;
            }
        }
        let gammas = minorize_maximize(&fit, self.keys.len(), 40);
        (0..self.keys.len())
            .filter(|&i| seen[i] >= min_seen && gammas[i].ln().abs() >= 1.0 / 32.0)
            .map(|i| (self.keys[i], f64::from(gammas[i])))
            .collect()
    }

    /// How often the strongest key is the move played on the held-out games.
    fn report(&self, held_out: usize, strength: impl Fn(u64) -> f64) {
        let test = &self.games[..self.games.len() * held_out / 100];
        let (hits, total) = accuracy(test, &self.keys, strength);
        println!(
            "  held-out games ({held_out}%, {total} positions): the strongest is the move played {:.1}% of the time",
            100.0 * hits / total.max(1) as f64
        );
    }
}

/// Bradley–Terry strengths by minorization–maximization: each pattern's
/// gamma becomes its wins over the sum, across positions, of its
/// candidates' share of that position's total strength. One virtual win
/// and loss against a neutral pattern keep rare patterns near 1.
fn minorize_maximize(samples: &[&Sample], patterns: usize, rounds: usize) -> Vec<f32> {
    let mut gamma = vec![1.0f64; patterns];
    let mut wins = vec![0.0f64; patterns];
    for s in samples {
        wins[s.chosen as usize] += 1.0;
    }
    for _ in 0..rounds {
        let mut denominator = vec![0.0f64; patterns];
        for s in samples {
            let total: f64 = s.candidates.iter().map(|&(id, n)| n as f64 * gamma[id as usize]).sum();
            for &(id, n) in &s.candidates {
                denominator[id as usize] += n as f64 / total;
            }
        }
        for p in 0..patterns {
            // The virtual games: a win and a loss against gamma 1.
            let virtual_denominator = 2.0 / (gamma[p] + 1.0);
            gamma[p] = (wins[p] + 1.0) / (denominator[p] + virtual_denominator);
        }
    }
    gamma.into_iter().map(|g| g as f32).collect()
}

/// How often the candidate with the strongest pattern is the move played
/// (a tie among several cells counts as the share a random pick would hit).
fn accuracy(games: &[Vec<Sample>], keys: &[u64], strength: impl Fn(u64) -> f64) -> (f64, usize) {
    let mut hits = 0.0;
    let mut total = 0;
    for s in games.iter().flatten() {
        let gamma = |id: u32| strength(keys[id as usize]);
        let top = s.candidates.iter().map(|&(id, _)| gamma(id)).fold(0.0f64, f64::max);
        if gamma(s.chosen) == top {
            let tied: u32 = s
                .candidates
                .iter()
                .filter(|&&(id, _)| gamma(id) == top)
                .map(|&(_, n)| n)
                .sum();
            hits += 1.0 / tied.max(1) as f64;
        }
        total += 1;
    }
    (hits, total)
}

/// Fits the playouts' local weights for balance
/// ([`papan_tools::hex::balancing`]) on the games' results; every epoch
/// is judged on the held-out games (the playouts' mean squared error
/// against who won) and the best weights are written, never worse than
/// where the fit started.
fn balance(args: &[String]) -> Result<(), String> {
    use papan_bots::hex::local::{LocalWeights, FEATURES};
    use papan_tools::hex::balancing::{balance_error, epoch, positions, Settings};
    let (flags, files) = split(args)?;
    if files.is_empty() {
        return Err("balance needs game files (from selfplay)".into());
    }
    for flag in flags.keys() {
        if ![
            "out",
            "from",
            "epochs",
            "rate",
            "batch",
            "playouts",
            "check-playouts",
            "held-out",
            "threads",
            "seed",
        ]
        .contains(&flag.as_str())
        {
            return Err(format!("balance: unknown option --{flag}"));
        }
    }
    let out = flags.get("out").ok_or("balance needs --out FILE")?;
    let epochs: u64 = number(&flags, "epochs", 3)?;
    let playouts: usize = number(&flags, "playouts", 16)?;
    let check: usize = number(&flags, "check-playouts", 64)?;
    let held_out: usize = number(&flags, "held-out", 10)?;
    if !(1..100).contains(&held_out) {
        return Err(format!("--held-out: {held_out} is not a percent from 1 to 99"));
    }
    let settings = Settings {
        rate: number(&flags, "rate", 1.0)?,
        batch: number::<usize>(&flags, "batch", 64)?.max(1),
        mean_playouts: playouts,
        gradient_playouts: playouts,
        threads: number(&flags, "threads", 2)?,
        seed: number(&flags, "seed", 1)?,
    };
    let start = match flags.get("from") {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            LocalWeights::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?
        }
        None => LocalWeights::from_logs(vec![0.0; FEATURES]),
    };
    let all = positions(&files)?;
    let size = all
        .first()
        .map(|p| p.board.size())
        .ok_or("the files hold no positions after their openings")?;
    if let Some(other) = all.iter().find(|p| p.board.size() != size) {
        return Err(format!(
            "balance takes games of one size: {size}×{size} and {0}×{0}",
            other.board.size()
        ));
    }
    // With 10, the first 10 games of every 100.
    let held = |p: &&papan_tools::hex::balancing::Position| p.game % 100 < held_out;
    let test: Vec<_> = all.iter().filter(held).collect();
    let mut train: Vec<_> = all.iter().filter(|p| !held(p)).collect();
    // A fixed shuffle, so that a batch mixes games and stages.
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    for i in (1..train.len()).rev() {
        train.swap(i, rng.next_u32() as usize % (i + 1));
    }
    println!("{} positions to fit, {} held out", train.len(), test.len());
    let mut best = (
        balance_error(&start, size, &test, check, settings.seed),
        start.logs().to_vec(),
    );
    println!("start: held-out error {:.5}", best.0);
    let mut logs = start.logs().to_vec();
    for e in 0..epochs {
        let began = std::time::Instant::now();
        logs = epoch(&logs, size, &train, &settings, e);
        let error = balance_error(
            &LocalWeights::from_logs(logs.clone()),
            size,
            &test,
            check,
            settings.seed,
        );
        println!(
            "epoch {}: held-out error {error:.5} ({:.0} s)",
            e + 1,
            began.elapsed().as_secs_f64()
        );
        if error < best.0 {
            best = (error, logs.clone());
        }
    }
    let weights = LocalWeights::from_logs(best.1);
    std::fs::write(out, weights.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    println!("wrote {out}: held-out error {:.5}", best.0);
    Ok(())
}
