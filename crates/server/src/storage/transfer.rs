//! A transfer code as stored (SQLite `transfers`, the cluster's
//! `papan-transfers` bucket), under the SHA-256 of the code, never the
//! code: the device it moves, that device's token hash (revoked by the
//! claim), the seats travelling with it sealed with the code, when it
//! expires, and whether it was claimed. The claim's checks are here, the
//! same for both stores; a refused claim changes nothing.

use papan_api::{ApiError, ErrorCode};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransferRecord {
    /// The record's version (1).
    pub v: u8,
    /// The device whose identity moves.
    pub device_id: String,
    /// Its token's hash when the code was made: answered `moved` after.
    pub token_hash: String,
    /// The seats travelling with it, sealed with the code (hex).
    pub seats: String,
    /// Server time (ms since 1970) after which it cannot be claimed.
    pub expires_ms: u64,
    #[serde(default)]
    pub claimed: bool,
}

/// Who a device token stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenHolder {
    Device(String),
    /// The token's device moved to another one by a transfer.
    Moved,
}

/// The refusal when no live code has this hash.
pub fn unknown() -> ApiError {
    ApiError::new(
        ErrorCode::TransferUnknown,
        "no transfer code like this one: check it, or make a new one on the old device",
    )
}

impl TransferRecord {
    /// Marks it claimed by `claimer` at `now`, or refuses (used, expired,
    /// the device's own code) and leaves it as it was.
    pub fn claim(&mut self, claimer: &str, now: u64) -> Result<(), ApiError> {
        if self.claimed {
            return Err(ApiError::new(
                ErrorCode::TransferUsed,
                "this transfer code was already used: a code moves the games once",
            ));
        }
        if now >= self.expires_ms {
            return Err(ApiError::new(
                ErrorCode::TransferExpired,
                "this transfer code expired (codes last 15 minutes): make a new one on the old device",
            ));
        }
        if claimer == self.device_id {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "this is the code of this very device: enter it on the other device",
            ));
        }
        self.claimed = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> TransferRecord {
        TransferRecord {
            v: 1,
            device_id: "old".into(),
            token_hash: "h".into(),
            seats: String::new(),
            expires_ms: 1_000,
            claimed: false,
        }
    }

    #[test]
    fn a_claim_is_refused_when_used_expired_or_own_and_changes_nothing() {
        let mut r = record();
        assert_eq!(r.claim("old", 10).unwrap_err().code, ErrorCode::Conflict);
        assert_eq!(r.claim("new", 1_000).unwrap_err().code, ErrorCode::TransferExpired);
        assert_eq!(r, record(), "refusals change nothing");
        r.claim("new", 999).unwrap();
        assert!(r.claimed);
        assert_eq!(r.claim("other", 999).unwrap_err().code, ErrorCode::TransferUsed);
    }
}
