//! Real-browser online test: two phones (two headless Chromium sessions at
//! 390×844 with touch, each with its own profile, so each is its own device)
//! play a whole 7×7 Hex game against each other through the room server,
//! started here on 127.0.0.1 with a temporary database. Everything is done by
//! taps: the server address in Settings, a quick match that finds nobody
//! and is cancelled, create a room, read its code, join with it on the other
//! phone, then stones until one side connects. Midway the second phone
//! reloads the page and must come back to its seat with the same board;
//! later the first phone opens the app again from its start page and must
//! land back in its seat; later still the room server stops and restarts,
//! and both phones must show that they are reconnecting, come back by
//! themselves and play on. A missing browser or build is a FAILURE.
//!
//! DOM contract: `[data-testid=online-room]` with `data-status`
//! (`waiting|playing|over|closed`), `data-my-turn`, `data-version`; the
//! waiting card's `room-code`; the Hex board's cells (`data-cell`, class
//! `empty|red|blue`); `result-banner` with `data-winner` (`human` = this
//! phone won, `opponent`).

use crate::support;
use support::browser::{save_shot, tap_shown_testid, wait_visible, STEP_TIMEOUT};
use support::chrome::tap;
use support::online::{create_room, join_room, open_lobby, present, set_server, Phones};

use fantoccini::{Client, Locator};
use std::time::{Duration, Instant};

/// The second phone reloads after this many stones are on the board.
const RELOAD_AT_STONES: usize = 5;
/// Phone A opens the app again from its start page after this many stones.
const REOPEN_AT_STONES: usize = 11;
/// The room server restarts after this many stones.
const RESTART_AT_STONES: usize = 15;
const SHOT_RECONNECTING: &str = "test-output/browser/online-hex-reconnecting.png";
const SHOT_SETTINGS: &str = "test-output/browser/online-settings.png";
const SHOT_MATCHING: &str = "test-output/browser/online-hex-quick-match.png";
const SHOT_LOBBY: &str = "test-output/browser/online-hex-lobby.png";
const SHOT_A: &str = "test-output/browser/online-hex-phone-a.png";
const SHOT_B: &str = "test-output/browser/online-hex-phone-b.png";
const SHOT_MID: &str = "test-output/browser/online-hex-midgame.png";
const SHOT_WAITING: &str = "test-output/browser/online-hex-waiting.png";
const FAILURE_SHOT: &str = "test-output/browser/online-hex-failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_a_whole_hex_game_through_the_server_one_reloading_midgame() {
    let phones = Phones::start().await;
    phones.forget_old_failure(FAILURE_SHOT);
    let outcome = phones.within(Duration::from_secs(300), play(&phones)).await;
    phones.finish(outcome, FAILURE_SHOT).await;
}

