//! The Hex board as an SVG, drawn from a position and marks: stones, the
//! ghost stone of a preview, the last move, a hint, the winning chain and
//! the coordinates (columns a, b, … along Red's top edge, rows 1, 2, …
//! down Blue's left edge, as the notation of X2).
//!
//! DOM contract (browser tests rely on it): the root `<svg data-testid=
//! "hex-board">` carries `data-size`, `data-status`, `data-turn` (`human`
//! when a person may tap, else `wait`) and `data-last-pointer`; each cell
//! has `data-cell="c3"` and a class with `empty`, `red` or `blue`, plus
//! `last`, `win`, `ghost`, `hint` when they apply.
//!
//! Keyboard and screen readers: every cell is a button named by its
//! coordinate and state ("f6, empty", "d4, Red, last move"); the board is
//! one tab stop (roving tabindex), arrow keys move between cells and Enter
//! or Space plays the focused one, as a tap would.

use super::geometry::{centre, edge_triangles, hexagon, labels, points, view_box, RADIUS};
use super::tap::HexTap;
use crate::games::keys::{activates, arrow, focus_in, with_states};
use crate::i18n::{tr, tr_args, Lang};
use crate::play::Table;
use dioxus::prelude::*;
use papan_rules::hex::{Cell, Colour, Hex, HexMove};

/// What the board marks besides the stones.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HexMarks {
    pub ghost: Option<Cell>,
    pub last: Option<Cell>,
    pub hint: Option<Cell>,
    /// A person may tap now.
    pub live: bool,
    /// The game is over (on the board or by a verdict).
    pub over: bool,
}

impl HexMarks {
    /// The marks of `table` with the preview in `tap` and a hinted move.
    pub fn of(table: &Table<Hex>, tap: &HexTap, hint: Option<&HexMove>) -> HexMarks {
        HexMarks {
            ghost: tap.ghost(),
            last: last_cell(&table.view, table.last.as_ref().map(|(_, mv)| mv)),
            hint: match hint {
                Some(HexMove::Place(cell)) => Some(*cell),
                _ => None,
            },
            live: table.can_act,
            over: table.is_over(),
        }
    }
}

/// The cell to mark as the last move: the stone placed, or after a swap
/// the swapped stone (the only one on the board).
fn last_cell(view: &Hex, last: Option<&HexMove>) -> Option<Cell> {
    match last? {
        HexMove::Place(cell) => Some(*cell),
        HexMove::Swap => (0..view.stones().len())
            .map(|i| view.cell_at(i))
            .find(|&c| view.stone(c).is_some()),
    }
}

/// One cell as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardCell {
    pub cell: Cell,
    pub name: String,
    pub class: String,
    pub points: String,
    pub centre: (f64, f64),
    pub last: bool,
    /// What a screen reader says: coordinate, stone, last move.
    pub spoken: String,
}

/// The cells of `hex` with their classes, row by row.
pub fn board_cells(hex: &Hex, marks: &HexMarks, lang: Lang) -> Vec<BoardCell> {
    let n = hex.size();
    let chain = hex.winning_chain();
    let ghost_colour = match hex.colour_to_move() {
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
            let is_last = marks.last == Some(cell);
            for (on, name) in [
                (is_last, " last"),
                (chain.contains(&cell), " win"),
                (marks.hint == Some(cell), " hint"),
            ] {
                if on {
                    class.push_str(name);
                }
            }
            if marks.ghost == Some(cell) {
                class.push_str(" ghost ");
                class.push_str(ghost_colour);
            }
            let name = cell.to_string();
            let state = match hex.stone(cell) {
                Some(Colour::Red) => "hex-cell-red",
                Some(Colour::Blue) => "hex-cell-blue",
                None => "cell-empty",
            };
            let spoken = with_states(
                lang,
                tr_args(lang, state, &[("cell", name.clone())]),
                false,
                false,
                is_last,
            );
            out.push(BoardCell {
                cell,
                name,
                spoken,
                class,
                points: points(&hexagon(at, RADIUS)),
                centre: at,
                last: is_last,
            });
        }
    }
    out
}

