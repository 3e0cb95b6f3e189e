//! Notifications on this device (Web Push): the kinds of notice chosen in
//! Settings, the browser's subscription made with the room server's key,
//! and handed to the server, which sends each notice in the person's
//! language (the server's `push` module). The choice is kept on the device
//! too, so the switches show it offline.
//!
//! Only the web build (the installed web app) can be told: a native build
//! says so instead of offering switches that do nothing.

use crate::i18n::Lang;
use crate::online::account;
use crate::storage::Store;
use papan_api::{NoticeKind, PushKeys, PushSubscriptionRequest};
use serde::Deserialize;

/// Where the chosen kinds are kept on the device.
const CHOSEN_KEY: &str = "push-kinds";

/// Why notifications could not be turned on or off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PushError {
    /// This browser (or a native build) has no Web Push.
    Unsupported,
    /// The person (or the browser) said no to notifications.
    Denied,
    /// The browser could not subscribe (its push service did not answer).
    Browser(String),
    /// The room server refused or was not reached.
    Failed(String),
}

impl PushError {
    /// The message key that says so.
    pub fn message_key(&self) -> &'static str {
        match self {
            PushError::Unsupported => "settings-notify-unsupported",
            PushError::Denied => "settings-notify-denied",
            PushError::Browser(_) => "settings-notify-browser-failed",
            PushError::Failed(_) => "settings-notify-failed",
        }
    }
}

/// The kinds chosen on this device (none until the person chooses).
pub fn chosen(store: &Store) -> Vec<NoticeKind> {
    store.load(CHOSEN_KEY).ok().flatten().unwrap_or_default()
}

/// `kinds` toggled by `kind`, in their fixed order.
pub fn toggled(kinds: &[NoticeKind], kind: NoticeKind) -> Vec<NoticeKind> {
    let mut next: Vec<NoticeKind> = kinds.iter().copied().filter(|k| *k != kind).collect();
    if !kinds.contains(&kind) {
        next.push(kind);
    }
    next.sort();
    next
}

/// Tells the server to send `kinds` (none: stop them all) in `lang`,
/// subscribing this browser first; kept on the device once the server
/// took it. On any refusal nothing changes on the device.
pub async fn choose(store: &Store, server: &str, kinds: Vec<NoticeKind>, lang: Lang) -> Result<(), PushError> {
    // One call through the client (the app's download grows with each
    // kind of call made through it).
    let outcome = account::with_client(store, server, |client| {
        let kinds = kinds.clone();
        async move {
            if kinds.is_empty() {
                client.push_unsubscribe().await?;
                browser::unsubscribe().await;
                return Ok(Ok(()));
            }
            let status = client.push_status().await?;
            let subscription = match browser::subscribe(&status.application_server_key).await {
                Ok(subscription) => subscription,
                Err(e) => return Ok(Err(e)),
            };
            let request = PushSubscriptionRequest {
                endpoint: subscription.endpoint,
                keys: subscription.keys,
                kinds,
                lang: lang.code().to_string(),
            };
            client.push_subscribe(&request).await.map(|_| Ok(()))
        }
    })
    .await;
    outcome.map_err(|e| PushError::Failed(e.to_string()))??;
    store
        .save(CHOSEN_KEY, &kinds)
        .map_err(|e| PushError::Failed(format!("could not keep the choice: {e}")))
}

/// What `PushSubscription.toJSON()` gives (its `expirationTime` ignored).
#[derive(Deserialize)]
struct BrowserSubscription {
    endpoint: String,
    keys: PushKeys,
}

/// What the subscribing script answers.
#[derive(Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
struct Answer {
    #[serde(default)]
    subscription: Option<BrowserSubscription>,
    #[serde(default)]
    error: Option<String>,
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{Answer, BrowserSubscription, PushError};
    use dioxus::prelude::document;

    /// Asks for permission, then subscribes with the server's key (a
    /// subscription made with another server's key is replaced).
    const SUBSCRIBE_JS: &str = r#"
        try {
          if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
            return { error: "unsupported" };
          const permission = await Notification.requestPermission();
          if (permission !== "granted") return { error: "denied" };
          const text = KEY.replace(/-/g, "+").replace(/_/g, "/");
          const key = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
          // A browser whose push service never answers must not leave the
          // switch waiting: ten seconds, then it is said to have failed.
          const late = (what) => new Promise((_, fail) => setTimeout(() => fail(what + " timed out"), 10000));
          const registration = await Promise.race([navigator.serviceWorker.ready, late("the service worker")]);
          let subscription = await registration.pushManager.getSubscription();
          if (subscription) {
            const old = new Uint8Array(subscription.options.applicationServerKey || new ArrayBuffer(0));
            if (old.length !== key.length || old.some((b, i) => b !== key[i])) {
              await subscription.unsubscribe();
              subscription = null;
            }
          }
          if (!subscription)
            subscription = await Promise.race([
              registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
              late("subscribing"),
            ]);
          return { subscription: subscription.toJSON() };
        } catch (e) {
          return { error: String(e) };
        }
    "#;

    pub async fn subscribe(key: &str) -> Result<BrowserSubscription, PushError> {
        // The key is base64url: nothing in it can leave the string.
        let safe = key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !safe {
            return Err(PushError::Failed("the server's key is not base64url".into()));
        }
        let script = format!("const KEY = \"{key}\";\n{SUBSCRIBE_JS}");
        let answer: Answer = document::eval(&script)
            .join()
            .await
            .map_err(|e| PushError::Browser(format!("{e:?}")))?;
        match (answer.subscription, answer.error.as_deref()) {
            (Some(subscription), _) => Ok(subscription),
            (None, Some("unsupported")) => Err(PushError::Unsupported),
            (None, Some("denied")) => Err(PushError::Denied),
            (None, error) => Err(PushError::Browser(error.unwrap_or("no subscription").to_string())),
        }
    }

    pub async fn unsubscribe() {
        let _ = document::eval(
            "try { const r = await navigator.serviceWorker.ready; const s = await r.pushManager.getSubscription(); \
             if (s) await s.unsubscribe(); } catch (e) {} return true;",
        )
        .join::<bool>()
        .await;
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use super::{BrowserSubscription, PushError};

    pub async fn subscribe(_key: &str) -> Result<BrowserSubscription, PushError> {
        Err(PushError::Unsupported)
    }

    pub async fn unsubscribe() {}
}

/// Whether this build can be told anything (the web build only).
pub const SUPPORTED: bool = cfg!(target_arch = "wasm32");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggling_adds_or_removes_one_kind_and_keeps_the_order() {
        let kinds = toggled(&[], NoticeKind::TimeLow);
        assert_eq!(kinds, [NoticeKind::TimeLow]);
        let kinds = toggled(&kinds, NoticeKind::YourMove);
        assert_eq!(kinds, [NoticeKind::YourMove, NoticeKind::TimeLow]);
        assert_eq!(toggled(&kinds, NoticeKind::TimeLow), [NoticeKind::YourMove]);
    }
}
