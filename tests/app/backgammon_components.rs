//! The backgammon board, notices, player facts and result card rendered to
//! HTML with dioxus-ssr. The board is drawn as the play screen draws it:
//! from a table (the match's, or one set up on a given position) with the
//! tap state's marks.

use crate::support;
use support::ssr;

use papan::games::backgammon::board::Checkers;
use papan::games::backgammon::tap::{BgCommand, BgTap, Spot};
use papan::i18n::{tr, Lang};
use papan::play::{player, Answer, LocalGame, Match, Table, TapState, Tapped};
use papan::shell::texts::Seating;
use papan::shell::{GameUi, Notice};
use papan_bots::Level;
use papan_rules::backgammon::{Backgammon, BackgammonOptions, BgMove, Board, Dice};
use papan_rules::clock::Tempo;
use papan_rules::{Game, Seat, SeatView};
use ssr::{class_of, result_card, texts_in_group};

/// The table the person at `bottom` sees of `position` (nothing played yet).
fn table(position: Backgammon, bottom: Seat) -> Table<Backgammon> {
    let outcome = Game::outcome(&position);
    Table {
        can_act: outcome.is_none() && SeatView::may_act(&position, bottom),
        view: position,
        viewer: bottom,
        bottom,
        last: None,
        outcome,
        ply: 0,
        history: Vec::new(),
    }
}

fn white_to_play(board: Board, high: u8, low: u8) -> Table<Backgammon> {
    let position = Backgammon::from_board(board, Seat::First, Some(Dice::new(high, low).unwrap())).unwrap();
    table(position, Seat::First)
}

fn render(table: &Table<Backgammon>, tap: &BgTap, lang: Lang) -> String {
    ssr::board(table, tap, None, lang)
}

fn tap(state: &mut BgTap, table: &Table<Backgammon>, spot: Spot) -> Tapped<BgMove> {
    state.tap(table, spot)
}

fn notices(table: &Table<Backgammon>, tap: &BgTap) -> Vec<Notice> {
    Backgammon::notices(Lang::En, table, tap, &|seat| format!("{seat:?}"))
}

/// A match between two people on this device, the person at the bottom
/// playing White.
fn hotseat(seed: u64) -> LocalGame<Backgammon> {
    let players = player::from_setup(None, true);
    LocalGame::new(
        Match::new(
            BackgammonOptions::default(),
            players,
            Seat::First,
            Tempo::Unlimited,
            seed,
            0,
        )
        .unwrap(),
    )
}

#[test]
fn b1_board_has_24_points_bar_and_tray_and_the_start_position() {
    let players = player::from_setup(Some(Level::Beginner), true);
    let game: Match<Backgammon> = Match::new(
        BackgammonOptions::default(),
        players,
        Seat::First,
        Tempo::Unlimited,
        1,
        0,
    )
    .unwrap();
    let html = render(&game.table(), &BgTap::default(), Lang::En);
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
    assert!(html.contains("data-turn=\"human\""));
    assert!(html.contains("Tap to roll"));
    assert!(!html.contains("data-die"), "no dice before the opening roll");
}

#[test]
fn b1_points_are_numbered_one_to_twenty_four_on_the_rim() {
    let html = render(&table(Backgammon::start(), Seat::First), &BgTap::default(), Lang::En);
    let numbers = texts_in_group(&html, "point-numbers");
    let expected: Vec<String> = (1..=24).map(|p: u8| p.to_string()).collect();
    assert_eq!(numbers, expected);
}