async fn play(phones: &Phones) -> Result<String, String> {
    let (repo, base, server_url, a, b) = (&phones.repo, &phones.base, &phones.server_url, &phones.a, &phones.b);
    for phone in [a, b] {
        set_server(phone, base, server_url).await?;
    }
    save_shot(a, repo, SHOT_SETTINGS).await;
    // Quick match on phone A finds nobody: it shows that it is looking and
    // can be cancelled, which takes it home with no seat kept.
    open_lobby(a, base, "hex").await?;
    // Ranked on: the lobby shows this device's rating from the server.
    tap_shown_testid(a, "ranked-on").await?;
    let rating = wait_visible(a, "[data-testid=\"rating\"]").await?;
    let rating = rating.text().await.map_err(|e| e.to_string())?;
    if !rating.contains("1500") || !rating.contains('±') {
        return Err(format!("a new player's rating should read 1500 ± …, not {rating:?}"));
    }
    tap_shown_testid(a, "ranked-off").await?;
    tap_shown_testid(a, "quick-match").await?;
    wait_visible(a, "[data-testid=\"waiting\"][data-matchmaking=\"true\"]").await?;
    save_shot(a, repo, SHOT_MATCHING).await;
    tap_shown_testid(a, "cancel-waiting").await?;
    wait_visible(a, "[data-testid=\"play-hex\"]").await?;
    if present(a, "[data-testid=\"continue-online\"]").await? {
        return Err("a cancelled quick match still offers to return to it".into());
    }

    // Phone A creates a 7×7 room and waits with its code on screen.
    open_lobby(a, base, "hex").await?;
    let code = create_room(a, &["size-7", "swap-off", "limit-none"]).await?;
    save_shot(a, repo, SHOT_WAITING).await;

    // Phone B joins with the code, typed as a person would (lower case).
    open_lobby(b, base, "hex").await?;
    save_shot(b, repo, SHOT_LOBBY).await;
    join_room(b, &code).await?;

    let mut room_a = wait_room(a, |r| r.status == "playing").await?;
    let mut room_b = wait_room(b, |r| r.status == "playing").await?;
    let mut reloaded = false;
    let mut reopened = false;
    let mut restarted = false;
    let mut taps = 0;
    while room_a.status != "over" || room_b.status != "over" {
        if taps > 60 {
            return Err("no result after 60 stones on a 7×7 board".into());
        }
        if !reloaded && room_a.stones() >= RELOAD_AT_STONES {
            save_shot(a, repo, SHOT_MID).await;
            let before = room_b_settled(b, &room_a).await?;
            b.refresh().await.map_err(|e| format!("reload: {e}"))?;
            let after = wait_room(b, |r| r.status == "playing" && r.version == before.version).await?;
            if after.cells != before.cells {
                return Err("after the reload phone B shows another board".into());
            }
            reloaded = true;
            room_b = after;
            continue;
        }
        if !reopened && room_a.stones() >= REOPEN_AT_STONES {
            // Phone A opens the app again from its start page: it goes
            // straight back to its seat in the unfinished game.
            let before = room_b_settled(a, &room_b).await?;
            a.goto(&format!("{base}/"))
                .await
                .map_err(|e| format!("reopening: {e}"))?;
            let after = wait_room(a, |r| r.status == "playing" && r.version == before.version).await?;
            if after.cells != before.cells {
                return Err("after reopening the app phone A shows another board".into());
            }
            reopened = true;
            room_a = after;
            continue;
        }
        if !restarted && room_a.stones() >= RESTART_AT_STONES {
            // The room server goes down mid-game: both phones say they are
            // reconnecting, then come back by themselves when it is up again.
            let before = room_b_settled(b, &room_a).await?;
            phones.stop_server().await;
            for phone in [a, b] {
                wait_visible(phone, "[data-testid=\"connection\"][data-state=\"retrying\"]").await?;
            }
            save_shot(b, repo, SHOT_RECONNECTING).await;
            phones.restart_server().await;
            for phone in [a, b] {
                wait_visible(phone, "[data-testid=\"connection\"][data-state=\"live\"]").await?;
            }
            room_a = wait_room(a, |r| r.version == before.version).await?;
            room_b = wait_room(b, |r| r.version == before.version).await?;
            if room_a.cells != before.cells || room_b.cells != before.cells {
                return Err("after the server restart the phones show another board".into());
            }
            restarted = true;
            continue;
        }
        let (mover, other) = if room_a.my_turn {
            (a, b)
        } else if room_b.my_turn {
            (b, a)
        } else {
            room_a = wait_room(a, |r| r.my_turn || r.status == "over").await?;
            room_b = wait_room(b, |r| r.my_turn || r.status == "over").await?;
            continue;
        };
        let board = read_room(mover).await?.ok_or("the room left the screen")?;
        let cell = board.first_empty().ok_or("my turn but the board is full")?;
        let target = mover
            .find(Locator::Css(&format!(
                "[data-testid=\"hex-board\"] [data-cell=\"{cell}\"]"
            )))
            .await
            .map_err(|e| format!("cell {cell}: {e}"))?;
        tap(mover, &target).await?;
        taps += 1;
        // The stone reaches the other phone through the server.
        let seen = wait_room(other, |r| r.stone(&cell) != "empty" || r.status == "over").await?;
        let placed = wait_room(mover, |r| r.version == seen.version && r.stone(&cell) != "empty").await?;
        if placed.cells != seen.cells {
            return Err(format!("the phones disagree after {cell}"));
        }
        room_a = read_room(a).await?.ok_or("room A gone")?;
        room_b = read_room(b).await?.ok_or("room B gone")?;
    }
    if !reloaded || !reopened || !restarted {
        return Err("the game ended before the reload, the reopening and the server restart happened".into());
    }
    let win_a = wait_visible(a, "[data-testid=\"result-banner\"]").await?;
    let win_b = wait_visible(b, "[data-testid=\"result-banner\"]").await?;
    let wa = win_a.attr("data-winner").await.ok().flatten().unwrap_or_default();
    let wb = win_b.attr("data-winner").await.ok().flatten().unwrap_or_default();
    let mut winners = [wa.as_str(), wb.as_str()];
    winners.sort();
    if winners != ["human", "opponent"] {
        return Err(format!("the result banners disagree: A {wa}, B {wb}"));
    }
    save_shot(a, repo, SHOT_A).await;
    save_shot(b, repo, SHOT_B).await;
    check_log_and_review(b, taps).await?;
    Ok(format!(
        "online Hex: {taps} stones, phone A {wa}, phone B {wb}; screenshots {SHOT_A}, {SHOT_B}, {SHOT_MID}, {SHOT_WAITING}"
    ))
}

