//! Jun Qi flip pieces of the UI: the board, the piece statistics panel, the
//! result banner and the localized piece names. They render a seat's view
//! only (J21): nothing here can show a face-down identity.

pub mod board;
pub mod names;
pub mod result;
pub mod stats;
