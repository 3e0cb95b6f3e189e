//! Playing Hex: the board, whose turn, the bot's thinking, swap / undo /
//! resign, the result and rematch. Every change is saved at once.

use super::home::level_key;
use super::TopBar;
use crate::components::hex_board::HexBoard;
use crate::components::resign_sheet::ResignSheet;
use crate::components::result_banner::ResultBanner;
use crate::controllers::hex::{HexController, Player, TapResult};
use crate::i18n::{key, tr, tr_args, Lang};
use crate::saved_game::save_hex;
use crate::settings::{AppSettings, TAP_SOUND_JS};
use crate::storage::Store;
use crate::{bot, timer, HexSlot, Route};
use dioxus::prelude::*;
use papan_rules::hex::{Cell, Colour};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The signals the play screen's actions work on (all `Copy`).
#[derive(Clone, Copy)]
struct Play {
    slot: Signal<Option<HexController>>,
    settings: Signal<AppSettings>,
    thinking: Signal<bool>,
    /// The person's winning chance as the bot last estimated it.
    estimate: Signal<Option<f64>>,
    toast: Signal<Option<(u64, &'static str)>>,
}

impl Play {
    fn click_sound(&self) {
        if self.settings.peek().sound {
            let _ = document::eval(TAP_SOUND_JS);
        }
    }

    fn persist(&self) {
        if let Some(game) = self.slot.peek().as_ref() {
            if let Err(e) = save_hex(&Store::app(), game) {
                dioxus::logger::tracing::warn!("could not save the game: {e}");
            }
        }
    }

    /// Shows a short message, hidden again after a moment.
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

    /// Starts the bot if it is to move and not already thinking. The task
    /// belongs to this screen: leaving the screen drops it, and `cancel`
    /// stops a native search thread.
    fn drive_bot(mut self, cancel: Arc<AtomicBool>) {
        if *self.thinking.peek() || self.slot.peek().as_ref().and_then(|g| g.bot_to_move()).is_none() {
            return;
        }
        self.thinking.set(true);
        spawn(async move {
            loop {
                let job = self.slot.peek().as_ref().and_then(|g| {
                    g.bot_to_move()
                        .map(|level| (g.position().clone(), level, g.bot_seed(), g.ply(), g.record().seed))
                });
                let Some((position, level, seed, ply, game_seed)) = job else {
                    break;
                };
                let Some(decision) = bot::think_hex(position, level, seed, cancel.clone()).await else {
                    break;
                };
                let Some(mv) = decision.best else { break };
                let applied = match self.slot.write().as_mut() {
                    Some(game) if game.record().seed == game_seed => game.apply_bot_move(ply, mv).is_ok(),
                    _ => false,
                };
                if applied {
                    self.estimate.set(Some(1.0 - decision.win_probability));
                    self.click_sound();
                    self.persist();
                }
            }
            self.thinking.set(false);
        });
    }
}

#[component]
pub fn HexPlay() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let slot = use_context::<HexSlot>().0;
    let play = Play {
        slot,
        settings,
        thinking: use_signal(|| false),
        estimate: use_signal(|| None),
        toast: use_signal(|| None),
    };
    let mut last_pointer = use_signal(|| String::from("none"));
    let mut confirm_resign = use_signal(|| false);
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
    let show_estimate = settings.read().show_estimate;

    let Some(game) = slot.read().clone() else {
        return rsx! {
            div { class: "screen play",
                TopBar { lang, title: tr(lang, "game-hex"), back: Some(Route::Home {}) }
                main { class: "content empty-state",
                    p { {tr(lang, "no-game")} }
                    button { class: "btn btn-primary", onclick: move |_| { nav.push(Route::HexSetup {}); }, {tr(lang, "action-new-game")} }
                }
            }
        };
    };

    let on_tap = {
        let cancel = cancel.clone();
        move |cell: Cell| {
            let mut slot = play.slot;
            let result = slot.write().as_mut().map(|g| g.tap(cell));
            match result {
                Some(TapResult::Placed(_)) => {
                    play.click_sound();
                    play.persist();
                    play.drive_bot(cancel.clone());
                }
                Some(TapResult::Preview(_)) => {}
                Some(TapResult::Ignored(reason)) => play.show_toast(reason),
                None => {}
            }
        }
    };
    let on_swap = {
        let cancel = cancel.clone();
        move |_| {
            let mut slot = play.slot;
            let result = slot.write().as_mut().map(|g| g.swap());
            match result {
                Some(Ok(())) => {
                    play.click_sound();
                    play.persist();
                    play.drive_bot(cancel.clone());
                }
                Some(Err(reason)) => play.show_toast(reason),
                None => {}
            }
        }
    };
    let on_undo = move |_| {
        let mut slot = play.slot;
        let undone = slot.write().as_mut().is_some_and(|g| g.undo());
        if undone {
            play.persist();
        }
    };
    let on_resign = move |_| {
        let mut slot = play.slot;
        confirm_resign.set(false);
        if slot.write().as_mut().is_some_and(|g| g.resign()) {
            play.persist();
        }
    };
    let on_rematch = {
        let cancel = cancel.clone();
        move |_| {
            let mut slot = play.slot;
            let mut estimate = play.estimate;
            let next = slot.peek().as_ref().and_then(|g| g.rematch().ok());
            if let Some(next) = next {
                slot.set(Some(next));
                estimate.set(None);
                play.persist();
                play.drive_bot(cancel.clone());
            }
        }
    };

