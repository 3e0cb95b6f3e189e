//! What every board shares for keyboard and screen-reader play: the keys
//! (arrows move the one tab stop, Enter or Space taps it), moving focus
//! inside a board, and the state words a spoken name ends with.

use crate::i18n::{tr_args, Lang};
use dioxus::prelude::*;

/// Enter or Space: tap the focused element.
pub fn activates(key: &Key) -> bool {
    *key == Key::Enter || *key == Key::Character(" ".into())
}

/// An arrow key's direction on the screen: `(right, up)`, each −1, 0 or 1.
pub fn arrow(key: &Key) -> Option<(i8, i8)> {
    match key {
        Key::ArrowLeft => Some((-1, 0)),
        Key::ArrowRight => Some((1, 0)),
        Key::ArrowUp => Some((0, 1)),
        Key::ArrowDown => Some((0, -1)),
        _ => None,
    }
}

/// Moves keyboard focus to the element `selector` names inside the board
/// whose `data-testid` is `board`.
pub fn focus_in(board: &str, selector: &str) {
    let js = format!(
        "document.querySelector('[data-testid=\"{board}\"] {}')?.focus()",
        selector.replace('\'', "\\'")
    );
    let _ = document::eval(&js);
}

/// Moves keyboard focus to `selector` inside the board `board` only when
/// focus was lost to the page: the button just pressed went away (HADANG's
/// Wall turns into Cancel), so the keyboard goes on in the board, not at the
/// top of the page. Focus anywhere else stays where it is.
pub fn focus_if_lost(board: &str, selector: &str) {
    let js = format!(
        "const a = document.activeElement; if (!a || a === document.body) \
         document.querySelector('[data-testid=\"{board}\"] {}')?.focus({{preventScroll: true}})",
        selector.replace('\'', "\\'")
    );
    let _ = document::eval(&js);
}

/// A spoken name with the states that apply appended: "…, selected",
/// "…, you can move here", "…, last move".
pub fn with_states(lang: Lang, name: String, selected: bool, target: bool, last: bool) -> String {
    let mut name = name;
    for (on, key) in [
        (selected, "spot-selected"),
        (target, "spot-target"),
        (last, "cell-last-move"),
    ] {
        if on {
            name = tr_args(lang, key, &[("name", name)]);
        }
    }
    name
}
