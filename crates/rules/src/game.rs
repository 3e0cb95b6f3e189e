//! The one trait every game implements, and the small types around it.
//!
//! The bots, the app and the room server only talk to games through
//! [`Game`]. It is shaped for all four games at once:
//! - moves of very different shapes (a Hex cell, a HADANG wall, a backgammon
//!   play of up to four checker moves, a Jun Qi reveal) are an associated type
//!   with a text notation;
//! - chance (dice) is an actor of its own: when [`Game::turn`] is
//!   [`Turn::Chance`] the next move comes from [`Game::sample_chance`];
//! - hidden information goes through [`Game::view`], the only thing a seat
//!   (or a bot playing that seat) is ever given.

use crate::rule::{GameId, RuleId};
use rand::RngCore;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;
use std::hash::Hash;

/// One of the two seats at the table. Which seat moves first is the game's
/// business (`First` in Hex, HADANG; drawn at random in Jun Qi and backgammon).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    pub fn from_index(index: usize) -> Option<Seat> {
        match index {
            0 => Some(Seat::First),
            1 => Some(Seat::Second),
            _ => None,
        }
    }
}

/// Who acts next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Turn {
    /// A seat must choose a move.
    Seat(Seat),
    /// A random event (a dice roll) must be drawn with [`Game::sample_chance`].
    Chance,
    /// The game has ended; [`Game::outcome`] says how.
    Over,
}

/// Why a game ended. Shared by all games so the UI, the server and ratings
/// can treat results uniformly; each game uses the reasons that apply to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// Hex: the winner joined their two edges (X9).
    Connection,
    /// HADANG: the winner's pawn reached its goal rank (H15).
    GoalReached,
    /// Jun Qi: the winner took the opponent's flag (J17).
    FlagCaptured,
    /// Jun Qi: the loser had no legal action on their turn (J18).
    NoLegalAction,
    /// Jun Qi: the loser had no piece able to move (J18).
    NoMovablePiece,
    /// Jun Qi: 60 plies without reveal or combat (J19).
    QuietDraw,
    /// Backgammon: the winner bore off all checkers (B16–B18; `points` says
    /// single, gammon or backgammon).
    BoreOff,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Timeout,
    /// The loser left an online game where leaving loses (J20).
    Abandoned,
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Seat>,
    /// Points won (1 except backgammon's gammon 2 and backgammon 3).
    pub points: u8,
    pub reason: EndReason,
}

impl Outcome {
    pub fn win(winner: Seat, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            points: 1,
            reason,
        }
    }

    pub fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            points: 0,
            reason,
        }
    }

    /// Score from `seat`'s side: 1 win, 0.5 draw, 0 loss (ratings, arenas).
    pub fn score_for(&self, seat: Seat) -> f64 {
        match self.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// A refused move or position: which numbered rule ([`crate::rule::X5`],
/// [`crate::rule::H13`]) it breaks and a sentence saying why (English, for
/// logs and developers; a UI explains the rule from its id). The position it
/// was tried on is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleError {
    pub rule: RuleId,
    pub message: String,
}

