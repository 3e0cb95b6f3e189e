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
pub mod log;
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

/// The line saying what the last move was ("Normal bot: 3. 6-1 13/7 8/7"),
/// unless the game says it itself or an earlier position is shown.
pub fn last_move_notice<G: GameUi>(lang: Lang, log: &log::LogState, who: &dyn Fn(Seat) -> String) -> Option<Notice> {
    if G::SAYS_LAST_MOVE || log.viewing.0.is_some() {
        return None;
    }
    let last = log.lines.last()?;
    Some(Notice {
        text: crate::i18n::tr_args(
            lang,
            "log-last-move",
            &[("who", who(last.entry.seat)), ("move", last.text.clone())],
        ),
        kind: "last",
        testid: "last-move",
    })
}

/// The notices under the status, offline and online alike: the game's
/// own, then the line saying what the last move was.
pub fn notices<G: GameUi>(
    lang: Lang,
    table: &Table<G>,
    tap: &G::Tap,
    log: &log::LogState,
    who: &dyn Fn(Seat) -> String,
) -> Vec<Notice> {
    let mut out = G::notices(lang, table, tap, who);
    out.extend(last_move_notice::<G>(lang, log, who));
    out
}

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
    /// The Fluent key of the game's name ("Hex").
    const NAME_KEY: &'static str;

    /// The Fluent key of the game's line on its home card.
    const TAGLINE_KEY: &'static str;

    /// The game's unfinished match on this device.
    fn slot() -> &'static GlobalSignal<slot::SlotState<Self>>;

    /// The game's tile picture on the home screen: a tiny board.
    fn art() -> Element;

    /// The game's setup screen (`/:game`): its own fields in the shared
    /// frame ([`crate::screens::setup::SetupFrame`]).
    fn setup(lang: Lang) -> Element;

    /// A new room's options before the person changes any, in the online
    /// lobby.
    fn room_options() -> papan_api::GameOptions {
        papan_api::GameOptions::default_for(<Self as papan_rules::Game>::GAME)
    }

    /// The lobby's fields for the game's own room options (none by
    /// default), writing into `options`.
    fn room_fields(_lang: Lang, _options: Signal<papan_api::GameOptions>) -> Element {
        rsx! {}
    }

    /// The Fluent key of the result card's fairness line for a game whose
    /// secrets or dice the server commits to before it starts (Jun Qi's
    /// layout, backgammon's dice); `None`: nothing to check.
    const FAIRNESS_KEY: Option<&'static str> = None;

    /// The options of the game a learner plays against the Beginner bot
    /// after a lesson (Hex: the lessons' 7×7 board).
    fn lesson_options() -> Self::Options {
        Default::default()
    }

    /// The board picked to illustrate rule `number` of the game, where no
    /// lesson mistake shows it better: the options, the record seed and
    /// the moves (in notation) that lead to it.
    fn rule_picture(_number: u8) -> Option<(Self::Options, u64, &'static [&'static str])> {
        None
    }

    /// The Fluent key of the online "Leave the room?" sheet's warning.
    const LEAVE_KEY: &'static str = crate::i18n::key("online-leave-body");

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

    /// A move's text as a person reads it in `lang` (the log, the review):
    /// a game whose notation has a word in it says the word in the
    /// person's language (Jun Qi's `flip c3`); squares stay as they are.
    fn said_move(_lang: Lang, text: String) -> String {
        text
    }

    /// The notices under the status. `who` names a seat ("You", "Bot",
    /// "Player 1", "Opponent").
    fn notices(_lang: Lang, _table: &Table<Self>, _tap: &Self::Tap, _who: &dyn Fn(Seat) -> String) -> Vec<Notice> {
        Vec::new()
    }

    /// What a screen reader hears after the status line: what the board
    /// shows and the status does not say (backgammon's dice).
    fn spoken_status(_lang: Lang, _table: &Table<Self>) -> Option<String> {
        None
    }

    /// The Fluent key saying how the board ended the game (off-board
    /// verdicts are the shell's).
    fn board_reason(outcome: Outcome) -> &'static str;

    /// The game's notices already say what the last move did (Jun Qi's
    /// reveal and combat lines), so the shell does not add its own line.
    const SAYS_LAST_MOVE: bool = false;

    /// What the local seat's own move did, when the game has more to say
    /// than its notation (Jun Qi: who fell in its attack); `view` is the
    /// seat's view just after that move. Shown while the opponent's reply
    /// is the last move, so the result of your attack is not lost.
    fn own_result(_lang: Lang, _view: &Self::View, _who: &dyn Fn(Seat) -> String) -> Option<String> {
        None
    }

    /// Whether results are scored in points (backgammon's gammons).
    const SCORES_POINTS: bool = false;

    /// A short summary for the home screen's Continue card ("11×11").
    fn summary(_position: &Self) -> Option<String> {
        None
    }
}
