//! A room on the room server in the play frame, for any game: the game's
//! board over the table the snapshot shows this seat (rebuilt once per
//! snapshot version), the same tap state as offline, the server's clocks
//! and presence on the strips, the room's result card.
//!
//! A tap that makes a move is sent as the rules' notation; until the
//! answer comes the board shows the move made ahead of the server where the
//! seat can know the result (nothing hidden), else the snapshot. A refusal
//! draws the unchanged snapshot again, which is the rollback.

use super::actions::{bar, confirm_bar, ActionButton, ActionId, BarMode};
use super::frame::{PlayFrame, StatusInfo};
use super::log::LogState;
use super::result::{rematch_button, result_info, review_button, ResultLine};
use super::strip::StripInfo;
use super::texts::{self, refusal_text, Seating};
use super::toast::Toaster;
use super::{BoardProps, GameUi};
use crate::components::{ConnectionDot, WaitingCard};
use crate::i18n::{tr, tr_args, Lang};
use crate::online::session::{Connection, Opponent};
use crate::play::finished::{self, Finished};
use crate::play::history::{self, Viewing};
use crate::play::Player;
use crate::play::{online, steady, ButtonStyle, Table, TapState, Tapped};
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_api::{Action, Rating, RoomStatus, Snapshot};
use papan_rules::{Record, Seat, SeatView};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

/// The room as the frame around the board needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    pub snapshot: Snapshot,
    /// An action is awaiting the server's answer.
    pub pending: bool,
    pub connection: Connection,
    pub opponent: Opponent,
    /// Time left per seat, counted down from the server's figures.
    pub clocks: [Option<u64>; 2],
    pub fairness: Option<Result<(), String>>,
    pub rating: Option<Rating>,
    /// Seated by quick match (the waiting card says "looking").
    pub matchmaking: bool,
}

/// A move made here and sent: the table it leads to, shown while the
/// answer is awaited at the same version.
#[derive(Clone)]
struct Ahead<G: GameUi> {
    version: u64,
    table: Option<Table<G>>,
}

/// The table of the last snapshot version seen, kept across renders.
type TableCache<G> = Rc<RefCell<Option<(u64, Result<online::Shown<G>, String>)>>>;

fn presence_badge(lang: Lang, opponent: Opponent) -> Option<String> {
    match opponent {
        Opponent::Present | Opponent::Waiting => None,
        Opponent::Away => Some(tr(lang, "online-opponent-away")),
        Opponent::Bot => Some(tr(lang, "online-opponent-bot")),
    }
}

/// "on vacation": a correspondence opponent whose clock stands still (as
/// short as "away", so the name beside it keeps its room).
pub fn vacation_badge(lang: Lang, s: &Snapshot, seat: Seat) -> Option<String> {
    s.clock.as_ref()?.vacation_ms[seat.index()]?;
    Some(tr(lang, "online-opponent-vacation"))
}

fn status_text<G: GameUi>(lang: Lang, room: &Room, table: &Table<G>, tap: &G::Tap) -> String {
    let s = &room.snapshot;
    match s.status {
        RoomStatus::Waiting => tr(lang, "online-waiting"),
        RoomStatus::Over | RoomStatus::Closed => tr(lang, "status-over"),
        RoomStatus::Playing if s.bot_seats.contains(&s.seat) => tr(lang, "online-bot-plays-you"),
        RoomStatus::Playing if room.pending => tr(lang, "online-sending"),
        RoomStatus::Playing if !table.can_act && room.opponent == Opponent::Bot => tr(lang, "online-bot-turn"),
        RoomStatus::Playing => texts::status::<G>(lang, Seating::Online { local: s.seat }, table, tap, false),
    }
}

