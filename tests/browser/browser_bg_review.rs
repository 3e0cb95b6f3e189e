//! The backgammon review's error rates, marks and luck, and the dice page,
//! on a phone in real Chromium (issue 35, item 3), at 390×844 and 320×700
//! with touch: a finished game (the person played by the Beginner's moves
//! against the Expert bot) opened from the finished games; once the
//! analysis ends each side shows its error rate with gnubg's rating word,
//! its marks counted with their signs (?!, ?, ??) and its luck with a sign
//! and a word; the list marks the moves; the page is no wider than the
//! phone. The first look works the analysis out; every later one (each
//! language and size) opens on a device that kept it, and shows it whole
//! at once with the same figures and no search (the bots' worker is never
//! fetched). The dice page, opened from the review, counts the kept games'
//! rolls per kind of player against fair dice. Screenshots in en, id and
//! fil at both sizes (`test-output/browser/bg-review/<lang>-<width>-<screen>.png`).
//!
//! It drives the web build in `PAPAN_DIST_DIR` (else builds `dist/`) with
//! `PAPAN_CHROMEDRIVER` (else `/usr/bin/chromedriver`); a missing browser
//! or build is a failure, never a skip.

use crate::support;
use support::browser::{self, save_shot, start_driver, STEP_TIMEOUT};
use support::chrome::tap;