impl RuleError {
    pub fn new(rule: RuleId, message: impl Into<String>) -> RuleError {
        RuleError {
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for RuleError {}

/// Text that is not valid notation for a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParseError {
    pub input: String,
    pub message: String,
}

impl ParseError {
    pub fn new(input: &str, message: impl Into<String>) -> ParseError {
        ParseError {
            input: input.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {:?}: {}", self.input, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A game's rules. A value of a type implementing `Game` is always a legal
/// position: constructors and deserialization validate, and [`Game::play`]
/// refuses illegal moves without touching the position.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move in any shape the game needs, including chance events (dice).
    type Move: Clone + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// What one seat may know of the position, and what it may do from
    /// there. For perfect-information games this is the position itself.
    type View: SeatView<Move = Self::Move> + Serialize;
    /// Options chosen when a game is created (board size, swap rule, ...).
    type Options: Clone + fmt::Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// Which game this is (its short name is `GAME.code()`).
    const GAME: GameId;

    /// A fresh game. `rng` is used only by games with a random setup (Jun Qi's
    /// face-down shuffle); pass a seeded generator to make it replayable.
    fn new(options: &Self::Options, rng: &mut dyn RngCore) -> Result<Self, RuleError>;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Every legal move for the actor in [`Game::turn`], appended to `out`.
    /// Empty when the game is over or a chance event is due.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// Every legal move, in a fresh vector.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Checked play: applies `mv` or returns the rule it breaks, leaving the
    /// position unchanged.
    fn play(&mut self, mv: &Self::Move) -> Result<(), RuleError>;

    /// `mv` in the one form this position stores and writes it. Most games'
    /// moves have a single spelling and keep the default. A backgammon play
    /// may be written several ways (`20/16 24/20*` is `24/20*/16`) and its
    /// hit marks are the board's to decide (B9), so it is settled into the
    /// form that reads back as the same play. Records and room logs keep
    /// this form, so what they write replays as it was played. An illegal
    /// move comes back unchanged for [`Game::play`] to refuse.
    fn canonical_move(&self, mv: &Self::Move) -> Self::Move {
        mv.clone()
    }

    /// Play a move known to be legal (taken from [`Game::legal_moves`]).
    /// Games override this with a faster path that skips validation; the
    /// result for an illegal move is unspecified but never memory-unsafe.
    fn play_unchecked(&mut self, mv: &Self::Move) {
        if let Err(e) = self.play(mv) {
            panic!("play_unchecked given an illegal move {mv:?}: {e}");
        }
    }

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;

    /// What `seat` may see. The one function that derives seat views: the
    /// server, the bots and the UI all use it.
    fn view(&self, seat: Seat) -> Self::View;

    /// The possible chance events with their probabilities, when
    /// [`Game::turn`] is [`Turn::Chance`] (empty otherwise).
    fn chance_outcomes(&self) -> Vec<(Self::Move, f64)> {
        Vec::new()
    }

    /// Draws a chance event from `rng` (`None` when no chance event is due).
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Self::Move> {
        let outcomes = self.chance_outcomes();
        if outcomes.is_empty() {
            return None;
        }
        let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
        // 53 random bits give a uniform float in [0, 1).
        let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut target = unit * total;
        for (mv, p) in &outcomes {
            if target < *p {
                return Some(mv.clone());
            }
            target -= p;
        }
        outcomes.last().map(|(mv, _)| mv.clone())
    }

    /// The move in the game's text notation (`f6`, `e3h`, `24/18 13/11`).
    fn format_move(&self, mv: &Self::Move) -> String;

    /// Reads a move in the game's notation. Parsing checks the syntax only;
    /// whether the move is legal here is [`Game::play`]'s business.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// The seat to move, if a seat is to move.
    fn seat_to_move(&self) -> Option<Seat> {
        match self.turn() {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        self.turn() == Turn::Over
    }

    /// Whether `mv` may be played now, without playing it.
    fn check(&self, mv: &Self::Move) -> Result<(), RuleError> {
        self.clone().play(mv)
    }
}

/// What one seat sees of a game and what it may do from there: everything a
/// board, a tap state machine or a bot needs, and nothing it may not know.
/// For games with nothing hidden the view is the position itself (see
/// [`PublicGame`]); Jun Qi's is a [`crate::junqi::JunQiView`], whose
/// face-down posts carry no identity.
pub trait SeatView: Clone + fmt::Debug + Send + Sync + 'static {
    type Move: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// The legal moves of the actor in [`SeatView::turn`] (empty at a
    /// chance event and once over).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether `mv` may be played now; else the rule it breaks.
    fn check(&self, mv: &Self::Move) -> Result<(), RuleError>;

    /// How the game ended on the board, once it has.
    fn outcome(&self) -> Option<Outcome>;

    fn format_move(&self, mv: &Self::Move) -> String;

    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// The view after `mv`, when the seat can know it before anyone tells
    /// it (never after a chance event or a hidden identity shows).
    fn after(&self, mv: &Self::Move) -> Option<Self>;

    /// Whether `seat` may act now: its turn, or a chance event it may set
    /// off (backgammon: the roll at the start of its own turn).
    fn may_act(&self, seat: Seat) -> bool {
        match self.turn() {
            Turn::Seat(s) => s == seat,
            Turn::Chance => true,
            Turn::Over => false,
        }
    }

    /// The seat whose turn it is: the seat to move, or at a chance event
    /// the one seat that may set it off (`None` when either may, as at
    /// backgammon's opening roll, and once over).
    fn seat_on_turn(&self) -> Option<Seat> {
        match self.turn() {
            Turn::Seat(seat) => Some(seat),
            Turn::Chance => Seat::BOTH
                .into_iter()
                .find(|&s| self.may_act(s) && !self.may_act(s.other())),
            Turn::Over => None,
        }
    }
}

/// A game with nothing hidden: each seat's view is the position itself,
/// and the position is its own [`SeatView`].
pub trait PublicGame: Game<View = Self> {
    /// Whether `seat` may set off the due chance event (default: either).
    fn may_trigger_chance(&self, _seat: Seat) -> bool {
        true
    }
}

impl<G: PublicGame> SeatView for G {
    type Move = G::Move;

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn legal_moves(&self) -> Vec<G::Move> {
        Game::legal_moves(self)
    }

    fn check(&self, mv: &G::Move) -> Result<(), RuleError> {
        Game::check(self, mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn format_move(&self, mv: &G::Move) -> String {
        Game::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, ParseError> {
        Game::parse_move(self, text)
    }

    fn after(&self, mv: &G::Move) -> Option<G> {
        if Game::turn(self) == Turn::Chance {
            return None;
        }
        let mut next = self.clone();
        next.play(mv).ok().map(|()| next)
    }

    fn may_act(&self, seat: Seat) -> bool {
        match Game::turn(self) {
            Turn::Seat(s) => s == seat,
            Turn::Chance => self.may_trigger_chance(seat),
            Turn::Over => false,
        }
    }
}
