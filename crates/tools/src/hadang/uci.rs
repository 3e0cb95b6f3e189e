//! A UCI-style text engine for HADANG, in the dialect of the open-source
//! Quoridor engines (Titanium's `uci` mode):
//!
//! ```text
//! uci                                   → id name Papan / id author … / uciok
//! isready                               → readyok
//! ucinewgame                            → (resets the position)
//! position startpos [moves e2 e8 e3h …] → (sets the position; errors as info string)
//! go [movetime MS] [nodes N] [depth D]  → info … / bestmove d2v
//! perft D                               → the number of D-ply move sequences
//! setoption name Level value expert     → (beginner, normal, expert)
//! quit
//! ```
//!
//! Notation: Papan's H3 is the one these engines use — files `a`–`i`, ranks
//! `1`–`9` from the first player's side; a pawn move is its target cell and a
//! wall is its lower-left cell plus `h`/`v`, where `e3h` blocks e3–e4 and
//! f3–f4 and `e3v` blocks e3–f3 and e4–f4. Titanium's board stores walls by
//! (row, column) of that same lower-left cell and prints them as
//! `column letter, row + 1, h|v`, with Player 1 on `e1` moving first, so
//! moves pass through unchanged (checked: perft 1/2/3 from the start are
//! 131 / 16,677 / 2,062,264 in both).
//!
//! gorisanson's quoridor-ai (JavaScript, no text protocol) counts rows from
//! the top: its first-moving light pawn starts on row 8, column 4 = `e1`. A
//! harness talking to it maps pawn `[row, col]` to file `col`, rank
//! `9 - row`; its horizontal wall `[g, c]` (blocking rows g|g+1 on columns
//! c, c+1) is Papan's `{file c}{8 - g}h`, and its vertical wall `[g, c]`
//! (blocking columns c|c+1 on rows g, g+1) is `{file c}{8 - g}v`.
//!
//! The engine holds no clock: the binary passes one in (ms since any start);
//! without one `go` searches to its node budget. `go movetime MS` without
//! `nodes` is time to use: the level's node budget is lifted and the search
//! deepens until the time is spent (or its deepest iteration is done).
//!
//! Its searches come from [`Bot`] like the app's: `Hadang::tuned` (the
//! level's search to `go depth D`), [`Thinker::set_iterations`] for `go
//! nodes N`, and [`Thinker::use_full_time`] for time to use.

use papan_bots::hadang::HadangTuning;
use papan_bots::{ends_by, run_to_end, Bot, Level, Thinker};
use papan_rules::hadang::{perft, Hadang, HadangMove};
use papan_rules::Game;
use std::sync::atomic::AtomicBool;

/// Milliseconds from some fixed start, read by `go` for its deadline.
pub type Clock = Box<dyn FnMut() -> u64 + Send>;

pub struct UciEngine {
    position: Hadang,
    level: Level,
    clock: Option<Clock>,
    seed: u64,
    quit: bool,
}

impl UciEngine {
    pub fn new(clock: Option<Clock>) -> UciEngine {
        UciEngine {
            position: Hadang::start(),
            level: Level::Expert,
            clock,
            seed: 0,
            quit: false,
        }
    }

    pub fn quit(&self) -> bool {
        self.quit
    }

    pub fn position(&self) -> &Hadang {
        &self.position
    }

