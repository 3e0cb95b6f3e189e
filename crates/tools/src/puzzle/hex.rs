//! Hex puzzles from self-play: positions where exactly one empty cell gives
//! the mover a full virtual connection between its edges (a proven win,
//! H-search never invents one) and the mover had none before (so the
//! choice matters), on 7×7, 9×9 and 11×11 boards in turn.

use super::{bot_move, solved_by};
use papan_bots::puzzle::{hex_cells, hex_joined, hex_theme, hex_why, Body, HexAnalysis, Puzzle};
use papan_bots::Level;
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
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
    let colour = game.colour_to_move();
    let cells = hex_cells(game);
    let mine = analysis.edges(&cells, colour);
    if !mine.full.is_empty() || mine.semi.is_empty() {
        return None;
    }
    let stone = papan_bots::hex::board::stone_of(colour);
    // The threats' keys first: two of them that win end the search soon.
    let mut order: Vec<usize> = Vec::new();
    for s in &mine.semi {
        if !order.contains(&(s.key as usize)) {
            order.push(s.key as usize);
        }
    }
    let rest: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == papan_bots::hex::board::EMPTY && !order.contains(&i))
        .collect();
    order.extend(rest);
    let mut winners = Vec::new();
    for i in order {
        let mut after = cells.clone();
        after[i] = stone;
        if hex_joined(analysis, &after, colour).is_some() {
            winners.push(i);
            if winners.len() > 1 {
                return None;
            }
        }
    }
    let &[answer] = winners.as_slice() else {
        return None;
    };
    let cell = game.cell_at(answer);
    // A move that joins the edges at once is no puzzle.
    let mut won = game.clone();
    won.play(&HexMove::Place(cell)).ok()?;
    if won.is_over() {
        return None;
    }
    if !seen.insert(cells.clone()) {
        return None;
    }
    let tries = wrong_tries(
        game,
        cell,
        &mine.semi.iter().map(|s| s.key as usize).collect::<Vec<_>>(),
    );
    let why = hex_why(game, cell, &tries).ok()?;
    let theme = hex_theme(game, cell, &why).to_string();
    let solved = solved_by::<Hex>(game, &HexMove::Place(cell));
    let size_step = (game.size() as u32 - 7) / 2;
    let rating = (1000 + 100 * size_step + 15 * why.carrier.len() as u32 + 110 * (6 - solved)).clamp(600, 2400);
    Some(Puzzle {
        id: String::new(),
        theme,
        rating,
        side: game.seat_to_move()?,
        body: Body::Hex {
            options: *game.options(),
            moves: moves.to_vec(),
            answer: cell.to_string(),
            why,
        },
    })
}

/// The tries a player is drawn to: the Normal bot's move, the keys of the
/// mover's other threats, and the empty cells touching the answer; three
/// at most, each an empty cell other than the answer.
fn wrong_tries(game: &Hex, answer: Cell, keys: &[usize]) -> Vec<String> {
    let mut tries: Vec<Cell> = Vec::new();
    let add = |c: Cell, tries: &mut Vec<Cell>| {
        if c != answer && game.stone(c).is_none() && !tries.contains(&c) && tries.len() < 3 {
            tries.push(c);
        }
    };
    if let Some(HexMove::Place(c)) = bot_move::<Hex>(game, Level::Normal, 7, None) {
        add(c, &mut tries);
    }
    for &k in keys {
        add(game.cell_at(k), &mut tries);
    }
    let around: Vec<Cell> = game.neighbours(answer).collect();
    for c in around {
        add(c, &mut tries);
    }
    tries.iter().map(|c| c.to_string()).collect()
}
