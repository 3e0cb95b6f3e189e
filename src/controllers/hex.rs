//! `HexController`: what a tap on the Hex board means.
//!
//! It holds the game record and the position it leads to, who plays each
//! seat, and the tap guard: on boards of [`PREVIEW_MIN_SIZE`] and more a
//! first tap shows a ghost stone and a second tap on the same cell confirms,
//! so a fat finger on a small cell never places a stone by mistake.
//! Every move goes through the rules' checked `play`.

use crate::i18n::key;
use papan_bots::Level;
use papan_rules::hex::{first_seat_for_game, Cell, Colour, Hex, HexMove, HexOptions};
use papan_rules::{EndReason, Game, Outcome, Record, Seat, Turn};
use serde::{Deserialize, Serialize};

/// Boards at least this size ask for a confirming second tap.
pub const PREVIEW_MIN_SIZE: u8 = 11;

/// The version written into save files.
pub const SAVE_VERSION: u32 = 1;

/// Who plays a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    /// The person holding this device.
    Human,
    Bot(Level),
    /// A person on another device whose moves arrive from the room server:
    /// never driven from here, never undone, never asked to resign.
    Remote,
}

/// Who places the first (Red) stone of the first game, chosen at setup.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Starter {
    Me,
    Bot,
    /// The other side from the previous game on this device.
    Alternate,
}

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapResult {
    /// A ghost stone now previews this cell; tap it again to place.
    Preview(Cell),
    /// A stone was placed.
    Placed(Cell),
    /// Nothing changed; the Fluent key of a short reason for a toast.
    Ignored(&'static str),
}

/// The saved form: everything needed to resume, nothing derived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexSave {
    pub version: u32,
    pub record: Record<Hex>,
    pub players: [Player; 2],
    /// The seat of the person holding this device (vs a bot).
    pub local: Seat,
    /// 0 for the first game of a match, +1 per rematch.
    pub game_index: u32,
    /// X8: the other player takes Red in the next game.
    pub alternate_first: bool,
    #[serde(default)]
    pub resigned: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HexController {
    record: Record<Hex>,
    position: Hex,
    players: [Player; 2],
    local: Seat,
    game_index: u32,
    alternate_first: bool,
    resigned: Option<Seat>,
    /// Online: the server's off-board result (resignation, timeout,
    /// abandonment) when the board has not ended by itself.
    verdict: Option<Outcome>,
    ghost: Option<Cell>,
}

/// `pair` reordered so that the table seat `first` comes first (the mapping
/// is its own inverse).
fn in_seat_order<T: Copy>(pair: [T; 2], first: Seat) -> [T; 2] {
    match first {
        Seat::First => pair,
        Seat::Second => [pair[1], pair[0]],
    }
}

/// A well-mixed 64-bit value (splitmix64 finaliser): seeds for rematches and
/// bot moves derive from the record seed, so games replay exactly.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl HexController {
    /// A fresh game. `local` is the seat of the person on this device.
    pub fn new(
        options: HexOptions,
        players: [Player; 2],
        local: Seat,
        seed: u64,
    ) -> Result<HexController, papan_rules::RuleError> {
        let record = Record::new(options, seed);
        let position = record.start()?;
        Ok(HexController {
            record,
            position,
            players,
            local,
            game_index: 0,
            alternate_first: true,
            resigned: None,
            verdict: None,
            ghost: None,
        })
    }

    /// A game from the setup screen's choices. `opponent: None` is a person
    /// on this device; `human_first` says whether the local person is Red.
    pub fn from_setup(
        size: u8,
        swap: bool,
        opponent: Option<Level>,
        human_first: bool,
        seed: u64,
    ) -> Result<HexController, papan_rules::RuleError> {
        let options = HexOptions { size, swap };
        let other = opponent.map_or(Player::Human, Player::Bot);
        let (players, local) = if human_first {
            ([Player::Human, other], Seat::First)
        } else {
            ([other, Player::Human], Seat::Second)
        };
        HexController::new(options, players, local, seed)
    }

    /// An online game as the room server sent it: every move so far in the
    /// rules' notation, replayed through checked play, and the server's
    /// outcome. The local person plays `local`; the other seat is
    /// [`Player::Remote`]. An error names the refused move.
    pub fn online(
        options: HexOptions,
        local: Seat,
        moves: &[String],
        outcome: Option<Outcome>,
    ) -> Result<HexController, String> {
        let mut record: Record<Hex> = Record::new(options, 0);
        let mut position = record.start().map_err(|e| format!("options refused: {e}"))?;
        record.moves = super::replay_notation(&mut position, moves)?;
        let verdict = super::off_board_verdict(position.outcome(), outcome)?;
        Ok(HexController {
            record,
            position,
            players: super::online_players(local),
            local,
            game_index: 0,
            alternate_first: false,
            resigned: None,
            verdict,
            ghost: None,
        })
    }

    /// Whether the other seat is played on another device.
    pub fn is_online(&self) -> bool {
        super::is_online(&self.players)
    }

    /// The last move of the record in the rules' notation (`f6`, `swap`):
    /// what an online screen sends to the server after a move.
    pub fn last_move_text(&self) -> Option<String> {
        self.record.moves.last().map(|mv| self.position.format_move(mv))
    }

    pub fn position(&self) -> &Hex {
        &self.position
    }

    pub fn record(&self) -> &Record<Hex> {
        &self.record
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    pub fn local_seat(&self) -> Seat {
        self.local
    }

    pub fn game_index(&self) -> u32 {
        self.game_index
    }

    pub fn ghost(&self) -> Option<Cell> {
        self.ghost
    }

    pub fn size(&self) -> u8 {
        self.position.size()
    }

    pub fn ply(&self) -> usize {
        self.record.moves.len()
    }

    pub fn alternate_first(&self) -> bool {
        self.alternate_first
    }

    pub fn set_alternate_first(&mut self, on: bool) {
        self.alternate_first = on;
    }

    /// Whether a bot plays one of the seats.
    pub fn vs_bot(&self) -> bool {
        self.players.iter().any(|p| matches!(p, Player::Bot(_)))
    }

    /// The bot's level, if a bot plays.
    pub fn bot_level(&self) -> Option<Level> {
        self.players.iter().find_map(|p| match p {
            Player::Bot(level) => Some(*level),
            Player::Human | Player::Remote => None,
        })
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// How the game ended: a resignation, a connection (X9), or online the
    /// server's verdict (resignation, timeout, abandonment).
    pub fn outcome(&self) -> Option<Outcome> {
        match self.resigned {
            Some(loser) => Some(Outcome::win(loser.other(), EndReason::Resignation)),
            None => self.verdict.or_else(|| self.position.outcome()),
        }
    }

    pub fn seat_to_move(&self) -> Option<Seat> {
        if self.resigned.is_some() || self.verdict.is_some() {
            return None;
        }
        match self.position.turn() {
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

    /// The level of the bot that must move now, if any.
    pub fn bot_to_move(&self) -> Option<Level> {
        match self.player_to_move() {
            Some(Player::Bot(level)) => Some(level),
            _ => None,
        }
    }

    /// The colour whose stone goes down next.
    pub fn colour_to_move(&self) -> Colour {
        self.position.colour_to_move()
    }

    /// What a tap on `cell` does. Ignored taps change nothing.
    pub fn tap(&mut self, cell: Cell) -> TapResult {
        if self.is_over() {
            return TapResult::Ignored(key("toast-game-over"));
        }
        if !self.is_human_turn() {
            return TapResult::Ignored(super::wait_key(self.player_to_move(), key("toast-wait-bot")));
        }
        if !self.position.contains(cell) {
            return TapResult::Ignored(key("toast-off-board"));
        }
        if self.position.stone(cell).is_some() {
            return TapResult::Ignored(key("toast-occupied"));
        }
        if self.size() >= PREVIEW_MIN_SIZE && self.ghost != Some(cell) {
            self.ghost = Some(cell);
            return TapResult::Preview(cell);
        }
        match self.play(HexMove::Place(cell)) {
            Ok(()) => TapResult::Placed(cell),
            Err(_) => TapResult::Ignored(key("toast-illegal")),
        }
    }

    /// Drops the ghost preview (e.g. a tap outside the board).
    pub fn clear_ghost(&mut self) {
        self.ghost = None;
    }

    fn play(&mut self, mv: HexMove) -> Result<(), papan_rules::RuleError> {
        self.record.play(&mut self.position, mv)?;
        self.ghost = None;
        Ok(())
    }

    /// Swap (X7) is on offer: legal now and a person's turn.
    pub fn swap_available(&self) -> bool {
        !self.is_over() && self.is_human_turn() && self.position.swap_allowed()
    }

    /// Answers Red's first stone with swap (X7).
    pub fn swap(&mut self) -> Result<(), &'static str> {
        if !self.swap_available() {
            return Err(key("toast-swap-not-allowed"));
        }
        self.play(HexMove::Swap).map_err(|_| key("toast-swap-not-allowed"))
    }

    /// Plays the bot's move, if it is still the bot's turn at `ply` (a result
    /// computed before an undo or a rematch is dropped).
    pub fn apply_bot_move(&mut self, ply: usize, mv: HexMove) -> Result<(), String> {
        if ply != self.ply() || self.bot_to_move().is_none() {
            return Err(format!("stale bot move for ply {ply} (now {})", self.ply()));
        }
        self.play(mv).map_err(|e| e.to_string())
    }

    /// The seed for the bot's move at the current ply: derived from the record
    /// seed, so a replayed game gets the same bot moves.
    pub fn bot_seed(&self) -> u64 {
        super::bot_seed(self.record.seed, self.ply())
    }

    /// The number of moves to keep for an undo: the last point where a person
    /// was to move. Against a bot this takes back the bot's reply too.
    fn undo_target(&self) -> Option<usize> {
        super::undo_point(&self.record, &self.players)
    }

    /// Never online: a move sent to the server is not taken back.
    pub fn can_undo(&self) -> bool {
        !self.is_online() && !self.is_over() && self.is_human_turn() && self.undo_target().is_some()
    }

    /// Takes back the person's last move (and the bot's reply), replaying
    /// the record. Returns whether anything changed.
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
                self.position = position;
                self.ghost = None;
                true
            }
            Err(_) => false,
        }
    }

    /// The seat that resigns: the person against a bot, else the side to
    /// move. Online the server decides (the screen sends a resignation), so
    /// nothing changes here.
    pub fn resign(&mut self) -> bool {
        if self.is_online() {
            return false;
        }
        let Some(to_move) = self.seat_to_move() else {
            return false;
        };
        let loser = if self.vs_bot() { self.local } else { to_move };
        self.resigned = Some(loser);
        self.ghost = None;
        true
    }

    /// The next game of the match. Who takes the first seat (Red) comes
    /// from the rules' rematch order (X8): the players keep their table
    /// seats, and with `alternate_first` on the table seats take turns.
    pub fn rematch(&self) -> Result<HexController, papan_rules::RuleError> {
        let first_now = first_seat_for_game(self.game_index, self.alternate_first);
        let first_next = first_seat_for_game(self.game_index + 1, self.alternate_first);
        // Game seats -> table seats -> the next game's seats.
        let table = in_seat_order(self.players, first_now);
        let players = in_seat_order(table, first_next);
        let local_table = if first_now == Seat::First {
            self.local
        } else {
            self.local.other()
        };
        let local = if first_next == Seat::First {
            local_table
        } else {
            local_table.other()
        };
        let record = Record::new(self.record.options, mix(self.record.seed));
        let position = record.start()?;
        Ok(HexController {
            record,
            position,
            players,
            local,
            game_index: self.game_index + 1,
            alternate_first: self.alternate_first,
            resigned: None,
            verdict: None,
            ghost: None,
        })
    }

    /// `human` / `bot` against a bot; `human` / `remote` online (from this
    /// device's side); `red` / `blue` between two people on one device.
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
            match self.position.colour_of(winner) {
                Colour::Red => "red",
                Colour::Blue => "blue",
            }
        })
    }

    /// Fluent keys for the result banner: (headline, reason).
    pub fn result_keys(&self) -> Option<(&'static str, &'static str)> {
        let outcome = self.outcome()?;
        if self.is_online() {
            let headline = super::online_headline(outcome, self.local, key("result-you-win"));
            let reason = super::online_verdict_reason(outcome, self.local).unwrap_or(key("reason-connection"));
            return Some((headline, reason));
        }
        let headline = match self.winner_kind()? {
            "human" => key("result-you-win"),
            "bot" => key("result-bot-wins"),
            "red" => key("result-red-wins"),
            _ => key("result-blue-wins"),
        };
        let reason = match outcome.reason {
            EndReason::Resignation if self.vs_bot() => key("reason-you-resigned"),
            EndReason::Resignation => key("reason-resignation"),
            _ => key("reason-connection"),
        };
        Some((headline, reason))
    }

    pub fn to_save(&self) -> HexSave {
        HexSave {
            version: SAVE_VERSION,
            record: self.record.clone(),
            players: self.players,
            local: self.local,
            game_index: self.game_index,
            alternate_first: self.alternate_first,
            resigned: self.resigned,
        }
    }

    /// Rebuilds a controller from a save, replaying every move through the
    /// rules. An error says what is wrong with it.
    pub fn from_save(save: HexSave) -> Result<HexController, String> {
        if save.version != SAVE_VERSION {
            return Err(format!("save version {} is not supported", save.version));
        }
        if !save.players.contains(&Player::Human) {
            return Err("no seat is played by a person".to_string());
        }
        if save.players[save.local.index()] != Player::Human {
            return Err("the local seat is not played by a person".to_string());
        }
        if save.players.contains(&Player::Remote) {
            return Err("an online game is not resumed from a save".to_string());
        }
        let position = save.record.replay().map_err(|e| e.to_string())?;
        Ok(HexController {
            record: save.record,
            position,
            players: save.players,
            local: save.local,
            game_index: save.game_index,
            alternate_first: save.alternate_first,
            resigned: save.resigned,
            verdict: None,
            ghost: None,
        })
    }

    pub fn to_save_text(&self) -> String {
        serde_json::to_string(&self.to_save()).expect("a save always serializes")
    }

    pub fn from_save_text(text: &str) -> Result<HexController, String> {
        let save: HexSave = serde_json::from_str(text).map_err(|e| e.to_string())?;
        HexController::from_save(save)
    }
}
