//! Backgammon pieces: the board (SVG), its geometry and the result card.

pub mod banner;
pub mod board;
pub mod geometry;
