//! Hex positions the side to move wins, by a judge's exact solver (MoHex's
//! DFPN, or Papan's own): how often Papan's move keeps the win.
//!
//! A match of 60 games tells strengths apart only by a dozen points (its
//! 95% interval); a few hundred positions, each judged once, show one
//! engine keeping the win 92% of the time and another 98% with room to
//! spare. In Hex the judge can be exact: a move keeps the win when the
//! position after it is still won for its player, which MoHex's DFPN
//! decides within 3 s for about seven in ten 9×9 positions of plies 8–32.
//!
//! `--build` makes the positions file from the records of earlier matches
//! (`strength hex --record`): positions from each game's plies (once each,
//! in a seeded order) that the judge finds won for the side to move.
//! Without it, Papan moves in each position of the file at `--time` (or
//! MoHex, `--mover-mohex PATH`, for the reference row) and the judge says
//! whether the win was kept (undecided within its limit: left out of the
//! score and counted apart).
//!
//! The file: `# comment` lines, then one position a line, the board size
//! and the moves from the empty board (`9 e5 d6 …`; black first, no swap).

use crate::engine::Engine;
use crate::parallel::in_parallel;
use crate::stats::{wilson, Spread};
use crate::Flags;
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
use papan_rules::{Game, Seat};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::fmt::Write as _;

pub struct PositionsRun {
    pub positions: String,
    /// MoHex moves instead of Papan (`--mover-mohex PATH`): the reference row.
    pub mover_mohex: Option<String>,
    /// `Some`: make the positions file from these match records instead.
    pub build: Option<Build>,
    pub papan: String,
    /// GTP lines for the engine that moves (`--papan-gtp`; MoHex's too).
    pub papan_setup: Vec<String>,
    pub time: f64,
    pub judge: Judge,
    pub jobs: usize,
    pub record: Option<String>,
    pub label: String,
}

pub struct Build {
    pub records: Vec<String>,
    pub size: u8,
    /// Positions offered to the judge (those it finds won are kept).
    pub count: usize,
    pub seed: u64,
    /// Plies of each game taken: from `first` up to `last`.
    pub first: usize,
    pub last: usize,
}

/// The engine that answers `dfpn-solve-state`, and how long it may think.
pub enum Judge {
    Mohex { path: String, seconds: f64 },
    Papan { path: String, work: u64 },
}

impl PositionsRun {
    pub fn from_flags(flags: &mut Flags) -> Result<PositionsRun> {
        let seconds = flags.number("--solve-time", 10.0)?;
        let work = flags.number("--solve-work", 200_000)?;
        let judge =
            match (flags.text("--mohex"), flags.text("--judge-papan")) {
                (Some(path), None) => Judge::Mohex { path, seconds },
                (None, Some(path)) => Judge::Papan { path, work },
                _ => return Err(
                    "hex-positions needs --mohex PATH (MoHex 2.0's mohex) or --judge-papan PATH (hex-gtp) as the judge"
                        .into(),
                ),
            };
        let records = flags.all("--build");
        let build = if records.is_empty() {
            None
        } else {
            let first = flags.number("--from-ply", 8)?;
            Some(Build {
                records,
                size: flags.number("--size", 9)?,
                count: flags.number("--count", 500)?,
                seed: flags.number("--seed", 1)?,
                first,
                last: flags.number("--to-ply", 32)?.max(first),
            })
        };
        let papan_setup = flags.all("--papan-gtp");
        let mover_mohex = flags.text("--mover-mohex");
        let mover_is_mohex = mover_mohex.is_some();
        Ok(PositionsRun {
            positions: flags
                .text("--positions")
                .ok_or("hex-positions needs --positions FILE")?,
            build,
            mover_mohex,
            papan: flags.text("--papan").unwrap_or_else(|| crate::sibling("hex-gtp")),
            time: flags.number("--time", 1.0)?,
            judge,
            jobs: flags.number::<usize>("--jobs", 1)?.max(1),
            record: flags.text("--record"),
            label: flags.text("--label").unwrap_or_else(|| {
                if mover_is_mohex {
                    "MoHex 2.0".to_string()
                } else if papan_setup.is_empty() {
                    "expert".to_string()
                } else {
                    papan_setup.join("; ")
                }
            }),
            papan_setup,
        })
    }
}

