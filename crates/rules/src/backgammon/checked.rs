//! Checked play of a written move: does this text describe one of the legal
//! plays of the roll, and if not, which rule does it break?
//!
//! A written play (B3) may group several dice in one leg (`bar/15` with 6-4)
//! and list legs in any order, so it is matched by a small search: every way
//! of walking its legs with the dice, one die at a time and each step legal,
//! gives a resulting position; the play is legal when one of those is among
//! the positions the move generator allows (which carries B11's "as many
//! dice as possible, else the larger").

use super::board::{Board, BAR, OFF};
use super::notation::{Dice, Play};
use crate::game::RuleError;

/// Positions a written play can reach with `dice`, each with the number of
/// blots hit on points the notation left out (`13/5` means "not via a hit";
/// fewer unwritten hits is the intended reading).
pub(crate) fn realisations(board: &Board, dice: Dice, play: &Play) -> Vec<(Board, u8)> {
    let dice_list: Vec<usize> = if dice.is_double() {
        vec![dice.high as usize; 4]
    } else {
        vec![dice.high as usize, dice.low as usize]
    };
    let legs: Vec<(usize, usize)> = play.legs().iter().map(|l| (l.from as usize, l.to as usize)).collect();
    let mut at: Vec<usize> = legs.iter().map(|l| l.0).collect();
    let mut used = vec![false; dice_list.len()];
    let mut out = Vec::new();
    let mut work = *board;
    search(&mut work, &legs, &mut at, &dice_list, &mut used, 0, &mut out);
    out
}

fn search(
    board: &mut Board,
    legs: &[(usize, usize)],
    at: &mut [usize],
    dice: &[usize],
    used: &mut [bool],
    hidden_hits: u8,
    out: &mut Vec<(Board, u8)>,
) {
    if (0..legs.len()).all(|i| at[i] == legs[i].1) {
        if !out.contains(&(*board, hidden_hits)) {
            out.push((*board, hidden_hits));
        }
        return;
    }
    for i in 0..legs.len() {
        let (cur, target) = (at[i], legs[i].1);
        if cur == target {
            continue;
        }
        for d in 0..dice.len() {
            // Equal dice are interchangeable: try the first unused one only.
            if used[d] || (0..d).any(|e| !used[e] && dice[e] == dice[d]) {
                continue;
            }
            let die = dice[d];
            let Some(to) = board.step_target(cur, die, board.highest()) else {
                continue;
            };
            let fits = target == OFF as usize || (to >= target && to != OFF as usize);
            if !fits {
                continue;
            }
            let hit = board.apply_step(cur, to);
            let hidden = hidden_hits + u8::from(hit && to != target);
            used[d] = true;
            at[i] = to;
            search(board, legs, at, dice, used, hidden, out);
            at[i] = cur;
            used[d] = false;
            board.undo_step(cur, to, hit);
        }
    }
}

/// Why a written play that matches no legal play is refused: the first leg,
/// in the order written, that breaks a rule on its own; else the dice.
pub(crate) fn diagnose(board: &Board, dice: Dice, play: &Play, reachable: bool) -> RuleError {
    if reachable && board.all_home() {
        return RuleError::new(
            crate::rule::B15,
            format!("with {dice} both dice must still be used when possible while bearing off"),
        );
    }
    if reachable {
        return RuleError::new(
            crate::rule::B11,
            format!(
                "with {dice} you must use as many dice as possible, and the larger die when only one can be played"
            ),
        );
    }
    let mut work = *board;
    for leg in play.legs() {
        let (from, to) = (leg.from as usize, leg.to as usize);
        let name = |p: usize| match p {
            25 => "the bar".to_string(),
            0 => "off".to_string(),
            n => format!("point {n}"),
        };
        if work.at(25) > 0 && from != BAR as usize {
            return RuleError::new(
                crate::rule::B10,
                "a checker on the bar must enter before any other checker moves",
            );
        }
        if work.at(from) <= 0 {
            return RuleError::new(
                crate::rule::B6,
                format!("you have no checker on {} to move", name(from)),
            );
        }
        if to != OFF as usize && work.at(to) <= -2 {
            return RuleError::new(
                crate::rule::B8,
                format!("{} holds {} opposing checkers", name(to), -work.at(to)),
            );
        }
        if let Some(point) = blocked_stop(&work, dice, from, to) {
            return RuleError::new(
                crate::rule::B8,
                format!(
                    "{} to {} must stop on {}, which holds opposing checkers",
                    name(from),
                    name(to),
                    name(point)
                ),
            );
        }
        if to == OFF as usize {
            let mut rest = work;
            rest.apply_step(from, 0);
            if rest.highest() > 6 {
                return RuleError::new(
                    crate::rule::B13,
                    "you may bear off only when all 15 checkers are in your home board",
                );
            }
            let exact = [dice.high, dice.low].contains(&(from as u8));
            let larger = dice.high as usize > from;
            if !exact && larger && (from + 1..=6).any(|p| work.at(p) > 0) {
                return RuleError::new(
                    crate::rule::B14,
                    format!(
                        "a checker on a higher point than {from} must move before {from} bears off with a larger die"
                    ),
                );
            }
        }
        work.apply_step(from, to);
    }
    let legs: Vec<String> = play
        .legs()
        .iter()
        .map(|l| format!("{}", l.from as i32 - l.to as i32))
        .collect();
    let rule = if dice.is_double() {
        crate::rule::B7
    } else {
        crate::rule::B6
    };
    RuleError::new(
        rule,
        format!(
            "{play} cannot be played with {dice}: each die moves one checker exactly its number (legs of {} pips){}",
            legs.join(", "),
            if dice.is_double() {
                ", doubles give four moves"
            } else {
                ""
            }
        ),
    )
}

/// A leg spanning two or more dice whose every route stops on a point of
/// two or more opposing checkers (B6, B8): the first such stop.
fn blocked_stop(board: &Board, dice: Dice, from: usize, to: usize) -> Option<usize> {
    let blocked = |p: usize| p >= 1 && p < from && board.at(p) <= -2;
    let distance = from.checked_sub(to)?;
    let (high, low) = (dice.high as usize, dice.low as usize);
    if to == OFF as usize {
        return None;
    }
    if dice.is_double() {
        let steps = distance / high;
        (distance % high == 0 && steps > 1)
            .then(|| (1..steps).map(|k| from - k * high).find(|&p| blocked(p)))
            .flatten()
    } else if distance == high + low && blocked(from - high) && blocked(from - low) {
        Some(from - high)
    } else {
        None
    }
}
