//! Where things sit on the HADANG board's SVG, in viewBox units. Rank 1 is
//! at the bottom, file a on the left (H1). Cells are `CELL` wide with a
//! `GROOVE` between them, where walls lie.

use papan_rules::hadang::{Orientation, Square, Wall};

pub const CELL: f64 = 40.0;
pub const GROOVE: f64 = 8.0;
pub const PITCH: f64 = CELL + GROOVE;
/// Width of the whole grid of cells.
pub const GRID: f64 = 8.0 * PITCH + CELL;
/// Thickness of a groove's invisible tap area: the groove plus a strip of
/// each neighbouring cell, so a finger finds it.
pub const HIT_THICKNESS: f64 = 22.0;
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

/// The groove crossing at a wall's middle: right of its anchor cell, above it.
pub fn wall_centre(wall: Wall) -> (f64, f64) {
    let (x, y) = cell_origin(wall.anchor());
    (x + CELL + GROOVE / 2.0, y - GROOVE / 2.0)
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

/// The tap area of a wall's groove: one pitch long (from the middle of one
/// cell edge to the middle of the next), so neighbouring walls of the same
/// orientation tile the groove without overlapping.
pub fn hit_rect(wall: Wall) -> (f64, f64, f64, f64) {
    let (cx, cy) = wall_centre(wall);
    match wall.orientation() {
        Orientation::Horizontal => (cx - PITCH / 2.0, cy - HIT_THICKNESS / 2.0, PITCH, HIT_THICKNESS),
        Orientation::Vertical => (cx - HIT_THICKNESS / 2.0, cy - PITCH / 2.0, HIT_THICKNESS, PITCH),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
