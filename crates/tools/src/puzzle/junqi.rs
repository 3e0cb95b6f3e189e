//! Jun Qi flip puzzles from self-play: positions where one capture wins
//! material (or the game) against every reply and every hidden layout
//! consistent with what the player knows, and beats every other action by
//! a Platoon's worth ([`papan_bots::puzzle::junqi_answer`]).

use papan_bots::puzzle::find::{bot_move, junqi_at};
use papan_bots::puzzle::{Body, Puzzle};
use papan_bots::Level;
use papan_rules::junqi::{JunQi, JunQiOptions};
use papan_rules::Game;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

const PER_GAME: usize = 2;

/// Makes `count` Jun Qi flip puzzles from games seeded by `seed`.
pub fn generate(count: usize, seed: u64, progress: impl FnMut(&Puzzle)) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    super::collect("junqi", count, seed, progress, |_, levels, game_seed| {
        from_game(levels, game_seed, &mut seen)
    })
}

fn from_game(levels: [Level; 2], seed: u64, seen: &mut HashSet<String>) -> Vec<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = JunQi::shuffled(JunQiOptions::default(), &mut rng);
    let mut out = Vec::new();
    let mut ply = 0;
    // Puzzles from a game's middle and end, a few plies apart.
    let mut next_look = rng.random_range(10..30);
    // After its ordinary puzzles a game goes on for one that ends it (the
    // flag, or the last movable piece: J17, J18), rarer.
    let mut ending = false;
    while !game.is_over() && !ending && ply < 400 {
        ply += 1;
        if ply >= next_look {
            if let Some(p) = puzzle_at(&game, seen) {
                let ends = matches!(&p.body, Body::Junqi { why, .. } if why.gain >= papan_bots::puzzle::JUNQI_WIN);
                if ends || out.len() < PER_GAME {
                    ending = ends;
                    out.push(p);
                    next_look = ply + 12;
                }
            }
        }
        let seat = game.seat_to_move().expect("a seat to move");
        let Some(mv) = bot_move::<JunQi>(&game.view(seat), levels[seat.index()], rng.next_u64(), None) else {
            break;
        };
        game.play(&mv).expect("the bot plays legal moves");
    }
    out
}

fn puzzle_at(game: &JunQi, seen: &mut HashSet<String>) -> Option<Puzzle> {
    let puzzle = junqi_at(game)?;
    // The same board again later in a game (the J19 counter aside) is no new puzzle.
    let Body::Junqi { position, .. } = &puzzle.body else {
        return None;
    };
    let key = format!("{:?}{:?}", position.rows, puzzle.side);
    seen.insert(key).then_some(puzzle)
}
