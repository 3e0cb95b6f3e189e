//! The pieces of an online room's frame: the connection dot and the card
//! shown while waiting for the second player.

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
        Connection::Moved => ("moved", tr(lang, "transfer-moved-short")),
    };
    rsx! {
        span { class: "conn conn-{class}", "data-testid": "connection", "data-state": class, title: "{label}",
            span { class: "conn-dot" }
            span { class: "conn-label", "{label}" }
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
                // A room opened with "Invite a friend": its link and QR code.
                crate::screens::online::InviteSlot { lang, code: code.clone() }
            }
            div { class: "thinking-dots waiting-dots", span {} span {} span {} }
            button { class: "btn btn-ghost btn-block", "data-testid": "cancel-waiting", onclick: move |e| on_cancel.call(e), {tr(lang, "action-cancel")} }
        }
    }
}