#[test]
fn b1_the_second_seat_sees_its_own_checkers_from_its_side() {
    for bottom in Seat::BOTH {
        let checkers = Checkers::new(&Board::START, Seat::First, bottom);
        // B2: every player starts with two checkers on their own 24-point.
        assert_eq!(checkers.points[24], 2, "{bottom:?}");
        assert_eq!(checkers.points[1], -2, "{bottom:?}");
        assert_eq!(checkers.points[6], 5, "{bottom:?}");
        assert_eq!(checkers.pips, [167, 167]);
    }
    let html = render(&table(Backgammon::start(), Seat::Second), &BgTap::default(), Lang::En);
    // Black at the bottom: its two back checkers on its own 24-point, its
    // five on its own 6-point, numbered from its side.
    assert_eq!(html.matches("class=\"checker black\"").count(), 15);
    assert!(ssr::tag_with(&html, "data-point=\"24\"").contains("Point 24, 2 Black checkers"));
    assert!(ssr::tag_with(&html, "data-point=\"6\"").contains("Point 6, 5 Black checkers"));
}

#[test]
fn b7_dice_in_the_middle_used_ones_greyed() {
    let table = white_to_play(Board::START, 3, 3);
    let mut state = BgTap::default();
    let html = render(&table, &state, Lang::En);
    assert_eq!(html.matches("data-die=\"3\"").count(), 4, "doubles show four dice");
    assert!(!html.contains("die used"));
    assert!(html.contains("data-phase=\"move\""));
    assert_eq!(tap(&mut state, &table, Spot::Point(24)), Tapped::Changed);
    assert_eq!(tap(&mut state, &table, Spot::Point(21)), Tapped::Changed);
    let html = render(&table, &state, Lang::En);
    assert_eq!(html.matches("class=\"die used\"").count(), 1);
}

#[test]
fn b6_selected_checker_and_targets_are_marked() {
    let table = white_to_play(Board::START, 6, 1);
    let mut state = BgTap::default();
    let html = render(&table, &state, Lang::En);
    assert!(class_of(&html, "data-point=\"13\"").contains("movable"));
    assert!(
        !class_of(&html, "data-point=\"12\"").contains("movable"),
        "Black's point"
    );
    tap(&mut state, &table, Spot::Point(13));
    let html = render(&table, &state, Lang::En);
    assert!(class_of(&html, "data-point=\"13\"").contains("selected"));
    assert!(class_of(&html, "data-point=\"7\"").contains("target"));
    assert!(class_of(&html, "data-point=\"6\"").contains("target"));
    assert!(!class_of(&html, "data-point=\"12\"").contains("target"));
}

/// Points, bar and tray are buttons with a spoken name and state, one tab stop
/// among them (arrows walk the rest), in each language.
#[test]
fn b1_points_have_names_states_and_one_tab_stop() {
    let table = white_to_play(Board::START, 6, 1);
    let mut state = BgTap::default();
    tap(&mut state, &table, Spot::Point(13));
    let html = render(&table, &state, Lang::En);
    let label = |html: &str, point: &str| {
        ssr::attr_of(html, &format!("data-point=\"{point}\""), "aria-label").unwrap_or_default()
    };
    assert_eq!(label(&html, "13"), "Point 13, 5 White checkers, selected");
    assert_eq!(label(&html, "7"), "Point 7, empty, you can move here");
    assert_eq!(label(&html, "12"), "Point 12, 5 Black checkers");
    assert_eq!(label(&html, "24"), "Point 24, 2 White checkers");
    let fil = render(&table, &state, Lang::Fil);
    assert!(label(&fil, "12").contains("5 piyesang Itim"), "{}", label(&fil, "12"));
    let id = render(&table, &state, Lang::Id);
    assert!(label(&id, "7").starts_with("Petak 7, kosong"), "{}", label(&id, "7"));
    assert_eq!(
        html.matches("role=\"button\"").count(),
        26,
        "24 points, the bar, the tray"
    );
    assert_eq!(
        html.matches("tabindex=\"0\"").count(),
        1,
        "one tab stop: the selected point"
    );
    assert!(ssr::tag_with(&html, "data-point=\"13\"").contains("tabindex=\"0\""));
    assert!(ssr::attr_of(&html, "data-testid=\"bar\"", "aria-label")
        .unwrap()
        .starts_with("Bar, 0 of yours"));
}

