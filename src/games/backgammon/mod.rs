//! Backgammon in the app: the board, the tap state, and what the shell asks
//! of it (pip counts on the strips; the opening roll, a pass and a forced
//! play as notices; points on the result card).

pub mod board;
pub mod geometry;
mod lesson;
mod play;
pub mod setup;
pub mod tap;

use crate::i18n::{key, tr, tr_args, Lang};
use crate::play::Table;
use crate::shell::slot::SlotState;
use crate::shell::{BoardProps, Fact, GameUi, Notice};
use crate::storage::Store;
use board::{colour_class, BackgammonBoard, BgMarks};
use dioxus::prelude::*;
use papan_rules::backgammon::{Backgammon, BgMove};
use papan_rules::{Outcome, Seat};
use tap::BgTap;

static SLOT: GlobalSignal<SlotState<Backgammon>> = Signal::global(|| SlotState::load(&Store::app()));

fn seat_name(lang: Lang, seat: Seat) -> String {
    match seat {
        Seat::First => tr(lang, "backgammon-white"),
        Seat::Second => tr(lang, "backgammon-black"),
    }
}

impl GameUi for Backgammon {
    const NAME_KEY: &'static str = key("game-backgammon");
    const TAGLINE_KEY: &'static str = key("game-backgammon-tagline");
    const FAIRNESS_KEY: Option<&'static str> = Some(key("online-fair-dice"));

    fn art() -> Element {
        rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                rect { x: "8", y: "8", width: "48", height: "48", rx: "6", class: "art-board" }
                polygon { points: "12,12 18,12 15,34", class: "art-red" }
                polygon { points: "46,52 52,52 49,30", class: "art-blue" }
                rect { x: "26", y: "26", width: "12", height: "12", rx: "3", class: "art-wall" }
            }
        }
    }

    fn setup(lang: Lang) -> Element {
        rsx! { setup::BackgammonSetup { lang } }
    }

    const SCORES_POINTS: bool = true;

    fn slot() -> &'static GlobalSignal<SlotState<Backgammon>> {
        &SLOT
    }

    fn board(props: BoardProps<Backgammon>) -> Element {
        let marks = BgMarks::of(&props.table, &props.tap, props.hint.as_ref());
        rsx! {
            BackgammonBoard { marks, lang: props.lang, on_tap: props.on_input }
        }
    }

    /// White is the first seat (B1).
    fn side(lang: Lang, _view: &Backgammon, seat: Seat) -> String {
        seat_name(lang, seat)
    }

    fn side_class(_view: &Backgammon, seat: Seat) -> &'static str {
        colour_class(seat)
    }

    fn facts(lang: Lang, table: &Table<Backgammon>, tap: &BgTap, seat: Seat) -> Vec<Fact> {
        let pips = BgMarks::checkers(table, tap).pips[usize::from(seat != table.bottom)];
        vec![Fact {
            name: "pips",
            value: pips.to_string(),
            text: tr_args(lang, "backgammon-pip-count", &[("pips", pips.to_string())]),
        }]
    }

    /// The opening roll (B4), a roll that cannot be played (B12), a play
    /// filled in because it was forced (B11).
    fn notices(lang: Lang, table: &Table<Backgammon>, tap: &BgTap, _who: &dyn Fn(Seat) -> String) -> Vec<Notice> {
        if table.is_over() {
            return Vec::new();
        }
        let notice = |text, kind| {
            vec![Notice {
                text,
                kind,
                testid: "notice",
            }]
        };
        let view = &table.view;
        let nobody_can_move = view.dice().is_some() && view.legal_plays().is_empty();
        if nobody_can_move {
            let key = if table.moving() {
                "backgammon-no-move"
            } else {
                "backgammon-no-move-other"
            };
            return notice(tr(lang, key), "pass");
        }
        if tap.turn(table).is_some_and(|t| t.forced_played() && t.is_complete()) {
            return notice(tr(lang, "backgammon-forced"), "forced");
        }
        match table.history.first() {
            Some(BgMove::Opening { white, black }) if table.ply <= 2 => {
                let starter = seat_name(lang, if white > black { Seat::First } else { Seat::Second });
                notice(
                    tr_args(
                        lang,
                        "backgammon-opening",
                        &[
                            ("white", white.to_string()),
                            ("black", black.to_string()),
                            ("starter", starter),
                        ],
                    ),
                    "opening",
                )
            }
            _ => Vec::new(),
        }
    }

    /// The dice rolled, for a screen reader: the status says only whose turn.
    fn spoken_status(lang: Lang, table: &Table<Backgammon>) -> Option<String> {
        table.view.dice().map(|dice| board::dice_words(lang, dice))
    }

    /// Single, gammon or backgammon (B16–B18).
    fn board_reason(outcome: Outcome) -> &'static str {
        match outcome.points {
            3 => key("reason-backgammon"),
            2 => key("reason-gammon"),
            _ => key("reason-single"),
        }
    }
}
