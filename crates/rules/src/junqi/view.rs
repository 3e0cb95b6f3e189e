//! What one seat may know (J21). A view holds only the public table: its
//! board is made of [`Post`]s, whose face-down variant carries no identity,
//! so no view can ever contain a hidden piece.

use super::action::JunQiAction;
use super::board::{Square, POSTS};
use super::game::{JunQi, JunQiOptions};
use super::piece::{Colour, Piece, PieceCounts};
use super::table::{LastAction, Post, Table, QUIET_LIMIT};
use crate::game::{Outcome, ParseError, RuleError, Seat, SeatView, Turn};
use rand::seq::SliceRandom;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// A seat's view of a Jun Qi flip game: derived only by [`crate::Game::view`],
/// validated when read back from the wire.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ViewWire", into = "ViewWire")]
pub struct JunQiView {
    seat: Seat,
    table: Table,
}

impl JunQiView {
    pub(super) fn new(seat: Seat, table: Table) -> JunQiView {
        JunQiView { seat, table }
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn post(&self, square: Square) -> Post {
        self.table.post(square)
    }

    /// The 60 posts by square index (a1, b1, …, e12).
    pub fn board(&self) -> &[Post; POSTS] {
        &self.table.board
    }

    /// The seat to move; `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.table.outcome.is_none().then_some(self.table.to_move)
    }

    /// The colour `seat` holds, once decided (J8).
    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.table.colour_of(seat)
    }

    /// The colour this view's seat holds, once decided (J8).
    pub fn my_colour(&self) -> Option<Colour> {
        self.table.colour_of(self.seat)
    }

    /// J8: the colour `seat` revealed on its previous turn, while colours
    /// are still undecided (one more of that colour decides).
    pub fn reveal_streak(&self, seat: Seat) -> Option<Colour> {
        self.table.last_reveal[seat.index()]
    }

    /// J19: plies in a row with no reveal and no combat.
    pub fn quiet_plies(&self) -> u16 {
        self.table.quiet_plies
    }

    /// J19: plies left before the quiet draw.
    pub fn quiet_plies_left(&self) -> u16 {
        QUIET_LIMIT - self.table.quiet_plies
    }

    pub fn plies(&self) -> u32 {
        self.table.plies
    }

    /// Piece statistics: fallen pieces of both colours.
    pub fn fallen(&self) -> &PieceCounts {
        &self.table.fallen
    }

    /// Piece statistics: what remains among the face-down pieces.
    pub fn face_down(&self) -> &PieceCounts {
        &self.table.face_down
    }

    pub fn last_action(&self) -> Option<&LastAction> {
        self.table.last.as_ref()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }

    /// J16: `colour`'s flag may be attacked now.
    pub fn flag_open(&self, colour: Colour) -> bool {
        self.table.flag_open(colour)
    }

    /// Every legal action of the seat to move, from public information
    /// alone (exactly [`crate::Game::legal_moves`] of the full game).
    pub fn legal_actions(&self) -> Vec<JunQiAction> {
        let mut out = Vec::new();
        self.table.legal_actions_into(&mut out);
        out
    }

    /// Checks an action against the view, naming the rule it breaks.
    pub fn check(&self, action: &JunQiAction) -> Result<(), RuleError> {
        self.table.check(action).map(|_| ())
    }

    /// Whether the seat to move may pick up the piece on `square` to move
    /// it: one of its own revealed pieces (J7) once colours are decided
    /// (J8), not a flag or a mine (J11), with a legal move from there (J9,
    /// J10). Else the rule that says why not.
    pub fn check_pick(&self, square: Square) -> Result<(), RuleError> {
        if let Some(outcome) = &self.table.outcome {
            return Err(self.table.over_error(outcome));
        }
        let Post::Revealed { colour, piece } = self.post(square) else {
            return Err(RuleError::new(
                crate::rule::J7,
                format!("{square} holds no revealed piece to move"),
            ));
        };
        let Some(mine) = self.table.colour_of(self.table.to_move) else {
            return Err(RuleError::new(
                crate::rule::J8,
                "only reveals until colours are decided",
            ));
        };
        if colour != mine {
            return Err(RuleError::new(
                crate::rule::J7,
                format!("the piece on {square} is not yours"),
            ));
        }
        if !piece.is_movable() {
            return Err(RuleError::new(crate::rule::J11, format!("a {piece} never moves")));
        }
        let moves = self
            .legal_actions()
            .into_iter()
            .any(|a| matches!(a, JunQiAction::Move { from, .. } if from == square));
        if !moves {
            return Err(RuleError::new(
                crate::rule::J9,
                format!("the {piece} on {square} has no road or railway move now"),
            ));
        }
        Ok(())
    }

    /// A full game consistent with this view: each face-down post gets an
    /// identity drawn without replacement from the public face-down pool.
    /// For bots' sampling search; the result is one guess, not the truth.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    pub fn determinize(&self, rng: &mut dyn RngCore) -> JunQi {
        let mut pool: Vec<Piece> = self.table.face_down.pieces();
        pool.shuffle(rng);
        let mut secret = [None; POSTS];
        let face_down = Square::all().filter(|&s| self.table.post(s) == Post::FaceDown);
        for (square, piece) in face_down.zip(pool) {
            secret[square.index()] = Some(piece);
        }
        JunQi::from_parts(JunQiOptions::default(), self.table.clone(), secret)
            .expect("a view is validated, so its pool fills its face-down posts exactly")
    }
}

