//! Backgammon puzzles: a position and a roll where one play is clearly
//! better than every other at the Expert's deepest comparison.
//!
//! The Expert ([`crate::backgammon::thinker()`]) scores every play at 0-ply,
//! its best 16 (within 0.5) at 1-ply, its best 8 of those (within 0.2) at
//! 2-ply, and goes to 3-ply only with plays within 0.08 of the best there.
//! A puzzle's answer leads the runner-up by at least [`BG_MARGIN`] (0.08
//! points of cubeless money equity) at 2-ply, so the Expert's 3-ply stage
//! has nothing left to compare: 2-ply is its deepest comparison. When only
//! one play is within the 2-ply window, the best two at 1-ply are both
//! taken to 2-ply all the same.
//!
//! [`super::check`] re-checks cheaply (2-ply on every puzzle would take
//! minutes): the answer and the runner-up are legal, their 1-ply equities
//! are computed again and must equal the stored ones, the stored 2-ply lead
//! is at least [`BG_MARGIN`], and the why (pips, hits, points made, blots,
//! shots, checkers off) and the theme are computed again and compared.
//! [`bg_deep_check`] re-proves the 2-ply lead itself (`puzzle-gen` does it
//! before writing a set, and an ignored test does it for the shipped set).

use super::{fail, PuzzleError};
use crate::backgammon::search::{rolls, Evaluator};
use crate::backgammon::shipped_net;
use crate::backgammon::walk::Walk;
use papan_rules::backgammon::{Backgammon, BgMove, Board, Dice, MoveGen, Play};
use papan_rules::{Game, Seat};
use serde::{Deserialize, Serialize};

/// The 2-ply lead that makes a puzzle (points of cubeless money equity).
pub const BG_MARGIN: f32 = 0.08;
/// How far a stored equity may be from the one computed again.
pub const BG_TOLERANCE: f32 = 0.002;

/// Why a backgammon answer is best, as found in the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BackgammonWhy {
    /// Pip counts, mover then opponent, before the play.
    pub pips: [u32; 2],
    /// The same after it.
    pub pips_after: [u32; 2],
    /// Opposing checkers the play sends to the bar.
    pub hits: u8,
    /// Points (the mover's numbers) the play makes: two or more checkers
    /// where there were fewer.
    pub made: Vec<u8>,
    /// Checkers the play bears off.
    pub off: u8,
    /// The mover's blots after the play (its point numbers).
    pub blots: Vec<u8>,
    /// Rolls out of 36 on which the opponent can hit one of them.
    pub shots: u8,
    /// The runner-up play at 2-ply, and the shots it would leave.
    pub second: String,
    pub second_shots: u8,
    /// Cubeless money equity (mover's) of the answer and the runner-up at
    /// 2-ply, the Expert's deepest comparison here.
    pub equity: [f32; 2],
    /// The same at 1-ply (what the quick re-check computes again).
    pub equity1: [f32; 2],
}

/// GNU Backgammon's verdict, from generation time (nothing from gnubg is
/// used at run time): its best play at 2-ply and its equity lead over its
/// second best.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GnubgVerdict {
    pub best: String,
    pub equity: f32,
    pub margin: f32,
}

/// The backgammon themes, as [`bg_theme`] detects them, most telling first.
pub const BACKGAMMON_THEMES: [&str; 7] = [
    "bear-off",
    "hit",
    "prime",
    "make-point",
    "safe-play",
    "run",
    "positional",
];

/// Rounds an equity for the set (four decimals).
pub fn round4(x: f32) -> f32 {
    (x * 10_000.0).round() / 10_000.0
}

/// The position: `position` (gnubg Position ID, mover's view), `side` to
/// play `dice`.
pub fn bg_game(id: &str, position: &str, dice: [u8; 2], side: Seat) -> Result<Backgammon, PuzzleError> {
    let Some(dice) = Dice::new(dice[0], dice[1]) else {
        return fail(id, format!("dice {dice:?} are not two dice"));
    };
    Backgammon::from_position_id(position, side, Some(dice)).or_else(|e| fail(id, format!("bad position: {e}")))
}

/// The play `text` in `game` and the board after it (mover's view).
pub fn bg_play(id: &str, game: &Backgammon, text: &str, what: &str) -> Result<(Play, Board), PuzzleError> {
    let mv = game
        .parse_move(text)
        .or_else(|e| fail(id, format!("{what} {text:?} does not read: {e}")))?;
    let BgMove::Play(play) = mv else {
        return fail(id, format!("{what} {text:?} is not a play"));
    };
    let mut after = game.clone();
    if let Err(e) = after.play(&mv) {
        return fail(id, format!("{what} {text:?} is illegal: {e}"));
    }
    if play.is_pass() {
        return fail(id, format!("{what} {text:?} is a pass"));
    }
    Ok((play, after.board().flip()))
}

