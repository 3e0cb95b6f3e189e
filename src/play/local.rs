//! A game on this device as a person plays it: a tap goes through the
//! game's tap state, and the move it chooses is played on the [`Match`].
//! The play screen does exactly this (it keeps the two in signals); tests
//! drive games through it with tap sequences.

use super::{Match, Playable, Table, TapState, Tapped};
use crate::i18n::key;
use papan_rules::RuleError;

/// What a tap (or a game button) did to a game on this device.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A move was played.
    Played,
    /// The dice were rolled.
    Rolled,
    /// Only the selection or a preview changed.
    Changed,
    /// The rules refused it; nothing changed but the selection.
    Refused(RuleError),
    /// Nothing happened; the Fluent key of a short reason.
    Ignored(&'static str),
}

/// Plays what a tap state chose on `game`.
pub fn apply<G: Playable>(game: &mut Match<G>, tapped: Tapped<G::Move>, now_ms: u64) -> Answer {
    match tapped {
        Tapped::Play(mv) => match game.play(mv, now_ms) {
            Ok(()) => Answer::Played,
            Err(refusal) => Answer::Refused(refusal),
        },
        Tapped::Roll => match game.roll(now_ms) {
            Ok(()) => Answer::Rolled,
            Err(refusal) => Answer::Refused(refusal),
        },
        Tapped::Refused(refusal) => Answer::Refused(refusal),
        Tapped::Ignored(reason) => Answer::Ignored(reason),
        Tapped::Changed => Answer::Changed,
    }
}

/// Why a tap on the board does nothing now, if it does nothing.
pub fn idle_reason<G: Playable>(table: &Table<G>) -> Option<&'static str> {
    if table.is_over() {
        Some(key("toast-game-over"))
    } else if !table.can_act {
        Some(key("toast-wait-bot"))
    } else {
        None
    }
}

/// Whether Undo has something to take back on `table`: part of a move
/// built in the tap state, else the match's last decision.
pub fn can_undo<G: Playable>(game: &Match<G>, tap: &G::Tap, table: &Table<G>) -> bool {
    tap.can_undo(table) || game.can_undo()
}

/// Takes back part of the move being built (one backgammon step), else
/// the match's last decision, after which the tap state starts afresh.
/// Returns whether anything changed.
pub fn undo<G: Playable>(game: &mut Match<G>, tap: &mut G::Tap) -> bool {
    if tap.undo(&game.table()) {
        return true;
    }
    let undone = game.undo();
    if undone {
        tap.reset();
    }
    undone
}

/// A match and the tap state of the person playing it.
#[derive(Clone, Debug, PartialEq)]
pub struct LocalGame<G: Playable> {
    pub game: Match<G>,
    pub tap: G::Tap,
    /// Confirm moves: a move is held until [`LocalGame::confirm`].
    pub confirm_moves: bool,
    /// The move held for confirmation.
    pub held: Option<G::Move>,
}

impl<G: Playable> LocalGame<G> {
    pub fn new(game: Match<G>) -> LocalGame<G> {
        LocalGame {
            game,
            tap: G::Tap::default(),
            confirm_moves: false,
            held: None,
        }
    }

    /// The same with confirm moves on.
    pub fn confirming(game: Match<G>) -> LocalGame<G> {
        LocalGame {
            confirm_moves: true,
            ..LocalGame::new(game)
        }
    }

    /// Plays the held move (confirm moves); `Ignored` when none is held.
    pub fn confirm(&mut self, now_ms: u64) -> Answer {
        let Some(mv) = self.held.take() else {
            return Answer::Ignored(key("confirm-nothing-held"));
        };
        let answer = apply(&mut self.game, Tapped::Play(mv), now_ms);
        if matches!(answer, Answer::Played) {
            self.tap.reset();
        }
        answer
    }

    /// Drops the held move; whether one was held.
    pub fn cancel(&mut self) -> bool {
        self.held.take().is_some()
    }

    pub fn table(&self) -> Table<G> {
        self.game.table()
    }

    /// A tap on the board.
    /// While a move is held, a tap on the board drops it and does
    /// nothing else.
    pub fn tap(&mut self, input: <G::Tap as TapState<G>>::Input, now_ms: u64) -> Answer {
        let table = self.table();
        if let Some(reason) = idle_reason(&table) {
            return Answer::Ignored(reason);
        }
        if self.cancel() {
            return Answer::Changed;
        }
        let tapped = self.tap.tap(&table, input);
        self.settle(tapped, now_ms)
    }

    /// One of the game's own buttons.
    pub fn command(&mut self, command: <G::Tap as TapState<G>>::Command, now_ms: u64) -> Answer {
        let table = self.table();
        let tapped = self.tap.command(&table, command);
        self.settle(tapped, now_ms)
    }

    fn settle(&mut self, tapped: Tapped<G::Move>, now_ms: u64) -> Answer {
        let (tapped, held) = super::steady::hold(self.confirm_moves, tapped);
        if held.is_some() {
            self.held = held;
        }
        let answer = apply(&mut self.game, tapped, now_ms);
        if matches!(answer, Answer::Played | Answer::Rolled) {
            self.tap.reset();
        }
        answer
    }

    /// Undo takes back part of a move being built, else the last decision.
    pub fn can_undo(&self) -> bool {
        can_undo(&self.game, &self.tap, &self.table())
    }

    pub fn undo(&mut self) -> bool {
        if self.cancel() {
            return true;
        }
        undo(&mut self.game, &mut self.tap)
    }
}