/// A seat plays Jun Qi from its view alone: the bots, the app's boards and
/// the online client all work from it.
impl SeatView for JunQiView {
    type Move = JunQiAction;

    fn turn(&self) -> Turn {
        match self.to_move() {
            Some(seat) => Turn::Seat(seat),
            None => Turn::Over,
        }
    }

    fn legal_moves(&self) -> Vec<JunQiAction> {
        self.legal_actions()
    }

    fn check(&self, action: &JunQiAction) -> Result<(), RuleError> {
        JunQiView::check(self, action)
    }

    fn outcome(&self) -> Option<Outcome> {
        JunQiView::outcome(self)
    }

    fn format_move(&self, action: &JunQiAction) -> String {
        action.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<JunQiAction, ParseError> {
        text.parse()
    }

    /// A reveal shows an identity and an attack's result depends on one the
    /// seat may not know, so the view after an action is never guessed.
    fn after(&self, _action: &JunQiAction) -> Option<JunQiView> {
        None
    }
}

/// The wire form of a view: plain fields, checked on the way in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ViewWire {
    seat: Seat,
    /// The 60 posts by square index (a1, b1, …, e12).
    board: Vec<Post>,
    to_move: Seat,
    /// The colour each seat holds, once decided (J8).
    colours: [Option<Colour>; 2],
    /// J8: the colour each seat revealed on its previous turn, until decided.
    reveal_streak: [Option<Colour>; 2],
    quiet_plies: u16,
    quiet_limit: u16,
    plies: u32,
    fallen: PieceCounts,
    face_down: PieceCounts,
    last: Option<LastAction>,
    outcome: Option<Outcome>,
}

impl From<JunQiView> for ViewWire {
    fn from(view: JunQiView) -> ViewWire {
        let t = view.table;
        ViewWire {
            seat: view.seat,
            board: t.board.to_vec(),
            to_move: t.to_move,
            colours: [t.colour_of(Seat::First), t.colour_of(Seat::Second)],
            reveal_streak: t.last_reveal,
            quiet_plies: t.quiet_plies,
            quiet_limit: QUIET_LIMIT,
            plies: t.plies,
            fallen: t.fallen,
            face_down: t.face_down,
            last: t.last,
            outcome: t.outcome,
        }
    }
}

impl TryFrom<ViewWire> for JunQiView {
    type Error = RuleError;

    fn try_from(wire: ViewWire) -> Result<JunQiView, RuleError> {
        let board: [Post; POSTS] = wire
            .board
            .try_into()
            .map_err(|_| RuleError::new(crate::rule::J1, "a view's board has exactly 60 posts"))?;
        let first_colour = match wire.colours {
            [None, None] => None,
            [Some(a), Some(b)] if a != b => Some(a),
            _ => {
                return Err(RuleError::new(
                    crate::rule::J8,
                    "the two seats hold different colours, or neither does",
                ))
            }
        };
        let table = Table {
            board,
            to_move: wire.to_move,
            first_colour,
            last_reveal: wire.reveal_streak,
            quiet_plies: wire.quiet_plies,
            plies: wire.plies,
            fallen: wire.fallen,
            face_down: wire.face_down,
            last: wire.last,
            outcome: wire.outcome,
        };
        table.validate()?;
        Ok(JunQiView { seat: wire.seat, table })
    }
}
