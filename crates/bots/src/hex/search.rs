//! The Expert's Hex search: UCT with RAVE and move priors over a tree that
//! learns what it can prove.
//!
//! Each iteration copies the root board, walks down the tree placing
//! stones, plays the rest of the board out at random (saving intruded
//! bridges, [`super::playout`]) and backs the winner up, with every cell's
//! final owner as all-moves-as-first (RAVE) evidence.
//!
//! Knowledge, as in MoHex: the root at once, and any node once it has been
//! visited [`Knobs::knowledge_after`] times, gets
//! - fill-in ([`super::inferior`]): cells that may be given to a colour
//!   without changing who wins are filled on that node's board, for every
//!   later visit and playout below it;
//! - virtual connections ([`super::vc`]): a connection between the mover's
//!   edges proves the node won; the opponent's full connection proves it
//!   lost, their semis leave only the must-play cells as children;
//! - and a node visited [`Knobs::deep_knowledge_after`] times, the root's
//!   stronger H-search once more.
//!
//! Proofs travel up the tree (a child won for the side to move wins the
//! node; every child lost loses it), so a solved line is never searched
//! again and a won root stops the search.
//!
//! Beside the tree, an exact solver ([`super::dfpn`]) works on the root
//! for a share of the iterations ([`Knobs::solver`]): a root it proves
//! ends the search (with its winning move), a root move it proves lost is
//! never tried again, and a node whose position it proved takes the proof.
//!
//! Deterministic: the same position, knobs and seed give the same tree.

use super::board::{FastBoard, BLUE, EMPTY, RED};
use super::cells::CellSet;
use super::dfpn::Dfpn;
use super::geometry::{other, Geometry};
use super::inferior::{fill_in, prune_dominated, prune_vulnerable};
use super::local::LocalWeights;
use super::patterns::{PatternGeometry, PatternTable};
use super::playout::HexPolicy;
use super::policy::{PolicyNet, Scratch as PolicyScratch};
use super::value::{ValueNet, ValueScratch};
use super::vc::{VcBuilder, VcLimits};
use papan_rules::hex::{Cell, Hex};
use papan_rules::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What the search may use and how it weighs it (the ablation switches
/// of `strength` and the tuning knobs of the arena).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Knobs {
    /// UCT exploration constant.
    pub exploration: f64,
    /// RAVE equivalence: visits at which a child's own mean and its RAVE
    /// mean weigh the same.
    pub rave_equivalence: f64,
    /// Weight of the move prior (PUCT term).
    pub prior_weight: f64,
    /// A node gets children once visited this often (the root at once;
    /// 0 would grow every playout's whole line into the tree).
    pub expand_after: u32,
    /// A node gets fill-in and connections once visited this often.
    pub knowledge_after: u32,
    /// A node below the root visited this often gets the root's H-search
    /// ([`Knobs::root_cells`]) as well, once: it proves more than twice
    /// the positions the tree's builder does, at some 20 times the cost,
    /// so only the few nodes the search keeps coming back to get it
    /// (0: none). At 4,000 a 9×9 search of 0.6 s proves 78 of 150 won
    /// positions where the tree's builder alone proves 73 in the same
    /// time (README); the app's Expert (16,200 iterations on 9×9)
    /// reaches it only along its most searched line.
    pub deep_knowledge_after: u32,
    /// Fill-in of dead and captured cells.
    pub fill_in: bool,
    /// Virtual connections (won/lost proofs and must-play regions).
    pub connections: bool,
    /// Value of a child with no evidence at all.
    pub first_play_urgency: f64,
    /// Move priors from the learned patterns ([`super::patterns`]);
    /// without them every child has the same prior.
    pub patterns: bool,
    /// Share of the learned policy ([`super::policy`]) in the priors of a
    /// node's children once the node has been visited
    /// [`Knobs::policy_after`] times or gets knowledge (the root's at
    /// once); the rest is the patterns' (0: the patterns alone). On by
    /// default at 8 visits ([`POLICY_BY_DEFAULT`]): at equal iterations,
    /// the app's budget, it won 60% of 120 games on 9×9; at equal time
    /// against MoHex its gain is within the matches' spread (README).
    pub policy_share: f64,
    /// A node gets the policy's priors once visited this often (or at
    /// its knowledge, whichever comes first); each is one pass of the net,
    /// 84 µs on 9×9 with the vector kernels (README).
    pub policy_after: u32,
    /// Where the policy is asked, the value's judgement of the node
    /// ([`super::value`], read off the policy's layers) counts in the
    /// node's mean as this many playouts (0: none). On with the policy
    /// ([`POLICY_BY_DEFAULT`]) at 128: at equal iterations, the app's
    /// budget, the first value (fitted on 9×9 games) won 54% of 360 games
    /// on 9×9 and 53% of 120 on 11×11, each move taking about a fifth
    /// longer; the shipped one, fitted on 11×11 games too, won 59% of 120
    /// 11×11 games against it at equal time (README).
    pub value_weight: f64,
    /// Playouts answer near the last stone by pattern strength
    /// ([`HexPolicy::use_patterns`]).
    pub playout_patterns: bool,
    /// Playouts answer near the last stone by the weights fitted for
    /// balance ([`HexPolicy::use_balanced`], [`super::local`]). On with
    /// the policy ([`POLICY_BY_DEFAULT`]): at equal iterations, the app's
    /// budget, it won 55.6% of 360 games on 9×9, each move taking about a
    /// quarter longer; at equal time 53% of 240 (README).
    pub playout_balanced: bool,
    /// How much H-search keeps and combines.
    pub vc_limits: VcLimits,
    /// The root's H-search keeps connections between empty cells as well
    /// ([`VcLimits::with_cells`]; boards up to [`ROOT_CELLS_MAX_SIZE`]):
    /// once a move, it proves more than twice the positions the tree's
    /// builder does (README).
    pub root_cells: bool,
    /// Moves another candidate dominates are cut
    /// ([`super::inferior::prune_dominated`]).
    pub dominated: bool,
    /// Moves the opponent could kill with one reply are cut
    /// ([`super::inferior::prune_vulnerable`]).
    pub vulnerable: bool,
    /// Positions the exact solver ([`super::dfpn`]) judges at the root
    /// after every [`SOLVER_PERIOD`] iterations (0: no solver). Off by
    /// default: on 9×9 at 1 s a move it did not make the Expert stronger
    /// (README).
    pub solver: u32,
}

