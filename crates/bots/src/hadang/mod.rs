//! The HADANG bot: iterative-deepening alpha-beta over shortest-route
//! differences (see [`search`] and [`eval`]), sliced by node counts so the
//! caller's clock decides when to stop.
//!
//! Why alpha-beta rather than the crate's generic MCTS: a position's value
//! is dominated by exact route lengths that a bitboard flood fill gives in
//! ~100 ns, and the useful walls are few (those across the opponent's
//! shortest routes), so a search limited to them reaches 8–9 plies in a second,
//! while random playouts wander for dozens of plies per sample. Against
//! gorisanson's heuristic MCTS at its strongest setting (60,000 rollouts a
//! move) Expert scored 2 of 4, winning both games as first player and
//! losing both as second (see the crate's report).

pub mod board;
pub mod eval;
pub mod search;
pub mod table;

use crate::level::Level;
use crate::{Decision, Thinker};
use board::{Crossings, Node};
use eval::{win_probability, Race, Weights, MATE_BOUND, RACE_WON};
use papan_rules::hadang::{Hadang, HadangMove};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::{Limits, Search};

/// What a level means in HADANG.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct HadangBudget {
    pub limits: Limits,
    /// Softmax temperature over root scores, in hundredths of a step; 0
    /// plays the best move.
    pub temperature: f64,
    /// Safety net for callers with a clock.
    pub time_limit_ms: u64,
}

/// Measured with `arena --game hadang` (100 games each, colours alternating,
/// seeded openings): Beginner beats a random player 100%, Normal beats
/// Beginner 90%, Expert beats Normal 83–85%. Expert's 400k nodes take
/// 0.27 s of CPU per move at the median and 0.78 s at the 95th percentile
/// on the development machine (max 0.88 s; 500k took 0.31 / 0.99 s); the
/// time limit keeps it under a second on a busy or slower device.
///
/// Levels differ by search depth and node budget, and by steady noise over
/// moves scored within `margin` of the best — never by blunders: a move
/// scored more than a step below the best is never chosen, nor a wall that
/// leaves the opponent's shortest routes alone (it only spends stock), and
/// a decided position (forced win or race) is always played straight.
pub fn budget(level: Level) -> HadangBudget {
    match level {
        Level::Beginner => HadangBudget {
            limits: Limits {
                nodes: 3_000,
                max_depth: 1,
                margin: 100,
                table_bits: 10,
                weights: Weights::DEFAULT,
            },
            temperature: 80.0,
            time_limit_ms: 300,
        },
        Level::Normal => HadangBudget {
            limits: Limits {
                nodes: 20_000,
                max_depth: 3,
                margin: 40,
                table_bits: 14,
                weights: Weights::DEFAULT,
            },
            temperature: 15.0,
            time_limit_ms: 600,
        },
        Level::Expert => HadangBudget {
            limits: Limits {
                nodes: 400_000,
                max_depth: search::MAX_DEPTH,
                margin: 0,
                table_bits: 18,
                weights: Weights::DEFAULT,
            },
            temperature: 0.0,
            time_limit_ms: 950,
        },
    }
}

pub struct HadangThinker {
    search: Search,
    budget: HadangBudget,
    seed: u64,
    /// Crossings of the opponent's shortest routes at the root: the noise
    /// only ever picks a wall across one (others cost stock for nothing).
    their_routes: Crossings,
    /// Routes and walls in stock at the root: how sure a lead is.
    race: Race,
}

/// A search for `position` at `level`; same seed and work, same move.
pub fn thinker(position: &Hadang, level: Level, seed: u64) -> HadangThinker {
    thinker_with_budget(position, budget(level), seed)
}

/// What an engine may set on a HADANG search beyond its level
/// ([`crate::Bot::tuned`]): the deepest iteration (`hadang-uci`'s `go
/// depth D`). The node count is [`Thinker::set_iterations`].
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct HadangTuning {
    /// `None`: the level's depth.
    pub max_depth: Option<u32>,
}

/// [`thinker`] with `tuning`.
pub fn tuned(position: &Hadang, level: Level, seed: u64, tuning: &HadangTuning) -> HadangThinker {
    let mut budget = budget(level);
    if let Some(depth) = tuning.max_depth {
        budget.limits.max_depth = depth;
    }
    thinker_with_budget(position, budget, seed)
}

/// [`thinker`] with other knobs (for tuning in the arena).
pub fn thinker_with_budget(position: &Hadang, budget: HadangBudget, seed: u64) -> HadangThinker {
    let node = Node::new(position);
    let them = position.side_to_move().other();
    let their_routes = node
        .passage()
        .shortest_crossings(node.pawn_bit(them), board::goal(them))
        .map_or(Crossings::default(), |(_, c)| c);
    HadangThinker {
        search: Search::new(node, budget.limits),
        budget,
        seed,
        their_routes,
        race: Race::of(position),
    }
}

impl HadangThinker {
    pub fn search(&self) -> &Search {
        &self.search
    }

    /// The score the win estimate is read from (that of the choice made,
    /// see [`Thinker::decision`]), and the race it is read with.
    pub fn estimate_inputs(&self) -> Option<(i32, Race)> {
        self.choose().map(|(_, score)| (score, self.race))
    }

    /// The level's choice among root moves and the score it is judged by.
    fn choose(&self) -> Option<(HadangMove, i32)> {
        let best = self.search.best()?;
        let moves = self.search.root_moves();
        if self.budget.temperature <= 0.0 || self.search.completed_depth() == 0 {
            return Some(best);
        }
        let top = moves[0].score;
        if top.abs() >= RACE_WON {
            return Some((moves[0].mv, top));
        }
        let floor = top - self.budget.limits.margin;
        // The best move always; others within the margin, never a forced
        // loss, and never a wall that leaves the opponent's routes alone.
        let candidates: Vec<_> = moves
            .iter()
            .enumerate()
            .filter(|&(i, r)| {
                i == 0
                    || (r.score >= floor
                        && r.score > -MATE_BOUND
                        && match r.mv {
                            HadangMove::Step(_) => true,
                            HadangMove::Wall(wall) => self.their_routes.cut_by(wall),
                        })
            })
            .map(|(_, r)| r)
            .collect();
        let weights: Vec<f64> = candidates
            .iter()
            .map(|r| ((r.score - top) as f64 / self.budget.temperature).exp())
            .collect();
        // A fresh generator from the seed: asking twice gives the same answer.
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x4841_4441_4e47);
        let mut target = rng.random::<f64>() * weights.iter().sum::<f64>();
        for (r, w) in candidates.iter().zip(&weights) {
            if target < *w {
                return Some((r.mv, top));
            }
            target -= w;
        }
        Some((moves[0].mv, top))
    }
}

impl Thinker for HadangThinker {
    type Move = HadangMove;

    fn think(&mut self, iterations: u32) -> bool {
        self.search.run(iterations as u64)
    }

    fn decision(&self) -> Decision<HadangMove> {
        let chosen = self.choose();
        Decision {
            best: chosen.map(|(mv, _)| mv),
            win_probability: chosen.map_or(0.0, |(_, score)| win_probability(score, &self.race)),
            iterations: self.search.nodes(),
        }
    }

    fn time_limit_ms(&self) -> u64 {
        self.budget.time_limit_ms
    }

    fn use_full_time(&mut self) {
        self.set_iterations(u64::MAX);
    }

    /// Iterations are nodes here.
    fn set_iterations(&mut self, nodes: u64) {
        self.budget.limits.nodes = nodes;
        self.search.set_node_limit(nodes);
    }
}
