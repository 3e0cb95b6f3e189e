//! Playing Jun Qi flip: the board (a seat's view only), whose turn, colours
//! once decided (J8), the quiet counter (J19), the last action, piece
//! statistics, undo / resign, the result and rematch. Saved after every action.

use super::super::home::level_key;
use super::super::TopBar;
use super::{save, JUNQI};
use crate::components::junqi::board::JunQiBoard;
use crate::components::junqi::names::{colour_name, colours_line, last_action_line};
use crate::components::junqi::result::JunQiResult;
use crate::components::junqi::stats::StatsPanel;
use crate::components::resign_sheet::ResignSheet;
use crate::controllers::hex::Player;
use crate::controllers::junqi::{bot_thinker, JunQiController, TapResult, QUIET_WARNING};
use crate::i18n::{tr, tr_args, Lang};
use crate::settings::{AppSettings, TAP_SOUND_JS};
use crate::storage::Store;
use crate::{bot, timer, Route};
use dioxus::prelude::*;
use papan_rules::junqi::{Colour, JunQiView, Square, QUIET_LIMIT};
use papan_rules::Seat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A toast: its id (to hide only this one), the message key and the rule it names.
type Toast = (u64, &'static str, Option<&'static str>);

/// The signals the play screen's actions work on (all `Copy`).
#[derive(Clone, Copy)]
struct Play {
    settings: Signal<AppSettings>,
    thinking: Signal<bool>,
    toast: Signal<Option<Toast>>,
}

impl Play {
    fn click_sound(&self) {
        if self.settings.peek().sound {
            let _ = document::eval(TAP_SOUND_JS);
        }
    }

    fn persist(&self) {
        if let Some(game) = JUNQI.peek().game.as_ref() {
            if let Err(e) = save(&Store::app(), game) {
                dioxus::logger::tracing::warn!("could not save the game: {e}");
            }
        }
    }

    /// Shows a short message, hidden again after a moment.
    fn show_toast(mut self, message: &'static str, rule: Option<&'static str>) {
        let id = timer::now_ms();
        self.toast.set(Some((id, message, rule)));
        spawn(async move {
            timer::sleep_ms(2600).await;
            if (*self.toast.peek()).map(|t| t.0) == Some(id) {
                self.toast.set(None);
            }
        });
    }

    /// Starts the bot if it is to move and not already thinking. The task
    /// belongs to this screen; `cancel` stops a native search thread.
    fn drive_bot(mut self, cancel: Arc<AtomicBool>) {
        if *self.thinking.peek() || JUNQI.peek().game.as_ref().and_then(|g| g.bot_to_move()).is_none() {
            return;
        }
        self.thinking.set(true);
        spawn(async move {
            loop {
                let job = JUNQI
                    .peek()
                    .game
                    .as_ref()
                    .and_then(|g| g.bot_job().map(|job| (job, g.record().seed)));
                let Some(((view, level, seed, ply), game_seed)) = job else {
                    break;
                };
                let thinker = bot_thinker(&view, level, seed);
                let Some(decision) = bot::think_with(thinker, cancel.clone()).await else {
                    break;
                };
                let Some(action) = decision.best else { break };
                let applied = match JUNQI.write().game.as_mut() {
                    Some(game) if game.record().seed == game_seed => game.apply_bot_move(ply, action).is_ok(),
                    _ => false,
                };
                if !applied {
                    break;
                }
                self.click_sound();
                self.persist();
            }
            self.thinking.set(false);
        });
    }
}

