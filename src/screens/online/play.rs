//! Playing online: one seat of a room on the room server. The frame around
//! the board is the same for every game — connection dot, both players with
//! their clocks and the opponent's presence, the server's answer to a
//! refused action, waiting / result / rematch / leave — and the board is the
//! game's own component driven by the server's snapshots.

use super::board::OnlineBoard;
use super::parts::{ConnectionDot, PlayerChip, WaitingCard};
use super::result::OnlineResult;
use crate::components::resign_sheet::ResignSheet;
use crate::i18n::{tr, tr_args, Lang};
use crate::online::account::{self, ActiveSeat};
use crate::online::link::{self, Link, SessionCell};
use crate::online::session::{Connection, Notice, Opponent, RoomSession};
use crate::online::{game_from_id, game_id, game_name_key};
use crate::screens::TopBar;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::timer::{now_ms, sleep_ms};
use crate::Route;
use dioxus::prelude::*;
use papan_api::{Action, GameKind, Rating, RoomStatus, Snapshot};
use papan_rules::Seat;

#[component]
pub fn OnlinePlay(game: String) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let kind = game_from_id(&game);
    let seat = use_hook(move || kind.and_then(|k| account::active_seat(&Store::app(), k)));
    match (kind, seat) {
        (Some(_), Some(seat)) => rsx! {
            OnlineRoom { key: "{seat.grant.room_id}", seat, lang }
        },
        (kind, _) => rsx! {
            div { class: "screen play",
                TopBar { lang, title: tr(lang, "online-title"), back: Some(Route::Home {}) }
                main { class: "content empty-state",
                    p { {tr(lang, "online-no-game")} }
                    if let Some(kind) = kind {
                        button {
                            class: "btn btn-primary",
                            onclick: move |_| { nav.push(Route::OnlineLobby { game: game_id(kind).to_string() }); },
                            {tr(lang, "online-play")}
                        }
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
    let toast = use_signal(|| None::<(u64, String)>);
    let mut confirm_resign = use_signal(|| false);
    let mut confirm_leave = use_signal(|| false);
    let rating = use_signal(|| None::<Rating>);
    // A passing message (connection, the opponent back, a move made for
    // you when your time ran out), gone after a few seconds.
    let flash = move |text: String| {
        let id = now_ms();
        let mut toast = toast;
        toast.set(Some((id, text)));
        spawn(async move {
            sleep_ms(3000).await;
            if toast.peek().as_ref().is_some_and(|(i, _)| *i == id) {
                toast.set(None);
            }
        });
    };
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
    // A server refusal shows for a while, then goes.
    use_effect(move || {
        let Some(id) = session.read().notice().map(|(id, _)| *id) else {
            return;
        };
        spawn(async move {
            sleep_ms(3500).await;
            let mut session = session;
            session.write().dismiss_notice(id);
        });
    });
    {
        let mut seen_presence = use_signal(|| None::<u64>);
        let mut seen_auto = use_signal(|| None::<u64>);
        use_effect(move || {
            let (presence, auto) = {
                let s = session.read();
                (s.presence_change(), s.auto_moved_for_me())
            };
            if let Some((id, present)) = presence {
                if *seen_presence.peek() != Some(id) {
                    seen_presence.set(Some(id));
                    if present {
                        flash(tr(lang, "online-opponent-back"));
                    }
                }
            }
            if let Some(version) = auto {
                if *seen_auto.peek() != Some(version) {
                    seen_auto.set(Some(version));
                    flash(tr(lang, "online-auto-moved"));
                }
            }
        });
    }
    // The finished room is forgotten once closed; the updated rating of a
    // ranked game is fetched once when it ends.
    {
        let seat = seat.clone();
        let mut rated_game = use_signal(|| None::<u32>);
        use_effect(move || {
            let (status, ranked, index) = {
                let s = session.read();
                let Some(snap) = s.snapshot() else { return };
                (snap.status, snap.options.ranked, snap.game_index)
            };
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
            flash(tr(lang, "online-connecting"));
            return;
        };
        spawn(async move {
            if let Err(reason) = link::send(link, session, action).await {
                flash(tr(lang, reason));
            }
        });
    };
    let leave = move |_| {
        confirm_leave.set(false);
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
    let Some(snapshot) = s.snapshot().cloned() else {
        return rsx! {
            div { class: "screen play online",
                TopBar { lang, title: tr(lang, game_name_key(game)), back: Some(Route::Home {}),
                    ConnectionDot { lang, connection: connection.clone() }
                }
                main { class: "content empty-state", "data-testid": "online-loading",
                    if let Connection::Lost(reason) = &connection {
                        p { {tr_args(lang, "online-lost", &[("reason", reason.clone())])} }
                        button { class: "btn btn-primary", "data-testid": "online-leave", onclick: leave, {tr(lang, "online-leave")} }
                    } else {
                        p { {tr(lang, "online-connecting")} }
                    }
                }
            }
        };
    };
    let my_seat = snapshot.seat;
    let opponent = s.opponent();
    let pending = s.pending().is_some();
    // Nothing to tap when the server's bot keeps this seat after a long
    // absence (X13), nor for a due roll that starts the opponent's turn
    // (the server would take it from either seat).
    let bot_has_me = snapshot.bot_seats.contains(&my_seat);
    let can_act = s.can_act() && !bot_has_me && (!snapshot.roll_due || super::board::roll_is_mine(&snapshot));
    let notice = s.notice().map(|(_, n)| notice_text(lang, n));
    let fairness = s.fairness().cloned();
    let clocks = [s.time_left(Seat::First, now()), s.time_left(Seat::Second, now())];
    drop(s);

    let over = snapshot.status == RoomStatus::Over;
    let waiting = snapshot.status == RoomStatus::Waiting;
    let closed = snapshot.status == RoomStatus::Closed;
    let status = status_text(lang, &snapshot, pending, opponent, can_act);
    let sides = super::board::side_labels(lang, &snapshot);
    let toast_text = notice.or_else(|| toast().map(|(_, t)| t));
    let running = snapshot.clock.as_ref().and_then(|c| c.running);

    rsx! {
        div {
            class: "screen play online",
            "data-testid": "online-room",
            "data-status": status_id(snapshot.status),
            "data-version": "{snapshot.version}",
            "data-seat": if my_seat == Seat::First { "first" } else { "second" },
            "data-my-turn": if can_act { "true" } else { "false" },
            TopBar { lang, title: tr(lang, game_name_key(game)), back: Some(Route::Home {}),
                ConnectionDot { lang, connection: connection.clone() }
            }
            main { class: "play-area",
                // While waiting the card says it all: no players, no status.
                if !waiting {
                    div { class: "online-players",
                        PlayerChip {
                            label: tr(lang, "online-you"),
                            side: sides[my_seat.index()].clone(),
                            clock: clocks[my_seat.index()],
                            active: running == Some(my_seat) || (snapshot.to_move == Some(my_seat) && !over),
                            badge: None,
                            testid: "me",
                        }
                        PlayerChip {
                            label: tr(lang, "online-opponent"),
                            side: sides[my_seat.other().index()].clone(),
                            clock: clocks[my_seat.other().index()],
                            active: running == Some(my_seat.other()) || (snapshot.to_move == Some(my_seat.other()) && !over),
                            badge: if over || closed { None } else { presence_badge(lang, opponent) },
                            testid: "opponent",
                        }
                    }
                    div { class: "status-row",
                        span { class: if over { "turn-pill over" } else { "turn-pill" }, "data-testid": "status",
                            span { class: "turn-dot" }
                            "{status}"
                            if pending {
                                span { class: "thinking-dots", span {} span {} span {} }
                            }
                        }
                        // Messages from the room hang just under the status,
                        // clear of the players and of the board's buttons.
                        if let Some(text) = toast_text.clone() {
                            div { class: "toast", role: "status", "data-testid": "toast", "{text}" }
                        }
                    }
                }
                if waiting {
                    WaitingCard { lang, code: snapshot.code.clone(), matchmaking: seat.matchmaking, on_cancel: leave }
                } else {
                    div { class: "board-wrap",
                        OnlineBoard { snapshot: snapshot.clone(), can_act, pending, lang, on_action: send }
                    }
                }
                if let Some(text) = toast_text.filter(|_| waiting) {
                    div { class: "toast", role: "status", "data-testid": "toast", "{text}" }
                }
            }
            if over || closed {
                OnlineResult {
                    snapshot: snapshot.clone(),
                    lang,
                    fairness,
                    rating: rating(),
                    pending,
                    on_rematch: move |_| send(Action::Rematch),
                    on_leave: leave,
                }
            } else if !waiting {
                footer { class: "action-bar",
                    button {
                        class: "btn btn-ghost btn-danger",
                        "data-testid": "resign",
                        onclick: move |_| confirm_resign.set(true),
                        {tr(lang, "action-resign")}
                    }
                    button {
                        class: "btn btn-ghost",
                        "data-testid": "leave",
                        onclick: move |_| confirm_leave.set(true),
                        {tr(lang, "online-leave")}
                    }
                }
            }
            if confirm_resign() && !over {
                ResignSheet { lang, open: confirm_resign, on_resign: move |_| { confirm_resign.set(false); send(Action::Resign); } }
            }
            if confirm_leave() {
                div { class: "sheet-backdrop", onclick: move |_| confirm_leave.set(false),
                    div { class: "sheet", role: "dialog", "aria-modal": "true", onclick: move |e| e.stop_propagation(),
                        h2 { {tr(lang, "online-leave-title")} }
                        p { "data-testid": "leave-warning",
                            {tr(lang, if game == GameKind::Junqi { "online-leave-body-junqi" } else { "online-leave-body" })}
                        }
                        div { class: "sheet-actions",
                            button { class: "btn btn-ghost", onclick: move |_| confirm_leave.set(false), {tr(lang, "action-cancel")} }
                            button { class: "btn btn-danger-solid", "data-testid": "leave-confirm", onclick: leave, {tr(lang, "online-leave")} }
                        }
                    }
                }
            }
        }
    }
}

fn status_id(status: RoomStatus) -> &'static str {
    match status {
        RoomStatus::Waiting => "waiting",
        RoomStatus::Playing => "playing",
        RoomStatus::Over => "over",
        RoomStatus::Closed => "closed",
    }
}

fn presence_badge(lang: Lang, opponent: Opponent) -> Option<String> {
    match opponent {
        Opponent::Present | Opponent::Waiting => None,
        Opponent::Away => Some(tr(lang, "online-opponent-away")),
        Opponent::Bot => Some(tr(lang, "online-opponent-bot")),
    }
}

fn status_text(lang: Lang, snapshot: &Snapshot, pending: bool, opponent: Opponent, can_act: bool) -> String {
    match snapshot.status {
        RoomStatus::Waiting => tr(lang, "online-waiting"),
        RoomStatus::Over | RoomStatus::Closed => tr(lang, "status-over"),
        RoomStatus::Playing if snapshot.bot_seats.contains(&snapshot.seat) => tr(lang, "online-bot-plays-you"),
        RoomStatus::Playing if pending => tr(lang, "online-sending"),
        RoomStatus::Playing if snapshot.roll_due && can_act => tr(lang, "online-roll-due"),
        RoomStatus::Playing if snapshot.to_move == Some(snapshot.seat) => tr(lang, "status-your-turn"),
        RoomStatus::Playing if opponent == Opponent::Bot => tr(lang, "online-bot-turn"),
        RoomStatus::Playing => tr(lang, "online-their-turn"),
    }
}

fn notice_text(lang: Lang, notice: &Notice) -> String {
    match notice {
        Notice::Refused {
            rule: Some(rule),
            message,
        } => tr_args(
            lang,
            "online-refused-rule",
            &[("rule", rule.clone()), ("reason", message.clone())],
        ),
        Notice::Refused { rule: None, message } => tr_args(lang, "online-refused", &[("reason", message.clone())]),
        Notice::Stale => tr(lang, "online-stale"),
        Notice::SendFailed => tr(lang, "online-send-failed"),
    }
}
