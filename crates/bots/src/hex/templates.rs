//! Edge templates: a stone (or an empty cell) a few rows from its edge
//! that joins the edge against any defence while a set of cells, the
//! carrier, stays empty. H-search ([`super::vc`]) builds the second and
//! third rows' from bridges, but not the fourth's and fifth's, nor most
//! that lean on a helper stone or run a ladder to an escape stone, whose
//! proofs need a search; MoHex ships such a library and proves far more
//! won positions with it. Papan's are found and proved by the exact solver
//! ([`super::dfpn`]) on a board cut down to the carrier (`hex-templates`
//! in the tools writes `data/hex.templates`; a test proves every one
//! again), and the builder starts from them as from touching cells.
//!
//! A template is written for Red and the bottom edge: offsets (column,
//! row) from the stone, rows counted down towards the edge, the stone on
//! row `row` from it (1: touching). The other three edges are the same
//! template turned half a turn or mirrored across the long diagonal, which
//! keep Hex's neighbourhoods.
//!
//! A ladder template joins the stone to a cell of the second row further
//! along ([`EdgeTemplate::end`]) rather than to the edge: the opponent
//! either lets both reach the edge or pushes the stone along the second
//! row into the end. H-search then joins whatever the end joins (MoHex
//! builds such ladders from hand-drawn pieces; with them and captured
//! sets, `super::vc`, its root H-search proves most of its lead).

use super::board::{BLUE, EMPTY, RED};
use super::cells::CellSet;
use super::dfpn::Dfpn;
use super::geometry::{Geometry, DIRECTIONS};
use super::vc::{VcBuilder, VcLimits};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

const SHIPPED: &str = include_str!("../../data/hex.templates");

/// The largest board the solver takes (19×19, as the builder's cell sets).
const MAX_BOARD: usize = 19;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct EdgeTemplate {
    /// The stone's row counted from the edge (1: on the edge row).
    pub row: usize,
    /// The carrier's cells, (column, row) from the stone, sorted.
    pub carrier: Vec<(i32, i32)>,
    /// Other stones of the colour the template needs (sorted; the stone
    /// itself may be an empty cell, joined once the colour plays it).
    pub stones: Vec<(i32, i32)>,
    /// A ladder's far end: the stone joins this cell (stone or empty)
    /// rather than the edge, through the edge or along it (both joined to
    /// the edge count as joined, as for H-search). `None`: to the edge.
    pub end: Option<(i32, i32)>,
}

fn sorted(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    cells.sort_by_key(|&(c, r)| (r, c));
    cells.dedup();
    cells
}

impl EdgeTemplate {
    pub fn new(row: usize, carrier: Vec<(i32, i32)>, stones: Vec<(i32, i32)>) -> EdgeTemplate {
        EdgeTemplate {
            row,
            carrier: sorted(carrier),
            stones: sorted(stones),
            end: None,
        }
    }

    /// A ladder template: the stone joins the cell `end` (on a row nearer
    /// the edge or its own), the carrier running along the edge.
    pub fn ladder(row: usize, end: (i32, i32), carrier: Vec<(i32, i32)>) -> EdgeTemplate {
        EdgeTemplate {
            end: Some(end),
            ..EdgeTemplate::new(row, carrier, Vec::new())
        }
    }

    /// The template seen in a mirror standing on the stone, square to the
    /// edge: (c, r) → (−c − r, r) keeps every cell's six neighbours.
    pub fn mirrored(&self) -> EdgeTemplate {
        let mirror = |cells: &[(i32, i32)]| cells.iter().map(|&(c, r)| (-c - r, r)).collect();
        EdgeTemplate {
            end: self.end.map(|(c, r)| (-c - r, r)),
            ..EdgeTemplate::new(self.row, mirror(&self.carrier), mirror(&self.stones))
        }
    }

    /// Whether `other` holds wherever `self` does (same row, no stone
    /// more, its carrier within `self`'s cells): then `self` adds nothing.
    fn implies(&self, other: &EdgeTemplate) -> bool {
        self.row == other.row
            && self.end == other.end
            && other.stones.iter().all(|x| self.stones.contains(x))
            && other
                .carrier
                .iter()
                .all(|x| self.carrier.contains(x) || self.stones.contains(x))
    }
}

