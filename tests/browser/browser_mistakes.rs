//! Your mistakes to try again, on a phone in real Chromium (issue 35,
//! item 2), at 390×844 and 320×700 with touch: a finished 7×7 Hex game in
//! which the person (Red) did not take the joining cell g1 is reviewed;
//! the review offers "Try again" at that move; the second try of the same
//! move is judged "not yet" by the Expert and the position waits for
//! tomorrow; once it is due again (the deck's date moved back, as a day
//! passing would) the puzzles screen counts it, and the joining move is
//! judged good. Screenshots in en, id and fil at both sizes
//! (`test-output/browser/mistakes/<lang>-<width>-<step>.png`).
//!
//! It drives the web build in `PAPAN_DIST_DIR` (else builds `dist/`) with
//! `PAPAN_CHROMEDRIVER` (else `/usr/bin/chromedriver`); a missing browser
//! or build is a failure, never a skip.

use crate::support;
use support::browser::{self, save_shot, start_driver, tap_testid, wait_js, wait_js_value, wait_present};
use support::chrome::tap;

use fantoccini::{Client, Locator};
use papan::play::finished::STORE_KEY;
use papan::play::mistakes::STORE_KEY as DECK_KEY;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reviewed_mistake_is_tried_again_and_comes_back_until_found_on_phones() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let games = serde_json::to_string(&vec![support::games::hex_blunder()]).unwrap();
    for (width, height) in [(390, 844), (320, 700)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let run = async {
            for lang in ["en", "id", "fil"] {
                mistake_in(&client, &base, &repo, &games, lang, width).await?;
            }
            Ok::<_, String>(())
        };
        let outcome = match tokio::time::timeout(Duration::from_secs(400), run).await {
            Ok(outcome) => outcome,
            Err(_) => Err(format!("the mistakes at {width} px took more than 400 s")),
        };
        if outcome.is_err() {
            save_shot(
                &client,
                &repo,
                &format!("test-output/browser/mistakes/failure-{width}.png"),
            )
            .await;
        }
        let _ = client.close().await;
        outcome.unwrap_or_else(|e| panic!("{width}×{height}: {e}"));
    }
    drop(driver);
}

async fn tap_cell(client: &Client, cell: &str) -> Result<(), String> {
    let css = format!("[data-testid=\"puzzle-board\"] [data-cell=\"{cell}\"]");
    let element = client
        .find(Locator::Css(&css))
        .await
        .map_err(|e| format!("no cell {css}: {e}"))?;
    tap(client, &element).await
}

/// The try's verdict once the Expert has judged it: `true` good.
async fn verdict(client: &Client) -> Result<bool, String> {
    let ok = wait_js_value(
        client,
        "the Expert's verdict",
        "const r = document.querySelector('[data-testid=mistake-result]');
         const w = document.querySelector('[data-testid=mistake-why]');
         return r && w && w.textContent.length > 10 ? r.dataset.ok : null;",
        |v| v.is_string(),
    )
    .await?;
    Ok(ok == "true")
}

