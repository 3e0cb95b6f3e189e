//! Home: the four games as cards (Hex playable, the others marked "coming
//! soon"), "Continue" for an unfinished game, and the settings button.

use super::TopBar;
use crate::components::icons::{GameArt, IconSettings};
use crate::controllers::hex::{HexController, Player};
use crate::i18n::{key, tr, tr_args, Lang};
use crate::settings::AppSettings;
use crate::{HexSlot, LoadError, Route};
use dioxus::prelude::*;

/// The games on the home screen: (id, name key, tagline key, playable).
#[rustfmt::skip]
const GAMES: [(&str, &str, &str, bool); 4] = [
    ("hex", key("game-hex"), key("game-hex-tagline"), true),
    ("hadang", key("game-hadang"), key("game-hadang-tagline"), true),
    ("junqi", key("game-junqi"), key("game-junqi-tagline"), true),
    ("backgammon", key("game-backgammon"), key("game-backgammon-tagline"), true),
];

/// The setup screen a game card opens.
fn setup_route(game: &str) -> Route {
    match game {
        "hadang" => Route::HadangSetup {},
        "junqi" => Route::JunQiSetup {},
        "backgammon" => Route::BackgammonSetup {},
        _ => Route::HexSetup {},
    }
}

/// "11×11 · vs Normal bot · move 7" for the continue card.
pub fn continue_summary(lang: Lang, game: &HexController) -> String {
    let opponent = match game.bot_level() {
        Some(level) => tr(lang, level_key(level)),
        None => tr(lang, "opponent-human"),
    };
    tr_args(
        lang,
        "continue-summary",
        &[
            ("size", game.size().to_string()),
            ("opponent", opponent),
            ("moves", game.ply().to_string()),
        ],
    )
}

pub fn level_key(level: papan_bots::Level) -> &'static str {
    match level {
        papan_bots::Level::Beginner => key("opponent-beginner"),
        papan_bots::Level::Normal => key("opponent-normal"),
        papan_bots::Level::Expert => key("opponent-expert"),
    }
}

#[component]
pub fn Home() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let slot = use_context::<HexSlot>().0;
    let mut load_error = use_context::<LoadError>().0;
    let lang = settings.read().lang;
    let nav = navigator();
    let unfinished = slot
        .read()
        .as_ref()
        .filter(|g| !g.is_over() && g.players().contains(&Player::Human))
        .map(|g| continue_summary(lang, g));
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
                if let Some(reason) = load_error.read().clone() {
                    div { class: "notice notice-error", role: "alert", "data-testid": "load-error",
                        p { {tr_args(lang, "save-corrupt", &[("reason", reason)])} }
                        button {
                            class: "btn btn-ghost btn-small",
                            onclick: move |_| load_error.set(None),
                            {tr(lang, "action-dismiss")}
                        }
                    }
                }
                if let Some(summary) = unfinished {
                    button {
                        class: "continue-card",
                        "data-testid": "continue-hex",
                        onclick: move |_| {
                            nav.push(Route::HexPlay {});
                        },
                        GameArt { game: "hex" }
                        span { class: "continue-text",
                            span { class: "continue-title", {tr(lang, "continue-hex")} }
                            span { class: "continue-sub", "{summary}" }
                        }
                        span { class: "chevron", "›" }
                    }
                }
                super::online::OnlineContinue { lang }
                super::hadang::HadangContinue { lang }
                super::junqi::JunQiContinue { lang }
                super::backgammon::BackgammonContinue { lang }
                super::learn::LearnCard { lang }
                h2 { class: "section-title", {tr(lang, "home-games")} }
                div { class: "game-grid",
                    for (id, name, tagline, playable) in GAMES {
                        if playable {
                            button {
                                key: "{id}",
                                class: "game-card playable",
                                "data-testid": "play-{id}",
                                onclick: move |_| {
                                    nav.push(setup_route(id));
                                },
                                GameArt { game: id }
                                span { class: "game-name", {tr(lang, name)} }
                                span { class: "game-tagline", {tr(lang, tagline)} }
                                span { class: "badge badge-play", {tr(lang, "action-play")} }
                            }
                        } else {
                            div {
                                key: "{id}",
                                class: "game-card disabled",
                                "aria-disabled": "true",
                                "data-testid": "soon-{id}",
                                GameArt { game: id }
                                span { class: "game-name", {tr(lang, name)} }
                                span { class: "game-tagline", {tr(lang, tagline)} }
                                span { class: "badge badge-soon", {tr(lang, "coming-soon")} }
                            }
                        }
                    }
                }
            }
        }
    }
}
