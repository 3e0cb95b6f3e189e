//! Jun Qi flip in the app: the board (a seat's view only), the tap state,
//! and what the shell asks of it — colours once decided (J8), who was drawn
//! to move first (J6), the last action with its combat, the quiet counter
//! (J19) and the piece statistics (J21).

pub mod board;
mod lesson;
pub mod names;
mod play;
pub mod setup;
pub mod stats;
pub mod tap;

use crate::i18n::{key, tr, tr_args, Lang};
use crate::play::Table;
use crate::shell::slot::SlotState;
use crate::shell::{BoardProps, GameUi, Notice};
use crate::storage::Store;
use board::{JunQiBoard, JunQiMarks};
use dioxus::prelude::*;
use names::{colour_name, last_action_line};
use papan_rules::junqi::{Colour, JunQi, JunQiView, QUIET_LIMIT};
use papan_rules::{EndReason, Outcome, Seat};
use stats::StatsPanel;
use tap::{JunQiCommand, JunQiTap};

/// From this many quiet plies on, the J19 counter is shown.
pub const QUIET_WARNING: u16 = 40;

static SLOT: GlobalSignal<SlotState<JunQi>> = Signal::global(|| SlotState::load(&Store::app()));

impl GameUi for JunQi {
    const NAME_KEY: &'static str = key("game-junqi");
    const TAGLINE_KEY: &'static str = key("game-junqi-tagline");
    const FAIRNESS_KEY: Option<&'static str> = Some(key("online-fair-junqi"));
    const LEAVE_KEY: &'static str = key("online-leave-body-junqi");

    /// J3, J4: roads, railways, camps and the mountains, at the start.
    fn rule_picture(number: u8) -> Option<(papan_rules::junqi::JunQiOptions, u64, &'static [&'static str])> {
        (number == 4).then_some((Default::default(), 1, &[]))
    }

    fn art() -> Element {
        rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                rect { x: "8", y: "8", width: "48", height: "48", rx: "6", class: "art-board" }
                rect { x: "15", y: "18", width: "14", height: "10", rx: "2", class: "art-red" }
                rect { x: "35", y: "36", width: "14", height: "10", rx: "2", class: "art-blue" }
                rect { x: "35", y: "18", width: "14", height: "10", rx: "2", class: "art-wall" }
            }
        }
    }

    fn setup(lang: Lang) -> Element {
        rsx! { setup::JunQiSetup { lang } }
    }

    /// J20: every move has 30 seconds online; the lobby says so.
    fn room_fields(lang: Lang, _options: Signal<papan_api::GameOptions>) -> Element {
        rsx! {
            p { class: "field-hint", {tr(lang, "online-junqi-limit")} }
        }
    }

    fn slot() -> &'static GlobalSignal<SlotState<JunQi>> {
        &SLOT
    }

    fn board(props: BoardProps<JunQi>) -> Element {
        let (table, tap) = (&props.table, &props.tap);
        let marks = JunQiMarks::of(table, tap, props.hint.as_ref());
        let on_command = props.on_command;
        let stats_open = tap.stats_open();
        let view = table.view.clone();
        rsx! {
            JunQiBoard { view: table.view.clone(), marks, lang: props.lang, on_tap: props.on_input }
            if stats_open {
                StatsPanel { view, lang: props.lang, on_close: move |_| on_command.call(JunQiCommand::Stats) }
            }
        }
    }

    /// The colour `seat` holds, once decided (J8).
    fn side(lang: Lang, view: &JunQiView, seat: Seat) -> String {
        match view.colour_of(seat) {
            Some(colour) => colour_name(lang, colour),
            None => tr(lang, "junqi-colour-pending"),
        }
    }

    fn side_class(view: &JunQiView, seat: Seat) -> &'static str {
        match view.colour_of(seat) {
            Some(Colour::Red) => "red",
            Some(Colour::Blue) => "blue",
            None => "none",
        }
    }

    /// J7: a reveal is written `flip c3` (the notation's word, as saved
    /// and sent); the log says it in the person's language.
    fn said_move(lang: Lang, text: String) -> String {
        match text.strip_prefix("flip ") {
            Some(square) => tr_args(lang, "junqi-log-flip", &[("square", square.to_string())]),
            None => text,
        }
    }

    fn notices(lang: Lang, table: &Table<JunQi>, _tap: &JunQiTap, who: &dyn Fn(Seat) -> String) -> Vec<Notice> {
        let view = &table.view;
        let mut out = Vec::new();
        let mut add = |text, kind, testid| out.push(Notice { text, kind, testid });
        // What the opponent just did comes first: on a narrow phone the
        // notices hold two lines, and the rest scrolls beneath it.
        if let Some(text) = last_action_line(lang, view, who) {
            add(text, "last", "junqi-last-action");
        }
        if view.my_colour().is_none() && !table.is_over() {
            let seat = view.to_move().unwrap_or(table.viewer);
            let text = match view.reveal_streak(seat) {
                Some(colour) => tr_args(
                    lang,
                    "junqi-colour-streak",
                    &[("who", who(seat)), ("colour", colour_name(lang, colour))],
                ),
                None => tr(lang, "junqi-colour-hint"),
            };
            add(text, "colours", "junqi-colours");
        }
        if table.ply < 2 && !table.is_over() {
            if let Some(first) = first_mover(table) {
                add(
                    tr_args(lang, "junqi-first-mover", &[("who", who(first))]),
                    "info",
                    "junqi-first-mover",
                );
            }
        }
        let quiet = view.quiet_plies();
        if quiet >= QUIET_WARNING && !table.is_over() {
            add(
                tr_args(
                    lang,
                    "junqi-quiet",
                    &[("count", quiet.to_string()), ("limit", QUIET_LIMIT.to_string())],
                ),
                "warn",
                "junqi-quiet",
            );
        }
        out
    }

    const SAYS_LAST_MOVE: bool = true;

    /// Your own attack's result (who fell), kept in view under the reply.
    fn own_result(lang: Lang, view: &JunQiView, who: &dyn Fn(Seat) -> String) -> Option<String> {
        let last = view.last_action()?;
        (!last.removed.is_empty())
            .then(|| last_action_line(lang, view, who))
            .flatten()
    }

    fn board_reason(outcome: Outcome) -> &'static str {
        match outcome.reason {
            EndReason::FlagCaptured => key("reason-flag"),
            EndReason::NoLegalAction => key("reason-no-action"),
            EndReason::NoMovablePiece if outcome.winner.is_none() => key("reason-both-stuck"),
            EndReason::NoMovablePiece => key("reason-no-movable"),
            _ => key("reason-quiet"),
        }
    }
}

/// The seat drawn to move first (J6): the seat to move before any action,
/// else the one that acted on the first ply.
fn first_mover(table: &Table<JunQi>) -> Option<Seat> {
    match table.ply {
        0 => table.to_move(),
        _ => table.last.as_ref().map(|(seat, _)| *seat),
    }
}
