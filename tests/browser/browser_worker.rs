//! The bots run in a Web Worker from a wasm of their own (issue 33, the
//! download): the home screen's download (its wasm and the text of the
//! language in use, fetched apart) is within its budget and carries no
//! search; the worker is fetched the first time a bot is needed, and the
//! bot answers from there. (Backgammon's bot, whose weights the worker
//! fetches, plays a whole game in `browser_backgammon.rs`; the reviews run
//! there too, in `browser_review.rs`; offline play in `browser_app.rs`.)
//!
//! It drives the web build in `PAPAN_DIST_DIR` (else builds `dist/`) with
//! `PAPAN_CHROMEDRIVER` (else `/usr/bin/chromedriver`); a missing browser
//! or build is a failure, never a skip.

use crate::support;
use support::browser::{self, close_or_fail, start_driver, wait_js, wait_js_value};
use support::web::web_build;

use fantoccini::Client;
use std::path::Path;

/// Issue 33's goal for what the home screen downloads (its wasm and the
/// text of one language), compressed as `serve` sends it. Held since the
/// game screens went into a wasm of their own (`src/screens/lazy.rs`):
/// 568.5 KB gzip, 466.4 KB brotli for the main wasm on 2026-12-05, where
/// the one wasm before had reached 997.1 and 776.2.
const GOAL_GZIP_KB: f64 = 900.0;
const GOAL_BROTLI_KB: f64 = 700.0;
fn kb(path: &Path) -> f64 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .len() as f64
        / 1024.0
}

#[test]
fn the_home_screen_wasm_is_within_its_download_budget_and_the_bots_are_apart() {
    let dist = web_build(&browser::repo()).unwrap_or_else(|e| panic!("web build unavailable: {e}"));
    // The page's wasm and the text of one language (the largest of the three).
    let text = |ext: &str| {
        ["en", "id", "fil"]
            .map(|lang| kb(&dist.join(format!("locales/{lang}.ftl.{ext}"))))
            .into_iter()
            .fold(0.0, f64::max)
    };
    let gzip = kb(&dist.join("papan_bg.wasm.gz")) + text("gz");
    let brotli = kb(&dist.join("papan_bg.wasm.br")) + text("br");
    println!(
        "papan_bg.wasm and one language: {gzip:.1} KB gzip (goal {GOAL_GZIP_KB}), \
         {brotli:.1} KB brotli (goal {GOAL_BROTLI_KB})"
    );
    assert!(
        gzip < GOAL_GZIP_KB,
        "papan_bg.wasm and one language are {gzip:.1} KB gzip"
    );
    assert!(
        brotli < GOAL_BROTLI_KB,
        "papan_bg.wasm and one language are {brotli:.1} KB brotli"
    );
    for file in [
        "module_0_game_screen.wasm",
        "__wasm_split.js",
        "bot-worker.js",
        "papan_worker.js",
        "papan_worker_bg.wasm",
        "backgammon.weights",
    ] {
        assert!(dist.join(file).is_file(), "the build has no {file}");
    }
    // The service worker keeps the bots and the game screens for offline play.
    let sw = std::fs::read_to_string(dist.join("sw.js")).unwrap();
    for file in [
        "\"bot-worker.js\"",
        "\"papan_worker.js\"",
        "\"papan_worker_bg.wasm\"",
        "\"module_0_game_screen.wasm\"",
        "\"__wasm_split.js\"",
    ] {
        assert!(sw.contains(file), "sw.js does not precache {file}");
    }
}

/// The files the page itself fetched, by name.
const FETCHED: &str = "return performance.getEntriesByType('resource').map(e => e.name.split('/').pop())";

async fn fetched(client: &Client) -> Result<Vec<String>, String> {
    let value = client.execute(FETCHED, vec![]).await.map_err(|e| e.to_string())?;
    serde_json::from_value(value).map_err(|e| e.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_worker_is_fetched_on_the_first_bot_move_and_answers() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = async {
        client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
        wait_js(
            &client,
            "the home screen",
            "return !!document.querySelector('[data-testid=\"play-hex\"]')",
        )
        .await?;
        let home = fetched(&client).await?;
        if !home.iter().any(|f| f == "papan_bg.wasm") {
            return Err(format!("the home screen fetched no papan_bg.wasm: {home:?}"));
        }
        if let Some(bots) = home.iter().find(|f| f.contains("worker") || f.ends_with(".weights")) {
            return Err(format!("the home screen fetched {bots}: {home:?}"));
        }
        // The text of the language in use, and of no other.
        let texts: Vec<&String> = home.iter().filter(|f| f.ends_with(".ftl")).collect();
        if texts.len() != 1 {
            return Err(format!(
                "the home screen fetched {} languages' text: {home:?}",
                texts.len()
            ));
        }

        // Hex 7×7 against the Beginner: the person's move, then the bot's.
        browser::start_hex_7_against_the_beginner(&client).await?;
        browser::tap_css(&client, "[data-testid=\"hex-board\"] [data-cell=\"d4\"]").await?;
        wait_js(
            &client,
            "the bot's answer",
            "return document.querySelectorAll('[data-testid=\"hex-board\"] [data-cell].red, \
             [data-testid=\"hex-board\"] [data-cell].blue').length >= 2",
        )
        .await?;
        let think = wait_js_value(
            &client,
            "the worker's search record",
            "return window.__papanThink || null",
            |v| v["iterations"].as_f64().is_some_and(|n| n > 0.0),
        )
        .await?;
        let after = fetched(&client).await?;
        if !after.iter().any(|f| f == "bot-worker.js") {
            return Err(format!("no bot-worker.js after the bot moved: {after:?}"));
        }

        Ok::<_, String>(think)
    }
    .await;
    let think = close_or_fail(client, &repo, "test-output/browser/worker/failure.png", outcome).await;
    println!("the worker's Hex search: {think}");
}
