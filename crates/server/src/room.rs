//! One task per room (an actor): it owns the game, validates every action
//! with papan-rules, runs the clocks and grace periods, appends to the event
//! log and fans events out per viewer. Nothing else touches a room.

use crate::config::Config;
use crate::core::{Logged, RoomCore};
use crate::games::{absence, tempo, Absence};
use crate::push::{Notice, Says};
use crate::secrets;
use crate::storage::{Entry, NewSeat, RatedResult, Storage};
use papan_api::fairness::dice_rng;
use papan_api::{
    Action, ActionAccepted, ActionRequest, ApiError, ErrorCode, EventKind, RoomEvent, RoomStatus, RoomSummary,
    SeatGrant, Snapshot,
};
use papan_rules::clock::{Clock, ClockState, Expiry, Tempo};
use papan_rules::{EndReason, Outcome, Seat, Turn};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc, oneshot};

type Reply<T> = oneshot::Sender<Result<T, ApiError>>;

/// What an event stream gets: its slot, the missed events, then live ones.
pub struct Subscription {
    pub slot: u8,
    pub backlog: Vec<RoomEvent>,
    pub live: broadcast::Receiver<RoomEvent>,
}

pub enum Cmd {
    Snapshot {
        token_hash: String,
        device_id: String,
        reply: Reply<Snapshot>,
    },
    Act {
        token_hash: String,
        device_id: String,
        request: ActionRequest,
        reply: Reply<ActionAccepted>,
    },
    Subscribe {
        token_hash: String,
        device_id: String,
        last_event_id: Option<u64>,
        reply: Reply<Subscription>,
    },
    Unsubscribe {
        slot: u8,
    },
    /// The seat's line in its device's list of games.
    Summary {
        token_hash: String,
        device_id: String,
        reply: Reply<RoomSummary>,
    },
    Join {
        device_id: String,
        reply: Reply<SeatGrant>,
    },
    /// The device's vacation started (until then) or ended (`None`).
    Vacation {
        device_id: String,
        until_ms: Option<u64>,
        reply: Reply<()>,
    },
}

#[derive(Clone)]
pub struct RoomHandle {
    pub tx: mpsc::Sender<Cmd>,
    /// Stops the room's task at once (a server stopping as a crash would:
    /// open event streams end, clients see the connection drop).
    pub task: tokio::task::AbortHandle,
}

impl RoomHandle {
    /// Whether both handles reach the same room task.
    pub fn same_task(&self, other: &RoomHandle) -> bool {
        self.tx.same_channel(&other.tx)
    }

    /// Ends the room's task now.
    pub fn stop(&self) {
        self.task.abort();
    }

    pub async fn call<T>(&self, make: impl FnOnce(Reply<T>) -> Cmd) -> Result<T, ApiError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(make(reply))
            .await
            .map_err(|_| ApiError::new(ErrorCode::NotFound, "the room is closed"))?;
        rx.await
            .map_err(|_| ApiError::new(ErrorCode::Internal, "the room stopped"))?
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The rooms running on this node, by id and by join code.
#[derive(Default)]
pub struct Registry {
    rooms: Mutex<HashMap<String, RoomHandle>>,
    codes: Mutex<HashMap<String, String>>,
}

impl Registry {
    pub fn get(&self, id: &str) -> Option<RoomHandle> {
        lock(&self.rooms).get(id).cloned()
    }

    pub fn by_code(&self, code: &str) -> Option<RoomHandle> {
        let id = lock(&self.codes).get(&code.trim().to_ascii_uppercase()).cloned()?;
        self.get(&id)
    }

    pub fn insert(&self, id: &str, code: &str, handle: RoomHandle) {
        lock(&self.rooms).insert(id.to_string(), handle);
        lock(&self.codes).insert(code.to_string(), id.to_string());
    }

    /// Registers `handle` unless room `id` runs already: the one kept.
    pub fn insert_first(&self, id: &str, code: &str, handle: RoomHandle) -> RoomHandle {
        let kept = {
            let mut rooms = lock(&self.rooms);
            rooms.entry(id.to_string()).or_insert_with(|| handle.clone()).clone()
        };
        if kept.same_task(&handle) {
            lock(&self.codes).insert(code.to_string(), id.to_string());
        }
        kept
    }

    pub fn forget(&self, id: &str) {
        lock(&self.rooms).remove(id);
        lock(&self.codes).retain(|_, v| v != id);
    }

