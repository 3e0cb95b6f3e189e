//! Papan, the app: screens, board components, tap controllers, i18n and
//! storage. No game rule lives here — rules come from `papan_rules`, bots
//! from `papan_bots`.

pub mod bot;
pub mod components;
pub mod controllers;
pub mod i18n;
#[cfg(not(target_arch = "wasm32"))]
mod oneshot;
pub mod online;
pub mod saved_game;
pub mod screens;
pub mod settings;
pub mod storage;
pub mod timer;
pub mod tutorial;

use controllers::hex::HexController;
use dioxus::prelude::*;
use screens::learn::{Learn, LessonScreen};
use screens::{
    BackgammonPlay, BackgammonSetup, HadangPlay, HadangSetup, HexPlay, HexSetup, Home, JunQiPlay, JunQiSetup,
    OnlineLobby, OnlinePlay, Settings,
};
use settings::AppSettings;
use storage::Store;

/// Every screen, one route each.
#[derive(Routable, Clone, Debug, PartialEq)]
#[rustfmt::skip]
pub enum Route {
    #[route("/")]
    Home {},
    #[route("/hex")]
    HexSetup {},
    #[route("/hex/play")]
    HexPlay {},
    #[route("/hadang")]
    HadangSetup {},
    #[route("/hadang/play")]
    HadangPlay {},
    #[route("/backgammon")]
    BackgammonSetup {},
    #[route("/backgammon/play")]
    BackgammonPlay {},
    #[route("/junqi")]
    JunQiSetup {},
    #[route("/junqi/play")]
    JunQiPlay {},
    #[route("/online/:game")]
    OnlineLobby { game: String },
    #[route("/online/:game/play")]
    OnlinePlay { game: String },
    #[route("/learn")]
    Learn {},
    #[route("/learn/:game/:lesson")]
    LessonScreen { game: String, lesson: String },
    #[route("/settings")]
    Settings {},
}

/// The current (or last) Hex game, shared by the home, setup and play screens.
#[derive(Clone, Copy)]
pub struct HexSlot(pub Signal<Option<HexController>>);

/// A saved game that could not be read at start, shown on the home screen.
#[derive(Clone, Copy)]
pub struct LoadError(pub Signal<Option<String>>);

/// The app's styles, inlined so builds without the `dx` asset pipeline work.
pub const STYLE: &str = concat!(
    include_str!("../assets/css/app.css"),
    include_str!("../assets/css/hadang.css"),
    include_str!("../assets/css/backgammon.css"),
    include_str!("../assets/css/junqi.css"),
    include_str!("../assets/css/tutorial.css"),
    include_str!("../assets/css/online.css"),
    include_str!("../assets/css/online-games.css"),
);

/// The root: loads settings and the saved game, provides them, routes.
#[component]
pub fn App() -> Element {
    let settings = use_context_provider(|| Signal::new(AppSettings::load(&Store::app())));
    let (saved, error) = use_hook(|| match saved_game::load_hex(&Store::app()) {
        Ok(game) => (game, None),
        Err(corrupt) => (None, Some(corrupt.reason)),
    });
    use_context_provider(|| HexSlot(Signal::new(saved)));
    use_context_provider(|| LoadError(Signal::new(error)));
    let current = settings.read();
    let theme = current.theme.class();
    let lang = current.lang.code();
    rsx! {
        document::Title { "Papan" }
        document::Meta { name: "viewport", content: "width=device-width, initial-scale=1, viewport-fit=cover" }
        document::Style { {STYLE} }
        div { class: "app {theme}", lang: "{lang}", Router::<Route> {} }
    }
}
