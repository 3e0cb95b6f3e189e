//! The winning chance a person is shown, calibrated.
//!
//! A search's own value is not a probability: MCTS averages playouts and
//! pulls every estimate towards 50%, alpha-beta scores are not chances at
//! all. What the app shows (the estimate bar, hints, the review) is the
//! search's value mapped through a logistic curve per game and level
//! (Platt scaling), `p = σ(a·logit(v) + b)`, fitted on Expert-vs-Normal
//! games by `arena` (it prints the fit; see [`CURVES`]) and checked there
//! on other games: in every 10-point bucket the calibrated estimate and
//! the share of positions won differ by at most 10 points.

use crate::Level;
use papan_rules::GameId;
use std::fmt::Write as _;

/// A logistic map of a search value: `σ(slope·logit(v) + shift)`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Curve {
    pub slope: f64,
    pub shift: f64,
}

impl Curve {
    /// No change.
    pub const IDENTITY: Curve = Curve { slope: 1.0, shift: 0.0 };

    pub fn apply(self, value: f64) -> f64 {
        sigmoid(self.slope * logit(value) + self.shift)
    }

    /// The curve that best turns `values` into `results` (1 won, 0 lost,
    /// ½ drawn) by log loss.
    pub fn fit(samples: &[(f64, f64)]) -> Curve {
        let features: Vec<([f64; 2], f64)> = samples.iter().map(|&(v, r)| ([logit(v), 1.0], r)).collect();
        let [slope, shift] = fit_logistic(&features);
        Curve { slope, shift }
    }
}

