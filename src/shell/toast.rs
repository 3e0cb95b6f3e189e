//! The one short message of a play screen: why a tap did nothing, which
//! rule refused a move, a passing note from the room. It hangs under the
//! status line (never over the board's buttons) and goes after a moment;
//! a newer message replaces it.

use crate::timer;
use crate::Route;
use dioxus::prelude::*;
use papan_rules::RuleId;

/// How long a message stays.
pub const TOAST_MS: u32 = 2400;

#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub text: String,
    /// The rule a refusal names, shown beside the text.
    pub rule: Option<RuleId>,
}

/// The screen's toast slot.
#[derive(Clone, Copy, PartialEq)]
pub struct Toaster(Signal<Option<(u64, Toast)>>);

pub fn use_toaster() -> Toaster {
    Toaster(use_signal(|| None))
}

impl Toaster {
    pub fn show(self, text: String, rule: Option<RuleId>) {
        let mut slot = self.0;
        let id = slot.peek().as_ref().map_or(1, |(i, _)| i + 1);
        slot.set(Some((id, Toast { text, rule })));
        spawn(async move {
            timer::sleep_ms(TOAST_MS).await;
            if slot.peek().as_ref().is_some_and(|(i, _)| *i == id) {
                slot.set(None);
            }
        });
    }

    /// A message that is not a rule's refusal.
    pub fn say(self, text: String) {
        self.show(text, None);
    }

    pub fn current(self) -> Option<Toast> {
        self.0.read().as_ref().map(|(_, t)| t.clone())
    }
}

#[component]
pub fn ToastLine(toast: Option<Toast>) -> Element {
    let Some(toast) = toast else { return rsx! {} };
    let rule = toast.rule.map(|r| r.to_string());
    rsx! {
        div { class: "toast", role: "status", "aria-live": "polite", "data-testid": "toast",
            "data-rule": rule.clone().unwrap_or_default(),
            if let Some(rule) = toast.rule {
                RuleLink { rule }
            }
            "{toast.text}"
        }
    }
}

/// A refusal's rule id as a link to its entry on the rules page (the play
/// screen's toast and a lesson's feedback alike); nothing for a game
/// decided off the board, which has no entry.
#[component]
pub fn RuleLink(rule: RuleId) -> Element {
    let RuleId::Numbered { game, .. } = rule else {
        return rsx! {};
    };
    rsx! {
        Link { class: "toast-rule", "data-testid": "toast-rule", to: Route::RuleAt { game, rule: rule.to_string() }, "{rule}" }
    }
}
