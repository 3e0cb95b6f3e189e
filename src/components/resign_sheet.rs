//! The "resign this game?" sheet every play screen shows before resigning.

use crate::i18n::{tr, Lang};
use dioxus::prelude::*;

/// Shown while `open` is true; a tap outside or on Cancel closes it,
/// Resign calls `on_resign`.
#[component]
pub fn ResignSheet(lang: Lang, open: Signal<bool>, on_resign: EventHandler<MouseEvent>) -> Element {
    let mut open = open;
    rsx! {
        div { class: "sheet-backdrop", onclick: move |_| open.set(false),
            div { class: "sheet", role: "dialog", "aria-modal": "true",
                onclick: move |e| e.stop_propagation(),
                h2 { {tr(lang, "resign-title")} }
                p { {tr(lang, "resign-body")} }
                div { class: "sheet-actions",
                    button { class: "btn btn-ghost", "data-testid": "resign-cancel", onclick: move |_| open.set(false), {tr(lang, "action-cancel")} }
                    button { class: "btn btn-danger-solid", "data-testid": "resign-confirm", onclick: move |e| on_resign.call(e), {tr(lang, "action-resign")} }
                }
            }
        }
    }
}
