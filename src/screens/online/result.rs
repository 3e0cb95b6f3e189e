//! The end of an online game: who won and why, the fairness check of the
//! server's commitment (Jun Qi, backgammon), the rating of a ranked game,
//! and rematch / leave.

use crate::i18n::{key, tr, tr_args, Lang};
use dioxus::prelude::*;
use papan_api::{GameKind, Rating, RoomStatus, Snapshot};
use papan_rules::{EndReason, Outcome, Seat};

#[component]
pub fn OnlineResult(
    snapshot: Snapshot,
    lang: Lang,
    /// The fairness check, once the server published its reveal.
    fairness: Option<Result<(), String>>,
    /// This device's rating after a ranked game.
    rating: Option<Rating>,
    /// An action is awaiting the server's answer.
    pending: bool,
    on_rematch: EventHandler<()>,
    on_leave: EventHandler<MouseEvent>,
) -> Element {
    let my_seat = snapshot.seat;
    let game = snapshot.options.game;
    let closed = snapshot.status == RoomStatus::Closed;
    let commits = matches!(game, GameKind::Junqi | GameKind::Backgammon);
    let my_rematch = snapshot.rematch_requested[snapshot.slot as usize];
    let their_rematch = snapshot.rematch_requested[1 - snapshot.slot as usize];
    // `human` (this device won) takes the offline banner's winning colour.
    let winner = winner_id(snapshot.outcome, my_seat);
    rsx! {
        div { class: "result-banner online-result winner-{winner}", role: "status", "data-testid": "result-banner",
            "data-winner": winner,
            div { class: "result-text",
                h2 { class: "result-title", {headline(lang, snapshot.outcome, my_seat)} }
                if let Some(outcome) = snapshot.outcome {
                    p { class: "result-reason", {reason_text(lang, outcome, my_seat)} }
                }
                if commits {
                    p { class: "fairness", "data-testid": "fairness",
                        "data-ok": match &fairness { Some(Ok(())) => "true", Some(Err(_)) => "false", None => "pending" },
                        match &fairness {
                            Some(Ok(())) => tr(lang, fairness_ok_key(game)),
                            Some(Err(reason)) => tr_args(lang, "online-fair-failed", &[("reason", reason.clone())]),
                            None => tr(lang, "online-fair-checking"),
                        }
                    }
                }
                if let Some(r) = rating {
                    p { class: "rating-line", "data-testid": "rating",
                        {tr_args(lang, if r.provisional { "online-rating-provisional" } else { "online-rating" }, &[("rating", format!("{:.0}", r.rating)), ("deviation", format!("{:.0}", r.deviation))])}
                    }
                }
                if closed {
                    p { class: "result-reason", {tr(lang, "online-room-closed")} }
                } else if their_rematch && !my_rematch {
                    p { class: "result-reason", {tr(lang, "online-rematch-offered")} }
                }
            }
            div { class: "result-actions",
                if !closed {
                    button {
                        class: "btn btn-primary",
                        "data-testid": "rematch",
                        disabled: my_rematch || pending,
                        onclick: move |_| on_rematch.call(()),
                        if my_rematch { {tr(lang, "online-rematch-asked")} } else { {tr(lang, "action-rematch")} }
                    }
                }
                button { class: "btn btn-ghost", "data-testid": "online-leave", onclick: move |e| on_leave.call(e), {tr(lang, "online-leave")} }
            }
        }
    }
}

pub fn winner_id(outcome: Option<Outcome>, me: Seat) -> &'static str {
    match outcome.map(|o| o.winner) {
        Some(Some(w)) if w == me => "human",
        Some(Some(_)) => "opponent",
        Some(None) => "draw",
        None => "none",
    }
}

pub fn headline(lang: Lang, outcome: Option<Outcome>, me: Seat) -> String {
    match outcome.map(|o| o.winner) {
        Some(Some(w)) if w == me => tr(lang, "result-you-win"),
        Some(Some(_)) => tr(lang, "online-you-lose"),
        Some(None) => tr(lang, "online-draw"),
        None => tr(lang, "online-room-closed"),
    }
}

pub fn reason_text(lang: Lang, outcome: Outcome, me: Seat) -> String {
    let mine = outcome.winner == Some(me);
    let key = match (outcome.reason, mine) {
        (EndReason::Resignation, true) => key("online-reason-they-resigned"),
        (EndReason::Resignation, false) => key("online-reason-you-resigned"),
        (EndReason::Timeout, true) => key("online-reason-their-time"),
        (EndReason::Timeout, false) => key("online-reason-your-time"),
        (EndReason::Abandoned, true) => key("online-reason-they-left"),
        (EndReason::Abandoned, false) => key("online-reason-you-left"),
        (EndReason::Connection, _) => key("online-reason-connection"),
        (EndReason::GoalReached, _) => key("online-reason-goal"),
        (EndReason::FlagCaptured, _) => key("online-reason-flag"),
        (EndReason::NoLegalAction, _) => key("online-reason-no-action"),
        (EndReason::NoMovablePiece, _) => key("online-reason-no-piece"),
        (EndReason::QuietDraw, _) => key("online-reason-quiet"),
        (EndReason::BoreOff, _) => key("online-reason-bore-off"),
    };
    let text = tr(lang, key);
    if outcome.points > 1 {
        format!(
            "{text} {}",
            tr_args(lang, "online-points", &[("points", outcome.points.to_string())])
        )
    } else {
        text
    }
}

pub fn fairness_ok_key(game: GameKind) -> &'static str {
    match game {
        GameKind::Junqi => key("online-fair-junqi"),
        _ => key("online-fair-dice"),
    }
}
