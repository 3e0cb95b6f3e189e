//! `/:game`: a new game's options, then Start. The frame (the saved game's
//! problems, Continue, the opponent, who starts, Start / Learn / Play
//! online) is shared; each game adds only its own fields.

mod fields;
mod memory;

pub use fields::{Field, Segment};
pub use memory::SetupMemory;

use crate::components::sheet::Sheet;
use crate::i18n::{key, tr, tr_args, Lang};
use crate::play::player::from_setup;
use crate::play::{Match, Playable};
use crate::screens::learn::LearnButton;
use crate::screens::online::OnlineButton;
use crate::screens::{game_name_key, TopBar};
use crate::settings::AppSettings;
use crate::shell::texts::level_key;
use crate::shell::{slot, GameUi};
use crate::storage::Store;
use crate::timer::{monotonic_ms, now_ms};
use crate::Route;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::backgammon::Backgammon;
use papan_rules::clock::{Tempo, HADANG_BASE_MINUTES, HADANG_INCREMENT_SECONDS};
use papan_rules::hadang::{Hadang, HadangOptions};
use papan_rules::hex::{Hex, HexOptions, SIZES};
use papan_rules::junqi::JunQi;
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
    match game {
        GameId::Hex => rsx! { HexSetup { lang } },
        GameId::Hadang => rsx! { HadangSetup { lang } },
        GameId::Junqi => rsx! { JunQiSetup { lang } },
        GameId::Backgammon => rsx! { BackgammonSetup { lang } },
    }
}

