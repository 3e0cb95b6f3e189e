//! `/mistakes` and `/mistakes/:id`: the person's own mistakes from their
//! reviewed games, one at a time on the game's real board. A move is
//! judged by the Expert off the render path ([`judge_try`]): good, the
//! position moves on in the deck; not yet, it comes back tomorrow. The
//! first try of a visit is the one the deck counts (UI-free logic:
//! [`crate::play::mistakes`]).

use super::board::{PuzzleBoard, PuzzleTap, Setup};
use crate::components::{game_name_key, TopBar};
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::play::mistakes::{judge_try, Deck, Mistake, TryVerdict};
use crate::puzzles::today;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn load_deck() -> Deck {
    Deck::load(&Store::app()).0
}

fn save_deck(deck: &Deck) {
    if let Err(e) = deck.save(&Store::app()) {
        crate::diag::warn(&format!("could not save the mistakes: {e}"));
    }
}

/// The puzzles screen's entry to the deck, with today's count.
#[component]
pub fn MistakesCard(lang: Lang) -> Element {
    let nav = navigator();
    let deck = use_hook(load_deck);
    let day = use_hook(today);
    let due = deck.due(day).len();
    rsx! {
        button {
            class: "continue-card mistakes-card",
            "data-testid": "mistakes-card",
            "data-due": "{due}",
            onclick: move |_| { nav.push(Route::MistakeDeck {}); },
            span { class: "continue-text",
                span { class: "continue-title", {tr(lang, "mistakes-title")} }
                span { class: "continue-sub", {tr_args(lang, "mistakes-due", &[("count", due.to_string())])} }
            }
            span { class: "chevron", "›" }
        }
    }
}

/// `/mistakes`: the due mistakes, oldest first.
#[component]
pub fn MistakeDeck() -> Element {
    rsx! { MistakeSession { first: None } }
}

/// `/mistakes/:id`: that mistake first (the review's "Try again"), then
/// the due ones.
#[component]
pub fn MistakeFirst(id: String) -> Element {
    rsx! {
        for id in [id] {
            MistakeSession { key: "{id}", first: Some(id.clone()) }
        }
    }
}

/// Where a try stands.
#[derive(Clone, Debug, PartialEq)]
enum Phase {
    Solving,
    Judging { tried: String },
    Judged { tried: String, verdict: TryVerdict },
    Refused(String),
    Shown,
}