    /// Answers one input line; `None` when the command prints nothing.
    /// Replies end with a newline.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (&command, args) = words.split_first()?;
        let lines: Vec<String> = match command {
            "uci" => vec![
                "id name Papan".into(),
                "id author Papan contributors".into(),
                "option name Level type combo default expert var beginner var normal var expert".into(),
                "uciok".into(),
            ],
            "isready" => vec!["readyok".into()],
            "ucinewgame" => {
                self.position = Hadang::start();
                self.seed = 0;
                vec![]
            }
            "position" => self.set_position(args).err().into_iter().collect(),
            "go" => self.go(args),
            "perft" => match args.first().and_then(|d| d.parse::<u32>().ok()) {
                Some(depth) => vec![perft(&self.position, depth).to_string()],
                None => vec!["info string error: perft needs a depth, like perft 3".into()],
            },
            "setoption" => self.set_option(args).err().into_iter().collect(),
            "stop" => vec![],
            "quit" => {
                self.quit = true;
                vec![]
            }
            other => vec![format!("info string unknown command {other}")],
        };
        if lines.is_empty() {
            None
        } else {
            Some(lines.iter().map(|l| format!("{l}\n")).collect())
        }
    }

    /// `position startpos [moves …]`: every move is checked against the
    /// rules; on the first illegal one the position is left as it was.
    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let (first, rest) = args
            .split_first()
            .ok_or("info string error: position needs startpos".to_string())?;
        if *first != "startpos" {
            return Err(format!(
                "info string error: only position startpos [moves …] is supported, not {first}"
            ));
        }
        let moves = match rest.split_first() {
            None => &[][..],
            Some((&"moves", moves)) => moves,
            Some((other, _)) => return Err(format!("info string error: expected moves, found {other}")),
        };
        let mut position = Hadang::start();
        for (i, text) in moves.iter().enumerate() {
            let mv: HadangMove = text
                .parse()
                .map_err(|e| format!("info string error: move {} ({text}): {e}", i + 1))?;
            position
                .play(&mv)
                .map_err(|e| format!("info string error: move {} ({text}): {e}", i + 1))?;
        }
        self.position = position;
        // A different game or point in it, different (but repeatable) noise.
        self.seed = moves.len() as u64;
        Ok(())
    }

    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let text = args.join(" ");
        let lower = text.to_ascii_lowercase();
        let Some(rest) = lower.strip_prefix("name level value ") else {
            return Err(format!("info string error: unknown option {text}"));
        };
        self.level = rest.parse().map_err(|e| format!("info string error: {e}"))?;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Vec<String> {
        if self.position.winner().is_some() {
            return vec!["info string game over".into(), "bestmove (none)".into()];
        }
        let mut tuning = HadangTuning::default();
        let mut movetime = None;
        let mut nodes = None;
        let mut nodes_given = false;
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let value = |w: Option<&&str>| w.and_then(|v| v.parse::<u64>().ok());
            match *word {
                "movetime" => movetime = value(words.next()),
                "nodes" => {
                    nodes_given = true;
                    nodes = value(words.next()).or(nodes);
                }
                "depth" => {
                    if let Some(depth) = value(words.next()) {
                        tuning.max_depth = Some(depth.clamp(1, 64) as u32);
                    }
                }
                "infinite" => movetime = None,
                "wtime" | "btime" | "winc" | "binc" | "movestogo" => {
                    words.next();
                }
                _ => {}
            }
        }
        let mut t = Hadang::tuned(&self.position, self.level, self.seed, &tuning);
        if let Some(nodes) = nodes {
            t.set_iterations(nodes);
        } else if movetime.is_some() && !nodes_given && self.clock.is_some() {
            t.use_full_time();
        }
        let decision = match (&mut self.clock, movetime) {
            (Some(clock), Some(ms)) => {
                let deadline = clock() + ms;
                run_to_end(&mut t, &AtomicBool::new(false), ends_by(clock, deadline))
            }
            _ => run_to_end(&mut t, &AtomicBool::new(false), || false),
        };
        let search = t.search();
        let score = search.best().map_or(0, |(_, s)| s);
        let mut lines = vec![format!(
            "info depth {} score cp {} nodes {} winprob {:.3}",
            search.completed_depth(),
            score,
            search.nodes(),
            decision.win_probability
        )];
        lines.push(match decision.best {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove (none)".into(),
        });
        lines
    }
}