/// Whether the Expert asks the learned policy by default: everywhere but in
/// the browser, where without vector instructions each judgement costs
/// three times as much and the search would run about half its iterations.
pub const POLICY_BY_DEFAULT: bool = !cfg!(target_arch = "wasm32");

impl Default for Knobs {
    fn default() -> Knobs {
        Knobs {
            exploration: 0.0,
            // 300 and 0.25 (were 1,000 and 0.5): 54.5% of 200 games against
            // the old pair at 20,000 iterations, and a few more games won
            // against MoHex on the same openings (README).
            rave_equivalence: 300.0,
            prior_weight: 0.25,
            expand_after: 3,
            knowledge_after: 64,
            deep_knowledge_after: 4_000,
            fill_in: true,
            connections: true,
            first_play_urgency: 1.0,
            patterns: true,
            policy_share: if POLICY_BY_DEFAULT { 1.0 } else { 0.0 },
            policy_after: 8,
            value_weight: if POLICY_BY_DEFAULT { 128.0 } else { 0.0 },
            playout_patterns: false,
            playout_balanced: POLICY_BY_DEFAULT,
            vc_limits: VcLimits::default(),
            root_cells: true,
            dominated: true,
            vulnerable: true,
            solver: 0,
        }
    }
}

/// The mover into a node: unknown, proven to win, proven to lose.
const UNPROVEN: u8 = 0;
const WON: u8 = 1;
const LOST: u8 = 2;

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    /// Framed index of the stone that made this node.
    at: u16,
    proof: u8,
    expanded: bool,
    knowledge: bool,
    /// The root's H-search has run here ([`Knobs::deep_knowledge_after`]).
    deep: bool,
    /// The learned policy's priors are in this node's children.
    policy: bool,
    child_count: u16,
    first_child: u32,
    /// Index in `fills` of the stones knowledge added here, or [`NONE`].
    fill: u32,
    visits: u32,
    /// Wins of the node's mover.
    wins: f32,
    rave_visits: f32,
    rave_wins: f32,
    prior: f32,
    /// The value's chance for the node's mover ([`Knobs::value_weight`]),
    /// or below 0 where it has not judged the node.
    value: f32,
}

impl Node {
    fn new(at: u16, prior: f32) -> Node {
        Node {
            at,
            proof: UNPROVEN,
            expanded: false,
            knowledge: false,
            deep: false,
            policy: false,
            child_count: 0,
            first_child: 0,
            fill: NONE,
            visits: 0,
            wins: 0.0,
            rave_visits: 0.0,
            rave_wins: 0.0,
            prior,
            value: -1.0,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + self.child_count as usize
    }
}

/// One root move as reported to callers.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove {
    pub cell: Cell,
    pub visits: u64,
    /// The root mover's mean score after this move.
    pub value: f64,
    /// `Some(true)`: proven to win; `Some(false)`: proven to lose.
    pub proven: Option<bool>,
}

/// The root as a search sees it; summaries of several searches of one
/// position merge ([`RootSummary::merge`], root parallelism).
#[derive(Clone, Debug, PartialEq)]
pub struct RootSummary {
    pub moves: Vec<RootMove>,
    /// A cell that wins at once by tactics or a connection.
    pub win: Option<Cell>,
    /// The root is proven lost for the side to move.
    pub lost: bool,
}

impl RootSummary {
    /// The move to play and the mover's winning chance: a proven win
    /// first, then the most visited move not proven to lose (the better
    /// valued of equals; a move proven lost late keeps the visits it had
    /// before), any move when all lose. `None` when there is no move.
    pub fn best(&self) -> Option<(Cell, f64)> {
        if let Some(cell) = self.win {
            return Some((cell, 1.0));
        }
        if let Some(won) = self.moves.iter().find(|m| m.proven == Some(true)) {
            return Some((won.cell, 1.0));
        }
        let open = |m: &RootMove| m.proven != Some(false);
        let best = self.moves.iter().max_by(|a, b| {
            (open(a).cmp(&open(b)))
                .then(a.visits.cmp(&b.visits))
                .then(a.value.total_cmp(&b.value))
        })?;
        Some((best.cell, if self.lost { 0.0 } else { best.value }))
    }

    /// One summary of several searches of the same position: visits add
    /// up, values are weighted by visits, a proof in any search holds.
    pub fn merge(summaries: &[RootSummary]) -> RootSummary {
        let mut moves: Vec<RootMove> = Vec::new();
        for summary in summaries {
            for m in &summary.moves {
                match moves.iter_mut().find(|x| x.cell == m.cell) {
                    Some(x) => {
                        let visits = x.visits + m.visits;
                        if visits > 0 {
                            x.value = (x.value * x.visits as f64 + m.value * m.visits as f64) / visits as f64;
                        }
                        x.visits = visits;
                        x.proven = x.proven.or(m.proven);
                    }
                    None => moves.push(m.clone()),
                }
            }
        }
        RootSummary {
            moves,
            win: summaries.iter().find_map(|s| s.win),
            lost: summaries.iter().any(|s| s.lost),
        }
    }
}

/// Nodes at most (40 bytes each, 160 MB): expansion stops there, the search
/// goes on. A second of search on one core makes about a tenth of that.
const MAX_NODES: usize = 1 << 22;

/// The solver runs after every this many iterations, for its share of them
/// ([`Knobs::solver`]): counted on the search's own iterations, so the
/// tree does not depend on how callers slice the work. One judgement on
/// 9×9 costs about what 30 to 60 iterations do.
pub const SOLVER_PERIOD: u64 = 256;

/// The largest board whose root gets the H-search through empty cells
/// ([`Knobs::root_cells`]): both colours' builds take about 31 ms on
/// 13×13, and far more on 19×19.
const ROOT_CELLS_MAX_SIZE: usize = 13;

pub struct HexSearch {
    n: usize,
    geometry: Geometry,
    knobs: Knobs,
    /// The root position with the root's fill-in.
    root: FastBoard,
    root_colour: u8,
    nodes: Vec<Node>,
    fills: Vec<Vec<(u16, u8)>>,
    rng: ChaCha8Rng,
    iterations: u64,
    /// A cell that wins at once by a connection found at the root.
    root_win: Option<u16>,
    // Reused buffers.
    board: FastBoard,
    path: Vec<usize>,
    policy: HexPolicy,
    vc: VcBuilder,
    /// The root's builder ([`Knobs::root_cells`]).
    root_vc: Option<VcBuilder>,
    pattern_geometry: PatternGeometry,
    patterns: &'static PatternTable,
    gammas: Vec<f32>,
    /// The learned policy, when [`Knobs::policy_share`] is above 0.
    policy_net: Option<&'static PolicyNet>,
    policy_scratch: PolicyScratch,
    policy_cells: Vec<usize>,
    /// The value, when [`Knobs::value_weight`] is above 0.
    value_net: Option<&'static ValueNet>,
    value_scratch: ValueScratch,
    cells: Vec<u8>,
    filled: Vec<(u16, u8)>,
    marks: Vec<bool>,
    stack: Vec<usize>,
    /// The exact solver and what it learnt, kept when the root advances.
    solver: Option<Box<Dfpn>>,
}

