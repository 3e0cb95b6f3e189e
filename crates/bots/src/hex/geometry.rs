//! The board as the knowledge analysis sees it: row-major cells (the rules'
//! numbering), each cell's six neighbours in circular order with the edges
//! beyond the board named, and what a cell's ring of neighbours says about
//! its use to a colour.

use super::board::{BLUE, EMPTY, RED};
use super::cells::CellSet;

/// A neighbour beyond the board: the edge it lies on. Red owns the top and
/// bottom (rows above and below), Blue the left and right; the two frame
/// corners belong to nobody.
pub const TOP: u16 = u16::MAX - 4;
pub const BOTTOM: u16 = u16::MAX - 3;
pub const LEFT: u16 = u16::MAX - 2;
pub const RIGHT: u16 = u16::MAX - 1;
pub const CORNER: u16 = u16::MAX;

/// Offsets (column, row) in the circular order of [`super::board::FastBoard`]:
/// neighbours `d` and `d + 1` (mod 6) touch each other.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

pub fn other(colour: u8) -> u8 {
    if colour == RED {
        BLUE
    } else {
        RED
    }
}

#[derive(Clone, Debug)]
pub struct Geometry {
    pub n: usize,
    /// Each cell's neighbours: a cell number or an edge code above.
    pub around: Vec<[u16; 6]>,
    /// Each cell's neighbours on the board.
    pub adjacent: Vec<CellSet>,
}

impl Geometry {
    pub fn new(n: usize) -> Geometry {
        let mut around = Vec::with_capacity(n * n);
        for r in 0..n as i32 {
            for c in 0..n as i32 {
                let mut ring = [0u16; 6];
                for (d, (dc, dr)) in DIRECTIONS.iter().enumerate() {
                    let (c2, r2) = (c + dc, r + dr);
                    let inside = |v: i32| (0..n as i32).contains(&v);
                    ring[d] = match (inside(c2), inside(r2)) {
                        (true, true) => (r2 as usize * n + c2 as usize) as u16,
                        (true, false) if r2 < 0 => TOP,
                        (true, false) => BOTTOM,
                        (false, true) if c2 < 0 => LEFT,
                        (false, true) => RIGHT,
                        (false, false) => CORNER,
                    };
                }
                around.push(ring);
            }
        }
        let adjacent = around
            .iter()
            .map(|ring| {
                ring.iter()
                    .filter(|&&x| (x as usize) < n * n)
                    .map(|&x| x as usize)
                    .collect()
            })
            .collect();
        Geometry { n, around, adjacent }
    }

    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// Whether an edge code belongs to `colour`.
    pub fn edge_owner(code: u16) -> u8 {
        match code {
            TOP | BOTTOM => RED,
            LEFT | RIGHT => BLUE,
            _ => EMPTY,
        }
    }

    /// The ring of `cell` as `colour` sees it, as a number below 729:
    /// digit `d` (base 3) is 0 for an empty neighbour, 1 for `colour`'s
    /// stone or edge, 2 for anything `colour` cannot use.
    #[inline]
    pub fn ring(&self, cells: &[u8], cell: usize, colour: u8) -> usize {
        let mut index = 0;
        let mut weight = 1;
        for &x in &self.around[cell] {
            let owner = if (x as usize) < cells.len() {
                cells[x as usize]
            } else {
                match Geometry::edge_owner(x) {
                    EMPTY => 3, // a corner: nobody's
                    owner => owner,
                }
            };
            let digit = if owner == EMPTY {
                0
            } else if owner == colour {
                1
            } else {
                2
            };
            index += digit * weight;
            weight *= 3;
        }
        index
    }

    /// Whether an empty `cell` is of no use to `colour` where the stones
    /// stand: any `colour` path through it could go round it on stones
    /// `colour` already has ([`USELESS`]). Adding stones never makes such a
    /// cell useful again.
    #[inline]
    pub fn useless(&self, cells: &[u8], cell: usize, colour: u8) -> bool {
        USELESS[self.ring(cells, cell, colour)]
    }
}

