//! Web Push from the server: a device subscribes (`PUT /v1/push`, its
//! browser's subscription, the kinds of notice it wants, its language), and
//! the room tasks hand [`Notice`]s to the [`Pusher`], which sends each in
//! the background: encrypted for the subscription ([`ece`], RFC 8291),
//! signed for the push service ([`vapid`], RFC 8292), posted to its
//! endpoint (RFC 8030).
//!
//! The subscription lives in the device's state ([`DeviceState::push`]),
//! so it is the same on every node of a cluster, and so is the hourly
//! bound ([`DeviceState::count_push`], a compare-and-set there). A push
//! service's 404 or 410 (the subscription is gone) removes it; 429 and
//! 5xx are tried again a few times, later. Nothing here ever holds up a
//! move: a notice that cannot be sent is logged and dropped (the app's
//! list of games says the same thing when it is next opened).

pub mod ece;
pub mod text;
pub mod vapid;

use crate::storage::device::{DeviceState, PushTarget};
use crate::storage::Storage;
use crate::wall::WallClock;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use papan_api::{ApiError, ErrorCode, GameId, NoticeKind, PushMessage, PushStatus, PushSubscriptionRequest};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Semaphore};

pub use text::Says;
pub use vapid::Vapid;

/// How a node sends notices.
#[derive(Clone, Debug)]
pub struct PushConfig {
    /// The VAPID key file (made on first start); `None`: `vapid.key`
    /// beside the database. Every node of a cluster needs the same one.
    pub key_file: Option<PathBuf>,
    /// Who runs the server, told to push services (`mailto:` or `https:`).
    pub subject: String,
    /// At most this many notices a device an hour (by the wall clock).
    pub per_hour: u32,
    /// Endpoints on `http://` at a loopback address are taken (tests and a
    /// push service on the same machine); otherwise only `https://`.
    pub allow_loopback_http: bool,
    /// The wait before the first retry (doubled each time).
    pub retry_after: Duration,
}

impl Default for PushConfig {
    fn default() -> PushConfig {
        PushConfig {
            key_file: None,
            subject: "mailto:admin@localhost".to_string(),
            per_hour: 12,
            allow_loopback_http: false,
            retry_after: Duration::from_secs(2),
        }
    }
}

/// Tries of one notice, the first included.
const TRIES: u32 = 4;
/// Deliveries in flight at once.
const IN_FLIGHT: usize = 64;
/// Notices waiting to be sent; past this, new ones are dropped (logged).
const QUEUE: usize = 10_000;
const MAX_ENDPOINT: usize = 1024;

/// One notice for one device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub device: String,
    pub room: String,
    pub game: GameId,
    pub says: Says,
}

/// What became of a notice (logged; the tests count them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    Delivered,
    /// The device has no subscription, or not for this kind.
    NotWanted,
    /// The device had its notices for this hour.
    Bounded,
    /// The push service said the subscription is gone: it was removed.
    Gone,
    Failed(String),
}

pub struct Pusher {
    vapid: Vapid,
    config: PushConfig,
    wall: Arc<WallClock>,
    tx: mpsc::Sender<Notice>,
    rx: Mutex<Option<mpsc::Receiver<Notice>>>,
    client: reqwest::Client,
    /// Every notice's fate, when a test asks for it.
    outcomes: Mutex<Option<mpsc::UnboundedSender<(Notice, Sent)>>>,
}

