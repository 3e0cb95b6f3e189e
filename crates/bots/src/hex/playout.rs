//! Hex knowledge for the search: playouts and tactics.
//!
//! Playouts fill the board and check the winner once at the end: Hex has no
//! draws (X10) and a stone never hurts its owner, so the side that connects on
//! the full board is the side that would have connected first. During the fill
//! one rule is applied, as in MoHex: when the opponent intrudes into one of
//! our bridges (or edge templates, thanks to the coloured frame), we answer in
//! the other carrier cell. Otherwise a move is drawn at random: uniformly, or
//! (the Expert's, [`HexPolicy::use_balanced`]) the cells near the last stone
//! by weights fitted for balance ([`super::local`]).

use super::board::{colour_of, stone_of, FastBoard, BLUE, EMPTY, RED};
use super::local::{self, LocalWeights};
use super::patterns::{PatternGeometry, PatternTable};
use crate::mcts::{below, Policy, NO_KEY};
use papan_rules::hex::{Hex, HexMove};
use papan_rules::{Game, Seat};
use rand::RngCore;
use rand_chacha::ChaCha8Rng;

pub struct HexPolicy {
    board: FastBoard,
    /// Empty cells (framed indices) and where each sits in that list.
    empties: Vec<usize>,
    slot: Vec<usize>,
    marks: Vec<bool>,
    stack: Vec<usize>,
    /// Answer bridge intrusions during playouts.
    pub save_bridges: bool,
    /// Local replies by pattern strength around the last stone.
    patterns: Option<(PatternGeometry, &'static PatternTable)>,
    local: Vec<(usize, f32)>,
    /// The weight of each local feature fitted for balance
    /// ([`super::local`]; empty: not used).
    balanced: Vec<f32>,
    /// Each framed cell's near board cells and their places.
    near: Vec<Vec<(u16, u8)>>,
    /// The near cells of the last balanced draw: (cell, feature, weight).
    near_cells: [(u16, u16, f32); 18],
    near_count: usize,
    /// The board cells' ring keys during a balanced playout.
    rings: local::RingKeys,
}

/// One playout move drawn by the balanced local weights, for their
/// training: the near cells (cell, feature, weight: 0 for a stone), the
/// weight of all empty cells together (each far one 1), and the cell
/// drawn.
pub struct LocalDraw<'a> {
    pub near: &'a [(u16, u16, f32)],
    pub total: f32,
    pub chosen: usize,
}

/// For each framed cell of `board`, its near board cells
/// ([`local::near_offsets`]) and their places.
fn near_cells(board: &FastBoard) -> Vec<Vec<(u16, u8)>> {
    let offsets = local::near_offsets(board);
    (0..board.len())
        .map(|at| {
            if !board.inside(at) {
                return Vec::new();
            }
            offsets
                .iter()
                .map(|&(offset, place)| ((at as isize + offset) as usize, place as u8))
                .filter(|&(near, _)| board.inside(near))
                .map(|(near, place)| (near as u16, place))
                .collect()
        })
        .collect()
}

impl HexPolicy {
    pub fn new(size: usize) -> HexPolicy {
        let board = FastBoard::empty(size);
        let len = board.len();
        HexPolicy {
            empties: Vec::with_capacity(size * size),
            slot: vec![0; len],
            marks: Vec::new(),
            stack: Vec::new(),
            save_bridges: true,
            patterns: None,
            local: Vec::new(),
            near: near_cells(&board),
            board,
            balanced: Vec::new(),
            near_cells: [(0, 0, 0.0); 18],
            near_count: 0,
            rings: local::RingKeys::default(),
        }
    }

    /// Playouts answer near the last stone by weights fitted for balance
    /// ([`super::local`]); bridge intrusions are still answered first.
    pub fn use_balanced(&mut self, weights: &LocalWeights) {
        self.balanced = (0..local::FEATURES).map(|f| weights.gamma(f)).collect();
    }

    /// Playouts answer near the last stone by pattern strength: each empty
    /// cell within two steps of it is drawn with its pattern's gamma, every
    /// other cell with gamma 1 (the Bradley–Terry policy, with the far
    /// cells' patterns taken as neutral).
    pub fn use_patterns(&mut self, table: &'static PatternTable) {
        self.patterns = Some((PatternGeometry::new(self.board.size()), table));
    }

