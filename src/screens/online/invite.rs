//! The invitation panel of a room opened with "Invite a friend" (the link,
//! the share sheet, a copy button and the QR code, shown on the waiting
//! card) and the lobby's list of recent opponents.

use crate::components::game_name_key;
use crate::i18n::{tr, tr_args, Lang};
use crate::online::account;
use crate::online::contacts::{self, RecentOpponent};
use crate::online::invite::{self, Invitation};
use crate::storage::Store;
use crate::timer::now_ms;
use dioxus::prelude::*;

/// Shares through the system sheet where there is one, else copies the
/// text and link; answers what it did (`shared`, `copied`, `none`).
const SHARE_JS: &str = r#"
const [text, url] = await dioxus.recv();
try {
  if (navigator.share) { await navigator.share({ title: 'Papan', text, url }); return 'shared'; }
} catch (e) { if (e && e.name === 'AbortError') return 'none'; }
try { await navigator.clipboard.writeText(text + ' ' + url); return 'copied'; } catch (e) { return 'none'; }
"#;

/// Copies the link; answers `copied` or `none`.
const COPY_JS: &str = r#"
const url = await dioxus.recv();
try { await navigator.clipboard.writeText(url); return 'copied'; } catch (e) { return 'none'; }
"#;

/// On the waiting card of a room: the invitation, when this device opened
/// the room to invite someone (nothing otherwise).
#[component]
pub fn InviteSlot(lang: Lang, code: String) -> Element {
    let note = use_hook({
        let code = code.clone();
        move || contacts::room_note(&Store::app(), &code)
    });
    let Some(note) = note.filter(|n| n.invited) else {
        return rsx! {};
    };
    let store = Store::app();
    let invitation = Invitation {
        game: note.game,
        code: note.code.clone(),
        tempo: invite::room_tempo(&note.options),
        from: contacts::my_name(&store),
    };
    let base = invite::served_from(&account::server(&store));
    let link = invite::invite_link(&base, &invitation);
    let text = invite::share_text(lang, note.game, note.opponent.as_deref());
    rsx! {
        InvitePanel { lang, link, text, friend: note.opponent.clone().unwrap_or_default() }
    }
}

#[component]
/// `friend`: the friend's name, or empty.
fn InvitePanel(lang: Lang, link: String, text: String, friend: String) -> Element {
    let mut said = use_signal(|| None::<&'static str>);
    let qr = invite::qr_path(&link);
    let share = {
        let (link, text) = (link.clone(), text.clone());
        move |_| {
            let (link, text) = (link.clone(), text.clone());
            spawn(async move {
                let eval = document::eval(SHARE_JS);
                let _ = eval.send((text, link));
                let done = eval.join::<String>().await.unwrap_or_default();
                said.set(match done.as_str() {
                    "copied" => Some("invite-copied"),
                    "shared" => None,
                    _ => Some("invite-copy-failed"),
                });
            });
        }
    };
    let copy = {
        let link = link.clone();
        move |_| {
            let link = link.clone();
            spawn(async move {
                let eval = document::eval(COPY_JS);
                let _ = eval.send(link);
                let done = eval.join::<String>().await.unwrap_or_default();
                said.set(Some(if done == "copied" {
                    "invite-copied"
                } else {
                    "invite-copy-failed"
                }));
            });
        }
    };
    let hint = if friend.is_empty() {
        tr(lang, "invite-send")
    } else {
        tr_args(lang, "invite-send-to", &[("friend", friend.clone())])
    };
    rsx! {
        div { class: "invite-panel", "data-testid": "invite-panel",
            p { class: "waiting-hint", {hint} }
            if let Some((size, d)) = qr {
                svg {
                    class: "invite-qr",
                    "data-testid": "invite-qr",
                    view_box: "0 0 {size} {size}",
                    role: "img",
                    "aria-label": tr(lang, "invite-qr"),
                    "shape-rendering": "crispEdges",
                    rect { width: "{size}", height: "{size}", fill: "#fff" }
                    path { d: "{d}", fill: "#000" }
                }
            }
            p { class: "invite-link", "data-testid": "invite-link", "{link}" }
            div { class: "invite-buttons",
                button { class: "btn btn-primary", "data-testid": "invite-share", onclick: share, {tr(lang, "invite-share")} }
                button { class: "btn btn-ghost", "data-testid": "invite-copy", onclick: copy, {tr(lang, "invite-copy")} }
            }
            if let Some(k) = said() {
                p { class: "invite-said", role: "status", "data-testid": "invite-said", {tr(lang, k)} }
            }
        }
    }
}

/// "Today", "yesterday" or "n days ago".
pub fn when_text(lang: Lang, when_ms: u64, now_ms: u64) -> String {
    let days = now_ms.saturating_sub(when_ms) / 86_400_000;
    match days {
        0 => tr(lang, "recent-today"),
        1 => tr(lang, "recent-yesterday"),
        n => tr_args(lang, "recent-days-ago", &[("days", n.to_string())]),
    }
}

/// The lobby's recent opponents; a tap invites one again.
#[component]
pub fn RecentList(lang: Lang, disabled: bool, on_invite: EventHandler<RecentOpponent>) -> Element {
    let kept = use_hook(|| contacts::recent(&Store::app()));
    let now = now_ms();
    match kept {
        Err(reason) => rsx! {
            p { class: "notice notice-error", "data-testid": "recent-unreadable",
                {tr_args(lang, "recent-unreadable", &[("reason", reason)])}
            }
        },
        Ok(list) if list.is_empty() => rsx! {},
        Ok(list) => rsx! {
            section { class: "field recent-field", "data-testid": "recent",
                h2 { class: "field-title", {tr(lang, "recent-title")} }
                p { class: "field-hint", {tr(lang, "recent-hint")} }
                ul { class: "recent-list",
                    for (i, entry) in list.into_iter().enumerate() {
                        li { key: "{i}",
                            button {
                                class: "recent-row",
                                "data-testid": "recent-opponent",
                                disabled,
                                onclick: {
                                    let entry = entry.clone();
                                    move |_| on_invite.call(entry.clone())
                                },
                                span { class: "recent-text",
                                    span { class: "recent-name", {entry.name.clone().unwrap_or_else(|| tr(lang, "recent-unnamed"))} }
                                    span { class: "recent-sub",
                                        {format!("{} · {} · {}", tr(lang, game_name_key(entry.game)), invite::tempo_text(lang, invite::room_tempo(&entry.options)), when_text(lang, entry.when_ms, now))}
                                    }
                                }
                                span { class: "recent-again", {tr(lang, "recent-invite")} }
                            }
                        }
                    }
                }
            }
        },
    }
}
