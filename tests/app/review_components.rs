//! The review screen and the list of finished games rendered to HTML with
//! dioxus-ssr (issue 33, item 5): the step bar and the keys that move the
//! review, the graph's axes with every dot inside its picture, Jun Qi's
//! review showing what a seat knew, and the list's dates, imports and the
//! imported games that did not finish.

use crate::support;
use support::ssr;

use dioxus::prelude::*;
use papan::i18n::Lang;
use papan::play::finished::{Finished, IMPORTED};
use papan::play::Player;
use papan::screens::review::graph::{move_ticks, ChanceGraph, DOT_RADIUS, HEIGHT, WIDTH};
use papan::screens::review::list::FinishedList;
use papan::screens::review::screen::{review_table, ReviewScreen, Step};
use papan::settings::AppSettings;
use papan::shell::GameUi;
use papan_bots::Level;
use papan_rules::hex::{Hex, HexOptions};
use papan_rules::junqi::{JunQi, Post};
use papan_rules::{EndReason, Game, Outcome, Record, Seat};
use ssr::{attr_of, tag_with};
use std::marker::PhantomData;

/// Red builds the d-file and wins on the 13th move.
fn hex_game() -> Record<Hex> {
    let mut record = Record::<Hex>::new(HexOptions { size: 7, swap: false }, 0);
    let mut game = record.start().unwrap();
    for text in [
        "d1", "a1", "d2", "b1", "d3", "c1", "d4", "e1", "d5", "f1", "d6", "g1", "d7",
    ] {
        let mv = game.parse_move(text).unwrap();
        record.play(&mut game, mv).unwrap();
    }
    record
}

/// Jun Qi after `plies` actions: moves where one exists, else the first
/// legal action (a turn-over); deterministic.
fn junqi_game(seed: u64, plies: usize) -> Record<JunQi> {
    let mut record = Record::<JunQi>::new(Default::default(), seed);
    let mut game = record.start().unwrap();
    for _ in 0..plies {
        let legal = game.legal_moves();
        let Some(action) = legal.first().copied() else { break };
        record.play(&mut game, action).unwrap();
    }
    record
}

#[derive(Clone, PartialEq, Props)]
struct ReviewInput {
    entry: Finished,
    lang: Lang,
}

fn review_root<G: GameUi>(input: ReviewInput) -> Element {
    use_context_provider(|| {
        Signal::new(AppSettings {
            lang: input.lang,
            ..AppSettings::default()
        })
    });
    rsx! { ReviewScreen { game: PhantomData::<G>, entry: input.entry } }
}

fn review_html<G: GameUi>(entry: Finished, lang: Lang) -> String {
    ssr::render(review_root::<G>, ReviewInput { entry, lang })
}

fn against_bot<G: papan::play::Playable>(record: &Record<G>) -> Finished {
    let outcome = record.replay().unwrap().outcome();
    Finished::new(
        "g1".into(),
        record,
        Seat::First,
        [Player::Human, Player::Bot(Level::Normal)],
        outcome,
        "offline",
    )
    .unwrap()
}

