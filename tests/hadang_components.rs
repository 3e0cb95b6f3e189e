//! HADANG's board, panels, banner and setup screen rendered with dioxus-ssr.

use dioxus::prelude::*;
use papan::components::hadang::banner::HadangResultBanner;
use papan::components::hadang::board::HadangBoard;
use papan::components::hadang::panel::{PanelInfo, PlayerPanel};
use papan::controllers::hadang::HadangController;
use papan::i18n::Lang;
use papan_bots::Level;
use papan_rules::clock::Tempo;
use papan_rules::hadang::{HadangMove, Square, Wall};

#[derive(Props, Clone, PartialEq)]
struct GameProps {
    game: HadangController,
    lang: Lang,
}

#[allow(non_snake_case)]
fn BoardHarness(props: GameProps) -> Element {
    let turn = if props.game.bot_to_move().is_some() {
        "bot"
    } else {
        "human"
    };
    rsx! {
        HadangBoard {
            game: props.game,
            lang: props.lang,
            turn: turn.to_string(),
            last_pointer: "touch".to_string(),
            on_cell: move |_| {},
            on_groove: move |_| {},
            on_pointer: move |_| {},
        }
    }
}

#[allow(non_snake_case)]
fn BannerHarness(props: GameProps) -> Element {
    rsx! {
        HadangResultBanner { game: props.game, lang: props.lang, on_rematch: move |_| {}, on_home: move |_| {} }
    }
}

fn render(component: fn(GameProps) -> Element, game: &HadangController, lang: Lang) -> String {
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

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn wall(name: &str) -> Wall {
    name.parse().unwrap()
}

fn hotseat() -> HadangController {
    HadangController::from_setup(None, true, Tempo::Unlimited, 3, 0)
}

/// The opening tag of the element carrying `attribute`.
fn tag_with<'a>(html: &'a str, attribute: &str) -> &'a str {
    let at = html.find(attribute).unwrap_or_else(|| panic!("no {attribute}"));
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..end]
}

fn class_of(html: &str, attribute: &str) -> String {
    let tag = tag_with(html, attribute);
    let at = tag.find("class=\"").unwrap() + 7;
    tag[at..].split('"').next().unwrap().to_string()
}

#[test]
fn h1_board_has_81_cells_and_a_tap_area_for_each_of_the_128_wall_slots() {
    let html = render(BoardHarness, &hotseat(), Lang::En);
    assert_eq!(html.matches("data-cell=").count(), 81);
    assert_eq!(
        html.matches("data-wall=").count(),
        128,
        "H11: 8×8 anchors × 2 orientations"
    );
    assert!(html.contains("data-testid=\"hadang-board\""));
    assert!(html.contains("data-status=\"playing\""));
    assert!(html.contains("data-turn=\"human\""));
    assert!(html.contains("data-last-pointer=\"touch\""));
    // Files a–i along the bottom, ranks 1–9 up the side.
    assert!(html.contains(">a</text>") && html.contains(">i</text>") && html.contains(">9</text>"));
}

#[test]
fn h2_pawns_start_on_e1_and_e9_and_their_targets_are_highlighted() {
    let html = render(BoardHarness, &hotseat(), Lang::En);
    assert!(class_of(&html, "data-cell=\"e1\"").contains("pawn-p1"));
    assert!(class_of(&html, "data-cell=\"e9\"").contains("pawn-p2"));
    for target in ["d1", "f1", "e2"] {
        assert!(
            class_of(&html, &format!("data-cell=\"{target}\"")).contains("target"),
            "{target}"
        );
    }
    assert!(!class_of(&html, "data-cell=\"e3\"").contains("target"));
    assert_eq!(html.matches("class=\"target-dot\"").count(), 3);
    assert!(tag_with(&html, "data-pawn=\"p1\"").contains("data-at=\"e1\""));
}

#[test]
fn ghost_wall_then_placed_wall_with_last_move_mark() {
    let mut game = hotseat();
    game.tap_groove(wall("e3h"), 0);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(tag_with(&html, "data-testid=\"ghost-wall\"").contains("data-ghost=\"e3h\""));
    assert!(!html.contains("data-placed="));
    game.tap_groove(wall("e3h"), 0);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(!html.contains("ghost-wall"));
    assert_eq!(class_of(&html, "data-placed=\"e3h\""), "wall wall-p1 last");
}

#[test]
fn last_step_is_marked_on_its_cell() {
    let mut game = hotseat();
    game.tap_cell(sq("e2"), 0);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(class_of(&html, "data-cell=\"e2\"").contains("last"));
    assert!(!class_of(&html, "data-cell=\"e1\"").contains("last"));
}

