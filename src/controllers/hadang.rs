//! `HadangController`: what a tap on the HADANG board means.
//!
//! Taps come in two kinds: on a cell (select the pawn, or step to a
//! highlighted target) and on a groove between cells (preview a wall; a
//! second tap on the same groove places it, a tap anywhere else drops the
//! preview). Every move goes through the rules' checked `play`; a refused
//! wall comes back with the rule id, so the screen can say why in the
//! reader's language. Resignation and loss on time are verdicts of
//! [`Adjudicated`]; the clock is [`Clock`], driven by the caller's `now_ms`
//! (the screen reads `performance.now()` / `Instant`, tests pass fake times).

use crate::i18n::key;
use papan_bots::{Level, Thinker};
use papan_rules::clock::{Adjudicated, Clock, ClockState, Tempo};
use papan_rules::hadang::{Hadang, HadangMove, HadangOptions, Square, Wall};
use papan_rules::{EndReason, Game, Outcome, Record, RuleError, Seat, Turn};
use serde::{Deserialize, Serialize};

pub use super::hex::{mix, Player};

/// The version written into save files.
pub const SAVE_VERSION: u32 = 1;

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapResult {
    /// The pawn is selected; its targets are highlighted.
    Selected,
    /// The pawn selection (or a wall preview) was dropped.
    Cleared,
    /// The pawn moved.
    Stepped(Square),
    /// A ghost wall previews this groove; tap it again to place it.
    Preview(Wall),
    /// A wall was placed.
    Placed(Wall),
    /// A wall the rules refuse, with the rule id (H10–H13) and its message.
    Refused { rule: &'static str, message: String },
    /// Nothing changed; the Fluent key of a short reason for a toast.
    Ignored(&'static str),
}

/// The Fluent key that explains a refused move, by rule id.
pub fn rule_key(rule: &str) -> &'static str {
    match rule {
        "H10" => key("hadang-refused-h10"),
        "H11" => key("hadang-refused-h11"),
        "H12" => key("hadang-refused-h12"),
        "H13" => key("hadang-refused-h13"),
        _ => key("hadang-refused-other"),
    }
}

/// The saved form: everything needed to resume, nothing derived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HadangSave {
    pub version: u32,
    pub record: Record<Hadang>,
    pub players: [Player; 2],
    pub local: Seat,
    pub game_index: u32,
    /// Resignation or time, if the game ended off the board.
    pub verdict: Option<Outcome>,
    /// The clock, paused at save time (a paused clock holds no timestamp,
    /// so it resumes under a new time origin after a reload).
    pub clock: Clock,
    pub show_paths: bool,
}

/// What is selected on the board between taps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    None,
    Pawn,
    Wall(Wall),
}

#[derive(Clone, Debug, PartialEq)]
pub struct HadangController {
    record: Record<Hadang>,
    game: Adjudicated<Hadang>,
    players: [Player; 2],
    local: Seat,
    game_index: u32,
    clock: Clock,
    selection: Selection,
    show_paths: bool,
}

/// The bot for `level`, seeing only `position` (HADANG hides nothing):
/// iterative-deepening alpha-beta over shortest-route differences.
pub fn bot_thinker(position: &Hadang, level: Level, seed: u64) -> impl Thinker<Move = HadangMove> + 'static {
    papan_bots::hadang::thinker(position, level, seed)
}

/// Milliseconds from a monotonic source: `performance.now()` on the web,
/// an `Instant` elsewhere. Only differences mean anything.
pub fn monotonic_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.performance())
            .map(|p| p.now() as u64)
            .unwrap_or_else(|| js_sys::Date::now() as u64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed().as_millis() as u64
    }
}

impl HadangController {
    /// A fresh game: Player 1 (e1) moves first (H4). `now_ms` starts the clock.
    pub fn new(players: [Player; 2], local: Seat, tempo: Tempo, seed: u64, now_ms: u64) -> HadangController {
        let record = Record::new(HadangOptions {}, seed);
        let mut clock = Clock::new(tempo);
        if tempo != Tempo::Unlimited {
            let _ = clock.start(Seat::First, now_ms);
        }
        HadangController {
            record,
            game: Adjudicated::new(Hadang::start()),
            players,
            local,
            game_index: 0,
            clock,
            selection: Selection::None,
            show_paths: true,
        }
    }