/// The templates the project ships (`data/hex.templates`), parsed once.
pub fn shipped() -> &'static [EdgeTemplate] {
    static TEMPLATES: OnceLock<Vec<EdgeTemplate>> = OnceLock::new();
    TEMPLATES.get_or_init(|| parse(SHIPPED).expect("the shipped templates parse"))
}

/// Reads the template file: `#` comments, then per line the row (for a
/// ladder, then `>` and its far end as `column,row`), a colon, the
/// carrier's cells as `column,row` pairs, and after a `+` the other stones
/// the template needs.
pub fn parse(text: &str) -> Result<Vec<EdgeTemplate>, String> {
    let mut templates = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("hex.templates line {}: {why}: {line}", number + 1);
        let (head, cells) = line.split_once(':').ok_or_else(|| bad("no colon after the row"))?;
        let (row, end) = head.split_once('>').unwrap_or((head, ""));
        let row: usize = row.trim().parse().map_err(|_| bad("the row is not a number"))?;
        if !(1..=8).contains(&row) {
            return Err(bad("the row is not between 1 and 8"));
        }
        let (carrier, stones) = cells.split_once('+').unwrap_or((cells, ""));
        let read = |text: &str| -> Result<Vec<(i32, i32)>, String> {
            let mut read = Vec::new();
            for pair in text.split_whitespace() {
                let (c, r) = pair.split_once(',').ok_or_else(|| bad("a cell is not column,row"))?;
                let c: i32 = c.parse().map_err(|_| bad("a column is not a number"))?;
                let r: i32 = r.parse().map_err(|_| bad("a row is not a number"))?;
                if !(0..row as i32).contains(&r) || (c, r) == (0, 0) {
                    return Err(bad("a cell lies beyond the edge, behind the stone or on it"));
                }
                read.push((c, r));
            }
            Ok(read)
        };
        let mut t = EdgeTemplate::new(row, read(carrier)?, read(stones)?);
        if !end.trim().is_empty() {
            match read(end)?[..] {
                [end] if !t.carrier.contains(&end) && !t.stones.contains(&end) => t.end = Some(end),
                [_] => return Err(bad("the ladder's end is in the carrier")),
                _ => return Err(bad("a ladder has one end")),
            }
        }
        if t.stones.iter().any(|x| t.carrier.contains(x)) {
            return Err(bad("a stone is in the carrier"));
        }
        templates.push(t);
    }
    Ok(templates)
}

/// Writes templates in the file's form (without its header).
pub fn format(templates: &[EdgeTemplate]) -> String {
    let mut text = String::new();
    for t in templates {
        text.push_str(&t.row.to_string());
        if let Some((c, r)) = t.end {
            text.push_str(&format!(">{c},{r}"));
        }
        text.push(':');
        for (c, r) in &t.carrier {
            text.push_str(&format!(" {c},{r}"));
        }
        if !t.stones.is_empty() {
            text.push_str(" +");
            for (c, r) in &t.stones {
                text.push_str(&format!(" {c},{r}"));
            }
        }
        text.push('\n');
    }
    text
}

/// Whether the template holds: the stone joins the bottom edge with Blue
/// to move and only the carrier empty, as the exact solver finds it within
/// `work` judgements (`None`: not decided). The solver's builder runs
/// without templates, so none is proved by itself.
pub fn proves(t: &EdgeTemplate, work: u64) -> Option<bool> {
    let (cells, n) = match t.end {
        None => cut_down_board(t),
        // The board leads the end's path off to the right: a ladder to the
        // left is its mirror image's.
        Some((c, r)) if -c - r < c => ladder_board(t)?,
        Some(_) => ladder_board(&t.mirrored())?,
    };
    let limits = VcLimits {
        templates: false,
        ..VcLimits::default()
    };
    Dfpn::new(n, limits)
        .solve(&cells, BLUE, work)
        .result
        .map(|blue_wins| !blue_wins)
}

