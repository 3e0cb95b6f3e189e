//! A game on this device, for any of the four games: the bot's turns off
//! the render path, the clocks, the person's taps through the game's tap
//! state, undo / resign / rematch, a save after every change and a click
//! for every move.

use super::actions::{bar, ActionButton, ActionId, BarMode};
use super::frame::{PlayFrame, StatusInfo};
use super::log::{LogLine, LogState};
use super::result::{ResultInfo, ResultLine};
use super::strip::StripInfo;
use super::texts::{self, refusal_text, Seating};
use super::toast::{use_toaster, Toaster};
use super::{slot, BoardProps, GameUi, Notice};
use crate::i18n::{tr, tr_args, Lang};
use crate::play::finished::{self, Finished};
use crate::play::history::{self, Viewing};
use crate::play::local::{self, apply, idle_reason};
use crate::play::matches::BotJob;
use crate::play::{bot_seed, mix};
use crate::play::{Answer, ButtonStyle, Match, Table, TapState, Tapped};
use crate::screens::TopBar;
use crate::settings::{AppSettings, TAP_SOUND_JS};
use crate::storage::Store;
use crate::timer::{monotonic_ms, sleep_ms};
use crate::{bot, Route};
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::Seat;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How long a forced move by the bot (a pass, the last cell) stays on
/// screen before it is played, so the person can read what happened.
const FORCED_PAUSE_MS: u32 = 1200;

/// The Expert's suggestion for the person's move at `ply`.
#[derive(Clone, Debug, PartialEq)]
struct Hint<M> {
    ply: usize,
    mv: M,
    /// The person's winning chance after it, as the Expert sees it.
    chance: f64,
}

/// The signals the screen's actions work on.
struct Runner<G: GameUi> {
    settings: Signal<AppSettings>,
    thinking: Signal<bool>,
    /// The person's winning chance at a ply, as the estimator sees it.
    estimate: Signal<Option<(usize, f64)>>,
    hint: Signal<Option<Hint<G::Move>>>,
    /// The Expert is working out a hint.
    hinting: Signal<bool>,
    tap: Signal<G::Tap>,
    toaster: Toaster,
}

impl<G: GameUi> Clone for Runner<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameUi> Copy for Runner<G> {}

impl<G: GameUi> Runner<G> {
    fn lang(&self) -> Lang {
        self.settings.peek().lang
    }

    fn click(&self) {
        if self.settings.peek().sound {
            let _ = document::eval(TAP_SOUND_JS);
        }
    }

    fn with_match<R>(&self, change: impl FnOnce(&mut Match<G>) -> R) -> Option<R> {
        G::slot().write().game.as_mut().map(change)
    }

    fn persist(&self) {
        if let Some(game) = G::slot().peek().game.as_ref() {
            if let Err(e) = slot::save(&Store::app(), game) {
                crate::diag::warn(&format!("could not save the game: {e}"));
            }
            // A game just over joins the finished games (kept once).
            if let Some(done) = Finished::of_match(game) {
                if let Err(e) = finished::remember(&Store::app(), done) {
                    crate::diag::warn(&format!("could not keep the finished game: {e}"));
                }
            }
        }
    }

    /// After a move: a click, the tap state cleared, saved, the bot's turn.
    fn moved(mut self, cancel: &Arc<AtomicBool>) {
        self.click();
        self.tap.write().reset();
        self.persist();
        self.drive_bot(cancel.clone());
    }

    /// What a tap or a game button asked for.
    fn handle(self, tapped: Tapped<G::Move>, cancel: &Arc<AtomicBool>) {
        let lang = self.lang();
        match self.with_match(|m| apply(m, tapped, monotonic_ms())) {
            Some(Answer::Played | Answer::Rolled) => self.moved(cancel),
            Some(Answer::Refused(refusal)) => self.toaster.show(refusal_text(lang, refusal.rule), Some(refusal.rule)),
            Some(Answer::Ignored(reason)) => self.toaster.say(tr(lang, reason)),
            Some(Answer::Changed) | None => {}
        }
    }

