//! The bots crate's integration tests, one binary (each module was a
//! binary of its own, compiled at opt-level 3 and linked apart). New test
//! files go here as modules.

mod backgammon_bot;
mod bot_tuning;
mod hadang_bot;
mod junqi_bot;
mod junqi_state;
