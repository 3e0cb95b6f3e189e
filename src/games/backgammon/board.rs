//! The backgammon board as an SVG, from the side of the seat at the bottom:
//! its home board bottom right, points 1–24 (numbered on the rim) running
//! right to left along the bottom and back along the top, the bar in the
//! middle and the bear-off tray on the right. Dice sit in the middle.
//!
//! DOM contract (browser tests rely on it): the root `<svg data-testid=
//! "backgammon-board">` carries `data-status` (`playing` / `over`),
//! `data-turn` (`human` when a person acts, else `wait`) and `data-phase`
//! (`roll`, `move`, `pass`, `wait`, `over`) and `data-bottom` (the colour
//! drawn at the bottom); each point is
//! `data-point="1..24"` (bottom numbering, `data-count`: the bottom seat's
//! checkers there, negative for the other seat's) with classes `movable`,
//! `selected`, `target`, `last`, `hint` when they apply;
//! `data-testid="bar"` and `data-testid="off"` are the bar and the tray;
//! dice carry `data-die` and the class `used` once played; their group is
//! `data-testid="dice"`, the roll and what is left of it in its aria-label.

use super::geometry::{checker_slots, column_x, point_is_top, Layout};
use super::tap::{to_spot, BgTap, Spot};
use crate::games::keys::{activates, arrow, focus_in, with_states};
use crate::i18n::{tr, tr_args, Lang};
use crate::play::Table;
use dioxus::prelude::*;
use papan_rules::backgammon::{Backgammon, BgMove, Board, Dice, BAR, CHECKERS, OFF};
use papan_rules::Seat;

/// Checkers drawn on one stack before the rest are shown as a number.
pub const STACK_SHOWN: u8 = 5;

/// Where the checkers are, from the side of the seat at the bottom.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checkers {
    /// Index 1–24: point in the bottom seat's numbering; `+n` that seat's
    /// checkers, `-n` the other seat's.
    pub points: [i8; 25],
    /// `[bottom seat, other seat]`.
    pub bar: [u8; 2],
    pub off: [u8; 2],
    pub pips: [u32; 2],
}

impl Checkers {
    /// `board` is from the mover's side (`mover`), as the rules keep it.
    pub fn new(board: &Board, mover: Seat, bottom: Seat) -> Checkers {
        let pips = board.pips();
        let same = mover == bottom;
        let mut points = [0i8; 25];
        for (p, slot) in points.iter_mut().enumerate().skip(1) {
            *slot = if same { pips[p] } else { -pips[25 - p] };
        }
        let mover_left: u8 = (1..=25).map(|i| pips[i].max(0) as u8).sum();
        let other_left: u8 = (0..=24).map(|i| (-pips[i]).max(0) as u8).sum();
        let bar = [pips[25].max(0) as u8, (-pips[0]).max(0) as u8];
        let off = [CHECKERS - mover_left, CHECKERS - other_left];
        let count = [board.my_pips(), board.their_pips()];
        let order = |pair: [u8; 2]| if same { pair } else { [pair[1], pair[0]] };
        Checkers {
            points,
            bar: order(bar),
            off: order(off),
            pips: if same { count } else { [count[1], count[0]] },
        }
    }
}

/// What the board shows besides the checkers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BgMarks {
    pub checkers: Checkers,
    /// The seat at the bottom (its colour, its numbering).
    pub bottom: Option<Seat>,
    /// The seat rolling or moving now (its dice sit on its side of the bar).
    pub mover: Option<Seat>,
    pub movable: Vec<Spot>,
    pub selected: Option<Spot>,
    pub targets: Vec<Spot>,
    /// Where the last play's checkers landed (bottom numbering).
    pub last_to: Vec<u8>,
    /// Where a hinted play's checkers start.
    pub hint: Vec<Spot>,
    /// Each checker step of the last play, and of the hinted play: drawn
    /// as arrows, so the bot's move (or the better one) can be followed.
    pub last_legs: Vec<(Spot, Spot)>,
    pub hint_legs: Vec<(Spot, Spot)>,
    /// `(die, used)`.
    pub dice: Vec<(u8, bool)>,
    /// `roll`, `move`, `pass`, `wait` or `over`: what the board waits for.
    pub phase: &'static str,
}

