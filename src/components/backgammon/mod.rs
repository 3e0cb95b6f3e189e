//! Backgammon pieces: the board (SVG), its geometry, the result card and the notice line.

pub mod banner;
pub mod board;
pub mod geometry;
pub mod notice;
