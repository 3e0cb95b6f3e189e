//! HADANG's setup form: opponent, who starts and the clock (H16), and what
//! the device remembers of them.

use crate::i18n::{key, tr, tr_args, Lang};
use crate::screens::setup::{
    slot_state, start, Choice, Field, OpponentField, Segment, SetupFrame, SetupMemory, StartsField,
};
use crate::storage::Store;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::clock::{Tempo, HADANG_BASE_MINUTES, HADANG_INCREMENT_SECONDS};
use papan_rules::hadang::{Hadang, HadangOptions};
use papan_rules::GameId;

#[component]
pub fn HadangSetup(lang: Lang) -> Element {
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

/// What the device remembers of the HADANG-only choices.
impl SetupMemory {
    /// HADANG's remembered clock: `None` when nothing (valid) was chosen,
    /// `Some(None)` for no clock, `Some(Some(minutes))` otherwise.
    pub fn clock(&self) -> Option<Option<u64>> {
        match self.clock_minutes? {
            0 => Some(None),
            m if HADANG_BASE_MINUTES.contains(&m) => Some(Some(m)),
            _ => None,
        }
    }

    pub fn increment(&self) -> u64 {
        self.increment_seconds
            .filter(|s| HADANG_INCREMENT_SECONDS.contains(s))
            .unwrap_or(0)
    }

    pub fn set_clock(&mut self, base_minutes: Option<u64>, increment_seconds: u64) -> &mut Self {
        self.clock_minutes = Some(base_minutes.unwrap_or(0));
        self.increment_seconds = Some(increment_seconds);
        self
    }
}
