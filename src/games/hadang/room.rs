//! HADANG's room options in the online lobby: the chess clock (H16).

use crate::i18n::{key, tr, Lang};
use crate::screens::setup::{Field, Segment};
use dioxus::prelude::*;
use papan_api::{GameOptions, HadangRoomOptions, HadangTempo};

/// A new room's clock: 5 minutes and 2 seconds a move.
pub const DEFAULT_TEMPO: HadangTempo = HadangTempo {
    base_minutes: 5,
    increment_seconds: 2,
};

/// The HADANG clocks a room may have (H16), by test id.
fn hadang_tempos() -> Vec<(Option<HadangTempo>, String)> {
    let mut out = vec![(None, "tempo-none".to_string())];
    for (base, inc) in [(1, 0), (3, 2), (5, 2), (10, 5)] {
        out.push((
            Some(HadangTempo {
                base_minutes: base,
                increment_seconds: inc,
            }),
            format!("tempo-{base}-{inc}"),
        ));
    }
    out
}

#[component]
pub fn HadangRoomFields(lang: Lang, options: Signal<GameOptions>) -> Element {
    let mut options = options;
    let tempo = match options() {
        GameOptions::Hadang(hadang) => hadang.tempo,
        _ => None,
    };
    rsx! {
        Field { lang, title: key("online-clock"), hint: Some(key("online-clock-hint")),
            for (t, id) in hadang_tempos() {
                Segment {
                    key: "{id}",
                    label: match t { Some(t) => format!("{}+{}", t.base_minutes, t.increment_seconds), None => tr(lang, "online-no-limit") },
                    testid: id,
                    selected: tempo == t,
                    onclick: move |_| options.set(GameOptions::Hadang(HadangRoomOptions { tempo: t })),
                }
            }
        }
    }
}
