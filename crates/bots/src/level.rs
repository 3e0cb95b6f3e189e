//! Bot levels. Levels differ by search budget and by steady softmax noise on
//! the final choice, never by random blunders (design.md, "Bots").

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    Beginner,
    Normal,
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Normal, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Normal => "normal",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("unknown level {text:?} (beginner, normal or expert)"))
    }
}

/// What a level means for one game: the knobs the search is run with.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Budget {
    /// Search iterations per move: the level's definition.
    pub iterations: u64,
    /// Softmax temperature over root visit counts for the final choice; 0 picks
    /// the most visited move.
    pub temperature: f64,
    /// Safety net for callers with a clock.
    pub time_limit_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string().to_uppercase().parse::<Level>(), Ok(level));
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }
}
