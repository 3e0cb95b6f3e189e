//! `/rules/:game` and `/rules/:game/:rule`: a game's numbered rules, the
//! same ids a refusal names ("X5"). Each entry says what the rule is
//! (`rule-x5-what`) and why the game has it (`rule-x5-why`) — not the
//! refusal's sentence (`rule-x5`), which the toast already showed — with an
//! example on a real board: the position of the first lesson step that
//! anticipates a mistake against the rule, that mistake marked as refused;
//! else a board picked for the rule; else the first lesson step that
//! teaches it, its move marked. A refusal's rule id links here.

use crate::components::TopBar;
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::play::history;
use crate::play::Table;
use crate::screens::learn::board::lesson_table;
use crate::settings::AppSettings;
use crate::shell::{BoardProps, GameUi};
use crate::tutorial::{lessons, AnyLesson, LessonGame, StepKind};
use crate::Route;
use dioxus::prelude::*;
use papan_rules::{GameId, Record, RuleId, Seat};

#[component]
pub fn Rules(game: GameId) -> Element {
    let lang = use_context::<Signal<AppSettings>>().read().lang;
    rsx! {
        crate::components::WithLaterText { lang, RulesPage { game, focus: None } }
    }
}

/// The rules with one rule picked out (from a refusal's link).
#[component]
pub fn RuleAt(game: GameId, rule: String) -> Element {
    let lang = use_context::<Signal<AppSettings>>().read().lang;
    rsx! {
        crate::components::WithLaterText { lang, RulesPage { game, focus: Some(rule.to_ascii_uppercase()) } }
    }
}

