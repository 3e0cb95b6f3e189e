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
//! orientation's) and then Place (a tap on the preview only turns it). A missing browser or build is a FAILURE, never a
//! skip. Web build: `PAPAN_DIST_DIR`, else built into `<repo>/dist`.

use crate::support;
use support::browser::{self, close_or_fail, save_shot, start_driver, take_shot};
use support::chrome::tap;

use fantoccini::{Client, Locator};
use papan::i18n::rule_key;
use papan::i18n::{tr, Lang};
use papan::tutorial::{lessons, GameId, StepKind};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Longest wait for one thing to appear or change.
const STEP_TIMEOUT: Duration = Duration::from_secs(20);
/// No first lesson has anywhere near this many steps and pages.
const MAX_ACTIONS: usize = 60;
const FAILURE_SCREENSHOT: &str = "test-output/browser/tutorial-failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_lesson_of_each_game_completed_by_touch_in_phone_chromium() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let _ = std::fs::remove_file(repo.join(FAILURE_SCREENSHOT));

    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(Duration::from_secs(110), all_games(&client, &base)).await;
    let outcome = outcome.unwrap_or_else(|_| Err("the four lessons took more than 110 s".into()));
    close_or_fail(client, &repo, FAILURE_SCREENSHOT, outcome).await;
    drop(driver);
}

/// A wrong tap in a lesson that costs a star says so beside the rule's
/// explanation, whose id links to the rule's entry; the finished lesson's
/// Next lesson opens the next lesson of the game. Then the star note and a
/// rules page entry in each language at 390 and 320 px, nothing wider than
/// the screen (`test-output/browser/lessons/<lang>-<width>-*.png`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_tap_costs_a_star_links_its_rule_and_next_lesson_opens_the_next() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    for width in [390, 320] {
        let client = driver
            .connect_phone_sized(width, 844)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let run = async {
            if width == 390 {
                star_rule_link_and_next_lesson(&client, &base).await?;
            }
            let mut problems = Vec::new();
            for lang in ["en", "id", "fil"] {
                problems.extend(star_note_and_rule_entry(&client, &base, lang, width).await?);
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("\n"))
            }
        };
        let outcome = tokio::time::timeout(Duration::from_secs(150), run).await;
        let outcome = outcome.unwrap_or_else(|_| Err(format!("the lessons at {width} px took more than 150 s")));
        if outcome.is_err() {
            save_shot(
                &client,
                &repo,
                &format!("test-output/browser/lessons/failure-{width}.png"),
            )
            .await;
        }
        let _ = client.close().await;
        if let Err(e) = outcome {
            drop(driver);
            panic!("{e}");
        }
    }
}

/// Opens `route` (`/learn/hadang/hadang-basics`) in `lang` with no progress saved.
async fn open_fresh(client: &Client, base: &str, lang: &str, route: &str) -> Result<(), String> {
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    let setup = format!("localStorage.clear(); localStorage.setItem('settings', JSON.stringify({{lang: '{lang}'}}));");
    client.execute(&setup, vec![]).await.map_err(|e| e.to_string())?;
    client
        .goto(&format!("{base}/#{route}"))
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())
}

