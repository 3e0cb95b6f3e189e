//! Confirm moves and the tutor in real headless Chromium (390×844 touch):
//! confirm moves turned on in Settings stops an accidental tap in each of
//! the four games (the board's position is unchanged, Confirm shown;
//! Cancel drops the move; Confirm plays it); the tutor asks before a
//! blunder against the Beginner on Hex 7×7 ("take it back" leaves the
//! board as it was), and not in an online game; screenshots of the
//! confirm bar and the tutor sheet at 390 and 320 px in en, id and fil
//! (`test-output/browser/steady/`).

use crate::support;
use support::browser::{
    self, close_or_fail, spot_selector, start_driver, take_shot, tap_css, tap_shown_testid, wait_js, wait_until,
    wait_visible,
};
use support::chrome::{press, stop_the_wall_clock_at};
use support::online::{create_room, join_room, open_lobby, read_frame, set_server, Phones};

use fantoccini::Client;
use serde_json::Value;
use std::time::Duration;

const DIR: &str = "test-output/browser/steady";
/// The page's wall clock, which seeds each new game and so the tutor's
/// searches: the corner stone is judged alike every run (27 points of
/// chance lost, over the 15 that make a blunder). Unseeded, the same stone
/// was judged anywhere from 18 to 33.
const GAME_CLOCK_MS: u64 = 1_767_225_600_000;
/// WebDriver's Escape and Enter keys.
const ESCAPE: char = '\u{E00C}';
const ENTER: char = '\u{E007}';

/// How many moves the move log lists, and whether Confirm is shown.
const READ_JS: &str = r#"
const c = document.querySelector('[data-testid="confirm-move"]');
return {
  plies: document.querySelectorAll('[data-testid="log-entry"]').length,
  confirm: !!c && c.getBoundingClientRect().height > 0,
  sheet: !!document.querySelector('[data-testid="tutor-sheet"]'),
};
"#;

#[derive(Debug, Clone, PartialEq)]
struct Read {
    plies: usize,
    confirm: bool,
    sheet: bool,
}

async fn read(client: &Client) -> Result<Read, String> {
    let v = client.execute(READ_JS, vec![]).await.map_err(|e| e.to_string())?;
    Ok(Read {
        plies: v["plies"].as_u64().unwrap_or(0) as usize,
        confirm: v["confirm"].as_bool().unwrap_or(false),
        sheet: v["sheet"].as_bool().unwrap_or(false),
    })
}

async fn wait_read(client: &Client, what: &str, done: impl Fn(&Read) -> bool) -> Result<Read, String> {
    wait_until(what, || async { read(client).await.map(Some) }, done).await
}

/// A fresh app in `lang` with these settings (JSON fields of the saved
/// settings), opened on the home screen.
async fn fresh(client: &Client, base: &str, settings: &str) -> Result<(), String> {
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    let js = format!("localStorage.clear(); localStorage.setItem('settings', JSON.stringify({settings}));");
    client.execute(&js, vec![]).await.map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())?;
    Ok(())
}

/// Home → `game` → the choices → start.
async fn start(client: &Client, base: &str, game: &str, choices: &[&str]) -> Result<(), String> {
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    tap_shown_testid(client, &format!("play-{game}")).await?;
    for choice in choices.iter().copied().chain(["start-game"]) {
        browser::scroll_and_tap_testid(client, choice).await?;
    }
    wait_visible(client, &format!("[data-testid=\"{game}-board\"]")).await?;
    Ok(())
}

fn cell(game: &str, name: &str) -> String {
    format!("[data-testid=\"{game}-board\"] [data-cell=\"{name}\"]")
}

async fn empty_hex_cell(client: &Client, name: &str) -> Result<bool, String> {
    let js = format!(
        "const c = document.querySelector('[data-testid=\"hex-board\"] [data-cell=\"{name}\"]'); return !!c && c.classList.contains('empty');"
    );
    let v = client.execute(&js, vec![]).await.map_err(|e| e.to_string())?;
    Ok(v.as_bool() == Some(true))
}

