//! A Hex GTP engine in the dialect of Benzene/MoHex and HexGui.
//!
//! Conventions there: `black` moves first and joins north–south (top and
//! bottom); cells are `a1`… with letters for columns and numbers for rows, top
//! left `a1`. The pie rule is "swap-pieces": the first stone is mirrored across
//! the long diagonal and changes colour, and black moves again; colours keep
//! their edges.
//!
//! Papan's swap (X7) exchanges seats instead and leaves the board alone. Both
//! describe the same game up to a relabelling: GTP `black` is Papan's first
//! seat and `white` the second, and once a swap has been played GTP cells are
//! Papan cells transposed (column ↔ row), which turns Papan's Blue left–right
//! connection into black's north–south one. Before any swap they coincide
//! (black = Red, top–bottom).
//!
//! The engine holds no clock: the binary passes one in (ms since any start),
//! tests pass none and the search then runs to its iteration budget.
//!
//! Its searches come from [`Bot`] like the app's: `Hex::tuned` (the level's
//! search with the engine's knobs and root-parallel count),
//! [`Thinker::set_iterations`] for `param_papan iterations` and for time to
//! use, and `Hex::advance` to keep the Expert's tree from move to move.
//!
//! `max_time` (or `time_settings`) is time to use: with a clock, the level's
//! iteration budget is lifted and the search runs until that time is spent
//! (so two engines can play at equal time); the level keeps its softmax.
//! The time runs from the start of `genmove`, so preparing the search (the
//! kept tree advanced, the root's knowledge) counts against it.

use papan_bots::hex::expert::TIMED_ITERATIONS;
use papan_bots::hex::{ExpertThinker, HexThinker, HexTuning, Knobs};
use papan_bots::{ends_by, run_to_end, Bot, Decision, Level, Thinker};
use papan_rules::hex::{Cell, Colour, Hex, HexMove, HexOptions, SIZES};
use papan_rules::{Game, Seat};
use std::sync::atomic::AtomicBool;

pub const COMMANDS: [&str; 21] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "set_level",
    "param_papan",
    "time_settings",
    "swap-pieces",
    "hexgui-analyze_commands",
    "set_seed",
    "dfpn-solve-state",
    "exit",
    "quit",
];

/// Milliseconds from some fixed start, read by `genmove` for its deadline.
pub type Clock = Box<dyn FnMut() -> u64 + Send>;

/// Runs an Expert's searches for the given milliseconds, each on a thread
/// of its own (the binary gives one; the library starts no thread).
pub type Runner = Box<dyn Fn(&mut ExpertThinker, u64) + Send>;

/// The last Expert search, kept for the next move (tree reuse).
struct Previous {
    /// The history when the search began: its root.
    root: Vec<HexMove>,
    tuning: HexTuning,
    /// The work it was given ([`GtpEngine::work`]).
    work: Option<u64>,
    thinker: HexThinker,
}

pub struct GtpEngine {
    size: u8,
    history: Vec<HexMove>,
    position: Hex,
    level: Level,
    /// Per-move cap set by `param_papan max_time` or `time_settings`,
    /// overriding the level's own.
    max_time_ms: Option<u64>,
    /// Judgements `dfpn-solve-state` may spend.
    solve_work: u64,
    /// The clock's reading when the current `genmove` began.
    move_started: Option<u64>,
    /// A fixed number of iterations per move (`param_papan iterations`):
    /// the clock is then ignored, so a match does the same work whatever
    /// else the machine is doing.
    fixed_iterations: Option<u64>,
    /// Whether `genmove` may answer Red's first stone with swap-pieces.
    allow_swap: bool,
    /// `genmove` resigns below this estimate (0 never resigns).
    resign_threshold: f64,
    /// The Expert's search knobs (`param_papan fill_in 0` and the like:
    /// ablations and tuning).
    knobs: Knobs,
    /// Root-parallel searches of the Expert (`param_papan threads`).
    searches: usize,
    /// Keep the Expert's tree from one move to the next (`param_papan reuse`).
    reuse: bool,
    previous: Option<Previous>,
    runner: Option<Runner>,
    seed: u64,
    clock: Option<Clock>,
    quit: bool,
}

type Reply = Result<String, String>;

fn seat_of_colour(word: &str) -> Result<Seat, String> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Seat::First),
        "w" | "white" => Ok(Seat::Second),
        other => Err(format!("invalid color {other:?} (black or white)")),
    }
}

/// A GTP boolean: `1`/`true` or `0`/`false`.
fn flag_value(text: &str) -> Result<bool, String> {
    match text {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        other => Err(format!("expected 0 or 1, found {other:?}")),
    }
}

fn colour_word(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "black",
        Seat::Second => "white",
    }
}

impl Default for GtpEngine {
    fn default() -> GtpEngine {
        GtpEngine::new(None)
    }
}

impl GtpEngine {
    pub fn new(clock: Option<Clock>) -> GtpEngine {
        let size = 11;
        GtpEngine {
            size,
            history: Vec::new(),
            position: Hex::empty(HexOptions { size, swap: true }).expect("11 is offered"),
            level: Level::Expert,
            max_time_ms: None,
            solve_work: 200_000,
            move_started: None,
            fixed_iterations: None,
            allow_swap: true,
            resign_threshold: 0.01,
            knobs: Knobs::default(),
            searches: 1,
            reuse: true,
            previous: None,
            runner: None,
            seed: 1,
            clock,
            quit: false,
        }
    }

