//! Moving this phone's online games to another phone: the code screen on
//! the old phone (`#/transfer`: the code big, its QR code and link, the
//! minutes left), the claim on the new one (`#/transfer/<CODE>`, what the
//! link opens: one confirming tap, then the games that arrived) and the
//! screen to type a code (`#/receive`). The logic is
//! [`crate::online::transfer`]; every refusal is said in the person's
//! language with a way on, and changes nothing on either phone.

use crate::components::{game_name_key, TopBar};
use crate::i18n::{tr, tr_args, Lang};
use crate::online::account::{self, ActiveSeat};
use crate::online::invite;
use crate::online::transfer::{self, ReceiveError};
use crate::screens::online::request_error;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::timer::{now_ms, sleep_ms};
use crate::Route;
use dioxus::prelude::*;
use papan_api::{normalize_transfer_code, ClientError, TransferOffer};

/// "12:05": minutes and seconds left.
fn countdown(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

/// A refusal by the server or no answer, in the person's language.
fn said(lang: Lang, server: &str, error: &ClientError) -> String {
    match transfer::refusal_key(error) {
        Some(key) => tr(lang, key),
        None => request_error(lang, server, error),
    }
}

/// The old phone: a code for its games (made on arrival; "New code" makes
/// another, which replaces it).
#[component]
pub fn TransferSend() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let server = use_hook(|| account::server(&Store::app()));
    let mut offer = use_signal(|| None::<(TransferOffer, u64)>);
    let mut error = use_signal(|| None::<String>);
    let mut busy = use_signal(|| false);
    let mut now = use_signal(now_ms);
    let mut make = {
        let server = server.clone();
        move || {
            let server = server.clone();
            busy.set(true);
            spawn(async move {
                match transfer::offer(&Store::app()).await {
                    Ok(made) => {
                        offer.set(Some((made, now_ms())));
                        error.set(None);
                    }
                    Err(e) => error.set(Some(said(lang, &server, &e))),
                }
                busy.set(false);
            });
        }
    };
    {
        let make = make.clone();
        use_hook(make);
    }
    use_future(move || async move {
        loop {
            sleep_ms(1000).await;
            now.set(now_ms());
        }
    });
    let shown = offer().map(|(made, at)| {
        // `now` may be from before the code came: never more than its life.
        let left = (at + made.expires_in_ms).saturating_sub(now().max(at));
        let link = transfer::transfer_link(&invite::served_from(&server), &made.code);
        (made, left, link)
    });
    rsx! {
        div { class: "screen transfer-screen",
            TopBar { lang, title: tr(lang, "transfer-title"), back: Some(Route::Settings {}) }
            main { class: "content",
                p { class: "field-hint", {tr(lang, "transfer-send-hint")} }
                if let Some(e) = error() {
                    p { class: "notice notice-error", role: "alert", "data-testid": "transfer-error", "{e}" }
                }
                if let Some((made, left, link)) = shown {
                    div { class: "transfer-card", "data-testid": "transfer-card", "data-seats": "{made.seats}",
                        if left > 0 {
                            p { class: "transfer-code", "data-testid": "transfer-code", "{made.code}" }
                            if let Some((size, d)) = invite::qr_path(&link) {
                                svg {
                                    class: "invite-qr",
                                    "data-testid": "transfer-qr",
                                    view_box: "0 0 {size} {size}",
                                    role: "img",
                                    "aria-label": tr(lang, "transfer-qr"),
                                    "shape-rendering": "crispEdges",
                                    rect { width: "{size}", height: "{size}", fill: "#fff" }
                                    path { d: "{d}", fill: "#000" }
                                }
                            }
                            p { class: "invite-link", "data-testid": "transfer-link", "{link}" }
                            p { class: "transfer-left", "data-testid": "transfer-left",
                                {tr_args(lang, "transfer-left", &[("time", countdown(left))])}
                            }
                            p { class: "field-hint", "data-testid": "transfer-seats",
                                {tr_args(lang, "transfer-seats", &[("count", made.seats.to_string())])}
                            }
                        } else {
                            p { class: "notice", role: "status", "data-testid": "transfer-code-expired", {tr(lang, "transfer-code-expired")} }
                        }
                    }
                }
                button {
                    class: "btn btn-ghost btn-block",
                    "data-testid": "transfer-new-code",
                    disabled: busy(),
                    onclick: move |_| make(),
                    {tr(lang, "transfer-new-code")}
                }
            }
        }
    }
}

/// What the claim screen is at.
#[derive(Clone, PartialEq)]
enum Claim {
    Asking,
    Working,
    Arrived(Vec<ActiveSeat>),
    Refused(String),
}

