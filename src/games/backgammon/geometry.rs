//! Where things sit on the backgammon board, in SVG units (the board is
//! drawn 378 × 466 and scales to the screen width). Point numbers stand
//! on the wood above and below the field.

/// The board's measures.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    /// Frame around the playing field (left and right).
    pub frame: f64,
    /// Frame above and below the field, wide enough for the point numbers.
    pub rim: f64,
    /// Width of one point (and of the bar).
    pub col: f64,
    /// Length of a point's triangle.
    pub point_len: f64,
    pub bar_x: f64,
    pub tray_x: f64,
    pub checker_r: f64,
    pub die: f64,
}

impl Layout {
    pub const STANDARD: Layout = Layout {
        width: 378.0,
        height: 466.0,
        frame: 6.0,
        rim: 19.0,
        col: 26.0,
        point_len: 180.0,
        bar_x: 6.0 + 6.0 * 26.0,
        tray_x: 6.0 + 13.0 * 26.0 + 6.0,
        checker_r: 12.0,
        die: 26.0,
    };

    /// Centre of the half left of the bar (the opponent's dice go there).
    pub fn left_half_cx(&self) -> f64 {
        self.frame + 3.0 * self.col
    }

    /// Centre of the half right of the bar (the local player's dice).
    pub fn right_half_cx(&self) -> f64 {
        self.bar_x + self.col + 3.0 * self.col
    }

    /// The triangle of a point as SVG `points`.
    pub fn triangle(&self, point: u8) -> String {
        let x = column_x(self, point);
        let (base, tip) = if point_is_top(point) {
            (self.rim, self.rim + self.point_len)
        } else {
            (self.height - self.rim, self.height - self.rim - self.point_len)
        };
        format!(
            "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            x + 1.0,
            base,
            x + self.col - 1.0,
            base,
            x + self.col / 2.0,
            tip
        )
    }

    /// The tap area of a point: its whole half column.
    pub fn hit_rect(&self, point: u8) -> (f64, f64, f64, f64) {
        let x = column_x(self, point);
        let y = if point_is_top(point) {
            self.rim
        } else {
            self.height - self.rim - self.point_len
        };
        (x, y, self.col, self.point_len)
    }

    /// Where a point's number is written: centred on the rim beside its base.
    pub fn number_at(&self, point: u8) -> (f64, f64) {
        let x = column_x(self, point) + self.col / 2.0;
        let y = if point_is_top(point) {
            self.rim / 2.0
        } else {
            self.height - self.rim / 2.0
        };
        (x, y)
    }
}

/// Points 13–24 are along the top edge (the local player's view).
pub fn point_is_top(point: u8) -> bool {
    point >= 13
}

/// Left x of a point's column: 1–6 bottom right (1 at the far right), 7–12
/// bottom left, 13–18 top left, 19–24 top right.
pub fn column_x(l: &Layout, point: u8) -> f64 {
    let right = l.bar_x + l.col;
    match point {
        1..=6 => right + (6 - point) as f64 * l.col,
        7..=12 => l.frame + (12 - point) as f64 * l.col,
        13..=18 => l.frame + (point - 13) as f64 * l.col,
        _ => right + (point.saturating_sub(19)) as f64 * l.col,
    }
}

/// Centre y of the first `n` checkers on a point, from the edge inwards.
pub fn checker_slots(l: &Layout, top: bool, n: u8) -> Vec<f64> {
    let d = l.checker_r * 2.0;
    (0..n)
        .map(|i| {
            let from_edge = l.rim + l.checker_r + i as f64 * d;
            if top {
                from_edge
            } else {
                l.height - from_edge
            }
        })
        .collect()
}
