//! The search's own copy of a Jun Qi flip position, built from a seat's
//! [`JunQiView`] only: a compact, cheaply cloned board with the same move
//! generation and combat as the rules (J7–J19), plus the one thing a view
//! cannot do, applying a reveal with a chosen identity (a chance outcome).
//!
//! The tests check it against `papan_rules` on random games, action for
//! action, so the search and the rules cannot drift apart.

use papan_rules::junqi::{board, Colour, JunQiAction, JunQiView, Kind, Post, Square, QUIET_LIMIT};
use papan_rules::Seat;
use std::sync::OnceLock;

/// A post's content: [`EMPTY`], [`FACE_DOWN`] or a revealed piece's code.
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub const FACE_DOWN: Cell = 1;
const FIRST_PIECE: Cell = 2;

/// The cell code of a revealed `kind` of `colour`.
pub fn cell(colour: Colour, kind: Kind) -> Cell {
    FIRST_PIECE + (colour.index() * 12 + kind.index()) as u8
}

/// The revealed piece in `cell`, if any.
pub fn piece(cell: Cell) -> Option<(Colour, Kind)> {
    if cell < FIRST_PIECE {
        return None;
    }
    let code = (cell - FIRST_PIECE) as usize;
    let colour = if code < 12 { Colour::Red } else { Colour::Blue };
    Some((colour, Kind::ALL[code % 12]))
}

/// What a legal attack does (J13–J16).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fight {
    AttackerTakes,
    BothRemoved,
}

/// J13–J16 without building error messages: `None` when the attack is illegal.
pub fn fight(attacker: Kind, defender: Kind, flag_open: bool) -> Option<Fight> {
    match defender {
        Kind::Flag if !flag_open => None,
        Kind::Flag if attacker == Kind::Bomb => Some(Fight::BothRemoved),
        Kind::Flag => Some(Fight::AttackerTakes),
        _ if attacker == Kind::Bomb || defender == Kind::Bomb => Some(Fight::BothRemoved),
        Kind::Mine if attacker == Kind::Engineer => Some(Fight::AttackerTakes),
        Kind::Mine => None,
        _ => {
            let (a, d) = (attacker.rank().unwrap_or(0), defender.rank().unwrap_or(0));
            match a.cmp(&d) {
                std::cmp::Ordering::Greater => Some(Fight::AttackerTakes),
                std::cmp::Ordering::Equal => Some(Fight::BothRemoved),
                std::cmp::Ordering::Less => None,
            }
        }
    }
}

/// The board's fixed geometry as plain masks and index lists.
pub struct Geometry {
    pub road: [u64; 60],
    pub rail: [u64; 60],
    pub camps: u64,
    /// Straight railway lines, as post indices in order.
    pub lines: Vec<Vec<u8>>,
    /// For each post, the (line, position on it) pairs it lies on.
    pub on_lines: Vec<Vec<(usize, usize)>>,
}

pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let mut road = [0u64; 60];
        let mut rail = [0u64; 60];
        for square in Square::all() {
            road[square.index()] = board::road_neighbours(square).0;
            rail[square.index()] = board::rail_neighbours(square).0;
        }
        let lines: Vec<Vec<u8>> = board::rail_lines()
            .iter()
            .map(|line| line.iter().map(|s| s.index() as u8).collect())
            .collect();
        let mut on_lines = vec![Vec::new(); 60];
        for (l, line) in lines.iter().enumerate() {
            for (at, &s) in line.iter().enumerate() {
                on_lines[s as usize].push((l, at));
            }
        }
        Geometry {
            road,
            rail,
            camps: board::camps().0,
            lines,
            on_lines,
        }
    })
}

fn square(index: usize) -> Square {
    Square::from_index(index).expect("a post index below 60")
}

/// A Jun Qi flip position as the search sees it: public facts only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: [Cell; 60],
    /// Seat index to move.
    pub to_move: u8,
    /// J8: the colour held by the first seat, once decided.
    pub first_colour: Option<Colour>,
    /// J8: the colour each seat revealed on its previous turn.
    pub last_reveal: [Option<Colour>; 2],
    pub quiet: u16,
    pub fallen: [[u8; 12]; 2],
    pub face_down: [[u8; 12]; 2],
    pub face_down_total: u8,
    /// Set once the game is over: `Some(None)` a draw, `Some(Some(seat))` a win.
    pub result: Option<Option<u8>>,
}

