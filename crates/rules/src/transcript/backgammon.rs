//! Backgammon as a Jellyfish / GamesGrid `.mat` match file, the text format
//! GNU Backgammon reads with `import mat` and writes with `export match mat`
//! (checked against gnubg 1.07's `import.c` and `export.c`):
//!
//! ```text
//! ; [Seed "7"]
//!
//!  0 point match
//!
//!  Game 1
//!  White : 0                      Black : 0
//!   1)                             52: 13/8 13/11
//!   2) 64: 24/18 13/9               31: 8/5 6/5
//!   3) 66:                          43: 24/20 13/10
//! …
//!                                   Wins 1 point
//! ```
//!
//! - ` 0 point match` is a money session in gnubg: one game with no match
//!   score, which is what a Papan game is. Papan has no doubling cube
//!   ([`crate::backgammon::BackgammonOptions`] is empty), so there are no
//!   `Doubles`/`Takes`/`Drops` entries; on import they are refused.
//! - The left column is player 0, here [`Seat::First`] (White), the right
//!   one [`Seat::Second`] (Black). Each writes its moves in its own point
//!   numbers (B1) in gnubg notation, the notation Papan uses (B3).
//! - A turn is `dd: move`: the two dice, then the play. Papan keeps the dice
//!   as chance moves: `dd` is a [`BgMove::Roll`], and the first turn's dice
//!   are the opening roll (B4), whose higher die is the starter's. The file
//!   has no separate opening roll, so `Opening { white, black }` is written
//!   as the starter's turn with the high die first and read back from the
//!   column it is in. gnubg itself records the opening as that first turn.
//! - A dance (no legal move, B12) is `dd:` alone, as gnubg writes it (XG's
//!   `dd: Cannot Move` is read too). gnubg reads `dd:` alone as the dance
//!   when no move exists, as the forced play when exactly one does, and
//!   else as dice rolled and not played yet; so do we. Dice not played yet
//!   at the end of an unfinished game are therefore `dd:` alone when the
//!   roll leaves a choice (gnubg's own form), and `dd: ???` (XG's mark)
//!   when it does not. (gnubg, which cannot hold such dice, reads `???` as
//!   `dd:` and plays the dance or the forced play.)
//! - `Wins n point(s)` follows the winner's last move: 1, 2 for a gammon,
//!   3 for a backgammon (B16–B18). On import it must agree with the board;
//!   on an unfinished board it is a resignation (as gnubg reads it), which a
//!   record does not hold: the moves are kept.
//! - The score line names the players (` White : 0    Black : 0` when no
//!   names are given), as gnubg writes its players' names there; gnubg's
//!   own `.mat` export has no player tags. Import reads past the names.
//! - `; [Seed "n"]` keeps the record's seed (gnubg keeps unknown tags as
//!   the match comment); a file without one reads with seed 0.

use super::tags::read_tag;
use super::{checked, clean_name, walk, Transcript, TranscriptError};
use crate::backgammon::{Backgammon, BackgammonOptions, BgMove, Dice, Play};
use crate::game::{Game, RuleError, Seat};
use crate::record::{Record, RecordError};

/// Player names in the score line, player 0 first.
const NAMES: [&str; 2] = ["White", "Black"];
/// Width of the left column's move, as gnubg pads it.
const LEFT: usize = 27;

fn name(seat: Seat) -> &'static str {
    NAMES[seat.index()]
}

/// `seat`'s name in the score line: the given name on one line, without
/// the `:` that ends a name there, else the seat's colour.
fn score_name(names: Option<[&str; 2]>, seat: Seat) -> String {
    names
        .and_then(|names| clean_name(&names[seat.index()].replace(':', ".")))
        .unwrap_or_else(|| name(seat).to_string())
}

/// One turn as written: the mover, the dice and what was played
/// (`None`: rolled, not played yet).
struct Turn {
    seat: Seat,
    dice: (u8, u8),
    play: Option<Play>,
}

