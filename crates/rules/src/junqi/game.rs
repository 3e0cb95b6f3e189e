//! The full Jun Qi flip game: the public table plus the secret identities
//! of the face-down pieces, which never leave this type except through a
//! reveal (J21).

use super::action::JunQiAction;
use super::board::{self, Square, POSTS};
use super::piece::{full_set, Colour, Piece, PieceCounts};
use super::table::{LastAction, Post, Table};
use super::view::JunQiView;
use crate::game::{EndReason, Game, Outcome, ParseError, RuleError, Seat, Turn};
use crate::rule::GameId;
use rand::seq::SliceRandom;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// Jun Qi flip has no options yet; the type exists so saved games and rooms
/// carry the same shape as the other games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct JunQiOptions {}

/// A legal Jun Qi flip position. Serialized (for saves and the server) as a
/// [`super::JunQiSetup`], which includes the face-down identities: never send
/// it to a player; send [`Game::view`] instead.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "super::setup::JunQiSetup", into = "super::setup::JunQiSetup")]
pub struct JunQi {
    options: JunQiOptions,
    pub(super) table: Table,
    /// The identity of each face-down piece, `Some` exactly on the posts
    /// the table shows as [`Post::FaceDown`].
    pub(super) secret: [Option<Piece>; POSTS],
}

impl JunQi {
    /// J6: shuffles the 50 pieces face down onto the 50 non-camp posts and
    /// draws who moves first, all from `rng`.
    pub fn shuffled(options: JunQiOptions, rng: &mut dyn RngCore) -> JunQi {
        let mut pieces = full_set();
        pieces.shuffle(rng);
        let starter = if rng.next_u32() & 1 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let mut board = [Post::Empty; POSTS];
        let mut secret = [None; POSTS];
        let mut face_down = PieceCounts::default();
        for (square, piece) in board::setup_posts().zip(pieces) {
            board[square.index()] = Post::FaceDown;
            secret[square.index()] = Some(piece);
            face_down.add(piece);
        }
        JunQi {
            options,
            table: Table {
                board,
                to_move: starter,
                first_colour: None,
                last_reveal: [None; 2],
                quiet_plies: 0,
                plies: 0,
                fallen: PieceCounts::default(),
                face_down,
                last: None,
                outcome: None,
            },
            secret,
        }
    }

    /// Builds a game from a public table and identities for its face-down
    /// posts, checking that they agree (used by setups and determinization).
    pub(super) fn from_parts(
        options: JunQiOptions,
        table: Table,
        secret: [Option<Piece>; POSTS],
    ) -> Result<JunQi, RuleError> {
        let mut counted = PieceCounts::default();
        for square in Square::all() {
            match (table.post(square), secret[square.index()]) {
                (Post::FaceDown, Some(piece)) => counted.add(piece),
                (Post::FaceDown, None) => {
                    return Err(RuleError::new(
                        crate::rule::J21,
                        format!("the face-down piece on {square} has no identity"),
                    ))
                }
                (_, Some(_)) => {
                    return Err(RuleError::new(
                        crate::rule::J21,
                        format!("{square} is not face down but has a hidden identity"),
                    ))
                }
                (_, None) => {}
            }
        }
        if counted != table.face_down {
            return Err(RuleError::new(
                crate::rule::J21,
                "hidden identities do not match the face-down counts",
            ));
        }
        table.validate()?;
        Ok(JunQi { options, table, secret })
    }

    /// What stands on `square`, as everyone sees it.
    pub fn post(&self, square: Square) -> Post {
        self.table.post(square)
    }

    /// The colour `seat` holds, once decided (J8).
    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.table.colour_of(seat)
    }

    /// J19: plies in a row with no reveal and no combat (draw at [`crate::junqi::QUIET_LIMIT`]).
    pub fn quiet_plies(&self) -> u16 {
        self.table.quiet_plies
    }

    pub fn plies(&self) -> u32 {
        self.table.plies
    }

    pub fn last_action(&self) -> Option<&LastAction> {
        self.table.last.as_ref()
    }

    /// Pieces of each colour and kind removed in combat.
    pub fn fallen(&self) -> &PieceCounts {
        &self.table.fallen
    }

    /// Pieces of each colour and kind still face down (J21: public).
    pub fn face_down(&self) -> &PieceCounts {
        &self.table.face_down
    }

    /// J18: pieces of `colour` still able to move.
    pub fn movable_left(&self, colour: Colour) -> u32 {
        self.table.movable_left(colour)
    }

    /// J16: `colour`'s flag may be attacked now.
    pub fn flag_open(&self, colour: Colour) -> bool {
        self.table.flag_open(colour)
    }

    /// The hidden identity on `square`. For the authority (the room server,
    /// tests, a replay after the game); never derive a seat's view from it.
    pub fn hidden_piece(&self, square: Square) -> Option<Piece> {
        self.secret[square.index()]
    }

    /// J20 hook: `seat` resigns and the other seat wins.
    pub fn resign(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.concede(seat, EndReason::Resignation)
    }

    /// J20 hook: `seat` left an online game, which counts as a loss. (The
    /// 30-second clock and autoplay are the room server's business.)
    pub fn abandon(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.concede(seat, EndReason::Abandoned)
    }

    fn concede(&mut self, seat: Seat, reason: EndReason) -> Result<(), RuleError> {
        if let Some(outcome) = self.table.outcome {
            return Err(RuleError::new(
                crate::rule::J20,
                format!("the game is already over ({:?})", outcome.reason),
            ));
        }
        self.table.outcome = Some(Outcome::win(seat.other(), reason));
        Ok(())
    }
}

impl Game for JunQi {
    type Move = JunQiAction;
    type View = JunQiView;
    type Options = JunQiOptions;
    const GAME: GameId = GameId::Junqi;

    fn new(options: &JunQiOptions, rng: &mut dyn RngCore) -> Result<JunQi, RuleError> {
        Ok(JunQi::shuffled(*options, rng))
    }

    fn options(&self) -> &JunQiOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        if self.table.outcome.is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.table.to_move)
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<JunQiAction>) {
        self.table.legal_actions_into(out);
    }

    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    fn play(&mut self, action: &JunQiAction) -> Result<(), RuleError> {
        let combat = self.table.check(action)?;
        match *action {
            JunQiAction::Reveal(square) => {
                let piece = self.secret[square.index()]
                    .take()
                    .expect("a face-down post always has a hidden identity");
                self.table.apply_reveal(square, piece);
            }
            JunQiAction::Move { from, to } => self.table.apply_move(from, to, combat),
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }

    /// Both seats see the same public table (J21: a face-down identity is
    /// secret from everyone); the view also says whose it is.
    fn view(&self, seat: Seat) -> JunQiView {
        JunQiView::new(seat, self.table.clone())
    }

    fn format_move(&self, action: &JunQiAction) -> String {
        action.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<JunQiAction, ParseError> {
        text.parse()
    }
}
