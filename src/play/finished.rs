//! Finished games kept on this device, UI-free: the last [`KEEP`] games of
//! any game, newest first, each a record that replays through the rules,
//! so any of them can be reopened into the review.

use super::player::Player;
use super::{Match, Playable};
use crate::storage::{CorruptData, Store};
use papan_rules::{GameId, Outcome, Record, Seat};
use serde::{Deserialize, Serialize};

/// How many finished games the device keeps.
pub const KEEP: usize = 50;

/// The store key of the list.
pub const STORE_KEY: &str = "papan-finished-v1";

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    /// Unique per game: the same game remembered twice is kept once.
    pub key: String,
    pub game: GameId,
    /// The seat of the person on this device (the first between two
    /// people, or for an imported game).
    pub local: Seat,
    pub players: [Player; 2],
    pub outcome: Option<Outcome>,
    /// Seat moves played (dice not counted).
    pub moves: usize,
    #[serde(default)]
    pub hints: u32,
    /// Where it was played: `offline`, `online` or `import`.
    pub origin: String,
    /// The game's `Record` as JSON (each game's own move type).
    pub record: serde_json::Value,
    /// When the game finished on this device or was imported, in
    /// milliseconds since the Unix epoch. Absent in games kept before
    /// dates were: they still load, and show no date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// The players' names an imported file gives, per seat (HexGui's
    /// `PB`/`PW`, a `.mat` file's score line); absent for games played here.
    #[serde(default, skip_serializing_if = "no_names")]
    pub names: [Option<String>; 2],
    /// What an imported file held that Papan's game does not, as written:
    /// the doubling-cube actions of a `.mat` game (`alice: Doubles => 2`).
    /// The review shows them; absent for games played here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_aside: Vec<String>,
    /// The points an imported file gave the winner when they are not
    /// Papan's count (the cube doubled them, a double was dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_points: Option<u8>,
}

fn no_names(names: &[Option<String>; 2]) -> bool {
    names.iter().all(Option::is_none)
}

/// The origin of an imported game.
pub const IMPORTED: &str = "import";

impl Finished {
    /// A game of a record, checked: it must replay.
    pub fn new<G: Playable>(
        key: String,
        record: &Record<G>,
        local: Seat,
        players: [Player; 2],
        outcome: Option<Outcome>,
        origin: &str,
    ) -> Result<Finished, String> {
        record.replay().map_err(|e| e.to_string())?;
        Ok(Finished {
            key,
            game: G::GAME,
            local,
            players,
            outcome,
            moves: super::history::log(record).len(),
            hints: 0,
            origin: origin.to_string(),
            record: serde_json::to_value(record).map_err(|e| e.to_string())?,
            at: None,
            names: [None, None],
            left_aside: Vec::new(),
            file_points: None,
        })
    }

    /// Whether the game was read from a file rather than played here.
    pub fn is_import(&self) -> bool {
        self.origin == IMPORTED
    }

    /// An imported game whose moves do not reach an end: listed apart from
    /// the finished ones.
    pub fn is_unfinished_import(&self) -> bool {
        self.is_import() && self.outcome.is_none()
    }

    /// The kept date in the reader's time zone, if the game has one.
    pub fn date(&self) -> Option<Date> {
        self.at.map(|ms| Date::of(ms, crate::timer::utc_offset_minutes(ms)))
    }

    /// The finished match on this device, once it is over.
    pub fn of_match<G: Playable>(game: &Match<G>) -> Option<Finished> {
        let outcome = game.outcome()?;
        let record = game.record();
        let key = format!(
            "{}-{:016x}-{}-{}",
            G::GAME,
            record.seed,
            game.game_index(),
            record.moves.len()
        );
        let mut out = Finished::new(key, record, game.local_seat(), game.players(), Some(outcome), "offline").ok()?;
        out.hints = game.hints_used();
        Some(out)
    }

    /// The game in its text format, with a file name for it.
    pub fn export<G: Playable>(&self) -> Result<(String, String), String> {
        let record = self.record::<G>()?;
        let name = format!("papan-{}-{}.{}", G::GAME, self.key, G::EXTENSION);
        Ok((name, G::export(&record)))
    }

    /// [`Finished::export`] with the players' names as the screen shows
    /// them, first seat first ("You", "Expert bot", a file's names), in the
    /// format's player fields (HexGui's `PB`/`PW`, the `.mat` score line).
    pub fn export_named<G: Playable>(&self, names: &[String; 2]) -> Result<(String, String), String> {
        let record = self.record::<G>()?;
        let name = format!("papan-{}-{}.{}", G::GAME, self.key, G::EXTENSION);
        let names = [names[0].as_str(), names[1].as_str()];
        Ok((name, G::export_named(&record, Some(names))))
    }

    /// The record, read back and replayed (a tampered list is refused).
    pub fn record<G: Playable>(&self) -> Result<Record<G>, String> {
        if self.game != G::GAME {
            return Err(format!("this is a {} game, not {}", self.game, G::GAME));
        }
        let record: Record<G> = serde_json::from_value(self.record.clone()).map_err(|e| e.to_string())?;
        record.replay().map_err(|e| e.to_string())?;
        Ok(record)
    }
}

/// A game exported as text (each game's own format) as a kept game, its
/// key taken from the text so the same file imported twice is kept once.
/// The error says which line and which rule, when one is to blame.
pub fn import<G: Playable>(text: &str) -> Result<Finished, String> {
    let record = G::import(text).map_err(|e| e.to_string())?;
    let outcome = record.replay().map_err(|e| e.to_string())?.outcome();
    let key = format!("import-{}-{:016x}", G::GAME, fnv1a(text.trim().as_bytes()));
    let mut out = Finished::new(key, &record, Seat::First, [Player::Human; 2], outcome, IMPORTED)?;
    out.names = file_names(G::GAME, text);
    Ok(out)
}

