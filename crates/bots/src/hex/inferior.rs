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
//!
//! Moves can also be *dominated* ([`prune_dominated`]): a cell whose every
//! neighbour the mover could use also touches another candidate is never a
//! better move than that one. Or *vulnerable* ([`prune_vulnerable`], as in
//! MoHex): the opponent's answer on a neighbour (the killer) would leave the
//! stone useless, and the killer is never a worse move.

use super::board::{BLUE, EMPTY, RED};
use super::cells::CellSet;
use super::geometry::{other, Geometry, BOTTOM, LEFT, RIGHT, TOP};

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

/// Removes from `candidates` the moves of `colour` that another remaining
/// candidate dominates (neighbourhood domination).
///
/// In the graph where `colour`'s groups and edges are single nodes and the
/// opponent's cells are gone, a cell `b` whose neighbours all neighbour `a`
/// (or are `a`) is never a better move than `a`: a path through `b` can go
/// through `a` instead, and a game won with a stone on `b` is won with it
/// on `a` by the same strategy with the two cells' roles exchanged. Cells
/// are pruned one at a time, each only while its dominator remains, so the
/// candidates left always hold a move at least as good as any pruned one.
pub fn prune_dominated(geometry: &Geometry, cells: &[u8], colour: u8, candidates: CellSet) -> CellSet {
    let n2 = geometry.cells();
    let (near, far) = if colour == RED { (TOP, BOTTOM) } else { (LEFT, RIGHT) };
    // Each stone of `colour` named by its group: the group's first cell.
    let mut group = vec![u16::MAX; n2];
    let mut stack = Vec::new();
    for start in 0..n2 {
        if cells[start] != colour || group[start] != u16::MAX {
            continue;
        }
        group[start] = start as u16;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for &x in &geometry.around[cell] {
                let x = x as usize;
                if x < n2 && cells[x] == colour && group[x] == u16::MAX {
                    group[x] = start as u16;
                    stack.push(x);
                }
            }
        }
    }
    // Node numbers: empty cells and groups by cell, the edges after them.
    let neighbourhood = |cell: usize| -> CellSet {
        let mut set = CellSet::EMPTY;
        for &x in &geometry.around[cell] {
            if x == near {
                set.insert(n2);
            } else if x == far {
                set.insert(n2 + 1);
            } else if (x as usize) < n2 {
                match cells[x as usize] {
                    EMPTY => set.insert(x as usize),
                    c if c == colour => set.insert(group[x as usize] as usize),
                    _ => {}
                }
            }
        }
        set
    };
    let around: Vec<CellSet> = (0..n2)
        .map(|cell| {
            if cells[cell] == EMPTY {
                neighbourhood(cell)
            } else {
                CellSet::EMPTY
            }
        })
        .collect();
    let mut left = candidates;
    for b in candidates.iter() {
        // A dominator touches all of b's neighbourhood, so it lies within
        // two steps of b: b's empty neighbours and theirs.
        let mut nearby = CellSet::EMPTY;
        for x in around[b].iter().filter(|&x| x < n2 && cells[x] == EMPTY) {
            nearby.insert(x);
            nearby = nearby.or(&around[x]);
        }
        let dominated = nearby.and(&left).iter().filter(|&a| a < n2 && a != b).any(|a| {
            let mut without = around[b];
            without.remove(a);
            without.is_subset(&around[a])
        });
        if dominated {
            left.remove(b);
        }
    }
    left
}

/// Removes from `candidates` the moves of `colour` that the opponent
/// could kill with one reply ([`killer`]): after that reply the stone would
/// be useless, so the move only hands the opponent a stone. A move goes
/// only while its killer stays a candidate, one cell at a time as in
/// [`prune_dominated`]: the killer is never worse (checked against a
/// brute-force solver on small boards), so the moves left hold one at
/// least as good as any pruned one.
pub fn prune_vulnerable(geometry: &Geometry, cells: &[u8], colour: u8, candidates: CellSet) -> CellSet {
    let mut board = cells.to_vec();
    let mut left = candidates;
    for p in candidates.iter() {
        if killer(geometry, &mut board, p, colour, |q| left.contains(q)).is_some() {
            left.remove(p);
        }
    }
    left
}