/// Whether H-search with `known` templates already joins the template's
/// stone to the edge on its cut-down board: then it need not be shipped.
pub fn derived(t: &EdgeTemplate, known: &[EdgeTemplate]) -> bool {
    let (cells, n) = cut_down_board(t);
    let mut vc = VcBuilder::with_templates(n, VcLimits::default(), known);
    !vc.build(&Geometry::new(n), &cells, RED).full.is_empty()
}

/// A board where Red's stone on the template's row joins the top by a
/// column of Red stones, the carrier is empty, the template's other stones
/// Red's and every other cell Blue's: Blue wins exactly when it cuts the
/// stone from the bottom inside the carrier.
fn cut_down_board(t: &EdgeTemplate) -> (Vec<u8>, usize) {
    let all = || t.carrier.iter().chain(&t.stones).map(|&(c, _)| c);
    let left = all().min().unwrap_or(0).min(0);
    let right = all().max().unwrap_or(0).max(0);
    let n = ((right - left + 1) as usize).max(t.row + 1);
    let (c0, r0) = (-left, (n - t.row) as i32);
    let at = |c: i32, r: i32| r as usize * n + c as usize;
    let mut cells = vec![BLUE; n * n];
    for r in 0..=r0 {
        cells[at(c0, r)] = RED;
    }
    for &(c, r) in &t.carrier {
        cells[at(c0 + c, r0 + r)] = EMPTY;
    }
    for &(c, r) in &t.stones {
        cells[at(c0 + c, r0 + r)] = RED;
    }
    (cells, n)
}

fn touching(a: (i32, i32), b: (i32, i32)) -> bool {
    DIRECTIONS.iter().any(|&(dc, dr)| (a.0 + dc, a.1 + dr) == b)
}

/// A board on which Red wins exactly when a ladder template's stone joins
/// its far end, either along the carrier or both reaching the edge: the
/// edge is a row of Red stones under the template (joined to neither of
/// the board's edges), the stone joins the top by a column of Red stones,
/// the end the bottom by a path of Red stones over and round the right of
/// the template; the carrier is empty, every other cell Blue's. `None`
/// when those paths would touch a carrier cell that the stone or the end
/// does not: the board would then prove more than the template says.
fn ladder_board(t: &EdgeTemplate) -> Option<(Vec<u8>, usize)> {
    let end = t.end?;
    let row = t.row as i32;
    let all = || t.carrier.iter().chain(&t.stones).chain([&(0, 0), &end]);
    let left = all().map(|&(c, _)| c).min()? - 1;
    let right = all().map(|&(c, _)| c).max()? + 2;
    // The end's path: up a row, right past the template, down to the bottom.
    let over = end.1 - 1;
    let top = over.min(0) - 1;
    let bottom = row + 1;
    let mut path: Vec<(i32, i32)> = (end.0 + 1..=right).map(|c| (c, over)).collect();
    path.extend((over + 1..=bottom).map(|r| (right, r)));
    let column: Vec<(i32, i32)> = (top..0).map(|r| (0, r)).collect();
    let edge: Vec<(i32, i32)> = (left..=right - 2).map(|c| (c, row)).collect();
    let touches_any = |x: (i32, i32), cells: &[(i32, i32)]| cells.iter().any(|&y| touching(x, y));
    for &x in t.carrier.iter().chain(&t.stones) {
        if (touches_any(x, &path) && !touching(x, end)) || (touches_any(x, &column) && !touching(x, (0, 0))) {
            return None;
        }
    }
    if edge.iter().any(|&x| touches_any(x, &path) || touches_any(x, &column))
        || path.iter().any(|&x| touches_any(x, &column) || x == (0, 0))
    {
        return None;
    }
    let n = ((right - left + 1).max(bottom - top + 1)) as usize;
    if n > MAX_BOARD {
        return None;
    }
    // The top row may be further up on a square board: the column reaches it.
    let top = bottom - n as i32 + 1;
    let at = |(c, r): (i32, i32)| (r - top) as usize * n + (c - left) as usize;
    let mut cells = vec![BLUE; n * n];
    for &x in path.iter().chain(&edge).chain(&t.stones).chain([&(0, 0), &end]) {
        cells[at(x)] = RED;
    }
    for r in top..0 {
        cells[at((0, r))] = RED;
    }
    for &x in &t.carrier {
        cells[at(x)] = EMPTY;
    }
    Some((cells, n))
}

