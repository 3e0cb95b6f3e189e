//! `/:game/play`: the game on this device, in the one play shell.

use crate::shell::offline::OfflinePlay;
use dioxus::prelude::*;
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::GameId;
use std::marker::PhantomData;

#[component]
pub fn Play(game: GameId) -> Element {
    match game {
        GameId::Hex => rsx! { OfflinePlay { game: PhantomData::<Hex> } },
        GameId::Hadang => rsx! { OfflinePlay { game: PhantomData::<Hadang> } },
        GameId::Junqi => rsx! { OfflinePlay { game: PhantomData::<JunQi> } },
        GameId::Backgammon => rsx! { OfflinePlay { game: PhantomData::<Backgammon> } },
    }
}