/// One position: its size and the moves that reach it.
struct Position {
    size: u8,
    moves: Vec<Cell>,
}

impl Position {
    fn line(&self) -> String {
        let mut line = self.size.to_string();
        for cell in &self.moves {
            let _ = write!(line, " {cell}");
        }
        line
    }

    /// The moves replayed under the rules: the game must not be over.
    fn replay(&self) -> Result<Hex> {
        let mut hex = Hex::empty(HexOptions {
            size: self.size,
            swap: false,
        })
        .map_err(|e| e.to_string())?;
        for (ply, cell) in self.moves.iter().enumerate() {
            if hex.is_over() {
                return Err(format!("the game is over before move {} ({cell})", ply + 1));
            }
            hex.play(&HexMove::Place(*cell))
                .map_err(|e| format!("move {} ({cell}): {e}", ply + 1))?;
        }
        if hex.is_over() {
            return Err("the game is over".into());
        }
        Ok(hex)
    }

    fn mover(&self) -> Seat {
        seat_after(self.moves.len())
    }
}

/// The seat that plays the move after `ply` moves (black first, no swap).
fn seat_after(ply: usize) -> Seat {
    if ply.is_multiple_of(2) {
        Seat::First
    } else {
        Seat::Second
    }
}

/// Plays `moves` from the empty board on `engine`.
fn play_moves(engine: &mut Engine, moves: &[Cell]) -> Result<()> {
    for (ply, cell) in moves.iter().enumerate() {
        engine.gtp(&format!("play {} {cell}", gtp_colour(seat_after(ply))))?;
    }
    Ok(())
}

fn gtp_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "black",
        Seat::Second => "white",
    }
}

/// Reads a positions file; a line that is not a legal unfinished game is
/// refused with its number and why.
fn read_positions(path: &str) -> Result<Vec<Position>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("{path} line {}: {e}", number + 1);
        let mut words = line.split_whitespace();
        let size: u8 = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| at("expected the board size first".into()))?;
        let moves = words
            .map(|w| w.parse::<Cell>().map_err(|e| at(format!("{w:?}: {e}"))))
            .collect::<Result<Vec<Cell>>>()?;
        let position = Position { size, moves };
        position.replay().map_err(at)?;
        positions.push(position);
    }
    if positions.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(positions)
}

fn start_judge(judge: &Judge) -> Result<Engine> {
    match judge {
        Judge::Mohex { path, .. } => Engine::start("mohex", path),
        Judge::Papan { path, .. } => Engine::start("judge", path),
    }
}

/// The judge's winner of `position` (the moves, then `extra` if any):
/// `Some(seat)`, or `None` when it did not find out.
fn judge_winner(judge: &Judge, engine: &mut Engine, position: &Position, extra: Option<Cell>) -> Result<Option<Seat>> {
    engine.gtp(&format!("boardsize {} {}", position.size, position.size))?;
    engine.gtp("clear_board")?;
    match judge {
        Judge::Mohex { seconds, .. } => {
            engine.gtp("param_game allow_swap 0")?;
            engine.gtp(&format!("param_dfpn timelimit {seconds}"))?;
        }
        Judge::Papan { work, .. } => {
            engine.gtp("param_papan allow_swap 0")?;
            engine.gtp(&format!("param_papan solve_work {work}"))?;
        }
    }
    play_moves(engine, &position.moves)?;
    if let Some(cell) = extra {
        engine.gtp(&format!("play {} {cell}", gtp_colour(position.mover())))?;
    }
    let (answer, _) = engine.gtp("dfpn-solve-state")?;
    match answer.trim().to_ascii_lowercase().as_str() {
        "black" => Ok(Some(Seat::First)),
        "white" => Ok(Some(Seat::Second)),
        "empty" => Ok(None),
        other => Err(format!("{} answered dfpn-solve-state with {other:?}", engine.name)),
    }
}

