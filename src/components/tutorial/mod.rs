//! Tutorial pieces: a lesson of any of the four games behind one type, and
//! small lesson boards that draw a lesson position (any position, not only
//! one reached by a game record) and turn taps into moves in notation.
//!
//! The play-screen boards take a game controller built from a record; a
//! lesson starts from an arbitrary setup, so these boards draw straight
//! from the position with the play boards' geometry and CSS classes.

pub mod boards;
pub mod session;

pub use boards::{BackgammonLessonBoard, HadangLessonBoard, HexLessonBoard, JunQiLessonBoard};
pub use session::AnyLesson;
