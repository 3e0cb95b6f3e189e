//! Jun Qi as a notation list with its layout:
//!
//! ```text
//! [Game "Jun Qi"]
//! [Seed "42"]
//! [Starts "Second"]
//! [Result "0-1"]
//!
//! ; The layout seed 42 deals, rank 12 at the top. ...
//! ;       a       b       c       d       e
//! 12 | bPgl    rZeni   bBom    rKor    bMen
//! …
//!  1 | rMen    bYon    rBdr    bKi     rTon
//!
//! 1. flip c3
//! 2. a2-a11
//! ```
//!
//! The layout and the starting seat are dealt from the seed (J6,
//! [`JunQi::shuffled`]), so the seed is what replays the game; the rows are
//! there for people (a face-down piece as a [`JunQiSetup`] token: colour
//! letter in lower case, then its code). On import they are optional, and
//! when present must be what the seed deals. `Starts` names the seat that
//! moves first; `Result` is from the seats' side (`1-0`: the first seat won).
//! `First` and `Second` name the players, when known; import reads past them.

use super::tags::{self, result_text, write_players, write_tag, Document};
use super::{checked, walk, Transcript, TranscriptError};
use crate::game::{Game, Seat};
use crate::junqi::{JunQi, JunQiAction, JunQiOptions, JunQiSetup};
use crate::record::{Record, RecordError};
use crate::rule::GameId;

const NAME: &str = "Jun Qi";
const FILES: [char; 5] = ['a', 'b', 'c', 'd', 'e'];
const RANKS: usize = 12;
/// Wide enough for the longest token (`rRanjau`) and a space.
const COLUMN: usize = 8;

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "First",
        Seat::Second => "Second",
    }
}

/// The dealt rows as tokens, rank 12 first.
fn layout(start: &JunQi) -> Vec<Vec<String>> {
    JunQiSetup::from(start.clone())
        .rows
        .iter()
        .map(|row| row.split_whitespace().map(str::to_string).collect())
        .collect()
}

impl Transcript for JunQi {
    const EXTENSION: &'static str = "txt";

    fn export_named(record: &Record<JunQi>, names: Option<[&str; 2]>) -> String {
        let mut actions = Vec::new();
        let end = walk(record, |game, mv| actions.push(game.format_move(mv)));
        let mut out = String::new();
        write_tag(&mut out, "Game", NAME);
        write_tag(&mut out, "Seed", &record.seed.to_string());
        write_players(&mut out, names);
        let start = record.start().ok();
        if let Some(seat) = start.as_ref().and_then(|s| s.seat_to_move()) {
            write_tag(&mut out, "Starts", seat_name(seat));
        }
        write_tag(&mut out, "Result", result_text(end.and_then(|g| g.outcome())));
        if let Some(start) = &start {
            out.push_str(&format!(
                "\n; The layout seed {} deals, rank 12 at the top. Every piece starts\n\
                 ; face down: r (Red) or b (Blue), then its code (Pgl Kor Div Brig\n\
                 ; Men Yon Ki Ton Zeni Ranjau Bdr Bom); `.` is an empty camp.\n",
                record.seed
            ));
            let files: String = FILES.iter().map(|file| format!("{file:<COLUMN$}")).collect();
            out.push_str(&format!(";    {}\n", files.trim_end()));
            let out_rows: Vec<String> = layout(start)
                .iter()
                .enumerate()
                .map(|(index, tokens)| {
                    let cells: String = tokens.iter().map(|t| format!("{t:<COLUMN$}")).collect();
                    format!("{:>2} | {}", RANKS - index, cells.trim_end())
                })
                .collect();
            for row in out_rows {
                out.push_str(&row);
                out.push('\n');
            }
        }
        out.push('\n');
        for (ply, action) in actions.iter().enumerate() {
            out.push_str(&format!("{}. {action}\n", ply + 1));
        }
        out
    }

