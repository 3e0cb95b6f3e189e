//! The Hex board, the result card and screens rendered to HTML with
//! dioxus-ssr. The board is drawn as the play screen draws it: from the
//! match's table with the tap state's marks.

use crate::support;
use support::ssr;

use papan::games::hex::tap::{HexCommand, HexTap};
use papan::i18n::Lang;
use papan::play::{player, Answer, LocalGame, Match};
use papan::shell::offline::seating;
use papan_bots::Level;
use papan_rules::clock::Tempo;
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions, SIZES};
use papan_rules::Seat;
use ssr::{render_at, result_card, selected, tag_with, texts_in_group};

/// A game on this device: `opponent: None` is two people; the person
/// plays Red (first).
fn hex(size: u8, opponent: Option<Level>) -> LocalGame<Hex> {
    let options = HexOptions { size, swap: false };
    let players = player::from_setup(opponent, true);
    LocalGame::new(Match::new(options, players, Seat::First, Tempo::Unlimited, 1, 0).unwrap())
}

fn board(game: &LocalGame<Hex>, lang: Lang) -> String {
    ssr::board(&game.table(), &game.tap, None, lang)
}

fn card(game: &LocalGame<Hex>, lang: Lang) -> String {
    result_card(lang, seating(&game.game), &game.table())
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
        let html = board(&hex(size, None), Lang::En);
        assert_eq!(
            html.matches("data-cell=").count(),
            size as usize * size as usize,
            "size {size}"
        );
        assert!(html.contains(&format!("data-size=\"{size}\"")));
        assert!(html.contains("data-testid=\"hex-board\""));
        assert!(html.contains("data-status=\"playing\""));
        assert!(html.contains("data-turn=\"human\""), "a person may tap");
        assert!(html.contains("data-last-pointer=\"none\""), "no pointer seen yet");
        assert_eq!(html.matches("cell empty").count(), size as usize * size as usize);
    }
}

#[test]
fn x2_coordinates_name_the_columns_and_rows() {
    for size in [7u8, 11, 19] {
        let html = board(&hex(size, None), Lang::En);
        let labels = texts_in_group(&html, "coords");
        let columns: Vec<String> = (0..size).map(|i| ((b'a' + i) as char).to_string()).collect();
        let rows: Vec<String> = (1..=size).map(|i| i.to_string()).collect();
        assert_eq!(labels, [columns, rows].concat(), "size {size}");
    }
}

#[test]
fn x3_board_draws_red_and_blue_edges() {
    let html = board(&hex(7, None), Lang::En);
    assert_eq!(html.matches("edge edge-red").count(), 2);
    assert_eq!(html.matches("edge edge-blue").count(), 2);
}

#[test]
fn stones_last_move_and_ghost_have_classes() {
    let mut game = hex(11, None);
    assert_eq!(game.tap(c("f6"), 0), Answer::Changed, "11×11 previews first");
    assert_eq!(game.tap(c("f6"), 0), Answer::Played);
    game.tap(c("e6"), 0);
    game.tap(c("e6"), 0);
    game.tap(c("a1"), 0);
    let html = board(&game, Lang::En);
    assert_eq!(cell_class(&html, "f6"), "cell red");
    assert_eq!(cell_class(&html, "e6"), "cell blue last");
    assert_eq!(cell_class(&html, "a1"), "cell empty ghost ghost-red");
    assert_eq!(html.matches("class=\"last-mark\"").count(), 1);
}

#[test]
fn a_hint_is_marked_on_its_cell() {
    let game = hex(7, None);
    let html = ssr::board(
        &game.table(),
        &HexTap::default(),
        Some(HexMove::Place(c("d4"))),
        Lang::En,
    );
    assert_eq!(cell_class(&html, "d4"), "cell empty hint");
    assert_eq!(html.matches(" hint").count(), 1);
}

#[test]
fn after_a_swap_the_swapped_stone_stays_marked_last() {
    let options = HexOptions { size: 7, swap: true };
    let players = player::from_setup(None, true);
    let mut game = LocalGame::new(Match::<Hex>::new(options, players, Seat::First, Tempo::Unlimited, 1, 0).unwrap());
    game.tap(c("b4"), 0);
    assert_eq!(game.command(HexCommand::Swap, 0), Answer::Played);
    assert_eq!(game.table().last, Some((Seat::Second, HexMove::Swap)));
    let html = board(&game, Lang::En);
    // X7: the swap changes who holds Red, not the stone.
    assert_eq!(cell_class(&html, "b4"), "cell red last");
    assert_eq!(html.matches("class=\"last-mark\"").count(), 1);
}