    /// Stops every room and forgets them all.
    pub fn stop_all(&self) {
        for (_, room) in lock(&self.rooms).drain() {
            room.stop();
        }
        lock(&self.codes).clear();
    }
}

/// What a room task needs from the node around it.
pub struct RoomEnv {
    pub config: Config,
    pub store: Arc<Storage>,
    /// Where the room is forgotten once its task ends.
    pub registry: Arc<Registry>,
    /// Where notices to the seats' devices go.
    pub push: Arc<crate::push::Pusher>,
}

pub struct Actor {
    core: RoomCore,
    log: Vec<Logged>,
    token_hashes: [Option<String>; 2],
    devices: [Option<String>; 2],
    /// (slot, client_seq) → version it produced: retries are answered, not replayed.
    seqs: HashMap<(u8, u64), u64>,
    tempo: Tempo,
    clock: Option<Clock>,
    /// A correspondence room: its clock runs on the server's wall clock
    /// (never paused by a restart), running out loses, nobody is replaced
    /// for being away, and a seat on vacation has its clock stopped.
    correspondence: bool,
    /// Sees the wall clock moved forward (tests), to look at deadlines again.
    wall: tokio::sync::watch::Receiver<u64>,
    senders: [broadcast::Sender<RoomEvent>; 2],
    streams: [usize; 2],
    absent_since: [Option<Instant>; 2],
    origin: Instant,
    closed_at: Option<Instant>,
    /// The version whose move its player was reminded of (time low), so
    /// that each move is reminded of once (again after a restart, at most).
    reminded: Option<u64>,
    /// Another node appended to this room's log (it owns the room now):
    /// the task ends without writing again.
    fenced: bool,
    env: Arc<RoomEnv>,
}

/// Events buffered per seat for live streams. The ring keeps its last values
/// alive (each with a full snapshot), so it is kept small: a reader that
/// falls further behind is cut off and resumes from the log with
/// `Last-Event-ID`.
const FANOUT_BUFFER: usize = 16;

/// How long a closed room stays readable before its task ends.
const CLOSED_LINGER: Duration = Duration::from_secs(60);

fn forbidden() -> ApiError {
    ApiError::new(
        ErrorCode::Forbidden,
        "this seat token does not hold a seat in this room",
    )
}

impl Actor {
    /// A room rebuilt from its stored log (or a new one with its first events).
    pub fn restore(
        env: Arc<RoomEnv>,
        core: RoomCore,
        seats: Vec<(u8, String, String)>,
        log: Vec<(Logged, Option<u8>, Option<u64>)>,
    ) -> Result<Actor, ApiError> {
        let tempo = tempo(&core.options)?;
        let correspondence = core.options.is_correspondence();
        let wall = env.config.wall.watch();
        let mut actor = Actor {
            correspondence,
            wall,
            core,
            log: Vec::new(),
            token_hashes: [None, None],
            devices: [None, None],
            seqs: HashMap::new(),
            tempo,
            clock: None,
            senders: [broadcast::channel(FANOUT_BUFFER).0, broadcast::channel(FANOUT_BUFFER).0],
            streams: [0; 2],
            absent_since: [None; 2],
            origin: Instant::now(),
            closed_at: None,
            reminded: None,
            fenced: false,
            env,
        };
        for (slot, hash, device) in seats {
            actor.token_hashes[slot as usize] = Some(hash);
            actor.devices[slot as usize] = Some(device);
        }
        let mut last_clock = None;
        for (event, slot, seq) in log {
            actor.core.apply(&event)?;
            if let (Some(slot), Some(seq)) = (slot, seq) {
                actor.seqs.insert((slot, seq), actor.core.version);
            }
            if matches!(event.kind, EventKind::Started { .. }) {
                last_clock = None;
            }
            if event.clock.is_some() {
                last_clock = event.clock;
            }
            actor.log.push(event);
        }
        if actor.core.playing() && actor.correspondence {
            // The stored clock runs on the wall clock: the time the server
            // was down counts (a correspondence game's days are calendar
            // days), and nobody is waited for.
            let now = actor.now();
            let mut clock = last_clock.unwrap_or_else(|| actor.fresh_clock(now));
            away_sync(&actor.core, &mut clock, now);
            actor.clock = Some(clock);
        } else if actor.core.playing() {
            // Nobody is connected to a restored room yet: both seats get the
            // full grace period to come back.
            actor.absent_since = [Some(Instant::now()); 2];
            // Clocks resume from the last stored reading: the time the
            // server was down is not charged (the grace of a restart).
            let now = actor.now();
            actor.clock = Some(match last_clock {
                Some(mut clock) => {
                    if clock.resume(now).is_err() {
                        clock = actor.fresh_clock(now);
                    }
                    clock
                }
                None => actor.fresh_clock(now),
            });
        }
        Ok(actor)
    }

    pub fn spawn(self) -> RoomHandle {
        let (tx, rx) = mpsc::channel(256);
        let task = tokio::spawn(self.run(rx)).abort_handle();
        RoomHandle { tx, task }
    }

    /// The clock's time: game milliseconds since the task started (live
    /// rooms), or the server's wall clock (correspondence rooms).
    fn now(&self) -> u64 {
        if self.correspondence {
            return self.env.config.wall.now_ms();
        }
        let real = self.origin.elapsed().as_millis() as u64;
        real * 1000 / self.env.config.ms_per_game_second.max(1)
    }

