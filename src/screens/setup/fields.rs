//! The building blocks of the option screens: a titled group of choices and
//! one choice in it (a radio button drawn as a segment).

use crate::i18n::{tr, Lang};
use dioxus::prelude::*;

#[component]
pub fn Segment(label: String, testid: String, selected: bool, onclick: EventHandler<()>) -> Element {
    rsx! {
        button {
            class: if selected { "seg selected" } else { "seg" },
            role: "radio",
            "aria-checked": if selected { "true" } else { "false" },
            "data-testid": "{testid}",
            onclick: move |_| onclick.call(()),
            "{label}"
        }
    }
}

#[component]
pub fn Field(lang: Lang, title: &'static str, hint: Option<&'static str>, children: Element) -> Element {
    rsx! {
        section { class: "field",
            h2 { class: "field-title", {tr(lang, title)} }
            div { class: "segmented", role: "radiogroup", "aria-label": tr(lang, title), {children} }
            if let Some(hint) = hint {
                p { class: "field-hint", {tr(lang, hint)} }
            }
        }
    }
}
