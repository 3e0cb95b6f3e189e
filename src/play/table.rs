//! What a board sees, and the one trait every game's tap logic implements.

use super::Playable;
use crate::i18n::key;
use papan_rules::{Outcome, RuleError, Seat, SeatView, Turn};
use std::fmt;

/// One seat's view of a game at one moment: all a board draws and all a
/// tap state decides from. Never the hidden part of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Table<G: Playable> {
    pub view: G::View,
    /// The seat the view belongs to: taps act for it.
    pub viewer: Seat,
    /// The seat drawn at the bottom of the board (your side of the table).
    pub bottom: Seat,
    /// The viewer may act now: its turn, or a roll it may ask for.
    pub can_act: bool,
    /// The last move a seat made, and which seat.
    pub last: Option<(Seat, G::Move)>,
    /// The result, including verdicts off the board (resignation, time).
    pub outcome: Option<Outcome>,
    /// Moves (and chance events) played so far.
    pub ply: usize,
    /// Every move and chance event of the game so far, in order (public:
    /// a Jun Qi reveal names the post, not the piece).
    pub history: Vec<G::Move>,
}

impl<G: Playable> Table<G> {
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Who acts next on the board (over once a verdict is in).
    pub fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over
        } else {
            self.view.turn()
        }
    }

    /// The seat to move, if a seat is to move.
    pub fn to_move(&self) -> Option<Seat> {
        match self.turn() {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    /// The viewer's legal moves now (empty unless it is the viewer's move).
    pub fn legal(&self) -> Vec<G::Move> {
        if self.can_act && self.to_move() == Some(self.viewer) {
            self.view.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// The viewer is to move (not roll) now.
    pub fn moving(&self) -> bool {
        self.can_act && self.to_move() == Some(self.viewer)
    }

    /// A roll (chance event) is due and the viewer may ask for it.
    pub fn may_roll(&self) -> bool {
        self.can_act && self.turn() == Turn::Chance
    }

    /// The move's notation in this game (what is sent and stored).
    pub fn notation(&self, mv: &G::Move) -> String {
        self.view.format_move(mv)
    }

    /// `mover`'s move `mv` as the person at the bottom reads it: in the
    /// numbers the board shows ([`super::Playable::seen_by`]). For hints,
    /// notices and the review; [`Table::notation`] is what is sent.
    pub fn move_text(&self, mover: Seat, mv: &G::Move) -> String {
        G::seen_by(mv, mover, self.bottom).unwrap_or_else(|| self.notation(mv))
    }

    /// `mv` to play if the rules allow it now, else their refusal.
    pub fn checked(&self, mv: G::Move) -> Tapped<G::Move> {
        match self.view.check(&mv) {
            Ok(()) => Tapped::Play(mv),
            Err(refusal) => Tapped::Refused(refusal),
        }
    }
}

/// What a tap (or one of the game's own buttons) did.
#[derive(Clone, Debug, PartialEq)]
pub enum Tapped<M> {
    /// The selection or a preview changed; nothing to play.
    Changed,
    /// This move is chosen: play it (or send it to the room server).
    Play(M),
    /// Roll the dice (the due chance event).
    Roll,
    /// The rules refuse what the tap asked for, and say which rule.
    Refused(RuleError),
    /// Nothing happened; the Fluent key of a short reason.
    Ignored(&'static str),
}

/// How a game's own button looks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Accent,
    Ghost,
    /// Ends something (resign, leave).
    Danger,
}

/// One of the game's own buttons in the action bar (swap; roll, undo a
/// step, done; paths; piece statistics).
#[derive(Clone, Debug, PartialEq)]
pub struct Button<C> {
    pub command: C,
    /// Fluent key of the label.
    pub label: &'static str,
    pub testid: &'static str,
    pub style: ButtonStyle,
    pub enabled: bool,
    /// A toggle's state (`aria-pressed`), for toggles.
    pub pressed: Option<bool>,
    /// Part of a step in progress (a wall being placed): while such a
    /// button shows, the bar holds only the game's buttons.
    pub modal: bool,
}

impl<C> Button<C> {
    pub fn new(command: C, label: &'static str, testid: &'static str, style: ButtonStyle) -> Button<C> {
        Button {
            command,
            label,
            testid,
            style,
            enabled: true,
            pressed: None,
            modal: false,
        }
    }

    pub fn enabled(mut self, on: bool) -> Button<C> {
        self.enabled = on;
        self
    }

    pub fn pressed(mut self, on: bool) -> Button<C> {
        self.pressed = Some(on);
        self
    }

    pub fn modal(mut self) -> Button<C> {
        self.modal = true;
        self
    }
}

/// A game's tap logic: the selection and previews between taps. It never
/// plays anything itself: it answers with a move for its owner (the match,
/// the room link or the lesson) to play, and every refusal comes from the
/// rules with its rule id. [`TapState::tap`] answers "over" or "wait"
/// itself on a table the viewer may not act on; an owner with its own
/// words for that (the bot's turn, a lesson page to read) says them first.
pub trait TapState<G: Playable>: Clone + Default + PartialEq + fmt::Debug + 'static {
    /// Where a finger can land on the board.
    type Input: Copy + PartialEq + fmt::Debug + 'static;
    /// The game's own buttons.
    type Command: Copy + PartialEq + fmt::Debug + 'static;

    /// A tap on the board. A table the viewer may not act on answers
    /// nothing playable whatever the game's logic would say, so a stale or
    /// remote table can never yield a move (owners also say why first).
    fn tap(&mut self, table: &Table<G>, input: Self::Input) -> Tapped<G::Move> {
        if table.is_over() {
            Tapped::Ignored(key("toast-game-over"))
        } else if !table.can_act {
            Tapped::Ignored(key("toast-wait-opponent"))
        } else {
            self.on_tap(table, input)
        }
    }

    /// The game's own answer to a tap on a table the viewer may act on.
    fn on_tap(&mut self, table: &Table<G>, input: Self::Input) -> Tapped<G::Move>;

    fn command(&mut self, table: &Table<G>, command: Self::Command) -> Tapped<G::Move>;

    /// The game's buttons on offer now.
    fn buttons(&self, table: &Table<G>) -> Vec<Button<Self::Command>>;

    /// The position changed (a move was made, a new snapshot or lesson
    /// step came): drop what belonged to the old one, keep preferences.
    fn reset(&mut self);

    /// Part of a move is built here and can be taken back (a backgammon
    /// checker moved this turn): Undo takes that back before any move.
    fn can_undo(&self, _table: &Table<G>) -> bool {
        false
    }

    fn undo(&mut self, _table: &Table<G>) -> bool {
        false
    }

    /// A status line for the viewer when it may act and the game has more
    /// to say than "your turn" (swap on offer, a wall to confirm, a roll).
    fn prompt(&self, table: &Table<G>) -> Option<Prompt>;
}

/// A status line a tap state asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// Fluent key.
    pub key: &'static str,
    /// Spoken to "you" ("your turn: roll"): shown against a bot, online and
    /// in lessons, but not between two people sharing the device, where the
    /// status names the side to move instead.
    pub personal: bool,
}

impl Prompt {
    pub fn personal(key: &'static str) -> Option<Prompt> {
        Some(Prompt { key, personal: true })
    }

    pub fn always(key: &'static str) -> Option<Prompt> {
        Some(Prompt { key, personal: false })
    }
}
