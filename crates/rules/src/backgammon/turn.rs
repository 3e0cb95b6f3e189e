//! A turn built one checker and one die at a time (B6), as a person plays
//! it: the single-die steps that may come next, where a checker can go
//! (several dice on one checker when every stop is legal), the rest of the
//! turn filled in once it is forced, and the legal [`Play`] the steps add
//! up to. Every order of steps offered ends on one of [`legal_plays`]'
//! positions with as many dice as they use, so B11 ("as many dice as
//! possible, the larger if only one") comes from the move generator, and a
//! refused step names the rule it breaks.

use super::board::{Board, BAR, OFF};
use super::movegen::legal_plays;
use super::notation::{Dice, Play};
use crate::game::RuleError;
use crate::rule;

/// One checker moved by one die, in the mover's own numbering (25 = bar, 0 = off).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub die: u8,
    /// Filled in because the rest of the turn was forced.
    pub forced: bool,
}

impl Step {
    fn same_move(&self, other: &Step) -> bool {
        (self.from, self.to, self.die) == (other.from, other.to, other.die)
    }
}

/// Every order of single-die steps for `dice` that ends on one of the legal
/// plays' positions with as many dice as they use. Empty when the roll
/// cannot be played at all (B12).
pub fn step_sequences(board: &Board, dice: Dice) -> Vec<Vec<Step>> {
    let legal = legal_plays(board, dice);
    let Some(first) = legal.first() else {
        return Vec::new();
    };
    let length = first.1.legs().len();
    let ends: Vec<[i8; 26]> = legal.iter().map(|(b, _)| *b.pips()).collect();
    let orders: Vec<Vec<u8>> = if dice.is_double() {
        vec![vec![dice.high; 4]]
    } else {
        vec![vec![dice.high, dice.low], vec![dice.low, dice.high]]
    };
    let mut out = Vec::new();
    for order in orders {
        let mut path = Vec::new();
        walk(*board, &order[..length.min(order.len())], &ends, &mut path, &mut out);
    }
    out
}

fn walk(board: Board, dice: &[u8], ends: &[[i8; 26]], path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let Some((&die, rest)) = dice.split_first() else {
        if ends.contains(board.pips()) && !out.contains(path) {
            out.push(path.clone());
        }
        return;
    };
    for from in (1..=BAR as usize).rev() {
        if let Some((to, next)) = board.single_step(from, die as usize) {
            path.push(Step {
                from: from as u8,
                to: to as u8,
                die,
                forced: false,
            });
            walk(next, rest, ends, path, out);
            path.pop();
        }
    }
}

/// The turn of the side to move after its roll, as far as it is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnBuilder {
    start: Board,
    dice: Dice,
    /// Every legal order of single-die steps for the roll.
    sequences: Vec<Vec<Step>>,
    steps: Vec<Step>,
}

impl TurnBuilder {
    /// The turn of the mover on `board` with `dice`, the forced part (if
    /// the whole play is forced) already made.
    pub fn new(board: &Board, dice: Dice) -> TurnBuilder {
        let mut turn = TurnBuilder {
            start: *board,
            dice,
            sequences: step_sequences(board, dice),
            steps: Vec::new(),
        };
        turn.fill_forced();
        turn
    }

    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The mover's board before the turn.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The steps made so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The roll cannot be played at all: the turn passes (B12).
    pub fn must_pass(&self) -> bool {
        self.sequences.is_empty()
    }

    /// Orders still open after the steps made.
    fn open(&self) -> impl Iterator<Item = &Vec<Step>> {
        self.sequences
            .iter()
            .filter(|seq| seq.len() >= self.steps.len() && seq.iter().zip(&self.steps).all(|(a, b)| a.same_move(b)))
    }

    /// The mover's board after the steps made.
    pub fn board(&self) -> Board {
        end_of(&self.start, &self.steps)
    }

    /// Every die is used (or the rest is forced): the play can be made.
    pub fn is_complete(&self) -> bool {
        self.open().any(|seq| seq.len() == self.steps.len())
    }

    /// Some of the steps were filled in because they were forced.
    pub fn forced_played(&self) -> bool {
        self.steps.iter().any(|s| s.forced)
    }

    /// Where the next step may start (mover's numbering, 25 = bar).
    pub fn movable(&self) -> Vec<u8> {
        let made = self.steps.len();
        let mut out: Vec<u8> = Vec::new();
        for seq in self.open() {
            if let Some(step) = seq.get(made) {
                if !out.contains(&step.from) {
                    out.push(step.from);
                }
            }
        }
        out
    }

    /// Where the checker on `from` can go next: one die, or several dice on
    /// the same checker when each stop is legal (B6), each with the fewest
    /// steps that reach it.
    pub fn destinations(&self, from: u8) -> Vec<(u8, Vec<Step>)> {
        let made = self.steps.len();
        let mut out: Vec<(u8, Vec<Step>)> = Vec::new();
        for seq in self.open() {
            let mut at = from;
            let mut path = Vec::new();
            for step in &seq[made..] {
                if step.from != at || (at == OFF && !path.is_empty()) {
                    break;
                }
                path.push(*step);
                at = step.to;
                match out.iter_mut().find(|(to, _)| *to == at) {
                    Some((_, best)) if best.len() <= path.len() => {}
                    Some((_, best)) => *best = path.clone(),
                    None => out.push((at, path.clone())),
                }
                if at == OFF {
                    break;
                }
            }
        }
        out
    }

