//! "Play online" for one game: the same options as offline plus what the
//! server supports (turn limits, HADANG clocks, ranked), then quick match,
//! create a room (its code is shown while waiting) or join by code.

use crate::i18n::{key, tr, tr_args, Lang};
use crate::online::account::{self, ActiveSeat};
use crate::screens::setup::{Field, Segment};
use crate::screens::{game_name_key, TopBar};
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_api::{ClientError, GameId, HadangTempo, Rating, RoomOptions, SeatGrant};
use papan_rules::hex::SIZES;

/// How the player wants to be seated.
#[derive(Clone, Debug, PartialEq)]
enum Seating {
    QuickMatch,
    Create,
    Join(String),
}

/// Join codes: 6 characters of the server's alphabet, any case.
pub fn normalize_code(text: &str) -> Result<String, &'static str> {
    let code: String = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    let code = code.to_ascii_uppercase();
    if code.len() != 6 {
        return Err(key("online-code-length"));
    }
    if !code.chars().all(|c| "23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains(c)) {
        return Err(key("online-code-chars"));
    }
    Ok(code)
}

/// A readable reason for a failed request.
pub fn request_error(lang: Lang, server: &str, error: &ClientError) -> String {
    match error {
        ClientError::Api(e) => match e.code {
            papan_api::ErrorCode::NotFound => tr(lang, "online-code-unknown"),
            papan_api::ErrorCode::Conflict => tr(lang, "online-room-full"),
            papan_api::ErrorCode::RateLimited => tr(lang, "online-rate-limited"),
            _ => tr_args(lang, "online-refused", &[("reason", e.message.clone())]),
        },
        _ => tr_args(lang, "online-unreachable", &[("server", server.to_string())]),
    }
}

