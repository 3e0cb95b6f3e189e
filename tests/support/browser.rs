//! What every real-browser test (`tests/browser_*.rs`) does around its own
//! checks: find the repository, serve the web build, start chromedriver,
//! wait for and tap elements on the page, save screenshots (a failure's
//! included). One copy here, so a fix to a wait or a tap reaches every test.
//!
//! Each helper fails with a message that says what it waited for; nothing
//! here skips a test: a missing build or browser is a failure.
#![allow(dead_code)]

use super::chrome::{self, tap, ChromeDriver};
use super::static_server;
use super::web::{save, web_build};
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Longest wait for one thing to appear or change (page boot, a bot reply).
pub const STEP_TIMEOUT: Duration = Duration::from_secs(30);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(100);

/// The repository root (the app package's directory): where the web build
/// and `test-output/` are.
pub fn repo() -> PathBuf {
    super::manifest_dir()
}

/// The web build (`PAPAN_DIST_DIR`, else built here), served on 127.0.0.1;
/// its base address, like `http://127.0.0.1:41234`. Panics without one.
pub fn serve_web_build(repo: &Path) -> String {
    let dist = web_build(repo).unwrap_or_else(|e| panic!("web build unavailable: {e}"));
    static_server::spawn(dist, 0).expect("serve dist/ on 127.0.0.1")
}

/// chromedriver (`PAPAN_CHROMEDRIVER`, else [`chrome::DEFAULT_CHROMEDRIVER`]),
/// started; panics when it cannot be.
pub fn start_driver() -> ChromeDriver {
    let chromedriver = std::env::var_os("PAPAN_CHROMEDRIVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(chrome::DEFAULT_CHROMEDRIVER));
    ChromeDriver::start(&chromedriver).unwrap_or_else(|e| panic!("{e}"))
}

/// Saves what the page shows now at `relative` (under the repository).
pub async fn save_shot(client: &Client, repo: &Path, relative: &str) {
    if let Ok(png) = client.screenshot().await {
        save(repo, relative, &png);
    }
}

/// Saves what the page shows at `relative` as the evidence of a failure,
/// and says where in the test's output.
pub async fn save_failure_shot(client: &Client, repo: &Path, relative: &str) {
    if let Ok(png) = client.screenshot().await {
        if let Some(path) = save(repo, relative, &png) {
            eprintln!("failure screenshot: {}", path.display());
        }
    }
}

/// Waits until the page has settled: its fonts loaded, no animation or
/// transition still running (endless ones, like a "thinking" pulse, aside;
/// at most 2 s), then two frames drawn. For a measurement or a picture of
/// what a person would see, in place of a fixed pause, which wasted time
/// on a still page and caught a sheet still sliding in on a slow machine.
pub async fn settled(client: &Client) -> Result<(), String> {
    const SETTLED_JS: &str = r#"
const done = arguments[arguments.length - 1];
const start = performance.now();
const moving = () => document.getAnimations().some(a =>
  a.playState === 'running' && a.effect && a.effect.getTiming().iterations !== Infinity);
document.fonts.ready.then(function wait() {
  if (moving() && performance.now() - start < 2000) { requestAnimationFrame(wait); return; }
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
});
"#;
    client
        .execute_async(SETTLED_JS, vec![])
        .await
        .map(|_| ())
        .map_err(|e| format!("waiting for the page to settle: {e}"))
}

/// The element with `data-testid="{testid}"`, once there is one (shown or
/// not), waiting up to [`STEP_TIMEOUT`].
pub async fn find_testid(client: &Client, testid: &str) -> Result<Element, String> {
    let selector = format!("[data-testid=\"{testid}\"]");
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        match client.find(Locator::Css(&selector)).await {
            Ok(element) => return Ok(element),
            Err(_) if Instant::now() < deadline => tokio::time::sleep(POLL).await,
            Err(e) => return Err(format!("no element {selector} within {STEP_TIMEOUT:?}: {e}")),
        }
    }
}

/// Taps the element with `data-testid="{testid}"` once there is one.
pub async fn tap_testid(client: &Client, testid: &str) -> Result<(), String> {
    let element = find_testid(client, testid).await?;
    tap(client, &element)
        .await
        .map_err(|e| format!("tapping {testid}: {e}"))
}

/// Taps the element with `data-testid="{testid}"` once it is shown.
pub async fn tap_shown_testid(client: &Client, testid: &str) -> Result<(), String> {
    let element = wait_visible(client, &format!("[data-testid=\"{testid}\"]")).await?;
    tap(client, &element)
        .await
        .map_err(|e| format!("tapping {testid}: {e}"))
}