type Result<T> = std::result::Result<T, String>;

pub fn run(run: &PositionsRun) -> Result<String> {
    match &run.build {
        Some(build) => build_positions(run, build),
        None => score_positions(run),
    }
}

/// The moves of one match-record line (`papan-black papan-won e5 d6 … [resign]`).
fn record_moves(line: &str) -> Result<Vec<Cell>> {
    line.split_whitespace()
        .skip(2)
        .filter(|w| *w != "resign")
        .map(|w| w.parse::<Cell>().map_err(|e| format!("{w:?}: {e}")))
        .collect()
}

/// Every position of the records' games within the plies asked, once each.
fn candidates(build: &Build) -> Result<Vec<Position>> {
    let mut seen = HashSet::new();
    let mut all = Vec::new();
    for path in &build.records {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let moves = record_moves(line).map_err(|e| format!("{path} line {}: {e}", number + 1))?;
            for ply in build.first..=build.last.min(moves.len().saturating_sub(1)) {
                let position = Position {
                    size: build.size,
                    moves: moves[..ply].to_vec(),
                };
                position
                    .replay()
                    .map_err(|e| format!("{path} line {}: {e}", number + 1))?;
                // The same stones with the same side to move are one position.
                let mut black: Vec<Cell> = position.moves.iter().step_by(2).copied().collect();
                let mut white: Vec<Cell> = position.moves.iter().skip(1).step_by(2).copied().collect();
                black.sort();
                white.sort();
                if seen.insert((black, white)) {
                    all.push(position);
                }
            }
        }
    }
    all.shuffle(&mut ChaCha8Rng::seed_from_u64(build.seed));
    all.truncate(build.count);
    Ok(all)
}

fn build_positions(run: &PositionsRun, build: &Build) -> Result<String> {
    let offered = candidates(build)?;
    let verdicts = in_parallel(
        run.jobs,
        &offered,
        || start_judge(&run.judge),
        |judge, _, position| judge_winner(&run.judge, judge, position, None),
        |_, _| Ok(()),
    )?;
    let won: Vec<&Position> = offered
        .iter()
        .zip(&verdicts)
        .filter(|(p, v)| **v == Some(p.mover()))
        .map(|(p, _)| p)
        .collect();
    let undecided = verdicts.iter().filter(|v| v.is_none()).count();
    let judge = match &run.judge {
        Judge::Mohex { seconds, .. } => format!("MoHex's dfpn-solve-state, {seconds} s"),
        Judge::Papan { work, .. } => format!("Papan's dfpn-solve-state, {work} judgements"),
    };
    let mut file = format!(
        "# Hex positions won for the side to move: {} of {} offered (plies {} to {} of the games in {}, seed {}); \
         {} undecided by the judge ({judge}).\n",
        won.len(),
        offered.len(),
        build.first,
        build.last,
        build.records.join(", "),
        build.seed,
        undecided,
    );
    for position in &won {
        file.push_str(&position.line());
        file.push('\n');
    }
    std::fs::write(&run.positions, file).map_err(|e| format!("{}: {e}", run.positions))?;
    Ok(format!(
        "{}: {} positions won for the side to move, of {} offered ({} undecided)",
        run.positions,
        won.len(),
        offered.len(),
        undecided
    ))
}

/// What became of one position: Papan's move, its seconds, and whether
/// the judge found the win kept (`None`: undecided).
struct Tried {
    cell: Cell,
    seconds: f64,
    kept: Option<bool>,
}