#[component]
fn MistakeSession(first: Option<String>) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let day = use_hook(today);
    let mut deck = use_signal(load_deck);
    // The mistake shown, and the ones already counted in this visit.
    let mut current = use_signal(move || {
        let d = deck.peek();
        first
            .as_deref()
            .and_then(|id| d.get(id))
            .or_else(|| d.due(day).first().copied())
            .map(|m| m.id.clone())
    });
    let mut counted = use_signal(Vec::<String>::new);
    let mut phase = use_signal(|| Phase::Solving);
    let mut note = use_signal(|| None::<String>);
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }

    let d = deck.read().clone();
    let counts = tr_args(
        lang,
        "mistakes-counts",
        &[
            ("due", d.due(day).len().to_string()),
            ("later", d.waiting(day).to_string()),
            ("learned", d.learned().to_string()),
        ],
    );
    let mistake: Option<Mistake> = current().and_then(|id| d.get(&id).cloned());
    let body = match mistake {
        None => rsx! {
            div { class: "empty-state mistakes-empty", "data-testid": "mistakes-empty",
                p { {tr(lang, "mistakes-none-due")} }
                p { class: "continue-sub", {tr(lang, "mistakes-how")} }
            }
        },
        Some(mistake) => {
            let on_tap = {
                let mistake = mistake.clone();
                let cancel = cancel.clone();
                move |tap: PuzzleTap| match tap {
                    PuzzleTap::Note(text) => note.set(Some(text)),
                    PuzzleTap::Move { text, .. } => {
                        if phase() != Phase::Solving {
                            return;
                        }
                        note.set(None);
                        phase.set(Phase::Judging { tried: text.clone() });
                        let mistake = mistake.clone();
                        let cancel = cancel.clone();
                        spawn(async move {
                            let judged = with_game!(mistake.game, G => judge_try::<G>(&mistake, &text, cancel).await);
                            match judged {
                                Ok(verdict) => {
                                    if !counted.peek().contains(&mistake.id) {
                                        counted.write().push(mistake.id.clone());
                                        let mut d = deck.write();
                                        d.answer(&mistake.id, verdict.good, day);
                                        save_deck(&d);
                                    }
                                    phase.set(Phase::Judged { tried: text, verdict });
                                }
                                Err(reason) => phase.set(Phase::Refused(reason)),
                            }
                        });
                    }
                }
            };
            let current_phase = phase();
            let (played, show_answer) = match &current_phase {
                Phase::Judging { tried } | Phase::Judged { tried, .. } => (Some(tried.clone()), false),
                Phase::Shown => (None, true),
                Phase::Solving | Phase::Refused(_) => (None, false),
            };
            let board = with_game!(mistake.game, G => rsx! {
                PuzzleBoard::<G> { game: PhantomData::<G>, setup: Setup::Mistake(mistake.clone()), played, show_answer, lang, on_tap }
            });
            let next_id = d
                .due(day)
                .into_iter()
                .find(|m| m.id != mistake.id && !counted.read().contains(&m.id))
                .map(|m| m.id.clone());
            let phase_name = match &current_phase {
                Phase::Solving => "solving",
                Phase::Judging { .. } => "judging",
                Phase::Judged { verdict, .. } if verdict.good => "good",
                Phase::Judged { .. } => "not-yet",
                Phase::Refused(_) => "refused",
                Phase::Shown => "shown",
            };
            rsx! {
                div { class: "puzzle-head",
                    span { class: "badge puzzle-theme-badge", {tr(lang, game_name_key(mistake.game))} }
                }
                p { class: "lesson-prompt puzzle-prompt", "data-testid": "mistake-prompt", "data-id": "{mistake.id}", "data-phase": "{phase_name}",
                    {tr_args(lang, "mistake-prompt", &[("move", mistake.played.clone())])}
                }
                div { class: "lesson-stage", {board} }
                if let Some(text) = note() {
                    p { class: "lesson-hint-text", role: "status", "data-testid": "mistake-note", "{text}" }
                }
                match current_phase.clone() {
                    Phase::Solving => rsx! {},
                    Phase::Judging { .. } => rsx! {
                        p { class: "lesson-hint-text", role: "status", "data-testid": "mistake-judging", {tr(lang, "mistake-judging")} }
                    },
                    Phase::Refused(reason) => rsx! {
                        p { class: "notice notice-error", role: "alert", "data-testid": "mistake-refused", "{reason}" }
                    },
                    Phase::Judged { tried, verdict } => rsx! {
                        div { class: if verdict.good { "lesson-toast ok" } else { "lesson-toast wrong" }, role: "status", "data-testid": "mistake-result", "data-ok": "{verdict.good}",
                            p { class: "puzzle-verdict", {tr(lang, if verdict.good { "mistake-good" } else { "mistake-not-yet" })} }
                            p { class: "puzzle-why", "data-testid": "mistake-why", {why(lang, &tried, &verdict)} }
                            if !verdict.good {
                                p { class: "puzzle-unrated", {tr(lang, "mistake-comes-back")} }
                            }
                        }
                    },
                    Phase::Shown => rsx! {
                        div { class: "lesson-toast ok", role: "status", "data-testid": "mistake-result", "data-ok": "shown",
                            p { class: "puzzle-verdict", {tr_args(lang, "mistake-best", &[("move", mistake.best.clone().unwrap_or_default())])} }
                        }
                    },
                }
                div { class: "lesson-controls puzzle-controls",
                    if matches!(current_phase, Phase::Judged { ref verdict, .. } if !verdict.good) || matches!(current_phase, Phase::Refused(_)) {
                        button { class: "btn", "data-testid": "mistake-retry", onclick: move |_| { phase.set(Phase::Solving); note.set(None); },
                            {tr(lang, "puzzle-retry")}
                        }
                        if mistake.best.is_some() {
                            button { class: "btn", "data-testid": "mistake-show", onclick: move |_| phase.set(Phase::Shown),
                                {tr(lang, "puzzle-show")}
                            }
                        }
                    }
                    if matches!(current_phase, Phase::Judged { .. } | Phase::Shown) {
                        button { class: "btn btn-primary btn-block", "data-testid": "mistake-next",
                            onclick: move |_| {
                                current.set(next_id.clone());
                                phase.set(Phase::Solving);
                                note.set(None);
                            },
                            {tr(lang, if next_id.is_some() { "mistake-next" } else { "mistake-done" })}
                        }
                    }
                }
            }
        }
    };
    rsx! {
        div { class: "screen puzzle-screen mistakes-screen", "data-testid": "mistakes-screen",
            TopBar { lang, title: tr(lang, "mistakes-title"), back: Some(Route::Puzzles {}) }
            main { class: "content lesson-content puzzle-content",
                p { class: "continue-sub mistakes-counts", "data-testid": "mistakes-counts",
                    "data-due": "{d.due(day).len()}", "data-later": "{d.waiting(day)}", "data-learned": "{d.learned()}",
                    "{counts}"
                }
                {body}
            }
        }
    }
}

/// Why a try is good or not, from the Expert's numbers.
fn why(lang: Lang, tried: &str, verdict: &TryVerdict) -> String {
    let best = verdict.best.clone().unwrap_or_default();
    let percent = |p: f64| format!("{:.0}", (p * 100.0).clamp(0.0, 100.0));
    match (verdict.chances, verdict.millipoints) {
        _ if verdict.best.as_deref() == Some(tried) => tr(lang, "mistake-why-expert"),
        (Some((before, after)), _) => tr_args(
            lang,
            "mistake-why-chance",
            &[
                ("move", tried.to_string()),
                ("mine", percent(after)),
                ("best", best),
                ("theirs", percent(before)),
            ],
        ),
        (None, Some(mp)) => tr_args(
            lang,
            "mistake-why-equity",
            &[
                ("move", tried.to_string()),
                ("millipoints", format!("{mp:.0}")),
                ("best", best),
            ],
        ),
        (None, None) => String::new(),
    }
}
