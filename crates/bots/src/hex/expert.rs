//! The Expert's thinker: [`HexSearch`] within a level's budget, alone or
//! as several searches of one position with different seeds whose root
//! statistics are added up (root parallelism: a caller with threads runs
//! each on its own). The pie rule (X7) is decided from the search's own
//! value: taking the first stone over is worth what the position is worth
//! to its owner.

use super::search::{HexSearch, Knobs, RootSummary};
use crate::level::Budget;
use crate::{softmax, Decision, Thinker};
use papan_rules::hex::{Cell, Hex, HexMove};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Iterations spent on a forced move anyway, so its estimate means something.
const FORCED_ITERATIONS: u64 = 200;

pub struct ExpertThinker {
    searches: Vec<HexSearch>,
    budget: Budget,
    seed: u64,
    swap_allowed: bool,
    /// Nothing to choose: one candidate, or the game is over.
    forced: bool,
}

impl ExpertThinker {
    pub fn new(position: &Hex, knobs: Knobs, budget: Budget, seed: u64) -> ExpertThinker {
        ExpertThinker::parallel(position, knobs, budget, seed, 1)
    }

    /// `count` searches of `position`, seeded from `seed` (the first with
    /// `seed` itself, so one search is [`ExpertThinker::new`]).
    pub fn parallel(position: &Hex, knobs: Knobs, budget: Budget, seed: u64, count: usize) -> ExpertThinker {
        let searches: Vec<HexSearch> = (0..count.max(1) as u64)
            .map(|i| HexSearch::new(position, knobs, seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
            .collect();
        let forced = searches[0].root_moves().len() <= 1 && !position.swap_allowed();
        ExpertThinker {
            searches,
            budget,
            seed,
            swap_allowed: position.swap_allowed(),
            forced,
        }
    }

    /// The searches, for a caller that runs them on threads of its own.
    pub fn searches_mut(&mut self) -> &mut [HexSearch] {
        &mut self.searches
    }

    pub fn search_count(&self) -> usize {
        self.searches.len()
    }

    pub fn search(&self) -> &HexSearch {
        &self.searches[0]
    }

    /// Keeps the trees below `moves` for the position after them (tree
    /// reuse from one move to the next); false if a tree lacks the line,
    /// and then the thinker should be built anew.
    pub fn advance(&mut self, moves: &[Cell], position: &Hex) -> bool {
        if !self.searches.iter_mut().all(|s| s.advance(moves)) {
            return false;
        }
        self.swap_allowed = position.swap_allowed();
        self.forced = self.searches[0].root_moves().len() <= 1 && !self.swap_allowed;
        true
    }

    fn target(&self) -> u64 {
        if self.forced {
            self.budget.iterations.min(FORCED_ITERATIONS)
        } else {
            self.budget.iterations
        }
    }

    /// The budget left to each search.
    fn left(&self, search: &HexSearch) -> u64 {
        self.target().saturating_sub(search.iterations())
    }

    /// Whether `search` should run on: its budget is not spent and no
    /// search has solved the root.
    pub fn wants_more(&self, search: &HexSearch) -> bool {
        self.left(search) > 0 && !self.searches.iter().any(HexSearch::solved)
    }

    pub fn summary(&self) -> RootSummary {
        let summaries: Vec<RootSummary> = self.searches.iter().map(HexSearch::summary).collect();
        RootSummary::merge(&summaries)
    }
}

impl Thinker for ExpertThinker {
    type Move = HexMove;

    fn think(&mut self, iterations: u32) -> bool {
        let mut more = false;
        for i in 0..self.searches.len() {
            if !self.wants_more(&self.searches[i]) {
                continue;
            }
            let step = self.left(&self.searches[i]).min(iterations as u64);
            self.searches[i].run(step);
            more |= self.wants_more(&self.searches[i]);
        }
        more
    }

    fn decision(&self) -> Decision<HexMove> {
        let iterations = self.searches.iter().map(HexSearch::iterations).sum();
        let summary = self.summary();
        let Some((best, value)) = summary.best() else {
            return Decision {
                best: None,
                win_probability: 0.5,
                iterations,
            };
        };
        // Swapping takes over the first stone with the opponent to move: it
        // is worth one minus what the best placement is worth here.
        if self.swap_allowed && value < 0.5 {
            return Decision {
                best: Some(HexMove::Swap),
                win_probability: 1.0 - value,
                iterations,
            };
        }
        let moves = &summary.moves;
        let proven = summary.win.is_some() || moves.iter().any(|m| m.proven == Some(true));
        let cell = if self.budget.temperature > 0.0 && !proven {
            let visits: Vec<u64> = moves.iter().map(|m| m.visits).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x5eed_cafe_f00d_d00d);
            softmax::choose(&visits, self.budget.temperature, &mut rng).map_or(best, |i| moves[i].cell)
        } else {
            best
        };
        Decision {
            best: Some(HexMove::Place(cell)),
            win_probability: value,
            iterations,
        }
    }

    fn time_limit_ms(&self) -> u64 {
        self.budget.time_limit_ms
    }

    fn use_full_time(&mut self) {
        self.budget.iterations = TIMED_ITERATIONS;
    }

    fn set_iterations(&mut self, iterations: u64) {
        self.budget.iterations = iterations;
    }
}

/// The iterations of a search given time to use: a bound far beyond any
/// time limit (the tree's memory is bounded on its own).
pub const TIMED_ITERATIONS: u64 = 50_000_000;
