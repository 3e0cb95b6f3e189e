//! A turn's one action (J7) and its notation: `flip c3` reveals the piece on
//! c3, `a2-a11` moves (or attacks with) the piece on a2 to a11.

use super::board::Square;
use crate::game::ParseError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Serialized as its notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum JunQiAction {
    /// Turn a face-down piece over (J7).
    Reveal(Square),
    /// Move an own revealed piece by road or rail, possibly attacking (J9, J10).
    Move { from: Square, to: Square },
}

impl fmt::Display for JunQiAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JunQiAction::Reveal(square) => write!(f, "flip {square}"),
            JunQiAction::Move { from, to } => write!(f, "{from}-{to}"),
        }
    }
}

impl FromStr for JunQiAction {
    type Err = ParseError;

    /// Accepts `flip c3` and `a2-a11` (any case, spaces around the dash).
    fn from_str(text: &str) -> Result<JunQiAction, ParseError> {
        let trimmed = text.trim().to_ascii_lowercase();
        let located = |e: ParseError| ParseError::new(text, e.message);
        if let Some(rest) = trimmed.strip_prefix("flip") {
            if !rest.starts_with(char::is_whitespace) {
                return Err(ParseError::new(text, "write a reveal as `flip c3`"));
            }
            return rest.trim().parse().map(JunQiAction::Reveal).map_err(located);
        }
        match trimmed.split_once('-') {
            Some((from, to)) => Ok(JunQiAction::Move {
                from: from.trim().parse().map_err(located)?,
                to: to.trim().parse().map_err(located)?,
            }),
            None => Err(ParseError::new(text, "expected `flip c3` or a move like `a2-a11`")),
        }
    }
}

impl TryFrom<String> for JunQiAction {
    type Error = ParseError;
    fn try_from(text: String) -> Result<JunQiAction, ParseError> {
        text.parse()
    }
}

impl From<JunQiAction> for String {
    fn from(action: JunQiAction) -> String {
        action.to_string()
    }
}
