//! `/rules/:game` and `/rules/:game/:rule`: a game's numbered rules, the
//! same ids a refusal names ("X5"), each explained in the person's
//! language; where a rule is about the board's geometry a small real board
//! shows it. A refusal's rule id links here.

use crate::i18n::{rule_key, tr, Lang};
use crate::play::history;
use crate::play::Table;
use crate::screens::TopBar;
use crate::settings::AppSettings;
use crate::shell::{BoardProps, GameUi};
use crate::Route;
use dioxus::prelude::*;
use papan_rules::backgammon::{Backgammon, BackgammonSetup};
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::junqi::JunQi;
use papan_rules::{Game, GameId, Record, RuleId, Seat};

#[component]
pub fn Rules(game: GameId) -> Element {
    rsx! { RulesPage { game, focus: None } }
}

/// The rules with one rule picked out (from a refusal's link).
#[component]
pub fn RuleAt(game: GameId, rule: String) -> Element {
    rsx! { RulesPage { game, focus: Some(rule.to_ascii_uppercase()) } }
}

#[component]
fn RulesPage(game: GameId, focus: Option<String>) -> Element {
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let title = format!(
        "{} · {}",
        tr(lang, "rules-title"),
        tr(lang, crate::screens::game_name_key(game))
    );
    let target = focus.clone();
    use_effect(move || {
        if let Some(id) = target.clone() {
            let js = format!(
                "const r = document.getElementById('rule-{}'); if (r) r.scrollIntoView({{block: 'center'}});",
                id.to_ascii_lowercase()
            );
            let _ = document::eval(&js);
        }
    });
    rsx! {
        div { class: "screen rules-screen",
            TopBar { lang, title, back: Some(Route::Setup { game }) }
            main { class: "content rules-content", "data-testid": "rules", "data-game": "{game}",
                p { class: "muted", {tr(lang, "rules-lead")} }
                ol { class: "rules-list",
                    for rule in game.rules() {
                        {
                            let id = rule.to_string();
                            let focused = focus.as_deref() == Some(id.as_str());
                            rsx! {
                                li {
                                    key: "{id}",
                                    id: "rule-{id.to_ascii_lowercase()}",
                                    class: if focused { "rule focused" } else { "rule" },
                                    "data-rule": "{id}",
                                    "aria-current": if focused { "true" } else { "false" },
                                    span { class: "rule-id", "{id}" }
                                    span { class: "rule-text", {tr(lang, &rule_key(rule))} }
                                    if let Some(board) = diagram(lang, rule) {
                                        // A picture for the rule's text: nothing on it can be tapped or focused.
                                        div { class: "rule-diagram board-wrap board-{game}", "data-testid": "rule-diagram", inert: true, {board} }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A board nobody can tap.
fn still<G: GameUi>(table: Table<G>, lang: Lang) -> Element {
    G::board(BoardProps {
        table,
        tap: G::Tap::default(),
        hint: None,
        lang,
        on_input: EventHandler::new(|_| {}),
        on_command: EventHandler::new(|_| {}),
    })
}

/// The position after `moves` (each in the game's notation) of a game
/// with `options`, as a still board.
fn after<G: GameUi>(options: G::Options, seed: u64, moves: &[&str], lang: Lang) -> Option<Element> {
    let mut record = Record::<G>::new(options, seed);
    let mut game = record.start().ok()?;
    for text in moves {
        let mv = game.parse_move(text).ok()?;
        record.play(&mut game, mv).ok()?;
    }
    let table = history::table_at(&record, record.moves.len(), Seat::First, Seat::First).ok()?;
    Some(still(table, lang))
}

/// The board a geometric rule is shown on.
fn diagram(lang: Lang, rule: RuleId) -> Option<Element> {
    let RuleId::Numbered { game, number } = rule else {
        return None;
    };
    match (game, number) {
        // X3: the edges each colour owns, on the smallest board.
        (GameId::Hex, 3) => after::<Hex>(HexOptions { size: 7, swap: false }, 0, &[], lang),
        // H3, H12: walls two cells long in the grooves, never crossing.
        (GameId::Hadang, 3) => after::<Hadang>(Default::default(), 0, &["e2", "e8", "d5h", "e6v", "c3v"], lang),
        // J3, J4: roads, railways, camps and the mountains, at the start.
        (GameId::Junqi, 4) => after::<JunQi>(Default::default(), 1, &[], lang),
        // B13: every checker home, bearing off with 6-4.
        (GameId::Backgammon, 13) => bear_off(lang),
        _ => None,
    }
}

fn bear_off(lang: Lang) -> Option<Element> {
    // White home on 1–6 (two already off), Black on 19–24 (three off).
    let points: [i8; 24] = [
        3, 3, 3, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2, -2, -2, -2, -2, -2,
    ];
    let setup = BackgammonSetup {
        options: Default::default(),
        points,
        bar: [0, 0],
        off: [2, 3],
        to_move: Some(Seat::First),
        dice: Some([6, 4]),
    };
    let game = Backgammon::try_from(setup).ok()?;
    let table: Table<Backgammon> = Table {
        view: game.view(Seat::First),
        viewer: Seat::First,
        bottom: Seat::First,
        can_act: false,
        last: None,
        outcome: None,
        ply: 0,
        history: Vec::new(),
    };
    Some(still(table, lang))
}
