//! The Jun Qi flip bot, over a seat's view only.
//!
//! A bot is built from a [`JunQiView`], which cannot hold a face-down
//! identity (J21), so it cannot peek. Reveals are chance events drawn from
//! the public pool: the search ([`search`]) is expectimax over reveal
//! outcomes at the root with alpha-beta and quiescence over moves below,
//! scored by [`eval`]. The work is cut into small items (one root move, or
//! one outcome of one root reveal, at one depth) so callers can slice it;
//! depths deepen one complete pass at a time, and the decision always uses
//! the deepest complete pass.
//!
//! Levels differ by depth and by a steady softmax over the root values, in
//! material units: a weaker level picks among moves the search rates close
//! to the best, never a move it sees losing material for nothing.

pub mod eval;
pub mod search;
pub mod state;

use crate::level::Level;
use crate::{Decision, Thinker};
use papan_rules::junqi::{Colour, JunQiAction, JunQiView, Kind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::Search;
use state::State;

/// Search positions per [`Thinker::think`] iteration (a 256-iteration
/// slice is a few milliseconds on a desktop).
pub const NODES_PER_ITERATION: u64 = 16;

/// What a level means in Jun Qi flip.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct JunQiBudget {
    /// Most plies searched at full width before quiescence (1 = the action
    /// itself); depths deepen one complete pass at a time.
    pub depth: u8,
    /// Positions after which no new pass starts (nor one that would likely
    /// overrun) and a pass in progress is dropped: busy positions fall back
    /// to the last complete depth. The first pass always completes.
    pub nodes: u64,
    /// Softmax temperature over root values, in material units (a Platoon is
    /// 10); 0 takes the best.
    pub temperature: f64,
    /// Safety net for callers with a clock.
    pub time_limit_ms: u64,
}

/// The level's knobs. Measured with `arena --game junqi` (release, 200 games per
/// pair, seats alternated, draws half, on a loaded 2-core machine):
/// Expert 0.920 against Normal, Normal 0.907 against Beginner, Expert 0.998
/// against a random player; Expert thinks 56 ms a move on average (p95
/// 179 ms). Most non-wins are J19 quiet draws.
pub fn budget(level: Level) -> JunQiBudget {
    match level {
        Level::Beginner => JunQiBudget {
            depth: 1,
            nodes: u64::MAX,
            temperature: 6.0,
            time_limit_ms: 300,
        },
        Level::Normal => JunQiBudget {
            depth: 2,
            nodes: u64::MAX,
            temperature: 2.5,
            time_limit_ms: 500,
        },
        Level::Expert => JunQiBudget {
            depth: 3,
            nodes: 150_000,
            temperature: 0.0,
            time_limit_ms: 1_000,
        },
    }
}

/// One unit of root work: an action, and for a reveal one identity it may
/// show with that identity's probability.
#[derive(Copy, Clone, Debug)]
struct WorkItem {
    action: usize,
    shows: Option<(Colour, Kind)>,
    weight: f64,
}

/// An incremental search for one view; same view and seed, same decision.
pub struct JunQiThinker {
    state: State,
    actions: Vec<JunQiAction>,
    work: Vec<WorkItem>,
    budget: JunQiBudget,
    seed: u64,
    search: Search,
    /// Depth of the pass in progress.
    depth: u8,
    next: usize,
    partial: Vec<f64>,
    /// Root values of the deepest complete pass (empty before the first).
    values: Vec<f64>,
    /// Positions each complete pass took, and where the current one began.
    pass_nodes: Vec<u64>,
    pass_start: u64,
}

/// A bot for the seat to move in `view` at `level`.
pub fn thinker(view: &JunQiView, level: Level, seed: u64) -> JunQiThinker {
    JunQiThinker::new(view, budget(level), seed)
}

impl JunQiThinker {
    pub fn new(view: &JunQiView, budget: JunQiBudget, seed: u64) -> JunQiThinker {
        let state = State::from_view(view);
        let mut actions = Vec::new();
        state.actions_into(&mut actions);
        let total = state.face_down_total as f64;
        let mut work = Vec::new();
        for (index, action) in actions.iter().enumerate() {
            match action {
                JunQiAction::Reveal(_) => {
                    for (colour, kind, n) in state.reveal_outcomes() {
                        work.push(WorkItem {
                            action: index,
                            shows: Some((colour, kind)),
                            weight: n as f64 / total,
                        });
                    }
                }
                JunQiAction::Move { .. } => work.push(WorkItem {
                    action: index,
                    shows: None,
                    weight: 1.0,
                }),
            }
        }
        JunQiThinker {
            partial: vec![0.0; actions.len()],
            state,
            actions,
            work,
            budget,
            seed,
            search: Search::default(),
            depth: 1,
            next: 0,
            values: Vec::new(),
            pass_nodes: Vec::new(),
            pass_start: 0,
        }
    }

