//! The frame of every play screen, offline and online: top bar, status,
//! the game's notices, the bot's estimate, the opponent's strip above the
//! board and yours below it, a toast under the status, the action bar or
//! the result card, and the resign / leave sheets.

use super::actions::{ActionButton, ActionButtons, ActionId};
use super::log::{LogAction, LogState, LookBackBar, MoveLog};
use super::result::{ResultCard, ResultInfo};
use super::strip::{PlayerStrip, StripInfo};
use super::toast::{Toast, ToastLine};
use super::Notice;
use crate::components::sheet::Sheet;
use crate::components::zoom::{wrap_attributes, ZoomButton};
use crate::components::{game_name_key, TopBar};
use crate::i18n::{tr, tr_args, Lang};
use crate::Route;
use dioxus::prelude::*;
use papan_rules::GameId;

/// The status line.
#[derive(Clone, Debug, PartialEq)]
pub struct StatusInfo {
    pub text: String,
    /// The side class of whoever acts now (the dot's colour), or `none`.
    pub side: &'static str,
    pub over: bool,
    /// Show the thinking dots (the bot searches, an answer is awaited).
    pub busy: bool,
    /// Said after the status by a screen reader only (the dice rolled):
    /// what the board shows that the status line does not.
    pub spoken: Option<String>,
}

#[component]
pub fn PlayFrame(
    lang: Lang,
    game: GameId,
    back: Route,
    /// Extra items for the top bar (the connection dot online).
    top: Option<Element>,
    status: StatusInfo,
    notices: Vec<Notice>,
    /// The person's winning chance as the bot sees it: `Some(None)` while
    /// not known yet, `None` when not shown. Never shown once the game is
    /// over (`status.over`): the result is.
    estimate: Option<Option<f64>>,
    /// `[opponent, you]`; none while an online room waits for its second
    /// player.
    strips: Option<[StripInfo; 2]>,
    board: Element,
    toast: Option<Toast>,
    actions: Vec<ActionButton>,
    result: Option<ResultInfo>,
    /// What leaving costs (online).
    leave_warning: Option<String>,
    /// The move log, and which earlier position is shown.
    log: LogState,
    on_action: EventHandler<ActionId>,
    on_log: EventHandler<LogAction>,
) -> Element {
    let title = tr(lang, game_name_key(game));
    let looking_back = log.viewing.0.is_some();
    let mut confirm = use_signal(|| None::<ActionId>);
    let zoom = use_signal(|| None::<f64>);
    let (zoomed, zoom_style) = wrap_attributes(zoom());
    let over = result.is_some();
    let on_bar = EventHandler::new(move |id: ActionId| match id {
        ActionId::Resign | ActionId::Leave => confirm.set(Some(id)),
        other => on_action.call(other),
    });
    // A move held for confirmation: Escape anywhere on the screen drops
    // it; the Confirm button takes the focus, so Enter plays it.
    let holding = actions.iter().any(|b| b.id == ActionId::Cancel);
    use_effect(use_reactive!(|holding| {
        if holding {
            let _ =
                document::eval("setTimeout(() => document.querySelector('[data-testid=confirm-move]')?.focus(), 0)");
        }
    }));
    let on_key = move |e: KeyboardEvent| {
        if holding && e.key() == Key::Escape {
            e.prevent_default();
            on_action.call(ActionId::Cancel);
        }
    };
    let [top_strip, bottom_strip] = match strips {
        Some([a, b]) => [Some(a), Some(b)],
        None => [None, None],
    };
    rsx! {
        div { class: "screen play play-{game}", "data-game": "{game}", onkeydown: on_key,
            TopBar { lang, title, back: Some(back),
                {top}
                ZoomButton { lang, wrap: ".play .board-wrap", zoom }
            }
            main { class: "play-area area-{game}",
                div { class: "status-row",
                    StatusPill { lang, status: status.clone() }
                    ToastLine { toast }
                }
                // Always there (one line high when empty), so the board does not
                // move when a notice comes or goes.
                // Focusable: a rare third line scrolls inside, and a keyboard
                // must be able to scroll it too.
                div { class: "notices", role: "log", "aria-live": "polite", "aria-label": tr(lang, "notices-label"), tabindex: "0",
                    for n in notices.iter() {
                        p { key: "{n.testid}", class: "notice-line {n.kind}", "data-testid": "{n.testid}", "data-kind": "{n.kind}", "{n.text}" }
                    }
                }
                if let Some(chance) = estimate.filter(|_| !status.over) {
                    // Shown from the start (not only once known) so the board never jumps.
                    div { class: "estimate", "data-testid": "estimate",
                        div { class: "estimate-bar",
                            div { class: "estimate-fill", style: "width: {chance.unwrap_or(0.0) * 100.0:.0}%" }
                        }
                        span { class: "estimate-label",
                            match chance {
                                Some(p) => tr_args(lang, "estimate-label", &[("percent", format!("{:.0}", p * 100.0))]),
                                None => tr(lang, "estimate-pending"),
                            }
                        }
                    }
                }
                // The table: the opponent across the board, you on your side of it.
                div { class: "table",
                    if let Some(info) = top_strip {
                        PlayerStrip { info, lang }
                    }
                    div { class: "board-wrap board-{game}{zoomed}", style: "{zoom_style}", {board} }
                    if let Some(info) = bottom_strip {
                        PlayerStrip { info, lang }
                    }
                }
                MoveLog { lang, log: log.clone(), on_log }
            }
            if looking_back {
                LookBackBar { lang, log, on_log }
            } else if let Some(info) = result {
                ResultCard { info, on_action }
            } else {
                footer { class: if holding { "action-bar confirm-bar" } else { "action-bar" },
                    ActionButtons { buttons: actions.clone(), on_action: on_bar }
                }
            }
            if let Some(asked) = confirm() {
                if !over || asked == ActionId::Leave {
                    ConfirmSheet {
                        lang,
                        asked,
                        leave_warning: leave_warning.clone().unwrap_or_default(),
                        on_close: move |_| confirm.set(None),
                        on_confirm: move |id| {
                            confirm.set(None);
                            on_action.call(id);
                        },
                    }
                }
            }
        }
    }
}

