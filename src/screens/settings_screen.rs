//! Settings: language, theme, sound, bot estimate. Saved on every change.

use super::TopBar;
use crate::i18n::{tr, Lang};
use crate::settings::{AppSettings, Theme};
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;

fn update(mut settings: Signal<AppSettings>, change: impl FnOnce(&mut AppSettings)) {
    change(&mut settings.write());
    if let Err(e) = settings.peek().save(&Store::app()) {
        dioxus::logger::tracing::warn!("could not save settings: {e}");
    }
}

#[component]
fn Toggle(label: String, testid: String, on: bool, onclick: EventHandler<()>) -> Element {
    rsx! {
        button {
            class: "toggle-row",
            role: "switch",
            "aria-checked": if on { "true" } else { "false" },
            "data-testid": "{testid}",
            onclick: move |_| onclick.call(()),
            span { class: "toggle-label", "{label}" }
            span { class: if on { "switch on" } else { "switch" }, span { class: "knob" } }
        }
    }
}

#[component]
pub fn Settings() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let current = *settings.read();
    let lang = current.lang;
    rsx! {
        div { class: "screen settings",
            TopBar { lang, title: tr(lang, "settings-title"), back: Some(Route::Home {}) }
            main { class: "content",
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "settings-language")} }
                    div { class: "list",
                        for l in Lang::ALL {
                            button {
                                key: "{l.code()}",
                                class: if l == lang { "list-row selected" } else { "list-row" },
                                role: "radio",
                                "aria-checked": if l == lang { "true" } else { "false" },
                                "data-testid": "lang-{l.code()}",
                                lang: "{l.code()}",
                                onclick: move |_| update(settings, |s| s.lang = l),
                                span { "{l.native_name()}" }
                                if l == lang { span { class: "check", "✓" } }
                            }
                        }
                    }
                }
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "settings-theme")} }
                    div { class: "segmented", role: "radiogroup",
                        for t in Theme::ALL {
                            button {
                                key: "{t.class()}",
                                class: if t == current.theme { "seg selected" } else { "seg" },
                                role: "radio",
                                "aria-checked": if t == current.theme { "true" } else { "false" },
                                "data-testid": "{t.class()}",
                                onclick: move |_| update(settings, |s| s.theme = t),
                                {tr(lang, t.label_key())}
                            }
                        }
                    }
                }
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "settings-play")} }
                    div { class: "list",
                        Toggle {
                            label: tr(lang, "settings-sound"),
                            testid: "sound",
                            on: current.sound,
                            onclick: move |_| update(settings, |s| s.sound = !s.sound),
                        }
                        Toggle {
                            label: tr(lang, "settings-estimate"),
                            testid: "show-estimate",
                            on: current.show_estimate,
                            onclick: move |_| update(settings, |s| s.show_estimate = !s.show_estimate),
                        }
                    }
                    p { class: "field-hint", {tr(lang, "settings-estimate-hint")} }
                }
            }
        }
    }
}
