//! `JunQiOnline`: what a tap on the Jun Qi board means in an online game.
//!
//! The client never holds the hidden layout (J21), so it cannot replay the
//! game: it shows the seat's view the room server sent and drives taps
//! from the server's list of legal moves alone. A tap either changes the
//! selection or yields the notation of one of those moves to send; the
//! server plays it and sends the next snapshot.

use crate::controllers::hex::Player;
use crate::i18n::key;
use papan_rules::junqi::{Colour, JunQiAction, JunQiView, Kind, Post, Square};
use papan_rules::{EndReason, Outcome, Seat};

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineTap {
    /// An own piece is now selected; its destinations are highlighted.
    Selected(Square),
    /// The selection was dropped.
    Deselected,
    /// Send this move (the server's own notation: `flip c3`, `a3-a4`).
    Send(String),
    /// Nothing changed; the Fluent key of a short reason for a toast.
    Ignored(&'static str),
}

/// One snapshot of an online Jun Qi game from one seat, plus the selection.
#[derive(Clone, Debug, PartialEq)]
pub struct JunQiOnline {
    view: JunQiView,
    seat: Seat,
    /// The server's legal moves: parsed, with the text to send back.
    legal: Vec<(JunQiAction, String)>,
    outcome: Option<Outcome>,
    selected: Option<Square>,
}

impl JunQiOnline {
    /// Reads a snapshot: `view_json` is the seat's view as the server sends
    /// it (`{"game": <JunQiView>, "verdict": <Outcome or null>}`), `legal_moves`
    /// the seat's legal moves in notation (empty when it is not its turn)
    /// and `outcome` the server's result once over. Each legal move must be
    /// legal on the view; anything malformed is refused with a message.
    pub fn new(
        view_json: &serde_json::Value,
        seat: Seat,
        legal_moves: &[String],
        outcome: Option<Outcome>,
    ) -> Result<JunQiOnline, String> {
        let game = view_json
            .get("game")
            .ok_or("the view has no `game` (expected {\"game\": …, \"verdict\": …})")?;
        let view: JunQiView =
            serde_json::from_value(game.clone()).map_err(|e| format!("the view cannot be read: {e}"))?;
        let verdict: Option<Outcome> = match view_json.get("verdict") {
            None => None,
            Some(v) => serde_json::from_value(v.clone()).map_err(|e| format!("the verdict cannot be read: {e}"))?,
        };
        if view.seat() != seat {
            return Err(format!("the view belongs to {:?}, not {seat:?}", view.seat()));
        }
        let mut legal = Vec::with_capacity(legal_moves.len());
        for (index, text) in legal_moves.iter().enumerate() {
            let action: JunQiAction = text
                .parse()
                .map_err(|e: papan_rules::ParseError| format!("legal move {index} `{text}`: {}", e.message))?;
            view.check(&action)
                .map_err(|e| format!("legal move {index} `{text}`: {} {}", e.rule, e.message))?;
            legal.push((action, text.clone()));
        }
        let verdict = super::off_board_verdict(view.outcome(), outcome.or(verdict))?;
        Ok(JunQiOnline {
            outcome: view.outcome().or(verdict),
            view,
            seat,
            legal,
            selected: None,
        })
    }

    /// The seat's view: what the board and the statistics panel show.
    pub fn view(&self) -> &JunQiView {
        &self.view
    }

    /// The seat of the person holding this device.
    pub fn local_seat(&self) -> Seat {
        self.seat
    }

    /// Local person and remote opponent, by seat (for labels shared with
    /// the offline screen).
    pub fn players(&self) -> [Player; 2] {
        super::online_players(self.seat)
    }

    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The plies played so far.
    pub fn ply(&self) -> usize {
        self.view.plies() as usize
    }

    /// The legal moves the server sent, in its notation.
    pub fn legal_moves(&self) -> impl Iterator<Item = &str> {
        self.legal.iter().map(|(_, text)| text.as_str())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The seat to move; `None` once over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        self.view.to_move()
    }

    /// This device is to move.
    pub fn is_my_turn(&self) -> bool {
        self.seat_to_move() == Some(self.seat)
    }

    /// The seat that moved first (J6), worked out from the ply count.
    pub fn first_mover(&self) -> Option<Seat> {
        let odd = self.view.plies() % 2 == 1;
        match (self.view.last_action(), self.view.to_move()) {
            (Some(last), _) => Some(if odd { last.seat } else { last.seat.other() }),
            (None, Some(to_move)) => Some(to_move),
            (None, None) => None,
        }
    }

    /// The kind shown on `square`, if revealed.
    pub fn revealed_kind(&self, square: Square) -> Option<(Colour, Kind)> {
        match self.view.post(square) {
            Post::Revealed { colour, piece } => Some((colour, piece)),
            _ => None,
        }
    }

    fn moves(&self) -> impl Iterator<Item = (Square, Square, &str)> {
        self.legal.iter().filter_map(|(action, text)| match *action {
            JunQiAction::Move { from, to } => Some((from, to, text.as_str())),
            JunQiAction::Reveal(_) => None,
        })
    }

    fn reveal_text(&self, square: Square) -> Option<&str> {
        self.legal.iter().find_map(|(action, text)| match *action {
            JunQiAction::Reveal(s) if s == square => Some(text.as_str()),
            _ => None,
        })
    }

    fn move_text(&self, from: Square, to: Square) -> Option<&str> {
        self.moves()
            .find(|&(f, t, _)| f == from && t == to)
            .map(|(_, _, text)| text)
    }

    /// Own revealed pieces with at least one legal move now.
    pub fn movable(&self) -> Vec<Square> {
        if !self.is_my_turn() {
            return Vec::new();
        }
        let mut out: Vec<Square> = self.moves().map(|(from, _, _)| from).collect();
        out.sort();
        out.dedup();
        out
    }

    /// Legal destinations of the selected piece (road, rail and attacks).
    pub fn targets(&self) -> Vec<Square> {
        match self.selected {
            Some(from) if self.is_my_turn() => self
                .moves()
                .filter(|&(f, _, _)| f == from)
                .map(|(_, to, _)| to)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// What a tap on `square` does: select an own movable piece, send the
    /// move to a highlighted target or the reveal of a face-down post, or
    /// drop the selection. Only the selection ever changes here.
    pub fn tap(&mut self, square: Square) -> OnlineTap {
        if self.is_over() {
            return OnlineTap::Ignored(key("toast-game-over"));
        }
        if !self.is_my_turn() {
            return OnlineTap::Ignored(key("toast-wait-opponent"));
        }
        if let Some(from) = self.selected {
            if from == square {
                self.selected = None;
                return OnlineTap::Deselected;
            }
            if let Some(text) = self.move_text(from, square) {
                return self.send(text.to_string());
            }
        }
        // A face-down piece is never a destination (J12): the tap means
        // "reveal this one", with or without a selection.
        if let Some(text) = self.reveal_text(square) {
            return self.send(text.to_string());
        }
        if self.movable().contains(&square) {
            self.selected = Some(square);
            return OnlineTap::Selected(square);
        }
        if self.selected.take().is_some() {
            return OnlineTap::Deselected;
        }
        OnlineTap::Ignored(self.why_not(square))
    }

    fn send(&mut self, text: String) -> OnlineTap {
        self.selected = None;
        OnlineTap::Send(text)
    }

    /// The toast for a tap that neither selects nor sends anything.
    fn why_not(&self, square: Square) -> &'static str {
        match self.view.post(square) {
            Post::Empty => key("junqi-toast-empty"),
            Post::FaceDown => key("toast-illegal"),
            Post::Revealed { colour, piece } => match self.view.my_colour() {
                None => key("junqi-rule-J8"),
                Some(mine) if mine != colour => key("junqi-toast-not-yours"),
                Some(_) if !piece.is_movable() => key("junqi-rule-J11"),
                Some(_) => key("junqi-toast-blocked"),
            },
        }
    }

    /// Drops the selection (a tap outside the board).
    pub fn clear_selection(&mut self) {
        self.selected = None;
    }

    /// `human` (this device won), `remote` (the other device won) or `none`
    /// (a draw), once over.
    pub fn winner_kind(&self) -> Option<&'static str> {
        self.outcome.map(|o| super::online_winner_kind(o, self.seat))
    }

    /// Fluent keys for the result banner: (headline, reason).
    pub fn result_keys(&self) -> Option<(&'static str, &'static str)> {
        let outcome = self.outcome?;
        let headline = super::online_headline(outcome, self.seat, key("junqi-result-you-win"));
        let reason = super::online_verdict_reason(outcome, self.seat).unwrap_or(match outcome.reason {
            EndReason::FlagCaptured => key("junqi-reason-flag"),
            EndReason::NoLegalAction => key("junqi-reason-no-action"),
            EndReason::NoMovablePiece if outcome.winner.is_none() => key("junqi-reason-both-stuck"),
            EndReason::NoMovablePiece => key("junqi-reason-no-movable"),
            _ => key("junqi-reason-quiet"),
        });
        Some((headline, reason))
    }
}
