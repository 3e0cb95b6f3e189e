//! `/games`: the finished games kept on this device, newest first; a tap
//! reopens one into its review.

use crate::components::TopBar;
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::play::finished::{self, Date, Finished, MatchGame};
use crate::play::history;
use crate::settings::AppSettings;
use crate::shell::texts::{player_key, Seating};
use crate::shell::GameUi;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_rules::{GameId, Seat};

/// Reads `text` as a game of `game`, in that game's format.
fn import(game: GameId, text: &str) -> Result<Finished, String> {
    with_game!(game, G => finished::import::<G>(text))
}

/// Paste a game exported as text (Papan's, HexGui's SGF, gnubg's `.mat`)
/// and open it in the review; a text that does not read says why.
#[component]
fn ImportCard(lang: Lang) -> Element {
    let mut game = use_signal(|| GameId::ALL[0]);
    let mut text = use_signal(String::new);
    let mut error = use_signal(|| None::<String>);
    // The games of a backgammon match file, offered one by one.
    let mut games = use_signal(|| None::<Vec<MatchGame>>);
    let nav = navigator();
    let open = move |entry: Finished| {
        let key = entry.key.clone();
        finished::remember(&Store::app(), entry).map(|_| key)
    };
    let on_import = move |_| {
        games.set(None);
        let matched = with_game!(game(), G => <G as crate::play::Playable>::import_match(&text.read()));
        let kept = match matched {
            Some(Ok(mut found)) if found.len() == 1 => found.remove(0).entry.and_then(open),
            Some(Ok(found)) => {
                games.set(Some(found));
                return;
            }
            Some(Err(reason)) => Err(reason),
            None => import(game(), &text.read()).and_then(open),
        };
        match kept {
            Ok(key) => {
                nav.push(Route::Review { id: key });
            }
            Err(reason) => error.set(Some(reason)),
        }
    };
    let offered = games().map(|found| {
        let count = found.len();
        let items = found.into_iter().map(|choice| {
            let number = choice.number;
            // Laid out as the finished games' cards: the game and its
            // score, then what was left aside or why it is refused.
            let title = tr_args(
                lang,
                "import-match-game",
                &[
                    ("number", number.to_string()),
                    ("first", choice.score[0].to_string()),
                    ("second", choice.score[1].to_string()),
                ],
            );
            let card = match choice.entry {
                Ok(entry) => {
                    let aside = entry.left_aside.len();
                    rsx! {
                        button { class: "card finished-card", "data-testid": "import-match-open-{number}",
                            onclick: move |_| match open(entry.clone()) {
                                Ok(key) => {
                                    nav.push(Route::Review { id: key });
                                }
                                Err(reason) => error.set(Some(reason)),
                            },
                            span { class: "finished-game-name", "{title}" }
                            span { class: "finished-result", {tr(lang, "import-match-open")} }
                            if aside > 0 {
                                span { class: "finished-meta muted",
                                    {tr_args(lang, "import-match-cube", &[("count", aside.to_string())])}
                                }
                            }
                        }
                    }
                }
                Err(reason) => rsx! {
                    div { class: "card finished-card",
                        span { class: "finished-game-name", "{title}" }
                        span { class: "finished-meta notice-error", "data-testid": "import-match-refused-{number}",
                            {tr_args(lang, "import-refused", &[("reason", reason)])}
                        }
                    }
                },
            };
            rsx! {
                li { key: "{number}", "data-testid": "import-match-game-{number}", {card} }
            }
        });
        rsx! {
            p { class: "import-match-title", "data-testid": "import-match",
                {tr_args(lang, "import-match-games", &[("count", count.to_string())])}
            }
            ul { class: "finished-list", "data-testid": "import-match-list", {items} }
        }
    });
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
                        onclick: move |_| { game.set(g); error.set(None); games.set(None); },
                        {tr(lang, crate::components::game_name_key(g))}
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
                oninput: move |e| { text.set(e.value()); error.set(None); games.set(None); },
            }
            if let Some(reason) = error() {
                p { class: "notice notice-error", role: "alert", "data-testid": "import-error",
                    {tr_args(lang, "import-refused", &[("reason", reason)])}
                }
            }
            button { class: "btn btn-primary", "data-testid": "import-go", disabled: text.read().trim().is_empty(),
                onclick: on_import, {tr(lang, "import-go")} }
            {offered}
        }
    }
}

/// How a kept game names its seats.
pub fn seating(entry: &Finished) -> Seating {
    Seating::of(&entry.players, entry.local)
}

/// What the screens call each seat of a kept game: "You", "Normal bot",
/// "Player 1"; an imported game by the names in its file, else by the
/// game's sides ("Red", "White"), never "Player 1" for a file's stranger.
/// `view` is the game's final view, for its side names.
pub fn seat_names<G: GameUi>(lang: Lang, entry: &Finished, view: Option<&G::View>) -> [String; 2] {
    [Seat::First, Seat::Second].map(|seat| {
        if !entry.is_import() {
            return seating(entry).who(lang, seat);
        }
        if let Some(name) = entry.names[seat.index()].clone() {
            return name;
        }
        match view {
            Some(view) if G::side_class(view, seat) != "none" => G::side(lang, view, seat),
            _ => tr(lang, player_key(seat)),
        }
    })
}