/// One game of a backgammon match file, offered for import on its own.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// `n` of the file's ` Game n`.
    pub number: u32,
    /// The match score before it, player 0 first.
    pub score: [u32; 2],
    /// The game ready to keep, or why it is refused (its line and rule).
    pub entry: Result<Finished, String>,
}

/// Every game of a `.mat` match file (GNU Backgammon's, a backgammon
/// site's), each replayed and checked on its own: the cube actions left
/// aside are kept in [`Finished::left_aside`], the file's points in
/// [`Finished::file_points`] when they are not the board's. A text that is
/// not a match file at all is refused as a whole.
pub fn import_match(text: &str) -> Result<Vec<MatchGame>, String> {
    use papan_rules::backgammon::Backgammon;
    use papan_rules::Game;
    let games = papan_rules::transcript::read_match(text).map_err(|e| e.to_string())?;
    let hash = fnv1a(text.trim().as_bytes());
    let several = games.len() > 1;
    Ok(games
        .into_iter()
        .map(|game| {
            let names = game.names.clone().map(clean_file_name);
            let entry = game.record.map_err(|e| e.to_string()).and_then(|record| {
                let outcome = record.replay().map_err(|e| e.to_string())?.outcome();
                let key = if several {
                    format!("import-{}-{hash:016x}-{}", GameId::Backgammon, game.number)
                } else {
                    format!("import-{}-{hash:016x}", GameId::Backgammon)
                };
                let mut out =
                    Finished::new::<Backgammon>(key, &record, Seat::First, [Player::Human; 2], outcome, IMPORTED)?;
                out.left_aside = game
                    .cube
                    .iter()
                    .map(|(_, seat, action)| {
                        let who = names[seat.index()]
                            .clone()
                            .unwrap_or_else(|| ["White", "Black"][seat.index()].into());
                        format!("{who}: {action}")
                    })
                    .collect();
                out.file_points = game
                    .file_points
                    .map(|(_, points)| points)
                    .filter(|&points| outcome.is_none_or(|o| o.points != points));
                out.names = names;
                Ok(out)
            });
            MatchGame {
                number: game.number,
                score: game.score,
                entry,
            }
        })
        .collect())
}

/// The longest player name kept from a file.
const NAME_CHARS: usize = 40;

/// The players' names a game file gives, per seat: HexGui's `PB` and `PW`,
/// the score line of a `.mat` file (` alice : 0     bob : 0`), the `First`
/// and `Second` tags of a HADANG or Jun Qi transcript. The seat
/// names Papan writes itself (`White`, `Black`) are not names: the screen
/// says them in the reader's language.
pub fn file_names(game: GameId, text: &str) -> [Option<String>; 2] {
    let names = crate::games::with_game!(game, G => <G as super::Playable>::file_names(text));
    names.map(clean_file_name)
}

/// A name as a file gives it, kept when it is one: trimmed, at most
/// [`NAME_CHARS`], not a seat word Papan writes itself.
fn clean_file_name(name: Option<String>) -> Option<String> {
    let name: String = name?.trim().chars().take(NAME_CHARS).collect();
    let seat_word = matches!(name.as_str(), "White" | "Black");
    (!name.is_empty() && !seat_word && !name.chars().any(char::is_control)).then_some(name)
}

/// The `First` and `Second` tags of a HADANG or Jun Qi transcript.
pub fn tag_names(text: &str) -> [Option<String>; 2] {
    ["First", "Second"].map(|key| tag_value(text, key))
}

/// The value of a `[Key "value"]` line of a HADANG or Jun Qi transcript.
fn tag_value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
        let (name, value) = inner.split_once(char::is_whitespace)?;
        let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
        name.eq_ignore_ascii_case(key)
            .then(|| value.replace("\\\"", "\"").replace("\\\\", "\\"))
    })
}

/// A calendar date and time of day.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Date {
    pub year: i64,
    /// 1 to 12.
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
}

impl Date {
    /// The date of `ms` since the Unix epoch, `offset_minutes` east of UTC.
    pub fn of(ms: u64, offset_minutes: i32) -> Date {
        let minutes = (ms / 60_000) as i64 + i64::from(offset_minutes);
        let days = minutes.div_euclid(24 * 60);
        let of_day = minutes.rem_euclid(24 * 60);
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            year,
            month,
            day,
            hour: (of_day / 60) as u32,
            minute: (of_day % 60) as u32,
        }
    }

    /// `2025-03-12T14:05` for a `<time datetime>`.
    pub fn iso(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute
        )
    }
}

/// FNV-1a, 64 bits: a stable name for a text on every platform.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The finished games on this device, newest first. An unreadable list is
/// kept aside by the store and reported; the app goes on with none.
pub fn load(store: &Store) -> Result<Vec<Finished>, CorruptData> {
    Ok(store.load::<Vec<Finished>>(STORE_KEY)?.unwrap_or_default())
}

/// Adds `game` at the top, keeping [`KEEP`], dated now unless it has a
/// date; a game already kept stays where it is. Returns whether it was new.
pub fn remember(store: &Store, game: Finished) -> Result<bool, String> {
    let mut game = game;
    game.at = game.at.or(Some(crate::timer::now_ms()));
    let mut list = load(store).unwrap_or_default();
    if list.iter().any(|g| g.key == game.key) {
        return Ok(false);
    }
    list.insert(0, game);
    list.truncate(KEEP);
    store.save(STORE_KEY, &list)?;
    Ok(true)
}

/// The game with `key`, if kept.
pub fn find(store: &Store, key: &str) -> Option<Finished> {
    load(store).ok()?.into_iter().find(|g| g.key == key)
}
