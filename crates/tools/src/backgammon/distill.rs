//! Teaching the evaluator its own deeper search (after TD(λ), see [`td`]):
//! positions from the net's self-play are valued by an n-ply search with
//! the same net ([`Walk`]), and the net then learns those values at 0-ply.
//! The search sees further than the net, so its values are better targets
//! than the net's own; the next search, on a better net, sees further
//! again. Nothing but the net and the rules goes in: no outside engine.
//!
//! Deterministic from the seed: the same net, options and seed give the
//! same weights, bit for bit, on the same platform.
//!
//! [`td`]: super::td

use super::roll;
use papan_bots::backgammon::net::{Net, Probs, Scratch};
use papan_bots::backgammon::search::Evaluator;
use papan_bots::backgammon::thinker::choose;
use papan_bots::backgammon::walk::Walk;
use papan_rules::backgammon::{Board, MoveGen, CHECKERS};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What a distillation run does; [`DistillConfig::default`] is the shipped run's.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DistillConfig {
    pub seed: u64,
    /// Self-play games the positions come from.
    pub games: u64,
    /// Every `every`-th position of a game is kept (neighbours look alike).
    pub every: usize,
    /// Softmax temperature (equity) of the self-play moves: a little
    /// variety around the net's favourite lines.
    pub temperature: f64,
    /// Plies of the search that makes the targets.
    pub depth: usize,
    /// Passes over the positions, the learning rate falling linearly from
    /// `rate_start` to `rate_end` over them.
    pub epochs: usize,
    pub rate_start: f32,
    pub rate_end: f32,
}

impl Default for DistillConfig {
    fn default() -> DistillConfig {
        DistillConfig {
            seed: 2,
            games: 10_000,
            every: 2,
            temperature: 0.02,
            depth: 2,
            epochs: 4,
            rate_start: 0.01,
            rate_end: 0.002,
        }
    }
}

/// A position (its side on roll, before rolling) and the value to learn.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sample {
    pub board: Board,
    pub target: Probs,
}

/// Positions of `games` self-play games of `net` (each side's board before
/// its roll), every `every`-th of each game, game over excluded.
pub fn positions(net: &Net, games: u64, every: usize, temperature: f64, rng: &mut ChaCha8Rng) -> Vec<Board> {
    let mut eval = Evaluator::new(net);
    let mut gen = MoveGen::new();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut board = Board::START;
        let mut opening = true;
        for ply in 0usize.. {
            if ply % every.max(1) == 0 {
                out.push(board);
            }
            let dice = roll(rng, opening);
            opening = false;
            let plays: Vec<Board> = gen.generate(&board, dice).iter().map(|(after, _)| *after).collect();
            let Some(&first) = plays.first() else {
                // A pass: the other side rolls on the same checkers.
                board = board.flip();
                continue;
            };
            let after = if plays.len() == 1 {
                first
            } else {
                let equities: Vec<f64> = plays.iter().map(|a| eval.after_play(a).equity() as f64).collect();
                plays[choose(&equities, temperature, rng)]
            };
            if after.my_off() == CHECKERS {
                break;
            }
            board = after.flip();
        }
    }
    out
}

/// The value of `board` for its side on roll at `depth` plies of search.
pub fn label(eval: &mut Evaluator, board: &Board, depth: usize) -> Probs {
    // A walk values a board just after a play, for the side that played:
    // ours, turned round, is that board for the opponent.
    let mut walk = Walk::new(&board.flip(), depth);
    loop {
        if let Some(p) = walk.step(eval) {
            return p.flip();
        }
    }
}

/// Mean cross-entropy of `net` on `samples` (a held-out check).
pub fn loss(net: &Net, samples: &[Sample]) -> f64 {
    let mut scratch = Scratch::default();
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = net.evaluate(&s.board, &mut scratch);
            -s.target
                .0
                .iter()
                .zip(p.0)
                .map(|(t, q)| f64::from(*t) * f64::from(q.max(1e-7)).ln())
                .sum::<f64>()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// `epochs` passes of stochastic gradient steps over `samples`, shuffled
/// each pass, the rate falling linearly; `report` hears each pass's end.
pub fn learn(
    net: &mut Net,
    samples: &mut [Sample],
    config: &DistillConfig,
    rng: &mut ChaCha8Rng,
    mut report: impl FnMut(usize, &Net),
) {
    let mut scratch = Scratch::default();
    let steps = (config.epochs * samples.len()).max(1) as f32;
    let mut step = 0usize;
    for epoch in 0..config.epochs {
        samples.shuffle(rng);
        for s in samples.iter() {
            let done = step as f32 / steps;
            let rate = config.rate_start + (config.rate_end - config.rate_start) * done;
            net.learn(&s.board, &s.target, rate, &mut scratch);
            step += 1;
        }
        report(epoch + 1, net);
    }
}

/// The samples of a run: positions from `net`'s self-play, valued by its
/// search, in a seeded random order. `progress` hears how many are done.
pub fn samples(net: &Net, config: &DistillConfig, mut progress: impl FnMut(usize, usize)) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let boards = positions(net, config.games, config.every, config.temperature, &mut rng);
    let mut eval = Evaluator::new(net);
    let mut samples = Vec::with_capacity(boards.len());
    for (i, board) in boards.iter().enumerate() {
        samples.push(Sample {
            board: *board,
            target: label(&mut eval, board, config.depth),
        });
        if (i + 1) % 10_000 == 0 || i + 1 == boards.len() {
            progress(i + 1, boards.len());
        }
    }
    samples.shuffle(&mut rng);
    samples
}

