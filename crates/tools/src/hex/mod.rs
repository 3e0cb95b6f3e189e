//! Hex tools: the GTP engine ([`gtp`]).

pub mod gtp;
