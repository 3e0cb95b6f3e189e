//! Two phones and a room server, for the online browser tests.
//!
//! [`Phones::start`] serves the web build on 127.0.0.1, starts the real room
//! server in-process (temporary database, the per-device rate limit's burst
//! lifted because both phones come from one address) and two chromedriver
//! instances, each with its own Chromium profile at 390×844 touch, so each
//! is its own device. The helpers then do what a person does by taps: set
//! the server address in Settings, open a game's online lobby, create a
//! room and read its code, join with the code. [`Frame`] reads what every
//! online room shows around the board (`[data-testid=online-room]` and its
//! clocks, result banner and fairness line) in the same round trip as the
//! game's own board.
//!
//! Part of `tests/support` (`mod support;`): waits and taps come from
//! [`super::browser`]; not each online test uses every item.
#![allow(dead_code)]

use super::browser::{self, save_shot, start_driver, tap_shown_testid, wait_visible};
use super::chrome::{tap, ChromeDriver};
use super::web::save;
use fantoccini::{Client, Locator};
use papan_server::{Config, Server};
use serde_json::Value;
use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;

/// The web build served, the room server and two phones on it.
pub struct Phones {
    pub repo: PathBuf,
    /// Where the web build is served, e.g. `http://127.0.0.1:41234`.
    pub base: String,
    /// The room server's address, as typed into Settings.
    pub server_url: String,
    pub a: Client,
    pub b: Client,
    /// The running room server (none while a test has it stopped).
    server: tokio::sync::Mutex<Option<Server>>,
    drivers: (ChromeDriver, ChromeDriver),
    db: tempfile::TempDir,
}

impl Phones {
    /// Everything up and both phones open on a blank page; panics (a test
    /// failure, never a skip) when the build, chromedriver or server is missing.
    pub async fn start() -> Phones {
        let repo = browser::repo();
        let base = browser::serve_web_build(&repo);
        let db = tempfile::tempdir().expect("a temporary directory for the rooms database");
        let mut config = Config::new(db.path().join("rooms.db"), "127.0.0.1:0".parse().unwrap());
        // Two phones from one address: lift the per-device rate limit's burst.
        config.rate_burst = 1_000.0;
        let server = Server::start(config).await.expect("room server starts");
        let server_url = server.base_url();
        let driver_a = start_driver();
        let driver_b = start_driver();
        let a = driver_a.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
        let b = driver_b.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
        Phones {
            repo,
            base,
            server_url,
            a,
            b,
            server: tokio::sync::Mutex::new(Some(server)),
            drivers: (driver_a, driver_b),
            db,
        }
    }

    /// Stops the room server as a crash would (its open streams end).
    pub async fn stop_server(&self) {
        if let Some(server) = self.server.lock().await.take() {
            server.stop().await;
        }
    }

    /// Starts it again on the same address with the same database: every
    /// open room comes back from its log.
    pub async fn restart_server(&self) {
        let addr = self
            .server_url
            .trim_start_matches("http://")
            .parse()
            .expect("the server's address");
        let mut config = Config::new(self.db.path().join("rooms.db"), addr);
        config.rate_burst = 1_000.0;
        let server = Server::start(config)
            .await
            .expect("room server restarts on its address");
        *self.server.lock().await = Some(server);
    }

    /// `play` with a time limit: its own error, or one saying it ran out of time.
    pub async fn within<T>(&self, limit: Duration, play: impl Future<Output = Result<T, String>>) -> Result<T, String> {
        tokio::time::timeout(limit, play)
            .await
            .unwrap_or_else(|_| Err(format!("the online game took more than {limit:?}")))
    }