fn result_lines<G: GameUi>(lang: Lang, room: &Room) -> Vec<ResultLine> {
    let s = &room.snapshot;
    let mut lines = Vec::new();
    if let Some(fair_key) = G::FAIRNESS_KEY {
        let (text, ok) = match &room.fairness {
            Some(Ok(())) => (tr(lang, fair_key), "true"),
            Some(Err(reason)) => (
                tr_args(lang, "online-fair-failed", &[("reason", reason.clone())]),
                "false",
            ),
            None => (tr(lang, "online-fair-checking"), "pending"),
        };
        lines.push(ResultLine {
            text,
            testid: "fairness",
            ok: Some(ok),
            class: "fairness",
        });
    }
    if let Some(r) = &room.rating {
        let key = if r.provisional {
            "online-rating-provisional"
        } else {
            "online-rating"
        };
        lines.push(ResultLine {
            text: tr_args(
                lang,
                key,
                &[
                    ("rating", format!("{:.0}", r.rating)),
                    ("deviation", format!("{:.0}", r.deviation)),
                ],
            ),
            testid: "rating",
            ok: None,
            class: "rating-line",
        });
    }
    let mine = s.rematch_requested[s.slot as usize];
    let theirs = s.rematch_requested[1 - s.slot as usize];
    if s.status == RoomStatus::Closed {
        lines.push(ResultLine {
            text: tr(lang, "online-room-closed"),
            testid: "room-closed",
            ok: None,
            class: "result-reason",
        });
    } else if theirs && !mine {
        lines.push(ResultLine {
            text: tr(lang, "online-rematch-offered"),
            testid: "rematch-offered",
            ok: None,
            class: "result-reason",
        });
    }
    lines
}

/// The result card's buttons; Review when the whole game is known (it is
/// then kept among the finished games).
fn card_buttons(lang: Lang, room: &Room, reviewable: bool) -> Vec<ActionButton> {
    let s = &room.snapshot;
    let mine = s.rematch_requested[s.slot as usize];
    let mut out = Vec::new();
    if reviewable {
        out.push(review_button(lang));
    }
    if s.status != RoomStatus::Closed {
        let label = if mine { "online-rematch-asked" } else { "action-rematch" };
        out.push(ActionButton {
            enabled: !mine && !room.pending,
            ..rematch_button(lang, label)
        });
    }
    out.push(ActionButton::new(
        lang,
        ActionId::Leave,
        "online-leave",
        "online-leave",
        ButtonStyle::Ghost,
    ));
    out
}