impl HexSearch {
    pub fn new(position: &Hex, knobs: Knobs, seed: u64) -> HexSearch {
        let n = position.size() as usize;
        let root = FastBoard::from_position(position);
        let root_colour = super::board::stone_of(position.colour_to_move());
        let mut search = HexSearch {
            n,
            geometry: Geometry::new(n),
            knobs,
            board: root.clone(),
            root,
            root_colour,
            nodes: vec![Node::new(0, 1.0)],
            fills: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            iterations: 0,
            root_win: None,
            path: Vec::new(),
            policy: HexPolicy::new(n),
            vc: VcBuilder::with_limits(n, knobs.vc_limits),
            root_vc: (knobs.root_cells && n <= ROOT_CELLS_MAX_SIZE)
                .then(|| VcBuilder::with_limits(n, knobs.vc_limits.with_cells())),
            pattern_geometry: PatternGeometry::new(n),
            patterns: PatternTable::shipped(),
            gammas: Vec::new(),
            policy_net: PolicyNet::shipped().filter(|_| knobs.policy_share > 0.0),
            policy_scratch: PolicyScratch::default(),
            policy_cells: Vec::new(),
            value_net: if knobs.value_weight > 0.0 {
                ValueNet::shipped()
            } else {
                None
            },
            value_scratch: ValueScratch::default(),
            cells: vec![EMPTY; n * n],
            filled: Vec::new(),
            marks: Vec::new(),
            stack: Vec::new(),
            solver: None,
        };
        if knobs.playout_balanced {
            search.policy.use_balanced(LocalWeights::shipped());
        }
        if knobs.playout_patterns {
            search.policy.use_patterns(search.patterns);
        }
        if position.is_over() {
            search.nodes[0].proof = WON;
            return search;
        }
        search.board.cells.copy_from_slice(&search.root.cells);
        search.expand(0, root_colour);
        search.learn(0, root_colour);
        // The root's fill-in holds for the whole search.
        search.root.cells.copy_from_slice(&search.board.cells);
        search
    }

    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Visits of the root: the iterations run since it became the root,
    /// and those it had before (tree reuse).
    pub fn root_visits(&self) -> u64 {
        self.nodes[0].visits as u64
    }

    /// Nodes in the tree (each a cell tried from its parent).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Nodes that got fill-in and connections so far.
    pub fn knowledge_nodes(&self) -> usize {
        self.nodes.iter().filter(|n| n.knowledge).count()
    }

    /// Whether the root is solved (either way): more search changes nothing.
    pub fn solved(&self) -> bool {
        self.nodes[0].proof != UNPROVEN
    }

    /// The root's children with their statistics (the cells the search
    /// considers; pruned and filled cells are not among them).
    pub fn root_moves(&self) -> Vec<RootMove> {
        let root = &self.nodes[0];
        root.children()
            .map(|i| {
                let node = &self.nodes[i];
                RootMove {
                    cell: self.root.cell_of(node.at as usize),
                    visits: node.visits as u64,
                    value: if node.visits == 0 {
                        0.5
                    } else {
                        node.wins as f64 / node.visits as f64
                    },
                    proven: match node.proof {
                        WON => Some(true),
                        LOST => Some(false),
                        _ => None,
                    },
                }
            })
            .collect()
    }

    /// What the search says about the root: its moves, a winning cell
    /// found by tactics or connections, and whether the root is lost.
    pub fn summary(&self) -> RootSummary {
        RootSummary {
            moves: self.root_moves(),
            win: self.root_win.map(|at| self.root.cell_of(at as usize)),
            lost: self.nodes[0].proof == WON,
        }
    }

    /// The move to play now and the root mover's winning chance
    /// ([`RootSummary::best`]).
    pub fn best(&self) -> Option<(Cell, f64)> {
        self.summary().best()
    }

    /// Moves the root down the tree along `moves` (played from the root in
    /// turn), keeping what was learned below: the next search of the
    /// position after them starts from it. Returns false, changing nothing,
    /// when the tree does not hold that line.
    pub fn advance(&mut self, moves: &[Cell]) -> bool {
        let mut board = self.root.clone();
        let mut node = 0;
        let mut colour = self.root_colour;
        for &cell in moves {
            let at = board.at(cell);
            let Some(child) = self.nodes[node]
                .children()
                .find(|&c| self.nodes[c].at as usize == at)
                .filter(|_| board.cells[at] == EMPTY)
            else {
                return false;
            };
            board.cells[at] = colour;
            if let Some(fill) = self.fill_of(child) {
                for &(cell, stone) in &self.fills[fill] {
                    board.cells[cell as usize] = stone;
                }
            }
            node = child;
            colour = other(colour);
        }
        // Copy the subtree, breadth first, so children stay contiguous.
        let mut kept = vec![self.nodes[node].clone()];
        let mut next = 0;
        while next < kept.len() {
            let range = kept[next].children();
            let first = kept.len() as u32;
            kept.extend(range.map(|c| self.nodes[c].clone()));
            kept[next].first_child = first;
            next += 1;
        }
        kept[0].at = 0;
        self.nodes = kept;
        self.root = board;
        self.root_colour = colour;
        self.root_win = None;
        self.iterations = 0;
        self.board.cells.copy_from_slice(&self.root.cells);
        if !self.nodes[0].expanded {
            self.expand(0, colour);
        }
        // Learn again at the new root: its proof needs a winning cell, and
        // a root with more visits may fill more.
        self.nodes[0].proof = UNPROVEN;
        self.learn(0, colour);
        if self.nodes[0].proof == UNPROVEN {
            self.update_proof(0);
        }
        self.root.cells.copy_from_slice(&self.board.cells);
        true
    }

    /// Runs `count` more iterations (fewer if the root gets solved).
    pub fn run(&mut self, count: u64) {
        for _ in 0..count {
            if self.solved() {
                return;
            }
            self.iterate();
            self.iterations += 1;
            if self.knobs.solver > 0 && self.iterations.is_multiple_of(SOLVER_PERIOD) {
                self.solve(self.knobs.solver as u64);
            }
        }
    }

