//! Backgammon as a Jellyfish / GamesGrid `.mat` match file, the text format
//! GNU Backgammon reads with `import mat` and writes with `export match mat`
//! (checked against gnubg 1.07's `import.c` and `export.c`):
//!
//! ```text
//! ; [Seed "7"]
//! ; [Jacoby "Off"]
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
//!   `Doubles`/`Takes`/`Drops` entries in what we write. On import they are
//!   left aside and kept as notes ([`MatGame::cube`]): the checker plays
//!   are replayed and checked as ever, `Wins n` must be the board's points
//!   times the cube the file turned, and a dropped double ends the game
//!   there (the record keeps the moves, unfinished, as for a resignation).
//! - A match file holds several games (` Game 1`, ` Game 2`, …, each with
//!   its score line): [`read_match`] reads each on its own, a game with an
//!   illegal play refused with its line and rule without stopping the
//!   others; [`Transcript::import`] takes a file of one game.
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
//! - `; [Jacoby "Off"]`: Papan counts a gammon 2 and a backgammon 3 (B17,
//!   B18), as money play without the Jacoby rule does. gnubg 1.07 plays
//!   money sessions under the Jacoby rule by default (a gammon counts 1
//!   while the cube is not turned) and discards this tag, so the export
//!   screen tells the person to `set jacoby off` before importing (tested
//!   in `tests/rules/backgammon_mat_gnubg.rs`).
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

        // Jacoby off: Papan counts a gammon 2 (B17); see the module doc.
        let mut out = format!(
            "; [Seed \"{}\"]\n; [Jacoby \"Off\"]\n\n 0 point match\n\n Game 1\n",
            record.seed
        );
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

    /// A file with one game; cube actions are left aside (see
    /// [`read_match`], which also says what they were). A match of several
    /// games is refused here: [`read_match`] offers each.
    fn import(text: &str) -> Result<Record<Backgammon>, TranscriptError> {
        let mut games = read_match(text)?;
        if games.len() > 1 {
            return Err(TranscriptError::unsupported(
                games[1].line,
                format!(
                    "a match of {} games: a Papan record holds one game, so import a match one game at a time",
                    games.len()
                ),
            ));
        }
        games.remove(0).record
    }
}

/// One game of a `.mat` match file, as [`read_match`] reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatGame {
    /// `n` of its ` Game n` line.
    pub number: u32,
    /// The line (1-based) of ` Game n`.
    pub line: usize,
    /// The names of its score line, player 0 (the first seat) first.
    pub names: [Option<String>; 2],
    /// The match score before the game, as its score line gives it.
    pub score: [u32; 2],
    /// The moves, every one checked, or why this game is refused (its line
    /// and rule): a refused game does not stop the others.
    pub record: Result<Record<Backgammon>, TranscriptError>,
    /// The cube actions left aside (Papan plays without the doubling
    /// cube): the line, the player and the action as written
    /// (`Doubles => 2`, `Takes`, `Drops`).
    pub cube: Vec<(usize, Seat, String)>,
    /// The points the file gives the winner (`Wins n points`, counting
    /// the cube): Papan's points are the board's ([`Game::outcome`]).
    pub file_points: Option<(Seat, u8)>,
    /// Whether a double was dropped: the game ended there, unfinished on
    /// the board, and the record keeps the moves.
    pub dropped: bool,
}