#[component]
pub fn OnlineGame<G: GameUi>(
    game: PhantomData<G>,
    room: Room,
    lang: Lang,
    toaster: Toaster,
    on_send: EventHandler<Action>,
    on_leave: EventHandler<()>,
) -> Element {
    let _ = game;
    let cache: TableCache<G> = use_hook(|| Rc::new(RefCell::new(None)));
    // The tap state with the version it belongs to: a new version starts
    // from a clean one (preferences kept).
    let tap = use_signal(|| (0u64, G::Tap::default()));
    let ahead = use_signal(|| None::<Ahead<G>>);
    // A move held for confirmation (confirm moves), at its version.
    let held = use_signal(|| None::<(u64, G::Move)>);
    let confirm = try_use_context::<Signal<AppSettings>>().is_some_and(|s| s.read().confirm_moves);
    let s = room.snapshot.clone();
    let version = s.version;
    let base = {
        let mut cached = cache.borrow_mut();
        if cached.as_ref().map(|(v, _)| *v) != Some(version) {
            let shown = online::shown::<G>(&s);
            // Once per version: a finished game whose record is known is kept.
            if let Ok(shown) = &shown {
                keep_finished(&room, shown);
            }
            *cached = Some((version, shown));
        }
        cached
            .as_ref()
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| Err("no snapshot".into()))
    };
    let record = base.as_ref().ok().and_then(|shown| shown.record.clone());
    let base = base.map(|shown| shown.table);
    let mut viewing = use_signal(Viewing::default);
    let log = base
        .as_ref()
        .ok()
        .map(|live| log_state::<G>(lang, live, record.as_ref(), viewing()));
    let edit = Editor {
        version,
        tap,
        ahead,
        toaster,
        on_send,
        lang,
        held,
        confirm,
    };
    let waiting = s.status == RoomStatus::Waiting;
    let local = s.seat;
    let seating = Seating::Online { local };
    let top = rsx! { ConnectionDot { lang, connection: room.connection.clone() } };
    let leave_warning = tr(lang, G::LEAVE_KEY);
    let looked_back = match (&log, &record) {
        (Some(log), Some(record)) => log
            .viewing
            .0
            .and_then(|plies| history::table_at(record, plies, local, local).ok()),
        _ => None,
    };
    let table = match &base {
        Ok(_) if looked_back.is_some() => looked_back,
        Ok(table) => {
            let shown = ahead
                .read()
                .as_ref()
                .filter(|a| a.version == version && room.pending)
                .and_then(|a| a.table.clone());
            let mut table = shown.unwrap_or_else(|| table.clone());
            table.can_act = table.can_act && !room.pending;
            Some(table)
        }
        Err(_) => None,
    };
    let tap_now = edit.current();
    let board = match (&table, &base) {
        _ if waiting => rsx! {
            WaitingCard { lang, code: s.code.clone(), matchmaking: room.matchmaking, on_cancel: move |_| on_leave.call(()) }
        },
        (Some(table), _) => {
            let pending = room.pending;
            let input_table = table.clone();
            let looking_back = log.as_ref().is_some_and(|l| l.viewing.0.is_some());
            let on_input = move |input| {
                if looking_back {
                    toaster.say(tr(lang, "log-toast-looking-back"));
                    return;
                }
                if pending {
                    toaster.say(tr(lang, "online-wait-server"));
                    return;
                }
                // A tap on the board while a move is held drops it.
                if edit.drop_held() {
                    return;
                }
                // Over or not this seat's turn: the tap state says so itself.
                edit.apply(&input_table, |tap, table| tap.tap(table, input));
            };
            let command_table = table.clone();
            let on_command = move |command| edit.apply(&command_table, |tap, table| tap.command(table, command));
            G::board(BoardProps {
                table: table.clone(),
                tap: tap_now.clone(),
                // The held move is shown with the hint's marks.
                hint: edit.held_move(),
                lang,
                on_input: EventHandler::new(on_input),
                on_command: EventHandler::new(on_command),
            })
        }
        (None, Err(reason)) => rsx! {
            div { class: "notice notice-error", role: "alert", "data-testid": "board-error",
                p { {tr(lang, "online-board-error")} }
                p { class: "muted", "{reason}" }
            }
        },
        (None, Ok(_)) => rsx! {},
    };
    let buttons = table.as_ref().map(|t| tap_now.buttons(t)).unwrap_or_default();
    let commands: Vec<_> = buttons.iter().map(|b| b.command).collect();
    let can_undo = table.as_ref().is_some_and(|t| tap_now.can_undo(t));
    let holding = edit.held_move().is_some() && !room.pending;
    let actions = if holding {
        confirm_bar(lang)
    } else {
        bar(lang, &buttons, BarMode::Online, can_undo, None)
    };
    let strips = match (&table, waiting) {
        (Some(table), false) => Some([local.other(), local].map(|seat| StripInfo {
            clock_ms: room.clocks[seat.index()],
            clock_low: room.clocks[seat.index()].is_some_and(|ms| ms < 10_000),
            active: s.status == RoomStatus::Playing
                && (s.clock.as_ref().and_then(|c| c.running) == Some(seat) || s.to_move == Some(seat)),
            badge: if seat == local || s.status != RoomStatus::Playing {
                None
            } else {
                vacation_badge(lang, &s, seat).or_else(|| presence_badge(lang, room.opponent))
            },
            ..StripInfo::of(lang, table, &tap_now, seat, seating.who(lang, seat))
        })),
        _ => None,
    };
    // The status is the game's, also while an earlier position is shown.
    let looking_back = log.as_ref().is_some_and(|l| l.viewing.0.is_some());
    let status_table = if looking_back {
        base.as_ref().ok()
    } else {
        table.as_ref()
    };
    let status = StatusInfo {
        text: match status_table {
            Some(t) => status_text::<G>(lang, &room, t, &tap_now),
            None => tr(lang, "online-waiting"),
        },
        side: status_table
            .and_then(|t| t.to_move().map(|seat| G::side_class(&t.view, seat)))
            .unwrap_or("none"),
        over: matches!(s.status, RoomStatus::Over | RoomStatus::Closed),
        busy: room.pending,
        spoken: status_table.and_then(|t| G::spoken_status(lang, t)),
    };
    let mut notices = match (&table, &log) {
        (Some(t), Some(log)) if !waiting => super::notices(lang, t, &tap_now, log, &|seat| seating.who(lang, seat)),
        _ => Vec::new(),
    };
    if holding {
        // First, where a full notices box still shows it.
        let line = super::Notice {
            text: tr(lang, "confirm-notice"),
            kind: "confirm",
            testid: "confirm-notice",
        };
        notices.insert(0, line);
    }
    let ended = matches!(s.status, RoomStatus::Over | RoomStatus::Closed);
    let result = ended.then(|| {
        let mut info = table
            .as_ref()
            .and_then(|t| result_info(lang, seating, t, card_buttons(lang, &room, record.is_some())))
            .unwrap_or_else(|| super::result::ResultInfo {
                headline: tr(lang, "online-room-closed"),
                winner: "none",
                reason: String::new(),
                ended_by: "closed".into(),
                points: None,
                lines: Vec::new(),
                buttons: card_buttons(lang, &room, record.is_some()),
            });
        info.lines = result_lines::<G>(lang, &room);
        info
    });
    let on_action = {
        let table = table.clone();
        move |id: ActionId| match id {
            ActionId::Game(i) => {
                if let (Some(&command), Some(table)) = (commands.get(i), table.as_ref()) {
                    edit.apply(table, |tap, table| tap.command(table, command));
                }
            }
            ActionId::Undo => {
                if let Some(table) = table.as_ref() {
                    edit.apply(table, |tap, table| {
                        tap.undo(table);
                        Tapped::Changed
                    });
                }
            }
            ActionId::Confirm => match (edit.take_held(), table.as_ref()) {
                (Some(mv), Some(table)) if table.can_act => edit.send(table, mv),
                _ => toaster.say(tr(lang, "confirm-nothing-held")),
            },
            ActionId::Cancel => {
                edit.drop_held();
            }
            ActionId::Resign => on_send.call(Action::Resign),
            ActionId::Rematch => on_send.call(Action::Rematch),
            ActionId::Review => {
                navigator().push(Route::Review {
                    id: finished_key(&room.snapshot),
                });
            }
            ActionId::Leave | ActionId::Home => on_leave.call(()),
            // No hints in online games.
            ActionId::Hint => {}
        }
    };
    let my_turn = table.as_ref().is_some_and(|t| t.can_act);
    rsx! {
        div {
            class: "online-room",
            "data-testid": "online-room",
            "data-status": status_id(s.status),
            "data-version": "{version}",
            "data-seat": if local == Seat::First { "first" } else { "second" },
            "data-my-turn": "{my_turn}",
            PlayFrame {
                lang,
                game: G::GAME,
                back: Route::Home {},
                top: Some(top),
                status,
                notices,
                estimate: None::<Option<f64>>,
                strips,
                board,
                toast: toaster.current(),
                actions: if waiting { Vec::new() } else { actions },
                result,
                leave_warning: Some(leave_warning),
                log: log.clone().unwrap_or_default(),
                on_action,
                on_log: move |action| {
                    if let Some(log) = log.as_ref() {
                        viewing.set(log.apply(action));
                    }
                },
            }
        }
    }
}