/// Learns `samples` but the first `holdout` (kept aside for [`loss`]);
/// `report` hears each pass's end with the held-out samples.
pub fn distill(
    net: &mut Net,
    samples: &mut [Sample],
    holdout: usize,
    config: &DistillConfig,
    mut report: impl FnMut(usize, &Net, &[Sample]),
) {
    // Its own stream, so samples read back from a file learn the same.
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0x5eed_d157_111e_d000);
    let kept = holdout.min(samples.len() / 2);
    let (held, train) = samples.split_at_mut(kept);
    report(0, net, held);
    learn(net, train, config, &mut rng, |epoch, net| report(epoch, net, held));
}

/// Bytes per sample in [`write_samples`]: the 26 points, then 6 `f32`.
const SAMPLE_BYTES: usize = 26 + 6 * 4;

/// Samples as bytes (a cache of the slow labelling between tries).
pub fn write_samples(samples: &[Sample]) -> Vec<u8> {
    let mut out = Vec::with_capacity(samples.len() * SAMPLE_BYTES);
    for s in samples {
        out.extend(s.board.pips().iter().map(|&n| n as u8));
        for p in s.target.0 {
            out.extend_from_slice(&p.to_le_bytes());
        }
    }
    out
}

/// Reads [`write_samples`]' bytes back; refuses a malformed board.
pub fn read_samples(bytes: &[u8]) -> Result<Vec<Sample>, String> {
    if !bytes.len().is_multiple_of(SAMPLE_BYTES) {
        return Err(format!("{} bytes is not a whole number of samples", bytes.len()));
    }
    bytes
        .chunks_exact(SAMPLE_BYTES)
        .map(|chunk| {
            let pips: [i8; 26] = std::array::from_fn(|i| chunk[i] as i8);
            let board = Board::from_pips(pips).map_err(|e| e.to_string())?;
            let target = std::array::from_fn(|k| {
                let at = 26 + 4 * k;
                f32::from_le_bytes([chunk[at], chunk[at + 1], chunk[at + 2], chunk[at + 3]])
            });
            Ok(Sample {
                board,
                target: Probs(target),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_bots::backgammon::shipped_net;

    #[test]
    fn self_play_positions_are_reproducible_and_in_play() {
        let net = shipped_net();
        let a = positions(net, 3, 2, 0.02, &mut ChaCha8Rng::seed_from_u64(4));
        let b = positions(net, 3, 2, 0.02, &mut ChaCha8Rng::seed_from_u64(4));
        assert_eq!(a, b);
        assert_eq!(a[0], Board::START, "each game starts at the start");
        assert!(a.len() > 3 * 10, "three games, every other position: {}", a.len());
        assert!(a.iter().all(|b| b.my_off() < CHECKERS && b.their_off() < CHECKERS));
    }

    #[test]
    fn a_label_is_the_search_value_of_the_side_on_roll() {
        let net = shipped_net();
        let mut eval = Evaluator::new(net);
        // The side on roll has one checker on its 1-point and the opponent
        // fifteen on its 6-point: any roll wins it a gammon.
        let board = Board::from_points(&[(1, 1)], &[(19, 15)]).unwrap();
        for depth in 1..=2 {
            assert_eq!(label(&mut eval, &board, depth), Probs::won(2));
        }
        // At one ply, the mean over the rolls of the best play's value.
        let mut sum = [0.0f32; 6];
        for (dice, w) in papan_bots::backgammon::search::rolls() {
            eval.best_play(&Board::START, dice).add_to(&mut sum, w);
        }
        let by_hand = Probs(sum.map(|s| s / 36.0));
        let labelled = label(&mut eval, &Board::START, 1);
        assert!(labelled.0.iter().zip(by_hand.0).all(|(a, b)| (a - b).abs() < 1e-5));
    }

    #[test]
    fn learning_the_targets_lowers_their_loss_reproducibly() {
        let config = DistillConfig {
            games: 4,
            depth: 1,
            epochs: 3,
            rate_start: 0.05,
            rate_end: 0.01,
            ..DistillConfig::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut start = Net::random(16, &mut rng);
        let boards = positions(shipped_net(), config.games, 1, 0.0, &mut rng);
        let mut eval = Evaluator::new(shipped_net());
        let mut samples: Vec<Sample> = boards
            .iter()
            .map(|b| Sample {
                board: *b,
                target: label(&mut eval, b, 1),
            })
            .collect();
        assert_eq!(read_samples(&write_samples(&samples)).unwrap(), samples);
        assert!(read_samples(&write_samples(&samples)[1..]).is_err());
        let before = loss(&start, &samples);
        let mut again = start.clone();
        let mut copy = samples.clone();
        learn(
            &mut start,
            &mut samples,
            &config,
            &mut ChaCha8Rng::seed_from_u64(9),
            |_, _| {},
        );
        learn(
            &mut again,
            &mut copy,
            &config,
            &mut ChaCha8Rng::seed_from_u64(9),
            |_, _| {},
        );
        assert_eq!(start, again, "same samples and seed, same weights");
        let after = loss(&start, &samples);
        assert!(after < before - 0.1, "{before} -> {after}");
    }
}
