//! Papan, the app: screens, the play shell, each game's board and tap
//! state, i18n and storage. No game rule lives here — rules come from
//! `papan_rules`, bots from `papan_bots`.

// Saved data, lesson files and online events are outside input: refused
// with a reason, never unwrapped.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod bot;
pub mod components;
pub mod diag;
pub mod games;
pub mod i18n;
mod oneshot;
pub mod online;
pub mod play;
pub mod puzzles;
pub mod screens;
pub mod settings;
pub mod shell;
pub mod storage;
pub mod timer;
pub mod tutorial;

use dioxus::prelude::*;
use papan_rules::GameId;
use screens::lazy::{
    Dice, LessonScreen, MistakeDeck, MistakeFirst, OnlineLobby, OnlinePlay, Play, PuzzleDaily, PuzzlePlay, Review,
    RuleAt, Rules, Setup,
};
use screens::learn::Learn;
use screens::puzzles::Puzzles;
use screens::review::FinishedGames;
use screens::transfer::{TransferEnter, TransferReceive, TransferSend};
use screens::{Home, Join, NotFound, Settings};
use settings::AppSettings;
use storage::Store;

/// Every screen, one route each. A game's routes take its id (`/hex`,
/// `/hex/play`, `/online/junqi`); fixed paths are matched before them.
#[derive(Routable, Clone, Debug, PartialEq)]
#[rustfmt::skip]
pub enum Route {
    #[route("/")]
    Home {},
    #[route("/settings")]
    Settings {},
    // Moving the online games to another phone (`screens::transfer`).
    #[route("/transfer")]
    TransferSend {},
    #[route("/transfer/:code")]
    TransferReceive { code: String },
    #[route("/receive")]
    TransferEnter {},
    #[route("/learn")]
    Learn {},
    #[route("/learn/:game/:lesson")]
    LessonScreen { game: GameId, lesson: String },
    #[route("/puzzles")]
    Puzzles {},
    #[route("/puzzles/daily")]
    PuzzleDaily {},
    #[route("/puzzles/:game")]
    PuzzlePlay { game: GameId },
    #[route("/mistakes")]
    MistakeDeck {},
    #[route("/mistakes/:id")]
    MistakeFirst { id: String },
    #[route("/games")]
    FinishedGames {},
    #[route("/games/:id")]
    Review { id: String },
    #[route("/dice")]
    Dice {},
    #[route("/rules/:game")]
    Rules { game: GameId },
    #[route("/rules/:game/:rule")]
    RuleAt { game: GameId, rule: String },
    #[route("/online/:game")]
    OnlineLobby { game: GameId },
    #[route("/online/:game/play")]
    OnlinePlay { game: GameId },
    // An invitation link: `/join/<game>/<CODE>/<tempo>[/<from>]`
    // (`online::invite`); any other shape lands on the join screen's refusal.
    #[route("/join/:..invite")]
    Join { invite: Vec<String> },
    #[route("/:game")]
    Setup { game: GameId },
    #[route("/:game/play")]
    Play { game: GameId },
    #[route("/:..segments")]
    NotFound { segments: Vec<String> },
}

/// The app's styles, inlined into native builds (no asset pipeline there).
/// The web build links the same files as one `papan.css` instead (written
/// by `cargo xtask build-web` in this order), so the wasm does not carry
/// them and the browser caches them on their own.
#[cfg(not(target_arch = "wasm32"))]
pub const STYLE: &str = concat!(
    include_str!("../assets/css/app.css"),
    include_str!("../assets/css/play.css"),
    include_str!("../assets/css/hadang.css"),
    include_str!("../assets/css/backgammon.css"),
    include_str!("../assets/css/junqi.css"),
    include_str!("../assets/css/tutorial.css"),
    include_str!("../assets/css/online.css"),
);

#[cfg(target_arch = "wasm32")]
fn set_page_lang(code: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", code);
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn set_page_lang(_code: &str) {}

#[cfg(not(target_arch = "wasm32"))]
fn inline_style() -> Element {
    rsx! { document::Style { {STYLE} } }
}

/// The web page links `papan.css` itself (`assets/web/index.html`).
#[cfg(target_arch = "wasm32")]
fn inline_style() -> Element {
    VNode::empty()
}

/// The settings, and whatever stored text could not be read at start
/// (settings, lesson progress): the store keeps that text aside, and the
/// home screen says so instead of silently starting afresh. Progress is
/// read here once for that reason; later reads find it already set aside.
pub fn startup_load(store: &Store) -> (AppSettings, Vec<storage::CorruptData>) {
    let (settings, unreadable_settings) = AppSettings::load_reporting(store);
    let unreadable_progress = tutorial::Progress::load(store).err().map(|(_, corrupt)| corrupt);
    let kept_aside = unreadable_settings.into_iter().chain(unreadable_progress).collect();
    (settings, kept_aside)
}

/// The root: loads settings, provides them, routes.
#[component]
pub fn App() -> Element {
    let (loaded, kept_aside) = use_hook(|| startup_load(&Store::app()));
    let settings = use_context_provider(|| Signal::new(loaded));
    use_context_provider(|| screens::KeptAside(Signal::new(kept_aside)));
    let current = settings.read();
    let classes = current.root_classes();
    let lang = current.lang.code();
    // The page's own `lang` (screen readers pick their voice from it), not only the app's div.
    use_effect(move || set_page_lang(settings.read().lang.code()));
    rsx! {
        document::Title { "Papan" }
        document::Meta { name: "viewport", content: "width=device-width, initial-scale=1, viewport-fit=cover" }
        {inline_style()}
        div { class: "app {classes}", lang: "{lang}", Router::<Route> {} }
    }
}
