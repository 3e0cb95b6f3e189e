//! The one play screen: what every game shows the same way, written once.
//!
//! [`frame::PlayFrame`] draws status, both players' strips (names, side,
//! facts, clocks), the game's notices, its board, a toast, the action bar
//! and the result card. [`offline::OfflinePlay`] runs a [`Match`] on this
//! device (bot loop, clocks, save, sounds); [`online::OnlineGame`] draws a
//! room server snapshot in the same frame. A game plugs in through
//! [`GameUi`]: its board, the names of its sides, its notices.
//!
//! [`Match`]: crate::play::Match

pub mod actions;
pub mod frame;
pub mod offline;
pub mod online;
pub mod result;
pub mod slot;
pub mod strip;
pub mod texts;
pub mod toast;

use crate::i18n::Lang;
use crate::play::{Playable, Table, TapState};
use dioxus::prelude::*;
use papan_rules::{Outcome, Seat};

/// A line under the status: what just happened or what is special now.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    /// Styling and tests: `opening`, `pass`, `forced`, `colours`, `last`, `warn`…
    pub kind: &'static str,
    pub testid: &'static str,
}

/// A short fact on a player's strip (walls left, steps to go, pips).
#[derive(Clone, Debug, PartialEq)]
pub struct Fact {
    /// Which fact (`walls`, `path`, `pips`): the `data-fact` attribute.
    pub name: &'static str,
    pub value: String,
    pub text: String,
}

/// What the board component of a game gets.
pub struct BoardProps<G: GameUi> {
    pub table: Table<G>,
    pub tap: G::Tap,
    /// A move to point out (a lesson's hint).
    pub hint: Option<G::Move>,
    pub lang: Lang,
    pub on_input: EventHandler<<G::Tap as TapState<G>>::Input>,
    pub on_command: EventHandler<<G::Tap as TapState<G>>::Command>,
}

/// A game as the screens draw it.
pub trait GameUi: Playable {
    /// The game's unfinished match on this device.
    fn slot() -> &'static GlobalSignal<slot::SlotState<Self>>;

    /// The game's board with the tap state's marks (selection, targets,
    /// previews), the last move and the hint.
    fn board(props: BoardProps<Self>) -> Element;

    /// What `seat` plays as: Red, White, Player 1, a Jun Qi colour once
    /// decided.
    fn side(lang: Lang, view: &Self::View, seat: Seat) -> String;

    /// The style class of `seat`'s side (the turn dot, the strip swatch and
    /// the result card): `red`, `blue`, `white`, `black`, `p1`, `p2`, `none`.
    fn side_class(view: &Self::View, seat: Seat) -> &'static str;

    /// Facts shown on `seat`'s strip.
    fn facts(_lang: Lang, _table: &Table<Self>, _tap: &Self::Tap, _seat: Seat) -> Vec<Fact> {
        Vec::new()
    }

    /// The notices under the status. `who` names a seat ("You", "Bot",
    /// "Player 1", "Opponent").
    fn notices(_lang: Lang, _table: &Table<Self>, _tap: &Self::Tap, _who: &dyn Fn(Seat) -> String) -> Vec<Notice> {
        Vec::new()
    }

    /// The Fluent key saying how the board ended the game (off-board
    /// verdicts are the shell's).
    fn board_reason(outcome: Outcome) -> &'static str;

    /// Whether results are scored in points (backgammon's gammons).
    const SCORES_POINTS: bool = false;

    /// A short summary for the home screen's Continue card ("11×11").
    fn summary(_position: &Self) -> Option<String> {
        None
    }
}
