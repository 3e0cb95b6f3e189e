//! The backgammon board as an SVG, from the local player's side: their home
//! board bottom right, points 1–24 running right to left along the bottom and
//! back along the top, the bar in the middle and the bear-off tray on the
//! right. Dice sit in the middle of the board.
//!
//! DOM contract (browser tests rely on it): the root `<svg data-testid=
//! "backgammon-board">` carries `data-status` (`playing` / `over`),
//! `data-turn` (`human` / `bot`) and `data-phase` (`roll`, `move`, `pass`,
//! `wait`, `over`); each point is `data-point="1..24"` (local numbering) with
//! classes `movable`, `selected`, `target` when they apply; `data-testid="bar"`
//! and `data-testid="off"` are the bar and the tray; dice carry `data-die`
//! and the class `used` once played.

use super::geometry::{checker_slots, column_x, point_is_top, Layout};
use crate::controllers::backgammon::{BackgammonController, Spot};
use crate::i18n::{tr, tr_args, Lang};
use dioxus::prelude::*;
use papan_rules::Seat;

/// Checkers drawn on one stack before the rest are shown as a number.
pub const STACK_SHOWN: u8 = 5;

/// One point as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct PointView {
    pub point: u8,
    /// Local player's checkers positive, the opponent's negative.
    pub count: i8,
    pub class: String,
}

/// The points with their state classes (1–24, local numbering).
pub fn point_views(game: &BackgammonController) -> Vec<PointView> {
    let view = game.board_view();
    let movable = game.movable();
    let targets = game.targets();
    let selected = game.selected();
    let (_, last_to) = game.last_marks();
    (1..=24u8)
        .map(|p| {
            let spot = Spot::Point(p);
            let mut class = String::from("point");
            class.push_str(if p % 2 == 0 { " even" } else { " odd" });
            if movable.contains(&spot) {
                class.push_str(" movable");
            }
            if selected == Some(spot) {
                class.push_str(" selected");
            }
            if targets.contains(&spot) {
                class.push_str(" target");
            }
            if last_to.contains(&p) {
                class.push_str(" last");
            }
            PointView {
                point: p,
                count: view.points[p as usize],
                class,
            }
        })
        .collect()
}

/// `roll`, `move`, `pass`, `wait` or `over`: what the board waits for.
pub fn phase(game: &BackgammonController) -> &'static str {
    if game.is_over() {
        "over"
    } else if !game.is_human_turn() {
        "wait"
    } else if game.can_roll() {
        "roll"
    } else if game.must_pass() {
        "pass"
    } else {
        "move"
    }
}

/// The colour class of a seat's checkers.
pub fn colour_class(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "white",
        Seat::Second => "black",
    }
}

/// Pip positions on a die face, in a 3×3 grid (0–2, 0–2).
fn die_pips(face: u8) -> &'static [(u8, u8)] {
    match face {
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        _ => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }
}

