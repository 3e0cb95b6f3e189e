//! Training the Hex value ([`papan_bots::hex::value`]) on the results of
//! self-play games. The policy is fixed: each position's last policy layer
//! is computed once, and the value's branch and head are fitted on it by
//! the policy's own trainer ([`super::policy_training`]), a position
//! teaching no move and only whether its mover won.

use super::policy_training::{batch_gradient, half_turn, size_batches, Adam, Example, HeadAdam, Sample};
use papan_bots::hex::policy::{PolicyNet, Scratch};
use papan_bots::hex::value::{ValueNet, ValueScratch};
use rand::seq::SliceRandom;
use rand::Rng;

/// Whether each position's mover won its game. The winner of a self-play
/// game is the side that played its last stone: a game ends when a side
/// connects, or when the side to move resigns before moving
/// (`hex-patterns selfplay --resign`).
pub fn wins(game: &[Sample]) -> Vec<bool> {
    let last = game.last().map(|s| s.mover);
    game.iter().map(|s| Some(s.mover) == last).collect()
}

/// The value's examples of `games`: each position's last policy layer
/// (and its half-turn's, with `half_turns`) and whether its mover won.
pub fn examples(policy: &PolicyNet, games: &[Vec<Sample>], half_turns: bool) -> Vec<Example> {
    let mut scratch = Scratch::default();
    let mut out = Vec::new();
    for game in games {
        for (s, won) in game.iter().zip(wins(game)) {
            let mut views = vec![s.planes.clone()];
            if half_turns {
                views.push(half_turn(&s.planes));
            }
            for planes in views {
                scratch.input = planes;
                policy.forward(s.side, &mut scratch);
                out.push((s.side, scratch.trunk().0.to_vec(), Vec::new(), Some(won)));
            }
        }
    }
    out
}

/// The value's mean log loss (natural log) over `games`, judged as the
/// search judges (the policy, then [`ValueNet::judge`]), and the share
/// judged on the right side of one half.
pub fn judge(policy: &PolicyNet, value: &ValueNet, games: &[Vec<Sample>]) -> (f64, f64) {
    let mut scratch = Scratch::default();
    let mut work = ValueScratch::default();
    let (mut loss, mut right, mut count) = (0.0, 0, 0);
    for game in games {
        for (s, won) in game.iter().zip(wins(game)) {
            scratch.input.clone_from(&s.planes);
            policy.forward(s.side, &mut scratch);
            let p = (value.judge(&scratch, &mut work) as f64).clamp(1e-7, 1.0 - 1e-7);
            loss -= if won { p.ln() } else { (1.0 - p).ln() };
            right += usize::from((p > 0.5) == won);
            count += 1;
        }
    }
    let n = count.max(1) as f64;
    (loss / n, right as f64 / n)
}

/// The branch as the policy trainer's net: its convolutions, a head that
/// no example teaches.
fn as_trainable(value: &ValueNet) -> PolicyNet {
    PolicyNet {
        convs: value.branch.clone(),
        head: vec![0.0; value.head.inputs / 2],
        head_bias: 0.0,
    }
}

