//! Glicko-2 ratings per game: the arithmetic is shared with the app's
//! puzzle ratings ([`papan_api::ratings`]). Each store keeps the standings
//! its own way (SQLite inside the transaction of the event that ended the
//! game, the cluster in a key-value bucket).

pub use papan_api::ratings::{after_game, Standing};
