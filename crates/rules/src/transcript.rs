//! Games as text files that people and other programs read: one format per
//! game behind [`Transcript`], export and import of a [`Record`].
//!
//! | game | format | extension |
//! |---|---|---|
//! | Hex | HexGui-dialect SGF ([`crate::hex::sgf`]) | `sgf` |
//! | HADANG | tags, then numbered moves (`1. e2 e8`) | `txt` |
//! | Jun Qi | tags with the seed, the dealt layout, numbered actions | `txt` |
//! | backgammon | the Jellyfish / GamesGrid `.mat` match file gnubg imports | `mat` |
//!
//! Import is as strict as any other way into the rules (ARCHITECTURE.md,
//! "Invariants"): the moves read are replayed through the checked
//! [`Record::replay`], so a file with an illegal move is refused with its
//! line and the rule it breaks, and nothing is half-read.
//!
//! A record holds moves only, so a result decided off the board
//! (resignation, time) is not part of it. The tag formats (HADANG, Jun Qi)
//! write the result the board reached and refuse one the moves do not
//! reach; a `.mat` file's `Wins` line on an unfinished board is a
//! resignation (as gnubg reads it), and the moves are kept.

mod backgammon;
mod hadang;
mod hex;
mod junqi;
mod tags;

pub use backgammon::{read_match, MatGame};

use crate::game::{Game, ParseError};
use crate::record::{Record, RecordError};
use crate::rule::RuleId;
use std::fmt;

/// A game's text format.
pub trait Transcript: Game {
    /// File extension without dot: "sgf", "mat", "txt".
    const EXTENSION: &'static str;

    /// The record as text, without the players' names. A record is
    /// expected to replay (every record made through [`Record::play`] or
    /// read back through [`Record::replay`] does); of one that does not,
    /// the moves up to the first refused one are written.
    fn export(record: &Record<Self>) -> String {
        Self::export_named(record, None)
    }

    /// [`Transcript::export`] with the players' names as the game shows
    /// them (first seat first) in the format's player fields: HexGui's
    /// `PB`/`PW`, the `.mat` score line, the `First`/`Second` tags. A name
    /// is written on one line ([`clean_name`]); an empty one is left out.
    /// Import reads past them: a record has no place for names.
    fn export_named(record: &Record<Self>, names: Option<[&str; 2]>) -> String;

    /// Reads a text written by [`Transcript::export`] (or by the programs
    /// the format comes from) back into a record, every move checked.
    fn import(text: &str) -> Result<Record<Self>, TranscriptError>;
}

/// A player's name as a transcript writes it: on one line (control
/// characters and runs of spaces become one space), trimmed; `None` when
/// nothing is left.
pub fn clean_name(name: &str) -> Option<String> {
    let words: Vec<&str> = name
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Why a text could not be read as a game. `line` (1-based) says where,
/// when one line is to blame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError {
    /// Not the format: a line that cannot be read, a missing part, a
    /// truncated file.
    Malformed { line: Option<usize>, message: String },
    /// A transcript of another game (or of another program's game variant).
    WrongGame { line: Option<usize>, message: String },
    /// Well-formed, but holding something Papan does not play (setup
    /// stones, several games in one file where one game is read).
    Unsupported { line: Option<usize>, message: String },
    /// The text contradicts itself: a Jun Qi layout the seed does not deal,
    /// a result the moves do not reach.
    Inconsistent { line: Option<usize>, message: String },
    /// A move (or the options) the rules refuse; `written` is the move as
    /// the file has it, and `error` holds the ply and the rule.
    Refused {
        line: Option<usize>,
        written: Option<String>,
        error: RecordError,
    },
}

impl TranscriptError {
    pub(crate) fn malformed(line: impl Into<Option<usize>>, message: impl Into<String>) -> TranscriptError {
        TranscriptError::Malformed {
            line: line.into(),
            message: message.into(),
        }
    }

    /// A move in notation that does not read.
    pub(crate) fn unreadable(line: usize, error: ParseError) -> TranscriptError {
        TranscriptError::malformed(line, format!("{:?}: {}", error.input, error.message))
    }

    pub(crate) fn unsupported(line: impl Into<Option<usize>>, message: impl Into<String>) -> TranscriptError {
        TranscriptError::Unsupported {
            line: line.into(),
            message: message.into(),
        }
    }

    pub(crate) fn inconsistent(line: impl Into<Option<usize>>, message: impl Into<String>) -> TranscriptError {
        TranscriptError::Inconsistent {
            line: line.into(),
            message: message.into(),
        }
    }

    /// The line (1-based) the error is on, when one line is to blame.
    pub fn line(&self) -> Option<usize> {
        match self {
            TranscriptError::Malformed { line, .. }
            | TranscriptError::WrongGame { line, .. }
            | TranscriptError::Unsupported { line, .. }
            | TranscriptError::Inconsistent { line, .. }
            | TranscriptError::Refused { line, .. } => *line,
        }
    }

    /// The numbered rule a refused move breaks.
    pub fn rule(&self) -> Option<RuleId> {
        match self {
            TranscriptError::Refused { error, .. } => Some(error.error.rule),
            _ => None,
        }
    }
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line() {
            write!(f, "line {line}: ")?;
        }
        match self {
            TranscriptError::Malformed { message, .. } => write!(f, "cannot read the transcript: {message}"),
            TranscriptError::WrongGame { message, .. } => write!(f, "wrong game: {message}"),
            TranscriptError::Unsupported { message, .. } => write!(f, "not supported: {message}"),
            TranscriptError::Inconsistent { message, .. } => write!(f, "the transcript contradicts itself: {message}"),
            TranscriptError::Refused {
                written: Some(written),
                error,
                ..
            } => write!(f, "{written:?}: {error}"),
            TranscriptError::Refused { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for TranscriptError {}

/// The positions a record goes through: `visit` sees each position with
/// the move played from it, until a move is refused. Returns the last
/// position reached (`None` when the options themselves are refused).
fn walk<G: Game>(record: &Record<G>, mut visit: impl FnMut(&G, &G::Move)) -> Option<G> {
    let mut game = record.start().ok()?;
    for mv in &record.moves {
        let before = game.clone();
        if game.play(mv).is_err() {
            break;
        }
        visit(&before, mv);
    }
    Some(game)
}

/// `record` cut before its first refused move (itself when it replays).
fn replayable<G: Game>(record: &Record<G>) -> Record<G> {
    let mut plies = 0;
    walk(record, |_, _| plies += 1);
    Record {
        options: record.options.clone(),
        seed: record.seed,
        moves: record.moves[..plies].to_vec(),
    }
}

/// Validates a record read from text with the checked replay, naming the
/// line and the written form of a refused move (`lines[ply]`). Gives the
/// record and the position it ends in.
fn checked<G: Game>(record: Record<G>, lines: &[(usize, String)]) -> Result<(Record<G>, G), TranscriptError> {
    match record.replay() {
        Ok(end) => Ok((record, end)),
        Err(error) => {
            let at = error.ply.and_then(|ply| lines.get(ply));
            Err(TranscriptError::Refused {
                line: at.map(|(line, _)| *line),
                written: at.map(|(_, written)| written.clone()),
                error,
            })
        }
    }
}
