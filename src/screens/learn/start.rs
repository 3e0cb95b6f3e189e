//! Where the Learn buttons lead, and starting a game against the Beginner
//! bot after a lesson (through each game's own controller and slot).

use super::load_progress;
use crate::games::with_game;
use crate::i18n::{tr, Lang};
use crate::screens::setup::{begin, Choice, Starts};
use crate::shell::GameUi;
use crate::storage::Store;
use crate::tutorial::catalog::next_lesson;
use crate::tutorial::GameId;
use crate::Route;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::clock::Tempo;

/// The lesson player route for the first unfinished lesson of `game`.
pub fn learn_route(game: GameId, store: &Store) -> Route {
    let card = next_lesson(game, &load_progress(store));
    Route::LessonScreen {
        game,
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
/// first (Hex on the 7×7 board of the lessons), and returns the play route;
/// the error is shown on the lesson screen.
pub fn start_beginner(game: GameId) -> Result<Route, String> {
    fn choice<G: GameUi>(options: G::Options) -> Choice<G> {
        Choice {
            options,
            opponent: Some(Level::Beginner),
            starts: Starts::Me,
            tempo: Tempo::Unlimited,
            alternate: G::ALTERNATE,
        }
    }
    with_game!(game, G => begin(choice::<G>(G::lesson_options())))
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
