//! Online play through the room server (`crates/server`, API in
//! `crates/server/API.md`): the session state ([`session`]), the link that
//! keeps it in step with the server ([`link`]) and what the device keeps
//! ([`account`]). The screens in `screens::online` draw a session with the
//! same board components as offline play.

pub mod account;
pub mod contacts;
pub mod invite;
pub mod link;
pub mod open_games;
pub mod push;
pub mod session;
pub mod transfer;

use crate::storage::Store;
use crate::timer::now_ms;
use dioxus::prelude::{GlobalSignal, ReadableExt, Signal, WritableExt};
use papan_api::RoomSummary;

/// In the app a session lives in a signal; the link writes to it from its
/// task and the screen redraws. What it learns goes to the list of games at
/// once (the player's own move clears its "your move").
impl link::SessionCell for Signal<session::RoomSession> {
    fn update<R>(&self, change: impl FnOnce(&mut session::RoomSession) -> R) -> R {
        let mut signal = *self;
        let (result, line) = {
            let mut guard = signal.write();
            let result = change(&mut guard);
            (result, open_games::line_of(&guard, now_ms()))
        };
        if let Some(line) = line {
            note_line(&line);
        }
        result
    }
}

/// The list of games as home shows it, last seen (kept on the device).
pub static OPEN_GAMES: GlobalSignal<open_games::OpenGames> =
    Signal::global(|| open_games::OpenGames::load(&Store::app()));

/// Puts a changed list in place: kept, redrawn, counted in the title and badge.
pub fn set_open_games(list: open_games::OpenGames) {
    list.save(&Store::app());
    open_games::show_count(list.your_move_count());
    *OPEN_GAMES.write() = list;
}

/// One room's line, from its session: written only when the game changed.
fn note_line(line: &RoomSummary) {
    let now = now_ms();
    let mut list = OPEN_GAMES.peek().clone();
    if !list
        .games
        .iter()
        .any(|g| g.room_id.as_deref() == Some(line.room_id.as_str()))
    {
        list.align(&open_games::kept_seats(&Store::app()), None, now);
    }
    if list.observe(line, now) {
        set_open_games(list);
    } else {
        // Opened straight into a room: the count as last seen.
        open_games::show_count(list.your_move_count());
    }
}
