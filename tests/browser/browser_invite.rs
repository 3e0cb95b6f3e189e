//! Real-browser test of "Invite a friend" (issue 34, item 4): two phones
//! (headless Chromium at 390×844 with touch, each its own device) and the
//! room server in-process. Phone A names itself, invites "Budi" to a 7×7
//! Hex room with 30 s a move, and reads the link from its waiting card (the
//! visible link: headless Chromium has no share sheet, so the copy fallback
//! is what shows); the QR code on A's screen, cut from a screenshot and
//! decoded here, is exactly that link. Phone B first opens a broken link and
//! a link to a room that does not exist: each is refused in words, nothing
//! is kept and B's home is as it was. Then B opens A's link, sees who
//! invites, the game and the time control, joins with one tap, and both
//! phones see the game start. A resigns; A's lobby lists Budi among the
//! recent opponents, and one tap on Budi opens a new invitation. Last, the
//! screens are photographed at 390×844 and 320×700 in en, id and fil under
//! `test-output/browser/invite/`, each checked for overflow.

use crate::support;
use support::browser::{check_overflow, decode_qr, save_shot, set_lang, start_driver, tap_shown_testid, wait_visible};
use support::chrome::{cdp, tap};
use support::online::{open_lobby, present, read_frame, set_server, text_of, Phones};

use fantoccini::Client;
use serde_json::json;
use std::time::Duration;

const FAILURE_SHOT: &str = "test-output/browser/invite/failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_opens_the_invitation_link_and_joins_and_the_qr_says_the_same_link() {
    let phones = Phones::start().await;
    phones.forget_old_failure(FAILURE_SHOT);
    let outcome = phones.within(Duration::from_secs(400), play(&phones)).await;
    phones.finish(outcome, FAILURE_SHOT).await;
}

/// The room's status as A or B sees it (`waiting`, `playing`…), if a room shows.
async fn status(client: &Client) -> Result<Option<String>, String> {
    Ok(read_frame(client, "return null").await?.map(|(frame, _)| frame.status))
}

async fn wait_status(client: &Client, who: &str, want: &str) -> Result<(), String> {
    support::browser::wait_until(
        &format!("{who} sees the room {want}"),
        || async { status(client).await },
        |s| s == want,
    )
    .await
    .map(|_| ())
}

/// Opens `url` (a fresh load, so stored settings are read again) and waits for `css`.
async fn open(client: &Client, url: &str, css: &str) -> Result<(), String> {
    client.goto(url).await.map_err(|e| format!("opening {url}: {e}"))?;
    client.refresh().await.map_err(|e| format!("reloading {url}: {e}"))?;
    wait_visible(client, css).await.map(|_| ())
}

/// Whether this device keeps an online Hex seat.
async fn keeps_hex_seat(client: &Client) -> Result<bool, String> {
    let value = client
        .execute("return localStorage.getItem('online-seat-hex') !== null", vec![])
        .await
        .map_err(|e| e.to_string())?;
    Ok(value.as_bool() == Some(true))
}

