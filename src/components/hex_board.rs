//! The Hex board as an SVG: tap targets, stones, last move, winning chain.
//!
//! DOM contract (browser tests rely on it): the root `<svg data-testid=
//! "hex-board">` carries `data-size`, `data-status`, `data-turn` and
//! `data-last-pointer`; each cell has `data-cell="c3"` and a class with
//! `empty`, `red` or `blue`, plus `last`, `win`, `ghost` when they apply.

use super::hex_geometry::{centre, edge_triangles, hexagon, points, view_box, RADIUS};
use crate::controllers::hex::HexController;
use crate::i18n::{tr, tr_args, Lang};
use dioxus::prelude::*;
use papan_rules::hex::{Cell, Colour, HexMove};

/// Everything the board shows, precomputed once per render.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardCell {
    pub cell: Cell,
    pub name: String,
    pub class: String,
    pub points: String,
    pub centre: (f64, f64),
    pub last: bool,
}

/// The cells of `game` with their classes, row by row.
pub fn board_cells(game: &HexController) -> Vec<BoardCell> {
    let hex = game.position();
    let n = hex.size();
    let last = match hex.last_move() {
        Some(HexMove::Place(cell)) => Some(cell),
        // After a swap the marked stone is still the first one.
        Some(HexMove::Swap) => game.record().moves.first().and_then(|m| match m {
            HexMove::Place(c) => Some(*c),
            HexMove::Swap => None,
        }),
        None => None,
    };
    let chain = hex.winning_chain();
    let ghost = game.ghost();
    let ghost_colour = match game.colour_to_move() {
        Colour::Red => "ghost-red",
        Colour::Blue => "ghost-blue",
    };
    let mut out = Vec::with_capacity(n as usize * n as usize);
    for row in 0..n {
        for col in 0..n {
            let cell = Cell::new(col, row);
            let at = centre(col, row);
            let mut class = String::from("cell ");
            class.push_str(match hex.stone(cell) {
                Some(Colour::Red) => "red",
                Some(Colour::Blue) => "blue",
                None => "empty",
            });
            let is_last = last == Some(cell);
            if is_last {
                class.push_str(" last");
            }
            if chain.contains(&cell) {
                class.push_str(" win");
            }
            if ghost == Some(cell) {
                class.push_str(" ghost ");
                class.push_str(ghost_colour);
            }
            out.push(BoardCell {
                cell,
                name: cell.to_string(),
                class,
                points: points(&hexagon(at, RADIUS)),
                centre: at,
                last: is_last,
            });
        }
    }
    out
}

#[component]
pub fn HexBoard(
    game: HexController,
    lang: Lang,
    /// `human`, `bot` or `remote` (online opponent): who is to move (for the
    /// test contract and styling).
    turn: String,
    last_pointer: String,
    on_tap: EventHandler<Cell>,
    on_pointer: EventHandler<String>,
) -> Element {
    let size = game.size();
    let (x, y, w, h) = view_box(size);
    let status = if game.is_over() { "over" } else { "playing" };
    let cells = board_cells(&game);
    let triangles = edge_triangles(size);
    let label = tr_args(lang, "board-label", &[("size", size.to_string())]);
    // Waiting for a bot or for the other player online: no hover, no pointer.
    let thinking = if (turn == "bot" || turn == "remote") && !game.is_over() {
        " waiting"
    } else {
        ""
    };
    let has_win = if game.position().winner_colour().is_some() {
        " has-win"
    } else {
        ""
    };
    let dot = RADIUS * 0.26;
    rsx! {
        svg {
            class: "hex-board {status}{thinking}{has_win}",
            view_box: "{x:.1} {y:.1} {w:.1} {h:.1}",
            role: "group",
            "aria-label": "{label}",
            "data-testid": "hex-board",
            "data-size": "{size}",
            "data-status": "{status}",
            "data-turn": "{turn}",
            "data-last-pointer": "{last_pointer}",
            onpointerdown: move |e: PointerEvent| on_pointer.call(e.data().pointer_type()),
            defs {
                radialGradient { id: "papan-stone-red", cx: "38%", cy: "32%", r: "75%",
                    stop { offset: "0%", class: "stone-red-0" }
                    stop { offset: "100%", class: "stone-red-1" }
                }
                radialGradient { id: "papan-stone-blue", cx: "38%", cy: "32%", r: "75%",
                    stop { offset: "0%", class: "stone-blue-0" }
                    stop { offset: "100%", class: "stone-blue-1" }
                }
            }
            g { class: "edges",
                for (i, (red, tri)) in triangles.iter().enumerate() {
                    polygon {
                        key: "{i}",
                        class: if *red { "edge edge-red" } else { "edge edge-blue" },
                        points: points(tri),
                    }
                }
            }
            g { class: "cells",
                for bc in cells.iter() {
                    polygon {
                        key: "{bc.name}",
                        class: "{bc.class}",
                        points: "{bc.points}",
                        "data-cell": "{bc.name}",
                        onclick: {
                            let cell = bc.cell;
                            move |_| on_tap.call(cell)
                        },
                    }
                }
            }
            g { class: "marks",
                for bc in cells.iter().filter(|c| c.last) {
                    circle {
                        key: "last-{bc.name}",
                        class: "last-mark",
                        cx: "{bc.centre.0:.1}",
                        cy: "{bc.centre.1:.1}",
                        r: "{dot:.1}",
                    }
                }
            }
            title { {tr(lang, "board-title")} }
        }
    }
}
