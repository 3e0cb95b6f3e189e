//! A steady hand and a tutor, UI-free, for any game.
//!
//! - Confirm moves ([`hold`]): with the setting on, a move a tap state
//!   chooses is held, not played; the board shows it and the action bar
//!   asks Confirm or Cancel. Offline and online alike.
//! - The tutor ([`tutor_applies`], [`loss`], [`warns`]): against a bot on
//!   this device (never online, never in a lesson), a move that loses more
//!   than [`CHANCE_THRESHOLD`] of the mover's winning chance (search games)
//!   or [`EQUITY_THRESHOLD`] of equity (backgammon, every play valued by
//!   the game's judge) is asked about before it is played.

use super::Tapped;
use crate::bot::Verdict;

/// The tutor warns when a move loses at least this much winning chance
/// (15 points of 100) against the best move.
pub const CHANCE_THRESHOLD: f64 = 0.15;

/// The tutor warns when a backgammon play loses at least this much
/// cubeless equity against the best play (0.1: a clear error in the
/// units backgammon programs use).
pub const EQUITY_THRESHOLD: f64 = 0.1;

/// What a tap asked for once confirm moves had its say: a move is held
/// (returned beside [`Tapped::Changed`]) instead of played.
pub fn hold<M>(confirm: bool, tapped: Tapped<M>) -> (Tapped<M>, Option<M>) {
    match tapped {
        Tapped::Play(mv) if confirm => (Tapped::Changed, Some(mv)),
        other => (other, None),
    }
}

/// Where a person's move is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Against a bot on this device.
    VsBot,
    /// Two people sharing this device.
    Hotseat,
    /// A room on the server (whoever the opponent is).
    Online,
    /// A lesson step.
    Lesson,
}

/// Whether the tutor judges a person's moves: the setting on, and only
/// against a bot on this device.
pub fn tutor_applies(setting: bool, place: Place) -> bool {
    setting && place == Place::VsBot
}

/// How much a move lost against the best one, as the tutor measures it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Loss {
    /// Winning chance, 0..1 (search games).
    Chance(f64),
    /// Cubeless equity (backgammon's judge).
    Equity(f64),
}

/// Whether a loss is worth an "Are you sure?".
pub fn warns(loss: Loss) -> bool {
    match loss {
        Loss::Chance(c) => c >= CHANCE_THRESHOLD,
        Loss::Equity(e) => e >= EQUITY_THRESHOLD,
    }
}

/// What the judged position before `played` says of it: for a judged list
/// (every move valued) the equity lost against the best; for a search's
/// decision, the chance lost against `after` (the mover's chance after
/// `played`, `None` when not known: no loss is claimed). The best move
/// itself loses nothing.
pub fn loss<M: PartialEq>(before: &Verdict<M>, played: &M, after: Option<f64>) -> Option<Loss> {
    match before {
        Verdict::Judged(list) => {
            let best = list.first()?;
            let mine = list.iter().find(|j| &j.mv == played)?;
            Some(Loss::Equity((best.equity - mine.equity).max(0.0)))
        }
        Verdict::Searched(decision) => {
            if decision.best.as_ref() == Some(played) {
                return Some(Loss::Chance(0.0));
            }
            let after = after?;
            Some(Loss::Chance((decision.win_probability - after).max(0.0)))
        }
    }
}

/// Whether a search before the move is needed after it too: only for a
/// search's decision whose best move is not the one played.
pub fn needs_after<M: PartialEq>(before: &Verdict<M>, played: &M) -> bool {
    matches!(before, Verdict::Searched(d) if d.best.as_ref() != Some(played))
}

/// The whole decision: whether the tutor stops `played` to ask.
pub fn should_ask<M: PartialEq>(
    setting: bool,
    place: Place,
    before: &Verdict<M>,
    played: &M,
    after: Option<f64>,
) -> bool {
    tutor_applies(setting, place) && loss(before, played, after).is_some_and(warns)
}