    fn game_to_real(&self, game_ms: u64) -> Duration {
        if self.correspondence {
            return Duration::from_millis(game_ms);
        }
        Duration::from_millis(game_ms * self.env.config.ms_per_game_second / 1000)
    }

    fn fresh_clock(&self, now: u64) -> Clock {
        let mut clock = Clock::new(self.tempo);
        if let Some(Turn::Seat(seat)) = self.core.game().map(|g| g.turn()) {
            let _ = clock.start(seat, now);
        }
        clock
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        loop {
            if self.fenced {
                tracing::warn!(room = %self.core.id, "room dropped: another node owns it now");
                break;
            }
            if self.core.status == RoomStatus::Closed && self.streams == [0, 0] {
                // A closed room stays readable a while (the opponent sees
                // the result), then its task ends; the log stays in SQLite.
                let closed_at = *self.closed_at.get_or_insert_with(Instant::now);
                if closed_at.elapsed() >= CLOSED_LINGER {
                    break;
                }
            }
            let deadline = self.next_deadline();
            let cmd = match deadline {
                Some(at) => tokio::select! {
                    cmd = rx.recv() => cmd,
                    _ = tokio::time::sleep_until(at.into()) => { self.check_timers().await; continue; }
                    Ok(()) = self.wall.changed(), if self.correspondence => { self.check_timers().await; continue; }
                },
                None => tokio::select! {
                    cmd = rx.recv() => cmd,
                    Ok(()) = self.wall.changed(), if self.correspondence => { self.check_timers().await; continue; }
                },
            };
            let Some(cmd) = cmd else { break };
            self.check_timers().await;
            self.handle(cmd).await;
        }
        self.env.registry.forget(&self.core.id);
    }

    fn slot_for(&self, token_hash: &str) -> Result<u8, ApiError> {
        (0..2u8)
            .find(|&s| self.token_hashes[s as usize].as_deref() == Some(token_hash))
            .ok_or_else(forbidden)
    }

    /// The slot `token_hash` holds, if it is `device_id`'s: a seat token
    /// does not act for another device (a seat whose device moved by a
    /// transfer is held by the device that claimed it, under the same id).
    fn seat_of(&self, token_hash: &str, device_id: &str) -> Result<u8, ApiError> {
        let slot = self.slot_for(token_hash)?;
        if self.devices[slot as usize].as_deref() == Some(device_id) {
            Ok(slot)
        } else {
            Err(ApiError::new(
                ErrorCode::Forbidden,
                "this seat belongs to another device",
            ))
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Snapshot {
                token_hash,
                device_id,
                reply,
            } => {
                let r = self.seat_of(&token_hash, &device_id).map(|slot| self.snapshot(slot));
                let _ = reply.send(r);
            }
            Cmd::Act {
                token_hash,
                device_id,
                request,
                reply,
            } => {
                let r = match self.seat_of(&token_hash, &device_id) {
                    Ok(slot) => self.act(slot, request).await,
                    Err(e) => Err(e),
                };
                let _ = reply.send(r);
            }
            Cmd::Subscribe {
                token_hash,
                device_id,
                last_event_id,
                reply,
            } => {
                let r = self
                    .seat_of(&token_hash, &device_id)
                    .and_then(|slot| self.subscribe(slot, last_event_id));
                let _ = reply.send(r);
            }
            Cmd::Summary {
                token_hash,
                device_id,
                reply,
            } => {
                let r = self.seat_of(&token_hash, &device_id).map(|slot| self.summary(slot));
                let _ = reply.send(r);
            }
            Cmd::Unsubscribe { slot } => {
                let s = slot as usize;
                if self.streams[s] == 0 {
                    return;
                }
                self.streams[s] -= 1;
                if self.streams[s] == 0 {
                    // A correspondence player is away between moves.
                    if self.core.playing() && !self.correspondence {
                        self.absent_since[s] = Some(Instant::now());
                    }
                    self.announce_presence(slot);
                }
            }
            Cmd::Join { device_id, reply } => {
                let _ = reply.send(self.join(device_id).await);
            }
            Cmd::Vacation {
                device_id,
                until_ms,
                reply,
            } => {
                let _ = reply.send(self.vacation(device_id, until_ms).await);
            }
        }
    }

    /// Logs a seat's vacation (a correspondence room being played or
    /// waiting; anything else has no clock to stop).
    async fn vacation(&mut self, device_id: String, until_ms: Option<u64>) -> Result<(), ApiError> {
        let finished = !matches!(self.core.status, RoomStatus::Waiting | RoomStatus::Playing);
        let Some(slot) = (0..2u8).find(|&s| self.devices[s as usize].as_deref() == Some(device_id.as_str())) else {
            return Ok(());
        };
        if !self.correspondence || finished || self.core.vacation_until[slot as usize] == until_ms {
            return Ok(());
        }
        self.commit(vec![Logged::new(EventKind::Vacation { slot, until_ms })], None)
            .await
            .map(drop)
    }