    /// A game from the setup screen: `opponent: None` is a person on this
    /// device; `human_first` says whether the local person is Player 1.
    pub fn from_setup(
        opponent: Option<Level>,
        human_first: bool,
        tempo: Tempo,
        seed: u64,
        now_ms: u64,
    ) -> HadangController {
        let other = opponent.map_or(Player::Human, Player::Bot);
        let (players, local) = if human_first {
            ([Player::Human, other], Seat::First)
        } else {
            ([other, Player::Human], Seat::Second)
        };
        HadangController::new(players, local, tempo, seed, now_ms)
    }

    /// An online game as the room server sent it: every move so far in the
    /// rules' notation, replayed through checked play, and the server's
    /// outcome. The local person plays `local`, the other seat is
    /// [`Player::Remote`]. The server keeps the clock, so this controller
    /// has none ([`Tempo::Unlimited`]) and never flags on its own.
    pub fn online(
        local: Seat,
        moves: &[String],
        outcome: Option<Outcome>,
        now_ms: u64,
    ) -> Result<HadangController, String> {
        let mut next = HadangController::new(super::online_players(local), local, Tempo::Unlimited, 0, now_ms);
        let mut position = next.record.start().map_err(|e| format!("options refused: {e}"))?;
        next.record.moves = super::replay_notation(&mut position, moves)?;
        let mut game = Adjudicated::new(position);
        if let Some(verdict) = super::off_board_verdict(game.game().outcome(), outcome)? {
            let loser = verdict.winner.map(Seat::other).ok_or("a verdict without a winner")?;
            game.decide(loser, verdict.reason).map_err(|e| e.to_string())?;
        }
        next.game = game;
        Ok(next)
    }

    /// Whether the other seat is played on another device.
    pub fn is_online(&self) -> bool {
        super::is_online(&self.players)
    }

    /// The last move of the record in the rules' notation (`e2`, `d4h`):
    /// what an online screen sends to the server after a move.
    pub fn last_move_text(&self) -> Option<String> {
        self.record.moves.last().map(|mv| self.position().format_move(mv))
    }

    pub fn position(&self) -> &Hadang {
        self.game.game()
    }

