//! Online play screens: the lobby of each game, the room (frame + the
//! game's board driven by the server) and the jump back to an unfinished
//! online game when the app opens.

mod invite;
mod lobby;
mod play;
mod vacation;

pub use invite::{when_text, InviteSlot, RecentList};
pub use lobby::{normalize_code, request_error, OnlineButton, OnlineLobby};
pub use play::OnlinePlay;

use crate::online::{account, transfer};
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once the app has offered to return to an unfinished online game, so
/// going home later does not jump away again.
static RESUMED: AtomicBool = AtomicBool::new(false);

/// On the first visit to home after the app opens, goes straight back to an
/// unfinished online game's seat (home's list shows every kept seat).
#[component]
pub fn ResumeOnline() -> Element {
    let nav = navigator();
    use_hook(move || {
        // Only the first visit: a seat taken later in this session is not
        // jumped back to when its player goes home.
        let first = !RESUMED.swap(true, Ordering::Relaxed);
        let store = Store::app();
        // A seat whose games moved to another phone is not jumped back to:
        // home's list says it moved.
        let resumable = |s: &account::ActiveSeat| first && !s.finished && !transfer::is_moved(&store, &s.server);
        if let Some(seat) = account::any_active_seat(&store).filter(resumable) {
            nav.replace(Route::OnlinePlay { game: seat.game });
        }
    });
    rsx! {}
}
