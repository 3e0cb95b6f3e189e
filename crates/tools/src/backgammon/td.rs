//! TD(λ) self-play training (Tesauro's TD-Gammon recipe, forward view).
//!
//! The net plays both sides greedily at 0-ply; the dice supply the
//! exploration. After each game, every position the side on roll faced gets
//! its λ-return as the target: a blend of the next position's evaluation
//! (seen from the other side) and, further on, the game's real result. The
//! targets use the evaluations made while choosing moves, so one game costs
//! one pass of move choice plus one learning step per position.
//!
//! Deterministic from the seed: the same configuration and game count give
//! the same weights, bit for bit, on the same platform.

use super::roll;
use papan_bots::backgammon::game_points;
use papan_bots::backgammon::net::{Net, Probs, Scratch};
use papan_rules::backgammon::{Board, MoveGen, CHECKERS};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Training knobs; [`TrainConfig::default`] is what the shipped weights used.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TrainConfig {
    pub seed: u64,
    /// Total games of the run (the learning rate decays over them).
    pub games: u64,
    pub hidden: usize,
    pub lambda: f32,
    /// Learning rate at the first game, falling linearly to `rate_end`.
    pub rate_start: f32,
    pub rate_end: f32,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            seed: 1,
            games: 200_000,
            hidden: 128,
            lambda: 0.7,
            rate_start: 0.05,
            rate_end: 0.01,
        }
    }
}

/// Running totals for progress reports.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub games: u64,
    pub plies: u64,
    /// Games won with a gammon or backgammon.
    pub gammons: u64,
}

pub struct Trainer {
    pub net: Net,
    config: TrainConfig,
    rng: ChaCha8Rng,
    scratch: Scratch,
    gen: MoveGen,
    states: Vec<Board>,
    /// The evaluation of `states[t]` for its side on roll, made when the
    /// previous mover chose it (`None` for the first position).
    values: Vec<Probs>,
    pub stats: Stats,
}

impl Trainer {
    pub fn new(config: TrainConfig) -> Trainer {
        let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
        let net = Net::random(config.hidden, &mut rng);
        Trainer {
            net,
            config,
            rng,
            scratch: Scratch::default(),
            gen: MoveGen::new(),
            states: Vec::new(),
            values: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// The learning rate for the next game.
    fn rate(&self) -> f32 {
        let done = (self.net.games as f32 / self.config.games.max(1) as f32).min(1.0);
        self.config.rate_start + (self.config.rate_end - self.config.rate_start) * done
    }

    /// Plays one self-play game and learns from it.
    pub fn play_game(&mut self) {
        self.states.clear();
        self.values.clear();
        let mut board = Board::START;
        let mut opening = true;
        let result = loop {
            self.states.push(board);
            let dice = roll(&mut self.rng, opening);
            opening = false;
            let mut best: Option<(f32, Board, Probs)> = None;
            let mut finished = None;
            for (after, _) in self.gen.generate(&board, dice) {
                if after.my_off() == CHECKERS {
                    let points = game_points(after);
                    if finished.is_none_or(|p| p < points) {
                        finished = Some(points);
                    }
                    continue;
                }
                let next = after.flip();
                let p = self.net.evaluate(&next, &mut self.scratch);
                let equity = -p.equity();
                if best.as_ref().is_none_or(|b| equity > b.0) {
                    best = Some((equity, next, p));
                }
            }
            if let Some(points) = finished {
                break Probs::won(points);
            }
            let (next, p) = match best {
                Some((_, next, p)) => (next, p),
                None => {
                    // A pass: the same checkers, the other side on roll.
                    let next = board.flip();
                    (next, self.net.evaluate(&next, &mut self.scratch))
                }
            };
            self.values.push(p);
            board = next;
        };
        self.learn(result);
    }

    /// λ-returns backwards from the result, then one step per position.
    fn learn(&mut self, result: Probs) {
        let rate = self.rate();
        let lambda = self.config.lambda;
        let last = self.states.len() - 1;
        let mut target = result;
        let mut targets = vec![result; self.states.len()];
        for t in (0..last).rev() {
            let mut blend = [0.0f32; 6];
            self.values[t].add_to(&mut blend, 1.0 - lambda);
            target.add_to(&mut blend, lambda);
            target = Probs(blend).flip();
            targets[t] = target;
        }
        for (state, target) in self.states.iter().zip(&targets) {
            self.net.learn(state, target, rate, &mut self.scratch);
        }
        self.net.games += 1;
        self.stats.games += 1;
        self.stats.plies += self.states.len() as u64;
        if result.0[1] + result.0[2] > 0.0 {
            self.stats.gammons += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> TrainConfig {
        TrainConfig {
            seed: 9,
            games: 4,
            hidden: 8,
            ..TrainConfig::default()
        }
    }

    #[test]
    fn training_is_reproducible_from_the_seed() {
        let mut a = Trainer::new(small());
        let mut b = Trainer::new(small());
        for _ in 0..2 {
            a.play_game();
            b.play_game();
        }
        assert_eq!(a.net, b.net);
        assert_eq!(a.stats, b.stats);
        assert_eq!(a.net.games, 2);
        let mut c = Trainer::new(TrainConfig { seed: 10, ..small() });
        c.play_game();
        c.play_game();
        assert_ne!(a.net, c.net);
    }
}
