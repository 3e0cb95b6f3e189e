//! Playing online: one seat of a room on the room server. This screen keeps
//! the link to the room (session, reconnection, sending actions, leaving,
//! the rating of a ranked game, passing messages); the room is drawn in the
//! same play frame as offline games by [`OnlineGame`], with the game's own
//! board driven by the server's snapshots.

use crate::components::ConnectionDot;
use crate::components::{game_name_key, TopBar};
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::online::account::{self, ActiveSeat};
use crate::online::contacts::{self, RecentOpponent};
use crate::online::link::{self, Link, SessionCell};
use crate::online::session::{Connection, Notice, RoomSession};
use crate::online::transfer;
use crate::settings::AppSettings;
use crate::shell::online::{OnlineGame, Room};
use crate::shell::texts::refusal_text;
use crate::shell::toast::use_toaster;
use crate::storage::Store;
use crate::timer::{now_ms, sleep_ms};
use crate::Route;
use dioxus::prelude::*;
use papan_api::{Action, GameId, Rating, RoomStatus};
use papan_rules::Seat;
use std::marker::PhantomData;

#[component]
pub fn OnlinePlay(game: GameId) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    // Read at each render (a few bytes of storage): another game's route or
    // a new room is a new keyed room, never the old one's state.
    let seat = account::active_seat(&Store::app(), game);
    match seat {
        Some(seat) => rsx! {
            for seat in [seat] {
                OnlineRoom { key: "{seat.grant.room_id}", seat, lang }
            }
        },
        None => rsx! {
            div { class: "screen play",
                TopBar { lang, title: tr(lang, "online-title"), back: Some(Route::Home {}) }
                main { class: "content empty-state",
                    p { {tr(lang, "online-no-game")} }
                    button {
                        class: "btn btn-primary",
                        onclick: move |_| { nav.push(Route::OnlineLobby { game }); },
                        {tr(lang, "online-play")}
                    }
                }
            }
        },
    }
}

/// Keeps the device's link to the room: registers (if needed), then follows
/// the room for as long as the screen is open.
fn start_link(seat: ActiveSeat, session: Signal<RoomSession>, mut link_slot: Signal<Option<Link>>) {
    spawn(async move {
        let store = Store::app();
        let mut attempt = 0;
        let client = loop {
            match account::client(&store, &seat.server).await {
                Ok(client) => break client,
                Err(_) => {
                    attempt += 1;
                    session.update(|s| s.set_connection(Connection::Retrying { attempt }));
                    sleep_ms(link::backoff_ms(attempt)).await;
                }
            }
        };
        let link = Link {
            client,
            room_id: seat.grant.room_id.clone(),
            seat_token: seat.grant.seat_token.clone(),
        };
        link_slot.set(Some(link.clone()));
        link::follow(link, session).await;
    });
}

