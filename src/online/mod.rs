//! Online play through the room server (`crates/server`, API in
//! `crates/server/API.md`): the session state ([`session`]), the link that
//! keeps it in step with the server ([`link`]) and what the device keeps
//! ([`account`]). The screens in `screens::online` draw a session with the
//! same board components as offline play.

pub mod account;
pub mod contacts;
pub mod invite;
pub mod link;
pub mod session;

use dioxus::prelude::{Signal, WritableExt};

/// In the app a session lives in a signal; the link writes to it from its
/// task and the screen redraws.
impl link::SessionCell for Signal<session::RoomSession> {
    fn update<R>(&self, change: impl FnOnce(&mut session::RoomSession) -> R) -> R {
        let mut signal = *self;
        let mut guard = signal.write();
        change(&mut guard)
    }
}
