//! Real-browser test of the puzzles of the two games the first puzzle test
//! leaves out, and of puzzles found in the player's own games, by touch in
//! headless Chromium as a 390×844 phone:
//! - a Jun Qi puzzle solved (the capture tapped piece then post: the rating
//!   goes up), then the next one failed with a legal move that is not the
//!   answer (the rating goes down);
//! - a backgammon puzzle failed with a legal play that is not the answer
//!   (checker by checker, then Done: the rating goes down), then one of the
//!   "make a point" theme solved (the rating goes up);
//! - a finished Hex game of the player's holding a position where one cell
//!   wins: the puzzles screen scans it in the bots' worker and counts one
//!   puzzle from the player's games; the "From your games" theme offers it,
//!   marked as such, and the winning cell solves it.
//!
//! The answers come from the same shipped sets (`papan::puzzles`) and the
//! rules, by the puzzle id the screen shows.

use crate::support;
use support::browser::{
    self, close_or_fail, spot_selector, start_driver, tap_css, tap_post, tap_testid, wait_js, wait_js_value,
};

use fantoccini::Client;
use papan::play::finished::{Finished, STORE_KEY};
use papan::play::Player;
use papan::puzzles::{answer_of, bundled, parse_set, Body, Puzzle};
use papan::screens::puzzles::position;
use papan_bots::Level;
use papan_rules::backgammon::Backgammon;
use papan_rules::hex::Hex;
use papan_rules::junqi::{JunQi, JunQiAction};
use papan_rules::{Game, GameId, Record, Seat};
use std::time::Duration;

const FAILURE_SCREENSHOT: &str = "test-output/browser/puzzle-games-failure.png";

fn set(game: GameId) -> Vec<Puzzle> {
    parse_set(game, bundled(game).expect("a shipped set")).expect("the set reads")
}

/// The puzzle on screen: its id, phase and the rating shown.
async fn shown(client: &Client) -> Result<(String, String, u64), String> {
    let v = wait_js_value(
        client,
        "a puzzle on screen",
        "const p = document.querySelector('[data-testid=puzzle-prompt]');
         const r = document.querySelector('[data-testid=puzzle-rating]');
         const b = document.querySelector('[data-testid=puzzle-board] svg');
         return p && r && b ? [p.dataset.puzzle, p.dataset.phase, Number(r.dataset.rating)] : null;",
        |v| v.is_array(),
    )
    .await?;
    Ok((
        v[0].as_str().unwrap_or_default().to_string(),
        v[1].as_str().unwrap_or_default().to_string(),
        v[2].as_u64().unwrap_or_default(),
    ))
}

/// Waits for `phase`; gives the rating then.
async fn phase(client: &Client, phase: &str) -> Result<u64, String> {
    let js = format!(
        "const p = document.querySelector('[data-testid=puzzle-prompt]');
         const r = document.querySelector('[data-testid=puzzle-rating]');
         return p && p.dataset.phase === '{phase}' ? Number(r.dataset.rating) : null;"
    );
    let v = wait_js_value(client, &format!("phase {phase}"), &js, |v| v.is_number()).await?;
    Ok(v.as_u64().unwrap_or_default())
}

async fn junqi_solved(client: &Client, base: &str) -> Result<(), String> {
    browser::open_fresh(client, base, "en", &[], "/puzzles/junqi").await?;
    let (id, opened, before) = shown(client).await?;
    if opened != "solving" {
        return Err(format!("{id} opens in phase {opened}"));
    }
    let p = set(GameId::Junqi)
        .into_iter()
        .find(|p| p.id == id)
        .ok_or(format!("no {id}"))?;
    let answer = answer_of(&p).to_string();
    let (from, to) = answer
        .split_once('-')
        .ok_or(format!("{id}: the answer {answer} is no move"))?;
    tap_post(client, from).await?;
    tap_post(client, to).await?;
    let after = phase(client, "solved").await?;
    if after <= before {
        return Err(format!("solving {id} moved the rating from {before} to {after}"));
    }
    Ok(())
}

/// Next, then a legal move that is not the answer: the rating goes down.
async fn junqi_failed(client: &Client) -> Result<(), String> {
    tap_testid(client, "puzzle-next").await?;
    let (id, opened, before) = shown(client).await?;
    if opened != "solving" {
        return Err(format!("{id} opens in phase {opened}"));
    }
    let p = set(GameId::Junqi)
        .into_iter()
        .find(|p| p.id == id)
        .ok_or(format!("no {id}"))?;
    let (game, _) = position::<JunQi>(&p, None).ok_or("the puzzle does not set up")?;
    let answer = answer_of(&p).to_string();
    let wrong = game
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, JunQiAction::Move { .. }))
        .map(|m| game.format_move(&m))
        .find(|m| *m != answer)
        .ok_or(format!("{id}: no move but the answer"))?;
    let (from, to) = wrong.split_once('-').unwrap_or_default();
    tap_post(client, from).await?;
    tap_post(client, to).await?;
    let after = phase(client, "wrong").await?;
    if after >= before {
        return Err(format!(
            "failing {id} with {wrong} moved the rating from {before} to {after}"
        ));
    }
    Ok(())
}

