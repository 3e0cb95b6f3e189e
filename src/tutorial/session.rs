//! [`AnyLesson`]: a [`LessonPlayer`] of whichever game the route names, so
//! one screen drives all four games.

use super::lesson::find_lesson;
use super::{Advance, Feedback, GameId, HintStage, Lesson, LessonPlayer, TutorialGame};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;

// One lesson is open per screen, so the variants' size difference costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum AnyLesson {
    Hex(LessonPlayer<Hex>),
    Hadang(LessonPlayer<Hadang>),
    Backgammon(LessonPlayer<Backgammon>),
    Junqi(LessonPlayer<JunQi>),
}

/// Runs `$body` with `$p` bound to the inner player, whatever the game.
macro_rules! each {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            AnyLesson::Hex($p) => $body,
            AnyLesson::Hadang($p) => $body,
            AnyLesson::Backgammon($p) => $body,
            AnyLesson::Junqi($p) => $body,
        }
    };
}

impl AnyLesson {
    /// Opens lesson `id` of `game` at `step`; `None` for an unknown lesson
    /// or one of another game.
    pub fn open(game: GameId, id: &str, step: usize) -> Result<AnyLesson, String> {
        let (found, lesson) = find_lesson(id).ok_or_else(|| format!("no lesson {id}"))?;
        if found != game {
            return Err(format!("{id} is not a {} lesson", game.code()));
        }
        Ok(match game {
            GameId::Hex => AnyLesson::Hex(LessonPlayer::start_at(lesson, step)?),
            GameId::Hadang => AnyLesson::Hadang(LessonPlayer::start_at(lesson, step)?),
            GameId::Backgammon => AnyLesson::Backgammon(LessonPlayer::start_at(lesson, step)?),
            GameId::Junqi => AnyLesson::Junqi(LessonPlayer::start_at(lesson, step)?),
        })
    }

    pub fn game(&self) -> GameId {
        match self {
            AnyLesson::Hex(_) => GameId::Hex,
            AnyLesson::Hadang(_) => GameId::Hadang,
            AnyLesson::Backgammon(_) => GameId::Backgammon,
            AnyLesson::Junqi(_) => GameId::Junqi,
        }
    }

    pub fn lesson(&self) -> &Lesson {
        each!(self, p => p.lesson())
    }
    pub fn try_move(&mut self, text: &str) -> Feedback {
        each!(self, p => p.try_move(text))
    }
    pub fn hint(&mut self) -> HintStage {
        each!(self, p => p.hint())
    }
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Advance {
        each!(self, p => p.next())
    }
    pub fn previous_page(&mut self) -> Option<(usize, usize)> {
        each!(self, p => p.previous_page())
    }
    pub fn prompt_key(&self) -> String {
        each!(self, p => p.prompt_key().to_string())
    }
    pub fn page_label(&self) -> Option<(usize, usize)> {
        each!(self, p => p.page_label())
    }
    pub fn stars(&self) -> u8 {
        each!(self, p => p.stars())
    }
    /// Whether the learner's last try cost a star.
    pub fn lost_star(&self) -> bool {
        each!(self, p => p.lost_star())
    }
    pub fn is_step_done(&self) -> bool {
        each!(self, p => p.is_step_done())
    }
    pub fn is_finished(&self) -> bool {
        each!(self, p => p.is_finished())
    }
    pub fn step_index(&self) -> usize {
        each!(self, p => p.step_index())
    }
    pub fn step_count(&self) -> usize {
        each!(self, p => p.step_count())
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

macro_rules! lesson_game {
    ($game:ty, $variant:ident) => {
        impl LessonGame for $game {
            fn player(any: &AnyLesson) -> Option<&LessonPlayer<$game>> {
                match any {
                    AnyLesson::$variant(p) => Some(p),
                    _ => None,
                }
            }

            fn player_mut(any: &mut AnyLesson) -> Option<&mut LessonPlayer<$game>> {
                match any {
                    AnyLesson::$variant(p) => Some(p),
                    _ => None,
                }
            }
        }
    };
}

lesson_game!(Hex, Hex);
lesson_game!(Hadang, Hadang);
lesson_game!(Backgammon, Backgammon);
lesson_game!(JunQi, Junqi);
