//! Real-browser check of issue 33's backgammon numbering and win estimate:
//! right after the Expert bot's move, the play screen (390×844 and 320×640,
//! in id, fil and en) writes that move in the person's own numbers — the
//! bot's `13/11 8/3*` as `12/14 17/22*`, as the board's arrows run — in the
//! last-move notice and the move log; the estimate shows while the game
//! goes on and is gone once it is over, the result card in its place.
//! Screenshots go to `test-output/browser/bg-numbering-*.png`.
//!
//! Needs a web build (`PAPAN_DIST_DIR`) and chromedriver, as the other
//! browser tests.

use crate::support;
use support::browser::{self, save_shot, start_driver, wait_js_value};

use fantoccini::Client;
use papan::i18n::Lang;
use papan::play::{player, Match};
use papan_bots::Level;
use papan_rules::backgammon::{Backgammon, BackgammonOptions, BgMove};
use papan_rules::clock::Tempo;
use papan_rules::{Game, Record, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::path::Path;

/// White opens 2-1 with `24/22 6/5`; the Expert bot (Black) hits with 5-2.
const MOVES: [&str; 4] = ["opening 2-1", "24/22 6/5", "roll 5-2", "13/11 8/3*"];
const SEEN_BY_WHITE: &str = "12/14 17/22*";

fn match_on(record: Record<Backgammon>) -> Match<Backgammon> {
    let players = player::from_setup(Some(Level::Expert), true);
    let fresh = Match::new(
        BackgammonOptions::default(),
        players,
        Seat::First,
        Tempo::Unlimited,
        7,
        0,
    )
    .unwrap();
    let mut save = fresh.to_save(0);
    save.record = record;
    Match::from_save(save, 0).unwrap()
}

fn bot_hit() -> Match<Backgammon> {
    let mut record = Record::<Backgammon>::new(BackgammonOptions::default(), 7);
    let mut game = record.start().unwrap();
    for text in MOVES {
        let mv = game.canonical_move(&text.parse::<BgMove>().unwrap());
        record.play(&mut game, mv).unwrap();
    }
    match_on(record)
}

/// A seeded whole game White (the person) wins.
fn won_by_white() -> Match<Backgammon> {
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut record = Record::<Backgammon>::new(BackgammonOptions::default(), seed);
        let mut game = record.start().unwrap();
        loop {
            let mv = match game.turn() {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut rng).unwrap(),
                Turn::Seat(_) => game.legal_moves()[0],
            };
            record.play(&mut game, mv).unwrap();
        }
        if game.outcome().and_then(|o| o.winner) == Some(Seat::First) {
            return match_on(record);
        }
    }
    panic!("no seed gives White a win")
}

async fn wait_for(client: &Client, what: &str, js: &str) -> Result<Value, String> {
    wait_js_value(client, what, js, |value| !value.is_null() && *value != json!(false)).await
}

/// Opens the play screen on `game` in `lang`, the estimate turned on.
async fn open_game(client: &Client, base: &str, game: &Match<Backgammon>, lang: Lang) -> Result<(), String> {
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    let settings = json!({ "lang": lang.code(), "show_estimate": true }).to_string();
    client
        .execute(
            "localStorage.clear(); localStorage.setItem('settings', arguments[0]); localStorage.setItem('backgammon-game', arguments[1]);",
            vec![json!(settings), json!(game.to_save_text(0))],
        )
        .await
        .map_err(|e| e.to_string())?;
    client
        .goto(&format!("{base}/#/backgammon/play"))
        .await
        .map_err(|e| e.to_string())?;
    client.refresh().await.map_err(|e| e.to_string())?;
    wait_for(
        client,
        "the backgammon board",
        "return !!document.querySelector('[data-testid=\"backgammon-board\"]')",
    )
    .await
    .map(|_| ())
}

async fn shot(client: &Client, repo: &Path, name: &str) {
    save_shot(client, repo, &format!("test-output/browser/bg-numbering-{name}.png")).await;
}

/// Nothing on the screen is wider than the screen (the move log is a row
/// that scrolls sideways: its entries may run past the edge).
async fn nothing_overflows(client: &Client, what: &str) -> Result<(), String> {
    let wide = client
        .execute(
            "const w = document.documentElement.clientWidth;
             return Array.from(document.querySelectorAll('.play-area *'))
               .filter(e => !e.closest('.move-log ol'))
               .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > w + 1 || r.left < -1); })
               .map(e => e.className && e.className.baseVal !== undefined ? e.className.baseVal : e.className)
               .slice(0, 5);",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    if wide.as_array().is_some_and(|a| !a.is_empty()) {
        return Err(format!("{what}: wider than the screen: {wide}"));
    }
    Ok(())
}

async fn checks(client: &Client, base: &str, repo: &Path, width: u32) -> Result<(), String> {
    for lang in Lang::ALL {
        let code = lang.code();
        open_game(client, base, &bot_hit(), lang).await?;
        let notice = wait_for(
            client,
            "the last-move notice",
            "const n = document.querySelector('[data-testid=\"last-move\"]'); return n && n.textContent;",
        )
        .await?;
        let notice = notice.as_str().unwrap_or_default().to_string();
        if !notice.contains(SEEN_BY_WHITE) || notice.contains("8/3*") {
            return Err(format!(
                "{code} {width}: the notice is not in White's numbers: {notice:?}"
            ));
        }
        let log = client
            .execute(
                "return Array.from(document.querySelectorAll('[data-testid=\"log-entry\"]')).map(e => e.textContent.trim());",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        if log != json!(["1. 2-1 24/22 6/5", format!("2. 5-2 {SEEN_BY_WHITE}")]) {
            return Err(format!("{code} {width}: the log reads {log}"));
        }
        wait_for(
            client,
            "the estimate while the game goes on",
            "return !!document.querySelector('[data-testid=\"estimate\"]')",
        )
        .await?;
        nothing_overflows(client, &format!("{code} {width}")).await?;
        shot(client, repo, &format!("{code}-{width}")).await;

        open_game(client, base, &won_by_white(), lang).await?;
        wait_for(
            client,
            "the result card",
            "return !!document.querySelector('[data-testid=\"result-banner\"]')",
        )
        .await?;
        let estimate = client
            .execute("return !!document.querySelector('[data-testid=\"estimate\"]')", vec![])
            .await
            .map_err(|e| e.to_string())?;
        if estimate != json!(false) {
            return Err(format!("{code} {width}: a win estimate shown after the game"));
        }
        shot(client, repo, &format!("over-{code}-{width}")).await;
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn b1_bot_moves_read_in_the_players_numbers_and_no_estimate_after_the_game() {
    let repo = browser::repo();
    let base = browser::serve_web_build(&repo);
    let driver = start_driver();
    for (width, height) in [(390, 844), (320, 640)] {
        let client = driver
            .connect_phone_sized(width, height)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let outcome = checks(&client, &base, &repo, width).await;
        if outcome.is_err() {
            shot(&client, &repo, &format!("failure-{width}")).await;
        }
        let _ = client.close().await;
        if let Err(e) = outcome {
            panic!("{e}");
        }
    }
}
