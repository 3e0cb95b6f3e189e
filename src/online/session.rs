//! `RoomSession`: what the app knows about its seat in one online room — the
//! server's last snapshot, the action waiting for an answer, the connection,
//! the opponent's presence and the message to show. Plain state, no I/O:
//! the link (`link.rs`) feeds it, the screens read it. The server decides
//! everything; this only remembers what it said and when.

use papan_api::fairness;
use papan_api::{
    Action, ActionAccepted, ActionRequest, ApiError, ErrorCode, EventKind, GameId, RoomEvent, RoomStatus, SeatGrant,
    Snapshot,
};
use papan_rules::{Outcome, Seat};

/// The link to the server, as the connection dot shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// First contact, or a new stream being opened.
    Connecting,
    /// Events are streaming.
    Live,
    /// The stream dropped; the next try is number `attempt`.
    Retrying { attempt: u32 },
    /// The server says this seat is gone (room closed and forgotten, token
    /// unknown): retrying cannot help. The text is the server's reason.
    Lost(String),
    /// This device's games were moved to another device (a transfer): it
    /// no longer acts for this seat.
    Moved,
}

/// An action sent and not yet answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub client_seq: u64,
    pub action: Action,
    /// The room version the action was based on: an optimistic board is
    /// shown only while the snapshot is still at this version.
    pub based_on: u64,
}

/// A message for the player about the last action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The server refused the action; `rule` names the rule (X5, H13…).
    Refused {
        rule: Option<papan_rules::RuleId>,
        message: String,
    },
    /// The room moved on before the action arrived (another event came first).
    Stale,
    /// The action could not be delivered; nothing was played.
    SendFailed,
}

/// The other player, as far as the server knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// No one has taken the second seat yet.
    Waiting,
    Present,
    /// Their app is not connected (the grace period runs on the server).
    Away,
    /// The server's bot plays their seat (Hex after the grace ran out, X13).
    Bot,
}

#[derive(Clone, Debug)]
pub struct RoomSession {
    game: GameId,
    grant: SeatGrant,
    snapshot: Option<Snapshot>,
    /// Local time (ms) when the snapshot's clock figures were received.
    clock_received_ms: u64,
    connection: Connection,
    pending: Option<Pending>,
    last_seq: u64,
    notice: Option<(u64, Notice)>,
    last_event: Option<EventKind>,
    /// The fairness check of the finished game: (game index, result).
    fairness: Option<(u32, Result<(), String>)>,
    resync: bool,
    /// The player asked to leave: the link stops.
    left: bool,
    /// The opponent's latest change of presence: (counter, present).
    presence_change: Option<(u64, bool)>,
    /// The opponent has been connected at least once (their first arrival
    /// is a join, not a return).
    opponent_seen: bool,
}

impl RoomSession {
    pub fn new(game: GameId, grant: SeatGrant) -> RoomSession {
        RoomSession {
            game,
            grant,
            snapshot: None,
            clock_received_ms: 0,
            connection: Connection::Connecting,
            pending: None,
            last_seq: 0,
            notice: None,
            last_event: None,
            fairness: None,
            resync: false,
            left: false,
            presence_change: None,
            opponent_seen: false,
        }
    }

    pub fn game(&self) -> GameId {
        self.game
    }

