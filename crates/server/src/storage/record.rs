//! The at-rest format of room logs, the server's own and versioned, apart
//! from the wire types of papan-api: a correspondence game lives for weeks
//! across many releases, so a change of the wire must never change (or stop
//! reading) what is stored.
//!
//! - **v1** (written today): one [`EventRecord`] per event,
//!   `{"v":1,"event":{"type":"moved",…},"secret":{…},"clock":{…}}`; on a
//!   cluster one [`CommitRecord`] per commit, `{"v":1,…,"events":[…]}`,
//!   with `"rated":[…]` ([`RatedRecord`]) when it ends a ranked game: a
//!   field added within v1, absent otherwise, so every commit written
//!   before it reads as it did.
//! - **v0** (legacy, read only): a record without `v`, as written before
//!   this module — the wire's event JSON of that time
//!   (`{"kind":{"type":…},"secret":[seed,[salt bytes]],"clock":{…}}`). It is
//!   read through frozen copies of those shapes ([`EventV0`]), never
//!   through today's wire types, and upgraded to v1 in memory.
//! - any other `v` is refused, naming it: a log is never read in part.
//!
//! The conversions: [`Logged`] (what rooms apply, built on the wire's
//! [`EventKind`]) → [`EventRecord`] is `TryFrom` (presence is never
//! logged); [`EventRecord`] → [`Logged`] is `TryFrom` (a stored clock that
//! today's clock no longer reads). Every leaf the record holds is a type of
//! this module with its own spelling, so a renamed field or variant on the
//! wire breaks these conversions at compile or test time, not the stored
//! logs.

use super::types::{Logged, NewSeat, RatedResult};
use papan_api::fairness::{from_hex, to_hex};
use papan_api::{EventKind, GameId, RoomOptions};
use papan_rules::clock::Clock;
use papan_rules::{EndReason, Outcome, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The version of the records this server writes.
pub const CURRENT: u64 = 1;

/// Why a stored record cannot be read (or a value cannot be stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(pub String);

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

fn error(message: impl Into<String>) -> RecordError {
    RecordError(message.into())
}

// ---------------------------------------------------------------------------
// Leaves: seats, outcomes, clocks, as stored (the spelling of v0, frozen).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatRecord {
    First,
    Second,
}

impl From<Seat> for SeatRecord {
    fn from(seat: Seat) -> SeatRecord {
        match seat {
            Seat::First => SeatRecord::First,
            Seat::Second => SeatRecord::Second,
        }
    }
}

