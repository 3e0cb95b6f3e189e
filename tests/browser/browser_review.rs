//! The review on a phone in real Chromium (issue 33, item 5), at 390×844
//! and 320×700 with touch: a finished game opened from the list of
//! finished games; a move tapped low in the list shows on a board that is
//! still on screen; ◀ ▶ and the arrow keys step, the list keeping the
//! current move in view; the graph's dots lie inside its picture; Jun Qi's
//! review turns face-down pieces over only when asked. Screenshots of the
//! review and of the list in en, id and fil at both sizes
//! (`test-output/browser/review/<lang>-<width>-<screen>.png`).
//!
//! It drives the web build in `PAPAN_DIST_DIR` (else builds `dist/`) with
//! `PAPAN_CHROMEDRIVER` (else `/usr/bin/chromedriver`); a missing browser
//! or build is a failure, never a skip.

use crate::support;
use support::browser::{self, save_shot, start_driver, STEP_TIMEOUT};
use support::chrome::key::{END, HOME, LEFT, RIGHT};
use support::chrome::{press, tap};

use fantoccini::{Client, Locator};
use papan::play::finished::{import, Finished, STORE_KEY};
use papan::play::Player;
use papan_bots::Level;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::junqi::JunQi;
use papan_rules::{EndReason, Game, Outcome, Record, Seat};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// The analysis runs in the page, under a second a position.
const ANALYSIS_TIMEOUT: Duration = Duration::from_secs(150);

/// A 9×9 Hex game the person (Red) wins down the e-file while Blue wastes
/// its moves along the first row: 17 moves, Blue's errors on the graph.
fn hex_game() -> Record<Hex> {
    let mut record = Record::<Hex>::new(HexOptions { size: 9, swap: false }, 0);
    let mut game = record.start().unwrap();
    let blue = ["a1", "b1", "c1", "d1", "f1", "g1", "h1", "i1"];
    for i in 0..9 {
        let red = format!("e{}", i + 1);
        for text in std::iter::once(red.as_str()).chain(blue.get(i).copied()) {
            if game.is_over() {
                break;
            }
            let mv = game.parse_move(text).unwrap();
            record.play(&mut game, mv).unwrap();
        }
    }
    assert!(game.is_over());
    record
}

fn junqi_game() -> Record<JunQi> {
    let mut record = Record::<JunQi>::new(Default::default(), 21);
    let mut game = record.start().unwrap();
    for _ in 0..8 {
        let action = game.legal_moves()[0];
        record.play(&mut game, action).unwrap();
    }
    record
}

/// The kept games: the Hex game against the Beginner (newest), a Jun Qi game
/// the bot won on time, an import with names, an unfinished import, and a
/// game kept before dates were.
fn kept_games() -> Vec<Finished> {
    let day = 86_400_000;
    let march_12 = 1_741_788_300_000;
    let hex = hex_game();
    let outcome = hex.replay().unwrap().outcome();
    let mut played = Finished::new(
        "hex-played".into(),
        &hex,
        Seat::First,
        [Player::Human, Player::Bot(Level::Beginner)],
        outcome,
        "offline",
    )
    .unwrap();
    played.at = Some(march_12 + 2 * day);
    let mut junqi = Finished::new(
        "junqi-played".into(),
        &junqi_game(),
        Seat::First,
        [Player::Human, Player::Bot(Level::Normal)],
        Some(Outcome {
            winner: Some(Seat::Second),
            points: 1,
            reason: EndReason::Timeout,
        }),
        "offline",
    )
    .unwrap();
    junqi.at = Some(march_12 + day);
    let mut named = import::<Hex>(
        "(;FF[4]GM[11]SZ[7]PB[Siti Rahayu]PW[Juan dela Cruz];B[d1];W[a1];B[d2];W[b1];B[d3];W[c1];B[d4];W[e1];B[d5];W[f1];B[d6];W[g1];B[d7])",
    )
    .unwrap();
    named.at = Some(march_12);
    let mut open = import::<Hex>("(;FF[4]GM[11]SZ[7];B[d4];W[c5];B[e3])").unwrap();
    open.at = Some(march_12);
    let mut old = Finished::new(
        "old".into(),
        &Record::<Hex>::new(HexOptions { size: 7, swap: false }, 0),
        Seat::First,
        [Player::Human; 2],
        None,
        "offline",
    )
    .unwrap();
    old.outcome = Some(Outcome {
        winner: Some(Seat::First),
        points: 1,
        reason: EndReason::Resignation,
    });
    vec![played, junqi, named, open, old]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_keeps_the_board_in_view_steps_and_draws_its_graph_inside_on_phones() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let games = serde_json::to_string(&kept_games()).unwrap();
    for (width, height) in [(390, 844), (320, 700)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let run = async {
            for lang in ["id", "en", "fil"] {
                review_in(&client, &base, &repo, &games, lang, width).await?;
            }
            Ok::<_, String>(())
        };
        let outcome = match tokio::time::timeout(Duration::from_secs(540), run).await {
            Ok(outcome) => outcome,
            Err(_) => Err(format!("the review at {width} px took more than 9 minutes")),
        };
        if outcome.is_err() {
            shot(&client, &repo, &format!("failure-{width}")).await;
        }
        let _ = client.close().await;
        outcome.unwrap_or_else(|e| panic!("{width}×{height}: {e}"));
    }
    drop(driver);
}