    /// Positions the solver has judged in this search and before it.
    pub fn solver_judgements(&self) -> u64 {
        self.solver.as_ref().map_or(0, |s| s.judgements())
    }

    /// Gives the exact solver `work` judgements on the root and takes in
    /// what it proved: the root won (with its winning move) or lost, or
    /// root moves that lose, which the tree then never tries again.
    fn solve(&mut self, work: u64) {
        let n2 = self.n * self.n;
        for key in 0..n2 {
            self.cells[key] = self.root.cells[self.root.at_key(key)];
        }
        let solver = self
            .solver
            .get_or_insert_with(|| Box::new(Dfpn::new(self.n, self.knobs.vc_limits)));
        let verdict = solver.solve(&self.cells, self.root_colour, work);
        match verdict.result {
            Some(true) => {
                self.root_win = verdict.winning.map(|key| self.root.at_key(key) as u16);
                self.nodes[0].proof = LOST;
            }
            Some(false) => self.nodes[0].proof = WON,
            None => {
                for child in self.nodes[0].children() {
                    let key = self.root.key_of(self.nodes[child].at as usize);
                    if verdict.losing.contains(&key) {
                        self.nodes[child].proof = LOST;
                    }
                }
                self.update_proof(0);
            }
        }
    }

    fn iterate(&mut self) {
        self.board.cells.copy_from_slice(&self.root.cells);
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        let mut colour = self.root_colour;
        let mut last: Option<usize> = None;
        loop {
            if self.nodes[node].proof != UNPROVEN {
                break;
            }
            if !self.nodes[node].expanded {
                if self.nodes[node].visits < self.knobs.expand_after || self.nodes.len() >= MAX_NODES {
                    break;
                }
                self.expand(node, colour);
                if self.nodes[node].proof != UNPROVEN {
                    break;
                }
            }
            if !self.nodes[node].knowledge && self.nodes[node].visits >= self.knobs.knowledge_after {
                self.learn(node, colour);
                if self.nodes[node].proof != UNPROVEN {
                    break;
                }
            }
            if !self.nodes[node].policy && self.nodes[node].visits >= self.knobs.policy_after {
                self.apply_policy(node, colour);
            }
            let deep_after = self.knobs.deep_knowledge_after;
            if deep_after > 0 && node != 0 && !self.nodes[node].deep && self.nodes[node].visits >= deep_after {
                self.learn_deeper(node, colour);
                if self.nodes[node].proof != UNPROVEN {
                    break;
                }
            }
            let Some(child) = self.select(node) else { break };
            let at = self.nodes[child].at as usize;
            self.board.cells[at] = colour;
            if let Some(fill) = self.fill_of(child) {
                for &(cell, stone) in &self.fills[fill] {
                    self.board.cells[cell as usize] = stone;
                }
            }
            last = Some(at);
            self.path.push(child);
            node = child;
            colour = other(colour);
        }
        // Who won: the proof if there is one, else a playout.
        let leaf = &self.nodes[node];
        let (winner, played_out) = match leaf.proof {
            WON => (other(colour), false),
            LOST => (colour, false),
            _ => (self.playout(colour, last), true),
        };
        self.back_up(winner, played_out);
    }

    fn fill_of(&self, node: usize) -> Option<usize> {
        let fill = self.nodes[node].fill;
        (fill != NONE).then_some(fill as usize)
    }

    /// Fills the rest of the board at random (saving intruded bridges) from
    /// `colour` to move; returns the colour that connects. The filled board
    /// stays in `self.board` for RAVE.
    fn playout(&mut self, colour: u8, last: Option<usize>) -> u8 {
        let HexSearch { board, policy, rng, .. } = self;
        policy.fill_board(board, colour, last, rng)
    }

    fn back_up(&mut self, winner: u8, played_out: bool) {
        // Colour to move at path[d] is the root's for even d.
        let depth = self.path.len();
        for d in (0..depth).rev() {
            let node = self.path[d];
            let to_move = if d % 2 == 0 {
                self.root_colour
            } else {
                other(self.root_colour)
            };
            let mover = other(to_move);
            let n = &mut self.nodes[node];
            n.visits += 1;
            if winner == mover {
                n.wins += 1.0;
            }
            if n.expanded && n.child_count > 0 {
                // One pass over the children: their RAVE evidence (every
                // cell's final owner) and what their proofs say of the node.
                let children = n.children();
                let won = winner == to_move;
                let (mut any_won, mut all_lost) = (false, true);
                for child in children {
                    let c = &mut self.nodes[child];
                    if played_out && self.board.cells[c.at as usize] == to_move {
                        c.rave_visits += 1.0;
                        if won {
                            c.rave_wins += 1.0;
                        }
                    }
                    match c.proof {
                        WON => any_won = true,
                        LOST => {}
                        _ => all_lost = false,
                    }
                }
                let n = &mut self.nodes[node];
                if n.proof == UNPROVEN {
                    n.proof = proof_from_children(any_won, all_lost);
                }
            }
        }
    }

    /// A node is lost for its mover if a child is won for the side to move
    /// there, and won if every child is lost.
    fn update_proof(&mut self, node: usize) {
        let range = self.nodes[node].children();
        if range.is_empty() || self.nodes[node].proof != UNPROVEN {
            return;
        }
        let any_won = range.clone().any(|child| self.nodes[child].proof == WON);
        let all_lost = range.clone().all(|child| self.nodes[child].proof == LOST);
        self.nodes[node].proof = proof_from_children(any_won, all_lost);
    }

