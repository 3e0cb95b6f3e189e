//! papan-bots: Papan's computer players.
//!
//! Layout follows the engines we learn from (Stockfish, KataGo): the search
//! ([`mcts`]) is generic over [`papan_rules::Game`]; each game brings its own
//! playout policy and tactics (e.g. [`hex`]). Protocols (GTP, UCI, gnubg's
//! line protocol) and tools (arena, bench, trainers) are papan-tools: they
//! sit on top, get their searches through [`Bot`] like the app and the
//! server, and never inside the search.
//!
//! The library is pure and portable to `wasm32-unknown-unknown`: no clock, no
//! threads, no OS randomness. Budgets are iteration counts; a caller with a
//! clock slices the work with [`Thinker::think`] and stops at its deadline.

pub mod backgammon;
pub mod bot;
pub mod estimate;
pub mod hadang;
pub mod hex;
pub mod junqi;
pub mod level;
pub mod mcts;
pub mod puzzle;
pub mod softmax;
pub mod thinker;

pub use bot::{Bot, Judged};
pub use level::Level;

use std::sync::atomic::{AtomicBool, Ordering};

/// What a bot would play now, with its own estimate.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Decision<M> {
    /// The move chosen (after the level's softmax noise); `None` when there is
    /// nothing to choose (game over, or a chance event is due).
    pub best: Option<M>,
    /// Estimated probability that the seat to move wins, 0..1.
    pub win_probability: f64,
    /// Search iterations done so far.
    pub iterations: u64,
}

/// An incremental search for one position, owned by whoever drives it.
pub trait Thinker: Send {
    type Move;
    /// Runs up to `iterations` more search iterations; returns false once the
    /// level's budget is spent (or only one legal move / game over).
    fn think(&mut self, iterations: u32) -> bool;
    /// Best move so far (with the level's steady softmax noise applied
    /// deterministically from the seed), estimate, work done.
    fn decision(&self) -> Decision<Self::Move>;
    /// The level's per-move time cap in ms, for callers that can read a clock.
    fn time_limit_ms(&self) -> u64;

    /// For a caller with a clock: search until [`Thinker::time_limit_ms`]
    /// instead of stopping at the level's iteration budget (the app's
    /// Expert spends its whole time on the device). The moves then depend
    /// on the machine's speed; games still replay from their records.
    /// Searches without a budget to lift ignore it.
    fn use_full_time(&mut self) {}

    /// Fixes this search's work at `iterations` (HADANG: nodes), in place
    /// of the level's budget: an engine's `param_papan iterations N` or
    /// `go nodes N`, so that a match does the same work whatever the
    /// machine's load, or a bound far beyond any time limit for an engine
    /// given time to use (which, unlike [`Thinker::use_full_time`], lifts
    /// the budget at every level). The level's noise and time cap stay.
    /// Searches without an iteration budget (backgammon's, which ends
    /// with its lookahead) ignore it.
    fn set_iterations(&mut self, _iterations: u64) {}
}

/// Iterations per slice in [`run_to_end`]: small enough that a cancel or a
/// deadline is noticed within a millisecond or two, large enough that
/// checking the clock costs nothing.
pub const SLICE: u32 = 256;

/// Convenience for native callers: runs a thinker to completion, honouring a
/// cancel flag and a deadline closure (checked between slices).
pub fn run_to_end<T: Thinker>(
    t: &mut T,
    cancel: &AtomicBool,
    mut past_deadline: impl FnMut() -> bool,
) -> Decision<T::Move> {
    while !cancel.load(Ordering::Relaxed) && !past_deadline() {
        if !t.think(SLICE) {
            break;
        }
    }
    t.decision()
}

/// A deadline kept by a search run in slices: it says stop before a slice
/// that would end past the deadline if it took as long as the longest one
/// so far, so a search given a second answers within it, not a slice after
/// it, even when some slices take longer than others (the Hex Expert's deep
/// knowledge). Readings are times from any fixed start, in the unit of the
/// deadline.
#[derive(Clone, Debug)]
pub struct Deadline {
    at: u64,
    last: Option<u64>,
    longest: u64,
}

impl Deadline {
    pub fn new(at: u64) -> Deadline {
        Deadline {
            at,
            last: None,
            longest: 0,
        }
    }

    /// Reads the clock between two slices: whether the next one may overrun.
    /// The time since the last reading counts as one slice.
    pub fn passed(&mut self, now: u64) -> bool {
        let slice = self.last.map_or(0, |before| now.saturating_sub(before));
        self.longest = self.longest.max(slice);
        self.last = Some(now);
        now.saturating_add(self.longest) >= self.at
    }

    /// Forgets the last reading: the search was paused (the browser's
    /// worker hands control back between its slices of work), and the time
    /// until the next reading is not a slice.
    pub fn pause(&mut self) {
        self.last = None;
    }
}

/// A deadline test for [`run_to_end`] that keeps a [`Deadline`] by `clock`.
pub fn ends_by(mut clock: impl FnMut() -> u64, deadline: u64) -> impl FnMut() -> bool {
    let mut deadline = Deadline::new(deadline);
    move || deadline.passed(clock())
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::{Hex, HexOptions};

    #[test]
    fn ends_by_stops_before_a_slice_that_would_overrun() {
        // Slices of 30 ms, a deadline at 100: after the slice ending at 90,
        // another would end at 120, so the search stops at 90.
        let mut now = 0;
        let mut past = ends_by(
            || {
                now += 30;
                now
            },
            100,
        );
        let checks: Vec<bool> = (0..3).map(|_| past()).collect();
        assert_eq!(checks, [false, false, true], "stops at 90 ms, not at 120");
    }

    #[test]
    fn ends_by_allows_for_the_longest_slice_not_only_the_last() {
        // Slices of 10, 40 and 10 ms, a deadline at 100: at 60 ms the last
        // slice took 10, but one of 40 would overrun, so the search stops.
        let mut times = [10, 50, 60, 70].into_iter();
        let mut past = ends_by(|| times.next().unwrap(), 100);
        let checks: Vec<bool> = (0..3).map(|_| past()).collect();
        assert_eq!(checks, [false, false, true]);
    }

    #[test]
    fn a_paused_deadline_does_not_count_the_pause_as_a_slice() {
        let mut deadline = Deadline::new(100);
        assert!(!deadline.passed(0));
        assert!(!deadline.passed(10), "one slice of 10 ms");
        deadline.pause();
        // 50 ms away; had they counted as a slice, one more would overrun.
        assert!(!deadline.passed(60));
        assert!(!deadline.passed(70));
        assert!(!deadline.passed(80));
        assert!(deadline.passed(90), "a slice of 10 would end at 100");
    }

    #[test]
    fn cancel_flag_stops_run_to_end() {
        let position = Hex::empty(HexOptions { size: 9, swap: false }).unwrap();
        let mut thinker = hex::thinker(&position, Level::Expert, 1);
        let cancel = AtomicBool::new(true);
        let decision = run_to_end(&mut thinker, &cancel, || false);
        assert_eq!(decision.iterations, 0, "a cancelled search does no work");

        // A deadline that passes after three slices stops the search there.
        let mut thinker = hex::thinker(&position, Level::Expert, 1);
        let cancel = AtomicBool::new(false);
        let mut calls = 0;
        let decision = run_to_end(&mut thinker, &cancel, || {
            calls += 1;
            calls > 3
        });
        assert_eq!(decision.iterations, 3 * SLICE as u64);
        assert!(decision.best.is_some(), "even a short search names a move");
    }
}