#[test]
fn the_review_has_a_step_bar_under_the_board_and_the_arrow_keys_step() {
    // The keys: Left and Right step, Home and End go to either end; others
    // are not the review's.
    assert_eq!(Step::of_key("ArrowLeft"), Some(Step::Back));
    assert_eq!(Step::of_key("ArrowRight"), Some(Step::Forward));
    assert_eq!(Step::of_key("Home"), Some(Step::First));
    assert_eq!(Step::of_key("End"), Some(Step::Last));
    assert_eq!(Step::of_key("ArrowUp"), None);
    assert_eq!(Step::of_key("a"), None);
    // Steps stay inside the game: 0 is the start, 13 after the last move.
    assert_eq!(Step::Back.apply(13, 13), 12);
    assert_eq!(Step::Back.apply(0, 13), 0);
    assert_eq!(Step::Forward.apply(12, 13), 13);
    assert_eq!(Step::Forward.apply(13, 13), 13);
    assert_eq!(Step::First.apply(7, 13), 0);
    assert_eq!(Step::Last.apply(0, 13), 13);

    let html = review_html::<Hex>(against_bot(&hex_game()), Lang::En);
    // The review opens on the end of the game, the last move picked in the
    // list (before the analysis has judged anything).
    assert_eq!(
        attr_of(&html, "data-testid=\"review\"", "data-at").as_deref(),
        Some("13")
    );
    assert_eq!(
        html.matches("data-testid=\"review-move\"").count(),
        13,
        "every move is listed at once"
    );
    let current: Vec<&str> = html
        .split("data-testid=\"review-move\"")
        .skip(1)
        .filter(|b| {
            b.split('>')
                .next()
                .unwrap_or_default()
                .contains("aria-current=\"true\"")
        })
        .collect();
    assert_eq!(current.len(), 1);
    assert!(current[0].contains("13. d7"), "the last move is the current one");
    // The board and its step bar come first, in the part that does not scroll.
    let dock = html.find("data-testid=\"review-dock\"").unwrap();
    let scroll = html.find("data-testid=\"review-scroll\"").unwrap();
    for id in ["hex-board", "review-first", "review-prev", "review-next", "review-last"] {
        let at = html
            .find(&format!("data-testid=\"{id}\""))
            .unwrap_or_else(|| panic!("no {id}"));
        assert!(dock < at && at < scroll, "{id} is in the dock above the list");
    }
    assert!(html.find("data-testid=\"review-moves\"").unwrap() > scroll);
    // Each step button is named for a screen reader; at the end, forward is off.
    for (id, label) in [
        ("review-first", "To the start"),
        ("review-prev", "Previous move"),
        ("review-next", "Next move"),
        ("review-last", "To the end"),
    ] {
        let tag = tag_with(&html, &format!("data-testid=\"{id}\""));
        assert!(tag.contains(&format!("aria-label=\"{label}\"")), "{id}: {tag}");
    }
    assert!(tag_with(&html, "data-testid=\"review-next\"").contains("disabled"));
    assert!(!tag_with(&html, "data-testid=\"review-prev\"").contains("disabled"));
    assert!(html.contains("13/13"));
    // The final position: all 13 stones.
    assert_eq!(
        html.matches("class=\"cell red").count() + html.matches("class=\"cell blue").count(),
        13
    );

    // In Indonesian, the labels are Indonesian.
    let html = review_html::<Hex>(against_bot(&hex_game()), Lang::Id);
    assert!(tag_with(&html, "data-testid=\"review-prev\"").contains("aria-label=\"Langkah sebelumnya\""));
    assert!(tag_with(&html, "data-testid=\"review-first\"").contains("aria-label=\"Ke awal\""));
}

#[test]
fn a_game_resigned_before_its_first_move_says_there_is_nothing_to_tap() {
    let record = Record::<Hex>::new(HexOptions { size: 11, swap: false }, 0);
    let resigned = Finished::new(
        "g0".into(),
        &record,
        Seat::First,
        [Player::Human, Player::Bot(Level::Beginner)],
        Some(Outcome {
            winner: Some(Seat::Second),
            points: 1,
            reason: EndReason::Resignation,
        }),
        "offline",
    )
    .unwrap();
    for (lang, nothing, tap) in [
        (Lang::En, "No move was played in this game.", "Tap a move"),
        (
            Lang::Id,
            "Tidak ada langkah yang dimainkan dalam permainan ini.",
            "Ketuk langkah",
        ),
        (Lang::Fil, "Walang tirang nilaro sa larong ito.", "I-tap ang isang tira"),
    ] {
        let html = review_html::<Hex>(resigned.clone(), lang);
        assert!(html.contains("0/0"), "{lang:?}: no move to step to");
        assert!(html.contains(nothing), "{lang:?}: says there is no move");
        assert!(!html.contains(tap), "{lang:?}: no list to tap");
        // A game with moves still points at its list.
        let html = review_html::<Hex>(against_bot(&hex_game()), lang);
        assert!(html.contains(tap) && !html.contains(nothing), "{lang:?}");
    }
}

