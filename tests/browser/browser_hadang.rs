//! Real-browser end-to-end test: a whole HADANG game against the Beginner bot, played
//! only by touch taps in headless Chromium emulating a 390×844 phone, starting from the
//! home screen. The person places two walls with the wall input (Wall → a tap near a
//! groove crossing → Rotate, or a tap on the preview, which turns it too → Place): one
//! horizontal, one vertical. Then it walks the highlighted shortest path to rank 9. Mid-game the page
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

use crate::support;
use support::browser::{self, close_or_fail, start_driver, take_shot, tap_testid, STEP_TIMEOUT};
use support::chrome::{key, press, tap};
use support::review;
use support::web::save;

use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(Duration::from_secs(330), play_full_game(&client, &base, &repo)).await;
    let outcome = match outcome {
        Ok(result) => result,
        Err(_) => Err("the whole game and its review took more than 330 s".into()),
    };
    let shot = close_or_fail(client, &repo, FAILURE_SCREENSHOT, outcome).await;
    drop(driver);
    println!("finished-game screenshot: {}", shot.display());
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
    // Move 2: a vertical wall. A tap on its preview turns it (it never places
    // it), a second one turns it back, then Place. The bot's walls may be in the
    // way of one candidate, never of all three.
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
    let ply = read_board(client).await?.ok_or("no board")?.ply;
    let across = format!("{}h", &vertical[..2]);
    tap_testid(client, "ghost-wall").await?;
    let turned = wait_for_board(client, |b| b.ghost.as_deref() == Some(across.as_str()) || b.ply != ply)
        .await
        .map_err(|e| format!("a tap on the preview {vertical} did not turn it: {e}"))?;
    if turned.ply != ply || turned.placed.iter().any(|w| w == vertical) {
        return Err(format!("a tap on the preview {vertical} played it: {turned:?}"));
    }
    tap_testid(client, "ghost-wall").await?;
    wait_for_board(client, |b| b.ghost.as_deref() == Some(vertical))
        .await
        .map_err(|e| format!("a second tap on the preview did not turn it back to {vertical}: {e}"))?;
    tap_testid(client, "wall-place").await?;
    let mut board = wait_for_board(client, |b| b.placed.iter().any(|w| w == vertical) && b.ghost.is_none())
        .await
        .map_err(|e| format!("Place did not place {vertical}: {e}"))?;
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
    let shot = take_shot(client, SCREENSHOT).await?;
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

/// Issue 33, a wall played by accident: in wall mode a second tap on the same
/// screen point (the previewed crossing, or the preview lying over it) turns
/// the preview and plays nothing, and the board does not move between the two
/// taps (the status line keeps its height however long the prompt), on a
/// 320×700 and a 390×844 touch phone; in Indonesian (the longest texts),
/// English and Filipino, with a screenshot of each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h11_a_second_tap_on_the_same_spot_turns_the_wall_and_the_board_stays_put() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    for (width, height) in [(320, 700), (390, 844)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let run = async {
            for lang in ["id", "en", "fil"] {
                open_in(&client, &base, lang, "/#/hadang").await?;
                for choice in ["opponent-beginner", "starts-me", "clock-none", "start-game"] {
                    tap_testid(&client, choice).await?;
                }
                wait_for_board(&client, |b| b.ply == 0 && b.turn == "human").await?;
                let what = format!("{lang} at {width}×{height}");
                let shot = format!("test-output/browser/hadang-wall-mode-{width}-{lang}.png");
                twice_on_one_spot(&client, &repo, &what, "c4", &shot).await?;
            }
            Ok::<_, String>(())
        };
        let outcome = tokio::time::timeout(Duration::from_secs(150), run)
            .await
            .unwrap_or_else(|_| Err(format!("the {width} px run took more than 150 s")));
        close_or_fail(
            client,
            &repo,
            &format!("test-output/browser/hadang-twice-{width}-failure.png"),
            outcome,
        )
        .await;
    }
}