    let over = game.is_over();
    let thinking = (play.thinking)();
    let turn = if game.bot_to_move().is_some() { "bot" } else { "human" };
    let status = status_line(lang, &game, thinking);
    let to_move_colour = match game.colour_to_move() {
        Colour::Red => "red",
        Colour::Blue => "blue",
    };
    let players_line = players_line(lang, &game);
    let show_bar = show_estimate && game.vs_bot();
    let estimate = (play.estimate)();
    let toast = (play.toast)().map(|(_, k)| tr(lang, k));

    rsx! {
        div { class: "screen play",
            TopBar { lang, title: tr(lang, "game-hex"), back: Some(Route::Home {}) }
            main { class: "play-area",
                div { class: "status-row",
                    span { class: if over { "turn-pill over" } else { "turn-pill turn-{to_move_colour}" }, "data-testid": "status",
                        span { class: "turn-dot" }
                        "{status}"
                        if thinking && !over {
                            span { class: "thinking-dots", "data-testid": "thinking", "aria-label": tr(lang, "bot-thinking"),
                                span {} span {} span {}
                            }
                        }
                    }
                    span { class: "players-line", "{players_line}" }
                }
                if show_bar {
                    // Shown from the start (not only once known) so the board never jumps.
                    div { class: "estimate", "data-testid": "estimate",
                        div { class: "estimate-bar",
                            div {
                                class: "estimate-fill",
                                style: "width: {estimate.unwrap_or(0.0) * 100.0:.0}%",
                            }
                        }
                        span { class: "estimate-label",
                            match estimate {
                                Some(p) => tr_args(lang, "estimate-label", &[("percent", format!("{:.0}", p * 100.0))]),
                                None => tr(lang, "estimate-pending"),
                            }
                        }
                    }
                }
                div { class: "board-wrap",
                    HexBoard {
                        game: game.clone(),
                        lang,
                        turn: turn.to_string(),
                        last_pointer: last_pointer(),
                        on_tap,
                        on_pointer: move |kind: String| last_pointer.set(kind),
                    }
                }
                if let Some(text) = toast {
                    div { class: "toast", role: "status", "data-testid": "toast", "{text}" }
                }
            }
            if over {
                ResultBanner {
                    game: game.clone(),
                    lang,
                    on_rematch,
                    on_home: move |_| { nav.push(Route::Home {}); },
                }
            } else {
                footer { class: "action-bar",
                    if game.swap_available() {
                        button { class: "btn btn-accent", "data-testid": "swap", onclick: on_swap, {tr(lang, "action-swap")} }
                    }
                    button {
                        class: "btn btn-ghost",
                        "data-testid": "undo",
                        disabled: !game.can_undo(),
                        onclick: on_undo,
                        {tr(lang, "action-undo")}
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

/// "Your turn", "Bot is thinking", "Red to move"…
pub fn status_line(lang: Lang, game: &HexController, thinking: bool) -> String {
    if game.is_over() {
        return tr(lang, "status-over");
    }
    if game.vs_bot() {
        if game.is_human_turn() {
            if game.swap_available() {
                tr(lang, "status-your-turn-swap")
            } else {
                tr(lang, "status-your-turn")
            }
        } else if thinking {
            tr(lang, "bot-thinking")
        } else {
            tr(lang, "status-bot-turn")
        }
    } else {
        match game.colour_to_move() {
            Colour::Red => tr(lang, "status-red-to-move"),
            Colour::Blue => tr(lang, "status-blue-to-move"),
        }
    }
}

/// "You: Red · Normal bot: Blue", or "Red ↕ · Blue ↔" between two people.
pub fn players_line(lang: Lang, game: &HexController) -> String {
    let colour_name = |c: Colour| match c {
        Colour::Red => tr(lang, "colour-red"),
        Colour::Blue => tr(lang, "colour-blue"),
    };
    let local = game.local_seat();
    let mine = colour_name(game.position().colour_of(local));
    let theirs = colour_name(game.position().colour_of(local.other()));
    match game.players()[local.other().index()] {
        Player::Bot(level) => tr_args(
            lang,
            "players-vs-bot",
            &[("mine", mine), ("bot", tr(lang, level_key(level))), ("theirs", theirs)],
        ),
        Player::Human | Player::Remote => tr(lang, key("players-hotseat")),
    }
}