    /// Runs the Expert's parallel searches with `runner` when time is given.
    pub fn with_runner(mut self, runner: Runner) -> GtpEngine {
        self.runner = Some(runner);
        self
    }

    /// Whether `quit` was received.
    pub fn quit(&self) -> bool {
        self.quit
    }

    pub fn position(&self) -> &Hex {
        &self.position
    }

    /// Answers one line of input: `Some` full response (`=… \n\n` or
    /// `?…\n\n`), `None` for blank and comment lines.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            return None;
        }
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let id = words[0].parse::<u64>().ok().map(|id| id.to_string());
        if id.is_some() {
            words.remove(0);
        }
        let id = id.unwrap_or_default();
        let reply = match words.split_first() {
            None => Err("empty command".to_string()),
            Some((command, args)) => self.dispatch(command, args),
        };
        Some(match reply {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(text) => format!("?{id} {text}\n\n"),
        })
    }

    fn dispatch(&mut self, command: &str, args: &[&str]) -> Reply {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("papan".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(args.first().is_some_and(|c| COMMANDS.contains(c)).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.reset(self.size);
                Ok(String::new())
            }
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => self.undo(),
            "showboard" => Ok(format!("\n{}", self.picture())),
            "final_score" => match self.position.outcome() {
                Some(outcome) => Ok(match outcome.winner {
                    Some(Seat::First) => "B+".into(),
                    Some(Seat::Second) => "W+".into(),
                    None => "0".into(),
                }),
                None => Err("cannot score: the game is not over".into()),
            },
            "set_level" => {
                self.level = args.first().ok_or("set_level needs a level")?.parse()?;
                Ok(String::new())
            }
            "set_seed" => {
                self.seed = args
                    .first()
                    .and_then(|s| s.parse().ok())
                    .ok_or("set_seed needs a number")?;
                Ok(String::new())
            }
            "param_papan" => self.param(args),
            "time_settings" => self.time_settings(args),
            "swap-pieces" => self.play(&["white", "swap-pieces"]),
            "hexgui-analyze_commands" => Ok(String::new()),
            "dfpn-solve-state" => Ok(self.solve_state().into()),
            "quit" | "exit" => {
                self.quit = true;
                Ok(String::new())
            }
            other => Err(format!("unknown command {other:?}")),
        }
    }

    /// Benzene's `dfpn-solve-state`: the player who wins the position with
    /// best play (`black` or `white`), or `empty` when the exact solver has
    /// not found out within `param_papan solve_work` judgements.
    fn solve_state(&self) -> &'static str {
        match papan_bots::hex::solve(&self.position, self.solve_work) {
            Some(colour) => colour_word(self.position.seat_of(colour)),
            None => "empty",
        }
    }

    fn reset(&mut self, size: u8) {
        self.size = size;
        self.history.clear();
        self.previous = None;
        self.rebuild();
    }

    /// Replays the history on a fresh position (swap enabled when the engine
    /// may swap or a swap was played).
    fn rebuild(&mut self) {
        let swap = self.allow_swap || self.history.contains(&HexMove::Swap);
        let mut position = Hex::empty(HexOptions { size: self.size, swap }).expect("size checked");
        for mv in &self.history {
            position.play(mv).expect("history holds legal moves");
        }
        self.position = position;
    }

    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let sizes: Vec<u8> = args
            .iter()
            .map(|a| a.parse::<u8>())
            .collect::<Result<_, _>>()
            .map_err(|_| "boardsize needs a number")?;
        let size = match sizes.as_slice() {
            [n] => *n,
            [w, h] if w == h => *w,
            [_, _] => return Err("only square boards".into()),
            _ => return Err("boardsize needs one or two numbers".into()),
        };
        if !SIZES.contains(&size) {
            return Err(format!("unacceptable size: {size} (7, 9, 11, 13 or 19)"));
        }
        self.reset(size);
        Ok(String::new())
    }

    /// Papan cell for a GTP cell (transposed once swapped, see the module notes).
    fn to_papan(&self, cell: Cell) -> Cell {
        if self.position.swapped() {
            Cell::new(cell.row, cell.col)
        } else {
            cell
        }
    }

    fn to_gtp(&self, mv: HexMove) -> String {
        match mv {
            HexMove::Swap => "swap-pieces".into(),
            HexMove::Place(cell) => self.to_papan(cell).to_string(),
        }
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let [colour, text] = args else {
            return Err("play needs a color and a move".into());
        };
        let seat = seat_of_colour(colour)?;
        if self.position.seat_to_move() != Some(seat) {
            return Err(match self.position.seat_to_move() {
                Some(other) => format!("it is {}'s turn", colour_word(other)),
                None => "the game is over".into(),
            });
        }
        let mv = match text.to_ascii_lowercase().as_str() {
            "swap-pieces" | "swap" => HexMove::Swap,
            "resign" => return Ok(String::new()),
            cell => HexMove::Place(self.to_papan(cell.parse::<Cell>().map_err(|e| format!("illegal move: {e}"))?)),
        };
        if mv == HexMove::Swap && !self.position.options().swap {
            // The controller plays with the pie rule even though we would not
            // swap ourselves: replay on a position that allows it.
            let mut trial = Hex::empty(HexOptions {
                size: self.size,
                swap: true,
            })
            .expect("size checked");
            for earlier in &self.history {
                trial.play(earlier).expect("history holds legal moves");
            }
            trial.play(&mv).map_err(|e| format!("illegal move: {e}"))?;
            self.position = trial;
            self.history.push(mv);
            return Ok(String::new());
        }
        self.position.play(&mv).map_err(|e| format!("illegal move: {e}"))?;
        self.history.push(mv);
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[&str]) -> Reply {
        let seat = seat_of_colour(args.first().ok_or("genmove needs a color")?)?;
        match self.position.seat_to_move() {
            None => return Err("the game is over".into()),
            Some(s) if s != seat => return Err(format!("it is {}'s turn", colour_word(s))),
            _ => {}
        }
        // The move's time runs from here: building or advancing the tree
        // and the root's knowledge count against it, not only the search.
        self.move_started = match self.fixed_iterations {
            None => self.clock.as_mut().map(|clock| clock()),
            Some(_) => None,
        };
        let seed = self
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(self.history.len() as u64);
        let decision = match self.level {
            Level::Expert => self.expert_move(seed),
            level => {
                let mut t = Hex::tuned(&self.position, level, seed, &self.tuning());
                if let Some(iterations) = self.work() {
                    t.set_iterations(iterations);
                }
                let limit = self.max_time_ms.unwrap_or_else(|| t.time_limit_ms());
                self.run(&mut t, limit)
            }
        };
        let mv = decision.best.ok_or("no move to make")?;
        if decision.win_probability < self.resign_threshold {
            return Ok("resign".into());
        }
        let text = self.to_gtp(mv);
        self.position.play(&mv).map_err(|e| e.to_string())?;
        self.history.push(mv);
        // After our own swap, the reply names the move in GTP terms already.
        Ok(text)
    }

    /// Runs a thinker until `limit` ms have passed on the clock, or to its
    /// budget without one (or with a fixed number of iterations).
    fn run<T: Thinker>(&mut self, thinker: &mut T, limit: u64) -> Decision<T::Move> {
        let cancel = AtomicBool::new(false);
        match self.clock.as_mut().filter(|_| self.fixed_iterations.is_none()) {
            Some(clock) => {
                let start = self.move_started.unwrap_or_else(&mut *clock);
                run_to_end(thinker, &cancel, ends_by(clock, start + limit))
            }
            None => run_to_end(thinker, &cancel, || false),
        }
    }

    /// The Expert's move: the last search's tree if it holds the moves
    /// since, else a new search; run on threads when a runner and a time
    /// are given.
    fn expert_move(&mut self, seed: u64) -> Decision<HexMove> {
        let (tuning, work) = (self.tuning(), self.work());
        let mut thinker = match self.reused(tuning, work) {
            Some(thinker) => thinker,
            None => {
                let mut thinker = Hex::tuned(&self.position, Level::Expert, seed, &tuning);
                if let Some(iterations) = work {
                    thinker.set_iterations(iterations);
                }
                thinker
            }
        };
        let limit = self.max_time_ms.unwrap_or_else(|| thinker.time_limit_ms());
        let timed = self.max_time_ms.is_some() && self.clock.is_some() && self.fixed_iterations.is_none();
        let left = if timed { self.time_left(limit) } else { limit };
        let decision = match (&self.runner, &mut thinker, timed) {
            (Some(runner), HexThinker::Knowledge(expert), true) => {
                runner(expert, left);
                expert.decision()
            }
            _ => self.run(&mut thinker, limit),
        };
        if self.reuse {
            self.previous = Some(Previous {
                root: self.history.clone(),
                tuning,
                work,
                thinker,
            });
        }
        decision
    }

    /// The engine's settings beyond the level, for [`Bot::tuned`].
    fn tuning(&self) -> HexTuning {
        HexTuning {
            knobs: self.knobs,
            searches: self.searches,
        }
    }

    /// The iterations a move gets in place of the level's budget: the fixed
    /// count of `param_papan iterations`, or, given time to use and a
    /// clock, a bound far beyond it ([`TIMED_ITERATIONS`]); `None`: the
    /// level's.
    fn work(&self) -> Option<u64> {
        match self.fixed_iterations {
            Some(iterations) => Some(iterations),
            None if self.max_time_ms.is_some() && self.clock.is_some() => Some(TIMED_ITERATIONS),
            None => None,
        }
    }

    /// What is left of `limit` ms since the move began.
    fn time_left(&mut self, limit: u64) -> u64 {
        match (self.clock.as_mut(), self.move_started) {
            (Some(clock), Some(start)) => limit.saturating_sub(clock().saturating_sub(start)),
            _ => limit,
        }
    }

    /// The last search, advanced to this position ([`Bot::advance`]), if
    /// it was made with the same settings and the game went on from it.
    fn reused(&mut self, tuning: HexTuning, work: Option<u64>) -> Option<HexThinker> {
        let previous = self.previous.take()?;
        if previous.tuning != tuning || previous.work != work || !self.history.starts_with(&previous.root) {
            return None;
        }
        let mut thinker = previous.thinker;
        let moves = &self.history[previous.root.len()..];
        Hex::advance(&mut thinker, moves, &self.position).then_some(thinker)
    }

    fn undo(&mut self) -> Reply {
        if self.history.pop().is_none() {
            return Err("cannot undo".into());
        }
        self.rebuild();
        Ok(String::new())
    }

    fn param(&mut self, args: &[&str]) -> Reply {
        let k = &mut self.knobs;
        match args {
            [] => Ok(format!(
                "[string] level {}\n[string] max_time {}\n[string] iterations {}\n[bool] allow_swap {}\n[string] resign_threshold {}\n\
                 [bool] fill_in {}\n[bool] connections {}\n[bool] patterns {}\n[bool] playout_patterns {}\n[bool] playout_balanced {}\n[bool] dominated {}\n[bool] vulnerable {}\n[bool] root_cells {}\n[bool] templates {}\n[bool] captured {}\n[bool] and_over_edges {}\n[string] vc_fulls {}\n[string] vc_semis {}\n[string] threads {}\n[bool] reuse {}\n[string] knowledge_after {}\n[string] deep_knowledge_after {}\n[string] solver {}\n[string] prior_weight {}\n[string] policy_share {}\n[string] policy_after {}\n\
                 [string] value_weight {}\n[string] exploration {}\n[string] rave_equivalence {}\n[string] expand_after {}\n[string] solve_work {}",
                self.level,
                self.max_time_ms
                    .map_or("level".to_string(), |ms| format!("{}", ms as f64 / 1000.0)),
                self.fixed_iterations.map_or("time".to_string(), |n| n.to_string()),
                self.allow_swap as u8,
                self.resign_threshold,
                k.fill_in as u8,
                k.connections as u8,
                k.patterns as u8,
                k.playout_patterns as u8,
                k.playout_balanced as u8,
                k.dominated as u8,
                k.vulnerable as u8,
                k.root_cells as u8,
                k.vc_limits.templates as u8,
                k.vc_limits.captured as u8,
                k.vc_limits.and_over_edges as u8,
                k.vc_limits.fulls,
                k.vc_limits.semis,
                self.searches,
                self.reuse as u8,
                k.knowledge_after,
                k.deep_knowledge_after,
                k.solver,
                k.prior_weight,
                k.policy_share,
                k.policy_after,
                k.value_weight,
                k.exploration,
                k.rave_equivalence,
                k.expand_after,
                self.solve_work,
            )),
            ["max_time", seconds] => {
                let s: f64 = seconds.parse().map_err(|_| "max_time needs seconds")?;
                self.max_time_ms = (s > 0.0).then_some((s * 1000.0) as u64);
                Ok(String::new())
            }
            ["iterations", count] => {
                let n: u64 = count.parse().map_err(|_| "iterations needs a number (0: by time)")?;
                self.fixed_iterations = (n > 0).then_some(n);
                Ok(String::new())
            }
            ["level", level] => {
                self.level = level.parse()?;
                Ok(String::new())
            }
            ["allow_swap", flag] => {
                self.allow_swap = flag_value(flag)?;
                self.rebuild();
                Ok(String::new())
            }
            ["solve_work", count] => {
                self.solve_work = count.parse().map_err(|_| "solve_work needs a number of judgements")?;
                Ok(String::new())
            }
            ["resign_threshold", p] => {
                self.resign_threshold = p.parse().map_err(|_| "resign_threshold needs a number")?;
                Ok(String::new())
            }
            ["fill_in", flag] => {
                k.fill_in = flag_value(flag)?;
                Ok(String::new())
            }
            ["connections", flag] => {
                k.connections = flag_value(flag)?;
                Ok(String::new())
            }
            ["patterns", flag] => {
                k.patterns = flag_value(flag)?;
                Ok(String::new())
            }
            ["threads", count] => {
                self.searches = count.parse::<usize>().map_err(|_| "threads needs a number")?.clamp(1, 64);
                Ok(String::new())
            }
            ["reuse", flag] => {
                self.reuse = flag_value(flag)?;
                self.previous = None;
                Ok(String::new())
            }
            ["playout_patterns", flag] => {
                k.playout_patterns = flag_value(flag)?;
                Ok(String::new())
            }
            ["playout_balanced", flag] => {
                k.playout_balanced = flag_value(flag)?;
                Ok(String::new())
            }
            ["dominated", flag] => {
                k.dominated = flag_value(flag)?;
                Ok(String::new())
            }
            ["vulnerable", flag] => {
                k.vulnerable = flag_value(flag)?;
                Ok(String::new())
            }
            ["root_cells", flag] => {
                k.root_cells = flag_value(flag)?;
                Ok(String::new())
            }
            ["templates", flag] => {
                k.vc_limits.templates = flag_value(flag)?;
                Ok(String::new())
            }
            ["captured", flag] => {
                k.vc_limits.captured = flag_value(flag)?;
                Ok(String::new())
            }
            ["and_over_edges", flag] => {
                k.vc_limits.and_over_edges = flag_value(flag)?;
                Ok(String::new())
            }
            [name @ ("knowledge_after" | "deep_knowledge_after" | "solver" | "prior_weight" | "policy_share" | "policy_after" | "value_weight" | "exploration" | "rave_equivalence" | "expand_after" | "vc_fulls"
            | "vc_semis"), value] => {
                let number: f64 = value.parse().map_err(|_| format!("{name} needs a number"))?;
                match *name {
                    "knowledge_after" => k.knowledge_after = number as u32,
                    "deep_knowledge_after" => k.deep_knowledge_after = number as u32,
                    "solver" => k.solver = number as u32,
                    "prior_weight" => k.prior_weight = number,
                    "policy_share" => k.policy_share = number.clamp(0.0, 1.0),
                    "policy_after" => k.policy_after = number as u32,
                    "value_weight" => k.value_weight = number.max(0.0),
                    "exploration" => k.exploration = number,
                    "rave_equivalence" => k.rave_equivalence = number,
                    "vc_fulls" => k.vc_limits.fulls = number as usize,
                    "vc_semis" => k.vc_limits.semis = number as usize,
                    _ => k.expand_after = number as u32,
                }
                Ok(String::new())
            }
            _ => Err("param_papan: level, max_time, iterations, allow_swap, resign_threshold, solve_work, fill_in, connections, patterns, playout_patterns, playout_balanced, dominated, vulnerable, root_cells, templates, captured, and_over_edges, threads, reuse, \
                      knowledge_after, deep_knowledge_after, solver, prior_weight, policy_share, policy_after, value_weight, exploration, rave_equivalence, expand_after, vc_fulls or vc_semis"
                .into()),
        }
    }

    /// `time_settings main byoyomi stones` (seconds): spreads the time over
    /// the moves likely left, within the byo-yomi period if there is one.
    fn time_settings(&mut self, args: &[&str]) -> Reply {
        let numbers: Vec<f64> = args
            .iter()
            .map(|a| a.parse())
            .collect::<Result<_, _>>()
            .map_err(|_| "time_settings needs numbers")?;
        let [main, byo, stones] = numbers[..] else {
            return Err("time_settings main byo_yomi stones".into());
        };
        let cells = self.size as f64 * self.size as f64;
        let per_move = if byo > 0.0 && stones > 0.0 {
            byo / stones
        } else {
            main / (cells / 4.0).max(10.0)
        };
        self.max_time_ms = (per_move > 0.0).then_some((per_move * 1000.0) as u64);
        Ok(String::new())
    }

    /// The board from GTP's side: `X` black, `O` white, letters on top.
    fn picture(&self) -> String {
        let n = self.size;
        let mut out = String::from("  ");
        for c in 0..n {
            out.push((b'a' + c) as char);
            out.push(' ');
        }
        out.push('\n');
        for r in 0..n {
            out.push_str(&format!("{:>2} {}", r + 1, " ".repeat(r as usize)));
            for c in 0..n {
                let stone = self.position.stone(self.to_papan(Cell::new(c, r)));
                out.push(match stone.map(|colour| self.position.seat_of(colour)) {
                    Some(Seat::First) => 'X',
                    Some(Seat::Second) => 'O',
                    None => '.',
                });
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str(&match self.position.seat_to_move() {
            Some(seat) => format!("{} to play", colour_word(seat)),
            None => "game over".into(),
        });
        out
    }

    /// The colour (Papan's) of a seat, for tests and tools.
    pub fn colour_of(&self, seat: Seat) -> Colour {
        self.position.colour_of(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(engine: &mut GtpEngine, line: &str) -> String {
        engine.handle(line).expect("a command gets an answer")
    }

    fn small() -> GtpEngine {
        let mut e = GtpEngine::new(None);
        assert_eq!(ask(&mut e, "boardsize 7"), "=\n\n");
        e
    }

    #[test]
    fn dfpn_solve_state_names_the_winner_or_empty_when_out_of_work() {
        let mut e = small();
        // Black (top to bottom) holds a1..a6 and wins at a7, to move.
        for row in 1..=6 {
            ask(&mut e, &format!("play b a{row}"));
            ask(&mut e, &format!("play w g{row}"));
        }
        assert_eq!(ask(&mut e, "dfpn-solve-state"), "= black\n\n");
        ask(&mut e, "play b a7");
        assert_eq!(
            ask(&mut e, "dfpn-solve-state"),
            "= black\n\n",
            "a finished game is its winner's"
        );
        // White (left to right) holds a1..f1 and wins at g1, to move.
        ask(&mut e, "clear_board");
        for (col, black) in "abcdef".chars().zip(["c3", "c4", "c5", "d3", "d4", "e3"]) {
            ask(&mut e, &format!("play b {black}"));
            ask(&mut e, &format!("play w {col}1"));
        }
        ask(&mut e, "play b g7");
        assert_eq!(ask(&mut e, "dfpn-solve-state"), "= white\n\n");
        // One judgement cannot decide the empty board.
        ask(&mut e, "clear_board");
        ask(&mut e, "param_papan solve_work 1");
        assert_eq!(ask(&mut e, "dfpn-solve-state"), "= empty\n\n");
        assert!(ask(&mut e, "param_papan solve_work lots").starts_with("? solve_work needs"));
    }

    #[test]
    fn gtp_basic_commands() {
        let mut e = GtpEngine::new(None);
        assert_eq!(ask(&mut e, "protocol_version"), "= 2\n\n");
        assert_eq!(ask(&mut e, "1 name"), "=1 papan\n\n");
        assert_eq!(ask(&mut e, "known_command genmove"), "= true\n\n");
        assert_eq!(ask(&mut e, "known_command fly"), "= false\n\n");
        assert!(ask(&mut e, "list_commands").contains("\nswap-pieces\n"));
        assert_eq!(ask(&mut e, "7 frobnicate"), "?7 unknown command \"frobnicate\"\n\n");
        assert_eq!(e.handle("   # just a comment"), None);
        assert_eq!(ask(&mut e, "boardsize 9 9"), "=\n\n");
        assert!(ask(&mut e, "boardsize 8").starts_with("? unacceptable size"));
        assert!(ask(&mut e, "boardsize 9 11").starts_with("?"));
        assert!(!e.quit());
        assert_eq!(ask(&mut e, "quit"), "=\n\n");
        assert!(e.quit());
    }

    #[test]
    fn gtp_play_undo_and_turns() {
        let mut e = small();
        assert_eq!(ask(&mut e, "play b d4"), "=\n\n");
        assert!(ask(&mut e, "play b c3").starts_with("? it is white's turn"));
        assert!(ask(&mut e, "play w d4").starts_with("? illegal move: X5"));
        assert!(ask(&mut e, "play w z9").starts_with("? illegal move"));
        assert_eq!(ask(&mut e, "play white c3"), "=\n\n");
        assert_eq!(e.position().stone_count(), 2);
        assert_eq!(ask(&mut e, "undo"), "=\n\n");
        assert_eq!(e.position().stone_count(), 1);
        assert_eq!(ask(&mut e, "clear_board"), "=\n\n");
        assert!(ask(&mut e, "undo").starts_with("?"));
    }

    #[test]
    fn gtp_black_joins_top_and_bottom() {
        let mut e = small();
        for r in 1..=6 {
            ask(&mut e, &format!("play b a{r}"));
            ask(&mut e, &format!("play w g{r}"));
        }
        assert!(ask(&mut e, "final_score").starts_with("? cannot score"));
        assert_eq!(ask(&mut e, "play b a7"), "=\n\n");
        assert_eq!(ask(&mut e, "final_score"), "= B+\n\n");
        assert!(ask(&mut e, "genmove w").starts_with("? the game is over"));
    }

    #[test]
    fn gtp_swap_pieces_mirrors_the_stone_and_black_moves_again() {
        let mut e = small();
        ask(&mut e, "play b b3");
        assert_eq!(ask(&mut e, "play w swap-pieces"), "=\n\n");
        let board = ask(&mut e, "showboard");
        // The stone is now white, mirrored from b3 to c2, and black is to play.
        let rows: Vec<&str> = board.lines().collect();
        assert!(rows[3].contains('O') && !board.contains('X'), "{board}");
        assert_eq!(rows[3].find('O'), Some(3 + 1 + 2 * 2), "{board}");
        assert!(board.contains("black to play"));
        assert_eq!(e.colour_of(Seat::First), Colour::Blue);
        // Black still joins top and bottom in GTP terms after the swap.
        for r in [1, 2, 3, 4, 5, 6] {
            ask(&mut e, &format!("play b e{r}"));
            assert_eq!(ask(&mut e, &format!("play w g{r}")), "=\n\n", "row {r}");
        }
        assert_eq!(ask(&mut e, "play b e7"), "=\n\n");
        assert_eq!(ask(&mut e, "final_score"), "= B+\n\n");
    }

    #[test]
    fn gtp_genmove_answers_with_a_legal_cell_and_plays_it() {
        let mut e = small();
        ask(&mut e, "set_level beginner");
        ask(&mut e, "param_papan allow_swap 0");
        ask(&mut e, "play b d4");
        let answer = ask(&mut e, "genmove w");
        let cell = answer.trim_start_matches("= ").trim();
        assert!(cell.parse::<Cell>().is_ok(), "{answer:?}");
        assert_eq!(e.position().stone_count(), 2);
        assert!(ask(&mut e, &format!("play b {cell}")).starts_with("? illegal move"));
        assert!(ask(&mut e, "set_level grandmaster").starts_with("?"));
    }

    #[test]
    fn gtp_genmove_takes_the_win() {
        let mut e = small();
        ask(&mut e, "set_level expert");
        for r in [1, 2, 3, 5, 6, 7] {
            ask(&mut e, &format!("play b c{r}"));
            ask(&mut e, &format!("play w a{r}"));
        }
        assert_eq!(ask(&mut e, "genmove b"), "= c4\n\n");
        assert_eq!(ask(&mut e, "final_score"), "= B+\n\n");
    }

    #[test]
    fn gtp_max_time_is_time_to_use_not_a_cap_on_the_level() {
        use std::sync::atomic::{AtomicU64, Ordering};
        use std::sync::Arc;
        // A clock that moves 1 ms each time it is read (once per slice).
        let reads = Arc::new(AtomicU64::new(0));
        let counter = reads.clone();
        let mut e = GtpEngine::new(Some(Box::new(move || counter.fetch_add(1, Ordering::Relaxed))));
        ask(&mut e, "boardsize 9");
        ask(&mut e, "param_papan level beginner");
        assert!(ask(&mut e, "genmove b").starts_with("= "));
        let at_level = reads.swap(0, Ordering::Relaxed);
        // Beginner's 150 iterations fit in one slice: a read or two.
        assert!(at_level <= 3, "{at_level} clock reads at the level's budget");
        ask(&mut e, "param_papan max_time 0.05");
        assert!(ask(&mut e, "genmove w").starts_with("= "));
        let timed = reads.load(Ordering::Relaxed);
        assert!(timed >= 50, "searched until 50 ms had passed: {timed} clock reads");
    }

    #[test]
    fn gtp_max_time_counts_from_the_start_of_the_move() {
        use std::sync::atomic::{AtomicU64, Ordering};
        use std::sync::{Arc, Mutex};
        // Each read of the clock is 30 ms later: the one at the start of
        // the move, then the one that asks what is left for the search.
        let reads = Arc::new(AtomicU64::new(0));
        let counter = reads.clone();
        let given = Arc::new(Mutex::new(Vec::new()));
        let seen = given.clone();
        let mut e = GtpEngine::new(Some(Box::new(move || 30 * counter.fetch_add(1, Ordering::Relaxed))))
            .with_runner(Box::new(move |_, limit| seen.lock().unwrap().push(limit)));
        ask(&mut e, "boardsize 9");
        ask(&mut e, "param_papan max_time 1");
        assert!(ask(&mut e, "genmove b").starts_with("= "));
        assert_eq!(
            *given.lock().unwrap(),
            vec![970],
            "the search gets what is left of the second"
        );
    }

    #[test]
    fn gtp_the_solver_share_and_deep_knowledge_are_set_listed_and_checked() {
        let defaults = Knobs::default();
        for (name, default) in [
            ("solver", defaults.solver),
            ("deep_knowledge_after", defaults.deep_knowledge_after),
            ("policy_after", defaults.policy_after),
        ] {
            let mut e = GtpEngine::new(None);
            ask(&mut e, "boardsize 7");
            assert!(
                ask(&mut e, "param_papan").contains(&format!("[string] {name} {default}\n")),
                "{name} listed with its default"
            );
            let set = default + 2;
            assert_eq!(ask(&mut e, &format!("param_papan {name} {set}")), "=\n\n");
            assert!(ask(&mut e, "param_papan").contains(&format!("[string] {name} {set}\n")));
            let refused = ask(&mut e, &format!("param_papan {name} many"));
            assert!(refused.starts_with(&format!("? {name} needs a number")), "{refused}");
            assert!(
                ask(&mut e, "param_papan").contains(&format!("[string] {name} {set}\n")),
                "{name} kept"
            );
            ask(&mut e, "param_papan iterations 3000");
            assert!(ask(&mut e, "genmove b").starts_with("= "));
        }
    }

    #[test]
    fn gtp_the_policys_share_is_the_apps_default_set_kept_within_one_and_checked() {
        let mut e = GtpEngine::new(None);
        ask(&mut e, "boardsize 7");
        // Natively the app's Expert asks the policy (`POLICY_BY_DEFAULT`).
        assert!(ask(&mut e, "param_papan").contains("[string] policy_share 1\n"));
        assert!(ask(&mut e, "param_papan").contains("[string] policy_after 8\n"));
        assert!(ask(&mut e, "param_papan").contains("[string] value_weight 128\n"));
        assert!(ask(&mut e, "param_papan").contains("[bool] playout_balanced 1\n"));
        assert_eq!(ask(&mut e, "param_papan playout_balanced 0"), "=\n\n");
        assert!(ask(&mut e, "param_papan").contains("[bool] playout_balanced 0\n"));
        assert!(ask(&mut e, "param_papan playout_balanced maybe").starts_with("? "));
        assert_eq!(ask(&mut e, "param_papan playout_balanced 1"), "=\n\n");
        assert_eq!(ask(&mut e, "param_papan policy_share 0.5"), "=\n\n");
        assert!(ask(&mut e, "param_papan").contains("[string] policy_share 0.5\n"));
        assert_eq!(ask(&mut e, "param_papan policy_share 3"), "=\n\n");
        assert!(
            ask(&mut e, "param_papan").contains("[string] policy_share 1\n"),
            "a share is at most 1"
        );
        let refused = ask(&mut e, "param_papan policy_share much");
        assert!(refused.starts_with("? policy_share needs a number"), "{refused}");
        // The value's weight, likewise (never below 0).
        assert_eq!(ask(&mut e, "param_papan value_weight 64"), "=\n\n");
        assert!(ask(&mut e, "param_papan").contains("[string] value_weight 64\n"));
        assert_eq!(ask(&mut e, "param_papan value_weight -3"), "=\n\n");
        assert!(ask(&mut e, "param_papan").contains("[string] value_weight 0\n"));
        assert_eq!(ask(&mut e, "param_papan value_weight 128"), "=\n\n");
        // A search with the policy plays a legal move.
        assert_eq!(ask(&mut e, "param_papan iterations 300"), "=\n\n");
        let reply = ask(&mut e, "genmove b");
        assert!(reply.starts_with("= ") && reply.len() > 4, "{reply}");
    }

    #[test]
    fn gtp_the_cut_the_roots_h_search_the_templates_and_captured_sets_are_set_listed_and_checked() {
        for name in ["vulnerable", "root_cells", "templates", "captured"] {
            let mut e = GtpEngine::new(None);
            ask(&mut e, "boardsize 7");
            assert!(
                ask(&mut e, "param_papan").contains(&format!("[bool] {name} 1")),
                "{name} on by default"
            );
            assert_eq!(ask(&mut e, &format!("param_papan {name} 0")), "=\n\n");
            assert!(ask(&mut e, "param_papan").contains(&format!("[bool] {name} 0")));
            let refused = ask(&mut e, &format!("param_papan {name} maybe"));
            assert!(refused.starts_with("? "), "{refused}");
            assert!(
                ask(&mut e, "param_papan").contains(&format!("[bool] {name} 0")),
                "{name} kept"
            );
        }
        let mut e = GtpEngine::new(None);
        assert!(
            ask(&mut e, "param_papan").contains("[bool] and_over_edges 0"),
            "off by default"
        );
        assert_eq!(ask(&mut e, "param_papan and_over_edges 1"), "=\n\n");
        assert!(ask(&mut e, "param_papan").contains("[bool] and_over_edges 1"));
    }

    #[test]
    fn gtp_fixed_iterations_ignore_the_clock() {
        use std::sync::atomic::{AtomicU64, Ordering};
        use std::sync::Arc;
        // A clock that jumps a whole second at each read: by time, one
        // slice would end every search.
        let reads = Arc::new(AtomicU64::new(0));
        let counter = reads.clone();
        let mut e = GtpEngine::new(Some(Box::new(move || 1_000 * counter.fetch_add(1, Ordering::Relaxed))));
        ask(&mut e, "boardsize 9");
        ask(&mut e, "param_papan max_time 1");
        ask(&mut e, "param_papan reuse 0");
        ask(&mut e, "param_papan iterations 3000");
        assert!(ask(&mut e, "param_papan").contains("[string] iterations 3000"));
        assert!(ask(&mut e, "genmove b").starts_with("= "));
        assert_eq!(reads.load(Ordering::Relaxed), 0, "the clock is not read");
        assert!(ask(&mut e, "param_papan iterations x").starts_with("? "));
        // 0 goes back to time.
        ask(&mut e, "param_papan iterations 0");
        assert!(ask(&mut e, "genmove w").starts_with("= "));
        assert!(reads.load(Ordering::Relaxed) > 0);
    }

    #[test]
    fn gtp_expert_keeps_its_tree_from_one_move_to_the_next() {
        let mut e = GtpEngine::new(None);
        ask(&mut e, "boardsize 9");
        ask(&mut e, "param_papan allow_swap 0");
        ask(&mut e, "play b e5");
        let first = ask(&mut e, "genmove w");
        let cell = first.trim_start_matches("= ").trim().to_string();
        assert!(e.previous.is_some(), "the search is kept");
        // Black answers; the next search starts from what the tree learned
        // under that answer: its root has more visits than it searched.
        ask(&mut e, "play b d4");
        assert!(ask(&mut e, "genmove w").starts_with("= "));
        let HexThinker::Knowledge(expert) = &e.previous.as_ref().unwrap().thinker else {
            panic!("the Expert's search is kept");
        };
        let search = expert.search();
        assert!(
            search.root_visits() > search.iterations(),
            "{} > {}",
            search.root_visits(),
            search.iterations()
        );
        assert_ne!(cell, "");
        // Other settings, or a new game, start afresh.
        ask(&mut e, "param_papan reuse 0");
        assert!(e.previous.is_none());
        ask(&mut e, "play b c3");
        ask(&mut e, "genmove w");
        assert!(e.previous.is_none());
    }

    #[test]
    fn gtp_threads_and_knobs_reach_the_experts_search_through_the_bot() {
        let mut e = GtpEngine::new(None);
        ask(&mut e, "boardsize 9");
        ask(&mut e, "param_papan allow_swap 0");
        ask(&mut e, "param_papan threads 3");
        ask(&mut e, "param_papan fill_in 0");
        ask(&mut e, "param_papan iterations 400");
        ask(&mut e, "play b e5");
        assert!(ask(&mut e, "genmove w").starts_with("= "));
        let previous = e.previous.as_ref().expect("the search is kept");
        assert_eq!(previous.tuning.searches, 3);
        assert!(!previous.tuning.knobs.fill_in);
        let HexThinker::Knowledge(expert) = &previous.thinker else {
            panic!("the Expert's search is kept");
        };
        assert_eq!(expert.search_count(), 3, "three root-parallel searches");
        assert_eq!(expert.decision().iterations, 3 * 400, "each does the fixed work");
        // A change of setting starts afresh rather than reusing the tree.
        ask(&mut e, "param_papan threads 1");
        ask(&mut e, "play b d4");
        assert!(ask(&mut e, "genmove w").starts_with("= "));
        let HexThinker::Knowledge(expert) = &e.previous.as_ref().unwrap().thinker else {
            panic!("the Expert's search is kept");
        };
        assert_eq!(expert.search_count(), 1);
        assert_eq!(
            expert.search().root_visits(),
            expert.search().iterations(),
            "a new tree"
        );
    }

    #[test]
    fn gtp_time_and_params() {
        let mut e = small();
        assert_eq!(ask(&mut e, "param_papan max_time 1.5"), "=\n\n");
        assert!(ask(&mut e, "param_papan").contains("max_time 1.5"));
        assert_eq!(ask(&mut e, "time_settings 0 30 10"), "=\n\n");
        assert!(ask(&mut e, "param_papan").contains("max_time 3"));
        assert!(ask(&mut e, "time_settings 5").starts_with("?"));
    }
}
