//! Hex tools: the GTP engine ([`gtp`]) and the policy's trainer
//! ([`policy_training`]).

pub mod gtp;
pub mod policy_training;
pub mod selfplay_games;
