//! A [`Request`] turned into work that runs in slices against a clock the
//! caller passes in (the browser's inside the worker, a counter in tests).

use crate::{Reply, Request, Task};
use papan_bots::puzzle::find::Scan;
use papan_bots::{Bot, Deadline, Decision, Level, Thinker};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::{GameId, Record};
use serde::{de::DeserializeOwned, Serialize};

/// Search iterations between two reads of the clock: well under a
/// millisecond for every game.
const ITERATIONS_PER_CHECK: u32 = 64;

/// A started request.
pub struct Job(Box<dyn Work>);

/// What every game's job offers, whatever its move type.
trait Work {
    /// Runs until `slice_ms` have passed by `now`, the job's time is up or
    /// its search ends; returns whether there is more to do.
    fn work(&mut self, now: &mut dyn FnMut() -> u64, slice_ms: u64) -> bool;
    fn reply(&self) -> Result<Reply, String>;
}

/// Reads `request` and sets up its work: the one place a [`GameId`] picks
/// the game's types in the worker. A view that is not the game's, or not
/// a legal position, is refused with the reason.
pub fn start(request: &Request) -> Result<Job, String> {
    if request.task == Task::Puzzles {
        return Ok(Job(Box::new(Scanner::start(request)?)));
    }
    let work: Box<dyn Work> = match request.game {
        GameId::Hex => Box::new(Search::<Hex>::start(request)?),
        GameId::Hadang => Box::new(Search::<Hadang>::start(request)?),
        GameId::Junqi => Box::new(Search::<JunQi>::start(request)?),
        GameId::Backgammon => Box::new(Search::<Backgammon>::start(request)?),
    };
    Ok(Job(work))
}

impl Job {
    /// Works for up to `slice_ms` by `now`; `false` once the answer is ready.
    pub fn work(&mut self, now: &mut dyn FnMut() -> u64, slice_ms: u64) -> bool {
        self.0.work(now, slice_ms)
    }

    /// The answer so far (the whole answer once [`Job::work`] said `false`).
    pub fn reply(&self) -> Result<Reply, String> {
        self.0.reply()
    }
}

/// One game's job: a search, or the judged moves found at the start.
struct Search<G: Bot> {
    thinker: Option<G::Thinker>,
    judged: Option<Vec<papan_bots::Judged<G::Move>>>,
    /// With `judged`: the luck of the roll ([`Bot::luck`]).
    luck: Option<f64>,
    /// The job's time cap, in milliseconds from its first slice: the search
    /// stops before a step that could end past it.
    deadline: Deadline,
    started: Option<u64>,
    elapsed: u64,
}

impl<G: Bot> Search<G>
where
    G::View: DeserializeOwned,
    G::Move: Serialize,
{
    fn start(request: &Request) -> Result<Self, String> {
        let view: G::View = serde_json::from_value(request.view.clone())
            .map_err(|e| format!("not a {} position: {e}", request.game))?;
        let seed = request.seed;
        let mut luck = None;
        let (thinker, judged, limit_ms) = match request.task {
            Task::Think { level, full_time } => {
                let mut thinker = G::thinker(&view, level, seed);
                if full_time && level == Level::Expert {
                    thinker.use_full_time();
                }
                let limit = thinker.time_limit_ms();
                (Some(thinker), None, limit)
            }
            Task::Estimate => {
                let thinker = G::estimator(&view, seed);
                let limit = thinker.time_limit_ms();
                (Some(thinker), None, limit)
            }
            Task::Puzzles => return Err("a scan for puzzles is not a search".into()),
            Task::Review { level, cap_ms } => match G::judge(&view) {
                Some(judged) => {
                    luck = G::luck(&view);
                    (None, Some(judged), 0)
                }
                None => {
                    let thinker = G::thinker(&view, level, seed);
                    let limit = thinker.time_limit_ms().min(cap_ms);
                    (Some(thinker), None, limit)
                }
            },
        };
        Ok(Search {
            thinker,
            judged,
            luck,
            deadline: Deadline::new(limit_ms),
            started: None,
            elapsed: 0,
        })
    }
}

impl<G: Bot> Work for Search<G>
where
    G::Move: Serialize,
{
    fn work(&mut self, now: &mut dyn FnMut() -> u64, slice_ms: u64) -> bool {
        let Some(thinker) = self.thinker.as_mut() else {
            return false;
        };
        let slice_start = now();
        let started = *self.started.get_or_insert(slice_start);
        // The time between this call and the last is the caller's, not a
        // step of the search.
        self.deadline.pause();
        loop {
            let t = now();
            self.elapsed = t.saturating_sub(started);
            if self.deadline.passed(self.elapsed) {
                return false;
            }
            if t.saturating_sub(slice_start) >= slice_ms {
                return true;
            }
            if !thinker.think(ITERATIONS_PER_CHECK) {
                return false;
            }
        }
    }

    fn reply(&self) -> Result<Reply, String> {
        let encode = |mv: &G::Move| serde_json::to_value(mv).map_err(|e| format!("a move does not serialise: {e}"));
        let decision = match &self.thinker {
            Some(thinker) => {
                let d = thinker.decision();
                Some(Decision {
                    best: d.best.as_ref().map(encode).transpose()?,
                    win_probability: d.win_probability,
                    iterations: d.iterations,
                })
            }
            None => None,
        };
        let judged = match &self.judged {
            Some(list) => Some(
                list.iter()
                    .map(|j| {
                        Ok(papan_bots::Judged {
                            mv: encode(&j.mv)?,
                            win: j.win,
                            equity: j.equity,
                        })
                    })
                    .collect::<Result<Vec<_>, String>>()?,
            ),
            None => None,
        };
        Ok(Reply {
            decision,
            judged,
            luck: self.luck,
            puzzles: None,
            ms: self.elapsed,
        })
    }
}

/// A scan of a finished game for puzzles, a position or more a slice.
struct Scanner {
    scan: Scan,
    elapsed: u64,
}

impl Scanner {
    fn start(request: &Request) -> Result<Scanner, String> {
        fn record<G: papan_rules::Game>(request: &Request) -> Result<Record<G>, String> {
            serde_json::from_value(request.view.clone()).map_err(|e| format!("not a {} record: {e}", request.game))
        }
        let scan = match request.game {
            GameId::Hex => Scan::hex(record(request)?)?,
            GameId::Hadang => Scan::hadang(record(request)?)?,
            GameId::Junqi => Scan::junqi(record(request)?)?,
            GameId::Backgammon => Scan::backgammon(record(request)?)?,
        };
        Ok(Scanner { scan, elapsed: 0 })
    }
}

impl Work for Scanner {
    fn work(&mut self, now: &mut dyn FnMut() -> u64, slice_ms: u64) -> bool {
        let slice_start = now();
        loop {
            let more = self.scan.step();
            let t = now();
            self.elapsed += t.saturating_sub(slice_start).min(slice_ms);
            if !more {
                return false;
            }
            if t.saturating_sub(slice_start) >= slice_ms {
                return true;
            }
        }
    }

    fn reply(&self) -> Result<Reply, String> {
        Ok(Reply {
            decision: None,
            judged: None,
            luck: None,
            puzzles: Some(
                self.scan
                    .found()
                    .iter()
                    .map(serde_json::to_value)
                    .collect::<Result<_, _>>()
                    .map_err(|e| format!("a puzzle does not serialise: {e}"))?,
            ),
            ms: self.elapsed,
        })
    }
}