#[test]
fn shortest_path_aid_follows_the_toggle() {
    let mut game = hotseat();
    let html = render(BoardHarness, &game, Lang::En);
    // 8 steps each to the far rank from the start.
    assert_eq!(html.matches("path-dot path-p1").count(), 8);
    assert_eq!(html.matches("path-dot path-p2").count(), 8);
    game.set_show_paths(false);
    let html = render(BoardHarness, &game, Lang::En);
    assert_eq!(html.matches("path-dot").count(), 0);
}

#[test]
fn no_grooves_or_targets_on_the_bots_turn() {
    let game = HadangController::from_setup(Some(Level::Beginner), false, Tempo::Unlimited, 3, 0);
    let html = render(BoardHarness, &game, Lang::En);
    assert!(html.contains("data-turn=\"bot\""));
    assert_eq!(html.matches("data-wall=").count(), 0);
    assert_eq!(html.matches("target-dot").count(), 0);
}

#[derive(Props, Clone, PartialEq)]
struct PanelProps {
    info: PanelInfo,
    lang: Lang,
}

#[allow(non_snake_case)]
fn PanelHarness(props: PanelProps) -> Element {
    rsx! { PlayerPanel { info: props.info, lang: props.lang } }
}

fn render_panel(info: PanelInfo, lang: Lang) -> String {
    let mut dom = VirtualDom::new_with_props(PanelHarness, PanelProps { info, lang });
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

#[test]
fn h16_panel_shows_walls_path_and_a_low_clock() {
    let info = PanelInfo {
        seat: "p1",
        name: "You".into(),
        walls_left: 7,
        path_len: Some(5),
        clock_ms: Some(8_400),
        clock_low: true,
        to_move: true,
    };
    let html = render_panel(info.clone(), Lang::Id);
    assert!(html.contains("data-walls-left=\"7\""));
    assert!(html.contains("Sisa 7 penghadang"), "{html}");
    assert!(html.contains("5 langkah lagi"));
    assert_eq!(class_of(&html, "data-testid=\"clock-p1\""), "hd-clock active low");
    assert!(html.contains(">0:08.4<"));
    let html = render_panel(
        PanelInfo {
            clock_ms: None,
            path_len: None,
            ..info
        },
        Lang::En,
    );
    assert!(!html.contains("clock-p1") && !html.contains("path-p1"));
}

#[test]
fn result_banner_names_the_reason_in_each_language() {
    let tempo = Tempo::hadang(1, 0).unwrap();
    let mut game = HadangController::from_setup(Some(Level::Beginner), true, tempo, 3, 0);
    game.tap_cell(sq("e2"), 1_000);
    game.apply_bot_move(1, HadangMove::Step(sq("e8")), 2_000).unwrap();
    assert!(game.tick(70_000));
    for (lang, headline, reason) in [
        (Lang::En, "The bot wins", "Time ran out."),
        (Lang::Id, "Bot menang", "Waktu habis."),
        (Lang::Fil, "Panalo ang bot", "Naubos ang oras."),
    ] {
        let html = render(BannerHarness, &game, lang);
        assert!(
            html.contains(headline) && html.contains(reason),
            "{}: {html}",
            lang.code()
        );
        assert!(html.contains("data-winner=\"bot\"") && html.contains("data-reason=\"timeout\""));
    }
    let html = render(BannerHarness, &hotseat(), Lang::En);
    assert!(!html.contains("result-banner"), "no banner while playing");
}

#[derive(Props, Clone, PartialEq)]
struct AtProps {
    path: String,
}

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

fn selected(html: &str, id: &str) -> bool {
    tag_with(html, &format!("data-testid=\"{id}\"")).contains("aria-checked=\"true\"")
}

#[test]
fn h16_setup_offers_opponents_starter_and_clock_with_no_clock_vs_bot_by_default() {
    let html = render_at("/hadang");
    for id in [
        "opponent-human",
        "opponent-beginner",
        "opponent-normal",
        "opponent-expert",
        "starts-me",
        "starts-bot",
        "starts-alternate",
        "clock-none",
        "clock-1",
        "clock-3",
        "clock-5",
        "clock-10",
        "start-game",
    ] {
        assert!(html.contains(&format!("data-testid=\"{id}\"")), "missing {id}");
    }
    assert!(selected(&html, "opponent-beginner"));
    assert!(selected(&html, "clock-none"));
    assert!(!html.contains("increment-2"), "increments only with a clock");
}

#[test]
fn home_opens_hadang() {
    let html = render_at("/");
    assert!(html.contains("data-testid=\"play-hadang\""), "{html}");
}
