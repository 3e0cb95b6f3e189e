//! [`Thinker`] over the generic search: a level's budget and final-choice
//! noise around an [`Mcts`] tree.

use crate::level::Budget;
use crate::mcts::{Config, Mcts, Policy};
use crate::{softmax, Decision, Thinker};
use papan_rules::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Iterations spent on a forced move anyway, so its estimate means something.
const FORCED_ITERATIONS: u64 = 200;

pub struct SearchThinker<G: Game, P: Policy<G>> {
    mcts: Mcts<G, P>,
    budget: Budget,
    seed: u64,
    /// Candidate moves at the root after tactics (0 when nothing to choose).
    candidates: usize,
}

impl<G: Game, P: Policy<G>> SearchThinker<G, P> {
    pub fn new(position: &G, policy: P, config: Config, budget: Budget, seed: u64) -> SearchThinker<G, P> {
        let mut mcts = Mcts::new(position.clone(), policy, config, seed);
        let candidates = match position.turn() {
            Turn::Seat(_) => mcts.root_candidates(),
            _ => 0,
        };
        SearchThinker {
            mcts,
            budget,
            seed,
            candidates,
        }
    }

    pub fn search(&self) -> &Mcts<G, P> {
        &self.mcts
    }

    fn target(&self) -> u64 {
        match self.candidates {
            0 => 0,
            1 => self.budget.iterations.min(FORCED_ITERATIONS),
            _ => self.budget.iterations,
        }
    }
}

impl<G: Game, P: Policy<G>> Thinker for SearchThinker<G, P> {
    type Move = G::Move;

    fn think(&mut self, iterations: u32) -> bool {
        let left = self.target().saturating_sub(self.mcts.iterations());
        self.mcts.run(left.min(iterations as u64));
        self.mcts.iterations() < self.target()
    }

    fn decision(&self) -> Decision<G::Move> {
        let children = self.mcts.root_children();
        let visits: Vec<u64> = children.iter().map(|c| c.visits).collect();
        // A fresh generator from the seed: asking twice gives the same answer.
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x5eed_cafe_f00d_d00d);
        let chosen = if visits.iter().all(|&v| v == 0) {
            // No search yet: the first candidate (tactics put forced moves first).
            (!children.is_empty()).then_some(0)
        } else {
            softmax::choose(&visits, self.budget.temperature, &mut rng)
        };
        // The estimate is the search's own, whatever the noise picked: the
        // mean of all its iterations ([`Mcts::root_value`]). The most
        // visited move's value, read before, rests on a few dozen visits
        // on a wide root (9×9 and up) and is the luckiest of many: on the
        // empty 19×19 board it went from 0.57 to 0.75 over five seeds
        // and said the second mover led after a centre opening.
        Decision {
            best: chosen.map(|i| children[i].mv.clone()),
            win_probability: self.mcts.root_value(),
            iterations: self.mcts.iterations(),
        }
    }

    fn time_limit_ms(&self) -> u64 {
        self.budget.time_limit_ms
    }

    fn set_iterations(&mut self, iterations: u64) {
        self.budget.iterations = iterations;
    }
}
