//! HADANG's board, player strips, result card and setup screen rendered
//! with dioxus-ssr. The board is drawn as the play screen draws it: from
//! the match's table with the tap state's marks.

use crate::support;
use support::ssr;

use papan::games::hadang::tap::{HadangCommand, HadangInput};
use papan::i18n::Lang;
use papan::play::{player, Answer, LocalGame, Match, Table, TapState};
use papan::shell::offline::seating;
use papan::shell::strip::StripInfo;
use papan::shell::GameUi;
use papan_bots::Level;
use papan_rules::clock::Tempo;
use papan_rules::hadang::{Hadang, HadangMove, HadangOptions, Square, Wall};
use papan_rules::{Seat, SeatView};
use ssr::{class_of, render_at, result_card, selected, tag_with};

/// A game on this device; `opponent: None` is two people, the person at
/// `local` (the first seat, Player 1, moves first).
fn game(opponent: Option<Level>, local: Seat, tempo: Tempo) -> LocalGame<Hadang> {
    let players = player::from_setup(opponent, local == Seat::First);
    LocalGame::new(Match::new(HadangOptions {}, players, local, tempo, 3, 0).unwrap())
}

fn hotseat() -> LocalGame<Hadang> {
    game(None, Seat::First, Tempo::Unlimited)
}

