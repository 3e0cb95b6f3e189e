//! What a tap on the backgammon board means. A turn is built one checker at
//! a time with the rules' [`TurnBuilder`] (single-die steps, dice combined
//! on one checker, the forced rest filled in) and "Done" plays the legal
//! play the steps add up to. A tap while a roll is due rolls (B5).
//!
//! Points are numbered from the seat at the bottom of the board
//! ([`Table::bottom`]); the rules number them from the side to move.

use crate::i18n::key;
use crate::play::{Button, ButtonStyle, Prompt, Table, TapState, Tapped};
use papan_rules::backgammon::{Backgammon, BgMove, TurnBuilder, BAR, OFF};

/// A place a finger can land on the backgammon board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Point 1–24 in the numbering of the seat at the bottom.
    Point(u8),
    /// The bar (only the mover's own checkers are ever picked there).
    Bar,
    /// The bear-off tray.
    Off,
    /// The felt between the points: rolls when a roll is due.
    Felt,
}

/// The backgammon buttons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BgCommand {
    Roll,
    Done,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BgTap {
    turn: Option<TurnBuilder>,
    /// The picked checker, in the mover's numbering.
    selected: Option<u8>,
}

/// Whether the mover's numbering is the bottom seat's.
fn same_side(table: &Table<Backgammon>) -> bool {
    table.view.board_seat() == table.bottom
}

/// The mover's index of a spot (25 = bar, 0 = off).
pub fn to_mover(table: &Table<Backgammon>, spot: Spot) -> u8 {
    match spot {
        Spot::Bar => BAR,
        Spot::Off | Spot::Felt => OFF,
        Spot::Point(p) if same_side(table) => p,
        Spot::Point(p) => 25 - p,
    }
}

/// The spot of a mover's index.
pub fn to_spot(table: &Table<Backgammon>, index: u8) -> Spot {
    match index {
        BAR => Spot::Bar,
        OFF => Spot::Off,
        p if same_side(table) => Spot::Point(p),
        p => Spot::Point(25 - p),
    }
}

impl BgTap {
    /// The turn being built for this table (a fresh one when the position
    /// changed under it), while the viewer is to move.
    pub fn turn(&self, table: &Table<Backgammon>) -> Option<TurnBuilder> {
        if !table.moving() {
            return None;
        }
        let dice = table.view.dice()?;
        match &self.turn {
            Some(turn) if turn.start() == table.view.board() && turn.dice() == dice => Some(turn.clone()),
            _ => Some(TurnBuilder::new(table.view.board(), dice)),
        }
    }

    /// Takes the turn out to work on (the selection goes with a stale one);
    /// [`BgTap::keep`] puts it back.
    fn take_turn(&mut self, table: &Table<Backgammon>) -> Option<TurnBuilder> {
        let fresh = self.turn(table)?;
        if self.turn.as_ref() != Some(&fresh) {
            self.selected = None;
        }
        Some(fresh)
    }

    fn keep<T>(&mut self, turn: TurnBuilder, result: T) -> T {
        self.turn = Some(turn);
        result
    }

    pub fn selected(&self, table: &Table<Backgammon>) -> Option<Spot> {
        self.turn(table)?;
        self.selected.map(|i| to_spot(table, i))
    }

    /// The checkers that can start a step now.
    pub fn movable(&self, table: &Table<Backgammon>) -> Vec<Spot> {
        self.turn(table)
            .map(|t| t.movable().into_iter().map(|i| to_spot(table, i)).collect())
            .unwrap_or_default()
    }