impl Turn {
    /// `dd: move`; `choice` says whether unplayed dice left a choice of
    /// plays (else `dd:` alone would read as the dance or forced play).
    fn text(&self, choice: bool) -> String {
        let dice = format!("{}{}:", self.dice.0, self.dice.1);
        match self.play {
            Some(play) if play.is_pass() => dice,
            Some(play) => format!("{dice} {play}"),
            None if choice => dice,
            None => format!("{dice} ???"),
        }
    }
}

impl Transcript for Backgammon {
    const EXTENSION: &'static str = "mat";

    /// The names take the place of `White` and `Black` in the score line,
    /// as gnubg writes its players' names there.
    fn export_named(record: &Record<Backgammon>, names: Option<[&str; 2]>) -> String {
        let mut turns: Vec<Turn> = Vec::new();
        let end = walk(record, |game, mv| match *mv {
            BgMove::Opening { white, black } => turns.push(Turn {
                seat: if white > black { Seat::First } else { Seat::Second },
                dice: (white.max(black), white.min(black)),
                play: None,
            }),
            BgMove::Roll(dice) => turns.push(Turn {
                seat: game.to_move().unwrap_or(Seat::First),
                dice: (dice.high, dice.low),
                play: None,
            }),
            BgMove::Play(play) => {
                if let Some(turn) = turns.last_mut() {
                    turn.play = Some(play);
                }
            }
        });
        // Unplayed dice can only be the last turn's, and `end` holds them.
        let choice = end.as_ref().is_some_and(|g| g.legal_moves().len() > 1);
        let mut rows: Vec<[Option<String>; 2]> = Vec::new();
        for turn in &turns {
            let text = turn.text(choice);
            match (turn.seat, rows.last_mut()) {
                (Seat::Second, Some([Some(_), right @ None])) => *right = Some(text),
                (Seat::First, _) => rows.push([Some(text), None]),
                (Seat::Second, _) => rows.push([None, Some(text)]),
            }
        }

        let mut out = format!("; [Seed \"{}\"]\n\n 0 point match\n\n Game 1\n", record.seed);
        let [left, right] = [Seat::First, Seat::Second].map(|seat| score_name(names, seat));
        let first = format!("{left} : 0");
        out.push_str(&format!(" {first:<31}{right} : 0\n"));
        for (number, [left, right]) in rows.iter().enumerate() {
            let line = format!(
                "{:>3}) {:<LEFT$} {}",
                number + 1,
                left.as_deref().unwrap_or(""),
                right.as_deref().unwrap_or("")
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if let Some(outcome) = end.and_then(|g| g.outcome()) {
            let points = outcome.points;
            let plural = if points == 1 { "" } else { "s" };
            // Under the winner's column, as gnubg writes it.
            let indent = match outcome.winner {
                Some(Seat::Second) => 34,
                _ => 6,
            };
            out.push_str(&format!("{:indent$}Wins {points} point{plural}\n", ""));
        }
        out
    }

    fn import(text: &str) -> Result<Record<Backgammon>, TranscriptError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().enumerate().map(|(index, line)| (index + 1, line));
        let seed = read_header(&mut lines)?;
        let mut reader = Reader::default();
        for (line, content) in lines {
            let trimmed = content.trim();
            if trimmed.is_empty() {
                continue;
            }
            if is_game_line(trimmed) {
                return Err(TranscriptError::unsupported(
                    line,
                    "a second game: a Papan record holds one game, so import a match one game at a time",
                ));
            }
            let (left, right) = columns(content).ok_or_else(|| {
                TranscriptError::malformed(line, format!("cannot split {content:?} into two columns"))
            })?;
            for (seat, entry) in [(Seat::First, left), (Seat::Second, right)] {
                if let Some(entry) = read_entry(entry, line)? {
                    reader.take(line, seat, entry)?;
                }
            }
        }
        let (record, _) = checked(
            Record {
                options: BackgammonOptions::default(),
                seed,
                moves: reader.moves,
            },
            &reader.written,
        )?;
        Ok(record)
    }
}

/// Reads the tags, ` N point match`, ` Game 1` and the score line; gives
/// the seed. Anything else before the moves means another kind of file.
fn read_header<'a>(lines: &mut impl Iterator<Item = (usize, &'a str)>) -> Result<u64, TranscriptError> {
    let mut seed = 0;
    loop {
        let Some((line, content)) = lines.next() else {
            return Err(TranscriptError::malformed(
                None,
                "no ` N point match` line: this is not a .mat match file (or it is empty)",
            ));
        };
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix(';').or_else(|| trimmed.strip_prefix('#')) {
            let comment = comment.trim();
            // Only tags mean something; other comments are free text.
            let Some(tag) = comment.starts_with('[').then(|| read_tag(comment, line).ok()).flatten() else {
                continue;
            };
            if tag.key.eq_ignore_ascii_case("Seed") {
                seed = tag.value.trim().parse().map_err(|_| {
                    TranscriptError::malformed(line, format!("the seed {:?} is not a whole number", tag.value))
                })?;
            } else if tag.key.eq_ignore_ascii_case("Variation") && !tag.value.eq_ignore_ascii_case("Backgammon") {
                return Err(TranscriptError::WrongGame {
                    line: Some(line),
                    message: format!("a {} match; Papan plays standard backgammon", tag.value),
                });
            }
            continue;
        }
        if is_match_line(trimmed) {
            break;
        }
        return Err(TranscriptError::WrongGame {
            line: Some(line),
            message: format!(
                "{trimmed:?} where a .mat file says ` N point match`: this is not a backgammon match file"
            ),
        });
    }
    let mut next = |what: &str| loop {
        match lines.next() {
            None => {
                return Err(TranscriptError::malformed(
                    None,
                    format!("the file ends before {what} (is it cut short?)"),
                ))
            }
            Some((_, content)) if content.trim().is_empty() => continue,
            Some(found) => return Ok(found),
        }
    };
    let (line, content) = next("` Game 1`")?;
    if !is_game_line(content.trim()) {
        return Err(TranscriptError::malformed(
            line,
            format!("{:?} where ` Game 1` was expected", content.trim()),
        ));
    }
    let (line, content) = next("the players' score line")?;
    if content.matches(':').count() < 2 {
        return Err(TranscriptError::malformed(
            line,
            format!(
                "{:?} is not a score line like ` White : 0    Black : 0`",
                content.trim()
            ),
        ));
    }
    Ok(seed)
}

