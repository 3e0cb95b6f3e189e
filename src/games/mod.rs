//! The four games in the app. Each brings its board (a pure view of a
//! position and marks), its tap state and what the shell needs to name
//! its sides and notices; everything else is shared (`play`, `shell`).

pub mod backgammon;
pub mod hadang;
pub mod hex;
pub mod junqi;
pub mod keys;
