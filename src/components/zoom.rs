//! Zooming a board until every target on it is thumb-sized (44 CSS px and
//! more): the board grows inside its frame, which then scrolls, and the
//! piece that matters (the last move, the selection, the keyboard's cell)
//! is brought to the middle.
//!
//! The factor is measured, not guessed: the smallest tappable element of
//! the board as laid out now, against the target size. So it holds for any
//! board size and any screen.

use crate::components::icons::IconZoom;
use crate::i18n::{tr, Lang};
use dioxus::prelude::*;

/// The smallest side a target may have once zoomed, with a little margin
/// over WCAG's 44 px.
const TARGET_PX: f64 = 46.0;

/// How much `wrap`'s board must grow (1 when it need not).
fn measure_js(wrap: &str) -> String {
    format!(
        "const w = document.querySelector('{wrap}');
         let min = Infinity;
         if (w) for (const t of w.querySelectorAll('svg [role=button]')) {{
           const r = t.getBoundingClientRect();
           if (r.width > 0 && r.height > 0) min = Math.min(min, r.width, r.height);
         }}
         return min === Infinity ? 1 : Math.max(1, {TARGET_PX} / min);"
    )
}

/// Brings the board's most relevant element to the middle of its frame.
fn centre_js(wrap: &str) -> String {
    format!(
        "requestAnimationFrame(() => {{
           const w = document.querySelector('{wrap}');
           const e = w && (w.querySelector('.selected, .last, .last-to') || w.querySelector('[tabindex=\"0\"]'));
           if (e) e.scrollIntoView({{ block: 'center', inline: 'center' }});
         }});"
    )
}

/// The zoom toggle for the board in the element `wrap` (a CSS selector).
/// `zoom` holds the factor while zoomed in.
#[component]
pub fn ZoomButton(lang: Lang, wrap: &'static str, zoom: Signal<Option<f64>>) -> Element {
    let mut zoom = zoom;
    let zoomed = zoom().is_some();
    rsx! {
        button {
            class: "icon-btn zoom-btn",
            "aria-label": tr(lang, if zoomed { "zoom-out" } else { "zoom-in" }),
            "aria-pressed": if zoomed { "true" } else { "false" },
            "data-testid": "zoom",
            onclick: move |_| async move {
                if zoom.peek().is_some() {
                    zoom.set(None);
                    return;
                }
                let factor = document::eval(&measure_js(wrap)).join::<f64>().await.unwrap_or(1.0);
                zoom.set(Some(factor));
                let _ = document::eval(&centre_js(wrap));
            },
            IconZoom { zoomed }
        }
    }
}

/// The board frame's zoom class and style.
pub fn wrap_attributes(zoom: Option<f64>) -> (&'static str, String) {
    match zoom {
        Some(factor) => (" zoomed", format!("--zoom: {factor:.3}")),
        None => ("", String::new()),
    }
}