    /// Counts (or no longer counts) this correspondence room among the
    /// open games of the devices seated: refused past the limit.
    async fn track(&self, device_id: &str, open: bool) -> Result<(), ApiError> {
        let room = self.core.id.clone();
        self.env
            .store
            .update_device(device_id, move |state| {
                if open {
                    state.open_game(&room)
                } else {
                    state.close_game(&room);
                    Ok(())
                }
            })
            .await
    }

    fn snapshot(&self, slot: u8) -> Snapshot {
        let now = self.now();
        self.core
            .snapshot(slot, self.clock.as_ref().map(|c| (c, now)), self.present())
    }

    /// The seat's line in its device's list of games.
    fn summary(&self, slot: u8) -> RoomSummary {
        let snap = self.snapshot(slot);
        let seat = snap.seat;
        let playing = snap.status == RoomStatus::Playing;
        let your_move = playing
            && match snap.to_move {
                Some(to_move) => to_move == seat,
                // A roll is due: the seat whose clock runs rolls; without a
                // clock, the seat after the last mover (the opening roll is
                // either seat's).
                None if snap.roll_due => match snap.clock.as_ref().and_then(|c| c.running) {
                    Some(running) => running == seat,
                    None => self.last_mover().is_none_or(|last| last != seat),
                },
                None => false,
            };
        RoomSummary {
            room_id: snap.room_id,
            game: snap.options.game(),
            status: snap.status,
            version: snap.version,
            your_move,
            time_left_ms: snap.clock.as_ref().and_then(|c| c.remaining_ms[seat.index()]),
            days_per_move: snap.options.days_per_move.map(|d| d.days()),
            last_move: snap.moves.last().cloned(),
            moves: snap.moves.len(),
            opponent_bot: snap.bot_seats.contains(&seat.other()),
            won: snap.outcome.and_then(|o| o.winner).map(|w| w == seat),
        }
    }

    /// The seat that made the current game's last move, if any.
    fn last_mover(&self) -> Option<Seat> {
        self.log.iter().rev().find_map(|e| match &e.kind {
            EventKind::Moved { seat, .. } => Some(Some(*seat)),
            EventKind::Started { .. } => Some(None),
            _ => None,
        })?
    }

    /// Which table slots have at least one open event stream.
    fn present(&self) -> [bool; 2] {
        self.streams.map(|n| n > 0)
    }

    /// Tells every open stream that `slot` came (first stream) or went (last
    /// stream closed). Live only: not logged, the version stays, and the
    /// SSE frame carries no id, so resuming never skips or repeats a logged
    /// event because of it.
    fn announce_presence(&self, slot: u8) {
        let present = self.present();
        for viewer in 0..2u8 {
            let _ = self.senders[viewer as usize].send(RoomEvent {
                version: self.core.version,
                kind: EventKind::Presence {
                    slot,
                    present: present[slot as usize],
                },
                snapshot: self.snapshot(viewer),
            });
        }
    }