fn board(game: &LocalGame<Hadang>, lang: Lang) -> String {
    ssr::board(&game.table(), &game.tap, None, lang)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn wall(name: &str) -> Wall {
    name.parse().unwrap()
}

/// Plays `moves` (notation) on the match, whoever is to move.
fn play(game: &mut LocalGame<Hadang>, moves: &[&str]) {
    for text in moves {
        let mv = game.table().view.parse_move(text).unwrap();
        game.game.play(mv, 0).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn h1_board_has_81_cells_and_in_wall_mode_a_tap_area_for_each_of_the_64_crossings() {
    let mut game = hotseat();
    let html = board(&game, Lang::En);
    assert_eq!(html.matches("data-cell=").count(), 81);
    assert_eq!(
        html.matches("data-crossing=").count(),
        0,
        "no wall taps until Wall is pressed"
    );
    assert_eq!(game.command(HadangCommand::Walls, 0), Answer::Changed);
    let walls = board(&game, Lang::En);
    assert_eq!(walls.matches("data-crossing=").count(), 64, "H11: anchors a1–h8");
    assert!(tag_with(&walls, "data-testid=\"hadang-board\"").contains("data-mode=\"wall\""));
    let svg = tag_with(&html, "data-testid=\"hadang-board\"");
    for attribute in [
        "data-status=\"playing\"",
        "data-turn=\"human\"",
        "data-ply=\"0\"",
        "data-last-pointer=\"none\"",
        "data-flipped=\"false\"",
    ] {
        assert!(svg.contains(attribute), "{attribute}: {svg}");
    }
    // Files a–i along the bottom, ranks 1–9 up the side.
    let labels = ssr::texts_in_group(&html, "hb-labels");
    let files: Vec<String> = "abcdefghi".chars().map(String::from).collect();
    let ranks: Vec<String> = (1..=9).map(|r: u8| r.to_string()).collect();
    assert_eq!(labels, [files, ranks].concat());
}

#[test]
fn h2_pawns_start_on_e1_and_e9_and_their_targets_are_highlighted() {
    let html = board(&hotseat(), Lang::En);
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
fn a_tapped_pawn_is_picked_up() {
    let mut game = hotseat();
    assert_eq!(game.tap(HadangInput::Cell(sq("e1")), 0), Answer::Changed);
    let html = board(&game, Lang::En);
    assert_eq!(class_of(&html, "data-pawn=\"p1\""), "pawn pawn-p1 selected");
    assert_eq!(class_of(&html, "data-pawn=\"p2\""), "pawn pawn-p2");
}

#[test]
fn ghost_wall_then_placed_wall_with_last_move_mark() {
    let mut game = hotseat();
    assert_eq!(game.command(HadangCommand::Walls, 0), Answer::Changed);
    assert_eq!(game.tap(HadangInput::Crossing(sq("e3")), 0), Answer::Changed);
    let html = board(&game, Lang::En);
    let ghost = tag_with(&html, "data-testid=\"ghost-wall\"");
    assert!(
        ghost.contains("data-ghost=\"e3h\"") && ghost.contains("data-legal=\"true\""),
        "{ghost}"
    );
    assert!(!html.contains("data-placed="));
    assert_eq!(
        html.matches("class=\"target-dot\"").count(),
        0,
        "no pawn targets while a wall waits"
    );
    assert_eq!(
        game.command(HadangCommand::PlaceWall, 0),
        Answer::Played,
        "Place places it"
    );
    let html = board(&game, Lang::En);
    assert!(!html.contains("ghost-wall"));
    assert_eq!(class_of(&html, "data-placed=\"e3h\""), "wall wall-p1 last");
    assert!(tag_with(&html, "data-testid=\"hadang-board\"").contains("data-ply=\"1\""));
}

#[test]
fn h12_a_refused_preview_stays_marked_and_the_strips_preview_both_paths() {
    let mut game = hotseat();
    play(&mut game, &["e3h", "e8"]);
    assert_eq!(game.command(HadangCommand::Walls, 0), Answer::Changed);
    let refused = game.tap(HadangInput::Crossing(sq("e3")), 0);
    assert!(
        matches!(refused, Answer::Refused(ref e) if e.rule == papan_rules::rule::H12),
        "{refused:?}"
    );
    let html = board(&game, Lang::En);
    assert!(tag_with(&html, "data-testid=\"ghost-wall\"").contains("data-legal=\"false\""));
    let place = game
        .tap
        .buttons(&game.table())
        .into_iter()
        .find(|b| b.testid == "wall-place")
        .unwrap();
    assert!(!place.enabled, "a refused wall cannot be placed");
    // d7h lies across both of Player 2's shortest ways down from e8.
    assert_eq!(game.tap(HadangInput::Crossing(sq("d7")), 0), Answer::Changed);
    let table = game.table();
    let [p1, p2] = [Seat::First, Seat::Second].map(|seat| {
        let facts = Hadang::facts(Lang::En, &table, &game.tap, seat);
        facts.into_iter().find(|f| f.name == "path").unwrap()
    });
    let before = table.view.shortest_path_len(Seat::Second);
    let walled = table.view.after(&HadangMove::Wall(wall("d7h"))).unwrap();
    let after = walled.shortest_path_len(Seat::Second);
    assert!(after > before, "d7h lengthens Player 2's route");
    assert_eq!(p2.value, format!("{before}→{after}"));
    assert!(p2.text.contains(&format!("{before} → {after}")), "{}", p2.text);
    let mine = [
        table.view.shortest_path_len(Seat::First),
        walled.shortest_path_len(Seat::First),
    ];
    assert_eq!(p1.value, format!("{}→{}", mine[0], mine[1]));
    // The board's route aid shows the detour too: Player 2's marked cells are
    // its route after the wall, not before.
    let html = board(&game, Lang::En);
    let marked: Vec<Square> = Square::all()
        .filter(|s| class_of(&html, &format!("data-cell=\"{s}\"")).contains("path-p2"))
        .collect();
    let detour = walled.shortest_path(Seat::Second);
    assert_eq!(marked.len(), detour.len(), "{marked:?} vs {detour:?}");
    assert!(detour.iter().all(|s| marked.contains(s)), "{marked:?} vs {detour:?}");
    assert_ne!(table.view.shortest_path(Seat::Second), detour);
}

#[test]
fn last_step_is_marked_on_its_cell() {
    let mut game = hotseat();
    assert_eq!(game.tap(HadangInput::Cell(sq("e2")), 0), Answer::Played);
    let html = board(&game, Lang::En);
    assert!(class_of(&html, "data-cell=\"e2\"").contains("last"));
    assert!(!class_of(&html, "data-cell=\"e1\"").contains("last"));
}

#[test]
fn hinted_step_and_hinted_wall_are_marked() {
    let game = hotseat();
    let table = game.table();
    let html = ssr::board(&table, &game.tap, Some(HadangMove::Step(sq("e2"))), Lang::En);
    assert!(class_of(&html, "data-cell=\"e2\"").contains("hint"));
    assert!(!html.contains("hint-wall"));
    let html = ssr::board(&table, &game.tap, Some(HadangMove::Wall(wall("c5v"))), Lang::En);
    assert!(tag_with(&html, "data-testid=\"hint-wall\"").contains("data-hint=\"c5v\""));
    assert!(!html.contains(" hint\""), "no cell is hinted for a wall");
}

#[test]
fn shortest_path_aid_follows_the_toggle() {
    let mut game = hotseat();
    let html = board(&game, Lang::En);
    // 8 steps each to the far rank from the start.
    assert_eq!(html.matches("path-dot path-p1").count(), 8);
    assert_eq!(html.matches("path-dot path-p2").count(), 8);
    assert_eq!(game.command(HadangCommand::Paths, 0), Answer::Changed);
    let html = board(&game, Lang::En);
    assert_eq!(html.matches("path-dot").count(), 0);
}

#[test]
fn no_grooves_or_targets_on_the_bots_turn() {
    let game = game(Some(Level::Beginner), Seat::Second, Tempo::Unlimited);
    let html = board(&game, Lang::En);
    let svg = tag_with(&html, "data-testid=\"hadang-board\"");
    assert!(svg.contains("data-turn=\"wait\""), "{svg}");
    assert_eq!(html.matches("data-wall=").count(), 0);
    assert_eq!(html.matches("target-dot").count(), 0);
}

#[test]
fn h1_the_board_is_turned_when_the_person_plays_player_2() {
    let game = game(Some(Level::Beginner), Seat::Second, Tempo::Unlimited);
    let html = board(&game, Lang::En);
    assert!(tag_with(&html, "data-testid=\"hadang-board\"").contains("data-flipped=\"true\""));
    assert!(html.contains("rotate(180"), "Player 2's board is turned");
    let html = board(&hotseat(), Lang::En);
    assert!(!html.contains("rotate(180"));
}

/// Player 1 three steps up with three walls down, Player 2 stepping aside.
fn midgame() -> LocalGame<Hadang> {
    let mut game = hotseat();
    play(
        &mut game,
        &["e2", "e8", "e3", "d8", "e4", "e8", "a6h", "d8", "c6h", "e8", "g6h"],
    );
    game
}

fn strip_of(game: &LocalGame<Hadang>, lang: Lang, seat: Seat) -> StripInfo {
    let table: Table<Hadang> = game.table();
    StripInfo {
        who: "You".into(),
        side: Hadang::side(lang, &table.view, seat),
        side_class: Hadang::side_class(&table.view, seat),
        facts: Hadang::facts(lang, &table, &game.tap, seat),
        clock_ms: Some(8_400),
        clock_low: true,
        active: true,
        badge: None,
        mine: true,
    }
}

#[test]
fn h16_strip_shows_walls_path_and_a_low_clock() {
    let mut game = midgame();
    let info = strip_of(&game, Lang::Id, Seat::First);
    let html = ssr::strip(info.clone(), Lang::Id);
    let me = tag_with(&html, "data-testid=\"player-me\"");
    assert!(
        me.contains("data-side=\"p1\"") && me.contains("data-active=\"true\""),
        "{me}"
    );
    assert!(tag_with(&html, "data-fact=\"walls\"").contains("data-value=\"7\""));
    assert!(html.contains("Sisa 7 penghadang"), "{html}");
    assert!(tag_with(&html, "data-fact=\"path\"").contains("data-value=\"5\""));
    assert!(html.contains("5 langkah lagi"), "{html}");
    assert!(html.contains("Pemain 1"), "the side is named");
    assert_eq!(class_of(&html, "data-testid=\"clock-me\""), "strip-clock active low");
    assert!(html.contains(">0:08.4<"));

    // Paths off, no clock: neither is shown.
    game.command(HadangCommand::Paths, 0);
    let info = StripInfo {
        clock_ms: None,
        ..strip_of(&game, Lang::En, Seat::Second)
    };
    let html = ssr::strip(info, Lang::En);
    assert!(
        !html.contains("clock-me") && !html.contains("data-fact=\"path\""),
        "{html}"
    );
    assert!(tag_with(&html, "data-fact=\"walls\"").contains("data-value=\"10\""));
    assert!(html.contains("10 walls left") && html.contains("Player 2"), "{html}");
}

#[test]
fn result_banner_names_the_reason_in_each_language() {
    let tempo = Tempo::hadang(1, 0).unwrap();
    let mut game = game(Some(Level::Beginner), Seat::First, tempo);
    assert_eq!(game.tap(HadangInput::Cell(sq("e2")), 1_000), Answer::Played);
    game.game.apply_bot_move(1, HadangMove::Step(sq("e8")), 2_000).unwrap();
    assert!(game.game.tick(70_000));
    for (lang, headline, reason) in [
        (Lang::En, "The bot wins", "You ran out of time."),
        (Lang::Id, "Bot menang", "Waktumu habis."),
        (Lang::Fil, "Panalo ang bot", "Naubusan ka ng oras."),
    ] {
        let html = result_card(lang, seating(&game.game), &game.table());
        assert!(
            html.contains(headline) && html.contains(reason),
            "{}: {html}",
            lang.code()
        );
        assert!(html.contains("data-winner=\"bot\"") && html.contains("data-reason=\"timeout\""));
    }
    let over = board(&game, Lang::En);
    assert!(tag_with(&over, "data-testid=\"hadang-board\"").contains("data-status=\"over\""));
    assert_eq!(over.matches("path-dot").count(), 0, "no path aid once over");
    let html = result_card(Lang::En, seating(&hotseat().game), &hotseat().table());
    assert!(!html.contains("result-banner"), "no banner while playing");
}

#[test]
fn h2_goal_reached_between_people_names_the_player() {
    let mut game = hotseat();
    // Player 2 steps aside on d-file; Player 1 walks straight up the e-file.
    play(
        &mut game,
        &[
            "e2", "d9", "e3", "d8", "e4", "d7", "e5", "d6", "e6", "d5", "e7", "d4", "e8", "d3", "e9",
        ],
    );
    assert!(game.table().is_over());
    let html = result_card(Lang::En, seating(&game.game), &game.table());
    assert!(
        html.contains("data-winner=\"p1\"") && html.contains("data-reason=\"goalreached\""),
        "{html}"
    );
    assert!(
        html.contains("Player 1 wins!") && html.contains("The pawn reached the far side."),
        "{html}"
    );
    // The buttons the frame offers on the card.
    assert!(html.contains("data-testid=\"rematch\"") && html.contains("data-testid=\"result-home\""));
    let buttons = game.tap.buttons(&game.table());
    assert!(buttons.is_empty(), "no paths toggle once over: {buttons:?}");
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

#[test]
fn arrow_keys_follow_the_board_as_drawn_and_stay_on_it() {
    use dioxus::prelude::Key;
    use papan::games::hadang::board::arrow_step;
    assert_eq!(arrow_step(sq("e1"), &Key::ArrowUp, false), Some(sq("e2")));
    assert_eq!(
        arrow_step(sq("e1"), &Key::ArrowUp, true),
        Some(sq("e1")),
        "turned: up is towards rank 1"
    );
    assert_eq!(arrow_step(sq("e9"), &Key::ArrowUp, true), Some(sq("e8")));
    assert_eq!(arrow_step(sq("a5"), &Key::ArrowLeft, false), Some(sq("a5")));
    assert_eq!(arrow_step(sq("a5"), &Key::ArrowLeft, true), Some(sq("b5")));
    assert_eq!(arrow_step(sq("a5"), &Key::Enter, false), None);
}

/// Issue 33: a screen reader hears which sides of a cell a wall closes, as the
/// board is drawn (north is the top of the screen), in every language.
#[test]
fn h5_a_cell_beside_a_wall_names_its_walled_sides() {
    let mut game = hotseat();
    // e5h lies between e5|e6 and f5|f6; d5v between d5|e5 and d6|e6.
    play(&mut game, &["e5h", "e8", "d5v"]);
    let html = board(&game, Lang::En);
    let label = |html: &str, cell: &str| ssr::attr_of(html, &format!("data-cell=\"{cell}\""), "aria-label").unwrap();
    assert_eq!(label(&html, "e6"), "e6, empty, wall to the south, wall to the west");
    assert_eq!(label(&html, "e5"), "e5, empty, wall to the north, wall to the west");
    assert_eq!(label(&html, "f6"), "f6, empty, wall to the south");
    assert_eq!(label(&html, "d5"), "d5, empty, wall to the east");
    assert_eq!(label(&html, "c5"), "c5, empty", "no wall beside c5");
    // Player 2 sees the board turned: north is towards rank 1 for them.
    let mut turned = game.table();
    turned.bottom = Seat::Second;
    let html = ssr::board(&turned, &game.tap, None, Lang::En);
    assert_eq!(label(&html, "e6"), "e6, empty, wall to the north, wall to the east");
    // Indonesian and Filipino say it in their own words.
    let id = board(&game, Lang::Id);
    assert_eq!(label(&id, "f6"), "f6, kosong, penghadang di selatan");
    let fil = board(&game, Lang::Fil);
    assert_eq!(label(&fil, "f6"), "f6, bakante, may harang sa timog");
}
