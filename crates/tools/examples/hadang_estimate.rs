//! Fits HADANG's win estimate ([`papan_bots::hadang::eval::ESTIMATE`]).
//!
//! Plays Expert against Normal from seeded short random openings (seats
//! alternating), has the Normal search (the app's estimator, as `arena
//! --estimator normal` runs it) score every unforced position, and fits
//! `σ(weights·estimate_features(score, race))` to who went on to win.
//! Prints the weights and, per 10-point bucket, the fitted and the shipped
//! estimate against the share of positions won, and each half of the games
//! judged by a fit on the other half (positions of one game are much alike,
//! so this says how far the fit can be trusted on new games).
//!
//! `cargo run --release -p papan-tools --example hadang_estimate -- --seed 13 --games 450`
//!
//! With `--cache FILE` the scored positions of each game are appended to
//! FILE as it ends and games already there are not played again, so a
//! refit (or a run stopped half way) costs only the games missing. The
//! file holds the search's scores: delete it when the search changes.

use papan_bots::hadang::eval::{chance, estimate_features, win_probability, Race, FEATURES, RACE_WON};
use papan_bots::{Bot, Level, Thinker, SLICE};
use papan_rules::hadang::Hadang;
use papan_rules::{Game, Seat, Turn};
use papan_tools::fit::{bucket_table, fit_logistic};
use papan_tools::hadang::random_opening;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One scored position: the Normal search's score, the race around it, the
/// mover's result, and whether the mover was the Expert (not known to the
/// estimate; unknown in caches written before it was kept).
#[derive(Clone, Debug, PartialEq)]
struct Sample {
    game: usize,
    score: i32,
    race: Race,
    result: f64,
    expert: Option<bool>,
}

impl Sample {
    /// One line of the cache: game, score, routes, walls, result, and `E`
    /// or `N` for the mover's level.
    fn line(&self) -> String {
        format!(
            "{} {} {} {} {} {} {} {}\n",
            self.game,
            self.score,
            self.race.routes[0],
            self.race.routes[1],
            self.race.walls[0],
            self.race.walls[1],
            self.result,
            match self.expert {
                Some(true) => "E",
                Some(false) => "N",
                None => "?",
            }
        )
    }

    fn parse(line: &str) -> Option<Sample> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (&[game, score, r0, r1, w0, w1, result], level) = (&words[..7.min(words.len())], words.get(7)) else {
            return None;
        };
        Some(Sample {
            game: game.parse().ok()?,
            score: score.parse().ok()?,
            race: Race {
                routes: [r0.parse().ok()?, r1.parse().ok()?],
                walls: [w0.parse().ok()?, w1.parse().ok()?],
            },
            result: result.parse().ok()?,
            expert: match level {
                Some(&"E") => Some(true),
                Some(&"N") => Some(false),
                _ => None,
            },
        })
    }
}

struct Args {
    seed: u64,
    games: usize,
    cache: Option<PathBuf>,
}

fn main() {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("hadang_estimate: {e}\nusage: hadang_estimate --seed S --games N [--cache FILE]");
            std::process::exit(2);
        }
    };
    let samples = collect(&args).unwrap_or_else(|e| {
        eprintln!("hadang_estimate: {e}");
        std::process::exit(1);
    });
    let (seed, games) = (args.seed, args.games);
    let weights = fit(&samples);
    println!(
        "{games} games, seed {seed}: {} positions ({} undecided)",
        samples.len(),
        samples.iter().filter(|s| s.score.abs() < RACE_WON).count()
    );
    println!("fit: ESTIMATE = {}", format_weights(&weights));
    print!("{}", table("fitted on these games", &weights, &samples));
    let shipped: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (win_probability(s.score, &s.race), s.result))
        .collect();
    print!("{}", bucket_table("shipped (hadang::eval::ESTIMATE)", &shipped));
    // The estimate cannot know who is the stronger player; the pool can.
    for (expert, whose) in [(true, "Expert's"), (false, "Normal's")] {
        let side: Vec<Sample> = samples.iter().filter(|s| s.expert == Some(expert)).cloned().collect();
        if !side.is_empty() {
            print!(
                "{}",
                table(&format!("fitted, the {whose} positions only"), &weights, &side)
            );
        }
    }
    // Each half judged by a fit on the other.
    let halves: [Vec<Sample>; 2] =
        [0, 1].map(|half| samples.iter().filter(|s| s.game * 2 / games == half).cloned().collect());
    for (half, other) in [(0, 1), (1, 0)] {
        let weights = fit(&halves[other]);
        print!(
            "{}",
            table(
                &format!(
                    "games {} fitted on games {}: {}",
                    ["0..N/2", "N/2..N"][half],
                    ["0..N/2", "N/2..N"][other],
                    format_weights(&weights)
                ),
                &weights,
                &halves[half]
            )
        );
    }
}

