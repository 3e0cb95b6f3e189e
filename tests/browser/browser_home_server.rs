//! Real-browser test of the home setup (`cargo xtask serve`, issue 34 item
//! 6): the room server serves the web build itself (`--app`, here the same
//! `Config::app` in-process) and two phones (headless Chromium at 390×844
//! with touch, each its own device) open the app from that one address with
//! NO server address set anywhere. Phone A's lobby names the page's own
//! origin as its server; A invites a friend and the link carries that same
//! address; phone B opens the link, joins with one tap, and both phones see
//! the game start and a first stone placed by A.

use crate::support;
use support::browser::{save_shot, start_driver, tap_shown_testid, wait_visible};
use support::chrome::tap;
use support::online::{open_lobby, read_frame, text_of};
use support::web::web_build;

use fantoccini::{Client, Locator};
use papan_server::{Config, Server};
use std::time::Duration;

const SHOT_LOBBY: &str = "test-output/browser/home-server/lobby-en-390.png";
const SHOT_INVITE: &str = "test-output/browser/home-server/invite-en-390.png";
const SHOT_B: &str = "test-output/browser/home-server/phone-b-en-390.png";
const FAILURE_SHOT: &str = "test-output/browser/home-server/failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_through_the_address_that_served_the_app_with_no_server_set() {
    let repo = support::browser::repo();
    let dist = web_build(&repo).unwrap_or_else(|e| panic!("web build unavailable: {e}"));
    let db = tempfile::tempdir().unwrap();
    let mut config = Config::new(db.path().join("rooms.db"), "127.0.0.1:0".parse().unwrap());
    config.app = Some(dist);
    // Two phones from one address: lift the per-device rate limit's burst.
    config.rate_burst = 1_000.0;
    let server = Server::start(config).await.expect("the server serves the app");
    let base = server.base_url();
    let driver_a = start_driver();
    let driver_b = start_driver();
    let a = driver_a.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let b = driver_b.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let outcome = tokio::time::timeout(Duration::from_secs(240), play(&repo, &base, &a, &b))
        .await
        .unwrap_or_else(|_| Err("the home setup test took more than 4 minutes".into()));
    if outcome.is_err() {
        for (client, suffix) in [(&a, "a"), (&b, "b")] {
            let path = FAILURE_SHOT.replace(".png", &format!("-{suffix}.png"));
            support::browser::save_failure_shot(client, &repo, &path).await;
        }
    }
    let _ = a.close().await;
    let _ = b.close().await;
    drop((driver_a, driver_b));
    server.stop().await;
    match outcome {
        Ok(summary) => println!("{summary}"),
        Err(e) => panic!("{e}"),
    }
}

/// The room's status as a phone sees it (`waiting`, `playing`…) and its version.
async fn frame(client: &Client) -> Result<Option<(String, u64, bool)>, String> {
    Ok(read_frame(client, "return null")
        .await?
        .map(|(f, _)| (f.status, f.version, f.my_turn)))
}

async fn wait_frame(
    client: &Client,
    what: &str,
    done: impl Fn(&(String, u64, bool)) -> bool,
) -> Result<(String, u64, bool), String> {
    support::browser::wait_until(what, || frame(client), done).await
}

async fn play(repo: &std::path::Path, base: &str, a: &Client, b: &Client) -> Result<String, String> {
    // A: the lobby names the page's own address as the room server.
    open_lobby(a, base, "hex").await?;
    let line = text_of(a, "[data-testid=\"server\"]").await?;
    if !line.contains(base) {
        return Err(format!("with no server set, the lobby says {line:?}, not {base}"));
    }
    save_shot(a, repo, SHOT_LOBBY).await;
    for id in ["size-7", "swap-off", "limit-none"] {
        tap_shown_testid(a, id).await?;
    }
    tap_shown_testid(a, "invite").await?;
    wait_visible(a, "[data-testid=\"invite-panel\"]").await?;
    let code = text_of(a, "[data-testid=\"room-code\"]").await?;
    let link = text_of(a, "[data-testid=\"invite-link\"]").await?;
    if !link.starts_with(&format!("{base}/#/join/hex/{code}/")) {
        return Err(format!("the link {link:?} does not lead to {base}"));
    }
    save_shot(a, repo, SHOT_INVITE).await;

    // B: opens the link (the page from the same address), joins with one tap.
    b.goto(&link).await.map_err(|e| format!("opening {link}: {e}"))?;
    tap_shown_testid(b, "invite-join").await?;
    wait_frame(b, "B sees the game start", |f| f.0 == "playing").await?;
    let (_, version, a_first) = wait_frame(a, "A sees the game start", |f| f.0 == "playing").await?;

    // The first mover places a stone; the other phone sees it.
    let (mover, other) = if a_first { (a, b) } else { (b, a) };
    let cell = mover
        .find(Locator::Css("[data-testid=\"hex-board\"] [data-cell=\"d4\"]"))
        .await
        .map_err(|e| format!("cell d4: {e}"))?;
    tap(mover, &cell).await?;
    wait_frame(other, "the stone reaches the other phone", |f| f.1 > version && f.2).await?;
    save_shot(b, repo, SHOT_B).await;
    Ok(format!(
        "home setup: room {code} created and joined through {base}; screenshots {SHOT_LOBBY}, {SHOT_INVITE}, {SHOT_B}"
    ))
}