impl From<SeatRecord> for Seat {
    fn from(seat: SeatRecord) -> Seat {
        match seat {
            SeatRecord::First => Seat::First,
            SeatRecord::Second => Seat::Second,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReasonRecord {
    Connection,
    GoalReached,
    FlagCaptured,
    NoLegalAction,
    NoMovablePiece,
    QuietDraw,
    BoreOff,
    Resignation,
    Timeout,
    Abandoned,
}

impl From<EndReason> for ReasonRecord {
    fn from(reason: EndReason) -> ReasonRecord {
        match reason {
            EndReason::Connection => ReasonRecord::Connection,
            EndReason::GoalReached => ReasonRecord::GoalReached,
            EndReason::FlagCaptured => ReasonRecord::FlagCaptured,
            EndReason::NoLegalAction => ReasonRecord::NoLegalAction,
            EndReason::NoMovablePiece => ReasonRecord::NoMovablePiece,
            EndReason::QuietDraw => ReasonRecord::QuietDraw,
            EndReason::BoreOff => ReasonRecord::BoreOff,
            EndReason::Resignation => ReasonRecord::Resignation,
            EndReason::Timeout => ReasonRecord::Timeout,
            EndReason::Abandoned => ReasonRecord::Abandoned,
        }
    }
}

impl From<ReasonRecord> for EndReason {
    fn from(reason: ReasonRecord) -> EndReason {
        match reason {
            ReasonRecord::Connection => EndReason::Connection,
            ReasonRecord::GoalReached => EndReason::GoalReached,
            ReasonRecord::FlagCaptured => EndReason::FlagCaptured,
            ReasonRecord::NoLegalAction => EndReason::NoLegalAction,
            ReasonRecord::NoMovablePiece => EndReason::NoMovablePiece,
            ReasonRecord::QuietDraw => EndReason::QuietDraw,
            ReasonRecord::BoreOff => EndReason::BoreOff,
            ReasonRecord::Resignation => EndReason::Resignation,
            ReasonRecord::Timeout => EndReason::Timeout,
            ReasonRecord::Abandoned => EndReason::Abandoned,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeRecord {
    pub winner: Option<SeatRecord>,
    pub points: u8,
    pub reason: ReasonRecord,
}

impl From<Outcome> for OutcomeRecord {
    fn from(outcome: Outcome) -> OutcomeRecord {
        OutcomeRecord {
            winner: outcome.winner.map(SeatRecord::from),
            points: outcome.points,
            reason: outcome.reason.into(),
        }
    }
}

impl From<OutcomeRecord> for Outcome {
    fn from(outcome: OutcomeRecord) -> Outcome {
        Outcome {
            winner: outcome.winner.map(Seat::from),
            points: outcome.points,
            reason: outcome.reason.into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TempoRecord {
    Unlimited,
    Fischer { base_ms: u64, increment_ms: u64 },
    PerMove { limit_ms: u64 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockStateRecord {
    Ready,
    Running { seat: SeatRecord, since_ms: u64 },
    Paused { seat: SeatRecord },
    Stopped,
}

/// A paused clock as stored. The rules' [`Clock`] keeps its fields
/// private: it is read and written through its serde form, and a change
/// there fails the conversion (and the fixture tests), never the logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRecord {
    pub tempo: TempoRecord,
    pub remaining_ms: [u64; 2],
    pub state: ClockStateRecord,
    pub warning_ms: u64,
    pub flagged: Option<SeatRecord>,
}

impl TryFrom<&Clock> for ClockRecord {
    type Error = RecordError;
    fn try_from(clock: &Clock) -> Result<ClockRecord, RecordError> {
        serde_json::to_value(clock)
            .and_then(serde_json::from_value)
            .map_err(|e| error(format!("the rules' clock no longer maps onto the stored clock: {e}")))
    }
}

impl TryFrom<ClockRecord> for Clock {
    type Error = RecordError;
    fn try_from(clock: ClockRecord) -> Result<Clock, RecordError> {
        serde_json::to_value(clock)
            .and_then(serde_json::from_value)
            .map_err(|e| error(format!("the stored clock no longer maps onto the rules' clock: {e}")))
    }
}

// ---------------------------------------------------------------------------
// v1: what is written.

/// What happened, as stored (every logged [`EventKind`]; presence never).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum KindRecord {
    Created,
    Joined {
        slot: u8,
    },
    Started {
        game_index: u32,
    },
    Moved {
        seat: SeatRecord,
        notation: String,
        auto: bool,
    },
    Rolled {
        notation: String,
    },
    Ended {
        outcome: OutcomeRecord,
    },
    RematchRequested {
        slot: u8,
    },
    BotTookOver {
        seat: SeatRecord,
    },
    Closed,
    Vacation {
        slot: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until_ms: Option<u64>,
    },
}

/// A game's setup seed and commitment salt (hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretRecord {
    pub seed: u64,
    pub salt: String,
}

/// One logged event at rest, v1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventRecord {
    /// Always [`CURRENT`] once read (a v0 record is upgraded on reading).
    pub v: u64,
    pub event: KindRecord,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<SecretRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRecord>,
}

impl TryFrom<&EventKind> for KindRecord {
    type Error = RecordError;
    fn try_from(kind: &EventKind) -> Result<KindRecord, RecordError> {
        Ok(match kind {
            EventKind::Created => KindRecord::Created,
            EventKind::Joined { slot } => KindRecord::Joined { slot: *slot },
            EventKind::Started { game_index } => KindRecord::Started {
                game_index: *game_index,
            },
            EventKind::Moved { seat, notation, auto } => KindRecord::Moved {
                seat: (*seat).into(),
                notation: notation.clone(),
                auto: *auto,
            },
            EventKind::Rolled { notation } => KindRecord::Rolled {
                notation: notation.clone(),
            },
            EventKind::Ended { outcome } => KindRecord::Ended {
                outcome: (*outcome).into(),
            },
            EventKind::RematchRequested { slot } => KindRecord::RematchRequested { slot: *slot },
            EventKind::BotTookOver { seat } => KindRecord::BotTookOver { seat: (*seat).into() },
            EventKind::Closed => KindRecord::Closed,
            EventKind::Vacation { slot, until_ms } => KindRecord::Vacation {
                slot: *slot,
                until_ms: *until_ms,
            },
            EventKind::Presence { .. } => return Err(error("presence is live only: it is never stored")),
        })
    }
}

impl From<KindRecord> for EventKind {
    fn from(kind: KindRecord) -> EventKind {
        match kind {
            KindRecord::Created => EventKind::Created,
            KindRecord::Joined { slot } => EventKind::Joined { slot },
            KindRecord::Started { game_index } => EventKind::Started { game_index },
            KindRecord::Moved { seat, notation, auto } => EventKind::Moved {
                seat: seat.into(),
                notation,
                auto,
            },
            KindRecord::Rolled { notation } => EventKind::Rolled { notation },
            KindRecord::Ended { outcome } => EventKind::Ended {
                outcome: outcome.into(),
            },
            KindRecord::RematchRequested { slot } => EventKind::RematchRequested { slot },
            KindRecord::BotTookOver { seat } => EventKind::BotTookOver { seat: seat.into() },
            KindRecord::Closed => EventKind::Closed,
            KindRecord::Vacation { slot, until_ms } => EventKind::Vacation { slot, until_ms },
        }
    }
}

impl TryFrom<&Logged> for EventRecord {
    type Error = RecordError;
    fn try_from(logged: &Logged) -> Result<EventRecord, RecordError> {
        Ok(EventRecord {
            v: CURRENT,
            event: KindRecord::try_from(&logged.kind)?,
            secret: logged.secret.map(|(seed, salt)| SecretRecord {
                seed,
                salt: to_hex(&salt),
            }),
            clock: logged.clock.as_ref().map(ClockRecord::try_from).transpose()?,
        })
    }
}

impl TryFrom<EventRecord> for Logged {
    type Error = RecordError;
    fn try_from(record: EventRecord) -> Result<Logged, RecordError> {
        let secret = match record.secret {
            None => None,
            Some(SecretRecord { seed, salt }) => {
                let bytes = from_hex(&salt).and_then(|b| <[u8; 32]>::try_from(b).ok());
                let salt = bytes.ok_or_else(|| error(format!("the salt {salt:?} is not 32 bytes of hex")))?;
                Some((seed, salt))
            }
        };
        Ok(Logged {
            kind: record.event.into(),
            secret,
            clock: record.clock.map(Clock::try_from).transpose()?,
        })
    }
}

// ---------------------------------------------------------------------------
// v0: the legacy records, frozen as they were written.

/// A legacy event: the wire's event JSON of the releases before v1.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct EventV0 {
    pub kind: KindRecord,
    #[serde(default)]
    pub secret: Option<(u64, [u8; 32])>,
    #[serde(default)]
    pub clock: Option<ClockRecord>,
}

impl From<EventV0> for EventRecord {
    fn from(old: EventV0) -> EventRecord {
        EventRecord {
            v: CURRENT,
            event: old.kind,
            secret: old.secret.map(|(seed, salt)| SecretRecord {
                seed,
                salt: to_hex(&salt),
            }),
            clock: old.clock,
        }
    }
}

/// The version a stored JSON value says it is (`None`: legacy v0).
fn version_of(value: &Value) -> Result<Option<u64>, RecordError> {
    match value.get("v") {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| error(format!("its version {v} is not a number"))),
    }
}

fn unknown(version: u64) -> RecordError {
    error(format!(
        "record version {version} is not one this server reads (it reads v0 and v{CURRENT}): written by a newer release?"
    ))
}

/// Reads one stored event record (v0 or v1), as v1.
pub fn read_event(body: &str) -> Result<EventRecord, RecordError> {
    let value: Value = serde_json::from_str(body).map_err(|e| error(format!("it is not JSON: {e}")))?;
    read_event_value(value)
}

fn read_event_value(value: Value) -> Result<EventRecord, RecordError> {
    match version_of(&value)? {
        None => serde_json::from_value::<EventV0>(value)
            .map(EventRecord::from)
            .map_err(|e| error(format!("a v0 record that does not parse: {e}"))),
        Some(CURRENT) => {
            serde_json::from_value(value).map_err(|e| error(format!("a v{CURRENT} record that does not parse: {e}")))
        }
        Some(other) => Err(unknown(other)),
    }
}

/// Reads one stored event as the event rooms apply.
pub fn decode_event(body: &str) -> Result<Logged, RecordError> {
    Logged::try_from(read_event(body)?)
}

/// The stored text of one event (v1).
pub fn encode_event(logged: &Logged) -> Result<String, RecordError> {
    let record = EventRecord::try_from(logged)?;
    serde_json::to_string(&record).map_err(|e| error(format!("a record that does not serialize: {e}")))
}

// ---------------------------------------------------------------------------
// Commits (the cluster's log: one message per commit).

/// What a room's first commit also carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub code: String,
    pub options: RoomOptions,
}

/// One commit of a room at rest, v1: its events, the request that made
/// them, the seat they record; the first also the room's code and options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommitRecord {
    pub v: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<Header>,
    pub first_version: u64,
    pub events: Vec<EventRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<(u8, u64)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<NewSeat>,
    /// The rating change of the ranked games this commit ends: carried in
    /// the commit itself, so a node that takes the room over after the
    /// owner died before writing the ratings applies it from the log.
    /// Absent from commits that end no ranked game, and from every commit
    /// written before it existed (those read as they always did).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rated: Vec<RatedRecord>,
}

/// A ranked game's result at rest: the game by its code, both devices, the
/// first one's score and which game of the room it was (the key that makes
/// applying it to the ratings idempotent: room id + game number).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatedRecord {
    pub game: String,
    pub game_index: u32,
    pub first: String,
    pub second: String,
    pub score_first: f64,
}

impl From<&RatedResult> for RatedRecord {
    fn from(result: &RatedResult) -> RatedRecord {
        RatedRecord {
            game: result.game.code().to_string(),
            game_index: result.game_index,
            first: result.first.clone(),
            second: result.second.clone(),
            score_first: result.score_first,
        }
    }
}

impl TryFrom<RatedRecord> for RatedResult {
    type Error = RecordError;
    fn try_from(record: RatedRecord) -> Result<RatedResult, RecordError> {
        let game = GameId::ALL
            .into_iter()
            .find(|g| g.code() == record.game)
            .ok_or_else(|| error(format!("a rated result of the unknown game {:?}", record.game)))?;
        if !(0.0..=1.0).contains(&record.score_first) {
            return Err(error(format!("a rated score {} outside 0..=1", record.score_first)));
        }
        Ok(RatedResult {
            game,
            game_index: record.game_index,
            first: record.first,
            second: record.second,
            score_first: record.score_first,
        })
    }
}

/// A legacy commit (no `v`): its events are v0 records.
#[derive(Deserialize)]
struct CommitV0 {
    #[serde(default)]
    room: Option<Header>,
    first_version: u64,
    events: Vec<EventV0>,
    #[serde(default)]
    origin: Option<(u8, u64)>,
    #[serde(default)]
    seat: Option<NewSeat>,
}

impl From<CommitV0> for CommitRecord {
    fn from(old: CommitV0) -> CommitRecord {
        CommitRecord {
            v: CURRENT,
            room: old.room,
            first_version: old.first_version,
            events: old.events.into_iter().map(EventRecord::from).collect(),
            origin: old.origin,
            seat: old.seat,
            rated: Vec::new(),
        }
    }
}

/// Reads one stored commit (v0 or v1), as v1.
pub fn read_commit(body: &[u8]) -> Result<CommitRecord, RecordError> {
    let value: Value = serde_json::from_slice(body).map_err(|e| error(format!("it is not JSON: {e}")))?;
    match version_of(&value)? {
        None => serde_json::from_value::<CommitV0>(value)
            .map(CommitRecord::from)
            .map_err(|e| error(format!("a v0 commit that does not parse: {e}"))),
        Some(CURRENT) => {
            let commit: CommitRecord = serde_json::from_value(value)
                .map_err(|e| error(format!("a v{CURRENT} commit that does not parse: {e}")))?;
            match commit.events.iter().find(|e| e.v != CURRENT) {
                Some(e) => Err(unknown(e.v)),
                None => Ok(commit),
            }
        }
        Some(other) => Err(unknown(other)),
    }
}

impl CommitRecord {
    /// A commit of `events` to store (v1).
    pub fn new(
        room: Option<Header>,
        first_version: u64,
        events: &[Logged],
        origin: Option<(u8, u64)>,
        seat: Option<NewSeat>,
        rated: &[RatedResult],
    ) -> Result<CommitRecord, RecordError> {
        Ok(CommitRecord {
            v: CURRENT,
            room,
            first_version,
            events: events.iter().map(EventRecord::try_from).collect::<Result<_, _>>()?,
            origin,
            seat,
            rated: rated.iter().map(RatedRecord::from).collect(),
        })
    }

    pub fn encode(&self) -> Result<Vec<u8>, RecordError> {
        serde_json::to_vec(self).map_err(|e| error(format!("a commit that does not serialize: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::clock::Tempo;

    fn moved() -> Logged {
        let mut clock = Clock::new(Tempo::Fischer {
            base_ms: 60_000,
            increment_ms: 5_000,
        });
        let _ = clock.start(Seat::First, 0);
        let _ = clock.pause(1_000);
        Logged {
            kind: EventKind::Moved {
                seat: Seat::Second,
                notation: "e5".into(),
                auto: true,
            },
            secret: Some((42, [7; 32])),
            clock: Some(clock),
        }
    }

    #[test]
    fn an_event_is_written_as_a_v1_record_and_read_back_equal() {
        let logged = moved();
        let text = encode_event(&logged).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["v"], 1);
        assert_eq!(value["event"]["type"], "moved");
        assert_eq!(value["secret"]["salt"], "07".repeat(32));
        assert_eq!(decode_event(&text).unwrap(), logged);
    }

    #[test]
    fn a_vacation_is_stored_with_its_end_and_a_return_without() {
        for until_ms in [Some(1_798_761_600_000), None] {
            let logged = Logged::new(EventKind::Vacation { slot: 1, until_ms });
            let text = encode_event(&logged).unwrap();
            let value: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(value["event"]["type"], "vacation");
            assert_eq!(value["event"].get("until_ms").and_then(Value::as_u64), until_ms);
            assert_eq!(decode_event(&text).unwrap(), logged);
        }
    }

    #[test]
    fn a_record_without_a_version_is_the_legacy_wire_json() {
        // What the releases before v1 stored for this event: the wire's
        // event kind, the secret as a pair, the rules' clock as it serializes.
        let logged = moved();
        let legacy = serde_json::json!({
            "kind": {"type": "moved", "seat": "Second", "notation": "e5", "auto": true},
            "secret": [42, ([7u8; 32])],
            "clock": serde_json::to_value(logged.clock).unwrap(),
        })
        .to_string();
        assert!(!legacy.contains("\"v\""));
        assert_eq!(decode_event(&legacy).unwrap(), logged);
    }

    #[test]
    fn an_unknown_version_is_refused_naming_it() {
        let err = read_event(r#"{"v":7,"event":{"type":"created"}}"#).unwrap_err();
        assert!(err.0.contains("record version 7"), "{err}");
        let err = read_event(r#"{"v":"one","event":{"type":"created"}}"#).unwrap_err();
        assert!(err.0.contains("not a number"), "{err}");
        let err = read_commit(br#"{"v":2,"first_version":1,"events":[]}"#).unwrap_err();
        assert!(err.0.contains("record version 2"), "{err}");
        let err =
            read_commit(br#"{"v":1,"first_version":1,"events":[{"v":3,"event":{"type":"created"}}]}"#).unwrap_err();
        assert!(err.0.contains("record version 3"), "{err}");
    }

    #[test]
    fn a_commit_ending_a_ranked_game_carries_its_rating_change_and_others_do_not() {
        let result = RatedResult {
            game: GameId::Hex,
            game_index: 2,
            first: "dev-a".into(),
            second: "dev-b".into(),
            score_first: 0.0,
        };
        let ending = Logged::new(EventKind::Closed);
        let commit = CommitRecord::new(None, 9, std::slice::from_ref(&ending), None, None, &[result]).unwrap();
        let body = commit.encode().unwrap();
        let value: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(value["rated"][0]["game"], "hex");
        assert_eq!(value["rated"][0]["game_index"], 2);
        let back = read_commit(&body).unwrap();
        let rated = RatedResult::try_from(back.rated[0].clone()).unwrap();
        assert_eq!((rated.game, rated.game_index, rated.score_first), (GameId::Hex, 2, 0.0));
        // A commit without one writes no `rated` at all: its bytes are as before.
        let plain = CommitRecord::new(None, 9, &[ending], None, None, &[]).unwrap();
        assert!(!String::from_utf8(plain.encode().unwrap()).unwrap().contains("rated"));
    }

    #[test]
    fn a_stored_rated_result_of_an_unknown_game_or_score_is_refused() {
        let record = |game: &str, score_first: f64| RatedRecord {
            game: game.into(),
            game_index: 0,
            first: "a".into(),
            second: "b".into(),
            score_first,
        };
        let err = RatedResult::try_from(record("chess", 1.0)).unwrap_err();
        assert!(err.0.contains("unknown game \"chess\""), "{err}");
        let err = RatedResult::try_from(record("hex", 2.0)).unwrap_err();
        assert!(err.0.contains("outside"), "{err}");
    }

    #[test]
    fn presence_is_never_stored() {
        let presence = Logged::new(EventKind::Presence { slot: 0, present: true });
        assert!(encode_event(&presence).unwrap_err().0.contains("presence"));
    }

    #[test]
    fn a_corrupt_record_is_refused_with_what_is_wrong() {
        assert!(read_event(r#"{"kind":{"type":"moved","seat":"First","notat"#)
            .unwrap_err()
            .0
            .contains("not JSON"));
        assert!(read_event(r#"{"v":1,"event":{"type":"flew"}}"#)
            .unwrap_err()
            .0
            .contains("v1 record that does not parse"));
        let short_salt = r#"{"v":1,"event":{"type":"started","game_index":0},"secret":{"seed":1,"salt":"00"}}"#;
        assert!(decode_event(short_salt).unwrap_err().0.contains("not 32 bytes"));
    }
}
