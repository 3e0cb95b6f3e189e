//! HADANG setup: opponent, who starts (Player 1 moves first, H4), clock (H16).

use super::slot::{save_hadang, HADANG, HADANG_LAST_STARTER_KEY};
use crate::controllers::hadang::{monotonic_ms, HadangController};
use crate::i18n::{key, tr, tr_args, Lang};
use crate::screens::home::level_key;
use crate::screens::TopBar;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::timer::now_ms;
use crate::Route;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::clock::{Tempo, HADANG_BASE_MINUTES, HADANG_INCREMENT_SECONDS};

/// Who is Player 1 in the first game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Starts {
    Me,
    Bot,
    Alternate,
}

/// Whether the person on this device is Player 1, given the choice and who
/// started the last game here.
pub fn human_first(starts: Starts, last_human_first: Option<bool>) -> bool {
    match starts {
        Starts::Me => true,
        Starts::Bot => false,
        Starts::Alternate => !last_human_first.unwrap_or(false),
    }
}

/// The tempo for a base in minutes (`None`: no clock) and an increment.
pub fn tempo_for(base_minutes: Option<u64>, increment_seconds: u64) -> Tempo {
    base_minutes
        .and_then(|base| Tempo::hadang(base, increment_seconds).ok())
        .unwrap_or(Tempo::Unlimited)
}

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

#[component]
fn Group(lang: Lang, title: &'static str, hint: Option<&'static str>, children: Element) -> Element {
    rsx! {
        section { class: "field",
            h2 { class: "field-title", {tr(lang, title)} }
            div { class: "segmented", role: "radiogroup", {children} }
            if let Some(hint) = hint {
                p { class: "field-hint", {tr(lang, hint)} }
            }
        }
    }
}

#[component]
pub fn HadangSetup() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let mut opponent = use_signal(|| Some(Level::Beginner));
    let mut starts = use_signal(|| Starts::Me);
    // No clock against the bot by default; 5 minutes between two people.
    let mut base = use_signal(|| None::<u64>);
    let mut increment = use_signal(|| 0u64);
    let mut clock_touched = use_signal(|| false);

    let start = move |_| {
        let store = Store::app();
        let last: Option<bool> = store.load(HADANG_LAST_STARTER_KEY).ok().flatten();
        let first = opponent().is_none() || human_first(starts(), last);
        let game = HadangController::from_setup(
            opponent(),
            first,
            tempo_for(base(), increment()),
            now_ms(),
            monotonic_ms(),
        );
        let _ = store.save(HADANG_LAST_STARTER_KEY, &first);
        if let Err(e) = save_hadang(&store, &game) {
            dioxus::logger::tracing::warn!("could not save the new game: {e}");
        }
        let mut state = HADANG.write();
        state.game = Some(game);
        state.load_error = None;
        drop(state);
        nav.push(Route::HadangPlay {});
    };

    let opponents: [(Option<Level>, &str); 4] = [
        (None, "opponent-human"),
        (Some(Level::Beginner), "opponent-beginner"),
        (Some(Level::Normal), "opponent-normal"),
        (Some(Level::Expert), "opponent-expert"),
    ];
    let starters = [
        (Starts::Me, "starts-me", key("starts-me")),
        (Starts::Bot, "starts-bot", key("starts-bot")),
        (Starts::Alternate, "starts-alternate", key("starts-alternate")),
    ];
    let load_error = HADANG.read().load_error.clone();

    rsx! {
        div { class: "screen setup hadang-setup",
            TopBar { lang, title: tr(lang, "game-hadang"), back: Some(Route::Home {}) }
            main { class: "content",
                if let Some(reason) = load_error {
                    p { class: "notice notice-error", "data-testid": "hadang-load-error",
                        {tr_args(lang, "save-corrupt", &[("reason", reason)])}
                    }
                }
                p { class: "field-hint hadang-lead", {tr(lang, "hadang-setup-lead")} }
                Group { lang, title: key("setup-opponent"), hint: None,
                    for (level, id) in opponents {
                        Choice {
                            key: "{id}",
                            label: tr(lang, match level { Some(l) => level_key(l), None => key("opponent-human") }),
                            testid: id.to_string(),
                            selected: opponent() == level,
                            onclick: move |_| {
                                opponent.set(level);
                                if !clock_touched() {
                                    base.set(if level.is_none() { Some(5) } else { None });
                                }
                            },
                        }
                    }
                }
                if opponent().is_some() {
                    Group { lang, title: key("setup-starts"), hint: Some(key("hadang-starts-hint")),
                        for (who, id, label) in starters {
                            Choice {
                                key: "{id}",
                                label: tr(lang, label),
                                testid: id.to_string(),
                                selected: starts() == who,
                                onclick: move |_| starts.set(who),
                            }
                        }
                    }
                }
                Group { lang, title: key("hadang-setup-clock"), hint: Some(key("hadang-clock-hint")),
                    Choice {
                        label: tr(lang, "hadang-clock-none"),
                        testid: "clock-none",
                        selected: base().is_none(),
                        onclick: move |_| { base.set(None); clock_touched.set(true); },
                    }
                    for minutes in HADANG_BASE_MINUTES {
                        Choice {
                            key: "{minutes}",
                            label: tr_args(lang, "hadang-minutes", &[("count", minutes.to_string())]),
                            testid: format!("clock-{minutes}"),
                            selected: base() == Some(minutes),
                            onclick: move |_| { base.set(Some(minutes)); clock_touched.set(true); },
                        }
                    }
                }
                if base().is_some() {
                    Group { lang, title: key("hadang-setup-increment"), hint: Some(key("hadang-increment-hint")),
                        for seconds in HADANG_INCREMENT_SECONDS {
                            Choice {
                                key: "{seconds}",
                                label: tr_args(lang, "hadang-seconds", &[("count", seconds.to_string())]),
                                testid: format!("increment-{seconds}"),
                                selected: increment() == seconds,
                                onclick: move |_| increment.set(seconds),
                            }
                        }
                    }
                }
            }
            footer { class: "bottom-bar",
                button { class: "btn btn-primary btn-block", "data-testid": "start-game", onclick: start,
                    {tr(lang, "action-start")}
                }
                crate::screens::learn::LearnButton { game: crate::tutorial::GameId::Hadang, lang }
                crate::screens::online::OnlineButton { game: papan_api::GameKind::Hadang, lang }
            }
        }
    }
}
