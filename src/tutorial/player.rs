//! [`LessonPlayer`]: runs one lesson, tap by tap. A lesson screen shows
//! [`LessonPlayer::position`] on the game's own board, sends the learner's
//! moves to [`LessonPlayer::play`] (or their notation to
//! [`LessonPlayer::try_move`]) and a refusal of the board's tap logic to
//! [`LessonPlayer::refused`], and calls [`LessonPlayer::hint`] and
//! [`LessonPlayer::next`] from its buttons.

use super::games::{predicate_holds, TutorialGame};
use super::lesson::{Goal, Lesson, Step, StepKind};
use super::stars::stars;
use crate::i18n::key;
use crate::i18n::rule_key;
use papan_rules::{RuleError, RuleId, Seat, Turn};

/// The answer to a try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The step is done; `replies` were played for the opponent. `done_key`
    /// is the step's message, or `tutorial-well-done`.
    Success { done_key: String, replies: Vec<String> },
    /// papan-rules refused the move: `key` explains `rule` to a learner;
    /// `message` is the rules crate's own sentence. The board is unchanged.
    Refused { rule: RuleId, key: String, message: String },
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

/// A page of a page-through step: the board, and the move that led to it.
type Page<G> = (G, Option<(Seat, <G as papan_rules::Game>::Move)>);

