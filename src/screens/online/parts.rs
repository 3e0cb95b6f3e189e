//! The pieces of the online room's frame: the connection dot, a player's
//! chip with clock and presence, and the card shown while waiting.

use crate::i18n::{tr, Lang};
use crate::online::session::Connection;
use dioxus::prelude::*;

#[component]
pub fn ConnectionDot(lang: Lang, connection: Connection) -> Element {
    let (class, label) = match &connection {
        Connection::Live => ("live", tr(lang, "online-live")),
        Connection::Connecting => ("connecting", tr(lang, "online-connecting")),
        Connection::Retrying { .. } => ("retrying", tr(lang, "online-reconnecting")),
        Connection::Lost(_) => ("lost", tr(lang, "online-offline")),
    };
    rsx! {
        span { class: "conn conn-{class}", "data-testid": "connection", "data-state": class, title: "{label}",
            span { class: "conn-dot" }
            span { class: "conn-label", "{label}" }
        }
    }
}

#[component]
pub fn PlayerChip(
    label: String,
    side: String,
    clock: Option<u64>,
    active: bool,
    badge: Option<String>,
    testid: &'static str,
) -> Element {
    let low = clock.is_some_and(|ms| ms < 10_000);
    rsx! {
        div { class: if active { "player-chip active" } else { "player-chip" }, "data-testid": "player-{testid}",
            div { class: "chip-names",
                span { class: "chip-label", "{label}" }
                span { class: "chip-side", "{side}" }
                if let Some(badge) = badge {
                    span { class: "chip-badge", "data-testid": "presence", "{badge}" }
                }
            }
            if let Some(ms) = clock {
                span { class: if low { "chip-clock low" } else { "chip-clock" }, "data-testid": "clock-{testid}", {format_clock(ms)} }
            }
        }
    }
}

#[component]
pub fn WaitingCard(lang: Lang, code: String, matchmaking: bool, on_cancel: EventHandler<MouseEvent>) -> Element {
    // Codes come from the server's alphabet (letters and digits): safe to
    // put in a script literal.
    let copy_js = format!("navigator.clipboard && navigator.clipboard.writeText('{code}');");
    rsx! {
        div { class: "waiting-card", "data-testid": "waiting", "data-matchmaking": "{matchmaking}",
            if matchmaking {
                p { class: "waiting-title", {tr(lang, "online-matching")} }
                p { class: "waiting-hint", {tr(lang, "online-matching-hint")} }
            } else {
                p { class: "waiting-title", {tr(lang, "online-waiting")} }
                p { class: "waiting-hint", {tr(lang, "online-share-code")} }
                button {
                    class: "room-code",
                    "data-testid": "room-code",
                    "aria-label": tr(lang, "online-copy-code"),
                    onclick: move |_| { let _ = document::eval(&copy_js); },
                    "{code}"
                }
            }
            div { class: "thinking-dots waiting-dots", span {} span {} span {} }
            button { class: "btn btn-ghost btn-block", "data-testid": "cancel-waiting", onclick: move |e| on_cancel.call(e), {tr(lang, "action-cancel")} }
        }
    }
}

/// `m:ss`, with tenths under ten seconds.
pub fn format_clock(ms: u64) -> String {
    if ms < 10_000 {
        format!("0:0{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let s = ms.div_ceil(1000);
        format!("{}:{:02}", s / 60, s % 60)
    }
}
