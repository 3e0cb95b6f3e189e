//! The board of an online room: the game's own board component, rebuilt
//! from each server snapshot. A tap that makes a move shows it at once
//! (optimistic) and sends it; until the answer comes the board shows the
//! local move, and if the server refuses, the snapshot — unchanged — is
//! drawn again, which is the rollback.

use super::{backgammon::OnlineBackgammon, hadang::OnlineHadang, hex::OnlineHex, junqi::OnlineJunQi};
use crate::i18n::{tr, Lang};
use dioxus::prelude::*;
use papan_api::{Action, GameKind, Snapshot};

/// A board state made on this device ahead of the server: a previewed or
/// sent move on top of the snapshot at `version`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ahead<C> {
    pub version: u64,
    pub state: C,
    /// Sent to the server (else only a local preview, like a ghost stone).
    pub sent: bool,
}

impl<C> Ahead<C> {
    /// A local state not sent (a selection, a ghost stone or wall).
    pub fn local(version: u64, state: C) -> Ahead<C> {
        Ahead {
            version,
            state,
            sent: false,
        }
    }

    /// A move made here and sent, shown until the server answers.
    pub fn sent(version: u64, state: C) -> Ahead<C> {
        Ahead {
            version,
            state,
            sent: true,
        }
    }
}

impl<C: Clone> Ahead<C> {
    /// What to draw: the local state while it is still ahead of the same
    /// snapshot (a sent one only while its answer is awaited).
    pub fn pick(ahead: Option<&Ahead<C>>, version: u64, pending: bool, base: C) -> C {
        match ahead {
            Some(a) if a.version == version && (!a.sent || pending) => a.state.clone(),
            _ => base,
        }
    }
}

/// The board's short message (why a tap did nothing), gone after a moment.
#[derive(Clone, Copy, PartialEq)]
pub struct BoardToast(Signal<Option<&'static str>>);

pub fn use_board_toast() -> BoardToast {
    BoardToast(use_signal(|| None))
}

impl BoardToast {
    /// Shows the Fluent key's text for two seconds.
    pub fn show(self, reason: &'static str) {
        let mut shown = self.0;
        shown.set(Some(reason));
        spawn(async move {
            crate::timer::sleep_ms(2000).await;
            if *shown.peek() == Some(reason) {
                shown.set(None);
            }
        });
    }

    pub fn view(self, lang: Lang) -> Element {
        match (self.0)() {
            Some(reason) => rsx! {
                div { class: "toast", role: "status", "data-testid": "board-toast", {tr(lang, reason)} }
            },
            None => rsx! {},
        }
    }
}

/// `human` when this device may act, else `remote` (board styling and the
/// browser tests' contract).
pub fn turn_attr(can_act: bool) -> String {
    if can_act { "human" } else { "remote" }.to_string()
}

#[component]
pub fn OnlineBoard(
    snapshot: Snapshot,
    can_act: bool,
    pending: bool,
    lang: Lang,
    on_action: EventHandler<Action>,
) -> Element {
    match snapshot.options.game {
        GameKind::Hex => rsx! { OnlineHex { snapshot, can_act, pending, lang, on_action } },
        GameKind::Hadang => rsx! { OnlineHadang { snapshot, can_act, pending, lang, on_action } },
        GameKind::Backgammon => rsx! { OnlineBackgammon { snapshot, can_act, pending, lang, on_action } },
        GameKind::Junqi => rsx! { OnlineJunQi { snapshot, can_act, pending, lang, on_action } },
    }
}

/// Whether a due roll is this device's to ask for: the seat whose turn it
/// starts (either seat at the opening roll). The server would take the roll
/// from either seat, but offering it to the waiting player would be wrong.
pub fn roll_is_mine(snapshot: &Snapshot) -> bool {
    snapshot.roll_due
        && snapshot.options.game == GameKind::Backgammon
        && super::backgammon::controller(snapshot).is_ok_and(|game| game.can_roll())
}

/// What each seat plays as (Red/Blue, White/Black, …), indexed by seat.
pub fn side_labels(lang: Lang, snapshot: &Snapshot) -> [String; 2] {
    match snapshot.options.game {
        GameKind::Hex => super::hex::side_labels(lang, snapshot),
        GameKind::Hadang => super::hadang::side_labels(lang, snapshot),
        GameKind::Backgammon => super::backgammon::side_labels(lang, snapshot),
        GameKind::Junqi => super::junqi::side_labels(lang, snapshot),
    }
}

/// Shown instead of a board the snapshot cannot be turned into (a server
/// and app that disagree on the rules): says why rather than crash.
#[component]
pub fn BoardError(lang: Lang, reason: String) -> Element {
    rsx! {
        div { class: "notice notice-error", role: "alert", "data-testid": "board-error",
            p { {tr(lang, "online-board-error")} }
            p { class: "muted", "{reason}" }
        }
    }
}
