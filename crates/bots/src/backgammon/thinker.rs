//! The backgammon [`Thinker`]: every legal play scored by the net at 0-ply,
//! the best few looked at deeper (1-ply, then 2-ply) as the level allows,
//! and the final choice a softmax over equities at the level's temperature.
//!
//! Levels differ by that temperature (steady noise: a weaker level prefers
//! good moves too, it only discriminates less sharply between them) and by
//! lookahead, never by random blunders.

use super::net::{Net, Probs};
use super::search::{rolls, Evaluator};
use super::shipped_net;
use crate::level::Level;
use crate::{Decision, Thinker};
use papan_rules::backgammon::{Backgammon, BgMove, Board, Play, CHECKERS};
use papan_rules::{Game, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a level means in backgammon.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BgBudget {
    /// Softmax temperature over move equities (in points); 0 = the best.
    pub temperature: f64,
    /// How many candidates (best at 0-ply, within `one_ply_window`) get a
    /// 1-ply look; 0 = none.
    pub one_ply: usize,
    pub one_ply_window: f32,
    /// How many of those (best at 1-ply, within `two_ply_window`) get 2-ply.
    pub two_ply: usize,
    pub two_ply_window: f32,
    pub time_limit_ms: u64,
}

/// The levels, calibrated against gnubg's error rate (see
/// `data/backgammon.md`): Beginner plays the net's 0-ply view with enough
/// noise to land in gnubg's "Beginner" band, Normal looks one roll ahead
/// with a little noise, Expert looks two rolls ahead without noise.
/// Measured (gnubg 2-ply, self-play, 550–630 unforced moves each): Expert
/// 3.7 mEMG, Normal 15.1, Beginner 28.7 (three samples pooled). Expert
/// costs 56 ms of CPU per move on average (p95 148 ms, max 202 ms).
pub fn budget(level: Level) -> BgBudget {
    match level {
        Level::Beginner => BgBudget {
            temperature: 0.05,
            one_ply: 0,
            one_ply_window: 0.0,
            two_ply: 0,
            two_ply_window: 0.0,
            time_limit_ms: 300,
        },
        Level::Normal => BgBudget {
            temperature: 0.03,
            one_ply: 8,
            one_ply_window: 0.25,
            two_ply: 0,
            two_ply_window: 0.0,
            time_limit_ms: 300,
        },
        Level::Expert => BgBudget {
            temperature: 0.0,
            one_ply: 16,
            one_ply_window: 0.5,
            two_ply: 4,
            two_ply_window: 0.12,
            time_limit_ms: 300,
        },
    }
}

/// One legal play and what is known of it.
#[derive(Clone, Debug)]
struct Candidate {
    play: Play,
    after: Board,
    /// The finished evaluation at 0, 1 and 2 plies (our view).
    evals: [Option<Probs>; 3],
    /// Sum (in 36ths) of the opponent's rolls done at the depth under way.
    partial: [f32; 6],
}

/// One unit of work: candidate, opponent's roll and (2-ply) our next roll.
#[derive(Copy, Clone, Debug)]
struct Job {
    candidate: u16,
    theirs: u8,
    ours: u8,
}

/// A search for one decision. Same position, level and seed: same move.
pub struct BgThinker {
    net: &'static Net,
    budget: BgBudget,
    seed: u64,
    candidates: Vec<Candidate>,
    /// Work of the depth under way, done from the front.
    queue: Vec<Job>,
    next: usize,
    /// Depth under way (1 or 2) while `queue` has work.
    depth: usize,
    /// The deepest depth every chosen candidate has finished.
    complete: usize,
    /// 2-ply: our position after the opponent's answer, and the sum of our
    /// rolls so far (`None` once the opponent's answer ended the game).
    inner: Option<Board>,
    inner_sum: [f32; 6],
    iterations: u64,
    /// The estimate when there is nothing to choose.
    idle_win: f64,
}

/// A thinker for `position` at `level` with the shipped weights.
pub fn thinker(position: &Backgammon, level: Level, seed: u64) -> BgThinker {
    BgThinker::new(position, shipped_net(), budget(level), seed)
}

impl BgThinker {
    pub fn new(position: &Backgammon, net: &'static Net, budget: BgBudget, seed: u64) -> BgThinker {
        let mut eval = Evaluator::new(net);
        let mut idle_win = 0.5;
        let mut candidates = Vec::new();
        let mut add = |play: Play, after: Board, probs: Probs| {
            candidates.push(Candidate {
                play,
                after,
                evals: [Some(probs), None, None],
                partial: [0.0; 6],
            })
        };
        match position.turn() {
            Turn::Seat(_) => {
                let plays = position.legal_plays();
                for (after, play) in &plays {
                    add(*play, *after, eval.after_play(after));
                }
                if plays.is_empty() {
                    // The forced pass: the opponent rolls next on the same board.
                    let probs = eval.on_roll(&position.board().flip()).flip();
                    idle_win = probs.win() as f64;
                    add(Play::PASS, *position.board(), probs);
                }
            }
            Turn::Chance if position.to_move().is_some() => {
                idle_win = eval.on_roll(position.board()).win() as f64;
            }
            _ => {}
        }
        let mut thinker = BgThinker {
            net,
            budget,
            seed,
            candidates,
            queue: Vec::new(),
            next: 0,
            depth: 0,
            complete: 0,
            inner: None,
            inner_sum: [0.0; 6],
            iterations: 0,
            idle_win,
        };
        thinker.plan_next_depth();
        thinker
    }

    /// Queues the next depth's work for the candidates that deserve it.
    fn plan_next_depth(&mut self) {
        self.queue.clear();
        self.next = 0;
        let (count, window) = match self.complete {
            0 => (self.budget.one_ply, self.budget.one_ply_window),
            1 => (self.budget.two_ply, self.budget.two_ply_window),
            _ => return,
        };
        let ranked = self.frontier();
        let Some(&top) = ranked.first() else { return };
        let best = self.equity(top);
        let picked: Vec<usize> = ranked
            .into_iter()
            .filter(|&i| self.equity(i) >= best - window)
            .take(count)
            .collect();
        if picked.len() < 2 {
            // One clear best move (or none): nothing to compare deeper.
            return;
        }
        self.depth = self.complete + 1;
        let inner = if self.depth == 2 { 21 } else { 1 };
        for &c in &picked {
            for theirs in 0..21 {
                for ours in 0..inner {
                    self.queue.push(Job {
                        candidate: c as u16,
                        theirs,
                        ours,
                    });
                }
            }
        }
    }

    /// Equity of candidate `i` at the deepest complete depth.
    fn equity(&self, i: usize) -> f32 {
        self.candidates[i].evals[self.complete].map_or(f32::NEG_INFINITY, |p| p.equity())
    }

    /// Candidates evaluated at the deepest complete depth, best first.
    fn frontier(&self) -> Vec<usize> {
        let mut at: Vec<usize> = (0..self.candidates.len())
            .filter(|&i| self.candidates[i].evals[self.complete].is_some())
            .collect();
        at.sort_by(|&a, &b| self.equity(b).total_cmp(&self.equity(a)).then(a.cmp(&b)));
        at
    }

    fn step(&mut self, eval: &mut Evaluator) {
        let job = self.queue[self.next];
        self.next += 1;
        let c = job.candidate as usize;
        let (dice, weight) = rolls()[job.theirs as usize];
        let after = self.candidates[c].after;
        let p = if self.depth == 1 {
            Some(eval.one_ply_roll(&after, dice))
        } else {
            if job.ours == 0 {
                self.inner_sum = [0.0; 6];
                let (ours, p) = if after.my_off() == CHECKERS {
                    // This play ends the game: nothing to look at.
                    (None, eval.after_play(&after))
                } else {
                    eval.reply(&after, dice, 0)
                };
                self.inner = ours;
                if ours.is_none() {
                    self.inner_sum = p.0.map(|x| x * 36.0);
                }
            }
            if let Some(ours) = self.inner {
                let (roll, w) = rolls()[job.ours as usize];
                eval.best_play(&ours, roll).add_to(&mut self.inner_sum, w);
            }
            (job.ours == 20).then(|| Probs(self.inner_sum.map(|s| s / 36.0)))
        };
        if let Some(p) = p {
            let depth = self.depth;
            let cand = &mut self.candidates[c];
            p.add_to(&mut cand.partial, weight);
            if job.theirs == 20 {
                cand.evals[depth] = Some(Probs(cand.partial.map(|s| s / 36.0)));
                cand.partial = [0.0; 6];
            }
        }
        if self.next == self.queue.len() {
            self.complete = self.depth;
        }
    }
}

impl Thinker for BgThinker {
    type Move = BgMove;

    fn think(&mut self, iterations: u32) -> bool {
        let mut eval = Evaluator::new(self.net);
        let mut left = iterations;
        while left > 0 {
            if self.next == self.queue.len() {
                self.plan_next_depth();
                if self.queue.is_empty() {
                    return false;
                }
            }
            self.step(&mut eval);
            self.iterations += 1;
            left -= 1;
        }
        self.next < self.queue.len() || {
            self.plan_next_depth();
            !self.queue.is_empty()
        }
    }

    fn decision(&self) -> Decision<BgMove> {
        if self.candidates.is_empty() {
            return Decision {
                best: None,
                win_probability: self.idle_win,
                iterations: self.iterations,
            };
        }
        let order = self.frontier();
        let equities: Vec<f64> = order.iter().map(|&i| self.equity(i) as f64).collect();
        // A fresh generator from the seed: asking twice gives the same answer.
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0xba5e_ba11_d1ce_0001);
        let pick = order[choose(&equities, self.budget.temperature, &mut rng)];
        let best = self.candidates[order[0]].evals[self.complete].expect("the frontier is evaluated");
        Decision {
            best: Some(BgMove::Play(self.candidates[pick].play)),
            win_probability: best.win() as f64,
            iterations: self.iterations,
        }
    }

    fn time_limit_ms(&self) -> u64 {
        self.budget.time_limit_ms
    }
}