    fn select(&mut self, node: usize) -> Option<usize> {
        // Single precision and no division that can be hoisted: this loop
        // over every child of every node on the path is most of the tree's
        // cost.
        let parent = &self.nodes[node];
        let total = parent.visits.max(1) as f32;
        let k = self.knobs;
        let explore = k.exploration as f32;
        let log_total = total.ln();
        let prior_scale = k.prior_weight as f32 * total.sqrt();
        let inverse_equivalence = 1.0 / k.rave_equivalence as f32;
        let urgency = k.first_play_urgency as f32;
        let value_weight = k.value_weight as f32;
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        for child in parent.children() {
            let c = &self.nodes[child];
            if self.board.cells[c.at as usize] != EMPTY {
                continue; // filled by knowledge found above after this child was made
            }
            if c.proof == WON {
                return Some(child);
            }
            if c.proof == LOST {
                continue;
            }
            let n = c.visits as f32;
            let rn = c.rave_visits;
            // The value's judgement counts as `value_weight` results.
            let (extra_n, extra_wins) = if c.value >= 0.0 {
                (value_weight, value_weight * c.value)
            } else {
                (0.0, 0.0)
            };
            let own = n + extra_n;
            let mean = if own > 0.0 {
                (c.wins + extra_wins) / own
            } else {
                urgency
            };
            // RAVE blend; with no visits of its own (beta = 1) a child is
            // its RAVE mean.
            let value = if rn > 0.0 {
                let beta = rn / (rn + own + rn * own * inverse_equivalence);
                mean + beta * (c.rave_wins / rn - mean)
            } else {
                mean
            };
            let share = 1.0 / (n + 1.0);
            let mut score = value + prior_scale * c.prior * share;
            if explore > 0.0 {
                score += explore * (log_total * share).sqrt();
            }
            if score > best_score {
                best_score = score;
                best = Some(child);
            }
        }
        if best.is_none() {
            // Every child is lost (or filled): any of them, to back up a loss.
            best = self.nodes[node]
                .children()
                .find(|&c| self.board.cells[self.nodes[c].at as usize] == EMPTY);
        }
        best
    }

    /// Children for the empty cells of `self.board`, `colour` to move,
    /// after the one-move tactics: a win at once is the only child (and
    /// proves the node); against one threat to win at once only the cell
    /// that stops it; against two the node is lost.
    fn expand(&mut self, node: usize, colour: u8) {
        let HexSearch {
            board, marks, stack, ..
        } = self;
        let wins = board.winning_cells(colour, marks, stack);
        if !wins.is_empty() {
            self.nodes[node].proof = LOST;
            if node == 0 {
                self.root_win = Some(wins[0] as u16);
            }
            self.add_children(node, &wins[..1], colour);
            self.nodes[node].children().for_each(|c| self.nodes[c].proof = WON);
            return;
        }
        let threats = board.winning_cells(other(colour), marks, stack);
        let cells: Vec<usize> = match threats.len() {
            0 => board.inner().filter(|&at| board.cells[at] == EMPTY).collect(),
            1 => threats,
            _ => {
                self.nodes[node].proof = WON;
                threats
            }
        };
        self.add_children(node, &cells, colour);
    }

    /// Children for `cells` with their priors: each pattern's strength as
    /// a share of all the candidates' (the same share each without patterns).
    fn add_children(&mut self, node: usize, cells: &[usize], colour: u8) {
        let first = self.nodes.len() as u32;
        self.gammas.clear();
        if self.knobs.patterns {
            let (geometry, table, board) = (&self.pattern_geometry, self.patterns, &self.board);
            self.gammas.extend(
                cells
                    .iter()
                    .map(|&at| table.gamma(geometry.key(&board.cells, at, colour))),
            );
        } else {
            self.gammas.resize(cells.len(), 1.0);
        }
        let total: f32 = self.gammas.iter().sum::<f32>().max(f32::MIN_POSITIVE);
        let gammas = &self.gammas;
        self.nodes.extend(
            cells
                .iter()
                .zip(gammas)
                .map(|(&at, &gamma)| Node::new(at as u16, gamma / total)),
        );
        let n = &mut self.nodes[node];
        n.expanded = true;
        n.first_child = first;
        n.child_count = cells.len() as u16;
    }

    /// Fill-in and connections for `node`, `colour` to move on `self.board`
    /// (expanded already): fills its board, proves it or prunes its children.
    fn learn(&mut self, node: usize, colour: u8) {
        self.nodes[node].knowledge = true;
        if !self.knobs.fill_in && !self.knobs.connections && !self.knobs.dominated && !self.knobs.vulnerable {
            return;
        }
        let n2 = self.n * self.n;
        for key in 0..n2 {
            self.cells[key] = self.board.cells[self.board.at_key(key)];
        }
        // What the solver proved below the root, on this node's board
        // as it stands before fill-in (the solver's key for it).
        if let Some(known) = self
            .solver
            .as_ref()
            .filter(|_| node != 0)
            .and_then(|s| s.known(&self.cells, colour))
        {
            self.nodes[node].proof = if known { LOST } else { WON };
            return;
        }
        if self.knobs.fill_in {
            self.filled.clear();
            fill_in(&self.geometry, &mut self.cells, &mut self.filled);
            if !self.filled.is_empty() {
                let stones: Vec<(u16, u8)> = self
                    .filled
                    .iter()
                    .map(|&(key, stone)| (self.board.at_key(key as usize) as u16, stone))
                    .collect();
                for &(at, stone) in &stones {
                    self.board.cells[at as usize] = stone;
                }
                self.nodes[node].fill = self.fills.len() as u32;
                self.fills.push(stones);
            }
        }
        let mut allowed: CellSet = (0..n2).filter(|&k| self.cells[k] == EMPTY).collect();
        if self.knobs.connections {
            let vc = match &mut self.root_vc {
                Some(root_vc) if node == 0 => root_vc,
                _ => &mut self.vc,
            };
            match judge_by_connections(vc, &self.geometry, &self.cells, colour, allowed) {
                Connections::Wins(cell) => {
                    self.nodes[node].proof = LOST;
                    if node == 0 {
                        // Joined already after fill-in (no cell named): any
                        // empty cell keeps it.
                        self.root_win = cell
                            .or_else(|| allowed.first())
                            .map(|key| self.board.at_key(key) as u16);
                    }
                    return;
                }
                Connections::Loses => {
                    self.nodes[node].proof = WON;
                    return;
                }
                Connections::MustPlay(cells) => allowed = cells,
            }
        } else if allowed.is_empty() {
            // Fill-in alone decided the game.
            let red = self.board.connects(RED, &mut self.marks, &mut self.stack);
            let winner = if red { RED } else { BLUE };
            self.nodes[node].proof = if winner == colour { LOST } else { WON };
            return;
        }
        if self.knobs.dominated {
            allowed = prune_dominated(&self.geometry, &self.cells, colour, allowed);
        }
        if self.knobs.vulnerable {
            allowed = prune_vulnerable(&self.geometry, &self.cells, colour, allowed);
        }
        self.keep_children(node, &allowed);
        self.apply_policy(node, colour);
    }

