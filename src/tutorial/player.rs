//! [`LessonPlayer`]: runs one lesson, tap by tap. A lesson screen shows
//! [`LessonPlayer::position`] and [`LessonPlayer::prompt_key`], sends the
//! learner's moves to [`LessonPlayer::try_move`], and calls
//! [`LessonPlayer::hint`] and [`LessonPlayer::next`] from its buttons.

use super::games::{predicate_holds, TutorialGame};
use super::lesson::{Goal, Lesson, Step, StepKind};
use super::rule_key;
use super::stars::stars;
use crate::i18n::key;
use papan_rules::Seat;

/// The answer to a try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The step is done; `replies` were played for the opponent. `done_key`
    /// is the step's message, or `tutorial-well-done`.
    Success { done_key: String, replies: Vec<String> },
    /// papan-rules refused the move: `key` explains `rule` to a learner;
    /// `message` is the rules crate's own sentence. The board is unchanged.
    Refused { rule: String, key: String, message: String },
    /// Legal, but not what the step asks for; the board is unchanged.
    TryAgain { key: String },
    /// Legal, but this step asks for another kind of action (a wall, not a step).
    WrongAction { key: String },
    /// Not a move in the game's notation (a screen bug, not a learner's try).
    Unreadable { message: String },
    /// Nothing to play now: a page-through step, a finished step or lesson.
    NotNow,
}

impl Feedback {
    /// The Fluent key to show for this answer, if any (`Unreadable` and
    /// `NotNow` are the screen's business).
    pub fn key(&self) -> Option<&str> {
        match self {
            Feedback::Success { done_key, .. } => Some(done_key),
            Feedback::Refused { key, .. } | Feedback::TryAgain { key } | Feedback::WrongAction { key } => Some(key),
            Feedback::Unreadable { .. } | Feedback::NotNow => None,
        }
    }
}

/// What a hint shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintStage {
    /// First stage: light up these cells or points.
    Highlight(Vec<String>),
    /// Second stage: the exact move, in notation.
    Move(String),
    /// No hint in a page-through step or after the step is done.
    None,
}

/// The result of [`LessonPlayer::next`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advance {
    /// The next page of a page-through step: `index` of `count`, 1-based.
    Page { index: usize, count: usize },
    /// The next step opened.
    Step { index: usize },
    /// The lesson is over, with its score.
    Finished { stars: u8 },
    /// The current step still waits for its move.
    NotYet,
}

pub struct LessonPlayer<G: TutorialGame> {
    lesson: Lesson,
    step: usize,
    /// The board on screen.
    position: G,
    /// Positions of a page-through step (setup, then after each move).
    pages: Vec<G>,
    page: usize,
    hint_stage: u8,
    step_done: bool,
    finished: bool,
    hints: u32,
    wrong: u32,
    /// Wrong tries in this step, against its par.
    step_wrong: u32,
    /// A lesson-data defect met at run time (a reply that is not legal).
    data_error: Option<String>,
}

impl<G: TutorialGame> LessonPlayer<G> {
    /// Opens `lesson` at its first step.
    pub fn new(lesson: &Lesson) -> Result<Self, String> {
        LessonPlayer::start_at(lesson, 0)
    }

    /// Opens `lesson` at `step` (resuming saved progress). A step that
    /// continues the previous board is rebuilt by replaying the earlier
    /// steps' hint moves and replies.
    pub fn start_at(lesson: &Lesson, step: usize) -> Result<Self, String> {
        let first = lesson.steps.first().ok_or_else(|| format!("{}: no steps", lesson.id))?;
        let setup = first
            .setup
            .as_ref()
            .ok_or_else(|| format!("{}: the first step needs a setup", lesson.id))?;
        let position = G::from_setup(setup).map_err(|e| format!("{} / {}: {e}", lesson.id, first.id))?;
        let mut player = LessonPlayer {
            lesson: lesson.clone(),
            step: 0,
            position,
            pages: Vec::new(),
            page: 0,
            hint_stage: 0,
            step_done: false,
            finished: false,
            hints: 0,
            wrong: 0,
            step_wrong: 0,
            data_error: None,
        };
        player.open_step(0)?;
        while player.step < step.min(lesson.steps.len() - 1) {
            player.skip_step()?;
        }
        // Skipped steps were not played by the learner: they score nothing.
        player.hints = 0;
        player.wrong = 0;
        Ok(player)
    }

