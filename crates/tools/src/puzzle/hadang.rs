//! HADANG puzzles from self-play: positions where, at the shallowest depth
//! (1 to [`MAX_DEPTH`] plies) at which any legal move wins the race by
//! force, exactly one does, and where it still is the only one two plies
//! deeper ([`papan_bots::puzzle::hadang_winners`]).

use papan_bots::puzzle::find::{bot_move, hadang_at};
use papan_bots::puzzle::Puzzle;
use papan_bots::Level;
use papan_rules::hadang::{Hadang, HadangOptions};
use papan_rules::Game;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// The deepest proof a puzzle states (its re-check's depth), and the extra
/// plies generation looks beyond it for other wins.
pub use papan_bots::puzzle::find::{HADANG_CONFIRM as CONFIRM, HADANG_MAX_DEPTH as MAX_DEPTH};

const PER_GAME: usize = 2;

/// Makes `count` HADANG puzzles from games seeded by `seed`.
pub fn generate(count: usize, seed: u64, progress: impl FnMut(&Puzzle)) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    super::collect("hadang", count, seed, progress, |_, levels, game_seed| {
        from_game(levels, game_seed, &mut seen)
    })
}

fn from_game(levels: [Level; 2], seed: u64, seen: &mut HashSet<String>) -> Vec<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Hadang::new(&HadangOptions::default(), &mut rng).expect("a HADANG game");
    let mut moves: Vec<String> = Vec::new();
    let mut out = Vec::new();
    // A few random opening steps and walls: games apart from the start.
    let opening = rng.random_range(0..4);
    for _ in 0..opening {
        let legal = game.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        moves.push(game.format_move(&mv));
        game.play(&mv).expect("a legal move");
    }
    let mut ply = 0;
    while !game.is_over() && out.len() < PER_GAME && ply < 200 {
        ply += 1;
        if let Some(p) = puzzle_at(&game, &moves, seen) {
            out.push(p);
        }
        let seat = game.seat_to_move().expect("a seat to move");
        let level = levels[seat.index()];
        let cap = (level == Level::Expert).then_some(60_000);
        let Some(mv) = bot_move::<Hadang>(&game, level, rng.next_u64(), cap) else {
            break;
        };
        moves.push(game.format_move(&mv));
        game.play(&mv).expect("the bot plays legal moves");
    }
    out
}

fn puzzle_at(game: &Hadang, moves: &[String], seen: &mut HashSet<String>) -> Option<Puzzle> {
    let puzzle = hadang_at(game, moves)?;
    seen.insert(format!("{game:?}")).then_some(puzzle)
}
