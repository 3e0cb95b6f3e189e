//! Jun Qi flip setup: the opponent. Who moves first is drawn at random (J6).

use super::super::home::level_key;
use super::super::TopBar;
use super::{save, JUNQI};
use crate::controllers::junqi::JunQiController;
use crate::i18n::{key, tr};
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::timer::now_ms;
use crate::Route;
use dioxus::prelude::*;
use papan_bots::Level;

#[component]
pub fn JunQiSetup() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let mut opponent = use_signal(|| Some(Level::Beginner));
    let mut error = use_signal(|| None::<String>);
    let resumable = JUNQI.read().game.as_ref().is_some_and(|g| !g.is_over());

    let start = move |_| match JunQiController::from_setup(opponent(), now_ms()) {
        Ok(game) => {
            if let Err(e) = save(&Store::app(), &game) {
                dioxus::logger::tracing::warn!("could not save the new game: {e}");
            }
            JUNQI.write().game = Some(game);
            nav.push(Route::JunQiPlay {});
        }
        Err(e) => error.set(Some(e.to_string())),
    };

    let opponents: [(Option<Level>, &str); 4] = [
        (None, "opponent-human"),
        (Some(Level::Beginner), "opponent-beginner"),
        (Some(Level::Normal), "opponent-normal"),
        (Some(Level::Expert), "opponent-expert"),
    ];

    rsx! {
        div { class: "screen setup",
            TopBar { lang, title: tr(lang, "game-junqi"), back: Some(Route::Home {}) }
            main { class: "content",
                p { class: "lead", {tr(lang, "junqi-setup-lead")} }
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "setup-opponent")} }
                    div { class: "segmented", role: "radiogroup",
                        for (level, id) in opponents {
                            button {
                                key: "{id}",
                                class: if opponent() == level { "seg selected" } else { "seg" },
                                role: "radio",
                                "aria-checked": if opponent() == level { "true" } else { "false" },
                                "data-testid": "{id}",
                                onclick: move |_| opponent.set(level),
                                {tr(lang, match level { Some(l) => level_key(l), None => key("opponent-human") })}
                            }
                        }
                    }
                    if opponent().is_none() {
                        p { class: "field-hint", {tr(lang, "junqi-setup-hotseat-hint")} }
                    }
                }
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "setup-starts")} }
                    p { class: "jq-random-start", "data-testid": "junqi-starts-random",
                        span { class: "jq-dice", "aria-hidden": "true", "⚄" }
                        {tr(lang, "junqi-setup-starts-random")}
                    }
                }
                ul { class: "jq-rules-card",
                    li { {tr(lang, "junqi-setup-rule-reveal")} }
                    li { {tr(lang, "junqi-setup-rule-colour")} }
                    li { {tr(lang, "junqi-setup-rule-win")} }
                }
                if resumable {
                    p { class: "field-hint", {tr(lang, "junqi-setup-replaces")} }
                }
                if let Some(e) = error() {
                    p { class: "notice notice-error", "{e}" }
                }
            }
            footer { class: "bottom-bar",
                if resumable {
                    button {
                        class: "btn btn-ghost btn-block",
                        "data-testid": "junqi-continue",
                        onclick: move |_| { nav.push(Route::JunQiPlay {}); },
                        {tr(lang, "junqi-continue")}
                    }
                }
                button { class: "btn btn-primary btn-block", "data-testid": "start-game", onclick: start,
                    {tr(lang, "action-start")}
                }
                crate::screens::learn::LearnButton { game: crate::tutorial::GameId::Junqi, lang }
                crate::screens::online::OnlineButton { game: papan_api::GameKind::Junqi, lang }
            }
        }
    }
}