    /// Works out the person's winning chance for the position they face
    /// (once per ply, against a bot): the estimator's search of their view
    /// (a Normal-level search; [`papan_bots::Bot::estimator`]), calibrated
    /// ([`papan_bots::estimate`]), whatever level the bot plays.
    fn estimate_now(mut self, cancel: &Arc<AtomicBool>) {
        let job = G::slot().peek().game.as_ref().and_then(|m| {
            let seat = m.local_seat();
            (m.vs_bot() && !m.is_over() && m.is_human_turn()).then(|| {
                let ply = m.ply();
                let size = G::board_size(m.position());
                (m.position().view(seat), mix(bot_seed(m.record().seed, ply)), ply, size)
            })
        });
        let Some((view, seed, ply, size)) = job else { return };
        if self.estimate.peek().is_some_and(|(p, _)| p == ply) {
            return;
        }
        let cancel = cancel.clone();
        spawn(async move {
            let Some(decision) = bot::estimate::<G>(view, seed, cancel).await else {
                return;
            };
            let still_there = G::slot().peek().game.as_ref().is_some_and(|m| m.ply() == ply);
            if still_there {
                let chance = papan_bots::estimate::calibrated(G::GAME, size, Level::Normal, decision.win_probability);
                self.estimate.set(Some((ply, chance)));
            }
        });
    }

    /// Asks the Expert for the person's move, off the render path; shown
    /// (and counted) only if the position is still the one asked about.
    fn ask_hint(mut self, cancel: &Arc<AtomicBool>) {
        let job = G::slot()
            .peek()
            .game
            .as_ref()
            .and_then(|m| m.hint_job().map(|job| (job, G::board_size(m.position()))));
        let Some(((view, seed, ply), size)) = job else { return };
        if *self.hinting.peek() || self.hint.peek().as_ref().is_some_and(|h| h.ply == ply) {
            return;
        }
        self.hinting.set(true);
        let cancel = cancel.clone();
        spawn(async move {
            let decision = bot::think::<G>(view, Level::Expert, seed, cancel).await;
            self.hinting.set(false);
            let Some(decision) = decision else { return };
            let Some(mv) = decision.best else { return };
            if self.with_match(|m| m.count_hint(ply)) == Some(true) {
                let chance = papan_bots::estimate::calibrated(G::GAME, size, Level::Expert, decision.win_probability);
                self.hint.set(Some(Hint { ply, mv, chance }));
                // The Expert looked deeper than the estimator: one figure on screen.
                self.estimate.set(Some((ply, chance)));
                self.persist();
            }
        });
    }

    /// Runs the bot's turns (its rolls and moves) while a bot is on turn.
    /// The task belongs to the screen: leaving drops it, and `cancel` stops
    /// a native search thread.
    fn drive_bot(mut self, cancel: Arc<AtomicBool>) {
        let bot_on_turn = G::slot().peek().game.as_ref().is_some_and(|m| m.bot_job().is_some());
        if *self.thinking.peek() || !bot_on_turn {
            return;
        }
        self.thinking.set(true);
        spawn(async move {
            loop {
                let job = G::slot()
                    .peek()
                    .game
                    .as_ref()
                    .and_then(|m| m.bot_job().map(|job| (job, m.record().seed)));
                let Some((job, game_seed)) = job else { break };
                if G::BOT_PAUSE_MS > 0 {
                    sleep_ms(G::BOT_PAUSE_MS).await;
                }
                let same_game = |m: &Match<G>| m.record().seed == game_seed;
                let applied = match job {
                    BotJob::Roll => self.with_match(|m| same_game(m) && m.apply_bot_roll(monotonic_ms()).is_ok()),
                    BotJob::Think {
                        view,
                        level,
                        seed,
                        ply,
                        forced,
                    } => {
                        let mv = match forced {
                            Some(mv) => {
                                sleep_ms(FORCED_PAUSE_MS).await;
                                mv
                            }
                            None => {
                                let Some(decision) = bot::think::<G>(view, level, seed, cancel.clone()).await else {
                                    break;
                                };
                                let Some(mv) = decision.best else { break };
                                mv
                            }
                        };
                        self.with_match(|m| same_game(m) && m.apply_bot_move(ply, mv, monotonic_ms()).is_ok())
                    }
                };
                if applied != Some(true) {
                    break;
                }
                self.click();
                self.tap.write().reset();
                self.persist();
            }
            self.thinking.set(false);
            self.estimate_now(&cancel);
        });
    }
}