/// The region reaching `left` and `right` cells beyond the stone's cone
/// on either side (−1: one cell short of the cone's edge).
fn region(row: usize, left: i32, right: i32) -> Vec<(i32, i32)> {
    (0..row as i32)
        .flat_map(|r| (-r - left..=right).map(move |c| (c, r)))
        .filter(|&x| x != (0, 0))
        .collect()
}

/// Shrinks a template that holds cell by cell, in `order`, to a carrier
/// from which no cell can be dropped.
fn shrink(mut t: EdgeTemplate, order: &[(i32, i32)], work: u64) -> EdgeTemplate {
    for x in order {
        let Some(at) = t.carrier.iter().position(|y| y == x) else {
            continue;
        };
        let mut trial = t.clone();
        trial.carrier.remove(at);
        if proves(&trial, work) == Some(true) {
            t = trial;
        }
    }
    t
}

/// Adds `t` and its mirror image to `found` unless one there implies it,
/// dropping those it implies (and nothing when it needs no carrier).
fn keep(found: &mut Vec<EdgeTemplate>, t: EdgeTemplate) {
    if t.carrier.is_empty() {
        // A helper touching both: the stone's group is on the edge already.
        return;
    }
    for t in [t.mirrored(), t] {
        if !found.iter().any(|f| t.implies(f)) {
            found.retain(|f| !f.implies(&t));
            found.push(t);
        }
    }
}

/// What [`find`] searches: templates of `row` in the region reaching
/// `left` and `right` cells beyond the stone's cone on either side.
#[derive(Clone, Debug)]
pub struct Search {
    pub row: usize,
    pub left: i32,
    pub right: i32,
    /// Also with another stone of the colour on each cell of the region.
    pub helpers: bool,
    /// Keep helper templates that H-search finds by itself on their own
    /// cut-down board: ladders, which it finds there but not on a full board,
    /// where its capped lists fill with other connections first.
    pub derived_too: bool,
    /// Shrinking orders per region.
    pub tries: usize,
    pub seed: u64,
    /// The solver's judgements per proof.
    pub work: u64,
}

/// Finds templates: proves the region (when it holds without helpers),
/// then shrinks it to carriers from which no cell can be dropped, in
/// `tries` orders shuffled by the seed: each starts with one cell of the
/// region (the nearest to the stone in turn), and every other one drops the
/// cells beyond the cone first. With helpers, the same again with each cell
/// of the region holding a stone of the colour, keeping only what H-search
/// with the plain templates (these and `known`) does not find by itself
/// (unless `derived_too`). A region cut short of the cone on one side finds
/// ladders: the stone cannot reach the edge there and runs along it to a
/// helper stone, the escape. Returns them with their mirror images, none
/// implying another.
pub fn find(search: &Search, known: &[EdgeTemplate]) -> Vec<EdgeTemplate> {
    let region = region(search.row, search.left, search.right);
    // The first cells to drop: those nearest the stone, in turn.
    let mut nearest = region.clone();
    nearest.sort_by_key(|&(c, r)| (c.abs().max(r).max((c + r).abs()), r, c));
    let mut rng = ChaCha8Rng::seed_from_u64(search.seed);
    let mut orders = |region: &[(i32, i32)]| {
        (0..search.tries)
            .map(|attempt| {
                let mut order = region.to_vec();
                order.shuffle(&mut rng);
                if attempt % 2 == 0 {
                    // Beyond the cone first: the templates that hug the way down.
                    order.sort_by_key(|&(c, r)| std::cmp::Reverse((-c - r).max(c).max(0)));
                }
                let first = nearest[attempt % nearest.len()];
                order.retain(|&x| x != first);
                order.insert(0, first);
                order
            })
            .collect::<Vec<_>>()
    };
    let mut plain = Vec::new();
    let whole = EdgeTemplate::new(search.row, region.clone(), Vec::new());
    if proves(&whole, search.work) == Some(true) {
        for order in orders(&region) {
            keep(&mut plain, shrink(whole.clone(), &order, search.work));
        }
    }
    let mut found = plain.clone();
    if search.helpers {
        let known: Vec<EdgeTemplate> = known.iter().chain(&plain).cloned().collect();
        for &helper in &region {
            let carrier: Vec<_> = region.iter().copied().filter(|&x| x != helper).collect();
            let whole = EdgeTemplate::new(search.row, carrier.clone(), vec![helper]);
            if proves(&whole, search.work) != Some(true) {
                continue;
            }
            for order in orders(&carrier) {
                let t = shrink(whole.clone(), &order, search.work);
                if search.derived_too || !derived(&t, &known) {
                    keep(&mut found, t);
                }
            }
        }
    }
    found.sort();
    found
}

