//! The Jun Qi flip board, statistics panel, notices and result card
//! rendered to HTML with dioxus-ssr. The board is drawn from a seat's view,
//! so the HTML can never name a face-down piece (J21).

use crate::support;
use support::ssr;

use dioxus::prelude::*;
use papan::games::junqi::stats::StatsPanel;
use papan::games::junqi::tap::JunQiCommand;
use papan::i18n::{rule_key, tr, Lang};
use papan::play::save::{SavedMatch, SAVE_VERSION};
use papan::play::{Answer, LocalGame, Match, Player, TapState};
use papan::shell::offline::seating;
use papan::shell::GameUi;
use papan_bots::Level;
use papan_rules::junqi::{Colour, JunQi, JunQiAction, JunQiView, Kind, Post, Square};
use papan_rules::{Game, GameId, Record, RuleId, Seat};
use ssr::{result_card, tag_with, texts_in_group};

/// The person (first seat) against the bot after `plies` actions: moves
/// first, else the first legal action; deterministic.
fn played(seed: u64, plies: usize) -> LocalGame<JunQi> {
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
    let save = SavedMatch {
        version: SAVE_VERSION,
        game: Some(GameId::Junqi),
        record,
        players: [Player::Human, Player::Bot(Level::Beginner)],
        local: Seat::First,
        game_index: 0,
        alternate: None,
        verdict: None,
        clock: None,
        resigned: None,
        hints: 0,
    };
    LocalGame::new(Match::from_save(save, 0).unwrap())
}

fn fresh(seed: u64) -> LocalGame<JunQi> {
    played(seed, 0)
}

fn view(game: &LocalGame<JunQi>) -> JunQiView {
    game.table().view
}

