//! Static evaluation, from the side to move, in hundredths of a step.
//!
//! HADANG is a race, so the core term is the difference of shortest-route
//! lengths. Walls in stock are potential steps taken from the opponent, worth
//! less each (the first wall placed usually costs the opponent most). Once a
//! player is out of walls the race can be decided exactly: nobody can slow
//! the other down any more (pawn jumps aside, which only ever help).

use super::board::{goal, Node};
use papan_rules::hadang::Hadang;
use papan_rules::Seat;

/// A won game, less the plies to reach it (so quicker wins score higher).
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are forced wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// A race the evaluation knows is won (no walls can change it).
pub const RACE_WON: i32 = 50_000;

/// One step of route, the evaluation's unit.
pub const STEP: i32 = 100;

/// The evaluation's knobs (tuned in the arena).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    /// Value of holding `n` walls.
    pub walls: [i32; 11],
    /// Value of being to move.
    pub tempo: i32,
}

impl Weights {
    /// A step per wall in stock and half a step for the move. Measured
    /// (`arena --game hadang`, 40 games at 30k nodes a move): a concave table
    /// (0, 80, 150 … 425) scored 31% against this, 150 per wall 47.5%.
    pub const DEFAULT: Weights = Weights {
        walls: [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000],
        tempo: TEMPO,
    };

    /// Every wall in stock worth `per_wall`.
    pub fn linear(per_wall: i32) -> Weights {
        let mut walls = [0; 11];
        for (n, w) in walls.iter_mut().enumerate() {
            *w = per_wall * n as i32;
        }
        Weights { walls, tempo: TEMPO }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// Being to move is worth half a step in a race.
const TEMPO: i32 = 50;

/// Evaluation of `node` for its side to move.
pub fn evaluate(node: &Node, weights: &Weights) -> i32 {
    let me = node.to_move();
    let them = me.other();
    let mine = node.distance(me) as i32;
    let theirs = node.distance(them) as i32;
    let my_walls = node.position.walls_left(me);
    let their_walls = node.position.walls_left(them);
    if mine == 1 && node.pawn_targets(me) & goal(me) != 0 {
        return MATE - 1;
    }
    // Decided races: with the opponent out of walls, reaching the goal first
    // (I move first, so ties are mine) cannot be prevented; and with me out
    // of walls, an opponent strictly ahead cannot be stopped.
    if their_walls == 0 && mine <= theirs {
        return RACE_WON + STEP * (theirs - mine);
    }
    if my_walls == 0 && theirs < mine {
        return -RACE_WON - STEP * (mine - theirs);
    }
    STEP * (theirs - mine) + weights.walls[my_walls as usize] - weights.walls[their_walls as usize] + weights.tempo
}

/// The chance the side to move wins, from a search score and the walls both
/// players still hold: `σ(s·(LATE + EARLY_CHANGE·w) + SHIFT)`, `s` the score
/// in steps (within ±8), `w` the share of the 20 walls still in stock. A
/// lead counts for more as the walls that could undo it run out; decided
/// scores are certain. The constants are a logistic regression over Normal
/// searches of Expert-vs-Normal games, printed by
/// `cargo run --release -p papan-bots --example hadang_estimate -- --seed 13 --games 80`
/// and checked on other games with
/// `arena --game hadang --a expert --b normal --estimator normal --seed 14 --games 48`:
/// largest bucket gap 13.1 points (the score alone, through its best
/// logistic curve, had 22.7), so not yet within the 10-point bar.
pub fn win_probability(score: i32, walls_in_stock: u32) -> f64 {
    chance(&ESTIMATE, score, walls_in_stock)
}

/// [`win_probability`] with other `weights` (the fitting program's).
pub fn chance(weights: &[f64; 3], score: i32, walls_in_stock: u32) -> f64 {
    if score >= RACE_WON {
        return 1.0;
    }
    if score <= -RACE_WON {
        return 0.0;
    }
    let x = estimate_features(score, walls_in_stock);
    crate::estimate::sigmoid(weights.iter().zip(x).map(|(w, x)| w * x).sum())
}

/// What the estimate is fitted on: `[s, s·w, 1]` (see [`win_probability`]).
pub fn estimate_features(score: i32, walls_in_stock: u32) -> [f64; 3] {
    let steps = (score as f64 / STEP as f64).clamp(-8.0, 8.0);
    let share = f64::from(walls_in_stock.min(20)) / 20.0;
    [steps, steps * share, 1.0]
}

/// Both players' walls still to place.
pub fn walls_in_stock(position: &Hadang) -> u32 {
    Seat::BOTH
        .iter()
        .map(|&seat| u32::from(position.walls_left(seat)))
        .sum()
}

/// LATE, EARLY_CHANGE and SHIFT of [`estimate_features`]: a step ahead is
/// worth 0.56 logits with no wall left to place and 0.39 with all twenty.
pub const ESTIMATE: [f64; 3] = [0.564, -0.170, -0.123];

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hadang::{Hadang, HadangMove, HadangSetup};
    use papan_rules::{Game, Seat};

    fn play(moves: &[&str]) -> Hadang {
        let mut position = Hadang::start();
        for text in moves {
            let mv: HadangMove = text.parse().unwrap();
            position.play(&mv).unwrap();
        }
        position
    }

    #[test]
    fn start_favours_the_side_to_move_by_its_tempo() {
        let node = Node::new(&Hadang::start());
        assert_eq!(evaluate(&node, &Weights::DEFAULT), TEMPO);
        // The move alone is close to even; a lead counts for more once the
        // walls that could undo it are placed.
        let start = win_probability(TEMPO, 20);
        assert!((0.45..0.6).contains(&start), "{start}");
        let (early, late) = (win_probability(3 * STEP, 20), win_probability(3 * STEP, 0));
        assert!(late > early + 0.05 && early > 0.65, "{late} vs {early}");
    }

    #[test]
    fn being_a_step_ahead_is_worth_a_step() {
        // After e2 e8 e3 Player 2 is a step behind and to move.
        let node = Node::new(&play(&["e2", "e8", "e3"]));
        assert_eq!(evaluate(&node, &Weights::DEFAULT), -STEP + TEMPO);
    }

    #[test]
    fn a_wall_placed_costs_its_owner_stock() {
        // e8h lengthens both straight routes up and down file e by a step,
        // so after it only the stock differs: Player 2 holds one wall more.
        let node = Node::new(&play(&["e8h"]));
        assert_eq!((node.distance(Seat::First), node.distance(Seat::Second)), (9, 9));
        assert_eq!(evaluate(&node, &Weights::DEFAULT), STEP + TEMPO);
    }

    #[test]
    fn races_without_walls_are_decided() {
        // Player 1 is out of walls and a step behind: lost whatever happens.
        let walls = ["a1v", "a3v", "a5v", "a7v", "c1v", "c3v", "c5v", "c7v", "g1v", "g3v"];
        let position = Hadang::try_from(HadangSetup {
            options: Default::default(),
            pawns: ["e1".into(), "e5".into()],
            walls: [walls.iter().map(|w| w.to_string()).collect(), vec![]],
            walls_left: [0, 10],
            to_move: Seat::First,
            last: None,
        })
        .unwrap();
        let node = Node::new(&position);
        assert!(
            evaluate(&node, &Weights::DEFAULT) < -RACE_WON / 2,
            "{}",
            evaluate(&node, &Weights::DEFAULT)
        );
        assert!(win_probability(evaluate(&node, &Weights::DEFAULT), 10) < 0.001);
    }
}