#[test]
fn the_board_waits_while_the_bot_is_to_move() {
    let options = HexOptions { size: 7, swap: false };
    let players = player::from_setup(Some(Level::Beginner), false);
    let game = LocalGame::new(Match::<Hex>::new(options, players, Seat::Second, Tempo::Unlimited, 1, 0).unwrap());
    let html = board(&game, Lang::En);
    let svg = tag_with(&html, "data-testid=\"hex-board\"");
    assert!(svg.contains("data-turn=\"wait\""), "{svg}");
    assert!(svg.contains("waiting"));
}

#[test]
fn x9_winning_chain_is_highlighted_and_status_over() {
    let mut game = hex(7, None);
    for row in 1..=7u8 {
        assert_eq!(
            game.tap(c(&format!("a{row}")), 0),
            Answer::Played,
            "7×7 places on one tap"
        );
        if row < 7 {
            game.tap(c(&format!("g{row}")), 0);
        }
    }
    let html = board(&game, Lang::En);
    assert!(html.contains("data-status=\"over\""));
    assert!(html.contains("data-turn=\"wait\""));
    assert_eq!(html.matches(" win").count(), 7);
    assert_eq!(cell_class(&html, "a7"), "cell red last win");
    assert_eq!(cell_class(&html, "g1"), "cell blue");
    let card = card(&game, Lang::En);
    assert!(
        card.contains("data-winner=\"red\"") && card.contains("data-reason=\"connection\""),
        "{card}"
    );
    assert!(
        card.contains("Red wins!") && card.contains("A chain joined both edges."),
        "{card}"
    );
}

#[test]
fn result_banner_speaks_each_language() {
    let mut game = hex(7, Some(Level::Normal));
    game.tap(c("d4"), 0);
    assert!(game.game.resign(0));
    for (lang, headline, reason) in [
        (Lang::En, "The bot wins", "You resigned."),
        (Lang::Id, "Bot menang", "Kamu menyerah."),
        (Lang::Fil, "Panalo ang bot", "Sumuko ka."),
    ] {
        let html = card(&game, lang);
        assert!(html.contains("data-testid=\"result-banner\""));
        assert!(html.contains("data-winner=\"bot\""));
        assert!(html.contains("data-reason=\"resignation\""));
        assert!(html.contains(headline), "{lang:?}: {html}");
        assert!(html.contains(reason), "{lang:?}: {html}");
        assert!(html.contains("data-testid=\"rematch\""));
        assert!(!html.contains("data-points="), "Hex scores no points");
    }
}

#[test]
fn result_banner_names_the_colour_between_people() {
    let mut game = hex(7, None);
    game.tap(c("d4"), 0);
    // Between people the side to move (Blue) resigns.
    assert!(game.game.resign(0));
    let html = card(&game, Lang::Fil);
    assert!(html.contains("data-winner=\"red\""), "{html}");
    assert!(html.contains("Panalo ang Pula!"), "{html}");
    assert!(html.contains("Sumuko ang Asul."), "{html}");
}

#[test]
fn no_banner_while_playing() {
    let game = hex(7, None);
    assert!(!card(&game, Lang::En).contains("result-banner"));
}

