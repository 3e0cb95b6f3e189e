//! A game on this device, for any of the four games: the bot's turns off
//! the render path, the clocks, the person's taps through the game's tap
//! state, undo / resign / rematch, a save after every change and a click
//! for every move.

use super::actions::{bar, confirm_bar, ActionButton, ActionId, BarMode};
use super::frame::{PlayFrame, StatusInfo};
use super::log::LogState;
pub use super::result::result_info;
use super::result::{rematch_button, review_button, ResultLine};
use super::strip::StripInfo;
use super::texts::{self, refusal_text, Seating};
use super::toast::{use_toaster, Toaster};
use super::{slot, BoardProps, GameUi, Notice};
use crate::components::sheet::Sheet;
use crate::components::TopBar;
use crate::i18n::{tr, tr_args, Lang};
use crate::play::finished::{self, Finished};
use crate::play::history::{self, Viewing};
use crate::play::local::{self, apply, idle_reason};
use crate::play::matches::BotJob;
use crate::play::steady::{self, Loss, Place};
use crate::play::{bot_seed, mix};
use crate::play::{Answer, ButtonStyle, Match, Table, TapState, Tapped};
use crate::settings::{AppSettings, TAP_SOUND_JS};
use crate::storage::Store;
use crate::timer::{monotonic_ms, sleep_ms};
use crate::{bot, Route};
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::{Seat, SeatView};
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

/// How long the tutor's Expert looks at the position before a move, at
/// most (ms).
const TUTOR_CAP_MS: u64 = 1500;

/// The tutor's question about the person's move at `ply`.
#[derive(Clone, Debug, PartialEq)]
struct TutorAsk<M> {
    ply: usize,
    mv: M,
    loss: Loss,
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
    /// The move held for confirmation (confirm moves), at its ply.
    held: Signal<Option<(usize, G::Move)>>,
    /// The tutor is judging a move: which judgement (a newer one, or a
    /// tap meanwhile, makes an older one void).
    judging: Signal<Option<u64>>,
    judgements: Signal<u64>,
    /// The tutor asks about a move.
    ask: Signal<Option<TutorAsk<G::Move>>>,
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

    /// What a tap or a game button asked for: a move is held (confirm
    /// moves), judged (the tutor) or played.
    fn handle(mut self, tapped: Tapped<G::Move>, cancel: &Arc<AtomicBool>) {
        let confirm = self.settings.peek().confirm_moves;
        let (tapped, held) = steady::hold(confirm, tapped);
        if let Some(mv) = held {
            let ply = G::slot().peek().game.as_ref().map_or(0, |m| m.ply());
            self.held.set(Some((ply, mv)));
            return;
        }
        match tapped {
            Tapped::Play(mv) => self.submit(mv, cancel),
            other => self.play(other, cancel),
        }
    }

    /// Drops a held move and any judgement under way; whether there was one.
    fn drop_pending(mut self) -> bool {
        let held = self.held.peek().is_some();
        let judging = self.judging.peek().is_some();
        if held {
            self.held.set(None);
        }
        if judging {
            self.judging.set(None);
        }
        held || judging
    }

    /// A move the person chose (and confirmed): the tutor judges it first
    /// where it applies, else it is played.
    fn submit(mut self, mv: G::Move, cancel: &Arc<AtomicBool>) {
        let setting = self.settings.peek().tutor;
        let job = G::slot().peek().game.as_ref().and_then(|m| {
            let place = if m.vs_bot() { Place::VsBot } else { Place::Hotseat };
            let applies = steady::tutor_applies(setting, place) && !m.is_over() && m.is_human_turn();
            applies.then(|| {
                let ply = m.ply();
                let seat = m.local_seat();
                (
                    m.position().view(seat),
                    mix(bot_seed(m.record().seed, ply) ^ 0x7070),
                    ply,
                    G::board_size(m.position()),
                )
            })
        });
        let Some((view, seed, ply, size)) = job else {
            self.play(Tapped::Play(mv), cancel);
            return;
        };
        let token = *self.judgements.peek() + 1;
        self.judgements.set(token);
        self.judging.set(Some(token));
        let cancel = cancel.clone();
        spawn(async move {
            let verdict = judge::<G>(view, &mv, seed, size, cancel.clone()).await;
            // Dropped (a tap meanwhile, an undo, another judgement): nothing.
            let current =
                *self.judging.peek() == Some(token) && G::slot().peek().game.as_ref().is_some_and(|m| m.ply() == ply);
            if !current {
                return;
            }
            self.judging.set(None);
            match verdict {
                Some(loss) if steady::warns(loss) => self.ask.set(Some(TutorAsk { ply, mv, loss })),
                // Judged harmless, or no judgement could be made: played.
                _ => self.play(Tapped::Play(mv), &cancel),
            }
        });
    }

