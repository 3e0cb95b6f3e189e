//! "Continue backgammon" on the home screen, shown while a game is unfinished.

use super::slot::BACKGAMMON;
use crate::components::icons::GameArt;
use crate::i18n::{tr, tr_args, Lang};
use crate::screens::home::level_key;
use crate::Route;
use dioxus::prelude::*;

#[component]
pub fn BackgammonContinue(lang: Lang) -> Element {
    let nav = navigator();
    let summary = BACKGAMMON.read().game.as_ref().filter(|g| !g.is_over()).map(|g| {
        let opponent = match g.bot_level() {
            Some(level) => tr(lang, level_key(level)),
            None => tr(lang, "opponent-human"),
        };
        let pips = g.board_view().pips;
        tr_args(
            lang,
            "backgammon-continue-summary",
            &[
                ("opponent", opponent),
                ("mine", pips[0].to_string()),
                ("theirs", pips[1].to_string()),
            ],
        )
    });
    let Some(summary) = summary else {
        return rsx! {};
    };
    rsx! {
        button {
            class: "continue-card",
            "data-testid": "continue-backgammon",
            onclick: move |_| {
                nav.push(Route::BackgammonPlay {});
            },
            GameArt { game: "backgammon" }
            span { class: "continue-text",
                span { class: "continue-title", {tr(lang, "backgammon-continue")} }
                span { class: "continue-sub", "{summary}" }
            }
            span { class: "chevron", "›" }
        }
    }
}
