//! Small inline SVG icons (no asset pipeline needed).

use dioxus::prelude::*;

#[component]
pub fn IconBack() -> Element {
    rsx! {
        svg { class: "icon", view_box: "0 0 24 24", "aria-hidden": "true",
            path { d: "M15 5l-7 7 7 7", fill: "none", stroke: "currentColor", stroke_width: "2.2", stroke_linecap: "round", stroke_linejoin: "round" }
        }
    }
}

#[component]
pub fn IconSettings() -> Element {
    rsx! {
        svg { class: "icon", view_box: "0 0 24 24", "aria-hidden": "true",
            circle { cx: "12", cy: "12", r: "3.2", fill: "none", stroke: "currentColor", stroke_width: "2" }
            path {
                d: "M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1",
                fill: "none", stroke: "currentColor", stroke_width: "2", stroke_linecap: "round",
            }
        }
    }
}

/// A magnifier, with a plus to zoom in or a minus to zoom out.
#[component]
pub fn IconZoom(zoomed: bool) -> Element {
    rsx! {
        svg { class: "icon", view_box: "0 0 24 24", "aria-hidden": "true",
            circle { cx: "10.5", cy: "10.5", r: "6.5", fill: "none", stroke: "currentColor", stroke_width: "2" }
            path { d: "M15.5 15.5L21 21", fill: "none", stroke: "currentColor", stroke_width: "2.4", stroke_linecap: "round" }
            path { d: "M7.5 10.5h6", fill: "none", stroke: "currentColor", stroke_width: "2", stroke_linecap: "round" }
            if !zoomed {
                path { d: "M10.5 7.5v6", fill: "none", stroke: "currentColor", stroke_width: "2", stroke_linecap: "round" }
            }
        }
    }
}

/// The game tile pictures: a tiny board for each game.
#[component]
pub fn GameArt(game: String) -> Element {
    match game.as_str() {
        "hex" => rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                polygon { points: "32,6 54,19 54,45 32,58 10,45 10,19", class: "art-hex" }
                circle { cx: "24", cy: "26", r: "6", class: "art-red" }
                circle { cx: "40", cy: "26", r: "6", class: "art-blue" }
                circle { cx: "32", cy: "40", r: "6", class: "art-red" }
            }
        },
        "hadang" => rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                rect { x: "8", y: "8", width: "48", height: "48", rx: "6", class: "art-board" }
                rect { x: "14", y: "30", width: "22", height: "4", rx: "2", class: "art-wall" }
                circle { cx: "32", cy: "18", r: "5", class: "art-red" }
                circle { cx: "32", cy: "46", r: "5", class: "art-blue" }
            }
        },
        "junqi" => rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                rect { x: "8", y: "8", width: "48", height: "48", rx: "6", class: "art-board" }
                rect { x: "15", y: "18", width: "14", height: "10", rx: "2", class: "art-red" }
                rect { x: "35", y: "36", width: "14", height: "10", rx: "2", class: "art-blue" }
                rect { x: "35", y: "18", width: "14", height: "10", rx: "2", class: "art-wall" }
            }
        },
        _ => rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                rect { x: "8", y: "8", width: "48", height: "48", rx: "6", class: "art-board" }
                polygon { points: "12,12 18,12 15,34", class: "art-red" }
                polygon { points: "46,52 52,52 49,30", class: "art-blue" }
                rect { x: "26", y: "26", width: "12", height: "12", rx: "3", class: "art-wall" }
            }
        },
    }
}
