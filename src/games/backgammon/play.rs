//! Backgammon as the app plays it: its tap state, and its options in a room.

use super::tap::BgTap;
use crate::play::online::{replay_public, Seen};
use crate::play::Playable;
use papan_api::{RoomOptions, Snapshot};
use papan_rules::backgammon::{Backgammon, BackgammonOptions};

impl Playable for Backgammon {
    type Tap = BgTap;
    /// B4: the opening roll decides who starts, so seats stay.
    const ALTERNATE: bool = false;
    /// Long enough to see the bot's dice before it moves.
    const BOT_PAUSE_MS: u32 = 350;

    fn room_options(_options: &RoomOptions) -> BackgammonOptions {
        BackgammonOptions::default()
    }

    fn read_snapshot(snapshot: &Snapshot) -> Result<Seen<Backgammon>, String> {
        replay_public(BackgammonOptions::default(), &snapshot.moves)
    }
}