pub struct LessonPlayer<G: TutorialGame> {
    lesson: Lesson,
    step: usize,
    /// The board on screen.
    position: G,
    /// Positions of a page-through step (setup, then after each move),
    /// each with the move that led to it.
    pages: Vec<Page<G>>,
    page: usize,
    /// The last move made on the board shown, and by which seat.
    last: Option<(Seat, G::Move)>,
    /// The moves made on the board shown since the last setup.
    history: Vec<G::Move>,
    hint_stage: u8,
    step_done: bool,
    finished: bool,
    hints: u32,
    wrong: u32,
    /// Wrong tries in this step, against its par.
    step_wrong: u32,
    /// The last try lowered the score (the screen says what stars are for).
    lost_star: bool,
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
            last: None,
            history: Vec::new(),
            hint_stage: 0,
            step_done: false,
            finished: false,
            hints: 0,
            wrong: 0,
            step_wrong: 0,
            lost_star: false,
            data_error: None,
        };
        player.open_step(0)?;
        while player.step < step.min(lesson.steps.len() - 1) {
            player.skip_step()?;
        }
        // Skipped steps were not played by the learner: they score nothing.
        player.hints = 0;
        player.wrong = 0;
        player.lost_star = false;
        Ok(player)
    }

    /// Sets up step `index` (its own setup, or the board as it stands).
    fn open_step(&mut self, index: usize) -> Result<(), String> {
        let step = &self.lesson.steps[index];
        if let Some(setup) = &step.setup {
            self.position = G::from_setup(setup).map_err(|e| format!("{} / {}: {e}", self.lesson.id, step.id))?;
            self.last = None;
            self.history.clear();
        }
        self.step = index;
        self.hint_stage = 0;
        self.step_done = false;
        self.step_wrong = 0;
        self.page = 0;
        self.pages = vec![(self.position.clone(), self.last.clone())];
        if let StepKind::Page { moves, .. } = &step.kind {
            let mut at = self.position.clone();
            for text in moves {
                let mover = at.seat_to_move();
                let mv = at.parse_move(text).map_err(|e| e.to_string())?;
                at.play(&mv)
                    .map_err(|e| format!("{} / {}: page move {text}: {e}", self.lesson.id, step.id))?;
                self.pages.push((at.clone(), mover.map(|seat| (seat, mv))));
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
            self.show_page(self.pages.len() - 1);
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
        self.pages[0].0.seat_to_move()
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

    /// Whether the learner's last try cost a star (a wrong try beyond the
    /// step's par that lowered [`Self::stars`]); a later try or hint clears it.
    pub fn lost_star(&self) -> bool {
        self.lost_star
    }

    /// A defect in the lesson data met while playing (tests assert none).
    pub fn data_error(&self) -> Option<&str> {
        self.data_error.as_deref()
    }

    /// The learner tries `text`, a move in the game's notation.
    pub fn try_move(&mut self, text: &str) -> Feedback {
        if self.finished || self.step_done || !self.is_act() {
            return Feedback::NotNow;
        }
        match self.position.parse_move(text) {
            Ok(mv) => self.play(mv),
            Err(e) => Feedback::Unreadable { message: e.to_string() },
        }
    }

    /// The board's tap logic refused a try with a rule (a taken cell, a
    /// wall that closes the last path): a wrong try, explained by its rule.
    pub fn refused(&mut self, error: RuleError) -> Feedback {
        if self.finished || self.step_done || !self.is_act() {
            return Feedback::NotNow;
        }
        self.lost_star = false;
        self.count_wrong();
        Feedback::Refused {
            rule: error.rule,
            key: rule_key(error.rule),
            message: error.message,
        }
    }

    fn is_act(&self) -> bool {
        matches!(self.step().kind, StepKind::Act { .. })
    }

    /// The learner may move now: an unfinished action step.
    pub fn awaits_move(&self) -> bool {
        !self.finished && !self.step_done && self.is_act()
    }

    /// The last move a seat made on the board shown, and which seat.
    pub fn last(&self) -> Option<&(Seat, G::Move)> {
        self.last.as_ref()
    }

    /// The moves played on the board shown since the step's setup.
    pub fn history(&self) -> &[G::Move] {
        &self.history
    }

    /// Plays `mv` on the board shown, keeping the last move and the history.
    fn advance(&mut self, mv: G::Move) -> Result<(), RuleError> {
        let mover = match self.position.turn() {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        };
        self.position.play(&mv)?;
        if let Some(seat) = mover {
            self.last = Some((seat, mv.clone()));
        }
        self.history.push(mv);
        Ok(())
    }

    /// The learner plays `mv` (the move a board's taps chose).
    pub fn play(&mut self, mv: G::Move) -> Feedback {
        if !self.awaits_move() {
            return Feedback::NotNow;
        }
        self.lost_star = false;
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
        // The rules speak first: an illegal try is explained by its rule even
        // when the step asks for another kind of action.
        let mut after = self.position.clone();
        if let Err(e) = after.play(&mv) {
            self.count_wrong();
            return Feedback::Refused {
                rule: e.rule,
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
        if let Err(e) = self.advance(mv) {
            self.data_error = Some(format!("{}: the learner's move: {e}", self.step().id));
        }
        for reply in &replies {
            let played = self
                .position
                .parse_move(reply)
                .map_err(|e| e.to_string())
                .and_then(|mv| self.advance(mv).map_err(|e| e.to_string()));
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
        let before = self.stars();
        self.step_wrong += 1;
        let par = match &self.step().kind {
            StepKind::Act { par, .. } => *par,
            StepKind::Page { .. } => 0,
        };
        if self.step_wrong > par {
            self.wrong += 1;
        }
        self.lost_star = self.stars() < before;
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
        self.lost_star = false;
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

    /// The move a hint points at on the board, once a hint was asked for
    /// in this step (the board marks its cells, groove or checkers).
    pub fn hint_move(&self) -> Option<G::Move> {
        let StepKind::Act { hint, .. } = &self.step().kind else {
            return None;
        };
        if self.hint_stage == 0 || !self.awaits_move() {
            return None;
        }
        self.position.parse_move(hint).ok()
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
            self.show_page(self.page + 1);
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
        self.show_page(self.page - 1);
        self.page_label()
    }

    fn show_page(&mut self, page: usize) {
        self.page = page;
        let (position, last) = self.pages[page].clone();
        self.position = position;
        self.last = last;
    }

    /// The seat the board is drawn for: the learner's. In an action step
    /// that is the side to move; a page-through step shows the board from
    /// the side of the learner of the action step that follows it (its
    /// captions say "you"), so the board never turns between pages.
    pub fn seat(&self) -> Seat {
        let steps = &self.lesson.steps[self.step..];
        let act = steps.iter().position(|s| matches!(s.kind, StepKind::Act { .. }));
        let fallback = self.pages[0].0.seat_to_move().unwrap_or(Seat::First);
        match act {
            Some(0) | None => fallback,
            Some(i) => match &steps[i].setup {
                Some(setup) => G::from_setup(setup)
                    .ok()
                    .and_then(|g| g.seat_to_move())
                    .unwrap_or(fallback),
                None => self
                    .pages
                    .last()
                    .and_then(|(g, _)| g.seat_to_move())
                    .unwrap_or(fallback),
            },
        }
    }
}
