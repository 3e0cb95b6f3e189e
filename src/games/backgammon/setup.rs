//! Backgammon's setup form: the opponent (the opening roll decides who
//! starts, B4).

use crate::i18n::{tr, Lang};
use crate::screens::setup::{slot_state, start, Choice, OpponentField, SetupFrame, SetupMemory};
use crate::storage::Store;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::backgammon::Backgammon;
use papan_rules::GameId;

#[component]
pub fn BackgammonSetup(lang: Lang) -> Element {
    let memory = use_hook(|| SetupMemory::load(&Store::app(), GameId::Backgammon));
    let opponent = use_signal(|| memory.opponent(Some(Level::Beginner)));
    let error = use_signal(|| None::<String>);
    let (load_error, resumable) = slot_state::<Backgammon>();
    let on_start = move |_| {
        SetupMemory::default()
            .set_opponent(opponent())
            .save(&Store::app(), GameId::Backgammon);
        start(Choice::<Backgammon>::against(opponent()), error);
    };
    rsx! {
        SetupFrame { lang, game: GameId::Backgammon, load_error, resumable, error: error(), on_start,
            OpponentField { lang, opponent, hint: None }
            section { class: "field",
                h2 { class: "field-title", {tr(lang, "setup-starts")} }
                p { class: "field-hint", {tr(lang, "backgammon-starts-hint")} }
            }
        }
    }
}
