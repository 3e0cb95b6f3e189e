//! Real-browser test of notifications (issue 34, item 5), on one phone
//! (headless Chromium at 390×844 with touch) with the room server
//! in-process. In Settings, notifications blocked by the browser are said
//! to be blocked and nothing is kept; allowed, the switch asks the browser
//! to subscribe (headless Chromium has no push service to reach here, so
//! it must say so, keep nothing and leave the switch off). Then a push is
//! delivered to the service worker through the DevTools protocol
//! (`ServiceWorker.deliverPushMessage`, the message as the room server
//! writes it): the worker shows it with the server's words, and a tap on
//! it (the worker's own tap handler, run in the worker through DevTools)
//! brings the open Papan window to that game. Last, the Settings section is
//! photographed at 390×844 and 320×700 in en, id and fil under
//! `test-output/browser/push/`, each checked for overflow.

use crate::support;
use support::browser::{
    check_overflow, open_fresh, save_shot, scroll_and_tap_testid, start_driver, wait_js, wait_visible,
};
use support::chrome::cdp;
use support::online::{set_server, Phones};

use fantoccini::Client;
use serde_json::json;
use std::time::Duration;

const FAILURE_SHOT: &str = "test-output/browser/push/failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_shows_the_servers_words_and_a_tap_opens_that_game_and_settings_say_what_stops_them() {
    let phones = Phones::start().await;
    phones.forget_old_failure(FAILURE_SHOT);
    let outcome = phones.within(Duration::from_secs(300), play(&phones)).await;
    phones.finish(outcome, FAILURE_SHOT).await;
}

async fn set_permission(client: &Client, base: &str, setting: &str) -> Result<(), String> {
    cdp(
        client,
        "Browser.setPermission",
        json!({ "permission": { "name": "notifications" }, "setting": setting, "origin": base }),
    )
    .await
    .map(|_| ())
}

/// The switch `testid`'s state and the message under the switches.
async fn switch_and_message(client: &Client, testid: &str) -> Result<(String, String), String> {
    let js = format!(
        "const s = document.querySelector('[data-testid=\"{testid}\"]'); \
         const m = document.querySelector('[data-testid=\"notify-message\"]'); \
         return [s ? s.getAttribute('aria-checked') : 'none', m ? m.textContent : ''];"
    );
    let value = client.execute(&js, vec![]).await.map_err(|e| e.to_string())?;
    Ok((
        value[0].as_str().unwrap_or_default().to_string(),
        value[1].as_str().unwrap_or_default().to_string(),
    ))
}

/// Taps `testid` and waits until the answer is shown (the list no longer busy).
async fn flip(client: &Client, testid: &str) -> Result<(String, String), String> {
    scroll_and_tap_testid(client, testid).await?;
    wait_js(
        client,
        "the notification choice answered",
        "const l = document.querySelector('[data-testid=\"notify\"] .list'); return !!l && l.getAttribute('aria-busy') === 'false' && !!document.querySelector('[data-testid=\"notify-message\"]');",
    )
    .await?;
    switch_and_message(client, testid).await
}

async fn kept_kinds(client: &Client) -> Result<Option<String>, String> {
    let value = client
        .execute("return localStorage.getItem('push-kinds');", vec![])
        .await
        .map_err(|e| e.to_string())?;
    Ok(value.as_str().map(str::to_string))
}

/// Runs `expression` inside the app's service worker (DevTools: attached to
/// the worker's target, the call sent through the browser's session).
async fn run_in_worker(client: &Client, expression: &str) -> Result<(), String> {
    let targets = cdp(client, "Target.getTargets", json!({})).await?;
    let worker = targets["targetInfos"]
        .as_array()
        .and_then(|all| all.iter().find(|t| t["type"] == "service_worker"))
        .ok_or_else(|| format!("no service worker target: {targets}"))?;
    let attached = cdp(
        client,
        "Target.attachToTarget",
        json!({ "targetId": worker["targetId"], "flatten": false }),
    )
    .await?;
    let message = json!({ "id": 1, "method": "Runtime.evaluate", "params": { "expression": expression } });
    cdp(
        client,
        "Target.sendMessageToTarget",
        json!({ "sessionId": attached["sessionId"], "message": message.to_string() }),
    )
    .await
    .map(|_| ())
}

/// Delivers `data` as a push to the page's service worker registration.
/// Its id is not exposed to the page, and Chromium numbers registrations
/// per browser, not per origin (other tests' pages hold some): the push
/// goes to every id that takes it, and only this origin's worker shows it
/// to this page.
async fn deliver_push(client: &Client, base: &str, data: &str) -> Result<(), String> {
    cdp(client, "ServiceWorker.enable", json!({})).await?;
    let mut taken = 0;
    let mut last = String::new();
    for id in 0..64 {
        let sent = cdp(
            client,
            "ServiceWorker.deliverPushMessage",
            json!({ "origin": format!("{base}/"), "registrationId": id.to_string(), "data": data }),
        )
        .await;
        match sent {
            Ok(_) => taken += 1,
            Err(e) => last = e,
        }
    }
    if taken == 0 {
        return Err(format!("no registration took the push: {last}"));
    }
    Ok(())
}

