//! The puzzles screen's line about puzzles from the player's own games: it
//! scans the finished games not scanned yet, one after another, in the
//! bots' worker ([`crate::bot::find_puzzles`]), while the screen is open,
//! and says how many were found (UI-free logic: [`crate::puzzles::own`]).

use crate::i18n::{tr, tr_args, Lang};
use crate::play::finished;
use crate::puzzles::own::OwnPuzzles;
use crate::storage::Store;
use dioxus::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[component]
pub fn OwnPuzzlesLine(lang: Lang) -> Element {
    let mut count = use_signal(|| OwnPuzzles::load(&Store::app()).0.puzzles.len());
    // Games scanned in this visit, of how many to scan.
    let mut scanning = use_signal(|| None::<(usize, usize)>);
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }
    use_hook(move || {
        spawn(async move {
            let store = Store::app();
            let games = finished::load(&store).unwrap_or_default();
            let todo: Vec<_> = OwnPuzzles::load(&store)
                .0
                .to_scan(&games)
                .into_iter()
                .cloned()
                .collect();
            for (i, game) in todo.iter().enumerate() {
                scanning.set(Some((i, todo.len())));
                match crate::bot::find_puzzles(game.game, game.record.clone(), cancel.clone()).await {
                    Ok(Some(found)) => {
                        // Read again: another screen may have written since.
                        let (mut own, _) = OwnPuzzles::load(&store);
                        own.add(&game.key, found);
                        if let Err(e) = own.save(&store) {
                            crate::diag::warn(&format!("could not keep the puzzles found: {e}"));
                        }
                        count.set(own.puzzles.len());
                    }
                    Ok(None) if cancel.load(Ordering::Relaxed) => return,
                    // Refused or failed: not scanned again and again.
                    Ok(None) | Err(_) => {
                        let (mut own, _) = OwnPuzzles::load(&store);
                        own.add(&game.key, Vec::new());
                        let _ = own.save(&store);
                    }
                }
            }
            scanning.set(None);
        });
    });
    let text = match scanning() {
        Some((done, of)) => tr_args(
            lang,
            "puzzles-own-scanning",
            &[("done", done.to_string()), ("count", of.to_string())],
        ),
        None => tr_args(lang, "puzzles-own-count", &[("count", count().to_string())]),
    };
    rsx! {
        p { class: "continue-sub puzzles-own", "data-testid": "own-puzzles", "data-count": "{count}",
            "data-scanning": "{scanning().is_some()}", role: "status",
            "{text}"
        }
        if scanning().is_none() && count() == 0 {
            p { class: "continue-sub puzzles-own-how", {tr(lang, "puzzles-own-how")} }
        }
    }
}
