//! The public position: everything both seats may know (J21), and every
//! rule that can be decided from it alone.
//!
//! Legality in Jun Qi flip never depends on a face-down identity: a reveal
//! is legal on any face-down post, and moves only concern revealed pieces
//! and public counts (J16's mines). So move generation and checking live
//! here, shared by the full game and by a seat's view.

use super::action::JunQiAction;
use super::board::{self, Square, SquareSet, POSTS};
use super::piece::{clash, Clash, Colour, Kind, Piece, PieceCounts};
use crate::game::{EndReason, Outcome, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// J19: plies without a reveal or a combat that make a draw.
pub const QUIET_LIMIT: u16 = 60;

/// What stands on a post, as anyone may see it. A face-down piece carries
/// no identity: the type cannot hold one (J21).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Post {
    Empty,
    FaceDown,
    Revealed { colour: Colour, piece: Kind },
}

impl Post {
    pub fn revealed(piece: Piece) -> Post {
        Post::Revealed {
            colour: piece.colour,
            piece: piece.kind,
        }
    }

    /// The revealed piece here, if any.
    pub fn piece(self) -> Option<Piece> {
        match self {
            Post::Revealed { colour, piece } => Some(Piece::new(colour, piece)),
            _ => None,
        }
    }
}

/// The last action, with what it made public: the piece a reveal showed
/// and the pieces a combat removed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastAction {
    pub seat: Seat,
    pub action: JunQiAction,
    pub revealed: Option<Piece>,
    pub removed: Vec<Piece>,
}

/// The public position. Both [`super::JunQi`] and [`super::JunQiView`]
/// hold one; only `JunQi` adds the secret identities beside it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Table {
    pub(super) board: [Post; POSTS],
    pub(super) to_move: Seat,
    /// J8: the colour held by [`Seat::First`], once decided.
    pub(super) first_colour: Option<Colour>,
    /// J8: the colour each seat revealed on its previous turn, until decided.
    pub(super) last_reveal: [Option<Colour>; 2],
    /// J19: consecutive plies with no reveal and no combat.
    pub(super) quiet_plies: u16,
    pub(super) plies: u32,
    pub(super) fallen: PieceCounts,
    pub(super) face_down: PieceCounts,
    pub(super) last: Option<LastAction>,
    pub(super) outcome: Option<Outcome>,
}

impl Table {
    pub(super) fn post(&self, square: Square) -> Post {
        self.board[square.index()]
    }

