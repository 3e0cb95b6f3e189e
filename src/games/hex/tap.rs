//! What a tap on the Hex board means: on boards of [`PREVIEW_MIN_SIZE`] and
//! more a first tap shows a ghost stone and a second tap on the same cell
//! places it, so a fat finger on a small cell never places a stone by
//! mistake. Swap (X7) is a button while the rules allow it.

use crate::play::{Button, ButtonStyle, Prompt, Table, TapState, Tapped};
use papan_rules::hex::{Cell, Hex, HexMove};
use papan_rules::SeatView;

/// Boards at least this size ask for a confirming second tap.
pub const PREVIEW_MIN_SIZE: u8 = 11;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct HexTap {
    ghost: Option<Cell>,
}

/// The Hex buttons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HexCommand {
    Swap,
}

impl HexTap {
    /// The cell a ghost stone previews.
    pub fn ghost(&self) -> Option<Cell> {
        self.ghost
    }
}

fn swap_on_offer(table: &Table<Hex>) -> bool {
    table.moving() && table.view.swap_allowed()
}

impl TapState<Hex> for HexTap {
    type Input = Cell;
    type Command = HexCommand;

    fn on_tap(&mut self, table: &Table<Hex>, cell: Cell) -> Tapped<HexMove> {
        let mv = HexMove::Place(cell);
        if let Err(refusal) = table.view.check(&mv) {
            // The preview stays where it was: only a legal cell moves it.
            return Tapped::Refused(refusal);
        }
        if table.view.size() >= PREVIEW_MIN_SIZE && self.ghost != Some(cell) {
            self.ghost = Some(cell);
            return Tapped::Changed;
        }
        self.ghost = None;
        Tapped::Play(mv)
    }

    fn command(&mut self, table: &Table<Hex>, command: HexCommand) -> Tapped<HexMove> {
        match command {
            HexCommand::Swap => match table.view.check(&HexMove::Swap) {
                Ok(()) => {
                    self.ghost = None;
                    Tapped::Play(HexMove::Swap)
                }
                Err(refusal) => Tapped::Refused(refusal),
            },
        }
    }

    fn buttons(&self, table: &Table<Hex>) -> Vec<Button<HexCommand>> {
        if swap_on_offer(table) {
            vec![Button::new(
                HexCommand::Swap,
                "action-swap",
                "swap",
                ButtonStyle::Accent,
            )]
        } else {
            Vec::new()
        }
    }

    fn reset(&mut self) {
        self.ghost = None;
    }

    fn prompt(&self, table: &Table<Hex>) -> Option<Prompt> {
        if swap_on_offer(table) {
            Prompt::personal(crate::i18n::key("status-your-turn-swap"))
        } else {
            None
        }
    }
}