/// Ladders to a cell: the stone on `row` joins a cell of the second row
/// `1..=reach` columns to its right (on its own row it must be two away),
/// the carrier running along the edge. Each region is the stone's cone
/// (one column wider on the right above the second row, from the fourth
/// row up), and the two rows along the edge out to the end; a second-row
/// stone keeps only one of its cells on the edge row, either, so that it
/// cannot reach the edge by itself. Each is proved and shrunk in `tries`
/// orders; a carrier in which the stone reaches the edge by itself (the
/// ladder is then a template and the end's own way to the edge) is
/// dropped. Returns them with their mirror images, none implying another.
pub fn find_ladders(row: usize, reach: i32, tries: usize, seed: u64, work: u64) -> Vec<EdgeTemplate> {
    let row_i = row as i32;
    let second = row_i - 2;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut found = Vec::new();
    for column in 1..=reach {
        let end = (column, second);
        if row == 2 && column < 2 {
            continue;
        }
        let cone: Vec<(i32, i32)> = (0..row_i)
            .flat_map(|r| {
                let last = match r {
                    r if r >= second => column + r - second - 1,
                    0 if row < 4 => 0,
                    _ => 1,
                };
                (-r..=last).map(move |c| (c, r))
            })
            .filter(|&x| x != (0, 0) && x != end)
            .collect();
        let regions: Vec<Vec<(i32, i32)>> = if row == 2 {
            // The stone's cell on the edge row towards the end, or behind it.
            [(-1, 1), (0, 1)]
                .iter()
                .map(|&cut| cone.iter().copied().filter(|&x| x != cut).collect())
                .collect()
        } else {
            vec![cone]
        };
        for region in regions {
            let whole = EdgeTemplate::ladder(row, end, region.clone());
            if proves(&whole, work) != Some(true) {
                continue;
            }
            for attempt in 0..tries {
                let mut order = region.clone();
                order.shuffle(&mut rng);
                if attempt % 2 == 0 {
                    // Far from the edge first: the ladders that hug it.
                    order.sort_by_key(|&(_, r)| r);
                }
                let t = shrink(whole.clone(), &order, work);
                let alone = EdgeTemplate::new(row, t.carrier.clone(), Vec::new());
                if proves(&alone, work) != Some(true) {
                    keep(&mut found, t);
                }
            }
        }
    }
    found.sort();
    found
}

/// One template laid on a board: its edge (0: the colour's top or left,
/// 1: bottom or right), carrier and needed stones as cell numbers.
#[derive(Clone, Debug)]
pub struct Placed {
    pub edge: u8,
    pub carrier: CellSet,
    pub stones: CellSet,
    /// A ladder's far end (see [`EdgeTemplate::end`]).
    pub end: Option<usize>,
}

/// The templates laid on one board, per colour and cell.
pub struct BoardTemplates {
    by_cell: [Vec<Vec<Placed>>; 2],
}

