//! Settings: language, theme, sound, bot estimate, room server. Saved on
//! every change (the server address when it is valid).

use crate::components::TopBar;
use crate::i18n::{tr, tr_args, Lang};
use crate::online::{account, push};
use crate::settings::{AppSettings, Theme};
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_api::NoticeKind;

fn update(mut settings: Signal<AppSettings>, change: impl FnOnce(&mut AppSettings)) {
    change(&mut settings.write());
    if let Err(e) = settings.peek().save(&Store::app()) {
        crate::diag::warn(&format!("could not save settings: {e}"));
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
    let mut lang_error = use_signal(|| false);
    let nav = navigator();
    // A language is switched once its text is loaded (fetched on the web);
    // if it cannot be, the language in use stays and says why.
    let choose = move |l: Lang| {
        spawn(async move {
            match crate::i18n::load(l).await {
                Ok(()) => {
                    lang_error.set(false);
                    update(settings, |s| s.lang = l);
                    // Notices come in the app's language: tell the server.
                    let store = Store::app();
                    let kinds = push::chosen(&store);
                    if push::SUPPORTED && !kinds.is_empty() {
                        let server = account::server(&store);
                        if let Err(e) = push::choose(&store, &server, kinds, l).await {
                            crate::diag::warn(&format!("notices stay in the old language: {e:?}"));
                        }
                    }
                }
                Err(e) => {
                    crate::diag::warn(&e);
                    lang_error.set(true);
                }
            }
        });
    };
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
                                onclick: move |_| choose(l),
                                span { "{l.native_name()}" }
                                if l == lang { span { class: "check", "✓" } }
                            }
                        }
                    }
                    if lang_error() {
                        p { class: "notice notice-error", role: "status", "data-testid": "lang-error", {tr(lang, "settings-language-unavailable")} }
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
                    div { class: "list",
                        Toggle {
                            label: tr(lang, "settings-confirm-moves"),
                            testid: "confirm-moves",
                            on: current.confirm_moves,
                            onclick: move |_| update(settings, |s| s.confirm_moves = !s.confirm_moves),
                        }
                    }
                    p { class: "field-hint", "data-testid": "confirm-moves-hint", {tr(lang, "settings-confirm-moves-hint")} }
                    div { class: "list",
                        Toggle {
                            label: tr(lang, "settings-tutor"),
                            testid: "tutor",
                            on: current.tutor,
                            onclick: move |_| update(settings, |s| s.tutor = !s.tutor),
                        }
                    }
                    p { class: "field-hint", "data-testid": "tutor-hint", {tr(lang, "settings-tutor-hint")} }
                }
                section { class: "field",
                    h2 { class: "field-title", {tr(lang, "settings-board")} }
                    div { class: "list",
                        Toggle {
                            label: tr(lang, "settings-coordinates"),
                            testid: "coordinates",
                            on: current.coordinates,
                            onclick: move |_| update(settings, |s| s.coordinates = !s.coordinates),
                        }
                        Toggle {
                            label: tr(lang, "settings-shape-marks"),
                            testid: "shape-marks",
                            on: current.shape_marks,
                            onclick: move |_| update(settings, |s| s.shape_marks = !s.shape_marks),
                        }
                    }
                    p { class: "field-hint", {tr(lang, "settings-shape-marks-hint")} }
                }
                NotifyField { lang }
                ServerField { lang }
                section { class: "field", "data-testid": "transfer-field",
                    h2 { class: "field-title", {tr(lang, "transfer-field")} }
                    div { class: "list",
                        button { class: "list-row", "data-testid": "transfer-send", onclick: move |_| { nav.push(Route::TransferSend {}); },
                            span { {tr(lang, "transfer-send")} }
                            span { class: "chevron", "›" }
                        }
                        button { class: "list-row", "data-testid": "transfer-receive", onclick: move |_| { nav.push(Route::TransferEnter {}); },
                            span { {tr(lang, "transfer-receive")} }
                            span { class: "chevron", "›" }
                        }
                    }
                    p { class: "field-hint", {tr(lang, "transfer-field-hint")} }
                }
            }
        }
    }
}

