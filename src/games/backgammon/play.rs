//! Backgammon as the app plays it: its tap state, and reading a room server snapshot.

use super::tap::BgTap;
use crate::play::online::{replay_public, Seen};
use crate::play::Playable;
use papan_api::Snapshot;
use papan_rules::backgammon::{Backgammon, BackgammonOptions, BgMove};
use papan_rules::Seat;

impl Playable for Backgammon {
    type Tap = BgTap;
    /// B4: the opening roll decides who starts, so seats stay.
    const ALTERNATE: bool = false;
    /// Long enough to see the bot's dice before it moves.
    const BOT_PAUSE_MS: u32 = 350;

    fn judge(view: &Backgammon) -> Option<Vec<(BgMove, f64, f64)>> {
        let judged = papan_bots::backgammon::judge::judge_plays(view, papan_bots::backgammon::shipped_net());
        Some(
            judged
                .into_iter()
                .map(|j| (BgMove::Play(j.play), j.win, j.equity))
                .collect(),
        )
    }

    fn chance_label(mv: &BgMove) -> Option<String> {
        match mv {
            BgMove::Opening { white, black } => Some(format!("{white}-{black}")),
            BgMove::Roll(dice) => Some(dice.to_string()),
            BgMove::Play(_) => None,
        }
    }

    /// The board shows the viewer's numbers (B1): so do the log, the
    /// notices, the hints and the review.
    fn seen_by(mv: &BgMove, mover: Seat, viewer: Seat) -> Option<String> {
        Some(mv.seen_by(mover, viewer))
    }

    fn read_snapshot(snapshot: &Snapshot) -> Result<Seen<Backgammon>, String> {
        replay_public(BackgammonOptions::default(), &snapshot.moves)
    }
}
