//! The title bar shared by the screens: back button, title, optional action.

use crate::components::icons::IconBack;
use crate::i18n::{tr, Lang};
use crate::Route;
use dioxus::prelude::*;

#[component]
pub fn TopBar(lang: Lang, title: String, back: Option<Route>, children: Element) -> Element {
    let nav = navigator();
    rsx! {
        header { class: "top-bar",
            if let Some(route) = back {
                button {
                    class: "icon-btn",
                    "aria-label": tr(lang, "action-back"),
                    "data-testid": "back",
                    onclick: move |_| {
                        nav.push(route.clone());
                    },
                    IconBack {}
                }
            } else {
                span { class: "icon-spacer" }
            }
            h1 { class: "top-title", "{title}" }
            div { class: "top-actions", {children} }
        }
    }
}
