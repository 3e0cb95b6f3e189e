//! Evaluating candidate plays with the net, at 0, 1 or 2 plies (gnubg's
//! counting: 0-ply is the net on the position after the play; 1-ply
//! averages over the opponent's 21 rolls, each answered by its best play at
//! 0-ply; 2-ply does the same and then looks one of our own rolls deeper).
//!
//! Work is cut into small units, one "iteration" = one roll of one
//! candidate (a move generation plus a few dozen net evaluations), so the
//! caller can spread it over slices and stop at a deadline.

use super::game_points;
use super::net::{Net, Probs, Scratch};
use papan_rules::backgammon::{Board, Dice, MoveGen, CHECKERS};

/// The 21 distinct rolls with their weights in 36ths.
pub fn rolls() -> [(Dice, f32); 21] {
    let mut out = [(Dice { high: 1, low: 1 }, 0.0); 21];
    let mut i = 0;
    for high in 1..=6u8 {
        for low in 1..=high {
            out[i] = (Dice { high, low }, if high == low { 1.0 } else { 2.0 });
            i += 1;
        }
    }
    out
}

/// Tools for one evaluation thread: the net and reusable buffers.
pub struct Evaluator<'a> {
    pub net: &'a Net,
    scratch: Scratch,
    gens: [MoveGen; 2],
}

impl<'a> Evaluator<'a> {
    pub fn new(net: &'a Net) -> Evaluator<'a> {
        Evaluator {
            net,
            scratch: Scratch::default(),
            gens: [MoveGen::new(), MoveGen::new()],
        }
    }

    /// The side on roll's view of `board` (before it rolls), by the net.
    pub fn on_roll(&mut self, board: &Board) -> Probs {
        self.net.evaluate(board, &mut self.scratch)
    }

    /// 0-ply: the mover's view of `after`, the board just after its play
    /// (still from its side). A finished game is scored exactly.
    pub fn after_play(&mut self, after: &Board) -> Probs {
        if after.my_off() == CHECKERS {
            return Probs::won(game_points(after));
        }
        self.net.evaluate(&after.flip(), &mut self.scratch).flip()
    }

    /// The opponent's best answer at 0-ply to `dice` after our `after`:
    /// the board with us on roll again (our view) and our 0-ply value of
    /// it, or our loss if the opponent bears off.
    pub fn reply(&mut self, after: &Board, dice: Dice, level: usize) -> (Option<Board>, Probs) {
        let theirs = after.flip();
        let mut gen = std::mem::take(&mut self.gens[level]);
        let plays = gen.generate(&theirs, dice);
        let mut best: Option<(f32, Option<Board>, Probs)> = None;
        if plays.is_empty() {
            // They cannot move: we are on roll with the same checkers.
            let p = self.on_roll(after);
            best = Some((0.0, Some(*after), p));
        }
        for (their_after, _) in plays {
            let (ours, p) = if their_after.my_off() == CHECKERS {
                (None, Probs::won(game_points(their_after)).flip())
            } else {
                let ours = their_after.flip();
                (Some(ours), self.on_roll(&ours))
            };
            // They minimise our equity.
            let e = -p.equity();
            if best.as_ref().is_none_or(|b| e > b.0) {
                best = Some((e, ours, p));
            }
        }
        self.gens[level] = gen;
        let (_, ours, p) = best.expect("a pass or at least one play");
        (ours, p)
    }

    /// Our best play at 0-ply with `dice` on `board` (we are on roll): its value.
    pub fn best_play(&mut self, board: &Board, dice: Dice) -> Probs {
        self.our_move(board, dice).1
    }

    /// Our best play at 0-ply with `dice` on `board` (we are on roll): the
    /// board after it (our view, the opponent to roll; `None` once we bore
    /// off) and its 0-ply value.
    pub fn our_move(&mut self, board: &Board, dice: Dice) -> (Option<Board>, Probs) {
        let mut gen = std::mem::take(&mut self.gens[1]);
        let plays = gen.generate(board, dice);
        let mut best: Option<(f32, Option<Board>, Probs)> = None;
        if plays.is_empty() {
            best = Some((0.0, Some(*board), self.on_roll(&board.flip()).flip()));
        }
        for (after, _) in plays {
            let p = self.after_play(after);
            if best.as_ref().is_none_or(|b| p.equity() > b.0) {
                let next = (after.my_off() < CHECKERS).then_some(*after);
                best = Some((p.equity(), next, p));
            }
        }
        self.gens[1] = gen;
        let (_, next, p) = best.expect("a pass or at least one play");
        (next, p)
    }

    /// One opponent roll of a 1-ply evaluation of our `after`: our view.
    pub fn one_ply_roll(&mut self, after: &Board, dice: Dice) -> Probs {
        if after.my_off() == CHECKERS {
            return Probs::won(game_points(after));
        }
        self.reply(after, dice, 0).1
    }

    /// One opponent roll of a 2-ply evaluation: after their best answer
    /// (0-ply), our 21 rolls each played at 0-ply, averaged.
    pub fn two_ply_roll(&mut self, after: &Board, dice: Dice) -> Probs {
        if after.my_off() == CHECKERS {
            return Probs::won(game_points(after));
        }
        let (ours, p) = self.reply(after, dice, 0);
        let Some(ours) = ours else {
            return p;
        };
        let mut sum = [0.0f32; 6];
        for (roll, w) in rolls() {
            self.best_play(&ours, roll).add_to(&mut sum, w);
        }
        Probs(sum.map(|s| s / 36.0))
    }

    /// A full 1-ply evaluation of our `after` (tests and tools).
    pub fn one_ply(&mut self, after: &Board) -> Probs {
        if after.my_off() == CHECKERS {
            return Probs::won(game_points(after));
        }
        let mut sum = [0.0f32; 6];
        for (dice, w) in rolls() {
            self.one_ply_roll(after, dice).add_to(&mut sum, w);
        }
        Probs(sum.map(|s| s / 36.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_cover_the_36_outcomes() {
        let all = rolls();
        assert_eq!(all.iter().map(|r| r.1).sum::<f32>(), 36.0);
        assert_eq!(all.iter().filter(|r| r.0.is_double()).count(), 6);
    }
}
