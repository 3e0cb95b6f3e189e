//! Papan's bots against the public reference engines, each a separate
//! process given by the user (built beside the project from its public
//! sources, never part of it). Prints a Markdown table: the score with its
//! 95% (Wilson) interval, results by colour and seconds per move.
//!
//! ```text
//! strength hex --mohex PATH | --reference-papan PATH [--reference-gtp LINE]...
//!     [--size 9] [--games 40] [--time 1] [--papan-time S]
//!     [--reference-time S] [--seed 1000] [--papan-gtp "param_papan vc 0"]...
//!     [--label TEXT] [--record FILE] [--papan PATH] [--reference-threads 1] [--jobs 1]
//! strength hex-positions --positions FILE --mohex PATH | --judge-papan PATH
//!     [--time 1] [--papan-gtp LINE]... [--solve-time 10] [--solve-work 200000]
//!     [--record FILE] [--label TEXT] [--papan PATH | --mover-mohex PATH] [--jobs 1]
//! strength hex-positions --positions FILE --build RECORD... --mohex PATH | --judge-papan PATH
//!     [--size 9] [--count 500] [--seed 1] [--from-ply 8] [--to-ply 32] [--jobs 1]
//! strength hadang --titanium PATH [--reference-time 1] | --gorisanson DIR [--rollouts 60000]
//!     [--node node] [--games 20] [--time 1] [--papan-time S] [--seed 1000]
//!     [--label TEXT] [--record FILE] [--papan PATH]
//! strength backgammon --gnubg PATH [--games 200] [--seed 1] [--plies 0] [--judge]
//!     [--level expert] [--papan "PATH ARGS"] [--scripts DIR] [--record FILE]
//! strength backgammon --gnubg PATH --regrade RECORD [--positions N] [--papan "PATH ARGS"]
//! ```
//!
//! `hex-positions` scores Papan's moves in positions the side to move wins
//! (how often it keeps the win) by an exact solver's judgement, and with
//! `--build` makes such positions from match records (`hex_positions`).
//! Its `--papan-gtp` lines go to the engine that moves, MoHex too with
//! `--mover-mohex` (for MoHex's own ablations: `"param_mohex_policy
//! pattern_heuristic 0"`).
//!
//! Backgammon is played inside GNU Backgammon by its own scripting
//! (`crates/rules/tests/data/gnubg/play_vs_bot.py`, duplicate dice); the
//! table gives Papan's share of the points, and with `--judge` gnubg's
//! 2-ply grade of Papan's plays (`judge.py`). `--regrade RECORD` plays no
//! games: Papan chooses afresh in the positions of an earlier match's
//! `--record` and gnubg grades those plays (for comparing lookaheads, e.g.
//! `--papan "bg-engine --stages '16 0.5 8 0.2 3 0.08'"`, on equal ground).
//!
//! `cargo xtask strength …` builds the engines in release and runs this.

mod backgammon;
mod engine;
mod hadang;
mod hex;
mod hex_positions;
mod parallel;
#[path = "../arena/stats.rs"]
#[allow(dead_code)]
mod stats;

use std::collections::VecDeque;
use std::str::FromStr;

const USAGE: &str = "usage: strength hex --mohex PATH | --reference-papan PATH [--reference-gtp LINE]... [--size 9] [--games 40] [--time 1] \
[--papan-time S] [--reference-time S] [--seed N] [--papan-gtp LINE]... [--label TEXT] [--record FILE] [--papan PATH] [--jobs N]
       strength hex-positions --positions FILE --mohex PATH | --judge-papan PATH [--time 1] [--papan-gtp LINE]... \
[--solve-time 10] [--solve-work 200000] [--record FILE] [--label TEXT] [--papan PATH | --mover-mohex PATH] [--jobs N]
       strength hex-positions --positions FILE --build RECORD... --mohex PATH | --judge-papan PATH [--size 9] \
[--count 500] [--seed N] [--from-ply 8] [--to-ply 32] [--jobs N]
       strength hadang --titanium PATH [--reference-time S] | --gorisanson DIR [--rollouts N] [--node node] \
