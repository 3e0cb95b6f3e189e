//! Hex setup: board size, swap rule, opponent, who starts, rematch order.

use super::home::level_key;
use super::TopBar;
use crate::controllers::hex::{HexController, Starter};
use crate::i18n::{key, tr, Lang};
use crate::saved_game::{save_hex, HEX_LAST_STARTER_KEY};
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::timer::now_ms;
use crate::{HexSlot, Route};
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::hex::SIZES;

/// Whether the person on this device places the first stone, given the
/// choice and who started the last game here.
pub fn human_first(starts: Starter, last_human_first: Option<bool>) -> bool {
    match starts {
        Starter::Me => true,
        Starter::Bot => false,
        Starter::Alternate => !last_human_first.unwrap_or(false),
    }
}

#[component]
pub fn Segment(label: String, testid: String, selected: bool, onclick: EventHandler<()>) -> Element {
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
pub fn Field(lang: Lang, title: &'static str, hint: Option<&'static str>, children: Element) -> Element {
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
pub fn HexSetup() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let mut slot = use_context::<HexSlot>().0;
    let lang = settings.read().lang;
    let nav = navigator();
    let mut size = use_signal(|| 11u8);
    let mut swap = use_signal(|| false);
    let mut opponent = use_signal(|| Some(Level::Normal));
    let mut starts = use_signal(|| Starter::Me);
    let mut alternate = use_signal(|| true);
    let mut error = use_signal(|| None::<String>);

    let start = move |_| {
        let store = Store::app();
        let last: Option<bool> = store.load(HEX_LAST_STARTER_KEY).ok().flatten();
        let first = opponent().is_none() || human_first(starts(), last);
        match HexController::from_setup(size(), swap(), opponent(), first, now_ms()) {
            Ok(mut game) => {
                game.set_alternate_first(alternate());
                let _ = store.save(HEX_LAST_STARTER_KEY, &first);
                if let Err(e) = save_hex(&store, &game) {
                    dioxus::logger::tracing::warn!("could not save the new game: {e}");
                }
                slot.set(Some(game));
                nav.push(Route::HexPlay {});
            }
            Err(e) => error.set(Some(e.to_string())),
        }
    };

    let opponents: [(Option<Level>, &str); 4] = [
        (None, "opponent-human"),
        (Some(Level::Beginner), "opponent-beginner"),
        (Some(Level::Normal), "opponent-normal"),
        (Some(Level::Expert), "opponent-expert"),
    ];
    let starters = [
        (Starter::Me, "starts-me", key("starts-me")),
        (Starter::Bot, "starts-bot", key("starts-bot")),
        (Starter::Alternate, "starts-alternate", key("starts-alternate")),
    ];
    let size_hint = if size() >= crate::controllers::hex::PREVIEW_MIN_SIZE {
        key("size-hint-confirm")
    } else {
        key("size-hint-quick")
    };

    rsx! {
        div { class: "screen setup",
            TopBar { lang, title: tr(lang, "game-hex"), back: Some(Route::Home {}) }
            main { class: "content",
                Field { lang, title: key("setup-size"), hint: Some(size_hint),
                    for s in SIZES {
                        Segment {
                            key: "{s}",
                            label: format!("{s}×{s}"),
                            testid: format!("size-{s}"),
                            selected: size() == s,
                            onclick: move |_| size.set(s),
                        }
                    }
                }
                Field { lang, title: key("setup-opponent"), hint: None,
                    for (level, id) in opponents {
                        Segment {
                            key: "{id}",
                            label: tr(lang, match level { Some(l) => level_key(l), None => key("opponent-human") }),
                            testid: id.to_string(),
                            selected: opponent() == level,
                            onclick: move |_| opponent.set(level),
                        }
                    }
                }
                if opponent().is_some() {
                    Field { lang, title: key("setup-starts"), hint: Some(key("starts-hint")),
                        for (who, id, label) in starters {
                            Segment {
                                key: "{id}",
                                label: tr(lang, label),
                                testid: id.to_string(),
                                selected: starts() == who,
                                onclick: move |_| starts.set(who),
                            }
                        }
                    }
                }
                Field { lang, title: key("setup-swap"), hint: Some(key("swap-hint")),
                    Segment { label: tr(lang, "option-off"), testid: "swap-off", selected: !swap(), onclick: move |_| swap.set(false) }
                    Segment { label: tr(lang, "option-on"), testid: "swap-on", selected: swap(), onclick: move |_| swap.set(true) }
                }
                Field { lang, title: key("setup-alternate"), hint: Some(key("alternate-hint")),
                    Segment { label: tr(lang, "option-off"), testid: "alternate-off", selected: !alternate(), onclick: move |_| alternate.set(false) }
                    Segment { label: tr(lang, "option-on"), testid: "alternate-on", selected: alternate(), onclick: move |_| alternate.set(true) }
                }
                if let Some(e) = error() {
                    p { class: "notice notice-error", "{e}" }
                }
            }
            footer { class: "bottom-bar",
                button { class: "btn btn-primary btn-block", "data-testid": "start-game", onclick: start,
                    {tr(lang, "action-start")}
                }
                crate::screens::learn::LearnButton { game: crate::tutorial::GameId::Hex, lang }
                crate::screens::online::OnlineButton { game: papan_api::GameKind::Hex, lang }
            }
        }
    }
}