/// A backgammon play written as single steps (`13/7 bar/24*`), tapped as
/// written, then Done if the board waits for it.
async fn play_steps(client: &Client, steps: &[String]) -> Result<(), String> {
    for step in steps {
        let (from, to) = step.split_once('/').unwrap_or_default();
        tap_css(client, &spot_selector(from)).await?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        tap_css(client, &spot_selector(to)).await?;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let done = wait_js_value(
        client,
        "the play taken or Done offered",
        "const p = document.querySelector('[data-testid=puzzle-prompt]');
         const d = document.querySelector('[data-testid=done]');
         if (p && p.dataset.phase !== 'solving') return 'played';
         return d && !d.disabled ? 'done' : null;",
        |v| v.is_string(),
    )
    .await?;
    if done == "done" {
        tap_testid(client, "done").await?;
    }
    Ok(())
}

/// The steps of a play of two single-die steps, hits unmarked; none for
/// a play written otherwise (doubles, a checker moved twice).
fn single_steps(play: &str) -> Option<Vec<String>> {
    let steps: Vec<String> = play.replace('*', "").split(' ').map(str::to_string).collect();
    let single = steps.len() == 2 && steps.iter().all(|s| !s.contains('(') && s.split('/').count() == 2);
    single.then_some(steps)
}

async fn backgammon_failed(client: &Client, base: &str) -> Result<(), String> {
    browser::open_fresh(client, base, "en", &[], "/puzzles/backgammon").await?;
    let (id, opened, before) = shown(client).await?;
    if opened != "solving" {
        return Err(format!("{id} opens in phase {opened}"));
    }
    let p = set(GameId::Backgammon)
        .into_iter()
        .find(|p| p.id == id)
        .ok_or(format!("no {id}"))?;
    let (game, _) = position::<Backgammon>(&p, None).ok_or("the puzzle does not set up")?;
    let answer = answer_of(&p).replace('*', "");
    // A play of two single steps that is not the answer.
    let steps = game
        .legal_moves()
        .into_iter()
        .map(|m| game.format_move(&m).replace('*', ""))
        .filter(|t| *t != answer)
        .find_map(|t| single_steps(&t))
        .ok_or(format!("{id}: no other play of two single steps"))?;
    play_steps(client, &steps).await?;
    let after = phase(client, "wrong").await?;
    if after >= before {
        return Err(format!(
            "failing {id} with {steps:?} moved the rating from {before} to {after}"
        ));
    }
    Ok(())
}

/// A puzzle of the "make a point" theme whose answer is two single steps
/// (picking the theme again until one comes), solved: the rating goes up.
async fn backgammon_solved(client: &Client) -> Result<(), String> {
    for _ in 0..20 {
        browser::scroll_and_tap_testid(client, "puzzle-theme-make-point").await?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (id, opened, before) = shown(client).await?;
        let p = set(GameId::Backgammon)
            .into_iter()
            .find(|p| p.id == id)
            .ok_or(format!("no {id}"))?;
        let Some(steps) = single_steps(answer_of(&p)) else {
            continue;
        };
        if opened != "solving" {
            return Err(format!("{id} opens in phase {opened}"));
        }
        play_steps(client, &steps).await?;
        let after = phase(client, "solved").await?;
        if after <= before {
            return Err(format!("solving {id} moved the rating from {before} to {after}"));
        }
        return Ok(());
    }
    Err("twenty picks of the theme brought no answer of two single steps".into())
}

/// A finished game of the player's: the moves of shipped Hex puzzle
/// `hex-0011`, then its answer.
fn own_game() -> (Finished, String) {
    let p = set(GameId::Hex).into_iter().find(|p| p.id == "hex-0011").unwrap();
    let Body::Hex {
        options, moves, answer, ..
    } = &p.body
    else {
        unreachable!()
    };
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    let mut game = Hex::new(options, &mut rng).unwrap();
    let mut record = Record::<Hex>::new(*options, 0);
    for text in moves.iter().chain([answer]) {
        let mv = game.parse_move(text).unwrap();
        record.play(&mut game, mv).unwrap();
    }
    let finished = Finished::new::<Hex>(
        "hex-own".into(),
        &record,
        Seat::First,
        [Player::Human, Player::Bot(Level::Beginner)],
        None,
        "offline",
    )
    .unwrap();
    (finished, answer.clone())
}

async fn own_puzzle_solved(client: &Client, base: &str) -> Result<(), String> {
    let (finished, answer) = own_game();
    let games = serde_json::to_string(&vec![finished]).unwrap();
    browser::open_fresh(client, base, "en", &[(STORE_KEY, &games)], "/puzzles").await?;
    wait_js(
        client,
        "one puzzle found in the player's game",
        "const o = document.querySelector('[data-testid=own-puzzles]');
         return !!o && o.dataset.scanning === 'false' && o.dataset.count === '1';",
    )
    .await?;
    tap_testid(client, "puzzles-hex").await?;
    shown(client).await?;
    tap_testid(client, "puzzle-theme-yours").await?;
    let (id, opened, _) = shown(client).await?;
    if !id.starts_with("own-hex-own") || opened != "solving" {
        return Err(format!("the theme of the player's games shows {id} ({opened})"));
    }
    wait_js(
        client,
        "the puzzle marked as the player's",
        "return !!document.querySelector('[data-testid=puzzle-own]');",
    )
    .await?;
    tap_css(
        client,
        &format!("[data-testid=\"puzzle-board\"] [data-cell=\"{answer}\"]"),
    )
    .await?;
    phase(client, "solved").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junqi_and_backgammon_puzzles_solved_and_failed_and_one_from_the_players_game_by_touch() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let all = async {
        junqi_solved(&client, &base).await?;
        junqi_failed(&client).await?;
        backgammon_failed(&client, &base).await?;
        backgammon_solved(&client).await?;
        own_puzzle_solved(&client, &base).await
    };
    let outcome = tokio::time::timeout(Duration::from_secs(300), all)
        .await
        .unwrap_or_else(|_| Err("the puzzles took more than 5 minutes".into()));
    close_or_fail(client, &repo, FAILURE_SCREENSHOT, outcome).await;
}