#[component]
pub fn JunQiPlay() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let play = Play {
        settings,
        thinking: use_signal(|| false),
        toast: use_signal(|| None),
    };
    let mut last_pointer = use_signal(|| String::from("none"));
    let mut confirm_resign = use_signal(|| false);
    let mut show_stats = use_signal(|| false);
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }
    {
        // Resuming a game where the bot is to move: start it once mounted.
        let cancel = cancel.clone();
        use_effect(move || play.drive_bot(cancel.clone()));
    }
    let nav = navigator();
    let lang = settings.read().lang;
    let slot = JUNQI.read().clone();

    let Some(game) = slot.game else {
        return rsx! {
            div { class: "screen play",
                TopBar { lang, title: tr(lang, "game-junqi"), back: Some(Route::Home {}) }
                main { class: "content empty-state",
                    if let Some(error) = slot.load_error {
                        p { class: "notice notice-error", "data-testid": "junqi-load-error",
                            {tr_args(lang, "junqi-load-error", &[("reason", error)])}
                        }
                    }
                    p { {tr(lang, "no-game")} }
                    button { class: "btn btn-primary", onclick: move |_| { nav.push(Route::JunQiSetup {}); }, {tr(lang, "action-new-game")} }
                }
            }
        };
    };

    let on_tap = {
        let cancel = cancel.clone();
        move |square: Square| {
            let result = JUNQI.write().game.as_mut().map(|g| g.tap(square));
            match result {
                Some(TapResult::Revealed(_)) | Some(TapResult::Moved { .. }) => {
                    play.click_sound();
                    play.persist();
                    play.drive_bot(cancel.clone());
                }
                Some(TapResult::Refused { rule, reason, .. }) => play.show_toast(reason, Some(rule)),
                Some(TapResult::Ignored(reason)) => play.show_toast(reason, None),
                Some(TapResult::Selected(_)) | Some(TapResult::Deselected) | None => {}
            }
        }
    };
    let on_undo = move |_| {
        let undone = JUNQI.write().game.as_mut().is_some_and(|g| g.undo());
        if undone {
            play.persist();
        }
    };
    let on_resign = move |_| {
        confirm_resign.set(false);
        if JUNQI.write().game.as_mut().is_some_and(|g| g.resign()) {
            play.persist();
        }
    };
    let on_rematch = {
        let cancel = cancel.clone();
        move |_| {
            let next = JUNQI.peek().game.as_ref().and_then(|g| g.rematch().ok());
            if let Some(next) = next {
                JUNQI.write().game = Some(next);
                play.persist();
                play.drive_bot(cancel.clone());
            }
        }
    };

    let view = game.view();
    let over = game.is_over();
    let thinking = (play.thinking)();
    let turn = if game.bot_to_move().is_some() { "bot" } else { "human" };
    let status = status_line(lang, &game, &view, thinking);
    let pill_colour = match view.to_move().and_then(|s| view.colour_of(s)) {
        Some(Colour::Red) => "turn-red",
        Some(Colour::Blue) => "turn-blue",
        None => "turn-none",
    };
    let colours = {
        // Against a bot the decided line names its level.
        let other = game.local_seat().other();
        let opponent = match game.players()[other.index()] {
            Player::Bot(level) => tr(lang, level_key(level)),
            Player::Human | Player::Remote => who(lang, &game, other),
        };
        colours_line(lang, &view, game.local_seat(), |seat| who(lang, &game, seat), opponent)
    };
    let decided = view.my_colour().is_some();
    let first = (game.ply() < 2 && !over).then(|| first_mover_line(lang, &game));
    let quiet = view.quiet_plies();
    let last = last_action_line(lang, &view, |seat| who(lang, &game, seat));
    let toast = (play.toast)();
    let targets = game.targets();
    let movable = game.movable();

    rsx! {
        div { class: "screen play jq-play",
            TopBar { lang, title: tr(lang, "game-junqi"), back: Some(Route::Home {}),
                button {
                    class: "icon-btn jq-stats-btn",
                    "aria-label": tr(lang, "junqi-stats-title"),
                    "data-testid": "junqi-stats-open",
                    onclick: move |_| show_stats.set(true),
                    svg { class: "icon", view_box: "0 0 24 24", "aria-hidden": "true",
                        rect { x: "4", y: "12", width: "4", height: "8", rx: "1" }
                        rect { x: "10", y: "6", width: "4", height: "14", rx: "1" }
                        rect { x: "16", y: "9", width: "4", height: "11", rx: "1" }
                    }
                }
            }
            main { class: "play-area jq-area",
                div { class: "jq-status",
                    span { class: if over { "turn-pill over" } else { "turn-pill {pill_colour}" }, "data-testid": "status",
                        span { class: "turn-dot" }
                        "{status}"
                        if thinking && !over {
                            span { class: "thinking-dots", "data-testid": "thinking", "aria-label": tr(lang, "bot-thinking"),
                                span {} span {} span {}
                            }
                        }
                    }
                    div { class: if decided { "jq-colours decided" } else { "jq-colours" }, "data-testid": "junqi-colours", "{colours}" }
                    div { class: "jq-chips",
                        if let Some(text) = first {
                            span { class: "jq-chip", "data-testid": "junqi-first-mover", "{text}" }
                        }
                        if let Some(text) = last {
                            span { class: "jq-chip", "data-testid": "junqi-last-action", "{text}" }
                        }
                        if quiet >= QUIET_WARNING && !over {
                            span { class: "jq-chip warn", "data-testid": "junqi-quiet",
                                {tr_args(lang, "junqi-quiet", &[("count", quiet.to_string()), ("limit", QUIET_LIMIT.to_string())])}
                            }
                        }
                    }
                }
                div { class: "board-wrap jq-board-wrap",
                    JunQiBoard {
                        view: view.clone(),
                        lang,
                        selected: game.selected(),
                        targets,
                        movable,
                        turn: turn.to_string(),
                        last_pointer: last_pointer(),
                        on_tap,
                        on_pointer: move |kind: String| last_pointer.set(kind),
                    }
                }
                if let Some((_, message, rule)) = toast {
                    div { class: "toast", role: "status", "data-testid": "toast", "data-rule": rule.unwrap_or(""),
                        if let Some(rule) = rule {
                            span { class: "jq-rule", "{rule}" }
                        }
                        {tr(lang, message)}
                    }
                }
            }
            if over {
                JunQiResult {
                    game: game.clone(),
                    lang,
                    on_rematch,
                    on_home: move |_| { nav.push(Route::Home {}); },
                }
            } else {
                footer { class: "action-bar",
                    button {
                        class: "btn btn-ghost",
                        "data-testid": "undo",
                        disabled: !game.can_undo(),
                        onclick: on_undo,
                        {tr(lang, "action-undo")}
                    }
                    button {
                        class: "btn btn-ghost",
                        "data-testid": "junqi-stats-button",
                        onclick: move |_| show_stats.set(true),
                        {tr(lang, "junqi-stats-short")}
                    }
                    button {
                        class: "btn btn-ghost btn-danger",
                        "data-testid": "resign",
                        onclick: move |_| confirm_resign.set(true),
                        {tr(lang, "action-resign")}
                    }
                }
            }
            if show_stats() {
                StatsPanel { view: view.clone(), lang, on_close: move |_| show_stats.set(false) }
            }
            if confirm_resign() && !over {
                ResignSheet { lang, open: confirm_resign, on_resign }
            }
        }
    }
}

