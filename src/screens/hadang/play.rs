//! Playing HADANG: the board between two player panels, the bot's
//! thinking, clocks, undo / paths / resign, the result and rematch. Every
//! change is saved at once.

use super::slot::{save_hadang, HADANG};
use crate::components::hadang::banner::HadangResultBanner;
use crate::components::hadang::board::HadangBoard;
use crate::components::hadang::panel::{PanelInfo, PlayerPanel};
use crate::components::resign_sheet::ResignSheet;
use crate::controllers::hadang::{bot_thinker, monotonic_ms, rule_key, HadangController, Player, TapResult};
use crate::i18n::{tr, Lang};
use crate::screens::home::level_key;
use crate::screens::TopBar;
use crate::settings::{AppSettings, TAP_SOUND_JS};
use crate::storage::Store;
use crate::{bot, timer, Route};
use dioxus::prelude::*;
use papan_rules::hadang::{Square, Wall};
use papan_rules::Seat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The signals the play screen's actions work on (all `Copy`).
#[derive(Clone, Copy)]
struct Play {
    settings: Signal<AppSettings>,
    thinking: Signal<bool>,
    toast: Signal<Option<(u64, String)>>,
}

impl Play {
    fn click_sound(&self) {
        if self.settings.peek().sound {
            let _ = document::eval(TAP_SOUND_JS);
        }
    }

    fn persist(&self) {
        if let Some(game) = HADANG.peek().game.as_ref() {
            if let Err(e) = save_hadang(&Store::app(), game) {
                dioxus::logger::tracing::warn!("could not save the game: {e}");
            }
        }
    }

    /// Shows a short message, hidden again after a moment.
    fn show_toast(mut self, message: String) {
        let id = timer::now_ms();
        self.toast.set(Some((id, message)));
        spawn(async move {
            timer::sleep_ms(2200).await;
            let current = self.toast.peek().as_ref().map(|(i, _)| *i);
            if current == Some(id) {
                self.toast.set(None);
            }
        });
    }

