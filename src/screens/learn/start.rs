//! Where the Learn buttons lead, and starting a game against the Beginner
//! bot after a lesson (through each game's own controller and slot).

use super::load_progress;
use crate::controllers::backgammon::BackgammonController;
use crate::controllers::hadang::{monotonic_ms, HadangController};
use crate::controllers::hex::HexController;
use crate::controllers::junqi::JunQiController;
use crate::i18n::{tr, Lang};
use crate::saved_game::save_hex;
use crate::storage::Store;
use crate::timer::now_ms;
use crate::tutorial::catalog::next_lesson;
use crate::tutorial::GameId;
use crate::{HexSlot, Route};
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::clock::Tempo;

/// The lesson player route for the first unfinished lesson of `game`.
pub fn learn_route(game: GameId, store: &Store) -> Route {
    let card = next_lesson(game, &load_progress(store));
    Route::LessonScreen {
        game: game.code().to_string(),
        lesson: card.id.to_string(),
    }
}

/// A setup screen's "Learn" button: opens the game's first unfinished lesson.
#[component]
pub fn LearnButton(game: GameId, lang: Lang) -> Element {
    let nav = navigator();
    rsx! {
        button {
            class: "btn btn-ghost learn-btn",
            "data-testid": "learn-{game.code()}",
            onclick: move |_| { nav.push(learn_route(game, &Store::app())); },
            {tr(lang, "tutorial-learn")}
        }
    }
}

/// Starts a new game of `game` against the Beginner bot, the learner moving
/// first, and returns the play route; the error is shown on the lesson screen.
pub fn start_beginner(game: GameId, hex_slot: &mut HexSlot) -> Result<Route, String> {
    let store = Store::app();
    let seed = now_ms();
    match game {
        GameId::Hex => {
            let game =
                HexController::from_setup(7, false, Some(Level::Beginner), true, seed).map_err(|e| e.to_string())?;
            save_hex(&store, &game)?;
            hex_slot.0.set(Some(game));
            Ok(Route::HexPlay {})
        }
        GameId::Hadang => {
            let game =
                HadangController::from_setup(Some(Level::Beginner), true, Tempo::Unlimited, seed, monotonic_ms());
            crate::screens::hadang::slot::save_hadang(&store, &game)?;
            let mut state = crate::screens::hadang::slot::HADANG.write();
            state.game = Some(game);
            state.load_error = None;
            Ok(Route::HadangPlay {})
        }
        GameId::Backgammon => {
            let game = BackgammonController::from_setup(Some(Level::Beginner), seed).map_err(|e| e.to_string())?;
            crate::screens::backgammon::slot::save_backgammon(&store, &game)?;
            let mut state = crate::screens::backgammon::slot::BACKGAMMON.write();
            state.game = Some(game);
            state.load_error = None;
            Ok(Route::BackgammonPlay {})
        }
        GameId::Junqi => {
            let game = JunQiController::from_setup(Some(Level::Beginner), seed).map_err(|e| e.to_string())?;
            crate::screens::junqi::save(&store, &game)?;
            crate::screens::junqi::JUNQI.write().game = Some(game);
            Ok(Route::JunQiPlay {})
        }
    }
}

/// The home screen's entry to the lesson list.
#[component]
pub fn LearnCard(lang: Lang) -> Element {
    let nav = navigator();
    rsx! {
        button {
            class: "continue-card learn-card",
            "data-testid": "learn",
            onclick: move |_| { nav.push(Route::Learn {}); },
            span { class: "continue-text",
                span { class: "continue-title", {tr(lang, "tutorial-learn")} }
                span { class: "continue-sub", {tr(lang, "tutorial-learn-sub")} }
            }
            span { class: "chevron", "›" }
        }
    }
}
