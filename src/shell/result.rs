//! The end-of-game card, the same for every game offline and online: who
//! won and why, the points (backgammon), lines the room adds (fairness of
//! the server's commitment, rating, a rematch offer) and what next.

use super::actions::{ActionButton, ActionButtons, ActionId};
use super::texts::{self, Seating};
use super::GameUi;
use crate::i18n::{tr_args, Lang};
use crate::play::{ButtonStyle, Table};
use dioxus::prelude::*;

/// A line of the card beyond the reason.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultLine {
    pub text: String,
    pub testid: &'static str,
    /// `data-ok` of a check (`true`, `false`, `pending`).
    pub ok: Option<&'static str>,
    pub class: &'static str,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResultInfo {
    pub headline: String,
    /// `human`, `bot`, `opponent`, `draw` or the winning side's class.
    pub winner: &'static str,
    pub reason: String,
    /// How it ended (`connection`, `resignation`, `timeout`…).
    pub ended_by: String,
    /// Points won and their text, for games that score them.
    pub points: Option<(u8, String)>,
    pub lines: Vec<ResultLine>,
    pub buttons: Vec<ActionButton>,
}

/// The result card of a finished game, offline and online: who won, why,
/// the points; the screen adds its lines and gives its `buttons`.
pub fn result_info<G: GameUi>(
    lang: Lang,
    seating: Seating,
    table: &Table<G>,
    buttons: Vec<ActionButton>,
) -> Option<ResultInfo> {
    let outcome = table.outcome?;
    let (headline, winner) = texts::headline::<G>(lang, seating, &table.view, outcome);
    Some(ResultInfo {
        headline,
        winner,
        reason: texts::reason::<G>(lang, seating, &table.view, outcome),
        ended_by: format!("{:?}", outcome.reason).to_lowercase(),
        points: (G::SCORES_POINTS || outcome.points > 1).then(|| {
            (
                outcome.points,
                tr_args(lang, "result-points", &[("points", outcome.points.to_string())]),
            )
        }),
        lines: Vec::new(),
        buttons,
    })
}

/// The card's Review button: the game is kept among the finished games.
pub fn review_button(lang: Lang) -> ActionButton {
    ActionButton::new(
        lang,
        ActionId::Review,
        "action-review",
        "open-review",
        ButtonStyle::Accent,
    )
}

/// The card's Rematch button, labelled `label` (online: already asked).
pub fn rematch_button(lang: Lang, label: &'static str) -> ActionButton {
    ActionButton::new(lang, ActionId::Rematch, label, "rematch", ButtonStyle::Primary)
}

#[component]
pub fn ResultCard(info: ResultInfo, on_action: EventHandler<ActionId>) -> Element {
    rsx! {
        div {
            class: "result-banner winner-{info.winner}",
            role: "status",
            "aria-live": "polite",
            "data-testid": "result-banner",
            "data-winner": "{info.winner}",
            "data-reason": "{info.ended_by}",
            "data-points": info.points.as_ref().map(|(p, _)| p.to_string()),
            div { class: "result-text",
                h2 { class: "result-title", "{info.headline}" }
                p { class: "result-reason", "data-testid": "result-reason", "{info.reason}" }
                if let Some((_, text)) = info.points.clone() {
                    p { class: "result-reason result-points", "data-testid": "result-points", "{text}" }
                }
                for line in info.lines.iter() {
                    p { key: "{line.testid}", class: "{line.class}", "data-testid": "{line.testid}", "data-ok": line.ok, "{line.text}" }
                }
            }
            div { class: "result-actions",
                ActionButtons { buttons: info.buttons.clone(), on_action }
            }
        }
    }
}