/// The tap (or taps) that make the first move of `game`, on a hotseat board.
async fn make_move(client: &Client, game: &str) -> Result<(), String> {
    match game {
        "hex" => tap_css(client, &cell("hex", "d4")).await,
        // Player 1's pawn starts on e1: d1 is a target.
        "hadang" => tap_css(client, &cell("hadang", "d1")).await,
        "junqi" => tap_css(client, "[data-testid=\"junqi-board\"] [data-post].facedown").await,
        "backgammon" => {
            // The turn is built checker by checker; Done hands it over (held).
            for _ in 0..8 {
                let done = client
                    .execute(
                        "const d = document.querySelector('[data-testid=\"done\"]'); return !!d && !d.disabled;",
                        vec![],
                    )
                    .await
                    .map_err(|e| e.to_string())?;
                if done.as_bool() == Some(true) {
                    return tap_shown_testid(client, "done").await;
                }
                let js = "const b = document.querySelector('[data-testid=\"backgammon-board\"]'); \
                    const t = b.querySelector('rect.hit[data-point].target') || b.querySelector('[data-testid=\"off\"].target'); \
                    if (t) return 't' + (t.getAttribute('data-point') || 'off'); \
                    const m = b.querySelector('[data-testid=\"bar\"].movable') ? 'bar' : (b.querySelector('rect.hit[data-point].movable') || {getAttribute: () => null}).getAttribute('data-point'); \
                    return m ? 'm' + m : null;";
                let spot = client.execute(js, vec![]).await.map_err(|e| e.to_string())?;
                let Some(spot) = spot.as_str().map(str::to_string) else {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                };
                tap_css(client, &spot_selector(&spot[1..])).await?;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err("the backgammon turn was not built within 8 taps".into())
        }
        other => Err(format!("no game {other}")),
    }
}

/// Backgammon between two people: the opening roll by a tap on the board.
async fn roll_opening(client: &Client) -> Result<(), String> {
    tap_css(client, &spot_selector("3")).await?;
    wait_js(
        client,
        "a turn to move after the opening roll",
        "return document.querySelector('[data-testid=\"backgammon-board\"]').getAttribute('data-phase') === 'move';",
    )
    .await
}

/// One game: the move-making tap holds the move (position unchanged,
/// Confirm shown); Cancel drops it; the same tap again and Confirm play it.
async fn confirm_in(client: &Client, base: &str, game: &str) -> Result<(), String> {
    let choices: &[&str] = match game {
        "hex" => &["size-7", "opponent-human"],
        _ => &["opponent-human"],
    };
    start(client, base, game, choices).await?;
    if game == "backgammon" {
        roll_opening(client).await?;
    }
    let before = read(client).await?;
    make_move(client, game).await?;
    let held = wait_read(client, &format!("{game}: Confirm shown"), |r| r.confirm).await?;
    if held.plies != before.plies {
        return Err(format!("{game}: the first tap played ({before:?} → {held:?})"));
    }
    if game == "hex" && !empty_hex_cell(client, "d4").await? {
        return Err("hex: a stone was placed before Confirm".into());
    }
    take_shot(client, &format!("{DIR}/confirm-{game}-en-390.png")).await?;
    tap_shown_testid(client, "cancel-move").await?;
    let cancelled = wait_read(client, &format!("{game}: Cancel drops the move"), |r| !r.confirm).await?;
    if cancelled.plies != before.plies {
        return Err(format!("{game}: Cancel changed the game ({cancelled:?})"));
    }
    make_move(client, game).await?;
    wait_read(client, &format!("{game}: Confirm shown again"), |r| r.confirm).await?;
    if game == "hex" {
        // By keyboard: Escape drops the held move; Enter on Confirm (which
        // takes the focus) plays it.
        press(client, &[ESCAPE]).await?;
        let dropped = wait_read(client, "hex: Escape drops the move", |r| !r.confirm).await?;
        if dropped.plies != before.plies {
            return Err(format!("hex: Escape changed the game ({dropped:?})"));
        }
        make_move(client, game).await?;
        wait_read(client, "hex: Confirm shown a third time", |r| r.confirm).await?;
        wait_js(
            client,
            "the focus on Confirm",
            "return document.activeElement && document.activeElement.getAttribute('data-testid') === 'confirm-move';",
        )
        .await?;
        press(client, &[ENTER]).await?;
    } else {
        tap_shown_testid(client, "confirm-move").await?;
    }
    wait_read(client, &format!("{game}: Confirm plays the move"), |r| {
        !r.confirm && r.plies > before.plies
    })
    .await?;
    if game == "hex" && empty_hex_cell(client, "d4").await? {
        return Err("hex: Confirm placed no stone".into());
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confirm_moves_stops_an_accidental_tap_in_each_game_and_the_tutor_warns_before_a_blunder() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let run = async {
        stop_the_wall_clock_at(&client, GAME_CLOCK_MS).await?;
        fresh(&client, &base, "{lang: 'en'}").await?;
        // Settings: both switches, each with its line of help.
        tap_shown_testid(&client, "open-settings").await?;
        for id in ["confirm-moves", "tutor"] {
            browser::scroll_and_tap_testid(&client, id).await?;
            wait_js(
                &client,
                &format!("{id} switched on"),
                &format!(
                    "return document.querySelector('[data-testid=\"{id}\"]').getAttribute('aria-checked') === 'true';"
                ),
            )
            .await?;
        }
        take_shot(&client, &format!("{DIR}/settings-en-390.png")).await?;
        // The tutor goes off again for the four hotseat games (it never
        // judges between two people anyway).
        browser::scroll_and_tap_testid(&client, "tutor").await?;
        for game in ["hex", "hadang", "junqi", "backgammon"] {
            confirm_in(&client, &base, game).await?;
        }
        // The tutor, against the Beginner on Hex 7×7, confirm moves off.
        fresh(&client, &base, "{lang: 'en', tutor: true}").await?;
        start(
            &client,
            &base,
            "hex",
            &["size-7", "opponent-beginner", "starts-me", "swap-off"],
        )
        .await?;
        let before = read(&client).await?;
        tap_css(&client, &cell("hex", "a1")).await?;
        let asked = wait_read(&client, "the tutor's sheet after a corner stone", |r| r.sheet).await?;
        if asked.plies != before.plies || !empty_hex_cell(&client, "a1").await? {
            return Err("the blunder was played before the tutor asked".into());
        }
        take_shot(&client, &format!("{DIR}/tutor-en-390.png")).await?;
        tap_shown_testid(&client, "tutor-take-back").await?;
        let back = wait_read(&client, "the sheet closes", |r| !r.sheet).await?;
        if back.plies != before.plies || !empty_hex_cell(&client, "a1").await? {
            return Err(format!("take it back changed the board ({back:?})"));
        }
        // The centre is no blunder: played without a question.
        tap_css(&client, &cell("hex", "d4")).await?;
        wait_read(&client, "the centre is played", |r| r.plies > before.plies && !r.sheet).await?;
        Ok::<_, String>(())
    };
    let outcome = tokio::time::timeout(Duration::from_secs(420), run)
        .await
        .unwrap_or_else(|_| Err("the steady-hand checks took more than 7 minutes".into()));
    close_or_fail(client, &repo, &format!("{DIR}/failure.png"), outcome).await;
    drop(driver);
}

/// The confirm bar and the tutor sheet at 390×844 and 320×700 in every
/// language: nothing wider than its box.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confirm_bar_and_tutor_sheet_fit_at_390_and_320_in_every_language() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    let mut problems = Vec::new();
    for (width, height) in [(390, 844), (320, 700)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let run = async {
            stop_the_wall_clock_at(&client, GAME_CLOCK_MS).await?;
            for lang in ["en", "id", "fil"] {
                fresh(
                    &client,
                    &base,
                    &format!("{{lang: '{lang}', tutor: true, confirm_moves: true}}"),
                )
                .await?;
                start(
                    &client,
                    &base,
                    "hex",
                    &["size-7", "opponent-beginner", "starts-me", "swap-off"],
                )
                .await?;
                tap_css(&client, &cell("hex", "a1")).await?;
                wait_read(&client, "Confirm shown", |r| r.confirm).await?;
                problems.extend(overflow(&client, &format!("confirm bar {lang} {width}")).await?);
                take_shot(&client, &format!("{DIR}/confirm-{lang}-{width}.png")).await?;
                tap_shown_testid(&client, "confirm-move").await?;
                wait_read(&client, "the tutor's sheet", |r| r.sheet).await?;
                // The sheet rises: let it settle before the picture.
                browser::settled(&client).await?;
                problems.extend(overflow(&client, &format!("tutor sheet {lang} {width}")).await?);
                take_shot(&client, &format!("{DIR}/tutor-{lang}-{width}.png")).await?;
                tap_shown_testid(&client, "tutor-take-back").await?;
                wait_read(&client, "the sheet closes", |r| !r.sheet).await?;
            }
            Ok::<_, String>(())
        };
        let outcome = tokio::time::timeout(Duration::from_secs(300), run)
            .await
            .unwrap_or_else(|_| Err(format!("the screens at {width} px took more than 5 minutes")));
        close_or_fail(client, &repo, &format!("{DIR}/failure-{width}.png"), outcome).await;
    }
    drop(driver);
    assert!(problems.is_empty(), "clipped: {problems:#?}");
}

/// Texts wider than their box in the action bar and the sheet.
async fn overflow(client: &Client, at: &str) -> Result<Vec<String>, String> {
    let js = r#"
const out = [];
for (const e of document.querySelectorAll('.action-bar *, .sheet *, .notices *')) {
  if (e.closest('svg')) continue;
  if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) out.push(`${e.getAttribute('data-testid') || e.className}: "${e.textContent.trim().slice(0, 40)}"`);
  const r = e.getBoundingClientRect();
  if (r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1)) out.push(`off screen: ${e.getAttribute('data-testid') || e.className}`);
}
return out;
"#;
    let v = client.execute(js, vec![]).await.map_err(|e| e.to_string())?;
    Ok(v.as_array()
        .into_iter()
        .flatten()
        .map(|p| format!("{at}: {}", p.as_str().unwrap_or_default()))
        .collect())
}

