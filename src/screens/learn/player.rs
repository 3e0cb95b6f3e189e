//! `/learn/:game/:lesson`: the lesson player. The board, the step's prompt,
//! feedback for each try (a refused move is explained by its rule), a
//! two-stage Hint, page-through steps ("1 / 3"), stars at the end, and
//! progress saved after every step.

use super::board::{LessonBoard, LessonEvent};
use super::load_progress;
use super::start::start_beginner;
use crate::components::zoom::ZoomButton;
use crate::i18n::{tr, tr_args, Lang};
use crate::screens::{game_name_key, TopBar};
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::tutorial::{Advance, AnyLesson, Feedback, GameId, HintStage};
use crate::Route;
use dioxus::prelude::*;
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use std::marker::PhantomData;

/// A message under the board: `ok` for success, else a wrong try.
#[derive(Clone, Debug, PartialEq)]
struct Toast {
    ok: bool,
    text: String,
}

/// Saves where the learner is (`finished` with its stars, or the step to
/// resume at). A failed save is logged: the lesson goes on regardless.
fn save_progress(lesson: &str, finished: Option<u8>, resume: usize) {
    let store = Store::app();
    let mut progress = load_progress(&store);
    match finished {
        Some(stars) => progress.record_finished(lesson, stars),
        None => progress.record_step(lesson, resume),
    }
    if let Err(e) = progress.save(&store) {
        crate::diag::warn(&format!("could not save lesson progress: {e}"));
    }
}

#[component]
pub fn LessonScreen(game: GameId, lesson: String) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    // A keyed list of one: another lesson is a new body with a fresh
    // player, never the old one's state under new props.
    let id = format!("{game}/{lesson}");
    rsx! {
        for id in [id] {
            LessonBody { key: "{id}", lang, game, lesson: lesson.clone() }
        }
    }
}

#[component]
fn LessonMissing(lang: Lang, what: String) -> Element {
    rsx! {
        div { class: "screen",
            TopBar { lang, title: tr(lang, "tutorial-learn"), back: Some(Route::Learn {}) }
            main { class: "content",
                p { class: "notice notice-error", role: "alert", "data-testid": "lesson-missing",
                    {tr_args(lang, "tutorial-missing", &[("name", what)])}
                }
            }
        }
    }
}

