//! The plain-text layout shared by the HADANG and Jun Qi transcripts: PGN-
//! style tags (`[Seed "42"]`) first, then a body of lines; `;` starts a
//! comment to the end of its line; blank lines are ignored.

use super::TranscriptError;
use crate::game::{Outcome, Seat};
use crate::rule::GameId;

/// One `[Key "value"]` line.
#[derive(Clone, Debug)]
pub(super) struct Tag {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// A transcript split into its tags and its body lines (comments removed,
/// trimmed, blank ones left out), each with its 1-based line number.
pub(super) struct Document<'a> {
    pub tags: Vec<Tag>,
    pub body: Vec<(usize, &'a str)>,
}

impl Document<'_> {
    /// The tag `key` (case-insensitive); the first one if repeated.
    pub fn tag(&self, key: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.key.eq_ignore_ascii_case(key))
    }

    /// Refuses a transcript whose `Game` tag is missing or names another game.
    pub fn expect_game(&self, game: GameId, name: &str) -> Result<(), TranscriptError> {
        let Some(tag) = self.tag("Game") else {
            return Err(TranscriptError::WrongGame {
                line: self.body.first().map(|(line, _)| *line),
                message: format!("no [Game \"{name}\"] tag: this is not a Papan {name} transcript"),
            });
        };
        // `Jun Qi`, `junqi` and `JUNQI` all name the game.
        let wanted: String = tag
            .value
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        if wanted == game.code() {
            Ok(())
        } else {
            Err(TranscriptError::WrongGame {
                line: Some(tag.line),
                message: format!("the transcript is of {:?}, not {name}", tag.value),
            })
        }
    }

    /// The `Seed` tag, if present.
    pub fn seed(&self) -> Result<Option<u64>, TranscriptError> {
        self.tag("Seed")
            .map(|tag| {
                tag.value.trim().parse::<u64>().map_err(|_| {
                    TranscriptError::malformed(
                        tag.line,
                        format!("the seed {:?} is not a whole number 0–2^64", tag.value),
                    )
                })
            })
            .transpose()
    }

    /// Refuses a `Result` tag that the position reached contradicts. Our
    /// export writes the result on the board, so a decisive result on an
    /// unfinished board means a file cut short or edited.
    pub fn check_result(&self, outcome: Option<Outcome>) -> Result<(), TranscriptError> {
        let Some(tag) = self.tag("Result") else {
            return Ok(());
        };
        let written = tag.value.trim();
        if !["1-0", "0-1", "1/2-1/2", "*"].contains(&written) {
            return Err(TranscriptError::malformed(
                tag.line,
                format!("the result {written:?} is not 1-0, 0-1, 1/2-1/2 or *"),
            ));
        }
        let reached = result_text(outcome);
        if written == reached {
            return Ok(());
        }
        Err(TranscriptError::inconsistent(
            tag.line,
            match outcome {
                Some(_) => format!("the result says {written} but the moves end the game {reached}"),
                None => format!("the result says {written} but the moves do not end the game (is the file cut short?)"),
            },
        ))
    }
}

/// PGN's result: `1-0` the first seat won, `0-1` the second, `1/2-1/2` a
/// draw, `*` not over.
pub(super) fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|o| o.winner) {
        Some(Some(Seat::First)) => "1-0",
        Some(Some(Seat::Second)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

/// Writes `[key "value"]` and a newline (quotes and backslashes escaped).
pub(super) fn write_tag(out: &mut String, key: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{key} \"{escaped}\"]\n"));
}

/// Writes the players' tags, `[First "name"]` and `[Second "name"]`, named
/// after the seats as `Starts` names them; a name left empty is left out.
/// Import reads past them.
pub(super) fn write_players(out: &mut String, names: Option<[&str; 2]>) {
    let Some(names) = names else { return };
    for (key, name) in ["First", "Second"].into_iter().zip(names) {
        if let Some(name) = super::clean_name(name) {
            write_tag(out, key, &name);
        }
    }
}

/// Reads `[Key "value"]`, maybe followed by a `;` comment; the caller
/// knows the line starts with `[`. A `;` inside the quotes is the value's.
pub(super) fn read_tag(text: &str, line: usize) -> Result<Tag, TranscriptError> {
    let bad = || TranscriptError::malformed(line, format!("{text:?} is not a tag like [Seed \"42\"]"));
    let inner = text.strip_prefix('[').ok_or_else(bad)?;
    let (key, rest) = inner.trim_start().split_once(char::is_whitespace).ok_or_else(bad)?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let mut chars = rest.trim_start().strip_prefix('"').ok_or_else(bad)?.chars();
    let mut value = String::new();
    loop {
        match chars.next().ok_or_else(bad)? {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => break,
            c => value.push(c),
        }
    }
    let after = chars.as_str().trim_start().strip_prefix(']').ok_or_else(bad)?.trim();
    if !(after.is_empty() || after.starts_with(';')) {
        return Err(bad());
    }
    Ok(Tag {
        key: key.to_string(),
        value,
        line,
    })
}

/// Splits `text` into tags and body. Tags come before the body.
pub(super) fn read(text: &str) -> Result<Document<'_>, TranscriptError> {
    let mut tags = Vec::new();
    let mut body = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.starts_with('[') {
            if !body.is_empty() {
                return Err(TranscriptError::malformed(
                    line,
                    "a tag after the moves: tags belong at the top",
                ));
            }
            tags.push(read_tag(trimmed, line)?);
            continue;
        }
        let content = trimmed.split_once(';').map_or(trimmed, |(before, _)| before).trim();
        if !content.is_empty() {
            body.push((line, content));
        }
    }
    Ok(Document { tags, body })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip_with_escapes() {
        let mut out = String::new();
        write_tag(&mut out, "Event", "a \"quoted\" \\ name; [with] brackets");
        let doc = read(&out).unwrap();
        assert_eq!(doc.tag("event").unwrap().value, "a \"quoted\" \\ name; [with] brackets");
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let doc = read("[Game \"x\"] ; the game\n\n; a note\n1. e2 e8 ; opening\n").unwrap();
        assert_eq!(doc.body, vec![(4, "1. e2 e8")]);
    }

    #[test]
    fn a_broken_tag_names_its_line() {
        let error = read("[Game \"HADANG\"]\n[Seed 42]\n").err().unwrap();
        assert_eq!(error.line(), Some(2));
    }
}
