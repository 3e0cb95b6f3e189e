//! Hex as the app plays it: its tap state, and reading a room server snapshot.

use super::tap::HexTap;
use crate::play::online::{replay_public, Seen};
use crate::play::Playable;
use papan_api::Snapshot;
use papan_rules::hex::Hex;

impl Playable for Hex {
    type Tap = HexTap;
    /// X8: the other player takes Red in the next game (the setup may turn
    /// it off).
    const ALTERNATE: bool = true;

    fn board_size(position: &Hex) -> Option<u8> {
        Some(position.size())
    }

    /// HexGui's `PB` and `PW`.
    fn file_names(text: &str) -> [Option<String>; 2] {
        papan_rules::hex::sgf::from_sgf(text)
            .map(|g| [g.first_name, g.second_name])
            .unwrap_or_default()
    }

    fn read_snapshot(snapshot: &Snapshot) -> Result<Seen<Hex>, String> {
        replay_public(snapshot.options.hex_options().unwrap_or_default(), &snapshot.moves)
    }
}