#[component]
pub fn OnlineLobby(game: GameId) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let kind = game;
    let server = use_hook(|| account::server(&Store::app()));
    let existing = use_hook(move || account::active_seat(&Store::app(), kind));
    let mut hex_size = use_signal(|| 11u8);
    let mut hex_swap = use_signal(|| false);
    let mut hex_limit = use_signal(|| None::<u64>);
    let mut tempo = use_signal(|| {
        Some(HadangTempo {
            base_minutes: 5,
            increment_seconds: 2,
        })
    });
    let mut ranked = use_signal(|| false);
    let mut code = use_signal(String::new);
    let mut busy = use_signal(|| None::<Seating>);
    let mut error = use_signal(|| None::<String>);
    let mut rating = use_signal(|| None::<Rating>);

    let options = move || {
        let per_game = match kind {
            GameId::Hex => RoomOptions::hex(hex_size(), hex_swap(), hex_limit()),
            GameId::Hadang => RoomOptions::hadang(tempo()),
            GameId::Junqi | GameId::Backgammon => RoomOptions::new(kind),
        };
        per_game.with_ranked(ranked())
    };

    // The player's rating, shown while "ranked" is on.
    {
        let server = server.clone();
        use_effect(move || {
            if !ranked() || rating.peek().is_some() {
                return;
            }
            let server = server.clone();
            spawn(async move {
                let store = Store::app();
                if let Ok(r) = account::with_client(&store, &server, move |c| async move { c.rating(kind).await }).await
                {
                    rating.set(Some(r));
                }
            });
        });
    }

    let mut go = {
        let server = server.clone();
        move |seating: Seating| {
            if busy.peek().is_some() {
                return;
            }
            let seating_code = match &seating {
                Seating::Join(text) => match normalize_code(text) {
                    Ok(c) => Some(c),
                    Err(reason) => {
                        error.set(Some(tr(lang, reason)));
                        return;
                    }
                },
                _ => None,
            };
            error.set(None);
            busy.set(Some(seating.clone()));
            let server = server.clone();
            let room_options = options();
            spawn(async move {
                let store = Store::app();
                let result: Result<SeatGrant, ClientError> = account::with_client(&store, &server, |client| {
                    let seating = seating.clone();
                    let code = seating_code.clone();
                    async move {
                        match seating {
                            Seating::QuickMatch => client.quick_match(room_options).await,
                            Seating::Create => client.create_room(room_options).await,
                            Seating::Join(_) => client.join(code.as_deref().unwrap_or_default()).await,
                        }
                    }
                })
                .await;
                busy.set(None);
                match result {
                    Ok(grant) => {
                        let seat = ActiveSeat {
                            server: server.clone(),
                            game: kind,
                            grant,
                            matchmaking: seating == Seating::QuickMatch,
                            finished: false,
                        };
                        if let Err(e) = account::keep_seat(&store, &seat) {
                            crate::diag::warn(&format!("could not keep the online seat: {e}"));
                        }
                        nav.push(Route::OnlinePlay { game: kind });
                    }
                    Err(e) => error.set(Some(request_error(lang, &server, &e))),
                }
            });
        }
    };

    let title = format!("{} · {}", tr(lang, game_name_key(kind)), tr(lang, "online-title"));
    let working = busy().is_some();
    rsx! {
        div { class: "screen setup online-lobby with-footer",
            TopBar { lang, title, back: Some(Route::Home {}) }
            main { class: "content",
                if existing.is_some() {
                    button {
                        class: "continue-card",
                        "data-testid": "online-return",
                        onclick: move |_| { nav.push(Route::OnlinePlay { game: kind }); },
                        span { class: "continue-text",
                            span { class: "continue-title", {tr(lang, "online-return")} }
                            span { class: "continue-sub", {tr(lang, "online-return-hint")} }
                        }
                        span { class: "chevron", "›" }
                    }
                }
                p { class: "server-line", "data-testid": "server",
                    {tr_args(lang, "online-server-line", &[("server", server.clone())])}
                    " "
                    button { class: "link-btn", onclick: move |_| { nav.push(Route::Settings {}); }, {tr(lang, "online-change")} }
                }
                if kind == GameId::Hex {
                    Field { lang, title: key("setup-size"), hint: None,
                        for s in SIZES {
                            Segment { key: "{s}", label: format!("{s}×{s}"), testid: format!("size-{s}"), selected: hex_size() == s, onclick: move |_| hex_size.set(s) }
                        }
                    }
                    Field { lang, title: key("setup-swap"), hint: Some(key("swap-hint")),
                        Segment { label: tr(lang, "option-off"), testid: "swap-off", selected: !hex_swap(), onclick: move |_| hex_swap.set(false) }
                        Segment { label: tr(lang, "option-on"), testid: "swap-on", selected: hex_swap(), onclick: move |_| hex_swap.set(true) }
                    }
                    Field { lang, title: key("online-turn-limit"), hint: Some(key("online-turn-limit-hint")),
                        for (limit, id) in [(None, "limit-none"), (Some(30u64), "limit-30"), (Some(60u64), "limit-60")] {
                            Segment {
                                key: "{id}",
                                label: match limit { Some(s) => tr_args(lang, "online-seconds", &[("seconds", s.to_string())]), None => tr(lang, "online-no-limit") },
                                testid: id.to_string(),
                                selected: hex_limit() == limit,
                                onclick: move |_| hex_limit.set(limit),
                            }
                        }
                    }
                }
                if kind == GameId::Hadang {
                    Field { lang, title: key("online-clock"), hint: Some(key("online-clock-hint")),
                        for (t, id) in hadang_tempos() {
                            Segment {
                                key: "{id}",
                                label: match t { Some(t) => format!("{}+{}", t.base_minutes, t.increment_seconds), None => tr(lang, "online-no-limit") },
                                testid: id,
                                selected: tempo() == t,
                                onclick: move |_| tempo.set(t),
                            }
                        }
                    }
                }
                if kind == GameId::Junqi {
                    p { class: "field-hint", {tr(lang, "online-junqi-limit")} }
                }
                Field { lang, title: key("online-ranked"), hint: Some(key("online-ranked-hint")),
                    Segment { label: tr(lang, "option-off"), testid: "ranked-off", selected: !ranked(), onclick: move |_| ranked.set(false) }
                    Segment { label: tr(lang, "option-on"), testid: "ranked-on", selected: ranked(), onclick: move |_| ranked.set(true) }
                }
                if ranked() {
                    if let Some(r) = rating() {
                        p { class: "rating-line", "data-testid": "rating",
                            {tr_args(lang, if r.provisional { "online-rating-provisional" } else { "online-rating" }, &[("rating", format!("{:.0}", r.rating)), ("deviation", format!("{:.0}", r.deviation))])}
                        }
                    }
                }
                section { class: "field join-field",
                    h2 { class: "field-title", {tr(lang, "online-join-title")} }
                    div { class: "join-row",
                        input {
                            class: "code-input",
                            "data-testid": "join-code",
                            r#type: "text",
                            inputmode: "text",
                            autocapitalize: "characters",
                            autocomplete: "off",
                            maxlength: "7",
                            placeholder: "K7M2QX",
                            "aria-label": tr(lang, "online-join-title"),
                            value: "{code}",
                            oninput: move |e| code.set(e.value().to_ascii_uppercase()),
                        }
                        button {
                            class: "btn btn-ghost",
                            "data-testid": "join",
                            disabled: working,
                            onclick: {
                                let mut go = go.clone();
                                move |_| go(Seating::Join(code()))
                            },
                            {tr(lang, "online-join")}
                        }
                    }
                }
            }
            footer { class: "bottom-bar online-actions",
                // Here, not at the end of the options: the reason a tap on the
                // buttons below failed shows right above them.
                if let Some(e) = error() {
                    p { class: "notice notice-error", role: "alert", "data-testid": "online-error", "{e}" }
                }
                button {
                    class: "btn btn-primary btn-block",
                    "data-testid": "quick-match",
                    disabled: working,
                    onclick: {
                        let mut go = go.clone();
                        move |_| go(Seating::QuickMatch)
                    },
                    if busy() == Some(Seating::QuickMatch) { {tr(lang, "online-connecting")} } else { {tr(lang, "online-quick-match")} }
                }
                button {
                    class: "btn btn-ghost btn-block",
                    "data-testid": "create-room",
                    disabled: working,
                    onclick: move |_| go(Seating::Create),
                    if busy() == Some(Seating::Create) { {tr(lang, "online-connecting")} } else { {tr(lang, "online-create")} }
                }
            }
        }
    }
}

/// The HADANG clocks a room may have (H16), by test id.
fn hadang_tempos() -> Vec<(Option<HadangTempo>, String)> {
    let mut out = vec![(None, "tempo-none".to_string())];
    for (base, inc) in [(1, 0), (3, 2), (5, 2), (10, 5)] {
        out.push((
            Some(HadangTempo {
                base_minutes: base,
                increment_seconds: inc,
            }),
            format!("tempo-{base}-{inc}"),
        ));
    }
    out
}

/// The "Play online" button of a setup screen.
#[component]
pub fn OnlineButton(game: GameId, lang: Lang) -> Element {
    let nav = navigator();
    rsx! {
        button {
            class: "btn btn-ghost online-btn",
            "data-testid": "online-{game}",
            onclick: move |_| { nav.push(Route::OnlineLobby { game }); },
            {tr(lang, "online-play")}
        }
    }
}
