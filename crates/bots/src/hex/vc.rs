//! Virtual connections by H-search (Anshelevich): which pairs of a colour's
//! groups, edges and empty cells that colour can join against any defence.
//!
//! A *full* connection between two nodes holds with the opponent to move;
//! a *semi* connection needs one move of the colour first, its key. Each
//! has a carrier: the empty cells it uses (an empty node counts as the
//! colour's stone). Start from touching nodes (full, empty carrier) and
//! the edge templates that fit ([`super::templates`]), then:
//! - AND: two fulls through a common node whose carriers are apart give,
//!   through an empty cell, a semi keyed on that cell, and through a group
//!   of the colour, a full (a semi and a full through a group, a semi);
//! - OR: semis between the same two nodes whose carriers have nothing in
//!   common give a full: the opponent cannot break them all with one stone.
//!
//! Nothing is combined through an edge unless `VcLimits::and_over_edges`
//! says so (MoHex's `and_over_edge` is off by
//! default too): it never helps join the two edges, and it fills the lists.
//!
//! Between a colour's two edges this tells the search who has already won:
//! a full joins them whoever moves, a semi wins for the colour to move, and
//! against the opponent's semis the side to move must play in the cells all
//! of their carriers share (the must-play region), or lose.
//!
//! Lists are capped (the smallest connections are found first) and the work
//! is bounded, so the builder may miss connections, never invent one.

use super::board::{EMPTY, RED};
use super::cells::CellSet;
use super::geometry::{other, Geometry, BOTTOM, DIRECTIONS, LEFT, RIGHT, TOP};
use super::templates::{self, BoardTemplates, EdgeTemplate};
use std::collections::VecDeque;

/// How many connections the builder keeps and combines: more finds more
/// and costs more.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct VcLimits {
    /// Full connections kept per pair of nodes.
    pub fulls: usize,
    /// Semi connections kept per pair of nodes.
    pub semis: usize,
    /// Semis combined at most by one use of the OR rule.
    pub ors: usize,
    /// Keep connections between two empty cells as well (as MoHex's
    /// H-search does): chains of bridges through empty cells are then
    /// seen, at tens of times the work.
    pub cells: bool,
    /// Bound on the connections combined in one build (a safety net for
    /// big boards).
    pub work: u64,
    /// Combine connections through an edge: two nodes each joined to the
    /// same edge are joined to each other. True, but it never helps join
    /// the two edges and fills the capped lists (MoHex leaves it off too):
    /// off, the builder is four to five times faster and proves more.
    pub and_over_edges: bool,
    /// Start from the shipped edge templates ([`super::templates`]) as
    /// well as from touching cells.
    pub templates: bool,
    /// The AND rule lets two connections through an empty cell share that
    /// cell's captured set (MoHex's rule): the two cells between it and
    /// three of the colour's stones (or its edge) in a row beyond them,
    /// which the cell, once played, holds whatever the opponent does there.
    pub captured: bool,
}

impl Default for VcLimits {
    fn default() -> VcLimits {
        VcLimits {
            fulls: 6,
            semis: 10,
            ors: 4,
            cells: false,
            // About a few milliseconds of work.
            work: 4_000_000,
            and_over_edges: false,
            templates: true,
            captured: true,
        }
    }
}

