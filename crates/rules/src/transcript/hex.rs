//! Hex as HexGui-dialect SGF: the reading and writing are
//! [`crate::hex::sgf`]'s; this adds the record's seed and the error mapping.
//!
//! The seed seeds nothing in a Hex game (there is no random setup), but a
//! record carries it and the app derives bot noise from it, so a non-zero
//! seed is kept in a private root property `PAPANSEED[n]` (SGF readers keep
//! or skip unknown properties; HexGui keeps them). A file without it reads
//! with seed 0.
//!
//! The players' names, when given, are `PB` and `PW` as HexGui writes them;
//! import reads past them (a record has no place for names).

use super::{checked, clean_name, replayable, Transcript, TranscriptError};
use crate::hex::sgf::{from_sgf, to_sgf, SgfError, SgfGame};
use crate::hex::Hex;
use crate::record::Record;

const SEED_PROPERTY: &str = "PAPANSEED";

impl Transcript for Hex {
    const EXTENSION: &'static str = "sgf";

    /// The names go in `PB` (the first seat, HexGui's Black) and `PW`.
    fn export_named(record: &Record<Hex>, names: Option<[&str; 2]>) -> String {
        let record = replayable(record);
        let [first_name, second_name] = names.map_or([None, None], |names| names.map(clean_name));
        let game = SgfGame {
            first_name,
            second_name,
            ..SgfGame::from_record(&record)
        };
        let text = match to_sgf(&game) {
            Ok(text) => text,
            // Only options the rules refuse get here (a board size not
            // offered, X1): there is no game to write but its size.
            Err(_) => format!("(;FF[4]GM[11]SZ[{}])\n", record.options.size),
        };
        if record.seed == 0 {
            return text;
        }
        // `to_sgf` writes `SZ[n]` in the root: the seed goes right after it.
        match text
            .find("SZ[")
            .and_then(|at| text[at..].find(']').map(|end| at + end + 1))
        {
            Some(at) => format!("{}{SEED_PROPERTY}[{}]{}", &text[..at], record.seed, &text[at..]),
            None => text,
        }
    }

    fn import(text: &str) -> Result<Record<Hex>, TranscriptError> {
        let game = from_sgf(text).map_err(|error| match error {
            SgfError::Syntax { at, message } => TranscriptError::malformed(line_of(text, at), message),
            SgfError::Unsupported(message) => TranscriptError::unsupported(None, message),
            SgfError::Refused(error) => TranscriptError::Refused {
                line: None,
                written: None,
                error,
            },
        })?;
        let seed = match root_value(text, SEED_PROPERTY) {
            None => 0,
            Some(value) => value.trim().parse().map_err(|_| {
                TranscriptError::malformed(None, format!("{SEED_PROPERTY}[{value}] is not a whole number"))
            })?,
        };
        // A resignation (`B[resign]`) ends the file; the record keeps the moves.
        let record = Record {
            seed,
            ..game.to_record()
        };
        checked(record, &[]).map(|(record, _)| record)
    }
}

/// The 1-based line of byte offset `at`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes().iter().take(at).filter(|&&b| b == b'\n').count() + 1
}

/// The first value of property `id` in the root node of an SGF text that
/// has already been read as well-formed: the root runs from the first `;`
/// to the next `;`, `(` or `)` outside a value.
fn root_value(text: &str, id: &str) -> Option<String> {
    let start = text.find(';')? + 1;
    let mut chars = text[start..].chars().peekable();
    let mut ident = String::new();
    while let Some(c) = chars.next() {
        match c {
            ';' | '(' | ')' => return None,
            '[' => {
                let mut value = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => value.extend(chars.next()),
                        ']' => break,
                        c => value.push(c),
                    }
                }
                if ident == id {
                    return Some(value);
                }
                // Further values of the same property keep its identifier.
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                if chars.peek() != Some(&'[') {
                    ident.clear();
                }
            }
            c if c.is_ascii_alphabetic() => ident.push(c),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::root_value;

    #[test]
    fn root_value_skips_values_and_stops_at_the_root() {
        let text = "(;FF[4]C[a \\] PAPANSEED[9\\] b]PAPANSEED[7];B[a1]PAPANSEED[8])";
        assert_eq!(root_value(text, "PAPANSEED").as_deref(), Some("7"));
        assert_eq!(root_value("(;FF[4];PAPANSEED[8])", "PAPANSEED"), None);
    }
}