/// The frame of every setup screen around the game's own fields. Start asks
/// first when it would replace an unfinished game.
#[component]
fn SetupFrame(
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
fn OpponentField(lang: Lang, opponent: Signal<Option<Level>>, hint: Option<&'static str>) -> Element {
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
fn StartsField(lang: Lang, starts: Signal<Starts>, hint: &'static str) -> Element {
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
fn OnOff(lang: Lang, title: &'static str, hint: &'static str, id: &'static str, value: Signal<bool>) -> Element {
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
fn slot_state<G: GameUi>() -> (Option<String>, bool) {
    let state = G::slot().read();
    (state.load_error.clone(), state.unfinished().is_some())
}

/// Starts the game and goes to it, or shows why it could not start.
fn start<G: GameUi>(choice: Choice<G>, mut error: Signal<Option<String>>) {
    match begin(choice) {
        Ok(route) => {
            navigator().push(route);
        }
        Err(e) => error.set(Some(e)),
    }
}

#[component]
fn HexSetup(lang: Lang) -> Element {
    let memory = use_hook(|| SetupMemory::load(&Store::app(), GameId::Hex));
    let mut size = use_signal(|| memory.size(11));
    let swap = use_signal(|| memory.swap());
    let opponent = use_signal(|| memory.opponent(Some(Level::Normal)));
    let starts = use_signal(|| memory.starts());
    let alternate = use_signal(|| memory.alternate());
    let error = use_signal(|| None::<String>);
    let (load_error, resumable) = slot_state::<Hex>();
    let size_hint = if size() >= crate::games::hex::tap::PREVIEW_MIN_SIZE {
        key("size-hint-confirm")
    } else {
        key("size-hint-quick")
    };
    let on_start = move |_| {
        let choice = Choice::<Hex> {
            options: HexOptions {
                size: size(),
                swap: swap(),
            },
            opponent: opponent(),
            starts: starts(),
            tempo: Tempo::Unlimited,
            alternate: alternate(),
        };
        SetupMemory::default()
            .set_opponent(opponent())
            .set_starts(starts())
            .set_hex(size(), swap(), alternate())
            .save(&Store::app(), GameId::Hex);
        start(choice, error);
    };
    rsx! {
        SetupFrame { lang, game: GameId::Hex, load_error, resumable, error: error(), on_start,
            Field { lang, title: key("setup-size"), hint: Some(size_hint),
                for s in SIZES {
                    Segment { key: "{s}", label: format!("{s}×{s}"), testid: format!("size-{s}"), selected: size() == s, onclick: move |_| size.set(s) }
                }
            }
            OpponentField { lang, opponent, hint: None }
            if opponent().is_some() {
                StartsField { lang, starts, hint: key("starts-hint") }
            }
            OnOff { lang, title: key("setup-swap"), hint: key("swap-hint"), id: "swap", value: swap }
            OnOff { lang, title: key("setup-alternate"), hint: key("alternate-hint"), id: "alternate", value: alternate }
        }
    }
}

#[component]
fn HadangSetup(lang: Lang) -> Element {
    let memory = use_hook(|| SetupMemory::load(&Store::app(), GameId::Hadang));
    let opponent = use_signal(|| memory.opponent(Some(Level::Beginner)));
    let starts = use_signal(|| memory.starts());
    // No clock against the bot by default; 5 minutes between two people;
    // a clock chosen before stays chosen.
    let mut base = use_signal(|| memory.clock().flatten());
    let mut increment = use_signal(|| memory.increment());
    let mut clock_touched = use_signal(|| memory.clock().is_some());
    let error = use_signal(|| None::<String>);
    let (load_error, resumable) = slot_state::<Hadang>();
    use_effect(move || {
        let person = opponent().is_none();
        if !*clock_touched.peek() {
            base.set(person.then_some(5));
        }
    });
    let on_start = move |_| {
        let tempo = base()
            .and_then(|b| Tempo::hadang(b, increment()).ok())
            .unwrap_or(Tempo::Unlimited);
        let choice = Choice::<Hadang> {
            options: HadangOptions {},
            opponent: opponent(),
            starts: starts(),
            tempo,
            alternate: true,
        };
        SetupMemory::default()
            .set_opponent(opponent())
            .set_starts(starts())
            .set_clock(base(), increment())
            .save(&Store::app(), GameId::Hadang);
        start(choice, error);
    };
    rsx! {
        SetupFrame { lang, game: GameId::Hadang, load_error, resumable, error: error(), on_start,
            p { class: "field-hint setup-lead", {tr(lang, "hadang-setup-lead")} }
            OpponentField { lang, opponent, hint: None }
            if opponent().is_some() {
                StartsField { lang, starts, hint: key("hadang-starts-hint") }
            }
            Field { lang, title: key("hadang-setup-clock"), hint: Some(key("hadang-clock-hint")),
                Segment {
                    label: tr(lang, "hadang-clock-none"),
                    testid: "clock-none",
                    selected: base().is_none(),
                    onclick: move |_| { base.set(None); clock_touched.set(true); },
                }
                for minutes in HADANG_BASE_MINUTES {
                    Segment {
                        key: "{minutes}",
                        label: tr_args(lang, "hadang-minutes", &[("count", minutes.to_string())]),
                        testid: format!("clock-{minutes}"),
                        selected: base() == Some(minutes),
                        onclick: move |_| { base.set(Some(minutes)); clock_touched.set(true); },
                    }
                }
            }
            if base().is_some() {
                Field { lang, title: key("hadang-setup-increment"), hint: Some(key("hadang-increment-hint")),
                    for seconds in HADANG_INCREMENT_SECONDS {
                        Segment {
                            key: "{seconds}",
                            label: tr_args(lang, "hadang-seconds", &[("count", seconds.to_string())]),
                            testid: format!("increment-{seconds}"),
                            selected: increment() == seconds,
                            onclick: move |_| increment.set(seconds),
                        }
                    }
                }
            }
        }
    }
}

#[component]
fn BackgammonSetup(lang: Lang) -> Element {
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

#[component]
fn JunQiSetup(lang: Lang) -> Element {
    let memory = use_hook(|| SetupMemory::load(&Store::app(), GameId::Junqi));
    let opponent = use_signal(|| memory.opponent(Some(Level::Beginner)));
    let error = use_signal(|| None::<String>);
    let (load_error, resumable) = slot_state::<JunQi>();
    let on_start = move |_| {
        SetupMemory::default()
            .set_opponent(opponent())
            .save(&Store::app(), GameId::Junqi);
        start(Choice::<JunQi>::against(opponent()), error);
    };
    let hotseat_hint = opponent().is_none().then_some(key("junqi-setup-hotseat-hint"));
    rsx! {
        SetupFrame { lang, game: GameId::Junqi, load_error, resumable, error: error(), on_start,
            p { class: "lead", {tr(lang, "junqi-setup-lead")} }
            OpponentField { lang, opponent, hint: hotseat_hint }
            section { class: "field",
                h2 { class: "field-title", {tr(lang, "setup-starts")} }
                p { class: "jq-random-start", "data-testid": "junqi-starts-random",
                    span { class: "jq-dice", "aria-hidden": "true", "⚄" }
                    {tr(lang, "junqi-setup-starts-random")}
                }
            }
            ul { class: "jq-rules-card",
                li { {tr(lang, "junqi-setup-rule-reveal")} }
                li { {tr(lang, "junqi-setup-rule-colour")} }
                li { {tr(lang, "junqi-setup-rule-win")} }
            }
        }
    }
}
