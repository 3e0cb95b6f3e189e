//! Correspondence rooms in the lobby: the days-per-move picker (Hex,
//! HADANG, backgammon; Jun Qi stays live, J20) and the vacation switch with
//! the days left this month (the server keeps both; see its API.md).

use crate::i18n::{key, tr, tr_args, Lang};
use crate::online::account;
use crate::screens::setup::{Field, Segment};
use crate::storage::Store;
use dioxus::prelude::*;
use papan_api::{DaysPerMove, GameOptions, RoomOptions, VacationStatus, CORRESPONDENCE_DAYS, DAY_MS};
use papan_rules::clock::Tempo;

/// "Live / 1 / 3 / 7 days per move". Days take the live clock off the
/// game's options (a turn limit, a HADANG clock); a live clock chosen
/// afterwards makes the room live again.
#[component]
pub fn CorrespondenceField(lang: Lang, days: Signal<Option<DaysPerMove>>, per_game: Signal<GameOptions>) -> Element {
    let mut days = days;
    let mut per_game = per_game;
    use_effect(move || {
        let live_clock = per_game().tempo().is_ok_and(|t| t != Tempo::Unlimited);
        if live_clock && days.peek().is_some() {
            days.set(None);
        }
    });
    let chosen = days().map(DaysPerMove::days);
    rsx! {
        Field { lang, title: key("online-correspondence"), hint: Some(key("online-correspondence-hint")),
            Segment { label: tr(lang, "online-live-clock"), testid: "days-live", selected: chosen.is_none(), onclick: move |_| days.set(None) }
            for d in CORRESPONDENCE_DAYS {
                Segment {
                    key: "{d}",
                    label: tr_args(lang, "online-days", &[("days", d.to_string())]),
                    testid: format!("days-{d}"),
                    selected: chosen == Some(d),
                    onclick: move |_| {
                        let by_mail = DaysPerMove::new(d).ok();
                        let now = *per_game.peek();
                        per_game.set(RoomOptions::from(now).by_mail(by_mail).per_game);
                        days.set(by_mail);
                    },
                }
            }
        }
    }
}

/// Whole days of `ms`, rounded up ("2 days left" while any of the second runs).
fn whole_days(ms: u64) -> String {
    ms.div_ceil(DAY_MS).to_string()
}

/// The device's vacation: what is left this month, and a switch (1, 3 or
/// 7 days, or back now) that stops every correspondence clock of the device.
#[component]
pub fn VacationField(lang: Lang, server: String) -> Element {
    let mut status = use_signal(|| None::<VacationStatus>);
    let mut error = use_signal(|| None::<String>);
    let ask = {
        let server = server.clone();
        move |days: Option<u8>| {
            let server = server.clone();
            spawn(async move {
                let store = Store::app();
                let answer = account::with_client(&store, &server, move |c| async move {
                    match days {
                        Some(d) => c.vacation(d).await,
                        None => c.vacation_status().await,
                    }
                })
                .await;
                match answer {
                    Ok(s) => {
                        status.set(Some(s));
                        error.set(None);
                    }
                    Err(e) => error.set(Some(crate::screens::online::request_error(lang, &server, &e))),
                }
            });
        }
    };
    {
        let ask = ask.clone();
        use_hook(move || ask(None));
    }
    let Some(now) = status() else {
        return rsx! {
            if let Some(e) = error() {
                p { class: "field-hint", "data-testid": "vacation-error", "{e}" }
            }
        };
    };
    let left = tr_args(
        lang,
        "online-vacation-left",
        &[("days", whole_days(now.left_this_month_ms))],
    );
    rsx! {
        section { class: "field", "data-testid": "vacation",
            h2 { class: "field-title", {tr(lang, "online-vacation")} }
            div { class: "segmented", role: "group", "aria-label": tr(lang, "online-vacation"),
                if let Some(ms) = now.on_vacation_ms {
                    Segment {
                        label: tr(lang, "online-vacation-end"),
                        testid: "vacation-end",
                        selected: false,
                        onclick: { let ask = ask.clone(); move |_| ask(Some(0)) },
                    }
                    p { class: "field-hint", "data-testid": "vacation-on",
                        {tr_args(lang, "online-vacation-on", &[("days", whole_days(ms))])}
                    }
                } else {
                    for d in CORRESPONDENCE_DAYS.into_iter().filter(|&d| u64::from(d) * DAY_MS <= now.left_this_month_ms) {
                        Segment {
                            key: "{d}",
                            label: tr_args(lang, "online-days", &[("days", d.to_string())]),
                            testid: format!("vacation-{d}"),
                            selected: false,
                            onclick: { let ask = ask.clone(); move |_| ask(Some(d)) },
                        }
                    }
                }
            }
            p { class: "field-hint", "data-testid": "vacation-left", "{left}" }
            if let Some(e) = error() {
                p { class: "field-hint", "data-testid": "vacation-error", "{e}" }
            }
        }
    }
}
