//! Tutorials: lessons a player learns a game from, on the board, by doing.
//!
//! UI-free. A lesson is data (`assets/tutorials/<game>.json`, embedded with
//! `include_str!` so web builds need no asset server) whose text lives in
//! the Fluent files under `tutorial-` keys. Every position and move in it
//! goes through papan-rules, so a lesson can never teach an illegal move.
//!
//! - [`lesson`]: the data format and the embedded lesson files.
//! - [`games`]: what the engine needs from each game beyond [`papan_rules::Game`]
//!   (setups from data, kinds of action, the success predicates, hint cells).
//! - [`player`]: [`LessonPlayer`], the tap-level controller a lesson screen drives
//!   (`try_move`, `hint`, `next`).
//! - [`mod@stars`]: the 1–3 star score.
//! - [`catalog`]: the lesson list with saved progress (the Learn screen).
//! - [`progress`]: stars and resume points saved on the device.
//! - [`validate`]: checks a lesson against the rules (tests, the coverage tool).
//! - [`session`]: a lesson of whichever game a route names.
//! - [`coverage`]: which rules each game has, which a player acts on, and
//!   which step teaches each.

pub mod catalog;
pub mod coverage;
pub mod games;
pub mod lesson;
pub mod player;
pub mod progress;
pub mod session;
pub mod stars;
pub mod validate;

pub use games::TutorialGame;
pub use lesson::{lessons, Goal, Lesson, Predicate, Step, StepKind};
pub use papan_rules::GameId;
pub use player::{Advance, Feedback, HintStage, LessonPlayer};
pub use progress::{LessonProgress, Progress};
pub use session::{AnyLesson, LessonGame};
pub use stars::stars;
