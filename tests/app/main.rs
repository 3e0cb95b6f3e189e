//! The app's tests without a browser, one binary (each module was a binary
//! of its own, compiling and linking the app apart). New test files go here
//! as modules.

#[path = "../support/mod.rs"]
mod support;

mod backgammon_components;
mod backgammon_numbering;
mod backgammon_play;
mod cli_help;
mod components;
mod correspondence_components;
mod hadang_components;
mod hadang_play;
mod hex_play;
mod history_review;
mod i18n_keys;
mod imports_match;
mod junqi_components;
mod junqi_play;
mod mistakes;
mod online_open_games;
mod online_session;
mod online_tables;
mod online_transfer;
mod puzzle_screens;
mod review_components;
mod review_kept;
mod rules_pages;
mod steady_play;
mod tutorial_engine;
mod tutorial_lessons;
mod tutorial_screens;