/// Index chosen among `equities` (best first) with weights
/// `exp((e - best) / T)`; 0 = the best. Steady noise: a move twice as far
/// behind is exponentially rarer, so gross blunders almost never happen.
pub fn choose(equities: &[f64], temperature: f64, rng: &mut ChaCha8Rng) -> usize {
    let top = equities.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if temperature <= 0.0 {
        return equities.iter().position(|&e| e == top).unwrap_or(0);
    }
    let weights: Vec<f64> = equities.iter().map(|&e| ((e - top) / temperature).exp()).collect();
    let mut target = rng.random::<f64>() * weights.iter().sum::<f64>();
    for (i, w) in weights.iter().enumerate() {
        if target < *w {
            return i;
        }
        target -= w;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cold_choice_is_the_best_equity() {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        assert_eq!(choose(&[0.1, 0.3, -0.2], 0.0, &mut rng), 1);
    }

    #[test]
    fn warm_choice_is_steady_noise() {
        // Equities 0, −0.02 and −0.5 at T = 0.04: the close second is played
        // often, the blunder (12.5 temperatures behind) practically never.
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts = [0usize; 3];
        for _ in 0..3000 {
            counts[choose(&[0.0, -0.02, -0.5], 0.04, &mut rng)] += 1;
        }
        assert!(counts[0] > counts[1] && counts[1] > 800, "{counts:?}");
        assert_eq!(counts[2], 0, "{counts:?}");
    }

    #[test]
    fn a_bear_off_that_wins_is_taken_and_scored_exactly() {
        // Two checkers on the 1-point, 2-1 to play: both go off and win.
        let board = Board::from_points(&[(1, 2)], &[(24, 15)]).unwrap();
        let position = Backgammon::from_board(
            board,
            papan_rules::Seat::First,
            papan_rules::backgammon::Dice::new(2, 1),
        )
        .unwrap();
        let mut t = thinker(&position, Level::Expert, 5);
        while t.think(64) {}
        let d = t.decision();
        assert_eq!(d.best.map(|m| m.to_string()).as_deref(), Some("1/off(2)"));
        assert!(d.win_probability > 0.999);
    }
}
