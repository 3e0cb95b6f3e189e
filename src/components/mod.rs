//! Presentational pieces: they take data and callbacks, hold no game state.

pub mod backgammon;
pub mod hadang;
pub mod hex_board;
pub mod hex_geometry;
pub mod icons;
pub mod junqi;
pub mod resign_sheet;
pub mod result_banner;
pub mod tutorial;