/// Fits `value` to `training` by Adam over `epochs` (the rate falling to
/// three tenths over the last third), keeping the epoch that judges the
/// held-out `test` games best; prints each epoch's losses.
#[allow(clippy::too_many_arguments)]
pub fn fit(
    policy: &PolicyNet,
    mut value: ValueNet,
    training: &mut [Example],
    test: &[Vec<Sample>],
    epochs: usize,
    batch: usize,
    rate: f32,
    threads: usize,
    rng: &mut impl Rng,
) -> (ValueNet, f64) {
    let started = std::time::Instant::now();
    let mut branch = as_trainable(&value);
    let (mut adam, mut head_adam) = (Adam::new(&branch), HeadAdam::new(&value.head));
    let mut best = (judge(policy, &value, test).0, value.clone());
    eprintln!("start: held out {:.4}", best.0);
    for epoch in 1..=epochs {
        training.shuffle(rng);
        let epoch_rate = if epoch * 3 > epochs * 2 { rate * 0.3 } else { rate };
        let mut total = 0.0;
        // One board size a batch (the grid is per size); with one size, the
        // shuffled positions cut in order, as before.
        for indices in size_batches(training, batch, rng) {
            let members: Vec<&Example> = indices.iter().map(|&i| &training[i]).collect();
            let grads = batch_gradient(&branch, Some((&value.head, 1.0)), &members, threads);
            total += grads.value_loss;
            adam.step(&mut branch, &grads.net, epoch_rate);
            head_adam.step(
                &mut value.head,
                grads.head.as_ref().expect("a head's gradient"),
                epoch_rate,
            );
        }
        value.branch.clone_from(&branch.convs);
        let (test_loss, right) = judge(policy, &value, test);
        eprintln!(
            "epoch {epoch}: training loss {:.4}, held out {test_loss:.4}, right side {:.1}% ({:.0} s)",
            total / training.len().max(1) as f64,
            100.0 * right,
            started.elapsed().as_secs_f64()
        );
        if test_loss < best.0 {
            best = (test_loss, value.clone());
        }
    }
    (best.1, best.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_bots::hex::board::{FastBoard, BLUE, RED};
    use papan_bots::hex::policy::encode;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn sample(board: &FastBoard, mover: u8) -> Sample {
        let mut planes = Vec::new();
        encode(board, mover, &mut planes);
        Sample {
            side: board.size() + 2,
            planes,
            target: 0,
            targets: Vec::new(),
            board: board.clone(),
            mover,
            at: 0,
        }
    }

    #[test]
    fn each_position_is_labelled_by_whether_its_mover_played_the_last_stone() {
        let board = FastBoard::empty(3);
        // Red, Blue, Red: Red played last and won.
        let game = vec![sample(&board, RED), sample(&board, BLUE), sample(&board, RED)];
        assert_eq!(wins(&game), vec![true, false, true]);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let policy = PolicyNet::random(4, 2, || rng.random::<f32>());
        let out = examples(&policy, &[game], true);
        assert_eq!(out.len(), 6);
        assert!(out.iter().all(|e| e.1.len() == 25 * 4 && e.2.is_empty()));
        let labels: Vec<Option<bool>> = out.iter().map(|e| e.3).collect();
        assert_eq!(labels, [true, true, false, false, true, true].map(Some));
        assert!(wins(&[]).is_empty());
    }

    /// The mover wins exactly when it holds the middle cell: the branch
    /// and head learn it from the policy's layers, and judge positions
    /// they were not shown as the search would.
    #[test]
    fn fitting_learns_who_wins_on_positions_held_out() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let policy = PolicyNet::random(4, 2, || rng.random::<f32>());
        let inner: Vec<usize> = FastBoard::empty(3).inner().collect();
        let game = |rng: &mut ChaCha8Rng| {
            let mut board = FastBoard::empty(3);
            for &at in &inner {
                board.cells[at] = [0, RED, BLUE][rng.random_range(0..3)];
            }
            board.cells[inner[4]] = [RED, BLUE][rng.random_range(0..2)];
            // Red on the middle: Red's position, won. Blue there: Red's
            // position, lost, then Blue's, won.
            if board.cells[inner[4]] == RED {
                vec![sample(&board, RED)]
            } else {
                vec![sample(&board, RED), sample(&board, BLUE)]
            }
        };
        let training_games: Vec<Vec<Sample>> = (0..300).map(|_| game(&mut rng)).collect();
        let test: Vec<Vec<Sample>> = (0..100).map(|_| game(&mut rng)).collect();
        let mut training = examples(&policy, &training_games, false);
        let value = ValueNet::random(4, 1, 8, || rng.random::<f32>());
        let before = judge(&policy, &value, &test).0;
        let (value, loss) = fit(&policy, value, &mut training, &test, 30, 16, 0.01, 2, &mut rng);
        let (after, right) = judge(&policy, &value, &test);
        assert!((after - loss).abs() < 1e-9, "the kept epoch's loss is reported");
        assert!(
            after < 0.7 * before && right > 0.8,
            "loss {before} → {after}, right {right}"
        );
    }
}