impl BgMarks {
    /// The marks of `table` with the turn built in `tap` and a hinted play.
    pub fn of(table: &Table<Backgammon>, tap: &BgTap, hint: Option<&BgMove>) -> BgMarks {
        let view = &table.view;
        let turn = tap.turn(table);
        let to_bottom = |seat: Seat, point: u8| if seat == table.bottom { point } else { 25 - point };
        let last_to = match &table.last {
            Some((seat, BgMove::Play(play))) => play
                .legs()
                .iter()
                .filter(|l| (1..=24).contains(&l.to))
                .map(|l| to_bottom(*seat, l.to))
                .collect(),
            _ => Vec::new(),
        };
        let hinted = hint;
        let hint = match hint {
            Some(BgMove::Play(play)) => play.legs().iter().map(|l| to_spot(table, l.from)).collect(),
            _ => Vec::new(),
        };
        let legs = |seat: Seat, play: &papan_rules::backgammon::Play| -> Vec<(Spot, Spot)> {
            let spot = |index: u8| match index {
                BAR => Spot::Bar,
                OFF => Spot::Off,
                p => Spot::Point(to_bottom(seat, p)),
            };
            play.legs().iter().map(|l| (spot(l.from), spot(l.to))).collect()
        };
        let last_legs = match &table.last {
            Some((seat, BgMove::Play(play))) => legs(*seat, play),
            _ => Vec::new(),
        };
        let hint_legs = match (hinted, view.to_move()) {
            (Some(BgMove::Play(play)), Some(seat)) => legs(seat, play),
            _ => Vec::new(),
        };
        let dice = match (&turn, view.dice()) {
            (Some(turn), _) => turn.dice_faces(),
            (None, Some(dice)) if dice.is_double() => vec![(dice.high, false); 4],
            (None, Some(dice)) => vec![(dice.high, false), (dice.low, false)],
            (None, None) => Vec::new(),
        };
        BgMarks {
            checkers: BgMarks::checkers(table, tap),
            bottom: Some(table.bottom),
            mover: view.to_move(),
            movable: tap.movable(table),
            selected: tap.selected(table),
            targets: tap.targets(table),
            last_to,
            hint,
            last_legs,
            hint_legs,
            dice,
            phase: phase(table, tap),
        }
    }

    /// The checkers as the bottom seat sees them, with the steps built so far.
    pub fn checkers(table: &Table<Backgammon>, tap: &BgTap) -> Checkers {
        let view = &table.view;
        let board = tap.turn(table).map_or(*view.board(), |t| t.board());
        Checkers::new(&board, view.board_seat(), table.bottom)
    }
}

/// Where an arrow starts or ends for `spot`: on a point a little in from
/// its base (over the checkers), the bar's middle, or the tray on the
/// mover's side (the bottom seat bears off at the bottom).
fn spot_centre(l: &Layout, spot: Spot, bottom: Seat, mover: Option<Seat>) -> (f64, f64) {
    let mid_y = l.height / 2.0;
    match spot {
        Spot::Point(p) => {
            let x = column_x(l, p) + l.col / 2.0;
            let inset = l.checker_r * 3.0;
            let y = if point_is_top(p) {
                l.rim + inset
            } else {
                l.height - l.rim - inset
            };
            (x, y)
        }
        Spot::Bar => (l.bar_x + l.col / 2.0, mid_y),
        Spot::Off | Spot::Felt => {
            let x = (l.tray_x + l.width - l.frame) / 2.0;
            let y = if mover.is_none_or(|m| m == bottom) {
                l.height - l.rim - 30.0
            } else {
                l.rim + 30.0
            };
            (x, y)
        }
    }
}

/// `roll`, `move`, `pass`, `wait` or `over`: what the board waits for.
fn phase(table: &Table<Backgammon>, tap: &BgTap) -> &'static str {
    match tap.turn(table) {
        _ if table.is_over() => "over",
        _ if !table.can_act => "wait",
        _ if table.may_roll() => "roll",
        Some(turn) if turn.must_pass() => "pass",
        _ => "move",
    }
}