[--games 20] [--time 1] [--papan-time S] [--seed N] [--label TEXT] [--record FILE] [--papan PATH]
       strength backgammon --gnubg PATH [--games 200] [--seed N] [--plies 0] [--judge] [--level expert] \
[--papan \"PATH ARGS\"] [--scripts DIR] [--record FILE]
       strength backgammon --gnubg PATH --regrade RECORD [--positions N] [--papan \"PATH ARGS\"]";

/// The command line after the subcommand: `--flag value` pairs, read once each.
pub struct Flags {
    words: Vec<(String, String)>,
}

impl Flags {
    fn parse(words: impl Iterator<Item = String>) -> Result<Flags, String> {
        let mut queue: VecDeque<String> = words.collect();
        let mut pairs = Vec::new();
        while let Some(flag) = queue.pop_front() {
            if !flag.starts_with("--") {
                return Err(format!("expected a --flag, found {flag:?}"));
            }
            let value = queue.pop_front().ok_or(format!("{flag} needs a value"))?;
            pairs.push((flag, value));
        }
        Ok(Flags { words: pairs })
    }

    /// Every value of a repeatable flag.
    pub fn all(&mut self, flag: &str) -> Vec<String> {
        let (these, rest) = std::mem::take(&mut self.words)
            .into_iter()
            .partition(|(f, _)| f == flag);
        self.words = rest;
        these.into_iter().map(|(_, v)| v).collect::<Vec<_>>()
    }

    pub fn text(&mut self, flag: &str) -> Option<String> {
        self.all(flag).pop()
    }

    pub fn number<T: FromStr>(&mut self, flag: &str, default: T) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        match self.text(flag) {
            None => Ok(default),
            Some(text) => text.parse().map_err(|e| format!("{flag} {text:?}: {e}")),
        }
    }

    fn finish(self) -> Result<(), String> {
        match self.words.first() {
            None => Ok(()),
            Some((flag, _)) => Err(format!("unknown flag {flag}")),
        }
    }
}

/// A binary built beside this one (the same target folder).
pub fn sibling(name: &str) -> String {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(name)))
        .map_or_else(|| name.to_string(), |path| path.display().to_string())
}

fn main() {
    let mut words = papan_cli::args_or_exit("strength", USAGE, None).into_iter();
    let result = match words.next().as_deref() {
        Some("hex") => Flags::parse(words).and_then(|mut flags| {
            let m = hex::HexMatch::from_flags(&mut flags)?;
            flags.finish()?;
            hex::run(&m).map(|row| format!("{}\n{row}", hex::TABLE_HEAD))
        }),
        Some("hex-positions") => Flags::parse(words).and_then(|mut flags| {
            let run = hex_positions::PositionsRun::from_flags(&mut flags)?;
            flags.finish()?;
            hex_positions::run(&run)
        }),
        Some("hadang") => Flags::parse(words).and_then(|mut flags| {
            let m = hadang::HadangMatch::from_flags(&mut flags)?;
            flags.finish()?;
            hadang::run(&m).map(|row| format!("{}\n{row}", hadang::TABLE_HEAD))
        }),
        Some("backgammon") => {
            let (judge, words) = backgammon::take_judge(words);
            Flags::parse(words.into_iter()).and_then(|mut flags| {
                let m = backgammon::BgMatch::from_flags(&mut flags, judge)?;
                flags.finish()?;
                let head = match m.regrade {
                    Some(_) => backgammon::REGRADE_HEAD,
                    None => backgammon::TABLE_HEAD,
                };
                backgammon::run(&m).map(|row| format!("{head}\n{row}"))
            })
        }
        Some(other) => Err(format!(
            "unknown game {other:?} (hex, hex-positions, hadang or backgammon)\n{USAGE}"
        )),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(table) => println!("{table}"),
        Err(e) => {
            eprintln!("strength: {e}");
            std::process::exit(2);
        }
    }
}