/// The same in the walls lesson, where a second tap once submitted d8h: it
/// turns the preview, no try is judged and the board stays put.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h11_in_the_walls_lesson_a_second_tap_on_the_same_spot_turns_the_wall() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    for (width, height) in [(320, 700), (390, 844)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let run = async {
            open_in(&client, &base, "id", "/#/learn/hadang/hadang-walls").await?;
            wait_for_board(&client, |b| b.ply == 0 && b.turn == "human").await?;
            let what = format!("the walls lesson at {width}×{height}");
            let shot = format!("test-output/browser/hadang-lesson-wall-{width}-id.png");
            twice_on_one_spot(&client, &repo, &what, "d8", &shot).await?;
            let judged = client
                .execute(
                    "const f = document.querySelector('[data-testid=\"lesson-feedback\"]'); \
                     const n = document.querySelector('[data-testid=\"next\"]'); \
                     return [f ? f.textContent : null, !!n && !n.disabled, \
                       document.querySelector('[data-testid=\"lesson-screen\"]').dataset.step];",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            if judged != serde_json::json!([null, false, "0"]) {
                return Err(format!("{what}: the second tap was taken as a try: {judged}"));
            }
            Ok::<_, String>(())
        };
        let outcome = tokio::time::timeout(Duration::from_secs(90), run)
            .await
            .unwrap_or_else(|_| Err(format!("the {width} px lesson took more than 90 s")));
        close_or_fail(
            client,
            &repo,
            &format!("test-output/browser/hadang-lesson-twice-{width}-failure.png"),
            outcome,
        )
        .await;
    }
}

/// Issue 33: Wall pressed by keyboard gives way to Cancel; focus goes to the
/// board's crossings, not to the page, and after Place back to its cells.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_focus_stays_in_the_board_after_wall_and_place() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let focused = "const a = document.activeElement; \
                   const inBoard = !!a && !!a.closest('[data-testid=\"hadang-board\"]'); \
                   return [a ? a.tagName : null, inBoard, a && a.dataset ? (a.dataset.crossing || a.dataset.cell || a.dataset.testid || null) : null];";
    let run = async {
        open_in(&client, &base, "en", "/#/hadang").await?;
        for choice in ["opponent-human", "clock-none", "start-game"] {
            tap_testid(&client, choice).await?;
        }
        wait_for_board(&client, |b| b.ply == 0).await?;
        // Tab to Wall, then Enter.
        tab_to(&client, focused, "wall-mode").await?;
        press(&client, &[key::ENTER]).await?;
        wait_for_board(&client, |b| b.mode == "wall").await?;
        let at = wait_focus(&client, focused, |v| v[1] == true).await?;
        if at[0] != "g" || at[2].as_str().is_none_or(|c| c.len() != 2) {
            return Err(format!("after Wall by keyboard, focus is on {at}, not a crossing"));
        }
        // Enter shows a wall there; Tab to Place and Enter plays it.
        press(&client, &[key::ENTER]).await?;
        wait_for_board(&client, |b| b.ghost.is_some()).await?;
        tab_to(&client, focused, "wall-place").await?;
        press(&client, &[key::ENTER]).await?;
        wait_for_board(&client, |b| b.ply == 1 && b.mode == "play").await?;
        let at = wait_focus(&client, focused, |v| v[1] == true).await?;
        if at[0] != "rect" {
            return Err(format!("after Place by keyboard, focus is on {at}, not a cell"));
        }
        Ok::<_, String>(())
    };
    let outcome = tokio::time::timeout(Duration::from_secs(90), run)
        .await
        .unwrap_or_else(|_| Err("the keyboard check took more than 90 s".into()));
    close_or_fail(
        client,
        &repo,
        "test-output/browser/hadang-keyboard-focus-failure.png",
        outcome,
    )
    .await;
}

