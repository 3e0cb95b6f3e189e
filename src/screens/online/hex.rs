//! Online Hex: the offline [`HexBoard`] over a controller rebuilt from the
//! server's public move list; a placed stone (or swap) is sent as notation.

use super::board::{turn_attr, use_board_toast, Ahead, BoardError};
use crate::components::hex_board::HexBoard;
use crate::controllers::hex::{HexController, TapResult};
use crate::i18n::{key, tr, Lang};
use dioxus::prelude::*;
use papan_api::{Action, Snapshot};
use papan_rules::hex::{Cell, Colour, HexOptions};
use papan_rules::Seat;

pub fn options(snapshot: &Snapshot) -> HexOptions {
    let mut options = HexOptions::default();
    if let Some(size) = snapshot.options.hex_size {
        options.size = size;
    }
    if let Some(swap) = snapshot.options.hex_swap {
        options.swap = swap;
    }
    options
}

/// The controller for the snapshot, the local seat being the viewer's.
pub fn controller(snapshot: &Snapshot) -> Result<HexController, String> {
    HexController::online(options(snapshot), snapshot.seat, &snapshot.moves, snapshot.outcome)
}

pub fn side_labels(lang: Lang, snapshot: &Snapshot) -> [String; 2] {
    let name = |c: Colour| match c {
        Colour::Red => tr(lang, "colour-red"),
        Colour::Blue => tr(lang, "colour-blue"),
    };
    match controller(snapshot) {
        Ok(game) => [
            name(game.position().colour_of(Seat::First)),
            name(game.position().colour_of(Seat::Second)),
        ],
        Err(_) => [String::new(), String::new()],
    }
}

#[component]
pub fn OnlineHex(
    snapshot: Snapshot,
    can_act: bool,
    pending: bool,
    lang: Lang,
    on_action: EventHandler<Action>,
) -> Element {
    let mut ahead = use_signal(|| None::<Ahead<HexController>>);
    let mut last_pointer = use_signal(|| String::from("none"));
    let toast = use_board_toast();
    let base = match controller(&snapshot) {
        Ok(game) => game,
        Err(reason) => return rsx! { BoardError { lang, reason } },
    };
    let version = snapshot.version;
    let shown = Ahead::pick(ahead.read().as_ref(), version, pending, base);
    let flash = move |reason: &'static str| toast.show(reason);
    let on_tap = {
        let shown = shown.clone();
        move |cell: Cell| {
            if pending {
                flash(key("online-wait-server"));
                return;
            }
            let mut game = shown.clone();
            match game.tap(cell) {
                TapResult::Placed(_) => {
                    let Some(notation) = game.last_move_text() else { return };
                    ahead.set(Some(Ahead::sent(version, game)));
                    on_action.call(Action::Move { notation });
                }
                TapResult::Preview(_) => ahead.set(Some(Ahead::local(version, game))),
                TapResult::Ignored(reason) => flash(reason),
            }
        }
    };
    let on_swap = {
        let shown = shown.clone();
        move |_| {
            let mut game = shown.clone();
            match game.swap() {
                Ok(()) => {
                    ahead.set(Some(Ahead::sent(version, game)));
                    on_action.call(Action::Swap);
                }
                Err(reason) => flash(reason),
            }
        }
    };
    let swap = can_act && shown.swap_available();
    rsx! {
        HexBoard {
            game: shown.clone(),
            lang,
            turn: turn_attr(can_act),
            last_pointer: last_pointer(),
            on_tap,
            on_pointer: move |kind: String| last_pointer.set(kind),
        }
        if swap {
            button { class: "btn btn-accent online-swap", "data-testid": "swap", onclick: on_swap, {tr(lang, "action-swap")} }
        }
        {toast.view(lang)}
    }
}