    /// Closes everything. On failure both screens are saved first as
    /// `failure_shot` with `-a` / `-b` before `.png`, and the test panics.
    pub async fn finish(self, outcome: Result<String, String>, failure_shot: &str) {
        if outcome.is_err() {
            for (client, suffix) in [(&self.a, "a"), (&self.b, "b")] {
                if let Ok(png) = client.screenshot().await {
                    let path = failure_shot.replace(".png", &format!("-{suffix}.png"));
                    if let Some(p) = save(&self.repo, &path, &png) {
                        eprintln!("failure screenshot: {}", p.display());
                    }
                }
            }
        }
        self.stop_server().await;
        let _ = self.a.close().await;
        let _ = self.b.close().await;
        drop(self.drivers);
        match outcome {
            Ok(summary) => println!("{summary}"),
            Err(e) => panic!("{e}"),
        }
    }

    /// A screenshot of one phone, for people to look at (not compared).
    pub async fn shot(&self, client: &Client, path: &str) {
        save_shot(client, &self.repo, path).await;
    }

    /// A screenshot once sheets and banners have finished sliding in.
    pub async fn shot_settled(&self, client: &Client, path: &str) {
        tokio::time::sleep(Duration::from_millis(400)).await;
        save_shot(client, &self.repo, path).await;
    }

    /// Removes failure pictures left by an earlier run, so they are not taken for this run's.
    pub fn forget_old_failure(&self, failure_shot: &str) {
        for suffix in ["a", "b"] {
            let path = failure_shot.replace(".png", &format!("-{suffix}.png"));
            let _ = std::fs::remove_file(self.repo.join(path));
        }
    }
}

/// Settings → the server address → save; the saved message names it.
pub async fn set_server(client: &Client, base: &str, server_url: &str) -> Result<(), String> {
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    tap_shown_testid(client, "open-settings").await?;
    let input = wait_visible(client, "[data-testid=\"server-input\"]").await?;
    input.clear().await.map_err(|e| format!("clearing the address: {e}"))?;
    input
        .send_keys(server_url)
        .await
        .map_err(|e| format!("typing the address: {e}"))?;
    tap_shown_testid(client, "server-save").await?;
    let message = wait_visible(client, "[data-testid=\"server-message\"]").await?;
    let text = message.text().await.unwrap_or_default();
    if !text.contains(server_url) {
        return Err(format!("saving the server address said {text:?}"));
    }
    Ok(())
}

/// Home → the game's setup (`play-<game>`) → its online lobby (`online-<game>`).
pub async fn open_lobby(client: &Client, base: &str, game: &str) -> Result<(), String> {
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    tap_shown_testid(client, &format!("play-{game}")).await?;
    tap_shown_testid(client, &format!("online-{game}")).await
}

/// In the open lobby: taps each of `choices` (option segments), then
/// "create room", and returns the 6-character code the waiting card shows.
pub async fn create_room(client: &Client, choices: &[&str]) -> Result<String, String> {
    for id in choices.iter().copied().chain(["create-room"]) {
        tap_shown_testid(client, id).await?;
    }
    let code_el = wait_visible(client, "[data-testid=\"room-code\"]").await?;
    let code = code_el.text().await.map_err(|e| e.to_string())?.trim().to_string();
    if code.len() != 6 {
        return Err(format!("the waiting card shows {code:?}, not a 6-character code"));
    }
    Ok(code)
}

/// In the open lobby: types the code as a person would (lower case) and taps "join".
pub async fn join_room(client: &Client, code: &str) -> Result<(), String> {
    let input = wait_visible(client, "[data-testid=\"join-code\"]").await?;
    tap(client, &input).await?;
    input
        .send_keys(&code.to_lowercase())
        .await
        .map_err(|e| format!("typing the code: {e}"))?;
    tap_shown_testid(client, "join").await
}

/// Whether any element matches `css` now (shown or not).
pub async fn present(client: &Client, css: &str) -> Result<bool, String> {
    let found = client
        .find_all(Locator::Css(css))
        .await
        .map_err(|e| format!("looking for {css}: {e}"))?;
    Ok(!found.is_empty())
}