    /// Where the picked checker can go.
    pub fn targets(&self, table: &Table<Backgammon>) -> Vec<Spot> {
        match (self.turn(table), self.selected) {
            (Some(turn), Some(from)) => turn
                .destinations(from)
                .into_iter()
                .map(|(to, _)| to_spot(table, to))
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl BgTap {
    /// A tap on the mover's `index` while building `turn`.
    fn tap_turn(&mut self, turn: &mut TurnBuilder, index: u8) -> Tapped<BgMove> {
        if turn.must_pass() {
            return Tapped::Ignored(key("backgammon-toast-no-move"));
        }
        if let Some(from) = self.selected {
            if turn.destinations(from).iter().any(|(to, _)| *to == index) {
                self.selected = None;
                return match turn.advance(from, index) {
                    Ok(()) => Tapped::Changed,
                    Err(refusal) => Tapped::Refused(refusal),
                };
            }
        }
        if turn.movable().contains(&index) && index != OFF {
            self.selected = if self.selected == Some(index) {
                None
            } else {
                Some(index)
            };
            return Tapped::Changed;
        }
        if let Some(from) = self.selected.take() {
            return Tapped::Refused(turn.why_not(from, Some(index)));
        }
        if turn.is_complete() {
            Tapped::Ignored(key("backgammon-toast-tap-done"))
        } else if index != OFF && turn.board().at(index as usize) > 0 {
            Tapped::Refused(turn.why_not(index, None))
        } else {
            Tapped::Ignored(key("backgammon-toast-not-movable"))
        }
    }
}

impl TapState<Backgammon> for BgTap {
    type Input = Spot;
    type Command = BgCommand;

    fn on_tap(&mut self, table: &Table<Backgammon>, spot: Spot) -> Tapped<BgMove> {
        if table.may_roll() {
            return Tapped::Roll;
        }
        if spot == Spot::Felt {
            return Tapped::Changed;
        }
        let index = to_mover(table, spot);
        let Some(mut turn) = self.take_turn(table) else {
            return Tapped::Ignored(key("toast-illegal"));
        };
        let tapped = self.tap_turn(&mut turn, index);
        self.keep(turn, tapped)
    }

    fn command(&mut self, table: &Table<Backgammon>, command: BgCommand) -> Tapped<BgMove> {
        if command == BgCommand::Roll {
            return if table.may_roll() {
                Tapped::Roll
            } else {
                Tapped::Ignored(key("backgammon-toast-already-rolled"))
            };
        }
        let Some(turn) = self.take_turn(table) else {
            return Tapped::Ignored(key("toast-illegal"));
        };
        let tapped = match turn.play() {
            Ok(play) => Tapped::Play(BgMove::Play(play)),
            Err(refusal) => Tapped::Refused(refusal),
        };
        self.keep(turn, tapped)
    }

    fn buttons(&self, table: &Table<Backgammon>) -> Vec<Button<BgCommand>> {
        if table.may_roll() {
            return vec![Button::new(
                BgCommand::Roll,
                "backgammon-roll",
                "roll",
                ButtonStyle::Primary,
            )];
        }
        let Some(turn) = self.turn(table) else {
            return Vec::new();
        };
        let passing = turn.must_pass();
        vec![Button::new(
            BgCommand::Done,
            if passing {
                "backgammon-pass-ok"
            } else {
                "backgammon-done"
            },
            "done",
            ButtonStyle::Primary,
        )
        .enabled(passing || turn.is_complete())]
    }

    fn reset(&mut self) {
        *self = BgTap::default();
    }

    /// The last checker moved this turn goes back (with the steps forced
    /// after it).
    fn can_undo(&self, table: &Table<Backgammon>) -> bool {
        self.turn(table).is_some_and(|t| t.can_undo())
    }

    fn undo(&mut self, table: &Table<Backgammon>) -> bool {
        let Some(mut turn) = self.take_turn(table) else {
            return false;
        };
        self.selected = None;
        let undone = turn.undo();
        self.keep(turn, undone)
    }

    fn prompt(&self, table: &Table<Backgammon>) -> Option<Prompt> {
        if table.may_roll() && table.view.to_move().is_none() {
            Prompt::always(key("backgammon-status-opening"))
        } else if table.may_roll() {
            Prompt::personal(key("backgammon-status-your-roll"))
        } else {
            None
        }
    }
}