#[test]
fn arrow_keys_walk_the_tray_the_points_and_the_bar() {
    use dioxus::prelude::Key;
    use papan::games::backgammon::board::arrow_step;
    assert_eq!(arrow_step(Spot::Point(5), &Key::ArrowRight), Some(Spot::Point(6)));
    assert_eq!(arrow_step(Spot::Point(5), &Key::ArrowDown), Some(Spot::Point(4)));
    assert_eq!(arrow_step(Spot::Point(1), &Key::ArrowLeft), Some(Spot::Off));
    assert_eq!(
        arrow_step(Spot::Off, &Key::ArrowLeft),
        Some(Spot::Off),
        "stops at the end"
    );
    assert_eq!(arrow_step(Spot::Point(24), &Key::ArrowUp), Some(Spot::Bar));
    assert_eq!(arrow_step(Spot::Bar, &Key::ArrowUp), Some(Spot::Bar));
    assert_eq!(arrow_step(Spot::Point(3), &Key::Enter), None);
}

#[test]
fn a_hinted_play_marks_the_points_it_starts_from() {
    let table = white_to_play(Board::START, 6, 1);
    let play = table
        .view
        .legal_plays()
        .into_iter()
        .map(|(_, play)| play)
        .find(|p| p.legs().iter().any(|l| l.from == 13))
        .expect("a play from 13");
    let hint = Some(BgMove::Play(play));
    let html = ssr::board(&table, &BgTap::default(), hint, Lang::En);
    for leg in play.legs() {
        assert!(class_of(&html, &format!("data-point=\"{}\"", leg.from)).contains("hint"));
    }
    let hinted = (1..=24)
        .filter(|p| class_of(&html, &format!("data-point=\"{p}\"")).contains("hint"))
        .count();
    assert!((1..=2).contains(&hinted), "{hinted} points hinted");
}

#[test]
fn b9_hit_checker_shows_on_the_bar_and_tall_stacks_show_a_count() {
    // White hits a Black blot on White's 5 with 13/5 (8 = 6 + 2); White has 9 on 6.
    let board = Board::from_points(&[(13, 5), (6, 9), (24, 1)], &[(5, 1), (1, 14)]).unwrap();
    let table = white_to_play(board, 6, 2);
    let mut state = BgTap::default();
    let html = render(&table, &state, Lang::En);
    assert!(html.contains(">9</text>"), "a stack of nine shows its count");
    tap(&mut state, &table, Spot::Point(13));
    assert_eq!(tap(&mut state, &table, Spot::Point(5)), Tapped::Changed);
    let built = state.turn(&table).expect("a turn being built").board();
    assert_eq!(Checkers::new(&built, Seat::First, Seat::First).bar, [0, 1]);
    let html = render(&table, &state, Lang::En);
    assert!(html.contains("stack on-bar"), "the hit checker is drawn on the bar");
}

