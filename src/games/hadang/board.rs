//! The HADANG board as an SVG, drawn from a position and marks: cells,
//! goal rows, pawns, walls, the targets of the pawn to move, the ghost wall
//! of a preview, a hinted move, the shortest-path aid and the last move.
//!
//! DOM contract (browser tests rely on it): the root `<svg data-testid=
//! "hadang-board">` carries `data-status` (`playing`/`over`), `data-turn`
//! (`human` when a person may tap, else `wait`), `data-ply` and
//! `data-last-pointer`; each cell has `data-cell="e2"` and class `cell`
//! plus `target`, `last`, `hint`, `pawn-p1`, `pawn-p2`, `path-p1`, `path-p2`
//! when they apply; in wall mode (`data-mode="wall"`) each groove crossing's
//! tap area has `data-crossing="e3"` (the anchor of the walls through it);
//! a cell's aria-label names the sides a placed wall closes;
//! placed walls have `data-placed="e3h"`, the previewed wall
//! `data-testid="ghost-wall"`, `data-ghost="e3h"` and `data-legal`, a hinted
//! wall `data-testid="hint-wall"` and `data-hint="e3h"`.

use super::geometry::{
    anchors, cell_centre, cell_origin, crossing_centre, crossing_tile, view_box, wall_rect, CELL, GRID, LABEL_MARGIN,
    PITCH,
};
use super::tap::{HadangInput, HadangTap, Selection};
use crate::games::keys::{activates, arrow, focus_if_lost, focus_in, with_states};
use crate::i18n::{key, tr, tr_args, Lang};
use crate::play::Table;
use dioxus::prelude::*;
use papan_rules::hadang::{Hadang, HadangMove, Square, Wall};
use papan_rules::{Seat, SeatView};

/// What the board marks besides pawns and walls.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HadangMarks {
    /// The pawn to move is picked up.
    pub pawn_selected: bool,
    /// Where it may step.
    pub targets: Vec<Square>,
    /// Choosing a wall: the board is tiled with groove crossings.
    pub wall_mode: bool,
    /// A wall previewed, waiting for Place.
    pub ghost: Option<Wall>,
    /// The rules would accept the previewed wall.
    pub ghost_legal: bool,
    pub hint: Option<HadangMove>,
    pub last: Option<HadangMove>,
    pub show_paths: bool,
    /// A person may tap now.
    pub live: bool,
    pub over: bool,
    /// Drawn from Player 2's side (turned half a circle), so each player
    /// sees their own pawn at the bottom. The labels stay upright.
    pub flipped: bool,
    /// Moves made so far (`data-ply`).
    pub ply: usize,
}

impl HadangMarks {
    /// The marks of `table` with the selection in `tap` and a hinted move.
    pub fn of(table: &Table<Hadang>, tap: &HadangTap, hint: Option<HadangMove>) -> HadangMarks {
        HadangMarks {
            pawn_selected: table.moving() && tap.selection() == Selection::Pawn,
            targets: tap.targets(table),
            wall_mode: tap.wall_mode() && table.moving(),
            ghost: tap.ghost_wall().filter(|_| table.moving()),
            ghost_legal: tap
                .ghost_wall()
                .is_some_and(|w| table.view.check(&HadangMove::Wall(w)).is_ok()),
            hint,
            last: table.last.map(|(_, mv)| mv),
            show_paths: tap.show_paths(),
            live: table.can_act,
            over: table.is_over(),
            flipped: table.bottom == Seat::Second,
            ply: table.ply,
        }
    }
}

/// The four sides of a cell as the board is drawn (north is the top of the
/// screen, where the Up arrow leads), in the order they are spoken: the
/// words "…, wall to the north".
pub const SIDES: [&str; 4] = [
    key("hadang-wall-north"),
    key("hadang-wall-east"),
    key("hadang-wall-south"),
    key("hadang-wall-west"),
];

/// One cell as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardCell {
    pub square: Square,
    pub name: String,
    pub class: String,
    pub origin: (f64, f64),
    /// A placed wall on this side, in [`SIDES`] order (as drawn).
    pub walled: [bool; 4],
}

