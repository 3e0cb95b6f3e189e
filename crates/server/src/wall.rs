//! The server's wall clock: what correspondence rooms (days per move) and
//! vacations are timed by. Unlike the game clocks of live rooms (a
//! monotonic `Instant`, paused while the server is down), it is the time of
//! day, the same on every node and across restarts, so a move due in three
//! days is due then whatever happened to the servers meanwhile.
//!
//! It is injectable: tests share one [`WallClock`] between the nodes they
//! start and [`WallClock::advance`] it, so a week passes in a millisecond;
//! every room task watching it looks at its deadlines again at once.

use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

pub struct WallClock {
    /// Milliseconds added to the system's time (0 in production).
    offset_ms: watch::Sender<u64>,
}

impl std::fmt::Debug for WallClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WallClock(+{} ms)", *self.offset_ms.borrow())
    }
}

impl Default for WallClock {
    fn default() -> WallClock {
        WallClock {
            offset_ms: watch::channel(0).0,
        }
    }
}

impl WallClock {
    /// Milliseconds since 1970 (UTC), as this server's clock says.
    pub fn now_ms(&self) -> u64 {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        system + *self.offset_ms.borrow()
    }

    /// Moves the clock `ms` forward (tests: days pass at once).
    pub fn advance(&self, ms: u64) {
        self.offset_ms.send_modify(|offset| *offset += ms);
    }

    /// A receiver that sees every [`WallClock::advance`].
    pub fn watch(&self) -> watch::Receiver<u64> {
        self.offset_ms.subscribe()
    }
}

/// The calendar month (UTC) of `ms` since 1970, as `year * 12 + month0`.
pub fn month_of(ms: u64) -> u32 {
    // Civil from days (Howard Hinnant's algorithm), proleptic Gregorian.
    let days = (ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year * 12 + month - 1) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_are_calendar_months_utc() {
        // 2026-12-31 23:59:59.999 and 2027-01-01 00:00 UTC.
        let new_year = 1_798_761_600_000u64;
        assert_eq!(month_of(new_year - 1), 2026 * 12 + 11);
        assert_eq!(month_of(new_year), 2027 * 12);
        // 2024-02-29 (leap day) and 2024-03-01.
        assert_eq!(month_of(1_709_164_800_000), 2024 * 12 + 1);
        assert_eq!(month_of(1_709_251_200_000), 2024 * 12 + 2);
        assert_eq!(month_of(0), 1970 * 12);
    }

    #[test]
    fn advancing_moves_now_and_wakes_watchers() {
        let clock = WallClock::default();
        let watcher = clock.watch();
        let before = clock.now_ms();
        clock.advance(7 * 86_400_000);
        assert!(clock.now_ms() >= before + 7 * 86_400_000);
        assert!(watcher.has_changed().unwrap());
    }
}