/// The `(cx, cy, r)` of every circle in `html`.
fn circles(html: &str) -> Vec<(f64, f64, f64)> {
    html.split("<circle")
        .skip(1)
        .map(|c| {
            let tag = c.split('>').next().unwrap();
            let num = |name: &str| {
                let at = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                tag[at..].split('"').next().unwrap().parse::<f64>().unwrap()
            };
            (num("cx"), num("cy"), num("r"))
        })
        .collect()
}

/// The texts of the `<text>` elements between `from` and `to`.
fn texts_between(html: &str, from: &str, to: &str) -> Vec<String> {
    let start = html.find(from).unwrap_or_else(|| panic!("no {from}"));
    let end = start + html[start..].find(to).unwrap_or_else(|| panic!("no {to}"));
    html[start..end]
        .split("</text>")
        .filter_map(|part| part.rfind('>').map(|gt| part[gt + 1..].to_string()))
        .filter(|t| !t.is_empty())
        .collect()
}

#[derive(Clone, PartialEq, Props)]
struct GraphInput {
    curve: Vec<f64>,
    marks: Vec<&'static str>,
    first_is_local: bool,
}

fn graph_root(input: GraphInput) -> Element {
    rsx! {
        ChanceGraph {
            title: "Your winning chance".to_string(),
            curve: input.curve,
            marks: input.marks,
            selected: Some(3),
            first_is_local: input.first_is_local,
            on_select: move |_| {},
        }
    }
}

#[test]
fn the_graph_has_labelled_axes_and_every_mistake_dot_inside_it() {
    // Mistakes at both extremes: certain wins and certain losses, the first
    // and the last move among them.
    let curve = vec![0.5, 1.0, 0.0, 1.0, 0.6, 0.0, 0.3, 1.0, 0.0, 0.5, 1.0, 0.0, 1.0];
    let marks = vec![
        "blunder",
        "mistake",
        "inaccuracy",
        "best",
        "blunder",
        "good",
        "very-bad",
        "bad",
        "forced",
        "doubtful",
        "mistake",
        "blunder",
    ];
    for first_is_local in [true, false] {
        let html = ssr::render(
            graph_root,
            GraphInput {
                curve: curve.clone(),
                marks: marks.clone(),
                first_is_local,
            },
        );
        // Whose chance it is, and what the axes mean.
        assert!(html.contains("Your winning chance"), "{html}");
        let y = texts_between(&html, "<g class=\"graph-y-axis\"", "<g class=\"graph-x-axis\"");
        assert_eq!(y, ["100%", "50%", "0%"]);
        let x = texts_between(&html, "<g class=\"graph-x-axis\"", "<polygon");
        assert_eq!(x, ["2", "4", "6", "8", "10", "12"], "move numbers along the bottom");
        // The picture keeps its shape (its text is not stretched)...
        assert!(!html.contains("preserveAspectRatio=\"none\""));
        let view_box = attr_of(&html, "data-testid=\"review-graph-svg\"", "viewBox").unwrap();
        assert_eq!(view_box, format!("0 0 {WIDTH} {HEIGHT}"));
        // ...and every dot is wholly inside it, even at 0% and 100%.
        let dots = circles(&html);
        assert_eq!(dots.len(), 9, "one dot per error");
        for (cx, cy, r) in dots {
            assert_eq!(r, DOT_RADIUS);
            assert!(cx - r >= 0.0 && cx + r <= WIDTH, "dot at x {cx} leaves the picture");
            assert!(cy - r >= 0.0 && cy + r <= HEIGHT, "dot at y {cy} leaves the picture");
        }
    }
    // A round step, six marks at most, up to the last move.
    assert_eq!(move_ticks(1), [1]);
    assert_eq!(move_ticks(4), [1, 2, 3, 4]);
    assert_eq!(move_ticks(13), [2, 4, 6, 8, 10, 12]);
    assert_eq!(move_ticks(60), [10, 20, 30, 40, 50, 60]);
    assert_eq!(move_ticks(240), [50, 100, 150, 200]);
    assert!((1..500).all(|n| (1..=6).contains(&move_ticks(n).len()) && move_ticks(n).iter().all(|t| *t <= n)));
}