#[component]
fn RulesPage(game: GameId, focus: Option<String>) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let title = format!(
        "{} · {}",
        tr(lang, "rules-title"),
        tr(lang, crate::components::game_name_key(game))
    );
    let target = focus.clone();
    use_effect(move || {
        if let Some(id) = target.clone() {
            let js = format!(
                "const r = document.getElementById('rule-{}'); if (r) r.scrollIntoView({{block: 'center'}});",
                id.to_ascii_lowercase()
            );
            let _ = document::eval(&js);
        }
    });
    rsx! {
        div { class: "screen rules-screen",
            TopBar { lang, title, back: Some(Route::Setup { game }) }
            main { class: "content rules-content", "data-testid": "rules", "data-game": "{game}",
                p { class: "muted", {tr(lang, "rules-lead")} }
                ol { class: "rules-list",
                    for rule in game.rules() {
                        {
                            let id = rule.to_string();
                            let focused = focus.as_deref() == Some(id.as_str());
                            rsx! {
                                li {
                                    key: "{id}",
                                    id: "rule-{id.to_ascii_lowercase()}",
                                    class: if focused { "rule focused" } else { "rule" },
                                    "data-rule": "{id}",
                                    "aria-current": if focused { "true" } else { "false" },
                                    span { class: "rule-id", "{id}" }
                                    div { class: "rule-body",
                                        p { class: "rule-text", "data-testid": "rule-what", {tr(lang, &what_key(rule))} }
                                        p { class: "rule-why", "data-testid": "rule-why",
                                            strong { class: "rule-why-label", {tr(lang, "rules-why-label")} }
                                            " "
                                            span { {tr(lang, &why_key(rule))} }
                                        }
                                    }
                                    RuleExample { lang, rule }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The Fluent key of what rule `rule` is (`rule-x5-what`).
pub fn what_key(rule: RuleId) -> String {
    format!("rule-{}-what", rule.to_string().to_ascii_lowercase())
}

/// The Fluent key of why the game has rule `rule` (`rule-x5-why`).
pub fn why_key(rule: RuleId) -> String {
    format!("rule-{}-why", rule.to_string().to_ascii_lowercase())
}

/// Where a rule's example board comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Example {
    /// A lesson step's position (`step`, 0-based) with a move marked:
    /// `refused` when it is a mistake the rule refuses (so the mark is
    /// drawn as forbidden), else the move the step asks for.
    Lesson {
        lesson: &'static str,
        step: usize,
        mv: Option<String>,
        refused: bool,
    },
    /// A board picked for the rule by [`picked`].
    Picked,
}

/// The example of `rule`: a lesson's anticipated mistake against it first,
/// then a board picked for it, then the first lesson step that teaches it.
/// `None` for the rules with nothing on the board to show (platform
/// behaviour: time limits, ratings, resigning).
pub fn example(rule: RuleId) -> Option<Example> {
    let game = rule.game()?;
    let steps = || {
        lessons(game)
            .iter()
            .flat_map(|lesson| lesson.steps.iter().enumerate().map(move |(i, step)| (lesson, i, step)))
    };
    let mistake = steps().find_map(|(lesson, i, step)| match &step.kind {
        StepKind::Act { mistakes, .. } => mistakes.iter().find(|m| m.rule == rule).map(|m| Example::Lesson {
            lesson: &lesson.id,
            step: i,
            mv: Some(m.mv.clone()),
            refused: true,
        }),
        StepKind::Page { .. } => None,
    });
    if mistake.is_some() {
        return mistake;
    }
    if is_picked(rule) {
        return Some(Example::Picked);
    }
    let id = rule.to_string();
    steps()
        .find(|(_, _, step)| step.rules.contains(&id))
        .map(|(lesson, i, step)| Example::Lesson {
            lesson: &lesson.id,
            step: i,
            mv: match &step.kind {
                StepKind::Act { hint, .. } => Some(hint.clone()),
                StepKind::Page { .. } => None,
            },
            refused: false,
        })
}

/// A rule's example: a still board with its caption (the move refused, or
/// the move the lesson plays), or nothing for a rule with no board example.
#[component]
fn RuleExample(lang: Lang, rule: RuleId) -> Element {
    let Some(game) = rule.game() else { return rsx! {} };
    let Some(example) = example(rule) else { return rsx! {} };
    let (board, caption, kind) = match &example {
        Example::Picked => (picked(lang, rule), None, "board"),
        Example::Lesson {
            lesson,
            step,
            mv,
            refused,
        } => {
            let board = AnyLesson::open(game, lesson, *step)
                .ok()
                .and_then(|any| with_game!(game, G => lesson_board::<G>(&any, mv.as_deref(), lang)));
            let key = if *refused {
                "rules-example-refused"
            } else {
                "rules-example-played"
            };
            let caption = mv.as_ref().map(|mv| tr_args(lang, key, &[("move", mv.clone())]));
            (board, caption, if *refused { "refused" } else { "played" })
        }
    };
    let Some(board) = board else { return rsx! {} };
    rsx! {
        figure { class: "rule-example {kind}", "data-testid": "rule-diagram", "data-example": "{kind}",
            // A picture for the rule's text: nothing on it can be tapped or focused.
            div { class: "rule-diagram board-wrap board-{game}", inert: true, {board} }
            if let Some(caption) = caption {
                figcaption { class: "rule-caption", "data-testid": "rule-caption", "{caption}" }
            }
        }
    }
}

/// A lesson's board at its open step as a still picture, `mv` marked where
/// the board marks a hint (the caption says whether it is refused).
fn lesson_board<G: GameUi + LessonGame>(any: &AnyLesson, mv: Option<&str>, lang: Lang) -> Option<Element> {
    let mut table = lesson_table::<G>(any)?;
    table.can_act = false;
    let position = G::player(any)?.position();
    let hint = mv.and_then(|text| position.parse_move(text).ok());
    Some(G::board(BoardProps {
        table,
        tap: G::Tap::default(),
        hint,
        lang,
        on_input: EventHandler::new(|_| {}),
        on_command: EventHandler::new(|_| {}),
    }))
}

/// A board nobody can tap.
fn still<G: GameUi>(table: Table<G>, lang: Lang) -> Element {
    G::board(BoardProps {
        table,
        tap: G::Tap::default(),
        hint: None,
        lang,
        on_input: EventHandler::new(|_| {}),
        on_command: EventHandler::new(|_| {}),
    })
}

/// The position after `moves` (each in the game's notation) of a game
/// with `options`, as a still board.
fn after<G: GameUi>(options: G::Options, seed: u64, moves: &[&str], lang: Lang) -> Option<Element> {
    let mut record = Record::<G>::new(options, seed);
    let mut game = record.start().ok()?;
    for text in moves {
        let mv = game.parse_move(text).ok()?;
        record.play(&mut game, mv).ok()?;
    }
    let table = history::table_at(&record, record.moves.len(), Seat::First, Seat::First).ok()?;
    Some(still(table, lang))
}

/// The rules with a board picked for them ([`GameUi::rule_picture`]).
fn is_picked(rule: RuleId) -> bool {
    match rule {
        RuleId::Numbered { game, number } => with_game!(game, G => G::rule_picture(number).is_some()),
        _ => false,
    }
}

/// The board picked for a rule about the board's geometry, where no lesson
/// mistake shows it better.
fn picked(lang: Lang, rule: RuleId) -> Option<Element> {
    let RuleId::Numbered { game, number } = rule else {
        return None;
    };
    with_game!(game, G => {
        let (options, seed, moves) = G::rule_picture(number)?;
        after::<G>(options, seed, moves, lang)
    })
}
