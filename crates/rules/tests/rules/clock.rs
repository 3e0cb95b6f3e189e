//! Clocks driven by a fake time source: a plain counter of milliseconds
//! that the test advances, standing in for the caller's "now".

use papan_rules::clock::{Adjudicated, Clock, ClockError, ClockState, Expiry, Tempo};
use papan_rules::hex::{Hex, HexMove};
use papan_rules::{EndReason, Game, Outcome, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The fake time source: starts at an arbitrary origin, like a monotonic clock.
struct FakeTime(u64);

impl FakeTime {
    fn now(&self) -> u64 {
        self.0
    }
    fn advance(&mut self, ms: u64) -> u64 {
        self.0 += ms;
        self.0
    }
}

const S: u64 = 1_000;

#[test]
fn only_the_side_to_move_loses_time() {
    let mut t = FakeTime(1_000_000);
    let mut clock = Clock::new(Tempo::hadang(3, 0).unwrap());
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(180 * S));
    clock.start(Seat::First, t.now()).unwrap();
    t.advance(7 * S);
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(173 * S));
    assert_eq!(clock.remaining(Seat::Second, t.now()), Some(180 * S));
    clock.complete_move(Seat::First, t.now()).unwrap();
    t.advance(20 * S);
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(173 * S));
    assert_eq!(clock.remaining(Seat::Second, t.now()), Some(160 * S));
    assert_eq!(clock.running(), Some(Seat::Second));
}

#[test]
fn increment_is_added_after_each_move() {
    let mut t = FakeTime(0);
    let mut clock = Clock::new(Tempo::hadang(1, 5).unwrap());
    clock.start(Seat::First, t.now()).unwrap();
    t.advance(2 * S);
    // Not before the move ...
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(58 * S));
    clock.complete_move(Seat::First, t.now()).unwrap();
    // ... but after it.
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(63 * S));
    t.advance(S);
    clock.complete_move(Seat::Second, t.now()).unwrap();
    assert_eq!(clock.remaining(Seat::Second, t.now()), Some(64 * S));
}

#[test]
fn a_flag_loses_and_a_late_move_is_refused() {
    let mut t = FakeTime(500);
    let mut clock = Clock::new(Tempo::hadang(1, 2).unwrap());
    clock.start(Seat::First, t.now()).unwrap();
    assert_eq!(clock.time_to_expiry(t.now()), Some(60 * S));
    t.advance(60 * S);
    // The move arrives exactly at zero: too late.
    assert_eq!(
        clock.complete_move(Seat::First, t.now()),
        Err(ClockError::Flagged { loser: Seat::First })
    );
    assert_eq!(clock.state(), ClockState::Stopped);
    assert_eq!(clock.flagged(), Some(Seat::First));
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(0));
    let flag = Expiry::Flag { loser: Seat::First };
    assert_eq!(flag.outcome(), Some(Outcome::win(Seat::Second, EndReason::Timeout)));
}

#[test]
fn poll_reports_the_flag_once_time_is_up() {
    let mut t = FakeTime(0);
    let mut clock = Clock::new(Tempo::hadang(1, 0).unwrap());
    clock.start(Seat::First, t.now()).unwrap();
    t.advance(59_999);
    assert_eq!(clock.poll(t.now()), None);
    assert_eq!(clock.time_to_expiry(t.now()), Some(1));
    t.advance(1);
    assert_eq!(clock.poll(t.now()), Some(Expiry::Flag { loser: Seat::First }));
    // Stopped: nothing runs, nothing more expires.
    assert_eq!(clock.poll(t.advance(S)), None);
    assert_eq!(clock.time_to_expiry(t.now()), None);
}

#[test]
fn low_time_warning() {
    let mut t = FakeTime(0);
    let mut clock = Clock::new(Tempo::hadang(1, 0).unwrap());
    assert_eq!(clock.warning_threshold(), 10 * S);
    assert_eq!(Clock::new(Tempo::hadang(10, 0).unwrap()).warning_threshold(), 30 * S);
    clock.start(Seat::First, t.now()).unwrap();
    t.advance(49 * S);
    assert!(!clock.is_low(Seat::First, t.now()));
    t.advance(S);
    assert!(clock.is_low(Seat::First, t.now()));
    assert!(!clock.is_low(Seat::Second, t.now()));
    let custom = Clock::new(Tempo::hadang(1, 0).unwrap()).with_warning_threshold(60 * S);
    assert!(custom.is_low(Seat::Second, 0));
}

#[test]
fn pause_and_resume_across_a_restart() {
    let mut t = FakeTime(10_000);
    let mut clock = Clock::new(Tempo::hadang(5, 0).unwrap());
    clock.start(Seat::First, t.now()).unwrap();
    t.advance(30 * S);
    clock.pause(t.now()).unwrap();
    assert_eq!(clock.state(), ClockState::Paused { seat: Seat::First });
    // Saved, the server restarts, and its monotonic clock starts from 0.
    let saved = serde_json::to_string(&clock).unwrap();
    let mut restored: Clock = serde_json::from_str(&saved).unwrap();
    let mut t2 = FakeTime(0);
    t2.advance(3_600 * S); // time while paused is not charged
    assert_eq!(restored.remaining(Seat::First, t2.now()), Some(270 * S));
    restored.resume(t2.now()).unwrap();
    t2.advance(10 * S);
    assert_eq!(restored.remaining(Seat::First, t2.now()), Some(260 * S));
    assert_eq!(
        restored.complete_move(Seat::Second, t2.now()),
        Err(ClockError::NotTheirTurn { seat: Seat::Second })
    );
    restored.complete_move(Seat::First, t2.now()).unwrap();
    assert_eq!(restored.running(), Some(Seat::Second));
    assert_eq!(restored.resume(t2.now()), Err(ClockError::NotRunning));
}

