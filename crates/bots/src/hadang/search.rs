//! Iterative-deepening alpha-beta that can stop after any node and resume.
//!
//! The recursion is kept on an explicit stack of frames so that
//! [`Search::run`] can return after a given number of nodes and the next call
//! carries on where it stopped: the caller's clock, not the search, decides
//! when to stop, and nothing here needs threads or a clock (wasm).
//!
//! Pruning: at the root every legal move is searched; below it a side may
//! step its pawn or place a wall that cuts one of the opponent's shortest
//! routes — any other wall leaves the opponent's distance as it is and only
//! spends stock, so it cannot win a race at the horizon. Moves are ordered
//! by the transposition-table move, two killers per ply, then the static
//! value of the position they lead to.
//!
//! The root keeps a score for every move: moves are searched with alpha set
//! `margin` below the best so far, so every move within the margin gets an
//! exact score for the levels' softmax, and worse ones an upper bound.

use super::board::{goal, squares, Node};
use super::eval::{evaluate, Weights, MATE, MATE_BOUND};
use super::table::{encode, Bound, Entry, Table};
use papan_rules::hadang::HadangMove;

const INFINITY: i32 = MATE + 1;
/// Deepest iteration; HADANG games rarely last this many plies from here.
pub const MAX_DEPTH: u32 = 64;

/// What a level lets the search do.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Limits {
    /// Nodes (positions entered or evaluated) per move.
    pub nodes: u64,
    /// Deepest iteration.
    pub max_depth: u32,
    /// Root moves this far below the best still get exact scores.
    pub margin: i32,
    /// Transposition table size, log2 of entries.
    pub table_bits: u32,
    /// The evaluation's knobs.
    pub weights: Weights,
}

/// A root move and what the search knows of it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootMove {
    pub mv: HadangMove,
    /// Score from the last completed iteration (exact within the margin of
    /// the best, an upper bound below it).
    pub score: i32,
    /// Score in the iteration under way, once searched.
    pending: Option<i32>,
}

struct Frame {
    node: Node,
    depth: u32,
    ply: u32,
    alpha: i32,
    beta: i32,
    alpha_before: i32,
    moves: Vec<HadangMove>,
    next: usize,
    best: i32,
    best_move: Option<HadangMove>,
    cut: bool,
    /// The child under search got a null window (principal variation
    /// search: prove it no better than alpha, cheaply).
    null_child: bool,
    /// A child that beat alpha on its null window, to search again fully.
    research: Option<HadangMove>,
}

pub struct Search {
    root: Node,
    root_moves: Vec<RootMove>,
    limits: Limits,
    table: Table,
    killers: Vec<[Option<HadangMove>; 2]>,
    stack: Vec<Frame>,
    /// Depth of the iteration under way (0 before the first).
    depth: u32,
    completed_depth: u32,
    nodes: u64,
    finished: bool,
}

impl Search {
    pub fn new(root: Node, limits: Limits) -> Search {
        let mut root_moves = Vec::new();
        root.position.for_each_legal_move(|mv| {
            root_moves.push(RootMove {
                mv,
                score: 0,
                pending: None,
            })
        });
        // A winning step ends the game: nothing else is worth searching.
        let winning = root_moves.iter().position(|r| is_winning_step(&root, r.mv));
        if let Some(i) = winning {
            root_moves.swap(0, i);
            root_moves.truncate(1);
            root_moves[0].score = MATE - 1;
        }
        let finished = root_moves.len() <= 1;
        Search {
            root,
            root_moves,
            limits,
            table: Table::new(limits.table_bits),
            killers: vec![[None; 2]; MAX_DEPTH as usize + 2],
            stack: Vec::new(),
            depth: 0,
            completed_depth: if finished { 1 } else { 0 },
            nodes: 0,
            finished,
        }
    }

