//! Inferior cells: empty cells that can be given to one colour without
//! changing who wins (fill-in), found from each cell's ring of neighbours
//! ([`Geometry::useless`]).
//!
//! - A cell useless to one colour can be given to the other: whatever
//!   that colour would have won with the cell, it wins without it (a path
//!   through it goes round on its own stones), and a stone never hurts its
//!   owner. A cell useless to both (dead) can take either colour.
//! - Two touching empty cells are captured by a colour when, whichever of
//!   them the opponent takes, the colour's answer in the other leaves the
//!   taken one useless to it: the colour may fill both at once.
//!
//! Filling changes the rings around, so both rules run until nothing more
//! is found. Every fill keeps the winner, so the search may play on the
//! filled board (its playouts then see the real shape of the position) and
//! never considers a filled cell as a move.

use super::board::{BLUE, EMPTY, RED};
use super::geometry::{other, Geometry};

/// Fills `cells` (row-major, `EMPTY`/`RED`/`BLUE`) in place; appends each
/// filled cell with its colour to `filled`.
pub fn fill_in(geometry: &Geometry, cells: &mut [u8], filled: &mut Vec<(u16, u8)>) {
    let n2 = geometry.cells();
    loop {
        let before = filled.len();
        for cell in 0..n2 {
            if cells[cell] != EMPTY {
                continue;
            }
            let colour = if geometry.useless(cells, cell, BLUE) {
                RED
            } else if geometry.useless(cells, cell, RED) {
                BLUE
            } else {
                continue;
            };
            cells[cell] = colour;
            filled.push((cell as u16, colour));
        }
        for a in 0..n2 {
            if cells[a] != EMPTY {
                continue;
            }
            for &b in &geometry.around[a] {
                let b = b as usize;
                if b >= n2 || b < a || cells[b] != EMPTY || cells[a] != EMPTY {
                    continue;
                }
                for colour in [RED, BLUE] {
                    if captured_pair(geometry, cells, a, b, colour) {
                        cells[a] = colour;
                        cells[b] = colour;
                        filled.push((a as u16, colour));
                        filled.push((b as u16, colour));
                        break;
                    }
                }
            }
        }
        if filled.len() == before {
            return;
        }
    }
}

/// Whether `colour` captures the touching empty cells `a` and `b`: an
/// opponent's stone on either, answered on the other, is useless to `colour`.
pub fn captured_pair(geometry: &Geometry, cells: &mut [u8], a: usize, b: usize, colour: u8) -> bool {
    let opponent = other(colour);
    let mut answered = |taken: usize, answer: usize| {
        cells[taken] = opponent;
        cells[answer] = colour;
        let useless = geometry.useless(cells, taken, colour);
        cells[taken] = EMPTY;
        cells[answer] = EMPTY;
        useless
    };
    answered(a, b) && answered(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row-major cells from rows of `R`, `B` and `.`.
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

    #[test]
    fn a_cell_between_three_stones_of_each_colour_is_filled() {
        let g = Geometry::new(5);
        let mut cells = cells_of(&[".....", "..RR.", ".R.B.", ".BB..", "....."]);
        // c3's ring: d3 b4 c4 Blue, b3 c2 d2 Red: three and three, useless to both.
        let mut filled = Vec::new();
        fill_in(&g, &mut cells, &mut filled);
        assert!(filled.iter().any(|&(cell, _)| cell == 12), "{filled:?}");
    }

    #[test]
    fn fill_in_never_changes_who_wins_on_small_boards() {
        use crate::hex::exact::{random_position, Exact};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut filled_cells = 0;
        for n in [4usize, 5] {
            let g = Geometry::new(n);
            let mut exact = Exact::new(&g);
            for _ in 0..60 {
                let Some(cells) = random_position(&g, &mut rng, if n == 4 { 6 } else { 13 }) else {
                    continue;
                };
                let mut after = cells.clone();
                let mut filled = Vec::new();
                fill_in(&g, &mut after, &mut filled);
                filled_cells += filled.len();
                let decided = |c: &[u8]| Exact::connected(&g, c, RED) || Exact::connected(&g, c, BLUE);
                for to_move in [RED, BLUE] {
                    let before = exact.wins(&cells, to_move);
                    let now = if decided(&after) {
                        Exact::connected(&g, &after, to_move)
                    } else {
                        exact.wins(&after, to_move)
                    };
                    assert_eq!(
                        before,
                        now,
                        "fill {filled:?} changed the result\n{}",
                        exact.picture(&cells)
                    );
                }
            }
        }
        assert!(filled_cells > 30, "the positions had cells to fill: {filled_cells}");
    }

    #[test]
    fn an_open_board_fills_nothing() {
        let g = Geometry::new(7);
        let mut cells = vec![EMPTY; 49];
        let mut filled = Vec::new();
        fill_in(&g, &mut cells, &mut filled);
        assert!(filled.is_empty(), "{filled:?}");
        // One stone in the middle changes nothing either.
        cells[24] = RED;
        fill_in(&g, &mut cells, &mut filled);
        assert!(filled.is_empty(), "{filled:?}");
    }

    #[test]
    fn the_edge_pair_under_a_second_row_stone_hemmed_in_is_captured() {
        // The two top-row cells b1 and c1 that join Red b2 to Red's edge:
        // whichever Blue takes, Red's answer in the other leaves it useless.
        let g = Geometry::new(5);
        let mut cells = cells_of(&["B..B.", ".R...", ".....", ".....", "....."]);
        assert!(captured_pair(&g, &mut cells, 1, 2, RED));
        let before = cells.clone();
        let mut filled = Vec::new();
        fill_in(&g, &mut cells, &mut filled);
        assert_eq!(cells[1], RED);
        assert_eq!(cells[2], RED);
        assert_eq!(before[1], EMPTY, "the test's board had them empty");
    }
}
