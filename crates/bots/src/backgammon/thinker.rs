//! The backgammon [`Thinker`]: every legal play scored by the net at 0-ply,
//! the best few looked at deeper (1-ply, then 2-ply, then 3-ply) as the level allows,
//! and the final choice a softmax over equities at the level's temperature.
//!
//! Levels differ by that temperature (steady noise: a weaker level prefers
//! good moves too, it only discriminates less sharply between them), by
//! lookahead, and below Expert by a novice's consistent misjudgment (a 0-ply
//! view that sees only part of the opponent's coming roll, and a taste for
//! hitting), never by random blunders.

use super::net::{Net, Probs};
use super::search::Evaluator;
use super::shipped_net;
use super::walk::{Walk, MAX_DEPTH};
use crate::level::Level;
use crate::{Decision, Thinker};
use papan_rules::backgammon::{Backgammon, BgMove, Board, Play, CHECKERS};
use papan_rules::{Game, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Which candidates get a look at one depth: the best `count` at the
/// depth before, within `window` equity of the best there.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Stage {
    pub count: usize,
    pub window: f32,
}

impl Stage {
    /// No look at this depth (nor deeper).
    pub const NONE: Stage = Stage { count: 0, window: 0.0 };
}

/// What a level means in backgammon.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BgBudget {
    /// Softmax temperature over move equities (in points); 0 = the best.
    pub temperature: f64,
    /// How much of the opponent's coming roll the 0-ply estimate of a play
    /// takes in: 1 = all of it (the net's view of the board with the
    /// opponent on roll), 0 = none (the board judged as if we were to roll
    /// again, blind to the shots the play leaves); in between, that share
    /// of the first view mixed with the rest of the second. Less than 1 is
    /// a novice's misjudgment, the same every time, not noise (the level's
    /// reported winning chance is its own view too). The deeper estimates
    /// do not use it.
    pub foresight: f32,
    /// Equity (in points) added to the estimate of a play for each opposing
    /// checker it sends to the bar, at every depth: a novice's love of
    /// hitting. 0 = none.
    pub hit_bonus: f32,
    /// The candidates looked at 1, 2 and 3 plies deep, each chosen at the
    /// depth before ([`Stage::NONE`]: stop there).
    pub plies: [Stage; MAX_DEPTH],
    pub time_limit_ms: u64,
}

/// The levels. The ladder: in the arena (duplicate dice) each level wins
/// at least 75% of its games against the one below, Beginner 90% against a
/// random player. Expert plays without noise and looks two rolls ahead
/// for its best 8 plays at 1-ply, three rolls for its best 3 at 2-ply when
/// they are close (within 0.08 points), up to 800 ms. Graded by gnubg at
/// 2-ply on 1,334 fixed positions from a match (`bg-engine --stages`,
/// `data/backgammon.md`), that lookahead loses 3.28 mEMG a play where the
/// earlier 4 plays at 2-ply and none at 3-ply lost 3.68 (8 at 2-ply alone:
/// 3.51). Normal and Beginner play the net's
/// 0-ply view with a little steady noise and a novice's consistent
/// misjudgment, which does most of the weakening: Normal sees 15% of the
/// opponent's coming roll, Beginner none of it (it judges a play as if it
/// were to roll again) and it overrates hits. The noise stays small enough
/// that Beginner still mostly plays the move it likes best
/// (`tests/bots/backgammon_bot.rs`).
///
/// Measured (400 games each, seeds 1 and 2, 2 threads on a shared 2-core box):
/// `cargo run --release -p papan-tools --bin arena -- --game backgammon
/// --a beginner --b random --games 400 --threads 2 --seed 1`, and the same
/// for `--a normal --b beginner` and `--a expert --b normal`:
///
/// | pair | score (Wilson 95%), seed 1 | seed 2 | net points/game |
/// |---|---|---|---|
/// | beginner–random | 0.975 (0.955–0.986) | 0.985 (0.968–0.993) | +2.62, +2.67 |
/// | normal–beginner | 0.772 (0.729–0.811) | 0.787 (0.745–0.825) | +1.44, +1.54 |
/// | expert–normal, the Expert before its 3-ply stage | 0.792 (0.750–0.829) | 0.790 (0.747–0.827) | +1.17, +1.18 |
/// | expert–normal, this Expert (200 games, `--no-cap`, 1 thread) | 0.770 (0.707–0.823) | | +1.21 |
///
/// (The 3-ply Expert won 54 of the 100 dice pairs both times and lost none
/// twice; it scores 84% of the points, with 106 gammons and backgammons.)
/// Think time per unforced move, Expert: 274 ms mean, 790 ms p95 (wall,
/// 200 games against gnubg); Normal and Beginner 0.1 ms.
pub fn budget(level: Level) -> BgBudget {
    match level {
        Level::Beginner => BgBudget {
            temperature: 0.04,
            foresight: 0.0,
            hit_bonus: 0.2,
            plies: [Stage::NONE; MAX_DEPTH],
            time_limit_ms: 300,
        },
        Level::Normal => BgBudget {
            temperature: 0.03,
            foresight: 0.15,
            hit_bonus: 0.0,
            plies: [Stage::NONE; MAX_DEPTH],
            time_limit_ms: 300,
        },
        Level::Expert => BgBudget {
            temperature: 0.0,
            foresight: 1.0,
            hit_bonus: 0.0,
            plies: [
                Stage { count: 16, window: 0.5 },
                Stage { count: 8, window: 0.2 },
                Stage { count: 3, window: 0.08 },
            ],
            time_limit_ms: 800,
        },
    }
}