/// The mover's equity of `after` (its board just after its play) at
/// `depth` plies (0 to 3), as the Expert computes it.
pub fn bg_equity(after: &Board, depth: usize) -> f32 {
    let mut eval = Evaluator::new(shipped_net());
    if depth == 0 {
        return eval.after_play(after).equity();
    }
    let mut walk = Walk::new(after, depth);
    loop {
        if let Some(p) = walk.step(&mut eval) {
            return p.equity();
        }
    }
}

/// Rolls out of 36 on which the opponent, to move on `after` (our board
/// just after our play), can send one of our checkers to the bar.
pub fn bg_shots(after: &Board) -> u8 {
    let theirs = after.flip();
    let before = theirs.their_bar();
    let mut gen = MoveGen::new();
    let mut shots = 0.0;
    for (dice, w) in rolls() {
        if gen.generate(&theirs, dice).iter().any(|(b, _)| b.their_bar() > before) {
            shots += w;
        }
    }
    shots as u8
}

fn pips_of(board: &Board) -> [u32; 2] {
    [board.my_pips(), board.their_pips()]
}

/// The why of playing `answer` (board `after`) with `second` (board
/// `second_after`) the runner-up, and the stored equities.
pub fn bg_why(
    game: &Backgammon,
    after: &Board,
    second: &str,
    second_after: &Board,
    equity: [f32; 2],
    equity1: [f32; 2],
) -> BackgammonWhy {
    let before = game.board();
    let made = (1..=24u8)
        .filter(|&p| before.at(p as usize) < 2 && after.at(p as usize) >= 2)
        .collect();
    let blots = (1..=24u8).filter(|&p| after.at(p as usize) == 1).collect();
    BackgammonWhy {
        pips: pips_of(before),
        pips_after: pips_of(after),
        hits: after.their_bar().saturating_sub(before.their_bar()),
        made,
        off: after.my_off() - before.my_off(),
        blots,
        shots: bg_shots(after),
        second: second.to_string(),
        second_shots: bg_shots(second_after),
        equity,
        equity1,
    }
}

/// The theme: `bear-off` (the play bears off), `hit`, `prime` (it makes a
/// point within a run of four or more made points), `make-point`,
/// `safe-play` (it leaves no shot where the runner-up leaves one), `run`
/// (a back checker leaves the opponent's home board, or one enters from
/// the bar and runs on), else `positional`.
pub fn bg_theme(game: &Backgammon, after: &Board, why: &BackgammonWhy) -> &'static str {
    if why.off > 0 {
        return "bear-off";
    }
    if why.hits > 0 {
        return "hit";
    }
    if !why.made.is_empty() {
        let made = |p: usize| after.at(p) >= 2;
        let prime = why.made.iter().any(|&m| {
            let m = m as usize;
            let mut lo = m;
            while lo > 1 && made(lo - 1) {
                lo -= 1;
            }
            let mut hi = m;
            while hi < 24 && made(hi + 1) {
                hi += 1;
            }
            hi - lo + 1 >= 4
        });
        return if prime { "prime" } else { "make-point" };
    }
    if why.shots == 0 && why.second_shots > 0 {
        return "safe-play";
    }
    let back = |b: &Board| (19..=25).map(|p| b.at(p).max(0) as u32).sum::<u32>();
    if back(after) < back(game.board()) {
        return "run";
    }
    "positional"
}

/// Re-proves the 2-ply lead of a backgammon puzzle (slow: about a tenth
/// of a second a play): the answer's and the runner-up's 2-ply equities
/// equal the stored ones.
pub fn bg_deep_check(puzzle: &super::Puzzle) -> Result<(), PuzzleError> {
    let id = puzzle.id.as_str();
    let super::Body::Backgammon {
        position,
        dice,
        answer,
        why,
        ..
    } = &puzzle.body
    else {
        return fail(id, "not a backgammon puzzle");
    };
    let game = bg_game(id, position, *dice, puzzle.side)?;
    let (_, after) = bg_play(id, &game, answer, "answer")?;
    let (_, second) = bg_play(id, &game, &why.second, "runner-up")?;
    let found = [bg_equity(&after, 2), bg_equity(&second, 2)];
    for (i, (f, s)) in found.iter().zip(why.equity).enumerate() {
        if (f - s).abs() > BG_TOLERANCE {
            let which = ["answer", "runner-up"][i];
            return fail(
                id,
                format!("the {which}'s 2-ply equity is {f:.4}, not the stored {s:.4}"),
            );
        }
    }
    if found[0] - found[1] < BG_MARGIN - BG_TOLERANCE {
        return fail(
            id,
            format!(
                "the answer leads by {:.4} at 2-ply, under {BG_MARGIN}",
                found[0] - found[1]
            ),
        );
    }
    Ok(())
}

