//! Puzzles in the app, UI-free: the shipped sets (`papan_bots::puzzle`'s
//! data, one JSON object a line) read from text, the player's Glicko-2
//! rating per game (the same arithmetic as ranked rooms,
//! [`papan_api::ratings`]), choosing a puzzle near that rating, the daily
//! puzzle (the same for everyone on a date: a fixed hash of the day), the
//! daily streak, and the "why" worded in the player's language ([`why`]).
//!
//! The sets are never compiled into the web app's wasm: the web build
//! serves them as files (`puzzles/<game>.jsonl`, precached by the service
//! worker) and the screen fetches one when it opens; native builds carry
//! them ([`bundled`]). Only the first try at a puzzle is rated.

pub mod own;
pub mod why;

use crate::storage::{CorruptData, Store};
use papan_api::ratings::{after_game, Standing};
pub use papan_bots::puzzle::{Body, HadangWhy, HexWhy, Puzzle, WrongTry};
use papan_rules::GameId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The storage key of [`PuzzleStats`].
pub const STATS_KEY: &str = "puzzles";

/// The games whose puzzle sets ship (`crates/bots/data/puzzles/<game>.jsonl`,
/// and an arm in [`bundled`]), in the order the daily puzzle cycles through
/// them.
pub const SHIPPED: [GameId; 4] = [GameId::Hex, GameId::Hadang, GameId::Junqi, GameId::Backgammon];

/// A day: days since 1970-01-01 (UTC).
pub type Day = i64;

/// The path of a game's set in the web build, relative to the page.
pub fn set_path(game: GameId) -> String {
    format!("puzzles/{}.jsonl", game.code())
}

/// A game's set as carried by a native build (`None`: none ships yet).
#[cfg(not(target_arch = "wasm32"))]
pub fn bundled(game: GameId) -> Option<&'static str> {
    match game {
        GameId::Hex => Some(include_str!("../../crates/bots/data/puzzles/hex.jsonl")),
        GameId::Hadang => Some(include_str!("../../crates/bots/data/puzzles/hadang.jsonl")),
        GameId::Junqi => Some(include_str!("../../crates/bots/data/puzzles/junqi.jsonl")),
        GameId::Backgammon => Some(include_str!("../../crates/bots/data/puzzles/backgammon.jsonl")),
    }
}

/// The game a puzzle is for (`None`: a kind this app cannot show yet).
pub fn game_of(puzzle: &Puzzle) -> Option<GameId> {
    Some(match &puzzle.body {
        Body::Hex { .. } => GameId::Hex,
        Body::Hadang { .. } => GameId::Hadang,
        Body::Junqi { .. } => GameId::Junqi,
        Body::Backgammon { .. } => GameId::Backgammon,
    })
}

/// The answer's notation.
pub fn answer_of(puzzle: &Puzzle) -> &str {
    match &puzzle.body {
        Body::Hex { answer, .. }
        | Body::Hadang { answer, .. }
        | Body::Junqi { answer, .. }
        | Body::Backgammon { answer, .. } => answer,
    }
}

/// Reads a set: one puzzle a line, blank lines skipped. A line that does
/// not read, or a puzzle of another game, refuses the whole set with its
/// line number (a set is shipped whole or not at all).
pub fn parse_set(game: GameId, text: &str) -> Result<Vec<Puzzle>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let puzzle: Puzzle = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        if game_of(&puzzle) != Some(game) {
            return Err(format!(
                "line {}: puzzle {} is not a {} puzzle",
                i + 1,
                puzzle.id,
                game.code()
            ));
        }
        out.push(puzzle);
    }
    if out.is_empty() {
        return Err("the set has no puzzle".to_string());
    }
    Ok(out)
}

/// A fixed 64-bit mix (splitmix64): the same on every platform and build,
/// unlike the standard library's hasher.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The daily puzzle's game on `day`: the shipped games in turn.
pub fn daily_game(day: Day) -> GameId {
    SHIPPED[day.rem_euclid(SHIPPED.len() as i64) as usize]
}

/// The daily puzzle's index in its game's set of `len` puzzles on `day`.
pub fn daily_index(day: Day, len: usize) -> usize {
    if len == 0 {
        return 0;
    }
    (mix(day as u64 ^ 0x5041_5041_4e44_4159) % len as u64) as usize
}

/// The themes present in a set, in the order they first appear.
pub fn themes(puzzles: &[Puzzle]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in puzzles {
        if !out.contains(&p.theme) {
            out.push(p.theme.clone());
        }
    }
    out
}