/// What a screen reader says for a cell: its name, who stands there, the
/// sides a wall closes (as drawn: "wall to the north" is above it on the
/// screen), and whether the pawn may step there ("e2, Player 1's pawn, wall
/// to the east, last move").
pub fn spoken_cell(lang: Lang, cell: &BoardCell) -> String {
    let has = |c: &str| cell.class.split_whitespace().any(|k| k == c);
    let text = if has("pawn-p1") {
        tr_args(
            lang,
            "hadang-cell-pawn",
            &[("cell", cell.name.clone()), ("who", tr(lang, "player-1"))],
        )
    } else if has("pawn-p2") {
        tr_args(
            lang,
            "hadang-cell-pawn",
            &[("cell", cell.name.clone()), ("who", tr(lang, "player-2"))],
        )
    } else {
        tr_args(lang, "cell-empty", &[("cell", cell.name.clone())])
    };
    let text = SIDES
        .iter()
        .zip(cell.walled)
        .filter(|(_, walled)| *walled)
        .fold(text, |name, (side, _)| tr_args(lang, side, &[("name", name)]));
    with_states(lang, text, false, has("target"), has("last"))
}

/// The square an arrow key leads to from `from`, as the board is drawn:
/// Up is towards the top of the screen, which is rank 9 unless the board
/// is turned for Player 2. Stays on the board.
pub fn arrow_step(from: Square, key: &Key, flipped: bool) -> Option<Square> {
    let (right, up) = arrow(key)?;
    let (df, dr) = if flipped { (-right, -up) } else { (right, up) };
    let file = (from.file() as i8 + df).clamp(0, 8) as u8;
    let rank = (from.rank() as i8 + dr).clamp(0, 8) as u8;
    Square::new(file, rank)
}

/// The position the route aid is drawn on: after the previewed wall when
/// the rules accept it (so the board shows the detour the wall forces, as
/// the strips count it), else the position itself.
fn routes_on(position: &Hadang, marks: &HadangMarks) -> Hadang {
    marks
        .ghost
        .filter(|_| marks.ghost_legal)
        .and_then(|wall| position.after(&HadangMove::Wall(wall)))
        .unwrap_or(*position)
}

/// The seat's short class name: `p1` moves up from e1, `p2` down from e9.
pub fn seat_class(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "p1",
        Seat::Second => "p2",
    }
}

/// The sides of each cell (by [`Square::index`]) that placed walls close, in
/// [`SIDES`] order as drawn (turned half a circle when `flipped`).
fn walled_sides(position: &Hadang, flipped: bool) -> Vec<[bool; 4]> {
    let mut out = vec![[false; 4]; 81];
    let (north, east, south, west) = if flipped { (2, 3, 0, 1) } else { (0, 1, 2, 3) };
    for placed in position.walls_placed() {
        for (a, b) in placed.wall.separates() {
            // `b` is above `a` (a horizontal wall) or right of it (vertical).
            let (a_side, b_side) = if b.rank() > a.rank() {
                (north, south)
            } else {
                (east, west)
            };
            out[a.index()][a_side] = true;
            out[b.index()][b_side] = true;
        }
    }
    out
}

/// Every cell with its classes, `a1` … `i9`.
pub fn board_cells(position: &Hadang, marks: &HadangMarks) -> Vec<BoardCell> {
    let walled = walled_sides(position, marks.flipped);
    let last = match marks.last {
        Some(HadangMove::Step(square)) => Some(square),
        _ => None,
    };
    let hint = match marks.hint {
        Some(HadangMove::Step(square)) => Some(square),
        _ => None,
    };
    let paths: Vec<(Seat, Vec<Square>)> = if marks.show_paths && !marks.over {
        let routes = routes_on(position, marks);
        Seat::BOTH.iter().map(|&s| (s, routes.shortest_path(s))).collect()
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
            for (on, name) in [
                (marks.targets.contains(&square), " target"),
                (last == Some(square), " last"),
                (hint == Some(square), " hint"),
            ] {
                if on {
                    class.push_str(name);
                }
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
                walled: walled[square.index()],
            }
        })
        .collect()
}

