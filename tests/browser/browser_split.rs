//! The web build's split (`src/screens/lazy.rs`, `xtask/src/split.rs`): the
//! home screen comes up from the main wasm alone, and a game screen whose
//! wasm cannot be had says so (in id, fil and en, whole at 320 px) and
//! leaves the app working; its Try again button brings the screen up once
//! the wasm can be had.
//!
//! It serves a copy of the build without `module_0_game_screen.wasm` (so the
//! service worker, whose precache then fails, cannot have it either).

use crate::support;
use std::time::Duration;
use support::browser::{self, save_shot, scroll_and_tap_testid, start_driver, wait_js, wait_present};
use support::{static_server, web};

const GAME_SCREENS: &str = "module_0_game_screen.wasm";
const SHOT: &str = "test-output/browser/split-missing-module-failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn home_needs_only_the_main_wasm_and_a_missing_game_screen_says_so_and_comes_back() {
    let repo = browser::repo();
    let dist = web::web_build(&repo).unwrap_or_else(|e| panic!("web build unavailable: {e}"));
    assert!(
        dist.join(GAME_SCREENS).is_file(),
        "the web build has no {GAME_SCREENS}: the game screens were not split off"
    );
    let (_site_dir, site) = web::copy_of_build(&dist, Some(GAME_SCREENS));
    let base = static_server::spawn(site.clone(), 0).expect("serve the copy on 127.0.0.1");
    let driver = start_driver();
    let client = driver
        .connect_phone_sized(320, 700)
        .await
        .unwrap_or_else(|e| panic!("{e}"));

    let checks = async {
        // In each language, on the narrowest phone: home from the main wasm
        // alone, then Hex's setup, which is in the missing part.
        for (lang, words) in [("id", "Layar ini"), ("fil", "screen na ito"), ("en", "This screen")] {
            browser::open_fresh(&client, &base, lang, &[], "/").await?;
            wait_present(&client, "[data-testid=\"play-hex\"]").await?;
            scroll_and_tap_testid(&client, "play-hex").await?;
            let notice = format!(
                "const n = document.querySelector('[data-testid=\"screen-load-failed\"]');
                 return !!n && n.textContent.includes({words:?}) && n.scrollWidth <= n.clientWidth;"
            );
            wait_js(
                &client,
                &format!("the notice that the screen could not be loaded, in {lang}"),
                &notice,
            )
            .await?;
            save_shot(
                &client,
                &repo,
                &format!("test-output/browser/split-missing-module-{lang}-320.png"),
            )
            .await;
            // The app is still alive: back home from the notice's screen.
            scroll_and_tap_testid(&client, "back").await?;
            wait_present(&client, "[data-testid=\"play-hex\"]").await?;
        }
        // Back online: the wasm is there again, and Try again on the notice
        // brings Hex's setup up (the page's loader keeps its failure, so the
        // button loads the page afresh at the same route).
        scroll_and_tap_testid(&client, "play-hex").await?;
        wait_present(&client, "[data-testid=\"screen-load-retry\"]").await?;
        std::fs::copy(dist.join(GAME_SCREENS), site.join(GAME_SCREENS)).map_err(|e| e.to_string())?;
        scroll_and_tap_testid(&client, "screen-load-retry").await?;
        wait_present(&client, "[data-testid=\"start-game\"]").await?;
        Ok::<_, String>(())
    };
    let outcome = tokio::time::timeout(Duration::from_secs(180), checks)
        .await
        .unwrap_or_else(|_| Err("the split checks took more than 3 minutes".into()));
    browser::close_or_fail(client, &repo, SHOT, outcome).await;
}
