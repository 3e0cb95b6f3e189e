//! What a tap on the Jun Qi flip board means, from the seat's view alone
//! (J21): a face-down piece is revealed; one of your pieces is picked up and
//! a second tap moves it; anything the rules refuse is refused with its rule
//! (J7–J16), the pick dropped.

use crate::i18n::key;
use crate::play::{Button, ButtonStyle, Prompt, Table, TapState, Tapped};
use papan_rules::junqi::{JunQi, JunQiAction, Post, Square};

/// The Jun Qi buttons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JunQiCommand {
    /// Open or close the piece statistics (J21).
    Stats,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct JunQiTap {
    selected: Option<Square>,
    stats_open: bool,
}

impl JunQiTap {
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    pub fn stats_open(&self) -> bool {
        self.stats_open
    }

    /// Legal destinations of the picked piece (road, rail and attacks).
    pub fn targets(&self, table: &Table<JunQi>) -> Vec<Square> {
        let Some(from) = self.selected else { return Vec::new() };
        table
            .legal()
            .into_iter()
            .filter_map(|a| match a {
                JunQiAction::Move { from: f, to } if f == from => Some(to),
                _ => None,
            })
            .collect()
    }

    /// The viewer's pieces with a legal move now.
    pub fn movable(&self, table: &Table<JunQi>) -> Vec<Square> {
        let mut out: Vec<Square> = table
            .legal()
            .into_iter()
            .filter_map(|a| match a {
                JunQiAction::Move { from, .. } => Some(from),
                JunQiAction::Reveal(_) => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn play(&mut self, table: &Table<JunQi>, action: JunQiAction) -> Tapped<JunQiAction> {
        self.selected = None;
        table.checked(action)
    }

    fn pick(&mut self, table: &Table<JunQi>, square: Square) -> Tapped<JunQiAction> {
        match table.view.check_pick(square) {
            Ok(()) => {
                self.selected = Some(square);
                Tapped::Changed
            }
            Err(refusal) => {
                self.selected = None;
                Tapped::Refused(refusal)
            }
        }
    }
}

impl TapState<JunQi> for JunQiTap {
    type Input = Square;
    type Command = JunQiCommand;

    fn on_tap(&mut self, table: &Table<JunQi>, square: Square) -> Tapped<JunQiAction> {
        let post = table.view.post(square);
        // A face-down piece is never a destination (J12): a tap on one means
        // "reveal it", with or without a pick.
        if post == Post::FaceDown {
            return self.play(table, JunQiAction::Reveal(square));
        }
        match (self.selected, post) {
            (Some(from), _) if from == square => {
                self.selected = None;
                Tapped::Changed
            }
            (Some(_), Post::Revealed { colour, .. }) if Some(colour) == table.view.my_colour() => {
                self.pick(table, square)
            }
            (Some(from), _) => self.play(table, JunQiAction::Move { from, to: square }),
            (None, Post::Empty) => Tapped::Ignored(key("junqi-toast-empty")),
            (None, _) => self.pick(table, square),
        }
    }

    fn command(&mut self, _table: &Table<JunQi>, command: JunQiCommand) -> Tapped<JunQiAction> {
        match command {
            JunQiCommand::Stats => self.stats_open = !self.stats_open,
        }
        Tapped::Changed
    }

    fn buttons(&self, _table: &Table<JunQi>) -> Vec<Button<JunQiCommand>> {
        vec![Button::new(
            JunQiCommand::Stats,
            "junqi-stats-short",
            "junqi-stats-button",
            ButtonStyle::Ghost,
        )]
    }

    fn reset(&mut self) {
        self.selected = None;
    }

    fn prompt(&self, table: &Table<JunQi>) -> Option<Prompt> {
        if table.moving() && table.view.my_colour().is_none() {
            Prompt::personal(key("junqi-status-reveal"))
        } else {
            None
        }
    }
}
