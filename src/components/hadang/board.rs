//! The HADANG board as an SVG: cells, goal rows, pawns, walls, the targets
//! of the pawn to move, the ghost wall, the shortest-path aid and the last
//! move.
//!
//! DOM contract (browser tests rely on it): the root `<svg data-testid=
//! "hadang-board">` carries `data-status` (`playing`/`over`), `data-turn`
//! (`human`/`bot`), `data-ply` and `data-last-pointer`; each cell has
//! `data-cell="e2"` and class `cell` plus `target`, `last`, `pawn-p1`,
//! `pawn-p2`, `path-p1`, `path-p2` when they apply; each groove tap area
//! has `data-wall="e3h"`; placed walls have `data-placed="e3h"`, the ghost
//! `data-testid="ghost-wall"` and `data-ghost="e3h"`.

use super::geometry::{cell_centre, cell_origin, hit_rect, view_box, wall_rect, CELL, GRID, LABEL_MARGIN, PITCH};
use crate::controllers::hadang::{HadangController, Selection};
use crate::i18n::{tr, Lang};
use dioxus::prelude::*;
use papan_rules::hadang::{HadangMove, Orientation, Square, Wall};
use papan_rules::Seat;

/// One cell as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardCell {
    pub square: Square,
    pub name: String,
    pub class: String,
    pub origin: (f64, f64),
}

/// The seat's short class name: `p1` moves up from e1, `p2` down from e9.
pub fn seat_class(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "p1",
        Seat::Second => "p2",
    }
}

/// Every cell with its classes, `a1` … `i9`.
pub fn board_cells(game: &HadangController) -> Vec<BoardCell> {
    let position = game.position();
    let targets = game.targets();
    let last = match position.last_move() {
        Some(HadangMove::Step(square)) => Some(square),
        _ => None,
    };
    let paths: Vec<(Seat, Vec<Square>)> = if game.show_paths() && !game.is_over() {
        Seat::BOTH.iter().map(|&s| (s, position.shortest_path(s))).collect()
    } else {
        Vec::new()
    };
    Square::all()
        .map(|square| {
            let mut class = String::from("cell");
            match square.rank() {
                8 => class.push_str(" goal-p1"),
                0 => class.push_str(" goal-p2"),
                _ => {}
            }
            for seat in Seat::BOTH {
                if position.pawn(seat) == square {
                    class.push_str(" pawn-");
                    class.push_str(seat_class(seat));
                }
            }
            if targets.contains(&square) {
                class.push_str(" target");
            }
            if last == Some(square) {
                class.push_str(" last");
            }
            for (seat, path) in &paths {
                if path.contains(&square) {
                    class.push_str(" path-");
                    class.push_str(seat_class(*seat));
                }
            }
            BoardCell {
                square,
                name: square.to_string(),
                class,
                origin: cell_origin(square),
            }
        })
        .collect()
}

