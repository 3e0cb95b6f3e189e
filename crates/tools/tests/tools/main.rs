//! The tools crate's integration tests, one binary (each module was a
//! binary of its own, compiled at opt-level 3 and linked apart). New test
//! files go here as modules.

mod bg_engine;
mod help;
mod hex_patterns;
mod hex_policy;
mod puzzles;
mod strength;
