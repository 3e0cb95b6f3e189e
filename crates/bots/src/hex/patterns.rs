//! Move patterns: the 18 cells within two steps of a candidate cell, seen
//! from the side to move, each with a learned strength (a Bradley–Terry
//! "gamma", as in MoHex 2.0). The search uses them as move priors.
//!
//! A pattern is keyed by the state of each of its cells: empty, the
//! mover's (stone or edge), the opponent's, or off the board (beyond two
//! edges at a corner). Blue's view is transposed so that the mover always
//! joins top and bottom, and a pattern and its half-turn are one key
//! ([`canonical`]). The table ships in `data/hex.patterns`, written by
//! `hex-patterns train` from Papan's own self-play games
//! (`hex-patterns selfplay`): no other engine's output goes into it.

use super::board::{FastBoard, BLUE, EMPTY, OFF, RED};
use std::sync::OnceLock;

/// The pattern's cells as (column, row) offsets: the six neighbours in
/// the boards' circular order, then the twelve cells two steps away.
pub const OFFSETS: [(i32, i32); 18] = [
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (1, -1),
    (2, 0),
    (0, 2),
    (-2, 2),
    (-2, 0),
    (0, -2),
    (2, -2),
    (1, 1),
    (-1, 2),
    (-2, 1),
    (-1, -1),
    (1, -2),
    (2, -1),
];

const STATE_EMPTY: u64 = 0;
const STATE_OWN: u64 = 1;
const STATE_OPPONENT: u64 = 2;
const STATE_OFF: u64 = 3;

/// Where pattern cell `k` of a board cell is read: a framed index of the
/// board, or a fixed stone beyond the frame.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Source {
    At(u32),
    Fixed(u8),
}

/// Pattern lookups for one board size: for each cell, where each of its
/// pattern cells is, as Red sees them and transposed as Blue does.
pub struct PatternGeometry {
    n: usize,
    red: Vec<[Source; 18]>,
    blue: Vec<[Source; 18]>,
}

/// Position of the half-turn of each pattern cell.
const HALF_TURN: [usize; 18] = half_turn();

const fn half_turn() -> [usize; 18] {
    let mut out = [0; 18];
    let mut k = 0;
    while k < 18 {
        let (c, r) = OFFSETS[k];
        let mut j = 0;
        while j < 18 {
            if OFFSETS[j].0 == -c && OFFSETS[j].1 == -r {
                out[k] = j;
            }
            j += 1;
        }
        k += 1;
    }
    out
}

/// The smaller of a key and its half-turn's: one key per pattern.
pub fn canonical(key: u64) -> u64 {
    let mut turned = 0;
    for (k, &to) in HALF_TURN.iter().enumerate() {
        turned |= (key >> (2 * k) & 3) << (2 * to);
    }
    key.min(turned)
}

impl PatternGeometry {
    pub fn new(n: usize) -> PatternGeometry {
        let board = FastBoard::empty(n);
        let mut red = Vec::with_capacity(board.len());
        let mut blue = Vec::with_capacity(board.len());
        let source = |c: i32, r: i32| -> Source {
            let inside = |v: i32| (0..n as i32).contains(&v);
            match (inside(c), inside(r)) {
                (true, true) => Source::At(((r + 1) as usize * (n + 2) + c as usize + 1) as u32),
                (true, false) => Source::Fixed(RED),
                (false, true) => Source::Fixed(BLUE),
                (false, false) => Source::Fixed(OFF),
            }
        };
        for at in 0..board.len() {
            let inner = board.inside(at);
            let (c, r) = if inner {
                let cell = board.cell_of(at);
                (cell.col as i32, cell.row as i32)
            } else {
                (0, 0)
            };
            let mut mine = [Source::Fixed(OFF); 18];
            let mut transposed = [Source::Fixed(OFF); 18];
            for (k, &(dc, dr)) in OFFSETS.iter().enumerate() {
                mine[k] = source(c + dc, r + dr);
                // Blue's view: the pattern's column offset runs along rows.
                transposed[k] = source(c + dr, r + dc);
            }
            red.push(mine);
            blue.push(transposed);
        }
        PatternGeometry { n, red, blue }
    }

    pub fn size(&self) -> usize {
        self.n
    }

    /// The board cells within two steps of the framed cell `at`, as
    /// framed indices (fewer near an edge).
    pub fn near(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        self.red[at].iter().filter_map(|s| match *s {
            Source::At(i) => Some(i as usize),
            Source::Fixed(_) => None,
        })
    }

    /// The canonical key of the pattern around the empty framed cell `at`
    /// for `mover` to play there.
    #[inline]
    pub fn key(&self, cells: &[u8], at: usize, mover: u8) -> u64 {
        let sources = if mover == RED { &self.red[at] } else { &self.blue[at] };
        let mut key = 0u64;
        for (k, source) in sources.iter().enumerate() {
            let stone = match *source {
                Source::At(i) => cells[i as usize],
                Source::Fixed(stone) => stone,
            };
            let state = if stone == EMPTY {
                STATE_EMPTY
            } else if stone == OFF {
                STATE_OFF
            } else if stone == mover {
                STATE_OWN
            } else {
                STATE_OPPONENT
            };
            key |= state << (2 * k);
        }
        canonical(key)
    }
}

/// Learned strengths of patterns; a pattern not in the table has gamma 1.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatternTable {
    keys: Vec<u64>,
    gammas: Vec<f32>,
    /// Open addressing for the playouts' lookups: (key, gamma), a free
    /// slot holds [`FREE`]; the length is a power of two.
    slots: Vec<(u64, f32)>,
}