fn face_down(board: &[Post]) -> usize {
    board.iter().filter(|p| matches!(p, Post::FaceDown)).count()
}

#[test]
fn j21_the_jun_qi_review_shows_what_the_seat_knew_and_everything_on_request() {
    let record = junqi_game(21, 6);
    // What the seat knew: face-down pieces stay face down, as in play.
    let knew = review_table(&record, 6, Seat::First, false).unwrap();
    let all = review_table(&record, 6, Seat::First, true).unwrap();
    assert!(face_down(knew.view.board()) > 40, "the layout stays secret");
    assert_eq!(face_down(all.view.board()), 0, "everything: every piece turned over");
    // Another game has nothing to hide: the switch changes nothing there.
    let hex = hex_game();
    assert_eq!(
        review_table(&hex, 5, Seat::First, false).unwrap().view,
        review_table(&hex, 5, Seat::First, true).unwrap().view
    );

    // The screen opens on what the person knew, with the switch to see all.
    let html = review_html::<JunQi>(against_bot(&record), Lang::En);
    let hidden = html.matches("class=\"post facedown").count();
    assert_eq!(
        hidden,
        face_down(knew.view.board()),
        "the board keeps face-down pieces down"
    );
    assert!(hidden > 40);
    assert!(
        ssr::selected(&html, "review-view-seat"),
        "what the seat knew is the default"
    );
    assert!(!ssr::selected(&html, "review-view-all"));
    assert!(html.contains(">What you knew<"), "{html}");
    assert!(html.contains(">Everything<"));
    // In Indonesian.
    let html = review_html::<JunQi>(against_bot(&record), Lang::Id);
    assert!(html.contains(">Yang kamu ketahui<") && html.contains(">Semuanya<"));
    // Games with nothing hidden have no switch.
    let html = review_html::<Hex>(against_bot(&hex_game()), Lang::En);
    assert!(!html.contains("review-view-switch"));
}

#[derive(Clone, PartialEq, Props)]
struct ListInput {
    games: Vec<Finished>,
    lang: Lang,
}

fn list_root(input: ListInput) -> Element {
    rsx! { FinishedList { lang: input.lang, games: input.games, on_open: move |_| {} } }
}

/// 12 March 2025, 14:05 UTC.
const MARCH_12: u64 = 1_741_788_300_000;