/// The scored positions of games `0..games`: from the cache where there,
/// played (and cached) where not.
fn collect(args: &Args) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    if let Some(path) = &args.cache {
        if let Ok(text) = std::fs::read_to_string(path) {
            samples.extend(text.lines().filter_map(Sample::parse).filter(|s| s.game < args.games));
        }
    }
    let cached: BTreeSet<usize> = samples.iter().map(|s| s.game).collect();
    let missing: Vec<usize> = (0..args.games).filter(|g| !cached.contains(g)).collect();
    if !cached.is_empty() {
        eprintln!("{} games from the cache, {} to play", cached.len(), missing.len());
    }
    let mut file = match &args.cache {
        Some(path) if !missing.is_empty() => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        ),
        _ => None,
    };
    let next = AtomicUsize::new(0);
    let played = Mutex::new((Vec::new(), file.as_mut()));
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some(&game) = missing.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let scored = play(args.seed, game);
                    let mut played = played.lock().expect("no poisoned lock");
                    if let Some(file) = played.1.as_mut() {
                        let text: String = scored.iter().map(Sample::line).collect();
                        // One write a game: a run stopped half way leaves whole games.
                        if let Err(e) = file.write_all(text.as_bytes()) {
                            eprintln!("hadang_estimate: cache: {e}");
                        }
                    }
                    played.0.extend(scored);
                }
            });
        }
    });
    samples.extend(played.into_inner().expect("no poisoned lock").0);
    samples.sort_by_key(|s| s.game);
    Ok(samples)
}

/// The weights fitted on the undecided positions (decided races are
/// certain either way).
fn fit(samples: &[Sample]) -> [f64; FEATURES] {
    let open: Vec<([f64; FEATURES], f64)> = samples
        .iter()
        .filter(|s| s.score.abs() < RACE_WON)
        .map(|s| (estimate_features(s.score, &s.race), s.result))
        .collect();
    fit_logistic(&open)
}

fn table(title: &str, weights: &[f64; FEATURES], samples: &[Sample]) -> String {
    let predicted: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (chance(weights, s.score, &s.race), s.result))
        .collect();
    bucket_table(&format!("{title} ({} positions)", samples.len()), &predicted)
}

fn format_weights(weights: &[f64]) -> String {
    let each: Vec<String> = weights.iter().map(|w| format!("{w:.3}")).collect();
    format!("[{}]", each.join(", "))
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args {
        seed: 13,
        games: 450,
        cache: None,
    };
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--seed" => parsed.seed = value.parse().map_err(|e| format!("--seed: {e}"))?,
            "--games" => parsed.games = value.parse().map_err(|e| format!("--games: {e}"))?,
            "--cache" => parsed.cache = Some(value.into()),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if parsed.games < 2 {
        return Err("--games: at least 2".into());
    }
    Ok(parsed)
}

/// One game: Expert has the first seat in even games. Each unforced
/// position is scored as `arena --estimator normal` scores it: a whole
/// Normal search from the mover's view.
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
            while estimator.think(SLICE) {}
            let (score, race) = estimator.estimate_inputs().expect("a search names a move");
            scored.push((seat, score, race, seat == expert));
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
        .map(|(seat, score, race, expert)| Sample {
            game,
            score,
            race,
            result: outcome.map_or(0.5, |o| o.score_for(seat)),
            expert: Some(expert),
        })
        .collect()
}