/// [`seat_names`] for a kept game of any game: its record replayed to the
/// end for the sides' names.
pub fn names_of(lang: Lang, entry: &Finished) -> [String; 2] {
    fn of<G: GameUi>(lang: Lang, entry: &Finished) -> [String; 2] {
        let view = entry.is_import().then(|| {
            entry.record::<G>().ok().and_then(|record| {
                history::table_at(&record, record.moves.len(), entry.local, entry.local)
                    .ok()
                    .map(|t| t.view)
            })
        });
        seat_names::<G>(lang, entry, view.flatten().as_ref())
    }
    with_game!(entry.game, G => of::<G>(lang, entry))
}

/// "You won", "Normal bot won", "Alice won", "Draw", "Not finished".
fn result_text(lang: Lang, entry: &Finished, names: &[String; 2]) -> String {
    match entry.outcome {
        Some(outcome) => match outcome.winner {
            Some(seat) => tr_args(lang, "finished-won", &[("who", names[seat.index()].clone())]),
            None => tr(lang, "finished-draw"),
        },
        None => tr(lang, "finished-unfinished"),
    }
}

/// "12 Mar 2025, 14:05" in the reader's language.
pub fn date_text(lang: Lang, date: Date) -> String {
    tr_args(
        lang,
        "finished-date",
        &[
            ("day", date.day.to_string()),
            ("month", date.month.to_string()),
            ("year", date.year.to_string()),
            ("time", format!("{:02}:{:02}", date.hour, date.minute)),
        ],
    )
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
                Link { class: "rules-link finished-dice-link", "data-testid": "finished-dice-link", to: Route::Dice {},
                    {tr(lang, "dice-open")} }
                FinishedList { lang, games, on_open: move |key: String| { nav.push(Route::Review { id: key }); } }
            }
        }
    }
}

/// The kept games, newest first: finished ones, then the imported games
/// whose moves stop before an end, under their own heading. Each says its
/// date, who played and how it ended; a tap opens its review (`on_open`
/// gets its key).
#[component]
pub fn FinishedList(lang: Lang, games: Vec<Finished>, on_open: EventHandler<String>) -> Element {
    let (unfinished, done): (Vec<Finished>, Vec<Finished>) =
        games.into_iter().partition(Finished::is_unfinished_import);
    let empty = done.is_empty() && unfinished.is_empty();
    rsx! {
        if empty {
            p { class: "muted", "data-testid": "finished-empty", {tr(lang, "finished-empty")} }
        }
        ul { class: "finished-list", "data-testid": "finished-list",
            for entry in done {
                li { key: "{entry.key}", FinishedEntry { lang, entry, on_open } }
            }
        }
        if !unfinished.is_empty() {
            h2 { class: "section-title finished-group", id: "unfinished-imports-title", "data-testid": "unfinished-imports-title",
                {tr(lang, "finished-imported-unfinished")}
            }
            ul { class: "finished-list", "data-testid": "unfinished-imports", "aria-labelledby": "unfinished-imports-title",
                for entry in unfinished {
                    li { key: "{entry.key}", FinishedEntry { lang, entry, on_open } }
                }
            }
        }
    }
}

#[component]
fn FinishedEntry(lang: Lang, entry: Finished, on_open: EventHandler<String>) -> Element {
    let names = names_of(lang, &entry);
    let moves = entry.moves.to_string();
    let meta = if entry.is_import() {
        tr_args(
            lang,
            "finished-imported-meta",
            &[
                ("first", names[0].clone()),
                ("second", names[1].clone()),
                ("moves", moves),
            ],
        )
    } else {
        tr_args(
            lang,
            "finished-meta",
            &[
                ("opponent", names[entry.local.other().index()].clone()),
                ("moves", moves),
            ],
        )
    };
    let date = entry.date();
    let key = entry.key.clone();
    rsx! {
        button {
            class: "card finished-card",
            "data-testid": "finished-game",
            "data-game": "{entry.game}",
            "data-key": "{entry.key}",
            "data-origin": "{entry.origin}",
            onclick: move |_| on_open.call(key.clone()),
            span { class: "finished-game-name", {tr(lang, crate::components::game_name_key(entry.game))} }
            if let Some(date) = date {
                time { class: "finished-date muted", "data-testid": "finished-date", datetime: date.iso(), {date_text(lang, date)} }
            }
            span { class: "finished-result", "data-testid": "finished-result", {result_text(lang, &entry, &names)} }
            span { class: "finished-meta muted", "data-testid": "finished-meta", "{meta}" }
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
