//! Real-browser checks of the app as an installed web app, in headless Chromium as a
//! 390×844 touch phone: the page's language, the web manifest, the service worker that
//! keeps the build for offline play, the update prompt when a new build is deployed,
//! and a game against the bot with the network gone.
//!
//! It serves a copy of the web build (`PAPAN_DIST_DIR`, else `<repo>/dist`) so it can
//! deploy a "new version" by changing the copy's `sw.js`, and it can take the server
//! away (and cut the page off the network through DevTools) to prove the app runs
//! from the worker's cache.

use crate::support;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use support::browser::{self, save_shot, scroll_and_tap_testid, start_driver, wait_js, STEP_TIMEOUT};
use support::chrome::key::{DOWN, ENTER, ESCAPE, LEFT, RIGHT, SHIFT, TAB, UP};
use support::chrome::{press, set_offline, tap, ChromeDriver};
use support::{static_server, web};

const FAILURE_SCREENSHOT: &str = "test-output/browser/app-offline-failure.png";
const OFFLINE_SCREENSHOT: &str = "test-output/browser/app-offline-game.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn installs_updates_on_consent_and_plays_the_bot_offline() {
    let (repo, dist) = repo_and_build();
    let (_site_dir, site) = web::copy_of_build(&dist, None);
    let (base, down) = static_server::spawn_switchable(site.clone(), 0).expect("serve the copy on 127.0.0.1");
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));

    let checks = async {
        client
            .goto(&format!("{base}/"))
            .await
            .map_err(|e| format!("opening {base}: {e}"))?;
        wait_js(
            &client,
            "the home screen",
            "return !!document.querySelector('[data-testid=\"play-hex\"]')",
        )
        .await?;
        page_language_follows_the_app(&client).await?;
        manifest_is_installable(&client).await?;
        let first = controlled_by_a_worker(&client).await?;
        update_waits_for_consent(&client, &site, &first).await?;

        // Offline: no server, and no network for the page either.
        down.store(true, Ordering::SeqCst);
        set_offline(&client, true).await?;
        client.refresh().await.map_err(|e| format!("reloading offline: {e}"))?;
        wait_js(
            &client,
            "the home screen offline",
            "return !!document.querySelector('[data-testid=\"play-hex\"]')",
        )
        .await?;
        let probe = client
            .execute_async(
                "const done = arguments[0]; fetch('not-in-the-build-' + Date.now() + '.txt')
                   .then(() => done('reached'), () => done('unreachable'));",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        if probe != json!("unreachable") {
            return Err(format!("the network was still there offline: {probe}"));
        }
        play_a_move_against_the_bot(&client).await?;
        backgammon_weights_are_kept(&client, &site).await?;
        save_shot(&client, &repo, OFFLINE_SCREENSHOT).await;
        Ok::<_, String>(())
    };
    let outcome = within(
        Duration::from_secs(240),
        "the install/offline checks took more than 4 minutes",
        checks,
    )
    .await;
    let outcome = close_session(client, driver, &repo, FAILURE_SCREENSHOT, outcome).await;
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

/// `work`, failing with `late` if it takes longer than `limit`.
async fn within<T>(
    limit: Duration,
    late: &str,
    work: impl std::future::Future<Output = Result<T, String>>,
) -> Result<T, String> {
    tokio::time::timeout(limit, work)
        .await
        .unwrap_or_else(|_| Err(late.to_string()))
}

/// Ends a test's browser session: a screenshot at `failure_shot` when
/// `outcome` is a failure, then the browser and its driver closed.
async fn close_session<T>(
    client: Client,
    driver: ChromeDriver,
    repo: &Path,
    failure_shot: &str,
    outcome: Result<T, String>,
) -> Result<T, String> {
    if outcome.is_err() {
        save_shot(&client, repo, failure_shot).await;
    }
    let _ = client.close().await;
    drop(driver);
    outcome
}

/// The repository and its web build (built here when none was handed over).
fn repo_and_build() -> (PathBuf, PathBuf) {
    let repo = browser::repo();
    let dist = web::web_build(&repo).unwrap_or_else(|e| panic!("web build unavailable: {e}"));
    (repo, dist)
}

