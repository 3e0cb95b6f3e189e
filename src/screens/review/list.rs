//! `/games`: the finished games kept on this device, newest first; a tap
//! reopens one into its review.

use crate::i18n::{tr, tr_args, Lang};
use crate::play::finished::{self, Finished};
use crate::screens::TopBar;
use crate::settings::AppSettings;
use crate::shell::texts::Seating;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::GameId;

/// Reads `text` as a game of `game`, in that game's format.
fn import(game: GameId, text: &str) -> Result<Finished, String> {
    match game {
        GameId::Hex => finished::import::<Hex>(text),
        GameId::Hadang => finished::import::<Hadang>(text),
        GameId::Junqi => finished::import::<JunQi>(text),
        GameId::Backgammon => finished::import::<Backgammon>(text),
    }
}

/// Paste a game exported as text (Papan's, HexGui's SGF, gnubg's `.mat`)
/// and open it in the review; a text that does not read says why.
#[component]
fn ImportCard(lang: Lang) -> Element {
    let mut game = use_signal(|| GameId::Hex);
    let mut text = use_signal(String::new);
    let mut error = use_signal(|| None::<String>);
    let nav = navigator();
    let on_import = move |_| {
        let kept = import(game(), &text.read()).and_then(|entry| {
            let key = entry.key.clone();
            finished::remember(&Store::app(), entry).map(|_| key)
        });
        match kept {
            Ok(key) => {
                nav.push(Route::Review { id: key });
            }
            Err(reason) => error.set(Some(reason)),
        }
    };
    rsx! {
        details { class: "card import-card", "data-testid": "import",
            summary { class: "import-title", {tr(lang, "import-title")} }
            p { class: "muted import-help", {tr(lang, "import-help")} }
            div { class: "segmented import-games", role: "radiogroup", "aria-label": tr(lang, "import-game"),
                for g in GameId::ALL {
                    button {
                        key: "{g}",
                        class: if game() == g { "seg selected" } else { "seg" },
                        role: "radio",
                        "aria-checked": "{game() == g}",
                        "data-testid": "import-{g}",
                        onclick: move |_| { game.set(g); error.set(None); },
                        {tr(lang, crate::screens::game_name_key(g))}
                    }
                }
            }
            textarea {
                class: "import-text",
                "data-testid": "import-text",
                "aria-label": tr(lang, "import-text"),
                rows: "6",
                spellcheck: "false",
                value: "{text}",
                oninput: move |e| { text.set(e.value()); error.set(None); },
            }
            if let Some(reason) = error() {
                p { class: "notice notice-error", role: "alert", "data-testid": "import-error",
                    {tr_args(lang, "import-refused", &[("reason", reason)])}
                }
            }
            button { class: "btn btn-primary", "data-testid": "import-go", disabled: text.read().trim().is_empty(),
                onclick: on_import, {tr(lang, "import-go")} }
        }
    }
}

/// How a kept game names its seats.
pub fn seating(entry: &Finished) -> Seating {
    Seating::of(&entry.players, entry.local)
}

/// "You won", "Normal bot won", "Draw", "Not finished".
fn result_text(lang: Lang, entry: &Finished) -> String {
    match entry.outcome {
        Some(outcome) => match outcome.winner {
            Some(seat) => tr_args(lang, "finished-won", &[("who", seating(entry).who(lang, seat))]),
            None => tr(lang, "finished-draw"),
        },
        None => tr(lang, "finished-unfinished"),
    }
}

#[component]
pub fn FinishedGames() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let loaded = use_hook(|| finished::load(&Store::app()));
    let nav = navigator();
    let (games, error) = match loaded {
        Ok(games) => (games, None),
        Err(corrupt) => (Vec::new(), Some(corrupt.to_string())),
    };
    rsx! {
        div { class: "screen finished-screen",
            TopBar { lang, title: tr(lang, "finished-title"), back: Some(Route::Home {}) }
            main { class: "content finished-content",
                if let Some(reason) = error {
                    p { class: "notice notice-error", role: "alert", "data-testid": "finished-error",
                        {tr_args(lang, "finished-corrupt", &[("reason", reason)])}
                    }
                }
                ImportCard { lang }
                if games.is_empty() {
                    p { class: "muted", "data-testid": "finished-empty", {tr(lang, "finished-empty")} }
                }
                ul { class: "finished-list", "data-testid": "finished-list",
                    for entry in games {
                        li { key: "{entry.key}",
                            button {
                                class: "card finished-card",
                                "data-testid": "finished-game",
                                "data-game": "{entry.game}",
                                "data-key": "{entry.key}",
                                onclick: {
                                    let key = entry.key.clone();
                                    move |_| { nav.push(Route::Review { id: key.clone() }); }
                                },
                                span { class: "finished-game-name", {tr(lang, crate::screens::game_name_key(entry.game))} }
                                span { class: "finished-result", {result_text(lang, &entry)} }
                                span { class: "finished-meta muted",
                                    {tr_args(lang, "finished-meta", &[
                                        ("opponent", seating(&entry).who(lang, entry.local.other())),
                                        ("moves", entry.moves.to_string()),
                                    ])}
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The home screen's way in: "Finished games", with how many are kept.
#[component]
pub fn FinishedCard(lang: Lang) -> Element {
    let nav = navigator();
    let count = use_hook(|| finished::load(&Store::app()).map_or(0, |g| g.len()));
    rsx! {
        button {
            class: "continue-card learn-card finished-link",
            "data-testid": "finished-games",
            onclick: move |_| { nav.push(Route::FinishedGames {}); },
            span { class: "continue-text",
                span { class: "continue-title", {tr(lang, "finished-title")} }
                span { class: "continue-sub", {tr_args(lang, "finished-sub", &[("count", count.to_string())])} }
            }
            span { class: "chevron", "›" }
        }
    }
}