    /// The carrier cell that saves a bridge of `me` broken by the stone just
    /// played on `intruder`, if any (one at random if several are broken).
    pub fn bridge_reply(board: &FastBoard, intruder: usize, me: u8, rng: &mut ChaCha8Rng) -> Option<usize> {
        // Bit d of `mine` / `free`: neighbour d is ours / empty.
        let (mut mine, mut free) = (0u8, 0u8);
        for d in 0..6 {
            let v = board.cells[board.neighbour(intruder, d)];
            mine |= u8::from(v == me) << d;
            free |= u8::from(v == EMPTY) << d;
        }
        // Bit d of `rotate(m, k)` is bit d + k (mod 6) of m.
        let rotate = |m: u8, k: u32| ((m >> k) | (m << (6 - k))) & 0b11_1111;
        // Neighbours d and d + 2 are two of our stones one bridge apart; the
        // intruder sits on one of their two common cells, d + 1 is the other.
        let hits = mine & rotate(free, 1) & rotate(mine, 2);
        let pick = match hits.count_ones() {
            0 => return None,
            1 => 0,
            count => below(rng, count as usize),
        };
        let d = (0..6).filter(|d| hits & (1 << d) != 0).nth(pick)?;
        Some(board.neighbour(intruder, d + 1))
    }

    /// Fills the board from `position` and returns the colour that connects.
    pub fn fill(&mut self, position: &Hex, rng: &mut ChaCha8Rng) -> u8 {
        if self.board.size() != position.size() as usize {
            *self = HexPolicy {
                save_bridges: self.save_bridges,
                balanced: std::mem::take(&mut self.balanced),
                ..HexPolicy::new(position.size() as usize)
            };
        }
        self.board.load(position);
        let colour = stone_of(position.colour_to_move());
        let last = match position.last_move() {
            Some(HexMove::Place(cell)) => Some(self.board.at(cell)),
            _ => None,
        };
        let mut board = std::mem::replace(&mut self.board, FastBoard::empty(0));
        let winner = self.fill_board(&mut board, colour, last, rng);
        self.board = board;
        winner
    }

    /// Fills every empty cell of `board` (of this policy's size), `colour`
    /// first, `last` the stone just played (whose intrusion may need an
    /// answer); returns the colour that connects. The full board is left
    /// in `board`: every cell's owner, for RAVE.
    pub fn fill_board(&mut self, board: &mut FastBoard, colour: u8, last: Option<usize>, rng: &mut ChaCha8Rng) -> u8 {
        self.fill_traced(board, colour, last, rng, &mut |_| {})
    }

    /// [`HexPolicy::fill_board`], showing `trace` each move the balanced
    /// local weights drew.
    pub fn fill_traced(
        &mut self,
        board: &mut FastBoard,
        colour: u8,
        last: Option<usize>,
        rng: &mut ChaCha8Rng,
        trace: &mut impl FnMut(&LocalDraw),
    ) -> u8 {
        self.empties.clear();
        for at in board.inner() {
            if board.cells[at] == EMPTY {
                self.slot[at] = self.empties.len();
                self.empties.push(at);
            }
        }
        let balanced = !self.balanced.is_empty();
        if balanced {
            self.rings.load(board);
        }
        let mut me = colour;
        let mut last = last;
        while !self.empties.is_empty() {
            let reply = match (self.save_bridges, last) {
                (true, Some(intruder)) => HexPolicy::bridge_reply(board, intruder, me, rng),
                _ => None,
            };
            let at = match (reply, &self.patterns, last) {
                (Some(at), _, _) => at,
                (None, _, Some(last)) if balanced => {
                    let (at, total) = self.draw_balanced(board, last, me, rng);
                    trace(&LocalDraw {
                        near: &self.near_cells[..self.near_count],
                        total,
                        chosen: at,
                    });
                    at
                }
                (None, Some((geometry, table)), Some(last)) => {
                    self.local.clear();
                    let mut total = 0.0;
                    for near in geometry.near(last) {
                        if board.cells[near] == EMPTY {
                            let gamma = table.gamma(geometry.key(&board.cells, near, me));
                            total += gamma;
                            self.local.push((near, gamma));
                        }
                    }
                    let far = (self.empties.len() - self.local.len()) as f32;
                    let mut pick = (rng.next_u32() as f32 / 4_294_967_296.0) * (total + far);
                    let mut chosen = None;
                    for &(near, gamma) in &self.local {
                        if pick < gamma {
                            chosen = Some(near);
                            break;
                        }
                        pick -= gamma;
                    }
                    chosen.unwrap_or_else(|| self.empties[below(rng, self.empties.len())])
                }
                _ => self.empties[below(rng, self.empties.len())],
            };
            let i = self.slot[at];
            let moved = *self.empties.last().expect("a cell is left");
            self.empties.swap_remove(i);
            if moved != at {
                self.slot[moved] = i;
            }
            board.cells[at] = me;
            if balanced {
                self.rings.place(board, at, me);
            }
            last = Some(at);
            me = if me == RED { BLUE } else { RED };
        }
        if board.connects(RED, &mut self.marks, &mut self.stack) {
            RED
        } else {
            BLUE
        }
    }

