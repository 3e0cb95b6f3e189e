//! Home: Continue for each unfinished game (and an online seat), Learn, the
//! four games as cards, and the settings button.

use crate::components::icons::{GameArt, IconSettings};
use crate::components::{game_name_key, TopBar};
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::settings::{AppSettings, SETTINGS_KEY};
use crate::shell::texts::level_key;
use crate::shell::GameUi;
use crate::storage::CorruptData;
use crate::tutorial::progress::PROGRESS_KEY;
use crate::Route;
use dioxus::prelude::*;
use papan_rules::GameId;
use std::marker::PhantomData;

fn tagline_key(game: GameId) -> &'static str {
    with_game!(game, G => G::TAGLINE_KEY)
}

/// "11×11 · Normal bot · 7 moves" for a Continue card.
fn summary<G: GameUi>(lang: Lang) -> Option<String> {
    let state = G::slot().read();
    let game = state.unfinished()?;
    let opponent = match game.bot_level() {
        Some(level) => tr(lang, level_key(level)),
        None => tr(lang, "opponent-human"),
    };
    let line = tr_args(
        lang,
        "continue-summary",
        &[("opponent", opponent), ("moves", game.ply().to_string())],
    );
    let detail = G::summary(game.position());
    Some(match detail {
        Some(detail) => format!("{detail} · {line}"),
        None => line,
    })
}

/// Stored text found unreadable at start (see [`crate::startup_load`]).
#[derive(Clone, Copy)]
pub struct KeptAside(pub Signal<Vec<CorruptData>>);

/// The Fluent key that explains an unreadable stored text of `key`.
fn kept_aside_key(key: &str) -> &'static str {
    match key {
        SETTINGS_KEY => "settings-corrupt",
        PROGRESS_KEY => "progress-corrupt",
        _ => "stored-corrupt",
    }
}

/// One dismissible line per text kept aside at start.
#[component]
pub fn KeptAsideNotices(lang: Lang) -> Element {
    let Some(KeptAside(mut kept)) = try_use_context::<KeptAside>() else {
        return rsx! {};
    };
    let shown = kept.read().clone();
    rsx! {
        for (i, corrupt) in shown.into_iter().enumerate() {
            div { key: "{corrupt.key}", class: "notice notice-error", role: "alert", "data-testid": "kept-aside", "data-key": "{corrupt.key}",
                p { {tr_args(lang, kept_aside_key(&corrupt.key), &[("reason", corrupt.reason.clone())])} }
                button {
                    class: "btn btn-ghost btn-small",
                    onclick: move |_| {
                        kept.write().remove(i);
                    },
                    {tr(lang, "action-dismiss")}
                }
            }
        }
    }
}

#[component]
fn ContinueCard<G: GameUi>(game: PhantomData<G>, lang: Lang) -> Element {
    let _ = game;
    let nav = navigator();
    let id = G::GAME;
    let load_error = G::slot().read().load_error.clone();
    if let Some(reason) = load_error {
        // A save that could not be read (kept aside by the store): say so once.
        return rsx! {
            div { class: "notice notice-error", role: "alert", "data-testid": "load-error", "data-game": "{id}",
                p { {tr_args(lang, "save-corrupt", &[("reason", reason)])} }
                button {
                    class: "btn btn-ghost btn-small",
                    onclick: move |_| G::slot().write().load_error = None,
                    {tr(lang, "action-dismiss")}
                }
            }
        };
    }
    let Some(summary) = summary::<G>(lang) else {
        return rsx! {};
    };
    rsx! {
        button {
            class: "continue-card",
            "data-testid": "continue-{id}",
            onclick: move |_| { nav.push(Route::Play { game: id }); },
            GameArt { game: id }
            span { class: "continue-text",
                span { class: "continue-title", {tr_args(lang, "continue-game", &[("game", tr(lang, game_name_key(id)))])} }
                span { class: "continue-sub", "{summary}" }
            }
            span { class: "chevron", "›" }
        }
    }
}

#[component]
pub fn Home() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    rsx! {
        div { class: "screen home",
            TopBar { lang, title: tr(lang, "app-name"), back: None,
                button {
                    class: "icon-btn",
                    "aria-label": tr(lang, "settings-title"),
                    "data-testid": "open-settings",
                    onclick: move |_| {
                        nav.push(Route::Settings {});
                    },
                    IconSettings {}
                }
            }
            main { class: "content",
                p { class: "lead", {tr(lang, "home-lead")} }
                KeptAsideNotices { lang }
                div { class: "continue-list",
                    super::online::OnlineContinue { lang }
                    for game in GameId::ALL {
                        {with_game!(game, G => rsx! { ContinueCard { key: "{game}", game: PhantomData::<G>, lang } })}
                    }
                    super::learn::LearnCard { lang }
                    super::puzzles::PuzzlesCard { lang }
                    super::review::list::FinishedCard { lang }
                }
                h2 { class: "section-title", {tr(lang, "home-games")} }
                div { class: "game-grid",
                    for game in GameId::ALL {
                        button {
                            key: "{game}",
                            class: "game-card playable",
                            "data-testid": "play-{game}",
                            onclick: move |_| {
                                nav.push(Route::Setup { game });
                            },
                            GameArt { game }
                            span { class: "game-name", {tr(lang, game_name_key(game))} }
                            span { class: "game-tagline", {tr(lang, tagline_key(game))} }
                            span { class: "badge badge-play", {tr(lang, "action-play")} }
                        }
                    }
                }
            }
        }
    }
}

/// Any path the app does not have (an old link, a typo): say so, go home.
#[component]
pub fn NotFound(segments: Vec<String>) -> Element {
    let _ = segments;
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    rsx! {
        div { class: "screen",
            TopBar { lang, title: tr(lang, "app-name"), back: Some(Route::Home {}) }
            main { class: "content empty-state", "data-testid": "not-found",
                p { {tr(lang, "not-found")} }
                button { class: "btn btn-primary", onclick: move |_| { nav.push(Route::Home {}); }, {tr(lang, "action-home")} }
            }
        }
    }
}