/// The frame every online room draws around its board.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// `waiting`, `playing`, `over` or `closed`.
    pub status: String,
    pub my_turn: bool,
    pub version: u64,
    /// `first` or `second`: this phone's seat in the game.
    pub seat: String,
    /// `m:ss` of this phone's / the opponent's clock, when the room has clocks.
    pub clock_me: Option<String>,
    pub clock_opponent: Option<String>,
    /// The result banner's `data-winner` (`human` = this phone won), once shown.
    pub winner: Option<String>,
    /// The fairness line's `data-ok` (`true`, `false`, `pending`), once shown.
    pub fairness: Option<String>,
    /// A server refusal, a passing message or the board's own explanation, if one shows.
    pub toast: Option<String>,
    /// The connection dot's `data-state`: `live`, `connecting`, `retrying`, `lost`.
    pub connection: String,
    /// The opponent's presence badge ("away", "bot"), if one shows.
    pub presence: Option<String>,
    /// An action of this phone awaits the server's answer (the status pill's dots).
    pub pending: bool,
}

impl Frame {
    pub fn first(&self) -> bool {
        self.seat == "first"
    }
}

/// The frame, then `board_js`'s value (the body of a function run in the
/// page; `null` while its board is not drawn). `None` while no room shows.
const READ_FRAME_JS: &str = r#"
const room = document.querySelector('[data-testid="online-room"]');
if (!room) return null;
const text = (css) => { const e = document.querySelector(css); return e ? e.textContent.trim() : null; };
const attr = (css, name) => { const e = document.querySelector(css); return e ? e.getAttribute(name) : null; };
return {
  frame: {
    status: room.dataset.status,
    myTurn: room.dataset.myTurn === 'true',
    version: Number(room.dataset.version),
    seat: room.dataset.seat,
    clockMe: text('[data-testid="clock-me"]'),
    clockOpponent: text('[data-testid="clock-opponent"]'),
    winner: attr('[data-testid="result-banner"]', 'data-winner'),
    fairness: attr('[data-testid="fairness"]', 'data-ok'),
    toast: text('[data-testid="toast"]'),
    connection: attr('[data-testid="connection"]', 'data-state'),
    presence: text('[data-testid="presence"]'),
    pending: !!document.querySelector('[data-testid="status"] .thinking-dots'),
  },
  board: (function () { BOARD_JS })(),
};
"#;

/// The frame and the board (as `board_js` reads it) in one round trip.
pub async fn read_frame(client: &Client, board_js: &str) -> Result<Option<(Frame, Value)>, String> {
    let js = READ_FRAME_JS.replace("BOARD_JS", board_js);
    let value = client
        .execute(&js, vec![])
        .await
        .map_err(|e| format!("reading the room: {e}"))?;
    if value.is_null() {
        return Ok(None);
    }
    let f = &value["frame"];
    let text = |key: &str| f.get(key).and_then(Value::as_str).map(str::to_string);
    let frame = Frame {
        status: text("status").unwrap_or_default(),
        my_turn: f["myTurn"].as_bool().unwrap_or(false),
        version: f["version"].as_u64().unwrap_or(0),
        seat: text("seat").unwrap_or_default(),
        clock_me: text("clockMe"),
        clock_opponent: text("clockOpponent"),
        winner: text("winner"),
        fairness: text("fairness"),
        toast: text("toast"),
        connection: text("connection").unwrap_or_default(),
        presence: text("presence"),
        pending: f["pending"].as_bool().unwrap_or(false),
    };
    Ok(Some((frame, value["board"].clone())))
}

/// `m:ss` (or `0:0s.t` under ten seconds) as milliseconds, rounded as shown.
pub fn clock_ms(text: &str) -> Option<u64> {
    let (minutes, seconds) = text.split_once(':')?;
    let minutes: u64 = minutes.parse().ok()?;
    let seconds: f64 = seconds.parse().ok()?;
    Some(minutes * 60_000 + (seconds * 1000.0).round() as u64)
}

/// The text of an element, trimmed, or an error naming it.
pub async fn text_of(client: &Client, css: &str) -> Result<String, String> {
    let element = wait_visible(client, css).await?;
    element
        .text()
        .await
        .map(|t| t.trim().to_string())
        .map_err(|e| format!("reading {css}: {e}"))
}
