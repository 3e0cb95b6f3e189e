//! `/:game/play`: the game on this device, in the one play shell.

use crate::games::with_game;
use crate::shell::offline::OfflinePlay;
use dioxus::prelude::*;
use papan_rules::GameId;
use std::marker::PhantomData;

#[component]
pub fn Play(game: GameId) -> Element {
    with_game!(game, G => rsx! { OfflinePlay { game: PhantomData::<G> } })
}