/// Logistic regression: the weights `w` for which `σ(w·x)` best predicts
/// each result (1 won, 0 lost, ½ drawn) by log loss, by Newton's method.
/// Put a constant 1 among the features for an intercept.
pub fn fit_logistic<const N: usize>(samples: &[([f64; N], f64)]) -> [f64; N] {
    let mut w = [0.0f64; N];
    for _ in 0..50 {
        let mut gradient = [0.0f64; N];
        let mut hessian = [[0.0f64; N]; N];
        for (x, result) in samples {
            let p = sigmoid(dot(&w, x));
            for i in 0..N {
                gradient[i] += (p - result) * x[i];
                for j in 0..N {
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        // A little ridge keeps the step finite when the data separate.
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] += 1e-6;
        }
        let Some(step) = solve(hessian, gradient) else {
            break;
        };
        for i in 0..N {
            w[i] -= step[i];
        }
        if step.iter().map(|d| d.abs()).sum::<f64>() < 1e-9 {
            break;
        }
    }
    w
}

fn dot<const N: usize>(a: &[f64; N], b: &[f64; N]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `a·x = b` by Gaussian elimination with partial pivoting; `None` when singular.
fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> Option<[f64; N]> {
    for col in 0..N {
        let pivot = (col..N).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (pivot_row, pivot_b) = (a[col], b[col]);
        for (row, (values, rhs)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            if row != col {
                let factor = values[col] / pivot_row[col];
                for (value, pivot) in values.iter_mut().zip(pivot_row).skip(col) {
                    *value -= factor * pivot;
                }
                *rhs -= factor * pivot_b;
            }
        }
    }
    Some(std::array::from_fn(|i| b[i] / a[i][i]))
}

fn logit(p: f64) -> f64 {
    let p = p.clamp(0.005, 0.995);
    (p / (1.0 - p)).ln()
}

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The shipped curves: the "fit" lines printed by
/// `cargo run --release -p papan-bots --bin arena -- --game <game> --a expert --b normal --estimator normal --seed S --games N`:
/// Hex (`--size 9`, seed 11, 40 games; `--size 7`, seed 13, 80 games),
/// backgammon (seed 11, 36 games). Checked on other games: Hex 9×9 and
/// backgammon on seed 13 (120 games each), Hex 7×7 on seed 12 (80 games),
/// and the 9×9 curve on the larger boards it also serves, seed 13: 11×11
/// (120 games, 4,162 positions, largest gap 4.4 points) and 13×13 (120
/// games, 6,416 positions, 7.1) are within the bar.
/// 19×19 has its own curve and its own estimator budget
/// ([`crate::hex::estimator_budget`]: with the Normal level's 2,000
/// iterations no curve came within 15 points). Its games were recorded by
/// `arena --game hex --size 19 --a expert --a-iterations 16000 --b normal
/// --no-cap --games 10 --seed S --record gS.txt`, every position searched
/// by `examples/hex_estimate --iterations 6000`; the curve is fitted on
/// seeds 101, 103, …, 113 (70 games, 8,393 positions) and checked on
/// seeds 102, 104, …, 116, 119, 121, 122 and 124 (120 games, 12,783
/// positions): largest gap 7.9 points.
/// Only the Normal search is calibrated: it is the app's estimator (the
/// bar in play); other levels use the same curve. Jun Qi keeps its raw
/// value, which was already within 10 points on other games. HADANG needs
/// no curve here: one score cannot say how sure a lead is (a two-step lead
/// is little with twenty walls to come, decisive with none), so its value is
/// already a fitted chance of score and walls in stock
/// ([`crate::hadang::eval::win_probability`]).
pub const CURVES: &[Fitted] = &[
    Fitted {
        game: GameId::Hex,
        size: None,
        level: Level::Normal,
        curve: Curve {
            slope: 2.127,
            shift: -0.537,
        },
    },
    // MCTS is surer of itself on a small board than its value says.
    Fitted {
        game: GameId::Hex,
        size: Some(7),
        level: Level::Normal,
        curve: Curve {
            slope: 2.971,
            shift: -0.557,
        },
    },
    // The estimate's value on 19×19 comes from its own, longer search.
    Fitted {
        game: GameId::Hex,
        size: Some(19),
        level: Level::Normal,
        curve: Curve {
            slope: 2.658,
            shift: -1.287,
        },
    },
    Fitted {
        game: GameId::Backgammon,
        size: None,
        level: Level::Normal,
        curve: Curve {
            slope: 0.874,
            shift: -0.290,
        },
    },
];

/// One shipped curve: a game, a board size where it matters (Hex; `None`
/// for every other size), and a search level.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Fitted {
    pub game: GameId,
    pub size: Option<u8>,
    pub level: Level,
    pub curve: Curve,
}

/// The curve for a game's search at `level` on a board of `size`: the
/// closest fitted one (this size, then any size; this level, then the
/// Normal search's), else none.
pub fn curve(game: GameId, size: Option<u8>, level: Level) -> Curve {
    let find = |size: Option<u8>, level: Level| {
        CURVES
            .iter()
            .find(|f| f.game == game && f.size == size && f.level == level)
    };
    [
        (size, level),
        (None, level),
        (size, Level::Normal),
        (None, Level::Normal),
    ]
    .into_iter()
    .find_map(|(size, level)| find(size, level))
    .map_or(Curve::IDENTITY, |f| f.curve)
}

/// The chance to show for a search value of `game` (board `size`) at `level`.
pub fn calibrated(game: GameId, size: Option<u8>, level: Level, value: f64) -> f64 {
    curve(game, size, level).apply(value)
}

/// Predicted against observed per 10-point bucket (the calibration
/// table: `arena --estimator`, `examples/hadang_estimate`), and the largest gap
/// among buckets with enough positions to judge.
pub fn bucket_table(title: &str, samples: &[(f64, f64)]) -> String {
    const MIN_BUCKET: usize = 20;
    let mut buckets = [(0usize, 0.0f64, 0.0f64); 10];
    for &(p, result) in samples {
        let b = ((p * 10.0) as usize).min(9);
        buckets[b].0 += 1;
        buckets[b].1 += p;
        buckets[b].2 += result;
    }
    let mut out = String::new();
    let _ = writeln!(out, "  {title}:");
    let _ = writeln!(out, "    bucket      n  predicted  observed   gap");
    let mut worst: f64 = 0.0;
    for (i, (n, predicted, won)) in buckets.iter().enumerate() {
        if *n == 0 {
            continue;
        }
        let (p, o) = (predicted / *n as f64 * 100.0, won / *n as f64 * 100.0);
        let judged = *n >= MIN_BUCKET;
        if judged {
            worst = worst.max((p - o).abs());
        }
        let _ = writeln!(
            out,
            "    {:>3}-{:<3} {:>6}  {:>8.1}%  {:>7.1}%  {:>+5.1}{}",
            i * 10,
            i * 10 + 10,
            n,
            p,
            o,
            o - p,
            if judged { "" } else { "  (few)" }
        );
    }
    let _ = writeln!(out, "    largest gap in buckets of {MIN_BUCKET}+: {worst:.1} points");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_undoes_a_known_squeeze() {
        // Values squeezed towards ½ (what MCTS does): the truth is σ(3·logit(v)).
        let truth = Curve { slope: 3.0, shift: 0.4 };
        let mut samples = Vec::new();
        for i in 1..200 {
            let v = i as f64 / 200.0;
            let p = truth.apply(v);
            // Ten outcomes per value in the right proportion.
            let wins = (p * 10.0).round() as usize;
            for k in 0..10 {
                samples.push((v, if k < wins { 1.0 } else { 0.0 }));
            }
        }
        let fit = Curve::fit(&samples);
        assert!((fit.slope - 3.0).abs() < 0.3, "{fit:?}");
        assert!((fit.shift - 0.4).abs() < 0.2, "{fit:?}");
        assert!((Curve::IDENTITY.apply(0.3) - 0.3).abs() < 1e-9);
    }
}