impl VcLimits {
    /// The root's H-search: lists twice as long, and connections between
    /// empty cells too. On 9×9 it proves 185 of the 561 won positions
    /// (README), the tree's builder 75, at about 10 ms for fill-in and
    /// both colours' builds, 22 ms on 11×11, 31 ms on 13×13 (hence the
    /// root's size limit).
    pub fn with_cells(self) -> VcLimits {
        VcLimits {
            cells: true,
            fulls: self.fulls * 2,
            semis: self.semis * 2,
            // Room for the many more pairs; bounded still on 19×19.
            work: self.work * 25,
            ..self
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Semi {
    pub carrier: CellSet,
    pub key: u16,
}

/// What the builder found between a colour's two edges.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EdgeConnections {
    /// Carriers of full connections: non-empty means the colour has won
    /// whoever moves (an already-joined pair of edges has one, empty).
    pub full: Vec<CellSet>,
    pub semi: Vec<Semi>,
}

impl EdgeConnections {
    /// Whether the colour wins with the move: a full or a semi.
    pub fn wins_to_move(&self) -> bool {
        !self.full.is_empty() || !self.semi.is_empty()
    }

    /// The cells the opponent must play in to stop every semi (all of
    /// them when there is none). Empty: the opponent cannot stop them.
    pub fn must_play(&self, all: CellSet) -> CellSet {
        self.semi.iter().fold(all, |acc, s| acc.and(&s.carrier))
    }

    /// A cell that wins for the colour to move: a semi's key, or any cell
    /// of a full connection's carrier (or `None` if the edges already meet
    /// or nothing wins).
    pub fn winning_cell(&self) -> Option<usize> {
        self.semi
            .first()
            .map(|s| s.key as usize)
            .or_else(|| self.full.iter().find_map(|f| f.first()))
    }
}

enum Event {
    Full(u16, u16, CellSet),
    Semi(u16, u16, CellSet, u16),
}

/// Reusable buffers for H-search on one board size.
pub struct VcBuilder {
    limits: VcLimits,
    n2: usize,
    nodes: usize,
    fulls: Vec<Vec<CellSet>>,
    semis: Vec<Vec<Semi>>,
    touched: Vec<u32>,
    full_neighbours: Vec<CellSet>,
    semi_neighbours: Vec<CellSet>,
    /// Per cell: the node of the colour's group holding it, or itself.
    node_of: Vec<u16>,
    /// Nodes that are groups (stones or an edge), not empty cells.
    groups: CellSet,
    queue: VecDeque<Event>,
    scratch_fulls: Vec<CellSet>,
    scratch_semis: Vec<Semi>,
    or_found: Vec<CellSet>,
    work: u64,
    stack: Vec<usize>,
    /// Per node: the captured set of an empty cell (see
    /// [`VcLimits::captured`]), empty for groups and edges.
    captured: Vec<CellSet>,
    /// Boxed: the builder sits in bigger structs that are moved around.
    templates: Option<Box<BoardTemplates>>,
}

impl VcBuilder {
    pub fn new(n: usize) -> VcBuilder {
        VcBuilder::with_limits(n, VcLimits::default())
    }

    pub fn with_limits(n: usize, limits: VcLimits) -> VcBuilder {
        VcBuilder::with_templates(n, limits, templates::shipped())
    }

    /// A builder starting from `templates` (when its limits use templates)
    /// in place of the shipped ones.
    pub fn with_templates(n: usize, limits: VcLimits, templates: &[EdgeTemplate]) -> VcBuilder {
        let n2 = n * n;
        let nodes = n2 + 2;
        VcBuilder {
            limits,
            n2,
            nodes,
            fulls: vec![Vec::new(); nodes * nodes],
            semis: vec![Vec::new(); nodes * nodes],
            touched: Vec::new(),
            full_neighbours: vec![CellSet::EMPTY; nodes],
            semi_neighbours: vec![CellSet::EMPTY; nodes],
            node_of: vec![0; n2],
            groups: CellSet::EMPTY,
            queue: VecDeque::new(),
            scratch_fulls: Vec::new(),
            scratch_semis: Vec::new(),
            or_found: Vec::new(),
            work: 0,
            stack: Vec::new(),
            captured: vec![CellSet::EMPTY; nodes],
            templates: limits.templates.then(|| Box::new(BoardTemplates::new(n, templates))),
        }
    }

    /// The node numbers of `colour`'s two edges.
    pub fn edges(&self) -> (usize, usize) {
        (self.n2, self.n2 + 1)
    }

    fn reset(&mut self) {
        for &i in &self.touched {
            self.fulls[i as usize].clear();
            self.semis[i as usize].clear();
        }
        self.touched.clear();
        for s in self.full_neighbours.iter_mut().chain(self.semi_neighbours.iter_mut()) {
            *s = CellSet::EMPTY;
        }
        self.queue.clear();
        self.groups = CellSet::EMPTY;
        self.work = 0;
    }

    #[inline]
    fn pair(&self, a: usize, b: usize) -> usize {
        if a < b {
            a * self.nodes + b
        } else {
            b * self.nodes + a
        }
    }

    /// Runs H-search for `colour` on `cells` (row-major) and returns the
    /// connections between its edges. The builder keeps every pair's
    /// connections until the next build ([`VcBuilder::fulls_between`]).
    pub fn build(&mut self, geometry: &Geometry, cells: &[u8], colour: u8) -> EdgeConnections {
        debug_assert_eq!(geometry.cells(), self.n2);
        self.reset();
        let (edge_a, edge_b) = self.edges();
        if self.find_groups(geometry, cells, colour) {
            return EdgeConnections {
                full: vec![CellSet::EMPTY],
                semi: Vec::new(),
            };
        }
        let (near, far) = if colour == RED { (TOP, BOTTOM) } else { (LEFT, RIGHT) };
        for cell in 0..self.n2 {
            if cells[cell] != EMPTY {
                continue;
            }
            for &x in &geometry.around[cell] {
                let other = if x == near {
                    edge_a
                } else if x == far {
                    edge_b
                } else if (x as usize) < self.n2 {
                    match cells[x as usize] {
                        EMPTY if (x as usize) > cell => x as usize,
                        c if c == colour => self.node_of[x as usize] as usize,
                        _ => continue,
                    }
                } else {
                    continue;
                };
                self.add_full(cell, other, CellSet::EMPTY);
            }
        }
        self.add_templates(cells, colour);
        self.find_captured(geometry, cells, colour);
        while let Some(event) = self.queue.pop_front() {
            if self.work > self.limits.work {
                break;
            }
            match event {
                Event::Full(a, b, carrier) => {
                    self.and_from_full(a as usize, b as usize, carrier, cells);
                    self.and_from_full(b as usize, a as usize, carrier, cells);
                }
                Event::Semi(a, b, carrier, key) => {
                    self.and_from_semi(a as usize, b as usize, carrier, key);
                    self.and_from_semi(b as usize, a as usize, carrier, key);
                }
            }
        }
        let i = self.pair(edge_a, edge_b);
        EdgeConnections {
            full: self.fulls[i].clone(),
            semi: self.semis[i].clone(),
        }
    }

    /// Counts from the last build: pairs with connections, fulls, semis, work.
    pub fn stats(&self) -> String {
        let fulls: usize = self.touched.iter().map(|&i| self.fulls[i as usize].len()).sum();
        let semis: usize = self.touched.iter().map(|&i| self.semis[i as usize].len()).sum();
        format!(
            "pairs {} fulls {fulls} semis {semis} work {}",
            self.touched.len(),
            self.work
        )
    }

    /// The full connections found between two nodes in the last build.
    pub fn fulls_between(&self, a: usize, b: usize) -> &[CellSet] {
        &self.fulls[self.pair(a, b)]
    }

    /// Edge templates as fulls, from each of `colour`'s stones and empty
    /// cells whose template carrier holds none of the opponent's stones
    /// (the colour's own stones in it only help: they leave the carrier).
    fn add_templates(&mut self, cells: &[u8], colour: u8) {
        let Some(board) = self.templates.take() else {
            return;
        };
        let opponent = other(colour);
        let (mut theirs, mut ours) = (CellSet::EMPTY, CellSet::EMPTY);
        for (cell, &stone) in cells.iter().enumerate() {
            if stone == opponent {
                theirs.insert(cell);
            } else if stone == colour {
                ours.insert(cell);
            }
        }
        let edges = self.edges();
        for (cell, &stone) in cells.iter().enumerate() {
            if stone == opponent {
                continue;
            }
            let node = self.node_of[cell] as usize;
            for t in board.at(colour, cell) {
                if t.carrier.meets(&theirs) || !t.stones.is_subset(&ours) {
                    continue;
                }
                let to = match t.end {
                    None if t.edge == 0 => edges.0,
                    None => edges.1,
                    Some(end) if cells[end] == opponent => continue,
                    Some(end) => self.node_of[end] as usize,
                };
                self.add_full(node, to, t.carrier.minus(&ours));
            }
        }
        self.templates = Some(board);
    }

    /// Each empty cell's captured set: for each pair of touching empty
    /// neighbours with three of `colour`'s stones (or its edge) in a row
    /// beyond them, the pair (MoHex's `vc-captured-set` pattern).
    fn find_captured(&mut self, geometry: &Geometry, cells: &[u8], colour: u8) {
        for set in &mut self.captured {
            *set = CellSet::EMPTY;
        }
        if !self.limits.captured {
            return;
        }
        let n = geometry.n as i32;
        let inside = |c: i32, r: i32| (0..n).contains(&c) && (0..n).contains(&r);
        let empty = |c: i32, r: i32| inside(c, r) && cells[(r * n + c) as usize] == EMPTY;
        // A stone of the colour, or beyond its edge (not past a corner).
        let ours = |c: i32, r: i32| {
            if inside(c, r) {
                cells[(r * n + c) as usize] == colour
            } else if colour == RED {
                (0..n).contains(&c)
            } else {
                (0..n).contains(&r)
            }
        };
        for (p, _) in cells.iter().enumerate().filter(|&(_, &stone)| stone == EMPTY) {
            let (c, r) = ((p % geometry.n) as i32, (p / geometry.n) as i32);
            for d in 0..6 {
                let (d1, d2) = (DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]);
                let a = (c + d1.0, r + d1.1);
                let b = (c + d2.0, r + d2.1);
                if !empty(a.0, a.1) || !empty(b.0, b.1) {
                    continue;
                }
                let beyond = [
                    (a.0 + d1.0, a.1 + d1.1),
                    (a.0 + d2.0, a.1 + d2.1),
                    (b.0 + d2.0, b.1 + d2.1),
                ];
                if beyond.iter().all(|&(x, y)| ours(x, y)) {
                    self.captured[p].insert((a.1 * n + a.0) as usize);
                    self.captured[p].insert((b.1 * n + b.0) as usize);
                }
            }
        }
    }

    /// Names each of `colour`'s stones by its group's node (an edge's node
    /// for a group touching that edge); true if a group touches both edges.
    fn find_groups(&mut self, geometry: &Geometry, cells: &[u8], colour: u8) -> bool {
        let (near, far) = if colour == RED { (TOP, BOTTOM) } else { (LEFT, RIGHT) };
        let (edge_a, edge_b) = self.edges();
        const UNSEEN: u16 = u16::MAX;
        for (cell, node) in self.node_of.iter_mut().enumerate() {
            *node = if cells[cell] == colour { UNSEEN } else { cell as u16 };
        }
        self.groups.insert(edge_a);
        self.groups.insert(edge_b);
        let mut members = Vec::new();
        for start in 0..self.n2 {
            if self.node_of[start] != UNSEEN {
                continue;
            }
            members.clear();
            self.stack.clear();
            self.stack.push(start);
            self.node_of[start] = start as u16;
            let (mut touches_a, mut touches_b) = (false, false);
            while let Some(cell) = self.stack.pop() {
                members.push(cell);
                for &x in &geometry.around[cell] {
                    if x == near {
                        touches_a = true;
                    } else if x == far {
                        touches_b = true;
                    } else if (x as usize) < self.n2 && self.node_of[x as usize] == UNSEEN {
                        self.node_of[x as usize] = start as u16;
                        self.stack.push(x as usize);
                    }
                }
            }
            if touches_a && touches_b {
                return true;
            }
            let node = if touches_a {
                edge_a
            } else if touches_b {
                edge_b
            } else {
                start
            };
            self.groups.insert(node);
            for &cell in &members {
                self.node_of[cell] = node as u16;
            }
        }
        false
    }

    /// Connections are kept between a group (or edge) and anything, and
    /// between touching cells: a connection between two empty cells with
    /// a carrier joins nothing the colour holds yet, and leaving them out
    /// makes the search tens of times faster ([`VcLimits::cells`] keeps
    /// them all).
    #[inline]
    fn keeps(&self, a: usize, b: usize, carrier: &CellSet) -> bool {
        self.limits.cells || self.groups.contains(a) || self.groups.contains(b) || carrier.is_empty()
    }

    /// The nodes a connection from `x` may be extended to through `m`:
    /// without [`VcLimits::cells`], a cell's connections go only to groups
    /// (see `keeps`).
    #[inline]
    fn partners(&self, neighbours: CellSet, x: usize) -> CellSet {
        let mut partners = neighbours;
        partners.remove(x);
        if !self.limits.cells && !self.groups.contains(x) {
            partners = partners.and(&self.groups);
        }
        partners
    }

    fn add_full(&mut self, a: usize, b: usize, carrier: CellSet) {
        if a == b || !self.keeps(a, b, &carrier) {
            return;
        }
        let i = self.pair(a, b);
        let list = &mut self.fulls[i];
        if list.iter().any(|f| f.is_subset(&carrier)) {
            return;
        }
        list.retain(|f| !carrier.is_subset(f));
        if list.len() >= self.limits.fulls {
            return;
        }
        if list.is_empty() && self.semis[i].is_empty() {
            self.touched.push(i as u32);
        }
        list.push(carrier);
        // A semi whose carrier holds a full's is worth nothing more.
        self.semis[i].retain(|s| !carrier.is_subset(&s.carrier));
        self.full_neighbours[a].insert(b);
        self.full_neighbours[b].insert(a);
        self.queue.push_back(Event::Full(a as u16, b as u16, carrier));
    }

    fn add_semi(&mut self, a: usize, b: usize, carrier: CellSet, key: u16) {
        if a == b || !self.keeps(a, b, &carrier) {
            return;
        }
        let i = self.pair(a, b);
        if self.fulls[i].iter().any(|f| f.is_subset(&carrier)) {
            return;
        }
        let list = &mut self.semis[i];
        if list.iter().any(|s| s.carrier.is_subset(&carrier)) {
            return;
        }
        list.retain(|s| !carrier.is_subset(&s.carrier));
        if list.len() >= self.limits.semis {
            return;
        }
        if list.is_empty() && self.fulls[i].is_empty() {
            self.touched.push(i as u32);
        }
        list.push(Semi { carrier, key });
        self.semi_neighbours[a].insert(b);
        self.semi_neighbours[b].insert(a);
        self.or_rule(a, b, i, carrier);
        self.queue.push_back(Event::Semi(a as u16, b as u16, carrier, key));
    }

    /// Combines the new semi (carrier `carrier`, the last of pair `i`'s
    /// list) with others of the pair into fulls.
    fn or_rule(&mut self, a: usize, b: usize, i: usize, carrier: CellSet) {
        let mut others = std::mem::take(&mut self.scratch_semis);
        others.clear();
        let list = &self.semis[i];
        others.extend_from_slice(&list[..list.len() - 1]);
        let mut found = std::mem::take(&mut self.or_found);
        found.clear();
        self.work += others.len() as u64;
        or_search(
            &others,
            0,
            carrier,
            carrier,
            self.limits.ors.saturating_sub(1),
            &mut found,
            &mut self.work,
        );
        for union in found.drain(..) {
            self.add_full(a, b, union);
        }
        self.or_found = found;
        self.scratch_semis = others;
    }

    /// The carrier of two connections `x`–`m` and `m`–`z` put end to end:
    /// apart, or meeting only in the captured sets of the three nodes
    /// (which then join the carrier), and neither holding the other's far
    /// end. `None` when they cannot be combined.
    #[inline]
    fn joined(&self, a: CellSet, b: &CellSet, [x, m, z]: [usize; 3]) -> Option<CellSet> {
        if b.contains(x) {
            return None;
        }
        if !a.meets(b) {
            return Some(a.or(b));
        }
        let captured = self.captured[x].or(&self.captured[m]).or(&self.captured[z]);
        let union = a.or(b).or(&captured);
        (a.and(b).is_subset(&captured) && !union.contains(x) && !union.contains(z) && !union.contains(m))
            .then_some(union)
    }

    /// AND rule for a new full `x`–`m` with `m` as the middle.
    fn and_from_full(&mut self, x: usize, m: usize, carrier: CellSet, cells: &[u8]) {
        if m >= self.n2 && !self.limits.and_over_edges {
            return;
        }
        let through_cell = m < self.n2 && cells[m] == EMPTY;
        let partners = self.partners(self.full_neighbours[m], x);
        let mut fulls = std::mem::take(&mut self.scratch_fulls);
        for z in partners.iter() {
            if carrier.contains(z) {
                continue;
            }
            fulls.clear();
            fulls.extend_from_slice(&self.fulls[self.pair(m, z)]);
            self.work += fulls.len() as u64;
            for other in &fulls {
                let Some(union) = self.joined(carrier, other, [x, m, z]) else {
                    continue;
                };
                if through_cell {
                    let mut with_key = union;
                    with_key.insert(m);
                    self.add_semi(x, z, with_key, m as u16);
                } else {
                    self.add_full(x, z, union);
                }
            }
        }
        self.scratch_fulls = fulls;
        if !through_cell {
            let partners = self.partners(self.semi_neighbours[m], x);
            let mut semis = Vec::new();
            for z in partners.iter() {
                if carrier.contains(z) {
                    continue;
                }
                semis.clear();
                semis.extend_from_slice(&self.semis[self.pair(m, z)]);
                self.work += semis.len() as u64;
                for s in &semis {
                    if let Some(union) = self.joined(carrier, &s.carrier, [x, m, z]) {
                        self.add_semi(x, z, union, s.key);
                    }
                }
            }
        }
    }

    /// AND rule for a new semi `x`–`m` through a group `m`: with each full
    /// from `m` on, a semi with the same key.
    fn and_from_semi(&mut self, x: usize, m: usize, carrier: CellSet, key: u16) {
        if m >= self.n2 && !self.limits.and_over_edges {
            return;
        }
        if !self.groups.contains(m) {
            return;
        }
        let partners = self.partners(self.full_neighbours[m], x);
        let mut fulls = std::mem::take(&mut self.scratch_fulls);
        for z in partners.iter() {
            if carrier.contains(z) {
                continue;
            }
            fulls.clear();
            fulls.extend_from_slice(&self.fulls[self.pair(m, z)]);
            self.work += fulls.len() as u64;
            for other in &fulls {
                if let Some(union) = self.joined(carrier, other, [x, m, z]) {
                    self.add_semi(x, z, union, key);
                }
            }
        }
        self.scratch_fulls = fulls;
    }
}

/// Depth-first OR: adds semis from `start` on while the carriers' common
/// part shrinks; a combination with nothing in common is a full. At most
/// `more` semis are added after the first.
fn or_search(
    semis: &[Semi],
    start: usize,
    common: CellSet,
    union: CellSet,
    more: usize,
    found: &mut Vec<CellSet>,
    work: &mut u64,
) {
    for j in start..semis.len() {
        *work += 1;
        let narrowed = common.and(&semis[j].carrier);
        if narrowed == common {
            continue;
        }
        let widened = union.or(&semis[j].carrier);
        if narrowed.is_empty() {
            found.push(widened);
        } else if more > 0 {
            or_search(semis, j + 1, narrowed, widened, more - 1, found, work);
        }
    }
}

/// The node of an edge code for `colour` (tests and tools).
pub fn edge_node(builder: &VcBuilder, code: u16) -> Option<usize> {
    let (a, b) = builder.edges();
    match code {
        TOP | LEFT => Some(a),
        BOTTOM | RIGHT => Some(b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::board::BLUE;
    use crate::hex::exact::cells_of;

    fn cell(name: &str, n: usize) -> usize {
        let c: papan_rules::hex::Cell = name.parse().unwrap();
        c.row as usize * n + c.col as usize
    }

    #[test]
    fn a_second_row_stone_reaches_its_edge_by_the_bridge_template() {
        let g = Geometry::new(5);
        let cells = cells_of(&[".....", ".R...", ".....", ".....", "....."]);
        let mut b = VcBuilder::new(5);
        b.build(&g, &cells, RED);
        let stone = cell("b2", 5);
        let (top, _) = b.edges();
        let fulls = b.fulls_between(stone, top);
        let expected: CellSet = [cell("b1", 5), cell("c1", 5)].into_iter().collect();
        assert!(fulls.contains(&expected), "{fulls:?}");
    }

    #[test]
    fn a_cell_captures_the_two_cells_between_it_and_its_edge_or_three_stones() {
        let n = 5;
        let g = Geometry::new(n);
        let set = |names: &[&str]| -> CellSet { names.iter().map(|x| cell(x, n)).collect() };
        let mut b = VcBuilder::new(n);
        b.build(&g, &cells_of(&[".....", ".....", ".....", ".....", "....."]), RED);
        assert_eq!(b.captured[cell("c4", n)], set(&["b5", "c5"]), "towards the bottom");
        assert_eq!(b.captured[cell("c2", n)], set(&["c1", "d1"]), "towards the top");
        assert_eq!(b.captured[cell("c3", n)], CellSet::EMPTY, "in the middle");
        b.build(&g, &cells_of(&[".....", ".....", ".....", ".....", "....."]), BLUE);
        assert_eq!(b.captured[cell("d3", n)], set(&["e2", "e3"]), "Blue's right edge");
        assert_eq!(b.captured[cell("c4", n)], CellSet::EMPTY);
        // Three of Red's stones in a row two steps away do as its edge.
        let cells = cells_of(&[".....", ".....", "RRR..", ".....", "....."]);
        b.build(&g, &cells, RED);
        assert_eq!(b.captured[cell("c1", n)], set(&["b2", "c2"]));
        b.build(&g, &cells, BLUE);
        assert_eq!(b.captured[cell("c1", n)], CellSet::EMPTY, "not the opponent's stones");
    }

    #[test]
    fn connections_and_must_play_agree_with_an_exact_solver_on_small_boards() {
        for limits in [VcLimits::default(), VcLimits::default().with_cells()] {
            agrees_with_an_exact_solver(limits);
        }
    }

    fn agrees_with_an_exact_solver(limits: VcLimits) {
        use crate::hex::exact::Exact;
        use rand::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut checked = [0usize; 3];
        for n in [4usize, 5] {
            let g = Geometry::new(n);
            let mut b = VcBuilder::with_limits(n, limits);
            let mut exact = Exact::new(&g);
            for _ in 0..120 {
                let cells = crate::hex::exact::random_position(&g, &mut rng, if n == 4 { 4 } else { 12 });
                let Some(cells) = cells else { continue };
                let to_move = if rng.next_u32() & 1 == 0 { RED } else { BLUE };
                let opponent = crate::hex::geometry::other(to_move);
                let mine = b.build(&g, &cells, to_move);
                let wins = exact.wins(&cells, to_move);
                if mine.wins_to_move() {
                    assert!(wins, "a claimed winning connection loses\n{}", exact.picture(&cells));
                    checked[0] += 1;
                }
                let theirs = b.build(&g, &cells, opponent);
                if !theirs.full.is_empty() {
                    assert!(!wins, "a claimed full connection is broken\n{}", exact.picture(&cells));
                    checked[1] += 1;
                }
                if !theirs.semi.is_empty() {
                    let empty: CellSet = (0..n * n).filter(|&c| cells[c] == EMPTY).collect();
                    let must = theirs.must_play(empty);
                    for cell in empty.minus(&must).iter() {
                        let mut after = cells.clone();
                        after[cell] = to_move;
                        assert!(
                            exact.wins(&after, opponent),
                            "{cell} outside the must-play region {must:?} does not lose\n{}",
                            exact.picture(&cells)
                        );
                        checked[2] += 1;
                    }
                }
            }
        }
        assert!(
            checked.iter().all(|&c| c > 10),
            "every claim was tested: {checked:?} ({limits:?})"
        );
    }

    #[test]
    fn connections_between_empty_cells_prove_wins_the_group_builder_misses() {
        // Chains of bridges through empty cells (a cell a bridge from a
        // cell a bridge from the edge) are invisible to the group builder;
        // on random 5×5 positions the cells' connections prove wins it
        // misses, every one real by the exact solver, and lose none.
        use crate::hex::exact::Exact;
        use rand::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let g = Geometry::new(5);
        let mut plain = VcBuilder::new(5);
        let mut cells_too = VcBuilder::with_limits(5, VcLimits::default().with_cells());
        let mut exact = Exact::new(&g);
        let (mut more, mut fewer) = (0, 0);
        for _ in 0..600 {
            let Some(cells) = crate::hex::exact::random_position(&g, &mut rng, 10) else {
                continue;
            };
            let to_move = if rng.next_u32() & 1 == 0 { RED } else { BLUE };
            let before = plain.build(&g, &cells, to_move).wins_to_move();
            let after = cells_too.build(&g, &cells, to_move).wins_to_move();
            if after && !before {
                assert!(exact.wins(&cells, to_move), "{}", exact.picture(&cells));
                more += 1;
            }
            if before && !after {
                fewer += 1;
            }
        }
        assert!(more >= 5, "the cells' connections proved {more} positions more");
        assert_eq!(fewer, 0, "every win the group builder finds is found with cells too");
    }

    #[test]
    fn stones_already_joined_are_a_full_connection() {
        let g = Geometry::new(3);
        let cells = cells_of(&[".R.", ".R.", "R.."]);
        let mut b = VcBuilder::new(3);
        assert_eq!(b.build(&g, &cells, RED).full, vec![CellSet::EMPTY]);
        assert!(b.build(&g, &cells, BLUE).full.is_empty());
    }

    #[test]
    fn the_centre_of_three_by_three_wins_by_two_bridges() {
        // Red b2 on 3×3: the top by b1/c1, the bottom by a3/b3: a full.
        let g = Geometry::new(3);
        let cells = cells_of(&["...", ".R.", "..."]);
        let mut b = VcBuilder::new(3);
        let red = b.build(&g, &cells, RED);
        assert!(!red.full.is_empty(), "{red:?}");
        // And Blue, to move, has nothing: it must break a full, it cannot.
        let blue = b.build(&g, &cells, BLUE);
        assert!(!blue.wins_to_move(), "{blue:?}");
    }
}
