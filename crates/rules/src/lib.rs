//! papan-rules: the rule sets of Papan's games.
//!
//! Pure code: no I/O, no clock, no global random generator. Every game
//! implements [`Game`]; a value of a game type is always a legal position.

// Outside input (notation, records, request bodies, stored rows) reaches
// this crate's code: it is refused with a reason, never unwrapped. An
// invariant of a validated value may be expected where it says why.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod backgammon;
pub mod clock;
pub mod game;
pub mod hadang;
pub mod hex;
pub mod junqi;
pub mod record;
pub mod rule;
pub mod transcript;

pub use game::{EndReason, Game, Outcome, ParseError, PublicGame, RuleError, Seat, SeatView, Turn};
pub use record::{Record, RecordError};
pub use rule::{GameId, RuleId};
pub use transcript::{clean_name, Transcript, TranscriptError};
