//! Real-browser end-to-end test: a whole HADANG game against the Beginner bot, played
//! only by touch taps in headless Chromium emulating a 390×844 phone, starting from the
//! home screen. The person places two walls with the wall input (Wall → a tap near a
//! groove crossing → Rotate → Place, or a tap on the preview): one horizontal, one
//! vertical. Then it walks the highlighted shortest path to rank 9. Mid-game the page
//! is reloaded and must resume the same position.
//!
//! Like the Hex browser test it drives the web build in `PAPAN_DIST_DIR` (else builds
//! `<repo>/dist` with `cargo xtask build-web`) with `/usr/bin/chromedriver`
//! (`PAPAN_CHROMEDRIVER`); a missing build or browser is a FAILURE, never a skip.
//!
//! DOM contract: `data-testid` hooks on home/setup buttons; `<svg data-testid=
//! "hadang-board">` with `data-status`, `data-turn`, `data-ply`, `data-last-pointer`;
//! cells `data-cell="e2"` with classes `target`, `pawn-p1`, `path-p1`…; in wall mode
//! (`data-mode="wall"`) crossing tap areas `data-crossing="e7"`; placed walls
//! `data-placed`, the preview `data-testid="ghost-wall"` with `data-ghost`, `data-legal`.

#[path = "support/chrome.rs"]
mod chrome;
#[path = "support/review.rs"]
mod review;
#[path = "support/static_server.rs"]
mod static_server;
#[path = "support/web.rs"]
mod web;
use web::{save, web_build};

use chrome::{tap, ChromeDriver};
use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const STEP_TIMEOUT: Duration = Duration::from_secs(30);
/// A pawn needs 8 steps on an open board; walls and the bot's detours add some.
const MAX_HUMAN_MOVES: usize = 60;
const RELOAD_AFTER_MOVES: usize = 3;
/// A wall across Player 2's file, far from the person's own route.
const WALL: &str = "e7h";
const SCREENSHOT: &str = "test-output/browser/hadang-finished.png";
const WALL_SCREENSHOT: &str = "test-output/browser/hadang-wall-preview.png";
const FAILURE_SCREENSHOT: &str = "test-output/browser/hadang-failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hadang_full_game_vs_beginner_by_touch_in_phone_chromium() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dist = web_build(&repo).unwrap_or_else(|e| panic!("web build unavailable: {e}"));
    let chromedriver = std::env::var_os("PAPAN_CHROMEDRIVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(chrome::DEFAULT_CHROMEDRIVER));
    let base = static_server::spawn(dist, 0).expect("serve dist/ on 127.0.0.1");
    let driver = ChromeDriver::start(&chromedriver).unwrap_or_else(|e| panic!("{e}"));
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(Duration::from_secs(330), play_full_game(&client, &base, &repo)).await;
    let outcome = match outcome {
        Ok(result) => result,
        Err(_) => Err("the whole game and its review took more than 330 s".into()),
    };
    if outcome.is_err() {
        if let Ok(png) = client.screenshot().await {
            if let Some(path) = save(&repo, FAILURE_SCREENSHOT, &png) {
                eprintln!("failure screenshot: {}", path.display());
            }
        }
    }
    let _ = client.close().await;
    drop(driver);
    match outcome {
        Ok(shot) => println!("finished-game screenshot: {}", shot.display()),
        Err(e) => panic!("{e}"),
    }
}

