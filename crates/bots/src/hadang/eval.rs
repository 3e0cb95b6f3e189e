//! Static evaluation, from the side to move, in hundredths of a step.
//!
//! HADANG is a race, so the core term is the difference of shortest-route
//! lengths. Walls in stock are potential steps taken from the opponent, worth
//! less each (the first wall placed usually costs the opponent most). Once a
//! player is out of walls the race can be decided exactly: nobody can slow
//! the other down any more (pawn jumps aside, which only ever help).

use super::board::{goal, Node};
use papan_rules::hadang::Hadang;

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

/// The chance the side to move wins, from a search score and the [`Race`]
/// around it: `σ(ESTIMATE·estimate_features(score, race))`. A lead counts
/// for more as the walls that could undo it run out, and so does a wall in
/// hand; decided scores are certain.
///
/// The weights are a logistic regression over Normal searches (the app's
/// estimator) of Expert-vs-Normal games, printed by
/// `cargo run --release -p papan-tools --example hadang_estimate -- --seed 13 --games 450`
/// (25,545 positions; each half of the games, judged by a fit on the
/// other half, within 4.4 points in every 10-point bucket). Checked on
/// other games with
/// `arena --game hadang --a expert --b normal --estimator normal --seed 15 --games 160`:
/// 9,243 positions, largest bucket gap 6.4 points. The same check on
/// `--seed 14 --games 48` (2,803 positions) shows 13.0, but so does the
/// best logistic curve fitted on those very games (13.1): positions of one
/// game rise and fall together, so 48 games are too few to judge by.
pub fn win_probability(score: i32, race: &Race) -> f64 {
    chance(&ESTIMATE, score, race)
}

/// [`win_probability`] with other `weights` (the fitting program's).
pub fn chance(weights: &[f64; FEATURES], score: i32, race: &Race) -> f64 {
    if score >= RACE_WON {
        return 1.0;
    }
    if score <= -RACE_WON {
        return 0.0;
    }
    let x = estimate_features(score, race);
    crate::estimate::sigmoid(weights.iter().zip(x).map(|(w, x)| w * x).sum())
}

/// How many weights the estimate has.
pub const FEATURES: usize = 4;

/// What the estimate is fitted on: `[s, s·w, 1, h·(1 − w)]`, `s` the score
/// in steps (within ±8), `w` the share of the 20 walls still in stock, `h`
/// the side to move's walls less the opponent's, in tens. The score counts
/// a wall in stock as a step whenever it is held; the last term says how
/// much more one is worth as the stock runs out (fewer walls left to answer
/// it), the second how much less a lead is while many walls could undo it.
pub fn estimate_features(score: i32, race: &Race) -> [f64; FEATURES] {
    let steps = (score as f64 / STEP as f64).clamp(-8.0, 8.0);
    let share = f64::from(race.walls_in_stock().min(20)) / 20.0;
    let held = (f64::from(race.walls[0]) - f64::from(race.walls[1])) / 10.0;
    [steps, steps * share, 1.0, held * (1.0 - share)]
}

/// What the win estimate may read from a position besides the search's
/// score, the side to move's first: shortest routes and walls in stock.
/// The routes are there for the fitting program to try; the score already
/// holds their difference, and their length did not improve the fit on
/// games held out of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Race {
    /// Steps to the goal rank (pawns not in the way).
    pub routes: [u32; 2],
    /// Walls still to place.
    pub walls: [u32; 2],
}

impl Race {
    pub fn of(position: &Hadang) -> Race {
        let me = position.side_to_move();
        let seats = [me, me.other()];
        Race {
            routes: seats.map(|seat| u32::from(position.shortest_path_len(seat))),
            walls: seats.map(|seat| u32::from(position.walls_left(seat))),
        }
    }

    /// Both players' walls still to place.
    pub fn walls_in_stock(&self) -> u32 {
        self.walls[0] + self.walls[1]
    }
}

