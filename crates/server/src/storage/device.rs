//! What the server keeps per device beyond its token, for correspondence
//! rooms: the open correspondence games it holds (at most
//! [`MAX_CORRESPONDENCE_GAMES`]) and its vacation (at most
//! [`VACATION_DAYS_PER_MONTH`] days a calendar month, UTC). Stored as this
//! JSON, one record per device (SQLite `device_state`, the cluster's
//! `papan-device-state` bucket), read and written whole; every change is
//! checked here first and refused with the state left as it was.
//!
//! Vacation time counts against the calendar month it starts in: the
//! whole vacation is charged when it starts, and what is left of it is
//! given back when the player ends it early.

use crate::wall::month_of;
use papan_api::{
    ApiError, ErrorCode, NoticeKind, VacationStatus, DAY_MS, MAX_CORRESPONDENCE_GAMES, VACATION_DAYS_PER_MONTH,
};
use serde::{Deserialize, Serialize};

/// A vacation: from, until (server time, ms since 1970).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VacationSpan {
    pub from_ms: u64,
    pub until_ms: u64,
}

/// Vacation charged to one calendar month (`year * 12 + month0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonthUse {
    pub month: u32,
    pub used_ms: u64,
}

/// Where a device is told things by Web Push ([`crate::push`]): its
/// browser's subscription (keys as unpadded base64url), what it wants to
/// be told, and in which language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushTarget {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    pub kinds: Vec<NoticeKind>,
    pub lang: String,
}

/// Notices sent in one hour (`ms / 3_600_000` of the wall clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HourCount {
    pub hour: u64,
    pub count: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceState {
    /// The device's open correspondence rooms (ids), oldest first.
    #[serde(default)]
    pub games: Vec<String>,
    /// The last vacation taken (running while `until_ms` is ahead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vacation: Option<VacationSpan>,
    /// The vacation charged to the month of the last one taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used: Option<MonthUse>,
    /// Where notices go, if the device asked for any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub push: Option<PushTarget>,
    /// Notices sent in the last hour one was sent in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed: Option<HourCount>,
}

const ALLOWANCE_MS: u64 = VACATION_DAYS_PER_MONTH as u64 * DAY_MS;

fn refused(message: String) -> ApiError {
    ApiError::new(ErrorCode::Conflict, message)
}

impl DeviceState {
    /// When the running vacation ends, if one runs at `now`.
    pub fn on_vacation(&self, now: u64) -> Option<u64> {
        self.vacation.filter(|v| v.until_ms > now).map(|v| v.until_ms)
    }

    fn used_in(&self, month: u32) -> u64 {
        self.used.filter(|u| u.month == month).map_or(0, |u| u.used_ms)
    }

    /// Vacation left in the calendar month of `now`.
    pub fn left_this_month(&self, now: u64) -> u64 {
        ALLOWANCE_MS.saturating_sub(self.used_in(month_of(now)))
    }

    /// Starts a vacation of `days` from `now`: refused if one runs, for 0
    /// days, or beyond what is left this month. Returns when it ends.
    pub fn start_vacation(&mut self, days: u8, now: u64) -> Result<u64, ApiError> {
        if let Some(until) = self.on_vacation(now) {
            return Err(refused(format!(
                "already on vacation for {} more hours: end it first (days 0)",
                (until - now).div_ceil(3_600_000)
            )));
        }
        let asked = u64::from(days) * DAY_MS;
        let left = self.left_this_month(now);
        if asked > left {
            return Err(refused(format!(
                "a vacation of {days} days is more than is left this month: {} of {VACATION_DAYS_PER_MONTH} days \
                 (each calendar month, UTC)",
                fmt_days(left)
            )));
        }
        let month = month_of(now);
        self.used = Some(MonthUse {
            month,
            used_ms: self.used_in(month) + asked,
        });
        let until_ms = now + asked;
        self.vacation = Some(VacationSpan { from_ms: now, until_ms });
        Ok(until_ms)
    }

    /// Ends the running vacation at `now`, giving back what is left of it.
    pub fn end_vacation(&mut self, now: u64) -> Result<(), ApiError> {
        let Some(span) = self.vacation.filter(|v| v.until_ms > now) else {
            return Err(refused("no vacation is running".to_string()));
        };
        let unused = span.until_ms - now.max(span.from_ms);
        if let Some(used) = self.used.as_mut().filter(|u| u.month == month_of(span.from_ms)) {
            used.used_ms = used.used_ms.saturating_sub(unused);
        }
        self.vacation = Some(VacationSpan {
            from_ms: span.from_ms,
            until_ms: now,
        });
        Ok(())
    }