/// ` 0 point match` (any length; `Point`/`Match` in either case).
fn is_match_line(trimmed: &str) -> bool {
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    matches!(words[..], [n, point, game]
        if n.parse::<u32>().is_ok() && point.eq_ignore_ascii_case("point") && game.eq_ignore_ascii_case("match"))
}

/// ` Game 3`.
fn is_game_line(trimmed: &str) -> bool {
    trimmed
        .strip_prefix("Game ")
        .is_some_and(|n| n.trim().parse::<u32>().is_ok())
}

/// The two columns of a move line, split as gnubg splits them: the right
/// one starts two characters before a second `:` (its dice), else at a
/// double space past column 15; the left loses its `NN)` number. `None`
/// when a split would fall inside a character.
fn columns(line: &str) -> Option<(&str, &str)> {
    let second_colon = line
        .find(':')
        .and_then(|first| line[first + 1..].find(':').map(|at| first + 1 + at));
    let (left, right) = match second_colon {
        Some(at) if at > 3 => (line.get(..at - 3)?, line.get(at - 2..)?),
        _ => match line.get(15..).and_then(|tail| tail.find("  ")) {
            Some(gap) => (line.get(..15 + gap)?, line.get(15 + gap + 1..)?),
            None => (line, ""),
        },
    };
    let left = left.find(')').map_or(left, |at| &left[at + 1..]);
    Some((left, right))
}

/// One column's entry.
enum Entry<'a> {
    /// `dd: move`: the dice and the rest as written.
    Turn {
        dice: (u8, u8),
        rest: &'a str,
        text: &'a str,
    },
    /// `Wins n point(s)`.
    Wins(u8),
}

