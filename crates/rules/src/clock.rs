//! Game clocks (HADANG H16, Hex X12, Jun Qi J20) and the two ways any game
//! can end outside its own rules: running out of time and resigning (H17).
//!
//! Pure and platform-free: no `Instant`, no timers. Every call takes `now`,
//! the caller's monotonic time in milliseconds (any origin: `performance.now()`
//! on the web, an `Instant` offset on a server), so the same code runs on
//! wasm, phones and the room server and tests drive it with a fake time.
//! The caller also decides when to look: [`Clock::time_to_expiry`] says how
//! long to sleep before the next [`Clock::poll`].
//!
//! [`Adjudicated`] wraps any [`Game`] with a verdict that the rules did not
//! produce (resignation, timeout, abandonment). Games themselves stay free
//! of clocks and resignations, and every game gets them the same way.
//!
//! The order of calls in a room (`now` from the caller's time source) is
//! the test `tests::h16_a_room_checks_the_rules_then_the_clock_and_sleeps_until_the_flag`
//! at the end of this file: start the clock, play a move through the rules
//! then [`Clock::complete_move`], sleep [`Clock::time_to_expiry`], then
//! [`Clock::poll`] and [`Adjudicated::apply_expiry`]. (It is a unit test and
//! not a documentation example so that the test run need not build the
//! workspace a second time for rustdoc.)

use crate::game::{EndReason, Game, Outcome, ParseError, RuleError, Seat, SeatView, Turn};
use crate::rule::{GameId, RuleId};
use rand::RngCore;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;

/// Base times offered for HADANG, in minutes (H16).
pub const HADANG_BASE_MINUTES: [u64; 4] = [1, 3, 5, 10];
/// Increments offered for HADANG, in seconds (H16).
pub const HADANG_INCREMENT_SECONDS: [u64; 3] = [0, 2, 5];

const MINUTE_MS: u64 = 60_000;
const SECOND_MS: u64 = 1_000;

/// How time is kept in a game, chosen when the match or room is created.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tempo {
    /// No clock: games against the bot and offline games.
    #[default]
    Unlimited,
    /// Each player has `base_ms` for the whole game and gains
    /// `increment_ms` after each of their moves. Reaching zero loses (H16).
    Fischer { base_ms: u64, increment_ms: u64 },
    /// Each move must come within `limit_ms`. Running out does not lose:
    /// the seat's move is made for it (Hex X12: 30/60 s; Jun Qi J20: 30 s).
    PerMove { limit_ms: u64 },
}

impl Tempo {
    /// A HADANG tempo: base 1, 3, 5 or 10 minutes with 0, 2 or 5 seconds
    /// increment (H16). Other values are refused.
    pub fn hadang(base_minutes: u64, increment_seconds: u64) -> Result<Tempo, RuleError> {
        if !HADANG_BASE_MINUTES.contains(&base_minutes) || !HADANG_INCREMENT_SECONDS.contains(&increment_seconds) {
            return Err(RuleError::new(
                crate::rule::H16,
                format!(
                    "{base_minutes} min + {increment_seconds} s is not offered: base 1, 3, 5 or 10 minutes, \
                     increment 0, 2 or 5 seconds"
                ),
            ));
        }
        Ok(Tempo::Fischer {
            base_ms: base_minutes * MINUTE_MS,
            increment_ms: increment_seconds * SECOND_MS,
        })
    }

    /// Every HADANG tempo offered: "no clock" first, then by base and increment.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    pub fn hadang_offers() -> Vec<Tempo> {
        let mut offers = vec![Tempo::Unlimited];
        for base in HADANG_BASE_MINUTES {
            for increment in HADANG_INCREMENT_SECONDS {
                offers.push(Tempo::hadang(base, increment).expect("offered"));
            }
        }
        offers
    }

    /// A per-move limit of `seconds` (Hex: 30 or 60; Jun Qi online: 30).
    pub fn per_move_seconds(seconds: u64) -> Tempo {
        Tempo::PerMove {
            limit_ms: seconds * SECOND_MS,
        }
    }

    /// Time each seat has when its clock first starts (`None`: no clock).
    fn initial_ms(self) -> Option<u64> {
        match self {
            Tempo::Unlimited => None,
            Tempo::Fischer { base_ms, .. } => Some(base_ms),
            Tempo::PerMove { limit_ms } => Some(limit_ms),
        }
    }

    /// The default low-time warning: a tenth of the base clamped to
    /// 10–30 s; a third of a per-move limit, at most 10 s.
    fn default_warning_ms(self) -> u64 {
        match self {
            Tempo::Unlimited => 0,
            Tempo::Fischer { base_ms, .. } => (base_ms / 10).clamp(10 * SECOND_MS, 30 * SECOND_MS),
            Tempo::PerMove { limit_ms } => (limit_ms / 3).min(10 * SECOND_MS),
        }
    }
}

