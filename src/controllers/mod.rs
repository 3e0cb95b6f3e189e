//! UI-free state machines behind the screens: plain Rust, tested with tap
//! sequences, no rule of their own (rules come from `papan_rules`).

pub mod backgammon;
pub mod hadang;
pub mod hex;
pub mod junqi;