    /// Plays what the person chose, no questions asked.
    fn play(self, tapped: Tapped<G::Move>, cancel: &Arc<AtomicBool>) {
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

/// The tutor's measure of `mv` in the position `view` shows the person
/// (who is to move): the game's judge where it has one (equity lost
/// against the best play), else the Expert's search before the move
/// against the estimator's after it (winning chance lost, both calibrated
/// to a chance). `None` when cancelled or not known.
async fn judge<G: GameUi>(
    view: G::View,
    mv: &G::Move,
    seed: u64,
    size: Option<u8>,
    cancel: Arc<AtomicBool>,
) -> Option<Loss> {
    let before = bot::review_position::<G>(view.clone(), Level::Expert, seed, TUTOR_CAP_MS, cancel.clone()).await?;
    let before = match before {
        bot::Verdict::Searched(mut decision) => {
            decision.win_probability =
                papan_bots::estimate::calibrated(G::GAME, size, Level::Expert, decision.win_probability);
            bot::Verdict::Searched(decision)
        }
        judged => judged,
    };
    let after = if steady::needs_after(&before, mv) {
        let after_view = view.after(mv)?;
        let theirs = bot::estimate::<G>(after_view, mix(seed), cancel).await?;
        // The opponent is to move after it: the person's chance is the rest.
        Some(1.0 - papan_bots::estimate::calibrated(G::GAME, size, Level::Normal, theirs.win_probability))
    } else {
        None
    };
    steady::loss(&before, mv, after)
}

/// The move log of `game`, looking at `viewing` while it is still an
/// earlier position (an undo can take the game back past it).
pub fn log_state<G: GameUi>(lang: Lang, game: &Match<G>, live: &Table<G>, viewing: Viewing) -> LogState {
    LogState::of(lang, live, game.log().iter().cloned(), game.ply(), viewing, true)
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
        clock_ms: game.time_left(seat, now),
        clock_low: game.clock().is_low(seat, now),
        active: !game.is_over() && game.seat_on_turn() == Some(seat),
        ..StripInfo::of(lang, table, tap, seat, seating(game).who(lang, seat))
    }
}

fn card_buttons(lang: Lang) -> Vec<ActionButton> {
    vec![
        rematch_button(lang, "action-rematch"),
        review_button(lang),
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
        held: use_signal(|| None),
        judging: use_signal(|| None),
        judgements: use_signal(|| 0),
        ask: use_signal(|| None),
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
    let title = tr(lang, crate::components::game_name_key(G::GAME));
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
    // A move held for confirmation, while its position is the one shown.
    let held = (runner.held)().filter(|(ply, _)| *ply == game.ply() && log.viewing.0.is_none() && !game.is_over());
    let judging = (runner.judging)().is_some();
    let asked = (runner.ask)().filter(|a| a.ply == game.ply() && !game.is_over());
    let actions = if held.is_some() {
        confirm_bar(lang)
    } else {
        bar(
            lang,
            &buttons,
            BarMode::Offline,
            local::can_undo(&game, &tap, &table),
            hint_offer,
        )
    };
    let holding = held.is_some();
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
            // A tap on the board while a move is held drops it, and does
            // nothing else; one while the tutor judges drops the judgement.
            if holding {
                runner.drop_pending();
                return;
            }
            runner.drop_pending();
            let mut tap = runner.tap;
            let tapped = tap.write().tap(&table, input);
            runner.handle(tapped, &cancel);
        }
    };
    let on_command = {
        let cancel = cancel.clone();
        let table = table.clone();
        move |command| {
            runner.drop_pending();
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
            ActionId::Confirm => {
                let mut held = runner.held;
                let ply = G::slot().peek().game.as_ref().map(|m| m.ply());
                match held.take() {
                    Some((at, mv)) if Some(at) == ply => runner.submit(mv, &cancel),
                    _ => runner.toaster.say(tr(runner.lang(), "confirm-nothing-held")),
                }
            }
            ActionId::Cancel => {
                runner.drop_pending();
            }
            ActionId::Undo => {
                runner.drop_pending();
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
    let sheet_cancel = cancel.clone();
    let on_turn = game.seat_on_turn();
    let status = StatusInfo {
        // The status is the game's, also while an earlier position is shown.
        text: texts::status::<G>(lang, seating, &live, &tap, thinking),
        side: on_turn.map_or("none", |s| G::side_class(&table.view, s)),
        over: table.is_over(),
        busy: thinking || judging,
        spoken: G::spoken_status(lang, &live),
    };
    let who = |seat: Seat| seating.who(lang, seat);
    let mut notices = super::notices(lang, &table, &tap, &log, &who);
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
    // First, where a full notices box still shows them.
    if held.is_some() {
        let line = Notice {
            text: tr(lang, "confirm-notice"),
            kind: "confirm",
            testid: "confirm-notice",
        };
        notices.insert(0, line);
    }
    if judging {
        let line = Notice {
            text: tr(lang, "tutor-checking"),
            kind: "tutor",
            testid: "tutor-checking",
        };
        notices.insert(0, line);
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
        // The held move is shown
        // (and the move the tutor asks about), with the hint's marks.
        hint: held
            .map(|(_, mv)| mv)
            .or(asked.as_ref().map(|a| a.mv.clone()))
            .or(hint_shown.map(|h| h.mv)),
        lang,
        on_input: EventHandler::new(on_input),
        on_command: EventHandler::new(on_command),
    });
    rsx! {
        PlayFrame {
            lang,
            game: G::GAME,
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
        if let Some(asked) = asked {
            TutorSheet {
                lang,
                loss: asked.loss,
                on_choice: move |choice: TutorChoice| {
                    let mut ask = runner.ask;
                    let Some(asked) = ask.take() else { return };
                    match choice {
                        TutorChoice::Play => runner.play(Tapped::Play(asked.mv), &sheet_cancel),
                        TutorChoice::TakeBack => {
                            let mut tap = runner.tap;
                            tap.write().reset();
                        }
                        TutorChoice::Hint => {
                            let mut tap = runner.tap;
                            tap.write().reset();
                            runner.ask_hint(&sheet_cancel);
                        }
                    }
                },
            }
        }
    }
}

/// What the person answers the tutor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TutorChoice {
    Play,
    TakeBack,
    Hint,
}

/// "Are you sure?": how much the move loses, and three ways on. Closing
/// the sheet takes the move back.
#[component]
fn TutorSheet(lang: Lang, loss: Loss, on_choice: EventHandler<TutorChoice>) -> Element {
    let body = match loss {
        Loss::Chance(c) => tr_args(lang, "tutor-body-chance", &[("points", format!("{:.0}", c * 100.0))]),
        Loss::Equity(e) => tr_args(lang, "tutor-body-equity", &[("equity", format!("{e:.2}"))]),
    };
    rsx! {
        Sheet { title: tr(lang, "tutor-title"), id: "tutor-sheet", on_close: move |_| on_choice.call(TutorChoice::TakeBack),
            p { "data-testid": "tutor-body", "{body}" }
            div { class: "sheet-actions tutor-actions",
                button { class: "btn btn-primary", "data-testid": "tutor-take-back", onclick: move |_| on_choice.call(TutorChoice::TakeBack), {tr(lang, "tutor-take-back")} }
                button { class: "btn btn-ghost", "data-testid": "tutor-hint", onclick: move |_| on_choice.call(TutorChoice::Hint), {tr(lang, "tutor-hint")} }
                button { class: "btn btn-ghost btn-danger", "data-testid": "tutor-play", onclick: move |_| on_choice.call(TutorChoice::Play), {tr(lang, "tutor-play")} }
            }
        }
    }
}
