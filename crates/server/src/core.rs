//! The deterministic part of a room: everything rebuilt from its event log.
//! [`RoomCore::apply`] is the one transition function — used for live
//! actions (on a copy, committed only when every event applied) and for
//! replays (restart, `Last-Event-ID` resumes).

use crate::games::{new_game, AnyGame};
pub use crate::storage::Logged;
use papan_api::fairness::{commit_for, to_hex};
use papan_api::{ApiError, Commitment, ErrorCode, EventKind, Reveal, RoomOptions, RoomStatus, Snapshot};
use papan_rules::clock::Clock;
use papan_rules::{EndReason, Seat, Turn};

pub struct RoomCore {
    pub id: String,
    pub code: String,
    pub options: RoomOptions,
    pub version: u64,
    pub status: RoomStatus,
    pub joined: [bool; 2],
    pub game_index: u32,
    pub game: Option<Box<dyn AnyGame>>,
    pub secret: Option<(u64, [u8; 32])>,
    pub moves: Vec<String>,
    pub bot_seats: [bool; 2],
    pub rematch: [bool; 2],
    /// Per table slot: on vacation until then (server ms; correspondence
    /// rooms only), as the last `Vacation` event said.
    pub vacation_until: [Option<u64>; 2],
}

impl Clone for RoomCore {
    fn clone(&self) -> Self {
        RoomCore {
            id: self.id.clone(),
            code: self.code.clone(),
            options: self.options,
            version: self.version,
            status: self.status,
            joined: self.joined,
            game_index: self.game_index,
            game: self.game.as_ref().map(|g| g.clone_box()),
            secret: self.secret,
            moves: self.moves.clone(),
            bot_seats: self.bot_seats,
            rematch: self.rematch,
            vacation_until: self.vacation_until,
        }
    }
}

fn conflict(message: &str) -> ApiError {
    ApiError::new(ErrorCode::Conflict, message)
}

impl RoomCore {
    pub fn new(id: String, code: String, options: RoomOptions) -> RoomCore {
        RoomCore {
            id,
            code,
            options,
            version: 0,
            status: RoomStatus::Waiting,
            joined: [false; 2],
            game_index: 0,
            game: None,
            secret: None,
            moves: Vec::new(),
            bot_seats: [false; 2],
            rematch: [false; 2],
            vacation_until: [None; 2],
        }
    }

    /// X8: table slot 0 plays first in even games, slot 1 in odd ones.
    pub fn seat_of(&self, slot: u8) -> Seat {
        if self.game_index.is_multiple_of(2) == (slot == 0) {
            Seat::First
        } else {
            Seat::Second
        }
    }

    pub fn slot_of(&self, seat: Seat) -> u8 {
        if self.seat_of(0) == seat {
            0
        } else {
            1
        }
    }

    pub fn game(&self) -> Option<&dyn AnyGame> {
        self.game.as_deref()
    }

    pub fn playing(&self) -> bool {
        self.status == RoomStatus::Playing
    }

    /// The game being played, for an event that needs one.
    fn game_in_play(&mut self) -> Result<&mut Box<dyn AnyGame>, ApiError> {
        match (self.status, self.game.as_mut()) {
            (RoomStatus::Playing, Some(game)) => Ok(game),
            _ => Err(conflict("no game is being played")),
        }
    }

    /// Applies one logged event, or refuses it leaving `self` unchanged
    /// (callers apply to a copy anyway, so partial changes never escape).
    pub fn apply(&mut self, event: &Logged) -> Result<(), ApiError> {
        match &event.kind {
            EventKind::Created => {}
            EventKind::Joined { slot } => {
                if *slot > 1 {
                    return Err(conflict("no such table slot"));
                }
                if self.joined[*slot as usize] {
                    return Err(conflict("the seat is taken"));
                }
                self.joined[*slot as usize] = true;
            }
            EventKind::Started { game_index } => {
                let (seed, salt) = event.secret.ok_or_else(|| conflict("a start without its seed"))?;
                self.game = Some(new_game(&self.options, seed)?);
                self.secret = Some((seed, salt));
                self.game_index = *game_index;
                self.moves.clear();
                self.bot_seats = [false; 2];
                self.rematch = [false; 2];
                self.status = RoomStatus::Playing;
            }
            EventKind::Moved { seat, notation, .. } => {
                let game = self.game_in_play()?;
                if game.turn() != Turn::Seat(*seat) {
                    return Err(ApiError::new(ErrorCode::NotYourTurn, "it is not this seat's turn"));
                }
                let canonical = game.play_text(notation)?;
                self.moves.push(canonical);
            }
            EventKind::Rolled { notation } => {
                let game = self.game_in_play()?;
                if game.turn() != Turn::Chance {
                    return Err(ApiError::illegal(papan_rules::RuleId::NoRollDue, "no roll is due"));
                }
                let canonical = game.play_text(notation)?;
                self.moves.push(canonical);
            }
            EventKind::Ended { outcome } => {
                let game = self.game_in_play()?;
                if game.outcome().is_none() {
                    let loser = outcome
                        .winner
                        .map(Seat::other)
                        .ok_or_else(|| conflict("an off-board verdict has a winner"))?;
                    game.decide(loser, outcome.reason)?;
                }
                self.status = RoomStatus::Over;
            }
            EventKind::RematchRequested { slot } => {
                if self.status != RoomStatus::Over {
                    return Err(conflict("a rematch is asked once the game is over"));
                }
                if *slot > 1 {
                    return Err(conflict("no such table slot"));
                }
                self.rematch[*slot as usize] = true;
            }
            EventKind::BotTookOver { seat } => self.bot_seats[seat.index()] = true,
            EventKind::Closed => self.status = RoomStatus::Closed,
            EventKind::Vacation { slot, until_ms } => {
                if *slot > 1 {
                    return Err(conflict("no such table slot"));
                }
                if !self.options.is_correspondence() {
                    return Err(conflict("a vacation stops correspondence clocks only"));
                }
                self.vacation_until[*slot as usize] = *until_ms;
            }
            // Presence is live only: it never enters the log.
            EventKind::Presence { .. } => return Err(conflict("presence is not a logged event")),
        }
        self.version += 1;
        Ok(())
    }

