//! Every screen a phone player reaches — home, the lists, settings, each game's
//! setup, play against the bot, lesson and review, the online lobby and a rules
//! page — at 320 and 390 px wide in Indonesian, Filipino and English, in headless
//! Chromium as a touch phone. On each: the page is as wide as the screen and
//! its language is the app's, no text is wider than its box (a label spilling
//! out of its button, a name cut to "Bot pe…", a status clamped mid-sentence),
//! no two tap targets overlap
//! where a finger can reach them, and the home's game cards are equally wide. A screenshot of each is kept to look at
//! (`test-output/browser/layout/<lang>-<width>-<screen>.png`).

use crate::support;
use support::browser::{self, save_shot, scroll_and_tap_testid, settled, start_driver, wait_present};
use support::chrome::ChromeDriver;

use fantoccini::Client;
use std::path::PathBuf;
use std::time::Duration;

const LANGS: [&str; 3] = ["id", "fil", "en"];
const GAMES: [&str; 4] = ["hex", "hadang", "junqi", "backgammon"];

/// Texts wider than their box and tap targets that overlap, as lines saying
/// which. Scrolling boxes (the move log, a list) are meant to be wider
/// inside; SVG boards have their own hit shapes. A tap target counts where
/// it can be touched: its box clipped by every scrolling or clipping box
/// around it (an option scrolled under a sticky footer is not reachable).
const LAYOUT_PROBLEMS_JS: &str = r#"
const problems = [];
const name = e => e.getAttribute('data-testid') || (typeof e.className === 'string' && e.className) || e.tagName;
const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
for (const e of document.querySelectorAll('body *')) {
  if (e.closest('svg') || !shown(e) || e.closest('.sr-only')) continue;
  const style = getComputedStyle(e);
  if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
  const text = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
  if (text && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
    problems.push(`text wider than its box: ${name(e)} "${e.textContent.trim().slice(0, 40)}" (${e.scrollWidth} > ${e.clientWidth} px)`);
  // Text clamped to a number of lines must fit them: an ellipsis there hides words.
  if (text && style.webkitLineClamp !== 'none' && e.scrollHeight > e.clientHeight + 1)
    problems.push(`text cut after ${style.webkitLineClamp} lines: ${name(e)} "${e.textContent.trim().slice(0, 40)}"`);
}
const reachable = e => {
  let r = e.getBoundingClientRect();
  let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  for (let p = e.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
      const q = p.getBoundingClientRect();
      box = { left: Math.max(box.left, q.left), top: Math.max(box.top, q.top), right: Math.min(box.right, q.right), bottom: Math.min(box.bottom, q.bottom) };
    }
  }
  return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
};
// What lies on top at a point: a target covered by a sticky footer or a
// sheet is not where a finger lands.
const onTop = (e, box) => {
  const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  return hit && (e === hit || e.contains(hit));
};
const targets = Array.from(document.querySelectorAll('button, a[href], input, select, textarea, [role=button]'))
  .filter(e => !e.closest('svg') && shown(e))
  .map(e => [e, reachable(e)])
  .filter(([e, box]) => box && onTop(e, box));
for (let i = 0; i < targets.length; i++) for (let j = i + 1; j < targets.length; j++) {
  const [a, p] = targets[i], [b, q] = targets[j];
  if (a.contains(b) || b.contains(a)) continue;
  const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
  const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
  if (w > 1 && h > 1) problems.push(`tap targets overlap: ${name(a)} and ${name(b)} (${w.toFixed(0)}x${h.toFixed(0)} px)`);
}
// The home's game cards share the width evenly: one long name ("Backgammon")
// must not widen its column and squeeze the other.
for (const grid of document.querySelectorAll('.game-grid')) {
  const widths = Array.from(grid.children).filter(shown).map(c => c.getBoundingClientRect().width);
  if (widths.length > 1 && Math.max(...widths) - Math.min(...widths) > 1)
    problems.push(`game cards of unequal width: ${widths.map(w => w.toFixed(0)).join(', ')} px`);
}
if (document.documentElement.scrollWidth > innerWidth) problems.push(`page ${document.documentElement.scrollWidth} px wide on a ${innerWidth} px screen`);
return problems;
"#;

/// A screen: how to reach it from a fresh home, and what shows it is ready.
struct Screen {
    name: String,
    /// A hash path to open, or none when the screen is reached by taps.
    path: Option<String>,
    /// Test ids tapped in order (after opening `path`, or from home).
    taps: Vec<String>,
    ready: String,
}

fn screen(name: &str, path: &str, ready: &str) -> Screen {
    Screen {
        name: name.into(),
        path: Some(path.into()),
        taps: Vec::new(),
        ready: ready.into(),
    }
}

fn reached(name: &str, taps: &[&str], ready: &str) -> Screen {
    Screen {
        name: name.into(),
        path: None,
        taps: taps.iter().map(|t| t.to_string()).collect(),
        ready: ready.into(),
    }
}