/// How many puzzles near the rating a choice is made among.
const NEAREST: usize = 8;

/// The next puzzle for a player rated `rating`: among those of `theme`
/// (any when `None`; [`own::OWN_THEME`]: those from the player's games) not yet `done` (all of them again once every one is
/// done), one of the [`NEAREST`] in rating, picked by `seed`. `None` when
/// the theme has no puzzle.
pub fn choose(puzzles: &[Puzzle], rating: f64, theme: Option<&str>, done: &[String], seed: u64) -> Option<usize> {
    let of_theme: Vec<usize> = (0..puzzles.len())
        .filter(|&i| {
            theme.is_none_or(|t| match t {
                own::OWN_THEME => own::is_own(&puzzles[i]),
                t => puzzles[i].theme == t,
            })
        })
        .collect();
    let fresh: Vec<usize> = of_theme
        .iter()
        .copied()
        .filter(|&i| !done.contains(&puzzles[i].id))
        .collect();
    let mut pool = if fresh.is_empty() { of_theme } else { fresh };
    if pool.is_empty() {
        return None;
    }
    pool.sort_by(|&a, &b| {
        let da = (puzzles[a].rating as f64 - rating).abs();
        let db = (puzzles[b].rating as f64 - rating).abs();
        da.total_cmp(&db).then(a.cmp(&b))
    });
    pool.truncate(NEAREST);
    Some(pool[(mix(seed) % pool.len() as u64) as usize])
}

/// A puzzle's rating as an opponent: its difficulty, well known.
fn puzzle_standing(puzzle_rating: u32) -> Standing {
    Standing {
        rating: puzzle_rating as f64,
        deviation: 80.0,
        volatility: 0.06,
        games: 10,
    }
}

/// The player's standing after a first try at a puzzle rated
/// `puzzle_rating`: solving is a win against the puzzle, failing a loss.
pub fn rated(player: Standing, puzzle_rating: u32, solved: bool) -> Standing {
    let score = if solved { 1.0 } else { 0.0 };
    after_game(player, puzzle_standing(puzzle_rating), score).0
}

/// One game's puzzle record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameRecord {
    pub standing: Standing,
    /// The puzzles tried (their ids), solved or not: chosen again only once
    /// every one of a theme is done.
    pub done: Vec<String>,
    pub solved: u32,
}

/// The daily puzzle's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DailyRecord {
    /// The last day whose daily was tried (solved or failed).
    pub last_tried: Option<Day>,
    /// The last day whose daily was solved at the first try.
    pub last_solved: Option<Day>,
    /// Days in a row solved, ending at `last_solved`.
    pub streak: u32,
    pub best: u32,
}

impl DailyRecord {
    /// The streak as it stands on `today`: it breaks once a day passes
    /// without the daily solved (a day missed, or the daily failed).
    pub fn streak_on(&self, today: Day) -> u32 {
        match self.last_solved {
            Some(day) if day == today => self.streak,
            // Yesterday's solved: today's may still keep it, unless failed.
            Some(day) if day == today - 1 && self.last_tried != Some(today) => self.streak,
            _ => 0,
        }
    }

    /// Whether the daily of `today` was tried already.
    pub fn tried_on(&self, today: Day) -> bool {
        self.last_tried == Some(today)
    }

    /// Records the first try at the daily of `day`; a second try the same
    /// day changes nothing.
    pub fn record(&mut self, day: Day, solved: bool) {
        if self.last_tried == Some(day) {
            return;
        }
        self.last_tried = Some(day);
        if solved {
            self.streak = if self.last_solved == Some(day - 1) {
                self.streak + 1
            } else {
                1
            };
            self.last_solved = Some(day);
            self.best = self.best.max(self.streak);
        }
    }
}

/// Everything about puzzles saved on the device.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleStats {
    /// By game code.
    pub games: BTreeMap<String, GameRecord>,
    pub daily: DailyRecord,
}

impl PuzzleStats {
    /// The saved stats, and the reason when unreadable ones were kept aside
    /// by the store (a fresh record comes back then).
    pub fn load(store: &Store) -> (PuzzleStats, Option<CorruptData>) {
        let loaded = store.load_with::<PuzzleStats, PuzzleStats>(STATS_KEY, |s| {
            let bad = s
                .games
                .values()
                .any(|g| !(g.standing.rating.is_finite() && g.standing.deviation.is_finite()));
            if bad {
                Err("a puzzle rating is not a number".to_string())
            } else {
                Ok(s)
            }
        });
        match loaded {
            Ok(stats) => (stats.unwrap_or_default(), None),
            Err(corrupt) => (PuzzleStats::default(), Some(corrupt)),
        }
    }