/// Online, with the tutor on, the same corner stone is played at once:
/// never a sheet in an online game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tutor_never_asks_in_an_online_game() {
    let phones = Phones::start().await;
    let failure = format!("{DIR}/online-failure.png");
    phones.forget_old_failure(&failure);
    let play = async {
        let (a, b) = (&phones.a, &phones.b);
        for phone in [a, b] {
            fresh(phone, &phones.base, "{lang: 'en', tutor: true}").await?;
            set_server(phone, &phones.base, &phones.server_url).await?;
        }
        open_lobby(a, &phones.base, "hex").await?;
        let code = create_room(a, &["size-7", "swap-off", "limit-none"]).await?;
        open_lobby(b, &phones.base, "hex").await?;
        join_room(b, &code).await?;
        let mut mover = None;
        for phone in [a, b] {
            let (frame, _) = wait_until(
                "the room starts",
                || read_frame(phone, "return null;"),
                |(f, _)| f.status == "playing",
            )
            .await?;
            if frame.my_turn {
                mover = Some(phone);
            }
        }
        let mover = mover.ok_or("neither phone is on turn")?;
        tap_css(mover, &cell("hex", "a1")).await?;
        wait_until(
            "the corner stone is played online",
            || async { Ok(Some(!empty_hex_cell(mover, "a1").await?)) },
            |placed: &bool| *placed,
        )
        .await?;
        // Well after the tap: still no sheet.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let sheet: Value = mover
            .execute(
                "return !!document.querySelector('[data-testid=\"tutor-sheet\"]');",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        if sheet.as_bool() != Some(false) {
            return Err("the tutor asked in an online game".into());
        }
        phones.shot(mover, &format!("{DIR}/online-no-tutor.png")).await;
        Ok("the online corner stone was played without a question".to_string())
    };
    let outcome = phones.within(Duration::from_secs(180), play).await;
    phones.finish(outcome, &failure).await;
}
