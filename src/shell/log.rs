//! The move log under the board and the bar for looking back: each game's
//! notation in a scrollable row, the latest move in view; a tap on a move
//! shows that position read-only until "Back to the game".

use crate::i18n::{tr, tr_args, Lang};
use crate::play::history::{LogEntry, Viewing};
use crate::play::Table;
use crate::shell::GameUi;
use dioxus::prelude::*;

/// One move of the log as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub entry: LogEntry,
    /// What the person reads: number and move, in their language
    /// ([`log_line`]).
    pub text: String,
    /// The mover's side class (the dot's colour).
    pub side_class: &'static str,
}

/// What the person asked of the log.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LogAction {
    /// Look at the position after this many plies.
    Show(usize),
    Back,
    Forward,
    /// Back to the game being played.
    Live,
}

/// Where the log is looking, with what the bar says about it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogState {
    pub lines: Vec<LogLine>,
    pub viewing: Viewing,
    /// Plies in the whole game.
    pub total: usize,
    /// Earlier positions can be shown (Jun Qi online: once the layout is
    /// revealed at the end).
    pub browsable: bool,
}

impl LogState {
    /// The log of a game's `entries` (of `total` plies) as the frame shows
    /// it, offline and online alike: each move in the person's words with
    /// its mover's side, looking at `viewing` while it is an earlier
    /// position that can be shown.
    pub fn of<G: GameUi>(
        lang: Lang,
        live: &Table<G>,
        entries: impl IntoIterator<Item = LogEntry>,
        total: usize,
        viewing: Viewing,
        browsable: bool,
    ) -> LogState {
        LogState {
            lines: entries
                .into_iter()
                .map(|entry| LogLine {
                    side_class: G::side_class(&live.view, entry.seat),
                    text: log_line::<G>(lang, &entry),
                    entry,
                })
                .collect(),
            viewing: Viewing(viewing.0.filter(|&plies| plies < total && browsable)),
            total,
            browsable,
        }
    }

    /// The log line of the position shown (the last move when live).
    pub fn current(&self) -> Option<&LogLine> {
        let shown = self.viewing.0.unwrap_or(self.total);
        self.lines.iter().rev().find(|l| l.entry.plies <= shown)
    }

    /// What `action` makes of the view.
    pub fn apply(&self, action: LogAction) -> Viewing {
        let log: Vec<LogEntry> = self.lines.iter().map(|l| l.entry.clone()).collect();
        match action {
            LogAction::Show(plies) => Viewing::of(plies, self.total),
            LogAction::Back => self.viewing.back(&log, self.total),
            LogAction::Forward => self.viewing.forward(&log, self.total),
            LogAction::Live => Viewing(None),
        }
    }
}

/// A log entry as a person reads it in `lang`: [`line_text`] with the move
/// said by its game ([`GameUi::said_move`]).
pub fn log_line<G: GameUi>(lang: Lang, entry: &LogEntry) -> String {
    line_text(&LogEntry {
        text: G::said_move(lang, entry.text.clone()),
        ..entry.clone()
    })
}

/// "12. e5" / "3. 6-1 13/7 8/7".
pub fn line_text(entry: &LogEntry) -> String {
    match &entry.chance {
        Some(chance) => format!("{}. {chance} {}", entry.number, entry.text),
        None => format!("{}. {}", entry.number, entry.text),
    }
}

#[component]
pub fn MoveLog(lang: Lang, log: LogState, on_log: EventHandler<LogAction>) -> Element {
    let count = log.lines.len();
    let shown = log.current().map(|l| l.entry.plies);
    let looking_back = log.viewing.0.is_some();
    // Keep the newest move in view as the game goes on (not while looking back).
    use_effect(use_reactive!(|count, looking_back| {
        if !looking_back && count > 0 {
            let _ = document::eval(
                "const l = document.querySelector('[data-testid=move-log]'); if (l) l.scrollLeft = l.scrollWidth;",
            );
        }
    }));
    rsx! {
        nav { class: "move-log", "data-testid": "move-log", "aria-label": tr(lang, "log-label"),
            if log.lines.is_empty() {
                span { class: "move-log-empty", {tr(lang, "log-empty")} }
            }
            ol {
                for line in log.lines.iter() {
                    li { key: "{line.entry.plies}",
                        button {
                            class: "log-entry side-{line.side_class}",
                            "data-testid": "log-entry",
                            "data-plies": "{line.entry.plies}",
                            "aria-current": if looking_back && shown == Some(line.entry.plies) { "true" } else { "false" },
                            disabled: !log.browsable,
                            onclick: {
                                let plies = line.entry.plies;
                                move |_| on_log.call(LogAction::Show(plies))
                            },
                            span { class: "log-dot", "aria-hidden": "true" }
                            "{line.text}"
                        }
                    }
                }
            }
        }
    }
}

/// Replaces the action bar while an earlier position is shown.
#[component]
pub fn LookBackBar(lang: Lang, log: LogState, on_log: EventHandler<LogAction>) -> Element {
    let shown = log.viewing.0.unwrap_or(log.total);
    let at_start = shown == 0;
    let label = match log.current() {
        Some(line) if shown > 0 => tr_args(
            lang,
            "log-viewing",
            &[("move", line.text.clone()), ("moves", log.lines.len().to_string())],
        ),
        _ => tr(lang, "log-viewing-start"),
    };
    rsx! {
        footer { class: "action-bar look-back", "data-testid": "look-back",
            p { class: "look-back-label", "data-testid": "look-back-label", role: "status", "aria-live": "polite", "{label}" }
            div { class: "look-back-buttons",
                button { class: "btn btn-ghost", "data-testid": "log-back", disabled: at_start,
                    "aria-label": tr(lang, "log-previous"),
                    onclick: move |_| on_log.call(LogAction::Back), "◀" }
                button { class: "btn btn-ghost", "data-testid": "log-forward",
                    "aria-label": tr(lang, "log-next"),
                    onclick: move |_| on_log.call(LogAction::Forward), "▶" }
                button { class: "btn btn-primary", "data-testid": "log-live",
                    onclick: move |_| on_log.call(LogAction::Live), {tr(lang, "log-live")} }
            }
        }
    }
}