#[component]
pub fn BackgammonBoard(
    game: BackgammonController,
    lang: Lang,
    /// `human` or `bot`: who acts now.
    turn: String,
    on_tap: EventHandler<Spot>,
    on_roll: EventHandler<()>,
) -> Element {
    let l = Layout::STANDARD;
    let status = if game.is_over() { "over" } else { "playing" };
    let phase = phase(&game);
    let view = game.board_view();
    let points = point_views(&game);
    let local = game.local_seat();
    let mine = colour_class(local);
    let theirs = colour_class(local.other());
    let targets = game.targets();
    let off_target = targets.contains(&Spot::Off);
    let bar_class = match (game.selected() == Some(Spot::Bar), game.movable().contains(&Spot::Bar)) {
        (true, _) => "bar-area selected",
        (false, true) => "bar-area movable",
        _ => "bar-area",
    };
    let off_class = if off_target { "tray target" } else { "tray" };
    let faces = game.dice_faces();
    // The mover's dice sit on the mover's side of the bar (right for the local player).
    let mover_is_local = game.position().to_move() == Some(local);
    let dice_cx = if mover_is_local {
        l.right_half_cx()
    } else {
        l.left_half_cx()
    };
    let die = l.die;
    let dice_x0 = dice_cx - (faces.len() as f64 * (die + 6.0) - 6.0) / 2.0;
    let mid_y = l.height / 2.0;
    let label = tr(lang, "backgammon-board-label");
    let r = l.checker_r;
    let hint = (phase == "roll").then(|| tr(lang, "backgammon-tap-to-roll"));
    let bar_cx = l.bar_x + l.col / 2.0;
    rsx! {
        svg {
            class: "bg-board {status} phase-{phase}",
            view_box: "0 0 {l.width} {l.height}",
            role: "group",
            "aria-label": "{label}",
            "data-testid": "backgammon-board",
            "data-status": "{status}",
            "data-turn": "{turn}",
            "data-phase": "{phase}",
            rect { class: "bg-frame", x: "0", y: "0", width: "{l.width}", height: "{l.height}", rx: "10" }
            rect {
                class: "bg-felt",
                x: "{l.frame}", y: "{l.frame}",
                width: "{l.tray_x - l.frame * 2.0}", height: "{l.height - l.frame * 2.0}",
                onclick: move |_| on_roll.call(()),
            }
            // Triangles, drawn under everything.
            for pv in points.iter() {
                polygon {
                    key: "tri-{pv.point}",
                    class: "tri {pv.class}",
                    points: "{l.triangle(pv.point)}",
                }
            }
            // The last play's landing points: a dot at the triangle's tip.
            for pv in points.iter().filter(|pv| pv.class.contains(" last")) {
                {
                    let cx = column_x(&l, pv.point) + l.col / 2.0;
                    let cy = if point_is_top(pv.point) { l.frame + l.point_len + 7.0 } else { l.height - l.frame - l.point_len - 7.0 };
                    rsx! {
                        circle { key: "last-{pv.point}", class: "last-mark", "data-last": "{pv.point}", cx: "{cx:.1}", cy: "{cy:.1}", r: "3.5" }
                    }
                }
            }
            rect { class: "{bar_class}", x: "{l.bar_x}", y: "{l.frame}", width: "{l.col}", height: "{l.height - l.frame * 2.0}" }
            rect { class: "{off_class}", x: "{l.tray_x}", y: "{l.frame}", width: "{l.width - l.tray_x - l.frame}", height: "{l.height - l.frame * 2.0}", rx: "4" }
            // Checkers on points.
            for pv in points.iter().filter(|pv| pv.count != 0) {
                {
                    let n = pv.count.unsigned_abs();
                    let colour = if pv.count > 0 { mine } else { theirs };
                    let cx = column_x(&l, pv.point) + l.col / 2.0;
                    let slots = checker_slots(&l, point_is_top(pv.point), n.min(STACK_SHOWN));
                    let top = slots.last().copied().unwrap_or(0.0);
                    rsx! {
                        g { key: "stack-{pv.point}", class: "stack",
                            for (i, cy) in slots.iter().enumerate() {
                                circle { key: "{i}", class: "checker {colour}", cx: "{cx:.1}", cy: "{cy:.1}", r: "{r:.1}" }
                            }
                            if n > STACK_SHOWN {
                                text { class: "stack-count {colour}", x: "{cx:.1}", y: "{top + 4.5:.1}", "{n}" }
                            }
                        }
                    }
                }
            }
            // Checkers on the bar: the local player's below the middle, the opponent's above.
            for (who, count, colour) in [(0usize, view.bar[0], mine), (1usize, view.bar[1], theirs)] {
                if count > 0 {
                    {
                        let top_side = who == 1;
                        let cy = if top_side { mid_y - l.die - r } else { mid_y + l.die + r };
                        rsx! {
                            g { key: "bar-{who}", class: "stack on-bar",
                                circle { class: "checker {colour}", cx: "{bar_cx:.1}", cy: "{cy:.1}", r: "{r:.1}" }
                                if count > 1 {
                                    text { class: "stack-count {colour}", x: "{bar_cx:.1}", y: "{cy + 4.5:.1}", "{count}" }
                                }
                            }
                        }
                    }
                }
            }
            // Borne-off checkers as slabs in the tray: the local player's at the bottom.
            for (who, count, colour) in [(0usize, view.off[0], mine), (1usize, view.off[1], theirs)] {
                for i in 0..count {
                    {
                        let y = if who == 0 { l.height - l.frame - 4.0 - (i as f64 + 1.0) * 6.0 } else { l.frame + 4.0 + i as f64 * 6.0 };
                        rsx! {
                            rect { key: "off-{who}-{i}", class: "slab {colour}", x: "{l.tray_x + 3.0:.1}", y: "{y:.1}", width: "{l.width - l.tray_x - l.frame - 6.0:.1}", height: "5", rx: "1.5" }
                        }
                    }
                }
            }
            // Dice in the middle.
            g { class: "dice",
                for (i, (face, used)) in faces.iter().enumerate() {
                    {
                        let x = dice_x0 + i as f64 * (die + 6.0);
                        let y = mid_y - die / 2.0;
                        let used_class = if *used { " used" } else { "" };
                        let face = *face;
                        rsx! {
                            g { key: "die-{i}", class: "die{used_class}", "data-die": "{face}",
                                rect { class: "die-face", x: "{x:.1}", y: "{y:.1}", width: "{die:.1}", height: "{die:.1}", rx: "5" }
                                for (j, (px, py)) in die_pips(face).iter().enumerate() {
                                    circle { key: "{j}", class: "die-pip", cx: "{x + die * (0.25 + 0.25 * *px as f64):.1}", cy: "{y + die * (0.25 + 0.25 * *py as f64):.1}", r: "{die * 0.09:.1}" }
                                }
                            }
                        }
                    }
                }
            }
            if let Some(hint) = hint {
                text { class: "roll-hint", x: "{l.right_half_cx():.1}", y: "{mid_y + 5.0:.1}", "{hint}" }
            }
            // Tap areas last, so they sit above checkers.
            for pv in points.iter() {
                {
                    let p = pv.point;
                    let (x, y, w, h) = l.hit_rect(p);
                    let name = tr_args(lang, "backgammon-point-label", &[("point", p.to_string()), ("count", pv.count.unsigned_abs().to_string())]);
                    rsx! {
                        rect {
                            key: "hit-{p}",
                            class: "hit {pv.class}",
                            x: "{x:.1}", y: "{y:.1}", width: "{w:.1}", height: "{h:.1}",
                            "data-point": "{p}",
                            "aria-label": "{name}",
                            onclick: move |_| on_tap.call(Spot::Point(p)),
                        }
                    }
                }
            }
            rect {
                class: "hit {bar_class}",
                "data-testid": "bar",
                x: "{l.bar_x}", y: "{l.frame}", width: "{l.col}", height: "{l.height - l.frame * 2.0}",
                onclick: move |_| on_tap.call(Spot::Bar),
            }
            rect {
                class: "hit {off_class}",
                "data-testid": "off",
                x: "{l.tray_x}", y: "{l.frame}", width: "{l.width - l.tray_x - l.frame}", height: "{l.height - l.frame * 2.0}",
                onclick: move |_| on_tap.call(Spot::Off),
            }
        }
    }
}