/// An empty neighbour `q` of the empty cell `p`, accepted by `allowed`,
/// after whose taking by the opponent `p` is useless to `colour`
/// ([`Geometry::useless`]): `p` is *vulnerable* and `q` its killer.
/// `board` is changed while looking and left as it was.
pub fn killer(
    geometry: &Geometry,
    board: &mut [u8],
    p: usize,
    colour: u8,
    allowed: impl Fn(usize) -> bool,
) -> Option<usize> {
    let n2 = geometry.cells();
    let opponent = other(colour);
    let mut given = [0usize; 6];
    geometry.around[p].iter().map(|&q| q as usize).find(|&q| {
        if q >= n2 || board[q] != EMPTY || !allowed(q) {
            return false;
        }
        board[q] = opponent;
        // p's other empty neighbours that the killer leaves useless to
        // `colour` are the opponent's too (fill-in's rule: adding stones,
        // `colour`'s on p included, never makes a useless cell useful).
        let mut count = 0;
        for &r in &geometry.around[p] {
            let r = r as usize;
            if r < n2 && board[r] == EMPTY && geometry.useless(board, r, colour) {
                given[count] = r;
                count += 1;
            }
        }
        for &r in &given[..count] {
            board[r] = opponent;
        }
        let dead = geometry.useless(board, p, colour);
        for &r in &given[..count] {
            board[r] = EMPTY;
        }
        board[q] = EMPTY;
        dead
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::exact::{cells_of, random_position, Exact};
    use rand::{RngCore, SeedableRng};

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

    /// A random position on a small board with a side to move, and the
    /// brute-force solver to judge its moves.
    struct Small {
        g: Geometry,
        exact: Exact,
        cells: Vec<u8>,
        to_move: u8,
        empty: CellSet,
    }

    impl Small {
        /// Calls `visit` on `positions` random positions of `stones` stones
        /// per board size, drawn from `seed`.
        fn each(seed: u64, boards: &[(usize, usize, usize)], mut visit: impl FnMut(&mut Small)) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for &(n, stones, positions) in boards {
                let g = Geometry::new(n);
                let mut small = Small {
                    exact: Exact::new(&g),
                    g,
                    cells: Vec::new(),
                    to_move: RED,
                    empty: CellSet::EMPTY,
                };
                for _ in 0..positions {
                    let Some(cells) = random_position(&small.g, &mut rng, stones) else {
                        continue;
                    };
                    small.to_move = if rng.next_u32() & 1 == 0 { RED } else { BLUE };
                    small.empty = (0..n * n).filter(|&c| cells[c] == EMPTY).collect();
                    small.cells = cells;
                    visit(&mut small);
                }
            }
        }

        /// Whether the side to move wins by playing `cell`.
        fn wins_with(&mut self, cell: usize) -> bool {
            let mut after = self.cells.clone();
            after[cell] = self.to_move;
            Exact::connected(&self.g, &after, self.to_move) || !self.exact.wins(&after, other(self.to_move))
        }

        /// Asserts that a move cut from the empty cells (those not in
        /// `left`) never wins where every move left loses; the number cut.
        fn cut_keeps_a_winner(&mut self, left: CellSet) -> usize {
            assert!(!left.is_empty() || self.empty.is_empty());
            let best_left = left.iter().any(|c| self.wins_with(c));
            let cut = self.empty.minus(&left);
            for b in cut.iter() {
                if self.wins_with(b) {
                    assert!(
                        best_left,
                        "pruned {b} wins but no move left does\n{}",
                        self.exact.picture(&self.cells)
                    );
                }
            }
            cut.iter().count()
        }
    }

    #[test]
    fn a_pruned_move_never_wins_where_its_dominator_loses_on_small_boards() {
        let mut pruned = 0;
        Small::each(9, &[(4, 5, 80), (5, 13, 30)], |small| {
            let left = prune_dominated(&small.g, &small.cells, small.to_move, small.empty);
            pruned += small.cut_keeps_a_winner(left);
        });
        assert!(pruned > 20, "the positions had dominated moves: {pruned}");
    }

    #[test]
    fn a_cell_hemmed_in_behind_another_is_dominated() {
        // Red to move; a1 touches Red's top edge, Blue's left edge and b1,
        // a2 (Blue's a2 is gone from Red's graph): b1 touches the edge and
        // a1's other neighbours, so a1 is never better than b1.
        let g = Geometry::new(5);
        let cells = cells_of(&[".....", "B....", ".....", ".....", "....."]);
        let all: CellSet = (0..25).filter(|&c| cells[c] == EMPTY).collect();
        let left = prune_dominated(&g, &cells, RED, all);
        assert!(!left.contains(0), "a1 is dominated");
        assert!(left.contains(1), "b1, its dominator, stays");
        assert!(left.contains(12), "the centre stays");
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

    #[test]
    fn a_vulnerable_move_never_wins_where_its_killer_or_every_move_left_loses_on_small_boards() {
        let (mut pruned, mut killers) = (0, 0);
        Small::each(21, &[(4, 5, 150), (5, 13, 50), (5, 15, 50)], |small| {
            let left = prune_vulnerable(&small.g, &small.cells, small.to_move, small.empty);
            pruned += small.cut_keeps_a_winner(left);
            // Stronger: wherever a vulnerable move wins, so does its killer.
            let mut board = small.cells.clone();
            let empty = small.empty;
            for p in empty.iter() {
                if let Some(q) = killer(&small.g, &mut board, p, small.to_move, |_| true) {
                    killers += 1;
                    if small.wins_with(p) {
                        assert!(
                            small.wins_with(q),
                            "{p} wins, its killer {q} does not\n{}",
                            small.exact.picture(&small.cells)
                        );
                    }
                }
            }
            assert_eq!(board, small.cells);
        });
        assert!(
            pruned > 300 && killers >= pruned,
            "vulnerable moves: {pruned} pruned, {killers} with a killer"
        );
    }

    #[test]
    fn a_cell_the_opponent_kills_with_one_stone_is_vulnerable() {
        // Red to move. a1 touches Red's top edge, Blue's left edge, b1 and
        // a2; Blue's a2 would leave a1 joining only the top and b1, which
        // touch: a1 is vulnerable to a2.
        let g = Geometry::new(5);
        let cells = cells_of(&[".....", ".B...", ".....", ".....", "....."]);
        let all: CellSet = (0..25).filter(|&c| cells[c] == EMPTY).collect();
        let left = prune_vulnerable(&g, &cells, RED, all);
        assert!(!left.contains(0), "a1 is vulnerable");
        assert!(left.contains(12), "the centre stays");
    }
}
