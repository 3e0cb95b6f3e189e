//! HADANG as the app plays it: its tap state, and reading a room server snapshot.

use super::tap::HadangTap;
use crate::play::online::{replay_public, Seen};
use crate::play::Playable;
use papan_api::Snapshot;
use papan_rules::hadang::{Hadang, HadangOptions};

impl Playable for Hadang {
    type Tap = HadangTap;
    /// The other player starts as Player 1 in the next game (H4).
    const ALTERNATE: bool = true;

    fn read_snapshot(snapshot: &Snapshot) -> Result<Seen<Hadang>, String> {
        replay_public(HadangOptions {}, &snapshot.moves)
    }
}