#[test]
fn b14_tray_is_a_target_when_bearing_off() {
    let board = Board::from_points(&[(2, 3), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let table = white_to_play(board, 6, 1);
    let mut state = BgTap::default();
    tap(&mut state, &table, Spot::Point(2));
    let html = render(&table, &state, Lang::En);
    assert!(class_of(&html, "data-testid=\"off\"").contains("target"));
    assert_eq!(
        html.matches("class=\"slab white\"").count(),
        11,
        "11 white checkers already off"
    );
}

#[test]
fn b12_pass_phase_is_marked_and_noticed() {
    let board = Board::from_points(
        &[(25, 1), (6, 14)],
        &[(24, 2), (23, 2), (22, 2), (21, 2), (20, 2), (19, 2)],
    )
    .unwrap();
    let table = white_to_play(board, 6, 5);
    let state = BgTap::default();
    let html = render(&table, &state, Lang::En);
    assert!(html.contains("data-phase=\"pass\""));
    assert_eq!(html.matches("class=\"die used\"").count(), 2);
    let notices = notices(&table, &state);
    assert_eq!(notices.len(), 1);
    assert_eq!((notices[0].kind, notices[0].testid), ("pass", "notice"));
    assert_eq!(notices[0].text, tr(Lang::En, "backgammon-no-move"));
    let done = state.buttons(&table);
    assert_eq!(done.len(), 1);
    assert!(done[0].testid == "done" && done[0].enabled && done[0].label == "backgammon-pass-ok");
}

#[test]
fn b4_the_opening_roll_is_noticed_and_the_last_play_marked() {
    let mut game = hotseat(2);
    assert!(game.table().may_roll());
    assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    let table = game.table();
    let opening = notices(&table, &game.tap);
    assert_eq!(opening.len(), 1);
    assert_eq!(opening[0].kind, "opening");
    let Some(BgMove::Opening { white, black }) = table.history.first().cloned() else {
        panic!("the opening roll comes first");
    };
    assert!(
        opening[0].text.contains(&white.to_string()) && opening[0].text.contains(&black.to_string()),
        "{}",
        opening[0].text
    );
    // The opener builds its turn by taps and plays it.
    let mut guard = 0;
    loop {
        let table = game.table();
        let turn = game.tap.turn(&table).expect("the opener moves");
        if turn.is_complete() {
            break;
        }
        let from = game.tap.movable(&table)[0];
        assert_eq!(game.tap(from, 0), Answer::Changed);
        let to = game.tap.targets(&game.table())[0];
        assert_eq!(game.tap(to, 0), Answer::Changed);
        guard += 1;
        assert!(guard <= 4, "at most four steps");
    }
    assert_eq!(game.command(BgCommand::Done, 0), Answer::Played);
    let table = game.table();
    let (mover, BgMove::Play(play)) = table.last.expect("a last move") else {
        panic!("the last move is a play");
    };
    let html = render(&table, &game.tap, Lang::En);
    let marked = html.matches("class=\"last-mark\"").count();
    assert!(marked >= 1, "{html}");
    for leg in play.legs().iter().filter(|l| (1..=24).contains(&l.to)) {
        let point = if mover == table.bottom { leg.to } else { 25 - leg.to };
        assert!(
            class_of(&html, &format!("data-point=\"{point}\"")).contains("last"),
            "{point}"
        );
    }
    // The pip counts on the strips follow the board.
    for seat in Seat::BOTH {
        let facts = Backgammon::facts(Lang::En, &table, &game.tap, seat);
        assert_eq!(facts[0].name, "pips");
        assert_eq!(facts[0].text, format!("{} pips", facts[0].value));
    }
}

#[test]
fn b16_result_card_names_gammon_and_points_in_each_language() {
    // White has one checker left on 1 and bears it off; Black has none off: gammon.
    let board = Board::from_points(&[(1, 1)], &[(12, 15)]).unwrap();
    let before = white_to_play(board, 2, 1);
    let mut state = BgTap::default();
    let Tapped::Play(mv) = state.command(&before, BgCommand::Done) else {
        panic!("the forced play is filled in");
    };
    let mut position = before.view.clone();
    Game::play(&mut position, &mv).unwrap();
    let mut over = table(position, Seat::First);
    over.last = Some((Seat::First, mv));
    assert!(over.is_over());
    let seating = Seating::SameDevice;
    let en = result_card(Lang::En, seating, &over);
    assert!(en.contains("data-testid=\"result-banner\""));
    assert!(en.contains("data-winner=\"white\""));
    assert!(en.contains("data-points=\"2\""));
    assert!(en.contains("data-testid=\"result-points\""));
    assert!(
        en.contains("White wins!") && en.contains("Gammon") && en.contains("Points: 2"),
        "{en}"
    );
    let id = result_card(Lang::Id, seating, &over);
    assert!(id.contains("Putih menang!") && id.contains("Poin: 2"), "{id}");
    let fil = result_card(Lang::Fil, seating, &over);
    assert!(fil.contains("Panalo ang Puti!") && fil.contains("Puntos: 2"), "{fil}");
    let html = render(&over, &BgTap::default(), Lang::En);
    assert!(html.contains("data-phase=\"over\"") && html.contains("data-status=\"over\""));
    assert!(notices(&over, &BgTap::default()).is_empty(), "no notice once over");
}

#[derive(Clone, PartialEq)]
struct PillInput {
    status: papan::shell::frame::StatusInfo,
    lang: Lang,
}

fn pill_root(input: PillInput) -> dioxus::prelude::Element {
    use dioxus::prelude::*;
    rsx! {
        papan::shell::frame::StatusPill { lang: input.lang, status: input.status }
    }
}

/// Issue 33: after a roll the dice are said, not only drawn: the dice on the
/// board carry their values (and what is left to play) in an aria label, and
/// the status line, a live region, says them after whose turn it is.
#[test]
fn b5_the_dice_rolled_are_in_an_aria_label_and_in_the_live_status() {
    let table = white_to_play(Board::START, 6, 3);
    let mut state = BgTap::default();
    let html = render(&table, &state, Lang::En);
    let dice = ssr::tag_with(&html, "data-testid=\"dice\"");
    assert!(dice.contains("role=\"img\""), "{dice}");
    assert_eq!(
        ssr::attr_of(&html, "data-testid=\"dice\"", "aria-label").as_deref(),
        Some("Dice: 6 and 3")
    );
    // 24/21 plays the 3: the 6 is still to play.
    assert_eq!(tap(&mut state, &table, Spot::Point(24)), Tapped::Changed);
    assert_eq!(tap(&mut state, &table, Spot::Point(21)), Tapped::Changed);
    let html = render(&table, &state, Lang::En);
    assert_eq!(
        ssr::attr_of(&html, "data-testid=\"dice\"", "aria-label").as_deref(),
        Some("Dice: 6 and 3; still to play: 6")
    );
    let doubles = white_to_play(Board::START, 4, 4);
    let html = render(&doubles, &BgTap::default(), Lang::Id);
    assert_eq!(
        ssr::attr_of(&html, "data-testid=\"dice\"", "aria-label").as_deref(),
        Some("Dadu: kembar 4")
    );
    // No dice, no label: waiting for the roll.
    let game = hotseat(5);
    let html = render(&game.table(), &game.tap, Lang::En);
    assert!(!ssr::tag_with(&html, "data-testid=\"dice\"").contains("aria-label"));
    assert_eq!(Backgammon::spoken_status(Lang::En, &game.table()), None);

    // The live region: "Your turn" and then the dice.
    let seating = Seating::Bot {
        local: Seat::First,
        level: Level::Beginner,
    };
    let status = papan::shell::frame::StatusInfo {
        text: papan::shell::texts::status::<Backgammon>(Lang::En, seating, &table, &state, false),
        side: "white",
        over: false,
        busy: false,
        spoken: Backgammon::spoken_status(Lang::En, &table),
    };
    let html = ssr::render(pill_root, PillInput { status, lang: Lang::En });
    let live = ssr::tag_with(&html, "data-testid=\"status\"");
    assert!(
        live.contains("role=\"status\"") && live.contains("aria-live=\"polite\""),
        "{live}"
    );
    let start = html.find("data-testid=\"status\"").unwrap();
    let spoken = &html[start..];
    assert!(spoken.contains(">Your turn<"), "{html}");
    assert!(spoken.contains(". Dice: 6 and 3<"), "the dice are announced: {html}");
    assert_eq!(
        Backgammon::spoken_status(Lang::Fil, &table).as_deref(),
        Some("Dice: 6 at 3")
    );
}
