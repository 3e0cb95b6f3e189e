//! Puzzle sets: reading a shipped set (JSON lines, every puzzle re-proven
//! by [`papan_bots::puzzle::check`]) and making one from the bots' own
//! games (`puzzle-gen`: [`hex::generate`], [`hadang::generate`],
//! [`junqi::generate`], [`backgammon::generate`], the last cross-checked
//! with GNU Backgammon).
//!
//! Generation is reproducible: one seeded generator picks each game's
//! levels and seeds, the bots run on fixed iteration budgets (never a
//! clock), and the analysis is deterministic.

pub mod backgammon;
pub mod hadang;
pub mod hex;
pub mod junqi;

use papan_bots::puzzle::{check, Puzzle, PuzzleError};
use papan_bots::Level;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};

/// Collects `count` puzzles named `<game>-0001`, `<game>-0002`…, game after
/// game: one generator seeded by `seed` picks each game's two levels (any
/// of the three, so the positions come from weak and strong play alike)
/// and its seed, and `from_game(index, levels, game_seed)` plays game
/// number `index` and returns its puzzles.
fn collect(
    game: &str,
    count: usize,
    seed: u64,
    mut progress: impl FnMut(&Puzzle),
    mut from_game: impl FnMut(usize, [Level; 2], u64) -> Vec<Puzzle>,
) -> Vec<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut index = 0;
    while out.len() < count {
        let levels = [any_level(&mut rng), any_level(&mut rng)];
        let game_seed = rng.next_u64();
        for mut puzzle in from_game(index, levels, game_seed) {
            if out.len() >= count {
                break;
            }
            puzzle.id = format!("{game}-{:04}", out.len() + 1);
            progress(&puzzle);
            out.push(puzzle);
        }
        index += 1;
    }
    out
}

fn any_level(rng: &mut impl Rng) -> Level {
    match rng.random_range(0..3) {
        0 => Level::Beginner,
        1 => Level::Normal,
        _ => Level::Expert,
    }
}

/// Reads a set: one puzzle per line (blank lines skipped), each one read,
/// re-proven and with an id of its own. The first problem refuses the
/// whole set, naming the puzzle (or, for a line that is not a puzzle at
/// all, its line number and the id it seems to carry).
pub fn read_set(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out = Vec::new();
    let mut ids = HashSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let puzzle: Puzzle = serde_json::from_str(line).map_err(|e| {
            let id = serde_json::from_str::<serde_json::Value>(line)
                .ok()
                .and_then(|v| v.get("id").and_then(|id| id.as_str()).map(str::to_string))
                .unwrap_or_else(|| format!("on line {}", i + 1));
            PuzzleError {
                id,
                problem: format!("line {} is not a puzzle: {e}", i + 1),
            }
        })?;
        if !ids.insert(puzzle.id.clone()) {
            return Err(PuzzleError {
                id: puzzle.id,
                problem: format!("line {}: the id is used twice", i + 1),
            });
        }
        check(&puzzle)?;
        out.push(puzzle);
    }
    Ok(out)
}

/// A set as JSON lines.
pub fn write_set(puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for p in puzzles {
        out.push_str(&serde_json::to_string(p).expect("a puzzle serializes"));
        out.push('\n');
    }
    out
}

pub use papan_bots::puzzle::find::{bot_move, solved_by};

/// Counts per theme and per 200-point rating band, for the set's note.
pub fn summary(puzzles: &[Puzzle]) -> String {
    let mut themes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut bands: BTreeMap<u32, usize> = BTreeMap::new();
    for p in puzzles {
        *themes.entry(p.theme.as_str()).or_default() += 1;
        *bands.entry(p.rating / 200 * 200).or_default() += 1;
    }
    let mut out = format!("{} puzzles\nthemes:", puzzles.len());
    for (theme, n) in themes {
        out.push_str(&format!(" {theme} {n};"));
    }
    out.push_str("\nratings:");
    for (band, n) in bands {
        out.push_str(&format!(" {band}-{} {n};", band + 199));
    }
    out
}
