//! The error body of every refused request.

use papan_rules::{RuleError, RuleId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Machine-readable reason of a refusal; each maps to one HTTP status.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the body is not valid JSON for the endpoint.
    Malformed,
    /// 401: no device or seat token, or an unknown one.
    Unauthorized,
    /// 401: this device token was given up by a transfer: its games, seats
    /// and ratings now belong to another device (the app stops acting for
    /// them; registering again cannot bring them back).
    Moved,
    /// 403: a token that does not hold this seat.
    Forbidden,
    /// 404: no such room or join code.
    NotFound,
    /// 409: `based_on_version` is not the room's current version.
    StaleVersion,
    /// 409: the seat asked to move while the other seat is to move.
    NotYourTurn,
    /// 409: the room is full (join) or not in a state that allows the action.
    Conflict,
    /// 410: the room is kept closed for good: its stored log cannot be
    /// read or replayed, so it is not served (the log is kept for
    /// inspection). Retrying cannot help.
    Gone,
    /// 413: the body exceeds the size limit.
    TooLarge,
    /// 422: the rules refuse the action; `rule` names the rule broken.
    IllegalAction,
    /// 404: no live transfer code reads like this one (mistyped, guessed,
    /// or replaced by a newer code of the same device).
    TransferUnknown,
    /// 410: this transfer code was already claimed.
    TransferUsed,
    /// 410: this transfer code is past its 15 minutes.
    TransferExpired,
    /// 429: too many requests from this device, or too many event streams.
    RateLimited,
    /// 500: the server failed.
    Internal,
}

impl ErrorCode {
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::Malformed => 400,
            ErrorCode::Unauthorized | ErrorCode::Moved => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound | ErrorCode::TransferUnknown => 404,
            ErrorCode::StaleVersion | ErrorCode::NotYourTurn | ErrorCode::Conflict => 409,
            ErrorCode::Gone | ErrorCode::TransferUsed | ErrorCode::TransferExpired => 410,
            ErrorCode::TooLarge => 413,
            ErrorCode::IllegalAction => 422,
            ErrorCode::RateLimited => 429,
            ErrorCode::Internal => 500,
        }
    }
}

/// `{"code": "illegal_action", "rule": "X5", "message": "...", "version": 7}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    /// The numbered rule broken (`"X5"`, `"H13"`, `"J16"`), for 422.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<RuleId>,
    /// The room's current version, for 409 stale version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
}

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            rule: None,
            version: None,
        }
    }

    /// 422: the rules refuse the action; `rule` says which.
    pub fn illegal(rule: RuleId, message: impl Into<String>) -> ApiError {
        ApiError {
            rule: Some(rule),
            ..ApiError::new(ErrorCode::IllegalAction, message)
        }
    }

    pub fn stale(current: u64) -> ApiError {
        ApiError {
            version: Some(current),
            ..ApiError::new(
                ErrorCode::StaleVersion,
                format!("the room is at version {current}; reload and retry"),
            )
        }
    }
}

impl From<RuleError> for ApiError {
    fn from(error: RuleError) -> ApiError {
        ApiError::illegal(error.rule, error.message)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.rule {
            Some(rule) => write!(f, "{:?} ({rule}): {}", self.code, self.message),
            None => write!(f, "{:?}: {}", self.code, self.message),
        }
    }
}

impl std::error::Error for ApiError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_roll_due_refusal_travels_with_its_own_rule_id() {
        let error = ApiError::illegal(RuleId::NoRollDue, "no roll is due");
        let json = serde_json::to_value(&error).unwrap();
        assert_eq!(json["code"], "illegal_action");
        assert_eq!(json["rule"], "no-roll-due", "not backgammon's B5");
        assert_eq!(error.code.http_status(), 422);
        let back: ApiError = serde_json::from_value(json).unwrap();
        assert_eq!(back, error);
        // A refusal sent before the id existed still reads.
        let old: ApiError =
            serde_json::from_str(r#"{"code":"illegal_action","message":"no roll is due","rule":"B5"}"#).unwrap();
        assert_eq!(old.rule, Some(papan_rules::rule::B5));
    }
}
