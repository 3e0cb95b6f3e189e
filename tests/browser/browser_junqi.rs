//! Real-browser end-to-end test: a whole Jun Qi flip game against the Beginner bot,
//! played only by touch taps in headless Chromium emulating a 390×844 phone, from the
//! home screen to the result banner, with a screenshot of the finished game.
//!
//! It drives the web build in `dist/` (`PAPAN_DIST_DIR`, else `<repo>/dist`, built here
//! through `cargo xtask build-web` when absent) with `/usr/bin/chromedriver`
//! (`PAPAN_CHROMEDRIVER`). A missing browser or build is a FAILURE, never a skip.
//!
//! The plan plays purposefully so games stay short: attack when a green attack target
//! exists, else reveal a face-down piece, else move (the J19 quiet draw ends idle games).
//! On the way it checks that tapping an enemy piece first explains itself in a toast, and
//! that the piece-statistics panel opens and closes.
//!
//! DOM contract: `data-testid` on home/setup buttons, `<svg data-testid="junqi-board">`
//! with `data-status`, `data-turn`, `data-ply`, `data-last-pointer`; posts
//! `<g data-post="c3">` with class `facedown|red|blue|empty` plus `movable`, `can-attack`,
//! `selected`, `target`, `attack`; `toast`, `junqi-stats-button`, `junqi-stats`, `result-banner`.

use crate::support;
use support::browser::{
    self, close_or_fail, find_testid, start_driver, take_shot, tap_post, tap_testid, Lcg, STEP_TIMEOUT,
};
use support::review;

use fantoccini::{Client, Locator};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The whole game, taps and bot replies included (not its review).
const GAME_TIMEOUT: Duration = Duration::from_secs(170);
/// Far more person actions than a game played this way needs (25 reveals, then
/// fights and at most 30 quiet moves between two fights).
const MAX_HUMAN_ACTIONS: usize = 400;
/// Mid-game, the page is reloaded once and must come back to the same position.
const RELOAD_AFTER_ACTIONS: usize = 5;
const SCREENSHOT: &str = "test-output/browser/junqi-finished.png";
const FAILURE_SCREENSHOT: &str = "test-output/browser/junqi-failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junqi_full_game_vs_beginner_by_touch_in_phone_chromium() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    // A failure picture from an earlier run must not pass for this run's.
    let _ = std::fs::remove_file(repo.join(FAILURE_SCREENSHOT));

    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(GAME_TIMEOUT, play_full_game(&client, &base)).await;
    let outcome = match outcome {
        Ok(result) => result,
        Err(_) => Err(format!("the whole game took more than {GAME_TIMEOUT:?}")),
    };
    // The review has limits of its own (each position, the whole analysis):
    // a long game's review must not eat into the game's.
    let outcome = match outcome {
        Ok(shot) => review::check_review(&client, &base, "junqi", "test-output/browser/review-junqi.png")
            .await
            .map(|()| shot),
        Err(e) => Err(e),
    };
    let shot = close_or_fail(client, &repo, FAILURE_SCREENSHOT, outcome).await;
    drop(driver);
    println!("finished-game screenshot: {}", shot.display());
}

