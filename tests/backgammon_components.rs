//! The backgammon board and result card rendered to HTML with dioxus-ssr.

use dioxus::prelude::*;
use papan::components::backgammon::banner::BackgammonResult;
use papan::components::backgammon::board::BackgammonBoard;
use papan::controllers::backgammon::{BackgammonController, Spot};
use papan::controllers::hex::Player;
use papan::i18n::Lang;
use papan_bots::Level;
use papan_rules::backgammon::{Backgammon, Board, Dice};
use papan_rules::Seat;

#[derive(Props, Clone, PartialEq)]
struct Props {
    game: BackgammonController,
    lang: Lang,
}

#[allow(non_snake_case)]
fn BoardHarness(props: Props) -> Element {
    rsx! {
        BackgammonBoard { game: props.game, lang: props.lang, turn: "human".to_string(), on_tap: move |_| {}, on_roll: move |_| {} }
    }
}

#[allow(non_snake_case)]
fn BannerHarness(props: Props) -> Element {
    rsx! {
        BackgammonResult { game: props.game, lang: props.lang, on_rematch: move |_| {}, on_home: move |_| {} }
    }
}

fn render(component: fn(Props) -> Element, game: &BackgammonController, lang: Lang) -> String {
    let mut dom = VirtualDom::new_with_props(
        component,
        Props {
            game: game.clone(),
            lang,
        },
    );
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

/// The opening tag of the element carrying `attr`.
fn tag_with<'a>(html: &'a str, attr: &str) -> &'a str {
    let at = html.find(attr).unwrap_or_else(|| panic!("no element with {attr}"));
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..end]
}

fn class_of(html: &str, attr: &str) -> String {
    let tag = tag_with(html, attr);
    let at = tag.find("class=\"").unwrap() + 7;
    tag[at..].split('"').next().unwrap().to_string()
}

fn white_to_play(board: Board, high: u8, low: u8) -> BackgammonController {
    let position = Backgammon::from_board(board, Seat::First, Dice::new(high, low)).unwrap();
    BackgammonController::from_position(position, [Player::Human, Player::Human], Seat::First, 1)
}

#[test]
fn b1_board_has_24_points_bar_and_tray_and_the_start_position() {
    let game = BackgammonController::from_setup(Some(Level::Beginner), 1).unwrap();
    let html = render(BoardHarness, &game, Lang::En);
    assert!(html.contains("data-testid=\"backgammon-board\""));
    for p in 1..=24 {
        assert_eq!(html.matches(&format!("data-point=\"{p}\"")).count(), 1, "point {p}");
    }
    assert!(html.contains("data-testid=\"bar\""));
    assert!(html.contains("data-testid=\"off\""));
    // B2: 15 checkers a side, all shown (no stack above five).
    assert_eq!(html.matches("class=\"checker white\"").count(), 15);
    assert_eq!(html.matches("class=\"checker black\"").count(), 15);
    assert!(html.contains("data-phase=\"roll\""));
    assert!(html.contains("Tap to roll"));
    assert!(!html.contains("data-die"), "no dice before the opening roll");
}

#[test]
fn b7_dice_in_the_middle_used_ones_greyed() {
    let mut game = white_to_play(Board::START, 3, 3);
    let html = render(BoardHarness, &game, Lang::En);
    assert_eq!(html.matches("data-die=\"3\"").count(), 4, "doubles show four dice");
    assert!(!html.contains("die used"));
    game.tap(Spot::Point(24));
    game.tap(Spot::Point(21));
    let html = render(BoardHarness, &game, Lang::En);
    assert_eq!(html.matches("class=\"die used\"").count(), 1);
}

#[test]
fn b6_selected_checker_and_targets_are_marked() {
    let mut game = white_to_play(Board::START, 6, 1);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(class_of(&html, "data-point=\"13\"").contains("movable"));
    assert!(
        !class_of(&html, "data-point=\"12\"").contains("movable"),
        "Black's point"
    );
    game.tap(Spot::Point(13));
    let html = render(BoardHarness, &game, Lang::En);
    assert!(class_of(&html, "data-point=\"13\"").contains("selected"));
    assert!(class_of(&html, "data-point=\"7\"").contains("target"));
    assert!(class_of(&html, "data-point=\"6\"").contains("target"));
    assert!(!class_of(&html, "data-point=\"12\"").contains("target"));
}

#[test]
fn b9_hit_checker_shows_on_the_bar_and_tall_stacks_show_a_count() {
    // White hits a Black blot on White's 5 with 13/5 (8 = 6 + 2); White has 9 on 6.
    let board = Board::from_points(&[(13, 5), (6, 9), (24, 1)], &[(5, 1), (1, 14)]).unwrap();
    let mut game = white_to_play(board, 6, 2);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(html.contains(">9</text>"), "a stack of nine shows its count");
    game.tap(Spot::Point(13));
    game.tap(Spot::Point(5));
    assert_eq!(game.board_view().bar, [0, 1]);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(html.contains("stack on-bar"), "the hit checker is drawn on the bar");
}

#[test]
fn b14_tray_is_a_target_when_bearing_off() {
    let board = Board::from_points(&[(2, 3), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let mut game = white_to_play(board, 6, 1);
    game.tap(Spot::Point(2));
    let html = render(BoardHarness, &game, Lang::En);
    assert!(class_of(&html, "data-testid=\"off\"").contains("target"));
    assert_eq!(
        html.matches("class=\"slab white\"").count(),
        11,
        "11 white checkers already off"
    );
}

#[test]
fn b12_pass_phase_is_marked() {
    let board = Board::from_points(
        &[(25, 1), (6, 14)],
        &[(24, 2), (23, 2), (22, 2), (21, 2), (20, 2), (19, 2)],
    )
    .unwrap();
    let game = white_to_play(board, 6, 5);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(html.contains("data-phase=\"pass\""));
    assert_eq!(html.matches("class=\"die used\"").count(), 2);
}

#[test]
fn b16_result_card_names_gammon_and_points_in_each_language() {
    // White has one checker left on 1 and bears it off; Black has none off: gammon.
    let board = Board::from_points(&[(1, 1)], &[(12, 15)]).unwrap();
    let mut game = white_to_play(board, 2, 1);
    game.done().unwrap();
    assert!(game.is_over());
    let en = render(BannerHarness, &game, Lang::En);
    assert!(en.contains("data-testid=\"result-banner\""));
    assert!(en.contains("data-winner=\"white\""));
    assert!(en.contains("data-points=\"2\""));
    assert!(
        en.contains("White wins!") && en.contains("Gammon") && en.contains("Points: 2"),
        "{en}"
    );
    let id = render(BannerHarness, &game, Lang::Id);
    assert!(id.contains("Putih menang!") && id.contains("Poin: 2"), "{id}");
    let fil = render(BannerHarness, &game, Lang::Fil);
    assert!(fil.contains("Panalo ang Puti!") && fil.contains("Puntos: 2"), "{fil}");
}