    pub fn save(&self, store: &Store) -> Result<(), String> {
        store.save(STATS_KEY, self)
    }

    pub fn game(&self, game: GameId) -> GameRecord {
        self.games.get(game.code()).cloned().unwrap_or_default()
    }

    /// The player's rating in `game`, rounded as shown.
    pub fn shown_rating(&self, game: GameId) -> u32 {
        self.game(game).standing.rating.round().max(0.0) as u32
    }

    /// Records the first try at `puzzle` in `game`: the rating moves (up
    /// when solved, down when not) and the puzzle counts as done. A puzzle
    /// tried before in this visit is not rated again (the caller asks once).
    pub fn record_try(&mut self, game: GameId, puzzle: &Puzzle, solved: bool) {
        let record = self.games.entry(game.code().to_string()).or_default();
        record.standing = rated(record.standing, puzzle.rating, solved);
        if !record.done.contains(&puzzle.id) {
            record.done.push(puzzle.id.clone());
        }
        if solved {
            record.solved += 1;
        }
    }
}

/// Today, in days since 1970-01-01 UTC, from the device's clock (the screens
/// only; the logic above takes the day as a value).
pub fn today() -> Day {
    #[cfg(target_arch = "wasm32")]
    let ms = js_sys::Date::now();
    #[cfg(not(target_arch = "wasm32"))]
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_millis() as f64);
    (ms / 86_400_000.0).floor() as Day
}

/// A game's set: fetched from the web build's files, or carried natively.
pub async fn load_set(game: GameId) -> Result<Vec<Puzzle>, String> {
    let text = fetch_text(&set_path(game)).await?;
    parse_set(game, &text)
}

#[cfg(not(target_arch = "wasm32"))]
async fn fetch_text(path: &str) -> Result<String, String> {
    let game = SHIPPED
        .into_iter()
        .find(|g| set_path(*g) == path)
        .ok_or_else(|| format!("{path}: no puzzles for this game yet"))?;
    bundled(game)
        .map(str::to_string)
        .ok_or_else(|| format!("{path}: no puzzles for this game yet"))
}

