//! Home: the device's games in one list (online seats and unfinished games
//! on this device, "your move" first: [`crate::online::open_games`]), Learn,
//! the four games as cards, and the settings button.

use crate::components::icons::{GameArt, IconSettings};
use crate::components::{game_name_key, TopBar};
use crate::games::with_game;
use crate::i18n::{tr, tr_args, Lang};
use crate::online::open_games::{self, LocalLine, OpenGame};
use crate::online::{contacts, set_open_games, transfer, OPEN_GAMES};
use crate::settings::{AppSettings, SETTINGS_KEY};
use crate::shell::texts::level_key;
use crate::shell::GameUi;
use crate::storage::{CorruptData, Store};
use crate::timer::now_ms;
use crate::tutorial::progress::PROGRESS_KEY;
use crate::Route;
use dioxus::prelude::*;
use papan_api::RoomStatus;
use papan_rules::GameId;
use std::marker::PhantomData;

fn tagline_key(game: GameId) -> &'static str {
    with_game!(game, G => G::TAGLINE_KEY)
}

/// "11×11 · Normal bot · 7 moves" for a Continue card.
fn summary<G: GameUi>(lang: Lang) -> Option<String> {
    let state = G::slot().read();
    let game = state.unfinished()?;
    let opponent = match game.bot_level() {
        Some(level) => tr(lang, level_key(level)),
        None => tr(lang, "opponent-human"),
    };
    let line = tr_args(
        lang,
        "continue-summary",
        &[("opponent", opponent), ("moves", game.ply().to_string())],
    );
    let detail = G::summary(game.position());
    Some(match detail {
        Some(detail) => format!("{detail} · {line}"),
        None => line,
    })
}

/// Stored text found unreadable at start (see [`crate::startup_load`]).
#[derive(Clone, Copy)]
pub struct KeptAside(pub Signal<Vec<CorruptData>>);

/// The Fluent key that explains an unreadable stored text of `key`.
fn kept_aside_key(key: &str) -> &'static str {
    match key {
        SETTINGS_KEY => "settings-corrupt",
        PROGRESS_KEY => "progress-corrupt",
        _ => "stored-corrupt",
    }
}

/// One dismissible line per text kept aside at start.
#[component]
pub fn KeptAsideNotices(lang: Lang) -> Element {
    let Some(KeptAside(mut kept)) = try_use_context::<KeptAside>() else {
        return rsx! {};
    };
    let shown = kept.read().clone();
    rsx! {
        for (i, corrupt) in shown.into_iter().enumerate() {
            div { key: "{corrupt.key}", class: "notice notice-error", role: "alert", "data-testid": "kept-aside", "data-key": "{corrupt.key}",
                p { {tr_args(lang, kept_aside_key(&corrupt.key), &[("reason", corrupt.reason.clone())])} }
                button {
                    class: "btn btn-ghost btn-small",
                    onclick: move |_| {
                        kept.write().remove(i);
                    },
                    {tr(lang, "action-dismiss")}
                }
            }
        }
    }
}

/// The notice of a save that could not be read (kept aside by the store).
#[component]
fn LoadErrorNotice<G: GameUi>(game: PhantomData<G>, lang: Lang) -> Element {
    let _ = game;
    let id = G::GAME;
    let Some(reason) = G::slot().read().load_error.clone() else {
        return rsx! {};
    };
    rsx! {
        div { class: "notice notice-error", role: "alert", "data-testid": "load-error", "data-game": "{id}",
            p { {tr_args(lang, "save-corrupt", &[("reason", reason)])} }
            button {
                class: "btn btn-ghost btn-small",
                onclick: move |_| G::slot().write().load_error = None,
                {tr(lang, "action-dismiss")}
            }
        }
    }
}

/// The games unfinished on this device now, one line each.
fn local_lines() -> Vec<LocalLine> {
    GameId::ALL
        .into_iter()
        .filter_map(|game| {
            let moves = with_game!(game, G => G::slot().read().unfinished().map(|m| m.ply()))?;
            Some(LocalLine {
                game,
                moves,
                last_move: None,
            })
        })
        .collect()
}

/// "Opponent's turn · 2 d 5 h left · Last: f6" for an online line (its
/// badge says when it is the player's move).
fn online_sub(lang: Lang, line: &OpenGame, now: u64) -> String {
    let state = match line.status {
        RoomStatus::Waiting => tr(lang, "online-waiting"),
        RoomStatus::Over => tr(lang, "status-over"),
        RoomStatus::Closed => tr(lang, "open-games-closed"),
        // The line's badge says it.
        RoomStatus::Playing if line.your_move => String::new(),
        RoomStatus::Playing => tr(lang, "online-their-turn"),
    };
    let mut parts = vec![state];
    parts.retain(|p| !p.is_empty());
    if line.status == RoomStatus::Playing {
        if let Some(left) = line.time_left(now) {
            parts.push(tr_args(
                lang,
                "open-games-left",
                &[("time", crate::shell::strip::clock_text(lang, left))],
            ));
        }
    }
    if let Some(last) = &line.last_move {
        parts.push(tr_args(lang, "open-games-last", &[("move", last.clone())]));
    }
    parts.join(" · ")
}