    async fn join(&mut self, device_id: String) -> Result<SeatGrant, ApiError> {
        if self.core.status != RoomStatus::Waiting || self.core.joined[1] {
            return Err(ApiError::new(ErrorCode::Conflict, "the room is full"));
        }
        if self.devices[0].as_deref() == Some(device_id.as_str()) {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "this device already holds the other seat",
            ));
        }
        let token = secrets::new_token();
        let hash = secrets::hash_token(&token);
        // The seat is stored with the events that record it: a restart
        // never finds one without the other.
        let seat = NewSeat {
            slot: 1,
            token_hash: hash.clone(),
            device_id: device_id.clone(),
        };
        let events = vec![Logged::new(EventKind::Joined { slot: 1 }), self.start_event(0)];
        if self.correspondence {
            // The 51st open correspondence game of a device is refused
            // before anything is stored.
            self.track(&device_id, true).await?;
        }
        if let Err(e) = self.commit_with_seat(events, None, Some(seat)).await {
            if self.correspondence {
                let _ = self.track(&device_id, false).await;
            }
            return Err(e);
        }
        self.token_hashes[1] = Some(hash);
        self.devices[1] = Some(device_id);
        Ok(SeatGrant {
            room_id: self.core.id.clone(),
            code: self.core.code.clone(),
            slot: 1,
            seat_token: token,
        })
    }

    fn start_event(&self, game_index: u32) -> Logged {
        Logged {
            kind: EventKind::Started { game_index },
            secret: Some((secrets::seed(), secrets::salt())),
            clock: None,
        }
    }

    async fn act(&mut self, slot: u8, request: ActionRequest) -> Result<ActionAccepted, ApiError> {
        if let Some(&version) = self.seqs.get(&(slot, request.client_seq)) {
            // A retry of an accepted request: same answer, nothing replayed.
            return Ok(ActionAccepted {
                version,
                snapshot: self.snapshot(slot),
            });
        }
        if request.based_on_version != self.core.version {
            return Err(ApiError::stale(self.core.version));
        }
        let seat = self.core.seat_of(slot);
        let events = match request.action {
            Action::Move { notation } => vec![self.move_event(seat, notation)?],
            Action::Swap => vec![self.move_event(seat, "swap".to_string())?],
            Action::Roll => {
                let game = self.core.game().filter(|_| self.core.playing());
                match game {
                    Some(g) if g.turn() == Turn::Chance => {
                        // The dice come from the committed seed, stream =
                        // the roll's place in the game, so the client can
                        // check every roll once the seed is revealed.
                        let (seed, _) = self
                            .core
                            .secret
                            .ok_or_else(|| ApiError::new(ErrorCode::Internal, "a game without its seed"))?;
                        let ply = self.core.moves.len() as u64;
                        let notation = g
                            .sample(&mut dice_rng(seed, ply))
                            .ok_or_else(|| ApiError::illegal(papan_rules::RuleId::NoRollDue, "no roll is due"))?;
                        vec![Logged::new(EventKind::Rolled { notation })]
                    }
                    _ => return Err(ApiError::illegal(papan_rules::RuleId::NoRollDue, "no roll is due now")),
                }
            }
            Action::Resign => {
                if !self.core.playing() {
                    return Err(ApiError::new(ErrorCode::Conflict, "no game is being played"));
                }
                vec![Logged::new(EventKind::Ended {
                    outcome: Outcome::win(seat.other(), EndReason::Resignation),
                })]
            }
            Action::Rematch => {
                if self.core.status != RoomStatus::Over {
                    return Err(ApiError::new(
                        ErrorCode::Conflict,
                        "a rematch is asked once the game is over",
                    ));
                }
                if self.core.rematch[slot as usize] {
                    return Err(ApiError::new(ErrorCode::Conflict, "rematch already asked"));
                }
                let mut events = vec![Logged::new(EventKind::RematchRequested { slot })];
                if self.core.rematch[1 - slot as usize] {
                    events.push(self.start_event(self.core.game_index + 1));
                }
                events
            }
            Action::Leave => match self.core.status {
                RoomStatus::Playing => vec![
                    // J20: leaving a game being played loses it.
                    Logged::new(EventKind::Ended {
                        outcome: Outcome::win(seat.other(), EndReason::Abandoned),
                    }),
                    Logged::new(EventKind::Closed),
                ],
                RoomStatus::Closed => return Err(ApiError::new(ErrorCode::Conflict, "the room is closed")),
                _ => vec![Logged::new(EventKind::Closed)],
            },
        };
        let version = self.commit(events, Some((slot, request.client_seq))).await?;
        Ok(ActionAccepted {
            version,
            snapshot: self.snapshot(slot),
        })
    }

    fn move_event(&self, seat: Seat, notation: String) -> Result<Logged, ApiError> {
        if !self.core.playing() {
            return Err(ApiError::new(ErrorCode::Conflict, "no game is being played"));
        }
        if notation.len() > 64 {
            return Err(ApiError::new(ErrorCode::Malformed, "a move is at most 64 characters"));
        }
        Ok(Logged::new(EventKind::Moved {
            seat,
            notation,
            auto: false,
        }))
    }

    /// Events that follow by themselves: the end on the board, bot moves.
    fn follow_up(core: &RoomCore) -> Option<Logged> {
        if let Some(outcome) = core.board_outcome_pending() {
            return Some(Logged::new(EventKind::Ended { outcome }));
        }
        if !core.playing() {
            return None;
        }
        let game = core.game()?;
        match game.turn() {
            Turn::Seat(seat) if core.bot_seats[seat.index()] => {
                let notation = game.auto_move(seat, secrets::seed())?;
                Some(Logged::new(EventKind::Moved {
                    seat,
                    notation,
                    auto: true,
                }))
            }
            _ => None,
        }
    }

    /// Applies `events` and their follow-ups to a copy; if every one is
    /// accepted, stores them, then makes the copy the room and fans out.
    /// On any refusal the room is unchanged. Returns the version of the
    /// first event: the one the request produced (a retry's answer).
    async fn commit(&mut self, events: Vec<Logged>, origin: Option<(u8, u64)>) -> Result<u64, ApiError> {
        self.commit_with_seat(events, origin, None).await
    }

    /// [`Actor::commit`], storing `seat` in the same transaction.
    async fn commit_with_seat(
        &mut self,
        events: Vec<Logged>,
        origin: Option<(u8, u64)>,
        seat: Option<NewSeat>,
    ) -> Result<u64, ApiError> {
        let now = self.now();
        let present = self.present();
        // Whose move it was, to tell a device when it becomes its move; and
        // who asked (never told of what it did itself).
        let moving_before = self.your_moves();
        let asker = origin.map(|(slot, _)| slot).or(seat.as_ref().map(|s| s.slot));
        let joined = seat.as_ref().map(|s| (s.slot, s.device_id.clone()));
        let mut next = self.core.clone();
        let mut clock = self.clock;
        let mut done: Vec<(Logged, [RoomEvent; 2])> = Vec::new();
        let mut rated = Vec::new();
        let mut queue: std::collections::VecDeque<Logged> = events.into();
        while let Some(mut event) = queue.pop_front() {
            next.apply(&event)?;
            if let (EventKind::Moved { notation, .. }, Some(canonical)) = (&mut event.kind, next.moves.last()) {
                // Logged and sent as the rules write it, not as typed.
                notation.clone_from(canonical);
            }
            match &event.kind {
                EventKind::Started { .. } => {
                    let mut c = Clock::new(self.tempo);
                    if let Some(Turn::Seat(seat)) = next.game().map(|g| g.turn()) {
                        let _ = c.start(seat, now);
                    }
                    clock = Some(c);
                }
                EventKind::Moved { seat, .. } => {
                    if let Some(c) = clock.as_mut() {
                        let _ = c.complete_move(*seat, now);
                        // Backgammon-like turns passing through chance: keep
                        // the clock only while a seat is to move.
                    }
                }
                EventKind::Ended { outcome } => {
                    if let Some(c) = clock.as_mut() {
                        c.stop(now);
                    }
                    rated.extend(self.rated(&next, *outcome));
                }
                _ => {}
            }
            if let (true, Some(c)) = (self.correspondence, clock.as_mut()) {
                away_sync(&next, c, now);
                // Stored running, on the wall clock: a restart does not stop it.
                event.clock = Some(*c);
            } else if let Some(c) = clock {
                let mut paused = c;
                let _ = paused.pause(now);
                event.clock = Some(paused);
            }
            let rendered = [0u8, 1].map(|slot| RoomEvent {
                version: next.version,
                kind: event.kind.clone(),
                snapshot: next.snapshot(slot, clock.as_ref().map(|c| (c, now)), present),
            });
            done.push((event, rendered));
            if queue.is_empty() && done.len() < 2_000 {
                if let Some(more) = Self::follow_up(&next) {
                    queue.push_back(more);
                }
            }
        }
        let first_version = self.core.version + 1;
        let logged: Vec<Logged> = done.iter().map(|(e, _)| e.clone()).collect();
        self.env
            .store
            .append(
                &self.core.id,
                Entry {
                    first_version,
                    events: &logged,
                    origin,
                    seat,
                    rated,
                },
            )
            .await
            .map_err(|e| {
                self.fenced |= e.is_fenced();
                internal(e)
            })?;
        let before = self.core.status;
        self.core = next;
        self.clock = clock;
        if let Some(key) = origin {
            self.seqs.insert(key, first_version);
        }
        if self.correspondence {
            self.track_status(before).await;
        }
        self.tell(&done, moving_before, asker, joined);
        for (event, rendered) in done {
            if let EventKind::Ended { outcome } = &event.kind {
                tracing::info!(room = %self.core.id, reason = ?outcome.reason, winner = ?outcome.winner, "game over");
            }
            self.log.push(event);
            for (slot, e) in rendered.into_iter().enumerate() {
                let _ = self.senders[slot].send(e);
            }
        }
        Ok(first_version)
    }

    /// Whether each seat is to move (correspondence rooms only: live games
    /// are played with the app open).
    fn your_moves(&self) -> [bool; 2] {
        if !self.correspondence {
            return [false; 2];
        }
        [0u8, 1].map(|slot| self.devices[slot as usize].is_some() && self.summary(slot).your_move)
    }

    /// Hands the devices' notices of a commit to the pusher: the room's
    /// creator that someone joined; in correspondence games, the seat whose
    /// move it became and both seats that the game ended. The device that
    /// asked for the commit is not told of it.
    fn tell(
        &self,
        done: &[(Logged, [RoomEvent; 2])],
        moving_before: [bool; 2],
        asker: Option<u8>,
        joined: Option<(u8, String)>,
    ) {
        let device = |slot: u8| match &joined {
            Some((s, device)) if *s == slot => Some(device.clone()),
            _ => self.devices[slot as usize].clone(),
        };
        let game = self.core.options.game();
        let mut told = [false; 2];
        let say = |slot: u8, says: Says, told: &mut [bool; 2]| {
            if asker == Some(slot) {
                return;
            }
            if let Some(device) = device(slot) {
                told[slot as usize] = true;
                self.env.push.notify(Notice {
                    device,
                    room: self.core.id.clone(),
                    game,
                    says,
                });
            }
        };
        for (event, _) in done {
            match &event.kind {
                EventKind::Joined { slot: 1 } => say(0, Says::InviteAccepted, &mut told),
                EventKind::Ended { outcome } if self.correspondence => {
                    for slot in 0..2u8 {
                        let won = outcome.winner.map(|w| w == self.core.seat_of(slot));
                        say(slot, Says::GameEnded { won }, &mut told);
                    }
                }
                _ => {}
            }
        }
        let moving = self.your_moves();
        for slot in 0..2u8 {
            let s = slot as usize;
            if moving[s] && !moving_before[s] && !told[s] && self.core.playing() {
                say(slot, Says::YourMove, &mut told);
            }
        }
    }

    /// When the seat to move in a correspondence game has a fifth of its
    /// time left (wall-clock ms), if it is yet to be reminded.
    fn reminder_due(&self, now: u64) -> Option<(Seat, u64, u64)> {
        if !self.correspondence || self.reminded == Some(self.core.version) || !self.core.playing() {
            return None;
        }
        let Tempo::PerMove { limit_ms } = self.tempo else {
            return None;
        };
        let clock = self.clock.as_ref()?;
        let seat = clock.running()?;
        let left = clock.remaining(seat, now)?;
        let at = now + left.saturating_sub(limit_ms / 5);
        Some((seat, at, left))
    }

    /// Reminds the seat to move that a fifth of its time is left.
    fn remind(&mut self, now: u64) {
        let Some((seat, at, left)) = self.reminder_due(now) else {
            return;
        };
        if at > now || left == 0 {
            return;
        }
        self.reminded = Some(self.core.version);
        let Some(slot) = (0..2u8).find(|&s| self.core.seat_of(s) == seat) else {
            return;
        };
        if let Some(device) = self.devices[slot as usize].clone() {
            self.env.push.notify(Notice {
                device,
                room: self.core.id.clone(),
                game: self.core.options.game(),
                says: Says::TimeLow {
                    hours_left: left.div_ceil(3_600_000),
                },
            });
        }
    }

    /// A correspondence game that ended (or a waiting room closed) no
    /// longer counts among its devices' open games; a rematch counts again.
    async fn track_status(&self, before: RoomStatus) {
        let open = |s: RoomStatus| matches!(s, RoomStatus::Waiting | RoomStatus::Playing);
        let (was, is) = (open(before), open(self.core.status));
        if was == is {
            return;
        }
        for device in self.devices.iter().flatten() {
            if let Err(e) = self.track(device, is).await {
                tracing::warn!(room = %self.core.id, %device, error = %e, "open correspondence games not updated");
            }
        }
    }

    /// The rating update of a ranked game that ended as `outcome` in
    /// `room`, stored with the event that ended it.
    fn rated(&self, room: &RoomCore, outcome: Outcome) -> Option<RatedResult> {
        if !room.options.ranked {
            return None;
        }
        let (Some(a), Some(b)) = (&self.devices[0], &self.devices[1]) else {
            return None;
        };
        Some(RatedResult {
            game: room.options.game(),
            game_index: room.game_index,
            first: a.clone(),
            second: b.clone(),
            score_first: outcome.score_for(room.seat_of(0)),
        })
    }

    fn subscribe(&mut self, slot: u8, last_event_id: Option<u64>) -> Result<Subscription, ApiError> {
        let s = slot as usize;
        if self.streams[s] >= self.env.config.max_streams_per_seat {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                "too many event streams for this seat",
            ));
        }
        self.streams[s] += 1;
        if self.streams[s] == 1 {
            // Announced before this stream's receiver exists: the other
            // slot learns its opponent is back; this stream sees it in its
            // snapshots' `present`.
            self.announce_presence(slot);
        }
        let backlog = match last_event_id {
            Some(id) if id < self.core.version => match self.replay_after(slot, id) {
                Ok(backlog) => backlog,
                Err(e) => {
                    self.streams[s] -= 1;
                    if self.streams[s] == 0 {
                        self.announce_presence(slot);
                    }
                    return Err(e);
                }
            },
            _ => Vec::new(),
        };
        // The stream starts with the other slot's presence as it is now: a
        // snapshot fetched just before a change of presence would otherwise
        // miss the announcement, which went out before this stream existed.
        let mut backlog = backlog;
        let other = 1 - slot;
        backlog.push(RoomEvent {
            version: self.core.version,
            kind: EventKind::Presence {
                slot: other,
                present: self.present()[other as usize],
            },
            snapshot: self.snapshot(slot),
        });
        self.absent_since[s] = None;
        Ok(Subscription {
            slot,
            backlog,
            live: self.senders[s].subscribe(),
        })
    }

    /// The events after `id` as `slot` saw them, rebuilt from the log.
    fn replay_after(&self, slot: u8, id: u64) -> Result<Vec<RoomEvent>, ApiError> {
        let mut core = RoomCore::new(self.core.id.clone(), self.core.code.clone(), self.core.options);
        let mut out = Vec::new();
        for event in &self.log {
            core.apply(event)?;
            if core.version > id {
                out.push(RoomEvent {
                    version: core.version,
                    kind: event.kind.clone(),
                    snapshot: core.snapshot(slot, None, self.present()),
                });
            }
        }
        if let Some(last) = out.last_mut() {
            last.snapshot = self.snapshot(slot);
        }
        Ok(out)
    }

    fn next_deadline(&self) -> Option<Instant> {
        if let Some(closed_at) = self.closed_at {
            return Some(closed_at + CLOSED_LINGER);
        }
        if !self.core.playing() {
            return None;
        }
        let mut at: Option<Instant> = None;
        let mut consider = |t: Instant| at = Some(at.map_or(t, |a| a.min(t)));
        let now = self.now();
        if let Some(c) = &self.clock {
            if let Some(ms) = c.time_to_expiry(now) {
                consider(Instant::now() + self.game_to_real(ms));
            }
        }
        if let Some((_, remind_at, _)) = self.reminder_due(now) {
            consider(Instant::now() + self.game_to_real(remind_at.saturating_sub(now)));
        }
        // A vacation's end starts its seat's clock again.
        for until in self.core.vacation_until.iter().flatten().filter(|&&u| u > now) {
            consider(Instant::now() + self.game_to_real(until - now));
        }
        for since in self.absent_since.iter().flatten() {
            consider(*since + self.env.config.grace);
        }
        at
    }

    async fn check_timers(&mut self) {
        if !self.core.playing() {
            return;
        }
        let now = self.now();
        if let (true, Some(c)) = (self.correspondence, self.clock.as_mut()) {
            away_sync(&self.core, c, now);
        }
        self.remind(now);
        if let Some(expiry) = self.clock.as_mut().and_then(|c| c.poll(now)) {
            let event = match expiry {
                Expiry::Flag { loser } => Some(Logged::new(EventKind::Ended {
                    outcome: Outcome::win(loser.other(), EndReason::Timeout),
                })),
                // A correspondence move not made in its days loses on time.
                Expiry::AutoMove { seat } if self.correspondence => Some(Logged::new(EventKind::Ended {
                    outcome: Outcome::win(seat.other(), EndReason::Timeout),
                })),
                Expiry::AutoMove { seat } => {
                    self.core
                        .game()
                        .and_then(|g| g.auto_move(seat, secrets::seed()))
                        .map(|notation| {
                            Logged::new(EventKind::Moved {
                                seat,
                                notation,
                                auto: true,
                            })
                        })
                }
            };
            match event {
                Some(event) => {
                    if let Err(e) = self.commit(vec![event], None).await {
                        tracing::error!(room = %self.core.id, error = %e, "timeout event refused");
                    }
                }
                None => {
                    // Nothing to play (a roll is due): stop this stretch.
                    if let Some(c) = self.clock.as_mut() {
                        if let ClockState::Running { .. } = c.state() {
                            c.stop(now);
                        }
                    }
                }
            }
        }
        for slot in 0..2u8 {
            let Some(since) = self.absent_since[slot as usize] else {
                continue;
            };
            if since.elapsed() < self.env.config.grace || !self.core.playing() {
                continue;
            }
            self.absent_since[slot as usize] = None;
            let seat = self.core.seat_of(slot);
            let event = match absence(self.core.options.game()) {
                Absence::BotTakesOver if !self.core.bot_seats[seat.index()] => {
                    Logged::new(EventKind::BotTookOver { seat })
                }
                Absence::Loses => Logged::new(EventKind::Ended {
                    outcome: Outcome::win(seat.other(), EndReason::Abandoned),
                }),
                _ => continue,
            };
            tracing::info!(room = %self.core.id, ?seat, "grace period over");
            if let Err(e) = self.commit(vec![event], None).await {
                tracing::error!(room = %self.core.id, error = %e, "absence event refused");
            }
        }
    }
}