impl Default for UciEngine {
    fn default() -> UciEngine {
        UciEngine::new(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(engine: &mut UciEngine, line: &str) -> String {
        engine.handle(line).unwrap_or_default()
    }

    #[test]
    fn handshake_names_papan() {
        let mut engine = UciEngine::default();
        let text = reply(&mut engine, "uci");
        assert!(text.starts_with("id name Papan\n"), "{text}");
        assert!(text.ends_with("uciok\n"), "{text}");
        assert_eq!(reply(&mut engine, "isready"), "readyok\n");
        assert_eq!(engine.handle("ucinewgame"), None);
        assert_eq!(engine.handle(""), None);
    }

    #[test]
    fn position_applies_moves_in_h3_notation() {
        let mut engine = UciEngine::default();
        assert_eq!(engine.handle("position startpos moves e2 e8 e3h"), None);
        let p = engine.position();
        assert_eq!(p.pawn(papan_rules::Seat::First).to_string(), "e2");
        assert_eq!(p.pawn(papan_rules::Seat::Second).to_string(), "e8");
        assert_eq!(p.walls_left(papan_rules::Seat::First), 9);
        // e3h blocks e3–e4: once on e3 the pawn cannot step up.
        let text = reply(&mut engine, "position startpos moves e2 e8 e3h e7 e3 e6 e4");
        assert!(text.contains("move 7 (e4)") && text.contains("H6"), "{text}");
    }

    #[test]
    fn illegal_position_is_refused_and_keeps_the_old_one() {
        let mut engine = UciEngine::default();
        engine.handle("position startpos moves e2");
        let text = reply(&mut engine, "position startpos moves e2 e7");
        assert!(
            text.starts_with("info string error: move 2 (e7)") && text.contains("H6"),
            "{text}"
        );
        assert_eq!(engine.position().pawn(papan_rules::Seat::First).to_string(), "e2");
        assert!(reply(&mut engine, "position fen x").starts_with("info string error"));
    }

    #[test]
    fn go_answers_a_legal_bestmove() {
        let mut engine = UciEngine::default();
        engine.handle("setoption name Level value beginner");
        engine.handle("position startpos moves e2 e8");
        let text = reply(&mut engine, "go movetime 500 nodes 2000");
        let last = text.lines().last().unwrap();
        let mv: HadangMove = last.strip_prefix("bestmove ").unwrap().parse().unwrap();
        let mut p = *engine.position();
        assert!(p.play(&mv).is_ok(), "{text}");
        assert!(text.starts_with("info depth "), "{text}");
    }

    #[test]
    fn go_movetime_is_time_to_use_not_a_cap_on_the_node_budget() {
        use std::sync::atomic::{AtomicU64, Ordering};
        use std::sync::Arc;
        // A clock that moves 1 ms each time it is read (once per slice).
        let reads = Arc::new(AtomicU64::new(0));
        let counter = reads.clone();
        let mut engine = UciEngine::new(Some(Box::new(move || counter.fetch_add(1, Ordering::Relaxed))));
        reply(&mut engine, "setoption name Level value expert");
        reply(&mut engine, "position startpos");
        let nodes = |text: &str| -> u64 {
            let words: Vec<&str> = text.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "nodes").expect("info has nodes");
            words[at + 1].parse().unwrap()
        };
        let capped = reply(&mut engine, "go movetime 400 nodes 2000");
        assert!(nodes(&capped) <= 2_000 + papan_bots::SLICE as u64, "{capped}");
        // Expert's own budget is 400,000 nodes; 1,700 slices of 256 go past it.
        reads.store(0, Ordering::Relaxed);
        let timed = reply(&mut engine, "go movetime 1700");
        assert!(
            reads.load(Ordering::Relaxed) >= 1_700,
            "searched until the time was spent"
        );
        assert!(nodes(&timed) > 400_000, "{timed}");
    }

    #[test]
    fn go_depth_and_nodes_bound_the_search() {
        let mut engine = UciEngine::default();
        engine.handle("position startpos moves e2 e8");
        let text = reply(&mut engine, "go depth 2");
        assert!(text.starts_with("info depth 2 "), "{text}");
        let text = reply(&mut engine, "go nodes 3000");
        let words: Vec<&str> = text.split_whitespace().collect();
        let nodes: u64 = words[words.iter().position(|w| *w == "nodes").unwrap() + 1]
            .parse()
            .unwrap();
        assert!((3_000..3_000 + papan_bots::SLICE as u64).contains(&nodes), "{text}");
        assert!(text.lines().last().unwrap().starts_with("bestmove "), "{text}");
    }

    #[test]
    fn go_in_a_finished_game_has_no_move() {
        let mut engine = UciEngine::default();
        let moves = "e2 e8 e3 e7 e4 e6 e5 d6 e6 d5 e7 d4 e8 d3 e9";
        engine.handle(&format!("position startpos moves {moves}"));
        assert!(engine.position().winner().is_some());
        assert!(reply(&mut engine, "go").ends_with("bestmove (none)\n"));
    }

    #[test]
    fn perft_counts_from_the_position() {
        let mut engine = UciEngine::default();
        assert_eq!(reply(&mut engine, "perft 1"), "131\n");
        assert_eq!(reply(&mut engine, "perft 2"), "16677\n");
        engine.handle("position startpos moves e2");
        let expected = perft(engine.position(), 1).to_string() + "\n";
        assert_eq!(reply(&mut engine, "perft 1"), expected);
    }

    #[test]
    fn unknown_commands_and_options_say_so() {
        let mut engine = UciEngine::default();
        assert_eq!(reply(&mut engine, "fly"), "info string unknown command fly\n");
        assert!(reply(&mut engine, "setoption name Level value grandmaster").starts_with("info string error"));
        assert_eq!(engine.handle("quit"), None);
        assert!(engine.quit());
    }
}
