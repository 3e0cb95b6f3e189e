//! The line protocol of `bg-engine`, as gnubg's `play_vs_bot.py` speaks it
//! (`crates/rules/tests/data/gnubg`). Positions are gnubg Position IDs with the
//! engine's side on roll; moves are gnubg notation.
//!
//! - `move <posid> <d1> <d2>` → the chosen play (empty line: no legal move)
//! - `moves <posid> <d1> <d2>` → the Position ID (mover's view, before the
//!   board turns) of every legal result, space-separated, one line
//! - `level beginner|normal|expert` → `ok`; `seed <n>` → `ok`
//! - `stages <count> <window> <count> <window> <count> <window>` → `ok`:
//!   the candidates looked at 1, 2 and 3 plies deep (a count of 0 stops
//!   there), replacing the level's, for tuning the lookahead; `level`
//!   restores the level's own
//! - `time <ms>` → `ok`: the time cap per move, replacing the level's
//! - `quit` → no reply, the engine stops
//!
//! Anything else gets one line starting with `error:`. Each `move` uses the
//! next seed, so a level's noise varies from move to move yet a session
//! replays exactly.
//!
//! Its searches come from [`Bot`] like the app's: `Backgammon::tuned`, the
//! level's search with the engine's network and `stages`.

use papan_bots::backgammon::net::Net;
use papan_bots::backgammon::thinker::Stage;
use papan_bots::backgammon::walk::MAX_DEPTH;
use papan_bots::backgammon::BgTuning;
use papan_bots::{Bot, Decision, Level, Thinker};
use papan_rules::backgammon::{position_id, Backgammon, BgMove, Dice};
use papan_rules::Seat;

pub struct Engine {
    level: Level,
    /// The network, and the `stages` replacing the level's lookahead.
    tuning: BgTuning,
    /// The `time` replacing the level's cap (ms).
    time_limit_ms: Option<u64>,
    seed: u64,
    quit: bool,
    /// Legal plays in the last `move` request's position (0 before any).
    last_choices: usize,
    /// A clock for the level's time cap (native callers); `None` = no cap.
    clock: Option<Box<dyn FnMut() -> u64>>,
}

impl Engine {
    pub fn new(net: &'static Net, clock: Option<Box<dyn FnMut() -> u64>>) -> Engine {
        Engine {
            level: Level::Expert,
            tuning: BgTuning {
                net: Some(net),
                plies: None,
            },
            time_limit_ms: None,
            seed: 1,
            quit: false,
            last_choices: 0,
            clock,
        }
    }

    pub fn quit(&self) -> bool {
        self.quit
    }

    /// How many legal plays the last `move` request chose from (a caller
    /// timing the engine counts only real choices, more than one).
    pub fn last_choices(&self) -> usize {
        self.last_choices
    }

    /// Answers one request line (with its newline); `None` for `quit` and blank lines.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.as_slice() {
            [] => return None,
            ["quit"] => {
                self.quit = true;
                return None;
            }
            ["level", name] => name.parse().map(|level: Level| {
                self.level = level;
                self.tuning.plies = None;
                self.time_limit_ms = None;
                "ok".to_string()
            }),
            ["stages", rest @ ..] => parse_stages(rest).map(|plies| {
                self.tuning.plies = Some(plies);
                "ok".to_string()
            }),
            ["time", ms] => ms.parse().map_err(|_| format!("bad time {ms:?}")).map(|ms| {
                self.time_limit_ms = Some(ms);
                "ok".to_string()
            }),
            ["seed", n] => n.parse().map_err(|_| format!("bad seed {n:?}")).map(|seed| {
                self.seed = seed;
                "ok".to_string()
            }),
            ["move", id, d1, d2] => self.position(id, d1, d2).map(|position| self.choose(&position)),
            ["moves", id, d1, d2] => self.position(id, d1, d2).map(|position| {
                let ids: Vec<String> = position
                    .legal_plays()
                    .iter()
                    .map(|(after, _)| position_id::encode(after))
                    .collect();
                ids.join(" ")
            }),
            _ => Err(format!("unknown request {:?}", line.trim())),
        };
        Some(match reply {
            Ok(text) => text + "\n",
            Err(e) => format!("error: {e}\n"),
        })
    }

    fn position(&self, id: &str, d1: &str, d2: &str) -> Result<Backgammon, String> {
        let die = |d: &str| d.parse::<u8>().map_err(|_| format!("bad die {d:?}"));
        let dice = Dice::new(die(d1)?, die(d2)?).ok_or("dice show 1–6")?;
        let board = position_id::decode(id).map_err(|e| e.to_string())?;
        Backgammon::from_board(board, Seat::First, Some(dice)).map_err(|e| e.to_string())
    }

    fn choose(&mut self, position: &Backgammon) -> String {
        self.seed = self.seed.wrapping_add(1);
        self.last_choices = position.legal_plays().len();
        let mut thinker = Backgammon::tuned(position, self.level, self.seed, &self.tuning);
        let limit = self.time_limit_ms.unwrap_or_else(|| thinker.time_limit_ms());
        let start = self.clock.as_mut().map(|c| c());
        loop {
            if !thinker.think(papan_bots::SLICE) {
                break;
            }
            if let (Some(clock), Some(start)) = (self.clock.as_mut(), start) {
                if clock().saturating_sub(start) >= limit {
                    break;
                }
            }
        }
        match thinker.decision() {
            Decision {
                best: Some(BgMove::Play(play)),
                ..
            } if !play.is_pass() => play.to_string(),
            _ => String::new(),
        }
    }
}

/// `stages`' words: a count and an equity window for each depth.
fn parse_stages(words: &[&str]) -> Result<[Stage; MAX_DEPTH], String> {
    if words.len() != 2 * MAX_DEPTH {
        return Err(format!(
            "stages takes {} numbers: a count and a window per depth",
            2 * MAX_DEPTH
        ));
    }
    let mut plies = [Stage::NONE; MAX_DEPTH];
    for (stage, pair) in plies.iter_mut().zip(words.chunks(2)) {
        let count = pair[0].parse().map_err(|_| format!("bad count {:?}", pair[0]))?;
        let window: f32 = pair[1].parse().map_err(|_| format!("bad window {:?}", pair[1]))?;
        if window.is_nan() || window < 0.0 {
            return Err(format!("bad window {:?}", pair[1]));
        }
        *stage = Stage { count, window };
    }
    Ok(plies)
}