    pub(super) fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.first_colour
            .map(|c| if seat == Seat::First { c } else { c.other() })
    }

    pub(super) fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.first_colour
            .map(|c| if c == colour { Seat::First } else { Seat::Second })
    }

    pub(super) fn face_down_total(&self) -> u32 {
        self.face_down.total(Colour::Red) + self.face_down.total(Colour::Blue)
    }

    /// J16: `colour`'s flag may be attacked.
    pub(super) fn flag_open(&self, colour: Colour) -> bool {
        self.fallen.get(colour, Kind::Mine) == Kind::Mine.count() && self.face_down_total() == 0
    }

    /// J18: pieces of `colour` still able to move, revealed or face down.
    /// Public: flags and mines never move (J11), and everything else that
    /// is gone is counted among the fallen.
    pub(super) fn movable_left(&self, colour: Colour) -> u32 {
        Kind::ALL
            .into_iter()
            .filter(|k| k.is_movable())
            .map(|k| (k.count() - self.fallen.get(colour, k)) as u32)
            .sum()
    }

    pub(super) fn over_error(&self, outcome: &Outcome) -> RuleError {
        let rule = match outcome.reason {
            EndReason::FlagCaptured => crate::rule::J17,
            EndReason::NoLegalAction | EndReason::NoMovablePiece => crate::rule::J18,
            EndReason::QuietDraw => crate::rule::J19,
            _ => crate::rule::J20,
        };
        RuleError::new(rule, format!("the game is over ({:?})", outcome.reason))
    }

    /// Checks `action` for the seat to move. For a move, returns the combat
    /// it starts, if any.
    pub(super) fn check(&self, action: &JunQiAction) -> Result<Option<Clash>, RuleError> {
        if let Some(outcome) = &self.outcome {
            return Err(self.over_error(outcome));
        }
        match *action {
            JunQiAction::Reveal(square) => match self.post(square) {
                Post::FaceDown => Ok(None),
                Post::Empty => Err(RuleError::new(
                    crate::rule::J7,
                    format!("there is no piece on {square} to reveal"),
                )),
                Post::Revealed { .. } => Err(RuleError::new(
                    crate::rule::J7,
                    format!("the piece on {square} is already revealed"),
                )),
            },
            JunQiAction::Move { from, to } => self.check_move(from, to),
        }
    }

    fn check_move(&self, from: Square, to: Square) -> Result<Option<Clash>, RuleError> {
        let Some(colour) = self.colour_of(self.to_move) else {
            return Err(RuleError::new(
                crate::rule::J8,
                "until someone has revealed the same colour twice in a row, only reveals are allowed",
            ));
        };
        let kind = match self.post(from) {
            Post::Empty => return Err(RuleError::new(crate::rule::J7, format!("there is no piece on {from}"))),
            Post::FaceDown => {
                return Err(RuleError::new(
                    crate::rule::J7,
                    format!("the piece on {from} is face down: reveal it (`flip {from}`) instead"),
                ))
            }
            Post::Revealed { colour: c, .. } if c != colour => {
                return Err(RuleError::new(
                    crate::rule::J7,
                    format!("the piece on {from} is {c:?}; you hold {colour:?}"),
                ))
            }
            Post::Revealed { piece, .. } => piece,
        };
        if !kind.is_movable() {
            return Err(RuleError::new(crate::rule::J11, format!("a {kind} never moves")));
        }
        if from == to {
            return Err(RuleError::new(crate::rule::J9, "a move must leave its post"));
        }
        self.check_path(kind, from, to)?;
        self.check_target(colour, kind, to)
    }

    /// J9, J10: `to` can be reached from `from` by road or rail, ignoring
    /// what stands on `to` itself.
    fn check_path(&self, kind: Kind, from: Square, to: Square) -> Result<(), RuleError> {
        if board::is_road(from, to) {
            return Ok(());
        }
        if !(from.is_rail() && to.is_rail()) {
            return Err(RuleError::new(
                crate::rule::J9,
                format!("{to} is not one road step from {from}, and they are not both on the railway"),
            ));
        }
        match self.straight_run(from, to) {
            Some(Ok(())) => return Ok(()),
            Some(Err(blocker)) if kind != Kind::Engineer => {
                return Err(RuleError::new(
                    crate::rule::J10,
                    format!("the railway from {from} to {to} is blocked at {blocker}: no piece passes over another"),
                ))
            }
            _ => {}
        }
        if kind == Kind::Engineer {
            let (empty, hits) = self.engineer_run(from);
            if empty.contains(to) || hits.contains(to) {
                Ok(())
            } else {
                Err(RuleError::new(
                    crate::rule::J10,
                    format!("no railway path from {from} to {to} runs through empty posts only"),
                ))
            }
        } else if from.file() == to.file() && from.rank().abs_diff(to.rank()) == 1 {
            // The only orthogonal neighbours without a road: b6–b7, d6–d7.
            Err(RuleError::new(
                crate::rule::J9,
                format!("no road crosses the mountains between {from} and {to} (J3)"),
            ))
        } else {
            Err(RuleError::new(
                crate::rule::J10,
                format!("{from} and {to} are not on one straight railway line: only an Engineer may turn corners"),
            ))
        }
    }

    /// J10: if `from` and `to` share a straight railway line, whether the
    /// posts strictly between them are empty (`Err` names the first blocker).
    fn straight_run(&self, from: Square, to: Square) -> Option<Result<(), Square>> {
        for line in board::rail_lines() {
            let (Some(a), Some(b)) = (line.iter().position(|&s| s == from), line.iter().position(|&s| s == to)) else {
                continue;
            };
            let between = if a < b { &line[a + 1..b] } else { &line[b + 1..a] };
            // Walk from `from` so the blocker named is the one met first.
            let first = if a < b {
                between.iter().find(|&&s| self.post(s) != Post::Empty)
            } else {
                between.iter().rev().find(|&&s| self.post(s) != Post::Empty)
            };
            return Some(match first.copied() {
                Some(blocker) => Err(blocker),
                None => Ok(()),
            });
        }
        None
    }

    /// J10: where an Engineer on `from` can go by rail: the empty posts it
    /// can reach through empty posts, and the occupied posts at the end of
    /// such a path (candidates for an attack).
    fn engineer_run(&self, from: Square) -> (SquareSet, SquareSet) {
        let mut empty = SquareSet::EMPTY;
        let mut hits = SquareSet::EMPTY;
        let mut stack = vec![from];
        let mut seen = SquareSet::EMPTY;
        seen.insert(from);
        while let Some(at) = stack.pop() {
            for next in board::rail_neighbours(at).iter() {
                if seen.contains(next) {
                    continue;
                }
                seen.insert(next);
                if self.post(next) == Post::Empty {
                    empty.insert(next);
                    stack.push(next);
                } else {
                    hits.insert(next);
                }
            }
        }
        (empty, hits)
    }

    /// J9, J12–J16: what happens when a `kind` of `colour` arrives on `to`.
    fn check_target(&self, colour: Colour, kind: Kind, to: Square) -> Result<Option<Clash>, RuleError> {
        match self.post(to) {
            Post::Empty => Ok(None),
            Post::FaceDown => Err(RuleError::new(
                crate::rule::J12,
                format!("the piece on {to} is face down: face-down pieces cannot be attacked or entered"),
            )),
            Post::Revealed { colour: c, .. } if c == colour => Err(RuleError::new(
                crate::rule::J9,
                format!("{to} holds one of your own pieces"),
            )),
            Post::Revealed { piece: defender, .. } => {
                if to.is_camp() {
                    return Err(RuleError::new(
                        crate::rule::J12,
                        format!("the {defender} on {to} stands in a camp, where it cannot be attacked"),
                    ));
                }
                clash(kind, defender, self.flag_open(colour.other())).map(Some)
            }
        }
    }

    /// Every post the revealed `kind` of `colour` on `from` may move to.
    fn destinations(&self, colour: Colour, kind: Kind, from: Square) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        let consider = |out: &mut SquareSet, to: Square| {
            if self.check_target(colour, kind, to).is_ok() {
                out.insert(to);
            }
        };
        for to in board::road_neighbours(from).iter() {
            consider(&mut out, to);
        }
        if !from.is_rail() {
            return out;
        }
        if kind == Kind::Engineer {
            let (empty, hits) = self.engineer_run(from);
            out.0 |= empty.0;
            for to in hits.iter() {
                consider(&mut out, to);
            }
            return out;
        }
        for line in board::rail_lines() {
            let Some(at) = line.iter().position(|&s| s == from) else {
                continue;
            };
            let mut walk = |run: &mut dyn Iterator<Item = &Square>| {
                for &to in run {
                    if self.post(to) == Post::Empty {
                        out.insert(to);
                    } else {
                        consider(&mut out, to);
                        break;
                    }
                }
            };
            walk(&mut line[at + 1..].iter());
            walk(&mut line[..at].iter().rev());
        }
        out
    }

    /// The seat to move's own movable revealed pieces (empty before J8).
    fn movers(&self) -> impl Iterator<Item = (Square, Colour, Kind)> + '_ {
        let colour = self.colour_of(self.to_move);
        Square::all().filter_map(move |square| match (self.post(square), colour) {
            (Post::Revealed { colour: c, piece }, Some(own)) if c == own && piece.is_movable() => {
                Some((square, c, piece))
            }
            _ => None,
        })
    }

    pub(super) fn legal_actions_into(&self, out: &mut Vec<JunQiAction>) {
        if self.outcome.is_some() {
            return;
        }
        out.extend(
            Square::all()
                .filter(|&s| self.post(s) == Post::FaceDown)
                .map(JunQiAction::Reveal),
        );
        for (from, colour, kind) in self.movers() {
            out.extend(
                self.destinations(colour, kind, from)
                    .iter()
                    .map(|to| JunQiAction::Move { from, to }),
            );
        }
    }

    fn has_legal_action(&self) -> bool {
        self.face_down_total() > 0
            || self
                .movers()
                .any(|(from, colour, kind)| !self.destinations(colour, kind, from).is_empty())
    }

    /// Applies a checked reveal of `piece` on `square` (J7, J8).
    pub(super) fn apply_reveal(&mut self, square: Square, piece: Piece) {
        let seat = self.to_move;
        self.board[square.index()] = Post::revealed(piece);
        self.face_down.remove(piece);
        if self.first_colour.is_none() {
            if self.last_reveal[seat.index()] == Some(piece.colour) {
                // J8: the same colour twice in a row on this seat's turns.
                self.first_colour = Some(match seat {
                    Seat::First => piece.colour,
                    Seat::Second => piece.colour.other(),
                });
                self.last_reveal = [None; 2];
            } else {
                self.last_reveal[seat.index()] = Some(piece.colour);
            }
        }
        self.quiet_plies = 0;
        self.last = Some(LastAction {
            seat,
            action: JunQiAction::Reveal(square),
            revealed: Some(piece),
            removed: Vec::new(),
        });
        self.finish_ply();
    }

    /// Applies a checked move and the combat `check` found (J9–J16).
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    pub(super) fn apply_move(&mut self, from: Square, to: Square, combat: Option<Clash>) {
        let attacker = self
            .post(from)
            .piece()
            .expect("a checked move starts on a revealed piece");
        let defender = self.post(to).piece();
        self.board[from.index()] = Post::Empty;
        let mut removed = Vec::new();
        match (combat, defender) {
            (Some(Clash::AttackerTakes), Some(defender)) => {
                removed.push(defender);
                self.board[to.index()] = Post::revealed(attacker);
            }
            (Some(Clash::BothRemoved), Some(defender)) => {
                removed.extend([defender, attacker]);
                self.board[to.index()] = Post::Empty;
            }
            _ => self.board[to.index()] = Post::revealed(attacker),
        }
        for &piece in &removed {
            self.fallen.add(piece);
        }
        self.quiet_plies = if removed.is_empty() { self.quiet_plies + 1 } else { 0 };
        self.last = Some(LastAction {
            seat: self.to_move,
            action: JunQiAction::Move { from, to },
            revealed: None,
            removed,
        });
        self.finish_ply();
    }

    fn finish_ply(&mut self) {
        self.plies += 1;
        self.to_move = self.to_move.other();
        self.outcome = self.end_reached();
    }

    /// J17–J19: whether the position (with the next seat to move) is over.
    pub(super) fn end_reached(&self) -> Option<Outcome> {
        // J17: a fallen flag was taken by the other colour.
        for colour in Colour::BOTH {
            if self.fallen.get(colour, Kind::Flag) > 0 {
                let winner = self.seat_of(colour.other()).unwrap_or(self.to_move.other());
                return Some(Outcome::win(winner, EndReason::FlagCaptured));
            }
        }
        // J18: a colour with no piece able to move loses at once. Both at
        // once (a last bomb meeting a last piece) is not covered by the page;
        // we call it a draw.
        if let Some(first) = self.first_colour {
            match (self.movable_left(first) == 0, self.movable_left(first.other()) == 0) {
                (true, true) => return Some(Outcome::draw(EndReason::NoMovablePiece)),
                (true, false) => return Some(Outcome::win(Seat::Second, EndReason::NoMovablePiece)),
                (false, true) => return Some(Outcome::win(Seat::First, EndReason::NoMovablePiece)),
                (false, false) => {}
            }
        }
        if self.quiet_plies >= QUIET_LIMIT {
            return Some(Outcome::draw(EndReason::QuietDraw));
        }
        if !self.has_legal_action() {
            return Some(Outcome::win(self.to_move.other(), EndReason::NoLegalAction));
        }
        None
    }

    /// Consistency of a public position read from outside (a saved game or
    /// a view sent over the network).
    pub(super) fn validate(&self) -> Result<(), RuleError> {
        let mut on_board = PieceCounts::default();
        let mut face_down_posts = 0u32;
        for post in self.board {
            match post {
                Post::Revealed { colour, piece } => on_board.add(Piece::new(colour, piece)),
                Post::FaceDown => face_down_posts += 1,
                Post::Empty => {}
            }
        }
        for colour in Colour::BOTH {
            for kind in Kind::ALL {
                let seen = on_board.get(colour, kind) as u32
                    + self.fallen.get(colour, kind) as u32
                    + self.face_down.get(colour, kind) as u32;
                if seen != kind.count() as u32 {
                    return Err(RuleError::new(
                        crate::rule::J5,
                        format!(
                            "{colour:?} {kind}: {seen} counted (revealed, fallen, face down) but each colour has {}",
                            kind.count()
                        ),
                    ));
                }
            }
        }
        if face_down_posts != self.face_down_total() {
            return Err(RuleError::new(
                crate::rule::J21,
                format!(
                    "{face_down_posts} face-down posts but {} pieces counted face down",
                    self.face_down_total()
                ),
            ));
        }
        if self.first_colour.is_none() {
            if self.fallen.total(Colour::Red) + self.fallen.total(Colour::Blue) > 0 {
                return Err(RuleError::new(
                    crate::rule::J8,
                    "no piece can have fallen before colours are decided",
                ));
            }
            if self.quiet_plies > 0 {
                return Err(RuleError::new(
                    crate::rule::J8,
                    "before colours are decided every ply is a reveal",
                ));
            }
        } else if self.last_reveal != [None; 2] {
            return Err(RuleError::new(
                crate::rule::J8,
                "colours are decided, so no reveal streak is tracked",
            ));
        }
        if self.quiet_plies > QUIET_LIMIT {
            return Err(RuleError::new(
                crate::rule::J19,
                format!("at most {QUIET_LIMIT} quiet plies can pass"),
            ));
        }
        match (&self.outcome, self.end_reached()) {
            (None, Some(end)) => Err(RuleError::new(
                crate::rule::J17,
                format!("this position is over ({:?}) but no outcome is recorded", end.reason),
            )),
            (Some(recorded), Some(end)) if recorded != &end => Err(RuleError::new(
                crate::rule::J17,
                format!("recorded outcome {recorded:?} does not match the position ({end:?})"),
            )),
            _ => Ok(()),
        }
    }
}