fn read_entry(text: &str, line: usize) -> Result<Option<Entry<'_>>, TranscriptError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let die = |b: u8| (b'1'..=b'6').contains(&b).then(|| b - b'0');
    if let [a, b, b':', ..] = text.as_bytes() {
        if let (Some(a), Some(b)) = (die(*a), die(*b)) {
            return Ok(Some(Entry::Turn {
                dice: (a, b),
                rest: text[3..].trim(),
                text,
            }));
        }
    }
    let lower = text.to_ascii_lowercase();
    if ["double", "beaver", "raccoon", "take", "drop"]
        .iter()
        .any(|word| lower.starts_with(word))
    {
        return Err(TranscriptError::unsupported(
            line,
            format!("{text:?}: Papan's backgammon is played without the doubling cube"),
        ));
    }
    if let Some(rest) = lower.strip_prefix("wins") {
        let points = rest
            .split_whitespace()
            .next()
            .and_then(|n| n.parse::<u8>().ok())
            .ok_or_else(|| TranscriptError::malformed(line, format!("{text:?} is not `Wins n points`")))?;
        return Ok(Some(Entry::Wins(points)));
    }
    // gnubg skips these `.gam` lines too.
    if lower.starts_with("resign") {
        return Ok(None);
    }
    Err(TranscriptError::malformed(
        line,
        format!("cannot read {text:?}: a turn is written `dd: move`, like `52: 13/8 13/11`"),
    ))
}

/// The game as read so far: the moves, the line and text of each, and the
/// position they lead to.
struct Reader {
    game: Backgammon,
    moves: Vec<BgMove>,
    written: Vec<(usize, String)>,
    /// A turn whose dice were rolled but not played (line, text, whether
    /// the roll left a choice): only the game's last entry may be one.
    unplayed: Option<(usize, String, bool)>,
    /// The line of the `Wins` entry: nothing may follow it.
    result_line: Option<usize>,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader {
            game: Backgammon::start(),
            moves: Vec::new(),
            written: Vec::new(),
            unplayed: None,
            result_line: None,
        }
    }
}

impl Reader {
    /// Plays `mv` (checked), remembering where it was written.
    fn play(&mut self, mv: BgMove, line: usize, text: &str) -> Result<(), TranscriptError> {
        let mv = self.game.canonical_move(&mv);
        self.game.play(&mv).map_err(|error| self.refused(line, text, error))?;
        self.moves.push(mv);
        self.written.push((line, text.to_string()));
        Ok(())
    }

    fn refused(&self, line: usize, text: &str, error: RuleError) -> TranscriptError {
        TranscriptError::Refused {
            line: Some(line),
            written: Some(text.to_string()),
            error: RecordError {
                ply: Some(self.moves.len()),
                error,
            },
        }
    }

    fn take(&mut self, line: usize, seat: Seat, entry: Entry<'_>) -> Result<(), TranscriptError> {
        if let Some(result_line) = self.result_line {
            return Err(TranscriptError::malformed(
                line,
                format!("an entry after the result on line {result_line}"),
            ));
        }
        match entry {
            Entry::Turn { dice, rest, text } => self.turn(line, seat, dice, rest, text),
            Entry::Wins(points) => self.wins(line, seat, points),
        }
    }

