//! The app's readers of what it finds on the device: saved games, the
//! finished-games list, lesson progress, settings and lesson files.
//!
//! Property for stored data: unreadable text is reported, kept aside under
//! `<key>.corrupt` and cleared from its key, and the app goes on; readable
//! text saves back as text that reads the same.

use crate::{choose, text};
use papan::play::finished;
use papan::play::save::save_key;
use papan::play::{Match, Playable};
use papan::settings::{AppSettings, SETTINGS_KEY};
use papan::shell::slot;
use papan::storage::Store;
use papan::tutorial::lesson::parse_lessons;
use papan::tutorial::progress::{Progress, PROGRESS_KEY};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::GameId;
use std::sync::OnceLock;

/// One store for the whole run: each input overwrites the key it uses.
fn store() -> &'static Store {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| Store::in_dir(DIR.get_or_init(|| tempfile::tempdir().expect("a temp dir")).path()))
}

/// Puts `text` under `key` as the app would find it on start.
fn stored(key: &str, text: &str) -> &'static Store {
    let store = store();
    store.remove(&format!("{key}.corrupt"));
    store.set(key, text).expect("the temp store takes the text");
    store
}

/// After a refused load: the text kept aside, its key cleared.
fn kept_aside(store: &Store, key: &str, text: &str) {
    assert_eq!(
        store.get(&format!("{key}.corrupt")).as_deref(),
        Some(text),
        "the refused text was not kept"
    );
    assert_eq!(store.get(key), None, "the refused text stayed under its key");
}

/// The first byte picks what the rest is stored as.
pub fn saved_games(data: &[u8]) {
    let Some((kind, rest)) = choose(data, 6) else { return };
    let Some(text) = text(rest) else { return };
    match kind {
        0 => saved_match::<Hex>(text),
        1 => saved_match::<Hadang>(text),
        2 => saved_match::<Backgammon>(text),
        3 => saved_match::<JunQi>(text),
        4 => finished_list(text),
        _ => progress(text),
    }
}

fn saved_match<G: Playable>(text: &str) {
    let key = save_key(G::GAME);
    let store = stored(&key, text);
    match slot::load::<G>(store) {
        Err(_) => kept_aside(store, &key, text),
        Ok(None) => panic!("a stored game read as no game"),
        Ok(Some(game)) => {
            let now = 1_000_000;
            let written = game.to_save_text(now);
            let again = Match::<G>::from_save_text(&written, now)
                .unwrap_or_else(|e| panic!("a saved game's own save is refused: {e}\n{written}"));
            assert_eq!(again.to_save_text(now), written, "the save changed on a second round");
        }
    }
}

fn finished_list(text: &str) {
    let store = stored(finished::STORE_KEY, text);
    match finished::load(store) {
        Err(_) => kept_aside(store, finished::STORE_KEY, text),
        Ok(list) => {
            // Each kept game's record is checked when it is opened: a
            // tampered one is refused there, never replayed half-way.
            for game in list {
                let _ = match game.game {
                    GameId::Hex => game.record::<Hex>().map(drop),
                    GameId::Hadang => game.record::<Hadang>().map(drop),
                    GameId::Backgammon => game.record::<Backgammon>().map(drop),
                    GameId::Junqi => game.record::<JunQi>().map(drop),
                };
            }
        }
    }
}

fn progress(text: &str) {
    let store = stored(PROGRESS_KEY, text);
    match Progress::load(store) {
        Err((fresh, _)) => {
            assert_eq!(fresh, Progress::default(), "refused progress must start afresh");
            kept_aside(store, PROGRESS_KEY, text);
        }
        Ok(progress) => assert!(progress.lessons.values().all(|l| l.best_stars <= 3)),
    }
}

/// Settings: what reads is what the app uses; anything else gives the
/// defaults, with the text kept aside.
pub fn settings(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let store = stored(SETTINGS_KEY, text);
    let loaded = AppSettings::load(store);
    match serde_json::from_str::<AppSettings>(text) {
        Ok(direct) => assert_eq!(loaded, direct),
        Err(_) => {
            assert_eq!(loaded, AppSettings::default());
            kept_aside(store, SETTINGS_KEY, text);
        }
    }
}

/// A lesson file of the game the first byte picks: read or refused with a
/// reason, never a panic.
pub fn lessons(data: &[u8]) {
    let Some((game, rest)) = choose(data, GameId::ALL.len()) else {
        return;
    };
    let Some(text) = text(rest) else { return };
    if let Err(reason) = parse_lessons(GameId::ALL[game], text) {
        assert!(!reason.is_empty(), "a refused lesson file needs a reason");
    }
}