/// The status line, a polite live region: whose turn or what to do, at most
/// two lines (the row keeps the height of two, so the board never moves),
/// then what only a screen reader needs said (the dice rolled).
#[component]
pub fn StatusPill(lang: Lang, status: StatusInfo) -> Element {
    let pill = if status.over {
        "turn-pill over".to_string()
    } else {
        format!("turn-pill turn-{}", status.side)
    };
    rsx! {
        span { class: "{pill}", "data-testid": "status", role: "status", "aria-live": "polite",
            span { class: "turn-dot" }
            // Two lines at most, in a row of fixed height: a longer
            // prompt never pushes the board down between two taps.
            span { class: "status-text", "{status.text}" }
            if let Some(spoken) = status.spoken.as_ref() {
                span { class: "sr-only", "data-testid": "status-spoken", ". {spoken}" }
            }
            if status.busy && !status.over {
                span { class: "thinking-dots", "data-testid": "thinking", "aria-label": tr(lang, "bot-thinking"),
                    span {} span {} span {}
                }
            }
        }
    }
}

/// "Resign this game?" / "Leave this game?", asked before either.
#[component]
fn ConfirmSheet(
    lang: Lang,
    asked: ActionId,
    leave_warning: String,
    on_close: EventHandler<()>,
    on_confirm: EventHandler<ActionId>,
) -> Element {
    let leaving = asked == ActionId::Leave;
    let (title, body, confirm_label, testid) = if leaving {
        (
            tr(lang, "online-leave-title"),
            leave_warning,
            tr(lang, "online-leave"),
            "leave-confirm",
        )
    } else {
        (
            tr(lang, "resign-title"),
            tr(lang, "resign-body"),
            tr(lang, "action-resign"),
            "resign-confirm",
        )
    };
    rsx! {
        Sheet { title, id: "confirm-sheet", on_close,
            p { "data-testid": if leaving { "leave-warning" } else { "resign-warning" }, "{body}" }
            div { class: "sheet-actions",
                button { class: "btn btn-ghost", "data-testid": "sheet-cancel", onclick: move |_| on_close.call(()), {tr(lang, "action-cancel")} }
                button { class: "btn btn-danger-solid", "data-testid": "{testid}", onclick: move |_| on_confirm.call(asked), "{confirm_label}" }
            }
        }
    }
}
