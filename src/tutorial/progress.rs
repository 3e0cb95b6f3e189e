//! Lesson progress saved on the device: best stars per lesson and where
//! an unfinished lesson resumes.

use crate::storage::{CorruptData, Store};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The storage key.
pub const PROGRESS_KEY: &str = "tutorial-progress";

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// Best score of a finished run, 0 if never finished.
    pub best_stars: u8,
    pub completed: bool,
    /// The step an unfinished run resumes at.
    pub resume_step: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub lessons: BTreeMap<String, LessonProgress>,
}

impl Progress {
    /// Loads saved progress. Unreadable progress is kept aside by the store
    /// and comes back as the error, with a fresh start for the caller.
    pub fn load(store: &Store) -> Result<Progress, (Progress, CorruptData)> {
        store
            .load_with::<Progress, Progress>(PROGRESS_KEY, |p| {
                if p.lessons.values().any(|l| l.best_stars > 3) {
                    Err("a lesson has more than 3 stars".to_string())
                } else {
                    Ok(p)
                }
            })
            .map(Option::unwrap_or_default)
            .map_err(|e| (Progress::default(), e))
    }

    pub fn save(&self, store: &Store) -> Result<(), String> {
        store.save(PROGRESS_KEY, self)
    }

    pub fn get(&self, lesson: &str) -> Option<&LessonProgress> {
        self.lessons.get(lesson)
    }

    /// Remembers the step an unfinished lesson reached.
    pub fn record_step(&mut self, lesson: &str, step: usize) {
        self.lessons.entry(lesson.to_string()).or_default().resume_step = step;
    }

    /// Records a finished run, keeping the best score; the next run starts over.
    pub fn record_finished(&mut self, lesson: &str, stars: u8) {
        let entry = self.lessons.entry(lesson.to_string()).or_default();
        entry.completed = true;
        entry.best_stars = entry.best_stars.max(stars.min(3));
        entry.resume_step = 0;
    }

    /// Stars over all lessons (for a summary on the Learn screen).
    pub fn total_stars(&self) -> u32 {
        self.lessons.values().map(|l| l.best_stars as u32).sum()
    }
}