#[component]
pub fn HadangBoard(view: Hadang, marks: HadangMarks, lang: Lang, on_input: EventHandler<HadangInput>) -> Element {
    let mut last_pointer = use_signal(|| String::from("none"));
    let flipped = marks.flipped;
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
    let status = if marks.over { "over" } else { "playing" };
    let turn = if marks.live && !marks.over { "human" } else { "wait" };
    let cells = board_cells(&view, &marks);
    let position = view;
    let placed = position.walls_placed();
    let last_wall = match marks.last {
        Some(HadangMove::Wall(wall)) => Some(wall),
        _ => None,
    };
    let hint_wall = match marks.hint {
        Some(HadangMove::Wall(wall)) => Some(wall),
        _ => None,
    };
    let mover = position.side_to_move();
    let selected = marks.pawn_selected;
    let ghost = marks.ghost;
    let ghost_class = seat_class(mover);
    let live = marks.live && !marks.over;
    // In wall mode the crossings take every tap on the board.
    let crossings: Vec<Square> = if live && marks.wall_mode {
        anchors().collect()
    } else {
        Vec::new()
    };
    let mode = if crossings.is_empty() { "play" } else { "wall" };
    let ghost_state = if marks.ghost_legal { "legal" } else { "refused" };
    let paths_on = marks.show_paths && !marks.over;
    // (key, class, cx, cy): Player 1's dots left of centre, Player 2's right.
    let mut path_dots: Vec<(String, String, f64, f64)> = Vec::new();
    if paths_on {
        let routes = routes_on(&position, &marks);
        for seat in Seat::BOTH {
            let shift = if seat == Seat::First { -7.0 } else { 7.0 };
            for square in routes.shortest_path(seat) {
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
    let files = "abcdefghi";
    // The keyboard's cell and crossing: where focus was last in this position,
    // else the pawn to move and the previewed wall (one tab stop each, arrows
    // for the rest). A move starts the next player at their own pawn.
    let ply = marks.ply;
    let mut key_cell = use_signal(|| None::<(usize, Square)>);
    let mut key_anchor = use_signal(|| None::<(usize, Square)>);
    let now = |seen: Option<(usize, Square)>| seen.filter(|(at, _)| *at == ply).map(|(_, square)| square);
    let focused_cell = now(key_cell()).unwrap_or(position.pawn(mover));
    let centre_anchor = Square::new(4, 4).unwrap_or(position.pawn(mover));
    let focused_anchor = now(key_anchor()).or(ghost.map(|w| w.anchor())).unwrap_or(centre_anchor);
    let wall_keys = !crossings.is_empty();
    // Wall, Place and Cancel are buttons that go away when pressed: focus
    // comes to the board's tab stop (a crossing, or the cell) instead of
    // falling to the page. Only on a change of mode, never on opening.
    let mut mode_seen = use_signal(|| wall_keys);
    use_effect(use_reactive!(|wall_keys| {
        if *mode_seen.peek() != wall_keys {
            mode_seen.set(wall_keys);
            let stop = if wall_keys {
                "[data-crossing][tabindex=\"0\"]"
            } else {
                "[data-cell][tabindex=\"0\"]"
            };
            focus_if_lost("hadang-board", stop);
        }
    }));
    rsx! {
        svg {
            class: "hadang-board {status} mode-{mode}",
            view_box: "{vx} {vy} {vw} {vh}",
            role: "group",
            "aria-label": tr(lang, "hadang-board-label"),
            "data-testid": "hadang-board",
            "data-status": "{status}",
            "data-turn": "{turn}",
            "data-ply": "{marks.ply}",
            "data-last-pointer": "{last_pointer}",
            "data-flipped": "{flipped}",
            "data-mode": "{mode}",
            onpointerdown: move |e: PointerEvent| last_pointer.set(e.data().pointer_type()),
            onkeydown: move |e: KeyboardEvent| {
                let key = e.key();
                let activate = activates(&key);
                if wall_keys {
                    if activate {
                        e.prevent_default();
                        on_input.call(HadangInput::Crossing(focused_anchor));
                    } else if let Some(next) = arrow_step(focused_anchor, &key, flipped).filter(|s| s.file() < 8 && s.rank() < 8) {
                        e.prevent_default();
                        key_anchor.set(Some((ply, next)));
                        focus_in("hadang-board", &format!("[data-crossing=\"{next}\"]"));
                    }
                } else if activate {
                    e.prevent_default();
                    on_input.call(HadangInput::Cell(focused_cell));
                } else if let Some(next) = arrow_step(focused_cell, &key, flipped) {
                    e.prevent_default();
                    key_cell.set(Some((ply, next)));
                    focus_in("hadang-board", &format!("[data-cell=\"{next}\"]"));
                }
            },
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
                            role: "button",
                            "aria-label": spoken_cell(lang, bc),
                            tabindex: if !wall_keys && bc.square == focused_cell { "0" } else { "-1" },
                            onclick: {
                                let square = bc.square;
                                move |_| on_input.call(HadangInput::Cell(square))
                            },
                            onfocus: {
                                let square = bc.square;
                                move |_| if *key_cell.peek() != Some((ply, square)) { key_cell.set(Some((ply, square))) }
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
                            let sel = if selected && mover == seat { " selected" } else { "" };
                            rsx! {
                                circle {
                                    key: "pawn-{seat_class(seat)}",
                                    class: "pawn pawn-{seat_class(seat)}{sel}",
                                    cx: "{cx}", cy: "{cy}", r: "13",
                                    "data-pawn": "{seat_class(seat)}",
                                    "data-at": "{position.pawn(seat)}",
                                    onclick: move |_| on_input.call(HadangInput::Cell(position.pawn(seat))),
                                }
                            }
                        }
                    }
                }
                if !crossings.is_empty() {
                    g { class: "hb-crossings",
                        for anchor in crossings.iter() {
                            {
                                let (x, y, w, h) = crossing_tile(*anchor);
                                let (cx, cy) = crossing_centre(*anchor);
                                let anchor = *anchor;
                                rsx! {
                                    g {
                                        key: "x-{anchor}",
                                        class: "crossing",
                                        "data-crossing": "{anchor}",
                                        role: "button",
                                        "aria-label": tr_args(lang, "hadang-crossing", &[("cell", anchor.to_string())]),
                                        tabindex: if anchor == focused_anchor { "0" } else { "-1" },
                                        onclick: move |_| on_input.call(HadangInput::Crossing(anchor)),
                                        onfocus: move |_| if *key_anchor.peek() != Some((ply, anchor)) { key_anchor.set(Some((ply, anchor))) },
                                        rect { class: "crossing-hit", x: "{x}", y: "{y}", width: "{w}", height: "{h}" }
                                        circle { class: "crossing-dot", cx: "{cx}", cy: "{cy}", r: "3.5" }
                                    }
                                }
                            }
                        }
                    }
                }
                // A hinted wall lies in its groove like a preview; a tap
                // anywhere along it (its middle included) means that wall.
                if let Some(wall) = hint_wall.filter(|w| Some(*w) != ghost) {
                    {
                        let (x, y, w, h) = wall_rect(wall);
                        let pad = 8.0;
                        rsx! {
                            g { class: "hint-wall wall-{ghost_class}",
                                "data-testid": "hint-wall",
                                "data-hint": "{wall}",
                                onclick: move |_| if live { on_input.call(HadangInput::Wall(wall)) },
                                rect { class: "ghost-hit", x: "{x - pad}", y: "{y - pad}", width: "{w + 2.0 * pad}", height: "{h + 2.0 * pad}" }
                                rect { class: "hint-bar", x: "{x}", y: "{y}", width: "{w}", height: "{h}", rx: "3" }
                            }
                        }
                    }
                }
                if let Some(wall) = ghost {
                    {
                        let (x, y, w, h) = wall_rect(wall);
                        let pad = 8.0;
                        rsx! {
                            g { class: "ghost-wall wall-{ghost_class} {ghost_state}",
                                "data-testid": "ghost-wall",
                                "data-ghost": "{wall}",
                                "data-legal": "{marks.ghost_legal}",
                                onclick: move |_| on_input.call(HadangInput::Wall(wall)),
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