/// `<html lang>` is what screen readers choose their voice by: it must follow the
/// app's language, not stay at the page's default.
async fn page_language_follows_the_app(client: &Client) -> Result<(), String> {
    let js = "const app = document.querySelector('.app');
              return [document.documentElement.lang, app && app.getAttribute('lang')];";
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        let seen = client.execute(js, vec![]).await.map_err(|e| e.to_string())?;
        if seen[0] == seen[1] && seen[0].as_str().is_some_and(|l| ["id", "fil", "en"].contains(&l)) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("<html lang> and the app's language differ: {seen}"));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The manifest Chromium reads to offer "Install": a start page, standalone
/// display, and icons at 192 and 512 px, maskable ones included.
async fn manifest_is_installable(client: &Client) -> Result<(), String> {
    let manifest = client
        .execute_async(
            "const done = arguments[0];
             const link = document.querySelector('link[rel=manifest]');
             if (!link) { done(null); return; }
             fetch(link.href).then(r => r.json()).then(done, () => done(null));",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    if manifest.is_null() {
        return Err("no readable web manifest is linked from the page".into());
    }
    if manifest["display"] != "standalone" || manifest["start_url"].as_str().is_none() {
        return Err(format!("the manifest is not for an installed app: {manifest}"));
    }
    let icons = manifest["icons"].as_array().cloned().unwrap_or_default();
    for (size, purpose) in [
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    ] {
        if !icons.iter().any(|i| i["sizes"] == size && i["purpose"] == purpose) {
            return Err(format!("the manifest has no {purpose} icon of {size}: {manifest}"));
        }
    }
    Ok(())
}

/// Waits until a service worker controls the page; returns its cache's name.
async fn controlled_by_a_worker(client: &Client) -> Result<String, String> {
    wait_js(
        client,
        "a service worker controlling the page",
        "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
    )
    .await?;
    let caches = client
        .execute_async("const done = arguments[0]; caches.keys().then(done);", vec![])
        .await
        .map_err(|e| e.to_string())?;
    let names: Vec<String> = caches
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
        .unwrap_or_default();
    match names.as_slice() {
        [one] if one.starts_with("papan-v") => Ok(one.clone()),
        _ => Err(format!("expected one versioned cache, found {names:?}")),
    }
}

