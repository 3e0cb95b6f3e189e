//! One play's n-ply evaluation (gnubg's counting, up to 3 plies), cut into
//! leaves so a caller can spread it over slices and stop at a deadline.
//!
//! A leaf is one sequence of rolls: the opponent's, then ours, then the
//! opponent's again. At each roll the side to move plays its best move at
//! 0-ply, and the last of those evaluations is the leaf's value: 1-ply is
//! the opponent's best answer to each of its 21 rolls, 2-ply adds our best
//! answer to each of ours, 3-ply the opponent's once more. Boards along the
//! path are kept, so the 21 leaves that share a prefix compute it once; a
//! game that ends on the way scores all the leaves below at once, exactly.

use super::game_points;
use super::net::Probs;
use super::search::{rolls, Evaluator};
use papan_rules::backgammon::{Board, CHECKERS};

/// The deepest lookahead a walk offers.
pub const MAX_DEPTH: usize = 3;

/// A point on a path of rolls.
#[derive(Copy, Clone, Debug)]
enum Node {
    /// The board in our view; who rolls next follows from the level.
    Board(Board),
    /// The game ended on the way: its result in our view.
    Over(Probs),
}

/// The evaluation of one play at one depth, leaf by leaf.
#[derive(Clone, Debug)]
pub struct Walk {
    depth: usize,
    /// Our board just after the play (the opponent to roll).
    root: Node,
    /// The next leaf, counting rolls as base-21 digits, the first roll the
    /// most significant.
    leaf: usize,
    leaves: usize,
    /// The node after the move of each level (but the last) of the current
    /// path, with the roll it was made for; the first `valid` are current.
    path: [(u8, Node); MAX_DEPTH - 1],
    valid: usize,
    /// Results so far, each leaf weighted by its rolls (in 36ths).
    sum: [f32; 6],
}

impl Walk {
    /// A walk of `after`, our board just after our play, at `depth` plies
    /// (1 to [`MAX_DEPTH`]).
    pub fn new(after: &Board, depth: usize) -> Walk {
        assert!(
            (1..=MAX_DEPTH).contains(&depth),
            "a walk looks 1 to {MAX_DEPTH} plies ahead"
        );
        let root = if after.my_off() == CHECKERS {
            Node::Over(Probs::won(game_points(after)))
        } else {
            Node::Board(*after)
        };
        Walk {
            depth,
            root,
            leaf: 0,
            leaves: 21usize.pow(depth as u32),
            path: [(0, Node::Over(Probs::won(1))); MAX_DEPTH - 1],
            valid: 0,
            sum: [0.0; 6],
        }
    }

    /// Evaluates the next leaf (or every leaf below a finished game);
    /// returns the play's value, in our view, once the last one is done.
    pub fn step(&mut self, eval: &mut Evaluator) -> Option<Probs> {
        if self.leaf == self.leaves {
            return Some(self.value());
        }
        let table = rolls();
        let mut digits = [0u8; MAX_DEPTH];
        let mut rest = self.leaf;
        for digit in digits[..self.depth].iter_mut().rev() {
            *digit = (rest % 21) as u8;
            rest /= 21;
        }
        let mut level = 0;
        while level < self.valid && self.path[level].0 == digits[level] {
            level += 1;
        }
        let mut node = if level == 0 { self.root } else { self.path[level - 1].1 };
        // `below`: how many levels of rolls under the value's node it stands
        // for (a game over scores its whole subtree, first met at its first leaf).
        let (value, below) = loop {
            let board = match node {
                Node::Board(board) => board,
                Node::Over(p) => break (p, self.depth - level),
            };
            let dice = table[digits[level] as usize].0;
            // Even levels: the opponent answers our board; odd: we answer theirs.
            let (next, p) = if level % 2 == 0 {
                eval.reply(&board, dice, 0)
            } else {
                eval.our_move(&board, dice)
            };
            if level + 1 == self.depth {
                break (p, 0);
            }
            node = next.map_or(Node::Over(p), Node::Board);
            self.path[level] = (digits[level], node);
            level += 1;
        };
        self.valid = level;
        let weight: f32 = digits[..self.depth - below]
            .iter()
            .map(|&d| table[d as usize].1)
            .product::<f32>()
            * 36f32.powi(below as i32);
        value.add_to(&mut self.sum, weight);
        self.leaf += 21usize.pow(below as u32);
        (self.leaf == self.leaves).then(|| self.value())
    }

    fn value(&self) -> Probs {
        let total = 36f32.powi(self.depth as i32);
        Probs(self.sum.map(|s| s / total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::shipped_net;
    use papan_rules::backgammon::Dice;

    fn run(eval: &mut Evaluator, after: &Board, depth: usize) -> (Probs, usize) {
        let mut walk = Walk::new(after, depth);
        let mut steps = 1;
        loop {
            if let Some(p) = walk.step(eval) {
                return (p, steps);
            }
            steps += 1;
        }
    }

    fn close(a: Probs, b: Probs) -> bool {
        a.0.iter().zip(b.0).all(|(x, y)| (x - y).abs() < 1e-5)
    }

    /// Our board after 13/7 8/7 with an opening 6-1 (the opponent to roll).
    fn opening_play() -> Board {
        let mut gen = papan_rules::backgammon::MoveGen::new();
        let plays = gen.generate(&Board::START, Dice::new(6, 1).unwrap()).to_vec();
        plays
            .into_iter()
            .find(|(_, play)| play.to_string() == "13/7 8/7")
            .expect("the bar-point play")
            .0
    }

    #[test]
    fn one_and_two_plies_match_the_direct_evaluations() {
        let mut eval = Evaluator::new(shipped_net());
        let after = opening_play();
        let (walked, steps) = run(&mut eval, &after, 1);
        assert_eq!(steps, 21);
        assert!(close(walked, eval.one_ply(&after)));
        // 2-ply by hand: the opponent's best answer, then our 21 rolls.
        let mut sum = [0.0f32; 6];
        for (theirs, w) in rolls() {
            let (ours, p) = eval.reply(&after, theirs, 0);
            let Some(ours) = ours else {
                p.add_to(&mut sum, w * 36.0);
                continue;
            };
            for (roll, v) in rolls() {
                eval.best_play(&ours, roll).add_to(&mut sum, w * v);
            }
        }
        let (walked, steps) = run(&mut eval, &after, 2);
        assert_eq!(steps, 21 * 21);
        assert!(close(walked, Probs(sum.map(|s| s / 1296.0))), "{walked:?}");
    }

    #[test]
    fn a_finished_game_is_scored_in_one_step_at_any_depth() {
        // We have just borne off our last checker; the opponent has none off.
        let after = Board::from_points(&[], &[(19, 15)]).unwrap();
        let mut eval = Evaluator::new(shipped_net());
        for depth in 1..=MAX_DEPTH {
            let (p, steps) = run(&mut eval, &after, depth);
            assert_eq!(steps, 1);
            assert_eq!(p, Probs::won(2));
        }
    }

    #[test]
    fn games_ending_inside_the_walk_count_their_whole_subtree() {
        // Our last two checkers on our 1-point, the opponent to roll with
        // its last checker on its 1-point: it bears off with any roll.
        let after = Board::from_points(&[(1, 2)], &[(24, 1)]).unwrap();
        let mut eval = Evaluator::new(shipped_net());
        for depth in 1..=MAX_DEPTH {
            let (p, steps) = run(&mut eval, &after, depth);
            assert_eq!(steps, 21, "one leaf per opponent roll at depth {depth}");
            assert!(close(p, Probs::won(1).flip()), "{p:?}");
        }
    }
}