/// What running out of time means for the seat whose clock hit zero.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Expiry {
    /// A game clock fell: `loser` loses on time (H16).
    Flag { loser: Seat },
    /// A per-move limit ran out: the caller plays a move for `seat` (a bot
    /// or autoplay), then reports it with [`Clock::complete_move`].
    AutoMove { seat: Seat },
}

impl Expiry {
    /// The result when the expiry ends the game (a flag), else `None`.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Expiry::Flag { loser } => Some(Outcome::win(loser.other(), EndReason::Timeout)),
            Expiry::AutoMove { .. } => None,
        }
    }
}

/// A clock call that does not fit the clock's state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ClockError {
    /// `start` on a clock that already started.
    AlreadyStarted,
    /// The clock is not running (not started, paused or stopped).
    NotRunning,
    /// A move was reported for `seat` while the other seat's clock runs.
    NotTheirTurn { seat: Seat },
    /// The move came after the mover's clock reached zero: it does not
    /// count, the mover lost on time ([`Expiry::outcome`]).
    Flagged { loser: Seat },
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::AlreadyStarted => f.write_str("the clock has already started"),
            ClockError::NotRunning => f.write_str("the clock is not running"),
            ClockError::NotTheirTurn { seat } => write!(f, "it is not {seat:?}'s turn on the clock"),
            ClockError::Flagged { loser } => write!(f, "{loser:?}'s time ran out before the move (H16)"),
        }
    }
}

impl std::error::Error for ClockError {}

/// Where the clock stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClockState {
    /// Created, no turn begun yet.
    Ready,
    /// `seat`'s time runs since `since_ms` (the caller's clock).
    Running { seat: Seat, since_ms: u64 },
    /// Frozen during `seat`'s turn, e.g. across a server restart. Holds no
    /// timestamp, so it survives a change of time origin.
    Paused { seat: Seat },
    /// The game is over; times are final.
    Stopped,
}

/// Both players' clocks. Only the seat to move loses time; the increment
/// is added after a move; for a per-move limit each turn starts afresh.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Clock {
    tempo: Tempo,
    /// Time left per seat as of the start of the running stretch (for a
    /// per-move limit: left for the current move).
    remaining_ms: [u64; 2],
    state: ClockState,
    warning_ms: u64,
    flagged: Option<Seat>,
}

impl Clock {
    pub fn new(tempo: Tempo) -> Clock {
        let initial = tempo.initial_ms().unwrap_or(0);
        Clock {
            tempo,
            remaining_ms: [initial; 2],
            state: ClockState::Ready,
            warning_ms: tempo.default_warning_ms(),
            flagged: None,
        }
    }

    /// The same clock with a different low-time warning threshold.
    pub fn with_warning_threshold(mut self, warning_ms: u64) -> Clock {
        self.warning_ms = warning_ms;
        self
    }

    pub fn tempo(&self) -> Tempo {
        self.tempo
    }

    pub fn state(&self) -> ClockState {
        self.state
    }

    /// The seat whose time runs now.
    pub fn running(&self) -> Option<Seat> {
        match self.state {
            ClockState::Running { seat, .. } => Some(seat),
            _ => None,
        }
    }

    /// The seat that lost on time, once one has.
    pub fn flagged(&self) -> Option<Seat> {
        self.flagged
    }

    /// Starts the first turn: `seat`'s time runs from `now_ms`.
    pub fn start(&mut self, seat: Seat, now_ms: u64) -> Result<(), ClockError> {
        if self.state != ClockState::Ready {
            return Err(ClockError::AlreadyStarted);
        }
        self.state = ClockState::Running { seat, since_ms: now_ms };
        Ok(())
    }

