//! The Jun Qi flip board, statistics panel and result banner rendered to
//! HTML with dioxus-ssr. The board is drawn from a seat's view, so the HTML
//! can never name a face-down piece (J21).

use dioxus::prelude::*;
use papan::components::junqi::board::JunQiBoard;
use papan::components::junqi::result::JunQiResult;
use papan::components::junqi::stats::StatsPanel;
use papan::controllers::hex::Player;
use papan::controllers::junqi::{JunQiController, JunQiSave, SAVE_VERSION};
use papan::i18n::{tr, Lang};
use papan_bots::Level;
use papan_rules::junqi::{Colour, JunQi, JunQiAction, Kind, Post, Square};
use papan_rules::{Game, Record, Seat};

#[derive(Props, Clone, PartialEq)]
struct GameProps {
    game: JunQiController,
    lang: Lang,
}

#[allow(non_snake_case)]
fn BoardHarness(props: GameProps) -> Element {
    rsx! {
        JunQiBoard {
            view: props.game.view(),
            lang: props.lang,
            selected: props.game.selected(),
            targets: props.game.targets(),
            movable: props.game.movable(),
            turn: "human".to_string(),
            last_pointer: "touch".to_string(),
            on_tap: move |_| {},
            on_pointer: move |_| {},
        }
    }
}

#[allow(non_snake_case)]
fn StatsHarness(props: GameProps) -> Element {
    rsx! {
        StatsPanel { view: props.game.view(), lang: props.lang, on_close: move |_| {} }
    }
}

#[allow(non_snake_case)]
fn ResultHarness(props: GameProps) -> Element {
    rsx! {
        JunQiResult { game: props.game, lang: props.lang, on_rematch: move |_| {}, on_home: move |_| {} }
    }
}

fn render(component: fn(GameProps) -> Element, game: &JunQiController, lang: Lang) -> String {
    let mut dom = VirtualDom::new_with_props(
        component,
        GameProps {
            game: game.clone(),
            lang,
        },
    );
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

/// A game between two people after `plies` actions: reveals first, then
/// the first legal move, deterministic.
fn played(seed: u64, plies: usize) -> JunQiController {
    let mut record: Record<JunQi> = Record::new(Default::default(), seed);
    let mut game = record.start().unwrap();
    for _ in 0..plies {
        let legal = game.legal_moves();
        let Some(action) = legal
            .iter()
            .find(|a| matches!(a, JunQiAction::Move { .. }))
            .or(legal.first())
            .copied()
        else {
            break;
        };
        record.play(&mut game, action).unwrap();
    }
    JunQiController::from_save(JunQiSave {
        version: SAVE_VERSION,
        record,
        players: [Player::Human, Player::Bot(Level::Beginner)],
        local: Seat::First,
        resigned: None,
    })
    .unwrap()
}

/// The `<g data-post=…>` element's class.
fn post_class(html: &str, name: &str) -> String {
    let marker = format!("data-post=\"{name}\"");
    let at = html.find(&marker).unwrap_or_else(|| panic!("no post {name}"));
    let start = html[..at].rfind("<g").unwrap();
    let tag = &html[start..at + marker.len()];
    let class_at = tag.find("class=\"").unwrap() + 7;
    tag[class_at..].split('"').next().unwrap().to_string()
}

#[test]
fn board_draws_sixty_posts_with_stable_attributes() {
    let game = JunQiController::from_setup(Some(Level::Beginner), 1).unwrap();
    let html = render(BoardHarness, &game, Lang::En);
    assert!(html.contains("data-testid=\"junqi-board\""));
    assert_eq!(html.matches("data-post=\"").count(), 60);
    for square in Square::all() {
        let class = post_class(&html, &square.to_string());
        let expected = if square.is_camp() { "empty" } else { "facedown" };
        assert!(class.split(' ').any(|c| c == expected), "{square}: {class}");
    }
    // J2: ten camps drawn as circles, four headquarters.
    assert_eq!(html.matches("class=\"jq-camp\"").count(), 10);
    assert_eq!(html.matches("class=\"jq-hq\"").count(), 4);
}

#[test]
fn j4_railways_are_drawn_distinctly_from_roads() {
    let game = JunQiController::from_setup(None, 2).unwrap();
    let html = render(BoardHarness, &game, Lang::En);
    let rails = html.matches("class=\"jq-rail\"").count();
    let inner = html.matches("class=\"jq-rail-inner\"").count();
    // Four rail ranks of 4 segments, files a and e with 9 each, and c6–c7.
    assert_eq!(rails, 4 * 4 + 2 * 9 + 1);
    assert_eq!(inner, rails, "every rail is a double line");
    assert!(html.matches("class=\"jq-road\"").count() > 20);
    // J3: the mountains at b and d on the front line.
    assert_eq!(html.matches("class=\"jq-mountain\"").count(), 2);
    assert_eq!(html.matches("class=\"jq-mountain far\"").count(), 2);
}

#[test]
fn j21_html_never_holds_a_face_down_identity() {
    for (seed, plies) in [(3, 0), (4, 9), (5, 30), (6, 80)] {
        let game = played(seed, plies);
        let view = game.view();
        let shown = view
            .board()
            .iter()
            .filter(|p| matches!(p, Post::Revealed { .. }))
            .count();
        for lang in Lang::ALL {
            let html = render(BoardHarness, &game, lang);
            assert_eq!(
                html.matches("class=\"piece-label\"").count(),
                shown,
                "seed {seed} after {plies}: one label per revealed piece, none for face-down ones"
            );
            let face_down = html.matches("class=\"post facedown").count();
            assert_eq!(face_down, view.board().iter().filter(|p| **p == Post::FaceDown).count());
        }
    }
}

#[test]
fn revealed_pieces_show_their_localized_short_names() {
    let game = played(8, 6);
    let html_id = render(BoardHarness, &game, Lang::Id);
    let html_en = render(BoardHarness, &game, Lang::En);
    let (square, kind) = Square::all()
        .find_map(|s| match game.view().post(s) {
            Post::Revealed { piece, .. } => Some((s, piece)),
            _ => None,
        })
        .unwrap();
    let code = kind.code(); // Indonesian abbreviation from the page
    assert!(
        html_id.contains(&format!(">{code}</text>")),
        "Indonesian tile on {square} reads {code}"
    );
    let class = post_class(&html_en, &square.to_string());
    assert!(class.contains("red") || class.contains("blue"), "{class}");
}

#[test]
fn last_action_and_selection_are_marked() {
    let game = played(10, 1);
    let Some(JunQiAction::Reveal(post)) = game.view().last_action().map(|l| l.action) else {
        panic!("the first action is a reveal");
    };
    let html = render(BoardHarness, &game, Lang::En);
    assert!(post_class(&html, &post.to_string()).contains("last"));
}

#[test]
fn green_targets_follow_the_selected_piece() {
    // Find a position where the local person (First) can move a piece.
    let mut found = None;
    'outer: for seed in 0..40 {
        for plies in (40..160).step_by(7) {
            let game = played(seed, plies);
            if !game.is_human_turn() {
                continue;
            }
            if let Some(&from) = game.movable().first() {
                found = Some((game, from));
                break 'outer;
            }
        }
    }
    let (mut game, from) = found.expect("some position lets the person move");
    game.tap(from);
    let targets = game.targets();
    assert!(!targets.is_empty());
    let html = render(BoardHarness, &game, Lang::En);
    assert!(post_class(&html, &from.to_string()).contains("selected"));
    for to in targets {
        assert!(post_class(&html, &to.to_string()).contains("target"), "{to}");
    }
}

