//! Hex matches between Papan's GTP engine and a reference GTP engine
//! (MoHex 2.0): openings from a seeded shuffle of the cells, each played
//! twice with the colours swapped, every move checked by papan-rules.

use crate::engine::Engine;
use crate::parallel::in_parallel;
use crate::stats::{wilson, Spread};
use crate::Flags;
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
use papan_rules::{Game, Seat};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::io::Write as _;

pub struct HexMatch {
    pub size: u8,
    pub games: usize,
    /// Seconds per move for Papan and for the reference.
    pub papan_time: f64,
    pub reference_time: f64,
    pub seed: u64,
    pub papan: String,
    pub reference: String,
    /// The reference is another build of Papan's `hex-gtp` (a comparison
    /// between versions), set up with `reference_setup`.
    pub reference_is_papan: bool,
    pub reference_setup: Vec<String>,
    /// Extra GTP commands for Papan (an ablation: `param_papan vc 0`).
    pub papan_setup: Vec<String>,
    pub reference_threads: u32,
    pub label: String,
    pub record: Option<String>,
    /// Games played at once, each pair of engines in its own processes
    /// (a game keeps one core busy: its two engines take turns).
    pub jobs: usize,
}

impl HexMatch {
    pub fn from_flags(flags: &mut Flags) -> Result<HexMatch, String> {
        let time: f64 = flags.number("--time", 1.0)?;
        let papan_setup = flags.all("--papan-gtp");
        let mut papan_reference = None;
        Ok(HexMatch {
            size: flags.number("--size", 9)?,
            games: flags.number("--games", 40)?,
            papan_time: flags.number("--papan-time", time)?,
            reference_time: flags.number("--reference-time", time)?,
            seed: flags.number("--seed", 1_000)?,
            papan: flags.text("--papan").unwrap_or_else(|| crate::sibling("hex-gtp")),
            reference_is_papan: flags
                .text("--reference-papan")
                .inspect(|p| papan_reference = Some(p.clone()))
                .is_some(),
            reference: match (flags.text("--mohex"), papan_reference.take()) {
                (Some(path), None) | (None, Some(path)) => path,
                _ => return Err("hex needs --mohex PATH (MoHex 2.0's mohex binary) or --reference-papan PATH".into()),
            },
            reference_setup: flags.all("--reference-gtp"),
            label: flags.text("--label").unwrap_or_else(|| {
                if papan_setup.is_empty() {
                    "expert".to_string()
                } else {
                    papan_setup.join("; ")
                }
            }),
            papan_setup,
            reference_threads: flags.number("--reference-threads", 1)?,
            record: flags.text("--record"),
            jobs: flags.number::<usize>("--jobs", 1)?.max(1),
        })
    }
}

/// One finished game.
struct Played {
    papan_black: bool,
    papan_won: bool,
    plies: usize,
    papan_seconds: Vec<f64>,
    reference_seconds: Vec<f64>,
    moves: Vec<String>,
    resigned: bool,
}

/// The first stone of each pair of games: every cell once, in a seeded
/// order (then round again).
fn openings(size: u8, seed: u64, pairs: usize) -> Vec<Cell> {
    let mut cells: Vec<Cell> = (0..size)
        .flat_map(|r| (0..size).map(move |c| Cell::new(c, r)))
        .collect();
    cells.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    cells.iter().copied().cycle().take(pairs).collect()
}

fn colour(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "b",
        Seat::Second => "w",
    }
}

fn prepare(m: &HexMatch, papan: &mut Engine, reference: &mut Engine, game: usize) -> Result<(), String> {
    let size = format!("boardsize {} {}", m.size, m.size);
    papan.gtp(&size)?;
    papan.gtp("clear_board")?;
    papan.gtp("param_papan allow_swap 0")?;
    papan.gtp(&format!("param_papan max_time {}", m.papan_time))?;
    papan.gtp(&format!("set_seed {}", m.seed * 1_000 + game as u64))?;
    for line in &m.papan_setup {
        papan.gtp(line)?;
    }
    reference.gtp(&size)?;
    reference.gtp("clear_board")?;
    if m.reference_is_papan {
        reference.gtp("param_papan allow_swap 0")?;
        reference.gtp(&format!("param_papan max_time {}", m.reference_time))?;
        reference.gtp(&format!("set_seed {}", m.seed * 1_000 + game as u64 + 500))?;
    } else {
        reference.gtp("param_game allow_swap 0")?;
        reference.gtp(&format!("param_mohex max_time {}", m.reference_time))?;
        reference.gtp(&format!("param_mohex num_threads {}", m.reference_threads))?;
        reference.gtp("param_mohex use_time_management 0")?;
    }
    for line in &m.reference_setup {
        reference.gtp(line)?;
    }
    Ok(())
}

