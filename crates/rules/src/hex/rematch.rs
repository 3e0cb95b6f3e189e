//! Rematches (X8): who plays first in each game of a series.
//!
//! A [`Hex`](super::Hex) game always starts with its `Seat::First` playing
//! Red (X4). Over a rematch the app keeps the players at fixed *table*
//! seats and, game by game, asks this module which table seat takes the
//! game's first seat.

use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// The rematch option of X8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct RematchOptions {
    /// The first player alternates between games; on by default (X8).
    pub alternate_first: bool,
}

impl Default for RematchOptions {
    fn default() -> RematchOptions {
        RematchOptions { alternate_first: true }
    }
}

impl RematchOptions {
    /// The table seat that plays first (Red) in game `game_index`.
    pub fn first_seat_for_game(&self, game_index: u32) -> Seat {
        first_seat_for_game(game_index, self.alternate_first)
    }
}

/// The table seat that plays first (Red) in game `game_index` (0 = the
/// first game) of a rematch. With `alternate` (X8, on by default) the
/// table seats take turns; without it the first table seat always starts.
pub fn first_seat_for_game(game_index: u32, alternate: bool) -> Seat {
    if alternate && game_index % 2 == 1 {
        Seat::Second
    } else {
        Seat::First
    }
}
