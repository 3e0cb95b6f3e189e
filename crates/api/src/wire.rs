//! Wire types, version 1 (every path starts with `/v1`). Moves travel in each
//! game's text notation (`f6`, `e3h`, `24/18 13/11`, `a3` / `a3-a4`), seat
//! views as the rules crate's own JSON of `Game::view`.

use papan_rules::{Outcome, Seat};
use serde::{Deserialize, Serialize};

/// The API version in every path.
pub const API_VERSION: u32 = 1;
/// Header carrying a seat token.
pub const SEAT_TOKEN_HEADER: &str = "x-seat-token";

/// The four games, as the rules crate names them (`"hex"`, `"junqi"`, …).
pub use papan_rules::GameId;

/// Room options, typed per game (see [`crate::options`]).
pub use crate::options::{
    DaysPerMove, GameOptions, HadangRoomOptions, HadangTempo, HexRoomOptions, RoomOptions, CORRESPONDENCE_DAYS, DAY_MS,
    HEX_TURN_LIMITS_S, JUNQI_MOVE_LIMIT_S, MAX_CORRESPONDENCE_GAMES, VACATION_DAYS_PER_MONTH,
};

/// `POST /v1/devices` answer: keep `device_token` on the device (it is the
/// only credential; the server stores its hash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceRegistration {
    pub device_id: String,
    pub device_token: String,
}

/// `POST /v1/rooms` body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreateRoom {
    pub options: RoomOptions,
}

/// `POST /v1/rooms/join` body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinRoom {
    pub code: String,
}

/// `POST /v1/match` body: seats the device at a waiting table with the same
/// options, or opens one; the game starts when the table is full.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuickMatch {
    pub options: RoomOptions,
}

/// A seat granted by create, join or quick match. `seat_token` is a random
/// 256-bit secret shown once; keep it on the device to reclaim the seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatGrant {
    pub room_id: String,
    pub code: String,
    /// Table seat 0 (creator) or 1; fixed for the room's life.
    pub slot: u8,
    pub seat_token: String,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Waiting for the second player.
    Waiting,
    Playing,
    /// The game ended; a rematch may follow.
    Over,
    /// A player left a finished or waiting room.
    Closed,
}

/// Time left per game seat, in milliseconds of the room's game time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// `[First, Second]`; `None` without a clock.
    pub remaining_ms: [Option<u64>; 2],
    /// The seat whose time runs.
    pub running: Option<Seat>,
    /// `[First, Second]`: a seat on vacation (correspondence rooms), the
    /// time left of it; that seat's clock does not run meanwhile.
    #[serde(default)]
    pub vacation_ms: [Option<u64>; 2],
}

/// `POST /v1/vacation` body: start a vacation of `days` days (at most what
/// is left this calendar month), or end the one running with `days: 0`.
/// Every correspondence clock of the device stops meanwhile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VacationRequest {
    pub days: u8,
}

/// `GET`/`POST /v1/vacation` answer: the device's vacation now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacationStatus {
    /// Time left of the vacation running, if one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_vacation_ms: Option<u64>,
    /// Vacation left this calendar month (UTC), in milliseconds.
    pub left_this_month_ms: u64,
    /// The device's open correspondence games.
    pub open_correspondence_games: usize,
}

/// Fairness commitment: `sha256(domain ‖ salt ‖ seed as u64 LE)` in hex,
/// published when the game starts. The domain is `papan-junqi-v1` (the seed
/// deals the layout) or `papan-backgammon-v1` (the seed draws every roll).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment {
    pub sha256: String,
}

/// The commitment's opening, published when the game ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub seed: u64,
    /// 32 bytes in hex.
    pub salt: String,
}

/// The room as one seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub room_id: String,
    pub code: String,
    /// Increases by one with every change; the id of the last event.
    pub version: u64,
    pub options: RoomOptions,
    pub status: RoomStatus,
    /// Which game of the series (0, 1, ... after rematches).
    pub game_index: u32,
    /// The viewer's table seat.
    pub slot: u8,
    /// The viewer's seat in the current game (X8: alternates over rematches).
    pub seat: Seat,
    /// `Game::view(seat)` of the current game, as JSON; absent while waiting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<serde_json::Value>,
    /// Who acts next: a seat, `"chance"` (roll due) or nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Seat>,
    /// A dice roll is due (backgammon).
    pub roll_due: bool,
    /// The viewer's legal moves in notation (empty when not its turn).
    pub legal_moves: Vec<String>,
    /// Every move of the current game in notation (public once played).
    pub moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// Seats played by the server's bot after a player's grace ran out.
    pub bot_seats: Vec<Seat>,
    /// Fairness commitment (Jun Qi layout, backgammon dice), from the start
    /// of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<Commitment>,
    /// Its opening, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Reveal>,
    /// Which slots want a rematch.
    pub rematch_requested: [bool; 2],
    /// Indexed by table slot: whether that slot has at least one open event
    /// stream right now (live presence, not part of the logged state).
    #[serde(default)]
    pub present: [bool; 2],
}