    /// Sets up step `index` (its own setup, or the board as it stands).
    fn open_step(&mut self, index: usize) -> Result<(), String> {
        let step = &self.lesson.steps[index];
        if let Some(setup) = &step.setup {
            self.position = G::from_setup(setup).map_err(|e| format!("{} / {}: {e}", self.lesson.id, step.id))?;
        }
        self.step = index;
        self.hint_stage = 0;
        self.step_done = false;
        self.step_wrong = 0;
        self.page = 0;
        self.pages = vec![self.position.clone()];
        if let StepKind::Page { moves, .. } = &step.kind {
            let mut at = self.position.clone();
            for text in moves {
                let mv = at.parse_move(text).map_err(|e| e.to_string())?;
                at.play(&mv)
                    .map_err(|e| format!("{} / {}: page move {text}: {e}", self.lesson.id, step.id))?;
                self.pages.push(at.clone());
            }
        }
        Ok(())
    }

    /// Completes the current step without the learner (resume).
    fn skip_step(&mut self) -> Result<(), String> {
        if let StepKind::Act { hint, .. } = &self.step().kind {
            let hint = hint.clone();
            match self.try_move(&hint) {
                Feedback::Success { .. } => {}
                other => return Err(format!("{}: hint {hint} did not succeed: {other:?}", self.step().id)),
            }
        } else {
            self.position = self.pages.last().expect("a page step has its setup").clone();
        }
        self.open_step(self.step + 1)
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    pub fn step(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// 0-based index of the open step.
    pub fn step_index(&self) -> usize {
        self.step
    }

    pub fn step_count(&self) -> usize {
        self.lesson.steps.len()
    }

    /// The board to show.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The seat the learner plays in this step (the side to move at its start).
    pub fn learner(&self) -> Option<Seat> {
        self.pages[0].seat_to_move()
    }

    /// The text to show: the page's caption in a page-through step, else the prompt.
    pub fn prompt_key(&self) -> &str {
        match &self.step().kind {
            StepKind::Page { captions, .. } => captions.get(self.page).unwrap_or(&self.step().prompt),
            StepKind::Act { .. } => &self.step().prompt,
        }
    }

    /// `(index, count)`, 1-based, in a page-through step: "2 / 3".
    pub fn page_label(&self) -> Option<(usize, usize)> {
        matches!(self.step().kind, StepKind::Page { .. }).then(|| (self.page + 1, self.pages.len()))
    }

    pub fn is_step_done(&self) -> bool {
        self.step_done
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The score so far (final once [`Self::is_finished`]).
    pub fn stars(&self) -> u8 {
        stars(self.hints, self.wrong)
    }

    pub fn hints_used(&self) -> u32 {
        self.hints
    }

    pub fn wrong_tries(&self) -> u32 {
        self.wrong
    }

    /// A defect in the lesson data met while playing (tests assert none).
    pub fn data_error(&self) -> Option<&str> {
        self.data_error.as_deref()
    }

    /// The learner tries `text` (the move in notation a screen builds from taps).
    pub fn try_move(&mut self, text: &str) -> Feedback {
        if self.finished || self.step_done {
            return Feedback::NotNow;
        }
        let (goal, allow, replies, done) = match &self.step().kind {
            StepKind::Act {
                goal,
                allow,
                replies,
                done,
                ..
            } => (goal.clone(), allow.clone(), replies.clone(), done.clone()),
            StepKind::Page { .. } => return Feedback::NotNow,
        };
        let mv = match self.position.parse_move(text) {
            Ok(mv) => mv,
            Err(e) => return Feedback::Unreadable { message: e.to_string() },
        };
        // The rules speak first: an illegal try is explained by its rule even
        // when the step asks for another kind of action.
        let mut after = self.position.clone();
        if let Err(e) = after.play(&mv) {
            self.count_wrong();
            return Feedback::Refused {
                rule: e.rule.to_string(),
                key: rule_key(e.rule),
                message: e.message,
            };
        }
        if !allow.is_empty() && !allow.iter().any(|a| a == G::action_kind(&mv)) {
            self.count_wrong();
            return Feedback::WrongAction {
                key: format!("tutorial-wrong-action-{}", allow[0]),
            };
        }
        if !self.meets(&goal, &after) {
            self.count_wrong();
            return Feedback::TryAgain {
                key: key("tutorial-try-again").to_string(),
            };
        }
        self.position = after;
        for reply in &replies {
            let played = self
                .position
                .parse_move(reply)
                .map_err(|e| e.to_string())
                .and_then(|mv| self.position.play(&mv).map_err(|e| e.to_string()));
            if let Err(e) = played {
                self.data_error = Some(format!("{}: reply {reply}: {e}", self.step().id));
                break;
            }
        }
        self.step_done = true;
        Feedback::Success {
            done_key: done.unwrap_or_else(|| key("tutorial-well-done").to_string()),
            replies,
        }
    }

    fn count_wrong(&mut self) {
        self.step_wrong += 1;
        let par = match &self.step().kind {
            StepKind::Act { par, .. } => *par,
            StepKind::Page { .. } => 0,
        };
        if self.step_wrong > par {
            self.wrong += 1;
        }
    }

    /// Whether `after` (the position after the learner's move) meets `goal`.
    fn meets(&self, goal: &Goal, after: &G) -> bool {
        let same_as = |text: &String| {
            let mut expected = self.position.clone();
            self.position
                .parse_move(text)
                .ok()
                .is_some_and(|mv| expected.play(&mv).is_ok() && &expected == after)
        };
        match goal {
            Goal::Move(text) => same_as(text),
            Goal::AnyOf(texts) => texts.iter().any(same_as),
            Goal::Predicate(p) => {
                let learner = self.position.seat_to_move().unwrap_or(Seat::First);
                predicate_holds(after, *p, &self.position, learner) == Some(true)
            }
            Goal::Any => true,
        }
    }

    /// The next hint stage: first the cells to look at, then the exact move.
    pub fn hint(&mut self) -> HintStage {
        let StepKind::Act { hint, .. } = &self.step().kind else {
            return HintStage::None;
        };
        if self.finished || self.step_done {
            return HintStage::None;
        }
        let hint = hint.clone();
        if self.hint_stage < 2 {
            self.hint_stage += 1;
            self.hints += 1;
        }
        if self.hint_stage == 1 {
            let cells = self
                .position
                .parse_move(&hint)
                .map(|mv| self.position.highlight(&mv))
                .unwrap_or_default();
            HintStage::Highlight(cells)
        } else {
            HintStage::Move(hint)
        }
    }

    /// The hint stage reached in this step (0, 1 or 2).
    pub fn hint_stage(&self) -> u8 {
        self.hint_stage
    }

    /// Next page, or next step once this one is done, or the end.
    // Named after the screen's Next button; a lesson is not an iterator.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Advance {
        if self.finished {
            return Advance::Finished { stars: self.stars() };
        }
        let is_page = matches!(self.step().kind, StepKind::Page { .. });
        if is_page && self.page + 1 < self.pages.len() {
            self.page += 1;
            self.position = self.pages[self.page].clone();
            return Advance::Page {
                index: self.page + 1,
                count: self.pages.len(),
            };
        }
        if !is_page && !self.step_done {
            return Advance::NotYet;
        }
        if self.step + 1 >= self.lesson.steps.len() {
            self.finished = true;
            return Advance::Finished { stars: self.stars() };
        }
        match self.open_step(self.step + 1) {
            Ok(()) => Advance::Step { index: self.step },
            Err(e) => {
                // Bad data: end the lesson rather than show a wrong board.
                self.data_error = Some(e);
                self.finished = true;
                Advance::Finished { stars: self.stars() }
            }
        }
    }

    /// Goes back one page in a page-through step.
    pub fn previous_page(&mut self) -> Option<(usize, usize)> {
        if !matches!(self.step().kind, StepKind::Page { .. }) || self.page == 0 {
            return None;
        }
        self.page -= 1;
        self.position = self.pages[self.page].clone();
        self.page_label()
    }
}