    /// Mixes the learned policy's priors for the children of `node`
    /// (`colour` to move on `self.board`) into theirs.
    fn apply_policy(&mut self, node: usize, colour: u8) {
        let Some(net) = self.policy_net else { return };
        if std::mem::replace(&mut self.nodes[node].policy, true) {
            return;
        }
        let range = self.nodes[node].children();
        if range.len() < 2 {
            return;
        }
        self.policy_cells.clear();
        self.policy_cells
            .extend(range.clone().map(|c| self.nodes[c].at as usize));
        net.priors(
            &self.board,
            colour,
            &self.policy_cells,
            &mut self.policy_scratch,
            &mut self.gammas,
        );
        // The kept children's pattern priors, scaled to sum to one again.
        let pattern_total: f32 = range
            .clone()
            .map(|c| self.nodes[c].prior)
            .sum::<f32>()
            .max(f32::MIN_POSITIVE);
        let share = self.knobs.policy_share as f32;
        for (child, &p) in range.zip(&self.gammas) {
            let c = &mut self.nodes[child];
            c.prior = share * p + (1.0 - share) * c.prior / pattern_total;
        }
        if let Some(value) = self.value_net {
            // The node's results are its mover's, the colour not to move.
            let to_move_wins = value.judge(&self.policy_scratch, &mut self.value_scratch);
            self.nodes[node].value = 1.0 - to_move_wins;
        }
    }

    /// The root's H-search for `node` (knowledge there already, `colour` to
    /// move on `self.board`, its fill-in on it): proves it, or keeps only
    /// the children in the must-play region of the opponent's semis.
    fn learn_deeper(&mut self, node: usize, colour: u8) {
        self.nodes[node].deep = true;
        if !self.knobs.connections {
            return;
        }
        let Some(vc) = self.root_vc.as_mut() else { return };
        let n2 = self.n * self.n;
        for key in 0..n2 {
            self.cells[key] = self.board.cells[self.board.at_key(key)];
        }
        let empty: CellSet = (0..n2).filter(|&k| self.cells[k] == EMPTY).collect();
        match judge_by_connections(vc, &self.geometry, &self.cells, colour, empty) {
            Connections::Wins(_) => self.nodes[node].proof = LOST,
            Connections::Loses => self.nodes[node].proof = WON,
            Connections::MustPlay(allowed) => {
                self.keep_children(node, &allowed);
                self.update_proof(node);
            }
        }
    }

    /// Keeps the children of `node` whose cells are `allowed`, in their
    /// order.
    fn keep_children(&mut self, node: usize, allowed: &CellSet) {
        let range = self.nodes[node].children();
        let first = range.start;
        let mut kept = first;
        for i in range {
            let key = self.board.key_of(self.nodes[i].at as usize);
            if allowed.contains(key) {
                self.nodes.swap(kept, i);
                kept += 1;
            }
        }
        if kept == first {
            // The children made before were all pruned (tactics and the
            // analysis disagree only if the caps hid something): keep them.
            return;
        }
        self.nodes[node].child_count = (kept - first) as u16;
        // Children moved: their own children stay where they were (indices
        // are stored in the moved nodes), so nothing else changes.
    }
}

/// What both colours' connections say of a position, the mover to play.
enum Connections {
    /// The mover joins its edges, by playing this cell if one is named.
    Wins(Option<usize>),
    /// The opponent is joined, or no cell of `allowed` breaks all their semis.
    Loses,
    /// The cells of `allowed` that break all the opponent's semis.
    MustPlay(CellSet),
}

/// The mover's connections, then the opponent's, on `cells` (keys):
/// `colour` wins, loses, or must play in what is left of `allowed`.
fn judge_by_connections(
    vc: &mut VcBuilder,
    geometry: &Geometry,
    cells: &[u8],
    colour: u8,
    allowed: CellSet,
) -> Connections {
    let mine = vc.build(geometry, cells, colour);
    if mine.wins_to_move() {
        return Connections::Wins(mine.winning_cell());
    }
    let theirs = vc.build(geometry, cells, other(colour));
    if !theirs.full.is_empty() {
        return Connections::Loses;
    }
    let must_play = theirs.must_play(allowed);
    if must_play.is_empty() {
        Connections::Loses
    } else {
        Connections::MustPlay(must_play)
    }
}

