//! The puzzle screens: `/puzzles` (the daily puzzle with its streak, each
//! game's rating), `/puzzles/:game` (puzzles near the player's rating, a
//! theme to pick) and `/puzzles/daily`. A try is a move on the game's real
//! board: right, "Correct" and why; wrong, "Not this one", why when the data
//! or the rules say, then Try again or Show solution. Only the first try at
//! a puzzle moves the rating (UI-free logic: [`crate::puzzles`]).

mod board;
mod mistakes;
mod own;

pub use board::{position, PuzzleBoard, PuzzleTap, Setup};
pub use mistakes::{MistakeDeck, MistakeFirst, MistakesCard};

use crate::components::{game_name_key, TopBar};
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::puzzles::own::{is_own, OwnPuzzles, OWN_THEME};
use crate::puzzles::{
    answer_of, choose, daily_game, daily_index, load_set, themes, today, why, Day, Puzzle, PuzzleStats, SHIPPED,
};
use crate::settings::AppSettings;
use crate::shell::GameUi;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_rules::GameId;
use std::marker::PhantomData;

fn load_stats() -> PuzzleStats {
    PuzzleStats::load(&Store::app()).0
}

fn save_stats(stats: &PuzzleStats) {
    if let Err(e) = stats.save(&Store::app()) {
        crate::diag::warn(&format!("could not save puzzle ratings: {e}"));
    }
}

/// A theme's name, or the theme id where no wording exists yet.
fn theme_name(lang: Lang, theme: &str) -> String {
    let key = format!("puzzle-theme-{theme}");
    let text = tr(lang, &key);
    if text == key {
        theme.to_string()
    } else {
        text
    }
}

/// The home screen's entry to the puzzles.
#[component]
pub fn PuzzlesCard(lang: Lang) -> Element {
    let nav = navigator();
    rsx! {
        button {
            class: "continue-card learn-card puzzles-card",
            "data-testid": "puzzles",
            onclick: move |_| { nav.push(Route::Puzzles {}); },
            span { class: "continue-text",
                span { class: "continue-title", {tr(lang, "puzzles-title")} }
                span { class: "continue-sub", {tr(lang, "puzzles-sub")} }
            }
            span { class: "chevron", "›" }
        }
    }
}