/// One point as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct PointView {
    pub point: u8,
    /// The bottom seat's checkers positive, the other's negative.
    pub count: i8,
    pub class: String,
}

/// The points with their state classes (1–24, bottom numbering).
pub fn point_views(marks: &BgMarks) -> Vec<PointView> {
    (1..=24u8)
        .map(|p| {
            let spot = Spot::Point(p);
            let mut class = String::from("point");
            class.push_str(if p % 2 == 0 { " even" } else { " odd" });
            for (on, name) in [
                (marks.movable.contains(&spot), " movable"),
                (marks.selected == Some(spot), " selected"),
                (marks.targets.contains(&spot), " target"),
                (marks.last_to.contains(&p), " last"),
                (marks.hint.contains(&spot), " hint"),
            ] {
                if on {
                    class.push_str(name);
                }
            }
            PointView {
                point: p,
                count: marks.checkers.points[p as usize],
                class,
            }
        })
        .collect()
}

/// The colour class of a seat's checkers.
pub fn colour_class(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "white",
        Seat::Second => "black",
    }
}

/// A spot's `data-spot` name: `1`–`24`, `bar`, `off`.
fn spot_id(spot: Spot) -> String {
    match spot {
        Spot::Point(p) => p.to_string(),
        Spot::Bar => "bar".into(),
        Spot::Off | Spot::Felt => "off".into(),
    }
}

/// The order the arrow keys walk: the tray, points 1–24, the bar.
fn key_order() -> impl Iterator<Item = Spot> {
    std::iter::once(Spot::Off)
        .chain((1..=24).map(Spot::Point))
        .chain(std::iter::once(Spot::Bar))
}

/// The spot an arrow key leads to from `from`: Right and Up to the next
/// point number, Left and Down to the one before, stopping at the ends.
pub fn arrow_step(from: Spot, key: &Key) -> Option<Spot> {
    let order: Vec<Spot> = key_order().collect();
    let at = order.iter().position(|s| *s == from)?;
    let next = match arrow(key)? {
        (1, _) | (_, 1) => (at + 1).min(order.len() - 1),
        _ => at.saturating_sub(1),
    };
    Some(order[next])
}

/// What a screen reader says for a point: its number, what lies there and
/// its state ("Point 13, 5 White checkers, you can move here").
pub fn spoken_point(lang: Lang, marks: &BgMarks, pv: &PointView) -> String {
    let bottom = marks.bottom.unwrap_or(Seat::First);
    let owner = if pv.count >= 0 { bottom } else { bottom.other() };
    let colour = tr(lang, colour_key(owner));
    let name = tr_args(
        lang,
        "backgammon-point-label",
        &[
            ("point", pv.point.to_string()),
            ("count", pv.count.unsigned_abs().to_string()),
            ("colour", colour),
        ],
    );
    let spot = Spot::Point(pv.point);
    with_states(
        lang,
        name,
        marks.selected == Some(spot),
        marks.targets.contains(&spot),
        marks.last_to.contains(&pv.point),
    )
}

fn colour_key(seat: Seat) -> &'static str {
    match seat {
        Seat::First => crate::i18n::key("backgammon-white"),
        Seat::Second => crate::i18n::key("backgammon-black"),
    }
}

/// The roll in words: "Dice: 6 and 3", "Dice: double 4".
pub fn dice_words(lang: Lang, dice: Dice) -> String {
    if dice.is_double() {
        tr_args(lang, "bg-dice-double", &[("face", dice.high.to_string())])
    } else {
        tr_args(
            lang,
            "bg-dice",
            &[("high", dice.high.to_string()), ("low", dice.low.to_string())],
        )
    }
}