impl BoardTemplates {
    pub fn new(n: usize, templates: &[EdgeTemplate]) -> BoardTemplates {
        let mut by_cell = [vec![Vec::new(); n * n], vec![Vec::new(); n * n]];
        let n = n as i32;
        let inside = |v: i32| (0..n).contains(&v);
        // Per colour and edge, how an offset (c, r) from a stone on (x, y)
        // lands: Red's bottom as written, its top half a turn round, Blue's
        // right and left mirrored across the long diagonal.
        type Place = fn(i32, i32, i32, i32) -> (i32, i32);
        let placements: [(usize, u8, Place); 4] = [
            (0, 1, |x, y, c, r| (x + c, y + r)),
            (0, 0, |x, y, c, r| (x - c, y - r)),
            (1, 1, |x, y, c, r| (x + r, y + c)),
            (1, 0, |x, y, c, r| (x - r, y - c)),
        ];
        for t in templates {
            let row = t.row as i32;
            for (colour, edge, place) in placements {
                // The stone's line: its row for Red, its column for Blue.
                let line = if edge == 1 { n - row } else { row - 1 };
                if !inside(line) {
                    continue;
                }
                for i in 0..n {
                    let (x, y) = if colour == 0 { (i, line) } else { (line, i) };
                    // A cell's number, or `None` off the board.
                    let lay_cell = |&(c, r): &(i32, i32)| {
                        let (cx, cy) = place(x, y, c, r);
                        (inside(cx) && inside(cy)).then_some((cy * n + cx) as usize)
                    };
                    let lay = |cells: &[(i32, i32)]| -> Option<CellSet> { cells.iter().map(lay_cell).collect() };
                    // `Some(None)`: no end; `None`: an end off the board.
                    let end = t.end.as_ref().map_or(Some(None), |e| lay_cell(e).map(Some));
                    if let (Some(carrier), Some(stones), Some(end)) = (lay(&t.carrier), lay(&t.stones), end) {
                        by_cell[colour][(y * n + x) as usize].push(Placed {
                            edge,
                            carrier,
                            stones,
                            end,
                        });
                    }
                }
            }
        }
        BoardTemplates { by_cell }
    }

