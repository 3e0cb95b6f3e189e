//! The Jun Qi flip board as an SVG, drawn from a seat's view only.
//!
//! Files a–e are lettered under the board and ranks 1–12 numbered on its
//! left (J1), so a lesson can name a post.
//!
//! DOM contract (browser tests rely on it): the root `<svg data-testid=
//! "junqi-board">` carries `data-status` (`playing|over`), `data-turn`
//! (`human` when a person may tap, else `wait`), `data-ply` and
//! `data-last-pointer`; each post is a `<g data-post="c3">` whose class
//! holds one of `facedown`, `red`, `blue`, `empty`, plus `selected`,
//! `target`, `attack`, `movable`, `can-attack`, `last`, `hint` when they
//! apply. Revealed pieces carry one `.piece-label`; face-down ones carry none.

use super::names::{full_key, short_key};
use super::tap::JunQiTap;
use crate::games::keys::{activates, arrow, focus_in, with_states};
use crate::i18n::{tr, tr_args, Lang};
use crate::play::Table;
use dioxus::prelude::*;
use papan_rules::junqi::board::{rail_neighbours, road_neighbours, FILES, RANKS};
use papan_rules::junqi::{Colour, JunQi, JunQiAction, JunQiView, Post, Square};

/// Horizontal distance between files, in SVG units.
const DX: f64 = 72.0;
/// Vertical distance between ranks.
const DY: f64 = 50.0;
/// Extra space at the front line (between ranks 6 and 7) for the mountains.
const FRONT_GAP: f64 = 34.0;
const MARGIN_X: f64 = 36.0;
const MARGIN_Y: f64 = 28.0;
pub const WIDTH: f64 = MARGIN_X * 2.0 + DX * (FILES as f64 - 1.0);
pub const HEIGHT: f64 = MARGIN_Y * 2.0 + DY * (RANKS as f64 - 1.0) + FRONT_GAP;
/// Room for the rank numbers on the left and the file letters below.
const LABEL_X: f64 = 20.0;
const LABEL_Y: f64 = 18.0;
const TILE_W: f64 = 58.0;
const TILE_H: f64 = 34.0;

/// Centre of `square` on the board: rank 12 at the top, a-file on the left.
pub fn centre(square: Square) -> (f64, f64) {
    let x = MARGIN_X + DX * square.file() as f64;
    let from_top = (RANKS - 1 - square.rank()) as f64;
    let gap = if square.in_bottom_half() { FRONT_GAP } else { 0.0 };
    (x, MARGIN_Y + DY * from_top + gap)
}

/// One post as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct PostView {
    pub square: Square,
    pub name: String,
    pub class: String,
    pub centre: (f64, f64),
    /// The label key of a revealed piece (never set for a face-down one).
    pub label: Option<&'static str>,
    pub camp: bool,
    pub headquarters: bool,
    pub target: bool,
    pub attack: bool,
}

/// What the board marks besides the pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JunQiMarks {
    pub selected: Option<Square>,
    pub targets: Vec<Square>,
    pub movable: Vec<Square>,
    /// The posts of a hinted action (a reveal's post, a move's start and end).
    pub hint: Vec<Square>,
    /// A person may tap now.
    pub live: bool,
    pub over: bool,
}

impl JunQiMarks {
    /// The marks of `table` with the pick in `tap` and a hinted action.
    pub fn of(table: &Table<JunQi>, tap: &JunQiTap, hint: Option<&JunQiAction>) -> JunQiMarks {
        JunQiMarks {
            selected: tap.selected().filter(|_| table.moving()),
            targets: tap.targets(table),
            movable: tap.movable(table),
            hint: match hint {
                Some(JunQiAction::Reveal(post)) => vec![*post],
                Some(JunQiAction::Move { from, to }) => vec![*from, *to],
                None => Vec::new(),
            },
            live: table.can_act,
            over: table.is_over(),
        }
    }
}

