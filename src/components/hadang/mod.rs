//! HADANG's presentational pieces: the board and the players' panels.

pub mod banner;
pub mod board;
pub mod geometry;
pub mod panel;