impl Pusher {
    pub fn new(vapid: Vapid, config: PushConfig, wall: Arc<WallClock>) -> Pusher {
        let (tx, rx) = mpsc::channel(QUEUE);
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(15))
            .build()
            .unwrap_or_default();
        Pusher {
            vapid,
            config,
            wall,
            tx,
            rx: Mutex::new(Some(rx)),
            client,
            outcomes: Mutex::new(None),
        }
    }

    pub fn public_key(&self) -> &str {
        self.vapid.public_key()
    }

    /// Queues `notice`; never waits (a full queue drops it, logged).
    pub fn notify(&self, notice: Notice) {
        if let Err(e) = self.tx.try_send(notice) {
            tracing::warn!(error = %e, "push queue full: notice dropped");
        }
    }

    /// Reports every notice's fate on the returned channel (tests).
    pub fn watch(&self) -> mpsc::UnboundedReceiver<(Notice, Sent)> {
        let (tx, rx) = mpsc::unbounded_channel();
        *lock(&self.outcomes) = Some(tx);
        rx
    }

    /// Starts sending what is queued (once; later calls do nothing).
    pub fn start(self: &Arc<Self>, store: Arc<Storage>) {
        let Some(mut rx) = lock(&self.rx).take() else {
            return;
        };
        let pusher = self.clone();
        tokio::spawn(async move {
            let slots = Arc::new(Semaphore::new(IN_FLIGHT));
            while let Some(notice) = rx.recv().await {
                let Ok(slot) = slots.clone().acquire_owned().await else {
                    break;
                };
                let (pusher, store) = (pusher.clone(), store.clone());
                tokio::spawn(async move {
                    let sent = pusher.send(&store, &notice).await;
                    match &sent {
                        Sent::Delivered => {
                            tracing::debug!(device = %notice.device, kind = ?notice.says.kind(), "push delivered")
                        }
                        Sent::Failed(why) => tracing::warn!(device = %notice.device, %why, "push not delivered"),
                        other => tracing::debug!(device = %notice.device, ?other, "push not sent"),
                    }
                    if let Some(tx) = lock(&pusher.outcomes).as_ref() {
                        let _ = tx.send((notice, sent));
                    }
                    drop(slot);
                });
            }
        });
    }

    async fn send(&self, store: &Storage, notice: &Notice) -> Sent {
        let kind = notice.says.kind();
        let target = match store.device_state(&notice.device).await {
            Ok(state) => state.push.filter(|t| t.kinds.contains(&kind)),
            Err(e) => return Sent::Failed(e.to_string()),
        };
        let Some(target) = target else {
            return Sent::NotWanted;
        };
        let hour = self.wall.now_ms() / 3_600_000;
        let bound = self.config.per_hour;
        if store
            .update_device(&notice.device, move |s| s.count_push(hour, bound))
            .await
            .is_err()
        {
            return Sent::Bounded;
        }
        let (title, body) = text::words(notice.says, notice.game, &target.lang);
        let message = PushMessage {
            kind,
            title,
            body,
            room: notice.room.clone(),
            url: format!("#/online/{}/play", notice.game),
        };
        let body = match encrypt_for(&target, &serde_json::to_vec(&message).unwrap_or_default()) {
            Ok(body) => body,
            Err(e) => return Sent::Failed(e),
        };
        let Ok(endpoint) = reqwest::Url::parse(&target.endpoint) else {
            return Sent::Failed("the stored endpoint is not a URL".into());
        };
        let mut wait = self.config.retry_after;
        for attempt in 1..=TRIES {
            let request = self
                .client
                .post(endpoint.clone())
                .header(
                    "authorization",
                    self.vapid.authorization(&endpoint, self.wall.now_ms() / 1000),
                )
                .header("content-encoding", "aes128gcm")
                .header("content-type", "application/octet-stream")
                .header("ttl", ttl(kind).to_string())
                .header(
                    "urgency",
                    if kind == NoticeKind::GameEnded {
                        "normal"
                    } else {
                        "high"
                    },
                )
                // A newer "your move" of the same room replaces one not yet
                // delivered (RFC 8030 §5.4).
                .header("topic", format!("{}{}", topic_prefix(kind), notice.room))
                .body(body.clone());
            let status = match request.send().await {
                Ok(answer) => {
                    let retry = answer
                        .headers()
                        .get("retry-after")
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| v.trim().parse::<u64>().ok());
                    if let Some(seconds) = retry {
                        wait = wait.max(Duration::from_secs(seconds.min(600)));
                    }
                    Some(answer.status().as_u16())
                }
                Err(e) => {
                    tracing::debug!(error = %e, attempt, "push service not reached");
                    None
                }
            };
            match status {
                Some(200..=299) => return Sent::Delivered,
                Some(404 | 410) => {
                    let gone = target.endpoint.clone();
                    let removed = store
                        .update_device(&notice.device, move |s: &mut DeviceState| {
                            if s.push.as_ref().is_some_and(|t| t.endpoint == gone) {
                                s.push = None;
                            }
                            Ok(())
                        })
                        .await;
                    return match removed {
                        Ok(()) => Sent::Gone,
                        Err(e) => Sent::Failed(format!("gone, but not removed: {e}")),
                    };
                }
                Some(429) | Some(500..=599) | None if attempt < TRIES => {
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                Some(code) => return Sent::Failed(format!("the push service answered {code}")),
                None => return Sent::Failed("the push service was not reached".into()),
            }
        }
        Sent::Failed("tried too often".into())
    }

    /// `PUT /v1/push`: the device's subscription, checked, replaces the one
    /// it had.
    pub async fn subscribe(
        &self,
        store: &Storage,
        device: &str,
        request: PushSubscriptionRequest,
    ) -> Result<PushStatus, ApiError> {
        let target = check(request, self.config.allow_loopback_http)?;
        let status = self.status_of(Some(&target));
        store
            .update_device(device, move |s| {
                s.push = Some(target.clone());
                Ok(())
            })
            .await?;
        tracing::info!(%device, "push subscription stored");
        Ok(status)
    }

    /// `DELETE /v1/push`: no more notices for the device.
    pub async fn unsubscribe(&self, store: &Storage, device: &str) -> Result<PushStatus, ApiError> {
        store
            .update_device(device, |s| {
                s.push = None;
                Ok(())
            })
            .await?;
        Ok(self.status_of(None))
    }

    /// `GET /v1/push`.
    pub async fn status(&self, store: &Storage, device: &str) -> Result<PushStatus, ApiError> {
        let state = store.device_state(device).await.map_err(crate::room::internal)?;
        Ok(self.status_of(state.push.as_ref()))
    }

    fn status_of(&self, target: Option<&PushTarget>) -> PushStatus {
        PushStatus {
            application_server_key: self.vapid.public_key().to_string(),
            endpoint: target.map(|t| t.endpoint.clone()),
            kinds: target.map(|t| t.kinds.clone()).unwrap_or_default(),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// How long a push service keeps an undelivered notice (seconds): a move
/// waits for days, an invitation is news for an hour.
fn ttl(kind: NoticeKind) -> u64 {
    match kind {
        NoticeKind::YourMove | NoticeKind::TimeLow => 3 * 86_400,
        NoticeKind::GameEnded => 86_400,
        NoticeKind::InviteAccepted => 3_600,
    }
}

/// Topics are at most 32 characters of base64url: a letter and the room
/// id (24 hex digits).
fn topic_prefix(kind: NoticeKind) -> &'static str {
    match kind {
        NoticeKind::YourMove => "m",
        NoticeKind::InviteAccepted => "i",
        NoticeKind::GameEnded => "e",
        NoticeKind::TimeLow => "t",
    }
}

fn encrypt_for(target: &PushTarget, plaintext: &[u8]) -> Result<Vec<u8>, String> {
    let ua_public = decode(&target.p256dh).map_err(|e| format!("stored key: {e}"))?;
    let auth = decode(&target.auth).map_err(|e| format!("stored secret: {e}"))?;
    let secret = p256::SecretKey::from_slice(&vapid::new_secret()).map_err(|e| e.to_string())?;
    let mut salt = [0u8; 16];
    salt.copy_from_slice(&crate::secrets::salt()[..16]);
    ece::encrypt(plaintext, &ua_public, &auth, &secret, &salt).map_err(|e| e.to_string())
}

/// Unpadded base64url, as browsers write subscription keys (padding and
/// the standard alphabet are taken too: some libraries write those).
fn decode(text: &str) -> Result<Vec<u8>, String> {
    let trimmed = text.trim().trim_end_matches('=');
    let normal: String = trimmed
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    URL_SAFE_NO_PAD
        .decode(normal)
        .map_err(|e| format!("not base64url: {e}"))
}

fn malformed(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::Malformed, message)
}