impl State {
    pub fn from_view(view: &JunQiView) -> State {
        let mut board = [EMPTY; 60];
        for (i, post) in view.board().iter().enumerate() {
            board[i] = match *post {
                Post::Empty => EMPTY,
                Post::FaceDown => FACE_DOWN,
                Post::Revealed { colour, piece } => cell(colour, piece),
            };
        }
        let result = view.outcome().map(|o| o.winner.map(|s| s.index() as u8));
        let to_move = view.to_move().unwrap_or(Seat::First).index() as u8;
        let first_colour = view.colour_of(Seat::First);
        let counts = |c: &papan_rules::junqi::PieceCounts| c.0;
        let face_down = counts(view.face_down());
        State {
            board,
            to_move,
            first_colour,
            last_reveal: [view.reveal_streak(Seat::First), view.reveal_streak(Seat::Second)],
            quiet: view.quiet_plies(),
            fallen: counts(view.fallen()),
            face_down,
            face_down_total: face_down.iter().flatten().sum(),
            result,
        }
    }

    pub fn colour_of(&self, seat: u8) -> Option<Colour> {
        self.first_colour.map(|c| if seat == 0 { c } else { c.other() })
    }

    pub fn seat_of(&self, colour: Colour) -> Option<u8> {
        self.first_colour.map(|c| if c == colour { 0 } else { 1 })
    }

    /// The colour of the seat to move, once decided.
    pub fn mover_colour(&self) -> Option<Colour> {
        self.colour_of(self.to_move)
    }

    /// J16: `colour`'s flag may be attacked.
    pub fn flag_open(&self, colour: Colour) -> bool {
        self.fallen[colour.index()][Kind::Mine.index()] == 3 && self.face_down_total == 0
    }

    /// J18: `colour`'s pieces still able to move, revealed or face down.
    pub fn movable_left(&self, colour: Colour) -> u32 {
        Kind::ALL
            .iter()
            .filter(|k| k.is_movable())
            .map(|&k| (k.count() - self.fallen[colour.index()][k.index()]) as u32)
            .sum()
    }

    /// Whether the revealed `kind` of `colour` may end a move on `to`.
    fn may_enter(&self, colour: Colour, kind: Kind, to: usize) -> bool {
        match self.board[to] {
            EMPTY => true,
            FACE_DOWN => false,
            c => {
                let (dc, dk) = piece(c).expect("a piece code");
                dc != colour
                    && geometry().camps & (1 << to) == 0
                    && fight(kind, dk, self.flag_open(colour.other())).is_some()
            }
        }
    }

    /// Every post the revealed `kind` of `colour` on `from` may move to (J9, J10).
    pub fn destinations(&self, colour: Colour, kind: Kind, from: usize) -> u64 {
        let g = geometry();
        let mut out = 0u64;
        let mut road = g.road[from];
        while road != 0 {
            let to = road.trailing_zeros() as usize;
            road &= road - 1;
            if self.may_enter(colour, kind, to) {
                out |= 1 << to;
            }
        }
        if g.rail[from] == 0 {
            return out;
        }
        if kind == Kind::Engineer {
            let mut seen = 1u64 << from;
            let mut stack = [0u8; 60];
            let mut top = 1;
            stack[0] = from as u8;
            while top > 0 {
                top -= 1;
                let at = stack[top] as usize;
                let mut next = g.rail[at] & !seen;
                seen |= next;
                while next != 0 {
                    let to = next.trailing_zeros() as usize;
                    next &= next - 1;
                    if self.board[to] == EMPTY {
                        out |= 1 << to;
                        stack[top] = to as u8;
                        top += 1;
                    } else if self.may_enter(colour, kind, to) {
                        out |= 1 << to;
                    }
                }
            }
            return out;
        }
        for &(l, at) in &g.on_lines[from] {
            let line = &g.lines[l];
            for to in line[at + 1..].iter().map(|&s| s as usize) {
                if self.board[to] == EMPTY {
                    out |= 1 << to;
                } else {
                    if self.may_enter(colour, kind, to) {
                        out |= 1 << to;
                    }
                    break;
                }
            }
            for to in line[..at].iter().rev().map(|&s| s as usize) {
                if self.board[to] == EMPTY {
                    out |= 1 << to;
                } else {
                    if self.may_enter(colour, kind, to) {
                        out |= 1 << to;
                    }
                    break;
                }
            }
        }
        out
    }

    /// The moves (not reveals) of the seat to move, appended to `out`.
    pub fn moves_into(&self, out: &mut Vec<JunQiAction>) {
        self.moves_onto(u64::MAX, out);
    }

    /// Posts holding a revealed piece of `colour`.
    pub fn occupied_by(&self, colour: Colour) -> u64 {
        let mut mask = 0u64;
        for (at, &c) in self.board.iter().enumerate() {
            if matches!(piece(c), Some((pc, _)) if pc == colour) {
                mask |= 1 << at;
            }
        }
        mask
    }