#[test]
fn statistics_panel_counts_fallen_and_face_down_per_kind() {
    let game = played(12, 120);
    let view = game.view();
    let html = render(StatsHarness, &game, Lang::Id);
    assert!(html.contains("data-testid=\"junqi-stats\""));
    assert_eq!(html.matches("data-kind=\"").count(), Kind::ALL.len());
    // Full names in the panel.
    assert!(html.contains(&tr(Lang::Id, "junqi-kind-commander")));
    let sum = |what: &str| -> u32 {
        html.split(&format!("data-stat=\"{what}\">"))
            .skip(1)
            .map(|rest| rest.split('<').next().unwrap().parse::<u32>().unwrap())
            .sum()
    };
    assert_eq!(sum("fallen-red"), view.fallen().total(Colour::Red));
    assert_eq!(sum("fallen-blue"), view.fallen().total(Colour::Blue));
    assert_eq!(sum("hidden-red"), view.face_down().total(Colour::Red));
    assert_eq!(sum("hidden-blue"), view.face_down().total(Colour::Blue));
}

#[test]
fn result_banner_names_the_reason() {
    let mut game = played(13, 10);
    assert!(game.resign());
    let html = render(ResultHarness, &game, Lang::Fil);
    assert!(html.contains("data-testid=\"result-banner\""));
    assert!(html.contains("data-winner=\"bot\""));
    assert!(html.contains(&tr(Lang::Fil, "junqi-reason-you-resigned")));
}

#[test]
fn every_rule_key_is_translated_in_every_language() {
    for rule in ["J7", "J8", "J9", "J10", "J11", "J12", "J13", "J15", "J16", "J99"] {
        let key = papan::controllers::junqi::rule_key(rule);
        for lang in Lang::ALL {
            let text = tr(lang, key);
            assert_ne!(text, key, "{key} missing in {lang:?}");
        }
    }
    assert_ne!(
        tr(Lang::Id, "junqi-rule-J13"),
        tr(Lang::En, "junqi-rule-J13"),
        "Indonesian is not English"
    );
}

#[test]
fn pieces_that_can_attack_are_marked_and_their_attacks_ringed() {
    let mut found = None;
    'outer: for seed in 0..60 {
        for plies in (40..200).step_by(5) {
            let game = played(seed, plies);
            if !game.is_human_turn() {
                continue;
            }
            let view = game.view();
            let attack = view.legal_actions().into_iter().find_map(|a| match a {
                JunQiAction::Move { from, to } if view.post(to) != Post::Empty => Some((from, to)),
                _ => None,
            });
            if let Some(pair) = attack {
                found = Some((game, pair));
                break 'outer;
            }
        }
    }
    let (mut game, (from, to)) = found.expect("some position offers the person an attack");
    let html = render(BoardHarness, &game, Lang::En);
    assert!(post_class(&html, &from.to_string()).contains("can-attack"));
    game.tap(from);
    let html = render(BoardHarness, &game, Lang::En);
    let class = post_class(&html, &to.to_string());
    assert!(class.contains("target") && class.contains("attack"), "{to}: {class}");
}