/// A play that does not lead at 1-ply by this much is not taken to 2-ply
/// (a shortcut: the 2-ply margin decides).
pub const BG_PRESCREEN: f32 = 0.03;

/// One play through the Expert's stages: its board after, its equity at
/// each depth it reached.
struct Staged {
    after: Board,
    play: Play,
    eq: [f32; 3],
    depth: usize,
}

/// A play the Expert finds clearly best in a position: ahead of the
/// runner-up by at least [`BG_MARGIN`] at 2-ply, its deepest comparison.
#[derive(Clone, Debug)]
pub struct BgLead {
    pub answer: Play,
    /// The board after the answer (mover's view).
    pub after: Board,
    pub second: Play,
    pub second_after: Board,
    /// 2-ply equities, rounded as stored: the answer, the runner-up.
    pub equity: [f32; 2],
    /// The same at 1-ply.
    pub equity1: [f32; 2],
    /// How many of the shallower stages (0-ply, 1-ply) put another play
    /// first: 0 to 2, the answer is harder to see the more.
    pub misleading_stages: u32,
}

/// The Expert's clear best play for the roll in `game`, if there is one
/// (see the module's doc for the stages); `None` when fewer than two plays
/// are legal or no play leads by [`BG_MARGIN`].
pub fn bg_lead(game: &Backgammon) -> Option<BgLead> {
    let plays = game.legal_plays();
    if plays.len() < 2 {
        return None;
    }
    let mut scored: Vec<Staged> = plays
        .into_iter()
        .map(|(after, play)| Staged {
            after,
            play,
            eq: [bg_equity(&after, 0), f32::NEG_INFINITY, f32::NEG_INFINITY],
            depth: 0,
        })
        .collect();
    let best_at = |scored: &[Staged], depth: usize| {
        (0..scored.len())
            .filter(|&i| scored[i].depth >= depth)
            .max_by(|&a, &b| scored[a].eq[depth].total_cmp(&scored[b].eq[depth]))
            .unwrap_or(0)
    };
    let zero_best = best_at(&scored, 0);
    // The Expert's stages: 16 within 0.5 to 1-ply, 8 within 0.2 to 2-ply.
    for (depth, (count, window)) in [(16usize, 0.5f32), (8, 0.2)].into_iter().enumerate() {
        let mut order: Vec<usize> = (0..scored.len()).filter(|&i| scored[i].depth == depth).collect();
        order.sort_by(|&a, &b| scored[b].eq[depth].total_cmp(&scored[a].eq[depth]));
        let best = scored[order[0]].eq[depth];
        if depth == 1 {
            let second = order.get(1).map_or(f32::NEG_INFINITY, |&i| scored[i].eq[1]);
            if best - second < BG_PRESCREEN {
                return None;
            }
        }
        for (k, &i) in order.iter().enumerate() {
            if k >= count || (k >= 2 && scored[i].eq[depth] < best - window) {
                break;
            }
            scored[i].eq[depth + 1] = bg_equity(&scored[i].after, depth + 1);
            scored[i].depth = depth + 1;
        }
    }
    let one_best = best_at(&scored, 1);
    let mut deep: Vec<usize> = (0..scored.len()).filter(|&i| scored[i].depth == 2).collect();
    deep.sort_by(|&a, &b| scored[b].eq[2].total_cmp(&scored[a].eq[2]));
    let (best, second) = (deep[0], deep[1]);
    let equity = [round4(scored[best].eq[2]), round4(scored[second].eq[2])];
    if scored[best].eq[2] - scored[second].eq[2] < BG_MARGIN || equity[0] - equity[1] < BG_MARGIN {
        return None;
    }
    Some(BgLead {
        answer: scored[best].play,
        after: scored[best].after,
        second: scored[second].play,
        second_after: scored[second].after,
        equity,
        equity1: [round4(scored[best].eq[1]), round4(scored[second].eq[1])],
        misleading_stages: (zero_best != best) as u32 + (one_best != best) as u32,
    })
}