async fn play_full_game(client: &Client, base: &str, repo: &Path) -> Result<PathBuf, String> {
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    // A clean slate: no game left over from an earlier run in this profile.
    client
        .execute("localStorage.clear(); return null;", vec![])
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())?;
    tap_testid(client, "play-hadang").await?;
    for choice in ["opponent-beginner", "starts-me", "clock-none", "start-game"] {
        tap_testid(client, choice).await?;
    }
    wait_for_board(client, |b| b.ply == 0 && b.turn == "human").await?;

    // Move 1: a horizontal wall: Wall, a tap near its crossing, Rotate there and
    // back, then Place.
    let first = preview_wall(client, WALL).await?;
    if first.ply != 0 || first.placed.iter().any(|w| w == WALL) || !first.legal {
        return Err(format!("previewing {WALL} played something or was refused: {first:?}"));
    }
    let preview = read_attr(
        client,
        "[data-testid=\"player-opponent\"] [data-fact=\"path\"]",
        "data-value",
    )
    .await?;
    if !preview.contains('→') {
        return Err(format!(
            "the opponent's strip shows no path preview for {WALL}: {preview:?}"
        ));
    }
    let png = client.screenshot().await.map_err(|e| format!("screenshot: {e}"))?;
    save(repo, WALL_SCREENSHOT, &png);
    tap_testid(client, "wall-rotate").await?;
    wait_for_board(client, |b| b.ghost.as_deref() == Some("e7v")).await?;
    tap_testid(client, "wall-rotate").await?;
    wait_for_board(client, |b| b.ghost.as_deref() == Some(WALL)).await?;
    tap_testid(client, "wall-place").await?;
    wait_for_board(client, |b| {
        b.placed.iter().any(|w| w == WALL) && b.ghost.is_none() && b.mode == "play"
    })
    .await
    .map_err(|e| format!("Place did not place {WALL}: {e}"))?;
    let walls_left = read_attr(
        client,
        "[data-testid=\"player-me\"] [data-fact=\"walls\"]",
        "data-value",
    )
    .await?;
    if walls_left != "9" {
        return Err(format!(
            "after one wall your strip shows {walls_left:?} walls left, not 9"
        ));
    }
    // Move 2: a vertical wall, placed by a tap on its preview. The bot's walls
    // may be in the way of one candidate, never of all three.
    wait_for_board(client, |b| b.turn == "human").await?;
    let mut vertical = None;
    for wall in ["a2v", "h6v", "b5v"] {
        let seen = preview_wall(client, wall).await?;
        if seen.legal {
            vertical = Some(wall);
            break;
        }
    }
    let vertical = vertical.ok_or("no vertical candidate wall was legal")?;
    tap_testid(client, "ghost-wall").await?;
    let mut board = wait_for_board(client, |b| b.placed.iter().any(|w| w == vertical) && b.ghost.is_none())
        .await
        .map_err(|e| format!("tapping the preview did not place {vertical}: {e}"))?;
    let mut human_moves = 2;
    let mut reloaded = false;

    while board.status != "over" {
        if board.turn != "human" {
            board = wait_for_board(client, |b| b.status == "over" || b.turn == "human").await?;
            continue;
        }
        if human_moves == RELOAD_AFTER_MOVES && !reloaded {
            board = reload_resumes(client, &board).await?;
            reloaded = true;
            continue;
        }
        if human_moves == MAX_HUMAN_MOVES {
            return Err(format!("still playing after {MAX_HUMAN_MOVES} human moves"));
        }
        let cell = choose_step(&board).ok_or("our turn, but no highlighted target cell")?;
        let target = client
            .find(Locator::Css(&format!(
                "[data-testid=\"hadang-board\"] [data-cell=\"{cell}\"]"
            )))
            .await
            .map_err(|e| format!("cell {cell}: {e}"))?;
        let ply = board.ply;
        tap(client, &target).await?;
        human_moves += 1;
        board = wait_for_board(client, |b| b.status == "over" || b.ply > ply)
            .await
            .map_err(|e| format!("a tap on target {cell} did not move the pawn: {e}"))?;
    }

    let banner = client
        .find(Locator::Css("[data-testid=\"result-banner\"]"))
        .await
        .map_err(|e| format!("game over but no result banner: {e}"))?;
    // The banner pops in (opacity animation): give it a moment to become visible.
    let deadline = Instant::now() + Duration::from_secs(5);
    while !banner.is_displayed().await.map_err(|e| e.to_string())? {
        if Instant::now() > deadline {
            return Err("result banner exists but is not visible".into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let winner = banner
        .attr("data-winner")
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    let reason = banner
        .attr("data-reason")
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if winner != "human" && winner != "bot" {
        return Err(format!("result banner names no winner (data-winner={winner:?})"));
    }
    if reason != "goalreached" {
        return Err(format!("the game ended by {reason:?}, not by reaching the goal"));
    }
    let text = banner.text().await.map_err(|e| e.to_string())?;
    if text.trim().is_empty() {
        return Err("result banner has no text".into());
    }
    if board.last_pointer.as_deref() != Some("touch") {
        return Err(format!("the board saw {:?} input, not touch", board.last_pointer));
    }
    println!(
        "game over after {human_moves} human moves ({} plies): winner {winner:?}, banner {:?}",
        board.ply,
        text.trim()
    );
    let png = client.screenshot().await.map_err(|e| format!("screenshot: {e}"))?;
    let shot = save(repo, SCREENSHOT, &png).ok_or_else(|| format!("could not write {SCREENSHOT}"))?;
    review::check_review(client, base, "hadang", "test-output/browser/review-hadang.png").await?;
    Ok(shot)
}

/// Reloads the play route: the saved game must come back wall for wall, pawn for pawn.
async fn reload_resumes(client: &Client, before: &Board) -> Result<Board, String> {
    let url = client.current_url().await.map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| format!("reloading {url}: {e}"))?;
    let (pawns, placed, ply) = (before.pawns(), before.placed.clone(), before.ply);
    let after = wait_for_board(client, |b| {
        b.pawns() == pawns && b.placed == placed && b.ply == ply && b.turn == "human"
    })
    .await
    .map_err(|e| format!("after reloading {url} the game did not resume at ply {ply}: {e}"))?;
    println!("reload on {url} resumed the game at ply {ply}");
    Ok(after)
}

/// Chooses `wall` with the wall input: Wall (unless already in wall mode), a
/// finger tap off-centre in its crossing's tap area (the nearest crossing is
/// meant), and Rotate when the crossing shows the other orientation.
async fn preview_wall(client: &Client, wall: &str) -> Result<Board, String> {
    let board = read_board(client).await?.ok_or("no board")?;
    if board.mode != "wall" {
        tap_testid(client, "wall-mode").await?;
        wait_for_board(client, |b| b.mode == "wall").await?;
    }
    let anchor = &wall[..2];
    let selector = format!("[data-testid=\"hadang-board\"] [data-crossing=\"{anchor}\"] .crossing-hit");
    let element = client
        .find(Locator::Css(&selector))
        .await
        .map_err(|e| format!("crossing {anchor}: {e}"))?;
    let (w, h) = element
        .rectangle()
        .await
        .map(|(_, _, w, h)| (w, h))
        .map_err(|e| e.to_string())?;
    // A fifth of the way towards a corner from the middle: not on the crossing itself.
    let finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveToElement {
            element: element.clone(),
            duration: None,
            x: w * 0.2,
            y: -h * 0.2,
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    client
        .perform_actions(finger)
        .await
        .map_err(|e| format!("touch tap on crossing {anchor} failed: {e}"))?;
    client.release_actions().await.map_err(|e| e.to_string())?;
    let board = wait_for_board(client, |b| b.ghost.as_deref().is_some_and(|g| g.starts_with(anchor)))
        .await
        .map_err(|e| format!("a tap near crossing {anchor} previewed nothing there: {e}"))?;
    if board.ghost.as_deref() == Some(wall) {
        return Ok(board);
    }
    tap_testid(client, "wall-rotate").await?;
    wait_for_board(client, |b| b.ghost.as_deref() == Some(wall))
        .await
        .map_err(|e| format!("Rotate did not turn the preview into {wall}: {e}"))
}

async fn tap_testid(client: &Client, testid: &str) -> Result<(), String> {
    let selector = format!("[data-testid=\"{testid}\"]");
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        match client.find(Locator::Css(&selector)).await {
            Ok(element) => {
                return tap(client, &element)
                    .await
                    .map_err(|e| format!("tapping {testid}: {e}"))
            }
            Err(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(100)).await,
            Err(e) => return Err(format!("no element {selector} within {STEP_TIMEOUT:?}: {e}")),
        }
    }
}

async fn read_attr(client: &Client, css: &str, name: &str) -> Result<String, String> {
    let element = client
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("no {css}: {e}"))?;
    element
        .attr(name)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{css} has no {name}"))
}