    /// Draws `me`'s move among the empty cells: those near `last` by their
    /// balanced weights (kept in `near_cells`), every other one at 1;
    /// returns the cell and the weight of all the empty cells.
    fn draw_balanced(&mut self, board: &FastBoard, last: usize, me: u8, rng: &mut ChaCha8Rng) -> (usize, f32) {
        let (mut near_weight, mut near_empty) = (0.0, 0);
        // A near stone is kept with weight 0: never drawn.
        let near = &self.near[last];
        for (slot, &(at, place)) in self.near_cells.iter_mut().zip(near) {
            let empty = board.cells[at as usize] == EMPTY;
            let feature = self.rings.feature(at as usize, me, place as usize);
            let gamma = self.balanced[feature] * f32::from(u8::from(empty));
            near_weight += gamma;
            near_empty += usize::from(empty);
            *slot = (at, feature as u16, gamma);
        }
        self.near_count = near.len();
        let near_cells = &self.near_cells[..self.near_count];
        let far = self.empties.len() - near_empty;
        let total = near_weight + far as f32;
        let mut pick = (rng.next_u32() as f32 / 4_294_967_296.0) * total;
        for &(at, _, gamma) in near_cells {
            if pick < gamma {
                return (at as usize, total);
            }
            pick -= gamma;
        }
        if far == 0 {
            let last_empty = near_cells.iter().rev().find(|c| c.2 > 0.0);
            return (last_empty.expect("an empty cell is near").0 as usize, total);
        }
        loop {
            let at = self.empties[below(rng, self.empties.len())];
            if !near_cells.iter().any(|&(near, _, _)| near as usize == at) {
                return (at, total);
            }
        }
    }
}

impl Policy<Hex> for HexPolicy {
    fn key_space(&self, root: &Hex) -> usize {
        root.stones().len()
    }

    fn move_key(&self, mv: &HexMove) -> u32 {
        match mv {
            HexMove::Place(cell) => (cell.row as usize * self.board.size() + cell.col as usize) as u32,
            HexMove::Swap => NO_KEY,
        }
    }

    /// An immediate win if there is one; else, if the opponent threatens to
    /// win at once, only the cells that stop it; else every legal move.
    fn candidate_moves(&mut self, position: &Hex, out: &mut Vec<HexMove>) {
        let n = position.size() as usize;
        if self.board.size() != n {
            *self = HexPolicy {
                save_bridges: self.save_bridges,
                balanced: std::mem::take(&mut self.balanced),
                ..HexPolicy::new(n)
            };
        }
        self.board.load(position);
        let me = stone_of(position.colour_to_move());
        let other = if me == RED { BLUE } else { RED };
        let wins = self.board.winning_cells(me, &mut self.marks, &mut self.stack);
        if let Some(&at) = wins.first() {
            out.push(HexMove::Place(self.board.cell_of(at)));
            return;
        }
        let threats = self.board.winning_cells(other, &mut self.marks, &mut self.stack);
        if !threats.is_empty() {
            out.extend(threats.into_iter().map(|at| HexMove::Place(self.board.cell_of(at))));
            return;
        }
        position.legal_moves_into(out);
    }

