//! Real-browser test of "carry your games to a new phone" (issue 34, item
//! 7): two phones (headless Chromium at 390×844 with touch, each its own
//! device), the room server in-process, and an opponent playing through
//! the API. Phone A plays a Hex game, then opens Settings → "Move my games
//! to another phone": the code, its link on the app's own address and the
//! QR code (cut from a screenshot and decoded here: exactly the link).
//! Phone B opens the link, confirms, sees the game that arrived, opens it
//! and moves in it; the opponent sees the stone. Phone A, back in the
//! game, says its games moved and shows no board to move on; its home list
//! marks the game moved. Last, the new screens are photographed at 390×844
//! and 320×700 in en, id and fil under `test-output/browser/transfer/`,
//! each checked for overflow.

use crate::support;
use support::browser::{check_overflow, decode_qr, save_shot, set_lang, start_driver, tap_shown_testid, wait_visible};
use support::chrome::tap;
use support::online::{create_room, open_lobby, present, read_frame, set_server, text_of, Phones};

use fantoccini::{Client, Locator};
use std::time::Duration;

const FAILURE_SHOT: &str = "test-output/browser/transfer/failure.png";
const DIR: &str = "test-output/browser/transfer";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_transfer_moves_a_game_in_progress_to_a_second_browser_and_the_first_cannot_act() {
    let phones = Phones::start().await;
    phones.forget_old_failure(FAILURE_SHOT);
    let outcome = phones.within(Duration::from_secs(400), play(&phones)).await;
    phones.finish(outcome, FAILURE_SHOT).await;
}

/// The opponent: a device of its own, through the API.
struct Rival {
    client: papan_api::Client,
    grant: papan_api::SeatGrant,
    seq: u64,
}

impl Rival {
    async fn join(server_url: &str, code: &str) -> Result<Rival, String> {
        let mut client = papan_api::Client::new(server_url);
        client.register().await.map_err(|e| e.to_string())?;
        let grant = client.join(code).await.map_err(|e| e.to_string())?;
        Ok(Rival { client, grant, seq: 0 })
    }

    async fn snapshot(&self) -> Result<papan_api::Snapshot, String> {
        self.client
            .snapshot(&self.grant.room_id, &self.grant.seat_token)
            .await
            .map_err(|e| e.to_string())
    }

