//! The rules crate's integration tests, one binary: each module was a test
//! binary of its own, and every binary recompiled the rules' generic code
//! at opt-level 3 and linked again (most of a cold test build). New test
//! files go here as modules.

#[macro_use]
mod support;

mod backgammon_gnubg;
mod backgammon_mat_gnubg;
mod backgammon_mat_match;
mod backgammon_rules;
mod backgammon_turn;
mod clock;
mod hadang_perft;
mod hadang_rules;
mod hex_rules;
mod hex_sgf;
mod junqi_properties;
mod junqi_rules;
mod rule_docs;
mod transcript_names;
mod transcripts;