#[component]
fn OnlineRoom(seat: ActiveSeat, lang: Lang) -> Element {
    let game = seat.game;
    let session = use_signal(|| RoomSession::new(game, seat.grant.clone()));
    let link_slot = use_signal(|| None::<Link>);
    let mut now = use_signal(now_ms);
    let toaster = use_toaster();
    let rating = use_signal(|| None::<Rating>);
    let nav = navigator();
    {
        let seat = seat.clone();
        use_hook(move || start_link(seat, session, link_slot));
    }
    // Clocks count down between server figures.
    use_future(move || async move {
        loop {
            sleep_ms(250).await;
            let running = session.peek().snapshot().is_some_and(|s| {
                s.status == RoomStatus::Playing && s.clock.as_ref().is_some_and(|c| c.running.is_some())
            });
            if running {
                now.set(now_ms());
            }
        }
    });
    // The server's answer to a refused action, the opponent back, a move
    // made for you when your time ran out: each shown once, as it comes.
    {
        let mut seen = use_signal(|| (None::<u64>, None::<u64>, None::<u64>));
        use_effect(move || {
            let (notice, presence, auto) = {
                let s = session.read();
                (s.notice().cloned(), s.presence_change(), s.auto_moved_for_me())
            };
            let (seen_notice, seen_presence, seen_auto) = *seen.peek();
            if let Some((id, notice)) = notice.filter(|(id, _)| seen_notice != Some(*id)) {
                let (text, rule) = notice_text(lang, &notice);
                toaster.show(text, rule);
                seen.write().0 = Some(id);
            }
            if let Some((id, present)) = presence.filter(|(id, _)| seen_presence != Some(*id)) {
                if present {
                    toaster.say(tr(lang, "online-opponent-back"));
                }
                seen.write().1 = Some(id);
            }
            if let Some(version) = auto.filter(|v| seen_auto != Some(*v)) {
                toaster.say(tr(lang, "online-auto-moved"));
                seen.write().2 = Some(version);
            }
        });
    }
    // The finished room is forgotten once closed; the updated rating of a
    // ranked game is fetched once when it ends.
    {
        let seat = seat.clone();
        let mut rated_game = use_signal(|| None::<u32>);
        let mut remembered = use_signal(|| false);
        use_effect(move || {
            let (status, ranked, index, options, code) = {
                let s = session.read();
                let Some(snap) = s.snapshot() else { return };
                (
                    snap.status,
                    snap.options.ranked,
                    snap.game_index,
                    snap.options,
                    snap.code.clone(),
                )
            };
            // The opponent goes on the recent list once their game starts.
            if status != RoomStatus::Waiting && !*remembered.peek() {
                remembered.set(true);
                let store = Store::app();
                let name = contacts::room_note(&store, &code).and_then(|n| n.opponent);
                let entry = RecentOpponent {
                    name,
                    game: seat.game,
                    options,
                    code,
                    when_ms: now_ms(),
                };
                if let Err(e) = contacts::remember(&store, entry) {
                    crate::diag::warn(&format!("could not keep the recent opponent: {e}"));
                }
            }
            match status {
                RoomStatus::Closed => account::forget_seat(&Store::app(), seat.game),
                RoomStatus::Over => account::mark_finished(&Store::app(), seat.game, true),
                RoomStatus::Playing => account::mark_finished(&Store::app(), seat.game, false),
                RoomStatus::Waiting => {}
            }
            if status == RoomStatus::Over && ranked && *rated_game.peek() != Some(index) {
                rated_game.set(Some(index));
                let seat = seat.clone();
                let mut rating = rating;
                spawn(async move {
                    let store = Store::app();
                    let fetched =
                        account::with_client(&store, &seat.server, move |c| async move { c.rating(seat.game).await })
                            .await;
                    if let Ok(r) = fetched {
                        rating.set(Some(r));
                    }
                });
            }
        });
    }

    let send = move |action: Action| {
        let Some(link) = link_slot.peek().clone() else {
            toaster.say(tr(lang, "online-connecting"));
            return;
        };
        spawn(async move {
            if let Err(reason) = link::send(link, session, action).await {
                toaster.say(tr(lang, reason));
            }
        });
    };
    let leave = move |_| {
        account::forget_seat(&Store::app(), game);
        let mut s = session;
        let request = s.write().begin(Action::Leave, now_ms());
        s.write().leave();
        let link = link_slot.peek().clone();
        // The room closes (or, during a game, the game is lost) on the
        // server; the seat is already forgotten here, so go home whatever
        // the answer.
        spawn(async move {
            if let (Some(link), Ok(request)) = (link, request) {
                let _ = link.client.act(&link.room_id, &link.seat_token, &request).await;
            }
            nav.push(Route::Home {});
        });
    };

    let s = session.read();
    let connection = s.connection().clone();
    if connection == Connection::Moved {
        drop(s);
        transfer::mark_moved(&Store::app(), &seat.server);
        return rsx! {
            div { class: "screen play online",
                TopBar { lang, title: tr(lang, game_name_key(game)), back: Some(Route::Home {}),
                    ConnectionDot { lang, connection: connection.clone() }
                }
                main { class: "content empty-state", "data-testid": "online-moved",
                    p { class: "notice", role: "status", {tr(lang, "transfer-moved-here")} }
                    button {
                        class: "btn btn-ghost",
                        "data-testid": "online-forget-moved",
                        onclick: move |_| {
                            account::forget_seat(&Store::app(), game);
                            nav.push(Route::Home {});
                        },
                        {tr(lang, "transfer-forget")}
                    }
                }
            }
        };
    }
    let Some(snapshot) = s.snapshot().cloned() else {
        return rsx! {
            div { class: "screen play online",
                TopBar { lang, title: tr(lang, game_name_key(game)), back: Some(Route::Home {}),
                    ConnectionDot { lang, connection: connection.clone() }
                }
                main { class: "content empty-state", "data-testid": "online-loading",
                    if let Connection::Lost(reason) = &connection {
                        p { {tr_args(lang, "online-lost", &[("reason", reason.clone())])} }
                        button { class: "btn btn-primary", "data-testid": "online-leave", onclick: move |_| leave(()), {tr(lang, "online-leave")} }
                    } else {
                        p { {tr(lang, "online-connecting")} }
                    }
                }
            }
        };
    };
    let room = Room {
        clocks: [s.time_left(Seat::First, now()), s.time_left(Seat::Second, now())],
        pending: s.pending().is_some(),
        connection,
        opponent: s.opponent(),
        fairness: s.fairness().cloned(),
        rating: rating(),
        matchmaking: seat.matchmaking,
        snapshot,
    };
    drop(s);
    let on_send = EventHandler::new(send);
    let on_leave = EventHandler::new(leave);
    with_game!(game, G => rsx! { OnlineGame { game: PhantomData::<G>, room, lang, toaster, on_send, on_leave } })
}

/// A refusal from the server: the rule's explanation when it names one.
fn notice_text(lang: Lang, notice: &Notice) -> (String, Option<papan_rules::RuleId>) {
    match notice {
        Notice::Refused { rule: Some(rule), .. } => (refusal_text(lang, *rule), Some(*rule)),
        Notice::Refused { rule: None, message } => {
            (tr_args(lang, "online-refused", &[("reason", message.clone())]), None)
        }
        Notice::Stale => (tr(lang, "online-stale"), None),
        Notice::SendFailed => (tr(lang, "online-send-failed"), None),
    }
}