    /// Time spent in the running stretch (0 if `now` went backwards).
    fn elapsed(&self, now_ms: u64) -> u64 {
        match self.state {
            ClockState::Running { since_ms, .. } => now_ms.saturating_sub(since_ms),
            _ => 0,
        }
    }

    /// Time `seat` has left at `now_ms`; `None` without a clock. For a
    /// per-move limit, the time left for the current move (the full limit
    /// for the seat not to move).
    pub fn remaining(&self, seat: Seat, now_ms: u64) -> Option<u64> {
        self.tempo.initial_ms()?;
        let left = self.remaining_ms[seat.index()];
        Some(match self.state {
            ClockState::Running { seat: running, .. } if running == seat => left.saturating_sub(self.elapsed(now_ms)),
            _ => left,
        })
    }

    /// The low-time warning threshold in milliseconds (0 without a clock).
    pub fn warning_threshold(&self) -> u64 {
        self.warning_ms
    }

    /// Whether `seat` is at or under the warning threshold (and still has
    /// time), for the UI's low-time cue.
    pub fn is_low(&self, seat: Seat, now_ms: u64) -> bool {
        matches!(self.remaining(seat, now_ms), Some(left) if left > 0 && left <= self.warning_ms)
    }

    /// How long until the running clock hits zero, for scheduling the next
    /// [`Clock::poll`]; `None` when nothing runs or there is no clock.
    pub fn time_to_expiry(&self, now_ms: u64) -> Option<u64> {
        let seat = self.running()?;
        self.remaining(seat, now_ms)
    }

    /// Whether the running seat's time is up at `now_ms`. A flag stops the
    /// clock for good; a per-move expiry leaves it running until the move
    /// made for the seat is reported.
    pub fn poll(&mut self, now_ms: u64) -> Option<Expiry> {
        let seat = self.running()?;
        if self.remaining(seat, now_ms)? > 0 {
            return None;
        }
        match self.tempo {
            Tempo::Fischer { .. } => {
                self.remaining_ms[seat.index()] = 0;
                self.state = ClockState::Stopped;
                self.flagged = Some(seat);
                Some(Expiry::Flag { loser: seat })
            }
            Tempo::PerMove { .. } => Some(Expiry::AutoMove { seat }),
            Tempo::Unlimited => None,
        }
    }

    /// `seat` made its move at `now_ms`: charge the time, add the
    /// increment, and start the opponent's clock. A move after the mover's
    /// game clock reached zero is refused as [`ClockError::Flagged`] (and the
    /// clock stops); per-move limits accept late moves (the automatic move).
    pub fn complete_move(&mut self, seat: Seat, now_ms: u64) -> Result<(), ClockError> {
        match self.state {
            ClockState::Running { seat: running, .. } if running == seat => {}
            ClockState::Running { .. } => return Err(ClockError::NotTheirTurn { seat }),
            _ => return Err(ClockError::NotRunning),
        }
        let i = seat.index();
        match self.tempo {
            Tempo::Fischer { increment_ms, .. } => {
                let left = self.remaining(seat, now_ms).unwrap_or(0);
                if left == 0 {
                    self.poll(now_ms);
                    return Err(ClockError::Flagged { loser: seat });
                }
                self.remaining_ms[i] = left + increment_ms;
            }
            Tempo::PerMove { limit_ms } => {
                self.remaining_ms[i] = limit_ms;
                self.remaining_ms[seat.other().index()] = limit_ms;
            }
            Tempo::Unlimited => {}
        }
        self.state = ClockState::Running {
            seat: seat.other(),
            since_ms: now_ms,
        };
        Ok(())
    }

    /// Freezes the running clock (server shutdown, both players away).
    pub fn pause(&mut self, now_ms: u64) -> Result<(), ClockError> {
        let seat = self.running().ok_or(ClockError::NotRunning)?;
        if let Some(left) = self.remaining(seat, now_ms) {
            self.remaining_ms[seat.index()] = left;
        }
        self.state = ClockState::Paused { seat };
        Ok(())
    }

    /// Restarts a paused clock at `now_ms` (which may use a new origin).
    pub fn resume(&mut self, now_ms: u64) -> Result<(), ClockError> {
        match self.state {
            ClockState::Paused { seat } => {
                self.state = ClockState::Running { seat, since_ms: now_ms };
                Ok(())
            }
            _ => Err(ClockError::NotRunning),
        }
    }

