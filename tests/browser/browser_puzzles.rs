//! Real-browser test of the puzzles, by touch in headless Chromium as a
//! 390×844 phone: a Hex puzzle solved (the rating goes up and the why is
//! shown) and the next one failed with another cell (it goes down); a
//! HADANG puzzle failed with a legal wrong step (the rating goes down, the
//! why gives the routes), Try again and Show solution, then a race puzzle
//! solved (it goes up); the list shows the ratings left. The sets
//! are fetched by the web build (`puzzles/<game>.jsonl`), never compiled in.
//! Then the list, a puzzle and both results at 390 and 320 px in en, id and
//! fil, kept as screenshots (`test-output/browser/puzzles/`).
//!
//! The test finds the answer and a wrong move from the same shipped sets
//! (`papan::puzzles`) and the rules, by the puzzle id the screen shows.

use crate::support;
use support::browser::{self, close_or_fail, start_driver, take_shot, tap_testid, wait_js_value, wait_present};
use support::chrome::tap;

use fantoccini::{Client, Locator};
use papan::puzzles::{answer_of, bundled, parse_set, Puzzle};
use papan::screens::puzzles::position;
use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::hex::Hex;
use papan_rules::{Game, GameId};
use serde_json::Value;
use std::time::Duration;

const FAILURE_SCREENSHOT: &str = "test-output/browser/puzzles-failure.png";

fn puzzle(game: GameId, id: &str) -> Result<Puzzle, String> {
    let set = parse_set(game, bundled(game).ok_or("no set")?)?;
    set.into_iter()
        .find(|p| p.id == id)
        .ok_or_else(|| format!("the screen shows {id}, which the set lacks"))
}

/// The puzzle on screen: its id, its phase and the rating shown.
async fn shown(client: &Client) -> Result<(String, String, u32), String> {
    let v = wait_js_value(
        client,
        "a puzzle on screen",
        "const p = document.querySelector('[data-testid=puzzle-prompt]');
         const r = document.querySelector('[data-testid=puzzle-rating]');
         const b = document.querySelector('[data-testid=puzzle-board] svg');
         return p && r && b ? [p.dataset.puzzle, p.dataset.phase, r.dataset.rating] : null;",
        |v| v.is_array(),
    )
    .await?;
    let s = |i: usize| v[i].as_str().unwrap_or_default().to_string();
    Ok((s(0), s(1), s(2).parse().map_err(|e| format!("rating {}: {e}", s(2)))?))
}

async fn wait_phase(client: &Client, phase: &str) -> Result<Value, String> {
    let js = format!(
        "const p = document.querySelector('[data-testid=puzzle-prompt]');
         const r = document.querySelector('[data-testid=puzzle-rating]');
         const w = document.querySelector('[data-testid=puzzle-why]');
         return p && p.dataset.phase === '{phase}' ? [r.dataset.rating, w ? w.textContent : ''] : null;"
    );
    wait_js_value(client, &format!("phase {phase}"), &js, |v| v.is_array()).await
}

async fn tap_cell(client: &Client, board: &str, cell: &str) -> Result<(), String> {
    let css = format!("[data-testid=\"{board}\"] [data-cell=\"{cell}\"]");
    let element = client
        .find(Locator::Css(&css))
        .await
        .map_err(|e| format!("no cell {css}: {e}"))?;
    tap(client, &element).await
}

/// Opens `path` with a fresh store in `lang`.
async fn open(client: &Client, base: &str, lang: &str, path: &str) -> Result<(), String> {
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    let reset = format!("localStorage.clear(); localStorage.setItem('settings', JSON.stringify({{lang: '{lang}'}}));");
    client.execute(&reset, vec![]).await.map_err(|e| e.to_string())?;
    client
        .goto(&format!("{base}/#{path}"))
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())?;
    Ok(())
}

/// Solves the Hex puzzle on screen; gives the rating before and after and the why.
async fn solve_hex(client: &Client) -> Result<(u32, u32, String), String> {
    try_hex(client, |answer, _| Some(answer.to_string()), "solved").await
}

/// Fails the Hex puzzle on screen with an empty cell that is not the answer.
async fn fail_hex(client: &Client) -> Result<(u32, u32, String), String> {
    let wrong = |answer: &str, game: &Hex| {
        Game::legal_moves(game)
            .into_iter()
            .map(|m| Game::format_move(game, &m))
            .find(|m| m != answer && m != "swap")
    };
    try_hex(client, wrong, "wrong").await
}

