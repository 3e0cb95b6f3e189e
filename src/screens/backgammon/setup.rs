//! Backgammon setup: the opponent. Who starts is decided by the opening
//! roll on the board (B4), so there is nothing else to choose.

use super::slot::{save_backgammon, BACKGAMMON};
use crate::controllers::backgammon::BackgammonController;
use crate::i18n::{key, tr, Lang};
use crate::screens::home::level_key;
use crate::screens::TopBar;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::timer::now_ms;
use crate::Route;
use dioxus::prelude::*;
use papan_bots::Level;

#[component]
fn Choice(label: String, testid: String, selected: bool, onclick: EventHandler<()>) -> Element {
    rsx! {
        button {
            class: if selected { "seg selected" } else { "seg" },
            role: "radio",
            "aria-checked": if selected { "true" } else { "false" },
            "data-testid": "{testid}",
            onclick: move |_| onclick.call(()),
            "{label}"
        }
    }
}

/// The opponents on offer: `None` is a person on this device.
pub const OPPONENTS: [(Option<Level>, &str); 4] = [
    (None, "opponent-human"),
    (Some(Level::Beginner), "opponent-beginner"),
    (Some(Level::Normal), "opponent-normal"),
    (Some(Level::Expert), "opponent-expert"),
];

fn opponent_label(lang: Lang, level: Option<Level>) -> String {
    tr(
        lang,
        match level {
            Some(l) => level_key(l),
            None => key("opponent-human"),
        },
    )
}

#[component]
pub fn BackgammonSetup() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let mut opponent = use_signal(|| Some(Level::Beginner));
    let mut error = use_signal(|| None::<String>);
    let load_error = BACKGAMMON.read().load_error.clone();

    let start = move |_| match BackgammonController::from_setup(opponent(), now_ms()) {
        Ok(game) => {
            if let Err(e) = save_backgammon(&Store::app(), &game) {
                dioxus::logger::tracing::warn!("could not save the new game: {e}");
            }
            let mut state = BACKGAMMON.write();
            state.game = Some(game);
            state.load_error = None;
            drop(state);
            nav.push(Route::BackgammonPlay {});
        }
        Err(e) => error.set(Some(e.to_string())),
    };
    let resumable = BACKGAMMON.read().game.as_ref().is_some_and(|g| !g.is_over());

    rsx! {
        div { class: "screen setup",
            TopBar { lang, title: tr(lang, "game-backgammon"), back: Some(Route::Home {}) }
            main { class: "content",
                if let Some(reason) = load_error {
                    div { class: "notice notice-error", role: "alert", "data-testid": "load-error",
                        p { {crate::i18n::tr_args(lang, "save-corrupt", &[("reason", reason)])} }
                    }
                }
                if resumable {
                    button {
                        class: "continue-card",
                        "data-testid": "continue-backgammon",
                        onclick: move |_| { nav.push(Route::BackgammonPlay {}); },
                        span { class: "continue-text",
                            span { class: "continue-title", {tr(lang, "backgammon-continue")} }
                        }
                        span { class: "chevron", "›" }
                    }
                }
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "setup-opponent")} }
                    div { class: "segmented", role: "radiogroup",
                        for (level, id) in OPPONENTS {
                            Choice {
                                key: "{id}",
                                label: opponent_label(lang, level),
                                testid: id.to_string(),
                                selected: opponent() == level,
                                onclick: move |_| opponent.set(level),
                            }
                        }
                    }
                }
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "setup-starts")} }
                    p { class: "field-hint", {tr(lang, "backgammon-starts-hint")} }
                }
                if let Some(e) = error() {
                    p { class: "notice notice-error", "{e}" }
                }
            }
            footer { class: "bottom-bar",
                button { class: "btn btn-primary btn-block", "data-testid": "start-game", onclick: start,
                    {tr(lang, "action-start")}
                }
                crate::screens::learn::LearnButton { game: crate::tutorial::GameId::Backgammon, lang }
                crate::screens::online::OnlineButton { game: papan_api::GameKind::Backgammon, lang }
            }
        }
    }
}
