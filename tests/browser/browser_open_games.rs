//! Real-browser test of home's list of games and the "your move" count:
//! phone B (headless Chromium, 390×844 touch) joins a Hex room that an
//! opponent opened through the API (papan-api's client, on the same room
//! server started here), goes home, starts a game on the device too, and
//! leaves for Settings. The opponent moves while B is away from the room.
//! Back home, B's list shows the online game on top (above the newer game
//! on the device) marked as B's move, the heading counts "(1)" and the tab
//! title reads "(1) Papan". B taps it, moves, and the count clears at once.
//! The list is also photographed at 390 and 320 px in en, id and fil
//! (`test-output/browser/open-games/<lang>-<width>.png`), each checked to
//! fit its width.
//!
//! DOM contract: `[data-testid=open-games]` with `data-count`; each online
//! line `[data-testid=continue-online]` with `data-room` and
//! `data-your-move`; a game on the device `[data-testid=continue-<game>]`.

use crate::support;
use support::browser::{
    repo, save_shot, serve_web_build, start_driver, start_hex_7_against_the_beginner, tap_shown_testid, wait_js,
    wait_visible,
};
use support::chrome::tap;
use support::online::{join_room, open_lobby, set_server};

use fantoccini::{Client, Locator};
use papan_api::{Action, ActionRequest, RoomOptions, SeatGrant};
use papan_server::{Config, Server};
use std::path::Path;
use std::time::Duration;

const FAILURE_SHOT: &str = "test-output/browser/open-games/failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opponents_move_puts_the_game_on_top_as_your_move_and_moving_clears_the_count() {
    let repo = repo();
    let base = serve_web_build(&repo);
    let db = tempfile::tempdir().unwrap();
    let mut config = Config::new(db.path().join("rooms.db"), "127.0.0.1:0".parse().unwrap());
    config.rate_burst = 1_000.0;
    let server = Server::start(config).await.expect("room server starts");
    let server_url = server.base_url();
    let driver = start_driver();
    let phone = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let narrow = driver
        .connect_phone_sized(320, 640)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(
        Duration::from_secs(240),
        run(&repo, &base, &server_url, &phone, &narrow),
    )
    .await
    .unwrap_or_else(|_| Err("the test took more than 240 s".into()));
    if outcome.is_err() {
        save_shot(&phone, &repo, FAILURE_SHOT).await;
    }
    let _ = phone.close().await;
    let _ = narrow.close().await;
    server.stop().await;
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

/// The title and the list as the page has them now.
async fn title(client: &Client) -> Result<String, String> {
    client
        .execute("return document.title", vec![])
        .await
        .map_err(|e| e.to_string())
        .map(|v| v.as_str().unwrap_or_default().to_string())
}