/// `/puzzles`.
#[component]
pub fn Puzzles() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    let stats = use_hook(load_stats);
    let day = use_hook(today);
    let daily = daily_game(day);
    let streak = stats.daily.streak_on(day);
    let daily_state = if stats.daily.last_solved == Some(day) {
        Some(tr(lang, "puzzles-daily-solved"))
    } else if stats.daily.tried_on(day) {
        Some(tr(lang, "puzzles-daily-tried"))
    } else {
        None
    };
    rsx! {
        div { class: "screen puzzles-screen", "data-testid": "puzzles-screen",
            TopBar { lang, title: tr(lang, "puzzles-title"), back: Some(Route::Home {}) }
            main { class: "content puzzles-list",
                button {
                    class: "continue-card puzzle-daily-card",
                    "data-testid": "puzzle-daily",
                    "data-game": "{daily.code()}",
                    onclick: move |_| { nav.push(Route::PuzzleDaily {}); },
                    span { class: "continue-text",
                        span { class: "continue-title", {tr(lang, "puzzles-daily")} }
                        span { class: "continue-sub",
                            {tr_args(lang, "puzzles-daily-game", &[("game", tr(lang, game_name_key(daily)))])}
                        }
                        if let Some(state) = daily_state {
                            span { class: "continue-sub", "data-testid": "puzzle-daily-state", "{state}" }
                        }
                        span { class: "continue-sub", "data-testid": "puzzle-streak", "data-streak": "{streak}",
                            {tr_args(lang, "puzzles-streak", &[("count", streak.to_string())])}
                            " · "
                            {tr_args(lang, "puzzles-streak-best", &[("count", stats.daily.best.to_string())])}
                        }
                    }
                    span { class: "chevron", "›" }
                }
                MistakesCard { lang }
                own::OwnPuzzlesLine { lang }
                div { class: "puzzle-games",
                    for game in GameId::ALL {
                        {
                            let record = stats.game(game);
                            rsx! {
                                button {
                                    key: "{game}",
                                    class: "puzzle-game-card",
                                    "data-testid": "puzzles-{game}",
                                    "data-rating": "{stats.shown_rating(game)}",
                                    onclick: move |_| { nav.push(Route::PuzzlePlay { game }); },
                                    span { class: "puzzle-game-name", {tr(lang, game_name_key(game))} }
                                    span { class: "puzzle-game-meta",
                                        {tr_args(lang, "puzzles-rating", &[("rating", stats.shown_rating(game).to_string())])}
                                    }
                                    span { class: "puzzle-game-meta",
                                        {tr_args(lang, "puzzles-solved-count", &[("count", record.solved.to_string())])}
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `/puzzles/:game`.
#[component]
pub fn PuzzlePlay(game: GameId) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    rsx! {
        for game in [game] {
            PuzzleSession { key: "{game}", lang, game, daily: None }
        }
    }
}

/// `/puzzles/daily`: today's puzzle, the same for everyone on the date.
#[component]
pub fn PuzzleDaily() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let day = use_hook(today);
    rsx! {
        PuzzleSession { lang, game: daily_game(day), daily: Some(day) }
    }
}

/// Where a puzzle stands.
#[derive(Clone, Debug, PartialEq)]
enum Phase {
    Solving,
    Solved,
    Wrong { tried: String },
    Shown,
}

/// The sets as loaded: `None` while loading.
type Loaded = Option<Result<Vec<Puzzle>, String>>;

#[component]
fn PuzzleSession(lang: Lang, game: GameId, daily: Option<Day>) -> Element {
    let mut loaded = use_signal(|| None::<Result<Vec<Puzzle>, String>>);
    use_hook(move || {
        spawn(async move {
            // The daily puzzle comes from the shipped set alone: the same
            // for everyone on the date.
            let set = load_set(game).await.map(|mut set| {
                if daily.is_none() {
                    set.extend(OwnPuzzles::load(&Store::app()).0.of_game(game));
                }
                set
            });
            loaded.set(Some(set));
        });
    });
    let title = if daily.is_some() {
        tr(lang, "puzzles-daily")
    } else {
        tr(lang, game_name_key(game))
    };
    let set: Loaded = loaded.read().clone();
    let body = match set {
        None => {
            rsx! { p { class: "puzzles-loading", "data-testid": "puzzles-loading", {tr(lang, "puzzles-loading")} } }
        }
        Some(Err(reason)) => {
            let text = if SHIPPED.contains(&game) {
                tr_args(lang, "puzzles-load-failed", &[("reason", reason)])
            } else {
                tr(lang, "puzzles-none")
            };
            rsx! { p { class: "notice notice-error", role: "alert", "data-testid": "puzzles-missing", "{text}" } }
        }
        Some(Ok(puzzles)) => rsx! { PuzzleSolver { lang, game, daily, puzzles } },
    };
    rsx! {
        div { class: "screen puzzle-screen", "data-testid": "puzzle-screen", "data-game": "{game.code()}",
            TopBar { lang, title, back: Some(Route::Puzzles {}) }
            main { class: "content lesson-content puzzle-content", {body} }
        }
    }
}

/// The first puzzle to show: the daily, or one near the player's rating.
fn first_pick(puzzles: &[Puzzle], game: GameId, daily: Option<Day>, stats: &PuzzleStats, seed: u64) -> usize {
    match daily {
        Some(day) => daily_index(day, puzzles.len()),
        None => {
            let record = stats.game(game);
            choose(puzzles, record.standing.rating, None, &record.done, seed).unwrap_or(0)
        }
    }
}

#[component]
fn PuzzleSolver(lang: Lang, game: GameId, daily: Option<Day>, puzzles: Vec<Puzzle>) -> Element {
    let nav = navigator();
    let mut stats = use_signal(load_stats);
    // Seeds for the choice: the visit's start and a counter, never the logic's clock.
    let mut picks = use_signal(|| 0u64);
    let visit = use_hook(|| crate::puzzles::mix(today() as u64 ^ stats.peek().game(game).done.len() as u64));
    let mut theme = use_signal(|| None::<String>);
    let mut current = use_signal({
        let puzzles = puzzles.clone();
        move || first_pick(&puzzles, game, daily, &stats.peek(), visit)
    });
    let mut phase = use_signal(|| Phase::Solving);
    // Whether this puzzle's first try is in (the daily: already tried today).
    let mut rated = use_signal(move || daily.is_some_and(|d| stats.peek().daily.tried_on(d)));
    let mut change = use_signal(|| None::<i64>);
    let mut note = use_signal(|| None::<String>);

    let next = use_callback({
        let puzzles = puzzles.clone();
        move |chosen_theme: Option<String>| {
            *picks.write() += 1;
            let record = stats.peek().game(game);
            let seed = visit ^ crate::puzzles::mix(picks());
            let pick = choose(
                &puzzles,
                record.standing.rating,
                chosen_theme.as_deref(),
                &record.done,
                seed,
            );
            if let Some(i) = pick {
                current.set(i);
            }
            phase.set(Phase::Solving);
            rated.set(false);
            change.set(None);
            note.set(None);
        }
    });

    let Some(puzzle) = puzzles.get(current()).cloned() else {
        return rsx! {};
    };
    let mut all_themes = themes(&puzzles);
    if puzzles.iter().any(is_own) {
        all_themes.insert(0, OWN_THEME.to_string());
    }
    let side_name = with_game!(game, G => side_of::<G>(lang, &puzzle));
    let rating = stats.read().shown_rating(game);

    let on_tap = {
        let puzzle = puzzle.clone();
        move |tap: PuzzleTap| match tap {
            PuzzleTap::Note(text) => note.set(Some(text)),
            PuzzleTap::Move { text: mv, correct } => {
                if phase() != Phase::Solving {
                    return;
                }
                note.set(None);
                if !rated() {
                    rated.set(true);
                    let before = stats.peek().shown_rating(game) as i64;
                    let mut s = stats.write();
                    s.record_try(game, &puzzle, correct);
                    if let Some(day) = daily {
                        s.daily.record(day, correct);
                    }
                    save_stats(&s);
                    change.set(Some(s.shown_rating(game) as i64 - before));
                }
                phase.set(if correct {
                    Phase::Solved
                } else {
                    Phase::Wrong { tried: mv }
                });
            }
        }
    };

    let current_phase = phase();
    let played = match &current_phase {
        Phase::Solved => Some(answer_of(&puzzle).to_string()),
        Phase::Wrong { tried } => Some(tried.clone()),
        Phase::Solving | Phase::Shown => None,
    };
    let show_answer = current_phase == Phase::Shown;
    let board = with_game!(game, G => rsx! {
        PuzzleBoard::<G> { game: PhantomData::<G>, setup: Setup::Puzzle(puzzle.clone()), played, show_answer, lang, on_tap }
    });
    let rating_line = match change() {
        Some(delta) => tr_args(
            lang,
            "puzzle-rating-change",
            &[("rating", rating.to_string()), ("change", format!("{delta:+}"))],
        ),
        None => tr_args(lang, "puzzles-rating", &[("rating", rating.to_string())]),
    };
    let phase_name = match &current_phase {
        Phase::Solving => "solving",
        Phase::Solved => "solved",
        Phase::Wrong { .. } => "wrong",
        Phase::Shown => "shown",
    };
    rsx! {
        div { class: "puzzle-head",
            span { class: "puzzle-rating", "data-testid": "puzzle-rating", "data-rating": "{rating}", "{rating_line}" }
            span { class: "badge puzzle-theme-badge", "data-testid": "puzzle-theme", {theme_name(lang, &puzzle.theme)} }
            if is_own(&puzzle) {
                span { class: "badge puzzle-own-badge", "data-testid": "puzzle-own", {tr(lang, "puzzle-from-your-game")} }
            }
        }
        if daily.is_none() {
            div { class: "puzzle-themes", role: "radiogroup", "aria-label": tr(lang, "puzzles-theme"),
                button {
                    class: if theme().is_none() { "seg selected" } else { "seg" },
                    role: "radio",
                    "aria-checked": if theme().is_none() { "true" } else { "false" },
                    "data-testid": "puzzle-theme-all",
                    onclick: move |_| {
                        theme.set(None);
                        next.call(None);
                    },
                    {tr(lang, "puzzles-theme-all")}
                }
                for t in all_themes {
                    button {
                        key: "{t}",
                        class: if theme().as_deref() == Some(t.as_str()) { "seg selected" } else { "seg" },
                        role: "radio",
                        "aria-checked": if theme().as_deref() == Some(t.as_str()) { "true" } else { "false" },
                        "data-testid": "puzzle-theme-{t}",
                        onclick: {
                            let t = t.clone();
                            move |_| {
                                theme.set(Some(t.clone()));
                                next.call(Some(t.clone()));
                            }
                        },
                        {theme_name(lang, &t)}
                    }
                }
            }
        }
        p { class: "lesson-prompt puzzle-prompt", "data-testid": "puzzle-prompt", "data-puzzle": "{puzzle.id}", "data-phase": "{phase_name}", "data-answer": "{answer_of(&puzzle)}",
            {tr_args(lang, "puzzle-find", &[("side", side_name)])}
        }
        div { class: "lesson-stage", {board} }
        if let Some(text) = note() {
            p { class: "lesson-hint-text", role: "status", "data-testid": "puzzle-note", "{text}" }
        }
        match current_phase.clone() {
            Phase::Solving => rsx! {},
            Phase::Solved => rsx! {
                div { class: "lesson-toast ok", role: "status", "data-testid": "puzzle-result", "data-ok": "true",
                    p { class: "puzzle-verdict", {tr(lang, "puzzle-correct")} }
                    p { class: "puzzle-why", "data-testid": "puzzle-why", {why::solved(lang, &puzzle)} }
                }
            },
            Phase::Wrong { tried } => rsx! {
                div { class: "lesson-toast wrong", role: "status", "data-testid": "puzzle-result", "data-ok": "false",
                    p { class: "puzzle-verdict", {tr(lang, "puzzle-wrong")} }
                    p { class: "puzzle-why", "data-testid": "puzzle-why", {why::failed(lang, &puzzle, &tried)} }
                    p { class: "puzzle-unrated", {tr(lang, "puzzle-unrated")} }
                }
            },
            Phase::Shown => rsx! {
                div { class: "lesson-toast ok", role: "status", "data-testid": "puzzle-result", "data-ok": "shown",
                    p { class: "puzzle-verdict", {tr_args(lang, "puzzle-solution", &[("move", answer_of(&puzzle).to_string())])} }
                    p { class: "puzzle-why", "data-testid": "puzzle-why", {why::solved(lang, &puzzle)} }
                }
            },
        }
        div { class: "lesson-controls puzzle-controls",
            if matches!(current_phase, Phase::Wrong { .. }) {
                button { class: "btn", "data-testid": "puzzle-retry", onclick: move |_| { phase.set(Phase::Solving); note.set(None); },
                    {tr(lang, "puzzle-retry")}
                }
                button { class: "btn", "data-testid": "puzzle-show", onclick: move |_| phase.set(Phase::Shown),
                    {tr(lang, "puzzle-show")}
                }
            }
            if matches!(current_phase, Phase::Solved | Phase::Shown) {
                if daily.is_some() {
                    button { class: "btn btn-primary btn-block", "data-testid": "puzzle-next",
                        onclick: move |_| { nav.replace(Route::PuzzlePlay { game }); },
                        {tr(lang, "puzzle-next")}
                    }
                } else {
                    button { class: "btn btn-primary btn-block", "data-testid": "puzzle-next",
                        onclick: move |_| next.call(theme()),
                        {tr(lang, "puzzle-next")}
                    }
                }
            }
        }
    }
}

/// "Blue", "Player 2": the solver's side as the game names it.
fn side_of<G: GameUi>(lang: Lang, puzzle: &Puzzle) -> String {
    match position::<G>(puzzle, None) {
        Some((game, _)) => G::side(lang, &game.view(puzzle.side), puzzle.side),
        None => String::new(),
    }
}
