//! `/games` (finished games: reopen, import) and `/games/:id` (the review
//! of one of them).
//!
//! The review screen keeps the board and its step bar fixed at the top, the
//! graph and the moves scrolling beneath; a game with secrets (Jun Qi) is
//! shown as the reviewing seat knew it, face-down pieces face down.

pub mod graph;
pub mod list;
pub mod screen;

pub use list::FinishedGames;

use crate::components::TopBar;
use crate::games::with_game;
use crate::i18n::{tr, Lang};
use crate::play::finished;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use screen::ReviewScreen;
use std::marker::PhantomData;

/// `/games/:id`: the review of a kept game (`id` is its key).
#[component]
pub fn Review(id: String) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang: Lang = settings.read().lang;
    // Read on every render of this route (its props change when another
    // game is opened); the screen below is keyed by the game, so it starts
    // afresh for each.
    let entry = finished::find(&Store::app(), &id);
    let title = match &entry {
        Some(e) => format!(
            "{} · {}",
            tr(lang, "review-title"),
            tr(lang, crate::components::game_name_key(e.game))
        ),
        None => tr(lang, "review-title"),
    };
    rsx! {
        div { class: "screen review-screen",
            TopBar { lang, title, back: Some(Route::FinishedGames {}) }
            main { class: "content review-content",
                match entry {
                    None => rsx! {
                        p { class: "notice notice-error", role: "alert", "data-testid": "review-missing", {tr(lang, "review-missing")} }
                    },
                    Some(entry) => with_game!(entry.game, G => rsx! { ReviewScreen { key: "{entry.key}", game: PhantomData::<G>, entry } }),
                }
            }
        }
    }
}