async fn review_in(
    client: &Client,
    base: &str,
    repo: &Path,
    games: &str,
    lang: &str,
    width: u32,
) -> Result<(), String> {
    browser::open_fresh(client, base, lang, &[(STORE_KEY, games)], "/games").await?;
    wait_js(
        client,
        "the finished games",
        "return document.querySelectorAll('[data-testid=finished-game]').length === 5",
    )
    .await?;
    // The list: four finished games (one with no date), the unfinished
    // import apart; nothing wider than the phone.
    let list = js(
        client,
        "const ids = sel => Array.from(document.querySelectorAll(sel + ' [data-testid=finished-game]')).map(e => e.dataset.key);
         return [ids('[data-testid=finished-list]'), ids('[data-testid=unfinished-imports]'),
                 document.querySelectorAll('[data-testid=finished-date]').length,
                 document.documentElement.scrollWidth <= innerWidth];",
    )
    .await?;
    let open_key = kept_games()[3].key.clone();
    if list[0] != json!(["hex-played", "junqi-played", kept_games()[2].key.clone(), "old"])
        || list[1] != json!([open_key])
    {
        return Err(format!("the list groups games wrongly: {list}"));
    }
    if list[2] != json!(4) || list[3] != json!(true) {
        return Err(format!("dates or width wrong in the list: {list}"));
    }
    shot(client, repo, &format!("{lang}-{width}-finished")).await;

    // The Hex game's review.
    tap_css(client, "[data-testid=finished-game][data-key=hex-played]").await?;
    wait_js(
        client,
        "the review",
        "return !!document.querySelector('[data-testid=review][data-game=hex]')",
    )
    .await?;
    let moves = js(
        client,
        "return document.querySelectorAll('[data-testid=review-move]').length",
    )
    .await?;
    let moves = moves.as_u64().ok_or("no move count")? as usize;
    if moves != 17 {
        return Err(format!("{moves} moves listed, not 17"));
    }
    // From the start, tap a move low in the list: the board shows it, on screen.
    tap_css(client, "[data-testid=review-first]").await?;
    at_is(client, 0).await?;
    let low = moves - 2;
    let target = format!("[data-testid=review-move][data-plies=\"{low}\"]");
    client
        .execute(
            &format!("document.querySelector('{target}').scrollIntoView({{block: 'end'}})"),
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    tap_css_here(client, &target).await?;
    at_is(client, low).await?;
    board_in_view(client, "after tapping a move low in the list").await?;
    // ◀ and ▶ under the board, thumb-sized.
    let sizes = js(
        client,
        "return ['review-first', 'review-prev', 'review-next', 'review-last'].map(id => {
           const r = document.querySelector('[data-testid=' + id + ']').getBoundingClientRect();
           return Math.min(r.width, r.height) >= 43.5 && r.top >= 0 && r.bottom <= innerHeight; });",
    )
    .await?;
    if sizes != json!([true, true, true, true]) {
        return Err(format!("step buttons under 44 px or off screen: {sizes}"));
    }
    tap_css_here(client, "[data-testid=review-prev]").await?;
    at_is(client, low - 1).await?;
    tap_css_here(client, "[data-testid=review-next]").await?;
    tap_css_here(client, "[data-testid=review-next]").await?;
    at_is(client, low + 1).await?;
    board_in_view(client, "after the step buttons").await?;
    // The arrow keys step too; Home and End go to either end, and the list
    // brings the current move into view.
    press(client, &[LEFT, LEFT, LEFT]).await?;
    at_is(client, low - 2).await?;
    press(client, &[HOME, RIGHT]).await?;
    at_is(client, 1).await?;
    current_move_in_view(client).await?;
    press(client, &[END]).await?;
    at_is(client, moves).await?;
    current_move_in_view(client).await?;
    board_in_view(client, "after the keys").await?;

    // The graph, once judged: axes, title, and every dot inside its picture.
    wait_js_for(
        client,
        "the analysis",
        "return document.querySelector('[data-testid=review]').dataset.running === 'false'",
        ANALYSIS_TIMEOUT,
    )
    .await?;
    let graph = js(
        client,
        "const svg = document.querySelector('[data-testid=review-graph-svg]');
         svg.scrollIntoView({block: 'center'});
         const box = svg.getBoundingClientRect();
         const dots = Array.from(svg.querySelectorAll('[data-testid=graph-dot]')).map(d => d.getBoundingClientRect());
         const outside = dots.filter(d => d.left < box.left - 0.5 || d.right > box.right + 0.5 || d.top < box.top - 0.5 || d.bottom > box.bottom + 0.5);
         const labels = Array.from(svg.querySelectorAll('.graph-label')).map(t => t.textContent);
         const small = Array.from(svg.querySelectorAll('.graph-label')).filter(t => t.getBoundingClientRect().height < 9).length;
         return [dots.length, outside.length, labels, small, !!document.querySelector('[data-testid=review-graph-title]').textContent];",
    )
    .await?;
    if graph[0].as_u64().unwrap_or(0) == 0 {
        return Err(format!(
            "no error dot on the graph of a game full of Blue's errors: {graph}"
        ));
    }
    if graph[1] != json!(0) {
        return Err(format!("dots outside the graph: {graph}"));
    }
    let labels: Vec<String> = serde_json::from_value(graph[2].clone()).unwrap_or_default();
    for want in ["0%", "50%", "100%", "5", "10"] {
        if !labels.iter().any(|l| l == want) {
            return Err(format!("the graph has no {want:?} label: {labels:?}"));
        }
    }
    if graph[3] != json!(0) || graph[4] != json!(true) {
        return Err(format!("graph labels too small or no title: {graph}"));
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    shot(client, repo, &format!("{lang}-{width}-graph")).await;
    // The worst mistake, its better move drawn: the picture to look at.
    tap_css(client, "[data-testid=review-worst]").await?;
    wait_js(
        client,
        "the better move",
        "return !!document.querySelector('.review-board .hint')",
    )
    .await?;
    board_in_view(client, "after the worst mistake").await?;
    client
        .execute(
            "document.querySelector('[data-testid=review-move][aria-current=true]').scrollIntoView({block: 'nearest'})",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    shot(client, repo, &format!("{lang}-{width}-review")).await;
    no_overflow(client, "the review").await?;

    // Jun Qi: what the person knew (face-down pieces down), then everything.
    client
        .goto(&format!("{base}/#/games/junqi-played"))
        .await
        .map_err(|e| e.to_string())?;
    wait_js(
        client,
        "the Jun Qi review",
        "return !!document.querySelector('[data-testid=review][data-game=junqi] .junqi-board')",
    )
    .await?;
    let hidden = js(
        client,
        "return document.querySelectorAll('.review-board .post.facedown').length",
    )
    .await?;
    if hidden.as_u64().unwrap_or(0) < 40 {
        return Err(format!(
            "the Jun Qi review shows the layout by default: {hidden} face down"
        ));
    }
    shot(client, repo, &format!("{lang}-{width}-junqi")).await;
    // The analysis's progress bar goes when it ends, and what is under it
    // moves up: tap the switch once it stands still.
    wait_js(
        client,
        "the Jun Qi analysis finished",
        "return !document.querySelector('[data-testid=review-progress]')",
    )
    .await?;
    tap_css(client, "[data-testid=review-view-all]").await?;
    wait_js(
        client,
        "every piece turned over",
        "return document.querySelectorAll('.review-board .post.facedown').length === 0",
    )
    .await?;
    tap_css(client, "[data-testid=review-view-seat]").await?;
    wait_js(
        client,
        "the face-down pieces back",
        "return document.querySelectorAll('.review-board .post.facedown').length > 40",
    )
    .await?;
    no_overflow(client, "the Jun Qi review").await?;
    Ok(())
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
    tap_css_here(client, css).await
}

/// Taps `css` where it is.
async fn tap_css_here(client: &Client, css: &str) -> Result<(), String> {
    let element = client
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?;
    tap(client, &element).await
}

async fn at_is(client: &Client, want: usize) -> Result<(), String> {
    let script = format!(
        "const r = document.querySelector('[data-testid=review]');
         const stones = document.querySelectorAll('.review-board .cell.red, .review-board .cell.blue').length;
         const current = document.querySelector('[data-testid=review-move][aria-current=true]');
         return r.dataset.at === '{want}' && stones === {want}
           && ({want} === 0 ? !current : current && current.dataset.plies === '{want}');"
    );
    wait_js(client, &format!("the position after {want} moves"), &script).await
}

async fn board_in_view(client: &Client, when: &str) -> Result<(), String> {
    let seen = js(
        client,
        "const r = document.querySelector('.review-board').getBoundingClientRect();
         return [r.top, r.bottom, innerHeight, r.height];",
    )
    .await?;
    let n = |i: usize| seen[i].as_f64().unwrap_or(f64::NAN);
    if n(0) >= -0.5 && n(1) <= n(2) + 0.5 && n(3) > 100.0 {
        Ok(())
    } else {
        Err(format!(
            "{when}: the board is not in view (top, bottom, viewport, height) = {seen}"
        ))
    }
}

async fn current_move_in_view(client: &Client) -> Result<(), String> {
    let script = "const m = document.querySelector('[data-testid=review-move][aria-current=true]');
         const s = document.querySelector('[data-testid=review-scroll]').getBoundingClientRect();
         if (!m) return false;
         const r = m.getBoundingClientRect();
         return r.top >= s.top - 0.5 && r.bottom <= s.bottom + 0.5 && r.bottom <= innerHeight;";
    wait_js(client, "the current move in view in the list", script).await
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
    save_shot(client, repo, &format!("test-output/browser/review/{name}.png")).await;
}
