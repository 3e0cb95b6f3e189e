//! Playing backgammon: the board, the dice, building a turn step by step,
//! the bot's turns, undo / resign, the result and rematch. Every committed
//! turn and roll is saved at once.

use super::slot::{save_backgammon, BACKGAMMON};
use crate::components::backgammon::banner::BackgammonResult;
use crate::components::backgammon::board::BackgammonBoard;
use crate::components::backgammon::notice::notice_line;
use crate::components::resign_sheet::ResignSheet;
use crate::controllers::backgammon::{bot_thinker, BackgammonController, Spot, TapResult};
use crate::controllers::hex::Player;
use crate::i18n::{tr, tr_args, Lang};
use crate::screens::home::level_key;
use crate::screens::TopBar;
use crate::settings::{AppSettings, TAP_SOUND_JS};
use crate::storage::Store;
use crate::{bot, timer, Route};
use dioxus::prelude::*;
use papan_rules::backgammon::{BgMove, Play};
use papan_rules::{Game, Seat};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The signals the play screen's actions work on (all `Copy`).
#[derive(Clone, Copy)]
struct Actions {
    settings: Signal<AppSettings>,
    thinking: Signal<bool>,
    toast: Signal<Option<(u64, &'static str)>>,
}

fn with_game<R>(f: impl FnOnce(&mut BackgammonController) -> R) -> Option<R> {
    BACKGAMMON.write().game.as_mut().map(f)
}

impl Actions {
    fn click_sound(&self) {
        if self.settings.peek().sound {
            let _ = document::eval(TAP_SOUND_JS);
        }
    }

    fn persist(&self) {
        if let Some(game) = BACKGAMMON.peek().game.as_ref() {
            if let Err(e) = save_backgammon(&Store::app(), game) {
                dioxus::logger::tracing::warn!("could not save the game: {e}");
            }
        }
    }

    fn show_toast(mut self, message: &'static str) {
        let id = timer::now_ms();
        self.toast.set(Some((id, message)));
        spawn(async move {
            timer::sleep_ms(1800).await;
            let current = *self.toast.peek();
            if current.map(|(i, _)| i) == Some(id) {
                self.toast.set(None);
            }
        });
    }

