//! The per-device rate limit, counted once for the whole cluster.
//!
//! Each device's requests are counted in `papan-limits`, one key per device
//! and window (`<device>.<window index>`), incremented by compare-and-set
//! with a bounded number of tries, so that three nodes together allow a
//! device the limit once, not three times. The bucket's max age is two
//! windows: old windows expire by themselves, and an idle device costs
//! nothing. A fixed window, not a token bucket: a device may send a
//! window's allowance at the end of one window and again at the start of
//! the next.

use super::{current, failed, lock, open_bucket, Cluster};
use crate::storage::types::Res;
use async_nats::jetstream::kv;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Tries at the compare-and-set of one request. A device whose requests
/// race each other past this many tries is sending too many at once: its
/// request is refused like one over the limit.
const TRIES: usize = 8;

/// The cluster's limit: `per_window` requests a device may send in each
/// `window` (whole seconds, at least one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub per_window: u64,
    pub seconds: u64,
}

impl Window {
    /// The window that keeps a token bucket's rate and burst: `burst`
    /// requests per `burst / per_second` seconds.
    pub fn from_rate(per_second: f64, burst: f64) -> Window {
        let per_window = burst.floor().max(1.0);
        let seconds = (per_window / per_second.max(f64::MIN_POSITIVE)).ceil();
        Window {
            per_window: per_window as u64,
            // A day at most: a limit that low is off in all but name.
            seconds: seconds.clamp(1.0, 86_400.0) as u64,
        }
    }

    /// The index of the window `at` falls in.
    pub fn index(&self, at: SystemTime) -> u64 {
        at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) / self.seconds
    }
}

impl Cluster {
    async fn limits_bucket(&self, window: Window) -> Res<&kv::Store> {
        self.limits
            .get_or_try_init(|| {
                let max_age = Duration::from_secs(window.seconds * 2);
                open_bucket(&self.js, "papan-limits", max_age, self.replicas)
            })
            .await
    }

    /// Counts one request of `device` in the current window: `false` (and
    /// nothing counted) once the window's allowance is spent. A device
    /// that stays on this node costs one write per request: the count this
    /// node wrote last is tried first, and read again only if another node
    /// wrote since.
    pub async fn take_request(&self, device: &str, window: Window) -> Res<bool> {
        let bucket = self.limits_bucket(window).await?;
        let key = format!("{device}.{}", window.index(SystemTime::now()));
        // (count, revision): a window not seen here is tried as new.
        let mut guess = Some(
            lock(&self.limit_seen)
                .get(&key)
                .map_or((0, None), |&(r, c)| (c, Some(r))),
        );
        for _ in 0..TRIES {
            let (count, revision) = match guess.take() {
                Some(guess) => guess,
                None => {
                    let entry = current(bucket, &key, "reading a rate limit").await?;
                    let count = entry
                        .as_ref()
                        .and_then(|e| std::str::from_utf8(&e.value).ok()?.parse::<u64>().ok())
                        .unwrap_or(0);
                    (count, entry.map(|e| e.revision))
                }
            };
            // A count only grows within a window: one seen at the limit is.
            if count >= window.per_window {
                return Ok(false);
            }
            let next = (count + 1).to_string();
            let written = match revision {
                Some(revision) => bucket.update(&key, next.into(), revision).await.map_err(|e| e.kind()),
                None => bucket.create(&key, next.into()).await.map_err(|e| match e.kind() {
                    kv::CreateErrorKind::AlreadyExists => kv::UpdateErrorKind::WrongLastRevision,
                    _ => kv::UpdateErrorKind::Other,
                }),
            };
            match written {
                Ok(revision) => {
                    let mut seen = lock(&self.limit_seen);
                    if seen.len() >= 100_000 {
                        seen.clear(); // a bound, not a cache policy: a miss costs one read
                    }
                    seen.insert(key, (revision, count + 1));
                    return Ok(true);
                }
                // Another node counted a request meanwhile: read and count again.
                Err(kv::UpdateErrorKind::WrongLastRevision) => continue,
                Err(e) => return Err(failed("counting a request")(&e)),
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_keeps_the_buckets_rate_and_burst() {
        // The defaults: 20 a second, a burst of 60 → 60 per 3 s.
        assert_eq!(
            Window::from_rate(20.0, 60.0),
            Window {
                per_window: 60,
                seconds: 3
            }
        );
        // A window is a whole number of seconds, at least one.
        assert_eq!(Window::from_rate(1000.0, 10.0).seconds, 1);
        assert_eq!(Window::from_rate(0.0, 5.0).seconds, 86_400);
        let window = Window::from_rate(1.0, 5.0);
        let at = UNIX_EPOCH + Duration::from_secs(12);
        assert_eq!(window.index(at), 2);
        assert_eq!(window.index(at + Duration::from_secs(2)), 2);
        assert_eq!(window.index(at + Duration::from_secs(3)), 3);
    }
}
