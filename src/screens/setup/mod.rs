//! `/:game`: a new game's options, then Start. The frame (the saved game's
//! problems, Continue, the opponent, who starts, Start / Learn / Play
//! online) is shared; each game adds only its own fields.

mod fields;
mod memory;

pub use fields::{Field, Segment};
pub use memory::SetupMemory;

use crate::components::sheet::Sheet;
use crate::components::{game_name_key, TopBar};
use crate::i18n::{key, tr, tr_args, Lang};
use crate::play::player::from_setup;
use crate::play::{Match, Playable};
use crate::screens::learn::LearnButton;
use crate::screens::online::OnlineButton;
use crate::settings::AppSettings;
use crate::shell::texts::level_key;
use crate::shell::{slot, GameUi};
use crate::storage::Store;
use crate::timer::{monotonic_ms, now_ms};
use crate::Route;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::clock::Tempo;
use papan_rules::{GameId, Seat};

/// Who takes the first seat (who moves first) in the first game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Starts {
    Me,
    Bot,
    /// The other side from the last game started on this device.
    Alternate,
}

/// Whether the person on this device takes the first seat, given the
/// choice and who started the last game here.
pub fn local_first(starts: Starts, last_local_first: Option<bool>) -> bool {
    match starts {
        Starts::Me => true,
        Starts::Bot => false,
        Starts::Alternate => !last_local_first.unwrap_or(false),
    }
}

/// Where the device keeps who started its last game of `game`.
fn last_starter_key(game: GameId) -> String {
    format!("{}-last-human-first", game.code())
}

/// What a setup screen chose.
pub struct Choice<G: Playable> {
    pub options: G::Options,
    pub opponent: Option<Level>,
    pub starts: Starts,
    pub tempo: Tempo,
    /// The players trade seats between games (Hex X8).
    pub alternate: bool,
}

impl<G: Playable> Choice<G> {
    /// A game with no choice but the opponent: default options, no clock,
    /// the person starts (Backgammon's opening roll and Jun Qi's first
    /// reveal decide the rest).
    pub fn against(opponent: Option<Level>) -> Choice<G> {
        Choice {
            options: Default::default(),
            opponent,
            starts: Starts::Me,
            tempo: Tempo::Unlimited,
            alternate: false,
        }
    }
}

/// Starts the chosen game: into the game's slot, saved, and returns the
/// play route.
pub fn begin<G: GameUi>(choice: Choice<G>) -> Result<Route, String> {
    let store = Store::app();
    let key = last_starter_key(G::GAME);
    let last: Option<bool> = store.load(&key).ok().flatten();
    let first = choice.opponent.is_none() || local_first(choice.starts, last);
    let local = if first { Seat::First } else { Seat::Second };
    let game = Match::<G>::new(
        choice.options,
        from_setup(choice.opponent, first),
        local,
        choice.tempo,
        now_ms(),
        monotonic_ms(),
    )
    .map_err(|e| e.to_string())?
    .with_alternate(choice.alternate);
    if choice.opponent.is_some() {
        let _ = store.save(&key, &first);
    }
    if let Err(e) = slot::save(&store, &game) {
        crate::diag::warn(&format!("could not save the new game: {e}"));
    }
    let mut state = G::slot().write();
    state.game = Some(game);
    state.load_error = None;
    Ok(Route::Play { game: G::GAME })
}

#[component]
pub fn Setup(game: GameId) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    crate::games::with_game!(game, G => G::setup(lang))
}