/// One legal play and what is known of it.
#[derive(Clone, Debug)]
struct Candidate {
    play: Play,
    after: Board,
    /// Opposing checkers this play sends to the bar.
    hits: u8,
    /// The finished evaluation at 0 to 3 plies (our view).
    evals: [Option<Probs>; MAX_DEPTH + 1],
}

/// A search for one decision. Same position, level and seed: same move.
pub struct BgThinker {
    net: &'static Net,
    budget: BgBudget,
    seed: u64,
    candidates: Vec<Candidate>,
    /// The candidates chosen for the depth under way, done in order.
    plan: Vec<usize>,
    /// How many of `plan` are finished.
    done: usize,
    /// The evaluation of `plan[done]` under way.
    walk: Option<Walk>,
    /// Depth under way while `plan` has work.
    depth: usize,
    /// The deepest depth every chosen candidate has finished.
    complete: usize,
    iterations: u64,
    /// The estimate when there is nothing to choose.
    idle_win: f64,
}

/// A thinker for `position` at `level` with the shipped weights.
pub fn thinker(position: &Backgammon, level: Level, seed: u64) -> BgThinker {
    tuned(position, level, seed, &BgTuning::default())
}

/// What an engine may set on a backgammon search beyond its level
/// ([`crate::Bot::tuned`]; `bg-engine`'s `--weights` and `stages`).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct BgTuning {
    /// The evaluator; `None`: the shipped weights.
    pub net: Option<&'static Net>,
    /// The candidates looked at 1, 2 and 3 plies deep ([`BgBudget::plies`]);
    /// `None`: the level's.
    pub plies: Option<[Stage; MAX_DEPTH]>,
}

/// [`thinker`] with `tuning`.
pub fn tuned(position: &Backgammon, level: Level, seed: u64, tuning: &BgTuning) -> BgThinker {
    let mut budget = budget(level);
    if let Some(plies) = tuning.plies {
        budget.plies = plies;
    }
    BgThinker::new(position, tuning.net.unwrap_or_else(shipped_net), budget, seed)
}