#[component]
fn LessonBody(lang: Lang, game: GameId, lesson: String) -> Element {
    let nav = navigator();
    let zoom = use_signal(|| None::<f64>);
    let opened = use_hook(|| {
        let resume = load_progress(&Store::app())
            .get(&lesson)
            .filter(|p| !p.completed)
            .map_or(0, |p| p.resume_step);
        // A resume point the data no longer has restarts the lesson.
        AnyLesson::open(game, &lesson, resume)
            .or_else(|_| AnyLesson::open(game, &lesson, 0))
            .map(|l| Signal::new(l))
    });
    let mut session = match opened {
        Ok(s) => s,
        Err(e) => return rsx! { LessonMissing { lang, what: e } },
    };
    let mut hint_text = use_signal(|| None::<String>);
    let mut hint_move = use_signal(String::new);
    let mut toast = use_signal(|| None::<Toast>);
    let mut start_error = use_signal(|| None::<String>);

    let lesson_id = lesson.clone();
    let mut on_feedback = move |feedback: Feedback| {
        match feedback {
            Feedback::Success { done_key, .. } => {
                hint_text.set(None);
                toast.set(Some(Toast {
                    ok: true,
                    text: tr(lang, &done_key),
                }));
                let s = session.read();
                save_progress(&lesson_id, None, (s.step_index() + 1).min(s.step_count() - 1));
            }
            Feedback::Refused { key, message, .. } => {
                let explained = tr(lang, &key);
                // A rule with no learner text yet falls back to the rules crate's sentence.
                let text = if explained == key { message } else { explained };
                toast.set(Some(Toast { ok: false, text }));
            }
            Feedback::TryAgain { key } | Feedback::WrongAction { key } => {
                toast.set(Some(Toast {
                    ok: false,
                    text: tr(lang, &key),
                }));
            }
            Feedback::Unreadable { message } => toast.set(Some(Toast {
                ok: false,
                text: message,
            })),
            Feedback::NotNow => {}
        }
    };
    let on_event = move |event: LessonEvent| match event {
        LessonEvent::Feedback(feedback) => on_feedback(feedback),
        LessonEvent::Note(key) => toast.set(Some(Toast {
            ok: false,
            text: tr(lang, key),
        })),
    };
    let on_hint = move |_| {
        toast.set(None);
        let stage = session.write().hint();
        match stage {
            HintStage::Highlight(_) => {
                hint_text.set(Some(tr(lang, "tutorial-hint-look")));
            }
            HintStage::Move(mv) => {
                hint_text.set(Some(tr_args(lang, "tutorial-hint-move", &[("move", mv.clone())])));
                hint_move.set(mv);
            }
            HintStage::None => {}
        }
    };
    let lesson_for_next = lesson.clone();
    let on_next = move |_| {
        let advance = session.write().next();
        hint_text.set(None);
        hint_move.set(String::new());
        toast.set(None);
        match advance {
            Advance::Finished { stars } => save_progress(&lesson_for_next, Some(stars), 0),
            Advance::Step { index } => save_progress(&lesson_for_next, None, index),
            Advance::Page { .. } | Advance::NotYet => {}
        }
    };
    let on_prev = move |_| {
        session.write().previous_page();
        toast.set(None);
    };
    let on_beginner = move |_| match start_beginner(game) {
        Ok(route) => {
            nav.push(route);
        }
        Err(e) => start_error.set(Some(e)),
    };

    let s = session.read();
    let title = tr(lang, &s.lesson().title);
    let prompt = tr(lang, &s.prompt_key());
    let finished = s.is_finished();
    let stars = s.stars();
    let page = s.page_label();
    let can_next = page.is_some() || s.is_step_done();
    let step_label = tr_args(
        lang,
        "tutorial-step-label",
        &[
            ("index", (s.step_index() + 1).to_string()),
            ("count", s.step_count().to_string()),
        ],
    );
    drop(s);
    let board = match game {
        GameId::Hex => rsx! { LessonBoard { game: PhantomData::<Hex>, session, lang, zoom, on_event } },
        GameId::Hadang => rsx! { LessonBoard { game: PhantomData::<Hadang>, session, lang, zoom, on_event } },
        GameId::Junqi => rsx! { LessonBoard { game: PhantomData::<JunQi>, session, lang, zoom, on_event } },
        GameId::Backgammon => rsx! { LessonBoard { game: PhantomData::<Backgammon>, session, lang, zoom, on_event } },
    };
    let s = session.read();
    let game_name = tr(lang, game_name_key(game));
    rsx! {
        div { class: "screen lesson-screen", "data-testid": "lesson-screen", "data-game": "{game.code()}", "data-step": "{s.step_index()}",
            TopBar { lang, title: "{game_name}", back: Some(Route::Learn {}),
                ZoomButton { lang, wrap: ".lesson-board-wrap", zoom }
            }
            main { class: "content lesson-content",
                h2 { class: "lesson-heading", "{title}" }
                if finished {
                    div { class: "lesson-done card", "data-testid": "lesson-done",
                        p { class: "lesson-done-title", {tr(lang, "tutorial-lesson-done")} }
                        div {
                            class: "lesson-stars big",
                            "data-testid": "stars",
                            "data-stars": "{stars}",
                            "aria-label": tr_args(lang, "tutorial-stars-label", &[("count", stars.to_string())]),
                            for i in 0..3u8 {
                                span { key: "{i}", class: if i < stars { "star on" } else { "star" }, "★" }
                            }
                        }
                        button { class: "btn btn-primary btn-block", "data-testid": "play-beginner", onclick: on_beginner,
                            {tr(lang, "tutorial-play-bot")}
                        }
                        button { class: "btn btn-ghost btn-block", "data-testid": "more-lessons",
                            onclick: move |_| { nav.push(Route::Learn {}); },
                            {tr(lang, "tutorial-more-lessons")}
                        }
                        if let Some(e) = start_error() {
                            p { class: "notice notice-error", role: "alert", "{e}" }
                        }
                    }
                } else {
                    p { class: "lesson-step", "data-testid": "step-label", "{step_label}" }
                    p { class: "lesson-prompt", "data-testid": "lesson-prompt", "{prompt}" }
                    div { class: "lesson-stage", {board} }
                    if let Some(t) = toast() {
                        div {
                            class: if t.ok { "lesson-toast ok" } else { "lesson-toast wrong" },
                            role: "status",
                            "data-testid": "lesson-feedback",
                            "data-ok": "{t.ok}",
                            "{t.text}"
                        }
                    }
                    if let Some(h) = hint_text() {
                        p { class: "lesson-hint-text", "data-testid": "hint-text", "data-move": "{hint_move}", "{h}" }
                    }
                    div { class: "lesson-controls",
                        if let Some((index, count)) = page {
                            button { class: "btn", "data-testid": "prev-page", disabled: index <= 1, onclick: on_prev,
                                {tr(lang, "tutorial-back")}
                            }
                            // The pages of one step as dots, so they never read
                            // like a second step counter beside "Step 1 of 3".
                            span {
                                class: "page-dots",
                                "data-testid": "page-label",
                                "data-page": "{index}",
                                "data-pages": "{count}",
                                role: "img",
                                "aria-label": tr_args(lang, "tutorial-page-label", &[("index", index.to_string()), ("count", count.to_string())]),
                                for i in 1..=count {
                                    span { key: "{i}", class: if i == index { "page-dot on" } else { "page-dot" } }
                                }
                            }
                        } else {
                            button { class: "btn", "data-testid": "hint", disabled: s.is_step_done(), onclick: on_hint,
                                {tr(lang, "tutorial-hint")}
                            }
                        }
                        button { class: "btn btn-primary", "data-testid": "next", disabled: !can_next, onclick: on_next,
                            {tr(lang, "tutorial-next")}
                        }
                    }
                }
            }
        }
    }
}
