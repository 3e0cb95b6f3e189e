//! The lesson data format. One JSON file per game under `assets/tutorials/`,
//! embedded in the binary. Text is never in the data, only Fluent keys
//! (`tutorial-…`), so translators edit the `.ftl` files and designers the
//! JSON. A step's `setup` is the game's raw position form from papan-rules
//! (`HexSetup`, `HadangSetup`, `BackgammonSetup`, `JunQiSetup`); a step
//! without one continues from where the previous step left the board.

use papan_rules::{GameId, RuleId};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The embedded lesson file of `game`.
pub fn source(game: GameId) -> &'static str {
    crate::games::with_game!(game, G => <G as super::TutorialGame>::LESSONS)
}

/// One lesson file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    pub game: GameId,
    pub lessons: Vec<Lesson>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Stable id, also the key progress is saved under (`hex-basics`).
    pub id: String,
    /// Fluent key of the title.
    pub title: String,
    /// A strategy lesson (tips from the seed) rather than rules.
    #[serde(default)]
    pub strategy: bool,
    pub steps: Vec<Step>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub id: String,
    /// Numbered rules this step teaches (`"H13"`).
    #[serde(default)]
    pub rules: Vec<String>,
    /// Fluent key of the instruction shown while the step is open.
    pub prompt: String,
    /// The game's raw setup; absent: continue from the previous step.
    #[serde(default)]
    pub setup: Option<serde_json::Value>,
    #[serde(flatten)]
    pub kind: StepKind,
}

/// What the learner does in a step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum StepKind {
    /// The learner makes a move that meets `goal`.
    Act {
        goal: Goal,
        /// Kinds of action accepted (see `TutorialGame::action_kind`); empty: any.
        #[serde(default)]
        allow: Vec<String>,
        /// The exact move the second hint stage shows; it must meet `goal`.
        hint: String,
        /// Opponent moves (and, in backgammon, rolls) played after success.
        #[serde(default)]
        replies: Vec<String>,
        /// Classic illegal tries and the rule each breaks; the tests check
        /// that papan-rules refuses each with exactly that rule.
        #[serde(default)]
        mistakes: Vec<Mistake>,
        /// Fluent key shown once the step is done.
        #[serde(default)]
        done: Option<String>,
        /// Wrong tries allowed before losing a star.
        #[serde(default)]
        par: u32,
    },
    /// A sequence paged through (1 / 3, 2 / 3 …); no action required.
    Page {
        /// Moves played one per page from the setup.
        moves: Vec<String>,
        /// One Fluent key per page: `moves.len() + 1` of them.
        captions: Vec<String>,
    },
}

/// What counts as success in an `Act` step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Exactly this move (compared by resulting position, so any spelling
    /// of the same backgammon play counts).
    Move(String),
    /// Any of these moves.
    AnyOf(Vec<String>),
    /// Any move after which the predicate holds.
    Predicate(Predicate),
    /// Any legal move of an allowed kind.
    Any,
}

/// The closed set of success conditions a lesson may name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Predicate {
    /// The learner has won the game.
    Win,
    /// Hex: the new stone makes a bridge with one of the learner's stones.
    Bridge,
    /// HADANG: the opponent's shortest path got longer.
    PathLonger,
    /// HADANG: the learner's shortest path got shorter.
    PathShorter,
    /// Backgammon: the learner holds more points (two or more checkers).
    MadePoint,
    /// Backgammon: no learner checker stands alone on a point.
    NoBlots,
    /// Backgammon: an opposing checker went to the bar.
    Hit,
    /// Jun Qi: an opposing piece fell.
    Capture,
}

/// A wrong try the step anticipates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mistake {
    #[serde(rename = "move")]
    pub mv: String,
    pub rule: RuleId,
}

/// Parses a lesson file, checking it is for `game`.
pub fn parse_lessons(game: GameId, text: &str) -> Result<Vec<Lesson>, String> {
    let file: LessonFile = serde_json::from_str(text).map_err(|e| format!("{}.json: {e}", game.code()))?;
    if file.game != game {
        return Err(format!("{}.json says it is for {:?}", game.code(), file.game));
    }
    Ok(file.lessons)
}

/// The embedded lessons of `game`, parsed once. The files are checked by
/// `tests/tutorial_lessons.rs`, so a parse failure is a build defect.
pub fn lessons(game: GameId) -> &'static [Lesson] {
    static CACHE: [OnceLock<Vec<Lesson>>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
    CACHE[game as usize].get_or_init(|| parse_lessons(game, source(game)).unwrap_or_else(|e| panic!("{e}")))
}

/// A lesson by id, in any game.
pub fn find_lesson(id: &str) -> Option<(GameId, &'static Lesson)> {
    GameId::ALL
        .into_iter()
        .find_map(|game| lessons(game).iter().find(|l| l.id == id).map(|l| (game, l)))
}