    /// Stops the clock for good (the game ended on the board, by
    /// resignation, ...), keeping the times shown.
    pub fn stop(&mut self, now_ms: u64) {
        if let Some(seat) = self.running() {
            if let Some(left) = self.remaining(seat, now_ms) {
                self.remaining_ms[seat.index()] = left;
            }
        }
        self.state = ClockState::Stopped;
    }
}

/// Rule id of refusals by [`Adjudicated`]: the game was decided off the
/// board. (HADANG's rules number these H16 and H17.)
pub const ADJUDICATED_RULE: RuleId = RuleId::Ended;

/// A game plus a verdict its rules did not produce: a resignation (H17), a
/// loss on time (H16) or an abandonment. It is itself a [`Game`], so the
/// server, the bots and the UI use it like any game: once decided, `turn()`
/// is [`Turn::Over`], `outcome()` is the verdict and `play` is refused.
///
/// A verdict is not a move: a [`crate::Record`] of the inner moves replays
/// the board; the verdict is stored beside it (this value serializes both).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "AdjudicatedSetup<G>", bound(deserialize = "G: Game + DeserializeOwned"))]
pub struct Adjudicated<G> {
    game: G,
    verdict: Option<Outcome>,
}

/// The raw form of [`Adjudicated`], validated on the way in.
#[derive(Deserialize)]
pub struct AdjudicatedSetup<G> {
    game: G,
    verdict: Option<Outcome>,
}

impl<G: Game> TryFrom<AdjudicatedSetup<G>> for Adjudicated<G> {
    type Error = RuleError;

    fn try_from(setup: AdjudicatedSetup<G>) -> Result<Adjudicated<G>, RuleError> {
        let mut out = Adjudicated::new(setup.game);
        if let Some(verdict) = setup.verdict {
            let loser = verdict
                .winner
                .map(Seat::other)
                .ok_or_else(|| RuleError::new(ADJUDICATED_RULE, "a resignation or timeout always has a winner"))?;
            out.decide(loser, verdict.reason)?;
        }
        Ok(out)
    }
}

impl<G> Adjudicated<G> {
    pub fn new(game: G) -> Adjudicated<G> {
        Adjudicated { game, verdict: None }
    }

    /// The game on the board.
    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn into_inner(self) -> G {
        self.game
    }

    /// The off-board verdict, if any (the board's own result is in
    /// [`Game::outcome`]).
    pub fn verdict(&self) -> Option<Outcome> {
        self.verdict
    }
}

impl<G: Game> Adjudicated<G> {
    /// `seat` resigns; the opponent wins (H17). Any time, on either
    /// player's turn, but not once the game is over.
    pub fn resign(&mut self, seat: Seat) -> Result<Outcome, RuleError> {
        self.decide(seat, EndReason::Resignation)
    }

    /// `seat`'s clock ran out; the opponent wins (H16).
    pub fn time_out(&mut self, seat: Seat) -> Result<Outcome, RuleError> {
        self.decide(seat, EndReason::Timeout)
    }

    /// Applies a clock expiry: a flag ends the game, a per-move expiry
    /// does not (the caller plays the automatic move).
    pub fn apply_expiry(&mut self, expiry: Expiry) -> Result<Option<Outcome>, RuleError> {
        match expiry {
            Expiry::Flag { loser } => self.time_out(loser).map(Some),
            Expiry::AutoMove { .. } => Ok(None),
        }
    }

    /// `loser` loses for an off-board `reason` (resignation, timeout, abandonment).
    pub fn decide(&mut self, loser: Seat, reason: EndReason) -> Result<Outcome, RuleError> {
        if !matches!(
            reason,
            EndReason::Resignation | EndReason::Timeout | EndReason::Abandoned
        ) {
            return Err(RuleError::new(
                ADJUDICATED_RULE,
                format!("{reason:?} is decided on the board, not by a verdict"),
            ));
        }
        if let Some(done) = self.outcome() {
            return Err(RuleError::new(
                ADJUDICATED_RULE,
                format!("the game is already over ({:?})", done.reason),
            ));
        }
        let outcome = Outcome::win(loser.other(), reason);
        self.verdict = Some(outcome);
        Ok(outcome)
    }
}

impl<G: Game> Game for Adjudicated<G> {
    type Move = G::Move;
    type View = Adjudicated<G::View>;
    type Options = G::Options;
    const GAME: GameId = G::GAME;