async fn run(repo: &Path, base: &str, server_url: &str, b: &Client, narrow: &Client) -> Result<(), String> {
    // The opponent: a device of its own, through the API.
    let mut opponent = papan_api::Client::new(server_url);
    opponent.register().await.map_err(|e| e.to_string())?;
    let grant: SeatGrant = opponent
        .create_room(RoomOptions::hex(7, false, None))
        .await
        .map_err(|e| e.to_string())?;

    // B joins by the code, sees the game start, and goes home: the list has
    // it, the opponent's move (the creator moves first).
    set_server(b, base, server_url).await?;
    open_lobby(b, base, "hex").await?;
    join_room(b, &grant.code).await?;
    wait_visible(b, "[data-testid=\"online-room\"][data-status=\"playing\"]").await?;
    tap_shown_testid(b, "back").await?;
    wait_visible(b, "[data-testid=\"continue-online\"][data-your-move=\"false\"]").await?;
    if title(b).await? != "Papan" {
        return Err(format!("nothing waits for B, yet the title is {:?}", title(b).await?));
    }
    // A newer game on the device, then away to Settings.
    start_hex_7_against_the_beginner(b).await?;
    wait_visible(b, "[data-testid=\"hex-board\"]").await?;
    tap_shown_testid(b, "back").await?;
    wait_visible(b, "[data-testid=\"continue-hex\"]").await?;
    tap_shown_testid(b, "open-settings").await?;
    wait_visible(b, "[data-testid=\"server-input\"]").await?;

    // The opponent moves while B's room is closed.
    let snap = opponent
        .snapshot(&grant.room_id, &grant.seat_token)
        .await
        .map_err(|e| e.to_string())?;
    let request = ActionRequest {
        based_on_version: snap.version,
        client_seq: 1,
        action: Action::Move { notation: "d4".into() },
    };
    opponent
        .act(&grant.room_id, &grant.seat_token, &request)
        .await
        .map_err(|e| e.to_string())?;

    // Home: the online game on top, B's move, counted in the heading and title.
    tap_shown_testid(b, "back").await?;
    wait_js(
        b,
        "the online game on top as B's move",
        "const first = document.querySelector('[data-testid=open-games] .open-game'); \
         return !!first && first.dataset.testid === 'continue-online' && first.dataset.yourMove === 'true' \
           && document.querySelectorAll('[data-testid=open-games] .open-game').length === 2;",
    )
    .await?;
    let count = wait_visible(b, "[data-testid=\"your-move-count\"]").await?;
    let count = count.text().await.map_err(|e| e.to_string())?;
    if !count.contains("(1)") {
        return Err(format!("the heading counts {count:?}"));
    }
    wait_js(b, "the title (1) Papan", "return document.title === '(1) Papan';").await?;
    let row = wait_visible(b, "[data-testid=\"continue-online\"]").await?;
    let sub = row.text().await.map_err(|e| e.to_string())?;
    if !sub.contains("d4") || !sub.contains("Your turn") {
        return Err(format!("the line reads {sub:?}"));
    }

    // The list at 390 and 320 px in each language (B's device copied to the
    // narrow phone, so it is the same device with the same list).
    let storage = b
        .execute("return JSON.stringify(Object.assign({}, localStorage));", vec![])
        .await
        .map_err(|e| e.to_string())?;
    let storage = storage.as_str().unwrap_or("{}").to_string();
    narrow.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    narrow
        .execute(
            "localStorage.clear(); const s = JSON.parse(arguments[0]); for (const k in s) localStorage.setItem(k, s[k]);",
            vec![serde_json::Value::String(storage)],
        )
        .await
        .map_err(|e| e.to_string())?;
    for lang in ["en", "id", "fil"] {
        for (client, width) in [(b, 390), (narrow, 320)] {
            shoot(client, repo, base, lang, width).await?;
        }
    }
    // The list passes axe in light and dark (the badge on the accent card).
    for theme in ["dark", "light"] {
        let js = format!(
            "const s = JSON.parse(localStorage.getItem('settings') || '{{}}'); s.theme = '{theme}'; \
             localStorage.setItem('settings', JSON.stringify(s));"
        );
        b.execute(&js, vec![]).await.map_err(|e| e.to_string())?;
        shoot(b, repo, base, "en", 390).await?;
        let found = axe(b).await?;
        if !found.is_empty() {
            return Err(format!("axe in {theme}: {found:?}"));
        }
    }
    // Back to English on B (the checks below read English).
    set_lang(b, "en").await?;
    b.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    // Opening the app goes straight back to the unfinished online game.
    wait_visible(b, "[data-testid=\"online-room\"][data-my-turn=\"true\"]").await?;
    wait_js(
        b,
        "the title (1) Papan in the room",
        "return document.title === '(1) Papan';",
    )
    .await?;

    // B moves: the count clears at once.
    let cell = b
        .find(Locator::Css("[data-testid=\"hex-board\"] [data-cell=\"a1\"]"))
        .await
        .map_err(|e| format!("cell a1: {e}"))?;
    tap(b, &cell).await?;
    wait_js(b, "the title back to Papan", "return document.title === 'Papan';").await?;
    tap_shown_testid(b, "back").await?;
    wait_visible(b, "[data-testid=\"continue-online\"][data-your-move=\"false\"]").await?;
    if crate::support::online::present(b, "[data-testid=\"your-move-count\"]").await? {
        return Err("the heading still counts a game after B moved".into());
    }
    save_shot(b, repo, "test-output/browser/open-games/after-move-en-390.png").await;
    Ok(())
}

/// axe-core's serious or critical findings on the page (WCAG 2.2 AA).
async fn axe(client: &Client) -> Result<Vec<String>, String> {
    let path = std::env::var_os("PAPAN_AXE_JS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            let home = std::env::var_os("HOME")
                .map(std::path::PathBuf::from)
                .unwrap_or_default();
            home.join(".cache/papan/tools/node_modules/axe-core/axe.min.js")
        });
    let script = std::fs::read_to_string(&path).map_err(|e| format!("axe-core at {}: {e}", path.display()))?;
    client
        .execute(&script, vec![])
        .await
        .map_err(|e| format!("loading axe: {e}"))?;
    let found = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
                                 resultTypes: ['violations'] })
               .then(r => done(r.violations
                 .filter(v => v.impact === 'serious' || v.impact === 'critical')
                 .map(v => v.id + ' on ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))),
                 e => done(['axe did not run: ' + e]));",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    serde_json::from_value(found).map_err(|e| e.to_string())
}

async fn set_lang(client: &Client, lang: &str) -> Result<(), String> {
    let js = format!(
        "const s = JSON.parse(localStorage.getItem('settings') || '{{}}'); s.lang = '{lang}'; \
         localStorage.setItem('settings', JSON.stringify(s));"
    );
    client.execute(&js, vec![]).await.map_err(|e| e.to_string()).map(drop)
}

/// Opens the app in `lang` (it goes to the online game first, as on every
/// start), goes home, and photographs the list; it must fit `width`.
async fn shoot(client: &Client, repo: &Path, base: &str, lang: &str, width: u32) -> Result<(), String> {
    set_lang(client, lang).await?;
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    wait_visible(client, "[data-testid=\"online-room\"]").await?;
    tap_shown_testid(client, "back").await?;
    wait_visible(client, "[data-testid=\"your-move-count\"]").await?;
    wait_js(
        client,
        &format!("the page in {lang}"),
        &format!("return document.documentElement.lang === '{lang}';"),
    )
    .await?;
    let overflow = client
        .execute(
            "const w = document.documentElement.clientWidth; \
             return [...document.querySelectorAll('[data-testid=open-games] *')] \
               .filter(e => e.getBoundingClientRect().right > w + 1).map(e => e.className).slice(0, 3);",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    if overflow.as_array().is_some_and(|a| !a.is_empty()) {
        return Err(format!("the list is wider than {width} px in {lang}: {overflow}"));
    }
    save_shot(
        client,
        repo,
        &format!("test-output/browser/open-games/{lang}-{width}.png"),
    )
    .await;
    Ok(())
}