    /// The board result once the last move ended the game.
    pub fn board_outcome_pending(&self) -> Option<papan_rules::Outcome> {
        if !self.playing() {
            return None;
        }
        self.game().and_then(|g| g.outcome())
    }

    /// The fairness commitment of the current game: Jun Qi's seed deals the
    /// layout, backgammon's draws every roll (`fairness::dice_rng`).
    pub fn commitment(&self) -> Option<Commitment> {
        let game = self.options.game();
        match (game, self.secret) {
            (papan_api::GameId::Junqi | papan_api::GameId::Backgammon, Some((seed, salt))) => {
                Some(commit_for(game, seed, &salt))
            }
            _ => None,
        }
    }

    /// The room as `slot` sees it. Only `Game::view` of its seat goes out.
    /// `present` (which slots have an open stream) is the actor's live
    /// knowledge, not part of the logged state.
    pub fn snapshot(&self, slot: u8, clock: Option<(&Clock, u64)>, present: [bool; 2]) -> Snapshot {
        let seat = self.seat_of(slot);
        let game = self.game();
        let turn = game.map(|g| g.turn());
        let my_turn = self.playing() && turn == Some(Turn::Seat(seat));
        let over = matches!(self.status, RoomStatus::Over | RoomStatus::Closed);
        Snapshot {
            room_id: self.id.clone(),
            code: self.code.clone(),
            version: self.version,
            options: self.options,
            status: self.status,
            game_index: self.game_index,
            slot,
            seat,
            view: game.map(|g| g.view_json(seat)),
            to_move: match turn {
                Some(Turn::Seat(s)) if self.playing() => Some(s),
                _ => None,
            },
            roll_due: self.playing() && turn == Some(Turn::Chance),
            legal_moves: if my_turn {
                game.map(|g| g.legal_texts()).unwrap_or_default()
            } else {
                Vec::new()
            },
            moves: self.moves.clone(),
            outcome: if over { game.and_then(|g| g.outcome()) } else { None },
            clock: clock.and_then(|(c, now)| {
                c.remaining(Seat::First, now)?;
                Some(papan_api::ClockView {
                    remaining_ms: [c.remaining(Seat::First, now), c.remaining(Seat::Second, now)],
                    running: c.running(),
                    vacation_ms: Seat::BOTH.map(|s| self.vacation_left(s, now)),
                })
            }),
            bot_seats: Seat::BOTH.into_iter().filter(|s| self.bot_seats[s.index()]).collect(),
            commitment: self.commitment(),
            reveal: match (over, self.commitment(), self.secret) {
                (true, Some(_), Some((seed, salt))) => Some(Reveal {
                    seed,
                    salt: to_hex(&salt),
                }),
                _ => None,
            },
            rematch_requested: self.rematch,
            present,
        }
    }

    /// Time left of `seat`'s vacation at `now` (server ms), if it is on one.
    pub fn vacation_left(&self, seat: Seat, now: u64) -> Option<u64> {
        let until = self.vacation_until[self.slot_of(seat) as usize]?;
        (until > now).then(|| until - now)
    }

    /// Seat that loses when it leaves or whose grace ran out.
    pub fn verdict_against(seat: Seat, reason: EndReason) -> papan_rules::Outcome {
        papan_rules::Outcome::win(seat.other(), reason)
    }
}
