//! Hex tools: the GTP engine ([`gtp`]) and the trainers of the policy
//! ([`policy_training`]) and of the value on its layers ([`value_training`]).

pub mod balancing;
pub mod gtp;
pub mod policy_training;
pub mod selfplay_games;
pub mod value_training;
