//! Hex puzzles from self-play: positions where exactly one empty cell gives
//! the mover a full virtual connection between its edges (a proven win,
//! H-search never invents one) and the mover had none before (so the
//! choice matters), on 7×7, 9×9 and 11×11 boards in turn.

use papan_bots::puzzle::find::{bot_move, hex_at};
use papan_bots::puzzle::{hex_cells, HexAnalysis, Puzzle};
use papan_bots::Level;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::Game;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

pub const SIZES: [u8; 3] = [7, 9, 11];

/// Puzzles taken from one game at most: a set of many games, not a few.
const PER_GAME: usize = 2;

/// Makes `count` Hex puzzles from games seeded by `seed`; `progress` hears
/// each one found.
pub fn generate(count: usize, seed: u64, progress: impl FnMut(&Puzzle)) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    super::collect("hex", count, seed, progress, |index, levels, game_seed| {
        from_game(SIZES[index % SIZES.len()], levels, game_seed, &mut seen)
    })
}

/// Plays one game and keeps its puzzles.
fn from_game(size: u8, levels: [Level; 2], seed: u64, seen: &mut HashSet<Vec<u8>>) -> Vec<Puzzle> {
    let options = HexOptions { size, swap: false };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Hex::new(&options, &mut rng).expect("a Hex size");
    let mut moves: Vec<String> = Vec::new();
    let mut analysis = HexAnalysis::new(size);
    let mut out = Vec::new();
    while !game.is_over() && out.len() < PER_GAME {
        if let Some(p) = puzzle_at(&game, &moves, &mut analysis, seen) {
            out.push(p);
        }
        let seat = game.seat_to_move().expect("a seat to move");
        let level = levels[seat.index()];
        // The Expert on a fixed, smaller budget: games, not strength.
        let cap = (level == Level::Expert).then_some(4_000);
        let Some(mv) = bot_move::<Hex>(&game, level, rng.next_u64(), cap) else {
            break;
        };
        moves.push(game.format_move(&mv));
        game.play(&mv).expect("the bot plays legal moves");
    }
    out
}

fn puzzle_at(game: &Hex, moves: &[String], analysis: &mut HexAnalysis, seen: &mut HashSet<Vec<u8>>) -> Option<Puzzle> {
    let puzzle = hex_at(game, moves, analysis)?;
    seen.insert(hex_cells(game)).then_some(puzzle)
}