/// Places the stone `pick` chooses (from the answer and the position) on
/// the Hex puzzle on screen and waits for `outcome`.
async fn try_hex(
    client: &Client,
    pick: impl Fn(&str, &Hex) -> Option<String>,
    outcome: &str,
) -> Result<(u32, u32, String), String> {
    let (id, phase, before) = shown(client).await?;
    if phase != "solving" {
        return Err(format!("{id} opens in phase {phase}"));
    }
    let p = puzzle(GameId::Hex, &id)?;
    let (game, _) = position::<Hex>(&p, None).ok_or("the puzzle does not set up")?;
    let cell = pick(answer_of(&p), &game).ok_or_else(|| format!("{id}: no cell to try"))?;
    tap_cell(client, "hex-board", &cell).await?;
    // Boards from 9×9 show a ghost first: a second tap on it places.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let still = client
        .execute(
            "return document.querySelector('[data-testid=puzzle-prompt]').dataset.phase",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    if still.as_str() == Some("solving") {
        tap_cell(client, "hex-board", &cell).await?;
    }
    let v = wait_phase(client, outcome).await?;
    let after: u32 = v[0].as_str().unwrap_or_default().parse().map_err(|e| format!("{e}"))?;
    Ok((before, after, v[1].as_str().unwrap_or_default().to_string()))
}

/// Fails the HADANG puzzle on screen with a legal step that is not the answer.
async fn fail_hadang(client: &Client) -> Result<(u32, u32, String), String> {
    let wrong = |answer: &str, game: &Hadang| {
        Game::legal_moves(game)
            .into_iter()
            .filter(|m| matches!(m, HadangMove::Step(_)))
            .map(|m| Game::format_move(game, &m))
            .find(|m| m != answer)
    };
    step_hadang(client, wrong, "wrong").await
}

/// Solves the HADANG puzzle on screen, whose answer is a step.
async fn solve_hadang(client: &Client) -> Result<(u32, u32, String), String> {
    let answer = |answer: &str, _: &Hadang| Some(answer.to_string()).filter(|a| !a.ends_with(['h', 'v']));
    step_hadang(client, answer, "solved").await
}

/// Takes the step `pick` chooses (from the answer and the position) on the
/// HADANG puzzle on screen and waits for `outcome`.
async fn step_hadang(
    client: &Client,
    pick: impl Fn(&str, &Hadang) -> Option<String>,
    outcome: &str,
) -> Result<(u32, u32, String), String> {
    let (id, phase, before) = shown(client).await?;
    if phase != "solving" {
        return Err(format!("{id} opens in phase {phase}"));
    }
    let p = puzzle(GameId::Hadang, &id)?;
    let (game, _) = position::<Hadang>(&p, None).ok_or("the puzzle does not set up")?;
    let cell = pick(answer_of(&p), &game).ok_or_else(|| format!("{id}: no step to take"))?;
    tap_cell(client, "hadang-board", &cell).await?;
    let v = wait_phase(client, outcome).await?;
    let after: u32 = v[0].as_str().unwrap_or_default().parse().map_err(|e| format!("{e}"))?;
    Ok((before, after, v[1].as_str().unwrap_or_default().to_string()))
}

async fn scenario(client: &Client, base: &str) -> Result<(), String> {
    // Home → Puzzles → Hex.
    open(client, base, "en", "/").await?;
    tap_testid(client, "puzzles").await?;
    wait_present(client, "[data-testid=\"puzzle-daily\"]").await?;
    tap_testid(client, "puzzles-hex").await?;
    let (before, after, why) = solve_hex(client).await?;
    if after <= before {
        return Err(format!("solving moved the rating from {before} to {after}"));
    }
    if !why.contains("cannot") {
        return Err(format!("the why reads {why:?}"));
    }
    // Next puzzle: a new one, rated as it stands, failed with another cell.
    tap_testid(client, "puzzle-next").await?;
    let (_, phase, rating) = shown(client).await?;
    if phase != "solving" || rating != after {
        return Err(format!("after Next: phase {phase}, rating {rating} (was {after})"));
    }
    let (before, hex_rating, _) = fail_hex(client).await?;
    if hex_rating >= before {
        return Err(format!(
            "failing a Hex puzzle moved the rating from {before} to {hex_rating}"
        ));
    }

    // HADANG (the Hex rating kept): a wrong step.
    client
        .goto(&format!("{base}/#/puzzles/hadang"))
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())?;
    let (before, after, why) = fail_hadang(client).await?;
    if after >= before {
        return Err(format!("failing moved the rating from {before} to {after}"));
    }
    if !why.contains("route") {
        return Err(format!("the why reads {why:?}"));
    }
    // Try again: not rated again; Show solution marks the answer.
    tap_testid(client, "puzzle-retry").await?;
    wait_phase(client, "solving").await?;
    let (_, _, rating) = shown(client).await?;
    if rating != after {
        return Err(format!("Try again changed the rating to {rating}"));
    }
    let (_, _, _) = fail_hadang(client).await?;
    let (_, _, rating) = shown(client).await?;
    if rating != after {
        return Err(format!("a second wrong try moved the rating to {rating}"));
    }
    tap_testid(client, "puzzle-show").await?;
    wait_phase(client, "shown").await?;
    // A race puzzle (its answer a step) solved: the rating goes up again.
    browser::scroll_and_tap_testid(client, "puzzle-theme-race").await?;
    let (before, hadang_rating, _) = solve_hadang(client).await?;
    if hadang_rating <= before {
        return Err(format!(
            "solving a HADANG puzzle moved the rating from {before} to {hadang_rating}"
        ));
    }
    // The list shows the ratings the puzzles left.
    client
        .goto(&format!("{base}/#/puzzles"))
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())?;
    let ratings = wait_js_value(
        client,
        "the list's ratings",
        "const h = document.querySelector('[data-testid=puzzles-hex]');
         const d = document.querySelector('[data-testid=puzzles-hadang]');
         return h && d ? [Number(h.dataset.rating), Number(d.dataset.rating)] : null;",
        |v| v.is_array(),
    )
    .await?;
    let listed = (ratings[0].as_u64(), ratings[1].as_u64());
    if listed != (Some(hex_rating.into()), Some(hadang_rating.into())) {
        return Err(format!(
            "the list shows ratings {ratings}, the puzzles left Hex {hex_rating} and HADANG {hadang_rating}"
        ));
    }
    Ok(())
}

