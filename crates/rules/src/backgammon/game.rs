//! The game: whose turn, the dice, and the [`Game`] implementation.
//!
//! Seats and colours: [`Seat::First`] plays White, [`Seat::Second`] Black.
//! Absolute point numbers (used by [`BackgammonSetup`] and the board UI)
//! are Black's own numbers: Black moves from 24 down to 1 and White, who
//! moves from low absolute numbers to high (B2), has its own point `n` on
//! absolute point `25 - n`. Every move notation uses the mover's own
//! numbers (B1, B3), as gnubg does.
//!
//! Turn structure: chance and decisions alternate. A fresh game waits for
//! the opening roll ([`Turn::Chance`], B4); then the seat with the higher
//! die plays both dice as one [`BgMove::Play`]; then a [`BgMove::Roll`]
//! (chance again, B5) for the other seat, and so on. A roll with no legal
//! move leaves exactly one legal move, the pass (B10, B12).

use super::board::{Board, CHECKERS};
use super::checked::{diagnose, realisations};
use super::movegen::MoveGen;
use super::notation::{BgMove, Dice, Play};
use super::position_id;
pub use super::setup::BackgammonSetup;
use crate::game::{EndReason, Game, Outcome, ParseError, PublicGame, RuleError, Seat, Turn};
use crate::rule::GameId;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// Backgammon has no options: standard rules without the doubling cube.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BackgammonOptions {}

/// A legal backgammon position with the dice, if rolled. Build one with
/// [`Game::new`], from a [`BackgammonSetup`] (how it deserializes) or from a
/// gnubg Position ID.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BackgammonSetup", into = "BackgammonSetup")]
pub struct Backgammon {
    /// From the view of `to_move` (White before the opening roll; the loser
    /// once the game is over).
    board: Board,
    /// `None` until the opening roll has chosen who starts (B4).
    to_move: Option<Seat>,
    /// The roll `to_move` must play; `None` while a roll is due.
    dice: Option<Dice>,
    options: BackgammonOptions,
}

impl Backgammon {
    /// The starting position, waiting for the opening roll (B2, B4).
    pub fn start() -> Backgammon {
        Backgammon {
            board: Board::START,
            to_move: None,
            dice: None,
            options: BackgammonOptions {},
        }
    }

    /// A position with `seat` to move (and `dice` to play, or a roll due),
    /// its board from `seat`'s view. Refuses a finished game with dice.
    pub fn from_board(board: Board, seat: Seat, dice: Option<Dice>) -> Result<Backgammon, RuleError> {
        if board.my_off() == CHECKERS {
            return Err(RuleError::new(
                crate::rule::B16,
                "the side to move has already borne off all 15 checkers; the game ended on their own turn",
            ));
        }
        if board.their_off() == CHECKERS && dice.is_some() {
            return Err(RuleError::new(
                crate::rule::B16,
                "the game is over: no more dice are rolled",
            ));
        }
        Ok(Backgammon {
            board,
            to_move: Some(seat),
            dice,
            options: BackgammonOptions {},
        })
    }

    /// A position from gnubg's Position ID (player on roll = `seat`).
    pub fn from_position_id(id: &str, seat: Seat, dice: Option<Dice>) -> Result<Backgammon, RuleError> {
        Backgammon::from_board(position_id::decode(id)?, seat, dice)
    }

    /// gnubg's Position ID, seen by the side to move (White before the opening roll).
    pub fn position_id(&self) -> String {
        position_id::encode(&self.board)
    }

    /// The board from the view of [`Backgammon::board_seat`].
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whose view [`Backgammon::board`] is: the side to move, White before the opening.
    pub fn board_seat(&self) -> Seat {
        self.to_move.unwrap_or(Seat::First)
    }

    /// The seat on roll, once the opening roll is made.
    pub fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    /// The dice to play (`None` while a roll is due or the game is over).
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// `seat`'s checkers on absolute point 1–24 (see the module comment).
    pub fn checkers_at(&self, seat: Seat, absolute: u8) -> u8 {
        if !(1..=24).contains(&absolute) {
            return 0;
        }
        let mine = seat == self.board_seat();
        // The board seat's own point for this absolute point.
        let own = if self.board_seat() == Seat::Second {
            absolute as usize
        } else {
            25 - absolute as usize
        };
        let n = self.board.at(own);
        if mine {
            n.max(0) as u8
        } else {
            (-n).max(0) as u8
        }
    }

    pub fn bar(&self, seat: Seat) -> u8 {
        if seat == self.board_seat() {
            self.board.my_bar()
        } else {
            self.board.their_bar()
        }
    }

    pub fn off(&self, seat: Seat) -> u8 {
        if seat == self.board_seat() {
            self.board.my_off()
        } else {
            self.board.their_off()
        }
    }

