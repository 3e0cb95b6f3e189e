//! The list a Learn screen shows: each lesson of a game with the learner's
//! saved progress, and which lesson the Learn button should open.

use super::lesson::{lessons, Lesson};
use super::progress::Progress;
use papan_rules::GameId;

/// One lesson as a card on the Learn screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonCard {
    pub id: &'static str,
    /// Fluent key of the title.
    pub title: &'static str,
    pub strategy: bool,
    pub steps: usize,
    /// Best stars so far (0 if never finished).
    pub stars: u8,
    pub completed: bool,
    /// Where the lesson resumes (0 when finished or never started).
    pub resume_step: usize,
}

/// The lessons of `game` in order, with saved progress.
pub fn cards(game: GameId, progress: &Progress) -> Vec<LessonCard> {
    lessons(game)
        .iter()
        .map(|lesson| {
            let saved = progress.get(&lesson.id).cloned().unwrap_or_default();
            LessonCard {
                id: &lesson.id,
                title: &lesson.title,
                strategy: lesson.strategy,
                steps: lesson.steps.len(),
                stars: saved.best_stars,
                completed: saved.completed,
                // A saved step beyond the lesson (the data changed) restarts it.
                resume_step: if saved.resume_step < lesson.steps.len() {
                    saved.resume_step
                } else {
                    0
                },
            }
        })
        .collect()
}

/// The lesson a one-tap Learn button opens: the first one not yet
/// completed, or the first lesson once all are done.
pub fn next_lesson(game: GameId, progress: &Progress) -> LessonCard {
    let all = cards(game, progress);
    all.iter().find(|card| !card.completed).unwrap_or(&all[0]).clone()
}

/// The lesson a finished lesson's "Next lesson" opens: the one after `id`
/// in `game`'s list (the Learn screen's order). `None` after the game's
/// last lesson (the end card then offers a game against the Beginner bot
/// first) or for a lesson `game` does not have.
pub fn lesson_after(game: GameId, id: &str) -> Option<&'static Lesson> {
    let all = lessons(game);
    let at = all.iter().position(|lesson| lesson.id == id)?;
    all.get(at + 1)
}
