//! Lesson boards: draw a lesson position and turn taps into a move in the
//! game's notation (`on_move`), which the screen hands to
//! `LessonPlayer::try_move`. They never judge a move: papan-rules does,
//! through the player, and its refusal is the lesson's feedback.
//!
//! DOM contract for tests: every tappable spot has `data-cell` (or
//! `data-point` in backgammon) and the class `hinted` while a first-stage
//! hint lights it up.

use crate::components::hadang::geometry::{cell_centre, cell_origin, hit_rect, view_box as hadang_view_box, wall_rect};
use crate::components::hadang::geometry::{CELL, GRID};
use crate::components::hex_geometry::{centre, edge_triangles, hexagon, points, view_box, RADIUS};
use crate::components::junqi::names::short_key;
use crate::i18n::{tr, Lang};
use dioxus::prelude::*;
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::{Hadang, Square as HadangSquare, Wall};
use papan_rules::hex::{Cell, Colour, Hex, HexMove};
use papan_rules::junqi::{JunQi, Post, Square as JunQiSquare};
use papan_rules::{Game, Seat};

/// An SVG rectangle: x, y, width, height.
type Rect = (f64, f64, f64, f64);
/// A drawn wall or groove: its notation, its classes and its rectangle.
type WallSpot = (String, String, Rect);

fn hinted(highlight: &[String], name: &str) -> &'static str {
    if highlight.iter().any(|h| h == name) {
        " hinted"
    } else {
        ""
    }
}

/// Hex: tap an empty cell to place; a Swap button when swapping is legal.
#[component]
pub fn HexLessonBoard(position: Hex, highlight: Vec<String>, lang: Lang, on_move: EventHandler<String>) -> Element {
    let n = position.size();
    let (x, y, w, h) = view_box(n);
    let last = match position.last_move() {
        Some(HexMove::Place(cell)) => Some(cell),
        _ => None,
    };
    let mut cells = Vec::new();
    for row in 0..n {
        for col in 0..n {
            let cell = Cell::new(col, row);
            let name = cell.to_string();
            let stone = match position.stone(cell) {
                Some(Colour::Red) => "red",
                Some(Colour::Blue) => "blue",
                None => "empty",
            };
            let mark = if last == Some(cell) { " last" } else { "" };
            let class = format!("cell {stone}{mark}{}", hinted(&highlight, &name));
            cells.push((name, class, points(&hexagon(centre(col, row), RADIUS))));
        }
    }
    let triangles = edge_triangles(n);
    let can_swap = position.legal_moves().contains(&HexMove::Swap);
    rsx! {
        svg {
            class: "hex-board lesson-board playing",
            view_box: "{x:.1} {y:.1} {w:.1} {h:.1}",
            "data-testid": "lesson-board",
            "data-game": "hex",
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
                    polygon { key: "{i}", class: if *red { "edge edge-red" } else { "edge edge-blue" }, points: points(tri) }
                }
            }
            g { class: "cells",
                for (name, class, pts) in cells {
                    polygon {
                        key: "{name}",
                        class: "{class}",
                        points: "{pts}",
                        "data-cell": "{name}",
                        onclick: {
                            let name = name.clone();
                            move |_| on_move.call(name.clone())
                        },
                    }
                }
            }
        }
        if can_swap {
            button {
                class: "btn lesson-action",
                "data-testid": "lesson-swap",
                "data-cell": "swap",
                onclick: move |_| on_move.call("swap".to_string()),
                {tr(lang, "tutorial-swap")}
            }
        }
    }
}

