//! A page that reads the language's later text (the lessons', the rules
//! pages'): on the web that text is a second file, fetched when such a page
//! first opens (`i18n::load_more`); the page shows once it is in.

use crate::i18n::{self, tr_args, Lang};
use dioxus::prelude::*;

/// `children` once `lang`'s later text is ready; until then a line saying
/// it is coming, or why it could not come.
#[component]
pub fn WithLaterText(lang: Lang, children: Element) -> Element {
    rsx! {
        // One gate per language: a switch of language waits for its own text.
        for lang in [lang] {
            Gate { key: "{lang.code()}", lang, {children.clone()} }
        }
    }
}

#[component]
fn Gate(lang: Lang, children: Element) -> Element {
    let mut ready = use_signal(move || i18n::more_loaded(lang));
    let mut failed = use_signal(|| None::<String>);
    use_hook(move || {
        if !i18n::more_loaded(lang) {
            spawn(async move {
                match i18n::load_more(lang).await {
                    Ok(()) => ready.set(true),
                    Err(reason) => failed.set(Some(reason)),
                }
            });
        }
    });
    if ready() {
        return children;
    }
    rsx! {
        div { class: "screen",
        super::TopBar { lang, title: String::new(), back: Some(crate::Route::Home {}) }
        main { class: "content",
            match failed() {
                Some(reason) => rsx! {
                    p { class: "notice notice-error", role: "alert", "data-testid": "later-text-failed",
                        {tr_args(lang, "text-unavailable", &[("reason", reason)])}
                    }
                },
                None => rsx! { p { class: "muted", role: "status", "data-testid": "later-text-loading", "…" } },
            }
        }
        }
    }
}
