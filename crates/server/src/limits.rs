//! The per-device rate limit: a token bucket in memory on one node; on a
//! cluster a count per window shared by every node
//! ([`crate::cluster::limits`]), so that nodes together allow it once.

use crate::cluster::limits::Window;
use crate::cluster::Cluster;
use crate::config::Config;
use crate::storage::Storage;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Where a node counts each device's requests.
pub enum Limiter {
    Local(RateLimiter),
    Cluster(Arc<Cluster>, Window),
}

impl Limiter {
    /// The limit of `config`, counted where `store` says: in memory on one
    /// node, in a bucket on a cluster.
    pub fn new(config: &Config, store: &Storage) -> Limiter {
        match store {
            Storage::Cluster(cluster) => Limiter::Cluster(
                cluster.clone(),
                Window::from_rate(config.rate_per_second, config.rate_burst),
            ),
            Storage::Sqlite(_) => Limiter::Local(RateLimiter::new(config.rate_per_second, config.rate_burst)),
        }
    }

    /// Counts one request of `device`: false once it is over the limit.
    pub async fn allow(&self, device: &str) -> bool {
        match self {
            Limiter::Local(limiter) => limiter.allow(device),
            Limiter::Cluster(cluster, window) => match cluster.take_request(device, *window).await {
                Ok(allowed) => allowed,
                Err(e) => {
                    // The limit guards the nodes, not the data: with the
                    // count unreadable the request goes on (and fails
                    // itself if NATS is really gone).
                    tracing::warn!(device, error = %e, "the shared rate limit did not answer");
                    true
                }
            },
        }
    }
}

pub struct RateLimiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimiter {
    pub fn new(per_second: f64, burst: f64) -> RateLimiter {
        RateLimiter {
            per_second,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `key`; false when the bucket is empty.
    pub fn allow(&self, key: &str) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > 100_000 {
            buckets.clear(); // bounded memory: forget idle devices wholesale
        }
        let now = Instant::now();
        let (tokens, at) = buckets.entry(key.to_string()).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