fn first_lesson(game: &str) -> &'static str {
    match game {
        "hex" => "hex-basics",
        "hadang" => "hadang-walls",
        "junqi" => "junqi-basics",
        _ => "backgammon-basics",
    }
}

fn screens() -> Vec<Screen> {
    let mut out = vec![
        screen("home", "/", "[data-testid=\"play-hex\"]"),
        screen("learn", "/#/learn", "main"),
        screen("settings", "/#/settings", "[data-testid=\"server-input\"]"),
        screen("lobby", "/#/online/hex", "[data-testid=\"create-room\"]"),
        // An invitation link's join screen, and a broken link's refusal.
        screen(
            "join",
            "/#/join/hadang/K7M2QX/f5+2/Maria%20Clara%20Santos",
            "[data-testid=\"invite-card\"]",
        ),
        screen("join-refused", "/#/join/hex/K7M2", "[data-testid=\"invite-refused\"]"),
        // Receiving games from another phone: the typed code, the claim.
        screen("transfer-enter", "/#/receive", "[data-testid=\"transfer-input\"]"),
        screen(
            "transfer-claim",
            "/#/transfer/ABCD-2345-WXYZ",
            "[data-testid=\"transfer-claim\"]",
        ),
        screen("rules", "/#/rules/hadang", "main"),
        screen("puzzles", "/#/puzzles", "[data-testid=\"puzzle-daily\"]"),
        screen("puzzle-hex", "/#/puzzles/hex", "[data-testid=\"puzzle-board\"] svg"),
        screen(
            "puzzle-hadang",
            "/#/puzzles/hadang",
            "[data-testid=\"puzzle-board\"] svg",
        ),
    ];
    for game in GAMES {
        out.push(screen(
            &format!("setup-{game}"),
            &format!("/#/{game}"),
            "[data-testid=\"start-game\"]",
        ));
        out.push(screen(
            &format!("lesson-{game}"),
            &format!("/#/learn/{game}/{}", first_lesson(game)),
            "[data-testid=\"lesson-board\"] svg",
        ));
        // Against the Beginner, with whatever else the setup remembers.
        let play = [format!("play-{game}"), "opponent-beginner".into(), "start-game".into()];
        let play: Vec<&str> = play.iter().map(String::as_str).collect();
        out.push(reached(
            &format!("play-{game}"),
            &play,
            &format!("[data-testid=\"{game}-board\"]"),
        ));
        // Resigned at once: the result card, then the game's review.
        out.push(reached(
            &format!("result-{game}"),
            &["resign", "resign-confirm"],
            "[data-testid=\"open-review\"]",
        ));
        out.push(reached(
            &format!("review-{game}"),
            &["open-review"],
            "[data-testid=\"review-board\"] svg",
        ));
    }
    // The finished games, now that there are some.
    out.push(screen("games", "/#/games", "main"));
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_screen_fits_320_px_in_every_language() {
    every_screen_fits(320, 700).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_screen_fits_390_px_in_every_language() {
    every_screen_fits(390, 844).await;
}

/// Every screen in every language on a `width`×`height` phone.
async fn every_screen_fits(width: u32, height: u32) {
    let (repo, base, driver) = serve_and_drive();
    let screens = screens();
    let mut problems = Vec::new();
    let client = driver
        .connect_phone_sized(width, height)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let run = async {
        for lang in LANGS {
            client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
            let fresh =
                format!("localStorage.clear(); localStorage.setItem('settings', JSON.stringify({{lang: '{lang}'}}));");
            client.execute(&fresh, vec![]).await.map_err(|e| e.to_string())?;
            for screen in &screens {
                let at = format!("{} in {lang} at {width} px", screen.name);
                open(&client, &base, screen).await.map_err(|e| format!("{at}: {e}"))?;
                settled(&client).await.map_err(|e| format!("{at}: {e}"))?;
                let page_lang = client
                    .execute("return document.documentElement.lang", vec![])
                    .await
                    .map_err(|e| e.to_string())?;
                if page_lang != lang {
                    problems.push(format!("{at}: page language {page_lang}"));
                }
                let found = client
                    .execute(LAYOUT_PROBLEMS_JS, vec![])
                    .await
                    .map_err(|e| format!("{at}: {e}"))?;
                for problem in found.as_array().into_iter().flatten() {
                    problems.push(format!("{at}: {}", problem.as_str().unwrap_or_default()));
                }
                save_shot(
                    &client,
                    &repo,
                    &format!("test-output/browser/layout/{lang}-{width}-{}.png", screen.name),
                )
                .await;
            }
        }
        Ok::<_, String>(())
    };
    let outcome = tokio::time::timeout(Duration::from_secs(420), run)
        .await
        .unwrap_or_else(|_| Err(format!("the screens at {width} px took more than 7 minutes")));
    if outcome.is_err() {
        save_shot(
            &client,
            &repo,
            &format!("test-output/browser/layout/failure-{width}.png"),
        )
        .await;
    }
    let _ = client.close().await;
    drop(driver);
    outcome.unwrap_or_else(|e| panic!("{e}"));
    assert!(
        problems.is_empty(),
        "screens that do not fit at {width} px:\n{}",
        problems.join("\n")
    );
}

/// The repository, the web build served on 127.0.0.1, and chromedriver.
fn serve_and_drive() -> (PathBuf, String, ChromeDriver) {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    (repo, base, start_driver())
}

/// Opens `screen` (by its path, or by its taps from where the last one left
/// the app) and waits until it shows.
async fn open(client: &Client, base: &str, screen: &Screen) -> Result<(), String> {
    if let Some(path) = &screen.path {
        client.goto(&format!("{base}{path}")).await.map_err(|e| e.to_string())?;
        client.refresh().await.map_err(|e| e.to_string())?;
    } else if screen.taps.first().is_some_and(|t| t.starts_with("play-")) {
        client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
        client.refresh().await.map_err(|e| e.to_string())?;
    }
    for id in &screen.taps {
        scroll_and_tap_testid(client, id).await?;
    }
    wait_present(client, &screen.ready).await?;
    // Lay the page out from its top, as it opens.
    client
        .execute("window.scrollTo(0, 0)", vec![])
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Hex 19×19 zoomed in on a 390 px phone: the window onto the board still
/// says where it is — the empty cells in view carry their names — and its
/// frame carries the edge colours (red above and below, blue at the sides).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn zoomed_hex_19_keeps_coordinates_and_edge_colours_in_view() {
    let (repo, base, driver) = serve_and_drive();
    let client = driver.connect_phone().await.unwrap_or_else(|e| panic!("{e}"));
    let run = async {
        client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
        client
            .execute(
                "localStorage.clear(); localStorage.setItem('settings', JSON.stringify({lang: 'id'}));",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        client.refresh().await.map_err(|e| e.to_string())?;
        for id in [
            "play-hex",
            "size-19",
            "opponent-beginner",
            "starts-me",
            "swap-off",
            "start-game",
        ] {
            scroll_and_tap_testid(&client, id).await?;
        }
        wait_present(&client, "[data-testid=\"hex-board\"][data-size=\"19\"]").await?;
        let names_in_view = "const w = document.querySelector('.play .board-wrap').getBoundingClientRect();
            return Array.from(document.querySelectorAll('.hex-board .cell-names text')).filter(t => {
              const r = t.getBoundingClientRect();
              return r.width > 0 && r.left >= w.left && r.right <= w.right && r.top >= w.top && r.bottom <= w.bottom;
            }).map(t => t.textContent);";
        let before = client.execute(names_in_view, vec![]).await.map_err(|e| e.to_string())?;
        if before.as_array().is_some_and(|a| !a.is_empty()) {
            return Err(format!("cell names shown before zooming: {before}"));
        }
        scroll_and_tap_testid(&client, "zoom").await?;
        wait_present(&client, ".play .board-wrap.zoomed").await?;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let seen = client.execute(names_in_view, vec![]).await.map_err(|e| e.to_string())?;
        let names: Vec<&str> = seen
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str())
            .collect();
        let cell_name = |n: &&str| {
            n.len() >= 2
                && n.as_bytes()[0].is_ascii_lowercase()
                && n[1..].parse::<u8>().is_ok_and(|r| (1..=19).contains(&r))
        };
        if names.len() < 10 || !names.iter().all(cell_name) {
            return Err(format!(
                "zoomed in, the cells in view should name themselves: {names:?}"
            ));
        }
        let frame = client
            .execute(
                "const s = getComputedStyle(document.querySelector('.play .board-wrap.zoomed'));
                 const red = getComputedStyle(document.querySelector('.hex-board .edge-red')).fill;
                 const blue = getComputedStyle(document.querySelector('.hex-board .edge-blue')).fill;
                 return [s.borderTopColor, s.borderBottomColor, s.borderLeftColor, s.borderRightColor, red, blue, s.borderTopWidth];",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        let f: Vec<&str> = frame
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str())
            .collect();
        if f.len() != 7 || f[0] != f[4] || f[1] != f[4] || f[2] != f[5] || f[3] != f[5] || f[6] == "0px" {
            return Err(format!(
                "the zoomed frame should be red above and below, blue at the sides: {f:?}"
            ));
        }
        save_shot(&client, &repo, "test-output/browser/layout/id-390-hex19-zoomed.png").await;
        Ok::<_, String>(())
    };
    let outcome = tokio::time::timeout(Duration::from_secs(120), run)
        .await
        .unwrap_or_else(|_| Err("zoomed Hex took more than 2 minutes".into()));
    if outcome.is_err() {
        save_shot(&client, &repo, "test-output/browser/layout/failure-zoom.png").await;
    }
    let _ = client.close().await;
    drop(driver);
    outcome.unwrap_or_else(|e| panic!("{e}"));
}