/// Keeps a correspondence clock on the seat to move (the seat that rolls,
/// while a roll is due) and stopped while that seat's player is on
/// vacation: stopped at `now` when a vacation runs, started again when it
/// ended (at its end, if it ran out; at `now`, if the player came back).
fn away_sync(core: &RoomCore, clock: &mut Clock, now: u64) {
    if !core.playing() {
        return;
    }
    let on_clock = match clock.state() {
        ClockState::Running { seat, .. } | ClockState::Paused { seat } => Some(seat),
        _ => None,
    };
    let to_move = match core.game().map(|g| g.turn()) {
        Some(Turn::Seat(seat)) => seat,
        Some(Turn::Chance) => match on_clock {
            Some(seat) => seat,
            None => return,
        },
        _ => return,
    };
    if on_clock != Some(to_move) {
        if clock.state() == ClockState::Stopped {
            return;
        }
        *clock = Clock::new(clock.tempo());
        let _ = clock.start(to_move, now);
    }
    let away_until = core.vacation_until[core.slot_of(to_move) as usize];
    match (clock.state(), away_until) {
        (ClockState::Running { .. }, Some(until)) if until > now => {
            let _ = clock.pause(now);
        }
        (ClockState::Paused { .. }, Some(until)) if until <= now => {
            let _ = clock.resume(until);
        }
        (ClockState::Paused { .. }, None) => {
            let _ = clock.resume(now);
        }
        _ => {}
    }
}

pub fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!(error = %e, "storage failure");
    ApiError::new(ErrorCode::Internal, "storage failure")
}
