//! What a tap on the HADANG board means.
//!
//! The pawn: a tap on a cell selects the pawn or steps it to a highlighted
//! target (any other cell is refused with the rule it breaks).
//!
//! Walls go down in three deliberate steps, so a finger cannot place the
//! wrong one: **Wall** (a button) turns the board into groove crossings, the
//! whole board tiled so every tap lands on the nearest crossing; the tapped
//! crossing shows the wall in the orientation last used; **Rotate** (or a
//! second tap on the same crossing, or anywhere on the preview) turns it;
//! only **Place** (a button, so also Enter on it) plays it: no tap on the
//! board ever places a wall, so a finger that taps twice in one spot only
//! turns the preview. A preview the rules refuse stays on the board marked
//! as refused, with its rule (H10–H13), so it can be turned or moved.
//! Cancel leaves the wall mode.

use crate::i18n::key;
use crate::play::{Button, ButtonStyle, Prompt, Table, TapState, Tapped};
use papan_rules::hadang::{Hadang, HadangMove, Orientation, Square, Wall};
use papan_rules::SeatView;

/// Where a finger lands on the HADANG board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HadangInput {
    Cell(Square),
    /// A groove crossing in wall mode, named by the wall anchor below-left
    /// of it (`a1`–`h8`).
    Crossing(Square),
    /// A wall drawn on the board: the preview (a tap turns it) or a hinted
    /// wall (a tap previews it).
    Wall(Wall),
}

