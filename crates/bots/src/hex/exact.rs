//! An exact solver for tiny boards, by brute force with a memo: the
//! reference the knowledge analysis is tested against.

use super::board::{BLUE, EMPTY, RED};
use super::geometry::{other, Geometry, BOTTOM, LEFT, RIGHT, TOP};
use rand::RngCore;
use std::collections::HashMap;

pub struct Exact {
    geometry: Geometry,
    /// Results by (Red's cells, Blue's cells) as bit masks, with the mover's bit on top.
    memo: HashMap<u64, bool>,
}

impl Exact {
    pub fn new(geometry: &Geometry) -> Exact {
        assert!(geometry.cells() <= 31, "tiny boards only");
        Exact {
            geometry: geometry.clone(),
            memo: HashMap::new(),
        }
    }

    /// Whether `colour` joins its edges on `cells`.
    pub fn connected(geometry: &Geometry, cells: &[u8], colour: u8) -> bool {
        let (near, far) = if colour == RED { (TOP, BOTTOM) } else { (LEFT, RIGHT) };
        let mut seen = vec![false; cells.len()];
        let mut stack: Vec<usize> = (0..cells.len())
            .filter(|&c| cells[c] == colour && geometry.around[c].contains(&near))
            .collect();
        for &c in &stack {
            seen[c] = true;
        }
        while let Some(c) = stack.pop() {
            if geometry.around[c].contains(&far) {
                return true;
            }
            for &x in &geometry.around[c] {
                let x = x as usize;
                if x < cells.len() && cells[x] == colour && !seen[x] {
                    seen[x] = true;
                    stack.push(x);
                }
            }
        }
        false
    }

    /// Whether `to_move` wins `cells` with best play (nobody has won yet).
    pub fn wins(&mut self, cells: &[u8], to_move: u8) -> bool {
        let key = cells
            .iter()
            .enumerate()
            .fold(u64::from(to_move == RED) << 63, |key, (i, &c)| match c {
                RED => key | 1 << i,
                BLUE => key | 1 << (i + 31),
                _ => key,
            });
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut board = cells.to_vec();
        let mut result = false;
        for cell in 0..board.len() {
            if board[cell] != EMPTY {
                continue;
            }
            board[cell] = to_move;
            let won = Exact::connected(&self.geometry, &board, to_move) || !self.wins(&board, other(to_move));
            board[cell] = EMPTY;
            if won {
                result = true;
                break;
            }
        }
        self.memo.insert(key, result);
        result
    }

    pub fn picture(&self, cells: &[u8]) -> String {
        let n = self.geometry.n;
        let mut out = String::new();
        for r in 0..n {
            out.push_str(&" ".repeat(r));
            for c in 0..n {
                out.push(match cells[r * n + c] {
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

/// Row-major cells from rows of `R`, `B` and `.` (the tests' boards).
pub fn cells_of(rows: &[&str]) -> Vec<u8> {
    rows.iter()
        .flat_map(|row| {
            row.chars().filter(|c| !c.is_whitespace()).map(|c| match c {
                'R' => RED,
                'B' => BLUE,
                _ => EMPTY,
            })
        })
        .collect()
}

/// `stones` random stones, Red's count equal to Blue's or one more, on a
/// board nobody has won; `None` if the draw joined someone's edges.
pub fn random_position(geometry: &Geometry, rng: &mut impl RngCore, stones: usize) -> Option<Vec<u8>> {
    let mut cells = vec![EMPTY; geometry.cells()];
    let mut colour = RED;
    let mut placed = 0;
    while placed < stones {
        let cell = rng.next_u32() as usize % cells.len();
        if cells[cell] == EMPTY {
            cells[cell] = colour;
            colour = other(colour);
            placed += 1;
        }
    }
    let over = Exact::connected(geometry, &cells, RED) || Exact::connected(geometry, &cells, BLUE);
    (!over).then_some(cells)
}