/// The notices this device is sent (Web Push), one switch a kind; a
/// change is kept once the room server took it, and what went wrong is
/// said under the switches.
#[component]
fn NotifyField(lang: Lang) -> Element {
    let kinds = use_signal(|| push::chosen(&Store::app()));
    let busy = use_signal(|| false);
    let problem = use_signal(|| None::<push::PushError>);
    let flip = move |kind: NoticeKind| {
        let (mut kinds, mut busy, mut problem) = (kinds, busy, problem);
        if busy() {
            return;
        }
        let next = push::toggled(&kinds(), kind);
        busy.set(true);
        spawn(async move {
            let store = Store::app();
            let server = account::server(&store);
            match push::choose(&store, &server, next.clone(), lang).await {
                Ok(()) => {
                    kinds.set(next);
                    problem.set(None);
                }
                Err(e) => {
                    crate::diag::warn(&format!("notifications: {e:?}"));
                    problem.set(Some(e));
                }
            }
            busy.set(false);
        });
    };
    let rows = [
        (NoticeKind::YourMove, "settings-notify-your-move", "notify-your-move"),
        (NoticeKind::InviteAccepted, "settings-notify-invite", "notify-invite"),
        (NoticeKind::GameEnded, "settings-notify-ended", "notify-ended"),
        (NoticeKind::TimeLow, "settings-notify-time-low", "notify-time-low"),
    ];
    rsx! {
        section { class: "field", "data-testid": "notify",
            h2 { class: "field-title", {tr(lang, "settings-notify")} }
            if push::SUPPORTED {
                div { class: "list", "aria-busy": if busy() { "true" } else { "false" },
                    for (kind, label, testid) in rows {
                        Toggle {
                            key: "{testid}",
                            label: tr(lang, label),
                            testid,
                            on: kinds().contains(&kind),
                            onclick: move |_| flip(kind),
                        }
                    }
                }
                p { class: "field-hint", {tr(lang, "settings-notify-hint")} }
                if let Some(e) = problem() {
                    p { class: "notice notice-error", role: "status", "data-testid": "notify-message", {tr(lang, e.message_key())} }
                }
            } else {
                p { class: "field-hint", "data-testid": "notify-message", {tr(lang, "settings-notify-unsupported")} }
            }
        }
    }
}

/// The room server's address: checked when saved, the reason shown if not.
#[component]
fn ServerField(lang: Lang) -> Element {
    let mut text = use_signal(|| account::server(&Store::app()));
    let mut message = use_signal(|| None::<(bool, String)>);
    let save = move |_| match account::set_server(&Store::app(), &text()) {
        Ok(address) => {
            text.set(address.clone());
            message.set(Some((
                true,
                tr_args(lang, "online-server-saved", &[("server", address)]),
            )));
        }
        Err(reason) => message.set(Some((false, tr(lang, &reason)))),
    };
    let reset = move |_| {
        Store::app().remove(account::SERVER_KEY);
        text.set(account::server(&Store::app()));
        message.set(None);
    };
    rsx! {
        section { class: "field",
            h2 { class: "field-title", {tr(lang, "settings-server")} }
            div { class: "join-row",
                input {
                    class: "server-input",
                    "data-testid": "server-input",
                    r#type: "url",
                    inputmode: "url",
                    autocapitalize: "off",
                    autocomplete: "off",
                    spellcheck: "false",
                    "aria-label": tr(lang, "settings-server"),
                    value: "{text}",
                    oninput: move |e| text.set(e.value()),
                }
                button { class: "btn btn-ghost", "data-testid": "server-save", onclick: save, {tr(lang, "action-save")} }
            }
            p { class: "field-hint",
                {tr(lang, "settings-server-hint")}
                " "
                button { class: "link-btn", "data-testid": "server-reset", onclick: reset, {tr(lang, "settings-server-reset")} }
            }
            if let Some((ok, text)) = message() {
                p { class: if ok { "notice notice-ok" } else { "notice notice-error" }, role: "status", "data-testid": "server-message", "{text}" }
            }
        }
    }
}