/// What the test reads from the board's DOM in one round trip.
#[derive(Debug)]
struct Board {
    status: String,
    turn: String,
    ply: usize,
    last_pointer: Option<String>,
    cells: Vec<(String, Vec<String>)>,
    placed: Vec<String>,
    ghost: Option<String>,
    /// The previewed wall is one the rules accept.
    legal: bool,
    /// `play` or `wall`.
    mode: String,
}

impl Board {
    fn with_class(&self, class: &str) -> Vec<&str> {
        self.cells
            .iter()
            .filter(|(_, classes)| classes.iter().any(|c| c == class))
            .map(|(name, _)| name.as_str())
            .collect()
    }

    fn pawns(&self) -> (Vec<String>, Vec<String>) {
        let own = |v: Vec<&str>| v.into_iter().map(str::to_string).collect();
        (own(self.with_class("pawn-p1")), own(self.with_class("pawn-p2")))
    }
}

/// The next cell of the person's (Player 1's) highlighted shortest path, else the
/// highlighted target nearest rank 9.
fn choose_step(board: &Board) -> Option<String> {
    let targets = board.with_class("target");
    let path = board.with_class("path-p1");
    let rank = |name: &str| name[1..].parse::<u8>().unwrap_or(0);
    targets
        .iter()
        .find(|t| path.contains(t))
        .or_else(|| targets.iter().max_by_key(|t| rank(t)))
        .map(|t| t.to_string())
}

