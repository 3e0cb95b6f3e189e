//! The winning-chance graph of a review: the person's chance after each
//! move (the first seat's between two people), 50% marked, errors as dots,
//! and one tap strip per move that picks it.

use crate::i18n::{tr, Lang};
use dioxus::prelude::*;

const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 96.0;

#[component]
pub fn ChanceGraph(
    lang: Lang,
    /// The first seat's chance before the first move and after each move.
    curve: Vec<f64>,
    /// Each move's mark id (`best`, `mistake`…).
    marks: Vec<&'static str>,
    selected: Option<usize>,
    /// Draw the first seat's chance (else the second's, the person's).
    first_is_local: bool,
    on_select: EventHandler<usize>,
) -> Element {
    let n = curve.len();
    if n < 2 {
        return rsx! {};
    }
    let x = |i: usize| i as f64 * WIDTH / (n - 1) as f64;
    let y = |p: f64| {
        let mine = if first_is_local { p } else { 1.0 - p };
        (1.0 - mine.clamp(0.0, 1.0)) * HEIGHT
    };
    let points: String = curve
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(*p)))
        .collect::<Vec<_>>()
        .join(" ");
    let area = format!("0,{HEIGHT} {points} {WIDTH},{HEIGHT}");
    let strip = WIDTH / (n - 1) as f64;
    rsx! {
        figure { class: "chance-graph", "data-testid": "review-graph",
            svg { view_box: "0 0 {WIDTH} {HEIGHT}", preserve_aspect_ratio: "none", role: "img",
                "aria-label": tr(lang, "review-graph-label"),
                rect { class: "graph-bg", x: "0", y: "0", width: "{WIDTH}", height: "{HEIGHT}" }
                polygon { class: "graph-area", points: "{area}" }
                line { class: "graph-even", x1: "0", y1: "{HEIGHT / 2.0}", x2: "{WIDTH}", y2: "{HEIGHT / 2.0}" }
                polyline { class: "graph-line", points: "{points}" }
                if let Some(i) = selected.filter(|i| i + 1 < n) {
                    line { class: "graph-cursor", x1: "{x(i + 1)}", y1: "0", x2: "{x(i + 1)}", y2: "{HEIGHT}" }
                }
                for (i, mark) in marks.iter().enumerate().filter(|(i, _)| i + 1 < n) {
                    if !matches!(*mark, "best" | "good" | "forced") {
                        circle { key: "dot-{i}", class: "graph-dot mark-{mark}", cx: "{x(i + 1)}", cy: "{y(curve[i + 1])}", r: "3.5" }
                    }
                }
                for (i, mark) in marks.iter().enumerate().filter(|(i, _)| i + 1 < n) {
                    rect {
                        key: "tap-{i}",
                        class: "graph-tap",
                        "data-testid": "graph-move",
                        "data-mark": "{mark}",
                        x: "{x(i + 1) - strip / 2.0}",
                        y: "0",
                        width: "{strip}",
                        height: "{HEIGHT}",
                        onclick: move |_| on_select.call(i),
                    }
                }
            }
        }
    }
}
