//! The action bar under the board, the same for every game offline and
//! online: the game's own buttons first, then Undo, Resign and (online)
//! Leave. A button every game needs is added here, once.

use crate::i18n::{tr, Lang};
use crate::play::{Button, ButtonStyle};
use dioxus::prelude::*;

/// What a button of the bar (or of the result card) does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ActionId {
    /// The game's own button at this index of its list.
    Game(usize),
    Undo,
    /// Ask the Expert for a move (offline, against a bot).
    Hint,
    Resign,
    Leave,
    Rematch,
    /// Open the finished game's review.
    Review,
    Home,
    /// Play the move held for confirmation (confirm moves).
    Confirm,
    /// Drop the move held for confirmation.
    Cancel,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ActionButton {
    pub id: ActionId,
    pub label: String,
    pub testid: &'static str,
    pub style: ButtonStyle,
    pub enabled: bool,
    pub pressed: Option<bool>,
}

impl ActionButton {
    /// An enabled, unpressable button with a translated label.
    pub fn new(lang: Lang, id: ActionId, label: &str, testid: &'static str, style: ButtonStyle) -> ActionButton {
        ActionButton {
            id,
            label: tr(lang, label),
            testid,
            style,
            enabled: true,
            pressed: None,
        }
    }
}

/// Where the bar is shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BarMode {
    /// A game on this device: Undo is always there, greyed out when
    /// nothing can be taken back.
    Offline,
    /// A room on the server: nothing is taken back once sent (Undo only
    /// while part of a move is built here), and one can leave.
    Online,
}

/// The game's own buttons, as bar buttons `ActionId::Game(index)`.
pub fn game_buttons<C>(lang: Lang, game: &[Button<C>]) -> Vec<ActionButton> {
    game.iter()
        .enumerate()
        .map(|(i, b)| ActionButton {
            id: ActionId::Game(i),
            label: tr(lang, b.label),
            testid: b.testid,
            style: b.style,
            enabled: b.enabled,
            pressed: b.pressed,
        })
        .collect()
}

/// The bar: the game's buttons, Undo, Hint (`Some(enabled)` against a
/// bot), Resign, Leave; only the game's while one of them is modal.
pub fn bar<C>(lang: Lang, game: &[Button<C>], mode: BarMode, can_undo: bool, hint: Option<bool>) -> Vec<ActionButton> {
    let mut out = game_buttons(lang, game);
    if game.iter().any(|b| b.modal) {
        return out;
    }
    let mut add = |id, label: &str, testid, style, enabled| {
        out.push(ActionButton {
            enabled,
            ..ActionButton::new(lang, id, label, testid, style)
        });
    };
    // Offline, Undo keeps its place, greyed out when nothing can go back.
    if mode == BarMode::Offline || can_undo {
        add(ActionId::Undo, "action-undo", "undo", ButtonStyle::Ghost, can_undo);
    }
    if let Some(enabled) = hint {
        add(ActionId::Hint, "action-hint", "hint", ButtonStyle::Ghost, enabled);
    }
    add(ActionId::Resign, "action-resign", "resign", ButtonStyle::Danger, true);
    if mode == BarMode::Online {
        add(ActionId::Leave, "online-leave", "leave", ButtonStyle::Ghost, true);
    }
    out
}

/// The bar while a move is held for confirmation (confirm moves): only
/// Confirm and Cancel, big targets, like a game's modal buttons.
pub fn confirm_bar(lang: Lang) -> Vec<ActionButton> {
    vec![
        ActionButton::new(
            lang,
            ActionId::Confirm,
            "action-confirm",
            "confirm-move",
            ButtonStyle::Primary,
        ),
        ActionButton::new(
            lang,
            ActionId::Cancel,
            "action-cancel",
            "cancel-move",
            ButtonStyle::Ghost,
        ),
    ]
}

/// The CSS classes of a button style.
pub fn button_class(style: ButtonStyle) -> &'static str {
    match style {
        ButtonStyle::Primary => "btn btn-primary",
        ButtonStyle::Accent => "btn btn-accent",
        ButtonStyle::Ghost => "btn btn-ghost",
        ButtonStyle::Danger => "btn btn-ghost btn-danger",
    }
}

/// A row's buttons (the bar's, the result card's, a lesson's), drawn the
/// same way everywhere: a toggle says so with `aria-pressed`.
#[component]
pub fn ActionButtons(buttons: Vec<ActionButton>, on_action: EventHandler<ActionId>) -> Element {
    rsx! {
        for b in buttons {
            {
                let id = b.id;
                let toggled = if b.pressed == Some(true) { " toggled" } else { "" };
                rsx! {
                    button {
                        key: "{b.testid}",
                        class: "{button_class(b.style)}{toggled}",
                        "data-testid": "{b.testid}",
                        disabled: !b.enabled,
                        "aria-pressed": b.pressed.map(|p| p.to_string()),
                        onclick: move |_| on_action.call(id),
                        "{b.label}"
                    }
                }
            }
        }
    }
}
