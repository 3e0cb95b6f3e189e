//! Chromium under chromedriver for real-browser tests: start, connect, always stop.
//!
//! The browser is a phone: chromedriver's `mobileEmulation` gives a 390×844 viewport at
//! pixel ratio 3 with touch enabled, so taps sent as W3C touch pointer actions arrive in the
//! page as `pointerType == "touch"`, exactly as on a phone.
//!
//! Part of `tests/support` (`mod support;`), used by every `tests/browser_*.rs`; not each uses every item.
#![allow(dead_code)]

use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use fantoccini::elements::Element;
use fantoccini::wd::Capabilities;
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const DEFAULT_CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A running chromedriver; killed (and reaped) on drop, whatever happened in the test.
pub struct ChromeDriver {
    child: Child,
    pub url: String,
    profile_dir: PathBuf,
}

impl ChromeDriver {
    /// Starts `chromedriver` on a free port and waits until it accepts connections.
    pub fn start(binary: &Path) -> Result<ChromeDriver, String> {
        if !binary.is_file() {
            return Err(format!(
                "chromedriver not found at {} — install it (`apt-get install chromium chromium-driver`, \
                 or run `cargo xtask test`, which installs it) or set PAPAN_CHROMEDRIVER",
                binary.display()
            ));
        }
        let port = free_port()?;
        let child = Command::new(binary)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let profile_dir = std::env::temp_dir().join(format!("papan-chromium-{}-{port}", std::process::id()));
        let mut driver = ChromeDriver {
            child,
            url: format!("http://127.0.0.1:{port}"),
            profile_dir,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(driver);
            }
            if let Ok(Some(status)) = driver.child.try_wait() {
                return Err(format!("chromedriver exited before listening ({status})"));
            }
            if Instant::now() > deadline {
                return Err("chromedriver did not listen within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Opens a Chromium session emulating a 390×844 touch phone.
    pub async fn connect_phone(&self) -> Result<Client, String> {
        self.connect_phone_sized(390, 844).await
    }

    /// Opens a Chromium session emulating a touch phone `width`×`height` CSS px.
    pub async fn connect_phone_sized(&self, width: u32, height: u32) -> Result<Client, String> {
        // A chromedriver that has just started listening, on a machine busy
        // with other browser tests, now and then drops the first session
        // request unanswered: ask again before giving up, each time with a
        // profile of its own (a half-started browser may hold the last one).
        let mut last_error = String::new();
        for attempt in 0..3 {
            if attempt > 0 {
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            let profile = self.profile_dir.join(attempt.to_string());
            match ClientBuilder::new(HttpConnector::new())
                .capabilities(phone_capabilities(width, height, &profile))
                .connect(&self.url)
                .await
            {
                Ok(client) => return Ok(client),
                Err(e) => last_error = e.to_string(),
            }
        }
        Err(format!(
            "cannot open a Chromium session through chromedriver (3 tries): {last_error}"
        ))
    }
}

/// Headless Chromium emulating a touch phone `width`×`height` CSS px.
fn phone_capabilities(width: u32, height: u32, profile: &Path) -> Capabilities {
    let mut caps = Capabilities::new();
    let mut chrome = json!({
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            format!("--user-data-dir={}", profile.display()),
        ],
        "mobileEmulation": {
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 3.0, "touch": true }
        }
    });
    if Path::new("/usr/bin/chromium").is_file() {
        chrome["binary"] = json!("/usr/bin/chromium");
    }
    caps.insert("goog:chromeOptions".into(), chrome);
    caps
}

impl Drop for ChromeDriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile_dir);
    }
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| format!("no free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

/// One finger tap on the centre of `element`: move, down, up, as a phone would send it.
pub async fn tap(client: &Client, element: &Element) -> Result<(), String> {
    let finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveToElement {
            element: element.clone(),
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    client
        .perform_actions(finger)
        .await
        .map_err(|e| format!("touch tap failed: {e}"))?;
    client
        .release_actions()
        .await
        .map_err(|e| format!("releasing touch actions failed: {e}"))
}

/// A Chromium DevTools command sent through chromedriver (`goog/cdp/execute`):
/// network emulation for the offline and slow-link checks.
#[derive(Debug)]
struct Cdp {
    command: String,
    params: serde_json::Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.command, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// Runs DevTools `command` with `params` in the page's target.
pub async fn cdp(client: &Client, command: &str, params: serde_json::Value) -> Result<serde_json::Value, String> {
    client
        .issue_cmd(Cdp {
            command: command.to_string(),
            params,
        })
        .await
        .map_err(|e| format!("DevTools {command}: {e}"))
}

/// Stops the page's wall clock at `ms` since the Unix epoch, from the next
/// page load on (reloads included): `Date.now()` always gives `ms`. A new
/// game is seeded from that clock, so a test that sets it plays the same
/// dice and the same bot moves every run. Timers and the app's game clocks
/// run on `performance.now()` and are untouched.
pub async fn stop_the_wall_clock_at(client: &Client, ms: u64) -> Result<(), String> {
    cdp(
        client,
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": format!("Date.now = () => {ms};") }),
    )
    .await
    .map(|_| ())
}

/// Cuts the page off the network (DevTools), or gives it back.
pub async fn set_offline(client: &Client, offline: bool) -> Result<(), String> {
    cdp(client, "Network.enable", json!({})).await?;
    cdp(
        client,
        "Network.emulateNetworkConditions",
        json!({ "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 }),
    )
    .await
    .map(|_| ())
}

/// Presses and releases each key in turn (WebDriver key codes: `'\u{E004}'`
/// Tab, `'\u{E007}'` Enter, the arrows …).
pub async fn press(client: &Client, keys: &[char]) -> Result<(), String> {
    use fantoccini::actions::{KeyAction, KeyActions};
    let mut actions = KeyActions::new("keyboard".into());
    for &value in keys {
        actions = actions.then(KeyAction::Down { value }).then(KeyAction::Up { value });
    }
    client
        .perform_actions(actions)
        .await
        .map_err(|e| format!("keys: {e}"))?;
    client.release_actions().await.map_err(|e| format!("keys: {e}"))
}

/// WebDriver's codes for the keys the app listens to, for [`press`].
pub mod key {
    pub const TAB: char = '\u{E004}';
    pub const ENTER: char = '\u{E007}';
    pub const SHIFT: char = '\u{E008}';
    pub const ESCAPE: char = '\u{E00C}';
    pub const END: char = '\u{E010}';
    pub const HOME: char = '\u{E011}';
    pub const LEFT: char = '\u{E012}';
    pub const UP: char = '\u{E013}';
    pub const RIGHT: char = '\u{E014}';
    pub const DOWN: char = '\u{E015}';
}
