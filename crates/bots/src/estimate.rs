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
    /// ½ drawn) by log loss: Newton's method on the two parameters.
    pub fn fit(samples: &[(f64, f64)]) -> Curve {
        let (mut a, mut b) = (1.0f64, 0.0f64);
        for _ in 0..50 {
            let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
            for &(value, result) in samples {
                let x = logit(value);
                let p = sigmoid(a * x + b);
                let w = p * (1.0 - p);
                ga += (p - result) * x;
                gb += p - result;
                haa += w * x * x;
                hab += w * x;
                hbb += w;
            }
            // A little ridge keeps the step finite when the data separate.
            let (haa, hbb) = (haa + 1e-6, hbb + 1e-6);
            let det = haa * hbb - hab * hab;
            if det.abs() < 1e-12 {
                break;
            }
            let da = (hbb * ga - hab * gb) / det;
            let db = (haa * gb - hab * ga) / det;
            a -= da;
            b -= db;
            if da.abs() + db.abs() < 1e-9 {
                break;
            }
        }
        Curve { slope: a, shift: b }
    }
}

fn logit(p: f64) -> f64 {
    let p = p.clamp(0.005, 0.995);
    (p / (1.0 - p)).ln()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The shipped curves: the "fit" lines printed by
/// `cargo run --release -p papan-bots --bin arena -- --game <game> --a expert --b normal --estimator normal --seed S --games N`:
/// Hex (`--size 9`, seed 11, 40 games; `--size 7`, seed 13, 80 games),
/// backgammon (seed 11, 36 games), HADANG (seed 13, 72 games). Checked on
/// other games: Hex 9×9 and backgammon on seed 13 (120 games each), Hex
/// 7×7 on seed 12 (80 games), HADANG on seed 14 (48 games).
/// Only the Normal search is calibrated: it is the app's estimator (the
/// bar in play); other levels use the same curve. Jun Qi keeps its raw
/// value, which was already within 10 points on other games.
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
    Fitted {
        game: GameId::Backgammon,
        size: None,
        level: Level::Normal,
        curve: Curve {
            slope: 0.874,
            shift: -0.290,
        },
    },
    Fitted {
        game: GameId::Hadang,
        size: None,
        level: Level::Normal,
        curve: Curve {
            slope: 0.574,
            shift: -0.120,
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
