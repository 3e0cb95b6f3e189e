//! Web Push: what a device asks to be told, and what it is told.
//!
//! The app subscribes in the browser (`PushManager.subscribe` with the
//! server's key from `GET /v1/push`) and hands the subscription to the
//! server (`PUT /v1/push`) with the kinds of notice it wants and its
//! language; `DELETE /v1/push` stops them all. The server encrypts each
//! notice for the subscription (RFC 8291) and posts it to the push service
//! (RFC 8030); the service worker decrypts nothing itself (the browser
//! does) and shows the [`PushMessage`] it receives.

use serde::{Deserialize, Serialize};

/// What a device may be told about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// The opponent moved in a correspondence game: it is this device's move.
    YourMove,
    /// Someone joined a room this device opened (an invitation accepted).
    InviteAccepted,
    /// A correspondence game this device plays in has ended.
    GameEnded,
    /// A fifth of the time for this device's correspondence move is left.
    TimeLow,
}

impl NoticeKind {
    pub const ALL: [NoticeKind; 4] = [
        NoticeKind::YourMove,
        NoticeKind::InviteAccepted,
        NoticeKind::GameEnded,
        NoticeKind::TimeLow,
    ];
}

/// A subscription's keys as `PushSubscription.toJSON()` writes them
/// (unpadded base64url).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushKeys {
    /// The browser's P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// The authentication secret (16 bytes).
    pub auth: String,
}

/// `PUT /v1/push`: notify this device at `endpoint` of `kinds`, in `lang`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushSubscriptionRequest {
    pub endpoint: String,
    pub keys: PushKeys,
    pub kinds: Vec<NoticeKind>,
    /// `id`, `fil` or `en`: the notices' language.
    pub lang: String,
}

/// `GET /v1/push` (and the answer to `PUT`/`DELETE`): the server's VAPID
/// key, to subscribe with, and what this device is told now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushStatus {
    /// The server's P-256 public key, unpadded base64url (the
    /// `applicationServerKey` of `PushManager.subscribe`).
    pub application_server_key: String,
    /// The endpoint notices go to, if the device subscribed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
    #[serde(default)]
    pub kinds: Vec<NoticeKind>,
}

/// The JSON of one push message, in the receiver's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushMessage {
    pub kind: NoticeKind,
    pub title: String,
    pub body: String,
    /// The room the notice is about.
    pub room: String,
    /// Where a tap on the notification goes, relative to the app
    /// (`#/room/<id>`).
    pub url: String,
}
