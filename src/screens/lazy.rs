//! The game screens in a wasm of their own, fetched the first time one opens.
//!
//! The home screen, settings and the lists need none of the games' boards,
//! rules pages, lessons, reviews or online play, which are most of the app's
//! code. On the web (`cargo xtask build-web`, `xtask/src/split.rs`) everything
//! only [`game_screen`] reaches is cut into `module_0_game_screen.wasm`, so
//! the first load carries the rest; the service worker keeps both for
//! offline play. Native builds link it all as usual and draw the screens
//! at once.
//!
//! Each route below keeps its variant's name for `#[derive(Routable)]` and
//! draws the real screen through [`GameScreen`].

use crate::components::TopBar;
use crate::i18n::tr;
use crate::settings::AppSettings;
use crate::Route;
use dioxus::prelude::*;
use papan_rules::GameId;

/// A game screen's route drawn by its screen. Only routes the components
/// below pass reach it.
fn game_screen(route: Route) -> Element {
    use super::{dice, learn, online, play, puzzles, review, rules, setup};
    match route {
        Route::Setup { game } => rsx! { setup::Setup { game } },
        Route::Play { game } => rsx! { play::Play { game } },
        Route::LessonScreen { game, lesson } => rsx! { learn::LessonScreen { game, lesson } },
        Route::PuzzlePlay { game } => rsx! { puzzles::PuzzlePlay { game } },
        Route::PuzzleDaily {} => rsx! { puzzles::PuzzleDaily {} },
        Route::MistakeDeck {} => rsx! { puzzles::MistakeDeck {} },
        Route::MistakeFirst { id } => rsx! { puzzles::MistakeFirst { id } },
        Route::Review { id } => rsx! { review::Review { id } },
        Route::Rules { game } => rsx! { rules::Rules { game } },
        Route::RuleAt { game, rule } => rsx! { rules::RuleAt { game, rule } },
        Route::OnlineLobby { game } => rsx! { online::OnlineLobby { game } },
        Route::OnlinePlay { game } => rsx! { online::OnlinePlay { game } },
        Route::Dice {} => rsx! { dice::Dice {} },
        other => rsx! { super::NotFound { segments: vec![other.to_string()] } },
    }
}

#[cfg(target_arch = "wasm32")]
static GAME_SCREENS: wasm_split::LazyLoader<Route, Element> =
    wasm_split::lazy_loader!(extern "game_screens" fn game_screen(route: Route) -> Element);

/// Fetches the game screens' wasm once (suspending until it is in), then
/// draws `route`; says so when it cannot be had (offline before it was ever
/// fetched). Natively the screens are linked in: drawn at once.
#[component]
fn GameScreen(route: Route) -> Element {
    #[cfg(not(target_arch = "wasm32"))]
    return game_screen(route);
    #[cfg(target_arch = "wasm32")]
    {
        use_resource(|| async { GAME_SCREENS.load().await }).suspend()?;
        match GAME_SCREENS.call(route) {
            Ok(screen) => screen,
            Err(_) => load_failed(),
        }
    }
}

/// The notice of a game screen whose wasm could not be fetched, with a
/// button to fetch it again once the phone is back online.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn load_failed() -> Element {
    let lang = use_context::<Signal<AppSettings>>().read().lang;
    rsx! {
        div { class: "screen",
            TopBar { lang, title: tr(lang, "app-name"), back: Some(Route::Home {}) }
            main { class: "content empty-state",
                p { class: "notice notice-error", "data-testid": "screen-load-failed", {tr(lang, "screen-load-failed")} }
                button {
                    class: "btn btn-primary btn-block",
                    "data-testid": "screen-load-retry",
                    onclick: move |_| reload_page(),
                    {tr(lang, "screen-load-retry")}
                }
            }
        }
    }
}

/// Loads the page again at the same route. The lazy loader keeps a failed
/// fetch for the page's life, so only a fresh page asks for the game
/// screens again; an installed app has no reload button of its own.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn reload_page() {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// A route's component under its variant's name, drawing the screen
/// through [`GameScreen`].
macro_rules! lazy_route {
    ($name:ident { $($field:ident: $ty:ty),* }) => {
        #[component]
        pub fn $name($($field: $ty),*) -> Element {
            rsx! { GameScreen { route: Route::$name { $($field),* } } }
        }
    };
}

lazy_route!(Setup { game: GameId });
lazy_route!(Play { game: GameId });
lazy_route!(LessonScreen {
    game: GameId,
    lesson: String
});
lazy_route!(PuzzlePlay { game: GameId });
lazy_route!(PuzzleDaily {});
lazy_route!(MistakeDeck {});
lazy_route!(MistakeFirst { id: String });
lazy_route!(Review { id: String });
lazy_route!(Rules { game: GameId });
lazy_route!(RuleAt {
    game: GameId,
    rule: String
});
lazy_route!(OnlineLobby { game: GameId });
lazy_route!(OnlinePlay { game: GameId });
lazy_route!(Dice {});