/// Every game of a `.mat` match file (` N point match`, then ` Game 1`,
/// ` Game 2`, …), as GNU Backgammon and backgammon sites export them. A
/// file that is not a match file at all is refused as a whole; otherwise
/// each game is read on its own: its checker plays replayed and checked,
/// its cube actions kept apart in [`MatGame::cube`].
pub fn read_match(text: &str) -> Result<Vec<MatGame>, TranscriptError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate().map(|(index, line)| (index + 1, line));
    let (seed, match_length) = read_header(&mut lines)?;
    let mut games: Vec<MatGame> = Vec::new();
    // The game being read: its reader (`None` once refused) and whether its
    // score line is still to come.
    let mut reader: Option<Reader> = None;
    let mut awaiting_score = false;
    let finish = |games: &mut Vec<MatGame>, reader: Option<Reader>, awaiting_score: bool| {
        let Some(game) = games.last_mut() else { return };
        if awaiting_score {
            game.record = Err(TranscriptError::malformed(
                None,
                "the file ends before the players' score line (is it cut short?)",
            ));
            return;
        }
        if let Some(reader) = reader {
            game.cube = reader.cube_notes.clone();
            game.file_points = reader.file_points;
            game.dropped = reader.dropped.is_some();
            game.record = checked(
                Record {
                    options: BackgammonOptions::default(),
                    seed,
                    moves: reader.moves,
                },
                &reader.written,
            )
            .map(|(record, _)| record);
        }
    };
    for (line, content) in lines {
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(number) = game_number(trimmed) {
            finish(&mut games, reader.take(), awaiting_score);
            games.push(MatGame {
                number,
                line,
                names: [None, None],
                score: [0, 0],
                record: Err(TranscriptError::malformed(line, "no moves read")),
                cube: Vec::new(),
                file_points: None,
                dropped: false,
            });
            reader = Some(Reader {
                money: match_length == 0,
                ..Reader::default()
            });
            awaiting_score = true;
            continue;
        }
        let Some(game) = games.last_mut() else {
            return Err(TranscriptError::malformed(
                line,
                format!("{trimmed:?} where ` Game 1` was expected"),
            ));
        };
        if awaiting_score {
            awaiting_score = false;
            match score_line(content) {
                Some((names, score)) => {
                    game.names = names;
                    game.score = score;
                }
                None => {
                    game.record = Err(TranscriptError::malformed(
                        line,
                        format!("{trimmed:?} is not a score line like ` White : 0    Black : 0`"),
                    ));
                    reader = None;
                }
            }
            continue;
        }
        let Some(current) = reader.as_mut() else {
            // This game is refused already: skip to the next one.
            continue;
        };
        if let Err(error) = read_line(current, line, content) {
            game.record = Err(error);
            reader = None;
        }
    }
    finish(&mut games, reader, awaiting_score);
    if games.is_empty() {
        return Err(TranscriptError::malformed(
            None,
            "the file ends before ` Game 1` (is it cut short?)",
        ));
    }
    Ok(games)
}

/// One move line of a game: both columns' entries.
fn read_line(reader: &mut Reader, line: usize, content: &str) -> Result<(), TranscriptError> {
    let (left, right) = columns(content)
        .ok_or_else(|| TranscriptError::malformed(line, format!("cannot split {content:?} into two columns")))?;
    for (seat, entry) in [(Seat::First, left), (Seat::Second, right)] {
        if let Some(entry) = read_entry(entry, line)? {
            reader.take(line, seat, entry)?;
        }
    }
    Ok(())
}

/// ` alice : 0     bob : 3`: the two names (an empty one is `None`) and
/// the two scores (0 where unreadable); `None` without two `:`.
fn score_line(content: &str) -> Option<([Option<String>; 2], [u32; 2])> {
    let first_colon = content.find(':')?;
    let last_colon = content.rfind(':').filter(|&at| at > first_colon)?;
    let middle = content[first_colon + 1..last_colon].trim_start();
    let digits = middle.find(|c: char| !c.is_ascii_digit()).unwrap_or(middle.len());
    let first_score = middle[..digits].parse().unwrap_or(0);
    let second_score = content[last_colon + 1..].trim().parse().unwrap_or(0);
    Some((
        [clean_name(&content[..first_colon]), clean_name(&middle[digits..])],
        [first_score, second_score],
    ))
}

/// Reads the tags and ` N point match`; gives the seed and the match
/// length (0: a money session). Anything else before means another kind of
/// file.
fn read_header<'a>(lines: &mut impl Iterator<Item = (usize, &'a str)>) -> Result<(u64, u32), TranscriptError> {
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
            let length = trimmed
                .split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            return Ok((seed, length));
        }
        return Err(TranscriptError::WrongGame {
            line: Some(line),
            message: format!(
                "{trimmed:?} where a .mat file says ` N point match`: this is not a backgammon match file"
            ),
        });
    }
}

/// ` 0 point match` (any length; `Point`/`Match` in either case).
fn is_match_line(trimmed: &str) -> bool {
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    matches!(words[..], [n, point, game]
        if n.parse::<u32>().is_ok() && point.eq_ignore_ascii_case("point") && game.eq_ignore_ascii_case("match"))
}

