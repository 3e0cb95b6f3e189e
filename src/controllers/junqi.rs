//! `JunQiController`: what a tap on the Jun Qi flip board means.
//!
//! It holds the game record and the full game it leads to (the only place
//! the hidden layout lives in the app), who plays each seat and the piece
//! the person has selected. Screens never see the full game: they render
//! [`JunQiController::view`], a seat's view, whose face-down posts carry no
//! identity (J21). Every action goes through the rules' checked `play`; a
//! refused action comes back with the rule id, so the screen can explain it
//! in the person's language.

use crate::controllers::hex::{mix, Player};
use crate::i18n::key;
use papan_bots::{Level, Thinker};
use papan_rules::junqi::{Colour, JunQi, JunQiAction, JunQiOptions, JunQiView, Kind, Post, Square};
use papan_rules::{EndReason, Game, Outcome, Record, RuleError, Seat, Turn};
use serde::{Deserialize, Serialize};

/// The version written into save files.
pub const SAVE_VERSION: u32 = 1;

/// From this many quiet plies on, the screen shows the J19 counter.
pub const QUIET_WARNING: u16 = 40;

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapResult {
    /// A face-down piece was turned over.
    Revealed(Square),
    /// An own piece is now selected; its legal destinations are highlighted.
    Selected(Square),
    /// The selection was dropped (tapped again).
    Deselected,
    /// The selected piece moved (or attacked).
    Moved { from: Square, to: Square },
    /// The rules refused the action: the rule id, the Fluent key that
    /// explains it, and the rules' own (English) sentence.
    Refused {
        rule: &'static str,
        reason: &'static str,
        message: String,
    },
    /// Nothing changed; the Fluent key of a short reason for a toast.
    Ignored(&'static str),
}

/// The Fluent key explaining a broken rule, by rule id (the rules' own
/// message is English and names squares; the key is translated).
pub fn rule_key(rule: &str) -> &'static str {
    match rule {
        "J7" => key("junqi-rule-J7"),
        "J8" => key("junqi-rule-J8"),
        "J9" => key("junqi-rule-J9"),
        "J10" => key("junqi-rule-J10"),
        "J11" => key("junqi-rule-J11"),
        "J12" => key("junqi-rule-J12"),
        "J13" => key("junqi-rule-J13"),
        "J15" => key("junqi-rule-J15"),
        "J16" => key("junqi-rule-J16"),
        _ => key("junqi-rule-other"),
    }
}

fn refused(error: RuleError) -> TapResult {
    TapResult::Refused {
        rule: error.rule,
        reason: rule_key(error.rule),
        message: error.message,
    }
}

/// The saved form: everything needed to resume, nothing derived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JunQiSave {
    pub version: u32,
    pub record: Record<JunQi>,
    pub players: [Player; 2],
    /// The seat of the person holding this device (vs a bot).
    pub local: Seat,
    #[serde(default)]
    pub resigned: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct JunQiController {
    record: Record<JunQi>,
    game: JunQi,
    players: [Player; 2],
    local: Seat,
    resigned: Option<Seat>,
    selected: Option<Square>,
}

/// The bot for `level`, seeing only `view` (the seat's view, J21): its
/// chance-node search treats every face-down piece as a draw from the
/// public pool.
pub fn bot_thinker(view: &JunQiView, level: Level, seed: u64) -> impl Thinker<Move = JunQiAction> + 'static {
    papan_bots::junqi::thinker(view, level, seed)
}

impl JunQiController {
    /// A fresh game: the layout and who moves first (J6) come from `seed`.
    pub fn new(players: [Player; 2], local: Seat, seed: u64) -> Result<JunQiController, RuleError> {
        let record = Record::new(JunQiOptions::default(), seed);
        let game = record.start()?;
        Ok(JunQiController {
            record,
            game,
            players,
            local,
            resigned: None,
            selected: None,
        })
    }

    /// A game from the setup screen: `opponent: None` is a person on this
    /// device. The person takes the first table seat; who moves first is
    /// drawn by the rules (J6).
    pub fn from_setup(opponent: Option<Level>, seed: u64) -> Result<JunQiController, RuleError> {
        let other = opponent.map_or(Player::Human, Player::Bot);
        JunQiController::new([Player::Human, other], Seat::First, seed)
    }

    /// What the screen shows: the view of the seat to move between two
    /// people (both views hold the same public table here), else the local
    /// person's view. Never the full game.
    pub fn view(&self) -> JunQiView {
        self.game.view(self.viewer())
    }

    /// The seat whose view is on screen.
    pub fn viewer(&self) -> Seat {
        if self.vs_bot() {
            self.local
        } else {
            self.seat_to_move().unwrap_or(self.local)
        }
    }