    /// Waits until it is the rival's move, then plays its first legal move.
    async fn play_when_due(&mut self) -> Result<u64, String> {
        for _ in 0..200 {
            let snap = self.snapshot().await?;
            if snap.to_move == Some(snap.seat) {
                self.seq += 1;
                let request = papan_api::ActionRequest {
                    based_on_version: snap.version,
                    client_seq: self.seq,
                    action: papan_api::Action::Move {
                        notation: snap.legal_moves[0].clone(),
                    },
                };
                let accepted = self
                    .client
                    .act(&self.grant.room_id, &self.grant.seat_token, &request)
                    .await
                    .map_err(|e| e.to_string())?;
                return Ok(accepted.version);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err("the rival's move never came".into())
    }

    /// Waits until the room passed `version` (a move made by the phone).
    async fn sees_version_after(&self, version: u64) -> Result<(), String> {
        for _ in 0..200 {
            if self.snapshot().await?.version > version {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err(format!("the rival never saw a move after version {version}"))
    }
}

const EMPTY_CELL_JS: &str = r#"
const cell = document.querySelector('[data-testid="hex-board"] [data-cell]:not(.red):not(.blue)');
return cell ? cell.getAttribute('data-cell') : null;
"#;

/// The phone's move, when it is its turn: a tap on an empty cell; returns
/// the room's version before it.
async fn move_on_phone(phone: &Client, who: &str) -> Result<u64, String> {
    let frame = support::browser::wait_until(
        &format!("{who}'s turn"),
        || async { Ok(read_frame(phone, "return null").await?.map(|(f, _)| f)) },
        |f| f.my_turn && f.status == "playing",
    )
    .await?;
    let cell = phone.execute(EMPTY_CELL_JS, vec![]).await.map_err(|e| e.to_string())?;
    let cell = cell.as_str().ok_or("no empty cell")?.to_string();
    let target = phone
        .find(Locator::Css(&format!(
            "[data-testid=\"hex-board\"] [data-cell=\"{cell}\"]"
        )))
        .await
        .map_err(|e| format!("cell {cell}: {e}"))?;
    tap(phone, &target).await?;
    Ok(frame.version)
}

/// Opens `url` (a fresh load, so stored settings are read again) and waits for `css`.
async fn open(client: &Client, url: &str, css: &str) -> Result<(), String> {
    client.goto(url).await.map_err(|e| format!("opening {url}: {e}"))?;
    client.refresh().await.map_err(|e| format!("reloading {url}: {e}"))?;
    wait_visible(client, css).await.map(|_| ())
}

async fn play(phones: &Phones) -> Result<String, String> {
    let (repo, base, server_url, a, b) = (&phones.repo, &phones.base, &phones.server_url, &phones.a, &phones.b);
    for phone in [a, b] {
        set_server(phone, base, server_url).await?;
    }

    // A: a 7×7 Hex room against the rival, one move each at least.
    open_lobby(a, base, "hex").await?;
    let code = create_room(a, &["size-7", "swap-off", "limit-none"]).await?;
    let mut rival = Rival::join(server_url, &code).await?;
    let mine = rival.snapshot().await?;
    if mine.to_move == Some(mine.seat) {
        rival.play_when_due().await?;
    }
    let before = move_on_phone(a, "A").await?;
    rival.sees_version_after(before).await?;
    rival.play_when_due().await?;

    // A: Settings → "Move my games to another phone".
    a.goto(&format!("{base}/#/settings")).await.map_err(|e| e.to_string())?;
    let entry = wait_visible(a, "[data-testid=\"transfer-send\"]").await?;
    a.execute(
        "document.querySelector('[data-testid=\"transfer-send\"]').scrollIntoView({block: 'center'}); return true;",
        vec![],
    )
    .await
    .map_err(|e| e.to_string())?;
    tap(a, &entry).await?;
    let transfer_code = text_of(a, "[data-testid=\"transfer-code\"]").await?;
    if papan_api::normalize_transfer_code(&transfer_code).as_deref() != Ok(transfer_code.as_str()) {
        return Err(format!("the code reads {transfer_code:?}"));
    }
    let link = text_of(a, "[data-testid=\"transfer-link\"]").await?;
    let expected = format!("{base}/#/transfer/{transfer_code}");
    if link != expected {
        return Err(format!("the link reads {link:?}, not {expected:?}"));
    }
    let seats = wait_visible(a, "[data-testid=\"transfer-card\"]").await?;
    if seats.attr("data-seats").await.ok().flatten().as_deref() != Some("1") {
        return Err("the code does not carry the one game".into());
    }
    let left = text_of(a, "[data-testid=\"transfer-left\"]").await?;
    if !left.contains("14:") && !left.contains("15:") {
        return Err(format!("the countdown reads {left:?}"));
    }
    save_shot(a, repo, &format!("{DIR}/send-en-390-first.png")).await;
    let decoded = decode_qr(a, "[data-testid=\"transfer-qr\"]").await?;
    if decoded != link {
        return Err(format!("the QR code says {decoded:?}, the link {link:?}"));
    }

    // B opens the link, confirms, and the game arrives.
    open(b, &link, "[data-testid=\"transfer-claim\"]").await?;
    save_shot(b, repo, &format!("{DIR}/claim-en-390-first.png")).await;
    tap_shown_testid(b, "transfer-claim").await?;
    let arrived = text_of(b, "[data-testid=\"transfer-arrived\"]").await?;
    if !arrived.contains('1') {
        return Err(format!("the arrival reads {arrived:?}"));
    }
    save_shot(b, repo, &format!("{DIR}/arrived-en-390.png")).await;
    tap_shown_testid(b, "transfer-game").await?;
    let before = move_on_phone(b, "B").await?;
    rival.sees_version_after(before).await?;

    // A can no longer act for the game: it says the games moved.
    a.goto(&format!("{base}/#/online/hex/play"))
        .await
        .map_err(|e| e.to_string())?;
    a.refresh().await.map_err(|e| e.to_string())?;
    let moved = text_of(a, "[data-testid=\"online-moved\"]").await?;
    if !moved.contains("moved to another phone") {
        return Err(format!("A's room says {moved:?}"));
    }
    if present(a, "[data-testid=\"hex-board\"]").await? {
        return Err("A still shows a board to move on".into());
    }
    save_shot(a, repo, &format!("{DIR}/moved-en-390-first.png")).await;
    open(
        a,
        &format!("{base}/"),
        "[data-testid=\"continue-online\"][data-moved=\"true\"]",
    )
    .await?;
    if present(a, "[data-testid=\"continue-online\"][data-your-move=\"true\"]").await? {
        return Err("A's home still offers a move".into());
    }
    // The rival moves; B, not A, is asked to move.
    rival.play_when_due().await?;
    let before = move_on_phone(b, "B").await?;
    rival.sees_version_after(before).await?;

    let small_driver = start_driver();
    let small = small_driver.connect_phone_sized(320, 700).await?;
    let outcome = photograph(phones, &small).await;
    let _ = small.close().await;
    drop(small_driver);
    outcome?;
    Ok(format!("moved by {link}; B played on; A says moved"))
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

/// One screen: opened, checked for overflow, photographed.
async fn shoot(phone: &Client, repo: &std::path::Path, url: &str, css: &str, name: &str) -> Result<(), String> {
    open(phone, url, css).await?;
    check_overflow(phone, name).await?;
    save_shot(phone, repo, &format!("{DIR}/{name}.png")).await;
    Ok(())
}

/// The code screen (B now holds the games), the typed-code and claim
/// screens, and A's moved room and home, in en, id and fil at both sizes.
async fn photograph(phones: &Phones, small: &Client) -> Result<(), String> {
    let (repo, base, a, b) = (&phones.repo, &phones.base, &phones.a, &phones.b);
    for width in [390u32, 320] {
        for lang in ["en", "id", "fil"] {
            let holder = if width == 390 { b } else { small };
            if width != 390 {
                copy_storage(b, small, base).await?;
            }
            set_lang(holder, lang).await?;
            let at = format!("{lang}-{width}");
            shoot(
                holder,
                repo,
                &format!("{base}/#/transfer"),
                "[data-testid=\"transfer-code\"]",
                &format!("send-{at}"),
            )
            .await?;
            holder
                .execute(
                    "document.querySelector('[data-testid=\"transfer-new-code\"]').scrollIntoView({block: 'end'}); return true;",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            save_shot(holder, repo, &format!("{DIR}/send-bottom-{at}.png")).await;
            shoot(
                holder,
                repo,
                &format!("{base}/#/receive"),
                "[data-testid=\"transfer-input\"]",
                &format!("enter-{at}"),
            )
            .await?;
            shoot(
                holder,
                repo,
                &format!("{base}/#/transfer/ABCD-2345-WXYZ"),
                "[data-testid=\"transfer-claim\"]",
                &format!("claim-{at}"),
            )
            .await?;
            // B keeps a game of its own: receiving is refused, said plainly.
            tap_shown_testid(holder, "transfer-claim").await?;
            wait_visible(holder, "[data-testid=\"transfer-refused\"]").await?;
            check_overflow(holder, &format!("refused-{at}")).await?;
            save_shot(holder, repo, &format!("{DIR}/refused-{at}.png")).await;
            shoot(
                holder,
                repo,
                &format!("{base}/#/settings"),
                "[data-testid=\"transfer-field\"]",
                &format!("settings-{at}"),
            )
            .await?;
            holder
                .execute(
                    "document.querySelector('[data-testid=\"transfer-field\"]').scrollIntoView({block: 'center'}); return true;",
                    vec![],
                )
                .await
                .map_err(|e| e.to_string())?;
            save_shot(holder, repo, &format!("{DIR}/settings-{at}.png")).await;

            let old = if width == 390 { a } else { small };
            if width != 390 {
                copy_storage(a, small, base).await?;
            }
            set_lang(old, lang).await?;
            shoot(
                old,
                repo,
                &format!("{base}/#/online/hex/play"),
                "[data-testid=\"online-moved\"]",
                &format!("moved-{at}"),
            )
            .await?;
            shoot(
                old,
                repo,
                &format!("{base}/"),
                "[data-testid=\"continue-online\"][data-moved=\"true\"]",
                &format!("home-moved-{at}"),
            )
            .await?;
        }
    }
    Ok(())
}
