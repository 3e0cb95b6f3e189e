//! Bitboards over the 81 cells (bit `rank * 9 + file` of a `u128`) and the
//! passability masks that walls cut. Path questions (H13, shortest paths)
//! are flood fills: each round moves a whole frontier one cell in all four
//! directions with a handful of shifts and masks, so a full route check
//! costs at most ~20 rounds of a dozen `u128` operations.
//!
//! [`Passage`], [`Crossings`] and [`Direction`] are public (re-exported from
//! [`crate::hadang`]) so that engines ask the same code the rules use
//! instead of keeping a copy that could drift from H13.

use super::notation::{Orientation, Square, Wall, SIDE};

/// All 81 cells.
pub const ALL: u128 = (1u128 << 81) - 1;

const fn rank_mask(rank: u8) -> u128 {
    0x1ffu128 << (rank * SIDE)
}

const fn file_mask(file: u8) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < SIDE {
        mask |= 1u128 << (rank * SIDE + file);
        rank += 1;
    }
    mask
}

pub const RANK_1: u128 = rank_mask(0);
pub const RANK_9: u128 = rank_mask(SIDE - 1);
pub const FILE_A: u128 = file_mask(0);
pub const FILE_I: u128 = file_mask(SIDE - 1);

/// The four directions a pawn can step (H6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

    /// The two directions at right angles, for side-steps (H8).
    pub fn sideways(self) -> [Direction; 2] {
        match self {
            Direction::Up | Direction::Down => [Direction::Left, Direction::Right],
            Direction::Left | Direction::Right => [Direction::Up, Direction::Down],
        }
    }

    /// The neighbour of `square` this way. Only call when the step is open
    /// (open masks never let a step leave the board).
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    pub fn step(self, square: Square) -> Square {
        let index = square.index() as i16
            + match self {
                Direction::Up => SIDE as i16,
                Direction::Down => -(SIDE as i16),
                Direction::Left => -1,
                Direction::Right => 1,
            };
        Square::from_index(index as u8).expect("open steps stay on the board")
    }

    /// [`Direction::step`] on bitboards: every cell of `set` moved one cell
    /// this way. Only for cells whose step is open (see [`Passage::open_bits`]).
    #[inline]
    pub fn shift(self, set: u128) -> u128 {
        match self {
            Direction::Up => set << SIDE,
            Direction::Down => set >> SIDE,
            Direction::Left => set >> 1,
            Direction::Right => set << 1,
        }
    }
}

/// Which steps between neighbouring cells are open: for each direction, the
/// cells (bit `rank * 9 + file`) whose neighbour that way is on the board
/// with no wall between. Starts as [`Passage::OPEN`]; each wall is added with
/// [`Passage::with_wall`]; a position keeps its own ([`crate::hadang::Hadang::passage`]).
/// Pawns are never obstacles here: H13 asks about walls only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Passage {
    up: u128,
    down: u128,
    left: u128,
    right: u128,
}

/// Crossings (steps between neighbours) used by one route, or by every
/// shortest route ([`Passage::shortest_crossings`]): bit `c` of `north` is
/// the step between `c` and `c + 9`; bit `c` of `east` is the step between
/// `c` and `c + 1`. A wall that cuts none of them leaves those routes intact.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Crossings {
    pub north: u128,
    pub east: u128,
}

impl Crossings {
    /// Whether `wall` cuts one of these crossings.
    pub fn cut_by(self, wall: Wall) -> bool {
        let c = wall.anchor_cell();
        match wall.orientation() {
            Orientation::Horizontal => self.north & (0b11u128 << c) != 0,
            Orientation::Vertical => self.east & ((1u128 << c) | (1u128 << (c + SIDE))) != 0,
        }
    }
}

impl Passage {
    /// An empty board: every step that stays on the board is open.
    pub const OPEN: Passage = Passage {
        up: ALL & !RANK_9,
        down: ALL & !RANK_1,
        left: ALL & !FILE_A,
        right: ALL & !FILE_I,
    };

    /// This passage with `wall` in place.
    pub fn with_wall(self, wall: Wall) -> Passage {
        let c = wall.anchor_cell();
        let mut p = self;
        match wall.orientation() {
            Orientation::Horizontal => {
                p.up &= !(0b11u128 << c);
                p.down &= !(0b11u128 << (c + SIDE));
            }
            Orientation::Vertical => {
                let pair = (1u128 << c) | (1u128 << (c + SIDE));
                p.right &= !pair;
                p.left &= !(pair << 1);
            }
        }
        p
    }

    /// Whether a pawn on `from` may step `direction`: on the board, no wall.
    pub fn open(self, from: Square, direction: Direction) -> bool {
        self.open_bits(from.bit(), direction)
    }

    /// [`Passage::open`] for a bitboard: whether any cell of `from` may step
    /// `direction`.
    #[inline]
    pub fn open_bits(self, from: u128, direction: Direction) -> bool {
        let mask = match direction {
            Direction::Up => self.up,
            Direction::Down => self.down,
            Direction::Left => self.left,
            Direction::Right => self.right,
        };
        mask & from != 0
    }