/// `3` of ` Game 3`.
fn game_number(trimmed: &str) -> Option<u32> {
    trimmed.strip_prefix("Game ").and_then(|n| n.trim().parse::<u32>().ok())
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
    /// A cube action: left aside, kept as a note.
    Cube { action: Cube, text: &'a str },
}

/// A doubling-cube action of a `.mat` file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Cube {
    /// `Doubles => n` (also a beaver or raccoon): the cube offered at `n`.
    Double(u32),
    Take,
    Drop,
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
    if ["double", "redouble", "beaver", "raccoon"]
        .iter()
        .any(|word| lower.starts_with(word))
    {
        // `Doubles => 2`: the cube's new value, after `=>`.
        let value = lower
            .split("=>")
            .nth(1)
            .and_then(|n| n.split_whitespace().next())
            .and_then(|n| n.parse::<u32>().ok())
            .ok_or_else(|| TranscriptError::malformed(line, format!("{text:?} is not `Doubles => n`")))?;
        return Ok(Some(Entry::Cube {
            action: Cube::Double(value),
            text,
        }));
    }
    if lower.starts_with("take") || lower.starts_with("accept") {
        return Ok(Some(Entry::Cube {
            action: Cube::Take,
            text,
        }));
    }
    if lower.starts_with("drop") || lower.starts_with("pass") || lower.starts_with("reject") {
        return Ok(Some(Entry::Cube {
            action: Cube::Drop,
            text,
        }));
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
    /// A money session (` 0 point match`), where gnubg's default Jacoby
    /// rule scores a gammon 1 while the cube is not turned.
    money: bool,
    /// The cube's value as the file turns it (1 until a double is taken).
    cube: u32,
    /// The double on offer: who offered it, at what value.
    offered: Option<(Seat, u32)>,
    /// The player who dropped a double, and its line: the game ended there.
    dropped: Option<(Seat, usize)>,
    /// The cube actions read: line, player, text.
    cube_notes: Vec<(usize, Seat, String)>,
    /// The `Wins` entry: the winner and the file's points.
    file_points: Option<(Seat, u8)>,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader {
            game: Backgammon::start(),
            moves: Vec::new(),
            written: Vec::new(),
            unplayed: None,
            result_line: None,
            money: true,
            cube: 1,
            offered: None,
            dropped: None,
            cube_notes: Vec::new(),
            file_points: None,
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
        if let (Some((_, dropped)), Entry::Turn { .. } | Entry::Cube { .. }) = (self.dropped, &entry) {
            return Err(TranscriptError::malformed(
                line,
                format!("an entry after the dropped double on line {dropped}"),
            ));
        }
        match entry {
            Entry::Turn { dice, rest, text } => self.turn(line, seat, dice, rest, text),
            Entry::Wins(points) => self.wins(line, seat, points),
            Entry::Cube { action, text } => {
                self.cube_notes.push((line, seat, text.to_string()));
                match action {
                    Cube::Double(value) => self.offered = Some((seat, value)),
                    Cube::Take => {
                        if let Some((_, value)) = self.offered.take() {
                            self.cube = value;
                        }
                    }
                    Cube::Drop => {
                        self.offered = None;
                        self.dropped = Some((seat, line));
                    }
                }
                Ok(())
            }
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
        self.file_points = Some((seat, points));
        if let Some((dropper, _)) = self.dropped {
            // The doubler wins the cube as it was before the double.
            if dropper == seat {
                return Err(TranscriptError::inconsistent(
                    line,
                    format!(
                        "{} dropped the double, yet the file says {} wins",
                        name(seat),
                        name(seat)
                    ),
                ));
            }
            return Ok(());
        }
        let Some(outcome) = self.game.outcome() else {
            // A resignation: the record keeps the moves, unfinished.
            return Ok(());
        };
        let board = u32::from(outcome.points);
        let counted = u32::from(points);
        // gnubg's money sessions count a gammon 1 while the cube is in the
        // middle (the Jacoby rule, on by default).
        let jacoby = self.money && self.cube == 1 && counted == 1;
        if outcome.winner == Some(seat) && (counted == board * self.cube || jacoby) {
            return Ok(());
        }
        let winner = outcome.winner.map_or("nobody", name);
        let cube = if self.cube > 1 {
            format!(" (times the cube at {})", self.cube)
        } else {
            String::new()
        };
        Err(TranscriptError::inconsistent(
            line,
            format!(
                "the file says {} wins {points}, but the moves end the game with {winner} winning {}{cube}",
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