    fn playout(&mut self, position: &Hex, rng: &mut ChaCha8Rng, played: &mut [u8]) -> f64 {
        let winner = self.fill(position, rng);
        let seat_of = |stone: u8| position.seat_of(colour_of(stone).expect("a colour")).index() as u8 + 1;
        // Every cell empty at the start was filled; its owner "played" it.
        for (key, stone) in position.stones().iter().enumerate() {
            if stone.is_none() {
                played[key] = seat_of(self.board.cells[self.board.at_key(key)]);
            }
        }
        if position.seat_of(colour_of(winner).expect("a colour")) == Seat::First {
            1.0
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::{Cell, HexOptions, HexSetup};
    use rand::SeedableRng;

    fn position(rows: &[&str]) -> Hex {
        let setup = HexSetup {
            options: HexOptions {
                size: rows.len() as u8,
                swap: false,
            },
            rows: rows.iter().map(|r| r.to_string()).collect(),
            swapped: false,
            last: None,
        };
        Hex::try_from(setup).unwrap()
    }

    #[test]
    fn x11_bridge_intrusion_is_answered_in_the_other_carrier() {
        // Red c3 and d4 form a bridge whose carriers are d3 and c4.
        let mut board = FastBoard::empty(7);
        let (c3, d4, d3, c4) = (Cell::new(2, 2), Cell::new(3, 3), Cell::new(3, 2), Cell::new(2, 3));
        board.set(c3, RED);
        board.set(d4, RED);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        for (intrude, answer) in [(d3, c4), (c4, d3)] {
            let mut b = board.clone();
            b.set(intrude, BLUE);
            let reply = HexPolicy::bridge_reply(&b, b.at(intrude), RED, &mut rng);
            assert_eq!(reply.map(|at| b.cell_of(at)), Some(answer));
            // Blue has no bridge there to save.
            assert_eq!(HexPolicy::bridge_reply(&b, b.at(intrude), BLUE, &mut rng), None);
        }
    }

    #[test]
    fn edge_template_intrusion_is_answered() {
        // A Red stone on the second row, c2, reaches the top edge through c1 or d1.
        let mut board = FastBoard::empty(7);
        board.set(Cell::new(2, 1), RED);
        board.set(Cell::new(3, 0), BLUE);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let reply = HexPolicy::bridge_reply(&board, board.at(Cell::new(3, 0)), RED, &mut rng);
        assert_eq!(reply.map(|at| board.cell_of(at)), Some(Cell::new(2, 0)));
    }

    #[test]
    fn playouts_always_save_an_intruded_bridge() {
        // Blue just intruded into Red's c3–d4 bridge at d3; in every playout
        // Red's first stone goes to c4.
        let hex = Hex::try_from(HexSetup {
            options: HexOptions { size: 7, swap: false },
            rows: ["......."; 2]
                .into_iter()
                .chain(["..RB...", "...R...", ".......", ".......", "B......"])
                .map(String::from)
                .collect(),
            swapped: false,
            last: Some(HexMove::Place(Cell::new(3, 2))),
        })
        .unwrap();
        let mut policy = HexPolicy::new(7);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let c4 = Cell::new(2, 3);
        for _ in 0..50 {
            policy.fill(&hex, &mut rng);
            assert_eq!(policy.board.cells[policy.board.at(c4)], RED);
        }
        // Without the rule, Blue sometimes gets c4.
        policy.save_bridges = false;
        let blue_got_it = (0..50).any(|_| {
            policy.fill(&hex, &mut rng);
            policy.board.cells[policy.board.at(c4)] == BLUE
        });
        assert!(blue_got_it);
    }

    /// The first free draw of playouts after a stone in the middle of an
    /// empty 9×9 board, with every ring touching the stone weighted
    /// `touching` (as a log) and every other feature 0: how often it lands
    /// next to the stone.
    fn answers_next_to_the_stone(touching: f32) -> f64 {
        let mut logs = vec![0.0; local::FEATURES];
        logs[..local::RING_KEYS].fill(touching);
        let mut policy = HexPolicy::new(9);
        policy.use_balanced(&LocalWeights::from_logs(logs));
        let start = FastBoard::empty(9);
        let stone = start.at(Cell::new(4, 4));
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let (mut next_to, mut draws) = (0, 0);
        for _ in 0..2_000 {
            let mut board = start.clone();
            board.cells[stone] = BLUE;
            let mut first = None;
            policy.fill_traced(&mut board, RED, Some(stone), &mut rng, &mut |draw: &LocalDraw| {
                first.get_or_insert(draw.chosen);
            });
            draws += 1;
            next_to += usize::from((0..6).any(|d| Some(start.neighbour(stone, d)) == first));
        }
        next_to as f64 / draws as f64
    }

    #[test]
    fn balanced_weights_steer_the_playouts_answers() {
        // Uniform: 6 of the 80 empty cells touch the stone.
        let uniform = answers_next_to_the_stone(0.0);
        assert!((uniform - 6.0 / 80.0).abs() < 0.02, "{uniform}");
        // Weighted e^4 each: 6·54.6 of 6·54.6 + 74.
        let steered = answers_next_to_the_stone(4.0);
        assert!((steered - 327.6 / 401.6).abs() < 0.03, "{steered}");
        assert!(answers_next_to_the_stone(-4.0) < 0.01);
    }

    #[test]
    fn the_shipped_balanced_weights_read_and_are_fitted() {
        let weights = LocalWeights::shipped();
        assert!(weights.logs().iter().any(|&l| l.abs() > 0.5), "all near 1: not fitted");
    }

    #[test]
    fn tactics_keep_only_the_win_or_the_blocks() {
        // Red holds column c except c4: Red to move wins there...
        let red_wins = position(&[
            "B.R....", "B.R....", "B.R....", "B......", "B.R....", "B.R....", "..R....",
        ]);
        let mut policy = HexPolicy::new(7);
        let mut out = Vec::new();
        policy.candidate_moves(&red_wins, &mut out);
        assert_eq!(out, vec![HexMove::Place(Cell::new(2, 3))]);
        // ...and with Blue to move, c4 is the only cell that does not lose at once.
        let blue_blocks = position(&[
            "B.R....", "B.R....", "B.R....", "B......", "B.R....", "..R....", "..R....",
        ]);
        out.clear();
        policy.candidate_moves(&blue_blocks, &mut out);
        assert_eq!(out, vec![HexMove::Place(Cell::new(2, 3))]);
    }
}