#[test]
fn the_finished_list_dates_each_game_and_keeps_unfinished_imports_apart() {
    // Played here against the bot, dated.
    let mut played = against_bot(&hex_game());
    played.at = Some(MARCH_12);
    // Imported from HexGui with the players' names, finished.
    let sgf = "(;FF[4]GM[11]SZ[7]PB[Alice]PW[Bob];B[d1];W[a1];B[d2];W[b1];B[d3];W[c1];B[d4];W[e1];B[d5];W[f1];B[d6];W[g1];B[d7])";
    let mut named = papan::play::finished::import::<Hex>(sgf).unwrap();
    assert_eq!(named.names, [Some("Alice".into()), Some("Bob".into())]);
    named.at = Some(MARCH_12 + 86_400_000);
    // Imported without names, not finished: two moves.
    let mut open = papan::play::finished::import::<Hex>("(;FF[4]GM[11]SZ[7];B[d4];W[c5])").unwrap();
    assert!(open.is_unfinished_import());
    open.at = Some(MARCH_12);
    // Kept before dates were: no date, no failure.
    let mut old = against_bot(&hex_game());
    old.key = "old".into();
    old.at = None;
    let games = vec![open.clone(), named.clone(), played.clone(), old.clone()];

    let html = ssr::render(
        list_root,
        ListInput {
            games: games.clone(),
            lang: Lang::En,
        },
    );
    // The finished list holds the three finished games, newest first; the
    // unfinished import is listed apart under its own heading.
    let finished_at = html.find("data-testid=\"finished-list\"").unwrap();
    let apart_at = html
        .find("data-testid=\"unfinished-imports\"")
        .expect("a list of unfinished imports");
    let (finished, apart) = html[finished_at..].split_at(apart_at - finished_at);
    assert_eq!(finished.matches("data-testid=\"finished-game\"").count(), 3);
    assert_eq!(apart.matches("data-testid=\"finished-game\"").count(), 1);
    assert!(apart.contains(&format!("data-key=\"{}\"", open.key)));
    assert!(html.contains(">Imported, not finished<"));
    // Dates: the day, the month's name, the year, the time (UTC natively).
    assert!(finished.contains("12 Mar 2025, 14:05"), "{finished}");
    assert!(finished.contains("13 Mar 2025, 14:05"));
    assert!(finished.contains("datetime=\"2025-03-12T14:05\""));
    assert_eq!(
        html.matches("data-testid=\"finished-date\"").count(),
        3,
        "the old game has no date"
    );
    // The import says so and uses the file's names, never "Player 1".
    assert!(finished.contains(">Alice won<"), "{finished}");
    assert!(finished.contains("Imported · Alice vs Bob · 13 moves"));
    assert!(!html.contains("Player 1"), "{html}");
    // Without names in the file: the game's sides.
    assert!(apart.contains("Imported · Red vs Blue · 2 moves"), "{apart}");
    assert!(apart.contains(">Not finished<"));
    // A game played here is as before: the person and the bot.
    assert!(finished.contains(">You won<"));
    assert!(finished.contains("Opponent: Normal bot · 13 moves"));

    // In Indonesian and Filipino.
    let html = ssr::render(
        list_root,
        ListInput {
            games: games.clone(),
            lang: Lang::Id,
        },
    );
    assert!(html.contains("12 Mar 2025, 14:05"));
    assert!(html.contains(">Diimpor, belum selesai<"));
    assert!(html.contains("Diimpor · Merah vs Biru · 2 langkah"), "{html}");
    assert!(html.contains(">Alice menang<"));
    let html = ssr::render(list_root, ListInput { games, lang: Lang::Fil });
    assert!(html.contains("Mar 12, 2025 · 14:05"));
    assert!(html.contains(">Na-import, hindi tapos<"));
}

#[test]
fn an_imported_game_is_named_by_its_file_or_by_its_sides() {
    use papan::play::finished::file_names;
    use papan_rules::GameId;
    // A gnubg .mat file names both players on its score line.
    let mat = " 0 point match\n\n Game 1\n alice : 0                      bob smith : 0\n  1)                             52: 13/8 13/11\n";
    assert_eq!(
        file_names(GameId::Backgammon, mat),
        [Some("alice".into()), Some("bob smith".into())]
    );
    // Papan's own export writes the seats' words, which are not names.
    let ours = " 0 point match\n\n Game 1\n White : 0                      Black : 0\n";
    assert_eq!(file_names(GameId::Backgammon, ours), [None, None]);
    assert_eq!(
        file_names(GameId::Hex, "(;FF[4]GM[11]SZ[7]PW[Bob];B[d4])"),
        [None, Some("Bob".into())]
    );
    assert_eq!(
        file_names(GameId::Hadang, "[Game \"HADANG\"]\n1. e2 e8\n"),
        [None, None]
    );
    // HADANG and Jun Qi transcripts name them in their `First` and `Second` tags.
    let tagged = "[Game \"Jun Qi\"]\n[First \"Ana \\\"Ace\\\" Cruz\"]\n[Second \"Budi\"]\n";
    assert_eq!(
        file_names(GameId::Junqi, tagged),
        [Some("Ana \"Ace\" Cruz".into()), Some("Budi".into())]
    );
    let imported = papan::play::finished::import::<Hex>("(;FF[4]GM[11]SZ[7];B[d4];W[c5])").unwrap();
    assert_eq!(imported.origin, IMPORTED);
    assert!(imported.is_import());
    // A game played here with no result is not an unfinished import.
    let mut played = against_bot(&hex_game());
    played.outcome = None;
    assert!(!played.is_unfinished_import());
    played.outcome = Some(Outcome {
        winner: Some(Seat::Second),
        points: 1,
        reason: EndReason::Resignation,
    });
    assert!(!played.is_unfinished_import());
}
