//! [`AnyLesson`]: a [`LessonPlayer`] of whichever game the route names, so
//! one screen drives all four games.

use super::lesson::find_lesson;
use super::{Advance, Feedback, GameId, HintStage, Lesson, LessonPlayer, TutorialGame};
use std::any::Any;

/// What a lesson screen asks of a lesson, whatever its game.
trait Player: Any {
    fn game(&self) -> GameId;
    fn lesson(&self) -> &Lesson;
    fn try_move(&mut self, text: &str) -> Feedback;
    fn hint(&mut self) -> HintStage;
    fn next(&mut self) -> Advance;
    fn previous_page(&mut self) -> Option<(usize, usize)>;
    fn prompt_key(&self) -> String;
    fn page_label(&self) -> Option<(usize, usize)>;
    fn stars(&self) -> u8;
    fn lost_star(&self) -> bool;
    fn is_step_done(&self) -> bool;
    fn is_finished(&self) -> bool;
    fn step_index(&self) -> usize;
    fn step_count(&self) -> usize;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<G: TutorialGame + 'static> Player for LessonPlayer<G> {
    fn game(&self) -> GameId {
        G::GAME
    }
    fn lesson(&self) -> &Lesson {
        LessonPlayer::lesson(self)
    }
    fn try_move(&mut self, text: &str) -> Feedback {
        LessonPlayer::try_move(self, text)
    }
    fn hint(&mut self) -> HintStage {
        LessonPlayer::hint(self)
    }
    fn next(&mut self) -> Advance {
        LessonPlayer::next(self)
    }
    fn previous_page(&mut self) -> Option<(usize, usize)> {
        LessonPlayer::previous_page(self)
    }
    fn prompt_key(&self) -> String {
        LessonPlayer::prompt_key(self).to_string()
    }
    fn page_label(&self) -> Option<(usize, usize)> {
        LessonPlayer::page_label(self)
    }
    fn stars(&self) -> u8 {
        LessonPlayer::stars(self)
    }
    fn lost_star(&self) -> bool {
        LessonPlayer::lost_star(self)
    }
    fn is_step_done(&self) -> bool {
        LessonPlayer::is_step_done(self)
    }
    fn is_finished(&self) -> bool {
        LessonPlayer::is_finished(self)
    }
    fn step_index(&self) -> usize {
        LessonPlayer::step_index(self)
    }
    fn step_count(&self) -> usize {
        LessonPlayer::step_count(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A lesson of any game: its [`LessonPlayer`], reached by code generic
/// over the game through [`LessonGame`].
pub struct AnyLesson(Box<dyn Player>);

impl AnyLesson {
    /// Opens lesson `id` of `game` at `step`; `None` for an unknown lesson
    /// or one of another game.
    pub fn open(game: GameId, id: &str, step: usize) -> Result<AnyLesson, String> {
        let (found, lesson) = find_lesson(id).ok_or_else(|| format!("no lesson {id}"))?;
        if found != game {
            return Err(format!("{id} is not a {} lesson", game.code()));
        }
        Ok(AnyLesson(crate::games::with_game!(game, G => {
            Box::new(LessonPlayer::<G>::start_at(lesson, step)?)
        })))
    }

    pub fn game(&self) -> GameId {
        self.0.game()
    }

    pub fn lesson(&self) -> &Lesson {
        self.0.lesson()
    }
    pub fn try_move(&mut self, text: &str) -> Feedback {
        self.0.try_move(text)
    }
    pub fn hint(&mut self) -> HintStage {
        self.0.hint()
    }
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Advance {
        self.0.next()
    }
    pub fn previous_page(&mut self) -> Option<(usize, usize)> {
        self.0.previous_page()
    }
    pub fn prompt_key(&self) -> String {
        self.0.prompt_key()
    }
    pub fn page_label(&self) -> Option<(usize, usize)> {
        self.0.page_label()
    }
    pub fn stars(&self) -> u8 {
        self.0.stars()
    }
    /// Whether the learner's last try cost a star.
    pub fn lost_star(&self) -> bool {
        self.0.lost_star()
    }
    pub fn is_step_done(&self) -> bool {
        self.0.is_step_done()
    }
    pub fn is_finished(&self) -> bool {
        self.0.is_finished()
    }
    pub fn step_index(&self) -> usize {
        self.0.step_index()
    }
    pub fn step_count(&self) -> usize {
        self.0.step_count()
    }
    /// Whether the open step waits for the learner's move.
    pub fn is_act(&self) -> bool {
        self.page_label().is_none()
    }
}

/// A game whose lessons an [`AnyLesson`] can hold: lets code generic over
/// the game reach the player inside.
pub trait LessonGame: TutorialGame {
    fn player(any: &AnyLesson) -> Option<&LessonPlayer<Self>>;
    fn player_mut(any: &mut AnyLesson) -> Option<&mut LessonPlayer<Self>>;
}

impl<G: TutorialGame + 'static> LessonGame for G {
    fn player(any: &AnyLesson) -> Option<&LessonPlayer<G>> {
        any.0.as_any().downcast_ref()
    }

    fn player_mut(any: &mut AnyLesson) -> Option<&mut LessonPlayer<G>> {
        any.0.as_any_mut().downcast_mut()
    }
}
