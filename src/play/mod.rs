//! Playing a game, UI-free: what is the same for all four games is written
//! once here, and each game brings only its tap state.
//!
//! - [`Match`]: a game on this device — record, adjudication, who plays each
//!   seat, clock, undo, resign, rematch, one versioned save format.
//! - [`Table`]: what a board and a tap state see — one seat's view, the last
//!   move, whether that seat may act. Built from a [`Match`], from a room
//!   server snapshot ([`online`]) or from a lesson step, so the same board and
//!   tap logic serve play, online rooms and lessons.
//! - [`TapState`]: a game's selection and previews; taps in, a move (or a
//!   rule's refusal) out.
//! - [`Playable`]: what the app needs of a game beyond its rules and bot.

pub mod dice;
pub mod finished;
pub mod history;
pub mod local;
pub mod matches;
pub mod mistakes;
pub mod online;
pub mod player;
pub mod review;
pub mod review_kept;
pub mod save;
pub mod steady;
pub mod table;

pub use local::{Answer, LocalGame};
pub use matches::Match;
pub use player::Player;
pub use table::{Button, ButtonStyle, Prompt, Table, TapState, Tapped};

use papan_bots::Bot;
use papan_rules::Transcript;

/// A game the app can play: its rules, its bot, its text format and its
/// tap state. Its views cross to the bots' worker on the web as JSON
/// ([`crate::bot`]), so they read back too.
pub trait Playable: Bot<View: serde::de::DeserializeOwned> + Transcript {
    /// The selection and previews between taps.
    type Tap: TapState<Self>;

    /// Whether the players trade seats between the games of a match unless
    /// the person chose otherwise (Hex X8; HADANG: the other player starts).
    /// Games whose first mover is drawn (Jun Qi J6, backgammon B4) keep seats.
    const ALTERNATE: bool;

    /// Whether a seat's view hides something in play (Jun Qi's face-down
    /// pieces): the review then shows by default what a seat knew at each
    /// move, and everything on request.
    const SECRETS: bool = false;

    /// Milliseconds the bot waits before acting, so a person sees what
    /// just happened (backgammon: the dice it rolled).
    const BOT_PAUSE_MS: u32 = 0;

    /// How the move log shows a chance event (backgammon's dice: "6-1");
    /// `None` for its plain notation.
    fn chance_label(_mv: &Self::Move) -> Option<String> {
        None
    }

    /// `mover`'s move as `viewer` reads it, in the numbers `viewer`'s board
    /// shows, where that differs from the game's notation (backgammon: each
    /// seat numbers the points from its own side, B1, so the opponent's
    /// `8/3*` is the viewer's `17/22*`). `None`: the notation as it is.
    /// Only for what a person reads; records and the wire keep the notation.
    fn seen_by(_mv: &Self::Move, _mover: papan_rules::Seat, _viewer: papan_rules::Seat) -> Option<String> {
        None
    }

    /// The board size where a game's win estimate depends on it (Hex),
    /// for [`papan_bots::estimate::calibrated`].
    fn board_size(_position: &Self) -> Option<u8> {
        None
    }

    /// What the review of a finished game shows `viewer`: nothing is
    /// secret once a game is over (Jun Qi: every face-down piece shown).
    fn open_view(position: &Self, viewer: papan_rules::Seat) -> Self::View {
        papan_rules::Game::view(position, viewer)
    }

    /// The players' names a game file (`text`, in the game's format)
    /// gives, per seat, as written there: by default the `First` and
    /// `Second` tags of a Papan transcript.
    fn file_names(text: &str) -> [Option<String>; 2] {
        finished::tag_names(text)
    }

    /// Every game of a match file of the game's (a backgammon `.mat`),
    /// each offered for import on its own; `None` for a game whose files
    /// hold one game ([`finished::import`]).
    fn import_match(_text: &str) -> Option<Result<Vec<finished::MatchGame>, String>> {
        None
    }

    /// The position a room server snapshot shows `seat`, with the last move
    /// made and who made it. Games with nothing hidden replay the public
    /// move list through the rules ([`online::replay_public`]); Jun Qi reads
    /// the seat's view the server sent.
    fn read_snapshot(snapshot: &papan_api::Snapshot) -> Result<online::Seen<Self>, String>;
}

/// A well-mixed 64-bit value (splitmix64 finaliser): seeds for rematches,
/// dice and bot moves derive from the record seed, so games replay exactly.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed for a bot's move at `ply`: derived from the record's seed, so a
/// replayed game gets the same bot moves.
pub fn bot_seed(record_seed: u64, ply: usize) -> u64 {
    mix(record_seed ^ mix(ply as u64 + 1))
}

/// The seed of the chance event (dice) due at `ply`.
pub fn chance_seed(record_seed: u64, ply: usize) -> u64 {
    mix(record_seed ^ mix(0xD1CE ^ (ply as u64 + 1)))
}
