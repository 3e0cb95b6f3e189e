//! Correspondence rooms in the browser, against the real room server: phone
//! A creates a Hex room of 3 days per move (the lobby then shows the
//! vacation switch with the days left this month), phone B joins; both
//! strips show days and hours; B goes on vacation from its lobby and A sees
//! it on B's strip. A third phone, 320 px wide in Filipino, shows the lobby
//! with its correspondence and vacation fields. Screenshots under
//! `test-output/browser/correspondence-*.png`.

use crate::support;
use support::browser::{save_shot, scroll_and_tap_testid, start_driver, tap_shown_testid, wait_js_value, wait_visible};
use support::online::{create_room, join_room, open_lobby, set_server, text_of, Phones};

use fantoccini::Client;
use std::time::Duration;

const FAILURE_SHOT: &str = "test-output/browser/correspondence-failure.png";

/// Sets the phone's language (kept in its settings) and reloads.
async fn language(client: &Client, lang: &str) -> Result<(), String> {
    let js = format!(
        "let s = JSON.parse(localStorage.getItem('settings') || '{{}}'); s.lang = '{lang}'; \
         localStorage.setItem('settings', JSON.stringify(s)); location.reload(); return true;"
    );
    client.execute(&js, vec![]).await.map_err(|e| e.to_string())?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    Ok(())
}

/// Waits until the option segment `testid` is the one chosen.
async fn checked(client: &Client, testid: &str) -> Result<(), String> {
    let js = format!(
        "let e = document.querySelector('[data-testid=\"{testid}\"]'); return !!e && e.getAttribute('aria-checked') === 'true';"
    );
    wait_js_value(client, &format!("{testid} chosen"), &js, |v| v.as_bool() == Some(true))
        .await
        .map(drop)
}

/// Waits until the element's text contains `part`; returns the text.
async fn text_with(client: &Client, testid: &str, part: &str) -> Result<String, String> {
    let js = format!("let e = document.querySelector('[data-testid=\"{testid}\"]'); return e ? e.textContent : '';");
    let value = wait_js_value(client, &format!("{testid} saying {part:?}"), &js, |v| {
        v.as_str().is_some_and(|t| t.contains(part))
    })
    .await?;
    Ok(value.as_str().unwrap_or_default().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_room_shows_days_and_the_opponents_vacation() {
    let phones = Phones::start().await;
    phones.forget_old_failure(FAILURE_SHOT);
    let outcome = phones.within(Duration::from_secs(240), play(&phones)).await;
    phones.finish(outcome, FAILURE_SHOT).await;
}

async fn play(phones: &Phones) -> Result<String, String> {
    let (repo, base, server_url, a, b) = (&phones.repo, &phones.base, &phones.server_url, &phones.a, &phones.b);
    for phone in [a, b] {
        set_server(phone, base, server_url).await?;
    }
    language(b, "id").await?;
    // A: Hex 7×7, 3 days per move; the vacation switch appears with 14 days.
    open_lobby(a, base, "hex").await?;
    // Days per move take the live turn limit off, and a turn limit makes
    // the room live again.
    tap_shown_testid(a, "limit-30").await?;
    tap_shown_testid(a, "days-3").await?;
    checked(a, "limit-none").await?;
    tap_shown_testid(a, "limit-60").await?;
    checked(a, "days-live").await?;
    tap_shown_testid(a, "days-3").await?;
    let left = text_of(a, "[data-testid=\"vacation-left\"]").await?;
    if !left.contains("14 days") {
        return Err(format!("the vacation field says {left:?}"));
    }
    save_shot(a, repo, "test-output/browser/correspondence-lobby-en-390.png").await;
    let code = create_room(a, &["size-7", "days-3"]).await?;
    open_lobby(b, base, "hex").await?;
    join_room(b, &code).await?;
    // Both strips count days and hours.
    let mine = text_with(a, "clock-me", " d ").await?;
    let theirs = text_with(b, "clock-opponent", " hr ").await?;
    // B goes on vacation from its lobby (Indonesian): A sees it on B's strip.
    // (Home would go straight back to the room: the lobby by its address.)
    b.goto(&format!("{base}/#/online/hex"))
        .await
        .map_err(|e| e.to_string())?;
    b.refresh().await.map_err(|e| e.to_string())?;
    scroll_and_tap_testid(b, "days-1").await?;
    scroll_and_tap_testid(b, "vacation-3").await?;
    let on = text_of(b, "[data-testid=\"vacation-on\"]").await?;
    save_shot(b, repo, "test-output/browser/correspondence-vacation-id-390.png").await;
    let badge = text_with(a, "presence", "on vacation").await?;
    tokio::time::sleep(Duration::from_millis(400)).await;
    save_shot(a, repo, "test-output/browser/correspondence-room-en-390.png").await;
    tap_shown_testid(b, "online-return").await?;
    wait_visible(b, "[data-testid=\"clock-me\"]").await?;
    tokio::time::sleep(Duration::from_millis(400)).await;
    save_shot(b, repo, "test-output/browser/correspondence-room-id-390.png").await;

    // A third phone, 320 px wide, in Filipino: the lobby's new fields fit.
    let driver = start_driver();
    let c = driver.connect_phone_sized(320, 700).await?;
    let narrow = async {
        set_server(&c, base, server_url).await?;
        language(&c, "fil").await?;
        open_lobby(&c, base, "backgammon").await?;
        scroll_and_tap_testid(&c, "days-7").await?;
        wait_visible(&c, "[data-testid=\"vacation-left\"]").await?;
        save_shot(&c, repo, "test-output/browser/correspondence-lobby-fil-320.png").await;
        Ok::<_, String>(())
    }
    .await;
    let _ = c.close().await;
    drop(driver);
    narrow?;
    Ok(format!(
        "correspondence: A's clock {mine:?}, B sees {theirs:?}; B {on:?}; A sees {badge:?}"
    ))
}