    /// Every legal play of the current roll with the position it leads to
    /// (mover's view, before the turn passes). Empty when a pass is forced,
    /// a roll is due or the game is over.
    pub fn legal_plays(&self) -> Vec<(Board, Play)> {
        match (self.dice, self.outcome()) {
            (Some(dice), None) => MoveGen::new()
                .generate(&self.board, dice)
                .iter()
                .map(|(board, play)| (*board, play.canonical()))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// B16–B18, seen when the side that just moved (the opponent of
    /// `to_move`) has borne everything off.
    fn result(&self) -> Option<Outcome> {
        let seat = self.to_move?;
        if self.board.their_off() != CHECKERS {
            return None;
        }
        let loser = &self.board;
        let points = if loser.my_off() > 0 {
            1
        } else if loser.my_bar() > 0 || (19..=24).any(|p| loser.at(p) > 0) {
            // The winner's home board is the loser's 19–24 (B18).
            3
        } else {
            2
        };
        Some(Outcome {
            winner: Some(seat.other()),
            points,
            reason: EndReason::BoreOff,
        })
    }

    /// Ends the turn: the board turns to the opponent, whose roll is due.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    fn finish_turn(&mut self, after: Board) {
        let seat = self.to_move.expect("a play happens after the opening roll");
        self.board = after.flip();
        self.to_move = Some(seat.other());
        self.dice = None;
    }

    fn check_chance(&self, mv: &BgMove) -> Result<(), RuleError> {
        if self.result().is_some() {
            return Err(RuleError::new(crate::rule::B16, "the game is over"));
        }
        match (mv, self.to_move, self.dice) {
            (BgMove::Opening { white, black }, None, _) => {
                if !(1..=6).contains(white) || !(1..=6).contains(black) {
                    Err(RuleError::new(crate::rule::B4, "each opening die shows 1–6"))
                } else if white == black {
                    Err(RuleError::new(crate::rule::B4, "equal opening dice are rolled again"))
                } else {
                    Ok(())
                }
            }
            (BgMove::Opening { .. }, Some(_), _) => Err(RuleError::new(
                crate::rule::B4,
                "the opening roll has already been made",
            )),
            (BgMove::Roll(_), None, _) => Err(RuleError::new(
                crate::rule::B4,
                "the game starts with the opening roll, one die each",
            )),
            (BgMove::Roll(dice), Some(_), None) => {
                if Dice::new(dice.high, dice.low) == Some(*dice) {
                    Ok(())
                } else {
                    Err(RuleError::new(crate::rule::B5, "dice show 1–6, written high die first"))
                }
            }
            (BgMove::Roll(_), Some(_), Some(_)) => Err(RuleError::new(
                crate::rule::B5,
                "the dice are already rolled; a player rolls only after the opponent has finished",
            )),
            (BgMove::Play(_), _, _) => unreachable!("plays are checked elsewhere"),
        }
    }

    /// The position a written play leads to (mover's view), or the rule it breaks.
    fn resolve(&self, play: &Play) -> Result<Board, RuleError> {
        if self.result().is_some() {
            return Err(RuleError::new(crate::rule::B16, "the game is over"));
        }
        let Some(dice) = self.dice else {
            let rule = if self.to_move.is_none() {
                crate::rule::B4
            } else {
                crate::rule::B5
            };
            return Err(RuleError::new(rule, "roll the dice before moving"));
        };
        let mut gen = MoveGen::new();
        let legal = gen.generate(&self.board, dice);
        if play.is_pass() {
            return if legal.is_empty() {
                Ok(self.board)
            } else {
                Err(RuleError::new(
                    crate::rule::B12,
                    format!(
                        "a legal move exists with {dice} (e.g. {}); you may not pass",
                        legal[0].1
                    ),
                ))
            };
        }
        if legal.is_empty() {
            let rule = if self.board.my_bar() > 0 {
                crate::rule::B10
            } else {
                crate::rule::B12
            };
            return Err(RuleError::new(
                rule,
                format!("no checker can move with {dice}: the turn is passed"),
            ));
        }
        let mut options = realisations(&self.board, dice, play);
        options.sort_by_key(|o| o.1);
        options
            .iter()
            .find(|(after, _)| legal.iter().any(|(b, _)| b == after))
            .map(|(after, _)| *after)
            .ok_or_else(|| diagnose(&self.board, dice, play, !options.is_empty()))
    }
}

impl Game for Backgammon {
    type Move = BgMove;
    type View = Backgammon;
    type Options = BackgammonOptions;
    const GAME: GameId = GameId::Backgammon;

