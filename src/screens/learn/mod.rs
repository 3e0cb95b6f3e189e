//! The Learn screens: the lesson list (`/learn`) and the lesson player
//! (`/learn/:game/:lesson`), plus what the one-tap Learn buttons open.

pub mod board;
mod list;
mod player;
mod start;

pub use list::Learn;
pub use player::{note_for, LessonDone, LessonFeedback, LessonNote, LessonScreen};
pub use start::{learn_route, LearnButton, LearnCard};

use crate::storage::Store;
use crate::tutorial::Progress;

/// Saved progress; unreadable progress is set aside by the store and the
/// learner starts fresh rather than being blocked.
pub fn load_progress(store: &Store) -> Progress {
    Progress::load(store).unwrap_or_else(|(fresh, _corrupt)| fresh)
}