#[test]
fn per_move_limit_asks_for_an_automatic_move_instead_of_losing() {
    // Hex X12 (30 s) and Jun Qi J20 (30 s per move).
    let mut t = FakeTime(0);
    let mut clock = Clock::new(Tempo::per_move_seconds(30));
    clock.start(Seat::First, t.now()).unwrap();
    t.advance(25 * S);
    clock.complete_move(Seat::First, t.now()).unwrap();
    // Every move starts with the full limit, whatever the last one used.
    assert_eq!(clock.remaining(Seat::Second, t.now()), Some(30 * S));
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(30 * S));
    t.advance(30 * S);
    assert_eq!(clock.poll(t.now()), Some(Expiry::AutoMove { seat: Seat::Second }));
    assert_eq!(Expiry::AutoMove { seat: Seat::Second }.outcome(), None);
    // The automatic move is reported late and accepted; the game goes on.
    t.advance(200);
    clock.complete_move(Seat::Second, t.now()).unwrap();
    assert_eq!(clock.running(), Some(Seat::First));
    assert_eq!(clock.remaining(Seat::First, t.now()), Some(30 * S));
    assert_eq!(clock.warning_threshold(), 10 * S);
}

#[test]
fn no_clock_never_expires() {
    let mut clock = Clock::new(Tempo::Unlimited);
    clock.start(Seat::First, 0).unwrap();
    assert_eq!(clock.remaining(Seat::First, u64::MAX), None);
    assert_eq!(clock.poll(u64::MAX), None);
    assert!(!clock.is_low(Seat::First, u64::MAX));
    clock.complete_move(Seat::First, 5).unwrap();
    assert_eq!(clock.running(), Some(Seat::Second));
}

#[test]
fn misuse_is_reported_not_panicked() {
    let mut clock = Clock::new(Tempo::hadang(1, 0).unwrap());
    assert_eq!(clock.complete_move(Seat::First, 0), Err(ClockError::NotRunning));
    assert_eq!(clock.pause(0), Err(ClockError::NotRunning));
    clock.start(Seat::First, 100).unwrap();
    assert_eq!(clock.start(Seat::First, 100), Err(ClockError::AlreadyStarted));
    // Time going backwards costs nothing rather than underflowing.
    assert_eq!(clock.remaining(Seat::First, 50), Some(60 * S));
    clock.stop(10_100);
    assert_eq!(clock.state(), ClockState::Stopped);
    assert_eq!(clock.remaining(Seat::First, 99_999), Some(50 * S));
}

#[test]
fn tempo_offers_match_h16() {
    let offers = Tempo::hadang_offers();
    assert_eq!(offers[0], Tempo::Unlimited);
    assert!(offers.contains(&Tempo::Fischer {
        base_ms: 600 * S,
        increment_ms: 5 * S
    }));
    assert!(offers.contains(&Tempo::Fischer {
        base_ms: 60 * S,
        increment_ms: 0
    }));
    for (base, inc) in [(2, 0), (1, 1), (15, 0), (0, 0)] {
        assert_eq!(Tempo::hadang(base, inc).unwrap_err().rule, papan_rules::rule::H16);
    }
}

#[test]
fn adjudication_works_for_any_game() {
    // The same wrapper ends a Hex game by resignation or on time.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut hex: Adjudicated<Hex> = Game::new(&Default::default(), &mut rng).unwrap();
    hex.play(&"f6".parse::<HexMove>().unwrap()).unwrap();
    assert_eq!(hex.turn(), Turn::Seat(Seat::Second));
    let outcome = hex.time_out(Seat::Second).unwrap();
    assert_eq!(outcome, Outcome::win(Seat::First, EndReason::Timeout));
    assert_eq!(hex.turn(), Turn::Over);
    assert!(hex.legal_moves().is_empty());
    let err = hex.play(&"a1".parse::<HexMove>().unwrap()).unwrap_err();
    assert_eq!(err.rule, papan_rules::clock::ADJUDICATED_RULE);
    assert_eq!(hex.game().stone_count(), 1, "the board is untouched");
    // Board results cannot be given as verdicts.
    let mut fresh = Adjudicated::new(hex.clone().into_inner());
    assert!(fresh.decide(Seat::First, EndReason::Connection).is_err());
    // A saved verdict without a winner is refused on the way in.
    let mut text = serde_json::to_value(&hex).unwrap();
    text["verdict"]["winner"] = serde_json::Value::Null;
    assert!(serde_json::from_value::<Adjudicated<Hex>>(text).is_err());
}