    pub fn record(&self) -> &Record<Hadang> {
        &self.record
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    pub fn local_seat(&self) -> Seat {
        self.local
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn selection(&self) -> Selection {
        self.selection
    }

    pub fn ghost_wall(&self) -> Option<Wall> {
        match self.selection {
            Selection::Wall(wall) => Some(wall),
            _ => None,
        }
    }

    pub fn show_paths(&self) -> bool {
        self.show_paths
    }

    pub fn set_show_paths(&mut self, on: bool) {
        self.show_paths = on;
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

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn seat_to_move(&self) -> Option<Seat> {
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

    /// Cells the pawn to move may go to, highlighted while it is a
    /// person's turn (H6–H9) and no wall is previewed (a cell tap then
    /// only drops the preview).
    pub fn targets(&self) -> Vec<Square> {
        match self.seat_to_move() {
            Some(seat) if self.is_human_turn() && self.ghost_wall().is_none() => self.position().pawn_targets(seat),
            _ => Vec::new(),
        }
    }

    /// Time left for `seat` at `now_ms`, `None` without a clock.
    pub fn time_left(&self, seat: Seat, now_ms: u64) -> Option<u64> {
        self.clock.remaining(seat, now_ms)
    }

    /// Refusals common to every tap.
    fn tap_guard(&self) -> Option<&'static str> {
        if self.is_over() {
            Some(key("hadang-toast-game-over"))
        } else if !self.is_human_turn() {
            Some(super::wait_key(self.player_to_move(), key("hadang-toast-wait-bot")))
        } else {
            None
        }
    }

    /// A tap on a cell: with a wall previewed it only drops the preview;
    /// else a target moves the pawn there (selected or not), the own pawn
    /// toggles its selection, anything else clears the selection.
    pub fn tap_cell(&mut self, square: Square, now_ms: u64) -> TapResult {
        if let Some(reason) = self.tap_guard() {
            return TapResult::Ignored(reason);
        }
        let Some(seat) = self.seat_to_move() else {
            return TapResult::Ignored(key("hadang-toast-game-over"));
        };
        if matches!(self.selection, Selection::Wall(_)) {
            // A tap off the ghost wall only drops it: no pawn move by accident.
            self.selection = Selection::None;
            return TapResult::Cleared;
        }
        if self.position().pawn_targets(seat).contains(&square) {
            return match self.play(HadangMove::Step(square), now_ms) {
                Ok(()) => TapResult::Stepped(square),
                Err(e) => TapResult::Refused {
                    rule: e.rule,
                    message: e.message,
                },
            };
        }
        if square == self.position().pawn(seat) && self.selection != Selection::Pawn {
            self.selection = Selection::Pawn;
            return TapResult::Selected;
        }
        let had = self.selection != Selection::None;
        self.selection = Selection::None;
        if had {
            TapResult::Cleared
        } else {
            TapResult::Ignored(key("hadang-toast-not-target"))
        }
    }

    /// A tap on a groove: the first tap previews `wall` (if the rules allow
    /// it now), a second tap on the same groove places it.
    pub fn tap_groove(&mut self, wall: Wall, now_ms: u64) -> TapResult {
        if let Some(reason) = self.tap_guard() {
            return TapResult::Ignored(reason);
        }
        if let Err(e) = self.position().wall_check(wall) {
            self.selection = Selection::None;
            return TapResult::Refused {
                rule: e.rule,
                message: e.message,
            };
        }
        if self.selection != Selection::Wall(wall) {
            self.selection = Selection::Wall(wall);
            return TapResult::Preview(wall);
        }
        match self.play(HadangMove::Wall(wall), now_ms) {
            Ok(()) => TapResult::Placed(wall),
            Err(e) => TapResult::Refused {
                rule: e.rule,
                message: e.message,
            },
        }
    }

    /// Drops a pawn selection or a wall preview (a tap off the board).
    pub fn clear_selection(&mut self) {
        self.selection = Selection::None;
    }

    /// Plays `mv` for the seat to move, then charges its clock. A move that
    /// comes after the mover's flag fell does not count: the game is lost on
    /// time instead (H16).
    fn play(&mut self, mv: HadangMove, now_ms: u64) -> Result<(), RuleError> {
        let seat = self
            .seat_to_move()
            .ok_or_else(|| RuleError::new("H15", "the game is over"))?;
        if self.tick(now_ms) {
            return Err(RuleError::new("H16", "time ran out before the move"));
        }
        self.game.play(&mv)?;
        self.record.moves.push(mv);
        self.selection = Selection::None;
        if self.clock.running() == Some(seat) {
            let _ = self.clock.complete_move(seat, now_ms);
        }
        if self.game.turn() == Turn::Over {
            self.clock.stop(now_ms);
        }
        Ok(())
    }

    /// Looks at the clock: a fallen flag ends the game on time (H16).
    /// Returns whether the game ended now.
    pub fn tick(&mut self, now_ms: u64) -> bool {
        if self.is_over() {
            return false;
        }
        match self.clock.poll(now_ms) {
            Some(expiry) => {
                let ended = self.game.apply_expiry(expiry).ok().flatten().is_some();
                if ended {
                    self.selection = Selection::None;
                }
                ended
            }
            None => false,
        }
    }

    /// Milliseconds until the running clock could fall, for the screen's timer.
    pub fn time_to_flag(&self, now_ms: u64) -> Option<u64> {
        if self.is_over() {
            return None;
        }
        self.clock.time_to_expiry(now_ms)
    }

    /// Plays the bot's move if it is still the bot's turn at `ply` (a result
    /// computed before an undo or rematch is dropped). Its think time was on
    /// its clock, which ran all along.
    pub fn apply_bot_move(&mut self, ply: usize, mv: HadangMove, now_ms: u64) -> Result<(), String> {
        if ply != self.ply() || self.bot_to_move().is_none() {
            return Err(format!("stale bot move for ply {ply} (now {})", self.ply()));
        }
        self.play(mv, now_ms).map_err(|e| e.to_string())
    }

    /// The seed of the bot's move at the current ply, from the record seed.
    pub fn bot_seed(&self) -> u64 {
        super::bot_seed(self.record.seed, self.ply())
    }

    /// How many moves an undo keeps: up to the last point a person was to move.
    fn undo_target(&self) -> Option<usize> {
        super::undo_point(&self.record, &self.players)
    }

    /// Undo is offered against a bot, on the person's turn.
    pub fn can_undo(&self) -> bool {
        !self.is_online() && self.vs_bot() && !self.is_over() && self.is_human_turn() && self.undo_target().is_some()
    }

    /// Takes back the person's last move and the bot's reply. The clock keeps
    /// running for the person (it is their turn before and after).
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some(keep) = self.undo_target() else { return false };
        let mut record = self.record.clone();
        record.moves.truncate(keep);
        match record.replay() {
            Ok(position) => {
                self.record = record;
                self.game = Adjudicated::new(position);
                self.selection = Selection::None;
                true
            }
            Err(_) => false,
        }
    }

    /// Resigns (H17): the person against a bot, else the side to move.
    /// Online the server decides (the screen sends a resignation), so
    /// nothing changes here.
    pub fn resign(&mut self, now_ms: u64) -> bool {
        if self.is_online() {
            return false;
        }
        let Some(to_move) = self.seat_to_move() else {
            return false;
        };
        let loser = if self.vs_bot() { self.local } else { to_move };
        if self.game.resign(loser).is_err() {
            return false;
        }
        self.clock.stop(now_ms);
        self.selection = Selection::None;
        true
    }

    /// The next game: same players and tempo, the other player starts as
    /// Player 1 (who moves first, H4).
    pub fn rematch(&self, now_ms: u64) -> HadangController {
        let players = [self.players[1], self.players[0]];
        let mut next = HadangController::new(
            players,
            self.local.other(),
            self.clock.tempo(),
            mix(self.record.seed),
            now_ms,
        );
        next.game_index = self.game_index + 1;
        next.show_paths = self.show_paths;
        next
    }

    /// `human` / `bot` against a bot; `human` / `remote` online (from this
    /// device's side); `p1` / `p2` between two people on one device.
    pub fn winner_kind(&self) -> Option<&'static str> {
        let outcome = self.outcome()?;
        if self.is_online() {
            return Some(super::online_winner_kind(outcome, self.local));
        }
        let winner = outcome.winner?;
        Some(if self.vs_bot() {
            match self.players[winner.index()] {
                Player::Human => "human",
                Player::Bot(_) => "bot",
                Player::Remote => "remote",
            }
        } else {
            match winner {
                Seat::First => "p1",
                Seat::Second => "p2",
            }
        })
    }

    /// Fluent keys for the result banner: (headline, reason).
    pub fn result_keys(&self) -> Option<(&'static str, &'static str)> {
        let outcome = self.outcome()?;
        if self.is_online() {
            let headline = super::online_headline(outcome, self.local, key("hadang-result-you-win"));
            let reason = super::online_verdict_reason(outcome, self.local).unwrap_or(key("hadang-reason-goal"));
            return Some((headline, reason));
        }
        let headline = match self.winner_kind()? {
            "human" => key("hadang-result-you-win"),
            "bot" => key("hadang-result-bot-wins"),
            "p1" => key("hadang-result-p1-wins"),
            _ => key("hadang-result-p2-wins"),
        };
        let human_lost = self.vs_bot() && outcome.winner != Some(self.local);
        let reason = match outcome.reason {
            EndReason::Resignation if human_lost => key("hadang-reason-you-resigned"),
            EndReason::Resignation => key("hadang-reason-resignation"),
            EndReason::Timeout => key("hadang-reason-time"),
            _ => key("hadang-reason-goal"),
        };
        Some((headline, reason))
    }

    pub fn to_save(&self, now_ms: u64) -> HadangSave {
        let mut clock = self.clock;
        let _ = clock.pause(now_ms);
        HadangSave {
            version: SAVE_VERSION,
            record: self.record.clone(),
            players: self.players,
            local: self.local,
            game_index: self.game_index,
            verdict: self.game.verdict(),
            clock,
            show_paths: self.show_paths,
        }
    }

    /// Rebuilds a game from a save, replaying every move through the rules.
    pub fn from_save(save: HadangSave, now_ms: u64) -> Result<HadangController, String> {
        if save.version != SAVE_VERSION {
            return Err(format!("save version {} is not supported", save.version));
        }
        if save.players[save.local.index()] != Player::Human {
            return Err("the local seat is not played by a person".to_string());
        }
        if save.players.contains(&Player::Remote) {
            return Err("an online game is not resumed from a save".to_string());
        }
        let position = save.record.replay().map_err(|e| e.to_string())?;
        let mut game = Adjudicated::new(position);
        if let Some(verdict) = save.verdict {
            let loser = verdict.winner.map(Seat::other).ok_or("a verdict without a winner")?;
            game.decide(loser, verdict.reason).map_err(|e| e.to_string())?;
        }
        let mut clock = save.clock;
        if matches!(clock.state(), ClockState::Paused { .. }) {
            let _ = clock.resume(now_ms);
        }
        Ok(HadangController {
            record: save.record,
            game,
            players: save.players,
            local: save.local,
            game_index: save.game_index,
            clock,
            selection: Selection::None,
            show_paths: save.show_paths,
        })
    }

    pub fn to_save_text(&self, now_ms: u64) -> String {
        serde_json::to_string(&self.to_save(now_ms)).expect("a save always serializes")
    }

    pub fn from_save_text(text: &str, now_ms: u64) -> Result<HadangController, String> {
        let save: HadangSave = serde_json::from_str(text).map_err(|e| e.to_string())?;
        HadangController::from_save(save, now_ms)
    }
}