impl Snapshot {
    /// The seat's view of the board typed as the game's view `V` (Jun
    /// Qi's `JunQiView`), read from the `game` member of [`Snapshot::view`]
    /// (`{"game": <view>, "verdict": …}`) through `V`'s own checks.
    pub fn seat_view<V: serde::de::DeserializeOwned>(&self) -> Result<V, String> {
        let json = self.view.as_ref().ok_or("the snapshot has no view of the game")?;
        let game = json
            .get("game")
            .ok_or("the view has no `game` (expected {\"game\": …, \"verdict\": …})")?;
        V::deserialize(game).map_err(|e| format!("the view cannot be read: {e}"))
    }
}

/// What a player asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// A move in the game's notation.
    Move {
        notation: String,
    },
    /// Hex swap answer (X7).
    Swap,
    /// Backgammon: roll the dice (the server draws them now).
    Roll,
    Resign,
    /// Ask for (or accept) another game; starts when both slots asked.
    Rematch,
    /// Leave the room: during a game this loses by abandonment (J20).
    Leave,
}

/// `POST /v1/rooms/{id}/actions` body. A retry with the same `client_seq`
/// returns the first answer and changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRequest {
    pub based_on_version: u64,
    pub client_seq: u64,
    pub action: Action,
}

/// Answer to an accepted action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionAccepted {
    /// The version of the action's own event (stored with its
    /// `client_seq`; a retry is answered with the same). Events it led to
    /// (the game's end, a bot's reply, the next game) follow it, and the
    /// snapshot shows the room after them.
    pub version: u64,
    pub snapshot: Snapshot,
}

/// What happened, in public terms (no hidden identity ever appears here).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    Created,
    Joined {
        slot: u8,
    },
    Started {
        game_index: u32,
    },
    Moved {
        seat: Seat,
        notation: String,
        auto: bool,
    },
    Rolled {
        notation: String,
    },
    Ended {
        outcome: Outcome,
    },
    RematchRequested {
        slot: u8,
    },
    BotTookOver {
        seat: Seat,
    },
    Closed,
    /// The player at table `slot` went on vacation until `until_ms` (server
    /// time, ms since 1970) or came back (`None`): in a correspondence room
    /// their clock stops meanwhile.
    Vacation {
        slot: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until_ms: Option<u64>,
    },
    /// Live only: a table slot's first event stream opened (`present`) or
    /// its last one closed. Never logged nor replayed, does not change the
    /// version (it carries the current one) and its SSE frame has no `id:`.
    Presence {
        slot: u8,
        present: bool,
    },
}

impl EventKind {
    /// Whether the event is part of the room's log (it has a version of its
    /// own and advances `Last-Event-ID`); presence is not.
    pub fn is_logged(&self) -> bool {
        !matches!(self, EventKind::Presence { .. })
    }
}

/// One SSE event (`id:` = `version`, `event: room`, `data:` this JSON): what
/// happened and the room as the subscriber's seat now sees it. Presence
/// frames carry no `id:`; their `version` is the room's current one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomEvent {
    pub version: u64,
    pub kind: EventKind,
    pub snapshot: Snapshot,
}

/// `GET /v1/ratings/{game}` answer for the calling device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub game: GameId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    /// Fewer than 10 rated games, or deviation above 110.
    pub provisional: bool,
}

/// The most seats one `POST /v1/seats/summary` may ask about.
pub const MAX_SUMMARY_SEATS: usize = 50;

/// One seat of the device, as it was granted (create, join, quick match).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRef {
    pub room_id: String,
    pub seat_token: String,
}

/// `POST /v1/seats/summary` body: the device's seats to look at, at most
/// [`MAX_SUMMARY_SEATS`], each room once. Every seat must be this device's:
/// one that is not refuses the whole request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatsSummaryRequest {
    pub seats: Vec<SeatRef>,
}

/// One open room as its seat sees it, in a line: the home screen's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSummary {
    pub room_id: String,
    pub game: GameId,
    pub status: RoomStatus,
    /// The room's version (it changes with every logged event).
    pub version: u64,
    /// The server waits for this seat: its move, or its roll.
    pub your_move: bool,
    /// Time left on this seat's clock (a live clock in game ms, a
    /// correspondence clock in real ms); absent without a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left_ms: Option<u64>,
    /// Days per move of a correspondence room.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u8>,
    /// The last move of the current game, in notation (rolls included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_move: Option<String>,
    /// How many entries the current game's `moves` has.
    pub moves: usize,
    /// The server's bot plays the other seat.
    #[serde(default)]
    pub opponent_bot: bool,
    /// Once over: whether this seat won (`None`: a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub won: Option<bool>,
}

/// `POST /v1/seats/summary` answer: one line per room asked about, in the
/// order asked; `gone` lists the rooms that no longer exist or are kept
/// closed (forget their seats).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatsSummary {
    pub rooms: Vec<RoomSummary>,
    #[serde(default)]
    pub gone: Vec<String>,
}
