//! One player's strip above or below the board: who, walls left, the
//! shortest-path aid and the clock.

use crate::i18n::{tr, tr_args, Lang};
use dioxus::prelude::*;

/// `m:ss` for a clock; tenths under ten seconds, where they matter.
pub fn format_clock(ms: u64) -> String {
    if ms < 10_000 {
        format!("0:0{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let seconds = ms.div_ceil(1000);
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// What a panel shows, computed by the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelInfo {
    /// `p1` or `p2`.
    pub seat: &'static str,
    pub name: String,
    pub walls_left: u8,
    /// Steps to the goal, when the aid is on.
    pub path_len: Option<u8>,
    /// Time left in ms, when there is a clock.
    pub clock_ms: Option<u64>,
    pub clock_low: bool,
    pub to_move: bool,
}

#[component]
pub fn PlayerPanel(info: PanelInfo, lang: Lang) -> Element {
    let active = if info.to_move { " active" } else { "" };
    let low = if info.clock_low { " low" } else { "" };
    let walls_label = tr_args(lang, "hadang-walls-left", &[("count", info.walls_left.to_string())]);
    rsx! {
        div {
            class: "hd-panel hd-panel-{info.seat}{active}",
            "data-testid": "panel-{info.seat}",
            "data-walls-left": "{info.walls_left}",
            div { class: "hd-who",
                span { class: "hd-pawn-dot hd-{info.seat}" }
                span { class: "hd-name", "{info.name}" }
            }
            div { class: "hd-stats",
                span { class: "hd-walls", title: "{walls_label}", "aria-label": "{walls_label}",
                    span { class: "hd-wall-icon hd-{info.seat}" }
                    span { "data-testid": "walls-{info.seat}", "{info.walls_left}" }
                }
                if let Some(len) = info.path_len {
                    span {
                        class: "hd-path",
                        "data-testid": "path-{info.seat}",
                        "aria-label": tr_args(lang, "hadang-path-label", &[("count", len.to_string())]),
                        {tr_args(lang, "hadang-path-short", &[("count", len.to_string())])}
                    }
                }
                if let Some(ms) = info.clock_ms {
                    span {
                        class: "hd-clock{active}{low}",
                        "data-testid": "clock-{info.seat}",
                        "aria-label": tr(lang, "hadang-clock-label"),
                        "{format_clock(ms)}"
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