/// For every ring (see [`Geometry::ring`]): whether the cell is useless to
/// the colour. It is when every two neighbours the colour could use
/// (empty or its own) are joined without the cell: one of the two arcs of
/// the ring between them holds only the colour's own stones (an empty arc:
/// the two touch). Then a path through the cell can take that arc instead.
pub static USELESS: [bool; 729] = useless_table();

const fn useless_table() -> [bool; 729] {
    let mut table = [false; 729];
    let mut index = 0;
    while index < 729 {
        let mut digits = [0usize; 6];
        let mut rest = index;
        let mut d = 0;
        while d < 6 {
            digits[d] = rest % 3;
            rest /= 3;
            d += 1;
        }
        let mut useless = true;
        let mut i = 0;
        while i < 6 {
            let mut j = i + 1;
            while j < 6 {
                if digits[i] != 2 && digits[j] != 2 {
                    // Arc i+1..j-1 and arc j+1..i-1 (mod 6).
                    let mut first_own = true;
                    let mut k = i + 1;
                    while k < j {
                        if digits[k] != 1 {
                            first_own = false;
                        }
                        k += 1;
                    }
                    let mut second_own = true;
                    let mut k = (j + 1) % 6;
                    while k != i {
                        if digits[k] != 1 {
                            second_own = false;
                        }
                        k = (k + 1) % 6;
                    }
                    if !first_own && !second_own {
                        useless = false;
                    }
                }
                j += 1;
            }
            i += 1;
        }
        table[index] = useless;
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring_index(digits: [usize; 6]) -> usize {
        digits.iter().rev().fold(0, |acc, &d| acc * 3 + d)
    }

    #[test]
    fn the_useless_table_knows_the_classic_dead_rings() {
        // Four own stones in a row: the other two cells touch each other and the row.
        assert!(USELESS[ring_index([1, 1, 1, 1, 0, 0])]);
        // Three own and three of the opponent's: only one own block to reach.
        assert!(USELESS[ring_index([1, 1, 1, 2, 2, 2])]);
        // Two usable cells side by side.
        assert!(USELESS[ring_index([0, 0, 2, 2, 2, 2])]);
        // Usable cells apart: a path through the cell joins them.
        assert!(!USELESS[ring_index([0, 2, 0, 2, 2, 2])]);
        // Two own stones apart with empties between on both sides.
        assert!(!USELESS[ring_index([1, 0, 0, 1, 0, 0])]);
        // An open cell.
        assert!(!USELESS[ring_index([0; 6])]);
        // Own stones, then an empty, then own: the empty is joined through the row.
        assert!(USELESS[ring_index([1, 1, 0, 1, 1, 1])]);
    }

    #[test]
    fn neighbours_name_the_edges_beyond_the_board() {
        let g = Geometry::new(3);
        // Top-left cell a1: b1 to the right, a2 below, Blue's left edge
        // below-left and left, Red's top edge above and above-right.
        assert_eq!(g.around[0], [1, 3, LEFT, LEFT, TOP, TOP]);
        // Top-right cell c1: above-right is beyond both edges, a corner.
        assert_eq!(g.around[2], [RIGHT, 5, 4, 1, TOP, CORNER]);
        assert_eq!(g.adjacent[4].len(), 6);
        let mut cells = vec![EMPTY; 9];
        // On an empty board a1 joins a2 to the top for Red, b1 to the left for Blue.
        assert!(!g.useless(&cells, 0, RED) && !g.useless(&cells, 0, BLUE));
        // With b1 Red, a2 reaches the top through b1, and Blue can only
        // join a2 to its edge, which touch anyway: a1 is dead.
        cells[1] = RED;
        assert_eq!(g.ring(&cells, 0, RED), ring_index([1, 0, 2, 2, 1, 1]));
        assert!(g.useless(&cells, 0, RED) && g.useless(&cells, 0, BLUE));
    }
}