async fn play_full_game(client: &Client, base: &str) -> Result<PathBuf, String> {
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    tap_testid(client, "play-junqi").await?;
    tap_testid(client, "opponent-beginner").await?;
    snapshot(client, "test-output/browser/junqi-setup.png").await?;
    tap_testid(client, "start-game").await?;

    let mut board = wait_for_board(client, "the board to appear", |_| true).await?;
    let mut rng = Lcg(0x6a75_6e71);
    let mut actions = 0;
    let mut explained_enemy_tap = false;
    let mut opened_stats = false;
    let mut reloaded = false;
    // The board must not move while notices come and go (issue 14, layout).
    let (mut highest, mut lowest) = (board.top, board.top);
    while board.status != "over" {
        highest = highest.min(board.top);
        lowest = lowest.max(board.top);
        if board.turn != "human" {
            board = wait_for_board(client, "the bot's reply", |b| b.status == "over" || b.turn == "human").await?;
            continue;
        }
        if actions == MAX_HUMAN_ACTIONS {
            return Err(format!("still playing after {MAX_HUMAN_ACTIONS} person actions"));
        }
        if !reloaded && actions == RELOAD_AFTER_ACTIONS {
            board = reload_resumes(client, &board).await?;
            reloaded = true;
            continue;
        }
        if !opened_stats && actions == 12 {
            check_stats_panel(client).await?;
            opened_stats = true;
        }
        let mover = board.with_class("movable");
        let own = mover.first().and_then(|p| board.colour_of(p));
        let enemy = own.map(|c| if c == "red" { "blue" } else { "red" });
        if let (false, Some(enemy)) = (explained_enemy_tap, enemy) {
            if let Some(target) = board.with_class(enemy).first().cloned() {
                check_enemy_tap_explains(client, &target).await?;
                explained_enemy_tap = true;
            }
        }
        let ply = board.ply;
        let acted = try_attack(client, &board, &mut rng).await?;
        if !acted {
            let face_down = board.with_class("facedown");
            if !face_down.is_empty() {
                let post = face_down[rng.pick(face_down.len())].clone();
                tap_post(client, &post).await?;
            } else if !mover.is_empty() {
                let from = mover[rng.pick(mover.len())].clone();
                tap_post(client, &from).await?;
                let selected = wait_for_board(client, "green targets", |b| !b.with_class("target").is_empty()).await?;
                let targets = selected.with_class("target");
                tap_post(client, &targets[rng.pick(targets.len())]).await?;
            } else {
                return Err("our turn, but nothing to reveal and no movable piece".into());
            }
        }
        actions += 1;
        board = wait_for_board(client, "our action to land", |b| b.status == "over" || b.ply > ply)
            .await
            .map_err(|e| format!("action {actions} did not play: {e}"))?;
    }

    if lowest - highest > 1.0 {
        return Err(format!(
            "the board moved between {highest} and {lowest} px from the top during play"
        ));
    }
    // The banner may slide in: wait until it is really shown.
    let banner = find_testid(client, "result-banner").await?;
    let deadline = Instant::now() + STEP_TIMEOUT;
    while !banner.is_displayed().await.map_err(|e| e.to_string())? {
        if Instant::now() > deadline {
            return Err("result banner exists but is not visible".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let winner = banner
        .attr("data-winner")
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if !["human", "bot", "draw"].contains(&winner.as_str()) {
        return Err(format!("result banner has data-winner={winner:?}"));
    }
    let reason = client
        .find(Locator::Css("[data-testid=\"result-reason\"]"))
        .await
        .map_err(|e| format!("no result reason: {e}"))?
        .text()
        .await
        .map_err(|e| e.to_string())?;
    if reason.trim().is_empty() {
        return Err("result banner gives no reason".into());
    }
    if board.last_pointer.as_deref() != Some("touch") {
        return Err(format!("the board saw {:?} input, not touch", board.last_pointer));
    }
    if !explained_enemy_tap || !opened_stats {
        return Err(format!(
            "game ended before the side checks ran (enemy tap: {explained_enemy_tap}, stats: {opened_stats})"
        ));
    }
    println!(
        "game over after {actions} person actions, {} plies: winner {winner:?}, reason {:?}",
        board.ply,
        reason.trim()
    );
    let shot = take_shot(client, SCREENSHOT).await?;
    Ok(shot)
}

/// Reloads the play route: the saved game must come back post for post, still waiting
/// for the person.
async fn reload_resumes(client: &Client, before: &Board) -> Result<Board, String> {
    let url = client.current_url().await.map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| format!("reloading {url}: {e}"))?;
    let after = wait_for_board(client, "the saved game after a reload", |b| {
        b.ply == before.ply && b.turn == "human" && b.posts.len() == 60
    })
    .await?;
    for (name, classes) in &before.posts {
        for state in ["facedown", "red", "blue", "empty"] {
            if classes.iter().any(|c| c == state) && !after.has(name, state) {
                return Err(format!("after reloading {url}, post {name} is no longer {state}"));
            }
        }
    }
    println!("reload on {url} resumed the game at ply {}", after.ply);
    Ok(after)
}

/// Attacks with a piece the board marks `can-attack`: select it, then tap one of its
/// green attack targets. Returns whether an attack was played.
async fn try_attack(client: &Client, board: &Board, rng: &mut Lcg) -> Result<bool, String> {
    let attackers = board.with_class("can-attack");
    if attackers.is_empty() {
        return Ok(false);
    }
    let from = attackers[rng.pick(attackers.len())].clone();
    tap_post(client, &from).await?;
    let selected = wait_for_board(client, "attack targets", |b| {
        b.has(&from, "selected") && !b.with_class("attack").is_empty()
    })
    .await
    .map_err(|e| format!("{from} is marked can-attack but shows no attack target: {e}"))?;
    let targets = selected.with_class("attack");
    tap_post(client, &targets[rng.pick(targets.len())]).await?;
    Ok(true)
}

/// Tapping an enemy piece with nothing selected changes nothing and says why.
async fn check_enemy_tap_explains(client: &Client, post: &str) -> Result<(), String> {
    let before = read_board(client).await?.ok_or("no board")?;
    tap_post(client, post).await?;
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        if let Ok(toast) = client.find(Locator::Css("[data-testid=\"toast\"]")).await {
            let text = toast.text().await.map_err(|e| e.to_string())?;
            if !text.trim().is_empty() {
                break;
            }
        }
        if Instant::now() > deadline {
            return Err(format!("tapping enemy piece {post} showed no toast"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let after = read_board(client).await?.ok_or("no board")?;
    if after.ply != before.ply || !after.with_class("selected").is_empty() {
        return Err(format!("tapping enemy piece {post} changed the game"));
    }
    Ok(())
}

async fn check_stats_panel(client: &Client) -> Result<(), String> {
    snapshot(client, "test-output/browser/junqi-midgame.png").await?;
    tap_testid(client, "junqi-stats-button").await?;
    let panel = find_testid(client, "junqi-stats").await?;
    snapshot(client, "test-output/browser/junqi-stats.png").await?;
    let rows = panel
        .find_all(Locator::Css("[data-kind]"))
        .await
        .map_err(|e| e.to_string())?;
    if rows.len() != 12 {
        return Err(format!("statistics panel lists {} kinds, not 12", rows.len()));
    }
    tap_testid(client, "junqi-stats-close").await?;
    let deadline = Instant::now() + STEP_TIMEOUT;
    while client.find(Locator::Css("[data-testid=\"junqi-stats\"]")).await.is_ok() {
        if Instant::now() > deadline {
            return Err("statistics panel did not close".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// What the test reads from the board's DOM in one round trip.
#[derive(Debug)]
struct Board {
    status: String,
    turn: String,
    ply: u64,
    last_pointer: Option<String>,
    /// Where the board starts on the screen (CSS px from the top).
    top: f64,
    /// (post name, class tokens)
    posts: Vec<(String, Vec<String>)>,
}

impl Board {
    fn with_class(&self, class: &str) -> Vec<String> {
        self.posts
            .iter()
            .filter(|(_, classes)| classes.iter().any(|c| c == class))
            .map(|(name, _)| name.clone())
            .collect()
    }

    fn has(&self, post: &str, class: &str) -> bool {
        self.posts
            .iter()
            .any(|(name, classes)| name == post && classes.iter().any(|c| c == class))
    }

    fn colour_of(&self, post: &str) -> Option<&'static str> {
        ["red", "blue"].into_iter().find(|c| self.has(post, c))
    }
}

const READ_BOARD_JS: &str = r#"
const b = document.querySelector('[data-testid="junqi-board"]');
if (!b) return null;
const posts = Array.from(b.querySelectorAll('[data-post]'))
  .map(p => [p.getAttribute('data-post'), p.getAttribute('class') || '']);
return {
  status: b.getAttribute('data-status'),
  turn: b.getAttribute('data-turn'),
  ply: b.getAttribute('data-ply'),
  lastPointer: b.getAttribute('data-last-pointer'),
  top: b.getBoundingClientRect().top,
  posts: posts,
};
"#;

async fn read_board(client: &Client) -> Result<Option<Board>, String> {
    let value = client
        .execute(READ_BOARD_JS, vec![])
        .await
        .map_err(|e| format!("reading the board: {e}"))?;
    if value.is_null() {
        return Ok(None);
    }
    let text = |key: &str| value.get(key).and_then(Value::as_str).unwrap_or("").to_string();
    let posts = value
        .get("posts")
        .and_then(Value::as_array)
        .map(|posts| {
            posts
                .iter()
                .filter_map(|pair| {
                    let name = pair.get(0)?.as_str()?.to_string();
                    let classes = pair.get(1)?.as_str()?.split_whitespace().map(str::to_string).collect();
                    Some((name, classes))
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Some(Board {
        status: text("status"),
        turn: text("turn"),
        ply: text("ply").parse().unwrap_or(0),
        last_pointer: value.get("lastPointer").and_then(Value::as_str).map(str::to_string),
        top: value.get("top").and_then(Value::as_f64).unwrap_or(f64::NAN),
        posts,
    }))
}

/// Polls the board until `done` holds, or fails after [`STEP_TIMEOUT`] saying what it saw.
async fn wait_for_board(client: &Client, what: &str, done: impl Fn(&Board) -> bool) -> Result<Board, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    let mut last = None;
    loop {
        if let Some(board) = read_board(client).await? {
            if done(&board) {
                return Ok(board);
            }
            last = Some(format!(
                "status={} turn={} ply={} posts={}",
                board.status,
                board.turn,
                board.ply,
                board.posts.len()
            ));
        }
        if Instant::now() > deadline {
            let seen = last.unwrap_or_else(|| "no [data-testid=junqi-board] on the page".into());
            return Err(format!("waited {STEP_TIMEOUT:?} for {what}; last seen: {seen}"));
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// A screenshot of the page now, for people to look at (not compared).
async fn snapshot(client: &Client, relative: &str) -> Result<(), String> {
    take_shot(client, relative).await.map(|_| ())
}
