//! A push service on a loopback port that speaks RFC 8030 as the real ones
//! do: it takes `POST /push/<id>`, checks the VAPID token (RFC 8292: an
//! ES256 JWT for this origin, signed by the key named beside it), answers
//! what the test asked of it (201 by default), and keeps each message it
//! took. Each [`Browser`] holds a subscription's private half, so a test
//! decrypts what arrived (RFC 8291) exactly as a browser would.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use papan_api::{NoticeKind, PushKeys, PushMessage, PushSubscriptionRequest};
use papan_server::push::ece;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One message as the push service took it.
#[derive(Clone, Debug)]
pub struct Received {
    pub id: String,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    /// What the VAPID check found wrong, if anything.
    pub vapid_error: Option<String>,
    /// The status answered.
    pub status: u16,
}

#[derive(Default)]
struct Inner {
    received: Vec<Received>,
    /// id → statuses to answer next, in order (then 201).
    answers: HashMap<String, Vec<u16>>,
}

#[derive(Clone)]
pub struct PushService {
    pub base: String,
    inner: Arc<Mutex<Inner>>,
}

impl PushService {
    pub async fn start() -> PushService {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let inner = Arc::new(Mutex::new(Inner::default()));
        let app = Router::new()
            .route("/push/{id}", post(take))
            .with_state((inner.clone(), base.clone()));
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        PushService { base, inner }
    }

    /// The next answers to pushes for `id` (then 201 again).
    pub fn answer(&self, id: &str, statuses: &[u16]) {
        self.inner
            .lock()
            .unwrap()
            .answers
            .insert(id.to_string(), statuses.to_vec());
    }

    pub fn received(&self) -> Vec<Received> {
        self.inner.lock().unwrap().received.clone()
    }

    /// Waits (bounded) until `n` messages have come for `id`; returns them.
    pub async fn wait_for(&self, id: &str, n: usize) -> Vec<Received> {
        for _ in 0..500 {
            let got: Vec<Received> = self.received().into_iter().filter(|r| r.id == id).collect();
            if got.len() >= n {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("{n} pushes for {id} did not come: {:?}", self.received());
    }
}

async fn take(
    State((inner, base)): State<(Arc<Mutex<Inner>>, String)>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let vapid_error = check_vapid(&headers, &base).err();
    let mut inner = inner.lock().unwrap();
    let status = match inner.answers.get_mut(&id) {
        Some(next) if !next.is_empty() => next.remove(0),
        _ => 201,
    };
    let status = if vapid_error.is_some() { 401 } else { status };
    inner.received.push(Received {
        id,
        headers,
        body: body.to_vec(),
        vapid_error,
        status,
    });
    StatusCode::from_u16(status).unwrap()
}

/// RFC 8292 §2–3: `vapid t=<JWT>, k=<key>`, the JWT for this origin, not
/// expired nor valid for more than a day, signed by `k`.
fn check_vapid(headers: &HeaderMap, origin: &str) -> Result<(), String> {
    let value = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .ok_or("no authorization")?;
    let (token, key) = value
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .ok_or("not a vapid authorization")?;
    let parts: Vec<&str> = token.split('.').collect();
    let [header, claims, signature] = parts[..] else {
        return Err("not a JWT".into());
    };
    let decode = |s: &str| URL_SAFE_NO_PAD.decode(s).map_err(|e| e.to_string());
    let head: serde_json::Value = serde_json::from_slice(&decode(header)?).map_err(|e| e.to_string())?;
    if head["alg"] != "ES256" {
        return Err(format!("alg {}", head["alg"]));
    }
    let claims: serde_json::Value = serde_json::from_slice(&decode(claims)?).map_err(|e| e.to_string())?;
    if claims["aud"] != origin {
        return Err(format!("aud {} is not {origin}", claims["aud"]));
    }
    if !claims["sub"]
        .as_str()
        .is_some_and(|s| s.starts_with("mailto:") || s.starts_with("https:"))
    {
        return Err("no sub".into());
    }
    let public = VerifyingKey::from_sec1_bytes(&decode(key)?).map_err(|e| e.to_string())?;
    let signature = Signature::from_slice(&decode(signature)?).map_err(|e| e.to_string())?;
    public
        .verify(format!("{header}.{}", parts[1]).as_bytes(), &signature)
        .map_err(|_| "bad signature".to_string())
}

/// A browser's side of one subscription.
pub struct Browser {
    pub id: String,
    secret: p256::SecretKey,
    auth: [u8; 16],
}

impl Browser {
    pub fn new(id: &str, seed: u8) -> Browser {
        let mut bytes = [seed; 32];
        bytes[0] = 1;
        Browser {
            id: id.to_string(),
            secret: p256::SecretKey::from_slice(&bytes).unwrap(),
            auth: [seed; 16],
        }
    }

    /// What `PushManager.subscribe` gives the app, as it sends it.
    pub fn subscription(&self, service: &PushService, kinds: &[NoticeKind], lang: &str) -> PushSubscriptionRequest {
        PushSubscriptionRequest {
            endpoint: format!("{}/push/{}", service.base, self.id),
            keys: PushKeys {
                p256dh: URL_SAFE_NO_PAD.encode(self.secret.public_key().to_encoded_point(false).as_bytes()),
                auth: URL_SAFE_NO_PAD.encode(self.auth),
            },
            kinds: kinds.to_vec(),
            lang: lang.to_string(),
        }
    }

    /// The message, decrypted as the browser would.
    pub fn read(&self, received: &Received) -> PushMessage {
        assert_eq!(received.vapid_error, None, "the VAPID token checks");
        assert_eq!(received.headers["content-encoding"], "aes128gcm");
        assert!(received.headers["ttl"].to_str().unwrap().parse::<u64>().unwrap() > 0);
        let plain =
            ece::decrypt(&received.body, &self.secret, &self.auth).expect("decrypts with the subscription's keys");
        serde_json::from_slice(&plain).expect("a push message")
    }
}
