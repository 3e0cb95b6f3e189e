//! The winning-chance graph of a review: one side's chance after each
//! move, with its axes (0 %, 50 %, 100 %; move numbers), errors as dots
//! drawn wholly inside the picture, and one tap strip per move that picks it.
//!
//! The picture keeps its proportions (text in it is never stretched) and is
//! about as wide in its own units as a phone's column in CSS pixels, so its
//! labels read at their size on a 320 px phone.

use dioxus::prelude::*;

/// The picture's size, in its own units.
pub const WIDTH: f64 = 300.0;
pub const HEIGHT: f64 = 128.0;
/// The plot inside it: room on the left for the percentages, below for the
/// move numbers, and around for a dot's radius.
const LEFT: f64 = 38.0;
const RIGHT: f64 = 8.0;
const TOP: f64 = 8.0;
const BOTTOM: f64 = 22.0;
pub const DOT_RADIUS: f64 = 4.0;

/// The move numbers marked on the x axis for a game of `moves` moves: a
/// round step (1, 2, 5, 10, 20, 25, 50…) giving at most six marks.
pub fn move_ticks(moves: usize) -> Vec<usize> {
    if moves == 0 {
        return Vec::new();
    }
    let step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|step| moves / step <= 6)
        .unwrap_or(moves);
    (1..=moves / step).map(|k| k * step).collect()
}

#[component]
pub fn ChanceGraph(
    /// Whose chance it shows: "Your winning chance", "Red's winning chance".
    title: String,
    /// The first seat's chance before the first move and after each move.
    curve: Vec<f64>,
    /// Each move's mark id (`best`, `mistake`…).
    marks: Vec<&'static str>,
    selected: Option<usize>,
    /// Draw the first seat's chance (else the second's).
    first_is_local: bool,
    on_select: EventHandler<usize>,
) -> Element {
    let n = curve.len();
    if n < 2 {
        return rsx! {};
    }
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let base = TOP + plot_h;
    let x = |i: usize| LEFT + i as f64 * plot_w / (n - 1) as f64;
    let y = |p: f64| {
        let mine = if first_is_local { p } else { 1.0 - p };
        TOP + (1.0 - mine.clamp(0.0, 1.0)) * plot_h
    };
    let points: String = curve
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(*p)))
        .collect::<Vec<_>>()
        .join(" ");
    let area = format!("{LEFT},{base} {points} {:.1},{base}", LEFT + plot_w);
    let strip = plot_w / (n - 1) as f64;
    let levels = [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")];
    let ticks = move_ticks(n - 1);
    let right = LEFT + plot_w;
    rsx! {
        figure { class: "chance-graph", "data-testid": "review-graph",
            figcaption { class: "graph-title", id: "review-graph-title", "data-testid": "review-graph-title", "{title}" }
            svg { view_box: "0 0 {WIDTH} {HEIGHT}", role: "img", "aria-labelledby": "review-graph-title",
                "data-testid": "review-graph-svg",
                rect { class: "graph-bg", x: "{LEFT}", y: "{TOP}", width: "{plot_w}", height: "{plot_h}", rx: "4" }
                g { class: "graph-y-axis", "data-testid": "graph-y-axis",
                    for (p, label) in levels {
                        g { key: "{label}",
                            line { class: if p == 0.5 { "graph-even" } else { "graph-grid" },
                                x1: "{LEFT}", y1: "{TOP + (1.0 - p) * plot_h}", x2: "{right}", y2: "{TOP + (1.0 - p) * plot_h}" }
                            text { class: "graph-label", x: "{LEFT - 5.0}", y: "{TOP + (1.0 - p) * plot_h}",
                                "text-anchor": "end", "dominant-baseline": "middle", "{label}" }
                        }
                    }
                }
                g { class: "graph-x-axis", "data-testid": "graph-x-axis",
                    for t in ticks {
                        g { key: "{t}",
                            line { class: "graph-tick", x1: "{x(t):.1}", y1: "{base}", x2: "{x(t):.1}", y2: "{base + 4.0}" }
                            text { class: "graph-label", x: "{x(t):.1}", y: "{HEIGHT - 4.0}", "text-anchor": "middle", "{t}" }
                        }
                    }
                }
                polygon { class: "graph-area", points: "{area}" }
                polyline { class: "graph-line", points: "{points}" }
                if let Some(i) = selected.filter(|i| i + 1 < n) {
                    line { class: "graph-cursor", x1: "{x(i + 1):.1}", y1: "{TOP}", x2: "{x(i + 1):.1}", y2: "{base}" }
                }
                for (i, mark) in marks.iter().enumerate().filter(|(i, _)| i + 1 < n) {
                    if !matches!(*mark, "best" | "good" | "forced") {
                        circle { key: "dot-{i}", class: "graph-dot mark-{mark}", "data-testid": "graph-dot",
                            cx: "{x(i + 1):.1}", cy: "{y(curve[i + 1]):.1}", r: "{DOT_RADIUS}" }
                    }
                }
                for (i, mark) in marks.iter().enumerate().filter(|(i, _)| i + 1 < n) {
                    rect {
                        key: "tap-{i}",
                        class: "graph-tap",
                        "data-testid": "graph-move",
                        "data-mark": "{mark}",
                        x: "{(x(i + 1) - strip / 2.0).max(0.0):.1}",
                        y: "0",
                        width: "{strip.min(WIDTH - (x(i + 1) - strip / 2.0).max(0.0)):.1}",
                        height: "{HEIGHT}",
                        onclick: move |_| on_select.call(i),
                    }
                }
            }
        }
    }
}
