//! The static evaluation of a Jun Qi flip position for one colour.
//!
//! Material counts every piece a colour still has, revealed or face down
//! (J21 makes the face-down counts public, so this needs no guess). Around
//! it: Engineers are worth more while the enemy still has mines (only they
//! clear them cheaply, J15, and the flag needs all three gone, J16); a colour
//! close to having nothing left to move is in danger (J18); pieces in camps
//! are safe (J12); once nothing is face down, hunters close to prey they
//! outrank and to an open flag are worth something, so the side ahead makes
//! progress; and the J19 quiet counter shrinks any lead that is not being
//! turned into captures.

use super::state::{fight, geometry, piece, Fight, State, EMPTY};
use papan_rules::junqi::{Colour, Kind, QUIET_LIMIT};

/// A kind's material value (a Platoon is about 10).
pub fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Commander => 100,
        Kind::Corps => 75,
        Kind::Division => 55,
        Kind::Brigade => 40,
        Kind::Regiment => 28,
        Kind::Battalion => 20,
        Kind::Company => 14,
        Kind::Platoon => 10,
        Kind::Engineer => 12,
        Kind::Mine => 10,
        Kind::Flag => 0,
        Kind::Bomb => 35,
    }
}

/// An Engineer's extra worth while enemy mines remain.
const ENGINEER_MINE_BONUS: i32 = 8;
/// Extra cost of having lost mines, by mines left (J16: none left and
/// nothing face down opens the flag).
const MINES_GONE_PENALTY: [i32; 4] = [45, 15, 5, 0];
/// A revealed piece in a camp cannot be attacked.
const CAMP_BONUS: i32 = 2;

fn material(state: &State, colour: Colour) -> i32 {
    let fallen = &state.fallen[colour.index()];
    let mut total = 0;
    for kind in Kind::ALL {
        total += (kind.count() - fallen[kind.index()]) as i32 * value(kind);
    }
    let enemy_mines = 3 - state.fallen[colour.other().index()][Kind::Mine.index()] as i32;
    if enemy_mines > 0 {
        let engineers = (3 - fallen[Kind::Engineer.index()]) as i32;
        total += engineers * ENGINEER_MINE_BONUS;
    }
    // J16: mines are what keeps the flag shut; the last ones count most.
    let mines = 3 - fallen[Kind::Mine.index()] as i32;
    total -= MINES_GONE_PENALTY[mines as usize];
    // J18: with one or two movable pieces left, one bad exchange loses.
    let movable = state.movable_left(colour) as i32;
    if movable < 4 {
        total -= (4 - movable) * 25;
    }
    total
}

fn distance(a: usize, b: usize) -> i32 {
    let (fa, ra, fb, rb) = (a % 5, a / 5, b % 5, b / 5);
    (fa.abs_diff(fb) + ra.abs_diff(rb)) as i32
}

/// Once nothing is face down: how well `colour`'s pieces are placed to
/// finish the game (prey they outrank, enemy mines for Engineers, an open
/// flag). When the enemy is down to its last few movable pieces, an even
/// trade (or a bomb) is a hunter too: J18 ends the game when they are gone.
fn hunt(state: &State, colour: Colour, pieces: &[(usize, Colour, Kind)]) -> i32 {
    let enemy = colour.other();
    let flag_open = state.flag_open(enemy);
    let trades_win = state.movable_left(enemy) <= 3;
    let last_mine = state.fallen[enemy.index()][Kind::Mine.index()] == 2;
    let mut total = 0;
    for &(at, _, kind) in pieces.iter().filter(|p| p.1 == enemy) {
        let wanted = !matches!(kind, Kind::Flag) || flag_open;
        if !wanted {
            continue;
        }
        let mut best = i32::MAX;
        for &(from, _, hk) in pieces.iter().filter(|p| p.1 == colour) {
            if !hk.is_movable() {
                continue;
            }
            let hunts = match fight(hk, kind, flag_open) {
                Some(Fight::AttackerTakes) => hk != Kind::Bomb,
                Some(Fight::BothRemoved) => trades_win && kind.is_movable(),
                None => false,
            };
            if hunts {
                best = best.min(distance(from, at));
            }
        }
        if best != i32::MAX {
            let weight = match kind {
                Kind::Flag => 12,
                Kind::Mine if last_mine => 8,
                Kind::Mine => 4,
                _ => 2,
            };
            total += weight * (12 - best).max(0);
        }
    }
    total
}

/// The position's value for `colour` (positive: `colour` is better).
pub fn evaluate(state: &State, colour: Colour) -> i32 {
    let mut score = material(state, colour) - material(state, colour.other());
    let camps = geometry().camps;
    let mut in_camps = camps;
    while in_camps != 0 {
        let at = in_camps.trailing_zeros() as usize;
        in_camps &= in_camps - 1;
        if let Some((pc, _)) = piece(state.board[at]) {
            score += if pc == colour { CAMP_BONUS } else { -CAMP_BONUS };
        }
    }
    if state.face_down_total == 0 {
        // Everything is revealed: at most 50 pieces, gathered on the stack.
        let mut pieces = [(0usize, Colour::Red, Kind::Flag); 50];
        let mut n = 0;
        for (at, &c) in state.board.iter().enumerate() {
            if c == EMPTY {
                continue;
            }
            if let Some((pc, kind)) = piece(c) {
                pieces[n] = (at, pc, kind);
                n += 1;
            }
        }
        score += hunt(state, colour, &pieces[..n]) - hunt(state, colour.other(), &pieces[..n]);
    }
    // J19: a lead that is not turned into a capture or a reveal fades.
    let quiet = state.quiet.min(QUIET_LIMIT) as i32;
    score * (2 * QUIET_LIMIT as i32 - quiet) / (2 * QUIET_LIMIT as i32)
}