/// HADANG: tap a cell to step there, a groove to place a wall.
#[component]
pub fn HadangLessonBoard(position: Hadang, highlight: Vec<String>, on_move: EventHandler<String>) -> Element {
    let (vx, vy, vw, vh) = hadang_view_box();
    let pawns = [position.pawn(Seat::First), position.pawn(Seat::Second)];
    let cells: Vec<(String, String, (f64, f64))> = HadangSquare::all()
        .map(|square| {
            let name = square.to_string();
            let class = format!("cell{}", hinted(&highlight, &name));
            (name, class, cell_origin(square))
        })
        .collect();
    let walls: Vec<WallSpot> = position
        .walls_placed()
        .iter()
        .map(|placed| {
            let who = if placed.by == Seat::First { "p1" } else { "p2" };
            (
                placed.wall.to_string(),
                format!("wall wall-{who}"),
                wall_rect(placed.wall),
            )
        })
        .collect();
    let grooves: Vec<WallSpot> = Wall::all()
        .map(|wall| {
            let name = wall.to_string();
            // A first-stage hint lights the wall's anchor cell, not its groove.
            (name, "lesson-groove".to_string(), hit_rect(wall))
        })
        .collect();
    rsx! {
        svg {
            class: "hadang-board lesson-board playing",
            view_box: "{vx} {vy} {vw} {vh}",
            "data-testid": "lesson-board",
            "data-game": "hadang",
            rect { class: "hb-frame", x: "-6", y: "-6", width: "{GRID + 12.0}", height: "{GRID + 12.0}", rx: "10" }
            g { class: "hb-cells",
                for (name, class, (ox, oy)) in cells {
                    rect {
                        key: "{name}",
                        class: "{class}",
                        x: "{ox}", y: "{oy}", width: "{CELL}", height: "{CELL}", rx: "5",
                        "data-cell": "{name}",
                        onclick: {
                            let name = name.clone();
                            move |_| on_move.call(name.clone())
                        },
                    }
                }
            }
            for (i, square) in pawns.iter().enumerate() {
                circle {
                    key: "pawn{i}",
                    class: if i == 0 { "pawn pawn-p1" } else { "pawn pawn-p2" },
                    cx: "{cell_centre(*square).0}", cy: "{cell_centre(*square).1}", r: "14",
                    "pointer-events": "none",
                }
            }
            g { class: "hb-walls",
                for (name, class, (wx, wy, ww, wh)) in walls {
                    rect { key: "w{name}", class: "{class}", x: "{wx}", y: "{wy}", width: "{ww}", height: "{wh}", rx: "3", "data-wall": "{name}" }
                }
            }
            g { class: "lesson-grooves",
                for (name, class, (gx, gy, gw, gh)) in grooves {
                    rect {
                        key: "g{name}",
                        class: "{class}",
                        x: "{gx}", y: "{gy}", width: "{gw}", height: "{gh}",
                        "data-groove": "{name}",
                        onclick: {
                            let name = name.clone();
                            move |_| on_move.call(name.clone())
                        },
                    }
                }
            }
        }
    }
}

/// File (0–4) and rank (1–12) of a Jun Qi square from its name (`c12`).
fn junqi_coords(name: &str) -> (usize, usize) {
    let file = name.as_bytes().first().map_or(0, |b| (b - b'a') as usize);
    let rank = name[1..].parse().unwrap_or(1);
    (file, rank)
}

/// Jun Qi: tap a face-down piece to reveal it; tap one of yours, then
/// where it goes.
#[component]
pub fn JunQiLessonBoard(position: JunQi, highlight: Vec<String>, lang: Lang, on_move: EventHandler<String>) -> Element {
    let mut selected = use_signal(|| None::<String>);
    let mine = position.seat_to_move().and_then(|seat| position.colour_of(seat));
    let spots: Vec<(String, String, String, String, bool)> = JunQiSquare::all()
        .map(|square| {
            let name = square.to_string();
            let (file, rank) = junqi_coords(&name);
            let (class, label, own) = match position.post(square) {
                Post::Empty => ("empty".to_string(), String::new(), false),
                Post::FaceDown => ("facedown".to_string(), "?".to_string(), false),
                Post::Revealed { colour, piece } => (
                    format!("piece colour-{}", colour.letter().to_ascii_lowercase()),
                    tr(lang, short_key(piece)),
                    Some(colour) == mine,
                ),
            };
            let camp = if square.is_camp() { " camp" } else { "" };
            let sel = if selected().as_deref() == Some(name.as_str()) {
                " selected"
            } else {
                ""
            };
            let style = format!("grid-column:{};grid-row:{}", file + 1, 13 - rank);
            (
                name.clone(),
                format!("jq-spot {class}{camp}{sel}{}", hinted(&highlight, &name)),
                label,
                style,
                own,
            )
        })
        .collect();
    rsx! {
        div { class: "junqi-lesson-board lesson-board", "data-testid": "lesson-board", "data-game": "junqi",
            for (name, class, label, style, own) in spots {
                button {
                    key: "{name}",
                    class: "{class}",
                    style: "{style}",
                    "data-cell": "{name}",
                    onclick: {
                        let name = name.clone();
                        let facedown = class.contains("facedown");
                        move |_| {
                            let current = selected();
                            match current {
                                Some(from) if from == name => selected.set(None),
                                Some(_) if own => selected.set(Some(name.clone())),
                                Some(from) => {
                                    selected.set(None);
                                    on_move.call(format!("{from}-{name}"));
                                }
                                None if facedown => on_move.call(format!("flip {name}")),
                                None if own => selected.set(Some(name.clone())),
                                None => {}
                            }
                        }
                    },
                    "{label}"
                }
            }
        }
    }
}