use fantoccini::{Client, Locator};
use papan::play::finished::{Finished, STORE_KEY};
use papan::play::Player;
use papan_bots::{Bot, Level};
use papan_rules::backgammon::Backgammon;
use papan_rules::{Game, Record, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// The analysis runs in the page's worker, well under a second a position.
const ANALYSIS_TIMEOUT: Duration = Duration::from_secs(180);

/// A whole seeded game: the first seat plays the Beginner's moves, the
/// second the Expert's.
fn bg_game() -> Record<Backgammon> {
    let mut record = Record::<Backgammon>::new(Default::default(), 35);
    let mut game = record.start().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let mut n = 0u64;
    while !game.is_over() {
        let mv = match game.turn() {
            Turn::Chance => game.sample_chance(&mut rng).unwrap(),
            Turn::Seat(seat) => {
                n += 1;
                let level = if seat == Seat::First {
                    Level::Beginner
                } else {
                    Level::Expert
                };
                Backgammon::decide(&game.view(seat), level, n).best.unwrap()
            }
            Turn::Over => break,
        };
        record.play(&mut game, mv).unwrap();
    }
    record
}

/// The game against the bot, and the same dice as an online game.
fn kept_games() -> Vec<Finished> {
    let record = bg_game();
    let outcome = record.replay().unwrap().outcome();
    let played = Finished::new(
        "bg-played".into(),
        &record,
        Seat::First,
        [Player::Human, Player::Bot(Level::Expert)],
        outcome,
        "offline",
    )
    .unwrap();
    let online = Finished {
        key: "bg-online".into(),
        players: [Player::Human, Player::Remote],
        origin: "online".into(),
        ..played.clone()
    };
    vec![played, online]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_backgammon_review_shows_error_rates_marks_and_luck_and_the_dice_page_on_phones() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let games = serde_json::to_string(&kept_games()).unwrap();
    // The first look works the review out; every later one opens on a
    // device that kept it.
    let mut kept = None;
    for (width, height) in [(390, 844), (320, 700)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let run = async {
            for lang in ["en", "id", "fil"] {
                review_in(&client, &base, &repo, &games, lang, width, &mut kept).await?;
            }
            Ok::<_, String>(())
        };
        let outcome = match tokio::time::timeout(Duration::from_secs(570), run).await {
            Ok(outcome) => outcome,
            Err(_) => Err(format!("the review at {width} px took more than 9.5 minutes")),
        };
        if outcome.is_err() {
            shot(&client, &repo, &format!("failure-{width}")).await;
        }
        let _ = client.close().await;
        outcome.unwrap_or_else(|e| panic!("{width}×{height}: {e}"));
    }
    drop(driver);
}

/// What the first look at the review left on the device, and its figures.
struct KeptReview {
    /// The review's store entry and the kept reviews' index.
    entry: String,
    index: String,
    /// Each side's error rate as shown.
    rates: Vec<f64>,
}

const REVIEW_ENTRY: &str = "papan-review-v1-bg-played";
const REVIEW_INDEX: &str = "papan-reviews-v1";

/// The whole analysis is on the page.
const ANALYSED_JS: &str = "const r = document.querySelector('[data-testid=review][data-game=backgammon]');
     return !!r && r.dataset.running === 'false' && r.dataset.total !== '0' && r.dataset.done === r.dataset.total;";

/// The files the page has fetched.
const FETCHED_JS: &str = "return performance.getEntriesByType('resource').map(e => e.name.split('/').pop())";

async fn review_in(
    client: &Client,
    base: &str,
    repo: &Path,
    games: &str,
    lang: &str,
    width: u32,
    kept: &mut Option<KeptReview>,
) -> Result<(), String> {
    match kept.as_ref() {
        None => {
            browser::open_fresh(client, base, lang, &[(STORE_KEY, games)], "/games/bg-played").await?;
            wait_js_for(client, "the whole analysis", ANALYSED_JS, ANALYSIS_TIMEOUT).await?;
        }
        Some(k) => {
            // A device that kept the review: it is whole at once, and no
            // search ran for it (the bots' worker was never fetched).
            let store = [(STORE_KEY, games), (REVIEW_ENTRY, &k.entry), (REVIEW_INDEX, &k.index)];
            browser::open_fresh(client, base, lang, &store, "/games/bg-played").await?;
            wait_js(client, "the kept review", ANALYSED_JS).await?;
            let fetched = js(client, FETCHED_JS).await?;
            let fetched: Vec<&str> = fetched
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            if fetched.iter().any(|f| f.contains("worker")) {
                return Err(format!("the kept review was searched again: {fetched:?}"));
            }
        }
    }
    // Each side: an error rate in millipoints with a rating word, its marks,
    // its luck with a sign and a word.
    let sides = js(
        client,
        "return Array.from(document.querySelectorAll('[data-testid=review-summary]')).map(s => {
           const rate = s.querySelector('[data-testid=review-error-rate]');
           const luck = s.querySelector('[data-testid=review-luck]');
           const marks = s.querySelector('[data-testid=review-marks]');
           return { rate: rate && rate.textContent, rating: rate && rate.dataset.rating,
                    luck: luck && luck.textContent, fortune: luck && luck.dataset.fortune,
                    marks: marks && marks.textContent };
         });",
    )
    .await?;
    let sides = sides.as_array().ok_or("no summaries")?.clone();
    if sides.len() != 2 {
        return Err(format!("two summaries expected: {sides:?}"));
    }
    let ratings = [
        "supernatural",
        "world-class",
        "expert",
        "advanced",
        "intermediate",
        "casual",
        "beginner",
        "awful",
    ];
    let mut rates = Vec::new();
    for side in &sides {
        let text = |k: &str| side[k].as_str().unwrap_or("").to_string();
        let rate = first_number(&text("rate")).ok_or_else(|| format!("no error rate: {side}"))?;
        if !text("rate").contains("mp") || !ratings.contains(&text("rating").as_str()) {
            return Err(format!("error rate without its rating word: {side}"));
        }
        let luck = text("luck");
        if !luck.contains("mp") || !luck.contains(['+', '-']) {
            return Err(format!("luck without a sign: {side}"));
        }
        if !["lucky", "even", "unlucky"].contains(&text("fortune").as_str()) {
            return Err(format!("luck without a word: {side}"));
        }
        rates.push(rate);
    }
    // The person (the Beginner's moves) errs more than the Expert, and
    // its marks carry their signs.
    if rates[0] <= rates[1] {
        return Err(format!("the Beginner's error rate is not the higher: {rates:?}"));
    }
    match kept.as_ref() {
        Some(k) if k.rates != rates => {
            return Err(format!(
                "the kept review reads {rates:?}, worked out it read {:?}",
                k.rates
            ));
        }
        Some(_) => {}
        None => {
            let stored = js(
                client,
                &format!("return [localStorage.getItem('{REVIEW_ENTRY}'), localStorage.getItem('{REVIEW_INDEX}')]"),
            )
            .await?;
            let (Some(entry), Some(index)) = (stored[0].as_str(), stored[1].as_str()) else {
                return Err(format!("the review was not kept: {stored}"));
            };
            println!("the kept review: {} bytes", entry.len());
            *kept = Some(KeptReview {
                entry: entry.to_string(),
                index: index.to_string(),
                rates: rates.clone(),
            });
        }
    }
    let marks = sides[0]["marks"].as_str().unwrap_or("");
    if !marks.contains('?') {
        return Err(format!("the Beginner's marks show no ?!, ? or ??: {marks:?}"));
    }
    let listed = js(
        client,
        "return Array.from(document.querySelectorAll('[data-testid=review-move]'))
           .filter(m => ['doubtful', 'bad', 'very-bad'].includes(m.dataset.mark))
           .map(m => [m.dataset.mark, m.querySelector('.review-mark').textContent]);",
    )
    .await?;
    let listed = listed.as_array().ok_or("no marks")?.clone();
    if listed.is_empty() {
        return Err("no move is marked doubtful, bad or very bad".into());
    }
    for entry in &listed {
        let sign = match entry[0].as_str() {
            Some("doubtful") => "?! ",
            Some("bad") => "? ",
            _ => "?? ",
        };
        if !entry[1].as_str().unwrap_or("").starts_with(sign) {
            return Err(format!("a mark without its sign: {entry}"));
        }
    }
    no_overflow(client, "the backgammon review").await?;
    client
        .execute(
            "document.querySelector('.review-summary').scrollIntoView({block: 'start'})",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    shot(client, repo, &format!("{lang}-{width}-review")).await;
    client
        .execute(
            "document.querySelector('[data-testid=review-move][data-mark=bad], [data-testid=review-move][data-mark=very-bad], [data-testid=review-move][data-mark=doubtful]').scrollIntoView({block: 'center'})",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    shot(client, repo, &format!("{lang}-{width}-marks")).await;

    // The dice page, from the review: the person's rolls in both games, the
    // bot's and the online player's, each against fair dice.
    tap_css(client, "[data-testid=review-dice-link]").await?;
    wait_js(
        client,
        "the dice page",
        "return !!document.querySelector('[data-testid=dice] [data-testid=dice-you]')",
    )
    .await?;
    let dice = js(
        client,
        "const card = id => { const c = document.querySelector('[data-testid=dice-' + id + ']');
           return c ? [Number(c.dataset.rolls), c.querySelectorAll('[data-testid=dice-row]').length,
                       c.querySelectorAll('[data-testid=dice-row] .dice-interval').length] : null; };
         return [document.querySelector('[data-testid=dice]').dataset.games,
                 card('you'), card('bots'), card('online'), card('guest'),
                 !!document.querySelector('[data-testid=dice-fairness] a[href*=B5]')];",
    )
    .await?;
    let rolls = |i: usize| dice[i][0].as_u64().unwrap_or(0);
    if dice[0] != json!("2") || dice[4] != Value::Null || dice[5] != json!(true) {
        return Err(format!("the dice page counts the wrong games: {dice}"));
    }
    if rolls(2) == 0 || rolls(2) != rolls(3) || rolls(1) < rolls(2) {
        return Err(format!("the bot's and the online player's rolls differ: {dice}"));
    }
    if dice[1][1] != json!(8) || dice[1][2] != json!(8) {
        return Err(format!("doubles, pips and six faces, each with an interval: {dice}"));
    }
    no_overflow(client, "the dice page").await?;
    shot(client, repo, &format!("{lang}-{width}-dice")).await;
    client
        .execute(
            "document.querySelector('[data-testid=dice-fairness]').scrollIntoView({block: 'end'})",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    shot(client, repo, &format!("{lang}-{width}-dice-end")).await;
    Ok(())
}

/// The first number in `text` ("error rate 12.3 mp…" → 12.3).
fn first_number(text: &str) -> Option<f64> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

async fn js(client: &Client, script: &str) -> Result<Value, String> {
    client
        .execute(script, vec![])
        .await
        .map_err(|e| format!("{e}: {script}"))
}

async fn wait_js(client: &Client, what: &str, script: &str) -> Result<(), String> {
    wait_js_for(client, what, script, STEP_TIMEOUT).await
}

async fn wait_js_for(client: &Client, what: &str, script: &str, limit: Duration) -> Result<(), String> {
    let deadline = Instant::now() + limit;
    loop {
        if let Ok(value) = client.execute(script, vec![]).await {
            if value == json!(true) {
                return Ok(());
            }
        }
        if Instant::now() > deadline {
            return Err(format!("no {what} within {limit:?}"));
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// Scrolls `css` into view, then taps it.
async fn tap_css(client: &Client, css: &str) -> Result<(), String> {
    wait_js(client, css, &format!("return !!document.querySelector('{css}')")).await?;
    client
        .execute(
            &format!("document.querySelector('{css}').scrollIntoView({{block: 'center'}})"),
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let element = client
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?;
    tap(client, &element).await
}

async fn no_overflow(client: &Client, what: &str) -> Result<(), String> {
    let wide = js(
        client,
        "return Array.from(document.querySelectorAll('body *'))
           .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 1 || r.left < -1); })
           .map(e => (e.getAttribute('data-testid') || e.className.baseVal || e.className || e.tagName) + '').slice(0, 5);",
    )
    .await?;
    if wide.as_array().is_some_and(|a| !a.is_empty()) {
        return Err(format!("{what} is wider than the phone: {wide}"));
    }
    Ok(())
}

async fn shot(client: &Client, repo: &Path, name: &str) {
    save_shot(client, repo, &format!("test-output/browser/bg-review/{name}.png")).await;
}