/// The move log of `game`, looking at `viewing` while it is still an
/// earlier position (an undo can take the game back past it).
pub fn log_state<G: GameUi>(lang: Lang, game: &Match<G>, live: &Table<G>, viewing: Viewing) -> LogState {
    let total = game.ply();
    LogState {
        lines: game
            .log()
            .iter()
            .map(|entry| LogLine {
                side_class: G::side_class(&live.view, entry.seat),
                text: crate::shell::log::log_line::<G>(lang, entry),
                entry: entry.clone(),
            })
            .collect(),
        viewing: Viewing(viewing.0.filter(|&plies| plies < total)),
        total,
        browsable: true,
    }
}

/// The person's own last move's result while the opponent's reply is the
/// last move (Jun Qi: who fell in your attack).
fn own_result_notice<G: GameUi>(
    lang: Lang,
    game: &Match<G>,
    log: &LogState,
    who: &dyn Fn(Seat) -> String,
) -> Option<Notice> {
    let [.., mine, reply] = log.lines.as_slice() else {
        return None;
    };
    let local = game.local_seat();
    // Only games that describe moves themselves have more to say (the
    // replay below is skipped for the rest).
    if !G::SAYS_LAST_MOVE
        || log.viewing.0.is_some()
        || !game.vs_bot()
        || mine.entry.seat != local
        || reply.entry.seat == local
    {
        return None;
    }
    let table = history::table_at(game.record(), mine.entry.plies, local, local).ok()?;
    Some(Notice {
        text: G::own_result(lang, &table.view, who)?,
        kind: "last",
        testid: "own-result",
    })
}

/// How the screen names the seats of `game`.
pub fn seating<G: GameUi>(game: &Match<G>) -> Seating {
    Seating::of(&game.players(), game.local_seat())
}

fn strip<G: GameUi>(lang: Lang, game: &Match<G>, table: &Table<G>, tap: &G::Tap, seat: Seat, now: u64) -> StripInfo {
    StripInfo {
        who: seating(game).who(lang, seat),
        side: G::side(lang, &table.view, seat),
        side_class: G::side_class(&table.view, seat),
        facts: G::facts(lang, table, tap, seat),
        clock_ms: game.time_left(seat, now),
        clock_low: game.clock().is_low(seat, now),
        active: !game.is_over() && game.seat_on_turn() == Some(seat),
        badge: None,
        mine: seat == table.bottom,
    }
}

/// The result card of a finished game on this device.
pub fn result_info<G: GameUi>(
    lang: Lang,
    seating: Seating,
    table: &Table<G>,
    buttons: Vec<ActionButton>,
) -> Option<ResultInfo> {
    let outcome = table.outcome?;
    let (headline, winner) = texts::headline::<G>(lang, seating, &table.view, outcome);
    Some(ResultInfo {
        headline,
        winner,
        reason: texts::reason::<G>(lang, seating, &table.view, outcome),
        ended_by: format!("{:?}", outcome.reason).to_lowercase(),
        points: (G::SCORES_POINTS || outcome.points > 1).then(|| {
            (
                outcome.points,
                tr_args(lang, "result-points", &[("points", outcome.points.to_string())]),
            )
        }),
        lines: Vec::new(),
        buttons,
    })
}

fn card_buttons(lang: Lang) -> Vec<ActionButton> {
    vec![
        ActionButton::new(
            lang,
            ActionId::Rematch,
            "action-rematch",
            "rematch",
            ButtonStyle::Primary,
        ),
        ActionButton::new(
            lang,
            ActionId::Review,
            "action-review",
            "open-review",
            ButtonStyle::Accent,
        ),
        ActionButton::new(lang, ActionId::Home, "action-home", "result-home", ButtonStyle::Ghost),
    ]
}