/// The key a room's game is kept under among the finished games.
fn finished_key(s: &Snapshot) -> String {
    format!("online-{}-{}", s.room_id, s.game_index)
}

/// Keeps a room's game among the finished games once it is over and the
/// whole record is known (Jun Qi: after the seed is revealed).
fn keep_finished<G: GameUi>(room: &Room, shown: &online::Shown<G>) {
    let s = &room.snapshot;
    let (Some(record), Some(outcome)) = (&shown.record, shown.table.outcome) else {
        return;
    };
    let mut players = [Player::Remote; 2];
    players[s.seat.index()] = Player::Human;
    let kept = Finished::new(finished_key(s), record, s.seat, players, Some(outcome), "online")
        .and_then(|game| finished::remember(&Store::app(), game));
    if let Err(e) = kept {
        crate::diag::warn(&format!("could not keep the finished room game: {e}"));
    }
}

/// The room's move log: from the record when the seat may know the whole
/// game, else from the public moves (no looking back then).
fn log_state<G: GameUi>(lang: Lang, live: &Table<G>, record: Option<&Record<G>>, viewing: Viewing) -> LogState {
    let entries = match record {
        Some(record) => history::log_for(record, live.bottom),
        None => history::log_of_moves::<G>(
            &live.view,
            &live.history,
            live.last.as_ref().map(|(seat, _)| *seat),
            live.bottom,
        ),
    };
    LogState::of(lang, live, entries, live.ply, viewing, record.is_some())
}