    /// Runs the bot's turns (roll, then play) while it is on turn. The task
    /// belongs to this screen; `cancel` stops a native search thread.
    fn drive_bot(mut self, cancel: Arc<AtomicBool>) {
        let bot_on_turn = BACKGAMMON.peek().game.as_ref().and_then(|g| g.bot_to_act()).is_some();
        if *self.thinking.peek() || !bot_on_turn {
            return;
        }
        self.thinking.set(true);
        spawn(async move {
            loop {
                let job = BACKGAMMON.peek().game.as_ref().and_then(|g| {
                    let level = g.bot_to_act()?;
                    let seat = g.position().to_move()?;
                    Some((
                        g.position().view(seat),
                        level,
                        g.bot_seed(),
                        g.ply(),
                        g.record().seed,
                        g.only_move(),
                    ))
                });
                let Some((view, level, seed, ply, game_seed, only)) = job else {
                    break;
                };
                // A short pause so the person sees the bot's dice before it moves.
                timer::sleep_ms(350).await;
                if view.turn() == papan_rules::Turn::Chance {
                    if with_game(|g| g.roll_for_bot()).is_none_or(|r| r.is_err()) {
                        break;
                    }
                    self.persist();
                    continue;
                }
                let mv = match only {
                    Some(mv) => {
                        if mv == BgMove::Play(Play::PASS) {
                            // Leave the "no legal move" notice up long enough to read (B12).
                            timer::sleep_ms(1200).await;
                        }
                        mv
                    }
                    None => {
                        let thinker = bot_thinker(&view, level, seed);
                        let Some(decision) = bot::think_with(thinker, cancel.clone()).await else {
                            break;
                        };
                        let Some(mv) = decision.best else { break };
                        mv
                    }
                };
                let applied = with_game(|g| g.record().seed == game_seed && g.apply_bot_move(ply, mv).is_ok());
                if applied != Some(true) {
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
pub fn BackgammonPlay() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let actions = Actions {
        settings,
        thinking: use_signal(|| false),
        toast: use_signal(|| None),
    };
    let mut confirm_resign = use_signal(|| false);
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }
    {
        let cancel = cancel.clone();
        use_effect(move || actions.drive_bot(cancel.clone()));
    }
    let nav = navigator();
    let lang = settings.read().lang;

    let Some(game) = BACKGAMMON.read().game.clone() else {
        return rsx! {
            div { class: "screen play",
                TopBar { lang, title: tr(lang, "game-backgammon"), back: Some(Route::Home {}) }
                main { class: "content empty-state",
                    p { {tr(lang, "no-game")} }
                    button { class: "btn btn-primary", onclick: move |_| { nav.push(Route::BackgammonSetup {}); }, {tr(lang, "action-new-game")} }
                }
            }
        };
    };

    let after_change = {
        let cancel = cancel.clone();
        move |result: Option<TapResult>| match result {
            Some(TapResult::Rolled) => {
                actions.click_sound();
                actions.persist();
                // The opening roll may hand the first turn to the bot (B4).
                actions.drive_bot(cancel.clone());
            }
            Some(TapResult::Moved) => actions.click_sound(),
            Some(TapResult::Ignored(reason)) => actions.show_toast(reason),
            Some(_) | None => {}
        }
    };
    let on_tap = {
        let after = after_change.clone();
        move |spot: Spot| after(with_game(|g| g.tap(spot)))
    };
    let on_roll = {
        let after = after_change.clone();
        move |_| after(with_game(|g| g.roll()))
    };
    let on_roll_button = {
        let after = after_change.clone();
        move |_| after(with_game(|g| g.roll()))
    };
    let on_done = {
        let cancel = cancel.clone();
        move |_| match with_game(|g| g.done()) {
            Some(Ok(())) => {
                actions.click_sound();
                actions.persist();
                actions.drive_bot(cancel.clone());
            }
            Some(Err(reason)) => actions.show_toast(reason),
            None => {}
        }
    };
    let on_undo_step = move |_| {
        with_game(|g| g.undo_step());
    };
    let on_undo = move |_| {
        if with_game(|g| g.undo()) == Some(true) {
            actions.persist();
        }
    };
    let on_resign = move |_| {
        confirm_resign.set(false);
        if with_game(|g| g.resign()) == Some(true) {
            actions.persist();
        }
    };
    let on_rematch = {
        let cancel = cancel.clone();
        move |_| {
            let next = BACKGAMMON.peek().game.as_ref().and_then(|g| g.rematch().ok());
            if let Some(next) = next {
                BACKGAMMON.write().game = Some(next);
                actions.persist();
                actions.drive_bot(cancel.clone());
            }
        }
    };

    let over = game.is_over();
    let thinking = (actions.thinking)();
    let turn = if game.bot_to_act().is_some() { "bot" } else { "human" };
    let status = status_line(lang, &game, thinking);
    let view = game.board_view();
    let names = seat_names(lang, &game);
    let mover_class = match game.position().to_move() {
        Some(Seat::First) => "turn-white",
        Some(Seat::Second) => "turn-black",
        None => "turn-none",
    };
    let notice = notice_line(lang, &game);
    let toast = (actions.toast)().map(|(_, k)| tr(lang, k));
    let moving = game.is_moving();
    let passing = game.must_pass();

    rsx! {
        div { class: "screen play bg-play",
            TopBar { lang, title: tr(lang, "game-backgammon"), back: Some(Route::Home {}) }
            main { class: "play-area",
                div { class: "status-row",
                    span { class: if over { "turn-pill over" } else { "turn-pill {mover_class}" }, "data-testid": "status",
                        span { class: "turn-dot" }
                        "{status}"
                        if thinking && !over {
                            span { class: "thinking-dots", "data-testid": "thinking", "aria-label": tr(lang, "bot-thinking"),
                                span {} span {} span {}
                            }
                        }
                    }
                }
                div { class: "bg-pips", "data-testid": "pips",
                    span { class: "bg-pip-count mine", "data-testid": "pips-mine",
                        span { class: "swatch {names.2}" }
                        {tr_args(lang, "backgammon-pips", &[("name", names.0.clone()), ("pips", view.pips[0].to_string())])}
                    }
                    span { class: "bg-pip-count theirs", "data-testid": "pips-theirs",
                        span { class: "swatch {names.3}" }
                        {tr_args(lang, "backgammon-pips", &[("name", names.1.clone()), ("pips", view.pips[1].to_string())])}
                    }
                }
                div { class: "board-wrap bg-board-wrap",
                    BackgammonBoard {
                        game: game.clone(),
                        lang,
                        turn: turn.to_string(),
                        on_tap,
                        on_roll,
                    }
                }
                if let Some((text, kind)) = notice {
                    p { class: "bg-notice {kind}", role: "status", "data-testid": "notice", "data-kind": "{kind}", "{text}" }
                }
                if let Some(text) = toast {
                    div { class: "toast", role: "status", "data-testid": "toast", "{text}" }
                }
            }
            if over {
                BackgammonResult {
                    game: game.clone(),
                    lang,
                    on_rematch,
                    on_home: move |_| { nav.push(Route::Home {}); },
                }
            } else {
                footer { class: "action-bar bg-actions",
                    if game.can_roll() {
                        button { class: "btn btn-primary", "data-testid": "roll", onclick: on_roll_button, {tr(lang, "backgammon-roll")} }
                    } else if moving {
                        button {
                            class: "btn btn-ghost",
                            "data-testid": "undo-step",
                            disabled: !game.can_undo_step(),
                            onclick: on_undo_step,
                            {tr(lang, "backgammon-undo-step")}
                        }
                        button {
                            class: "btn btn-primary",
                            "data-testid": "done",
                            disabled: !(passing || game.turn_complete()),
                            onclick: on_done,
                            if passing { {tr(lang, "backgammon-pass-ok")} } else { {tr(lang, "backgammon-done")} }
                        }
                    }
                    if !moving {
                        button {
                            class: "btn btn-ghost",
                            "data-testid": "undo",
                            disabled: !game.can_undo(),
                            onclick: on_undo,
                            {tr(lang, "action-undo")}
                        }
                    }
                    button {
                        class: "btn btn-ghost btn-danger",
                        "data-testid": "resign",
                        onclick: move |_| confirm_resign.set(true),
                        {tr(lang, "action-resign")}
                    }
                }
            }
            if confirm_resign() && !over {
                ResignSheet { lang, open: confirm_resign, on_resign }
            }
        }
    }
}

/// (local name, opponent name, local colour class, opponent colour class).
pub fn seat_names(lang: Lang, game: &BackgammonController) -> (String, String, &'static str, &'static str) {
    let local = game.local_seat();
    let colour = |s: Seat| match s {
        Seat::First => "white",
        Seat::Second => "black",
    };
    let colour_name = |s: Seat| match s {
        Seat::First => tr(lang, "backgammon-white"),
        Seat::Second => tr(lang, "backgammon-black"),
    };
    match game.players()[local.other().index()] {
        Player::Bot(level) => (
            tr(lang, "backgammon-you"),
            tr(lang, level_key(level)),
            colour(local),
            colour(local.other()),
        ),
        Player::Human | Player::Remote => (
            colour_name(local),
            colour_name(local.other()),
            colour(local),
            colour(local.other()),
        ),
    }
}

/// "Your turn: roll", "Bot is thinking", "White to move"…
pub fn status_line(lang: Lang, game: &BackgammonController, thinking: bool) -> String {
    if game.is_over() {
        return tr(lang, "status-over");
    }
    if game.opening().is_none() {
        return tr(lang, "backgammon-status-opening");
    }
    if game.vs_bot() {
        if game.is_human_turn() {
            if game.can_roll() {
                tr(lang, "backgammon-status-your-roll")
            } else {
                tr(lang, "status-your-turn")
            }
        } else if thinking {
            tr(lang, "bot-thinking")
        } else {
            tr(lang, "status-bot-turn")
        }
    } else {
        match game.position().to_move() {
            Some(Seat::First) => tr(lang, "backgammon-status-white"),
            _ => tr(lang, "backgammon-status-black"),
        }
    }
}
