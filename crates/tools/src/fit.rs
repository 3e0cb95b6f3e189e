//! Fitting the win estimate's curves ([`papan_bots::estimate::Curve`]):
//! logistic regression by Newton's method, and the calibration table the
//! arena and the estimate examples print. The app only applies the shipped
//! curves; the fitting is here.

use papan_bots::estimate::{logit, sigmoid, Curve};
use std::fmt::Write as _;

/// The curve that best turns `values` into `results` (1 won, 0 lost,
/// ½ drawn) by log loss.
pub fn curve(samples: &[(f64, f64)]) -> Curve {
    let features: Vec<([f64; 2], f64)> = samples.iter().map(|&(v, r)| ([logit(v), 1.0], r)).collect();
    let [slope, shift] = fit_logistic(&features);
    Curve { slope, shift }
}

/// The best curve with no shift: it maps ½ to ½ and `1 − v` to one
/// minus what it maps `v` to, so the chances it gives the two seats of
/// a position add up to 100% (Hex has no draws). What the Hex curves
/// are: a shift would say the side to move does better (or worse) than
/// its search says whatever the position, which on the empty board
/// shows both players ahead (or both behind).
pub fn odd_curve(samples: &[(f64, f64)]) -> Curve {
    let features: Vec<([f64; 1], f64)> = samples.iter().map(|&(v, r)| ([logit(v)], r)).collect();
    let [slope] = fit_logistic(&features);
    Curve { slope, shift: 0.0 }
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

/// The mean log loss (natural log) of chances against results (1 won, 0
/// lost): lower is better; 0.693 is always saying 50%.
pub fn log_loss(samples: &[(f64, f64)]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|&(p, result)| {
            let p = p.clamp(1e-6, 1.0 - 1e-6);
            -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
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
    let _ = writeln!(out, "    log loss: {:.4}", log_loss(samples));
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
        let fit = curve(&samples);
        assert!((fit.slope - 3.0).abs() < 0.3, "{fit:?}");
        assert!((fit.shift - 0.4).abs() < 0.2, "{fit:?}");
        assert!((Curve::IDENTITY.apply(0.3) - 0.3).abs() < 1e-9);
    }
}
