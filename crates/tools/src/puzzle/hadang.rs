//! HADANG puzzles from self-play: positions where, at the shallowest depth
//! (1 to [`MAX_DEPTH`] plies) at which any legal move wins the race by
//! force, exactly one does, and where it still is the only one two plies
//! deeper ([`papan_bots::puzzle::hadang_winners`]).

use super::{bot_move, solved_by};
use papan_bots::puzzle::{hadang_theme, hadang_why, hadang_winners, Body, Puzzle};
use papan_bots::Level;
use papan_rules::hadang::{Hadang, HadangMove, HadangOptions};
use papan_rules::Game;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// The deepest proof a puzzle states (its re-check's depth).
pub const MAX_DEPTH: u32 = 3;
/// Extra plies generation looks beyond the stated depth for other wins.
pub const CONFIRM: u32 = 2;

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
    let me = game.side_to_move();
    // One step from the goal: the step is no puzzle.
    if game.shortest_path_len(me) <= 1 {
        return None;
    }
    // A forced win within MAX_DEPTH + CONFIRM plies ends in a decided race
    // (a seat out of walls) or on the goal: with more walls on both sides
    // and a long route nothing can be found, so nothing is searched.
    let reach = MAX_DEPTH + CONFIRM;
    let (mine, theirs) = (game.walls_left(me) as u32, game.walls_left(me.other()) as u32);
    if mine > reach.div_ceil(2) && theirs > reach / 2 && game.shortest_path_len(me) as u32 > reach.div_ceil(2) {
        return None;
    }
    let mut found = None;
    for depth in 1..=MAX_DEPTH {
        let winners = hadang_winners(game, depth);
        match winners.as_slice() {
            [] => continue,
            [one] => {
                found = Some((*one, depth));
                break;
            }
            _ => return None,
        }
    }
    let (answer, depth) = found?;
    let deeper = hadang_winners(game, depth + CONFIRM);
    if deeper != [answer] {
        return None;
    }
    let key = format!("{game:?}");
    if !seen.insert(key) {
        return None;
    }
    let why = hadang_why(game, answer, depth);
    let theme = hadang_theme(game, answer, &why).to_string();
    let solved = solved_by::<Hadang>(game, &answer);
    let rating =
        (900 + 150 * depth + 110 * (6 - solved) + matches!(answer, HadangMove::Wall(_)) as u32 * 50).clamp(600, 2400);
    Some(Puzzle {
        id: String::new(),
        theme,
        rating,
        side: me,
        body: Body::Hadang {
            moves: moves.to_vec(),
            answer: game.format_move(&answer),
            why,
        },
    })
}
