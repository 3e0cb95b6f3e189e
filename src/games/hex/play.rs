//! Hex as the app plays it: its tap state, and its options in a room.

use super::tap::HexTap;
use crate::play::online::{replay_public, Seen};
use crate::play::Playable;
use papan_api::{RoomOptions, Snapshot};
use papan_rules::hex::{Hex, HexOptions};

impl Playable for Hex {
    type Tap = HexTap;
    /// X8: the other player takes Red in the next game (the setup may turn
    /// it off).
    const ALTERNATE: bool = true;

    fn room_options(options: &RoomOptions) -> HexOptions {
        options.hex_options().unwrap_or_default()
    }

    fn read_snapshot(snapshot: &Snapshot) -> Result<Seen<Hex>, String> {
        replay_public(Hex::room_options(&snapshot.options), &snapshot.moves)
    }
}
