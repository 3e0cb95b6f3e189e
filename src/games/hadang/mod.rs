//! HADANG in the app: the board, the tap state, and what the shell asks of it.

pub mod board;
pub mod geometry;
mod lesson;
mod play;
pub mod room;
pub mod setup;
pub mod tap;

use crate::i18n::{key, tr, tr_args, Lang};
use crate::play::Table;
use crate::shell::slot::SlotState;
use crate::shell::texts::player_key;
use crate::shell::{BoardProps, Fact, GameUi};
use crate::storage::Store;
use board::{seat_class, HadangBoard, HadangMarks};
use dioxus::prelude::*;
use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::{Outcome, Seat, SeatView};
use tap::HadangTap;

static SLOT: GlobalSignal<SlotState<Hadang>> = Signal::global(|| SlotState::load(&Store::app()));

impl GameUi for Hadang {
    const NAME_KEY: &'static str = key("game-hadang");
    const TAGLINE_KEY: &'static str = key("game-hadang-tagline");

    /// H3, H12: walls two cells long in the grooves, never crossing.
    fn rule_picture(number: u8) -> Option<(papan_rules::hadang::HadangOptions, u64, &'static [&'static str])> {
        (number == 3).then_some((Default::default(), 0, &["e2", "e8", "d5h", "e6v", "c3v"]))
    }

    fn art() -> Element {
        rsx! {
            svg { class: "game-art", view_box: "0 0 64 64", "aria-hidden": "true",
                rect { x: "8", y: "8", width: "48", height: "48", rx: "6", class: "art-board" }
                rect { x: "14", y: "30", width: "22", height: "4", rx: "2", class: "art-wall" }
                circle { cx: "32", cy: "18", r: "5", class: "art-red" }
                circle { cx: "32", cy: "46", r: "5", class: "art-blue" }
            }
        }
    }

    fn setup(lang: Lang) -> Element {
        rsx! { setup::HadangSetup { lang } }
    }

    fn room_fields(lang: Lang, options: Signal<papan_api::GameOptions>) -> Element {
        rsx! { room::HadangRoomFields { lang, options } }
    }

    fn room_options() -> papan_api::GameOptions {
        papan_api::GameOptions::Hadang(papan_api::HadangRoomOptions {
            tempo: Some(room::DEFAULT_TEMPO),
        })
    }

    fn slot() -> &'static GlobalSignal<SlotState<Hadang>> {
        &SLOT
    }

    fn board(props: BoardProps<Hadang>) -> Element {
        let table = &props.table;
        let marks = HadangMarks::of(table, &props.tap, props.hint);
        rsx! {
            HadangBoard { view: table.view, marks, lang: props.lang, on_input: props.on_input }
        }
    }

    /// Player 1 starts on e1 and moves first (H4).
    fn side(lang: Lang, _view: &Hadang, seat: Seat) -> String {
        tr(lang, player_key(seat))
    }

    fn side_class(_view: &Hadang, seat: Seat) -> &'static str {
        seat_class(seat)
    }

    fn facts(lang: Lang, table: &Table<Hadang>, tap: &HadangTap, seat: Seat) -> Vec<Fact> {
        let walls = table.view.walls_left(seat);
        let mut out = vec![Fact {
            name: "walls",
            value: walls.to_string(),
            text: tr_args(lang, "hadang-walls-left", &[("count", walls.to_string())]),
        }];
        let steps = table.view.shortest_path_len(seat);
        // A legal wall previewed: what it would do to both routes.
        let previewed = tap
            .ghost_wall()
            .filter(|_| table.moving())
            .and_then(|wall| table.view.after(&HadangMove::Wall(wall)));
        if let Some(after) = previewed {
            let then = after.shortest_path_len(seat);
            out.push(Fact {
                name: "path",
                value: format!("{steps}→{then}"),
                text: tr_args(
                    lang,
                    "hadang-path-preview",
                    &[("before", steps.to_string()), ("count", then.to_string())],
                ),
            });
        } else if tap.show_paths() && !table.is_over() {
            out.push(Fact {
                name: "path",
                value: steps.to_string(),
                text: tr_args(lang, "hadang-path-short", &[("count", steps.to_string())]),
            });
        }
        out
    }

    fn board_reason(_outcome: Outcome) -> &'static str {
        key("reason-goal")
    }
}