/// "You", "Bot" or "Player 1/2": who sits in `seat`.
fn who(lang: Lang, game: &JunQiController, seat: Seat) -> String {
    match game.players()[seat.index()] {
        Player::Bot(_) => tr(lang, "junqi-who-bot"),
        Player::Human if game.vs_bot() => tr(lang, "junqi-who-you"),
        Player::Human | Player::Remote if seat == Seat::First => tr(lang, "junqi-who-player-1"),
        Player::Human | Player::Remote => tr(lang, "junqi-who-player-2"),
    }
}

/// "Your turn", "Bot is thinking", "Red to move", "Player 2 to move"…
pub fn status_line(lang: Lang, game: &JunQiController, view: &JunQiView, thinking: bool) -> String {
    let Some(seat) = game.seat_to_move() else {
        return tr(lang, "status-over");
    };
    if game.vs_bot() {
        if game.is_human_turn() {
            if view.my_colour().is_none() {
                tr(lang, "junqi-status-reveal")
            } else {
                tr(lang, "junqi-status-your-turn")
            }
        } else if thinking {
            tr(lang, "bot-thinking")
        } else {
            tr(lang, "junqi-status-bot-turn")
        }
    } else {
        match view.colour_of(seat) {
            Some(colour) => tr_args(
                lang,
                "junqi-status-colour-to-move",
                &[("colour", colour_name(lang, colour))],
            ),
            None => tr_args(
                lang,
                "junqi-status-player-to-move",
                &[("player", who(lang, game, seat))],
            ),
        }
    }
}

/// J6: who was drawn to move first.
pub fn first_mover_line(lang: Lang, game: &JunQiController) -> String {
    tr_args(
        lang,
        "junqi-first-mover",
        &[("who", who(lang, game, game.first_mover()))],
    )
}