    fn import(text: &str) -> Result<Record<JunQi>, TranscriptError> {
        let doc = tags::read(text)?;
        doc.expect_game(GameId::Junqi, NAME)?;
        let seed = doc.seed()?.ok_or_else(|| {
            TranscriptError::malformed(
                None,
                "no [Seed \"…\"] tag: the seed deals the layout, without it the game cannot be replayed",
            )
        })?;
        let record = Record::<JunQi>::new(JunQiOptions::default(), seed);
        let start = record.start().map_err(|error| TranscriptError::Refused {
            line: None,
            written: None,
            error: RecordError { ply: None, error },
        })?;
        check_starts(&doc, &start, seed)?;
        let mut rows: Vec<(usize, Vec<&str>)> = Vec::new();
        let mut moves = Vec::new();
        let mut written = Vec::new();
        for &(line, content) in &doc.body {
            if let Some((rank, cells)) = content.split_once('|') {
                if !moves.is_empty() {
                    return Err(TranscriptError::malformed(line, "a layout row after the moves"));
                }
                let expected = RANKS - rows.len();
                if rank.trim().parse::<usize>().ok() != Some(expected) || rows.len() == RANKS {
                    return Err(TranscriptError::malformed(
                        line,
                        format!("layout row {:?} where rank {expected} was expected", rank.trim()),
                    ));
                }
                rows.push((line, cells.split_whitespace().collect()));
                continue;
            }
            let action_text = match content.split_once('.') {
                Some((number, rest)) if number.trim().bytes().all(|b| b.is_ascii_digit()) => {
                    let expected = moves.len() + 1;
                    if number.trim().parse::<usize>().ok() != Some(expected) {
                        return Err(TranscriptError::malformed(
                            line,
                            format!("move number {number}. where {expected}. was expected"),
                        ));
                    }
                    rest.trim()
                }
                _ => content,
            };
            let action: JunQiAction = action_text.parse().map_err(|e| TranscriptError::unreadable(line, e))?;
            moves.push(action);
            written.push((line, action_text.to_string()));
        }
        check_layout(&rows, &layout(&start), seed)?;
        let (record, end) = checked(Record { moves, ..record }, &written)?;
        doc.check_result(end.outcome())?;
        Ok(record)
    }
}

/// A `Starts` tag must name the seat the seed gives the first move (J6).
fn check_starts(doc: &Document<'_>, start: &JunQi, seed: u64) -> Result<(), TranscriptError> {
    let (Some(tag), Some(dealt)) = (doc.tag("Starts"), start.seat_to_move()) else {
        return Ok(());
    };
    if tag.value.trim().eq_ignore_ascii_case(seat_name(dealt)) {
        Ok(())
    } else {
        Err(TranscriptError::inconsistent(
            tag.line,
            format!(
                "[Starts {:?}], but seed {seed} gives the first move to the {} seat",
                tag.value,
                seat_name(dealt)
            ),
        ))
    }
}

/// Layout rows, when given, must be all twelve and exactly what the seed deals.
fn check_layout(rows: &[(usize, Vec<&str>)], dealt: &[Vec<String>], seed: u64) -> Result<(), TranscriptError> {
    let Some(&(last_line, _)) = rows.last() else {
        return Ok(());
    };
    if rows.len() != RANKS {
        return Err(TranscriptError::malformed(
            last_line,
            format!("the layout stops after {} of its 12 rows", rows.len()),
        ));
    }
    for (index, ((line, tokens), dealt_row)) in rows.iter().zip(dealt).enumerate() {
        let rank = RANKS - index;
        if tokens.len() != FILES.len() {
            return Err(TranscriptError::malformed(
                *line,
                format!("rank {rank} has {} posts, not 5", tokens.len()),
            ));
        }
        for ((file, token), dealt_token) in FILES.iter().zip(tokens).zip(dealt_row) {
            if token != dealt_token {
                return Err(TranscriptError::inconsistent(
                    *line,
                    format!(
                        "the layout shows {token} on {file}{rank} but seed {seed} deals {dealt_token} there: \
                         the layout does not match the seed"
                    ),
                ));
            }
        }
    }
    Ok(())
}