/// The HADANG buttons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HadangCommand {
    /// Start choosing a wall.
    Walls,
    /// Turn the previewed wall.
    RotateWall,
    /// Play the previewed wall.
    PlaceWall,
    /// Leave the wall mode.
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
    /// Wall mode: the crossing not chosen yet, or the wall previewed.
    Wall(Option<Wall>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct HadangTap {
    selection: Selection,
    show_paths: bool,
    /// The orientation of the last wall previewed: the next crossing starts
    /// with it (kept between turns).
    orientation: Orientation,
}

impl Default for HadangTap {
    fn default() -> HadangTap {
        HadangTap {
            selection: Selection::None,
            show_paths: true,
            orientation: Orientation::Horizontal,
        }
    }
}

fn turned(orientation: Orientation) -> Orientation {
    match orientation {
        Orientation::Horizontal => Orientation::Vertical,
        Orientation::Vertical => Orientation::Horizontal,
    }
}

impl HadangTap {
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// Choosing or previewing a wall.
    pub fn wall_mode(&self) -> bool {
        matches!(self.selection, Selection::Wall(_))
    }

    pub fn ghost_wall(&self) -> Option<Wall> {
        match self.selection {
            Selection::Wall(wall) => wall,
            _ => None,
        }
    }

    pub fn show_paths(&self) -> bool {
        self.show_paths
    }

    /// Cells the viewer's pawn may step to, highlighted while it may move
    /// and no wall is being chosen.
    pub fn targets(&self, table: &Table<Hadang>) -> Vec<Square> {
        if table.moving() && !self.wall_mode() {
            table.view.pawn_targets(table.viewer)
        } else {
            Vec::new()
        }
    }

    /// Previews `wall`; the rules' refusal comes back with the preview kept.
    fn preview(&mut self, table: &Table<Hadang>, wall: Wall) -> Tapped<HadangMove> {
        self.selection = Selection::Wall(Some(wall));
        self.orientation = wall.orientation();
        match table.view.check(&HadangMove::Wall(wall)) {
            Ok(()) => Tapped::Changed,
            Err(refusal) => Tapped::Refused(refusal),
        }
    }

    fn preview_at(&mut self, table: &Table<Hadang>, anchor: Square, orientation: Orientation) -> Tapped<HadangMove> {
        match Wall::new(anchor, orientation) {
            Ok(wall) => self.preview(table, wall),
            Err(refusal) => Tapped::Refused(refusal),
        }
    }

    /// A step: played or refused, the selection goes either way.
    fn step(&mut self, table: &Table<Hadang>, square: Square) -> Tapped<HadangMove> {
        self.selection = Selection::None;
        table.checked(HadangMove::Step(square))
    }

    /// The previewed wall: played, or refused with the preview kept.
    fn place(&mut self, table: &Table<Hadang>, wall: Wall) -> Tapped<HadangMove> {
        let answer = table.checked(HadangMove::Wall(wall));
        if matches!(answer, Tapped::Play(_)) {
            self.selection = Selection::None;
        }
        answer
    }
}

impl TapState<Hadang> for HadangTap {
    type Input = HadangInput;
    type Command = HadangCommand;

    fn on_tap(&mut self, table: &Table<Hadang>, input: HadangInput) -> Tapped<HadangMove> {
        match input {
            HadangInput::Cell(square) => {
                if self.wall_mode() {
                    // Cells take no taps in wall mode (the crossings cover
                    // them); one arriving anyway only leaves the mode.
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
                self.step(table, square)
            }
            HadangInput::Crossing(anchor) => {
                let orientation = match self.ghost_wall() {
                    Some(shown) if shown.anchor() == anchor => turned(shown.orientation()),
                    _ => self.orientation,
                };
                self.preview_at(table, anchor, orientation)
            }
            // A tap on the preview turns it, as a second tap on its crossing
            // does: only Place plays a wall.
            HadangInput::Wall(wall) if self.ghost_wall() == Some(wall) => {
                self.preview_at(table, wall.anchor(), turned(wall.orientation()))
            }
            HadangInput::Wall(wall) => self.preview(table, wall),
        }
    }

    fn command(&mut self, table: &Table<Hadang>, command: HadangCommand) -> Tapped<HadangMove> {
        match command {
            HadangCommand::Walls if self.wall_mode() => self.selection = Selection::None,
            HadangCommand::Walls => {
                if table.view.walls_left(table.viewer) == 0 {
                    // Said at once (H10), not after a crossing is chosen.
                    // Any slot gets the rules' own words for it.
                    if let Some(Err(refusal)) = Wall::all().next().map(|w| table.view.check(&HadangMove::Wall(w))) {
                        return Tapped::Refused(refusal);
                    }
                }
                self.selection = Selection::Wall(None);
            }
            HadangCommand::RotateWall => {
                if let Some(shown) = self.ghost_wall() {
                    return self.preview_at(table, shown.anchor(), turned(shown.orientation()));
                }
            }
            HadangCommand::PlaceWall => {
                if let Some(shown) = self.ghost_wall() {
                    return self.place(table, shown);
                }
            }
            HadangCommand::CancelWall => self.selection = Selection::None,
            HadangCommand::Paths => self.show_paths = !self.show_paths,
        }
        Tapped::Changed
    }

    fn buttons(&self, table: &Table<Hadang>) -> Vec<Button<HadangCommand>> {
        let mut out = Vec::new();
        if table.moving() && self.wall_mode() {
            // A step in progress: only its own buttons, big enough for a thumb.
            out.push(
                Button::new(
                    HadangCommand::CancelWall,
                    "action-cancel",
                    "wall-cancel",
                    ButtonStyle::Ghost,
                )
                .modal(),
            );
            if let Some(shown) = self.ghost_wall() {
                let legal = table.view.check(&HadangMove::Wall(shown)).is_ok();
                out.push(
                    Button::new(
                        HadangCommand::RotateWall,
                        "hadang-action-rotate",
                        "wall-rotate",
                        ButtonStyle::Ghost,
                    )
                    .modal(),
                );
                out.push(
                    Button::new(
                        HadangCommand::PlaceWall,
                        "hadang-action-place",
                        "wall-place",
                        ButtonStyle::Primary,
                    )
                    .enabled(legal)
                    .modal(),
                );
            }
            return out;
        }
        if table.moving() {
            out.push(Button::new(
                HadangCommand::Walls,
                "hadang-action-wall",
                "wall-mode",
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
        if !table.moving() {
            return None;
        }
        match self.selection {
            Selection::Wall(None) => Prompt::always(key("hadang-status-pick-crossing")),
            Selection::Wall(Some(_)) => Prompt::always(key("hadang-status-confirm-wall")),
            _ => None,
        }
    }
}