    /// Counts `room` among the device's open correspondence games; the one
    /// past [`MAX_CORRESPONDENCE_GAMES`] is refused.
    pub fn open_game(&mut self, room: &str) -> Result<(), ApiError> {
        if self.games.iter().any(|g| g == room) {
            return Ok(());
        }
        if self.games.len() >= MAX_CORRESPONDENCE_GAMES {
            return Err(refused(format!(
                "this device already holds {MAX_CORRESPONDENCE_GAMES} open correspondence games, the most \
                 allowed: finish one first"
            )));
        }
        self.games.push(room.to_string());
        Ok(())
    }

    /// `room`'s game is over (or never started): it no longer counts.
    pub fn close_game(&mut self, room: &str) {
        self.games.retain(|g| g != room);
    }

    /// Counts one more notice in `hour`; refused past `bound` an hour.
    pub fn count_push(&mut self, hour: u64, bound: u32) -> Result<(), ApiError> {
        let count = self.pushed.filter(|p| p.hour == hour).map_or(0, |p| p.count);
        if count >= bound {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!("this device had its {bound} notices this hour"),
            ));
        }
        self.pushed = Some(HourCount { hour, count: count + 1 });
        Ok(())
    }

    pub fn status(&self, now: u64) -> VacationStatus {
        VacationStatus {
            on_vacation_ms: self.on_vacation(now).map(|until| until - now),
            left_this_month_ms: self.left_this_month(now),
            open_correspondence_games: self.games.len(),
        }
    }
}

fn fmt_days(ms: u64) -> String {
    let days = ms as f64 / DAY_MS as f64;
    if ms.is_multiple_of(DAY_MS) {
        format!("{}", ms / DAY_MS)
    } else {
        format!("{days:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEC_1: u64 = 1_796_083_200_000; // 2026-12-01 00:00 UTC

    #[test]
    fn fourteen_days_a_calendar_month_charged_to_the_month_it_starts_in() {
        let mut state = DeviceState::default();
        assert_eq!(state.left_this_month(DEC_1), 14 * DAY_MS);
        let until = state.start_vacation(10, DEC_1).unwrap();
        assert_eq!(until, DEC_1 + 10 * DAY_MS);
        assert_eq!(state.on_vacation(DEC_1 + DAY_MS), Some(until));
        assert_eq!(state.on_vacation(until), None);
        let before = state.clone();
        let error = state.start_vacation(5, until + DAY_MS).unwrap_err();
        assert!(
            error.message.contains("more than is left this month: 4 of 14 days"),
            "{error}"
        );
        assert_eq!(state, before, "a refusal changes nothing");
        state.start_vacation(4, until + DAY_MS).unwrap();
        assert_eq!(state.left_this_month(until + 6 * DAY_MS), 0);
        // January: a new allowance.
        let jan_1 = DEC_1 + 31 * DAY_MS;
        assert_eq!(state.left_this_month(jan_1), 14 * DAY_MS);
        state.start_vacation(14, jan_1).unwrap();
    }

    #[test]
    fn ending_early_gives_back_the_rest_and_one_at_a_time() {
        let mut state = DeviceState::default();
        state.start_vacation(7, DEC_1).unwrap();
        assert!(state.start_vacation(1, DEC_1 + 1).is_err(), "one at a time");
        state.end_vacation(DEC_1 + 2 * DAY_MS).unwrap();
        assert_eq!(state.on_vacation(DEC_1 + 2 * DAY_MS), None);
        assert_eq!(state.left_this_month(DEC_1 + 3 * DAY_MS), 12 * DAY_MS);
        assert!(state.end_vacation(DEC_1 + 3 * DAY_MS).is_err(), "none runs");
        assert_eq!(
            serde_json::from_str::<DeviceState>("{}").unwrap(),
            DeviceState::default()
        );
    }

    #[test]
    fn notices_are_counted_per_hour_up_to_the_bound() {
        let mut state = DeviceState::default();
        for _ in 0..3 {
            state.count_push(100, 3).unwrap();
        }
        let before = state.clone();
        assert_eq!(state.count_push(100, 3).unwrap_err().code, ErrorCode::RateLimited);
        assert_eq!(state, before);
        state.count_push(101, 3).unwrap();
        assert_eq!(state.pushed, Some(HourCount { hour: 101, count: 1 }));
    }

    #[test]
    fn the_51st_open_correspondence_game_is_refused() {
        let mut state = DeviceState::default();
        for i in 0..MAX_CORRESPONDENCE_GAMES {
            state.open_game(&format!("r{i}")).unwrap();
        }
        state.open_game("r0").unwrap(); // already counted
        let before = state.clone();
        let error = state.open_game("r50").unwrap_err();
        assert_eq!(error.code, ErrorCode::Conflict);
        assert!(
            error.message.contains("already holds 50 open correspondence games"),
            "{error}"
        );
        assert_eq!(state, before);
        state.close_game("r3");
        state.open_game("r50").unwrap();
    }
}