fn score_positions(run: &PositionsRun) -> Result<String> {
    let positions = read_positions(&run.positions)?;
    let start = || -> Result<(Engine, Engine)> {
        let mover = match &run.mover_mohex {
            Some(path) => Engine::start("mohex", path)?,
            None => Engine::start("papan", &run.papan)?,
        };
        Ok((mover, start_judge(&run.judge)?))
    };
    let choose = |(mover, judge): &mut (Engine, Engine), i: usize, position: &Position| {
        mover.gtp(&format!("boardsize {} {}", position.size, position.size))?;
        mover.gtp("clear_board")?;
        if run.mover_mohex.is_some() {
            mover.gtp("param_game allow_swap 0")?;
            mover.gtp(&format!("param_mohex max_time {}", run.time))?;
            mover.gtp("param_mohex use_time_management 0")?;
        } else {
            mover.gtp("param_papan allow_swap 0")?;
            mover.gtp(&format!("param_papan max_time {}", run.time))?;
            mover.gtp(&format!("set_seed {}", 1_000 + i))?;
        }
        for line in &run.papan_setup {
            mover.gtp(line)?;
        }
        play_moves(mover, &position.moves)?;
        let (answer, took) = mover.gtp(&format!("genmove {}", gtp_colour(position.mover())))?;
        let answer = answer.trim().to_ascii_lowercase();
        let cell: Cell = answer
            .parse()
            .map_err(|e| format!("{} answered {answer:?} in {}: {e}", mover.name, position.line()))?;
        let winner = judge_winner(&run.judge, judge, position, Some(cell))?;
        Ok(Tried {
            cell,
            seconds: took.as_secs_f64(),
            kept: winner.map(|w| w == position.mover()),
        })
    };
    let tried = in_parallel(run.jobs, &positions, start, choose, |_, _| Ok(()))?;
    if let Some(path) = &run.record {
        let mut text = String::new();
        for (position, t) in positions.iter().zip(&tried) {
            let verdict = match t.kept {
                Some(true) => "kept",
                Some(false) => "lost",
                None => "undecided",
            };
            let _ = writeln!(text, "{verdict} {} {}", t.cell, position.line());
        }
        std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(format!("{TABLE_HEAD}\n{}", table_row(run, &tried)))
}

pub const TABLE_HEAD: &str = "| Hex positions | engine | time | judged | kept the win | 95% interval | undecided | s/move mean, p95 |\n|---|---|---|---|---|---|---|---|";

fn table_row(run: &PositionsRun, tried: &[Tried]) -> String {
    let judged = tried.iter().filter(|t| t.kept.is_some()).count();
    let kept = tried.iter().filter(|t| t.kept == Some(true)).count();
    let (low, high) = wilson(kept as f64, judged);
    let seconds: Vec<f64> = tried.iter().map(|t| t.seconds).collect();
    let spread = Spread::of(&seconds);
    format!(
        "| {} | {} | {} s | {judged} | {:.1}% ({kept}) | {:.1}–{:.1}% | {} | {:.2}, {:.2} |",
        run.positions,
        run.label,
        run.time,
        100.0 * kept as f64 / judged.max(1) as f64,
        100.0 * low,
        100.0 * high,
        tried.len() - judged,
        spread.mean,
        spread.p95,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each shipped positions file reads back as legal unfinished games,
    /// as many as its header says, each the opening of a game in the
    /// records it was built from.
    #[test]
    fn shipped_positions_are_openings_of_the_shipped_games() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
        for size in [9, 11] {
            let path = format!("{data}/hex-positions-{size}.txt");
            let positions = read_positions(&path).unwrap();
            let header = std::fs::read_to_string(&path).unwrap();
            let stated = format!("{} of ", positions.len());
            assert!(header.lines().next().unwrap().contains(&stated), "{path}: header count");
            let games: Vec<Vec<Cell>> = std::fs::read_to_string(format!("{data}/hex-mohex-games-{size}.txt"))
                .unwrap()
                .lines()
                .filter(|line| !line.starts_with('#'))
                .map(|line| record_moves(line).unwrap())
                .collect();
            for position in &positions {
                assert_eq!(position.size, size);
                assert!(
                    games.iter().any(|game| game.starts_with(&position.moves)),
                    "{path}: {} is in no recorded game",
                    position.line()
                );
            }
        }
    }
}