/// Taps the element with `data-testid="{testid}"` once there is one,
/// scrolled into the middle of the screen first (on a 320 px screen the
/// lowest options start below the fold).
pub async fn scroll_and_tap_testid(client: &Client, testid: &str) -> Result<(), String> {
    let selector = format!("[data-testid=\"{testid}\"]");
    wait_present(client, &selector).await?;
    let scroll = format!(
        "document.querySelector('{}').scrollIntoView({{block: 'center'}})",
        selector.replace('\'', "\\'")
    );
    client.execute(&scroll, vec![]).await.map_err(|e| e.to_string())?;
    let element = client
        .find(Locator::Css(&selector))
        .await
        .map_err(|e| format!("{testid}: {e}"))?;
    tap(client, &element).await
}

/// Taps the element `css` selects now (no wait).
pub async fn tap_css(client: &Client, css: &str) -> Result<(), String> {
    let element = client
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("no element {css}: {e}"))?;
    tap(client, &element).await.map_err(|e| format!("tapping {css}: {e}"))
}

/// The element `css` selects, once it is shown, waiting up to [`STEP_TIMEOUT`].
pub async fn wait_visible(client: &Client, css: &str) -> Result<Element, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        if let Ok(element) = client.find(Locator::Css(css)).await {
            if element.is_displayed().await.unwrap_or(false) {
                return Ok(element);
            }
        }
        if Instant::now() > deadline {
            return Err(format!("{css} was not shown within {STEP_TIMEOUT:?}"));
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Waits up to [`STEP_TIMEOUT`] until the script `js` returns `true`; fails
/// saying there was no `what`. A script that fails (a reload in flight)
/// counts as "not yet".
pub async fn wait_js(client: &Client, what: &str, js: &str) -> Result<(), String> {
    wait_js_value(client, what, js, |value| value.as_bool() == Some(true))
        .await
        .map(|_| ())
}

/// Waits up to [`STEP_TIMEOUT`] until the script `js` returns a value `done`
/// accepts, and gives that value; fails saying there was no `what`.
pub async fn wait_js_value(
    client: &Client,
    what: &str,
    js: &str,
    done: impl Fn(&Value) -> bool,
) -> Result<Value, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        if let Ok(value) = client.execute(js, vec![]).await {
            if done(&value) {
                return Ok(value);
            }
        }
        if Instant::now() > deadline {
            return Err(format!("no {what} within {STEP_TIMEOUT:?}"));
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Waits up to [`STEP_TIMEOUT`] until some element matches `css` (shown or not).
pub async fn wait_present(client: &Client, css: &str) -> Result<(), String> {
    let js = format!("return !!document.querySelector('{}')", css.replace('\'', "\\'"));
    wait_js(client, css, &js).await
}

/// Polls `read` until it gives a value `done` accepts, or fails after
/// [`STEP_TIMEOUT`] saying `what` and the last value seen.
pub async fn wait_until<T, F, Fut>(what: &str, mut read: F, done: impl Fn(&T) -> bool) -> Result<T, String>
where
    T: std::fmt::Debug,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Option<T>, String>>,
{
    let deadline = Instant::now() + STEP_TIMEOUT;
    let mut last = None;
    loop {
        if let Some(value) = read().await? {
            if done(&value) {
                return Ok(value);
            }
            last = Some(value);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "{what}: not reached within {STEP_TIMEOUT:?}; last seen {last:?}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A small seeded generator (a 64-bit LCG) for the choices a test makes
/// among legal moves: the same seed, the same game.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n` (0 when `n` is 0).
    pub fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// The CSS selector of a backgammon spot on the board: a point's hit area
/// (`"13"`), or the `bar` or the `off` tray.
pub fn spot_selector(spot: &str) -> String {
    match spot {
        "bar" | "off" => format!("[data-testid=\"backgammon-board\"] [data-testid=\"{spot}\"]"),
        p => format!("[data-testid=\"backgammon-board\"] rect.hit[data-point=\"{p}\"]"),
    }
}

/// Taps Jun Qi's post `post` (like `"c3"`) on the board, now.
pub async fn tap_post(client: &Client, post: &str) -> Result<(), String> {
    tap_css(client, &format!("[data-testid=\"junqi-board\"] [data-post=\"{post}\"]")).await
}

/// Saves what the page shows now at `relative` (under the repository) and
/// gives the file's path; a screenshot that cannot be taken or written is a
/// failure of the test.
pub async fn take_shot(client: &Client, relative: &str) -> Result<PathBuf, String> {
    let png = client.screenshot().await.map_err(|e| format!("screenshot: {e}"))?;
    save(&repo(), relative, &png).ok_or_else(|| format!("could not write {relative}"))
}

/// Home → Hex → 7×7 against the Beginner, the person first, no swap.
pub async fn start_hex_7_against_the_beginner(client: &Client) -> Result<(), String> {
    for id in [
        "play-hex",
        "size-7",
        "opponent-beginner",
        "starts-me",
        "swap-off",
        "start-game",
    ] {
        scroll_and_tap_testid(client, id).await?;
    }
    Ok(())
}

/// Ends a test's browser session: on a failed `outcome` what the page shows
/// is saved at `failure_shot` first; then the browser is closed. Gives the
/// outcome's value, or fails the test with its error.
pub async fn close_or_fail<T>(client: Client, repo: &Path, failure_shot: &str, outcome: Result<T, String>) -> T {
    if outcome.is_err() {
        save_failure_shot(&client, repo, failure_shot).await;
    }
    let _ = client.close().await;
    outcome.unwrap_or_else(|e| panic!("{e}"))
}

/// Opens the app afresh at `path` (`/games/x`): the store emptied, the
/// language `lang` chosen and each `(key, value)` of `store` kept first,
/// as a device that already holds them would have it.
pub async fn open_fresh(
    client: &Client,
    base: &str,
    lang: &str,
    store: &[(&str, &str)],
    path: &str,
) -> Result<(), String> {
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    client
        .execute(
            "localStorage.clear(); localStorage.setItem('settings', JSON.stringify({lang: arguments[0]}));",
            vec![serde_json::json!(lang)],
        )
        .await
        .map_err(|e| e.to_string())?;
    for (key, value) in store {
        client
            .execute(
                "localStorage.setItem(arguments[0], arguments[1]);",
                vec![serde_json::json!(key), serde_json::json!(value)],
            )
            .await
            .map_err(|e| e.to_string())?;
    }
    client
        .goto(&format!("{base}/#{path}"))
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())
}

/// Nothing on screen sticks out sideways or is cut by the page's width.
const OVERFLOW_JS: &str = r#"
const width = document.documentElement.clientWidth;
const bad = [];
for (const e of document.querySelectorAll('.screen *')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  if (r.left < -1 || r.right > width + 1) bad.push((e.dataset.testid || e.className || e.tagName) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
}
if (document.documentElement.scrollWidth > width + 1) bad.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
return bad.slice(0, 5).join('; ');
"#;

pub async fn check_overflow(client: &Client, what: &str) -> Result<(), String> {
    let value = client.execute(OVERFLOW_JS, vec![]).await.map_err(|e| e.to_string())?;
    let bad = value.as_str().unwrap_or_default();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("{what}: {bad}"))
    }
}

/// Decodes the QR code drawn in `css` from a screenshot of that element.
pub async fn decode_qr(client: &Client, css: &str) -> Result<String, String> {
    let element = wait_visible(client, css).await?;
    let png = element
        .screenshot()
        .await
        .map_err(|e| format!("screenshot of the QR code: {e}"))?;
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let channels = info.color_type.samples();
    if info.bit_depth != png::BitDepth::Eight {
        return Err(format!("a {:?} screenshot", info.bit_depth));
    }
    let (w, h) = (info.width as usize, info.height as usize);
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
        let i = (y * w + x) * channels;
        if channels >= 3 {
            ((buf[i] as u32 + buf[i + 1] as u32 + buf[i + 2] as u32) / 3) as u8
        } else {
            buf[i]
        }
    });
    let grids = image.detect_grids();
    let grid = grids.first().ok_or("no QR code found in the screenshot")?;
    let (_, content) = grid
        .decode()
        .map_err(|e| format!("the QR code does not decode: {e:?}"))?;
    Ok(content)
}

/// Chooses the language `lang` in the stored settings (read at the next load).
pub async fn set_lang(client: &Client, lang: &str) -> Result<(), String> {
    let js = format!(
        "const s = JSON.parse(localStorage.getItem('settings') || '{{}}'); s.lang = '{lang}'; \
         localStorage.setItem('settings', JSON.stringify(s)); return true;"
    );
    client.execute(&js, vec![]).await.map(|_| ()).map_err(|e| e.to_string())
}
