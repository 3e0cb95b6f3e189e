//! Simulation balancing of the playouts' local weights
//! ([`papan_bots::hex::local`]): Silver and Tesauro's policy-gradient
//! form ("Monte-Carlo Simulation Balancing", 2009). For a position with
//! target `V` (whether its mover won the self-play game), `M` playouts
//! estimate the playouts' own mean `v`, `N` more estimate its gradient
//! `g = mean((z - v) · Σ ψ)`, where `ψ` is the gradient of the log
//! chance of each locally drawn move; the log-weights move by
//! `rate · (V - v) · g`. The fit wants the playouts' mean right, not the
//! moves strong: a playout that plays well for one side only is
//! unbalanced and judges worse.

use super::selfplay_games::for_each_played;
use papan_bots::hex::board::FastBoard;
use papan_bots::hex::local::{LocalWeights, FEATURES};
use papan_bots::hex::playout::LocalDraw;
use papan_bots::hex::HexPolicy;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A self-play position: the board before its move, the side to move,
/// the stone played just before (none after the opening stones), and
/// whether the side to move won the game.
pub struct Position {
    pub game: usize,
    pub board: FastBoard,
    pub mover: u8,
    pub last: Option<usize>,
    pub won: bool,
}

/// Every position of `files` after the opening stones. The winner of a
/// self-play game is the side that played its last stone (it ends at a
/// connection or at the resignation of the side to move).
pub fn positions(files: &[String]) -> Result<Vec<Position>, String> {
    let mut out: Vec<Position> = Vec::new();
    let mut game_start = 0;
    let mut previous: Option<(usize, usize)> = None;
    let finish = |out: &mut Vec<Position>, start: usize| {
        if let Some(winner) = out.last().map(|p| p.mover) {
            for p in &mut out[start..] {
                p.won = p.mover == winner;
            }
        }
    };
    for_each_played(files, |played| {
        if out.last().is_some_and(|p| p.game != played.game) {
            finish(&mut out, game_start);
            game_start = out.len();
        }
        let last = match previous {
            Some((game, at)) if game == played.game => Some(at),
            _ => None,
        };
        previous = Some((played.game, played.board.at(played.cell)));
        out.push(Position {
            game: played.game,
            board: played.board.clone(),
            mover: played.mover,
            last,
            won: false,
        });
    })?;
    finish(&mut out, game_start);
    Ok(out)
}

/// The playouts' mean result for the mover of `position` over `count`
/// playouts.
pub fn playout_mean(policy: &mut HexPolicy, position: &Position, count: usize, rng: &mut ChaCha8Rng) -> f64 {
    let mut board = position.board.clone();
    let mut wins = 0;
    for _ in 0..count {
        board.cells.copy_from_slice(&position.board.cells);
        wins += usize::from(policy.fill_board(&mut board, position.mover, position.last, rng) == position.mover);
    }
    wins as f64 / count.max(1) as f64
}

/// Adds `position`'s balancing step direction, `(V - v) · g`, to `out`
/// (one entry per feature).
pub fn add_gradient(
    policy: &mut HexPolicy,
    position: &Position,
    (mean_playouts, gradient_playouts): (usize, usize),
    rng: &mut ChaCha8Rng,
    out: &mut [f64],
) {
    let v = playout_mean(policy, position, mean_playouts, rng);
    let error = f64::from(u8::from(position.won)) - v;
    add_mean_gradient(policy, position, gradient_playouts, v, error, rng, out);
}

/// Adds `scale` times the gradient of the playouts' mean result for the
/// mover of `position` (with respect to each log-weight) to `out`,
/// estimated from `playouts` playouts as `mean((z - baseline) · Σ ψ)`.
pub fn add_mean_gradient(
    policy: &mut HexPolicy,
    position: &Position,
    playouts: usize,
    baseline: f64,
    scale: f64,
    rng: &mut ChaCha8Rng,
    out: &mut [f64],
) {
    let mut board = position.board.clone();
    let mut psi: Vec<(u16, f32)> = Vec::new();
    let scale = scale / playouts.max(1) as f64;
    for _ in 0..playouts {
        board.cells.copy_from_slice(&position.board.cells);
        psi.clear();
        let winner = policy.fill_traced(
            &mut board,
            position.mover,
            position.last,
            rng,
            &mut |draw: &LocalDraw| {
                // d log π(chosen) / d log γ_f = [f is the chosen cell's] − Σ π(c) over the near cells c with feature f.
                for &(at, feature, gamma) in draw.near {
                    let chosen = if at as usize == draw.chosen { 1.0 } else { 0.0 };
                    psi.push((feature, chosen - gamma / draw.total));
                }
            },
        );
        let z = f64::from(u8::from(winner == position.mover));
        let weight = scale * (z - baseline);
        for &(feature, d) in &psi {
            out[feature as usize] += weight * f64::from(d);
        }
    }
}