#[test]
fn home_offers_all_four_games_as_playable_cards() {
    let html = render_at("/");
    for game in ["hex", "hadang", "junqi", "backgammon"] {
        assert!(html.contains(&format!("data-testid=\"play-{game}\"")), "{game}: {html}");
        assert!(
            !html.contains(&format!("data-testid=\"soon-{game}\"")),
            "{game} is playable"
        );
    }
    assert_eq!(html.matches("aria-disabled=\"true\"").count(), 0);
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

#[test]
fn settings_screen_lists_the_three_languages() {
    let html = render_at("/settings");
    for id in ["lang-id", "lang-fil", "lang-en"] {
        assert!(html.contains(&format!("data-testid=\"{id}\"")), "missing {id}");
    }
    assert!(html.contains("Bahasa Indonesia") && html.contains("Filipino") && html.contains("English"));
}

#[test]
fn each_rules_page_lists_every_rule_with_its_board_diagram() {
    for game in papan_rules::GameId::ALL {
        let html = render_at(&format!("/rules/{game}"));
        for rule in game.rules() {
            assert!(html.contains(&format!("data-rule=\"{rule}\"")), "{game} lacks {rule}");
        }
        // One example a rule that has something to show on the board.
        let with_example = game
            .rules()
            .filter(|r| papan::screens::rules::example(*r).is_some())
            .count();
        assert!(
            with_example > game.rule_count() as usize / 2,
            "{game}: {with_example} examples"
        );
        assert_eq!(
            html.matches("data-testid=\"rule-diagram\"").count(),
            with_example,
            "{game}: one diagram per rule with an example"
        );
        // The diagram is a real board of the game.
        let board = match game {
            papan_rules::GameId::Hex => "hex-board",
            papan_rules::GameId::Hadang => "hadang-board",
            papan_rules::GameId::Junqi => "junqi-board",
            papan_rules::GameId::Backgammon => "backgammon-board",
        };
        assert!(html.contains(&format!("data-testid=\"{board}\"")), "{game}: no {board}");
    }
    // A refusal's link opens the page at its rule.
    let html = render_at("/rules/hex/X5");
    assert!(tag_with(&html, "data-rule=\"X5\"").contains("aria-current=\"true\""));
}

#[test]
fn the_finished_games_list_offers_import_of_every_game() {
    let html = render_at("/games");
    for game in papan_rules::GameId::ALL {
        assert!(html.contains(&format!("data-testid=\"import-{game}\"")), "{game}");
    }
}

/// The home screen's notices for stored text found unreadable at start.
fn kept_aside_html(kept: Vec<papan::storage::CorruptData>, lang: Lang) -> String {
    use dioxus::prelude::*;
    use papan::screens::{KeptAside, KeptAsideNotices};
    #[derive(Clone, PartialEq, Props)]
    struct Input {
        kept: Vec<papan::storage::CorruptData>,
        lang: Lang,
    }
    fn root(input: Input) -> Element {
        use_context_provider(|| KeptAside(Signal::new(input.kept.clone())));
        rsx! { KeptAsideNotices { lang: input.lang } }
    }
    ssr::render(root, Input { kept, lang })
}

#[test]
fn unreadable_settings_and_progress_are_reported_once_kept_aside_and_the_app_goes_on() {
    use papan::settings::{AppSettings, SETTINGS_KEY};
    use papan::tutorial::progress::PROGRESS_KEY;
    let dir = tempfile::tempdir().unwrap();
    let store = papan::storage::Store::in_dir(dir.path());
    store.set(SETTINGS_KEY, "{\"lang\": \"fil\", \"theme\": ").unwrap(); // truncated
    store.set(PROGRESS_KEY, "[1, 2, 3]").unwrap(); // another shape

    let (settings, kept) = papan::startup_load(&store);
    assert_eq!(settings, AppSettings::default(), "the app goes on with the defaults");
    let keys: Vec<&str> = kept.iter().map(|c| c.key.as_str()).collect();
    assert_eq!(keys, [SETTINGS_KEY, PROGRESS_KEY]);
    assert!(kept.iter().all(|c| !c.reason.is_empty()));
    assert_eq!(
        store.get(&format!("{SETTINGS_KEY}.corrupt")).as_deref(),
        Some("{\"lang\": \"fil\", \"theme\": "),
        "the unreadable text is kept"
    );
    assert_eq!(store.get(SETTINGS_KEY), None);

    // Each is said on the home screen, in the person's language.
    let html = kept_aside_html(kept.clone(), Lang::Id);
    assert_eq!(html.matches("data-testid=\"kept-aside\"").count(), 2, "{html}");
    assert!(html.contains("Pengaturanmu tidak bisa dibaca"), "{html}");
    assert!(html.contains("Kemajuan pelajaranmu tidak bisa dibaca"), "{html}");
    assert!(html.contains(&kept[0].reason), "the reason is shown: {html}");

    // The next start finds nothing to report: the text was set aside once.
    let (_, again) = papan::startup_load(&store);
    assert!(again.is_empty(), "{again:?}");
    assert!(!kept_aside_html(again, Lang::En).contains("kept-aside"));
}