/// The room's move log lists every stone; a tap on the first shows that
/// position read-only until "Back to the game"; the finished game is kept
/// and its review opens from the result card.
async fn check_log_and_review(phone: &Client, stones: usize) -> Result<(), String> {
    let entries = phone
        .find_all(Locator::Css("[data-testid=\"log-entry\"]"))
        .await
        .map_err(|e| e.to_string())?;
    if entries.len() != stones {
        return Err(format!("the move log has {} moves, the game {stones}", entries.len()));
    }
    tap(phone, &entries[0]).await?;
    wait_visible(phone, "[data-testid=\"look-back\"]").await?;
    let stones_shown = phone
        .find_all(Locator::Css(
            "[data-testid=\"hex-board\"] .cell.red, [data-testid=\"hex-board\"] .cell.blue",
        ))
        .await
        .map_err(|e| e.to_string())?
        .len();
    if stones_shown != 1 {
        return Err(format!("looking at move 1 shows {stones_shown} stones"));
    }
    let back = wait_visible(phone, "[data-testid=\"log-live\"]").await?;
    tap(phone, &back).await?;
    let review = wait_visible(phone, "[data-testid=\"open-review\"]").await?;
    tap(phone, &review).await?;
    wait_visible(phone, "[data-testid=\"review-graph\"]").await?;
    Ok(())
}

/// Waits until `phone` shows what the other phone shows (same version),
/// before reloading or reopening it.
async fn room_b_settled(phone: &Client, other: &Room) -> Result<Room, String> {
    wait_room(phone, |r| r.version >= other.version).await
}

#[derive(Clone, Debug, PartialEq)]
struct Room {
    status: String,
    my_turn: bool,
    version: u64,
    cells: Vec<(String, String)>,
}

impl Room {
    fn stones(&self) -> usize {
        self.cells.iter().filter(|(_, s)| s != "empty").count()
    }
    fn stone(&self, cell: &str) -> String {
        self.cells
            .iter()
            .find(|(c, _)| c == cell)
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    }
    /// The first empty cell, scanning from the centre row outwards, so the
    /// game does not fill one edge first.
    fn first_empty(&self) -> Option<String> {
        let mut empty: Vec<&(String, String)> = self.cells.iter().filter(|(_, s)| s == "empty").collect();
        empty.sort_by_key(|(c, _)| {
            let row: i32 = c[1..].parse().unwrap_or(0);
            let col = c.as_bytes()[0] as i32 - b'a' as i32 + 1;
            (row - 4).abs() * 10 + (col - 4).abs()
        });
        empty.first().map(|(c, _)| c.clone())
    }
}

const READ_ROOM_JS: &str = r#"
const room = document.querySelector('[data-testid="online-room"]');
if (!room) return null;
const cells = [...document.querySelectorAll('[data-testid="hex-board"] [data-cell]')].map(c =>
  [c.getAttribute('data-cell'), c.classList.contains('red') ? 'red' : (c.classList.contains('blue') ? 'blue' : 'empty')]);
return { status: room.dataset.status, myTurn: room.dataset.myTurn === 'true', version: Number(room.dataset.version), cells };
"#;

async fn read_room(client: &Client) -> Result<Option<Room>, String> {
    let value = client
        .execute(READ_ROOM_JS, vec![])
        .await
        .map_err(|e| format!("reading the room: {e}"))?;
    if value.is_null() {
        return Ok(None);
    }
    let cells = value["cells"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|pair| Some((pair[0].as_str()?.to_string(), pair[1].as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default();
    Ok(Some(Room {
        status: value["status"].as_str().unwrap_or_default().to_string(),
        my_turn: value["myTurn"].as_bool().unwrap_or(false),
        version: value["version"].as_u64().unwrap_or(0),
        cells,
    }))
}

async fn wait_room(client: &Client, done: impl Fn(&Room) -> bool) -> Result<Room, String> {
    let deadline = Instant::now() + STEP_TIMEOUT;
    let mut last = None;
    loop {
        if let Some(room) = read_room(client).await? {
            if done(&room) {
                return Ok(room);
            }
            last = Some(room);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "the room did not reach the expected state within {STEP_TIMEOUT:?}; last seen {:?}",
                last.map(|r| (r.stones(), r.status, r.my_turn, r.version))
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
