//! Online play screens: the lobby of each game, the room (frame + the
//! game's board driven by the server) and the home card that returns to an
//! unfinished online game.

mod invite;
mod lobby;
mod play;
mod vacation;

pub use invite::{when_text, InviteSlot, RecentList};
pub use lobby::{normalize_code, request_error, OnlineButton, OnlineLobby};
pub use play::OnlinePlay;

use crate::components::game_name_key;
use crate::i18n::{tr, Lang};
use crate::online::account;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once the app has offered to return to an unfinished online game, so
/// going home later does not jump away again.
static RESUMED: AtomicBool = AtomicBool::new(false);

/// Home's card for an online game kept on this device. On the first visit
/// after the app opens it goes straight back to that game's seat.
#[component]
pub fn OnlineContinue(lang: Lang) -> Element {
    let nav = navigator();
    let seat = use_hook(|| account::any_active_seat(&Store::app()));
    let Some(seat) = seat else { return rsx! {} };
    let game = seat.game;
    {
        let seat = seat.clone();
        use_hook(move || {
            if !RESUMED.swap(true, Ordering::Relaxed) && !seat.finished {
                nav.replace(Route::OnlinePlay { game });
            }
        });
    }
    rsx! {
        button {
            class: "continue-card online-continue",
            "data-testid": "continue-online",
            onclick: move |_| { nav.push(Route::OnlinePlay { game }); },
            crate::components::icons::GameArt { game: seat.game }
            span { class: "continue-text",
                span { class: "continue-title", {tr(lang, "online-return")} }
                span { class: "continue-sub", {format!("{} · {}", tr(lang, game_name_key(seat.game)), seat.grant.code)} }
            }
            span { class: "chevron", "›" }
        }
    }
}