/// Everything the board shows, from the view and the marks.
pub fn board_posts(view: &JunQiView, marks: &JunQiMarks) -> Vec<PostView> {
    let (selected, targets, movable) = (marks.selected, &marks.targets, &marks.movable);
    let (last_from, last_to) = match view.last_action().map(|l| l.action) {
        Some(JunQiAction::Reveal(s)) => (None, Some(s)),
        Some(JunQiAction::Move { from, to }) => (Some(from), Some(to)),
        None => (None, None),
    };
    // Movable pieces that can attack now (a hint, and a hook for tests).
    let attackers: Vec<Square> = if movable.is_empty() {
        Vec::new()
    } else {
        view.legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                JunQiAction::Move { from, to } if view.post(to) != Post::Empty => Some(from),
                _ => None,
            })
            .collect()
    };
    Square::all()
        .map(|square| {
            let post = view.post(square);
            let mut class = String::from("post ");
            let label = match post {
                Post::Empty => {
                    class.push_str("empty");
                    None
                }
                Post::FaceDown => {
                    class.push_str("facedown");
                    None
                }
                Post::Revealed { colour, piece } => {
                    class.push_str(match colour {
                        Colour::Red => "red",
                        Colour::Blue => "blue",
                    });
                    Some(short_key(piece))
                }
            };
            let target = targets.contains(&square);
            let attack = target && post != Post::Empty;
            for (on, name) in [
                (selected == Some(square), " selected"),
                (target, " target"),
                (attack, " attack"),
                (movable.contains(&square), " movable"),
                (attackers.contains(&square), " can-attack"),
                (last_to == Some(square), " last last-to"),
                (last_from == Some(square), " last-from"),
                (marks.hint.contains(&square), " hint"),
                (square.is_camp(), " camp"),
                (square.is_headquarters(), " hq"),
            ] {
                if on {
                    class.push_str(name);
                }
            }
            PostView {
                square,
                name: square.to_string(),
                class,
                centre: centre(square),
                label,
                camp: square.is_camp(),
                headquarters: square.is_headquarters(),
                target,
                attack,
            }
        })
        .collect()
}

/// What a screen reader says for a post: its name, what stands there and
/// its state ("c3, Blue Brigadier, you can move here").
pub fn spoken_post(lang: Lang, view: &JunQiView, p: &PostView) -> String {
    let cell = p.name.clone();
    let text = match view.post(p.square) {
        Post::Empty => tr_args(lang, "cell-empty", &[("cell", cell)]),
        Post::FaceDown => tr_args(lang, "junqi-post-facedown", &[("cell", cell)]),
        Post::Revealed { colour, piece } => {
            let colour = match colour {
                Colour::Red => tr(lang, "junqi-colour-red"),
                Colour::Blue => tr(lang, "junqi-colour-blue"),
            };
            tr_args(
                lang,
                "junqi-post-piece",
                &[("cell", cell), ("colour", colour), ("piece", tr(lang, full_key(piece)))],
            )
        }
    };
    let has = |c: &str| p.class.split_whitespace().any(|k| k == c);
    with_states(lang, text, has("selected"), p.target, has("last-to"))
}

/// The post an arrow key leads to from `from` (rank 12 at the top), staying
/// on the board.
pub fn arrow_step(from: Square, key: &Key) -> Option<Square> {
    let (df, dr) = arrow(key)?;
    let file = (from.file() as i8 + df).clamp(0, FILES as i8 - 1) as u8;
    let rank = (from.rank() as i8 + dr).clamp(0, RANKS as i8 - 1) as u8;
    Square::new(file, rank)
}

/// Every road and railway segment once, as (from, to, is_rail).
fn segments() -> Vec<(Square, Square, bool)> {
    let mut out = Vec::new();
    for a in Square::all() {
        for b in rail_neighbours(a).iter().filter(|b| *b > a) {
            out.push((a, b, true));
        }
        for b in road_neighbours(a).iter().filter(|b| *b > a) {
            if !rail_neighbours(a).contains(b) {
                out.push((a, b, false));
            }
        }
    }
    out
}

/// A mountain glyph centred at (x, y): two peaks.
fn mountain_points(x: f64, y: f64) -> [String; 2] {
    [
        format!(
            "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            x - 22.0,
            y + 10.0,
            x - 6.0,
            y - 11.0,
            x + 10.0,
            y + 10.0
        ),
        format!(
            "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            x - 4.0,
            y + 10.0,
            x + 9.0,
            y - 6.0,
            x + 22.0,
            y + 10.0
        ),
    ]
}