    /// The templates from `cell` to `colour`'s edges.
    pub fn at(&self, colour: u8, cell: usize) -> &[Placed] {
        &self.by_cell[usize::from(colour != RED)][cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ziggurat() -> EdgeTemplate {
        let cells = vec![(1, 0), (-1, 1), (0, 1), (1, 1), (-2, 2), (-1, 2), (0, 2), (1, 2)];
        EdgeTemplate::new(3, cells, Vec::new())
    }

    #[test]
    fn the_shipped_templates_parse_and_come_with_their_mirror_images() {
        let templates = shipped();
        assert!(templates.iter().any(|t| t.row == 4), "fourth-row templates ship");
        assert!(
            templates.iter().any(|t| !t.stones.is_empty()),
            "templates with helper stones ship"
        );
        for t in templates {
            let m = t.mirrored();
            assert!(
                templates.iter().any(|u| m.implies(u)),
                "{t:?}'s mirror image is shipped"
            );
        }
    }

    #[test]
    fn every_shipped_template_is_proved_by_the_exact_solver() {
        for t in shipped() {
            assert_eq!(proves(t, 1_000_000), Some(true), "{t:?} holds");
        }
    }

    #[test]
    fn a_template_less_a_cell_of_its_carrier_is_broken() {
        // Minimal carriers: Blue cuts the stone off once any cell is taken.
        for t in shipped().iter().filter(|t| t.row <= 4) {
            for at in 0..t.carrier.len() {
                let mut less = t.clone();
                let x = less.carrier.remove(at);
                assert_eq!(proves(&less, 1_000_000), Some(false), "{t:?} without {x:?}");
            }
        }
    }

    #[test]
    fn the_third_rows_template_is_the_ziggurat() {
        // Found by the search from a wide region: the 8-cell ziggurat and
        // its mirror image, as every Hex text draws it, among others.
        let search = Search {
            row: 3,
            left: 2,
            right: 2,
            helpers: false,
            derived_too: false,
            tries: 6,
            seed: 1,
            work: 20_000,
        };
        let found = find(&search, &[]);
        assert!(found.contains(&ziggurat()), "{found:?}");
        assert!(found.contains(&ziggurat().mirrored()), "{found:?}");
        assert!(found.iter().all(|t| t.carrier.len() >= 8), "{found:?}");
    }

    #[test]
    fn the_generator_gives_the_shipped_third_row_again() {
        // As `hex-templates --rows 2-5 --width 3 --tries 12 --seed 1` runs
        // it (the seed plus the row), the third row's plain templates.
        let search = Search {
            row: 3,
            left: 3,
            right: 3,
            helpers: false,
            derived_too: false,
            tries: 12,
            seed: 1 + 3,
            work: 200_000,
        };
        let shipped: Vec<EdgeTemplate> = shipped()
            .iter()
            .filter(|t| t.row == 3 && t.stones.is_empty() && t.end.is_none())
            .cloned()
            .collect();
        assert_eq!(find(&search, &[]), shipped);
    }

    #[test]
    fn the_ziggurat_is_derived_by_h_search_and_the_fourth_rows_template_is_not() {
        assert!(derived(&ziggurat(), &[]));
        let fourth = shipped().iter().find(|t| t.row == 4 && t.stones.is_empty()).unwrap();
        assert!(!derived(fourth, &[]), "{fourth:?}");
        assert!(derived(fourth, shipped()));
    }

    #[test]
    fn parse_refuses_a_line_it_cannot_read_and_says_where() {
        let t = parse("3: 1,0 -1,1 + 2,1\n").unwrap();
        assert_eq!(t[0].stones, vec![(2, 1)]);
        assert_eq!(parse(&format(&t)).unwrap(), t, "written as read");
        let e = parse("# header\n3: 1,0 x\n").unwrap_err();
        assert!(e.contains("line 2"), "{e}");
        assert!(parse("3: 0,3\n").unwrap_err().contains("beyond the edge"));
        assert!(parse("3: 0,1 + 0,1\n").unwrap_err().contains("in the carrier"));
        assert!(parse("three: 0,1\n").is_err());
    }

    #[test]
    fn templates_land_on_all_four_edges_and_not_off_the_board() {
        let board = BoardTemplates::new(5, &[ziggurat()]);
        let n = 5;
        // Red on (2, 2) is on row 3 from both its edges: one each.
        let placed = board.at(RED, 2 * n + 2);
        assert_eq!(placed.iter().map(|p| p.edge).collect::<Vec<_>>(), vec![1, 0]);
        // Towards the bottom, the ziggurat's cells as written.
        let bottom = placed[0].carrier;
        assert!(bottom.contains(2 * n + 3) && bottom.contains(4 * n) && !bottom.contains(4 * n + 4));
        // Towards the top, half a turn round.
        assert!(placed[1].carrier.contains(2 * n + 1) && placed[1].carrier.contains(4));
        // Too near the left side for the template's left cells.
        assert!(board.at(RED, 2 * n).iter().all(|p| p.edge != 1));
        // Blue's templates are Red's across the long diagonal.
        let blue = board.at(BLUE, 2 * n + 2);
        assert_eq!(blue.len(), 2);
        assert!(blue[0].carrier.contains(3 * n + 2) && blue[0].carrier.contains(4));
        // Not for a stone on another row.
        assert!(board.at(RED, n + 2).is_empty());
    }

    /// Whether a ladder template holds, by playing out every game in its
    /// carrier (Blue first): Red wins when the stone and the end are joined
    /// by Red stones, or both reach the edge row. Small carriers only.
    fn ladder_by_brute_force(t: &EdgeTemplate) -> bool {
        use std::collections::HashMap;
        fn joined(t: &EdgeTemplate, red: u32) -> bool {
            let end = t.end.unwrap();
            let mut cells: Vec<(i32, i32)> = vec![(0, 0), end];
            cells.extend(t.stones.iter().copied());
            cells.extend((0..t.carrier.len()).filter(|i| red >> i & 1 == 1).map(|i| t.carrier[i]));
            // The cells joined to cell `from` by Red cells, and whether one
            // is on the edge row.
            let reach = |from: usize| {
                let mut seen = vec![false; cells.len()];
                let (mut stack, mut at_edge) = (vec![from], false);
                seen[from] = true;
                while let Some(i) = stack.pop() {
                    at_edge |= cells[i].1 == t.row as i32 - 1;
                    for j in 0..cells.len() {
                        if !seen[j] && touching(cells[i], cells[j]) {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
                (seen, at_edge)
            };
            let (from_stone, stone_at_edge) = reach(0);
            from_stone[1] || (stone_at_edge && reach(1).1)
        }
        fn play(
            t: &EdgeTemplate,
            red: u32,
            blue: u32,
            blue_to_move: bool,
            memo: &mut HashMap<(u32, u32), bool>,
        ) -> bool {
            let full = (1u32 << t.carrier.len()) - 1;
            if red | blue == full {
                return joined(t, red);
            }
            if let Some(&known) = memo.get(&(red, blue)) {
                return known;
            }
            let free = (0..t.carrier.len()).filter(|i| (red | blue) >> i & 1 == 0);
            let result = if blue_to_move {
                free.clone().all(|i| play(t, red, blue | 1 << i, false, memo))
            } else {
                free.clone().any(|i| play(t, red | 1 << i, blue, true, memo))
            };
            memo.insert((red, blue), result);
            result
        }
        play(t, 0, 0, true, &mut HashMap::new())
    }

    #[test]
    fn short_ladders_to_a_cell_agree_with_playing_out_every_game() {
        // The solver proves ladders on a board that stands for the edge
        // by a row of Red stones: played out by brute force, each short
        // one holds, and none holds with a cell of its carrier less.
        let short: Vec<&EdgeTemplate> = shipped()
            .iter()
            .filter(|t| t.end.is_some() && t.carrier.len() <= 10)
            .collect();
        assert!(short.len() >= 8, "{}", short.len());
        for t in short {
            assert!(ladder_by_brute_force(t), "{t:?} holds");
            for at in 0..t.carrier.len() {
                let mut less = t.clone();
                less.carrier.remove(at);
                assert!(!ladder_by_brute_force(&less), "{t:?} without one cell");
            }
        }
    }

    #[test]
    fn the_generator_gives_the_shipped_second_row_ladders_again() {
        // As `hex-templates ... --cell-ladders 2-5 --cell-reach 12 --tries
        // 12 --seed 1` runs it (the seed plus 200 and the row).
        let shipped: Vec<EdgeTemplate> = shipped()
            .iter()
            .filter(|t| t.row == 2 && t.end.is_some())
            .cloned()
            .collect();
        assert_eq!(find_ladders(2, 12, 12, 1 + 200 + 2, 200_000), shipped);
        // The second-row ladder along four cells, as every Hex text draws it.
        let four = EdgeTemplate::ladder(
            2,
            (4, 0),
            vec![(1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1), (4, 1)],
        );
        assert!(shipped.contains(&four), "{shipped:?}");
    }

    #[test]
    fn a_ladder_is_read_and_written_with_its_end() {
        let line = "2>3,0: 1,0 2,0 0,1 1,1 2,1 3,1\n";
        let t = parse(line).unwrap();
        assert_eq!(t[0].end, Some((3, 0)));
        assert_eq!(format(&t), line);
        assert_eq!(t[0].mirrored().end, Some((-3, 0)));
        assert!(parse("2>1,0: 1,0 0,1\n").unwrap_err().contains("in the carrier"));
        assert!(parse("2>3,0 4,0: 1,0\n").unwrap_err().contains("one end"));
    }

    #[test]
    fn a_ladder_lands_with_its_end_on_the_board() {
        let ladder = EdgeTemplate::ladder(2, (3, 0), vec![(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 1)]);
        let n = 5;
        let board = BoardTemplates::new(n, &[ladder]);
        // Red on a4 (row 2 from the bottom): the end is d4.
        let placed: Vec<&Placed> = board.at(RED, 3 * n).iter().filter(|p| p.edge == 1).collect();
        assert_eq!(placed.len(), 1);
        assert_eq!(placed[0].end, Some(3 * n + 3));
        // From c4 the end would lie off the board.
        assert!(board.at(RED, 3 * n + 2).iter().all(|p| p.edge != 1));
    }
}
