//! Screens and board rendered to HTML with dioxus-ssr.

use dioxus::prelude::*;
use papan::components::hex_board::HexBoard;
use papan::components::result_banner::ResultBanner;
use papan::controllers::hex::HexController;
use papan::i18n::Lang;
use papan_bots::Level;
use papan_rules::hex::{Cell, SIZES};

#[derive(Props, Clone, PartialEq)]
struct BoardProps {
    game: HexController,
    lang: Lang,
}

#[allow(non_snake_case)]
fn BoardHarness(props: BoardProps) -> Element {
    rsx! {
        HexBoard {
            game: props.game,
            lang: props.lang,
            turn: "human".to_string(),
            last_pointer: "touch".to_string(),
            on_tap: move |_| {},
            on_pointer: move |_| {},
        }
    }
}

#[allow(non_snake_case)]
fn BannerHarness(props: BoardProps) -> Element {
    rsx! {
        ResultBanner { game: props.game, lang: props.lang, on_rematch: move |_| {}, on_home: move |_| {} }
    }
}

fn render(component: fn(BoardProps) -> Element, game: &HexController, lang: Lang) -> String {
    let mut dom = VirtualDom::new_with_props(
        component,
        BoardProps {
            game: game.clone(),
            lang,
        },
    );
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

/// The `class` attribute of the cell named `name`.
fn cell_class(html: &str, name: &str) -> String {
    let marker = format!("data-cell=\"{name}\"");
    let at = html.find(&marker).unwrap_or_else(|| panic!("no cell {name}"));
    let start = html[..at].rfind("<polygon").unwrap();
    let tag = &html[start..at];
    let class_at = tag.find("class=\"").unwrap() + 7;
    tag[class_at..].split('"').next().unwrap().to_string()
}

#[test]
fn x1_board_has_n_by_n_cells_for_every_size() {
    for size in SIZES {
        let game = HexController::from_setup(size, false, None, true, 1).unwrap();
        let html = render(BoardHarness, &game, Lang::En);
        assert_eq!(
            html.matches("data-cell=").count(),
            size as usize * size as usize,
            "size {size}"
        );
        assert!(html.contains(&format!("data-size=\"{size}\"")));
        assert!(html.contains("data-testid=\"hex-board\""));
        assert!(html.contains("data-status=\"playing\""));
        assert!(html.contains("data-last-pointer=\"touch\""));
        assert_eq!(html.matches("cell empty").count(), size as usize * size as usize);
    }
}

#[test]
fn x3_board_draws_red_and_blue_edges() {
    let game = HexController::from_setup(7, false, None, true, 1).unwrap();
    let html = render(BoardHarness, &game, Lang::En);
    assert_eq!(html.matches("edge edge-red").count(), 2);
    assert_eq!(html.matches("edge edge-blue").count(), 2);
}

#[test]
fn stones_last_move_and_ghost_have_classes() {
    let mut game = HexController::from_setup(11, false, None, true, 1).unwrap();
    game.tap(c("f6"));
    game.tap(c("f6"));
    game.tap(c("e6"));
    game.tap(c("e6"));
    game.tap(c("a1"));
    let html = render(BoardHarness, &game, Lang::En);
    assert_eq!(cell_class(&html, "f6"), "cell red");
    assert_eq!(cell_class(&html, "e6"), "cell blue last");
    assert_eq!(cell_class(&html, "a1"), "cell empty ghost ghost-red");
    assert_eq!(html.matches("class=\"last-mark\"").count(), 1);
}

#[test]
fn x9_winning_chain_is_highlighted_and_status_over() {
    let mut game = HexController::from_setup(7, false, None, true, 1).unwrap();
    for row in 1..=7u8 {
        game.tap(c(&format!("a{row}")));
        if row < 7 {
            game.tap(c(&format!("g{row}")));
        }
    }
    let html = render(BoardHarness, &game, Lang::En);
    assert!(html.contains("data-status=\"over\""));
    assert_eq!(html.matches(" win").count(), 7);
    assert_eq!(cell_class(&html, "a7"), "cell red last win");
    assert_eq!(cell_class(&html, "g1"), "cell blue");
}

#[test]
fn result_banner_speaks_each_language() {
    let mut game = HexController::from_setup(7, false, Some(Level::Normal), true, 1).unwrap();
    game.tap(c("d4"));
    game.resign();
    for (lang, headline, reason) in [
        (Lang::En, "The bot wins", "You resigned."),
        (Lang::Id, "Bot menang", "Kamu menyerah."),
        (Lang::Fil, "Panalo ang CPU", "Sumuko ka."),
    ] {
        let html = render(BannerHarness, &game, lang);
        assert!(html.contains("data-testid=\"result-banner\""));
        assert!(html.contains("data-winner=\"bot\""));
        assert!(html.contains(headline), "{lang:?}: {html}");
        assert!(html.contains(reason), "{lang:?}: {html}");
        assert!(html.contains("data-testid=\"rematch\""));
    }
}

#[test]
fn result_banner_names_the_colour_between_people() {
    let mut game = HexController::from_setup(7, false, None, true, 1).unwrap();
    game.tap(c("d4"));
    // Between people the side to move (Blue) resigns.
    game.resign();
    let html = render(BannerHarness, &game, Lang::Fil);
    assert!(html.contains("data-winner=\"red\""), "{html}");
    assert!(html.contains("Panalo ang Pula!"));
    assert!(html.contains("Sumuko ang kabilang manlalaro."));
}

#[test]
fn no_banner_while_playing() {
    let game = HexController::from_setup(7, false, None, true, 1).unwrap();
    let html = render(BannerHarness, &game, Lang::En);
    assert!(!html.contains("result-banner"));
}

#[test]
fn home_offers_all_four_games_as_playable_cards() {
    let mut dom = VirtualDom::new(papan::App);
    dom.rebuild_in_place();
    let html = dioxus_ssr::render(&dom);
    for game in ["hex", "hadang", "junqi", "backgammon"] {
        assert!(html.contains(&format!("data-testid=\"play-{game}\"")), "{game}: {html}");
        assert!(
            !html.contains(&format!("data-testid=\"soon-{game}\"")),
            "{game} is playable"
        );
    }
    assert_eq!(html.matches("aria-disabled=\"true\"").count(), 0);
}

#[derive(Props, Clone, PartialEq)]
struct AtProps {
    path: String,
}

/// The whole app, opened at `path`.
#[allow(non_snake_case)]
fn AppAt(props: AtProps) -> Element {
    use_hook(|| {
        dioxus::history::provide_history_context(std::rc::Rc::new(dioxus::history::MemoryHistory::with_initial_path(
            props.path.clone(),
        )))
    });
    rsx! { papan::App {} }
}

fn render_at(path: &str) -> String {
    let mut dom = VirtualDom::new_with_props(AppAt, AtProps { path: path.to_string() });
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

#[test]
fn setup_screen_offers_every_choice_with_defaults() {
    let html = render_at("/hex");
    for id in [
        "size-7",
        "size-9",
        "size-11",
        "size-13",
        "size-19",
        "opponent-human",
        "opponent-beginner",
        "opponent-normal",
        "opponent-expert",
        "starts-me",
        "starts-bot",
        "starts-alternate",
        "swap-on",
        "swap-off",
        "start-game",
    ] {
        assert!(html.contains(&format!("data-testid=\"{id}\"")), "missing {id}");
    }
    // X1: 11×11 by default; X7: swap off by default.
    assert!(selected(&html, "size-11"));
    assert!(selected(&html, "swap-off"));
    assert!(!selected(&html, "swap-on"));
}

/// Whether the element with `data-testid=id` has `aria-checked="true"`.
fn selected(html: &str, id: &str) -> bool {
    let marker = format!("data-testid=\"{id}\"");
    let at = html.find(&marker).unwrap();
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    html[start..end].contains("aria-checked=\"true\"")
}

#[test]
fn settings_screen_lists_the_three_languages() {
    let html = render_at("/settings");
    for id in ["lang-id", "lang-fil", "lang-en"] {
        assert!(html.contains(&format!("data-testid=\"{id}\"")), "missing {id}");
    }
    assert!(html.contains("Bahasa Indonesia") && html.contains("Filipino") && html.contains("English"));
}