/// The weights of [`estimate_features`]: a step ahead is worth 0.78 logits
/// with no wall left to place and 0.35 with all twenty; each wall held
/// beyond the opponent's adds 0.32·(1 − w) to the step the score counts.
pub const ESTIMATE: [f64; FEATURES] = [0.778, -0.432, -0.144, 3.153];

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

    fn race(routes: [u32; 2], walls: [u32; 2]) -> Race {
        Race { routes, walls }
    }

    #[test]
    fn start_favours_the_side_to_move_by_its_tempo() {
        let start = Hadang::start();
        let node = Node::new(&start);
        assert_eq!(evaluate(&node, &Weights::DEFAULT), TEMPO);
        assert_eq!(Race::of(&start), race([8, 8], [10, 10]));
        // The move alone is close to even; a lead counts for more once the
        // walls that could undo it are placed.
        let even = win_probability(TEMPO, &Race::of(&start));
        assert!((0.45..0.6).contains(&even), "{even}");
        let early = win_probability(3 * STEP, &race([5, 8], [10, 10]));
        let late = win_probability(3 * STEP, &race([5, 8], [0, 0]));
        assert!(late > early + 0.05 && early > 0.65, "{late} vs {early}");
    }

    #[test]
    fn the_estimate_grows_with_the_score() {
        for walls in [[10, 10], [4, 7], [1, 0], [0, 0]] {
            let race = race([6, 6], walls);
            let chances: Vec<f64> = (-1200..=1200)
                .step_by(25)
                .map(|score| win_probability(score, &race))
                .collect();
            assert!(chances.windows(2).all(|w| w[0] <= w[1]), "{walls:?}: {chances:?}");
            assert!(
                chances[0] < 0.2 && chances[chances.len() - 1] > 0.8,
                "{walls:?}: {chances:?}"
            );
            assert!(chances.iter().all(|p| (0.0..=1.0).contains(p)));
        }
    }

    #[test]
    fn a_wall_in_hand_counts_for_more_late() {
        // The same score with the walls left split unevenly or evenly.
        let gain = |uneven: [u32; 2], even: [u32; 2]| {
            win_probability(0, &race([6, 6], uneven)) - win_probability(0, &race([6, 6], even))
        };
        let (late, early) = (gain([2, 0], [1, 1]), gain([10, 8], [9, 9]));
        assert!(late > 2.0 * early && early >= 0.0, "{late} vs {early}");
    }

    #[test]
    fn decided_scores_are_certain() {
        let race = race([3, 7], [4, 0]);
        assert_eq!(win_probability(RACE_WON, &race), 1.0);
        assert_eq!(win_probability(MATE - 1, &race), 1.0);
        assert_eq!(win_probability(-RACE_WON, &race), 0.0);
        assert_eq!(win_probability(-MATE + 3, &race), 0.0);
        let open = win_probability(RACE_WON - 1, &race);
        assert!(open > 0.5 && open < 1.0, "{open}");
    }

    #[test]
    fn being_a_step_ahead_is_worth_a_step() {
        // After e2 e8 e3 Player 2 is a step behind and to move.
        let node = Node::new(&play(&["e2", "e8", "e3"]));
        assert_eq!(evaluate(&node, &Weights::DEFAULT), -STEP + TEMPO);
        // The race is told from the mover's side.
        assert_eq!(Race::of(&node.position), race([7, 6], [10, 10]));
    }

    #[test]
    fn a_wall_placed_costs_its_owner_stock() {
        // e8h lengthens both straight routes up and down file e by a step,
        // so after it only the stock differs: Player 2 holds one wall more.
        let node = Node::new(&play(&["e8h"]));
        assert_eq!((node.distance(Seat::First), node.distance(Seat::Second)), (9, 9));
        assert_eq!(evaluate(&node, &Weights::DEFAULT), STEP + TEMPO);
        assert_eq!(Race::of(&node.position), race([9, 9], [10, 9]));
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
        assert_eq!(
            win_probability(evaluate(&node, &Weights::DEFAULT), &Race::of(&position)),
            0.0
        );
    }
}
