//! "Continue Jun Qi" on the home screen while a game is unfinished, and the
//! notice when the saved game could not be read (the text is kept).

use super::super::home::level_key;
use super::JUNQI;
use crate::components::icons::GameArt;
use crate::i18n::{tr, tr_args, Lang};
use crate::Route;
use dioxus::prelude::*;

#[component]
pub fn JunQiContinue(lang: Lang) -> Element {
    let nav = navigator();
    let slot = JUNQI.read().clone();
    let summary = slot.game.as_ref().filter(|g| !g.is_over()).map(|g| {
        let opponent = match g.bot_level() {
            Some(level) => tr(lang, level_key(level)),
            None => tr(lang, "opponent-human"),
        };
        tr_args(
            lang,
            "junqi-continue-summary",
            &[("opponent", opponent), ("moves", g.ply().to_string())],
        )
    });
    rsx! {
        if let Some(reason) = slot.load_error {
            div { class: "notice notice-error", role: "alert", "data-testid": "junqi-load-error",
                p { {tr_args(lang, "junqi-load-error", &[("reason", reason)])} }
                button {
                    class: "btn btn-ghost btn-small",
                    onclick: move |_| JUNQI.write().load_error = None,
                    {tr(lang, "action-dismiss")}
                }
            }
        }
        if let Some(summary) = summary {
            button {
                class: "continue-card",
                "data-testid": "continue-junqi",
                onclick: move |_| {
                    nav.push(Route::JunQiPlay {});
                },
                GameArt { game: "junqi" }
                span { class: "continue-text",
                    span { class: "continue-title", {tr(lang, "junqi-continue-title")} }
                    span { class: "continue-sub", "{summary}" }
                }
                span { class: "chevron", "›" }
            }
        }
    }
}
