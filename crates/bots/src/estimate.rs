//! The winning chance a person is shown, calibrated.
//!
//! A search's own value is not a probability: MCTS averages playouts and
//! pulls every estimate towards 50%, alpha-beta scores are not chances at
//! all. What the app shows (the estimate bar, hints, the review) is the
//! search's value mapped through a logistic curve per game and level
//! (Platt scaling), `p = σ(a·logit(v) + b)`, fitted on Expert-vs-Normal
//! games and checked on other games by papan-tools (`arena` prints the
//! fit, `examples/estimate_check` fits recorded games' samples; see
//! [`CURVES`]): the 10-point bucket table of the calibrated estimate
//! against the share of positions won, and the log loss.

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
}

/// The inverse of [`sigmoid`], clamped to 0.5%..99.5%.
pub fn logit(p: f64) -> f64 {
    let p = p.clamp(0.005, 0.995);
    (p / (1.0 - p)).ln()
}

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The shipped curves.
///
/// Hex: the Beginner and Normal searches (and the estimator) report the
/// mean of all their iterations ([`crate::mcts::Mcts::root_value`]), one
/// curve per board size, fitted on Expert-against-Normal games recorded by
/// `arena --record` whose positions `examples/hex_estimate` searched again
/// as the estimator does (the `mean-*` samples), by `examples/estimate_check`;
/// the commands, the games and the held-out figures are in
/// `crates/bots/data/hex.md`. They have no shift (papan-tools'
/// `fit::odd_curve`): the seats' chances of a position add up to 100%, so the empty board
/// shows the first mover ahead and the second behind. (A free fit gives a
/// shift of +0.2 to +0.5 on 7×7 to 13×13, from the middle game, where the
/// mean leans against the side to move when one move stands out; at the
/// opening it showed both players ahead, up to 115% in all.)
/// The Expert's value (hints, the review) is its own search's best move's:
/// it keeps the curves it was shown through before, those of the Normal
/// search's best-move value (`arena --estimator normal`, Hex 9×9 seed 11
/// and 7×7 seed 13; 19×19 from recorded games).
///
/// Backgammon: the "fit" line printed by `cargo run --release -p papan-tools
/// --bin arena -- --game backgammon --a expert --b normal --estimator normal
/// --seed 11 --games 36`, checked on seed 13 (120 games).
/// Jun Qi keeps its raw value, which was already within 10 points on other
/// games. HADANG needs no curve here: one score cannot say how sure a lead
/// is (a two-step lead is little with twenty walls to come, decisive with
/// none), so its value is already a fitted chance of score and walls in
/// stock ([`crate::hadang::eval::win_probability`]).
pub const CURVES: &[Fitted] = &[
    Fitted {
        game: GameId::Hex,
        size: Some(7),
        level: Level::Normal,
        curve: Curve {
            slope: 2.296,
            shift: 0.0,
        },
    },
    // 9×9, and any size without its own.
    Fitted {
        game: GameId::Hex,
        size: None,
        level: Level::Normal,
        curve: Curve {
            slope: 3.273,
            shift: 0.0,
        },
    },
    Fitted {
        game: GameId::Hex,
        size: Some(9),
        level: Level::Normal,
        curve: Curve {
            slope: 3.273,
            shift: 0.0,
        },
    },
    Fitted {
        game: GameId::Hex,
        size: Some(11),
        level: Level::Normal,
        curve: Curve {
            slope: 5.585,
            shift: 0.0,
        },
    },
    Fitted {
        game: GameId::Hex,
        size: Some(13),
        level: Level::Normal,
        curve: Curve {
            slope: 4.357,
            shift: 0.0,
        },
    },
    // The estimate's value on 19×19 comes from its own, longer search
    // ([`crate::hex::estimator_budget`]); a mean over 361 moves is close
    // to ½, hence the steep curve.
    Fitted {
        game: GameId::Hex,
        size: Some(19),
        level: Level::Normal,
        curve: Curve {
            slope: 17.140,
            shift: 0.0,
        },
    },
    Fitted {
        game: GameId::Hex,
        size: None,
        level: Level::Expert,
        curve: Curve {
            slope: 2.127,
            shift: -0.537,
        },
    },
    Fitted {
        game: GameId::Hex,
        size: Some(7),
        level: Level::Expert,
        curve: Curve {
            slope: 2.971,
            shift: -0.557,
        },
    },
    Fitted {
        game: GameId::Hex,
        size: Some(19),
        level: Level::Expert,
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::Bot;
    use papan_rules::hex::{Cell, Hex, HexMove, HexOptions, SIZES};
    use papan_rules::Game;

    /// What the app shows the person to move in `position` (its estimator,
    /// seeded, through the size's curve).
    fn shown(position: &Hex, seed: u64) -> f64 {
        let raw = Hex::estimate(position, seed).win_probability;
        calibrated(GameId::Hex, Some(position.size()), Level::Normal, raw)
    }

    fn empty(size: u8) -> Hex {
        Hex::empty(HexOptions { size, swap: false }).expect("a size the app offers")
    }

    fn after_centre(size: u8) -> Hex {
        let mut hex = empty(size);
        hex.play(&HexMove::Place(Cell::new(size / 2, size / 2)))
            .expect("an empty cell");
        hex
    }

    /// X4, X7: Red moves first and, without the swap rule, the first mover
    /// wins with perfect play on every board. The person moving first is
    /// shown more than 50% on the empty board; the person moving second,
    /// facing Red's centre opening (the first position the app shows them),
    /// less; and the two figures add up to about 100%. (The estimate once
    /// read the most visited move's value: on 19×19 34% for the first
    /// mover with one seed, 84% with another; on 13×13 three seeds in five
    /// put the second mover ahead after the centre.) A search of 2,000 or
    /// 6,000 playouts sees the first move's edge on 11×11 and 19×19 only
    /// just: one seed in forty still shows the first mover 45 to 50% there
    /// (`examples/hex_estimate_empty`), as seed 3 does on 19×19.
    #[test]
    fn x4_the_first_mover_is_shown_ahead_on_the_empty_board_of_every_size() {
        for size in SIZES {
            let (mut ahead, mut firsts, mut seconds) = (0, 0.0, 0.0);
            for seed in 1..=5 {
                let first = shown(&empty(size), seed);
                let second = shown(&after_centre(size), seed);
                ahead += usize::from(first > 0.5);
                (firsts, seconds) = (firsts + first / 5.0, seconds + second / 5.0);
                assert!(
                    second < 0.5,
                    "{size}×{size}, seed {seed}: the second mover is shown {second:.3} after the centre"
                );
                // One position, both seats: exactly 100%.
                let curve = curve(GameId::Hex, Some(size), Level::Normal);
                let raw = Hex::estimate(&empty(size), seed).win_probability;
                assert!((curve.apply(raw) + curve.apply(1.0 - raw) - 1.0).abs() < 1e-9);
            }
            assert!(
                ahead >= 4,
                "{size}×{size}: the first mover is shown ahead with {ahead} seeds of 5"
            );
            // A little under 1: on the empty board the search's mean counts
            // every first move, the centre among the best.
            assert!(
                (firsts + seconds - 1.0).abs() < 0.15,
                "{size}×{size}: {firsts:.3} and {seconds:.3} on average should add up to about 1"
            );
        }
    }

    /// X4: the estimate is the mean of the whole search, not the value of
    /// its most visited move (on 19×19 about 25 visits among 361 moves,
    /// and the luckiest of them): from seed to seed it moves by a few
    /// points, not by thirty.
    #[test]
    fn x4_the_estimate_of_the_empty_19x19_board_is_steady_from_seed_to_seed() {
        let board = empty(19);
        let raw: Vec<f64> = (1..=6)
            .map(|seed| Hex::estimate(&board, seed).win_probability)
            .collect();
        let (low, high) = raw.iter().fold((1.0f64, 0.0f64), |(l, h), &v| (l.min(v), h.max(v)));
        assert!(high - low < 0.04, "raw estimates {raw:?}");
        let mean = raw.iter().sum::<f64>() / raw.len() as f64;
        assert!(mean > 0.5, "the first mover's raw values {raw:?}");
    }

    /// Curves are fitted per size for the classic search's mean value; the
    /// Expert's best-move value keeps the curves it was shown through
    /// before (hints and the review).
    #[test]
    fn every_hex_size_has_its_own_curve_and_the_expert_keeps_its_own() {
        for size in SIZES {
            assert!(
                CURVES
                    .iter()
                    .any(|f| f.game == GameId::Hex && f.size == Some(size) && f.level == Level::Normal),
                "{size}×{size}"
            );
            assert_ne!(
                curve(GameId::Hex, Some(size), Level::Expert),
                curve(GameId::Hex, Some(size), Level::Normal)
            );
        }
    }
}