/// The web build's file, through the page's `fetch` (as the languages are).
#[cfg(target_arch = "wasm32")]
async fn fetch_text(path: &str) -> Result<String, String> {
    crate::i18n::fetch_text(path).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(game: GameId) -> Vec<Puzzle> {
        parse_set(game, bundled(game).unwrap()).unwrap()
    }

    #[test]
    fn the_shipped_sets_read_and_name_their_game() {
        for game in SHIPPED {
            let puzzles = set(game);
            assert!(puzzles.len() >= 100, "{game}: {}", puzzles.len());
            assert!(puzzles.iter().all(|p| game_of(p) == Some(game)));
            assert!(!themes(&puzzles).is_empty());
        }
    }

    #[test]
    fn a_bad_line_or_a_foreign_puzzle_refuses_the_set_with_its_line() {
        let hex = bundled(GameId::Hex).unwrap().lines().next().unwrap();
        let text = format!("{hex}\nnot json\n");
        let e = parse_set(GameId::Hex, &text).unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        let e = parse_set(GameId::Hadang, hex).unwrap_err();
        assert!(e.contains("is not a hadang puzzle"), "{e}");
        assert!(parse_set(GameId::Hex, "\n\n").is_err());
    }

    #[test]
    fn choose_picks_near_the_rating_within_the_theme_and_skips_done_ones() {
        let puzzles = set(GameId::Hex);
        let theme = puzzles[0].theme.clone();
        for seed in 0..40 {
            let i = choose(&puzzles, 1500.0, Some(&theme), &[], seed).unwrap();
            assert_eq!(puzzles[i].theme, theme);
        }
        // Near the rating: every pick is among the 8 nearest.
        let mut gaps: Vec<f64> = puzzles.iter().map(|p| (p.rating as f64 - 900.0).abs()).collect();
        gaps.sort_by(f64::total_cmp);
        for seed in 0..40 {
            let i = choose(&puzzles, 900.0, None, &[], seed).unwrap();
            assert!((puzzles[i].rating as f64 - 900.0).abs() <= gaps[NEAREST - 1]);
        }
        // Same inputs, same choice; a done puzzle is not chosen again.
        let first = choose(&puzzles, 1500.0, None, &[], 7).unwrap();
        assert_eq!(choose(&puzzles, 1500.0, None, &[], 7), Some(first));
        let done = vec![puzzles[first].id.clone()];
        for seed in 0..40 {
            assert_ne!(choose(&puzzles, 1500.0, None, &done, seed), Some(first));
        }
        assert_eq!(choose(&puzzles, 1500.0, Some("no-such-theme"), &[], 1), None);
    }

    #[test]
    fn solving_raises_the_rating_and_failing_lowers_it() {
        let puzzles = set(GameId::Hadang);
        let p = &puzzles[0];
        let mut stats = PuzzleStats::default();
        stats.record_try(GameId::Hadang, p, true);
        let up = stats.game(GameId::Hadang).standing;
        assert!(up.rating > 1500.0, "{up:?}");
        assert_eq!(stats.game(GameId::Hadang).done, vec![p.id.clone()]);
        stats.record_try(GameId::Hadang, p, false);
        let down = stats.game(GameId::Hadang).standing;
        assert!(down.rating < up.rating, "{down:?}");
        assert_eq!(stats.game(GameId::Hadang).done.len(), 1);
        assert_eq!(stats.game(GameId::Hadang).solved, 1);
        // An easier puzzle solved gains less than a harder one.
        let easy = rated(Standing::default(), 1000, true).rating;
        let hard = rated(Standing::default(), 2000, true).rating;
        assert!(hard > easy && easy > 1500.0);
        // Other games are untouched.
        assert_eq!(stats.shown_rating(GameId::Hex), 1500);
    }

    #[test]
    fn the_daily_is_the_same_puzzle_for_the_same_date() {
        let day: Day = 20_425; // 2025-12-03
        assert_eq!(daily_game(day), daily_game(day));
        assert_eq!(daily_index(day, 300), daily_index(day, 300));
        // Pinned: a change of the hash would give everyone another daily.
        assert_eq!(mix(0), 0xe220_a839_7b1d_cdaf);
        // Days differ: not all the same puzzle over a month, every game in turn.
        let picks: std::collections::BTreeSet<usize> = (day..day + 30).map(|d| daily_index(d, 300)).collect();
        assert!(picks.len() > 20, "{picks:?}");
        assert_ne!(daily_game(day), daily_game(day + 1));
        assert!((day..day + 30).all(|d| daily_index(d, 300) < 300));
    }

    #[test]
    fn the_streak_grows_day_by_day_and_breaks_after_a_missed_day() {
        let mut d = DailyRecord::default();
        assert_eq!(d.streak_on(100), 0);
        d.record(100, true);
        d.record(101, true);
        assert_eq!(d.streak_on(101), 2);
        // The next day, before the daily: still 2.
        assert_eq!(d.streak_on(102), 2);
        // A second try on the same day changes nothing.
        d.record(101, false);
        assert_eq!(d.streak_on(101), 2);
        // Day 102 missed: on day 103 the streak is gone; solving restarts at 1.
        assert_eq!(d.streak_on(103), 0);
        d.record(103, true);
        assert_eq!((d.streak_on(103), d.best), (1, 2));
        // A failed daily breaks it too.
        d.record(104, false);
        assert_eq!(d.streak_on(104), 0);
        assert!(d.tried_on(104) && !d.tried_on(105));
    }

    #[test]
    fn stats_round_trip_and_a_corrupt_save_is_kept_aside() {
        let dir = tempfile_dir();
        let store = Store::in_dir(&dir);
        let mut stats = PuzzleStats::default();
        stats.record_try(GameId::Hex, &set(GameId::Hex)[0], true);
        stats.daily.record(5, true);
        stats.save(&store).unwrap();
        assert_eq!(PuzzleStats::load(&store), (stats, None));
        store.set(STATS_KEY, "{\"games\": 3}").unwrap();
        let (fresh, corrupt) = PuzzleStats::load(&store);
        let corrupt = corrupt.unwrap();
        assert_eq!(fresh, PuzzleStats::default());
        assert_eq!(corrupt.backup_key, "puzzles.corrupt");
        let _ = std::fs::remove_dir_all(dir);
    }

    fn tempfile_dir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("papan-puzzles-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }
}