    fn turn(&mut self, line: usize, seat: Seat, dice: (u8, u8), rest: &str, text: &str) -> Result<(), TranscriptError> {
        if let Some((at, written, choice)) = self.unplayed.take() {
            // Dice left unplayed although the game goes on.
            return Err(if choice {
                let error = self
                    .game
                    .check(&BgMove::Play(Play::PASS))
                    .err()
                    .unwrap_or_else(|| RuleError::new(crate::rule::B12, "a move must be played"));
                self.refused(at, &written, error)
            } else {
                TranscriptError::malformed(at, format!("{written:?} (dice rolled, not played) must end the game"))
            });
        }
        let (a, b) = dice;
        let chance = match self.game.to_move() {
            // B4: the opening roll's higher die is the starter's.
            None => {
                let (high, low) = (a.max(b), a.min(b));
                match seat {
                    Seat::First => BgMove::Opening {
                        white: high,
                        black: low,
                    },
                    Seat::Second => BgMove::Opening {
                        white: low,
                        black: high,
                    },
                }
            }
            Some(mover) if mover != seat && !self.game.is_over() => {
                let error = RuleError::new(
                    crate::rule::B5,
                    format!("{} rolls, but it is {}'s turn", name(seat), name(mover)),
                );
                return Err(self.refused(line, text, error));
            }
            Some(_) => match Dice::new(a, b) {
                Some(dice) => BgMove::Roll(dice),
                None => return Err(TranscriptError::malformed(line, format!("{text:?}: dice show 1–6"))),
            },
        };
        self.play(chance, line, text)?;
        let lower = rest.to_ascii_lowercase();
        let play = match lower.as_str() {
            "???" => {
                self.unplayed = Some((line, text.to_string(), false));
                return Ok(());
            }
            // gnubg's reading of dice alone: the dance, the forced play, or
            // (with a choice) dice not played yet.
            "" => match self.game.legal_moves()[..] {
                [BgMove::Play(only)] => only,
                _ => {
                    self.unplayed = Some((line, text.to_string(), true));
                    return Ok(());
                }
            },
            "cannot move" => Play::PASS,
            _ => rest.parse::<Play>().map_err(|e| TranscriptError::unreadable(line, e))?,
        };
        let before = self.game.clone();
        self.play(BgMove::Play(play), line, text)?;
        // Keep the play as the rules list it (gnubg's canonical form), so a
        // file written by another program reads like one written here.
        let legal = before.legal_moves();
        if !legal.contains(&BgMove::Play(play)) {
            let same_end = |mv: &&BgMove| {
                let mut after = before.clone();
                after.play_unchecked(mv);
                after == self.game
            };
            if let (Some(canonical), Some(last)) = (legal.iter().find(same_end), self.moves.last_mut()) {
                *last = *canonical;
            }
        }
        Ok(())
    }

    fn wins(&mut self, line: usize, seat: Seat, points: u8) -> Result<(), TranscriptError> {
        self.result_line = Some(line);
        let Some(outcome) = self.game.outcome() else {
            // A resignation: the record keeps the moves, unfinished.
            return Ok(());
        };
        if outcome.winner == Some(seat) && outcome.points == points {
            return Ok(());
        }
        let winner = outcome.winner.map_or("nobody", name);
        Err(TranscriptError::inconsistent(
            line,
            format!(
                "the file says {} wins {points}, but the moves end the game with {winner} winning {}",
                name(seat),
                outcome.points
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::columns;

    #[test]
    fn columns_split_as_gnubg_splits_them() {
        let both = "  2) 64: 24/18 13/9               31: 8/5 6/5";
        assert_eq!(
            columns(both).map(|(l, r)| (l.trim(), r.trim())),
            Some(("64: 24/18 13/9", "31: 8/5 6/5"))
        );
        let right = "  1)                             52: 13/8 13/11";
        assert_eq!(
            columns(right).map(|(l, r)| (l.trim(), r.trim())),
            Some(("", "52: 13/8 13/11"))
        );
        let left = "  9) 52: 13/8 13/11";
        assert_eq!(
            columns(left).map(|(l, r)| (l.trim(), r.trim())),
            Some(("52: 13/8 13/11", ""))
        );
        let dance = "  3) 66:                          43: 24/20 13/10";
        assert_eq!(
            columns(dance).map(|(l, r)| (l.trim(), r.trim())),
            Some(("66:", "43: 24/20 13/10"))
        );
        let right_wins = format!("{:34}Wins 2 points", "");
        assert_eq!(
            columns(&right_wins).map(|(l, r)| (l.trim(), r.trim())),
            Some(("", "Wins 2 points"))
        );
        assert_eq!(
            columns("      Wins 1 point").map(|(l, r)| (l.trim(), r.trim())),
            Some(("Wins 1 point", ""))
        );
    }
}