    /// Every cell one open step from a cell of `set` (plus `set` itself).
    #[inline]
    pub fn expand(self, set: u128) -> u128 {
        set | ((set & self.up) << SIDE)
            | ((set & self.down) >> SIDE)
            | ((set & self.right) << 1)
            | ((set & self.left) >> 1)
    }

    /// Whether some route leads from `start` into `goal` (H13). Pawns are
    /// not obstacles, so only walls and the board edge count.
    #[inline]
    pub fn reaches(self, start: u128, goal: u128) -> bool {
        let mut reach = start;
        loop {
            if reach & goal != 0 {
                return true;
            }
            let next = self.expand(reach);
            if next == reach {
                return false;
            }
            reach = next;
        }
    }

    /// Length in steps of the shortest route from `start` into `goal`;
    /// `None` when walls cut it off.
    #[inline]
    pub fn distance(self, start: u128, goal: u128) -> Option<u8> {
        let mut reach = start;
        let mut steps = 0;
        loop {
            if reach & goal != 0 {
                return Some(steps);
            }
            let next = self.expand(reach);
            if next == reach {
                return None;
            }
            reach = next;
            steps += 1;
        }
    }

    /// One shortest route from `start` into `goal`: the cells after the
    /// start, in order.
    pub fn route(self, start: Square, goal: u128) -> Option<Vec<Square>> {
        let mut cells = Vec::new();
        self.trace(start, goal, |cell| cells.push(cell))?;
        cells.pop(); // the start itself
        cells.reverse();
        Some(cells)
    }

    /// The crossings of one shortest route from `start` into `goal`
    /// (no allocation: the legal-wall filter calls this per generation).
    pub fn route_crossings(self, start: Square, goal: u128) -> Option<Crossings> {
        self.trace(start, goal, |_| {})
    }

    /// Length of the shortest routes from `start` into `goal` and the
    /// crossings used by *every* one of them (all of them together, not one
    /// route's). A wall that cuts none of them cannot lengthen the route, so
    /// these are the walls an engine need try against that pawn; `None`
    /// when walls cut `start` off.
    pub fn shortest_crossings(self, start: u128, goal: u128) -> Option<(u8, Crossings)> {
        let mut layers = [0u128; 81];
        layers[0] = start;
        let mut seen = start;
        let mut depth = 0;
        while layers[depth] & goal == 0 {
            let next = self.expand(layers[depth]) & !seen;
            if next == 0 {
                return None;
            }
            seen |= next;
            depth += 1;
            layers[depth] = next;
        }
        // Walk back: on-route cells of layer k are those of layer k with an
        // open step into the on-route cells of layer k + 1.
        let mut on_route = layers[depth] & goal;
        let mut crossings = Crossings::default();
        for k in (0..depth).rev() {
            let layer = layers[k];
            let after = on_route;
            let up = layer & self.up & (after >> SIDE);
            let down = layer & self.down & (after << SIDE);
            let right = layer & self.right & (after >> 1);
            let left = layer & self.left & (after << 1);
            crossings.north |= up | (down >> SIDE);
            crossings.east |= right | (left >> 1);
            on_route = up | down | right | left;
        }
        Some((depth as u8, crossings))
    }

    /// Finds one shortest route, calls `visit` on its cells from the goal
    /// back to the start, and returns the crossings it uses.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    fn trace(self, start: Square, goal: u128, mut visit: impl FnMut(Square)) -> Option<Crossings> {
        // Breadth-first layers: layers[k] holds the cells exactly k steps away.
        let mut layers = [0u128; 81];
        layers[0] = start.bit();
        let mut seen = start.bit();
        let mut depth = 0;
        while layers[depth] & goal == 0 {
            let next = self.expand(layers[depth]) & !seen;
            if next == 0 {
                return None;
            }
            seen |= next;
            depth += 1;
            layers[depth] = next;
        }
        // Walk back from the lowest goal cell of the last layer, taking at
        // each layer the first neighbour joined by an open step (walls are
        // symmetric, so "open from here" means "open towards here").
        let mut here = Square::from_index((layers[depth] & goal).trailing_zeros() as u8).expect("on board");
        visit(here);
        let mut crossings = Crossings::default();
        for layer in layers[..depth].iter().rev() {
            let back = Direction::ALL
                .into_iter()
                .find(|&d| self.open(here, d) && layer & d.step(here).bit() != 0)
                .expect("every layer cell has a parent in the layer before");
            let prev = back.step(here);
            let low = here.index().min(prev.index());
            match back {
                Direction::Up | Direction::Down => crossings.north |= 1u128 << low,
                Direction::Left | Direction::Right => crossings.east |= 1u128 << low,
            }
            visit(prev);
            here = prev;
        }
        Some(crossings)
    }
}

/// The cells of `set`, lowest index first.
pub fn squares(mut set: u128) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros() as u8;
        set &= set - 1;
        Square::from_index(index)
    })
}