    /// Moves the checker on `from` to `to` (with as many dice as that takes),
    /// then fills in the rest of the turn if it is forced. A refusal names
    /// the rule the step breaks; the turn is unchanged.
    pub fn advance(&mut self, from: u8, to: u8) -> Result<(), RuleError> {
        let Some((_, path)) = self.destinations(from).into_iter().find(|(at, _)| *at == to) else {
            return Err(self.why_not(from, Some(to)));
        };
        self.steps.extend(path);
        self.fill_forced();
        Ok(())
    }

    /// A step the person chose can be taken back.
    pub fn can_undo(&self) -> bool {
        self.steps.iter().any(|s| !s.forced)
    }

    /// Takes back the last step chosen (with any forced steps after it).
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        while let Some(step) = self.steps.pop() {
            if !step.forced {
                break;
            }
        }
        true
    }

    /// `(die, used)` for the dice to play: two, or four for doubles (B7).
    pub fn dice_faces(&self) -> Vec<(u8, bool)> {
        let dice = self.dice;
        let mut faces: Vec<(u8, bool)> = if dice.is_double() {
            vec![(dice.high, false); 4]
        } else {
            vec![(dice.high, false), (dice.low, false)]
        };
        for step in &self.steps {
            if let Some(face) = faces.iter_mut().find(|(d, used)| *d == step.die && !used) {
                face.1 = true;
            }
        }
        if self.must_pass() {
            for face in &mut faces {
                face.1 = true;
            }
        }
        faces
    }

    /// The legal play the steps add up to (the pass when nothing can move,
    /// B12). Refused under B11 while dice that must be used are left.
    pub fn play(&self) -> Result<Play, RuleError> {
        if self.must_pass() {
            return Ok(Play::PASS);
        }
        if !self.is_complete() {
            return Err(RuleError::new(
                rule::B11,
                "use every die that can be used before the turn ends",
            ));
        }
        let end = self.board();
        legal_plays(&self.start, self.dice)
            .into_iter()
            .find(|(b, _)| b == &end)
            .map(|(_, p)| p.canonical())
            .ok_or_else(|| RuleError::new(rule::B11, "these steps are not one of the legal plays"))
    }

    /// Why the checker on `from` cannot go to `to` (or start any step, with
    /// `to` unset) now.
    pub fn why_not(&self, from: u8, to: Option<u8>) -> RuleError {
        let board = self.board();
        if self.must_pass() {
            return RuleError::new(rule::B12, "no checker can move with this roll");
        }
        if self.is_complete() && !self.open().any(|seq| seq.len() > self.steps.len()) {
            return RuleError::new(rule::B6, "every die of this roll is used");
        }
        if board.at(from as usize) <= 0 {
            return RuleError::new(rule::B1, format!("point {from} holds none of your checkers"));
        }
        if board.my_bar() > 0 && from != BAR {
            return RuleError::new(rule::B10, "enter the checker on the bar first");
        }
        let dice: Vec<u8> = self
            .dice_faces()
            .into_iter()
            .filter(|(_, used)| !used)
            .map(|(d, _)| d)
            .collect();
        let singles: Vec<usize> = dice
            .iter()
            .filter_map(|&d| board.single_step(from as usize, d as usize).map(|(to, _)| to))
            .collect();
        match to {
            Some(to) if singles.contains(&(to as usize)) => RuleError::new(
                rule::B11,
                "that step leaves dice unused that could be played: use as many dice as possible, the larger if only one",
            ),
            Some(OFF) if !board.all_home() => {
                RuleError::new(rule::B13, "bear off only once every checker is in your home board")
            }
            Some(OFF) => RuleError::new(
                rule::B14,
                "a larger die bears off only from your highest point",
            ),
            Some(to) if to <= 24 && board.at(to as usize) <= -2 => {
                RuleError::new(rule::B8, format!("point {to} is held by two or more opposing checkers"))
            }
            Some(_) => RuleError::new(rule::B6, "each die moves one checker exactly that many points"),
            None if singles.is_empty() => RuleError::new(rule::B8, "no die moves this checker to an open point"),
            None => RuleError::new(
                rule::B11,
                "moving this checker leaves dice unused that could be played",
            ),
        }
    }

    /// When every open order ends on the same position, plays the rest of it.
    fn fill_forced(&mut self) {
        let made = self.steps.len();
        let ends: Vec<Board> = self.open().map(|seq| end_of(&self.start, seq)).collect();
        let Some(first) = ends.first() else { return };
        if ends.iter().any(|e| e != first) {
            return;
        }
        let rest: Vec<Step> = match self.open().next() {
            Some(seq) => seq[made..].to_vec(),
            None => return,
        };
        self.steps.extend(rest.into_iter().map(|s| Step { forced: true, ..s }));
    }
}

/// The board after `steps` from `start` (each step came from
/// [`step_sequences`], so each is allowed).
fn end_of(start: &Board, steps: &[Step]) -> Board {
    let mut board = *start;
    for s in steps {
        if let Some((_, next)) = board.single_step(s.from as usize, s.die as usize) {
            board = next;
        }
    }
    board
}
