//! papan-rules: the rule sets of Papan's games.
//!
//! Pure code: no I/O, no clock, no global random generator. Every game
//! implements [`Game`]; a value of a game type is always a legal position.

pub mod game;
pub mod hex;
pub mod record;

// Games in progress build only with their work-in-progress feature, so an
// unfinished module never breaks the rest of the workspace.
#[cfg(feature = "wip-backgammon")]
pub mod backgammon;
#[cfg(feature = "wip-hadang")]
pub mod hadang;
#[cfg(feature = "wip-junqi")]
pub mod junqi;

pub use game::{EndReason, Game, Outcome, ParseError, RuleError, Seat, Turn};
pub use record::{Record, RecordError};
