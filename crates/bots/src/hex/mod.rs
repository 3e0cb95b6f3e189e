//! The Hex bot: the generic search with Hex playouts and tactics.

pub mod board;
pub mod cells;
pub mod dfpn;
#[cfg(test)]
mod exact;
pub mod expert;
pub mod geometry;
pub mod inferior;
pub mod local;
pub mod patterns;
pub mod playout;
pub mod policy;
pub mod search;
pub mod templates;
pub mod value;
pub mod vc;

use crate::level::{Budget, Level};
use crate::mcts::Config;
use crate::thinker::SearchThinker;
use crate::{Decision, Thinker};
pub use expert::ExpertThinker;
use papan_rules::hex::{Cell, Hex, HexMove};
pub use playout::HexPolicy;
pub use search::Knobs;

/// A Hex search at some level: Beginner and Normal are the generic search
/// with Hex playouts ([`thinker_with`]), whose estimate the app's curves
/// are fitted to; the Expert is the knowledge search ([`expert_with`]).
pub enum HexThinker {
    Classic(Box<ClassicThinker>),
    Knowledge(Box<ExpertThinker>),
}

/// The generic search with Hex playouts.
pub type ClassicThinker = SearchThinker<Hex, HexPolicy>;

impl Thinker for HexThinker {
    type Move = HexMove;

    fn think(&mut self, iterations: u32) -> bool {
        match self {
            HexThinker::Classic(t) => t.think(iterations),
            HexThinker::Knowledge(t) => t.think(iterations),
        }
    }

    fn decision(&self) -> Decision<HexMove> {
        match self {
            HexThinker::Classic(t) => t.decision(),
            HexThinker::Knowledge(t) => t.decision(),
        }
    }

    fn time_limit_ms(&self) -> u64 {
        match self {
            HexThinker::Classic(t) => t.time_limit_ms(),
            HexThinker::Knowledge(t) => t.time_limit_ms(),
        }
    }

    fn use_full_time(&mut self) {
        match self {
            HexThinker::Classic(t) => t.use_full_time(),
            HexThinker::Knowledge(t) => t.use_full_time(),
        }
    }

    fn set_iterations(&mut self, iterations: u64) {
        match self {
            HexThinker::Classic(t) => t.set_iterations(iterations),
            HexThinker::Knowledge(t) => t.set_iterations(iterations),
        }
    }
}

/// Who wins `position` with best play, by the exact solver ([`dfpn`]) after
/// at most about `work` judgements: `None` when it has not found out by then.
/// A finished game is its winner's.
pub fn solve(position: &Hex, work: u64) -> Option<papan_rules::hex::Colour> {
    if let Some(winner) = position.winner_colour() {
        return Some(winner);
    }
    let n = position.size() as usize;
    let cells: Vec<u8> = position
        .stones()
        .iter()
        .map(|s| s.map_or(board::EMPTY, board::stone_of))
        .collect();
    let to_move = position.colour_to_move();
    let verdict = dfpn::Dfpn::new(n, vc::VcLimits::default()).solve(&cells, board::stone_of(to_move), work);
    verdict
        .result
        .map(|mover_wins| if mover_wins { to_move } else { to_move.other() })
}

/// What each level means in Hex on a board of `size`. Budgets are iterations
/// (the definition); the time cap is only a safety net for callers with a
/// clock. Expert's budget grows with the board (200 iterations per cell: 16k
/// on 9×9, 24k on 11×11). On the development machine one core runs about 110k
/// iterations a second on 11×11 (`bench`), so Expert needs about 0.2 s of CPU
/// there: sized for a phone running wasm several times slower, within the
/// design's "about one second". Strength measured with the arena: Expert
/// beats Normal about 80% and Normal beats Beginner about 97% on 9×9;
/// Beginner beats a random player 100%.
pub fn budget(level: Level, size: u8) -> Budget {
    match level {
        Level::Beginner => Budget {
            iterations: 150,
            temperature: 1.0,
            time_limit_ms: 300,
        },
        Level::Normal => Budget {
            iterations: 2_000,
            temperature: 0.25,
            time_limit_ms: 500,
        },
        Level::Expert => Budget {
            iterations: 200 * size as u64 * size as u64,
            temperature: 0.0,
            time_limit_ms: 1_000,
        },
    }
}

