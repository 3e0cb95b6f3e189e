//! One player's strip beside the board: who, which side, the game's facts
//! about them (walls left, steps to go, pips), their clock and a badge
//! (thinking, away, the bot playing for them). The opponent's strip sits
//! above the board and yours below it, as across a table.

use super::{Fact, GameUi};
use crate::i18n::{tr, tr_args, Lang};
use crate::play::Table;
use dioxus::prelude::*;
use papan_rules::Seat;

/// What a strip shows, computed by the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct StripInfo {
    /// "You", "Normal bot", "Opponent", "Player 1".
    pub who: String,
    /// "Red", "White", "Player 2", a Jun Qi colour once decided.
    pub side: String,
    /// The side's style class (swatch colour).
    pub side_class: &'static str,
    pub facts: Vec<Fact>,
    /// Time left in ms, when there is a clock.
    pub clock_ms: Option<u64>,
    pub clock_low: bool,
    /// This seat acts now.
    pub active: bool,
    pub badge: Option<String>,
    /// The strip of the seat at the bottom of the board ("me").
    pub mine: bool,
}

impl StripInfo {
    /// `seat`'s strip over `table`, named `who`: its side and the game's
    /// facts, offline and online alike; no clock, not acting, no badge
    /// (the screen adds what it knows of those).
    pub fn of<G: GameUi>(lang: Lang, table: &Table<G>, tap: &G::Tap, seat: Seat, who: String) -> StripInfo {
        StripInfo {
            who,
            side: G::side(lang, &table.view, seat),
            side_class: G::side_class(&table.view, seat),
            facts: G::facts(lang, table, tap, seat),
            clock_ms: None,
            clock_low: false,
            active: false,
            badge: None,
            mine: seat == table.bottom,
        }
    }
}

/// `m:ss` for a clock; tenths under ten seconds, where they matter.
pub fn format_clock(ms: u64) -> String {
    if ms < 10_000 {
        format!("0:0{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let seconds = ms.div_ceil(1000);
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// A clock as shown: `m:ss` ([`format_clock`]) under an hour; a
/// correspondence room's days and hours ("2 d 5 h") or hours and minutes.
pub fn clock_text(lang: Lang, ms: u64) -> String {
    const HOUR: u64 = 3_600_000;
    if ms < HOUR {
        return format_clock(ms);
    }
    let minutes = ms.div_ceil(60_000);
    let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    if days > 0 {
        tr_args(
            lang,
            "clock-days-hours",
            &[("days", days.to_string()), ("hours", hours.to_string())],
        )
    } else {
        tr_args(
            lang,
            "clock-hours-minutes",
            &[("hours", hours.to_string()), ("minutes", mins.to_string())],
        )
    }
}

#[component]
pub fn PlayerStrip(info: StripInfo, lang: Lang) -> Element {
    let who = if info.mine { "me" } else { "opponent" };
    let active = if info.active { " active" } else { "" };
    let low = if info.clock_low { " low" } else { "" };
    rsx! {
        div {
            class: "player-strip side-{info.side_class}{active}",
            "data-testid": "player-{who}",
            "data-side": "{info.side_class}",
            "data-active": "{info.active}",
            div { class: "strip-who",
                span { class: "strip-swatch swatch-{info.side_class}", "aria-hidden": "true" }
                span { class: "strip-names",
                    span { class: "strip-name", "{info.who}" }
                    span { class: "strip-side", "{info.side}" }
                }
                if let Some(badge) = info.badge.clone() {
                    span { class: "strip-badge", "data-testid": "presence", "{badge}" }
                }
            }
            div { class: "strip-facts",
                span { class: "strip-fact-list",
                    for fact in info.facts.iter() {
                        span { key: "{fact.name}", class: "fact fact-{fact.name}", "data-fact": "{fact.name}", "data-value": "{fact.value}",
                            "{fact.text}"
                        }
                    }
                }
                if let Some(ms) = info.clock_ms {
                    span {
                        class: "strip-clock{active}{low}",
                        "data-testid": "clock-{who}",
                        "aria-label": tr(lang, "clock-label"),
                        "{clock_text(lang, ms)}"
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::format_clock;

    #[test]
    fn clock_text() {
        assert_eq!(format_clock(180_000), "3:00");
        assert_eq!(format_clock(61_001), "1:02");
        assert_eq!(format_clock(9_950), "0:09.9");
        assert_eq!(format_clock(0), "0:00.0");
    }
}
