//! Checks lessons against papan-rules and the message files. Used by
//! `tests/tutorial_lessons.rs` and the coverage tool; a lesson that passes
//! can be played to the end with its own hints.

use super::coverage::rule_ids;
use super::games::{predicate_holds, TutorialGame};
use super::lesson::{lessons, Goal, Lesson, StepKind};
use super::player::{Advance, Feedback, LessonPlayer};
use crate::i18n::rule_key;
use crate::i18n::{has_message, tr, Lang};
use papan_rules::GameId;

/// Every problem found in `game`'s lessons (empty when all is well).
pub fn validate_game(game: GameId) -> Vec<String> {
    let mut problems = Vec::new();
    for lesson in lessons(game) {
        let found = crate::games::with_game!(game, G => validate_lesson::<G>(lesson));
        problems.extend(found.into_iter().map(|p| format!("{}: {p}", lesson.id)));
        problems.extend(missing_keys(lesson).into_iter().map(|p| format!("{}: {p}", lesson.id)));
    }
    problems
}

/// Every Fluent key a lesson shows.
pub fn keys_of(lesson: &Lesson) -> Vec<String> {
    let mut keys = vec![lesson.title.clone()];
    for step in &lesson.steps {
        keys.push(step.prompt.clone());
        match &step.kind {
            StepKind::Act {
                mistakes, done, allow, ..
            } => {
                keys.extend(mistakes.iter().map(|m| rule_key(m.rule)));
                keys.extend(done.iter().cloned());
                keys.extend(allow.first().map(|a| format!("tutorial-wrong-action-{a}")));
            }
            StepKind::Page { captions, .. } => keys.extend(captions.iter().cloned()),
        }
    }
    keys
}

/// Keys of `lesson` missing from a language, as `"fil lacks key"`.
pub fn missing_keys(lesson: &Lesson) -> Vec<String> {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        for key in keys_of(lesson) {
            match has_message(lang, &key) {
                Some(true) => {}
                Some(false) => out.push(format!("{} lacks {key}", lang.code())),
                None => {
                    out.push(format!("{} messages are not loaded or do not parse", lang.code()));
                    break;
                }
            }
        }
    }
    out
}

/// The words of the step's text that look like a cell (`d4`, `c12`) but
/// name no cell of the board the step shows: a lesson must never ask for
/// a cell the board does not show. Read from the English text, where the
/// notation is the same in every language.
fn cells_off_the_board<G: TutorialGame>(player: &LessonPlayer<G>) -> Vec<String> {
    let step = player.step();
    let mut keys = vec![step.prompt.clone()];
    if let StepKind::Page { captions, .. } = &step.kind {
        keys.extend(captions.iter().cloned());
    }
    let mut out = Vec::new();
    for key in keys {
        let text = tr(Lang::En, &key);
        for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            let looks_like_cell = word.len() >= 2
                && word.as_bytes()[0].is_ascii_lowercase()
                && word[1..].chars().all(|c| c.is_ascii_digit());
            if looks_like_cell && player.position().names_cell(word) == Some(false) {
                out.push(format!("{key} names {word}, which is not a cell of this board"));
            }
        }
    }
    out
}

/// Plays `lesson` through with a [`LessonPlayer`], checking on the way:
/// setups legal, mistakes refused with their rule, the hint and every
/// listed goal move legal and successful, replies legal, page moves legal.
pub fn validate_lesson<G: TutorialGame>(lesson: &Lesson) -> Vec<String> {
    let mut problems = Vec::new();
    let known = rule_ids(G::GAME);
    let mut player = match LessonPlayer::<G>::new(lesson) {
        Ok(p) => p,
        Err(e) => return vec![e],
    };
    loop {
        let step = player.step().clone();
        let at = format!("step {}", step.id);
        problems.extend(cells_off_the_board(&player).into_iter().map(|p| format!("{at}: {p}")));
        for rule in &step.rules {
            if !known.contains(rule) {
                problems.push(format!("{at}: unknown rule {rule}"));
            }
        }
        match &step.kind {
            StepKind::Page { moves, captions } => {
                if captions.len() != moves.len() + 1 {
                    problems.push(format!(
                        "{at}: {} captions for {} pages",
                        captions.len(),
                        moves.len() + 1
                    ));
                }
            }
            StepKind::Act {
                goal,
                hint,
                mistakes,
                allow,
                ..
            } => {
                let start = player.position().clone();
                if start.seat_to_move().is_none() {
                    problems.push(format!("{at}: no seat is to move in the setup"));
                }
                for mistake in mistakes {
                    match player.try_move(&mistake.mv) {
                        Feedback::Refused { rule, .. } if rule == mistake.rule => {}
                        other => problems.push(format!(
                            "{at}: mistake {} should be refused by {}, got {other:?}",
                            mistake.mv, mistake.rule
                        )),
                    }
                }
                let listed: Vec<&String> = match goal {
                    Goal::Move(m) => vec![m],
                    Goal::AnyOf(ms) => ms.iter().collect(),
                    _ => Vec::new(),
                };
                for text in listed.iter().copied().chain([hint]) {
                    match start.parse_move(text) {
                        Err(e) => problems.push(format!("{at}: {text}: {e}")),
                        Ok(mv) => {
                            let mut after = start.clone();
                            if let Err(e) = after.play(&mv) {
                                problems.push(format!("{at}: expected move {text} is illegal: {e}"));
                            }
                            if !allow.is_empty() && !allow.iter().any(|a| a == G::action_kind(&mv)) {
                                problems.push(format!("{at}: {text} is not an allowed action {allow:?}"));
                            }
                        }
                    }
                }
                if let Goal::Predicate(p) = goal {
                    let learner = start.seat_to_move().unwrap_or(papan_rules::Seat::First);
                    if predicate_holds(&start, *p, &start, learner).is_none() {
                        problems.push(format!("{at}: predicate {p:?} means nothing in this game"));
                    }
                }
                match player.try_move(hint) {
                    Feedback::Success { .. } => {}
                    other => problems.push(format!("{at}: the hint {hint} does not succeed: {other:?}")),
                }
                if let Some(e) = player.data_error() {
                    problems.push(format!("{at}: {e}"));
                }
            }
        }
        loop {
            match player.next() {
                Advance::Page { .. } => continue,
                Advance::Step { .. } => break,
                Advance::NotYet => {
                    problems.push(format!("{at}: cannot move on"));
                    return problems;
                }
                Advance::Finished { .. } => {
                    if let Some(e) = player.data_error() {
                        problems.push(e.to_string());
                    }
                    return problems;
                }
            }
        }
    }
}
