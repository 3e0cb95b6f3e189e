//! Hex's room options in the online lobby: board size (X1), swap (X7) and
//! the per-move limit (X12).

use crate::i18n::{key, tr, tr_args, Lang};
use crate::screens::setup::{Field, Segment};
use dioxus::prelude::*;
use papan_api::{GameOptions, HexRoomOptions};
use papan_rules::hex::SIZES;

#[component]
pub fn HexRoomFields(lang: Lang, options: Signal<GameOptions>) -> Element {
    let mut options = options;
    let hex = match options() {
        GameOptions::Hex(hex) => hex,
        _ => HexRoomOptions::default(),
    };
    rsx! {
        Field { lang, title: key("setup-size"), hint: None,
            for s in SIZES {
                Segment { key: "{s}", label: format!("{s}×{s}"), testid: format!("size-{s}"), selected: hex.size == s, onclick: move |_| options.set(GameOptions::Hex(HexRoomOptions { size: s, ..hex })) }
            }
        }
        Field { lang, title: key("setup-swap"), hint: Some(key("swap-hint")),
            Segment { label: tr(lang, "option-off"), testid: "swap-off", selected: !hex.swap, onclick: move |_| options.set(GameOptions::Hex(HexRoomOptions { swap: false, ..hex })) }
            Segment { label: tr(lang, "option-on"), testid: "swap-on", selected: hex.swap, onclick: move |_| options.set(GameOptions::Hex(HexRoomOptions { swap: true, ..hex })) }
        }
        Field { lang, title: key("online-turn-limit"), hint: Some(key("online-turn-limit-hint")),
            for (limit, id) in [(None, "limit-none"), (Some(30u64), "limit-30"), (Some(60u64), "limit-60")] {
                Segment {
                    key: "{id}",
                    label: match limit { Some(s) => tr_args(lang, "online-seconds", &[("seconds", s.to_string())]), None => tr(lang, "online-no-limit") },
                    testid: id.to_string(),
                    selected: hex.turn_limit_s == limit,
                    onclick: move |_| options.set(GameOptions::Hex(HexRoomOptions { turn_limit_s: limit, ..hex })),
                }
            }
        }
    }
}
