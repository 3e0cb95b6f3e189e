//! The end-of-game card: who won, single / gammon / backgammon and the
//! points (B16–B18), and what next.

use crate::controllers::backgammon::BackgammonController;
use crate::i18n::{tr, tr_args, Lang};
use dioxus::prelude::*;

#[component]
pub fn BackgammonResult(
    game: BackgammonController,
    lang: Lang,
    on_rematch: EventHandler<()>,
    on_home: EventHandler<()>,
) -> Element {
    let Some((headline, reason)) = game.result_keys() else {
        return rsx! {};
    };
    let winner = game.winner_kind().unwrap_or("none");
    let points = game.outcome().map_or(0, |o| o.points);
    rsx! {
        div {
            class: "result-banner winner-{winner}",
            role: "status",
            "data-testid": "result-banner",
            "data-winner": "{winner}",
            "data-points": "{points}",
            div { class: "result-text",
                h2 { class: "result-title", {tr(lang, headline)} }
                p { class: "result-reason", {tr(lang, reason)} }
                p { class: "result-reason bg-points", "data-testid": "result-points",
                    {tr_args(lang, "backgammon-points", &[("points", points.to_string())])}
                }
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