    fn new(_options: &BackgammonOptions, _rng: &mut dyn RngCore) -> Result<Backgammon, RuleError> {
        Ok(Backgammon::start())
    }

    fn options(&self) -> &BackgammonOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        if self.result().is_some() {
            return Turn::Over;
        }
        match (self.to_move, self.dice) {
            (Some(seat), Some(_)) => Turn::Seat(seat),
            _ => Turn::Chance,
        }
    }

    /// The distinct plays of the roll in gnubg's canonical form, one per
    /// resulting position; just the pass when nothing can move.
    fn legal_moves_into(&self, out: &mut Vec<BgMove>) {
        if self.turn() == Turn::Over {
            return;
        }
        if let (Some(_), Some(dice)) = (self.to_move, self.dice) {
            let mut gen = MoveGen::new();
            let plays = gen.generate(&self.board, dice);
            if plays.is_empty() {
                out.push(BgMove::Play(Play::PASS));
            } else {
                out.extend(plays.iter().map(|(_, play)| BgMove::Play(play.canonical())));
            }
        }
    }

    /// The generated play that leads where `mv` leads, written as gnubg
    /// writes it: its hit marks are the ones the board makes.
    fn canonical_move(&self, mv: &BgMove) -> BgMove {
        let (BgMove::Play(play), Some(dice)) = (mv, self.dice) else {
            return *mv;
        };
        if play.is_pass() {
            return *mv;
        }
        let Ok(after) = self.resolve(play) else {
            return *mv;
        };
        MoveGen::new()
            .generate(&self.board, dice)
            .iter()
            .find(|(board, _)| *board == after)
            .map_or(*mv, |(_, play)| BgMove::Play(play.canonical()))
    }

    fn play(&mut self, mv: &BgMove) -> Result<(), RuleError> {
        match mv {
            BgMove::Play(play) => {
                let after = self.resolve(play)?;
                self.finish_turn(after);
            }
            chance => {
                self.check_chance(chance)?;
                self.play_unchecked(chance);
            }
        }
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &BgMove) {
        match *mv {
            BgMove::Opening { white, black } => {
                // The higher die starts and plays both numbers (B4).
                let seat = if white > black { Seat::First } else { Seat::Second };
                if seat == Seat::Second {
                    self.board = self.board.flip();
                }
                self.to_move = Some(seat);
                self.dice = Dice::new(white, black);
            }
            BgMove::Roll(dice) => self.dice = Some(dice),
            BgMove::Play(play) => {
                // Legs of a legal play land where they say and what they hit
                // is the board's business, so walking them gives the result.
                // A leg leaving a point a checker only reaches by another leg
                // waits for that leg (`20/16 24/20*` as written by a user).
                let mut after = self.board;
                let mut pending: Vec<_> = play.legs().to_vec();
                while !pending.is_empty() {
                    let Some(i) = pending.iter().position(|l| after.at(l.from as usize) > 0) else {
                        // Not a legal play after all: let the checked path say why.
                        if let Err(e) = self.play(mv) {
                            panic!("play_unchecked given an illegal move {mv}: {e}");
                        }
                        return;
                    };
                    let leg = pending.remove(i);
                    after.apply_step(leg.from as usize, leg.to as usize);
                }
                self.finish_turn(after);
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    /// Nothing is hidden: the dice exist only once rolled.
    fn view(&self, _seat: Seat) -> Backgammon {
        self.clone()
    }

    /// The opening: the 30 unequal ordered pairs (White's die, Black's die),
    /// 1/30 each — rolling again on equal dice (B4) gives exactly this
    /// distribution, so rerolls are folded in. Later rolls: the 21 distinct
    /// rolls, doubles 1/36 and the others 2/36 (B5).
    fn chance_outcomes(&self) -> Vec<(BgMove, f64)> {
        if self.turn() != Turn::Chance {
            return Vec::new();
        }
        if self.to_move.is_none() {
            (1..=6u8)
                .flat_map(|white| (1..=6u8).map(move |black| (white, black)))
                .filter(|(w, b)| w != b)
                .map(|(white, black)| (BgMove::Opening { white, black }, 1.0 / 30.0))
                .collect()
        } else {
            Dice::all_rolls().map(|(dice, p)| (BgMove::Roll(dice), p)).collect()
        }
    }

    fn format_move(&self, mv: &BgMove) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<BgMove, ParseError> {
        text.parse()
    }
}

/// Nothing is hidden once rolled; the next dice are not known to anyone.
impl PublicGame for Backgammon {
    /// The roll that starts a turn is the mover's to ask for; either seat
    /// may set off the opening roll (B4), which decides who starts.
    fn may_trigger_chance(&self, seat: Seat) -> bool {
        self.to_move.is_none_or(|mover| mover == seat)
    }
}