/// What a screen reader says for the dice on the board (`(face, used)`, as
/// [`BgMarks::dice`]): the roll, then the faces still to play ("Dice: 6 and
/// 3; still to play: 3"). `None` without dice.
pub fn spoken_dice(lang: Lang, faces: &[(u8, bool)]) -> Option<String> {
    let (first, _) = *faces.first()?;
    let second = faces.get(1).map_or(first, |(face, _)| *face);
    let rolled = dice_words(lang, Dice::new(first, second)?);
    let left: Vec<String> = faces
        .iter()
        .filter(|(_, used)| !used)
        .map(|(f, _)| f.to_string())
        .collect();
    Some(if left.len() == faces.len() {
        rolled
    } else if left.is_empty() {
        tr_args(lang, "bg-dice-all-played", &[("dice", rolled)])
    } else {
        tr_args(lang, "bg-dice-to-play", &[("dice", rolled), ("left", left.join(", "))])
    })
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
pub fn BackgammonBoard(marks: BgMarks, lang: Lang, on_tap: EventHandler<Spot>) -> Element {
    let l = Layout::STANDARD;
    let phase = marks.phase;
    let status = if phase == "over" { "over" } else { "playing" };
    let turn = if matches!(phase, "roll" | "move" | "pass") {
        "human"
    } else {
        "wait"
    };
    let view = &marks.checkers;
    let points = point_views(&marks);
    let bottom = marks.bottom.unwrap_or(Seat::First);
    let mine = colour_class(bottom);
    let theirs = colour_class(bottom.other());
    let off_target = marks.targets.contains(&Spot::Off);
    let bar_class = match (marks.selected == Some(Spot::Bar), marks.movable.contains(&Spot::Bar)) {
        (true, _) => "bar-area selected",
        (false, true) => "bar-area movable",
        _ => "bar-area",
    };
    let off_class = if off_target { "tray target" } else { "tray" };
    let faces = marks.dice.clone();
    let dice_name = spoken_dice(lang, &faces);
    // The mover's dice sit on the mover's side of the bar (right for the bottom seat).
    let dice_cx = if marks.mover == Some(bottom) {
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
    // The keyboard's spot: where focus was last, else the selection, else point 1.
    let mut keyboard = use_signal(|| None::<Spot>);
    let focused = keyboard().or(marks.selected).unwrap_or(Spot::Point(1));
    let tab = move |spot: Spot| if spot == focused { "0" } else { "-1" };
    let counts = |pair: [u8; 2]| [("mine", pair[0].to_string()), ("theirs", pair[1].to_string())];
    let bar_name = tr_args(lang, "bg-bar-label", &counts(view.bar));
    let off_name = tr_args(lang, "bg-off-label", &counts(view.off));
    let off_name = with_states(lang, off_name, false, off_target, false);
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
            "data-bottom": "{mine}",
            onkeydown: move |e: KeyboardEvent| {
                let key = e.key();
                if activates(&key) {
                    e.prevent_default();
                    on_tap.call(focused);
                } else if let Some(next) = arrow_step(focused, &key) {
                    e.prevent_default();
                    keyboard.set(Some(next));
                    focus_in("backgammon-board", &format!("[data-spot=\"{}\"]", spot_id(next)));
                }
            },
            rect { class: "bg-frame", x: "0", y: "0", width: "{l.width}", height: "{l.height}", rx: "10" }
            rect {
                class: "bg-felt",
                x: "{l.frame}", y: "{l.rim}",
                width: "{l.tray_x - l.frame * 2.0}", height: "{l.height - l.rim * 2.0}",
                onclick: move |_| on_tap.call(Spot::Felt),
            }
            g { class: "point-numbers", "aria-hidden": "true",
                for p in 1..=24u8 {
                    {
                        let (nx, ny) = l.number_at(p);
                        rsx! {
                            text { key: "n{p}", x: "{nx:.1}", y: "{ny:.1}", "text-anchor": "middle", "dominant-baseline": "central", "{p}" }
                        }
                    }
                }
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
                    let cy = if point_is_top(pv.point) { l.rim + l.point_len + 7.0 } else { l.height - l.rim - l.point_len - 7.0 };
                    rsx! {
                        circle { key: "last-{pv.point}", class: "last-mark", "data-last": "{pv.point}", cx: "{cx:.1}", cy: "{cy:.1}", r: "3.5" }
                    }
                }
            }
            rect { class: "{bar_class}", x: "{l.bar_x}", y: "{l.rim}", width: "{l.col}", height: "{l.height - l.rim * 2.0}" }
            rect { class: "{off_class}", x: "{l.tray_x}", y: "{l.rim}", width: "{l.width - l.tray_x - l.frame}", height: "{l.height - l.rim * 2.0}", rx: "4" }
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
                        let y = if who == 0 { l.height - l.rim - 4.0 - (i as f64 + 1.0) * 6.0 } else { l.rim + 4.0 + i as f64 * 6.0 };
                        rsx! {
                            rect { key: "off-{who}-{i}", class: "slab {colour}", x: "{l.tray_x + 3.0:.1}", y: "{y:.1}", width: "{l.width - l.tray_x - l.frame - 6.0:.1}", height: "5", rx: "1.5" }
                        }
                    }
                }
            }
            // The last play and the hinted one, step by step.
            defs {
                for kind in ["last", "hint"] {
                    marker { key: "{kind}", id: "bg-arrow-{kind}", class: "arrow-head {kind}", "viewBox": "0 0 10 10", "refX": "7", "refY": "5",
                        "markerWidth": "4", "markerHeight": "4", "orient": "auto",
                        path { d: "M0,0 L10,5 L0,10 z" }
                    }
                }
            }
            for (kind, legs) in [("last", &marks.last_legs), ("hint", &marks.hint_legs)] {
                for (i, (from, to)) in legs.iter().enumerate() {
                    {
                        let (x1, y1) = spot_centre(&l, *from, bottom, marks.mover);
                        let (x2, y2) = spot_centre(&l, *to, bottom, marks.mover);
                        rsx! {
                            line {
                                key: "{kind}-{i}",
                                class: "move-arrow {kind}",
                                "data-arrow": "{kind}",
                                x1: "{x1:.1}", y1: "{y1:.1}", x2: "{x2:.1}", y2: "{y2:.1}",
                                "marker-end": "url(#bg-arrow-{kind})",
                            }
                        }
                    }
                }
            }
            // Dice in the middle.
            g { class: "dice", "data-testid": "dice",
                role: if dice_name.is_some() { "img" },
                "aria-label": dice_name,
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
                    let name = spoken_point(lang, &marks, pv);
                    let spot = Spot::Point(p);
                    rsx! {
                        rect {
                            key: "hit-{p}",
                            class: "hit {pv.class}",
                            x: "{x:.1}", y: "{y:.1}", width: "{w:.1}", height: "{h:.1}",
                            "data-point": "{p}",
                            "data-count": "{pv.count}",
                            "data-spot": "{spot_id(spot)}",
                            role: "button",
                            "aria-label": "{name}",
                            tabindex: tab(spot),
                            onclick: move |_| on_tap.call(spot),
                            onfocus: move |_| if *keyboard.peek() != Some(spot) { keyboard.set(Some(spot)) },
                        }
                    }
                }
            }
            rect {
                class: "hit {bar_class}",
                "data-testid": "bar",
                "data-spot": "bar",
                role: "button",
                "aria-label": "{bar_name}",
                tabindex: tab(Spot::Bar),
                x: "{l.bar_x}", y: "{l.rim}", width: "{l.col}", height: "{l.height - l.rim * 2.0}",
                onclick: move |_| on_tap.call(Spot::Bar),
                onfocus: move |_| if *keyboard.peek() != Some(Spot::Bar) { keyboard.set(Some(Spot::Bar)) },
            }
            rect {
                class: "hit {off_class}",
                "data-testid": "off",
                "data-spot": "off",
                role: "button",
                "aria-label": "{off_name}",
                tabindex: tab(Spot::Off),
                x: "{l.tray_x}", y: "{l.rim}", width: "{l.width - l.tray_x - l.frame}", height: "{l.height - l.rim * 2.0}",
                onclick: move |_| on_tap.call(Spot::Off),
                onfocus: move |_| if *keyboard.peek() != Some(Spot::Off) { keyboard.set(Some(Spot::Off)) },
            }
        }
    }
}
