//! The backgammon review's error rates (and luck) held against GNU
//! Backgammon's own analysis of the same games: plays seeded games between
//! two bot levels (Beginner vs Expert, then Normal vs Expert, the Expert's
//! seat alternating), reviews each as the review screen does
//! ([`Analysis`], the Expert's judge), exports it as the `.mat` file the
//! review's Export gives, has gnubg import and analyse it, and prints both
//! error rates per game and whether they rank the two players alike.
//!
//! `cargo run --release -p papan --bin bg-vs-gnubg -- [--games N] [--plies P] [--gnubg PATH]`
//!
//! gnubg runs with the Jacoby rule off (Papan counts gammons without a
//! cube), cube analysis off (Papan has no cube), luck analysis on, and its
//! chequer play at `--plies` (default 2, its "world class" analysis).
//! Both report millipoints (mEMG) per unforced move.

use papan::play::finished::Finished;
use papan::play::review::Analysis;
use papan::play::Player;
use papan::screens::review::screen::REVIEW_MS_PER_POSITION;
use papan_bots::{Bot, Level};
use papan_rules::backgammon::{Backgammon, BackgammonOptions};
use papan_rules::{Game, Record, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::process::{Command, Stdio};

const USAGE: &str = "usage: bg-vs-gnubg [--games N] [--plies P] [--gnubg PATH]
  Plays N seeded backgammon games between bot levels (default 20), reviews
  each as Papan's review does, has GNU Backgammon analyse the same games
  (at P plies, default 2; gnubg at PATH, default /usr/games/gnubg) and
  prints both error rates per game and whether they rank the players alike.";

/// The seat names in the exported file, to find gnubg's columns.
const NAMES: [&str; 2] = ["papanfirst", "papansecond"];

/// A seeded game between two bots.
fn bot_game(levels: [Level; 2], seed: u64) -> Record<Backgammon> {
    let mut record = Record::<Backgammon>::new(BackgammonOptions::default(), seed);
    let mut game = record.start().expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0u64;
    loop {
        let mv = match game.turn() {
            Turn::Chance => game.sample_chance(&mut rng).expect("dice are due"),
            Turn::Seat(seat) => {
                moves += 1;
                Backgammon::decide(&game.view(seat), levels[seat.index()], seed ^ (moves << 20))
                    .best
                    .expect("a move")
            }
            Turn::Over => break,
        };
        record.play(&mut game, mv).expect("bots play legal moves");
    }
    record
}

/// gnubg's figures for one game, per seat (first, second).
#[derive(Debug, Default)]
struct GnubgFigures {
    error_rate: [f64; 2],
    luck_total: [f64; 2],
}

/// Runs gnubg on the `.mat` file at `path` and reads its statistics.
fn gnubg_analyse(gnubg: &str, path: &Path, plies: u32) -> Result<GnubgFigures, String> {
    let commands = format!(
        "set jacoby off\nset analysis cube off\nset analysis luck on\n\
         set analysis chequerplay evaluation plies {plies}\n\
         import mat {}\nanalyse match\nshow statistics match\n",
        path.display()
    );
    let mut child = Command::new(gnubg)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start gnubg ({gnubg}): {e}"))?;
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().ok_or("no stdin")?;
        stdin.write_all(commands.as_bytes()).map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    parse_statistics(&String::from_utf8_lossy(&out.stdout))
}

/// The two numbers after `label` on its first line after `section`, in the
/// statistics' column order.
fn row(text: &str, section: &str, label: &str) -> Result<[f64; 2], String> {
    let from = text
        .find(section)
        .ok_or_else(|| format!("no {section:?} in gnubg's output"))?;
    let line = text[from..]
        .lines()
        .find(|l| l.starts_with(label))
        .ok_or_else(|| format!("no {label:?} in gnubg's output"))?;
    // "Error rate mEMG (MWC)   -12.3   ( -0.1%)   -4.5   ( -0.0%)": the
    // numbers outside the brackets.
    let mut numbers = Vec::new();
    let mut depth = 0;
    for word in line[label.len()..].split_whitespace() {
        if word.starts_with('(') {
            depth += 1;
        }
        if depth == 0 {
            if let Ok(n) = word.parse::<f64>() {
                numbers.push(n);
            }
        }
        if word.ends_with(')') {
            depth -= 1;
        }
    }
    match numbers.as_slice() {
        [a, b, ..] => Ok([*a, *b]),
        _ => Err(format!("unreadable line {line:?}")),
    }
}

fn parse_statistics(text: &str) -> Result<GnubgFigures, String> {
    let player = text
        .lines()
        .find(|l| l.starts_with("Player "))
        .ok_or("gnubg printed no statistics")?;
    let words: Vec<&str> = player.split_whitespace().skip(1).collect();
    // Which column is Papan's first seat.
    let first_col = match words.as_slice() {
        [a, b] if *a == NAMES[0] && *b == NAMES[1] => 0,
        [a, b] if *a == NAMES[1] && *b == NAMES[0] => 1,
        _ => return Err(format!("unexpected players {player:?}")),
    };
    let order = |v: [f64; 2]| [v[first_col], v[1 - first_col]];
    let error = row(text, "Chequerplay statistics", "Error rate mEMG")?;
    let luck = row(text, "Luck statistics", "Luck total EMG")?;
    Ok(GnubgFigures {
        error_rate: order(error.map(f64::abs)),
        luck_total: order(luck.map(|l| l * 1000.0)),
    })
}

fn level_name(level: Level) -> String {
    format!("{level:?}")
}

fn main() {
    let args = papan_cli::args_or_exit(
        "bg-vs-gnubg",
        USAGE,
        Some(&[
            ("--games", papan_cli::Takes::Number),
            ("--plies", papan_cli::Takes::Number),
            ("--gnubg", papan_cli::Takes::Text),
        ]),
    );
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let games: u64 = value("--games").map_or(20, |g| g.parse().unwrap_or(20));
    let plies: u32 = value("--plies").map_or(2, |p| p.parse().unwrap_or(2));
    let gnubg = value("--gnubg").unwrap_or_else(|| "/usr/games/gnubg".into());
    let dir = std::env::temp_dir().join(format!("papan-bg-vs-gnubg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");

    println!("game seed  first        second       | Papan mp/move    | gnubg {plies}-ply mp/move | same rank | luck Papan / gnubg (mp, first seat)");
    let mut agree = 0;
    let mut counted = 0;
    // Per level: (Papan's sum, gnubg's sum, moves counted).
    let mut per_level: Vec<(Level, f64, f64, usize)> = Vec::new();
    let mut papan_all = Vec::new();
    let mut gnubg_all = Vec::new();
    // Each side's luck, Papan's and gnubg's.
    let mut luck_pairs: Vec<(f64, f64)> = Vec::new();
    for i in 0..games {
        let weaker = if i % 2 == 0 { Level::Beginner } else { Level::Normal };
        let levels = if (i / 2) % 2 == 0 {
            [weaker, Level::Expert]
        } else {
            [Level::Expert, weaker]
        };
        let seed = 0xB6_0000 + i;
        let record = bot_game(levels, seed);
        let outcome = record.replay().expect("replays").outcome();
        let mut analysis = Analysis::new(record.clone(), Level::Expert).expect("the record replays");
        analysis
            .run_to_end(REVIEW_MS_PER_POSITION)
            .expect("the review's positions judge");
        let review = analysis.review();
        let papan = [Seat::First, Seat::Second].map(|s| review.summary(s));
        let players = [Player::Bot(levels[0]), Player::Bot(levels[1])];
        let kept = Finished::new(format!("g{i}"), &record, Seat::First, players, outcome, "offline")
            .expect("the game replays");
        let (_, text) = kept
            .export_named::<Backgammon>(&NAMES.map(String::from))
            .expect("exports");
        let path = dir.join(format!("game{i}.mat"));
        std::fs::write(&path, text).expect("writes the .mat file");
        let figures = match gnubg_analyse(&gnubg, &path, plies) {
            Ok(f) => f,
            Err(e) => {
                println!("{i:>4} {seed:#x}: gnubg: {e}");
                continue;
            }
        };
        let rate = |s: usize| papan[s].error_rate.unwrap_or(0.0);
        let same = (rate(0) - rate(1)).signum() == (figures.error_rate[0] - figures.error_rate[1]).signum();
        counted += 1;
        agree += same as usize;
        let luck = papan[0].luck.map_or(0.0, |l| l.0);
        println!(
            "{i:>4} {seed:#x} {:<12} {:<12} | {:>6.1} {:>6.1}    | {:>6.1} {:>6.1}         | {:<9} | {:>+6.0} / {:>+6.0}",
            level_name(levels[0]),
            level_name(levels[1]),
            rate(0),
            rate(1),
            figures.error_rate[0],
            figures.error_rate[1],
            if same { "yes" } else { "NO" },
            luck,
            figures.luck_total[0],
        );
        for s in 0..2 {
            let entry = match per_level.iter_mut().find(|e| e.0 == levels[s]) {
                Some(e) => e,
                None => {
                    per_level.push((levels[s], 0.0, 0.0, 0));
                    per_level.last_mut().expect("just pushed")
                }
            };
            entry.1 += rate(s);
            entry.2 += figures.error_rate[s];
            entry.3 += 1;
            luck_pairs.push((papan[s].luck.map_or(0.0, |l| l.0), figures.luck_total[s]));
            papan_all.push(rate(s));
            gnubg_all.push(figures.error_rate[s]);
        }
    }
    println!();
    println!("games analysed by both: {counted}; ranked alike: {agree} of {counted}");
    for (level, papan, gnubg, n) in &per_level {
        println!(
            "{:<9} mean error rate: Papan {:>6.1}  gnubg {:>6.1}  mp/move ({n} sides)",
            level_name(*level),
            papan / *n as f64,
            gnubg / *n as f64
        );
    }
    println!(
        "correlation of the {} per-side error rates: {:.3}",
        papan_all.len(),
        correlation(&papan_all, &gnubg_all)
    );
    let (papan_luck, gnubg_luck): (Vec<f64>, Vec<f64>) = luck_pairs.iter().copied().unzip();
    let same_sign = luck_pairs.iter().filter(|(p, g)| p.signum() == g.signum()).count();
    println!(
        "luck per side: correlation {:.3}, same sign {same_sign} of {} (both 0-ply and cubeless; gnubg's opening roll also counts winning the roll)",
        correlation(&papan_luck, &gnubg_luck),
        luck_pairs.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Pearson's correlation.
fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    if n < 2.0 {
        return f64::NAN;
    }
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
