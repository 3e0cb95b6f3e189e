//! Where Hex cells go on screen.
//!
//! The n×n rhombus is laid out with columns going right and rows going down,
//! each column shifted half a cell down (`y = row + col/2`). With flat-topped
//! hexagons this keeps X2's neighbours touching, puts Blue's edges (columns
//! a and the last) as the vertical left and right sides and Red's edges
//! (rows 1 and n) along the top and bottom — and the board comes out about
//! 1.7 times taller than wide, which fits a phone held upright.

/// Distance between neighbouring cell centres, in SVG units.
pub const PITCH: f64 = 40.0;
const SQRT3: f64 = 1.732_050_807_568_877_2;
/// Hexagon circumradius for a pitch (flat-topped: apothem = pitch / 2).
pub const RADIUS: f64 = PITCH / SQRT3;
/// Width of the coloured edge band outside the cells.
const BAND: f64 = 12.0;
/// Space outside the band.
const MARGIN: f64 = 4.0;

pub type Point = (f64, f64);

/// Centre of the cell at (col, row), before the view box offset.
pub fn centre(col: u8, row: u8) -> Point {
    let (c, r) = (col as f64, row as f64);
    (c * PITCH * SQRT3 / 2.0, (r + c / 2.0) * PITCH)
}

/// The six corners of a flat-topped hexagon around `at`.
pub fn hexagon(at: Point, radius: f64) -> [Point; 6] {
    let mut out = [(0.0, 0.0); 6];
    for (i, p) in out.iter_mut().enumerate() {
        let angle = std::f64::consts::PI / 3.0 * i as f64;
        *p = (at.0 + radius * angle.cos(), at.1 + radius * angle.sin());
    }
    out
}

/// SVG `points` text for a polygon.
pub fn points(corners: &[Point]) -> String {
    corners
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board outline outside the cells: top-left, top-right, bottom-right,
/// bottom-left corners of the coloured frame.
pub fn frame(size: u8) -> [Point; 4] {
    let last = size.saturating_sub(1);
    // Unit vectors along a row (30° down-right) and down a column.
    let along_row = (SQRT3 / 2.0, 0.5);
    let down = (0.0, 1.0);
    // Pushing a corner out by `d` from both sides of a 60° corner moves it
    // d / sin 60° along each side.
    let d = (RADIUS + BAND) / (SQRT3 / 2.0);
    let shift = |p: Point, a: f64, b: f64| {
        (
            p.0 + d * (a * along_row.0 + b * down.0),
            p.1 + d * (a * along_row.1 + b * down.1),
        )
    };
    [
        shift(centre(0, 0), -1.0, -1.0),
        shift(centre(last, 0), 1.0, -1.0),
        shift(centre(last, last), 1.0, 1.0),
        shift(centre(0, last), -1.0, 1.0),
    ]
}

/// How far a coordinate label sits outside its edge cell's centre: past
/// the coloured band, measured straight out from a column edge and
/// vertically above the slanted row edge (1 / cos 30° further).
const LABEL_GAP: f64 = 11.0;

/// The coordinates (X2): each column's letter above its top cell, each
/// row's number left of its first cell, with where to draw them.
pub fn labels(size: u8) -> Vec<(String, Point)> {
    let mut out = Vec::with_capacity(2 * size as usize);
    for col in 0..size {
        let (x, y) = centre(col, 0);
        out.push((
            ((b'a' + col) as char).to_string(),
            (x, y - (RADIUS + BAND) * 2.0 / SQRT3 - LABEL_GAP),
        ));
    }
    for row in 0..size {
        let (x, y) = centre(0, row);
        out.push(((row + 1).to_string(), (x - RADIUS - BAND - LABEL_GAP, y)));
    }
    out
}

/// The SVG view box `(min_x, min_y, width, height)` holding the frame and
/// the coordinates.
pub fn view_box(size: u8) -> (f64, f64, f64, f64) {
    let mut corners: Vec<Point> = frame(size).to_vec();
    // A label is about one pitch wide and half a pitch tall around its point.
    for (_, (x, y)) in labels(size) {
        corners.push((x - PITCH * 0.4, y - PITCH * 0.3));
        corners.push((x + PITCH * 0.4, y + PITCH * 0.3));
    }
    let min_x = corners.iter().map(|p| p.0).fold(f64::MAX, f64::min) - MARGIN;
    let max_x = corners.iter().map(|p| p.0).fold(f64::MIN, f64::max) + MARGIN;
    let min_y = corners.iter().map(|p| p.1).fold(f64::MAX, f64::min) - MARGIN;
    let max_y = corners.iter().map(|p| p.1).fold(f64::MIN, f64::max) + MARGIN;
    (min_x, min_y, max_x - min_x, max_y - min_y)
}

/// The four triangles from the frame's centre to its sides: Red top and
/// bottom, Blue left and right (X3). Corners are shared, as in the rules.
pub fn edge_triangles(size: u8) -> [(bool, [Point; 3]); 4] {
    let [tl, tr, br, bl] = frame(size);
    let mid = ((tl.0 + br.0) / 2.0, (tl.1 + br.1) / 2.0);
    [
        (true, [mid, tl, tr]),
        (false, [mid, tr, br]),
        (true, [mid, br, bl]),
        (false, [mid, bl, tl]),
    ]
}