    pub fn record(&self) -> &Record<JunQi> {
        &self.record
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    pub fn local_seat(&self) -> Seat {
        self.local
    }

    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    pub fn ply(&self) -> usize {
        self.record.moves.len()
    }

    pub fn vs_bot(&self) -> bool {
        self.players.iter().any(|p| matches!(p, Player::Bot(_)))
    }

    pub fn bot_level(&self) -> Option<Level> {
        self.players.iter().find_map(|p| match p {
            Player::Bot(level) => Some(*level),
            Player::Human | Player::Remote => None,
        })
    }

    /// The seat that moved first (J6: drawn at random).
    pub fn first_mover(&self) -> Seat {
        match self.record.start() {
            Ok(start) => match start.turn() {
                Turn::Seat(seat) => seat,
                _ => Seat::First,
            },
            Err(_) => Seat::First,
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.resigned {
            Some(loser) => Some(Outcome::win(loser.other(), EndReason::Resignation)),
            None => self.game.outcome(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn seat_to_move(&self) -> Option<Seat> {
        if self.resigned.is_some() {
            return None;
        }
        match self.game.turn() {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    pub fn player_to_move(&self) -> Option<Player> {
        self.seat_to_move().map(|seat| self.players[seat.index()])
    }

    pub fn is_human_turn(&self) -> bool {
        self.player_to_move() == Some(Player::Human)
    }

    pub fn bot_to_move(&self) -> Option<Level> {
        match self.player_to_move() {
            Some(Player::Bot(level)) => Some(level),
            _ => None,
        }
    }

    /// Legal destinations of the selected piece (road, rail and attacks).
    pub fn targets(&self) -> Vec<Square> {
        let Some(from) = self.selected else { return Vec::new() };
        self.destinations(from)
    }

    fn destinations(&self, from: Square) -> Vec<Square> {
        self.view()
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                JunQiAction::Move { from: f, to } if f == from => Some(to),
                _ => None,
            })
            .collect()
    }

    /// Own revealed pieces that have at least one legal move now.
    pub fn movable(&self) -> Vec<Square> {
        if !self.is_human_turn() {
            return Vec::new();
        }
        let mut out: Vec<Square> = self
            .view()
            .legal_actions()
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

    /// What a tap on `square` does. Ignored and refused taps change nothing
    /// but the selection.
    pub fn tap(&mut self, square: Square) -> TapResult {
        if self.is_over() {
            return TapResult::Ignored(key("junqi-toast-game-over"));
        }
        if !self.is_human_turn() {
            return TapResult::Ignored(super::wait_key(self.player_to_move(), key("junqi-toast-wait-bot")));
        }
        let view = self.view();
        let mine = view.my_colour();
        if let Some(from) = self.selected {
            if from == square {
                self.selected = None;
                return TapResult::Deselected;
            }
            match view.post(square) {
                // Another own piece: switch the selection to it.
                Post::Revealed { colour, .. } if Some(colour) == mine => {
                    self.selected = None;
                    return self.select(&view, square);
                }
                // A face-down piece is never a destination (J12): the tap
                // means "reveal this one instead".
                Post::FaceDown => {
                    self.selected = None;
                    return match self.play(JunQiAction::Reveal(square)) {
                        Ok(()) => TapResult::Revealed(square),
                        Err(error) => refused(error),
                    };
                }
                _ => {}
            }
            let action = JunQiAction::Move { from, to: square };
            return match self.play(action) {
                Ok(()) => TapResult::Moved { from, to: square },
                Err(error) => refused(error),
            };
        }
        match view.post(square) {
            Post::Empty => TapResult::Ignored(key("junqi-toast-empty")),
            Post::FaceDown => match self.play(JunQiAction::Reveal(square)) {
                Ok(()) => TapResult::Revealed(square),
                Err(error) => refused(error),
            },
            Post::Revealed { colour, .. } => match mine {
                // J8: no piece is anyone's yet, so only reveals are allowed.
                None => refused(RuleError::new("J8", "only reveals until colours are decided")),
                Some(c) if c != colour => TapResult::Ignored(key("junqi-toast-not-yours")),
                Some(_) => self.select(&view, square),
            },
        }
    }

    fn select(&mut self, view: &JunQiView, square: Square) -> TapResult {
        if let Post::Revealed { piece, .. } = view.post(square) {
            if !piece.is_movable() {
                return refused(RuleError::new("J11", format!("a {piece} never moves")));
            }
        }
        if self.destinations(square).is_empty() {
            return TapResult::Ignored(key("junqi-toast-blocked"));
        }
        self.selected = Some(square);
        TapResult::Selected(square)
    }

    /// Drops the selection (a tap outside the board).
    pub fn clear_selection(&mut self) {
        self.selected = None;
    }

    fn play(&mut self, action: JunQiAction) -> Result<(), RuleError> {
        self.record.play(&mut self.game, action)?;
        self.selected = None;
        Ok(())
    }

    /// The bot's job now: its seat's view (never the full game), level,
    /// seed and the ply it answers.
    pub fn bot_job(&self) -> Option<(JunQiView, Level, u64, usize)> {
        let level = self.bot_to_move()?;
        let seat = self.seat_to_move()?;
        Some((self.game.view(seat), level, self.bot_seed(), self.ply()))
    }

    /// Plays the bot's action, if it is still the bot's turn at `ply`.
    pub fn apply_bot_move(&mut self, ply: usize, action: JunQiAction) -> Result<(), String> {
        if ply != self.ply() || self.bot_to_move().is_none() {
            return Err(format!("stale bot move for ply {ply} (now {})", self.ply()));
        }
        self.play(action).map_err(|e| e.to_string())
    }

    /// Derived from the record seed, so a replayed game gets the same bot moves.
    pub fn bot_seed(&self) -> u64 {
        super::bot_seed(self.record.seed, self.ply())
    }

    /// The number of actions to keep for an undo: the last point where a
    /// person was to move (against a bot this takes back its reply too).
    fn undo_target(&self) -> Option<usize> {
        super::undo_point(&self.record, &self.players)
    }

    pub fn can_undo(&self) -> bool {
        !super::is_online(&self.players) && !self.is_over() && self.is_human_turn() && self.undo_target().is_some()
    }

    /// Takes back the person's last action (and the bot's reply) by
    /// replaying the record. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some(keep) = self.undo_target() else { return false };
        let mut record = self.record.clone();
        record.moves.truncate(keep);
        match record.replay() {
            Ok(game) => {
                self.record = record;
                self.game = game;
                self.selected = None;
                true
            }
            Err(_) => false,
        }
    }

    /// The person resigns against a bot; between people the side to move.
    pub fn resign(&mut self) -> bool {
        let Some(to_move) = self.seat_to_move() else {
            return false;
        };
        let loser = if self.vs_bot() { self.local } else { to_move };
        self.resigned = Some(loser);
        self.selected = None;
        true
    }

    /// A new game with the same players and a fresh layout.
    pub fn rematch(&self) -> Result<JunQiController, RuleError> {
        JunQiController::new(self.players, self.local, mix(self.record.seed))
    }

    /// `human` / `bot` against a bot; `red` / `blue` (or `first` / `second`
    /// before colours are decided) between people; `none` for a draw.
    pub fn winner_kind(&self) -> Option<&'static str> {
        let outcome = self.outcome()?;
        let Some(winner) = outcome.winner else {
            return Some("none");
        };
        Some(if self.vs_bot() {
            match self.players[winner.index()] {
                Player::Human => "human",
                Player::Bot(_) => "bot",
                Player::Remote => "remote",
            }
        } else {
            match self.game.colour_of(winner) {
                Some(Colour::Red) => "red",
                Some(Colour::Blue) => "blue",
                None if winner == Seat::First => "first",
                None => "second",
            }
        })
    }

    /// Fluent keys for the result banner: (headline, reason).
    pub fn result_keys(&self) -> Option<(&'static str, &'static str)> {
        let outcome = self.outcome()?;
        let headline = match self.winner_kind()? {
            "human" => key("junqi-result-you-win"),
            "bot" => key("junqi-result-bot-wins"),
            "red" => key("junqi-result-red-wins"),
            "blue" => key("junqi-result-blue-wins"),
            "first" => key("junqi-result-first-wins"),
            "second" => key("junqi-result-second-wins"),
            _ => key("junqi-result-draw"),
        };
        let reason = match outcome.reason {
            EndReason::FlagCaptured => key("junqi-reason-flag"),
            EndReason::NoLegalAction => key("junqi-reason-no-action"),
            EndReason::NoMovablePiece if outcome.winner.is_none() => key("junqi-reason-both-stuck"),
            EndReason::NoMovablePiece => key("junqi-reason-no-movable"),
            EndReason::QuietDraw => key("junqi-reason-quiet"),
            EndReason::Resignation if self.vs_bot() => key("junqi-reason-you-resigned"),
            _ => key("junqi-reason-resignation"),
        };
        Some((headline, reason))
    }

    /// The kind shown on `square`, if revealed (for labels and tests).
    pub fn revealed_kind(&self, square: Square) -> Option<(Colour, Kind)> {
        match self.view().post(square) {
            Post::Revealed { colour, piece } => Some((colour, piece)),
            _ => None,
        }
    }

    pub fn to_save(&self) -> JunQiSave {
        JunQiSave {
            version: SAVE_VERSION,
            record: self.record.clone(),
            players: self.players,
            local: self.local,
            resigned: self.resigned,
        }
    }

    /// Rebuilds a controller from a save, replaying every action through the
    /// rules. An error says what is wrong with it.
    pub fn from_save(save: JunQiSave) -> Result<JunQiController, String> {
        if save.version != SAVE_VERSION {
            return Err(format!("save version {} is not supported", save.version));
        }
        if save.players[save.local.index()] != Player::Human {
            return Err("the local seat is not played by a person".to_string());
        }
        if save.players.contains(&Player::Remote) {
            return Err("an online game is not resumed from a save".to_string());
        }
        let game = save.record.replay().map_err(|e| e.to_string())?;
        Ok(JunQiController {
            record: save.record,
            game,
            players: save.players,
            local: save.local,
            resigned: save.resigned,
            selected: None,
        })
    }

    pub fn to_save_text(&self) -> String {
        serde_json::to_string(&self.to_save()).expect("a save always serializes")
    }

    pub fn from_save_text(text: &str) -> Result<JunQiController, String> {
        let save: JunQiSave = serde_json::from_str(text).map_err(|e| e.to_string())?;
        JunQiController::from_save(save)
    }
}
