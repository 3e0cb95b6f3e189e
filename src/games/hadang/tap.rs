//! What a tap on the HADANG board means. A tap on a cell selects the pawn
//! or steps it to a highlighted target (any other cell is refused with the
//! rule it breaks); a tap on a groove previews a wall
//! and a second tap on the same wall places it, while a tap anywhere else
//! (or Cancel) drops the preview. A wall the rules refuse is refused with
//! its rule (H10–H13) and the preview dropped.

use crate::i18n::key;
use crate::play::{Button, ButtonStyle, Prompt, Table, TapState, Tapped};
use papan_rules::hadang::{Hadang, HadangMove, Square, Wall};
use papan_rules::SeatView;

/// Where a finger lands on the HADANG board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HadangInput {
    Cell(Square),
    Groove(Wall),
}

/// The HADANG buttons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HadangCommand {
    /// Drop the previewed wall.
    CancelWall,
    /// Show or hide both players' shortest paths.
    Paths,
}

/// What is selected between taps.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    #[default]
    None,
    Pawn,
    Wall(Wall),
}

#[derive(Clone, Debug, PartialEq)]
pub struct HadangTap {
    selection: Selection,
    show_paths: bool,
}

impl Default for HadangTap {
    fn default() -> HadangTap {
        HadangTap {
            selection: Selection::None,
            show_paths: true,
        }
    }
}

impl HadangTap {
    pub fn selection(&self) -> Selection {
        self.selection
    }

    pub fn ghost_wall(&self) -> Option<Wall> {
        match self.selection {
            Selection::Wall(wall) => Some(wall),
            _ => None,
        }
    }

    pub fn show_paths(&self) -> bool {
        self.show_paths
    }

    /// Cells the viewer's pawn may step to, highlighted while it may move
    /// and no wall is previewed (a cell tap then only drops the preview).
    pub fn targets(&self, table: &Table<Hadang>) -> Vec<Square> {
        if table.moving() && self.ghost_wall().is_none() {
            table.view.pawn_targets(table.viewer)
        } else {
            Vec::new()
        }
    }

    fn play(&mut self, table: &Table<Hadang>, mv: HadangMove) -> Tapped<HadangMove> {
        self.selection = Selection::None;
        table.checked(mv)
    }
}

impl TapState<Hadang> for HadangTap {
    type Input = HadangInput;
    type Command = HadangCommand;

    fn on_tap(&mut self, table: &Table<Hadang>, input: HadangInput) -> Tapped<HadangMove> {
        match input {
            HadangInput::Cell(square) => {
                if matches!(self.selection, Selection::Wall(_)) {
                    // A tap off the ghost wall only drops it: no pawn move by accident.
                    self.selection = Selection::None;
                    return Tapped::Changed;
                }
                if square == table.view.pawn(table.viewer) {
                    self.selection = match self.selection {
                        Selection::Pawn => Selection::None,
                        _ => Selection::Pawn,
                    };
                    return Tapped::Changed;
                }
                // Any other cell is a step: played when it is a target, else
                // refused with its rule (H6 one cell at a time, H7–H9 around
                // the other pawn).
                self.play(table, HadangMove::Step(square))
            }
            HadangInput::Groove(wall) => {
                if let Err(refusal) = table.view.check(&HadangMove::Wall(wall)) {
                    self.selection = Selection::None;
                    return Tapped::Refused(refusal);
                }
                if self.selection != Selection::Wall(wall) {
                    self.selection = Selection::Wall(wall);
                    return Tapped::Changed;
                }
                self.play(table, HadangMove::Wall(wall))
            }
        }
    }

    fn command(&mut self, _table: &Table<Hadang>, command: HadangCommand) -> Tapped<HadangMove> {
        match command {
            HadangCommand::CancelWall => self.selection = Selection::None,
            HadangCommand::Paths => self.show_paths = !self.show_paths,
        }
        Tapped::Changed
    }

    fn buttons(&self, table: &Table<Hadang>) -> Vec<Button<HadangCommand>> {
        let mut out = Vec::new();
        if table.moving() && self.ghost_wall().is_some() {
            out.push(Button::new(
                HadangCommand::CancelWall,
                "action-cancel",
                "wall-cancel",
                ButtonStyle::Ghost,
            ));
        }
        if !table.is_over() {
            out.push(
                Button::new(
                    HadangCommand::Paths,
                    "hadang-action-paths",
                    "toggle-paths",
                    ButtonStyle::Ghost,
                )
                .pressed(self.show_paths),
            );
        }
        out
    }

    fn reset(&mut self) {
        self.selection = Selection::None;
    }

    fn prompt(&self, table: &Table<Hadang>) -> Option<Prompt> {
        if table.moving() && self.ghost_wall().is_some() {
            Prompt::always(key("hadang-status-confirm-wall"))
        } else {
            None
        }
    }
}