/// A fresh device in language `lang` (nothing saved), at `route`.
async fn open_in(client: &Client, base: &str, lang: &str, route: &str) -> Result<(), String> {
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    client
        .execute(
            &format!("localStorage.clear(); localStorage.setItem('settings', JSON.stringify({{lang: '{lang}'}})); return null;"),
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    client
        .goto(&format!("{base}{route}"))
        .await
        .map_err(|e| format!("opening {route}: {e}"))?;
    client.refresh().await.map_err(|e| e.to_string())
}

/// The board's rectangle on the screen, in CSS px.
async fn board_rect(client: &Client) -> Result<[f64; 4], String> {
    let v = client
        .execute(
            "const r = document.querySelector('[data-testid=\"hadang-board\"]').getBoundingClientRect(); \
             return [r.x, r.y, r.width, r.height];",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    serde_json::from_value(v).map_err(|e| e.to_string())
}

/// One finger tap at viewport point `(x, y)`.
async fn tap_at(client: &Client, x: f64, y: f64) -> Result<(), String> {
    let finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: x.round(),
            y: y.round(),
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    client
        .perform_actions(finger)
        .await
        .map_err(|e| format!("touch tap at {x},{y}: {e}"))?;
    client.release_actions().await.map_err(|e| e.to_string())
}

/// Wall, a tap on crossing `anchor`'s dot, then a second tap on the very same
/// screen point: the preview turns (`h` ↔ `v`), nothing is played, and the
/// board has not moved from Wall to the last tap. A screenshot of the preview.
async fn twice_on_one_spot(client: &Client, repo: &Path, what: &str, anchor: &str, shot: &str) -> Result<(), String> {
    let start = read_board(client).await?.ok_or("no board")?;
    tap_testid(client, "wall-mode").await?;
    wait_for_board(client, |b| b.mode == "wall").await?;
    let before = board_rect(client).await?;
    let dot = client
        .execute(
            &format!(
                "const d = document.querySelector('[data-testid=\"hadang-board\"] [data-crossing=\"{anchor}\"] .crossing-dot').getBoundingClientRect(); \
                 return [d.x + d.width / 2, d.y + d.height / 2];"
            ),
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    let [x, y]: [f64; 2] = serde_json::from_value(dot).map_err(|e| e.to_string())?;
    tap_at(client, x, y).await?;
    let first = wait_for_board(client, |b| b.ghost.is_some())
        .await
        .map_err(|e| format!("{what}: the first tap showed no wall: {e}"))?;
    let shown = first.ghost.clone().unwrap_or_default();
    if !shown.starts_with(anchor) {
        return Err(format!("{what}: a tap on crossing {anchor} previewed {shown}"));
    }
    let png = client.screenshot().await.map_err(|e| format!("screenshot: {e}"))?;
    save(repo, shot, &png);
    let between = board_rect(client).await?;
    tap_at(client, x, y).await?;
    let turned = format!("{anchor}{}", if shown.ends_with('h') { 'v' } else { 'h' });
    let second = wait_for_board(client, |b| {
        b.ghost.as_deref() != Some(shown.as_str()) || b.ply != start.ply
    })
    .await
    .map_err(|e| format!("{what}: the second tap on the same spot did nothing: {e}"))?;
    let after = board_rect(client).await?;
    if second.ghost.as_deref() != Some(turned.as_str()) || second.ply != start.ply || second.placed != start.placed {
        return Err(format!(
            "{what}: the second tap on {shown} should turn it into {turned} and play nothing; \
             it shows {:?}, ply {} → {}, walls {:?}",
            second.ghost, start.ply, second.ply, second.placed
        ));
    }
    for (when, rect) in [("after the first tap", between), ("after the second tap", after)] {
        if rect.iter().zip(before).any(|(a, b)| (a - b).abs() > 0.5) {
            return Err(format!("{what}: the board moved {when}: {before:?} → {rect:?}"));
        }
    }
    tap_testid(client, "wall-cancel").await?;
    wait_for_board(client, |b| b.mode == "play").await.map(|_| ())
}

/// Tabs until the focused element is the one with test id `testid`
/// (`focused` returns `[tag, in board, test id]`).
async fn tab_to(client: &Client, focused: &str, testid: &str) -> Result<(), String> {
    for _ in 0..80 {
        let at = client.execute(focused, vec![]).await.map_err(|e| e.to_string())?;
        if at[2] == testid {
            return Ok(());
        }
        press(client, &['\u{E004}']).await?; // Tab
    }
    Err(format!("80 Tabs never reached {testid}"))
}

/// Polls `js` (which says where focus is) until `done` holds.
async fn wait_focus(client: &Client, js: &str, done: impl Fn(&Value) -> bool) -> Result<Value, String> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let at = client.execute(js, vec![]).await.map_err(|e| e.to_string())?;
        if done(&at) {
            return Ok(at);
        }
        if Instant::now() > deadline {
            return Err(format!("focus did not come to the board: it is on {at}"));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
