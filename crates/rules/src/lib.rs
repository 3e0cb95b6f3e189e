//! papan-rules: the rule sets of Papan's games.
//!
//! Pure code: no I/O, no clock, no global random generator. Every game
//! implements [`Game`]; a value of a game type is always a legal position.

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
pub use transcript::{Transcript, TranscriptError};
