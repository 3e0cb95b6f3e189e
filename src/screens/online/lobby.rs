//! "Play online" for one game: the same options as offline plus what the
//! server supports (turn limits, HADANG clocks, correspondence days per
//! move and vacation, ranked), then quick match,
//! create a room (its code is shown while waiting), invite a friend (the
//! same room, with a link and QR code on the waiting card), invite a recent
//! opponent again, or join by code.

use crate::components::{game_name_key, TopBar};
use crate::games::with_game;
use crate::i18n::{key, tr, tr_args, Lang};
use crate::online::account::{self, ActiveSeat};
use crate::online::contacts::{self, RecentOpponent, RoomNote};
use crate::online::invite::clean_name;
use crate::screens::setup::{Field, Segment};
use crate::settings::AppSettings;
use crate::shell::GameUi;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_api::{ClientError, GameId, Rating, RoomOptions, SeatGrant};

/// How the player wants to be seated.
#[derive(Clone, Debug, PartialEq)]
enum Seating {
    QuickMatch,
    Create,
    /// A room for a friend (named or not); `options` of a recent opponent's
    /// room, or the lobby's.
    Invite {
        options: Option<RoomOptions>,
        friend: Option<String>,
    },
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
            papan_api::ErrorCode::Gone => tr(lang, "invite-expired"),
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
    // The game's own options, shown and changed by its fields.
    let per_game = use_signal(|| with_game!(kind, G => G::room_options()));
    let mut ranked = use_signal(|| false);
    // Correspondence: days per move (none: a live room).
    let days = use_signal(|| None);
    let mut code = use_signal(String::new);
    let mut my_name = use_signal(|| contacts::my_name(&Store::app()).unwrap_or_default());
    let mut friend = use_signal(String::new);
    let mut busy = use_signal(|| None::<Seating>);
    let mut error = use_signal(|| None::<String>);
    let mut rating = use_signal(|| None::<Rating>);

    let options = move || RoomOptions::from(per_game()).with_ranked(ranked()).by_mail(days());

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
            let room_options = match &seating {
                Seating::Invite { options: Some(o), .. } => *o,
                _ => options(),
            };
            let room_game = room_options.game();
            spawn(async move {
                let store = Store::app();
                let result: Result<SeatGrant, ClientError> = account::with_client(&store, &server, |client| {
                    let seating = seating.clone();
                    let code = seating_code.clone();
                    async move {
                        match seating {
                            Seating::QuickMatch => client.quick_match(room_options).await,
                            Seating::Create | Seating::Invite { .. } => client.create_room(room_options).await,
                            Seating::Join(_) => client.join(code.as_deref().unwrap_or_default()).await,
                        }
                    }
                })
                .await;
                busy.set(None);
                match result {
                    Ok(grant) => {
                        if let Seating::Invite { friend, .. } = &seating {
                            contacts::note_room(
                                &store,
                                RoomNote {
                                    code: grant.code.clone(),
                                    game: room_game,
                                    options: room_options,
                                    opponent: friend.clone(),
                                    invited: true,
                                },
                            );
                        }
                        let game = if matches!(seating, Seating::Join(_)) {
                            kind
                        } else {
                            room_game
                        };
                        let seat = ActiveSeat {
                            server: server.clone(),
                            game,
                            grant,
                            matchmaking: seating == Seating::QuickMatch,
                            finished: false,
                        };
                        if let Err(e) = account::keep_seat(&store, &seat) {
                            crate::diag::warn(&format!("could not keep the online seat: {e}"));
                        }
                        nav.push(Route::OnlinePlay { game });
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
                {with_game!(kind, G => G::room_fields(lang, per_game))}
                if kind != GameId::Junqi {
                    super::vacation::CorrespondenceField { lang, days, per_game }
                    // Asked of the server only once correspondence is chosen.
                    if days().is_some() {
                        super::vacation::VacationField { lang, server: server.clone() }
                    }
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
                section { class: "field invite-field",
                    h2 { class: "field-title", {tr(lang, "invite-title")} }
                    p { class: "field-hint", {tr(lang, "invite-hint")} }
                    div { class: "invite-names",
                        label { class: "invite-name",
                            span { {tr(lang, "invite-my-name")} }
                            input {
                                class: "server-input",
                                "data-testid": "my-name",
                                r#type: "text",
                                autocomplete: "nickname",
                                maxlength: "24",
                                value: "{my_name}",
                                oninput: move |e| my_name.set(e.value()),
                            }
                        }
                        label { class: "invite-name",
                            span { {tr(lang, "invite-friend-name")} }
                            input {
                                class: "server-input",
                                "data-testid": "friend-name",
                                r#type: "text",
                                autocomplete: "off",
                                maxlength: "24",
                                value: "{friend}",
                                oninput: move |e| friend.set(e.value()),
                            }
                        }
                    }
                    button {
                        class: "btn btn-primary btn-block",
                        "data-testid": "invite",
                        disabled: working,
                        onclick: {
                            let mut go = go.clone();
                            move |_| {
                                if let Err(e) = contacts::set_my_name(&Store::app(), &my_name()) {
                                    crate::diag::warn(&format!("could not keep the name: {e}"));
                                }
                                go(Seating::Invite { options: None, friend: clean_name(&friend()) })
                            }
                        },
                        if matches!(busy(), Some(Seating::Invite { .. })) { {tr(lang, "online-connecting")} } else { {tr(lang, "invite-button")} }
                    }
                }
                super::invite::RecentList {
                    lang,
                    disabled: working,
                    on_invite: {
                        let mut go = go.clone();
                        move |entry: RecentOpponent| go(Seating::Invite { options: Some(entry.options), friend: entry.name })
                    },
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