/// The new phone, from the link (or a typed code): one tap moves the games
/// here, then they are listed.
#[component]
pub fn TransferReceive(code: String) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let server = use_hook(|| account::server(&Store::app()));
    let mut state = use_signal(|| Claim::Asking);
    let readable = normalize_transfer_code(&code).ok();
    let claim = {
        let (code, server) = (code.clone(), server.clone());
        move |_| {
            let (code, server) = (code.clone(), server.clone());
            state.set(Claim::Working);
            spawn(async move {
                state.set(match transfer::receive(&Store::app(), &code).await {
                    Ok(seats) => Claim::Arrived(seats),
                    Err(ReceiveError::Refused(key)) => Claim::Refused(tr(lang, key)),
                    Err(ReceiveError::Server(e)) => Claim::Refused(said(lang, &server, &e)),
                });
            });
        }
    };
    let other = rsx! {
        button {
            class: "btn btn-ghost btn-block",
            "data-testid": "transfer-other-code",
            onclick: move |_| { nav.replace(Route::TransferEnter {}); },
            {tr(lang, "transfer-other-code")}
        }
    };
    let body = match (readable, state()) {
        (None, _) => rsx! {
            p { class: "notice notice-error", role: "alert", "data-testid": "transfer-refused", {tr(lang, "transfer-malformed")} }
            {other}
        },
        (Some(code), Claim::Asking | Claim::Working) => rsx! {
            p { class: "field-hint", {tr(lang, "transfer-receive-hint")} }
            p { class: "transfer-code", "data-testid": "transfer-code", "{code}" }
            button {
                class: "btn btn-primary btn-block",
                "data-testid": "transfer-claim",
                disabled: state() == Claim::Working,
                onclick: claim,
                if state() == Claim::Working { {tr(lang, "online-connecting")} } else { {tr(lang, "transfer-claim")} }
            }
            button {
                class: "btn btn-ghost btn-block",
                "data-testid": "transfer-cancel",
                onclick: move |_| { nav.replace(Route::Home {}); },
                {tr(lang, "transfer-cancel")}
            }
        },
        (Some(_), Claim::Refused(why)) => rsx! {
            p { class: "notice notice-error", role: "alert", "data-testid": "transfer-refused", "{why}" }
            {other}
        },
        (Some(_), Claim::Arrived(seats)) => rsx! {
            p { class: "notice notice-ok", role: "status", "data-testid": "transfer-arrived",
                {tr_args(lang, "transfer-arrived", &[("count", seats.len().to_string())])}
            }
            div { class: "list",
                for seat in seats {
                    {
                        let game = seat.game;
                        rsx! {
                            button {
                                key: "{seat.grant.room_id}",
                                class: "list-row",
                                "data-testid": "transfer-game",
                                "data-game": "{game}",
                                onclick: move |_| { nav.push(Route::OnlinePlay { game }); },
                                span { {tr(lang, game_name_key(game))} }
                                span { class: "chevron", "›" }
                            }
                        }
                    }
                }
            }
            button {
                class: "btn btn-ghost btn-block",
                "data-testid": "transfer-home",
                onclick: move |_| { nav.replace(Route::Home {}); },
                {tr(lang, "invite-home")}
            }
        },
    };
    rsx! {
        div { class: "screen transfer-screen",
            TopBar { lang, title: tr(lang, "transfer-receive-title"), back: Some(Route::Home {}) }
            main { class: "content", {body} }
        }
    }
}

/// The new phone without the link: the code typed (case, spaces and
/// dashes forgiven), checked before it is sent.
#[component]
pub fn TransferEnter() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let mut text = use_signal(String::new);
    let mut wrong = use_signal(|| false);
    let mut go = move || match normalize_transfer_code(&text()) {
        Ok(code) => {
            nav.push(Route::TransferReceive { code });
        }
        Err(_) => wrong.set(true),
    };
    rsx! {
        div { class: "screen transfer-screen",
            TopBar { lang, title: tr(lang, "transfer-receive-title"), back: Some(Route::Settings {}) }
            main { class: "content",
                p { class: "field-hint", {tr(lang, "transfer-enter-hint")} }
                div { class: "join-row",
                    input {
                        class: "code-input transfer-input",
                        "data-testid": "transfer-input",
                        autocapitalize: "characters",
                        autocomplete: "off",
                        spellcheck: "false",
                        placeholder: "XXXX-XXXX-XXXX",
                        "aria-label": tr(lang, "transfer-enter-label"),
                        value: "{text}",
                        oninput: move |e| {
                            wrong.set(false);
                            text.set(e.value());
                        },
                        onkeydown: move |e| {
                            if e.key() == Key::Enter {
                                go();
                            }
                        },
                    }
                    button { class: "btn btn-primary", "data-testid": "transfer-go", onclick: move |_| go(), {tr(lang, "transfer-go")} }
                }
                if wrong() {
                    p { class: "notice notice-error", role: "alert", "data-testid": "transfer-refused", {tr(lang, "transfer-malformed")} }
                }
            }
        }
    }
}