/// Backgammon: tap a point (or the bar) a checker leaves, then the point it
/// lands on (or Off); Play sends the legs, Clear forgets them. Points are
/// numbered from the side to move.
#[component]
pub fn BackgammonLessonBoard(
    position: Backgammon,
    highlight: Vec<String>,
    lang: Lang,
    on_move: EventHandler<String>,
) -> Element {
    let mut from = use_signal(|| None::<String>);
    let mut legs = use_signal(Vec::<String>::new);
    let board = *position.board();
    let spot = |p: u8| {
        let n = board.at(p as usize);
        let name = p.to_string();
        let side = if n > 0 {
            " mine"
        } else if n < 0 {
            " theirs"
        } else {
            ""
        };
        let sel = if from().as_deref() == Some(name.as_str()) {
            " selected"
        } else {
            ""
        };
        (
            name.clone(),
            format!("bg-spot{side}{sel}{}", hinted(&highlight, &name)),
            n.unsigned_abs(),
        )
    };
    let top: Vec<_> = (13..=24u8).map(spot).collect();
    let bottom: Vec<_> = (1..=12u8).rev().map(spot).collect();
    let dice = position
        .dice()
        .map(|d| format!("{} · {}", d.high, d.low))
        .unwrap_or_default();
    let bar_class = format!("bg-spot bar{}", hinted(&highlight, "bar"));
    let (my_bar, their_bar, my_off) = (board.my_bar(), board.their_bar(), board.my_off());
    let mut tap = move |name: String| match from() {
        None => from.set(Some(name)),
        Some(f) if f == name => from.set(None),
        Some(f) => {
            legs.write().push(format!("{f}/{name}"));
            from.set(None);
        }
    };
    let pending = legs.read().join(" ");
    rsx! {
        div { class: "bg-lesson-board lesson-board", "data-testid": "lesson-board", "data-game": "backgammon",
            div { class: "bg-row",
                for (name, class, count) in top {
                    button { key: "{name}", class: "{class}", "data-point": "{name}", onclick: { let name = name.clone(); move |_| tap(name.clone()) },
                        span { class: "bg-num", "{name}" }
                        if count > 0 { span { class: "bg-count", "{count}" } }
                    }
                }
            }
            div { class: "bg-middle",
                button { class: "{bar_class}", "data-point": "bar", onclick: move |_| tap("bar".to_string()),
                    "{tr(lang, \"tutorial-bar\")} {my_bar}·{their_bar}"
                }
                span { class: "bg-dice", "data-testid": "lesson-dice", "{dice}" }
                button { class: "bg-spot off", "data-point": "off", onclick: move |_| tap("off".to_string()),
                    "{tr(lang, \"tutorial-off\")} {my_off}"
                }
            }
            div { class: "bg-row",
                for (name, class, count) in bottom {
                    button { key: "{name}", class: "{class}", "data-point": "{name}", onclick: { let name = name.clone(); move |_| tap(name.clone()) },
                        span { class: "bg-num", "{name}" }
                        if count > 0 { span { class: "bg-count", "{count}" } }
                    }
                }
            }
            div { class: "bg-legs",
                span { class: "bg-pending", "data-testid": "lesson-legs", "{pending}" }
                button { class: "btn", "data-testid": "lesson-clear",
                    onclick: move |_| { legs.write().clear(); from.set(None); },
                    {tr(lang, "tutorial-clear")}
                }
                button { class: "btn btn-primary", "data-testid": "lesson-play",
                    onclick: move |_| {
                        let text = if legs.read().is_empty() { "pass".to_string() } else { legs.read().join(" ") };
                        legs.write().clear();
                        from.set(None);
                        on_move.call(text);
                    },
                    {tr(lang, "tutorial-play-move")}
                }
            }
        }
    }
}