/// The playouts' mean squared error against the games' results over
/// `positions`, each from `playouts` playouts (seeded by its index).
pub fn balance_error(weights: &LocalWeights, size: usize, positions: &[&Position], playouts: usize, seed: u64) -> f64 {
    let mut policy = HexPolicy::new(size);
    policy.use_balanced(weights);
    let mut total = 0.0;
    for (i, p) in positions.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let v = playout_mean(&mut policy, p, playouts, &mut rng);
        let target = f64::from(u8::from(p.won));
        total += (target - v) * (target - v);
    }
    total / positions.len().max(1) as f64
}

/// Epoch `round` over `train` in batches of `batch` (in order), `threads`
/// sharing each batch; returns the new log-weights.
pub fn epoch(logs: &[f32], size: usize, train: &[&Position], settings: &Settings, round: u64) -> Vec<f32> {
    let mut logs = logs.to_vec();
    for (b, chunk) in train.chunks(settings.batch).enumerate() {
        let weights = LocalWeights::from_logs(logs.clone());
        let weights = &weights;
        let threads = settings.threads.max(1);
        let per = chunk.len().div_ceil(threads);
        let sums: Vec<Vec<f64>> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunk
                .chunks(per.max(1))
                .enumerate()
                .map(|(t, part)| {
                    scope.spawn(move || {
                        let mut policy = HexPolicy::new(size);
                        policy.use_balanced(weights);
                        let mut sum = vec![0.0; FEATURES];
                        for (i, p) in part.iter().enumerate() {
                            let index = (b * settings.batch + t * per + i) as u64;
                            let mut rng = ChaCha8Rng::seed_from_u64(
                                settings.seed
                                    ^ round.wrapping_mul(0x1000_0000_01b3)
                                    ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                            );
                            add_gradient(
                                &mut policy,
                                p,
                                (settings.mean_playouts, settings.gradient_playouts),
                                &mut rng,
                                &mut sum,
                            );
                        }
                        sum
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no trainer panics"))
                .collect()
        });
        let n = chunk.len() as f64;
        for f in 0..FEATURES {
            let step: f64 = sums.iter().map(|s| s[f]).sum::<f64>() / n;
            logs[f] = (logs[f] + (settings.rate * step) as f32).clamp(-8.0, 8.0);
        }
    }
    logs
}

/// How `hex-patterns balance` fits.
pub struct Settings {
    pub rate: f64,
    pub batch: usize,
    pub mean_playouts: usize,
    pub gradient_playouts: usize,
    pub threads: usize,
    pub seed: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::Cell;

    fn games_file(text: &str) -> (tempfile::TempDir, String) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.txt");
        std::fs::write(&path, text).unwrap();
        (dir, path.to_string_lossy().into_owned())
    }

    #[test]
    fn positions_know_the_last_stone_and_whether_their_mover_won() {
        let (_dir, path) = games_file("7 1 a1 b2 c3\n7 0 a1 b2\n");
        let p = positions(&[path]).unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p.iter().map(|p| p.game).collect::<Vec<_>>(), [0, 0, 1, 1]);
        // The side that played a game's last stone won it.
        assert_eq!(p.iter().map(|p| p.won).collect::<Vec<_>>(), [false, true, false, true]);
        assert_ne!(p[0].mover, p[1].mover);
        // The stone before each move (none right after the opening).
        assert_eq!(p[0].last, None);
        assert_eq!(p[1].last, Some(p[1].board.at(Cell::new(1, 1))));
        assert_eq!(p[2].last, None);
        assert_eq!(p[3].last, Some(p[3].board.at(Cell::new(0, 0))));
    }

    /// The estimator's gradient of the playouts' mean along one direction
    /// (every log-weight alike: answering near the last stone more or
    /// less, an effect large enough to measure), against the mean itself
    /// measured with the log-weights moved either way by hand.
    #[test]
    fn the_gradient_estimate_matches_the_playouts_mean_moved_by_hand() {
        let (_dir, path) = games_file("7 0 c3 d3 c4 e4 d5\n");
        let position = positions(&[path]).unwrap().remove(4);
        assert!(position.last.is_some());
        let uniform = LocalWeights::from_logs(vec![0.0; FEATURES]);
        let mut policy = HexPolicy::new(7);
        policy.use_balanced(&uniform);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let playouts = 40_000;
        let mean = playout_mean(&mut policy, &position, playouts, &mut rng);
        let mut gradient = vec![0.0; FEATURES];
        add_mean_gradient(&mut policy, &position, playouts, mean, 1.0, &mut rng, &mut gradient);
        let estimate: f64 = gradient.iter().sum();
        assert!(estimate.abs() > 0.02, "a direction that matters: {estimate}");
        let moved = |by: f32| {
            let mut logs = vec![0.0; FEATURES];
            logs.fill(by);
            let mut policy = HexPolicy::new(7);
            policy.use_balanced(&LocalWeights::from_logs(logs));
            playout_mean(&mut policy, &position, playouts, &mut ChaCha8Rng::seed_from_u64(4))
        };
        let by_hand = (moved(0.5) - moved(-0.5)) / 1.0;
        assert!(
            (by_hand - estimate).abs() < 0.35 * estimate.abs() + 0.01,
            "estimated {estimate:.4}, by hand {by_hand:.4}"
        );
    }
}