async fn play(phones: &Phones) -> Result<String, String> {
    let (repo, base, server_url, a) = (&phones.repo, &phones.base, &phones.server_url, &phones.a);
    set_server(a, base, server_url).await?;
    a.execute(
        "const s = JSON.parse(localStorage.getItem('settings') || '{}'); s.lang = 'id'; localStorage.setItem('settings', JSON.stringify(s)); return true;",
        vec![],
    )
    .await
    .map_err(|e| e.to_string())?;
    a.goto(&format!("{base}/#/settings")).await.map_err(|e| e.to_string())?;
    a.refresh().await.map_err(|e| e.to_string())?;
    wait_visible(a, "[data-testid=\"notify-your-move\"]").await?;

    // Blocked by the browser: said so, nothing kept, the switch stays off.
    set_permission(a, base, "denied").await?;
    let (on, said) = flip(a, "notify-your-move").await?;
    if on != "false" || !said.contains("diblokir") || kept_kinds(a).await?.is_some() {
        return Err(format!("blocked notifications: switch {on}, said {said:?}"));
    }
    // Allowed: the browser is asked to subscribe; headless Chromium's push
    // service cannot be reached from here, and the app says that (not that
    // the room server failed), keeping nothing.
    set_permission(a, base, "granted").await?;
    let (on, said) = flip(a, "notify-your-move").await?;
    eprintln!("subscribing in headless Chromium: {said}");
    if on != "false" || !said.contains("layanan push") || kept_kinds(a).await?.is_some() {
        return Err(format!(
            "a subscription the browser could not make: switch {on}, said {said:?}"
        ));
    }
    save_shot(a, repo, "test-output/browser/push/settings-refused-id-390.png").await;

    // A push as the room server sends it: shown with its words.
    wait_js(
        a,
        "the service worker in control",
        "return !!navigator.serviceWorker.controller;",
    )
    .await?;
    let message = json!({
        "kind": "your_move",
        "title": "Giliranmu",
        "body": "Hex: lawan sudah melangkah. Sekarang giliranmu.",
        "room": "0123456789abcdef01234567",
        "url": "#/online/hex/play",
    });
    deliver_push(a, base, &message.to_string()).await?;
    let shown = support::browser::wait_js_value(
        a,
        "the notification shown",
        "return navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns.map(n => [n.title, n.body, n.tag]));",
        |v| v.as_array().is_some_and(|a| !a.is_empty()),
    )
    .await?;
    let expected = json!([[
        "Giliranmu",
        "Hex: lawan sudah melangkah. Sekarang giliranmu.",
        "your_move:0123456789abcdef01234567"
    ]]);
    if shown != expected {
        return Err(format!("the notification shown: {shown}"));
    }
    // Its tap: the open window goes to that game, the notification is gone.
    run_in_worker(
        a,
        "self.registration.getNotifications().then(ns => openFromNotification(ns[0]))",
    )
    .await?;
    wait_js(
        a,
        "the game opened from the notification",
        "return location.hash === '#/online/hex/play';",
    )
    .await?;
    wait_js(
        a,
        "the notification closed",
        "return navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns.length === 0);",
    )
    .await?;

    photograph(phones).await?;
    Ok("blocked and unreachable subscriptions said so; a delivered push shown and its tap opened the game".into())
}

/// The Settings section in each language at 390×844 and 320×700.
async fn photograph(phones: &Phones) -> Result<(), String> {
    let small_driver = start_driver();
    let small = small_driver.connect_phone_sized(320, 700).await?;
    let mut outcome = Ok(());
    'all: for (client, width) in [(&phones.a, 390), (&small, 320)] {
        for lang in ["en", "id", "fil"] {
            let store = [("online-server", phones.server_url.as_str())];
            let step = async {
                open_fresh(client, &phones.base, lang, &store, "/settings").await?;
                let section = wait_visible(client, "[data-testid=\"notify\"]").await?;
                client
                    .execute(
                        "arguments[0].scrollIntoView({block: 'center'}); return true;",
                        vec![json!(section)],
                    )
                    .await
                    .map_err(|e| e.to_string())?;
                save_shot(
                    client,
                    &phones.repo,
                    &format!("test-output/browser/push/settings-{lang}-{width}.png"),
                )
                .await;
                check_overflow(client, &format!("notifications settings {lang} {width}")).await
            };
            if let Err(e) = step.await {
                outcome = Err(e);
                break 'all;
            }
        }
    }
    let _ = small.close().await;
    drop(small_driver);
    outcome
}