/// The search behind the win estimate the app shows (and the review's
/// figure before the Expert's): the Normal level's, except on 19×19. There
/// 2,000 iterations spread over 361 cells leave the best move's value on
/// about 9 visits, too coarse to calibrate (`examples/hex_estimate`); 6,000
/// give it about the share of visits it has on 11×11 (`estimate::CURVES`
/// holds the 19×19 curve fitted for this budget). The time cap only
/// guards a slow phone: the estimate runs while the person thinks.
pub fn estimator_budget(size: u8) -> Budget {
    let normal = budget(Level::Normal, size);
    match size {
        19 => Budget {
            iterations: 6_000,
            time_limit_ms: 1_500,
            ..normal
        },
        _ => normal,
    }
}

/// The estimate's search for `position` ([`estimator_budget`]).
pub fn estimator(position: &Hex, seed: u64) -> HexThinker {
    let budget = estimator_budget(position.size());
    HexThinker::Classic(Box::new(thinker_with(position, seed, config(Level::Normal), budget)))
}

pub fn config(_level: Level) -> Config {
    Config::default()
}

/// A search for `position` at `level`; same seed, same moves.
pub fn thinker(position: &Hex, level: Level, seed: u64) -> HexThinker {
    tuned(position, level, seed, &HexTuning::default())
}

/// What an engine may set on a Hex search beyond its level
/// ([`crate::Bot::tuned`]): the Expert's knowledge knobs (ablations and
/// tuning, `hex-gtp`'s `param_papan fill_in 0` and the like) and how many
/// root-parallel searches it runs (`param_papan threads N`). Beginner and
/// Normal, the generic search the estimate's curves are fitted to, take
/// none of it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct HexTuning {
    pub knobs: Knobs,
    /// Searches of the Expert with different seeds whose root statistics
    /// add up ([`ExpertThinker::parallel`]); at least one.
    pub searches: usize,
}

impl Default for HexTuning {
    fn default() -> HexTuning {
        HexTuning {
            knobs: Knobs::default(),
            searches: 1,
        }
    }
}

/// [`thinker`] with `tuning`.
pub fn tuned(position: &Hex, level: Level, seed: u64, tuning: &HexTuning) -> HexThinker {
    let budget = budget(level, position.size());
    match level {
        Level::Expert => HexThinker::Knowledge(Box::new(ExpertThinker::parallel(
            position,
            tuning.knobs,
            budget,
            seed,
            tuning.searches,
        ))),
        _ => HexThinker::Classic(Box::new(thinker_with(position, seed, config(level), budget))),
    }
}

/// Tree reuse ([`crate::Bot::advance`]): the Expert keeps its trees below
/// `moves` for `position`, the position after them. False for the generic
/// search (Beginner, Normal), after a swap, or when a tree lacks the line.
pub fn advance(thinker: &mut HexThinker, moves: &[HexMove], position: &Hex) -> bool {
    let HexThinker::Knowledge(expert) = thinker else {
        return false;
    };
    let cells: Option<Vec<Cell>> = moves
        .iter()
        .map(|mv| match mv {
            HexMove::Place(cell) => Some(*cell),
            HexMove::Swap => None,
        })
        .collect();
    cells.is_some_and(|cells| expert.advance(&cells, position))
}

/// The generic search with other parameters and budget (for tuning and
/// calibration in the arena).
pub fn thinker_with(position: &Hex, seed: u64, config: Config, budget: Budget) -> ClassicThinker {
    let policy = HexPolicy::new(position.size() as usize);
    SearchThinker::new(position, policy, config, budget, seed)
}