const READ_BOARD_JS: &str = r#"
const b = document.querySelector('[data-testid="hadang-board"]');
if (!b) return null;
const ghost = b.querySelector('[data-testid="ghost-wall"]');
return {
  status: b.getAttribute('data-status'),
  turn: b.getAttribute('data-turn'),
  ply: b.getAttribute('data-ply'),
  lastPointer: b.getAttribute('data-last-pointer'),
  cells: Array.from(b.querySelectorAll('[data-cell]')).map(c => [c.getAttribute('data-cell'), c.getAttribute('class') || '']),
  placed: Array.from(b.querySelectorAll('[data-placed]')).map(w => w.getAttribute('data-placed')).sort(),
  ghost: ghost ? ghost.getAttribute('data-ghost') : null,
  legal: ghost ? ghost.getAttribute('data-legal') === 'true' : false,
  mode: b.getAttribute('data-mode'),
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
    let strings = |key: &str| -> Vec<String> {
        value
            .get(key)
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    };
    let cells = value
        .get("cells")
        .and_then(Value::as_array)
        .map(|cells| {
            cells
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
        ply: text("ply").parse().unwrap_or(usize::MAX),
        last_pointer: value.get("lastPointer").and_then(Value::as_str).map(str::to_string),
        cells,
        placed: strings("placed"),
        ghost: value.get("ghost").and_then(Value::as_str).map(str::to_string),
        legal: value.get("legal").and_then(Value::as_bool).unwrap_or(false),
        mode: text("mode"),
    }))
}

async fn wait_for_board(client: &Client, done: impl Fn(&Board) -> bool) -> Result<Board, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    let mut last = None;
    loop {
        if let Some(board) = read_board(client).await? {
            if done(&board) {
                return Ok(board);
            }
            last = Some(format!(
                "status={} turn={} ply={} ghost={:?} walls={:?}",
                board.status, board.turn, board.ply, board.ghost, board.placed
            ));
        }
        if Instant::now() > deadline {
            let seen = last.unwrap_or_else(|| "no [data-testid=hadang-board] on the page".into());
            return Err(format!(
                "board did not reach the expected state within {STEP_TIMEOUT:?}; last seen: {seen}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
