//! The final move choice: a softmax over root visit counts at a level's
//! temperature. Noise is "steady": it reshapes the choice among moves the
//! search already likes, so a weak level plays plausible moves, not blunders.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Moves searched less than this share of the most searched move are never
/// chosen: with a small budget the search spreads visits thinly over many
/// moves, and a plain softmax over 80 such moves would pick an obvious
/// blunder now and then. The noise stays among moves the search liked.
pub const KEEP_SHARE: f64 = 0.5;

/// Index chosen among `visits` at `temperature` (0 = the most visited, ties to
/// the first). Weights are `visits^(1/T)`, the AlphaZero form, over the moves
/// with at least [`KEEP_SHARE`] of the top count.
pub fn choose(visits: &[u64], temperature: f64, rng: &mut ChaCha8Rng) -> Option<usize> {
    if visits.is_empty() {
        return None;
    }
    let most = (0..visits.len()).max_by(|&a, &b| visits[a].cmp(&visits[b]).then(b.cmp(&a)))?;
    if temperature <= 0.0 || visits[most] == 0 {
        return Some(most);
    }
    // Normalise by the maximum first so large counts cannot overflow.
    let top = visits[most] as f64;
    let weights: Vec<f64> = visits
        .iter()
        .map(|&v| {
            let share = v as f64 / top;
            if v == 0 || share < KEEP_SHARE {
                0.0
            } else {
                share.powf(1.0 / temperature)
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
    Some(most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn zero_temperature_takes_the_most_visited() {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        assert_eq!(choose(&[3, 9, 9, 1], 0.0, &mut rng), Some(1));
        assert_eq!(choose(&[], 0.0, &mut rng), None);
    }

    #[test]
    fn warm_choice_follows_visits_and_skips_unvisited() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts = [0usize; 3];
        for _ in 0..2000 {
            counts[choose(&[100, 50, 0], 1.0, &mut rng).unwrap()] += 1;
        }
        assert_eq!(counts[2], 0, "an unvisited move is never played");
        assert!(counts[0] > counts[1] && counts[1] > 400, "{counts:?}");
        let mut counts = [0usize; 3];
        for _ in 0..2000 {
            counts[choose(&[100, 60, 49], 1.0, &mut rng).unwrap()] += 1;
        }
        assert_eq!(counts[2], 0, "a move searched less than half as much is never played");
        assert!(counts[1] > 400, "{counts:?}");
    }
}
