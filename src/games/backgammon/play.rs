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

    /// The score line of a `.mat` file (` alice : 0     bob : 0`).
    fn file_names(text: &str) -> [Option<String>; 2] {
        mat_names(text)
    }

    /// gnubg's `.mat` match files: each game on its own.
    fn import_match(text: &str) -> Option<Result<Vec<crate::play::finished::MatchGame>, String>> {
        Some(crate::play::finished::import_match(text))
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

/// The two names of a `.mat` file's first score line, the line after
/// ` Game 1`: `name : score` twice.
fn mat_names(text: &str) -> [Option<String>; 2] {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines.by_ref().find(|l| l.starts_with("Game ")).is_none() {
        return [None, None];
    }
    let Some(score) = lines.next() else { return [None, None] };
    let parts: Vec<&str> = score.split(':').collect();
    let [first, middle, _] = parts[..] else {
        return [None, None];
    };
    // The middle is `0     bob`: the first player's score, then the second's name.
    let second = middle.trim_start().trim_start_matches(|c: char| c.is_ascii_digit());
    [Some(first.trim().to_string()), Some(second.trim().to_string())]
}