    fn new(options: &G::Options, rng: &mut dyn RngCore) -> Result<Self, RuleError> {
        G::new(options, rng).map(Adjudicated::new)
    }

    fn options(&self) -> &G::Options {
        self.game.options()
    }

    fn turn(&self) -> Turn {
        if self.verdict.is_some() {
            Turn::Over
        } else {
            self.game.turn()
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<G::Move>) {
        if self.verdict.is_none() {
            self.game.legal_moves_into(out);
        }
    }

    fn play(&mut self, mv: &G::Move) -> Result<(), RuleError> {
        if let Some(verdict) = self.verdict {
            let message = match verdict.winner {
                Some(winner) => format!("the game is over: {:?} lost by {:?}", winner.other(), verdict.reason),
                None => format!("the game is over ({:?})", verdict.reason),
            };
            return Err(RuleError::new(ADJUDICATED_RULE, message));
        }
        self.game.play(mv)
    }

    fn canonical_move(&self, mv: &G::Move) -> G::Move {
        self.game.canonical_move(mv)
    }

    fn play_unchecked(&mut self, mv: &G::Move) {
        self.game.play_unchecked(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.verdict.or_else(|| self.game.outcome())
    }

    fn view(&self, seat: Seat) -> Adjudicated<G::View> {
        Adjudicated {
            game: self.game.view(seat),
            verdict: self.verdict,
        }
    }

    fn chance_outcomes(&self) -> Vec<(G::Move, f64)> {
        if self.verdict.is_some() {
            return Vec::new();
        }
        self.game.chance_outcomes()
    }

    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<G::Move> {
        if self.verdict.is_some() {
            return None;
        }
        self.game.sample_chance(rng)
    }

    fn format_move(&self, mv: &G::Move) -> String {
        self.game.format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, ParseError> {
        self.game.parse_move(text)
    }
}

/// A seat's view of an adjudicated game: the game's own view until a
/// verdict ends it.
impl<V: SeatView> SeatView for Adjudicated<V> {
    type Move = V::Move;

    fn turn(&self) -> Turn {
        if self.verdict.is_some() {
            Turn::Over
        } else {
            self.game.turn()
        }
    }

    fn legal_moves(&self) -> Vec<V::Move> {
        if self.verdict.is_some() {
            Vec::new()
        } else {
            self.game.legal_moves()
        }
    }

    fn check(&self, mv: &V::Move) -> Result<(), RuleError> {
        match self.verdict {
            Some(verdict) => Err(RuleError::new(
                ADJUDICATED_RULE,
                format!("the game is over ({:?})", verdict.reason),
            )),
            None => self.game.check(mv),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.verdict.or_else(|| self.game.outcome())
    }

    fn format_move(&self, mv: &V::Move) -> String {
        self.game.format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<V::Move, ParseError> {
        self.game.parse_move(text)
    }

    fn after(&self, mv: &V::Move) -> Option<Adjudicated<V>> {
        if self.verdict.is_some() {
            return None;
        }
        self.game.after(mv).map(Adjudicated::new)
    }

    fn may_act(&self, seat: Seat) -> bool {
        self.verdict.is_none() && self.game.may_act(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hadang::Hadang;

    #[test]
    fn h16_a_room_checks_the_rules_then_the_clock_and_sleeps_until_the_flag() {
        let mut game = Adjudicated::new(Hadang::start());
        let mut clock = Clock::new(Tempo::hadang(3, 2).unwrap());
        clock.start(Seat::First, 0).unwrap();
        // A move arrives at t = 4 s: the rules check it first, then the clock.
        game.play(&"e2".parse().unwrap()).unwrap();
        clock.complete_move(Seat::First, 4_000).unwrap();
        // 180 s, less the 4 s thought, plus the 2 s increment.
        assert_eq!(clock.remaining(Seat::First, 4_000), Some(178_000));
        // The server sleeps until the next possible flag, then polls.
        let wake = 4_000 + clock.time_to_expiry(4_000).unwrap();
        let expiry = clock.poll(wake).expect("the second player's flag falls at the wake-up");
        game.apply_expiry(expiry).unwrap();
        assert_eq!(Game::outcome(&game).unwrap().reason, EndReason::Timeout);
    }
}