    /// Starts the bot if it is to move and not already thinking. Its think
    /// time runs on its clock; the move is stamped when it arrives.
    fn drive_bot(mut self, cancel: Arc<AtomicBool>) {
        let bot_turn = HADANG.peek().game.as_ref().and_then(|g| g.bot_to_move()).is_some();
        if *self.thinking.peek() || !bot_turn {
            return;
        }
        self.thinking.set(true);
        spawn(async move {
            loop {
                let job = HADANG.peek().game.as_ref().and_then(|g| {
                    g.bot_to_move()
                        .map(|level| (*g.position(), level, g.bot_seed(), g.ply(), g.record().seed))
                });
                let Some((position, level, seed, ply, game_seed)) = job else {
                    break;
                };
                let view = papan_rules::Game::view(&position, position.side_to_move());
                let thinker = bot_thinker(&view, level, seed);
                let Some(decision) = bot::think_with(thinker, cancel.clone()).await else {
                    break;
                };
                let Some(mv) = decision.best else { break };
                let applied = match HADANG.write().game.as_mut() {
                    Some(game) if game.record().seed == game_seed => {
                        game.apply_bot_move(ply, mv, monotonic_ms()).is_ok()
                    }
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

/// The name shown on a seat's panel.
fn seat_name(lang: Lang, game: &HadangController, seat: Seat) -> String {
    match game.players()[seat.index()] {
        Player::Bot(level) => tr(lang, level_key(level)),
        Player::Human if game.vs_bot() => tr(lang, "hadang-you"),
        Player::Human | Player::Remote => match seat {
            Seat::First => tr(lang, "hadang-player-1"),
            Seat::Second => tr(lang, "hadang-player-2"),
        },
    }
}

fn panel_info(lang: Lang, game: &HadangController, seat: Seat, now: u64) -> PanelInfo {
    let position = game.position();
    PanelInfo {
        seat: crate::components::hadang::board::seat_class(seat),
        name: seat_name(lang, game, seat),
        walls_left: position.walls_left(seat),
        path_len: game.show_paths().then(|| position.shortest_path_len(seat)),
        clock_ms: game.time_left(seat, now),
        clock_low: game.clock().is_low(seat, now),
        to_move: game.seat_to_move() == Some(seat),
    }
}

/// "Your turn", "Bot is thinking", "Player 1 to move"…
pub fn status_line(lang: Lang, game: &HadangController, thinking: bool) -> String {
    if game.is_over() {
        return tr(lang, "status-over");
    }
    if game.vs_bot() {
        if game.is_human_turn() {
            if game.ghost_wall().is_some() {
                tr(lang, "hadang-status-confirm-wall")
            } else {
                tr(lang, "status-your-turn")
            }
        } else if thinking {
            tr(lang, "bot-thinking")
        } else {
            tr(lang, "status-bot-turn")
        }
    } else if game.ghost_wall().is_some() {
        tr(lang, "hadang-status-confirm-wall")
    } else {
        match game.seat_to_move() {
            Some(Seat::First) => tr(lang, "hadang-p1-to-move"),
            _ => tr(lang, "hadang-p2-to-move"),
        }
    }
}

#[component]
pub fn HadangPlay() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let play = Play {
        settings,
        thinking: use_signal(|| false),
        toast: use_signal(|| None),
    };
    let mut last_pointer = use_signal(|| String::from("none"));
    let mut confirm_resign = use_signal(|| false);
    // Redrawn by the clock loop while a clock runs.
    let mut now = use_signal(monotonic_ms);
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }
    {
        let cancel = cancel.clone();
        use_effect(move || play.drive_bot(cancel.clone()));
    }
    // The clock: refresh the shown times and flag a player whose time ran out (H16).
    use_future(move || async move {
        loop {
            let t = monotonic_ms();
            let (running, to_flag) = HADANG.peek().game.as_ref().map_or((false, None), |g| {
                (g.clock().running().is_some() && !g.is_over(), g.time_to_flag(t))
            });
            if running {
                now.set(t);
            }
            if to_flag == Some(0) {
                let ended = HADANG.write().game.as_mut().is_some_and(|g| g.tick(monotonic_ms()));
                if ended {
                    play.persist();
                }
            }
            let wait = match to_flag {
                Some(ms) if ms < 10_000 => (ms as u32).clamp(20, 100),
                Some(_) => 250,
                None => 500,
            };
            timer::sleep_ms(wait).await;
        }
    });
    let nav = navigator();
    let lang = settings.read().lang;

    let Some(game) = HADANG.read().game.clone() else {
        return rsx! {
            div { class: "screen play",
                TopBar { lang, title: tr(lang, "game-hadang"), back: Some(Route::Home {}) }
                main { class: "content empty-state",
                    p { {tr(lang, "no-game")} }
                    button { class: "btn btn-primary", onclick: move |_| { nav.push(Route::HadangSetup {}); }, {tr(lang, "action-new-game")} }
                }
            }
        };
    };

    let after_tap = {
        let cancel = cancel.clone();
        move |result: Option<TapResult>| match result {
            Some(TapResult::Stepped(_)) | Some(TapResult::Placed(_)) => {
                play.click_sound();
                play.persist();
                play.drive_bot(cancel.clone());
            }
            Some(TapResult::Refused { rule, .. }) => play.show_toast(tr(lang, rule_key(rule))),
            Some(TapResult::Ignored(reason)) => play.show_toast(tr(lang, reason)),
            _ => {}
        }
    };
    let on_cell = {
        let after_tap = after_tap.clone();
        move |square: Square| {
            let result = HADANG.write().game.as_mut().map(|g| g.tap_cell(square, monotonic_ms()));
            after_tap(result);
        }
    };
    let on_groove = move |wall: Wall| {
        let result = HADANG.write().game.as_mut().map(|g| g.tap_groove(wall, monotonic_ms()));
        after_tap(result);
    };
    let on_undo = move |_| {
        let undone = HADANG.write().game.as_mut().is_some_and(|g| g.undo());
        if undone {
            play.persist();
        }
    };
    let on_paths = move |_| {
        if let Some(g) = HADANG.write().game.as_mut() {
            let on = g.show_paths();
            g.set_show_paths(!on);
        }
        play.persist();
    };
    let on_resign = move |_| {
        confirm_resign.set(false);
        if HADANG.write().game.as_mut().is_some_and(|g| g.resign(monotonic_ms())) {
            play.persist();
        }
    };
    let on_rematch = {
        let cancel = cancel.clone();
        move |_| {
            let next = HADANG.peek().game.as_ref().map(|g| g.rematch(monotonic_ms()));
            if let Some(next) = next {
                HADANG.write().game = Some(next);
                play.persist();
                play.drive_bot(cancel.clone());
            }
        }
    };

    let over = game.is_over();
    let thinking = (play.thinking)();
    let turn = if game.bot_to_move().is_some() { "bot" } else { "human" };
    let status = status_line(lang, &game, thinking);
    let t = now();
    let top = panel_info(lang, &game, Seat::Second, t);
    let bottom = panel_info(lang, &game, Seat::First, t);
    let toast = (play.toast)().map(|(_, text)| text);
    let paths_on = game.show_paths();
    let to_move = game
        .seat_to_move()
        .map_or("over", crate::components::hadang::board::seat_class);

    rsx! {
        div { class: "screen play hadang-play",
            TopBar { lang, title: tr(lang, "game-hadang"), back: Some(Route::Home {}) }
            main { class: "play-area hadang-area",
                div { class: "status-row",
                    span { class: if over { "turn-pill over" } else { "turn-pill hd-turn-{to_move}" }, "data-testid": "status",
                        span { class: "turn-dot" }
                        "{status}"
                        if thinking && !over {
                            span { class: "thinking-dots", "data-testid": "thinking", "aria-label": tr(lang, "bot-thinking"),
                                span {} span {} span {}
                            }
                        }
                    }
                }
                PlayerPanel { info: top, lang }
                div { class: "board-wrap hadang-wrap",
                    HadangBoard {
                        game: game.clone(),
                        lang,
                        turn: turn.to_string(),
                        last_pointer: last_pointer(),
                        on_cell,
                        on_groove,
                        on_pointer: move |kind: String| last_pointer.set(kind),
                    }
                }
                PlayerPanel { info: bottom, lang }
                if let Some(text) = toast {
                    div { class: "toast", role: "status", "data-testid": "toast", "{text}" }
                }
            }
            if over {
                HadangResultBanner {
                    game: game.clone(),
                    lang,
                    on_rematch,
                    on_home: move |_| { nav.push(Route::Home {}); },
                }
            } else {
                footer { class: "action-bar",
                    if game.vs_bot() {
                        button {
                            class: "btn btn-ghost",
                            "data-testid": "undo",
                            disabled: !game.can_undo(),
                            onclick: on_undo,
                            {tr(lang, "action-undo")}
                        }
                    }
                    button {
                        class: if paths_on { "btn btn-ghost toggled" } else { "btn btn-ghost" },
                        "data-testid": "toggle-paths",
                        "aria-pressed": if paths_on { "true" } else { "false" },
                        onclick: on_paths,
                        {tr(lang, "hadang-action-paths")}
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
