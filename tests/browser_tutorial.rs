//! Real-browser test of the tutorials: in headless Chromium emulating a 390×844 touch
//! phone, it completes the first lesson of EACH game by taps only, from the home
//! screen's Learn entry, then checks the stars and that "Play the Beginner bot" opens
//! the game's play screen. One screenshot per game in `test-output/browser/`.
//!
//! Where to tap comes from the lesson's own Hint: two taps on Hint show the exact move
//! (`data-move` on the hint text), which the test turns into taps on the lesson's board —
//! the game's real board, as in play (`data-cell`, `data-wall` and the hinted wall,
//! `data-post`, `data-point`, then the game's own buttons such as Done). A HADANG wall is
//! placed by tapping the MIDDLE of the hinted wall (where its groove crosses the other
//! orientation's) and then its preview. A missing browser or build is a FAILURE, never a
//! skip. Web build: `PAPAN_DIST_DIR`, else built into `<repo>/dist`.

#[path = "support/chrome.rs"]
mod chrome;
#[path = "support/static_server.rs"]
mod static_server;
#[path = "support/web.rs"]
mod web;
use web::{save, web_build};

use chrome::{tap, ChromeDriver};
use fantoccini::{Client, Locator};
use papan::i18n::rule_key;
use papan::i18n::{tr, Lang};
use papan::tutorial::{lessons, GameId, StepKind};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Longest wait for one thing to appear or change.
const STEP_TIMEOUT: Duration = Duration::from_secs(20);
/// No first lesson has anywhere near this many steps and pages.
const MAX_ACTIONS: usize = 60;
const FAILURE_SCREENSHOT: &str = "test-output/browser/tutorial-failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_lesson_of_each_game_completed_by_touch_in_phone_chromium() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dist = web_build(&repo).unwrap_or_else(|e| panic!("web build unavailable: {e}"));
    let chromedriver = std::env::var_os("PAPAN_CHROMEDRIVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(chrome::DEFAULT_CHROMEDRIVER));
    let base = static_server::spawn(dist, 0).expect("serve dist/ on 127.0.0.1");
    let _ = std::fs::remove_file(repo.join(FAILURE_SCREENSHOT));

    let driver = ChromeDriver::start(&chromedriver).unwrap_or_else(|e| panic!("{e}"));
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(Duration::from_secs(110), all_games(&client, &base)).await;
    let outcome = outcome.unwrap_or_else(|_| Err("the four lessons took more than 110 s".into()));
    if outcome.is_err() {
        if let Ok(png) = client.screenshot().await {
            if let Some(path) = save(&repo, FAILURE_SCREENSHOT, &png) {
                eprintln!("failure screenshot: {}", path.display());
            }
        }
    }
    let _ = client.close().await;
    drop(driver);
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

async fn all_games(client: &Client, base: &str) -> Result<(), String> {
    for game in GameId::ALL {
        let lesson = &lessons(game)[0].id;
        complete_lesson(client, base, game, lesson)
            .await
            .map_err(|e| format!("{} lesson {lesson}: {e}", game.code()))?;
    }
    // Progress is saved on the device: the list shows each finished lesson's stars.
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    tap_testid(client, "learn").await?;
    wait_selector(client, "[data-testid=\"learn-screen\"]").await?;
    for game in GameId::ALL {
        let lesson = &lessons(game)[0].id;
        let card = wait_selector(client, &format!("[data-testid=\"lesson-{lesson}\"]")).await?;
        let stars = card
            .attr("data-stars")
            .await
            .map_err(|e| e.to_string())?
            .unwrap_or_default();
        if !matches!(stars.as_str(), "1" | "2" | "3") {
            return Err(format!(
                "the list shows {stars:?} stars for the finished lesson {lesson}"
            ));
        }
    }
    screenshot(client, "test-output/browser/tutorial-list.png").await?;
    // A setup screen's Learn button opens that game's first unfinished lesson:
    // the first one is done now, so the second.
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    tap_testid(client, "play-junqi").await?;
    tap_testid(client, "learn-junqi").await?;
    let second = &lessons(GameId::Junqi)[1];
    let title = tr(Lang::En, &second.title);
    let heading = wait_selector(
        client,
        "[data-testid=\"lesson-screen\"][data-game=\"junqi\"] .lesson-heading",
    )
    .await?;
    let shown = heading.text().await.map_err(|e| e.to_string())?;
    if shown.trim() != title.trim() {
        return Err(format!("Learn on the Jun Qi setup opened {shown:?}, not {title:?}"));
    }
    Ok(())
}

/// Home → Learn → the lesson's card → every page and step → stars → Beginner bot.
async fn complete_lesson(client: &Client, base: &str, game: GameId, lesson: &str) -> Result<(), String> {
    client
        .goto(&format!("{base}/"))
        .await
        .map_err(|e| format!("opening {base}: {e}"))?;
    tap_testid(client, "learn").await?;
    tap_testid(client, &format!("lesson-{lesson}")).await?;
    let mut state = wait_state(client, |s| s.on_lesson).await?;
    let mut tried_mistake = false;
    let mut tried_prev = false;
    let mut shot_board = false;
    for _ in 0..MAX_ACTIONS {
        if state.done {
            break;
        }
        // Paging back once: page 2 of 3 goes back to page 1 of 3.
        if !tried_prev && !state.page.is_empty() && !state.page.starts_with("1/") {
            tried_prev = true;
            let count = state.page.split('/').nth(1).unwrap_or("").trim().to_string();
            tap_testid(client, "prev-page").await?;
            state = wait_state(client, |s| s.page.starts_with("1/"))
                .await
                .map_err(|e| format!("Back on a page-through step: {e}"))?;
            if !state.page.ends_with(&count) {
                return Err(format!("paging back changed the page count: {:?}", state.page));
            }
            println!("{}: paged back to {}", game.code(), state.page);
            continue;
        }
        if state.next_enabled {
            let before = state.signature.clone();
            tap_testid(client, "next").await?;
            state = wait_state(client, |s| s.done || s.signature != before).await?;
            continue;
        }
        // Hex and HADANG taps map one to one onto moves: try the step's classic
        // mistake first and expect its rule explained (Jun Qi's "move a face-down
        // piece" cannot even be tapped: a tap on one reveals it).
        if matches!(game, GameId::Hex | GameId::Hadang) && !tried_mistake {
            if let Some((mv, rule)) = first_mistake(game, lesson, state.step) {
                tried_mistake = true;
                if game == GameId::Hadang && is_wall(&mv) {
                    choose_wall(client, &mv).await?;
                } else {
                    for selector in taps_for(game, &mv) {
                        tap_selector(client, &selector).await?;
                    }
                }
                let refused = wait_state(client, |s| s.feedback_wrong.is_some())
                    .await
                    .map_err(|e| format!("the mistake {mv} got no feedback: {e}"))?;
                let expected = tr(Lang::En, &rule_key(rule));
                let shown = refused.feedback_wrong.unwrap_or_default();
                if shown.trim() != expected.trim() {
                    return Err(format!(
                        "mistake {mv} (rule {rule}) explained as {shown:?}, not {expected:?}"
                    ));
                }
                println!("{}: mistake {mv} explained by rule {rule}", game.code());
            }
        }
        // An act step: two hints give the exact move.
        tap_testid(client, "hint").await?;
        wait_state(client, |s| s.hint_text).await?;
        tap_testid(client, "hint").await?;
        let with_move = wait_state(client, |s| !s.hint_move.is_empty()).await?;
        let mv = with_move.hint_move.clone();
        if !shot_board {
            shot_board = true;
            screenshot(
                client,
                &format!("test-output/browser/tutorial-{}-board.png", game.code()),
            )
            .await?;
        }
        if game == GameId::Hadang && is_wall(&mv) {
            place_hinted_wall(client, &mv).await?;
        } else {
            for selector in taps_for(game, &mv) {
                tap_selector(client, &selector).await?;
            }
        }
        state = wait_state(client, |s| s.next_enabled || s.feedback_wrong.is_some())
            .await
            .map_err(|e| format!("after playing {mv}: {e}"))?;
        if let Some(why) = &state.feedback_wrong {
            return Err(format!("the hinted move {mv} was refused: {why}"));
        }
    }
    if !state.done {
        return Err(format!("not finished after {MAX_ACTIONS} actions"));
    }
    let stars: u8 = state
        .stars
        .parse()
        .map_err(|_| format!("bad data-stars {:?}", state.stars))?;
    if !(1..=3).contains(&stars) {
        return Err(format!("{stars} stars"));
    }
    println!("{}: {lesson} finished with {stars} stars", game.code());
    screenshot(client, &format!("test-output/browser/tutorial-{}.png", game.code())).await?;

    // The lesson card now shows its stars, and the Beginner bot is one tap away.
    tap_testid(client, "play-beginner").await?;
    let board = format!("[data-testid=\"{}-board\"]", game.code());
    wait_selector(client, &board)
        .await
        .map_err(|e| format!("Play the Beginner bot: {e}"))?;
    Ok(())
}

async fn screenshot(client: &Client, relative: &str) -> Result<(), String> {
    let png = client.screenshot().await.map_err(|e| format!("screenshot: {e}"))?;
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    save(repo, relative, &png)
        .map(|_| ())
        .ok_or_else(|| format!("could not write {relative}"))
}

/// The first anticipated mistake of step `step` of `lesson`, with its rule.
fn first_mistake(game: GameId, lesson: &str, step: usize) -> Option<(String, papan_rules::RuleId)> {
    let lesson = lessons(game).iter().find(|l| l.id == lesson)?;
    match &lesson.steps.get(step)?.kind {
        StepKind::Act { mistakes, .. } => mistakes.first().map(|m| (m.mv.clone(), m.rule)),
        StepKind::Page { .. } => None,
    }
}

/// Places the hinted wall as a learner does on the real board: a tap in the
/// middle of the hinted wall (the groove crossing, where a vertical groove's tap
/// area also lies) must preview exactly that wall; a tap on the preview places it.
async fn place_hinted_wall(client: &Client, mv: &str) -> Result<(), String> {
    tap_selector(client, &format!("[data-testid=\"hint-wall\"][data-hint=\"{mv}\"]")).await?;
    let ghost = wait_selector(client, "[data-testid=\"ghost-wall\"]").await?;
    let shown = ghost
        .attr("data-ghost")
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if shown != mv {
        return Err(format!(
            "a tap in the middle of the hinted wall {mv} previewed {shown:?}"
        ));
    }
    tap_selector(client, "[data-testid=\"ghost-wall\"]").await
}

/// The taps that play `mv` (the hint's notation) on the lesson's board.
fn taps_for(game: GameId, mv: &str) -> Vec<String> {
    let cell = |name: &str| format!("[data-testid=\"lesson-board\"] [data-cell=\"{name}\"]");
    match game {
        GameId::Hex if mv == "swap" => vec!["[data-testid=\"swap\"]".to_string()],
        GameId::Hex => vec![cell(mv)],
        GameId::Hadang => vec![cell(mv)],
        GameId::Junqi => {
            let post = |name: &str| format!("[data-testid=\"lesson-board\"] [data-post=\"{name}\"]");
            match mv.strip_prefix("flip ") {
                Some(square) => vec![post(square)],
                None => mv.split('-').map(post).collect(),
            }
        }
        GameId::Backgammon => {
            let point = |p: &str| match p {
                "bar" | "off" => format!("[data-testid=\"lesson-board\"] [data-testid=\"{p}\"]"),
                _ => format!("[data-testid=\"lesson-board\"] [data-point=\"{p}\"]"),
            };
            let mut taps = Vec::new();
            if mv != "pass" {
                for token in mv.split_whitespace() {
                    let (path, repeat) = match token.split_once('(') {
                        Some((path, n)) => (path, n.trim_end_matches(')').parse().unwrap_or(1)),
                        None => (token, 1),
                    };
                    let points: Vec<&str> = path.split('/').map(|p| p.trim_end_matches('*')).collect();
                    for _ in 0..repeat {
                        for pair in points.windows(2) {
                            taps.push(point(pair[0]));
                            taps.push(point(pair[1]));
                        }
                    }
                }
            }
            taps.push("[data-testid=\"done\"]".to_string());
            taps
        }
    }
}

#[derive(Debug, Default)]
struct LessonState {
    on_lesson: bool,
    /// 0-based index of the open step.
    step: usize,
    /// "2/3" on a page-through step, else empty.
    page: String,
    done: bool,
    stars: String,
    next_enabled: bool,
    hint_text: bool,
    hint_move: String,
    feedback_wrong: Option<String>,
    /// Step, page and prompt: changes when Next moved on.
    signature: String,
}

const READ_STATE_JS: &str = r#"
const q = s => document.querySelector(`[data-testid="${s}"]`);
const next = q('next'), hint = q('hint-text'), fb = q('lesson-feedback'), stars = q('stars');
return {
  onLesson: !!q('lesson-screen'),
  page: q('page-label') ? q('page-label').getAttribute('data-page') + '/' + q('page-label').getAttribute('data-pages') : '',
  step: q('lesson-screen') ? Number(q('lesson-screen').getAttribute('data-step')) : 0,
  done: !!q('lesson-done'),
  stars: stars ? stars.getAttribute('data-stars') : '',
  nextEnabled: !!next && !next.disabled,
  hintText: !!hint,
  hintMove: hint ? (hint.getAttribute('data-move') || '') : '',
  wrong: fb && fb.getAttribute('data-ok') === 'false' ? fb.textContent : null,
  signature: ['step-label', 'page-label', 'lesson-prompt'].map(t => (q(t) || {}).textContent || '').join('|'),
};
"#;

async fn read_state(client: &Client) -> Result<LessonState, String> {
    let v = client
        .execute(READ_STATE_JS, vec![])
        .await
        .map_err(|e| format!("reading the lesson: {e}"))?;
    let text = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let flag = |k: &str| v.get(k).and_then(Value::as_bool).unwrap_or(false);
    Ok(LessonState {
        on_lesson: flag("onLesson"),
        page: text("page"),
        step: v.get("step").and_then(Value::as_u64).unwrap_or(0) as usize,
        done: flag("done"),
        stars: text("stars"),
        next_enabled: flag("nextEnabled"),
        hint_text: flag("hintText"),
        hint_move: text("hintMove"),
        feedback_wrong: v.get("wrong").and_then(Value::as_str).map(str::to_string),
        signature: text("signature"),
    })
}

async fn wait_state(client: &Client, done: impl Fn(&LessonState) -> bool) -> Result<LessonState, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        let state = read_state(client).await?;
        if done(&state) {
            return Ok(state);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "the lesson did not reach the expected state; last seen {state:?}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
}

async fn wait_selector(client: &Client, selector: &str) -> Result<fantoccini::elements::Element, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        match client.find(Locator::Css(selector)).await {
            Ok(element) => return Ok(element),
            Err(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(60)).await,
            Err(e) => return Err(format!("no element {selector} within {STEP_TIMEOUT:?}: {e}")),
        }
    }
}

