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

/// A game's tile picture: a tiny board ([`crate::shell::GameUi::art`]).
#[component]
pub fn GameArt(game: papan_rules::GameId) -> Element {
    crate::games::with_game!(game, G => <G as crate::shell::GameUi>::art())
}