/// The frame of every setup screen around the game's own fields. Start asks
/// first when it would replace an unfinished game.
#[component]
pub fn SetupFrame(
    lang: Lang,
    game: GameId,
    load_error: Option<String>,
    resumable: bool,
    error: Option<String>,
    on_start: EventHandler<()>,
    children: Element,
) -> Element {
    let nav = navigator();
    let mut confirm = use_signal(|| false);
    let game_name = tr(lang, game_name_key(game));
    rsx! {
        div { class: "screen setup setup-{game} with-footer",
            TopBar { lang, title: game_name.clone(), back: Some(Route::Home {}),
                Link { class: "rules-link", "data-testid": "rules-{game}", to: Route::Rules { game }, {tr(lang, "rules-title")} }
            }
            main { class: "content",
                if let Some(reason) = load_error {
                    div { class: "notice notice-error", role: "alert", "data-testid": "load-error",
                        p { {tr_args(lang, "save-corrupt", &[("reason", reason)])} }
                    }
                }
                if resumable {
                    button {
                        class: "continue-card",
                        "data-testid": "continue-{game}",
                        onclick: move |_| { nav.push(Route::Play { game }); },
                        span { class: "continue-text",
                            span { class: "continue-title", {tr_args(lang, "continue-game", &[("game", game_name.clone())])} }
                            span { class: "continue-sub", {tr(lang, "setup-replaces")} }
                        }
                        span { class: "chevron", "›" }
                    }
                }
                {children}
            }
            footer { class: "bottom-bar setup-actions",
                if let Some(e) = error {
                    p { class: "notice notice-error", role: "alert", "data-testid": "start-error", "{e}" }
                }
                button {
                    class: "btn btn-primary btn-block",
                    "data-testid": "start-game",
                    onclick: move |_| if resumable { confirm.set(true) } else { on_start.call(()) },
                    {tr(lang, "action-start")}
                }
                div { class: "setup-more",
                    LearnButton { game, lang }
                    OnlineButton { game, lang }
                }
            }
            if confirm() {
                Sheet { title: tr(lang, "setup-replace-title"), id: "replace-sheet", on_close: move |_| confirm.set(false),
                    p { {tr_args(lang, "setup-replace-body", &[("game", game_name.clone())])} }
                    div { class: "sheet-actions",
                        button { class: "btn btn-ghost", "data-testid": "replace-keep", onclick: move |_| confirm.set(false), {tr(lang, "setup-replace-keep")} }
                        button {
                            class: "btn btn-danger-solid",
                            "data-testid": "replace-confirm",
                            onclick: move |_| {
                                confirm.set(false);
                                on_start.call(());
                            },
                            {tr(lang, "setup-replace-confirm")}
                        }
                    }
                }
            }
        }
    }
}

/// The opponents on offer: `None` is a second person on this device.
const OPPONENTS: [(Option<Level>, &str); 4] = [
    (None, "opponent-human"),
    (Some(Level::Beginner), "opponent-beginner"),
    (Some(Level::Normal), "opponent-normal"),
    (Some(Level::Expert), "opponent-expert"),
];

#[component]
pub fn OpponentField(lang: Lang, opponent: Signal<Option<Level>>, hint: Option<&'static str>) -> Element {
    let mut opponent = opponent;
    rsx! {
        Field { lang, title: key("setup-opponent"), hint,
            for (level, id) in OPPONENTS {
                Segment {
                    key: "{id}",
                    label: tr(lang, level.map_or(key("opponent-human"), level_key)),
                    testid: id.to_string(),
                    selected: opponent() == level,
                    onclick: move |_| opponent.set(level),
                }
            }
        }
    }
}

#[component]
pub fn StartsField(lang: Lang, starts: Signal<Starts>, hint: &'static str) -> Element {
    let mut starts = starts;
    let choices = [
        (Starts::Me, "starts-me"),
        (Starts::Bot, "starts-bot"),
        (Starts::Alternate, "starts-alternate"),
    ];
    rsx! {
        Field { lang, title: key("setup-starts"), hint: Some(hint),
            for (who, id) in choices {
                Segment {
                    key: "{id}",
                    label: tr(lang, id),
                    testid: id.to_string(),
                    selected: starts() == who,
                    onclick: move |_| starts.set(who),
                }
            }
        }
    }
}

#[component]
pub fn OnOff(lang: Lang, title: &'static str, hint: &'static str, id: &'static str, value: Signal<bool>) -> Element {
    let mut value = value;
    rsx! {
        Field { lang, title, hint: Some(hint),
            Segment { label: tr(lang, "option-off"), testid: format!("{id}-off"), selected: !value(), onclick: move |_| value.set(false) }
            Segment { label: tr(lang, "option-on"), testid: format!("{id}-on"), selected: value(), onclick: move |_| value.set(true) }
        }
    }
}

/// The slot's state for the frame: why a save was unreadable, and whether
/// a game waits to be continued.
pub fn slot_state<G: GameUi>() -> (Option<String>, bool) {
    let state = G::slot().read();
    (state.load_error.clone(), state.unfinished().is_some())
}

/// Starts the game and goes to it, or shows why it could not start.
pub fn start<G: GameUi>(choice: Choice<G>, mut error: Signal<Option<String>>) {
    match begin(choice) {
        Ok(route) => {
            navigator().push(route);
        }
        Err(e) => error.set(Some(e)),
    }
}