/// Refuses an endpoint that is not ASCII or whose host has `%`-escapes.
/// A browser's `PushSubscription.endpoint` is a serialised URL (ASCII,
/// its host a plain DNS name or address), so nothing real is lost; and
/// such hosts reach the ASCII-only IDNA mapping the workspace pins
/// (`idna_adapter` 1.0, Cargo.toml) with letters not yet lowercased, which
/// its debug assertion turns into a panic.
fn plain_host(endpoint: &str) -> Result<(), ApiError> {
    if !endpoint.is_ascii() {
        return Err(malformed("the endpoint must be ASCII, as a browser writes it"));
    }
    let after_scheme = endpoint.split_once(':').map_or(endpoint, |(_, rest)| rest);
    let authority = after_scheme
        .trim_start_matches(['/', '\\'])
        .split(['/', '\\', '?', '#'])
        .next()
        .unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    if host.contains('%') {
        return Err(malformed(
            "the endpoint's host must be written plainly, without %-escapes",
        ));
    }
    Ok(())
}

/// A subscription request checked field by field, as it will be stored.
pub fn check(request: PushSubscriptionRequest, allow_loopback_http: bool) -> Result<PushTarget, ApiError> {
    if request.endpoint.len() > MAX_ENDPOINT {
        return Err(malformed(format!(
            "the endpoint is longer than {MAX_ENDPOINT} characters"
        )));
    }
    plain_host(&request.endpoint)?;
    let url =
        reqwest::Url::parse(&request.endpoint).map_err(|e| malformed(format!("the endpoint is not a URL: {e}")))?;
    let loopback = match url.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(name)) => name == "localhost",
        None => false,
    };
    match url.scheme() {
        "https" if url.host().is_some() => {}
        "http" if loopback && allow_loopback_http => {}
        _ => return Err(malformed("the endpoint must be an https:// address of a push service")),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(malformed("the endpoint must not carry a user name or password"));
    }
    let p256dh = decode(&request.keys.p256dh).map_err(|e| malformed(format!("keys.p256dh is {e}")))?;
    ece::public_key(&p256dh).map_err(|e| malformed(format!("keys.p256dh is {e}")))?;
    let auth = decode(&request.keys.auth).map_err(|e| malformed(format!("keys.auth is {e}")))?;
    if auth.len() != 16 {
        return Err(malformed(format!("keys.auth is {} bytes, not 16", auth.len())));
    }
    if !text::LANGS.contains(&request.lang.as_str()) {
        return Err(malformed(format!("lang {:?} is not one of id, fil, en", request.lang)));
    }
    let mut kinds = request.kinds;
    kinds.sort();
    kinds.dedup();
    if kinds.is_empty() {
        return Err(malformed(
            "no kind of notice chosen: choose one, or DELETE /v1/push to stop them all",
        ));
    }
    Ok(PushTarget {
        endpoint: request.endpoint,
        p256dh: URL_SAFE_NO_PAD.encode(&p256dh),
        auth: URL_SAFE_NO_PAD.encode(&auth),
        kinds,
        lang: request.lang,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_api::PushKeys;

    const UA_PUBLIC: &str = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";

    fn request() -> PushSubscriptionRequest {
        PushSubscriptionRequest {
            endpoint: "https://fcm.googleapis.com/fcm/send/abc:def".into(),
            keys: PushKeys {
                p256dh: UA_PUBLIC.into(),
                auth: "BTBZMqHH6r4Tts7J_aSIgg".into(),
            },
            kinds: vec![NoticeKind::TimeLow, NoticeKind::YourMove, NoticeKind::YourMove],
            lang: "fil".into(),
        }
    }

    #[test]
    fn a_good_subscription_is_stored_with_its_kinds_once_each() {
        let target = check(request(), false).unwrap();
        assert_eq!(target.kinds, vec![NoticeKind::YourMove, NoticeKind::TimeLow]);
        assert_eq!(target.lang, "fil");
        // Padded standard base64 is read as the same key.
        let mut padded = request();
        padded.keys.auth = "BTBZMqHH6r4Tts7J/aSIgg==".into();
        assert_eq!(check(padded, false).unwrap().auth, target.auth);
    }

    #[test]
    fn malformed_subscriptions_are_refused_with_the_reason() {
        type Spoil = Box<dyn Fn(&mut PushSubscriptionRequest)>;
        let cases: Vec<(Spoil, &str)> = vec![
            (
                Box::new(|r| r.endpoint = "ftp://push.example/x".into()),
                "must be an https://",
            ),
            (Box::new(|r| r.endpoint = "not a url".into()), "not a URL"),
            (
                Box::new(|r| r.endpoint = "http://127.0.0.1:9/x".into()),
                "must be an https://",
            ),
            (
                Box::new(|r| r.endpoint = "https://u:p@push.example/x".into()),
                "user name",
            ),
            (
                Box::new(|r| r.endpoint = format!("https://push.example/{}", "a".repeat(1100))),
                "longer than 1024",
            ),
            (
                Box::new(|r| r.keys.p256dh = "AAAA".into()),
                "keys.p256dh is not a P-256",
            ),
            (
                Box::new(|r| r.keys.p256dh = "!!".into()),
                "keys.p256dh is not base64url",
            ),
            (Box::new(|r| r.keys.auth = "AAAA".into()), "keys.auth is 3 bytes"),
            (Box::new(|r| r.lang = "de".into()), "not one of id, fil, en"),
            (Box::new(|r| r.kinds.clear()), "no kind of notice chosen"),
        ];
        for (spoil, expected) in cases {
            let mut bad = request();
            spoil(&mut bad);
            let error = check(bad, false).unwrap_err();
            assert_eq!(error.code, ErrorCode::Malformed);
            assert!(
                error.message.contains(expected),
                "{expected:?} not in {:?}",
                error.message
            );
        }
        // Found by the property below: these hosts made `Url::parse` panic
        // in a debug build.
        for (endpoint, expected) in [
            ("https:///A%A0", "without %-escapes"),
            ("https://u@Push.%41.example/x", "without %-escapes"),
            ("https://Pushé.example/x", "must be ASCII"),
        ] {
            let mut bad = request();
            bad.endpoint = endpoint.into();
            let error = check(bad, false).unwrap_err();
            assert_eq!(error.code, ErrorCode::Malformed);
            assert!(error.message.contains(expected), "{endpoint}: {:?}", error.message);
        }
        let mut escaped_path = request();
        escaped_path.endpoint = "https://fcm.googleapis.com/fcm/send/a%2Fb".into();
        assert!(
            check(escaped_path, false).is_ok(),
            "%-escapes in the path are a URL's own"
        );
        let mut local = request();
        local.endpoint = "http://127.0.0.1:9/x".into();
        assert!(check(local, true).is_ok(), "loopback http only where allowed");
    }

    mod any_subscription {
        use super::*;
        use proptest::prelude::*;

        /// Endpoints near the edge of what is accepted, and anything at all.
        fn endpoint() -> impl Strategy<Value = String> {
            let scheme = prop::sample::select(vec![
                "https://", "https://", "https://", "http://", "ftp://", "", "HTTPS://", "https:",
            ]);
            let host = prop::sample::select(vec![
                "fcm.googleapis.com",
                "127.0.0.1:9",
                "[::1]",
                "localhost",
                "u:p@push.example",
                "",
                "10.0.0.1",
            ]);
            prop_oneof![
                4 => (scheme, host, "[ -~]{0,24}").prop_map(|(s, h, rest)| format!("{s}{h}/{rest}")),
                1 => ".{0,40}",
            ]
        }

        /// Keys as base64 of any bytes (the right length most often), a
        /// browser's real public key, or any text. About one case in fifty
        /// is accepted: each branch of the property is exercised.
        fn key(lengths: Vec<usize>) -> impl Strategy<Value = String> {
            prop_oneof![
                4 => prop::sample::select(lengths)
                    .prop_flat_map(|n| prop::collection::vec(any::<u8>(), n))
                    .prop_map(|bytes| URL_SAFE_NO_PAD.encode(bytes)),
                4 => Just(UA_PUBLIC.to_string()),
                1 => "[A-Za-z0-9_+/=-]{0,90}",
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

            /// Whatever a device sends, `check` answers (never panics); what it
            /// accepts is what a push can be sent to, stored in one spelling
            /// that checks again to itself.
            #[test]
            fn check_refuses_or_stores_a_subscription_a_push_can_reach(
                endpoint in endpoint(),
                p256dh in key(vec![65, 64, 33]),
                auth in key(vec![16, 16, 16, 15, 17]),
                kinds in prop::collection::vec(prop::sample::select(NoticeKind::ALL.to_vec()), 0..6),
                lang in prop::sample::select(vec!["id", "fil", "en", "de", "", "EN"]),
                loopback in any::<bool>(),
            ) {
                let request = PushSubscriptionRequest {
                    endpoint: endpoint.clone(),
                    keys: PushKeys { p256dh, auth },
                    kinds,
                    lang: lang.to_string(),
                };
                match check(request, loopback) {
                    Err(e) => {
                        prop_assert_eq!(e.code, ErrorCode::Malformed);
                        prop_assert!(!e.message.is_empty());
                    }
                    Ok(target) => {
                        let url = reqwest::Url::parse(&target.endpoint).unwrap();
                        prop_assert!(
                            url.scheme() == "https" || (loopback && url.scheme() == "http"),
                            "{} accepted", endpoint
                        );
                        prop_assert!(url.username().is_empty() && url.password().is_none());
                        prop_assert_eq!(URL_SAFE_NO_PAD.decode(&target.p256dh).unwrap().len(), 65);
                        prop_assert_eq!(URL_SAFE_NO_PAD.decode(&target.auth).unwrap().len(), 16);
                        prop_assert!(!target.kinds.is_empty());
                        prop_assert!(target.kinds.windows(2).all(|w| w[0] < w[1]), "kinds sorted, once each");
                        prop_assert!(text::LANGS.contains(&target.lang.as_str()));
                        let again = PushSubscriptionRequest {
                            endpoint: target.endpoint.clone(),
                            keys: PushKeys { p256dh: target.p256dh.clone(), auth: target.auth.clone() },
                            kinds: target.kinds.clone(),
                            lang: target.lang.clone(),
                        };
                        prop_assert_eq!(check(again, loopback).unwrap(), target);
                    }
                }
            }
        }
    }
}