/// Every game the device has open, online and on this device, in one list:
/// "your move" first, then the newest. Shown from what was last seen, and
/// refreshed from the server (one request) each time home is shown.
#[component]
fn OpenGamesList(lang: Lang) -> Element {
    let nav = navigator();
    use_hook(|| {
        let local = local_lines();
        spawn(async move {
            // After the first frame: the list as last seen, aligned to what the
            // device holds now, then the server's word.
            let store = Store::app();
            let mut list = OPEN_GAMES.peek().clone();
            list.align(&open_games::kept_seats(&store), Some(&local), now_ms());
            set_open_games(list);
            match open_games::refresh(&store).await {
                Ok(summary) => {
                    let now = now_ms();
                    let mut list = OPEN_GAMES.peek().clone();
                    list.align(&open_games::kept_seats(&store), None, now);
                    list.apply(&summary, now);
                    set_open_games(list);
                }
                // Offline: the list stays as last seen.
                Err(e) => crate::diag::warn(&format!("could not refresh the list of games: {e}")),
            }
        });
    });
    let store = Store::app();
    let seats = open_games::kept_seats(&store);
    let now = now_ms();
    let mut list = OPEN_GAMES.read().clone();
    list.align(&seats, Some(&local_lines()), now);
    let count = list.your_move_count();
    let lines = list.sorted();
    if lines.is_empty() {
        return rsx! {};
    }
    rsx! {
        div { class: "open-games", "data-testid": "open-games", "data-count": "{count}",
            h2 { class: "section-title open-games-head",
                span { {tr(lang, "open-games-heading")} }
                if count > 0 {
                    span { class: "your-move-count", "data-testid": "your-move-count",
                        {tr_args(lang, "open-games-count", &[("count", count.to_string())])}
                    }
                }
            }
            for line in lines {
                {
                    let game = line.game;
                    let name = tr(lang, game_name_key(game));
                    match line.room_id.clone() {
                        Some(room) => {
                            let seat = seats.iter().find(|s| s.grant.room_id == room);
                            let opponent = seat
                                .and_then(|s| contacts::room_note(&store, &s.grant.code))
                                .and_then(|n| n.opponent);
                            let title = match opponent {
                                Some(who) => format!("{name} · {who}"),
                                None => name,
                            };
                            // Moved to another phone: said so, never "your move".
                            let moved = seat.is_some_and(|s| transfer::is_moved(&store, &s.server));
                            let sub = if moved { tr(lang, "transfer-moved-line") } else { online_sub(lang, &line, now) };
                            let your_move = line.your_move && !moved;
                            let class = if your_move { "continue-card open-game your-move" } else { "continue-card open-game" };
                            rsx! {
                                button {
                                    key: "{room}",
                                    class,
                                    "data-testid": "continue-online",
                                    "data-game": "{game}",
                                    "data-room": "{room}",
                                    "data-your-move": "{your_move}",
                                    "data-moved": "{moved}",
                                    onclick: move |_| { nav.push(Route::OnlinePlay { game }); },
                                    GameArt { game }
                                    span { class: "continue-text",
                                        span { class: "continue-title", "{title}" }
                                        span { class: "continue-sub", "{sub}" }
                                    }
                                    if your_move {
                                        span { class: "badge your-move-badge", {tr(lang, "status-your-turn")} }
                                    }
                                    span { class: "chevron", "›" }
                                }
                            }
                        }
                        None => {
                            let sub = summary_of(game, lang).unwrap_or_default();
                            rsx! {
                                button {
                                    key: "local-{game}",
                                    class: "continue-card open-game",
                                    "data-testid": "continue-{game}",
                                    "data-game": "{game}",
                                    onclick: move |_| { nav.push(Route::Play { game }); },
                                    GameArt { game }
                                    span { class: "continue-text",
                                        span { class: "continue-title", {tr_args(lang, "continue-game", &[("game", name)])} }
                                        span { class: "continue-sub", "{sub}" }
                                    }
                                    span { class: "chevron", "›" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn summary_of(game: GameId, lang: Lang) -> Option<String> {
    with_game!(game, G => summary::<G>(lang))
}

#[component]
pub fn Home() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    rsx! {
        div { class: "screen home",
            TopBar { lang, title: tr(lang, "app-name"), back: None,
                button {
                    class: "icon-btn",
                    "aria-label": tr(lang, "settings-title"),
                    "data-testid": "open-settings",
                    onclick: move |_| {
                        nav.push(Route::Settings {});
                    },
                    IconSettings {}
                }
            }
            main { class: "content",
                p { class: "lead", {tr(lang, "home-lead")} }
                KeptAsideNotices { lang }
                for game in GameId::ALL {
                    {with_game!(game, G => rsx! { LoadErrorNotice { key: "{game}", game: PhantomData::<G>, lang } })}
                }
                super::online::ResumeOnline {}
                OpenGamesList { lang }
                div { class: "continue-list",
                    super::learn::LearnCard { lang }
                    super::puzzles::PuzzlesCard { lang }
                    super::review::list::FinishedCard { lang }
                }
                h2 { class: "section-title", {tr(lang, "home-games")} }
                div { class: "game-grid",
                    for game in GameId::ALL {
                        button {
                            key: "{game}",
                            class: "game-card playable",
                            "data-testid": "play-{game}",
                            onclick: move |_| {
                                nav.push(Route::Setup { game });
                            },
                            GameArt { game }
                            span { class: "game-name", {tr(lang, game_name_key(game))} }
                            span { class: "game-tagline", {tr(lang, tagline_key(game))} }
                            span { class: "badge badge-play", {tr(lang, "action-play")} }
                        }
                    }
                }
            }
        }
    }
}

/// Any path the app does not have (an old link, a typo): say so, go home.
#[component]
pub fn NotFound(segments: Vec<String>) -> Element {
    let _ = segments;
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let nav = navigator();
    rsx! {
        div { class: "screen",
            TopBar { lang, title: tr(lang, "app-name"), back: Some(Route::Home {}) }
            main { class: "content empty-state", "data-testid": "not-found",
                p { {tr(lang, "not-found")} }
                button { class: "btn btn-primary", onclick: move |_| { nav.push(Route::Home {}); }, {tr(lang, "action-home")} }
            }
        }
    }
}