/// No text wider than its box on the screen.
async fn nothing_spills(client: &Client, what: &str) -> Result<(), String> {
    let spill = client
        .execute(
            "const out = [];
             for (const e of document.querySelectorAll('.mistakes-screen *, .review-dock *')) {
               if (e.children.length === 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible')
                 out.push(e.className + ': ' + e.textContent);
             }
             if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push('the page is wider than the phone');
             return out;",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    match spill.as_array() {
        Some(a) if a.is_empty() => Ok(()),
        _ => Err(format!("{what}: text spills: {spill}")),
    }
}

async fn mistake_in(
    client: &Client,
    base: &str,
    repo: &Path,
    games: &str,
    lang: &str,
    width: u32,
) -> Result<(), String> {
    let shot = |step: &str| format!("test-output/browser/mistakes/{lang}-{width}-{step}.png");
    browser::open_fresh(client, base, lang, &[(STORE_KEY, games)], "/games/hex-blunder").await?;
    wait_js(
        client,
        "the whole analysis",
        "const r = document.querySelector('[data-testid=review]');
         return !!r && r.dataset.running === 'false' && r.dataset.total !== '0' && r.dataset.done === r.dataset.total;",
    )
    .await?;
    // The last move is Blue's win; one step back is the person's a7.
    tap_testid(client, "review-prev").await?;
    wait_present(client, "[data-testid=review-try-again]").await?;
    nothing_spills(client, "the review").await?;
    save_shot(client, repo, &shot("review")).await;
    tap_testid(client, "review-try-again").await?;
    wait_js(
        client,
        "the mistake's position",
        "const p = document.querySelector('[data-testid=mistake-prompt]');
         return !!p && p.dataset.id === 'hex-blunder.13' && p.dataset.phase === 'solving'
           && !!document.querySelector('[data-testid=puzzle-board] [data-cell=g1]');",
    )
    .await?;
    // The same move again: not yet, and it waits for tomorrow (other
    // mistakes of the game may still be due today).
    tap_cell(client, "a7").await?;
    if verdict(client).await? {
        return Err("a7 again was judged good".into());
    }
    let waiting = client
        .execute(
            "const d = JSON.parse(localStorage.getItem(arguments[0]));
             const m = d.mistakes.find(m => m.id === 'hex-blunder.13');
             const c = document.querySelector('[data-testid=mistakes-counts]');
             return [m.due - Math.floor(Date.now() / 86400000), m.found, m.tries, Number(c.dataset.later) >= 1];",
            vec![json!(DECK_KEY)],
        )
        .await
        .map_err(|e| e.to_string())?;
    if waiting != json!([1, 0, 1, true]) {
        return Err(format!(
            "after a miss the deck holds [days ahead, found, tries, counted later] = {waiting}"
        ));
    }
    nothing_spills(client, "the wrong try").await?;
    save_shot(client, repo, &shot("not-yet")).await;

    // A day passes: the deck's dates move back, as tomorrow would see them.
    client
        .execute(
            "const d = JSON.parse(localStorage.getItem(arguments[0]));
             for (const m of d.mistakes) m.due -= 1;
             localStorage.setItem(arguments[0], JSON.stringify(d));",
            vec![json!(DECK_KEY)],
        )
        .await
        .map_err(|e| e.to_string())?;
    client
        .goto(&format!("{base}/#/puzzles"))
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())?;
    wait_js(
        client,
        "the puzzles screen counting every mistake due",
        "const c = document.querySelector('[data-testid=mistakes-card]');
         const d = JSON.parse(localStorage.getItem('papan-mistakes-v1'));
         return !!c && Number(c.dataset.due) >= 1 && Number(c.dataset.due) === d.mistakes.length;",
    )
    .await?;
    save_shot(client, repo, &shot("puzzles")).await;
    tap_testid(client, "mistakes-card").await?;
    wait_js(
        client,
        "a due mistake",
        "const p = document.querySelector('[data-testid=mistake-prompt]');
         return !!p && p.dataset.id.startsWith('hex-blunder.') && p.dataset.phase === 'solving';",
    )
    .await?;
    client
        .goto(&format!("{base}/#/mistakes/hex-blunder.13"))
        .await
        .map_err(|e| e.to_string())?;
    wait_js(
        client,
        "the blunder's position again",
        "const p = document.querySelector('[data-testid=mistake-prompt]');
         return !!p && p.dataset.id === 'hex-blunder.13' && p.dataset.phase === 'solving';",
    )
    .await?;
    tap_cell(client, "g1").await?;
    if !verdict(client).await? {
        return Err("g1, the join, was not judged good".into());
    }
    nothing_spills(client, "the good try").await?;
    save_shot(client, repo, &shot("found")).await;
    let found = client
        .execute(
            "return JSON.parse(localStorage.getItem(arguments[0])).mistakes.find(m => m.id === 'hex-blunder.13').found",
            vec![json!(DECK_KEY)],
        )
        .await
        .map_err(|e| e.to_string())?;
    if found != json!(1) {
        return Err(format!("the deck did not count the good move: found = {found}"));
    }
    Ok(())
}