    /// Positions the search has visited.
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// Root actions with their values at the deepest complete depth.
    pub fn root_values(&self) -> Vec<(JunQiAction, f64)> {
        self.actions.iter().copied().zip(self.values.iter().copied()).collect()
    }

    fn finished(&self) -> bool {
        if self.actions.len() <= 1 || self.depth > self.budget.depth {
            return true;
        }
        if self.values.is_empty() {
            return false;
        }
        if self.next > 0 {
            return self.search.nodes >= self.budget.nodes;
        }
        // Before a new pass: start it only if it is likely to finish, going
        // by how much the last pass grew over the one before.
        let last = self.pass_nodes[self.pass_nodes.len() - 1];
        let growth = match self.pass_nodes.len() {
            1 => 8,
            n => (last / self.pass_nodes[n - 2].max(1)).clamp(2, 64),
        };
        self.search.nodes.saturating_add(last.saturating_mul(growth)) > self.budget.nodes
    }

    fn step(&mut self) {
        let item = self.work[self.next];
        let mut child = self.state.clone();
        child.play(self.actions[item.action], item.shows);
        let value = self.search.after(&child, self.depth);
        self.partial[item.action] += item.weight * value as f64;
        self.next += 1;
        if self.next == self.work.len() {
            self.values = std::mem::replace(&mut self.partial, vec![0.0; self.actions.len()]);
            self.pass_nodes.push(self.search.nodes - self.pass_start);
            self.pass_start = self.search.nodes;
            self.depth += 1;
            self.next = 0;
        }
    }

    /// The chosen root index: the best value at temperature 0 (ties broken
    /// by the seed), else a softmax over values.
    fn choose(&self) -> Option<usize> {
        if self.actions.is_empty() {
            return None;
        }
        if self.values.is_empty() {
            return Some(0);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x6a75_6e71_6962_6f74);
        let best = self.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = self
            .values
            .iter()
            .map(|&v| {
                if self.budget.temperature <= 0.0 {
                    if v >= best - 1e-6 {
                        1.0
                    } else {
                        0.0
                    }
                } else {
                    ((v - best) / self.budget.temperature).exp()
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut target = rng.random::<f64>() * total;
        for (i, w) in weights.iter().enumerate() {
            if target < *w {
                return Some(i);
            }
            target -= w;
        }
        weights.iter().rposition(|&w| w > 0.0)
    }
}

/// A value (material units, the mover's view) as a win probability.
fn win_probability(value: f64) -> f64 {
    if value >= (search::WIN - 1000) as f64 {
        return 1.0;
    }
    if value <= -(search::WIN - 1000) as f64 {
        return 0.0;
    }
    1.0 / (1.0 + (-value / 60.0).exp())
}

impl Thinker for JunQiThinker {
    type Move = JunQiAction;

    /// An iteration is [`NODES_PER_ITERATION`] positions visited, so a
    /// slice takes about the same time at any depth; a work item is never
    /// split, so a slice may overrun by one item.
    fn think(&mut self, iterations: u32) -> bool {
        let target = self.search.nodes + iterations as u64 * NODES_PER_ITERATION;
        while !self.finished() && self.search.nodes < target {
            self.step();
        }
        !self.finished()
    }

    fn decision(&self) -> Decision<JunQiAction> {
        let chosen = self.choose();
        let value = if self.values.is_empty() {
            Search::static_value(&self.state) as f64
        } else {
            self.values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
        };
        Decision {
            best: chosen.map(|i| self.actions[i]),
            win_probability: if self.actions.is_empty() {
                0.5
            } else {
                win_probability(value)
            },
            iterations: self.search.nodes.div_ceil(NODES_PER_ITERATION),
        }
    }

    fn time_limit_ms(&self) -> u64 {
        self.budget.time_limit_ms
    }

    fn set_iterations(&mut self, iterations: u64) {
        self.budget.nodes = iterations.saturating_mul(NODES_PER_ITERATION);
    }
}

/// The app moves thinkers to worker tasks: keep them `Send + 'static`.
const _: fn() = || {
    fn send_static<T: Send + 'static>() {}
    send_static::<JunQiThinker>();
};
