//! Jun Qi's setup form: the opponent (who starts is drawn, J6) and the
//! rules in short.

use crate::i18n::{key, tr, Lang};
use crate::screens::setup::{slot_state, start, Choice, OpponentField, SetupFrame, SetupMemory};
use crate::storage::Store;
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::junqi::JunQi;
use papan_rules::GameId;

#[component]
pub fn JunQiSetup(lang: Lang) -> Element {
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