async fn play(phones: &Phones) -> Result<String, String> {
    let (repo, base, server_url, a, b) = (&phones.repo, &phones.base, &phones.server_url, &phones.a, &phones.b);
    for phone in [a, b] {
        set_server(phone, base, server_url).await?;
    }

    // A: its name, the friend's, a 7×7 room with 30 s a move, "Invite a friend".
    open_lobby(a, base, "hex").await?;
    for id in ["size-7", "swap-off", "limit-30"] {
        tap_shown_testid(a, id).await?;
    }
    for (id, text) in [("my-name", "Ana"), ("friend-name", "Budi")] {
        let input = wait_visible(a, &format!("[data-testid=\"{id}\"]")).await?;
        a.execute(
            &format!(
                "document.querySelector('[data-testid=\"{id}\"]').scrollIntoView({{block: 'center'}}); return true;"
            ),
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
        tap(a, &input).await?;
        input.send_keys(text).await.map_err(|e| format!("typing {id}: {e}"))?;
        let typed = input
            .prop("value")
            .await
            .map_err(|e| e.to_string())?
            .unwrap_or_default();
        if typed != text {
            return Err(format!("{id} holds {typed:?} after typing {text:?}"));
        }
    }
    tap_shown_testid(a, "invite").await?;
    wait_visible(a, "[data-testid=\"invite-panel\"]").await?;
    let code = text_of(a, "[data-testid=\"room-code\"]").await?;
    let link = text_of(a, "[data-testid=\"invite-link\"]").await?;
    let expected = format!("{base}/#/join/hex/{code}/m30/Ana");
    if link != expected {
        return Err(format!("the link reads {link:?}, not {expected:?}"));
    }
    let hint = text_of(a, "[data-testid=\"invite-panel\"] .waiting-hint").await?;
    if !hint.contains("Budi") {
        return Err(format!("the invitation does not name the friend: {hint:?}"));
    }
    save_shot(a, repo, "test-output/browser/invite/invite-panel-en-390.png").await;
    let decoded = decode_qr(a, "[data-testid=\"invite-qr\"]").await?;
    if decoded != link {
        return Err(format!("the QR code says {decoded:?}, the link {link:?}"));
    }
    // Copy: with the clipboard allowed, what is copied is the link.
    let origin = base.trim_end_matches('/').to_string();
    let _ = cdp(
        a,
        "Browser.grantPermissions",
        json!({ "origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"] }),
    )
    .await;
    tap_shown_testid(a, "invite-copy").await?;
    let said = text_of(a, "[data-testid=\"invite-said\"]").await?;
    if said == "Link copied." {
        let copied = a
            .execute_async(
                "const done = arguments[0]; navigator.clipboard.readText().then(done, () => done(null));",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        if copied.as_str() != Some(link.as_str()) {
            return Err(format!("the clipboard holds {copied}, not the link"));
        }
    } else if said != "Could not copy: hold the link above to copy it." {
        return Err(format!("after copy the panel says {said:?}"));
    }

    // B: a broken link and an unknown room are refused; nothing is kept.
    open(
        b,
        &format!("{base}/#/join/hex/K7M2Q1/m30/Ana"),
        "[data-testid=\"invite-refused\"]",
    )
    .await?;
    let refused = text_of(b, "[data-testid=\"invite-refused\"]").await?;
    if !refused.contains("2–9") {
        return Err(format!("a code with a 1 is refused as {refused:?}"));
    }
    if present(b, "[data-testid=\"invite-join\"]").await? {
        return Err("a broken link still offers to join".into());
    }
    let unknown = if code == "ZZZZZZ" { "YYYYYY" } else { "ZZZZZZ" };
    open(
        b,
        &format!("{base}/#/join/hex/{unknown}/m30/Ana"),
        "[data-testid=\"invite-join\"]",
    )
    .await?;
    tap_shown_testid(b, "invite-join").await?;
    let refused = text_of(b, "[data-testid=\"invite-refused\"]").await?;
    if refused != "No room has this code." {
        return Err(format!("an unknown room is refused as {refused:?}"));
    }
    if keeps_hex_seat(b).await? {
        return Err("a refused join kept a seat".into());
    }
    tap_shown_testid(b, "invite-home").await?;
    wait_visible(b, "[data-testid=\"play-hex\"]").await?;
    if present(b, "[data-testid=\"continue-online\"]").await? {
        return Err("after a refused join home offers an online game".into());
    }

    // B opens A's link: who, what and how fast, then one tap.
    open(b, &link, "[data-testid=\"invite-card\"]").await?;
    let who = text_of(b, "[data-testid=\"invite-who\"]").await?;
    let tempo = text_of(b, "[data-testid=\"invite-tempo\"]").await?;
    if !who.contains("Ana") || tempo != "30 s per move" {
        return Err(format!("the join screen says {who:?} / {tempo:?}"));
    }
    save_shot(b, repo, "test-output/browser/invite/join-en-390.png").await;
    tap_shown_testid(b, "invite-join").await?;
    wait_status(b, "B", "playing").await?;
    wait_status(a, "A", "playing").await?;

    // A resigns; A's lobby lists Budi; one tap invites Budi again.
    tap_shown_testid(a, "resign").await?;
    tap_shown_testid(a, "resign-confirm").await?;
    wait_status(a, "A", "over").await?;
    open_lobby(a, base, "hex").await?;
    let row = wait_visible(a, "[data-testid=\"recent-opponent\"]").await?;
    let row_text = row.text().await.map_err(|e| e.to_string())?;
    if !row_text.contains("Budi") || !row_text.contains("Hex") || !row_text.contains("today") {
        return Err(format!("the recent opponent reads {row_text:?}"));
    }
    // B's list has Ana, the inviter.
    open_lobby(b, base, "hex").await?;
    let b_row = text_of(b, "[data-testid=\"recent-opponent\"]").await?;
    if !b_row.contains("Ana") {
        return Err(format!("B's recent opponent reads {b_row:?}"));
    }
    tap(a, &row).await?;
    wait_visible(a, "[data-testid=\"invite-panel\"]").await?;
    let code2 = text_of(a, "[data-testid=\"room-code\"]").await?;
    let link2 = text_of(a, "[data-testid=\"invite-link\"]").await?;
    let hint2 = text_of(a, "[data-testid=\"invite-panel\"] .waiting-hint").await?;
    if code2 == code || link2 != format!("{base}/#/join/hex/{code2}/m30/Ana") || !hint2.contains("Budi") {
        return Err(format!("the new invitation reads {code2} {link2:?} {hint2:?}"));
    }
    if decode_qr(a, "[data-testid=\"invite-qr\"]").await? != link2 {
        return Err("the new invitation's QR code is not its link".into());
    }

    // The screens in every language, at 390×844 (A and B) and 320×700 (a
    // third, smaller phone given A's or B's stored data in turn).
    let small_driver = start_driver();
    let small = small_driver.connect_phone_sized(320, 700).await?;
    let outcome = photograph(phones, &small, &link2).await;
    let _ = small.close().await;
    drop(small_driver);
    outcome?;
    Ok(format!(
        "invited by {link}, QR decoded the same; B joined; re-invited by {link2}"
    ))
}

/// Makes `to` hold exactly `from`'s stored data (same origin).
async fn copy_storage(from: &Client, to: &Client, base: &str) -> Result<(), String> {
    let data = from
        .execute("return JSON.stringify(Object.assign({}, localStorage));", vec![])
        .await
        .map_err(|e| e.to_string())?;
    to.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    to.execute(
        "localStorage.clear(); const d = JSON.parse(arguments[0]); for (const k in d) localStorage.setItem(k, d[k]); return true;",
        vec![data],
    )
    .await
    .map_err(|e| e.to_string())?;
    Ok(())
}

/// The invite panel, the recent list, the join screen and a refusal in en,
/// id and fil at both sizes, each checked for overflow.
async fn photograph(phones: &Phones, small: &Client, link2: &str) -> Result<(), String> {
    let (repo, base, a, b) = (&phones.repo, &phones.base, &phones.a, &phones.b);
    let bad_link = format!("{base}/#/join/hex/K7M2/u");
    let dir = "test-output/browser/invite";
    for width in [390u32, 320] {
        for lang in ["en", "id", "fil"] {
            let (pa, pb) = if width == 390 { (a, b) } else { (small, small) };
            if width != 390 {
                copy_storage(a, small, base).await?;
            }
            set_lang(pa, lang).await?;
            open(
                pa,
                &format!("{base}/#/online/hex/play"),
                "[data-testid=\"invite-panel\"]",
            )
            .await?;
            check_overflow(pa, &format!("invite panel {lang} {width}")).await?;
            save_shot(pa, repo, &format!("{dir}/invite-panel-{lang}-{width}.png")).await;
            pa.execute(
                "document.querySelector('[data-testid=\"invite-qr\"]').scrollIntoView({block: 'center'}); return true;",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
            save_shot(pa, repo, &format!("{dir}/invite-panel-qr-{lang}-{width}.png")).await;
            open(pa, &format!("{base}/#/online/hex"), "[data-testid=\"recent\"]").await?;
            check_overflow(pa, &format!("recent list {lang} {width}")).await?;
            pa.execute(
                "document.querySelector('[data-testid=\"recent\"]').scrollIntoView({block: 'start'}); return true;",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
            save_shot(pa, repo, &format!("{dir}/recent-{lang}-{width}.png")).await;
            if width != 390 {
                copy_storage(b, small, base).await?;
            }
            set_lang(pb, lang).await?;
            open(pb, link2, "[data-testid=\"invite-card\"]").await?;
            check_overflow(pb, &format!("join screen {lang} {width}")).await?;
            save_shot(pb, repo, &format!("{dir}/join-{lang}-{width}.png")).await;
            open(pb, &bad_link, "[data-testid=\"invite-refused\"]").await?;
            check_overflow(pb, &format!("refusal {lang} {width}")).await?;
            save_shot(pb, repo, &format!("{dir}/refused-{lang}-{width}.png")).await;
        }
    }
    Ok(())
}