impl BgThinker {
    pub fn new(position: &Backgammon, net: &'static Net, budget: BgBudget, seed: u64) -> BgThinker {
        let mut eval = Evaluator::new(net);
        let mut idle_win = 0.5;
        let mut candidates = Vec::new();
        let before = position.board().their_bar();
        let mut add = |play: Play, after: Board, probs: Probs| {
            let mut evals = [None; MAX_DEPTH + 1];
            evals[0] = Some(probs);
            candidates.push(Candidate {
                play,
                after,
                hits: after.their_bar().saturating_sub(before),
                evals,
            })
        };
        match position.turn() {
            Turn::Seat(_) => {
                let plays = position.legal_plays();
                for (after, play) in &plays {
                    add(*play, *after, zero_ply(&mut eval, after, budget.foresight));
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
            plan: Vec::new(),
            done: 0,
            walk: None,
            depth: 0,
            complete: 0,
            iterations: 0,
            idle_win,
        };
        thinker.plan_next_depth();
        thinker
    }

    /// Chooses the candidates that deserve the next depth (none: the
    /// search is over).
    fn plan_next_depth(&mut self) {
        self.plan.clear();
        self.done = 0;
        self.walk = None;
        let Some(&stage) = self.budget.plies.get(self.complete) else {
            return;
        };
        let ranked = self.frontier();
        let Some(&top) = ranked.first() else { return };
        let best = self.equity(top);
        let picked: Vec<usize> = ranked
            .into_iter()
            .filter(|&i| self.equity(i) >= best - stage.window)
            .take(stage.count)
            .collect();
        if picked.len() < 2 {
            // One clear best move (or none): nothing to compare deeper.
            return;
        }
        self.depth = self.complete + 1;
        self.plan = picked;
    }

    /// Equity of candidate `i` at the deepest complete depth, as the level
    /// sees it (with its hit bonus).
    fn equity(&self, i: usize) -> f32 {
        let c = &self.candidates[i];
        let e = c.evals[self.complete].map_or(f32::NEG_INFINITY, |p| p.equity());
        if self.budget.hit_bonus == 0.0 {
            return e;
        }
        e + self.budget.hit_bonus * f32::from(c.hits)
    }

    /// Candidates evaluated at the deepest complete depth, best first.
    fn frontier(&self) -> Vec<usize> {
        let mut at: Vec<usize> = (0..self.candidates.len())
            .filter(|&i| self.candidates[i].evals[self.complete].is_some())
            .collect();
        at.sort_by(|&a, &b| self.equity(b).total_cmp(&self.equity(a)).then(a.cmp(&b)));
        at
    }

    /// One leaf of the candidate under way.
    fn step(&mut self, eval: &mut Evaluator) {
        let c = self.plan[self.done];
        let depth = self.depth;
        let walk = self
            .walk
            .get_or_insert_with(|| Walk::new(&self.candidates[c].after, depth));
        if let Some(p) = walk.step(eval) {
            self.candidates[c].evals[depth] = Some(p);
            self.walk = None;
            self.done += 1;
            if self.done == self.plan.len() {
                self.complete = depth;
            }
        }
    }
}

impl Thinker for BgThinker {
    type Move = BgMove;

    fn think(&mut self, iterations: u32) -> bool {
        let mut eval = Evaluator::new(self.net);
        let mut left = iterations;
        while left > 0 {
            if self.done == self.plan.len() {
                self.plan_next_depth();
                if self.plan.is_empty() {
                    return false;
                }
            }
            self.step(&mut eval);
            self.iterations += 1;
            left -= 1;
        }
        self.done < self.plan.len() || {
            self.plan_next_depth();
            !self.plan.is_empty()
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

/// The 0-ply estimate (our view) of our `after` at `foresight` (see
/// [`BgBudget::foresight`]).
fn zero_ply(eval: &mut Evaluator, after: &Board, foresight: f32) -> Probs {
    let seen = eval.after_play(after);
    if foresight >= 1.0 || after.my_off() == CHECKERS {
        return seen;
    }
    // The same board with us to roll again: the opponent's roll unseen.
    let blind = eval.on_roll(after);
    Probs(std::array::from_fn(|k| {
        foresight * seen.0[k] + (1.0 - foresight) * blind.0[k]
    }))
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
