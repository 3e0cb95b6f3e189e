//! The piece statistics panel (J21): fallen pieces of both colours and what
//! remains among the face-down pieces, per kind. All of it is public.

use super::names::{full_key, short_key};
use crate::components::sheet::Sheet;
use crate::i18n::{tr, Lang};
use dioxus::prelude::*;
use papan_rules::junqi::{Colour, JunQiView, Kind};

#[component]
pub fn StatsPanel(view: JunQiView, lang: Lang, on_close: EventHandler<()>) -> Element {
    let fallen = *view.fallen();
    let hidden = *view.face_down();
    let total = |counts: &papan_rules::junqi::PieceCounts, c: Colour| counts.total(c);
    rsx! {
        Sheet { title: tr(lang, "junqi-stats-title"), id: "junqi-stats", class: "jq-stats", on_close,
                table { class: "jq-stats-table",
                    thead {
                        tr {
                            th { class: "kind", {tr(lang, "junqi-stats-piece")} }
                            th { colspan: "2", {tr(lang, "junqi-stats-fallen")} }
                            th { colspan: "2", {tr(lang, "junqi-stats-face-down")} }
                        }
                        tr { class: "colours",
                            th {}
                            th { class: "c-red", {tr(lang, "junqi-colour-red")} }
                            th { class: "c-blue", {tr(lang, "junqi-colour-blue")} }
                            th { class: "c-red", {tr(lang, "junqi-colour-red")} }
                            th { class: "c-blue", {tr(lang, "junqi-colour-blue")} }
                        }
                    }
                    tbody {
                        for kind in Kind::ALL {
                            tr { key: "{kind:?}", "data-kind": "{kind.code()}",
                                td { class: "kind",
                                    span { class: "full", {tr(lang, full_key(kind))} }
                                    span { class: "short", {tr(lang, short_key(kind))} }
                                    span { class: "count", "×{kind.count()}" }
                                }
                                for (counts, colour, what) in [
                                    (fallen, Colour::Red, "fallen-red"),
                                    (fallen, Colour::Blue, "fallen-blue"),
                                    (hidden, Colour::Red, "hidden-red"),
                                    (hidden, Colour::Blue, "hidden-blue"),
                                ] {
                                    td {
                                        class: if counts.get(colour, kind) == 0 { "n zero" } else { "n" },
                                        "data-stat": "{what}",
                                        "{counts.get(colour, kind)}"
                                    }
                                }
                            }
                        }
                        tr { class: "totals",
                            td { class: "kind", {tr(lang, "junqi-stats-total")} }
                            td { class: "n", "{total(&fallen, Colour::Red)}" }
                            td { class: "n", "{total(&fallen, Colour::Blue)}" }
                            td { class: "n", "{total(&hidden, Colour::Red)}" }
                            td { class: "n", "{total(&hidden, Colour::Blue)}" }
                        }
                    }
                }
                div { class: "sheet-actions",
                    button {
                        class: "btn btn-primary btn-block",
                        "data-testid": "junqi-stats-close",
                        onclick: move |_| on_close.call(()),
                        {tr(lang, "junqi-stats-close")}
                    }
                }
        }
    }
}
