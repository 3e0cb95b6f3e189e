//! The end-of-game card: who won and why (goal reached, time, resignation).

use crate::controllers::hadang::HadangController;
use crate::i18n::{tr, Lang};
use dioxus::prelude::*;

#[component]
pub fn HadangResultBanner(
    game: HadangController,
    lang: Lang,
    on_rematch: EventHandler<()>,
    on_home: EventHandler<()>,
) -> Element {
    let Some((headline, reason)) = game.result_keys() else {
        return rsx! {};
    };
    let winner = game.winner_kind().unwrap_or("none");
    let why = game
        .outcome()
        .map(|o| format!("{:?}", o.reason).to_lowercase())
        .unwrap_or_default();
    rsx! {
        div {
            class: "result-banner hadang-result winner-{winner}",
            role: "status",
            "data-testid": "result-banner",
            "data-winner": "{winner}",
            "data-reason": "{why}",
            div { class: "result-text",
                h2 { class: "result-title", {tr(lang, headline)} }
                p { class: "result-reason", {tr(lang, reason)} }
            }
            div { class: "result-actions",
                button {
                    class: "btn btn-primary",
                    "data-testid": "rematch",
                    onclick: move |_| on_rematch.call(()),
                    {tr(lang, "action-rematch")}
                }
                button {
                    class: "btn btn-ghost",
                    "data-testid": "result-home",
                    onclick: move |_| on_home.call(()),
                    {tr(lang, "action-home")}
                }
            }
        }
    }
}
