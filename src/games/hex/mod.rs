//! Hex in the app: the board, the tap state, and what the shell asks of it.

pub mod board;
pub mod geometry;
mod play;
pub mod tap;

use crate::i18n::{key, tr, Lang};
use crate::shell::slot::SlotState;
use crate::shell::{BoardProps, GameUi};
use crate::storage::Store;
use board::{HexBoard, HexMarks};
use dioxus::prelude::*;
use papan_rules::hex::{Colour, Hex};
use papan_rules::{Outcome, Seat};

static SLOT: GlobalSignal<SlotState<Hex>> = Signal::global(|| SlotState::load(&Store::app()));

pub fn colour_name(lang: Lang, colour: Colour) -> String {
    match colour {
        Colour::Red => tr(lang, "colour-red"),
        Colour::Blue => tr(lang, "colour-blue"),
    }
}

impl GameUi for Hex {
    fn slot() -> &'static GlobalSignal<SlotState<Hex>> {
        &SLOT
    }

    fn board(props: BoardProps<Hex>) -> Element {
        let table = props.table;
        let marks = HexMarks::of(&table, &props.tap, props.hint.as_ref());
        rsx! {
            HexBoard { view: table.view, marks, lang: props.lang, on_tap: props.on_input }
        }
    }

    fn side(lang: Lang, view: &Hex, seat: Seat) -> String {
        colour_name(lang, view.colour_of(seat))
    }

    fn side_class(view: &Hex, seat: Seat) -> &'static str {
        match view.colour_of(seat) {
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }

    fn board_reason(_outcome: Outcome) -> &'static str {
        key("reason-connection")
    }

    fn summary(position: &Hex) -> Option<String> {
        Some(format!("{0}×{0}", position.size()))
    }
}
