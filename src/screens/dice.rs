//! `/dice`: the lifetime backgammon dice of the games kept on this device,
//! per kind of player, against fair dice ([`crate::play::dice`] counts), and
//! what the room server's commitment guarantees for online games.

use crate::components::TopBar;
use crate::i18n::{tr, tr_args, Lang};
use crate::play::dice::{self, Estimate, Roller, Tally, FAIR_DOUBLES, FAIR_FACE, FAIR_PIPS};
use crate::play::finished;
use crate::settings::AppSettings;
use crate::storage::Store;
use crate::Route;
use dioxus::prelude::*;
use papan_rules::GameId;

fn roller_key(roller: Roller) -> &'static str {
    match roller {
        Roller::You => "dice-you",
        Roller::Bots => "dice-bots",
        Roller::Online => "dice-online",
        Roller::Guest => "dice-guest",
    }
}

/// A share as a percentage, a mean as pips.
fn shown(value: f64, percent: bool) -> String {
    if percent {
        format!("{:.1}%", value * 100.0)
    } else {
        format!("{value:.2}")
    }
}

#[component]
pub fn Dice() -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let kept = use_hook(|| finished::load(&Store::app()).unwrap_or_default());
    let (tallies, games) = dice::tally(&kept);
    rsx! {
        div { class: "screen dice-screen",
            TopBar { lang, title: tr(lang, "dice-title"), back: Some(Route::FinishedGames {}) }
            main { class: "content dice-content", "data-testid": "dice", "data-games": "{games}",
                p { class: "muted", {tr_args(lang, "dice-lead", &[("games", games.to_string())])} }
                if tallies.is_empty() {
                    p { class: "notice", "data-testid": "dice-empty", {tr(lang, "dice-empty")} }
                }
                for (roller, tally) in tallies {
                    DiceCard { key: "{roller.id()}", lang, roller, tally }
                }
                section { class: "card dice-fairness", "data-testid": "dice-fairness",
                    p { {tr(lang, "dice-commitment")} }
                    Link { class: "rules-link", "data-testid": "dice-commitment-link",
                        to: Route::RuleAt { game: GameId::Backgammon, rule: papan_rules::rule::B5.to_string() },
                        {tr(lang, "dice-commitment-link")} }
                }
                p { class: "muted dice-note", {tr(lang, "dice-note")} }
            }
        }
    }
}

#[component]
fn DiceCard(lang: Lang, roller: Roller, tally: Tally) -> Element {
    let mut rows = vec![
        (
            "doubles".to_string(),
            tr(lang, "dice-doubles"),
            tally.doubles(),
            FAIR_DOUBLES,
            true,
        ),
        (
            "pips".to_string(),
            tr(lang, "dice-pips"),
            tally.mean_pips(),
            FAIR_PIPS,
            false,
        ),
    ];
    for face in 1..=6u8 {
        rows.push((
            format!("face-{face}"),
            tr_args(lang, "dice-face", &[("face", face.to_string())]),
            tally.face(face),
            FAIR_FACE,
            true,
        ));
    }
    rsx! {
        section { class: "card dice-card", "data-testid": "dice-{roller.id()}", "data-rolls": "{tally.rolls}",
            h2 { {tr(lang, roller_key(roller))} }
            p { class: "muted", {tr_args(lang, "dice-rolls", &[("count", tally.rolls.to_string())])} }
            table { class: "dice-table",
                thead {
                    tr {
                        th { scope: "col", {tr(lang, "dice-what")} }
                        th { scope: "col", {tr(lang, "dice-seen")} }
                        th { scope: "col", {tr(lang, "dice-fair")} }
                    }
                }
                tbody {
                    for (id, label, estimate, fair, percent) in rows {
                        DiceRow { key: "{id}", id, label, estimate, fair, percent }
                    }
                }
            }
        }
    }
}

#[component]
fn DiceRow(id: String, label: String, estimate: Option<Estimate>, fair: f64, percent: bool) -> Element {
    let holds = estimate.map_or("none", |e| if e.holds(fair) { "true" } else { "false" });
    rsx! {
        tr { "data-testid": "dice-row", "data-row": "{id}", "data-holds": "{holds}",
            th { scope: "row", "{label}" }
            td {
                match estimate {
                    Some(e) => rsx! {
                        "{shown(e.value, percent)}"
                        span { class: "dice-interval", "{shown(e.low, percent)}–{shown(e.high, percent)}" }
                    },
                    None => rsx! { "—" },
                }
            }
            td { "{shown(fair, percent)}" }
        }
    }
}
