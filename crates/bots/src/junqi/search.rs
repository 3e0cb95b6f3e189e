//! Expectimax over reveals, alpha-beta over moves.
//!
//! Jun Qi flip hides identities from both seats alike (J21), so it is a
//! game of perfect information with chance, like Chinese Dark Chess: a
//! reveal is a chance node whose outcomes are the distinct identities left
//! in the public face-down pool, weighted by their counts. At the root
//! every reveal is searched that way, outcome by outcome. Inside the tree a
//! reveal is searched as what it mostly is tactically, a tempo spent (a null
//! move): it keeps the tree small and still lets the side to move decline a
//! bad exchange. Leaves run a capture-only quiescence search so that no
//! hanging piece is left out of the static evaluation.

use super::eval::{evaluate, value};
use super::state::{piece, State};
use papan_rules::junqi::JunQiAction;

/// A won game, minus the plies it takes (quicker wins score higher).
pub const WIN: i32 = 100_000;
const INFINITY: i32 = 1_000_000;
/// Captures followed in a row at a leaf.
const QUIESCENCE_DEPTH: u8 = 6;

/// Scores from the point of view of the seat to move.
#[derive(Default)]
pub struct Search {
    /// Positions visited, for budgets and reports.
    pub nodes: u64,
    /// Move lists reused by ply.
    buffers: Vec<Vec<JunQiAction>>,
}

impl Search {
    /// The side to move's static value.
    pub fn static_value(state: &State) -> i32 {
        match state.mover_colour() {
            Some(colour) => evaluate(state, colour),
            None => 0,
        }
    }

    fn terminal(state: &State, ply: i32) -> Option<i32> {
        state.result.map(|result| match result {
            None => 0,
            Some(winner) if winner == state.to_move => WIN - ply,
            Some(_) => -(WIN - ply),
        })
    }

    fn take_buffer(&mut self, ply: usize) -> Vec<JunQiAction> {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut buffer = std::mem::take(&mut self.buffers[ply]);
        buffer.clear();
        buffer
    }

    /// Moves of the seat to move, captures first (most valuable victim,
    /// then least valuable attacker); with `captures_only`, nothing else.
    fn ordered_moves(state: &State, out: &mut Vec<JunQiAction>, captures_only: bool) {
        let Some(colour) = state.mover_colour() else {
            return;
        };
        let enemy = state.occupied_by(colour.other());
        state.moves_onto(if captures_only { enemy } else { u64::MAX }, out);
        let gain = |action: &JunQiAction| -> i32 {
            let JunQiAction::Move { from, to } = *action else {
                return i32::MIN;
            };
            match (piece(state.board[to.index()]), piece(state.board[from.index()])) {
                (Some((_, victim)), Some((_, attacker))) => 1000 + 10 * value(victim) - value(attacker),
                _ => 0,
            }
        };
        // Stable, so quiet moves keep the generator's order.
        out.sort_by_key(|a| std::cmp::Reverse(gain(a)));
    }

    /// Stand pat or capture, until the position is quiet.
    fn quiescence(&mut self, state: &State, mut alpha: i32, beta: i32, ply: i32, left: u8) -> i32 {
        self.nodes += 1;
        if let Some(score) = Self::terminal(state, ply) {
            return score;
        }
        let stand = Self::static_value(state);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = self.take_buffer(ply as usize);
        Self::ordered_moves(state, &mut moves, true);
        for action in &moves {
            let JunQiAction::Move { from, to } = *action else {
                continue;
            };
            let mut child = state.clone();
            child.play_move(from.index(), to.index());
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, left - 1);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.buffers[ply as usize] = moves;
        best
    }

    /// Alpha-beta to `depth` plies, then quiescence.
    pub fn negamax(&mut self, state: &State, depth: u8, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if let Some(score) = Self::terminal(state, ply) {
            self.nodes += 1;
            return score;
        }
        if depth == 0 {
            return self.quiescence(state, alpha, beta, ply, QUIESCENCE_DEPTH);
        }
        self.nodes += 1;
        let mut best = -INFINITY;
        if state.face_down_total > 0 {
            // A reveal, searched as a tempo spent (see the module comment).
            let mut passed = state.clone();
            passed.to_move ^= 1;
            passed.quiet = 0;
            best = -self.negamax(&passed, depth - 1, -beta, -alpha, ply + 1);
            alpha = alpha.max(best);
            if alpha >= beta {
                return best;
            }
        }
        let mut moves = self.take_buffer(ply as usize);
        Self::ordered_moves(state, &mut moves, false);
        for action in &moves {
            let JunQiAction::Move { from, to } = *action else {
                continue;
            };
            let mut child = state.clone();
            child.play_move(from.index(), to.index());
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.buffers[ply as usize] = moves;
        best
    }

    /// The root mover's value of `child` (a position after the root action).
    pub fn after(&mut self, child: &State, depth: u8) -> i32 {
        -self.negamax(child, depth.saturating_sub(1), -INFINITY, INFINITY, 1)
    }
}