fn board(game: &LocalGame<JunQi>, lang: Lang) -> String {
    ssr::board(&game.table(), &game.tap, None, lang)
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
    let game = fresh(1);
    let html = board(&game, Lang::En);
    let svg = tag_with(&html, "data-testid=\"junqi-board\"");
    assert!(
        svg.contains("data-status=\"playing\"") && svg.contains("data-ply=\"0\""),
        "{svg}"
    );
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
fn j1_files_and_ranks_are_drawn() {
    let html = board(&fresh(1), Lang::En);
    let labels = texts_in_group(&html, "jq-coords");
    let files: Vec<String> = "abcde".chars().map(String::from).collect();
    let ranks: Vec<String> = (1..=12).map(|r: u8| r.to_string()).collect();
    assert_eq!(labels, [files, ranks].concat());
}

#[test]
fn j4_railways_are_drawn_distinctly_from_roads() {
    let html = board(&fresh(2), Lang::En);
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
        let view = view(&game);
        let shown = view
            .board()
            .iter()
            .filter(|p| matches!(p, Post::Revealed { .. }))
            .count();
        for lang in Lang::ALL {
            let html = board(&game, lang);
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
    let html_id = board(&game, Lang::Id);
    let html_en = board(&game, Lang::En);
    let (square, kind) = Square::all()
        .find_map(|s| match view(&game).post(s) {
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
    let Some(JunQiAction::Reveal(post)) = view(&game).last_action().map(|l| l.action) else {
        panic!("the first action is a reveal");
    };
    let html = board(&game, Lang::En);
    assert!(post_class(&html, &post.to_string()).contains("last"));
}

#[test]
fn hinted_posts_are_marked() {
    let game = fresh(11);
    let square: Square = "c3".parse().unwrap();
    let html = ssr::board(&game.table(), &game.tap, Some(JunQiAction::Reveal(square)), Lang::En);
    assert!(post_class(&html, "c3").contains("hint"));
    assert_eq!(html.matches(" hint").count(), 1);
}

/// A game where the person is to move and has a piece that can move.
fn person_can_move() -> (LocalGame<JunQi>, Square) {
    for seed in 0..40 {
        for plies in (40..160).step_by(7) {
            let game = played(seed, plies);
            if !game.game.is_human_turn() {
                continue;
            }
            if let Some(&from) = game.tap.movable(&game.table()).first() {
                return (game, from);
            }
        }
    }
    panic!("some position lets the person move");
}

#[test]
fn green_targets_follow_the_selected_piece() {
    let (mut game, from) = person_can_move();
    let html = board(&game, Lang::En);
    assert!(post_class(&html, &from.to_string()).contains("movable"));
    assert_eq!(game.tap(from, 0), Answer::Changed);
    let targets = game.tap.targets(&game.table());
    assert!(!targets.is_empty());
    let html = board(&game, Lang::En);
    assert!(post_class(&html, &from.to_string()).contains("selected"));
    for to in targets {
        assert!(post_class(&html, &to.to_string()).contains("target"), "{to}");
    }
}

#[test]
fn statistics_panel_counts_fallen_and_face_down_per_kind() {
    #[derive(Clone, PartialEq)]
    struct Input {
        view: JunQiView,
    }
    fn root(input: Input) -> Element {
        rsx! {
            StatsPanel { view: input.view, lang: Lang::Id, on_close: move |_| {} }
        }
    }
    let game = played(12, 120);
    let view = view(&game);
    let html = ssr::render(root, Input { view: view.clone() });
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
fn the_stats_button_opens_the_panel_beside_the_board() {
    let mut game = played(12, 20);
    let buttons = game.tap.buttons(&game.table());
    assert_eq!(buttons.len(), 1);
    assert_eq!(buttons[0].testid, "junqi-stats-button");
    assert!(!board(&game, Lang::En).contains("junqi-stats\""), "closed at first");
    assert_eq!(game.command(JunQiCommand::Stats, 0), Answer::Changed);
    let html = board(&game, Lang::En);
    assert!(html.contains("data-testid=\"junqi-stats\"") && html.contains("data-testid=\"junqi-board\""));
    game.command(JunQiCommand::Stats, 0);
    assert!(!board(&game, Lang::En).contains("data-testid=\"junqi-stats\""));
}

#[test]
fn notices_name_the_first_mover_and_the_colour_rule_with_the_last_action_first() {
    let game = fresh(14);
    let table = game.table();
    let who = |seat: Seat| format!("<{seat:?}>");
    let notices = JunQi::notices(Lang::En, &table, &game.tap, &who);
    let ids: Vec<&str> = notices.iter().map(|n| n.testid).collect();
    assert_eq!(ids, ["junqi-colours", "junqi-first-mover"], "{notices:?}");
    let first = table.to_move().expect("someone is drawn to start (J6)");
    assert!(notices[1].text.contains(&who(first)), "{}", notices[1].text);
    // After the first flip: what the opponent did leads (a 320 px phone
    // shows the first two lines of notices; the rest scrolls).
    let game = played(14, 1);
    let notices = JunQi::notices(Lang::En, &game.table(), &game.tap, &who);
    let ids: Vec<&str> = notices.iter().map(|n| n.testid).collect();
    assert_eq!(
        ids,
        ["junqi-last-action", "junqi-colours", "junqi-first-mover"],
        "{notices:?}"
    );
    let game = played(14, 3);
    let notices = JunQi::notices(Lang::En, &game.table(), &game.tap, &who);
    assert_eq!(
        notices.first().map(|n| n.testid),
        Some("junqi-last-action"),
        "{notices:?}"
    );
    assert!(
        !notices.iter().any(|n| n.testid == "junqi-first-mover"),
        "only before the second ply"
    );
}

#[test]
fn result_banner_names_the_reason() {
    let mut game = played(13, 10);
    assert!(game.game.resign(0));
    let html = result_card(Lang::Fil, seating(&game.game), &game.table());
    assert!(html.contains("data-testid=\"result-banner\""));
    assert!(html.contains("data-winner=\"bot\""));
    assert!(html.contains("data-reason=\"resignation\""));
    assert!(html.contains(&tr(Lang::Fil, "reason-you-resigned")), "{html}");
    assert!(html.contains(&tr(Lang::Fil, "result-bot-wins")), "{html}");
    let board = board(&game, Lang::En);
    assert!(tag_with(&board, "data-testid=\"junqi-board\"").contains("data-status=\"over\""));
    assert_eq!(board.matches(" movable").count(), 0, "nothing to move once over");
}

#[test]
fn every_rule_key_is_translated_in_every_language() {
    let rules: Vec<RuleId> = GameId::Junqi
        .rules()
        .chain([RuleId::Ended, RuleId::NotYourTurn, RuleId::NoRollDue])
        .collect();
    for rule in rules {
        let key = rule_key(rule);
        for lang in Lang::ALL {
            let text = tr(lang, &key);
            assert_ne!(text, key, "{key} missing in {lang:?}");
        }
    }
    let j13 = rule_key(papan_rules::rule::J13);
    assert_eq!(j13, "rule-j13");
    assert_ne!(tr(Lang::Id, &j13), tr(Lang::En, &j13), "Indonesian is not English");
}

#[test]
fn pieces_that_can_attack_are_marked_and_their_attacks_ringed() {
    let mut found = None;
    'outer: for seed in 0..60 {
        for plies in (40..200).step_by(5) {
            let game = played(seed, plies);
            if !game.game.is_human_turn() {
                continue;
            }
            let view = view(&game);
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
    let html = board(&game, Lang::En);
    assert!(post_class(&html, &from.to_string()).contains("can-attack"));
    game.tap(from, 0);
    let html = board(&game, Lang::En);
    let class = post_class(&html, &to.to_string());
    assert!(class.contains("target") && class.contains("attack"), "{to}: {class}");
    assert!(html.contains("class=\"attack-ring\""));
}

/// Every post is a named button ("c3, face-down piece", "b2, Blue Brigadier"),
/// one of them the tab stop; arrows walk the grid and stay on it.
#[test]
fn posts_are_named_buttons_with_one_tab_stop() {
    let game = played(14, 6);
    let html = board(&game, Lang::En);
    assert_eq!(html.matches("role=\"button\"").count(), 60);
    assert_eq!(html.matches("tabindex=\"0\"").count(), 1);
    let view = view(&game);
    for square in Square::all() {
        let label = ssr::attr_of(&html, &format!("data-post=\"{square}\""), "aria-label").unwrap_or_default();
        assert!(label.starts_with(&square.to_string()), "{square}: {label}");
        match view.post(square) {
            Post::FaceDown => assert!(label.contains("face-down piece"), "{label}"),
            Post::Empty => assert!(label.contains("empty"), "{label}"),
            Post::Revealed { colour, .. } => {
                let name = if colour == Colour::Red { "Red" } else { "Blue" };
                assert!(label.contains(name), "{label}");
            }
        }
    }
    use papan::games::junqi::board::arrow_step;
    let sq = |s: &str| s.parse::<Square>().unwrap();
    assert_eq!(arrow_step(sq("c3"), &Key::ArrowUp), Some(sq("c4")));
    assert_eq!(arrow_step(sq("e12"), &Key::ArrowRight), Some(sq("e12")));
    assert_eq!(arrow_step(sq("a1"), &Key::ArrowDown), Some(sq("a1")));
}

#[test]
fn j7_a_reveal_in_the_move_log_is_said_in_the_persons_language() {
    use papan::play::history::LogEntry;
    use papan::shell::log::log_line;
    let entry = |text: &str| LogEntry {
        plies: 3,
        number: 3,
        seat: Seat::First,
        text: text.into(),
        chance: None,
    };
    let line = |lang, text: &str| log_line::<JunQi>(lang, &entry(text));
    assert_eq!(line(Lang::En, "flip c3"), "3. flip c3");
    assert_eq!(line(Lang::Id, "flip c3"), "3. buka c3");
    assert_eq!(line(Lang::Fil, "flip c3"), "3. buksan c3");
    // A step is squares only, in every language.
    assert_eq!(line(Lang::Id, "a2-a3"), "3. a2-a3");
    // The review's "better move" is said the same way.
    assert_eq!(JunQi::said_move(Lang::Fil, "flip d2".into()), "buksan d2");
}
