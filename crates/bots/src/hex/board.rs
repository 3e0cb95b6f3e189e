//! A compact Hex board for playouts and tactics.
//!
//! The rules' [`Hex`] is built for checked play; playouts need raw speed. This
//! board is a flat byte array with a one-cell frame: the frame rows above and
//! below are Red, the frame columns left and right are Blue. The frame makes
//! edges behave like stones, so edge templates (a stone on the second row and
//! its two first-row cells) are ordinary bridges and no bounds checks are
//! needed.

use papan_rules::hex::{Cell, Colour, Hex};

pub const EMPTY: u8 = 0;
pub const RED: u8 = 1;
pub const BLUE: u8 = 2;
/// The frame's four corners: nobody's.
pub const OFF: u8 = 3;

pub fn stone_of(colour: Colour) -> u8 {
    match colour {
        Colour::Red => RED,
        Colour::Blue => BLUE,
    }
}

pub fn colour_of(stone: u8) -> Option<Colour> {
    match stone {
        RED => Some(Colour::Red),
        BLUE => Some(Colour::Blue),
        _ => None,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastBoard {
    n: usize,
    /// Row stride: `n + 2` (the frame on both sides).
    stride: usize,
    pub cells: Vec<u8>,
    /// Whether a framed index is a board cell (not frame).
    interior: Vec<bool>,
    /// Neighbour offsets in circular order, so neighbours `i` and `i + 1`
    /// (mod 6) are adjacent to each other: (1,0) (0,1) (-1,1) (-1,0) (0,-1) (1,-1).
    pub around: [isize; 6],
}

impl FastBoard {
    pub fn empty(n: usize) -> FastBoard {
        let stride = n + 2;
        let mut cells = vec![OFF; stride * stride];
        for i in 0..n {
            cells[i + 1] = RED; // frame row above
            cells[(n + 1) * stride + i + 1] = RED; // frame row below
            cells[(i + 1) * stride] = BLUE; // frame column left
            cells[(i + 1) * stride + n + 1] = BLUE; // frame column right
        }
        for r in 0..n {
            for c in 0..n {
                cells[(r + 1) * stride + c + 1] = EMPTY;
            }
        }
        let s = stride as isize;
        let interior = cells.iter().map(|&c| c == EMPTY).collect();
        FastBoard {
            n,
            stride,
            cells,
            interior,
            around: [1, s, s - 1, -1, -s, 1 - s],
        }
    }

    pub fn from_position(position: &Hex) -> FastBoard {
        let mut board = FastBoard::empty(position.size() as usize);
        board.load(position);
        board
    }

    /// Copies the stones of `position` (same size) into this board.
    pub fn load(&mut self, position: &Hex) {
        debug_assert_eq!(position.size() as usize, self.n);
        for (i, stone) in position.stones().iter().enumerate() {
            let at = self.at_key(i);
            self.cells[at] = stone.map_or(EMPTY, stone_of);
        }
    }

    pub fn size(&self) -> usize {
        self.n
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Framed index of a cell.
    pub fn at(&self, cell: Cell) -> usize {
        (cell.row as usize + 1) * self.stride + cell.col as usize + 1
    }

    /// Framed index of the row-major cell number `key` (the rules' index).
    pub fn at_key(&self, key: usize) -> usize {
        (key / self.n + 1) * self.stride + key % self.n + 1
    }

    /// Row-major cell number of a framed index inside the board.
    pub fn key_of(&self, at: usize) -> usize {
        (at / self.stride - 1) * self.n + at % self.stride - 1
    }

    pub fn set(&mut self, cell: Cell, stone: u8) {
        let at = self.at(cell);
        self.cells[at] = stone;
    }

    pub fn cell_of(&self, at: usize) -> Cell {
        Cell::new((at % self.stride - 1) as u8, (at / self.stride - 1) as u8)
    }

    pub fn inside(&self, at: usize) -> bool {
        self.interior.get(at).copied().unwrap_or(false)
    }

    #[inline]
    pub fn neighbour(&self, at: usize, direction: usize) -> usize {
        (at as isize + self.around[direction % 6]) as usize
    }

    /// Framed indices of the board's cells (no frame).
    pub fn inner(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n * self.n).map(|k| self.at_key(k))
    }

    /// Framed index of the first frame cell on `colour`'s first edge (the row
    /// above for Red, the column left for Blue), and the step along it.
    fn first_edge(&self, colour: u8) -> (usize, usize) {
        if colour == RED {
            (1, 1)
        } else {
            (self.stride, self.stride)
        }
    }

    /// Marks every `colour` stone (frame included) connected to `colour`'s
    /// first edge (`far = false`) or second edge (`far = true`).
    pub fn reach(&self, colour: u8, far: bool, marks: &mut Vec<bool>, stack: &mut Vec<usize>) {
        marks.clear();
        marks.resize(self.cells.len(), false);
        stack.clear();
        let (mut start, step) = self.first_edge(colour);
        if far {
            start += if colour == RED {
                (self.n + 1) * self.stride
            } else {
                self.n + 1
            };
        }
        for i in 0..self.n {
            let at = start + i * step;
            marks[at] = true;
            stack.push(at);
        }
        // Only board cells are entered: frame cells are all start points, and
        // stepping out of a frame column would wrap to the opposite side.
        while let Some(at) = stack.pop() {
            for d in 0..6 {
                let nb = self.neighbour(at, d);
                if nb < self.cells.len() && self.cells[nb] == colour && !marks[nb] && self.interior[nb] {
                    marks[nb] = true;
                    stack.push(nb);
                }
            }
        }
    }

    /// Whether `colour` joins its two edges (X9): a flood from the near edge
    /// that stops as soon as it touches the far row (Red) or column (Blue).
    pub fn connects(&self, colour: u8, marks: &mut Vec<bool>, stack: &mut Vec<usize>) -> bool {
        marks.clear();
        marks.resize(self.cells.len(), false);
        stack.clear();
        let (start, step) = self.first_edge(colour);
        // Framed row (Red) or column (Blue) number `n` is the far one on the board.
        let on_far_line = |at: usize| {
            if colour == RED {
                at / self.stride == self.n
            } else {
                at % self.stride == self.n
            }
        };
        for i in 0..self.n {
            let at = start + i * step;
            marks[at] = true;
            stack.push(at);
        }
        while let Some(at) = stack.pop() {
            for d in 0..6 {
                let nb = self.neighbour(at, d);
                if nb < self.cells.len() && self.cells[nb] == colour && !marks[nb] && self.interior[nb] {
                    if on_far_line(nb) {
                        return true;
                    }
                    marks[nb] = true;
                    stack.push(nb);
                }
            }
        }
        false
    }

    /// The empty cells where `colour` would join its edges at once.
    pub fn winning_cells(&self, colour: u8, marks: &mut Vec<bool>, stack: &mut Vec<usize>) -> Vec<usize> {
        let mut near = Vec::new();
        self.reach(colour, false, &mut near, stack);
        self.reach(colour, true, marks, stack);
        let far = marks;
        self.inner()
            .filter(|&at| self.cells[at] == EMPTY)
            .filter(|&at| {
                let touches = |set: &Vec<bool>| (0..6).any(|d| set[self.neighbour(at, d)]);
                touches(&near) && touches(&*far)
            })
            .collect()
    }

    /// A text picture, one row a line, indented like the rhombus.
    pub fn picture(&self) -> String {
        let mut out = String::new();
        for r in 0..self.n {
            out.push_str(&" ".repeat(r));
            for c in 0..self.n {
                let at = self.at(Cell::new(c as u8, r as u8));
                out.push(match self.cells[at] {
                    RED => 'R',
                    BLUE => 'B',
                    _ => '.',
                });
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::HexOptions;
    use papan_rules::Game;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn neighbours_match_the_rules_x2() {
        let position = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
        let board = FastBoard::from_position(&position);
        for key in 0..49 {
            let cell = position.cell_at(key);
            let at = board.at(cell);
            assert_eq!(board.key_of(at), key);
            let mut mine: Vec<Cell> = (0..6)
                .map(|d| board.neighbour(at, d))
                .filter(|&nb| board.inside(nb))
                .map(|nb| board.cell_of(nb))
                .collect();
            let mut rules: Vec<Cell> = position.neighbours(cell).collect();
            mine.sort();
            rules.sort();
            assert_eq!(mine, rules, "neighbours of {cell}");
        }
        // Circular order: consecutive directions are adjacent cells.
        let centre = board.at(Cell::new(3, 3));
        for d in 0..6 {
            let (a, b) = (board.neighbour(centre, d), board.neighbour(centre, d + 1));
            assert!((0..6).any(|e| board.neighbour(a, e) == b));
        }
    }

    #[test]
    fn x10_connection_agrees_with_the_rules_on_random_full_boards() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut marks, mut stack) = (Vec::new(), Vec::new());
        for _ in 0..50 {
            let mut position = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
            let mut board = FastBoard::from_position(&position);
            let mut cells: Vec<usize> = (0..49).collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, (rng.next_u32() as usize) % (i + 1));
            }
            let mut colour = RED;
            for &key in &cells {
                let at = board.at_key(key);
                board.cells[at] = colour;
                colour = if colour == RED { BLUE } else { RED };
            }
            let red = board.connects(RED, &mut marks, &mut stack);
            let blue = board.connects(BLUE, &mut marks, &mut stack);
            assert!(red != blue, "exactly one winner on a full board\n{}", board.picture());
            // The rules agree on who connected first along the same order.
            for &key in &cells {
                if position.is_over() {
                    break;
                }
                position
                    .play(&papan_rules::hex::HexMove::Place(position.cell_at(key)))
                    .unwrap();
            }
            let rules_red = position.winner_colour() == Some(Colour::Red);
            assert_eq!(rules_red, red);
        }
    }

    #[test]
    fn winning_cells_find_the_gap() {
        // Red holds column c except c4: c4 wins for Red, nothing wins for Blue.
        let mut board = FastBoard::empty(7);
        for r in 0..7 {
            if r != 3 {
                board.set(Cell::new(2, r), RED);
            }
        }
        let (mut marks, mut stack) = (Vec::new(), Vec::new());
        let wins = board.winning_cells(RED, &mut marks, &mut stack);
        assert_eq!(
            wins.iter().map(|&at| board.cell_of(at)).collect::<Vec<_>>(),
            vec![Cell::new(2, 3)]
        );
        assert!(board.winning_cells(BLUE, &mut marks, &mut stack).is_empty());
    }
}