/// Changes the tap state of one snapshot version and acts on the answer.
struct Editor<G: GameUi> {
    version: u64,
    tap: Signal<(u64, G::Tap)>,
    ahead: Signal<Option<Ahead<G>>>,
    toaster: Toaster,
    on_send: EventHandler<Action>,
    lang: Lang,
    /// The move held for confirmation, at its version.
    held: Signal<Option<(u64, G::Move)>>,
    /// Confirm moves is on.
    confirm: bool,
}

impl<G: GameUi> Clone for Editor<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameUi> Copy for Editor<G> {}

impl<G: GameUi> Editor<G> {
    /// The tap state for this version.
    fn current(&self) -> G::Tap {
        let (version, mut tap) = self.tap.read().clone();
        if version != self.version {
            tap.reset();
        }
        tap
    }

    /// The move held for confirmation at this version.
    fn held_move(&self) -> Option<G::Move> {
        self.held
            .read()
            .as_ref()
            .filter(|(v, _)| *v == self.version)
            .map(|(_, mv)| mv.clone())
    }

    /// Takes the held move of this version.
    fn take_held(mut self) -> Option<G::Move> {
        let mv = self.held_move();
        if self.held.peek().is_some() {
            self.held.set(None);
        }
        mv
    }

    /// Drops the held move; whether one was held at this version.
    fn drop_held(self) -> bool {
        self.take_held().is_some()
    }

    /// Sends `mv` (confirmed) as notation.
    fn send(self, table: &Table<G>, mv: G::Move) {
        let mut tap = self.current();
        self.play(table, mv, &mut tap);
        let mut signal = self.tap;
        signal.set((self.version, tap));
    }

    /// Sends `mv` as notation, shown ahead of the answer where the seat
    /// can know the result.
    fn play(mut self, table: &Table<G>, mv: G::Move, tap: &mut G::Tap) {
        let notation = table.notation(&mv);
        let after = table.view.after(&mv).map(|view| {
            let mut history = table.history.clone();
            history.push(mv.clone());
            Table {
                view,
                can_act: false,
                last: Some((table.viewer, mv.clone())),
                ply: table.ply + 1,
                history,
                ..table.clone()
            }
        });
        self.ahead.set(Some(Ahead {
            version: self.version,
            table: after,
        }));
        tap.reset();
        self.on_send.call(Action::Move { notation });
    }

    /// Runs `change` on the tap state, then plays what it asked for: a move
    /// is held (confirm moves) or sent.
    fn apply(mut self, table: &Table<G>, change: impl FnOnce(&mut G::Tap, &Table<G>) -> Tapped<G::Move>) {
        let mut tap = self.current();
        let (tapped, held) = steady::hold(self.confirm, change(&mut tap, table));
        if let Some(mv) = held {
            self.held.set(Some((self.version, mv)));
        }
        match tapped {
            Tapped::Play(mv) => self.play(table, mv, &mut tap),
            Tapped::Roll => self.on_send.call(Action::Roll),
            Tapped::Refused(refusal) => self
                .toaster
                .show(refusal_text(self.lang, refusal.rule), Some(refusal.rule)),
            Tapped::Ignored(reason) => self.toaster.say(tr(self.lang, reason)),
            Tapped::Changed => {}
        }
        self.tap.set((self.version, tap));
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