/// A new build is installed beside the running one and offered, never forced:
/// only the Reload button swaps it in, and then the old cache is gone.
async fn update_waits_for_consent(client: &Client, site: &Path, first: &str) -> Result<(), String> {
    let sw = site.join("sw.js");
    let text = std::fs::read_to_string(&sw).map_err(|e| e.to_string())?;
    let old_version = first.trim_start_matches("papan-");
    if !text.contains(old_version) {
        return Err(format!("sw.js does not carry the running version {old_version}"));
    }
    std::fs::write(&sw, text.replace(old_version, "vtest-next-build")).map_err(|e| e.to_string())?;
    for stale in ["sw.js.gz", "sw.js.br"] {
        let _ = std::fs::remove_file(site.join(stale));
    }
    client
        .execute(
            "navigator.serviceWorker.getRegistration().then(r => r && r.update());",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    let banner = "const u = document.querySelector('[data-testid=\"update-ready\"]');
                  return !!u && !u.hidden && u.textContent.trim().length > 0;";
    wait_js(client, "the update prompt", banner).await?;
    // Still the old build until the person says so.
    let still = client
        .execute_async("const done = arguments[0]; caches.keys().then(done);", vec![])
        .await
        .map_err(|e| e.to_string())?;
    if !still.as_array().is_some_and(|a| a.iter().any(|k| k == first)) {
        return Err(format!("the running build's cache went before consent: {still}"));
    }
    let reload = client
        .find(Locator::Css("#update-reload"))
        .await
        .map_err(|e| format!("no Reload button: {e}"))?;
    tap(client, &reload).await?;
    wait_js(
        client,
        "the new build after Reload",
        "return !!navigator.serviceWorker.controller && !!document.querySelector('[data-testid=\"play-hex\"]')",
    )
    .await?;
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        let keys = client
            .execute_async("const done = arguments[0]; caches.keys().then(done);", vec![])
            .await
            .map_err(|e| e.to_string())?;
        if keys == json!(["papan-vtest-next-build"]) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("after Reload the caches are {keys}, not only the new build's"));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Home → Hex 7×7 against the Beginner → one stone, and the bot's answer.
async fn play_a_move_against_the_bot(client: &Client) -> Result<(), String> {
    browser::start_hex_7_against_the_beginner(client).await?;
    wait_js(
        client,
        "the empty board",
        "return !!document.querySelector('[data-testid=\"hex-board\"] [data-cell=\"d4\"]')",
    )
    .await?;
    let centre = client
        .find(Locator::Css("[data-testid=\"hex-board\"] [data-cell=\"d4\"]"))
        .await
        .map_err(|e| format!("no cell d4: {e}"))?;
    tap(client, &centre).await?;
    wait_js(
        client,
        "the bot's answer offline",
        "return document.querySelectorAll('[data-testid=\"hex-board\"] [data-cell].red, \
         [data-testid=\"hex-board\"] [data-cell].blue').length >= 2",
    )
    .await
}

/// The backgammon bot's weights are a file of their own on the web
/// (`src/bot_data.rs`): offline, the worker must hand out the whole file.
async fn backgammon_weights_are_kept(client: &Client, site: &Path) -> Result<(), String> {
    let expected = std::fs::metadata(site.join("backgammon.weights"))
        .map_err(|e| format!("the build has no backgammon.weights: {e}"))?
        .len();
    let got = client
        .execute_async(
            "const done = arguments[0];
             fetch('backgammon.weights').then(r => r.ok ? r.arrayBuffer() : Promise.reject(r.status))
               .then(b => done(b.byteLength), e => done('failed: ' + e));",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    if got != json!(expected) {
        return Err(format!(
            "offline, backgammon.weights gave {got}, not its {expected} bytes"
        ));
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hex_game_is_played_to_the_end_by_keyboard_alone() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let game = async {
        client
            .goto(&format!("{base}/"))
            .await
            .map_err(|e| format!("opening {base}: {e}"))?;
        browser::start_hex_7_against_the_beginner(&client).await?;
        wait_js(
            &client,
            "the board",
            "return !!document.querySelector('[data-testid=\"hex-board\"] [data-cell]')",
        )
        .await?;
        // Into the board by Tab alone: it is one stop, on one cell.
        let mut tabs = 0;
        while focused_cell(&client).await?.is_none() {
            if tabs == 40 {
                return Err("40 Tabs never reached a board cell".into());
            }
            press(&client, &[TAB]).await?;
            tabs += 1;
        }
        let mut moves = 0;
        loop {
            wait_js(
                &client,
                "our turn or the end",
                "const b = document.querySelector('[data-testid=\"hex-board\"]');
                 return b.dataset.status === 'over' || b.dataset.turn === 'human';",
            )
            .await?;
            let board = client
                .execute(
                    "const b = document.querySelector('[data-testid=\"hex-board\"]');
                     return [b.dataset.status, Array.from(b.querySelectorAll('[data-cell]'))
                       .map(c => [c.dataset.cell, c.classList.contains('empty'), c.getAttribute('aria-label')])];",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            if board[0] == "over" {
                break;
            }
            let cells = board[1].as_array().cloned().unwrap_or_default();
            // Every cell says what it is.
            for c in &cells {
                let (name, empty, label) = (c[0].as_str().unwrap_or(""), c[1] == true, c[2].as_str().unwrap_or(""));
                if !label.starts_with(name) || (empty && !label.contains("empty")) {
                    return Err(format!("cell {name} is announced as {label:?}"));
                }
            }
            // Down the middle column, else the first empty cell.
            let empty: Vec<&str> = cells
                .iter()
                .filter(|c| c[1] == true)
                .filter_map(|c| c[0].as_str())
                .collect();
            let target = empty
                .iter()
                .find(|c| c.starts_with('d'))
                .or(empty.first())
                .ok_or("our turn with no empty cell")?
                .to_string();
            let from = focused_cell(&client).await?.ok_or("the board lost keyboard focus")?;
            press(&client, &arrows(&from, &target)).await?;
            let now = focused_cell(&client).await?;
            if now.as_deref() != Some(target.as_str()) {
                return Err(format!("arrows from {from} to {target} reached {now:?}"));
            }
            press(&client, &[ENTER]).await?;
            moves += 1;
            wait_js(
                &client,
                &format!("a stone on {target} after Enter"),
                &format!(
                    "return !document.querySelector('[data-testid=\"hex-board\"] [data-cell=\"{target}\"]').classList.contains('empty')"
                ),
            )
            .await?;
            if moves > 49 {
                return Err("more than 49 moves on a 7×7 board".into());
            }
        }
        wait_js(
            &client,
            "the result",
            "return !!document.querySelector('[data-testid=\"result-banner\"]')",
        )
        .await?;
        save_shot(&client, &repo, "test-output/browser/hex-keyboard-finished.png").await;
        Ok::<_, String>(moves)
    };
    let outcome = within(
        Duration::from_secs(300),
        "the keyboard game took more than 5 minutes",
        game,
    )
    .await;
    let outcome = close_session(
        client,
        driver,
        &repo,
        "test-output/browser/hex-keyboard-failure.png",
        outcome,
    )
    .await;
    let moves = outcome.unwrap_or_else(|e| panic!("{e}"));
    println!("a 7×7 game to the end in {moves} moves, by keyboard");
}

/// The board cell that has keyboard focus, if any.
async fn focused_cell(client: &Client) -> Result<Option<String>, String> {
    let value = client
        .execute(
            "const a = document.activeElement; return a && a.getAttribute('data-cell');",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    Ok(value.as_str().map(str::to_string))
}

/// Arrow presses from one cell to another (columns are letters, rows numbers).
fn arrows(from: &str, to: &str) -> Vec<char> {
    let parse = |c: &str| (c.as_bytes()[0] as i32 - 'a' as i32, c[1..].parse::<i32>().unwrap_or(1));
    let ((fc, fr), (tc, tr)) = (parse(from), parse(to));
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(
        if tc > fc { RIGHT } else { LEFT },
        (tc - fc).unsigned_abs() as usize,
    ));
    keys.extend(std::iter::repeat_n(
        if tr > fr { DOWN } else { UP },
        (tr - fr).unsigned_abs() as usize,
    ));
    keys
}

/// Setup screens at 320×640: the footer never lies over an option (the options
/// scroll above it), the last choices come back on the next visit and after a
/// reload, and Start asks before it replaces an unfinished game: "keep" keeps it,
/// Escape closes the question, "start new" replaces it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn setup_remembers_choices_and_asks_before_replacing_a_saved_game() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver
        .connect_phone_sized(320, 640)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let checks = async {
        client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
        client
            .execute(
                "localStorage.clear(); localStorage.setItem('settings', JSON.stringify({lang: 'fil'}));",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        for path in ["hex", "hadang", "junqi", "backgammon", "online/hex"] {
            open(&client, &base, path).await?;
            footer_clear_of_content(&client, path).await?;
        }

        open(&client, &base, "hex").await?;
        let choices = ["size-9", "opponent-expert", "starts-bot", "swap-on", "alternate-off"];
        for id in choices {
            scroll_and_tap_testid(&client, id).await?;
        }
        scroll_and_tap_testid(&client, "start-game").await?;
        wait_js(&client, "the 9×9 game", &board_cells_are(81)).await?;

        // Back to the setup: the same choices, also after a reload.
        for reload in [false, true] {
            open(&client, &base, "hex").await?;
            if reload {
                client.refresh().await.map_err(|e| e.to_string())?;
            }
            wait_js(
                &client,
                "the Hex setup",
                "return !!document.querySelector('[data-testid=\"size-9\"]')",
            )
            .await?;
            for id in choices {
                let checked = client
                    .execute(
                        &format!(
                            "return document.querySelector('[data-testid=\"{id}\"]').getAttribute('aria-checked')"
                        ),
                        vec![],
                    )
                    .await
                    .map_err(|e| e.to_string())?;
                if checked != json!("true") {
                    return Err(format!("{id} was not remembered (reload: {reload})"));
                }
            }
        }

        // Start with a game waiting asks first; the question takes the focus.
        scroll_and_tap_testid(&client, "size-7").await?;
        scroll_and_tap_testid(&client, "start-game").await?;
        wait_js(
            &client,
            "the question, focused",
            "const s = document.querySelector('[data-testid=\"replace-sheet\"]');
             return !!s && s.contains(document.activeElement) && !!document.getElementById(s.getAttribute('aria-labelledby'));",
        )
        .await?;
        scroll_and_tap_testid(&client, "replace-keep").await?;
        wait_js(
            &client,
            "the question gone",
            "return !document.querySelector('[data-testid=\"replace-sheet\"]')",
        )
        .await?;
        scroll_and_tap_testid(&client, "start-game").await?;
        wait_js(
            &client,
            "the question again",
            "return !!document.querySelector('[data-testid=\"replace-sheet\"]')",
        )
        .await?;
        press(&client, &[ESCAPE]).await?;
        wait_js(
            &client,
            "Escape to close it",
            "return !document.querySelector('[data-testid=\"replace-sheet\"]')",
        )
        .await?;
        scroll_and_tap_testid(&client, "continue-hex").await?;
        wait_js(&client, "the kept 9×9 game", &board_cells_are(81)).await?;

        open(&client, &base, "hex").await?;
        scroll_and_tap_testid(&client, "size-7").await?;
        scroll_and_tap_testid(&client, "start-game").await?;
        scroll_and_tap_testid(&client, "replace-confirm").await?;
        wait_js(&client, "the new 7×7 game", &board_cells_are(49)).await?;
        Ok::<_, String>(())
    };
    let outcome = within(
        Duration::from_secs(180),
        "the setup checks took more than 3 minutes",
        checks,
    )
    .await;
    let outcome = close_session(
        client,
        driver,
        &repo,
        "test-output/browser/setup-memory-failure.png",
        outcome,
    )
    .await;
    outcome.unwrap_or_else(|e| panic!("{e}"));
}

/// Opens `/#/{path}` and waits for its footer.
async fn open(client: &Client, base: &str, path: &str) -> Result<(), String> {
    client
        .goto(&format!("{base}/#/{path}"))
        .await
        .map_err(|e| e.to_string())?;
    wait_js(client, path, "return !!document.querySelector('.bottom-bar')").await
}

/// The scrolling content ends where the footer begins, and its last option,
/// scrolled into view, shows whole above the footer.
async fn footer_clear_of_content(client: &Client, path: &str) -> Result<(), String> {
    let seen = client
        .execute(
            "const content = document.querySelector('.screen .content');
             const footer = document.querySelector('.bottom-bar');
             const options = content.querySelectorAll('button, a, input');
             const last = options[options.length - 1];
             last.scrollIntoView({block: 'end'});
             const r = last.getBoundingClientRect();
             return [content.getBoundingClientRect().bottom, footer.getBoundingClientRect().top, r.bottom, innerHeight];",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    let at = |i: usize| seen[i].as_f64().unwrap_or(f64::NAN);
    let (content_bottom, footer_top, last_bottom) = (at(0), at(1), at(2));
    if content_bottom > footer_top + 0.5 || last_bottom > footer_top + 0.5 {
        return Err(format!(
            "{path}: content reaches {content_bottom}, its last option {last_bottom}, under the footer at {footer_top}"
        ));
    }
    Ok(())
}

fn board_cells_are(count: usize) -> String {
    format!("return document.querySelectorAll('[data-testid=\"hex-board\"] [data-cell]').length === {count}")
}

/// axe-core (npm, `PAPAN_AXE_JS`; `cargo xtask test` installs it) on every screen in
/// the light and the dark theme: home, settings, lessons, a lesson, finished games,
/// rules, a setup, the online lobby, each game's play screen, HADANG's wall mode and
/// the resign dialog. No serious or critical WCAG 2.2 A/AA violation may remain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_screen_passes_axe_in_light_and_dark() {
    let (repo, dist) = repo_and_build();
    let axe_path = std::env::var_os("PAPAN_AXE_JS").map(PathBuf::from).unwrap_or_else(|| {
        let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
        home.join(".cache/papan/tools/node_modules/axe-core/axe.min.js")
    });
    let axe = std::fs::read_to_string(&axe_path).unwrap_or_else(|e| {
        panic!(
            "axe-core not found at {} ({e}); `cargo xtask test` installs it, or set PAPAN_AXE_JS",
            axe_path.display()
        )
    });
    let base = static_server::spawn(dist, 0).expect("serve dist/ on 127.0.0.1");
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    // (name, route, taps after opening it)
    let screens: [(&str, &str, &[&str]); 14] = [
        ("home", "/", &[]),
        ("settings", "/#/settings", &[]),
        ("lessons", "/#/learn", &[]),
        ("lesson", "/#/learn/hex/hex-basics", &[]),
        ("finished", "/#/games", &[]),
        ("rules", "/#/rules/hadang", &[]),
        ("setup", "/#/hex", &[]),
        ("lobby", "/#/online/hex", &[]),
        ("hex", "/#/hex", &["start-game"]),
        ("hadang", "/#/hadang", &["start-game"]),
        ("hadang-walls", "/#/hadang/play", &["wall-mode"]),
        ("resign", "/#/hadang/play", &["wall-cancel", "resign"]),
        ("junqi", "/#/junqi", &["start-game"]),
        ("backgammon", "/#/backgammon", &["start-game"]),
    ];
    let mut problems = Vec::new();
    let run = async {
        for theme in ["light", "dark"] {
            client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
            let setup = format!(
                "localStorage.clear(); localStorage.setItem('settings', JSON.stringify({{lang: 'en', theme: '{theme}'}}));"
            );
            client.execute(&setup, vec![]).await.map_err(|e| e.to_string())?;
            client.refresh().await.map_err(|e| e.to_string())?;
            for (name, route, taps) in screens {
                client
                    .goto(&format!("{base}{route}"))
                    .await
                    .map_err(|e| e.to_string())?;
                wait_js(&client, name, "return !!document.querySelector('.screen')").await?;
                for id in taps {
                    scroll_and_tap_testid(&client, id).await?;
                }
                tokio::time::sleep(Duration::from_millis(400)).await;
                let loaded = client
                    .execute("return typeof axe !== 'undefined';", vec![])
                    .await
                    .map_err(|e| e.to_string())?;
                if loaded != json!(true) {
                    client
                        .execute(&axe, vec![])
                        .await
                        .map_err(|e| format!("loading axe: {e}"))?;
                }
                let found = client
                    .execute_async(
                        "const done = arguments[arguments.length - 1];
                         axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
                                             resultTypes: ['violations'] })
                           .then(r => done(r.violations
                             .filter(v => v.impact === 'serious' || v.impact === 'critical')
                             .map(v => v.id + ' on ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))),
                             e => done(['axe did not run: ' + e]));",
                        vec![],
                    )
                    .await
                    .map_err(|e| e.to_string())?;
                let found: Vec<String> = serde_json::from_value(found).map_err(|e| e.to_string())?;
                println!("axe {theme} {name}: {} serious or critical", found.len());
                for v in found {
                    problems.push(format!("{theme} {name}: {v}"));
                }
            }
        }
        Ok::<_, String>(())
    };
    let outcome = within(
        Duration::from_secs(240),
        "the accessibility checks took more than 4 minutes",
        run,
    )
    .await;
    let outcome = close_session(client, driver, &repo, "test-output/browser/axe-failure.png", outcome).await;
    outcome.unwrap_or_else(|e| panic!("{e}"));
    assert!(
        problems.is_empty(),
        "accessibility violations:\n{}",
        problems.join("\n")
    );
}

/// HADANG by keyboard alone between two people: a vertical wall (Wall, arrows
/// to a crossing, Enter shows it, Enter turns it, Place), a pawn step (arrows,
/// Enter) and a horizontal wall the same way; every cell and crossing named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hadang_walls_and_steps_are_played_by_keyboard_alone() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let board_js =
        |what: &str| format!("const b = document.querySelector('[data-testid=\"hadang-board\"]'); return {what};");
    let play = async {
        client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
        client
            .execute(
                "localStorage.clear(); localStorage.setItem('settings', JSON.stringify({lang: 'en'}));",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        client
            .goto(&format!("{base}/#/hadang"))
            .await
            .map_err(|e| e.to_string())?;
        for id in ["opponent-human", "clock-none", "start-game"] {
            scroll_and_tap_testid(&client, id).await?;
        }
        wait_js(&client, "the board", &board_js("!!b && b.dataset.ply === '0'")).await?;
        let labels = client
            .execute(
                &board_js("Array.from(b.querySelectorAll('[data-cell]')).map(c => c.getAttribute('aria-label'))"),
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        let labels: Vec<String> = serde_json::from_value(labels).map_err(|e| e.to_string())?;
        if labels.len() != 81
            || !labels.iter().any(|l| l == "e1, Player 1's pawn")
            || !labels.iter().any(|l| l.starts_with("e2, empty"))
        {
            return Err(format!("cells are not named: {:?}", &labels[..labels.len().min(12)]));
        }
        for (wall, turn_to) in [("d4v", 'v'), ("c6h", 'h')] {
            if wall == "c6h" {
                // Player 2 steps first: into the board, one step towards rank 1, Enter.
                focus_by_tab(&client, "data-cell", false).await?;
                let flipped = client
                    .execute(&board_js("b.dataset.flipped === 'true'"), vec![])
                    .await
                    .map_err(|e| e.to_string())?;
                press(&client, &[if flipped == json!(true) { UP } else { DOWN }, ENTER]).await?;
                wait_js(
                    &client,
                    "Player 2's step",
                    &board_js("b.querySelector('[data-pawn=\"p2\"]').dataset.at === 'e8'"),
                )
                .await?;
            }
            // Wall (a button after the board), then back into the board's crossings.
            focus_by_tab(&client, "data-testid=\"wall-mode\"", false).await?;
            press(&client, &[ENTER]).await?;
            wait_js(&client, "wall mode", &board_js("b.dataset.mode === 'wall'")).await?;
            let at = focus_by_tab(&client, "data-crossing", true).await?;
            let flipped = client
                .execute(&board_js("b.dataset.flipped === 'true'"), vec![])
                .await
                .map_err(|e| e.to_string())?;
            let anchor = &wall[..2];
            press(&client, &crossing_arrows(&at, anchor, flipped == json!(true))).await?;
            press(&client, &[ENTER]).await?;
            wait_js(
                &client,
                "a preview",
                &board_js(&format!("!!b.querySelector('[data-ghost^=\"{anchor}\"]')")),
            )
            .await?;
            let shown = client
                .execute(&board_js("b.querySelector('[data-ghost]').dataset.ghost"), vec![])
                .await
                .map_err(|e| e.to_string())?;
            if shown.as_str().is_none_or(|s| !s.ends_with(turn_to)) {
                press(&client, &[ENTER]).await?;
            }
            wait_js(
                &client,
                &format!("the preview {wall}"),
                &board_js(&format!("!!b.querySelector('[data-ghost=\"{wall}\"]')")),
            )
            .await?;
            focus_by_tab(&client, "data-testid=\"wall-place\"", false).await?;
            press(&client, &[ENTER]).await?;
            wait_js(
                &client,
                &format!("{wall} placed"),
                &board_js(&format!("!!b.querySelector('[data-placed=\"{wall}\"]')")),
            )
            .await?;
        }
        Ok::<_, String>(())
    };
    let outcome = within(
        Duration::from_secs(120),
        "the HADANG keyboard game took more than 2 minutes",
        play,
    )
    .await;
    let outcome = close_session(
        client,
        driver,
        &repo,
        "test-output/browser/hadang-keyboard-failure.png",
        outcome,
    )
    .await;
    outcome.unwrap_or_else(|e| panic!("{e}"));
}

/// Tabs (or Shift+Tabs) until the focused element has `attribute` (a name, or
/// `name="value"`); returns the element's value of that attribute's name.
async fn focus_by_tab(client: &Client, attribute: &str, backwards: bool) -> Result<String, String> {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let name = attribute.split('=').next().unwrap_or(attribute);
    for _ in 0..60 {
        let seen = client
            .execute(
                &format!("const a = document.activeElement; return a && a.matches('[{}]') ? a.getAttribute('{name}') : null;", attribute.replace('\'', "\\'")),
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        if let Some(value) = seen.as_str() {
            return Ok(value.to_string());
        }
        let mut keys = KeyActions::new("keyboard".into());
        if backwards {
            keys = keys.then(KeyAction::Down { value: SHIFT });
        }
        keys = keys
            .then(KeyAction::Down { value: TAB })
            .then(KeyAction::Up { value: TAB });
        if backwards {
            keys = keys.then(KeyAction::Up { value: SHIFT });
        }
        client.perform_actions(keys).await.map_err(|e| format!("keys: {e}"))?;
        client.release_actions().await.map_err(|e| format!("keys: {e}"))?;
    }
    Err(format!("60 Tabs never reached [{attribute}]"))
}

/// Arrow keys from crossing `from` to crossing `to` (both wall anchors), as
/// the board is drawn (turned for Player 2 when `flipped`).
fn crossing_arrows(from: &str, to: &str, flipped: bool) -> Vec<char> {
    let parse = |c: &str| (c.as_bytes()[0] as i32 - 'a' as i32, c[1..].parse::<i32>().unwrap_or(1));
    let ((ff, fr), (tf, tr)) = (parse(from), parse(to));
    let (right, up) = if flipped { (LEFT, DOWN) } else { (RIGHT, UP) };
    let (left, down) = if flipped { (RIGHT, UP) } else { (LEFT, DOWN) };
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(
        if tf > ff { right } else { left },
        (tf - ff).unsigned_abs() as usize,
    ));
    keys.extend(std::iter::repeat_n(
        if tr > fr { up } else { down },
        (tr - fr).unsigned_abs() as usize,
    ));
    keys
}

/// Every tappable target on every screen at 390×844 is at least 44×44 CSS px,
/// boards included once zoomed with the screen's zoom button (the zoom factor
/// is measured from the board as laid out, so this holds for every size).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_target_is_thumb_sized_boards_once_zoomed() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let mut screens: Vec<(String, &str, Vec<&str>)> = vec![
        ("home".into(), "/", vec![]),
        ("settings".into(), "/#/settings", vec![]),
        ("lessons".into(), "/#/learn", vec![]),
        ("lesson".into(), "/#/learn/hex/hex-basics", vec![]),
        ("finished".into(), "/#/games", vec![]),
        ("rules".into(), "/#/rules/hadang", vec![]),
        ("setup".into(), "/#/hex", vec![]),
        ("lobby".into(), "/#/online/hex", vec![]),
        ("hadang".into(), "/#/hadang", vec!["start-game"]),
        ("junqi".into(), "/#/junqi", vec!["start-game"]),
        ("backgammon".into(), "/#/backgammon", vec!["start-game"]),
    ];
    for (size, id) in [
        (7, "size-7"),
        (9, "size-9"),
        (11, "size-11"),
        (13, "size-13"),
        (19, "size-19"),
    ] {
        screens.push((format!("hex {size}×{size}"), "/#/hex", vec![id, "start-game"]));
    }
    let mut problems = Vec::new();
    let run = async {
        client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
        client
            .execute(
                "localStorage.clear(); localStorage.setItem('settings', JSON.stringify({lang: 'en'}));",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        client.refresh().await.map_err(|e| e.to_string())?;
        for (name, route, taps) in &screens {
            client
                .goto(&format!("{base}{route}"))
                .await
                .map_err(|e| e.to_string())?;
            wait_js(&client, name, "return !!document.querySelector('.screen')").await?;
            for id in taps {
                scroll_and_tap_testid(&client, id).await?;
            }
            // A new Hex game replaces the one before it.
            let asked = client
                .execute(
                    "return !!document.querySelector('[data-testid=\"replace-confirm\"]');",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            if asked == json!(true) {
                scroll_and_tap_testid(&client, "replace-confirm").await?;
            }
            tokio::time::sleep(Duration::from_millis(400)).await;
            let zoomable = client
                .execute("return !!document.querySelector('[data-testid=\"zoom\"]');", vec![])
                .await
                .map_err(|e| e.to_string())?;
            if zoomable == json!(true) {
                scroll_and_tap_testid(&client, "zoom").await?;
                wait_js(
                    &client,
                    "the zoomed board",
                    "return !!document.querySelector('.board-wrap.zoomed')",
                )
                .await?;
            }
            let small = client
                .execute(
                    "const sel = 'button, a[href], input, select, textarea, [role=button], [role=radio], [role=switch], [tabindex]';
                     const out = [];
                     for (const e of document.querySelectorAll(sel)) {
                       if (e.closest('[inert]') || e.classList.contains('sheet') || e.getAttribute('tabindex') === '-1' && !e.getAttribute('role')) continue;
                       const r = e.getBoundingClientRect();
                       if (r.width === 0 || r.height === 0) continue;
                       if (r.width < 43.5 || r.height < 43.5) {
                         const what = e.getAttribute('data-testid') || e.getAttribute('data-cell') || e.getAttribute('data-point')
                           || e.getAttribute('data-post') || e.getAttribute('data-crossing') || e.tagName;
                         out.push(what + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
                       }
                     }
                     return out.slice(0, 6);",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            let small: Vec<String> = serde_json::from_value(small).map_err(|e| e.to_string())?;
            println!("targets on {name}: {} under 44 px", small.len());
            if !small.is_empty() {
                problems.push(format!("{name}: {}", small.join(", ")));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!("targets under 44×44 px:\n{}", problems.join("\n")))
        }
    };
    let outcome = within(
        Duration::from_secs(240),
        "the target-size audit took more than 4 minutes",
        run,
    )
    .await;
    let outcome = close_session(
        client,
        driver,
        &repo,
        "test-output/browser/target-size-failure.png",
        outcome,
    )
    .await;
    outcome.unwrap_or_else(|e| panic!("{e}"));
}