#[component]
pub fn HadangBoard(
    game: HadangController,
    lang: Lang,
    /// `human` or `bot`: who is to move (for the test contract and styling).
    turn: String,
    last_pointer: String,
    on_cell: EventHandler<Square>,
    on_groove: EventHandler<Wall>,
    on_pointer: EventHandler<String>,
    /// Drawn from Player 2's side (turned half a circle): online, each
    /// player sees their own pawn at the bottom. The labels stay upright.
    #[props(default)]
    flipped: bool,
) -> Element {
    let (vx, vy, vw, vh) = view_box();
    let centre = GRID / 2.0;
    let turn_board = if flipped {
        format!("rotate(180 {centre} {centre})")
    } else {
        String::new()
    };
    // Where file `i` and rank `r` (0-based) are labelled on this side.
    let file_x = |i: usize| {
        let column = if flipped { 8 - i } else { i };
        column as f64 * PITCH + CELL / 2.0
    };
    let rank_y = |r: u8| {
        let row = if flipped { r } else { 8 - r };
        row as f64 * PITCH + CELL / 2.0 + 4.0
    };
    let status = if game.is_over() { "over" } else { "playing" };
    let cells = board_cells(&game);
    let position = *game.position();
    let placed = position.walls_placed();
    let last_wall = match position.last_move() {
        Some(HadangMove::Wall(wall)) => Some(wall),
        _ => None,
    };
    let selected = game.selection() == Selection::Pawn;
    let ghost = game.ghost_wall();
    let ghost_class = game.seat_to_move().map_or("p1", seat_class);
    // Grooves are tappable only when a wall could go down now.
    let grooves: Vec<Wall> = if game.is_human_turn() && !game.is_over() {
        Wall::all().collect()
    } else {
        Vec::new()
    };
    let paths_on = game.show_paths() && !game.is_over();
    // (key, class, cx, cy): Player 1's dots left of centre, Player 2's right.
    let mut path_dots: Vec<(String, String, f64, f64)> = Vec::new();
    if paths_on {
        for seat in Seat::BOTH {
            let shift = if seat == Seat::First { -7.0 } else { 7.0 };
            for square in position.shortest_path(seat) {
                let (cx, cy) = cell_centre(square);
                let class = seat_class(seat);
                path_dots.push((
                    format!("path-{class}-{square}"),
                    format!("path-dot path-{class}"),
                    cx + shift,
                    cy,
                ));
            }
        }
    }
    let ply = game.ply();
    let files = "abcdefghi";
    rsx! {
        svg {
            class: "hadang-board {status}",
            view_box: "{vx} {vy} {vw} {vh}",
            role: "group",
            "aria-label": tr(lang, "hadang-board-label"),
            "data-testid": "hadang-board",
            "data-status": "{status}",
            "data-turn": "{turn}",
            "data-ply": "{ply}",
            "data-last-pointer": "{last_pointer}",
            "data-flipped": "{flipped}",
            onpointerdown: move |e: PointerEvent| on_pointer.call(e.data().pointer_type()),
            g { class: "hb-labels",
                for (i, letter) in files.chars().enumerate() {
                    text {
                        key: "f{i}",
                        x: "{file_x(i)}",
                        y: "{GRID + LABEL_MARGIN - 1.0}",
                        "text-anchor": "middle",
                        "{letter}"
                    }
                }
                for rank in 0..9u8 {
                    text {
                        key: "r{rank}",
                        x: "{-LABEL_MARGIN / 2.0 - 3.0}",
                        y: "{rank_y(rank)}",
                        "text-anchor": "middle",
                        "{rank + 1}"
                    }
                }
            }
            g { class: "hb-turned", transform: "{turn_board}",
                rect { class: "hb-frame", x: "-6", y: "-6", width: "{GRID + 12.0}", height: "{GRID + 12.0}", rx: "10" }
                // Goal lines (H2): Player 1 races to the top edge, Player 2 to the bottom.
                rect { class: "goal-edge-p1", x: "0", y: "-5", width: "{GRID}", height: "3.5", rx: "1.75" }
                rect { class: "goal-edge-p2", x: "0", y: "{GRID + 1.5}", width: "{GRID}", height: "3.5", rx: "1.75" }
                g { class: "hb-cells",
                    for bc in cells.iter() {
                        rect {
                            key: "{bc.name}",
                            class: "{bc.class}",
                            x: "{bc.origin.0}",
                            y: "{bc.origin.1}",
                            width: "{CELL}",
                            height: "{CELL}",
                            rx: "5",
                            "data-cell": "{bc.name}",
                            onclick: {
                                let square = bc.square;
                                move |_| on_cell.call(square)
                            },
                        }
                    }
                }
                g { class: "hb-marks",
                    for (k, class, cx, cy) in path_dots.iter() {
                        circle { key: "{k}", class: "{class}", cx: "{cx}", cy: "{cy}", r: "3.2" }
                    }
                    for bc in cells.iter().filter(|c| c.class.contains(" target")) {
                        circle {
                            key: "t-{bc.name}",
                            class: "target-dot",
                            cx: "{bc.origin.0 + CELL / 2.0}",
                            cy: "{bc.origin.1 + CELL / 2.0}",
                            r: "7",
                        }
                    }
                }
                g { class: "hb-walls",
                    for p in placed.iter() {
                        {
                            let (x, y, w, h) = wall_rect(p.wall);
                            let last = if last_wall == Some(p.wall) { " last" } else { "" };
                            rsx! {
                                rect {
                                    key: "w-{p.wall}",
                                    class: "wall wall-{seat_class(p.by)}{last}",
                                    x: "{x}", y: "{y}", width: "{w}", height: "{h}", rx: "3",
                                    "data-placed": "{p.wall}",
                                }
                            }
                        }
                    }
                }
                g { class: "hb-pawns",
                    for seat in Seat::BOTH {
                        {
                            let (cx, cy) = cell_centre(position.pawn(seat));
                            let sel = if selected && game.seat_to_move() == Some(seat) { " selected" } else { "" };
                            rsx! {
                                circle {
                                    key: "pawn-{seat_class(seat)}",
                                    class: "pawn pawn-{seat_class(seat)}{sel}",
                                    cx: "{cx}", cy: "{cy}", r: "13",
                                    "data-pawn": "{seat_class(seat)}",
                                    "data-at": "{position.pawn(seat)}",
                                    onclick: move |_| on_cell.call(position.pawn(seat)),
                                }
                            }
                        }
                    }
                }
                g { class: "hb-grooves",
                    // Horizontal tap areas first, vertical on top: at a crossing
                    // the vertical groove wins, everywhere else there is no overlap.
                    for orientation in Orientation::BOTH {
                        for wall in grooves.iter().filter(|w| w.orientation() == orientation) {
                            {
                                let (x, y, w, h) = hit_rect(*wall);
                                let wall = *wall;
                                rsx! {
                                    rect {
                                        key: "g-{wall}",
                                        class: "groove",
                                        x: "{x}", y: "{y}", width: "{w}", height: "{h}",
                                        "data-wall": "{wall}",
                                        onclick: move |_| on_groove.call(wall),
                                    }
                                }
                            }
                        }
                    }
                }
                if let Some(wall) = ghost {
                    {
                        let (x, y, w, h) = wall_rect(wall);
                        let pad = 8.0;
                        rsx! {
                            g { class: "ghost-wall wall-{ghost_class}",
                                "data-testid": "ghost-wall",
                                "data-ghost": "{wall}",
                                onclick: move |_| on_groove.call(wall),
                                rect { class: "ghost-hit", x: "{x - pad}", y: "{y - pad}", width: "{w + 2.0 * pad}", height: "{h + 2.0 * pad}" }
                                rect { class: "ghost-bar", x: "{x}", y: "{y}", width: "{w}", height: "{h}", rx: "3" }
                            }
                        }
                    }
                }
            }
            title { {tr(lang, "hadang-board-title")} }
        }
    }
}