#[allow(clippy::expect_used, reason = "posts of the fixed board drawing")]
#[component]
pub fn JunQiBoard(view: JunQiView, marks: JunQiMarks, lang: Lang, on_tap: EventHandler<Square>) -> Element {
    let mut last_pointer = use_signal(|| String::from("none"));
    let status = if marks.over { "over" } else { "playing" };
    let turn = if marks.live && !marks.over { "human" } else { "wait" };
    let posts = board_posts(&view, &marks);
    let lines = segments();
    let front_y = centre("a7".parse().expect("a7")).1 + (DY + FRONT_GAP) / 2.0;
    let mountains: Vec<[String; 2]> = ["b6", "d6"]
        .iter()
        .map(|n| {
            let x = centre(n.parse().expect("a post")).0;
            mountain_points(x, front_y)
        })
        .collect();
    let label = tr(lang, "junqi-board-label");
    // The keyboard's post: where focus was last in this position, else the
    // selection, else a piece that may act, else the middle.
    let ply = view.plies();
    let mut key_post = use_signal(|| None::<(u32, Square)>);
    let focused = key_post()
        .filter(|(at, _)| *at == ply)
        .map(|(_, square)| square)
        .or(marks.selected)
        .or(marks.movable.first().copied())
        .or_else(|| {
            posts
                .iter()
                .find(|p| p.class.starts_with("post facedown"))
                .map(|p| p.square)
        })
        .unwrap_or(posts[0].square);
    rsx! {
        svg {
            class: "junqi-board {status}",
            view_box: "{-LABEL_X} 0 {WIDTH + LABEL_X} {HEIGHT + LABEL_Y}",
            role: "group",
            "aria-label": "{label}",
            "data-testid": "junqi-board",
            "data-status": "{status}",
            "data-turn": "{turn}",
            "data-last-pointer": "{last_pointer}",
            "data-ply": "{view.plies()}",
            onpointerdown: move |e: PointerEvent| last_pointer.set(e.data().pointer_type()),
            onkeydown: move |e: KeyboardEvent| {
                let key = e.key();
                if activates(&key) {
                    e.prevent_default();
                    on_tap.call(focused);
                } else if let Some(next) = arrow_step(focused, &key) {
                    e.prevent_default();
                    key_post.set(Some((ply, next)));
                    focus_in("junqi-board", &format!("[data-post=\"{next}\"]"));
                }
            },
            rect { class: "jq-ground", x: "0", y: "0", width: "{WIDTH}", height: "{HEIGHT}", rx: "14" }
            g { class: "jq-coords", "aria-hidden": "true",
                for file in 0..FILES {
                    text {
                        key: "f{file}",
                        x: "{MARGIN_X + DX * file as f64:.1}",
                        y: "{HEIGHT + LABEL_Y / 2.0:.1}",
                        "text-anchor": "middle",
                        "dominant-baseline": "central",
                        "{(b'a' + file as u8) as char}"
                    }
                }
                for rank in 0..RANKS {
                    {
                        let y = centre(Square::new(0, rank).expect("a post")).1;
                        rsx! {
                            text { key: "r{rank}", x: "{-LABEL_X / 2.0:.1}", y: "{y:.1}", "text-anchor": "middle", "dominant-baseline": "central", "{rank + 1}" }
                        }
                    }
                }
            }
            rect {
                class: "jq-front",
                x: "0",
                y: "{front_y - FRONT_GAP / 2.0:.1}",
                width: "{WIDTH}",
                height: "{FRONT_GAP:.1}",
            }
            g { class: "jq-roads",
                for (a, b, _) in lines.iter().filter(|l| !l.2) {
                    line {
                        key: "road-{a}-{b}",
                        class: "jq-road",
                        x1: "{centre(*a).0:.1}", y1: "{centre(*a).1:.1}",
                        x2: "{centre(*b).0:.1}", y2: "{centre(*b).1:.1}",
                    }
                }
            }
            // A railway is a thick line with a thin ground-coloured line on
            // top: two rails, drawn distinctly from the roads.
            g { class: "jq-rails",
                for (a, b, _) in lines.iter().filter(|l| l.2) {
                    line {
                        key: "rail-{a}-{b}",
                        class: "jq-rail",
                        x1: "{centre(*a).0:.1}", y1: "{centre(*a).1:.1}",
                        x2: "{centre(*b).0:.1}", y2: "{centre(*b).1:.1}",
                    }
                }
                for (a, b, _) in lines.iter().filter(|l| l.2) {
                    line {
                        key: "rail-in-{a}-{b}",
                        class: "jq-rail-inner",
                        x1: "{centre(*a).0:.1}", y1: "{centre(*a).1:.1}",
                        x2: "{centre(*b).0:.1}", y2: "{centre(*b).1:.1}",
                    }
                }
            }
            g { class: "jq-mountains", "aria-hidden": "true",
                for (i, peaks) in mountains.iter().enumerate() {
                    polygon { key: "m{i}a", class: "jq-mountain", points: "{peaks[0]}" }
                    polygon { class: "jq-mountain far", points: "{peaks[1]}" }
                }
            }
            g { class: "jq-posts",
                for p in posts.iter() {
                    g {
                        key: "{p.name}",
                        class: "{p.class}",
                        "data-post": "{p.name}",
                        role: "button",
                        "aria-label": spoken_post(lang, &view, p),
                        tabindex: if p.square == focused { "0" } else { "-1" },
                        onclick: {
                            let square = p.square;
                            move |_| on_tap.call(square)
                        },
                        onfocus: {
                            let square = p.square;
                            move |_| if *key_post.peek() != Some((ply, square)) { key_post.set(Some((ply, square))) }
                        },
                        rect {
                            class: "hit",
                            x: "{p.centre.0 - DX / 2.0:.1}",
                            y: "{p.centre.1 - DY / 2.0:.1}",
                            width: "{DX:.1}",
                            height: "{DY:.1}",
                        }
                        if p.camp {
                            circle { class: "jq-camp", cx: "{p.centre.0:.1}", cy: "{p.centre.1:.1}", r: "23" }
                        }
                        if p.headquarters {
                            rect {
                                class: "jq-hq",
                                x: "{p.centre.0 - 33.0:.1}",
                                y: "{p.centre.1 - 21.0:.1}",
                                width: "66",
                                height: "42",
                                rx: "14",
                            }
                        }
                        if !p.camp && !p.headquarters {
                            rect {
                                class: "jq-station",
                                x: "{p.centre.0 - 20.0:.1}",
                                y: "{p.centre.1 - 12.0:.1}",
                                width: "40",
                                height: "24",
                                rx: "4",
                            }
                        }
                        if !p.class.starts_with("post empty") {
                            rect {
                                class: "tile",
                                x: "{p.centre.0 - TILE_W / 2.0:.1}",
                                y: "{p.centre.1 - TILE_H / 2.0:.1}",
                                width: "{TILE_W:.1}",
                                height: "{TILE_H:.1}",
                                rx: "6",
                            }
                        }
                        if p.class.starts_with("post facedown") {
                            rect {
                                class: "back-mark",
                                x: "{p.centre.0 - 8.0:.1}",
                                y: "{p.centre.1 - 8.0:.1}",
                                width: "16",
                                height: "16",
                                rx: "2",
                                transform: "rotate(45 {p.centre.0:.1} {p.centre.1:.1})",
                            }
                        }
                        if let Some(label) = p.label {
                            PieceLabel { centre: p.centre, text: tr(lang, label) }
                        }
                        if p.target && !p.attack {
                            circle { class: "target-dot", cx: "{p.centre.0:.1}", cy: "{p.centre.1:.1}", r: "9" }
                        }
                        if p.attack {
                            rect {
                                class: "attack-ring",
                                x: "{p.centre.0 - TILE_W / 2.0 - 4.0:.1}",
                                y: "{p.centre.1 - TILE_H / 2.0 - 4.0:.1}",
                                width: "{TILE_W + 8.0:.1}",
                                height: "{TILE_H + 8.0:.1}",
                                rx: "9",
                            }
                        }
                    }
                }
            }
            title { {tr(lang, "junqi-board-label")} }
        }
    }
}

/// A revealed piece's name. Names longer than a tile holds at full size
/// ("Ranjau", "Bomba") are squeezed to the tile's width, never spilled.
#[component]
fn PieceLabel(centre: (f64, f64), text: String) -> Element {
    const FITS_CHARS: usize = 4;
    let squeeze = (text.chars().count() > FITS_CHARS).then(|| format!("{:.1}", TILE_W - 8.0));
    rsx! {
        text {
            class: "piece-label",
            x: "{centre.0:.1}",
            y: "{centre.1 + 1.0:.1}",
            "textLength": squeeze.clone(),
            "lengthAdjust": squeeze.as_ref().map(|_| "spacingAndGlyphs"),
            {text}
        }
    }
}