#[component]
pub fn OfflinePlay<G: GameUi>(game: PhantomData<G>) -> Element {
    let _ = game;
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let runner = Runner::<G> {
        settings,
        thinking: use_signal(|| false),
        estimate: use_signal(|| None),
        hint: use_signal(|| None),
        hinting: use_signal(|| false),
        tap: use_signal(G::Tap::default),
        toaster: use_toaster(),
    };
    let mut now = use_signal(monotonic_ms);
    let mut viewing = use_signal(Viewing::default);
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }
    {
        // Resuming a game where the bot is to act: start it once mounted
        // (or estimate the person's position).
        let cancel = cancel.clone();
        use_effect(move || {
            runner.drive_bot(cancel.clone());
            runner.estimate_now(&cancel);
        });
    }
    // The clocks: redraw the times and flag a player whose time ran out (H16).
    use_future(move || async move {
        loop {
            let t = monotonic_ms();
            let (running, to_flag) = G::slot().peek().game.as_ref().map_or((false, None), |m| {
                (m.clock().running().is_some() && !m.is_over(), m.time_to_flag(t))
            });
            if running {
                now.set(t);
            }
            if to_flag == Some(0) && runner.with_match(|m| m.tick(monotonic_ms())) == Some(true) {
                runner.persist();
            }
            let wait = match to_flag {
                Some(ms) if ms < 10_000 => (ms as u32).clamp(20, 100),
                Some(_) => 250,
                None => 500,
            };
            sleep_ms(wait).await;
        }
    });
    let nav = navigator();
    let title = tr(lang, crate::screens::game_name_key(G::GAME));
    let state = G::slot().read().clone();
    let Some(game) = state.game else {
        return rsx! {
            div { class: "screen play",
                TopBar { lang, title, back: Some(Route::Home {}) }
                main { class: "content empty-state",
                    if let Some(reason) = state.load_error {
                        p { class: "notice notice-error", "data-testid": "load-error",
                            {tr_args(lang, "save-corrupt", &[("reason", reason)])}
                        }
                    }
                    p { {tr(lang, "no-game")} }
                    button { class: "btn btn-primary", onclick: move |_| { nav.push(Route::Setup { game: G::GAME }); }, {tr(lang, "action-new-game")} }
                }
            }
        };
    };

    let live = game.table();
    let log = log_state(lang, &game, &live, viewing());
    let table = match log.viewing.0 {
        Some(plies) => {
            history::table_at(game.record(), plies, game.viewer(), game.local_seat()).unwrap_or_else(|_| live.clone())
        }
        None => live.clone(),
    };
    let tap = runner.tap.read().clone();
    let seating = seating(&game);
    let thinking = (runner.thinking)();
    let t = now();
    let buttons = tap.buttons(&table);
    let commands: Vec<_> = buttons.iter().map(|b| b.command).collect();
    // A hint is for the position it was asked in, while the game goes on.
    let hint_shown = (runner.hint)().filter(|h| h.ply == game.ply() && log.viewing.0.is_none() && !game.is_over());
    let hint_offer = game
        .vs_bot()
        .then(|| !(runner.hinting)() && hint_shown.is_none() && game.hint_job().is_some());
    let actions = bar(
        lang,
        &buttons,
        BarMode::Offline,
        local::can_undo(&game, &tap, &table),
        hint_offer,
    );
    let on_input = {
        let cancel = cancel.clone();
        let table = table.clone();
        let looking_back = log.viewing.0.is_some();
        move |input| {
            if looking_back {
                runner.toaster.say(tr(runner.lang(), "log-toast-looking-back"));
                return;
            }
            if let Some(reason) = idle_reason(&table) {
                runner.toaster.say(tr(runner.lang(), reason));
                return;
            }
            let mut tap = runner.tap;
            let tapped = tap.write().tap(&table, input);
            runner.handle(tapped, &cancel);
        }
    };
    let on_command = {
        let cancel = cancel.clone();
        let table = table.clone();
        move |command| {
            let mut tap = runner.tap;
            let tapped = tap.write().command(&table, command);
            runner.handle(tapped, &cancel);
        }
    };
    let on_action = {
        let cancel = cancel.clone();
        let on_command = on_command.clone();
        move |id: ActionId| match id {
            ActionId::Game(i) => {
                if let Some(command) = commands.get(i) {
                    on_command(*command);
                }
            }
            ActionId::Hint => runner.ask_hint(&cancel),
            ActionId::Undo => {
                let mut tap = runner.tap;
                if runner.with_match(|m| local::undo(m, &mut tap.write())) == Some(true) {
                    let mut hint = runner.hint;
                    hint.set(None);
                    runner.persist();
                    runner.estimate_now(&cancel);
                }
            }
            ActionId::Resign => {
                if runner.with_match(|m| m.resign(monotonic_ms())) == Some(true) {
                    let mut tap = runner.tap;
                    tap.write().reset();
                    runner.persist();
                }
            }
            ActionId::Rematch => {
                let next = G::slot()
                    .peek()
                    .game
                    .as_ref()
                    .and_then(|m| m.rematch(monotonic_ms()).ok());
                if let Some(next) = next {
                    G::slot().write().game = Some(next);
                    let (mut tap, mut estimate) = (runner.tap, runner.estimate);
                    tap.write().reset();
                    estimate.set(None);
                    let mut hint = runner.hint;
                    hint.set(None);
                    runner.persist();
                    runner.drive_bot(cancel.clone());
                    runner.estimate_now(&cancel);
                }
            }
            ActionId::Review => {
                let kept = G::slot().peek().game.as_ref().and_then(Finished::of_match);
                if let Some(kept) = kept {
                    nav.push(Route::Review { id: kept.key });
                }
            }
            ActionId::Home | ActionId::Leave => {
                nav.push(Route::Home {});
            }
        }
    };
    let on_turn = game.seat_on_turn();
    let status = StatusInfo {
        // The status is the game's, also while an earlier position is shown.
        text: texts::status::<G>(lang, seating, &live, &tap, thinking),
        side: on_turn.map_or("none", |s| G::side_class(&table.view, s)),
        over: table.is_over(),
        busy: thinking,
        spoken: G::spoken_status(lang, &live),
    };
    let who = |seat: Seat| seating.who(lang, seat);
    let mut notices = G::notices(lang, &table, &tap, &who);
    notices.extend(super::last_move_notice::<G>(lang, &log, &who));
    notices.extend(own_result_notice(lang, &game, &log, &who));
    if let Some(h) = hint_shown.as_ref() {
        notices.push(Notice {
            text: tr_args(
                lang,
                "hint-notice",
                &[
                    // In the numbers the board shows (the mover is the person).
                    (
                        "move",
                        table.move_text(game.seat_to_move().unwrap_or(table.bottom), &h.mv),
                    ),
                    ("percent", format!("{:.0}", h.chance * 100.0)),
                ],
            ),
            kind: "hint",
            testid: "hint-notice",
        });
    } else if (runner.hinting)() {
        notices.push(Notice {
            text: tr(lang, "hint-thinking"),
            kind: "hint",
            testid: "hint-notice",
        });
    }
    let strips = [
        strip(lang, &game, &table, &tap, table.bottom.other(), t),
        strip(lang, &game, &table, &tap, table.bottom, t),
    ];
    // The estimate of the latest position worked out (kept until the next
    // is ready, so the bar does not flicker while the bot thinks); the frame
    // shows none once the game is over.
    let estimate = (settings.read().show_estimate && game.vs_bot()).then(|| (runner.estimate)().map(|(_, p)| p));
    let mut result = result_info(lang, seating, &table, card_buttons(lang));
    if let Some(info) = result.as_mut().filter(|_| game.vs_bot()) {
        info.lines.push(ResultLine {
            text: tr_args(lang, "hints-used", &[("count", game.hints_used().to_string())]),
            testid: "hints-used",
            ok: None,
            class: "hints",
        });
    }
    let board = G::board(BoardProps {
        table,
        tap,
        hint: hint_shown.map(|h| h.mv),
        lang,
        on_input: EventHandler::new(on_input),
        on_command: EventHandler::new(on_command),
    });
    rsx! {
        PlayFrame {
            lang,
            game: G::GAME,
            title,
            back: Route::Home {},
            top: None,
            status,
            notices,
            estimate,
            strips: Some(strips),
            board,
            toast: runner.toaster.current(),
            actions,
            result,
            leave_warning: None,
            log: log.clone(),
            on_action,
            on_log: move |action| viewing.set(log.apply(action)),
        }
    }
}
