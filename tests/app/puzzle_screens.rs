//! The puzzle screens rendered to HTML with dioxus-ssr, and every shipped
//! puzzle set up on its game's real board: the home entry, the list with
//! each game's rating in each language, the board of a puzzle from the
//! solver's side, and the answer judged as the board's taps judge it.

use crate::support;
use support::ssr;

use dioxus::prelude::*;
use papan::i18n::{tr, Lang};
use papan::puzzles::{answer_of, bundled, parse_set, Puzzle, SHIPPED};
use papan::screens::puzzles::{position, PuzzleBoard, Setup};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::{Game, GameId};
use std::marker::PhantomData;

const LANGS: [Lang; 3] = [Lang::En, Lang::Id, Lang::Fil];

fn set(game: GameId) -> Vec<Puzzle> {
    parse_set(game, bundled(game).unwrap()).unwrap()
}

#[test]
fn home_has_a_puzzles_entry_and_the_list_shows_the_daily_and_each_games_rating() {
    for lang in LANGS {
        let home = ssr::render_screen("/", lang);
        assert!(home.contains("data-testid=\"puzzles\""), "no Puzzles entry on home");
        assert!(home.contains(&ssr::escaped(&tr(lang, "puzzles-title"))));
        let list = ssr::render_screen("/puzzles", lang);
        assert!(list.contains("data-testid=\"puzzle-daily\""), "{list}");
        assert!(list.contains(&ssr::escaped(&tr(lang, "puzzles-daily"))));
        for game in GameId::ALL {
            assert!(
                list.contains(&format!("data-testid=\"puzzles-{game}\" data-rating=\"1500\"")),
                "{game} card: {list}"
            );
        }
    }
}

#[test]
fn every_shipped_puzzle_sets_up_and_its_answer_is_legal_there() {
    for game in SHIPPED {
        for p in set(game) {
            let answer = answer_of(&p);
            let ok = match game {
                GameId::Hex => {
                    position::<Hex>(&p, None).is_some_and(|(g, _)| g.seat_to_move() == Some(p.side))
                        && position::<Hex>(&p, Some(answer)).is_some()
                }
                GameId::Hadang => {
                    position::<Hadang>(&p, None).is_some_and(|(g, _)| g.seat_to_move() == Some(p.side))
                        && position::<Hadang>(&p, Some(answer)).is_some()
                }
                GameId::Junqi => {
                    position::<JunQi>(&p, None).is_some_and(|(g, _)| g.seat_to_move() == Some(p.side))
                        && position::<JunQi>(&p, Some(answer)).is_some()
                }
                GameId::Backgammon => {
                    position::<Backgammon>(&p, None).is_some_and(|(g, _)| g.seat_to_move() == Some(p.side))
                        && position::<Backgammon>(&p, Some(answer)).is_some()
                }
            };
            assert!(ok, "{}: does not set up, or {answer} is not legal there", p.id);
            // A puzzle of another game is not set up as this one.
            assert!(position::<Hadang>(&p, None).is_none() || game == GameId::Hadang);
        }
    }
}

#[derive(Props, Clone, PartialEq)]
struct BoardAt {
    puzzle: Puzzle,
    played: Option<String>,
    show_answer: bool,
}

#[allow(non_snake_case)]
fn HexPuzzleAt(props: BoardAt) -> Element {
    rsx! {
        PuzzleBoard::<Hex> {
            game: PhantomData::<Hex>,
            setup: Setup::Puzzle(props.puzzle),
            played: props.played,
            show_answer: props.show_answer,
            lang: Lang::En,
            on_tap: move |_| {},
        }
    }
}

#[test]
fn a_hex_puzzle_is_drawn_on_the_real_board_with_its_stones_and_the_answer_when_shown() {
    let p = set(GameId::Hex).into_iter().next().unwrap();
    let papan_bots::puzzle::Body::Hex { moves, options, .. } = &p.body else {
        unreachable!()
    };
    let render = |played: Option<String>, show_answer: bool| {
        ssr::render(
            HexPuzzleAt,
            BoardAt {
                puzzle: p.clone(),
                played,
                show_answer,
            },
        )
    };
    let html = render(None, false);
    assert!(html.contains("data-testid=\"puzzle-board\""), "{html}");
    assert!(html.contains("data-testid=\"hex-board\""), "{html}");
    let stones = |html: &str| html.matches("class=\"cell red").count() + html.matches("class=\"cell blue").count();
    let cells = html.matches("data-cell=").count();
    assert_eq!(cells, options.size as usize * options.size as usize, "{html}");
    assert_eq!(stones(&html), moves.len(), "one stone a move (no swap)");
    // The answer played: one stone more.
    let solved = render(Some(answer_of(&p).to_string()), false);
    assert_eq!(stones(&solved), moves.len() + 1);
    // Show solution points at the answer's cell, places nothing.
    let shown = render(None, true);
    assert_ne!(shown, html, "the shown answer is marked");
    assert_eq!(stones(&shown), moves.len());
}