fn play_one(
    m: &HexMatch,
    papan: &mut Engine,
    reference: &mut Engine,
    game: usize,
    opening: Cell,
) -> Result<Played, String> {
    prepare(m, papan, reference, game)?;
    let papan_black = game.is_multiple_of(2);
    let mut position = Hex::empty(HexOptions {
        size: m.size,
        swap: false,
    })
    .map_err(|e| e.to_string())?;
    let mut played = Played {
        papan_black,
        papan_won: false,
        plies: 0,
        papan_seconds: Vec::new(),
        reference_seconds: Vec::new(),
        moves: Vec::new(),
        resigned: false,
    };
    let first = format!("play b {opening}");
    papan.gtp(&first)?;
    reference.gtp(&first)?;
    position.play(&HexMove::Place(opening)).map_err(|e| e.to_string())?;
    played.moves.push(opening.to_string());
    while let Some(seat) = position.seat_to_move() {
        let papan_moves = (seat == Seat::First) == papan_black;
        let (mover, other) = if papan_moves {
            (&mut *papan, &mut *reference)
        } else {
            (&mut *reference, &mut *papan)
        };
        let (answer, took) = mover.gtp(&format!("genmove {}", colour(seat)))?;
        if papan_moves {
            played.papan_seconds.push(took.as_secs_f64());
        } else {
            played.reference_seconds.push(took.as_secs_f64());
        }
        let answer = answer.trim().to_ascii_lowercase();
        if answer == "resign" {
            played.resigned = true;
            played.papan_won = !papan_moves;
            played.moves.push("resign".into());
            return Ok(played);
        }
        let cell: Cell = answer
            .parse()
            .map_err(|e| format!("{} answered {answer:?}: {e}", mover.name))?;
        position
            .play(&HexMove::Place(cell))
            .map_err(|e| format!("{} played {answer}, refused: {e}", mover.name))?;
        other.gtp(&format!("play {} {cell}", colour(seat)))?;
        played.moves.push(cell.to_string());
        played.plies += 1;
    }
    let winner = position
        .outcome()
        .and_then(|o| o.winner)
        .ok_or("a Hex game ends with a winner")?;
    played.papan_won = (winner == Seat::First) == papan_black;
    Ok(played)
}

pub fn run(m: &HexMatch) -> Result<String, String> {
    let openings = openings(m.size, m.seed, m.games.div_ceil(2));
    let record = match &m.record {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    let games = play_all(m, &openings, record)?;
    Ok(table_row(m, &games))
}

/// One line of the record: Papan's colour, its result and the moves.
fn record_line(played: &Played) -> String {
    format!(
        "{} {} {}",
        if played.papan_black {
            "papan-black"
        } else {
            "papan-white"
        },
        if played.papan_won { "papan-won" } else { "papan-lost" },
        played.moves.join(" ")
    )
}

/// Every game of the match, in game order: `m.jobs` workers, each with its
/// own two engines, take the next unplayed game until none is left. A
/// game's seeds and opening come from its number, so the games are the
/// same whichever worker plays them. The record gets each game once every
/// game before it is in (so a long match stopped half way keeps its
/// finished games, in order).
fn play_all(m: &HexMatch, openings: &[Cell], mut record: Option<std::fs::File>) -> Result<Vec<Played>, String> {
    let games: Vec<usize> = (0..m.games).collect();
    let start = || {
        let papan = Engine::start("papan", &m.papan)?;
        let name = if m.reference_is_papan { "reference" } else { "mohex" };
        Ok((papan, Engine::start(name, &m.reference)?))
    };
    let play = |(papan, reference): &mut (Engine, Engine), _: usize, &game: &usize| {
        play_one(m, papan, reference, game, openings[game / 2])
    };
    let mut recorded = 0;
    let arrived = |game: usize, so_far: &[Option<Played>]| {
        let played = so_far[game].as_ref().expect("the game that arrived");
        eprintln!(
            "game {:>3} {} papan {} {} in {} plies{}",
            game + 1,
            openings[game / 2],
            if played.papan_black { "black" } else { "white" },
            if played.papan_won { "won" } else { "lost" },
            played.plies,
            if played.resigned { " (resigned)" } else { "" }
        );
        while let Some(Some(played)) = so_far.get(recorded) {
            if let Some(file) = record.as_mut() {
                writeln!(file, "{}", record_line(played)).map_err(|e| format!("record: {e}"))?;
            }
            recorded += 1;
        }
        Ok(())
    };
    in_parallel(m.jobs, &games, start, play, arrived)
}

pub const TABLE_HEAD: &str = "| Hex | Papan | games | Papan score | 95% interval | as black | as white | Papan s/move mean, p95 | reference s/move mean, p95 | plies |\n|---|---|---|---|---|---|---|---|---|---|";

fn table_row(m: &HexMatch, games: &[Played]) -> String {
    let n = games.len();
    let wins = games.iter().filter(|g| g.papan_won).count();
    let (low, high) = wilson(wins as f64, n);
    let by = |black: bool| {
        let side: Vec<&Played> = games.iter().filter(|g| g.papan_black == black).collect();
        format!("{}/{}", side.iter().filter(|g| g.papan_won).count(), side.len())
    };
    let times = |pick: fn(&Played) -> &Vec<f64>| {
        let all: Vec<f64> = games.iter().flat_map(|g| pick(g).iter().copied()).collect();
        let s = Spread::of(&all);
        format!("{:.2}, {:.2}", s.mean, s.p95)
    };
    let plies = games.iter().map(|g| g.plies).sum::<usize>() as f64 / n.max(1) as f64;
    let mut row = String::new();
    let _ = write!(
        row,
        "| {size}×{size} at {}s / {}s | {} | {} | {:.0}% ({wins}) | {:.0}–{:.0}% | {} | {} | {} | {} | {plies:.0} |",
        m.papan_time,
        m.reference_time,
        m.label,
        games.len(),
        100.0 * wins as f64 / n.max(1) as f64,
        100.0 * low,
        100.0 * high,
        by(true),
        by(false),
        times(|g| &g.papan_seconds),
        times(|g| &g.reference_seconds),
        size = m.size,
    );
    row
}