    /// Searches on until the caller stops it (its depth cap still holds).
    /// Ends the search at `nodes` instead of its limits' count (a search
    /// given time to use lifts it to `u64::MAX`); one already past it has
    /// finished.
    pub fn set_node_limit(&mut self, nodes: u64) {
        self.limits.nodes = nodes;
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn completed_depth(&self) -> u32 {
        self.completed_depth
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Root moves, best first after the last completed iteration.
    pub fn root_moves(&self) -> &[RootMove] {
        &self.root_moves
    }

    /// The move a search stopped now would play: the best of the iteration
    /// under way once it has searched a move (the previous best is searched
    /// first, so a different choice has beaten it), else the last completed
    /// iteration's.
    pub fn best(&self) -> Option<(HadangMove, i32)> {
        if let Some(root) = self.stack.first() {
            if let Some(mv) = root.best_move {
                return Some((mv, root.best));
            }
        }
        self.root_moves.first().map(|r| (r.mv, r.score))
    }

    /// Runs until `budget` more nodes are spent, the node limit is reached or
    /// the last iteration is done. Returns whether there is more to do.
    pub fn run(&mut self, budget: u64) -> bool {
        let stop = (self.nodes + budget).min(self.limits.nodes);
        while !self.finished && self.nodes < stop {
            if self.stack.is_empty() {
                self.start_iteration();
            } else {
                self.step();
            }
        }
        if self.nodes >= self.limits.nodes {
            self.finished = true;
        }
        !self.finished
    }

    fn start_iteration(&mut self) {
        if self.depth >= self.limits.max_depth.min(MAX_DEPTH) {
            self.finished = true;
            return;
        }
        self.depth += 1;
        let moves = self.root_moves.iter().map(|r| r.mv).collect();
        self.stack.push(Frame {
            node: self.root,
            depth: self.depth,
            ply: 0,
            alpha: -INFINITY,
            beta: INFINITY,
            alpha_before: -INFINITY,
            moves,
            next: 0,
            best: -INFINITY,
            best_move: None,
            cut: false,
            null_child: false,
            research: None,
        });
    }

    fn end_iteration(&mut self) {
        for r in &mut self.root_moves {
            r.score = r.pending.take().unwrap_or(-INFINITY);
        }
        // Stable: equal scores keep the previous order.
        self.root_moves.sort_by_key(|r| std::cmp::Reverse(r.score));
        self.completed_depth = self.depth;
        let best = self.root_moves[0].score;
        // A forced result is known; deeper iterations cannot change it.
        if best.abs() >= MATE_BOUND {
            self.finished = true;
        }
    }

    /// One node: searches the next move of the top frame, or closes it.
    fn step(&mut self) {
        let top = self.stack.len() - 1;
        let frame = &mut self.stack[top];
        let (mv, null) = if let Some(mv) = frame.research.take() {
            (mv, false)
        } else if frame.cut || frame.next >= frame.moves.len() {
            self.close(top);
            return;
        } else {
            let mv = frame.moves[frame.next];
            frame.next += 1;
            // Later moves are expected to be worse than the first: a null
            // window proves it cheaply. Leaves are exact anyway.
            (mv, frame.next > 1 && frame.depth > 1 && frame.beta - frame.alpha > 1)
        };
        frame.null_child = null;
        let child = frame.node.child(mv);
        let (depth, ply, alpha, beta) = (frame.depth, frame.ply, frame.alpha, frame.beta);
        if depth <= 1 {
            self.nodes += 1;
            let value = -leaf(&child, ply + 1, &self.limits.weights);
            self.absorb(top, mv, value);
            return;
        }
        let window = if null { (-alpha - 1, -alpha) } else { (-beta, -alpha) };
        if let Some(value) = self.enter(child, depth - 1, ply + 1, window.0, window.1) {
            self.child_done(top, mv, -value);
        }
    }

    /// A searched child's value reaches frame `index`: taken as it is, or
    /// searched again with the full window when a null window failed high.
    fn child_done(&mut self, index: usize, mv: HadangMove, value: i32) {
        let frame = &mut self.stack[index];
        if frame.null_child && value > frame.alpha && value < frame.beta {
            frame.null_child = false;
            frame.research = Some(mv);
            return;
        }
        self.absorb(index, mv, value);
    }

    /// Enters a node: answers at once when it can (a win in one, a table
    /// hit), else pushes a frame and returns `None`.
    fn enter(&mut self, node: Node, depth: u32, ply: u32, alpha: i32, beta: i32) -> Option<i32> {
        self.nodes += 1;
        if node.position.winner().is_some() {
            return Some(-(MATE - ply as i32));
        }
        let me = node.to_move();
        if node.pawn_targets(me) & goal(me) != 0 {
            return Some(MATE - ply as i32 - 1);
        }
        let entry = self.table.probe(node.key, ply);
        if let Some(e) = entry {
            if e.depth as u32 >= depth {
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if usable {
                    return Some(e.score);
                }
            }
        }
        let moves = self.ordered_moves(&node, depth, ply, entry.and_then(|e| e.mv));
        self.stack.push(Frame {
            node,
            depth,
            ply,
            alpha,
            beta,
            alpha_before: alpha,
            moves,
            next: 0,
            best: -INFINITY,
            best_move: None,
            cut: false,
            null_child: false,
            research: None,
        });
        None
    }

    /// A child's value reaches its parent frame `index`.
    fn absorb(&mut self, index: usize, mv: HadangMove, value: i32) {
        let frame = &mut self.stack[index];
        if value > frame.best {
            frame.best = value;
            frame.best_move = Some(mv);
        }
        if frame.ply == 0 {
            let i = frame.next - 1;
            self.root_moves[i].pending = Some(value);
            frame.alpha = frame.alpha.max(frame.best.saturating_sub(self.limits.margin));
            return;
        }
        if value > frame.alpha {
            frame.alpha = value;
        }
        if frame.alpha >= frame.beta {
            frame.cut = true;
            let killers = &mut self.killers[frame.ply as usize];
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
    }

    /// Closes frame `index` (the top): stores it and hands its value up.
    fn close(&mut self, index: usize) {
        let frame = self.stack.pop().expect("a frame to close");
        debug_assert_eq!(index, self.stack.len());
        if frame.ply == 0 {
            self.end_iteration();
            return;
        }
        // No legal move is impossible (a pawn always has a step: H13), but
        // keep the value defined.
        let best = if frame.best == -INFINITY {
            evaluate(&frame.node, &self.limits.weights)
        } else {
            frame.best
        };
        let bound = if best >= frame.beta {
            Bound::Lower
        } else if best <= frame.alpha_before {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.table.store(
            frame.node.key,
            frame.ply,
            Entry {
                key: frame.node.key,
                score: best,
                depth: frame.depth as u8,
                bound,
                mv: frame.best_move,
            },
        );
        let parent = index - 1;
        let mv = {
            let p = &self.stack[parent];
            p.moves[p.next - 1]
        };
        self.child_done(parent, mv, -best);
    }

    /// Pawn moves and the walls that cut one of the opponent's shortest
    /// routes, best guess first.
    fn ordered_moves(&self, node: &Node, depth: u32, ply: u32, hint: Option<HadangMove>) -> Vec<HadangMove> {
        let me = node.to_move();
        let them = me.other();
        let mut moves: Vec<(HadangMove, i32)> = Vec::with_capacity(48);
        for target in squares(node.pawn_targets(me)) {
            moves.push((HadangMove::Step(target), 0));
        }
        if node.position.walls_left(me) > 0 {
            let (_, crossings) = node
                .passage()
                .shortest_crossings(node.pawn_bit(them), goal(them))
                .expect("a legal position leaves every pawn a route (H13)");
            node.position.for_each_legal_wall(|wall| {
                if crossings.cut_by(wall) {
                    moves.push((HadangMove::Wall(wall), 0));
                }
            });
        }
        let killers = self.killers[ply as usize];
        let hint = hint.map(encode);
        for (mv, key) in &mut moves {
            *key = if Some(encode(*mv)) == hint {
                INFINITY
            } else if killers[0] == Some(*mv) {
                INFINITY - 1
            } else if killers[1] == Some(*mv) {
                INFINITY - 2
            } else if depth >= 2 {
                // Children of this frame are searched, so a static look at
                // each is cheap next to its subtree.
                -evaluate(&node.child(*mv), &self.limits.weights)
            } else {
                // Children are leaves evaluated anyway: pawn moves first.
                match mv {
                    HadangMove::Step(_) => 1,
                    HadangMove::Wall(_) => 0,
                }
            };
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));
        moves.into_iter().map(|(mv, _)| mv).collect()
    }
}

/// Value of a leaf for its side to move.
fn leaf(node: &Node, ply: u32, weights: &Weights) -> i32 {
    if node.position.winner().is_some() {
        return -(MATE - ply as i32);
    }
    let score = evaluate(node, weights);
    if score == MATE - 1 {
        MATE - ply as i32 - 1
    } else {
        score
    }
}

/// Whether `mv` puts the mover's pawn on its goal rank.
fn is_winning_step(node: &Node, mv: HadangMove) -> bool {
    match mv {
        HadangMove::Step(square) => goal(node.to_move()) & (1u128 << square.index()) != 0,
        HadangMove::Wall(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hadang::{Hadang, HadangSetup};
    use papan_rules::Seat;

    fn limits(nodes: u64, max_depth: u32, margin: i32) -> Limits {
        Limits {
            nodes,
            max_depth,
            margin,
            table_bits: 12,
            weights: Weights::DEFAULT,
        }
    }

    const TEN_WALLS: [&str; 10] = ["a1v", "a3v", "a5v", "a7v", "c1v", "c3v", "c5v", "c7v", "g1v", "g3v"];

    #[test]
    fn h15_proves_a_win_in_three_plies_and_stops() {
        // Player 1 on e7 needs two steps; Player 2, out of walls, needs six.
        let position = Hadang::try_from(HadangSetup {
            options: Default::default(),
            pawns: ["e7".into(), "b7".into()],
            walls: [vec![], TEN_WALLS.iter().map(|w| w.to_string()).collect()],
            walls_left: [10, 0],
            to_move: Seat::First,
            last: None,
        })
        .unwrap();
        let mut search = Search::new(Node::new(&position), limits(100_000, MAX_DEPTH, 0));
        while search.run(1_000) {}
        let (mv, score) = search.best().unwrap();
        assert_eq!(score, MATE - 3, "win on the third ply from here");
        // The leaves' win-in-one check sees the last ply, so depth 2 proves
        // it, and a proven result ends the deepening.
        assert_eq!(search.completed_depth(), 2);
        assert_eq!(mv.to_string(), "e8");
    }

    #[test]
    fn moves_within_the_margin_get_exact_scores() {
        let position = Hadang::try_from(HadangSetup {
            options: Default::default(),
            pawns: ["d4".into(), "f6".into()],
            walls: [vec!["c5h".into()], vec!["d7h".into()]],
            walls_left: [9, 9],
            to_move: Seat::First,
            last: None,
        })
        .unwrap();
        let root = Node::new(&position);
        let run = |margin| {
            let mut search = Search::new(root, limits(10_000_000, 3, margin));
            while search.run(100_000) {}
            search
        };
        let (narrow, full) = (run(100), run(INFINITY));
        let roots = narrow.root_moves();
        let best = roots[0].score;
        assert_eq!(best, full.root_moves()[0].score);
        for r in roots {
            let exact = full.root_moves().iter().find(|f| f.mv == r.mv).unwrap().score;
            if exact >= best - 100 {
                assert_eq!(r.score, exact, "{}", r.mv);
            } else {
                assert!(
                    r.score <= best - 100 && r.score >= exact,
                    "{}: bound {} exact {exact}",
                    r.mv,
                    r.score
                );
            }
        }
        assert!(roots.windows(2).all(|w| w[0].score >= w[1].score), "best first");
    }
}