/// The list, a puzzle, and each result, in `lang` at the client's width.
async fn shots(client: &Client, base: &str, lang: &str, width: u32) -> Result<(), String> {
    let dir = "test-output/browser/puzzles";
    open(client, base, lang, "/puzzles").await?;
    wait_present(client, "[data-testid=\"puzzle-daily\"]").await?;
    take_shot(client, &format!("{dir}/{lang}-{width}-list.png")).await?;
    open(client, base, lang, "/puzzles/hex").await?;
    shown(client).await?;
    take_shot(client, &format!("{dir}/{lang}-{width}-hex.png")).await?;
    solve_hex(client).await?;
    scroll_to_result(client).await?;
    take_shot(client, &format!("{dir}/{lang}-{width}-hex-solved.png")).await?;
    open(client, base, lang, "/puzzles/hadang").await?;
    fail_hadang(client).await?;
    scroll_to_result(client).await?;
    take_shot(client, &format!("{dir}/{lang}-{width}-hadang-wrong.png")).await?;
    tap_testid(client, "puzzle-show").await?;
    wait_phase(client, "shown").await?;
    scroll_to_result(client).await?;
    take_shot(client, &format!("{dir}/{lang}-{width}-hadang-shown.png")).await?;
    Ok(())
}

async fn scroll_to_result(client: &Client) -> Result<(), String> {
    client
        .execute(
            "document.querySelector('.puzzle-controls').scrollIntoView({block: 'end'})",
            vec![],
        )
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hex_and_hadang_puzzles_solved_and_failed_move_the_rating_by_touch() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(Duration::from_secs(300), scenario(&client, &base))
        .await
        .unwrap_or_else(|_| Err("the puzzles took more than 5 minutes".into()));
    close_or_fail(client, &repo, FAILURE_SCREENSHOT, outcome).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzle_screens_at_390_and_320_px_in_every_language() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    for (width, height) in [(390, 844), (320, 700)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let all = async {
            for lang in ["en", "id", "fil"] {
                shots(&client, &base, lang, width).await?;
            }
            Ok::<_, String>(())
        };
        let outcome = tokio::time::timeout(Duration::from_secs(300), all)
            .await
            .unwrap_or_else(|_| Err("the screenshots took more than 5 minutes".into()));
        close_or_fail(client, &repo, FAILURE_SCREENSHOT, outcome).await;
    }
}
