//! "Continue HADANG" on the home screen, shown while a game is unfinished.

use super::slot::HADANG;
use crate::components::icons::GameArt;
use crate::i18n::{tr, tr_args, Lang};
use crate::screens::home::level_key;
use crate::Route;
use dioxus::prelude::*;

#[component]
pub fn HadangContinue(lang: Lang) -> Element {
    let nav = navigator();
    let summary = HADANG.read().game.as_ref().filter(|g| !g.is_over()).map(|g| {
        let opponent = match g.bot_level() {
            Some(level) => tr(lang, level_key(level)),
            None => tr(lang, "opponent-human"),
        };
        tr_args(
            lang,
            "hadang-continue-summary",
            &[("opponent", opponent), ("moves", g.ply().to_string())],
        )
    });
    let Some(summary) = summary else {
        return rsx! {};
    };
    rsx! {
        button {
            class: "continue-card",
            "data-testid": "continue-hadang",
            onclick: move |_| {
                nav.push(Route::HadangPlay {});
            },
            GameArt { game: "hadang" }
            span { class: "continue-text",
                span { class: "continue-title", {tr(lang, "hadang-continue")} }
                span { class: "continue-sub", "{summary}" }
            }
            span { class: "chevron", "›" }
        }
    }
}
