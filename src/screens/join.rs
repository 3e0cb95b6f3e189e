//! The screen an invitation link opens (`#/join/<game>/<CODE>/…`): the
//! room's game, who invited, its time control, and one tap to join. A bad
//! link, or a code the server refuses (unknown, full, closed), is said in
//! the person's language with a way home; nothing is kept then, and an
//! unfinished online game of the same kind is never replaced.

use crate::components::{game_name_key, TopBar};
use crate::i18n::{tr, tr_args};
use crate::online::account::{self, ActiveSeat};
use crate::online::contacts::{self, RoomNote};
use crate::online::invite::{self, Invitation};
use crate::screens::online::request_error;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_api::{ClientError, RoomOptions, SeatGrant};

#[component]
pub fn Join(invite: Vec<String>) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let parsed = invite::parse_invite(&invite);
    let mut busy = use_signal(|| false);
    let mut error = use_signal(|| None::<String>);
    let server = use_hook(|| account::server(&Store::app()));
    let title = tr(lang, "invite-join-title");

    let home = rsx! {
        button {
            class: "btn btn-ghost btn-block",
            "data-testid": "invite-home",
            onclick: move |_| { nav.replace(Route::Home {}); },
            {tr(lang, "invite-home")}
        }
    };
    let invitation: Invitation = match parsed {
        Ok(invitation) => invitation,
        Err(reason) => {
            return rsx! {
                div { class: "screen join-screen",
                    TopBar { lang, title, back: Some(Route::Home {}) }
                    main { class: "content",
                        p { class: "notice notice-error", role: "alert", "data-testid": "invite-refused", {tr(lang, reason)} }
                        {home}
                    }
                }
            };
        }
    };
    let game = invitation.game;
    // An unfinished online game of this kind is never dropped for another.
    let unfinished =
        account::active_seat(&Store::app(), game).filter(|s| !s.finished && s.grant.code != invitation.code);
    let already_seated = account::active_seat(&Store::app(), game).is_some_and(|s| s.grant.code == invitation.code);

    let join = {
        let invitation = invitation.clone();
        let server = server.clone();
        move |_| {
            if busy() {
                return;
            }
            busy.set(true);
            error.set(None);
            let invitation = invitation.clone();
            let server = server.clone();
            spawn(async move {
                let store = Store::app();
                let code = invitation.code.clone();
                // The room's own game is read back after joining: the link's is only shown.
                let result: Result<(SeatGrant, Option<RoomOptions>), ClientError> =
                    account::with_client(&store, &server, |client| {
                        let code = code.clone();
                        async move {
                            let grant = client.join(&code).await?;
                            let game = client
                                .snapshot(&grant.room_id, &grant.seat_token)
                                .await
                                .ok()
                                .map(|s| s.options);
                            Ok((grant, game))
                        }
                    })
                    .await;
                busy.set(false);
                match result {
                    Ok((grant, room_options)) => {
                        let options = room_options.unwrap_or_else(|| RoomOptions::new(invitation.game));
                        let game = options.game();
                        contacts::note_room(
                            &store,
                            RoomNote {
                                code: grant.code.clone(),
                                game,
                                options,
                                opponent: invitation.from.clone(),
                                invited: false,
                            },
                        );
                        let seat = ActiveSeat {
                            server: server.clone(),
                            game,
                            grant,
                            matchmaking: false,
                            finished: false,
                        };
                        if let Err(e) = account::keep_seat(&store, &seat) {
                            crate::diag::warn(&format!("could not keep the online seat: {e}"));
                        }
                        nav.replace(Route::OnlinePlay { game });
                    }
                    Err(e) => error.set(Some(request_error(lang, &server, &e))),
                }
            });
        }
    };

    let who = match &invitation.from {
        Some(name) => tr_args(lang, "invite-from", &[("name", name.clone())]),
        None => tr(lang, "invite-from-someone"),
    };
    rsx! {
        div { class: "screen join-screen",
            TopBar { lang, title, back: Some(Route::Home {}) }
            main { class: "content",
                div { class: "join-card", "data-testid": "invite-card", "data-game": "{game}",
                    crate::components::icons::GameArt { game }
                    p { class: "join-who", "data-testid": "invite-who", {who} }
                    p { class: "join-game", {tr_args(lang, "invite-to-play", &[("game", tr(lang, game_name_key(game)))])} }
                    p { class: "join-tempo", "data-testid": "invite-tempo", {invite::tempo_text(lang, invitation.tempo)} }
                    p { class: "join-code", {tr_args(lang, "invite-code-line", &[("code", invitation.code.clone())])} }
                }
                if let Some(e) = error() {
                    p { class: "notice notice-error", role: "alert", "data-testid": "invite-refused", "{e}" }
                }
                if already_seated {
                    button {
                        class: "btn btn-primary btn-block",
                        "data-testid": "online-return",
                        onclick: move |_| { nav.replace(Route::OnlinePlay { game }); },
                        {tr(lang, "online-return")}
                    }
                } else if unfinished.is_some() {
                    p { class: "notice", role: "alert", "data-testid": "invite-busy", {tr(lang, "invite-unfinished")} }
                    button {
                        class: "btn btn-primary btn-block",
                        "data-testid": "online-return",
                        onclick: move |_| { nav.replace(Route::OnlinePlay { game }); },
                        {tr(lang, "online-return")}
                    }
                } else {
                    button {
                        class: "btn btn-primary btn-block join-btn",
                        "data-testid": "invite-join",
                        disabled: busy(),
                        onclick: join,
                        if busy() { {tr(lang, "online-connecting")} } else { {tr(lang, "invite-join")} }
                    }
                }
                {home}
            }
        }
    }
}
