//! Hex in the app: the board, the tap state, and what the shell asks of it.

pub mod board;
pub mod geometry;
mod lesson;
mod play;
pub mod room;
pub mod setup;
pub mod tap;

use crate::i18n::{key, tr, Lang};
use crate::shell::slot::SlotState;
use crate::shell::{BoardProps, GameUi};
use crate::storage::Store;
use board::{HexBoard, HexMarks};
use dioxus::prelude::*;
use papan_rules::hex::{Colour, Hex, HexOptions};
use papan_rules::{Outcome, Seat};

static SLOT: GlobalSignal<SlotState<Hex>> = Signal::global(|| SlotState::load(&Store::app()));

pub fn colour_name(lang: Lang, colour: Colour) -> String {
    match colour {
        Colour::Red => tr(lang, "colour-red"),
        Colour::Blue => tr(lang, "colour-blue"),
    }
}

impl GameUi for Hex {
    const NAME_KEY: &'static str = key("game-hex");
    const TAGLINE_KEY: &'static str = key("game-hex-tagline");

    /// The lessons' board, the smallest.
    fn lesson_options() -> HexOptions {
        HexOptions { size: 7, swap: false }
    }

    /// X3: the edges each colour owns, on the smallest board.
    fn rule_picture(number: u8) -> Option<(HexOptions, u64, &'static [&'static str])> {
        (number == 3).then_some((HexOptions { size: 7, swap: false }, 0, &[]))
    }

    fn art() -> Element {
        rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                polygon { points: "32,6 54,19 54,45 32,58 10,45 10,19", class: "art-hex" }
                circle { cx: "24", cy: "26", r: "6", class: "art-red" }
                circle { cx: "40", cy: "26", r: "6", class: "art-blue" }
                circle { cx: "32", cy: "40", r: "6", class: "art-red" }
            }
        }
    }

    fn setup(lang: Lang) -> Element {
        rsx! { setup::HexSetup { lang } }
    }

    fn room_fields(lang: Lang, options: Signal<papan_api::GameOptions>) -> Element {
        rsx! { room::HexRoomFields { lang, options } }
    }

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
