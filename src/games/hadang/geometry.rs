//! Where things sit on the HADANG board's SVG, in viewBox units. Rank 1 is
//! at the bottom, file a on the left (H1). Cells are `CELL` wide with a
//! `GROOVE` between them, where walls lie.

use papan_rules::hadang::{Orientation, Square, Wall};

pub const CELL: f64 = 40.0;
pub const GROOVE: f64 = 8.0;
pub const PITCH: f64 = CELL + GROOVE;
/// Width of the whole grid of cells.
pub const GRID: f64 = 8.0 * PITCH + CELL;
/// Room for the file letters and rank numbers.
pub const LABEL_MARGIN: f64 = 16.0;

/// `(x, y, width, height)` of the viewBox.
pub fn view_box() -> (f64, f64, f64, f64) {
    let pad = 6.0;
    (
        -LABEL_MARGIN - pad,
        -pad,
        GRID + LABEL_MARGIN + 2.0 * pad,
        GRID + LABEL_MARGIN + 2.0 * pad,
    )
}

/// Top-left corner of a cell.
pub fn cell_origin(square: Square) -> (f64, f64) {
    (square.file() as f64 * PITCH, (8 - square.rank()) as f64 * PITCH)
}

pub fn cell_centre(square: Square) -> (f64, f64) {
    let (x, y) = cell_origin(square);
    (x + CELL / 2.0, y + CELL / 2.0)
}

/// The groove crossing right of `anchor` and above it.
pub fn crossing_centre(anchor: Square) -> (f64, f64) {
    let (x, y) = cell_origin(anchor);
    (x + CELL + GROOVE / 2.0, y - GROOVE / 2.0)
}

/// The groove crossing at a wall's middle.
pub fn wall_centre(wall: Wall) -> (f64, f64) {
    crossing_centre(wall.anchor())
}

/// The drawn wall: two cell edges and the crossing between them.
pub fn wall_rect(wall: Wall) -> (f64, f64, f64, f64) {
    let (cx, cy) = wall_centre(wall);
    let long = 2.0 * CELL + GROOVE;
    match wall.orientation() {
        Orientation::Horizontal => (cx - long / 2.0, cy - GROOVE / 2.0, long, GROOVE),
        Orientation::Vertical => (cx - GROOVE / 2.0, cy - long / 2.0, GROOVE, long),
    }
}

/// How far the board's frame reaches past the cells.
pub const FRAME: f64 = 6.0;

/// The tap area of a groove crossing in wall mode, by wall anchor: a pitch
/// square around the crossing, the outer ones stretched to the frame, so
/// the 64 areas tile the whole board and every tap means the nearest
/// crossing.
pub fn crossing_tile(anchor: Square) -> (f64, f64, f64, f64) {
    let (cx, cy) = crossing_centre(anchor);
    let half = PITCH / 2.0;
    let (file, rank) = (anchor.file(), anchor.rank());
    let left = if file == 0 { -FRAME } else { cx - half };
    let right = if file == 7 { GRID + FRAME } else { cx + half };
    let top = if rank == 7 { -FRAME } else { cy - half };
    let bottom = if rank == 0 { GRID + FRAME } else { cy + half };
    (left, top, right - left, bottom - top)
}

/// The 64 wall anchors, `a1`–`h8`.
pub fn anchors() -> impl Iterator<Item = Square> {
    Square::all().filter(|s| s.file() < 8 && s.rank() < 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_tiles_cover_the_board_once_and_hold_their_crossing() {
        let tiles: Vec<(Square, (f64, f64, f64, f64))> = anchors().map(|a| (a, crossing_tile(a))).collect();
        assert_eq!(tiles.len(), 64);
        let inside =
            |(x, y, w, h): (f64, f64, f64, f64), px: f64, py: f64| px >= x && px < x + w && py >= y && py < y + h;
        let mut py = -FRAME + 0.5;
        while py < GRID + FRAME {
            let mut px = -FRAME + 0.5;
            while px < GRID + FRAME {
                let hits = tiles.iter().filter(|(_, t)| inside(*t, px, py)).count();
                assert_eq!(hits, 1, "({px}, {py}) lies in {hits} crossing tiles");
                px += 3.0;
            }
            py += 3.0;
        }
        for (anchor, tile) in tiles {
            let (cx, cy) = wall_centre(Wall::new(anchor, Orientation::Vertical).unwrap());
            assert!(inside(tile, cx, cy), "{anchor}'s tile misses its own crossing");
        }
    }

    #[test]
    fn a1_is_bottom_left_and_i9_top_right() {
        let a1: Square = "a1".parse().unwrap();
        let i9: Square = "i9".parse().unwrap();
        assert_eq!(cell_origin(a1), (0.0, 8.0 * PITCH));
        assert_eq!(cell_origin(i9), (8.0 * PITCH, 0.0));
    }

    #[test]
    fn h_and_v_walls_on_one_anchor_cross_at_the_same_point() {
        let h: Wall = "e3h".parse().unwrap();
        let v: Wall = "e3v".parse().unwrap();
        assert_eq!(wall_centre(h), wall_centre(v));
        // e3h lies in the groove above e3: between e3's top and e4's bottom.
        let e3 = cell_origin("e3".parse().unwrap());
        let e4 = cell_origin("e4".parse().unwrap());
        let (_, y, _, h_) = wall_rect(h);
        assert_eq!(y, e4.1 + CELL);
        assert_eq!(y + h_, e3.1);
    }
}