/// No pattern key has bits above 36.
const FREE: u64 = u64::MAX;

/// The shipped table's bytes: `hex-patterns train` writes them.
const SHIPPED: &[u8] = include_bytes!("../../data/hex.patterns");

impl PatternTable {
    pub fn shipped() -> &'static PatternTable {
        static TABLE: OnceLock<PatternTable> = OnceLock::new();
        TABLE.get_or_init(|| PatternTable::from_bytes(SHIPPED).unwrap_or_default())
    }

    pub fn new(mut entries: Vec<(u64, f32)>) -> PatternTable {
        entries.sort_by_key(|e| e.0);
        entries.dedup_by_key(|e| e.0);
        let mut slots = vec![(FREE, 1.0); (entries.len() * 2).next_power_of_two().max(16)];
        let mask = slots.len() - 1;
        for &(key, gamma) in &entries {
            let mut i = slot_of(key, mask);
            while slots[i].0 != FREE {
                i = (i + 1) & mask;
            }
            slots[i] = (key, gamma);
        }
        PatternTable {
            keys: entries.iter().map(|e| e.0).collect(),
            gammas: entries.iter().map(|e| e.1).collect(),
            slots,
        }
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    #[inline]
    pub fn gamma(&self, key: u64) -> f32 {
        if self.slots.is_empty() {
            return 1.0;
        }
        let mask = self.slots.len() - 1;
        let mut i = slot_of(key, mask);
        loop {
            let (k, gamma) = self.slots[i];
            if k == key {
                return gamma;
            }
            if k == FREE {
                return 1.0;
            }
            i = (i + 1) & mask;
        }
    }

    /// The file format: a magic line, then per pattern its key's distance
    /// from the previous key (LEB128) and its gamma as a step of 1/16 in
    /// natural log (one signed byte): small enough to ship on the web.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let mut previous = 0u64;
        for (&key, &gamma) in self.keys.iter().zip(&self.gammas) {
            let mut delta = key - previous;
            previous = key;
            loop {
                let byte = (delta & 0x7f) as u8;
                delta >>= 7;
                if delta == 0 {
                    out.push(byte);
                    break;
                }
                out.push(byte | 0x80);
            }
            let step = (gamma.max(1e-9).ln() * 16.0).round().clamp(-127.0, 127.0) as i8;
            out.push(step as u8);
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<PatternTable, String> {
        let body = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a pattern table (the first line is not papan-hex-patterns 1)")?;
        let mut entries = Vec::new();
        let mut previous = 0u64;
        let mut i = 0;
        while i < body.len() {
            let mut delta = 0u64;
            let mut shift = 0;
            loop {
                let byte = *body.get(i).ok_or("a pattern table ends inside a key")?;
                i += 1;
                if shift > 63 {
                    return Err("a pattern key is too long".into());
                }
                delta |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            let step = *body.get(i).ok_or("a pattern table ends before a gamma")? as i8;
            i += 1;
            previous = previous.checked_add(delta).ok_or("pattern keys overflow")?;
            entries.push((previous, (step as f32 / 16.0).exp()));
        }
        Ok(PatternTable::new(entries))
    }
}

const MAGIC: &[u8] = b"papan-hex-patterns 1\n";

#[inline]
fn slot_of(key: u64, mask: usize) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::Cell;

    #[test]
    fn a_pattern_and_its_half_turn_share_a_key() {
        let g = PatternGeometry::new(9);
        let mut board = FastBoard::empty(9);
        // A Red stone right of e5 and one left of it: the same shape turned.
        let e5 = board.at(Cell::new(4, 4));
        let mut turned = board.clone();
        board.set(Cell::new(5, 4), RED);
        turned.set(Cell::new(3, 4), RED);
        assert_eq!(g.key(&board.cells, e5, RED), g.key(&turned.cells, e5, RED));
        // A different shape: the stone below instead.
        let mut below = FastBoard::empty(9);
        below.set(Cell::new(4, 5), RED);
        assert_ne!(g.key(&board.cells, e5, RED), g.key(&below.cells, e5, RED));
    }

    #[test]
    fn blue_sees_the_board_transposed_with_colours_exchanged() {
        let g = PatternGeometry::new(9);
        // Red to play at c1 next to its top edge, against Blue to play at
        // a3 next to its left edge: the same pattern for each mover.
        let board = FastBoard::empty(9);
        let red_key = g.key(&board.cells, board.at(Cell::new(2, 0)), RED);
        let blue_key = g.key(&board.cells, board.at(Cell::new(0, 2)), BLUE);
        assert_eq!(red_key, blue_key);
        // Red at a3 sees Blue's edge beside it instead: another pattern.
        assert_ne!(red_key, g.key(&board.cells, board.at(Cell::new(0, 2)), RED));
    }

    #[test]
    fn the_table_reads_back_what_it_writes() {
        let table = PatternTable::new(vec![(5, 2.0), (1 << 35, 0.25), (77, 1.0)]);
        let back = PatternTable::from_bytes(&table.to_bytes()).unwrap();
        assert_eq!(back.len(), 3);
        assert!((back.gamma(5) - 2.0).abs() < 0.05);
        assert!((back.gamma(1 << 35) - 0.25).abs() < 0.01);
        assert_eq!(back.gamma(6), 1.0, "an unknown pattern is neutral");
        assert!(PatternTable::from_bytes(b"garbage").is_err());
        let mut cut = table.to_bytes();
        cut.pop();
        assert!(PatternTable::from_bytes(&cut).is_err());
    }
}