/// The cell the arrow `key` leads to from `from` on a board of `size`
/// (columns left and right, rows up and down), staying on the board.
pub fn arrow_step(from: Cell, key: &Key, size: u8) -> Option<Cell> {
    // Rows are numbered from the top: up on the screen is a row less.
    let (right, up) = arrow(key)?;
    let col = (i16::from(from.col) + i16::from(right)).clamp(0, i16::from(size) - 1);
    let row = (i16::from(from.row) - i16::from(up)).clamp(0, i16::from(size) - 1);
    Some(Cell::new(col as u8, row as u8))
}

#[component]
pub fn HexBoard(view: Hex, marks: HexMarks, lang: Lang, on_tap: EventHandler<Cell>) -> Element {
    let mut last_pointer = use_signal(|| String::from("none"));
    // The keyboard's cell: where focus was last, else the last move, else the centre.
    let mut keyboard = use_signal(|| None::<Cell>);
    let size = view.size();
    let focused = keyboard()
        .filter(|c| c.col < size && c.row < size)
        .or(marks.last)
        .unwrap_or(Cell::new(size / 2, size / 2));
    let (x, y, w, h) = view_box(size);
    let over = marks.over;
    let status = if over { "over" } else { "playing" };
    let cells = board_cells(&view, &marks, lang);
    let triangles = edge_triangles(size);
    let label = tr_args(lang, "board-label", &[("size", size.to_string())]);
    let turn = if marks.live && !over { "human" } else { "wait" };
    let waiting = if turn == "wait" { " waiting" } else { "" };
    let has_win = if view.winner_colour().is_some() { " has-win" } else { "" };
    let dot = RADIUS * 0.26;
    rsx! {
        svg {
            class: "hex-board {status}{waiting}{has_win}",
            view_box: "{x:.1} {y:.1} {w:.1} {h:.1}",
            role: "group",
            "aria-label": "{label}",
            "data-testid": "hex-board",
            "data-size": "{size}",
            "data-status": "{status}",
            "data-turn": "{turn}",
            "data-last-pointer": "{last_pointer}",
            onpointerdown: move |e: PointerEvent| last_pointer.set(e.data().pointer_type()),
            onkeydown: move |e: KeyboardEvent| {
                let key = e.key();
                if activates(&key) {
                    e.prevent_default();
                    on_tap.call(focused);
                } else if let Some(next) = arrow_step(focused, &key, size) {
                    e.prevent_default();
                    keyboard.set(Some(next));
                    focus_in("hex-board", &format!("[data-cell=\"{next}\"]"));
                }
            },
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
            g { class: "coords", "aria-hidden": "true",
                for (text, (lx, ly)) in labels(size) {
                    text { key: "{text}", x: "{lx:.1}", y: "{ly:.1}", "text-anchor": "middle", "dominant-baseline": "central", "{text}" }
                }
            }
            g { class: "cells",
                for bc in cells.iter() {
                    polygon {
                        key: "{bc.name}",
                        class: "{bc.class}",
                        points: "{bc.points}",
                        "data-cell": "{bc.name}",
                        role: "button",
                        "aria-label": "{bc.spoken}",
                        tabindex: if bc.cell == focused { "0" } else { "-1" },
                        onclick: {
                            let cell = bc.cell;
                            move |_| on_tap.call(cell)
                        },
                        onfocus: {
                            let cell = bc.cell;
                            // Every tap focuses a cell: redraw only when the keyboard's cell moves.
                            move |_| if *keyboard.peek() != Some(cell) { keyboard.set(Some(cell)) }
                        },
                    }
                }
            }
            // Each empty cell's name, shown only while the board is zoomed
            // (css): the edge coordinates have scrolled out of view by then.
            g { class: "cell-names", "aria-hidden": "true", "font-size": "{RADIUS * 0.5:.1}",
                for bc in cells.iter().filter(|c| view.stone(c.cell).is_none()) {
                    text {
                        key: "name-{bc.name}",
                        x: "{bc.centre.0:.1}",
                        y: "{bc.centre.1:.1}",
                        "text-anchor": "middle",
                        "dominant-baseline": "central",
                        "{bc.name}"
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
            title { {format!("{} {}", tr(lang, "board-title"), tr(lang, "board-keys-hint"))} }
        }
    }
}