    /// The moves of the seat to move that end on a post in `targets`.
    pub fn moves_onto(&self, targets: u64, out: &mut Vec<JunQiAction>) {
        let Some(colour) = self.mover_colour() else {
            return;
        };
        for from in 0..60 {
            let Some((c, kind)) = piece(self.board[from]) else {
                continue;
            };
            if c != colour || !kind.is_movable() {
                continue;
            }
            let mut to_set = self.destinations(colour, kind, from) & targets;
            while to_set != 0 {
                let to = to_set.trailing_zeros() as usize;
                to_set &= to_set - 1;
                out.push(JunQiAction::Move {
                    from: square(from),
                    to: square(to),
                });
            }
        }
    }

    /// Every legal action, in the rules' order (reveals, then moves).
    pub fn actions_into(&self, out: &mut Vec<JunQiAction>) {
        if self.result.is_some() {
            return;
        }
        for (i, &c) in self.board.iter().enumerate() {
            if c == FACE_DOWN {
                out.push(JunQiAction::Reveal(square(i)));
            }
        }
        self.moves_into(out);
    }

    /// The distinct identities a reveal may show, with their counts (the
    /// chance outcomes of any face-down post: J21 keeps them exchangeable).
    pub fn reveal_outcomes(&self) -> impl Iterator<Item = (Colour, Kind, u8)> + '_ {
        Colour::BOTH.into_iter().flat_map(move |colour| {
            Kind::ALL.into_iter().filter_map(move |kind| {
                let n = self.face_down[colour.index()][kind.index()];
                (n > 0).then_some((colour, kind, n))
            })
        })
    }

    /// Applies a reveal on `at` showing `kind` of `colour` (J7, J8).
    pub fn reveal(&mut self, at: usize, colour: Colour, kind: Kind) {
        debug_assert_eq!(self.board[at], FACE_DOWN);
        let seat = self.to_move as usize;
        self.board[at] = cell(colour, kind);
        self.face_down[colour.index()][kind.index()] -= 1;
        self.face_down_total -= 1;
        if self.first_colour.is_none() {
            if self.last_reveal[seat] == Some(colour) {
                self.first_colour = Some(if seat == 0 { colour } else { colour.other() });
                self.last_reveal = [None; 2];
            } else {
                self.last_reveal[seat] = Some(colour);
            }
        }
        self.quiet = 0;
        self.finish_ply();
    }

    /// Applies a legal move (J9–J16). Returns what it removed, for ordering.
    pub fn play_move(&mut self, from: usize, to: usize) {
        let (colour, kind) = piece(self.board[from]).expect("a move starts on a revealed piece");
        self.board[from] = EMPTY;
        let mut combat = false;
        if let Some((dc, dk)) = piece(self.board[to]) {
            combat = true;
            match fight(kind, dk, self.flag_open(dc)) {
                Some(Fight::AttackerTakes) => {
                    self.fallen[dc.index()][dk.index()] += 1;
                    self.board[to] = cell(colour, kind);
                }
                _ => {
                    self.fallen[dc.index()][dk.index()] += 1;
                    self.fallen[colour.index()][kind.index()] += 1;
                    self.board[to] = EMPTY;
                }
            }
        } else {
            self.board[to] = cell(colour, kind);
        }
        self.quiet = if combat { 0 } else { self.quiet + 1 };
        self.finish_ply();
    }

    /// Plays any legal action; a reveal needs its identity.
    pub fn play(&mut self, action: JunQiAction, revealed: Option<(Colour, Kind)>) {
        match action {
            JunQiAction::Reveal(at) => {
                let (colour, kind) = revealed.expect("a reveal comes with the identity it shows");
                self.reveal(at.index(), colour, kind);
            }
            JunQiAction::Move { from, to } => self.play_move(from.index(), to.index()),
        }
    }

    fn finish_ply(&mut self) {
        self.to_move ^= 1;
        self.result = self.end_reached();
    }

    /// J17–J19, mirroring the rules' order.
    fn end_reached(&self) -> Option<Option<u8>> {
        for colour in Colour::BOTH {
            if self.fallen[colour.index()][Kind::Flag.index()] > 0 {
                let winner = self.seat_of(colour.other()).unwrap_or(self.to_move ^ 1);
                return Some(Some(winner));
            }
        }
        if let Some(first) = self.first_colour {
            match (self.movable_left(first) == 0, self.movable_left(first.other()) == 0) {
                (true, true) => return Some(None),
                (true, false) => return Some(Some(1)),
                (false, true) => return Some(Some(0)),
                (false, false) => {}
            }
        }
        if self.quiet >= QUIET_LIMIT {
            return Some(None);
        }
        if self.face_down_total == 0 && !self.mover_has_move() {
            return Some(Some(self.to_move ^ 1));
        }
        None
    }

    fn mover_has_move(&self) -> bool {
        let Some(colour) = self.mover_colour() else {
            return false;
        };
        (0..60).any(|from| match piece(self.board[from]) {
            Some((c, kind)) if c == colour && kind.is_movable() => self.destinations(colour, kind, from) != 0,
            _ => false,
        })
    }
}
