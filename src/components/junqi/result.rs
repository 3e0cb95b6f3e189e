//! The Jun Qi end-of-game card: who won (or a draw), why, and what next.

use crate::controllers::junqi::JunQiController;
use crate::i18n::{tr, Lang};
use dioxus::prelude::*;

#[component]
pub fn JunQiResult(
    game: JunQiController,
    lang: Lang,
    on_rematch: EventHandler<()>,
    on_home: EventHandler<()>,
) -> Element {
    let Some((headline, reason)) = game.result_keys() else {
        return rsx! {};
    };
    let winner = game.winner_kind().unwrap_or("none");
    rsx! {
        div {
            class: "result-banner winner-{winner}",
            role: "status",
            "data-testid": "result-banner",
            "data-winner": "{winner}",
            div { class: "result-text",
                h2 { class: "result-title", {tr(lang, headline)} }
                p { class: "result-reason", "data-testid": "result-reason", {tr(lang, reason)} }
            }
            div { class: "result-actions",
                button { class: "btn btn-primary", "data-testid": "rematch", onclick: move |_| on_rematch.call(()),
                    {tr(lang, "action-rematch")}
                }
                button { class: "btn btn-ghost", "data-testid": "result-home", onclick: move |_| on_home.call(()),
                    {tr(lang, "action-home")}
                }
            }
        }
    }
}
