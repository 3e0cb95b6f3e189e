//! `/learn`: every game's lessons as cards, with best stars and where an
//! unfinished lesson resumes.

use super::load_progress;
use crate::components::game_name_key;
use crate::components::TopBar;
use crate::i18n::{tr, tr_args};
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::tutorial::catalog::cards;
use crate::tutorial::GameId;
use crate::Route;
use dioxus::prelude::*;

#[component]
pub fn Learn() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    rsx! {
        crate::components::WithLaterText { lang, LearnList {} }
    }
}

#[component]
fn LearnList() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let progress = use_hook(|| load_progress(&Store::app()));
    let total = progress.total_stars();
    rsx! {
        div { class: "screen learn-screen", "data-testid": "learn-screen",
            TopBar { lang, title: tr(lang, "tutorial-learn"), back: Some(Route::Home {}) }
            main { class: "content learn-list",
                p { class: "learn-total", "data-testid": "learn-total",
                    {tr_args(lang, "tutorial-total-stars", &[("count", total.to_string())])}
                }
                for game in GameId::ALL {
                    section { key: "{game.code()}", class: "learn-game", "data-game": "{game.code()}",
                        div { class: "section-head",
                            h2 { class: "section-title", {tr(lang, game_name_key(game))} }
                            Link { class: "rules-link", "data-testid": "rules-{game}", to: Route::Rules { game }, {tr(lang, "rules-open")} }
                        }
                        for card in cards(game, &progress) {
                            button {
                                key: "{card.id}",
                                class: if card.completed { "lesson-card completed" } else { "lesson-card" },
                                "data-testid": "lesson-{card.id}",
                                "data-stars": "{card.stars}",
                                onclick: {
                                    let id = card.id.to_string();
                                    move |_| {
                                        nav.push(Route::LessonScreen { game, lesson: id.clone() });
                                    }
                                },
                                span { class: "lesson-title", {tr(lang, card.title)} }
                                if card.strategy {
                                    span { class: "badge lesson-badge", {tr(lang, "tutorial-strategy")} }
                                }
                                span { class: "lesson-meta",
                                    {tr_args(lang, "tutorial-steps", &[("count", card.steps.to_string())])}
                                }
                                span {
                                    class: "lesson-stars",
                                    "aria-label": tr_args(lang, "tutorial-stars-label", &[("count", card.stars.to_string())]),
                                    for i in 0..3u8 {
                                        span { key: "{i}", class: if i < card.stars { "star on" } else { "star" }, "★" }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