/// Scrolls `selector` into view, then taps it with one finger.
async fn tap_selector(client: &Client, selector: &str) -> Result<(), String> {
    let element = wait_selector(client, selector).await?;
    let arg = serde_json::to_value(&element).map_err(|e| e.to_string())?;
    client
        .execute("arguments[0].scrollIntoView({block: 'center'});", vec![arg])
        .await
        .map_err(|e| format!("scrolling to {selector}: {e}"))?;
    tap(client, &element)
        .await
        .map_err(|e| format!("tapping {selector}: {e}"))
}

/// A HADANG wall in notation (`e3h`, `d8v`), not a step.
fn is_wall(mv: &str) -> bool {
    mv.len() == 3 && (mv.ends_with('h') || mv.ends_with('v'))
}

/// Chooses wall `mv` with the wall input, as a learner does: Wall, the
/// groove crossing, Rotate when the crossing shows the other orientation.
/// Without walls left, Wall itself is refused (H10) and that is the answer.
async fn choose_wall(client: &Client, mv: &str) -> Result<(), String> {
    tap_testid(client, "wall-mode").await?;
    let state = wait_state_or_crossings(client).await?;
    if state {
        return Ok(());
    }
    let anchor = &mv[..2];
    tap_selector(
        client,
        &format!("[data-testid=\"lesson-board\"] [data-crossing=\"{anchor}\"] .crossing-hit"),
    )
    .await?;
    let ghost = wait_selector(client, "[data-testid=\"ghost-wall\"]").await?;
    let shown = ghost
        .attr("data-ghost")
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if shown != mv {
        tap_testid(client, "wall-rotate").await?;
        wait_selector(client, &format!("[data-testid=\"ghost-wall\"][data-ghost=\"{mv}\"]")).await?;
    }
    Ok(())
}

/// After Wall: `true` when it was refused (feedback shown), `false` when the
/// crossings are offered.
async fn wait_state_or_crossings(client: &Client) -> Result<bool, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        if read_state(client).await?.feedback_wrong.is_some() {
            return Ok(true);
        }
        if client
            .find(Locator::Css("[data-testid=\"lesson-board\"] [data-crossing]"))
            .await
            .is_ok()
        {
            return Ok(false);
        }
        if Instant::now() > deadline {
            return Err("Wall neither offered crossings nor said why not".into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn tap_testid(client: &Client, testid: &str) -> Result<(), String> {
    tap_selector(client, &format!("[data-testid=\"{testid}\"]")).await
}