/// The knowledge search with other knobs and budget (ablations, tuning).
pub fn expert_with(position: &Hex, seed: u64, knobs: Knobs, budget: Budget) -> ExpertThinker {
    ExpertThinker::new(position, knobs, budget, seed)
}

/// The app moves thinkers to worker tasks: keep them `Send + 'static`.
const _: fn() = || {
    fn send_static<T: Send + 'static>() {}
    send_static::<HexThinker>();
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{run_to_end, Thinker};
    use papan_rules::hex::{Cell, HexMove, HexOptions, HexSetup};
    use papan_rules::{Game, Seat};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::atomic::AtomicBool;

    fn position(rows: &[&str]) -> Hex {
        Hex::try_from(HexSetup {
            options: HexOptions {
                size: rows.len() as u8,
                swap: false,
            },
            rows: rows.iter().map(|r| r.to_string()).collect(),
            swapped: false,
            last: None,
        })
        .unwrap()
    }

    fn best(position: &Hex, level: Level, seed: u64) -> (Option<HexMove>, f64) {
        let mut t = thinker(position, level, seed);
        let d = run_to_end(&mut t, &AtomicBool::new(false), || false);
        (d.best, d.win_probability)
    }

    /// The centre opening wins 7×7 for Red (the board is solved): the
    /// estimate the app shows (a Normal search, calibrated) must say so.
    #[test]
    fn the_centre_opening_on_seven_leaves_blue_behind() {
        let mut hex = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
        hex.play(&HexMove::Place(Cell::new(3, 3))).unwrap();
        for seed in 1..=5 {
            let (_, raw) = best(&hex, Level::Normal, seed);
            let blue = crate::estimate::calibrated(papan_rules::GameId::Hex, Some(7), Level::Normal, raw);
            assert!(
                blue < 0.4,
                "seed {seed}: Blue's chance after d4 is {blue:.2} (raw {raw:.2})"
            );
        }
    }

    #[test]
    fn same_seed_same_move() {
        let mut hex = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
        hex.play(&HexMove::Place(Cell::new(3, 3))).unwrap();
        for level in Level::ALL {
            let mut a = thinker(&hex, level, 42);
            let mut b = thinker(&hex, level, 42);
            a.think(300);
            b.think(300);
            assert_eq!(a.decision(), b.decision(), "{level}");
        }
    }

    #[test]
    fn finds_a_one_move_win_x9() {
        let hex = position(&[
            "B.R....", "B.R....", "B.R....", "B......", "B.R....", "B.R....", "..R....",
        ]);
        for level in Level::ALL {
            let (mv, p) = best(&hex, level, 1);
            assert_eq!(mv, Some(HexMove::Place(Cell::new(2, 3))), "{level}");
            assert!(p > 0.99, "a won position is seen as won: {p}");
        }
    }

    #[test]
    fn blocks_an_opponent_one_move_win_x9() {
        let hex = position(&[
            "B.R....", "B.R....", "B.R....", "B......", "B.R....", "..R....", "..R....",
        ]);
        for level in Level::ALL {
            assert_eq!(best(&hex, level, 2).0, Some(HexMove::Place(Cell::new(2, 3))), "{level}");
        }
    }

    #[test]
    fn think_stops_at_the_level_budget() {
        let hex = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
        let mut t = thinker(&hex, Level::Beginner, 3);
        let mut slices = 0;
        while t.think(100) {
            slices += 1;
        }
        assert_eq!(slices, 1, "150 iterations take one full slice and a part");
        assert_eq!(t.decision().iterations, budget(Level::Beginner, 7).iterations);
        assert!(!t.think(100), "a spent budget stays spent");
        assert_eq!(t.decision().iterations, 150);
        assert_eq!(thinker(&hex, Level::Expert, 3).time_limit_ms(), 1_000);
        assert!(budget(Level::Expert, 11).iterations > budget(Level::Normal, 11).iterations);
    }

    #[test]
    fn the_expert_with_full_time_searches_past_its_iteration_budget() {
        // The app's Expert spends its whole time: the level's iterations no
        // longer end the search, the caller's clock does.
        let hex = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
        let level_budget = budget(Level::Expert, 7).iterations;
        let mut t = thinker(&hex, Level::Expert, 3);
        t.use_full_time();
        let mut done = 0;
        while done < 2 * level_budget {
            assert!(t.think(1_000), "wants more after {done} iterations");
            done += 1_000;
        }
        assert!(t.decision().iterations >= 2 * level_budget);
        // Beginner and Normal keep their budgets (and their calibration).
        let mut normal = thinker(&hex, Level::Normal, 3);
        normal.use_full_time();
        while normal.think(1_000) {}
        assert_eq!(normal.decision().iterations, budget(Level::Normal, 7).iterations);
    }

    #[test]
    fn x7_swaps_a_centre_opening() {
        // Red's first stone in the centre wins for Red: with the pie rule on,
        // taking it over is Blue's best answer.
        let mut hex = Hex::empty(HexOptions { size: 7, swap: true }).unwrap();
        hex.play(&HexMove::Place(Cell::new(3, 3))).unwrap();
        let mut t = thinker_with(&hex, 4, config(Level::Normal), budget(Level::Normal, 7));
        while t.think(256) {}
        assert_eq!(t.decision().best, Some(HexMove::Swap));
        let children = t.search().root_children();
        let swap = children.iter().find(|c| c.mv == HexMove::Swap).unwrap();
        assert!(
            children.iter().all(|c| c.visits <= swap.visits),
            "swap is the most searched answer"
        );
    }

    #[test]
    fn no_decision_on_a_finished_game() {
        let hex = position(&[
            "B.R....", "B.R....", "B.R....", "B.R....", "B.R....", "B.R....", "..R....",
        ]);
        assert!(hex.is_over());
        let mut t = thinker(&hex, Level::Expert, 0);
        assert!(!t.think(100));
        assert_eq!(t.decision().best, None);
    }

    /// Plays one game; returns the seat that won.
    fn play_vs_random(size: u8, bot_seat: Seat, level: Level, seed: u64) -> Seat {
        let mut hex = Hex::empty(HexOptions { size, swap: false }).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut ply = 0u64;
        while !hex.is_over() {
            let mv = if hex.seat_to_move() == Some(bot_seat) {
                best(&hex, level, seed * 1000 + ply).0.unwrap()
            } else {
                let moves = hex.legal_moves();
                moves[crate::mcts::below(&mut rng, moves.len())]
            };
            hex.play(&mv).unwrap();
            ply += 1;
        }
        hex.outcome().unwrap().winner.unwrap()
    }

    #[test]
    fn beginner_beats_a_random_player() {
        let wins = (0..20u64)
            .filter(|&g| {
                let seat = if g & 1 == 0 { Seat::First } else { Seat::Second };
                play_vs_random(7, seat, Level::Beginner, g) == seat
            })
            .count();
        assert!(wins >= 17, "beginner won {wins} of 20 against random play");
    }

    #[test]
    fn the_estimate_searches_19x19_longer_and_other_sizes_as_the_normal_level() {
        use crate::Bot;
        for (size, iterations) in [(11, 2_000), (13, 2_000), (19, 6_000)] {
            let empty = Hex::empty(HexOptions { size, swap: false }).unwrap();
            let estimate = Hex::estimate(&empty, 3);
            assert_eq!(estimate.iterations, iterations, "{size}×{size}");
            assert_eq!(
                estimate.iterations == Hex::decide(&empty, Level::Normal, 3).iterations,
                size != 19
            );
        }
    }
}