/// A node's proof (for the mover into it) from its children's (for the
/// side to move there): one child won makes the node lost, every child lost
/// makes it won, anything else leaves it open.
fn proof_from_children(any_won: bool, all_lost: bool) -> u8 {
    if any_won {
        LOST
    } else if all_lost {
        WON
    } else {
        UNPROVEN
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::{HexOptions, HexSetup};

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

    /// Red d2, c4 and b6: bridges between them and edge templates at both
    /// ends, a connection nobody can break.
    const RED_CONNECTED: [&str; 7] = [
        "......B", "...R...", ".......", "..R....", ".......", ".R.....", ".....?B",
    ];

    fn red_connected(blue_last: bool) -> Hex {
        let rows: Vec<String> = RED_CONNECTED
            .iter()
            .map(|r| r.replace('?', if blue_last { "B" } else { "." }))
            .collect();
        position(&rows.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// A 9×9 game after `moves`.
    fn played(moves: &[&str]) -> Hex {
        let mut hex = Hex::empty(papan_rules::hex::HexOptions { size: 9, swap: false }).unwrap();
        for name in moves {
            hex.play(&papan_rules::hex::HexMove::Place(name.parse().unwrap()))
                .unwrap();
        }
        hex
    }

    /// Asserts the default Expert proves the side to move's win at the
    /// root, and after its winning move the opponent's loss.
    fn assert_proved_won(hex: &Hex) {
        let search = HexSearch::new(hex, Knobs::default(), 1);
        assert!(search.solved());
        let (cell, p) = search.best().unwrap();
        assert_eq!(p, 1.0);
        let mut after = hex.clone();
        after.play(&papan_rules::hex::HexMove::Place(cell)).unwrap();
        let after = HexSearch::new(&after, Knobs::default(), 1);
        assert!(after.solved(), "{cell}");
        assert_eq!(after.best().unwrap().1, 0.0);
    }

    #[test]
    fn the_roots_h_search_through_empty_cells_proves_a_win_the_trees_misses() {
        // A 9×9 position of the positions set (`tools/data`), won for Red
        // to move by MoHex's DFPN: the root's builder, joining empty cells
        // too, finds Red's winning connection; the tree's builder does not
        // (both without edge templates: with them the tree's proves it too).
        let hex = played(&["a9", "b7", "c7", "c6", "d6", "c8", "e4", "e3"]);
        assert_proved_won(&hex);
        let no_templates = VcLimits {
            templates: false,
            ..VcLimits::default()
        };
        let plain = Knobs {
            root_cells: false,
            vc_limits: no_templates,
            ..Knobs::default()
        };
        assert!(!HexSearch::new(&hex, plain, 1).solved());
        let with_cells = Knobs {
            vc_limits: no_templates,
            ..Knobs::default()
        };
        assert!(HexSearch::new(&hex, with_cells, 1).solved());
    }

    #[test]
    fn edge_templates_prove_a_win_at_the_root_that_h_search_alone_misses() {
        // A 9×9 position of the positions set, won for Red to move: with
        // the shipped edge templates the root's builder proves it.
        let hex = played(&["b4", "b8", "d6", "d7", "f6", "f4", "e5", "f5", "e6", "e3"]);
        assert_proved_won(&hex);
        let mut without = Knobs::default();
        without.vc_limits.templates = false;
        assert!(!HexSearch::new(&hex, without, 1).solved());
    }

    #[test]
    fn captured_sets_prove_a_win_at_the_root_that_h_search_misses_without() {
        // A 9×9 position of the positions set, won for Blue to move: with
        // ladders to a cell and connections sharing a cell's captured set
        // the root's builder proves it; without the sets it does not.
        let hex = played(&["g9", "e5", "g4", "f6", "e6", "f5", "h5", "e4", "b8"]);
        assert_proved_won(&hex);
        let mut without = Knobs::default();
        without.vc_limits.captured = false;
        assert!(!HexSearch::new(&hex, without, 1).solved());
    }

    #[test]
    fn deep_knowledge_proves_a_root_the_trees_builder_does_not_in_far_more_iterations() {
        // A 9×9 position of the positions set, won for Blue to move: with
        // the root's H-search at nodes visited 300 times, 3,000 iterations
        // prove it; with the tree's builder alone 40,000 do not. (Without
        // the value: its judgements send these 3,000 iterations down other
        // lines, and the proof comes later.)
        let hex = played(&["c2", "f4", "e5", "b8", "d7", "e4", "c5", "d6", "g4", "e3", "h2"]);
        let plain = Knobs {
            deep_knowledge_after: 0,
            value_weight: 0.0,
            ..Knobs::default()
        };
        assert!(!HexSearch::new(&hex, plain, 1).solved(), "not at the root");
        let mut without = HexSearch::new(&hex, plain, 1);
        without.run(40_000);
        assert!(!without.solved());
        let deep = Knobs {
            deep_knowledge_after: 300,
            ..plain
        };
        let mut with = HexSearch::new(&hex, deep, 1);
        with.run(3_000);
        assert!(with.solved());
        assert_eq!(with.best().unwrap().1, 1.0, "won for the side to move");
    }

    #[test]
    fn a_connection_at_the_root_is_a_win_found_without_search() {
        let hex = red_connected(true);
        assert_eq!(hex.colour_to_move(), papan_rules::hex::Colour::Red);
        let search = HexSearch::new(&hex, Knobs::default(), 1);
        assert!(search.solved());
        let (cell, p) = search.best().unwrap();
        assert_eq!(p, 1.0);
        assert!(hex.stone(cell).is_none());
        // Blue to move in the same shape has lost.
        let hex = red_connected(false);
        assert_eq!(hex.colour_to_move(), papan_rules::hex::Colour::Blue);
        let search = HexSearch::new(&hex, Knobs::default(), 1);
        assert!(search.solved());
        assert_eq!(search.best().unwrap().1, 0.0);
    }

    #[test]
    fn the_root_never_offers_a_move_the_opponent_kills_with_one_reply() {
        // Red to move. c1 touches the top edge, b1, d1, c2 and Blue's b2;
        // Blue's c2 would leave it joining only b1, d1 and the top, which
        // meet along the edge: c1 is vulnerable (inferior.rs has the rule).
        let hex = position(&[
            ".......", ".B.....", "...R...", ".......", ".......", ".......", ".......",
        ]);
        let root = |vulnerable| {
            // The root's H-search through empty cells, and the edge
            // templates, prove this open 7×7 board won for Red and would
            // end the search before any cut.
            let knobs = Knobs {
                dominated: false,
                vulnerable,
                root_cells: false,
                vc_limits: VcLimits {
                    templates: false,
                    ..VcLimits::default()
                },
                ..Knobs::default()
            };
            let cells: Vec<Cell> = HexSearch::new(&hex, knobs, 1)
                .root_moves()
                .iter()
                .map(|m| m.cell)
                .collect();
            cells
        };
        assert!(HexSearch::new(&hex, Knobs::default(), 1).solved());
        let (all, cut) = (root(false), root(true));
        let c1 = Cell::new(2, 0);
        assert_eq!(hex.stone(Cell::new(1, 1)), Some(papan_rules::hex::Colour::Blue), "b2");
        assert!(all.contains(&c1) && !cut.contains(&c1), "{all:?}\n{cut:?}");
        assert!(cut.len() < all.len() && cut.iter().all(|c| all.contains(c)));
        assert!(cut.contains(&Cell::new(4, 4)), "an open cell stays");
    }

    #[test]
    fn advancing_keeps_what_was_learned_below_the_moves_played() {
        let hex = Hex::empty(HexOptions { size: 9, swap: false }).unwrap();
        let mut search = HexSearch::new(&hex, Knobs::default(), 3);
        search.run(4_000);
        let (best, _) = search.best().unwrap();
        let below = search.root_moves().into_iter().find(|m| m.cell == best).unwrap();
        let before = search.root_moves();
        // A line the tree cannot hold (a cell taken twice): nothing changes.
        assert!(!search.advance(&[best, best]));
        assert_eq!(search.root_moves(), before);
        assert!(search.advance(&[best]));
        assert_eq!(search.iterations(), 0, "a new budget starts");
        // The new root is the old child: its visits are the child's, and
        // its children hold the replies searched under it (all but the
        // visits before it had children).
        assert_eq!(search.root_visits(), below.visits);
        let replies: u64 = search.root_moves().iter().map(|m| m.visits).sum();
        assert!(
            replies <= below.visits && replies * 10 >= below.visits * 9,
            "{replies} of {}",
            below.visits
        );
        assert!(search.root_moves().iter().all(|m| m.cell != best));
        // It searches on as the other colour.
        search.run(500);
        let mut after = hex.clone();
        after.play(&papan_rules::hex::HexMove::Place(best)).unwrap();
        let (reply, _) = search.best().unwrap();
        assert!(after.stone(reply).is_none());
    }

    #[test]
    fn merged_summaries_add_visits_and_keep_any_proof() {
        let hex = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
        let mut a = HexSearch::new(&hex, Knobs::default(), 1);
        let mut b = HexSearch::new(&hex, Knobs::default(), 2);
        a.run(300);
        b.run(500);
        let merged = RootSummary::merge(&[a.summary(), b.summary()]);
        let total: u64 = merged.moves.iter().map(|m| m.visits).sum();
        let parts: u64 = [&a, &b].iter().flat_map(|s| s.root_moves()).map(|m| m.visits).sum();
        assert_eq!(total, parts);
        let mut won = a.summary();
        won.moves[3].proven = Some(true);
        let merged = RootSummary::merge(&[b.summary(), won.clone()]);
        assert_eq!(merged.best().unwrap(), (won.moves[3].cell, 1.0));
    }

    #[test]
    fn the_best_move_is_never_one_proven_to_lose_while_another_is_open() {
        let root_move = |cell: &str, visits, proven| RootMove {
            cell: cell.parse().unwrap(),
            visits,
            value: 0.6,
            proven,
        };
        let mut summary = RootSummary {
            moves: vec![
                root_move("d4", 9_000, Some(false)),
                root_move("c5", 3_000, None),
                root_move("e3", 2_000, None),
            ],
            win: None,
            lost: false,
        };
        assert_eq!(
            summary.best().unwrap().0,
            "c5".parse().unwrap(),
            "d4's visits came before its proof"
        );
        summary.moves[1].proven = Some(false);
        summary.moves[2].proven = Some(false);
        summary.lost = true;
        assert_eq!(
            summary.best().unwrap(),
            ("d4".parse().unwrap(), 0.0),
            "all lose: the most searched"
        );
    }

    #[test]
    fn the_solver_proves_a_root_the_tree_alone_does_not() {
        // 7×7, Red c3 and Blue d4, Red to move: a win, which the solver
        // proves in about 3,000 judgements (6,000 are given here).
        let rows = [
            ".......", ".......", "..R....", "...B...", ".......", ".......", ".......",
        ];
        let hex = position(&rows);
        let run = |solver| {
            let mut search = HexSearch::new(
                &hex,
                Knobs {
                    solver,
                    ..Knobs::default()
                },
                7,
            );
            search.run(30_000);
            search
        };
        let plain = run(0);
        assert!(
            !plain.solved(),
            "the tree alone proved it: the test needs a harder position"
        );
        let solving = run(50);
        assert!(solving.solved() && solving.solver_judgements() > 0);
        let (cell, value) = solving.best().unwrap();
        assert_eq!(value, 1.0);
        // The move it plays wins: the position after it is lost for Blue
        // to a solver of its own.
        let mut after = crate::hex::exact::cells_of(&rows);
        let key = cell.row as usize * 7 + cell.col as usize;
        assert_eq!(after[key], EMPTY);
        after[key] = RED;
        let verdict = Dfpn::new(7, VcLimits::default()).solve(&after, BLUE, 100_000);
        assert_eq!(verdict.result, Some(false), "{cell} does not win");
    }

    #[test]
    fn the_value_judges_the_nodes_the_policy_reads_and_no_others() {
        let hex = played(&["e5", "d6", "f3"]);
        // Natively the value is on by default.
        assert_eq!(Knobs::default().value_weight, 128.0);
        let mut with = HexSearch::new(&hex, Knobs::default(), 1);
        // The root's judgement: the value on the policy's last layer for
        // Blue to move; the root's results are Red's, its mover.
        let mut scratch = PolicyScratch::default();
        let net = PolicyNet::shipped().expect("native builds carry the net");
        net.evaluate(&with.root, with.root_colour, &mut scratch);
        let value = ValueNet::shipped().expect("native builds carry the value");
        let blue = value.judge(&scratch, &mut ValueScratch::default());
        assert!((with.nodes[0].value - (1.0 - blue)).abs() < 1e-6);
        with.run(3_000);
        let judged: Vec<&Node> = with.nodes.iter().filter(|n| n.value >= 0.0).collect();
        assert!(judged.len() > 10, "{} nodes judged", judged.len());
        assert!(judged.iter().all(|n| n.policy && (0.0..=1.0).contains(&n.value)));
        assert!(with.nodes.iter().all(|n| n.policy || n.value < 0.0));
        let off = Knobs {
            value_weight: 0.0,
            ..Knobs::default()
        };
        let mut without = HexSearch::new(&hex, off, 1);
        without.run(3_000);
        assert!(without.nodes.iter().all(|n| n.value < 0.0), "no weight, no judgement");
    }

    #[test]
    fn with_the_policys_full_share_the_roots_priors_are_the_nets() {
        let hex = played(&["e5", "d6", "f3"]);
        let with = HexSearch::new(
            &hex,
            Knobs {
                policy_share: 1.0,
                ..Knobs::default()
            },
            1,
        );
        let without = HexSearch::new(
            &hex,
            Knobs {
                policy_share: 0.0,
                ..Knobs::default()
            },
            1,
        );
        let priors = |s: &HexSearch| -> Vec<(usize, f32)> {
            s.nodes[0]
                .children()
                .map(|c| (s.nodes[c].at as usize, s.nodes[c].prior))
                .collect()
        };
        let (net, patterns) = (priors(&with), priors(&without));
        let cells: Vec<usize> = net.iter().map(|&(at, _)| at).collect();
        assert_eq!(
            cells,
            patterns.iter().map(|&(at, _)| at).collect::<Vec<_>>(),
            "the same candidates"
        );
        let mut expected = Vec::new();
        PolicyNet::shipped().expect("native builds carry the net").priors(
            &with.root,
            with.root_colour,
            &cells,
            &mut PolicyScratch::default(),
            &mut expected,
        );
        for (&(at, got), want) in net.iter().zip(&expected) {
            assert!((got - want).abs() < 1e-6, "cell {at}: {got} against the net's {want}");
        }
        assert!(
            net.iter().zip(&patterns).any(|(n, p)| (n.1 - p.1).abs() > 0.01),
            "the patterns' priors differ"
        );
    }

    #[test]
    fn the_same_seed_grows_the_same_tree() {
        let hex = Hex::empty(HexOptions { size: 9, swap: false }).unwrap();
        let mut a = HexSearch::new(&hex, Knobs::default(), 5);
        let mut b = HexSearch::new(&hex, Knobs::default(), 5);
        a.run(3_000);
        b.run(3_000);
        assert_eq!(a.root_moves(), b.root_moves());
    }
}
