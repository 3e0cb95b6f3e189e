//! `/learn/:game/:lesson`: the lesson player. The board, the step's prompt,
//! feedback for each try (a refused move is explained by its rule), a
//! two-stage Hint, page-through steps ("1 / 3"), stars at the end, and
//! progress saved after every step.

use super::board::{LessonBoard, LessonEvent};
use super::load_progress;
use super::start::start_beginner;
use crate::components::zoom::ZoomButton;
use crate::components::{game_name_key, TopBar};
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::settings::AppSettings;
use crate::shell::toast::RuleLink;
use crate::storage::Store;
use crate::tutorial::catalog::lesson_after;
use crate::tutorial::{Advance, AnyLesson, Feedback, GameId, HintStage};
use crate::Route;
use dioxus::prelude::*;
use papan_rules::RuleId;
use std::marker::PhantomData;

/// A message under the board: `ok` for success, else a wrong try.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonNote {
    pub ok: bool,
    pub text: String,
    /// The rule a refusal names: its id links to the rule's entry, as in play.
    pub rule: Option<RuleId>,
    /// This try cost a star: the note says what stars are for.
    pub lost_star: bool,
}

impl LessonNote {
    fn said(ok: bool, text: String) -> LessonNote {
        LessonNote {
            ok,
            text,
            rule: None,
            lost_star: false,
        }
    }
}

/// What the screen says for a try's `feedback` (`None`: nothing to say);
/// `lost_star` when the try cost a star.
pub fn note_for(lang: Lang, feedback: Feedback, lost_star: bool) -> Option<LessonNote> {
    Some(match feedback {
        Feedback::Success { done_key, .. } => LessonNote::said(true, tr(lang, &done_key)),
        Feedback::Refused { rule, key, message } => {
            let explained = tr(lang, &key);
            // A rule with no learner text yet falls back to the rules crate's sentence.
            let text = if explained == key { message } else { explained };
            LessonNote {
                ok: false,
                text,
                rule: Some(rule),
                lost_star,
            }
        }
        Feedback::TryAgain { key } | Feedback::WrongAction { key } => LessonNote {
            lost_star,
            ..LessonNote::said(false, tr(lang, &key))
        },
        Feedback::Unreadable { message } => LessonNote::said(false, message),
        Feedback::NotNow => return None,
    })
}

/// The answer to a try, under the board (so it never moves the board): the
/// message, a refusal's rule link, and a word on stars when one was lost.
#[component]
pub fn LessonFeedback(lang: Lang, note: LessonNote) -> Element {
    rsx! {
        div {
            class: if note.ok { "lesson-toast ok" } else { "lesson-toast wrong" },
            role: "status",
            "data-testid": "lesson-feedback",
            "data-ok": "{note.ok}",
            "data-rule": note.rule.map(|r| r.to_string()).unwrap_or_default(),
            p { class: "lesson-toast-line",
                if let Some(rule) = note.rule {
                    RuleLink { rule }
                }
                span { "data-testid": "lesson-feedback-text", "{note.text}" }
            }
            if note.lost_star {
                p { class: "lesson-star-lost", "data-testid": "star-lost",
                    span { class: "star on", "aria-hidden": "true", "★" }
                    span { {tr(lang, "tutorial-star-lost")} }
                }
            }
        }
    }
}

/// The card at the end of a lesson: its stars, then Next lesson (the next
/// of the game's list) as the main button; after a game's last lesson the
/// game against the Beginner bot takes its place.
#[component]
pub fn LessonDone(lang: Lang, game: GameId, lesson: String, stars: u8, on_beginner: EventHandler<()>) -> Element {
    let next = lesson_after(game, &lesson);
    let beginner_class = if next.is_some() {
        "btn btn-block"
    } else {
        "btn btn-primary btn-block"
    };
    rsx! {
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
            if let Some(next) = next {
                button {
                    class: "btn btn-primary btn-block",
                    "data-testid": "next-lesson",
                    "data-lesson": "{next.id}",
                    onclick: {
                        let id = next.id.clone();
                        move |_| {
                            navigator().push(Route::LessonScreen { game, lesson: id.clone() });
                        }
                    },
                    span { class: "next-lesson-label", {tr(lang, "tutorial-next-lesson")} }
                    span { class: "next-lesson-title", {tr(lang, &next.title)} }
                }
            }
            div { class: "lesson-done-more",
                button { class: "{beginner_class}", "data-testid": "play-beginner", onclick: move |_| on_beginner.call(()),
                    {tr(lang, "tutorial-play-bot")}
                }
                button { class: "btn btn-ghost btn-block", "data-testid": "more-lessons",
                    onclick: move |_| { navigator().push(Route::Learn {}); },
                    {tr(lang, "tutorial-more-lessons")}
                }
            }
        }
    }
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
        crate::components::WithLaterText { lang,
            for id in [id] {
                LessonBody { key: "{id}", lang, game, lesson: lesson.clone() }
            }
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
    let mut toast = use_signal(|| None::<LessonNote>);
    let mut start_error = use_signal(|| None::<String>);

    let lesson_id = lesson.clone();
    let mut on_feedback = move |feedback: Feedback| {
        if matches!(feedback, Feedback::Success { .. }) {
            hint_text.set(None);
            let s = session.read();
            save_progress(&lesson_id, None, (s.step_index() + 1).min(s.step_count() - 1));
        }
        // The session already counted the try: did it cost a star?
        let lost_star = session.read().lost_star();
        if let Some(note) = note_for(lang, feedback, lost_star) {
            toast.set(Some(note));
        }
    };
    let on_event = move |event: LessonEvent| match event {
        LessonEvent::Feedback(feedback) => on_feedback(feedback),
        LessonEvent::Note(key) => toast.set(Some(LessonNote::said(false, tr(lang, key)))),
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
    let on_beginner = move |()| match start_beginner(game) {
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
    let board = with_game!(game, G => rsx! { LessonBoard { game: PhantomData::<G>, session, lang, zoom, on_event } });
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
                    LessonDone { lang, game, lesson: lesson.clone(), stars, on_beginner }
                    if let Some(e) = start_error() {
                        p { class: "notice notice-error", role: "alert", "{e}" }
                    }
                } else {
                    p { class: "lesson-step", "data-testid": "step-label", "{step_label}" }
                    p { class: "lesson-prompt", "data-testid": "lesson-prompt", "{prompt}" }
                    div { class: "lesson-stage", {board} }
                    if let Some(note) = toast() {
                        LessonFeedback { lang, note }
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
