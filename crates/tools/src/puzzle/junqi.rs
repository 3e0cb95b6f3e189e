//! Jun Qi flip puzzles from self-play: positions where one capture wins
//! material (or the game) against every reply and every hidden layout
//! consistent with what the player knows, and beats every other action by
//! a Platoon's worth ([`papan_bots::puzzle::junqi_answer`]).

use super::{bot_move, solved_by};
use papan_bots::junqi::{JunQiBudget, JunQiThinker};
use papan_bots::puzzle::{junqi_answer, junqi_game, junqi_position, junqi_theme, junqi_why, Body, Puzzle};
use papan_bots::{Level, Thinker, SLICE};
use papan_rules::junqi::{JunQi, JunQiAction, JunQiOptions};
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

/// The lowest full-width depth (1 to 3, no noise) at which the bots'
/// search plays `answer`; 4 if none does.
fn depth_found(game: &JunQi, answer: JunQiAction) -> u32 {
    let seat = game.seat_to_move().expect("a seat to move");
    let view = game.view(seat);
    for depth in 1..=3u8 {
        let budget = JunQiBudget {
            depth,
            nodes: 150_000,
            temperature: 0.0,
            time_limit_ms: 1_000,
        };
        let mut thinker = JunQiThinker::new(&view, budget, 0);
        while thinker.think(SLICE) {}
        if thinker.decision().best == Some(answer) {
            return depth as u32;
        }
    }
    4
}

fn puzzle_at(game: &JunQi, seen: &mut HashSet<String>) -> Option<Puzzle> {
    let side = game.seat_to_move()?;
    let position = junqi_position(game)?;
    // Exactly what the check will see: the public position, laid out again.
    let known = junqi_game("new", &position, side, false).ok()?;
    let (answer, _, _) = junqi_answer(&known)?;
    let why = junqi_why(&known, answer).ok()?;
    // The same board again later in a game (the J19 counter aside) is no new puzzle.
    let key = format!("{:?}{side:?}", position.rows);
    if !seen.insert(key) {
        return None;
    }
    let theme = junqi_theme(&known, answer, &why).to_string();
    let view = known.view(side);
    let found = solved_by::<JunQi>(&view, &answer);
    let depth = depth_found(&known, answer);
    let rating = (800 + 200 * (depth - 1) + 80 * (6 - found) + 40 * why.wrong.len() as u32).clamp(800, 2200);
    Some(Puzzle {
        id: String::new(),
        theme,
        rating,
        side,
        body: Body::Junqi {
            position,
            answer: answer.to_string(),
            why,
        },
    })
}