/// HADANG's first lesson by touch: its first mistake (e3, two cells: H6)
/// costs a star, says so and links to H6; Next lesson opens the second.
async fn star_rule_link_and_next_lesson(client: &Client, base: &str) -> Result<(), String> {
    let game = GameId::Hadang;
    let all = lessons(game);
    let (first, second) = (&all[0], &all[1]);
    open_fresh(client, base, "en", &format!("/learn/hadang/{}", first.id)).await?;
    let (done, mistake) = play_lesson(client, game, &first.id, None).await?;
    let mistake = mistake.ok_or("the lesson's mistake was not tried")?;
    if mistake.rule != "H6" || !mistake.star_lost {
        return Err(format!(
            "the first wrong tap showed {mistake:?}, not H6 with the star note"
        ));
    }
    if !mistake.rule_link.ends_with("/rules/hadang/H6") {
        return Err(format!("the refusal's rule link leads to {:?}", mistake.rule_link));
    }
    // One star for the wrong tap, one for the hints the test asks for.
    if done.stars != "1" {
        return Err(format!("a wrong tap and hints, yet {} stars", done.stars));
    }
    screenshot(client, "test-output/browser/lessons/en-390-done.png").await?;
    let next = wait_selector(client, "[data-testid=\"next-lesson\"]").await?;
    let target = next.attr("data-lesson").await.map_err(|e| e.to_string())?;
    if target.as_deref() != Some(second.id.as_str()) {
        return Err(format!("Next lesson leads to {target:?}, not {}", second.id));
    }
    tap_testid(client, "next-lesson").await?;
    let heading = wait_selector(
        client,
        "[data-testid=\"lesson-screen\"][data-game=\"hadang\"][data-step=\"0\"] .lesson-heading",
    )
    .await?;
    let title = tr(Lang::En, &second.title);
    let deadline = Instant::now() + STEP_TIMEOUT;
    loop {
        let shown = heading.text().await.map_err(|e| e.to_string())?;
        if shown.trim() == title.trim() {
            break;
        }
        if Instant::now() > deadline {
            return Err(format!("Next lesson opened {shown:?}, not {title:?}"));
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    println!("hadang: Next lesson opened {}", second.id);
    // A refused example of each other game's rules page, to look at.
    for (game, rule, mark) in [
        ("hex", "X5", "[data-cell=\"c5\"]"),
        ("junqi", "J13", "[data-post=\"b8\"]"),
        ("backgammon", "B8", ".move-arrow"),
    ] {
        open_fresh(client, base, "en", &format!("/rules/{game}/{rule}")).await?;
        let selector = format!("[data-rule=\"{rule}\"] .rule-example.refused {mark}");
        wait_selector(client, &selector).await?;
        tokio::time::sleep(Duration::from_millis(500)).await;
        screenshot(
            client,
            &format!("test-output/browser/lessons/en-390-rule-{}.png", rule.to_lowercase()),
        )
        .await?;
    }
    Ok(())
}

/// Elements wider than the screen (their test ids or classes).
async fn overflowing(client: &Client) -> Result<Value, String> {
    client
        .execute(
            "return Array.from(document.querySelectorAll('body *'))
               .filter(e => { const r = e.getBoundingClientRect();
                 return r.width > 0 && (r.right > innerWidth + 1 || r.left < -1); })
               .map(e => (e.getAttribute('data-testid') || e.className.baseVal || e.className || e.tagName) + '')
               .slice(0, 5);",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())
}

/// The star note after a wrong tap, and rule H13's entry, in `lang` at
/// `width` px: screenshots, and what spills past the screen's edge.
async fn star_note_and_rule_entry(client: &Client, base: &str, lang: &str, width: u32) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    open_fresh(client, base, lang, "/learn/hadang/hadang-basics").await?;
    let mut state = wait_state(client, |s| s.on_lesson).await?;
    // Page through the opening to the first step with a move.
    while state.step == 0 && state.next_enabled {
        let before = state.signature.clone();
        tap_testid(client, "next").await?;
        state = wait_state(client, |s| s.signature != before).await?;
    }
    for selector in taps_for(GameId::Hadang, "e3") {
        tap_selector(client, &selector).await?;
    }
    let state = wait_state(client, |s| s.feedback_wrong.is_some()).await?;
    if !state.star_lost || !state.rule_link.ends_with("/rules/hadang/H6") {
        problems.push(format!("{lang} at {width} px: a wrong tap showed {state:?}"));
    }
    client
        .execute(
            "document.querySelector('[data-testid=\"lesson-feedback\"]').scrollIntoView({block: 'end'});",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let wide = overflowing(client).await?;
    if wide.as_array().is_some_and(|a| !a.is_empty()) {
        problems.push(format!("the lesson in {lang} at {width} px overflows: {wide}"));
    }
    screenshot(client, &format!("test-output/browser/lessons/{lang}-{width}-star.png")).await?;
    // The rule link's page: H13's entry, with its refused wall.
    open_fresh(client, base, lang, "/rules/hadang/H13").await?;
    wait_selector(
        client,
        "[data-rule=\"H13\"] [data-testid=\"rule-diagram\"] [data-hint=\"d8v\"]",
    )
    .await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let wide = overflowing(client).await?;
    if wide.as_array().is_some_and(|a| !a.is_empty()) {
        problems.push(format!("the rules page in {lang} at {width} px overflows: {wide}"));
    }
    screenshot(
        client,
        &format!("test-output/browser/lessons/{lang}-{width}-rule-h13.png"),
    )
    .await?;
    Ok(problems)
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
    play_lesson(client, game, lesson, None).await?;
    screenshot(client, &format!("test-output/browser/tutorial-{}.png", game.code())).await?;

    // The lesson card now shows its stars, and the Beginner bot is one tap away.
    tap_testid(client, "play-beginner").await?;
    let board = format!("[data-testid=\"{}-board\"]", game.code());
    wait_selector(client, &board)
        .await
        .map_err(|e| format!("Play the Beginner bot: {e}"))?;
    Ok(())
}

/// What a wrong try showed: the rule's explanation, whether the star note
/// was there, the rule link's address.
#[derive(Debug, Default, Clone)]
struct Mistake {
    rule: String,
    star_lost: bool,
    rule_link: String,
}

/// Plays the open lesson to its end card, trying each step's classic
/// mistake first on Hex and HADANG (the first one seen is returned), and
/// taking a screenshot of the first mistake's feedback as `mistake_shot`.
async fn play_lesson(
    client: &Client,
    game: GameId,
    lesson: &str,
    mistake_shot: Option<&str>,
) -> Result<(LessonState, Option<Mistake>), String> {
    let mut seen = None;
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
                let shown = refused.feedback_wrong.clone().unwrap_or_default();
                if shown.trim() != expected.trim() {
                    return Err(format!(
                        "mistake {mv} (rule {rule}) explained as {shown:?}, not {expected:?}"
                    ));
                }
                println!("{}: mistake {mv} explained by rule {rule}", game.code());
                if seen.is_none() {
                    if let Some(shot) = mistake_shot {
                        screenshot(client, shot).await?;
                    }
                    seen = Some(Mistake {
                        rule: rule.to_string(),
                        star_lost: refused.star_lost,
                        rule_link: refused.rule_link.clone(),
                    });
                }
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
    Ok((state, seen))
}

async fn screenshot(client: &Client, relative: &str) -> Result<(), String> {
    take_shot(client, relative).await.map(|_| ())
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
/// area also lies) must preview exactly that wall; Place places it (a tap on the
/// preview would only turn it).
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
    tap_selector(client, "[data-testid=\"wall-place\"]").await
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
    /// The feedback says the try cost a star.
    star_lost: bool,
    /// Where the feedback's rule link leads ("" without one).
    rule_link: String,
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
  wrong: fb && fb.getAttribute('data-ok') === 'false' ? (q('lesson-feedback-text') || fb).textContent : null,
  starLost: !!q('star-lost'),
  ruleLink: q('toast-rule') ? q('toast-rule').getAttribute('href') : '',
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
        star_lost: flag("starLost"),
        rule_link: text("ruleLink"),
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