    pub fn grant(&self) -> &SeatGrant {
        &self.grant
    }

    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.snapshot.as_ref()
    }

    /// The last room version seen (the `Last-Event-ID` to resume from).
    pub fn version(&self) -> Option<u64> {
        self.snapshot.as_ref().map(|s| s.version)
    }

    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// The latest notice with an id that changes with every new one (for
    /// hiding it after a while).
    pub fn notice(&self) -> Option<&(u64, Notice)> {
        self.notice.as_ref()
    }

    pub fn dismiss_notice(&mut self, id: u64) {
        if self.notice.as_ref().is_some_and(|(i, _)| *i == id) {
            self.notice = None;
        }
    }

    /// The opponent's latest arrival or departure, with a counter that
    /// changes with each (for a passing message).
    pub fn presence_change(&self) -> Option<(u64, bool)> {
        self.presence_change
    }

    /// The last versioned event, if the server played this seat's move for
    /// it (its time ran out): the room version it produced.
    pub fn auto_moved_for_me(&self) -> Option<u64> {
        let s = self.snapshot.as_ref()?;
        match &self.last_event {
            Some(EventKind::Moved { seat, auto: true, .. }) if *seat == s.seat => Some(s.version),
            _ => None,
        }
    }

    pub fn last_event(&self) -> Option<&EventKind> {
        self.last_event.as_ref()
    }

    pub fn status(&self) -> Option<RoomStatus> {
        self.snapshot.as_ref().map(|s| s.status)
    }

    /// This device's seat in the current game.
    pub fn my_seat(&self) -> Option<Seat> {
        self.snapshot.as_ref().map(|s| s.seat)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.snapshot.as_ref().and_then(|s| s.outcome)
    }

    /// Whether the server waits for this seat (a move, or a due roll while
    /// it is this seat's turn to roll — either seat may trigger it).
    pub fn is_my_turn(&self) -> bool {
        self.snapshot
            .as_ref()
            .is_some_and(|s| s.status == RoomStatus::Playing && (s.to_move == Some(s.seat) || s.roll_due))
    }

    /// Taps may send an action now: my turn, nothing in flight, connected.
    pub fn can_act(&self) -> bool {
        self.is_my_turn()
            && self.pending.is_none()
            && !matches!(self.connection, Connection::Lost(_) | Connection::Moved)
    }

    pub fn opponent(&self) -> Opponent {
        let Some(s) = self.snapshot.as_ref() else {
            return Opponent::Waiting;
        };
        if s.status == RoomStatus::Waiting {
            return Opponent::Waiting;
        }
        if s.bot_seats.contains(&s.seat.other()) {
            return Opponent::Bot;
        }
        if s.present[1 - s.slot as usize] {
            Opponent::Present
        } else {
            Opponent::Away
        }
    }

    /// Milliseconds left on `seat`'s clock at local time `now_ms`, counting
    /// down from the server's last figures; `None` without a clock.
    pub fn time_left(&self, seat: Seat, now_ms: u64) -> Option<u64> {
        let s = self.snapshot.as_ref()?;
        let clock = s.clock.as_ref()?;
        let left = clock.remaining_ms[seat.index()]?;
        if s.status == RoomStatus::Playing && clock.running == Some(seat) {
            Some(left.saturating_sub(now_ms.saturating_sub(self.clock_received_ms)))
        } else {
            Some(left)
        }
    }

    /// The fairness check of the finished game, once the server published its
    /// reveal (Jun Qi layout, backgammon dice).
    pub fn fairness(&self) -> Option<&Result<(), String>> {
        let index = self.snapshot.as_ref()?.game_index;
        self.fairness.as_ref().filter(|(i, _)| *i == index).map(|(_, r)| r)
    }

    pub fn set_connection(&mut self, connection: Connection) {
        self.connection = connection;
    }

    /// Asks the link to fetch the room again at once (back from the
    /// background, a stale answer).
    pub fn request_resync(&mut self) {
        self.resync = true;
    }

    pub fn take_resync(&mut self) -> bool {
        std::mem::take(&mut self.resync)
    }

    pub fn leave(&mut self) {
        self.left = true;
    }

    pub fn has_left(&self) -> bool {
        self.left
    }

    /// A snapshot fetched or returned by an action. Older ones are ignored,
    /// so a late answer never takes the board back.
    pub fn on_snapshot(&mut self, snapshot: Snapshot, now_ms: u64) {
        if self.version().is_some_and(|v| snapshot.version < v) {
            return;
        }
        self.clock_received_ms = now_ms;
        self.opponent_seen |= snapshot.present[1 - snapshot.slot as usize];
        self.snapshot = Some(snapshot);
        self.check_fairness();
    }

    /// An event from the stream. Presence changes update the opponent only;
    /// versioned events already seen (replays after a reconnect) are skipped.
    pub fn on_event(&mut self, event: RoomEvent, now_ms: u64) {
        if let EventKind::Presence { slot, present } = event.kind {
            if let Some(s) = self.snapshot.as_mut() {
                let changed = s.present.get(slot as usize).is_some_and(|p| *p != present);
                if let Some(p) = s.present.get_mut(slot as usize) {
                    *p = present;
                }
                if changed && slot != s.slot && (!present || self.opponent_seen) {
                    let id = self.presence_change.map_or(1, |(i, _)| i + 1);
                    self.presence_change = Some((id, present));
                }
                if slot != s.slot && present {
                    self.opponent_seen = true;
                }
            }
            return;
        }
        if self.version().is_some_and(|v| event.version <= v) {
            return;
        }
        self.last_event = Some(event.kind);
        self.on_snapshot(event.snapshot, now_ms);
    }

    /// Starts an action: the request to send, or the Fluent key of why not.
    pub fn begin(&mut self, action: Action, now_ms: u64) -> Result<ActionRequest, &'static str> {
        if self.pending.is_some() {
            return Err(crate::i18n::key("online-wait-server"));
        }
        let Some(version) = self.version() else {
            return Err(crate::i18n::key("online-connecting"));
        };
        // Sequence numbers must never repeat for this seat, even after the
        // app restarts (the server answers a repeated one with its first
        // answer): the clock in ms, kept strictly increasing.
        let client_seq = now_ms.max(self.last_seq + 1);
        self.last_seq = client_seq;
        self.pending = Some(Pending {
            client_seq,
            action: action.clone(),
            based_on: version,
        });
        Ok(ActionRequest {
            based_on_version: version,
            client_seq,
            action,
        })
    }

    fn finish(&mut self, client_seq: u64) -> bool {
        if self.pending.as_ref().is_some_and(|p| p.client_seq == client_seq) {
            self.pending = None;
            true
        } else {
            false
        }
    }

    fn set_notice(&mut self, notice: Notice) {
        let id = self.notice.as_ref().map_or(1, |(i, _)| i + 1);
        self.notice = Some((id, notice));
    }

    pub fn on_accepted(&mut self, client_seq: u64, accepted: ActionAccepted, now_ms: u64) {
        self.finish(client_seq);
        self.on_snapshot(accepted.snapshot, now_ms);
    }

    /// The server refused: the optimistic board goes back to the last
    /// snapshot (nothing else changed) and the reason is shown.
    pub fn on_refused(&mut self, client_seq: u64, error: ApiError) {
        if !self.finish(client_seq) {
            return;
        }
        if error.code == ErrorCode::StaleVersion {
            self.set_notice(Notice::Stale);
            self.resync = true;
        } else if error.code == ErrorCode::Moved {
            self.connection = Connection::Moved;
        } else {
            self.set_notice(Notice::Refused {
                rule: error.rule,
                message: error.message,
            });
        }
    }

    /// The action never got an answer: it may not have been played.
    pub fn on_send_failed(&mut self, client_seq: u64) {
        if self.finish(client_seq) {
            self.set_notice(Notice::SendFailed);
            self.resync = true;
        }
    }

    fn check_fairness(&mut self) {
        let Some(s) = self.snapshot.as_ref() else { return };
        if self.fairness.as_ref().is_some_and(|(i, _)| *i == s.game_index) {
            return;
        }
        let (Some(commitment), Some(reveal), Some(view)) = (&s.commitment, &s.reveal, &s.view) else {
            return;
        };
        let result = fairness::verify(self.game, commitment, reveal, &s.moves, s.seat, view);
        self.fairness = Some((s.game_index, result));
    }
}
