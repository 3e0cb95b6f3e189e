//! Hex's setup form: board size (X1), opponent, who starts, swap (X7) and
//! alternating seats (X8), and what the device remembers of them.

use crate::i18n::{key, Lang};
use crate::screens::setup::{
    slot_state, start, Choice, Field, OnOff, OpponentField, Segment, SetupFrame, SetupMemory, StartsField,
};
use crate::storage::Store;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::clock::Tempo;
use papan_rules::hex::{Hex, HexOptions, SIZES};
use papan_rules::GameId;

#[component]
pub fn HexSetup(lang: Lang) -> Element {
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

/// What the device remembers of the Hex-only choices.
impl SetupMemory {
    /// The Hex board size, if it is one still offered.
    pub fn size(&self, default: u8) -> u8 {
        self.size.filter(|s| SIZES.contains(s)).unwrap_or(default)
    }

    pub fn swap(&self) -> bool {
        self.swap.unwrap_or(false)
    }

    pub fn alternate(&self) -> bool {
        self.alternate.unwrap_or(true)
    }

    pub fn set_hex(&mut self, size: u8, swap: bool, alternate: bool) -> &mut Self {
        self.size = Some(size);
        self.swap = Some(swap);
        self.alternate = Some(alternate);
        self
    }
}
