//! Transposition table: one entry per slot, replaced when the new result is
//! at least as deep (or the slot holds another position).

use super::board::wall_index;
use super::eval::MATE_BOUND;
use papan_rules::hadang::{HadangMove, Orientation, Square, Wall};

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the score (a beta cutoff).
    Lower,
    /// The value is at most the score (every move failed low).
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    pub mv: Option<HadangMove>,
}

/// A move as a small number: cells 0..81, walls 128 + slot.
pub fn encode(mv: HadangMove) -> u16 {
    match mv {
        HadangMove::Step(square) => square.index() as u16,
        HadangMove::Wall(wall) => 128 + wall_index(wall) as u16,
    }
}

/// The move [`encode`] gave `code`.
pub fn decode(code: u16) -> Option<HadangMove> {
    if code < 128 {
        return Square::from_index(code as u8).map(HadangMove::Step);
    }
    let index = code - 128;
    let orientation = if index < 64 {
        Orientation::Horizontal
    } else {
        Orientation::Vertical
    };
    let slot = (index % 64) as u8;
    let anchor = Square::new(slot % 8, slot / 8)?;
    Wall::new(anchor, orientation).ok().map(HadangMove::Wall)
}

pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        let entry = self.slots[key as usize & self.mask]?;
        (entry.key == key).then(|| Entry {
            score: from_table(entry.score, ply),
            ..entry
        })
    }

    pub fn store(&mut self, key: u64, ply: u32, entry: Entry) {
        let slot = &mut self.slots[key as usize & self.mask];
        let keep = matches!(slot, Some(old) if old.key == key && old.depth > entry.depth);
        if !keep {
            *slot = Some(Entry {
                key,
                score: to_table(entry.score, ply),
                ..entry
            });
        }
    }
}

// Mate scores count plies from the root; the table stores them from the
// node so that a transposition at another ply reads the right distance.
fn to_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_code_round_trips() {
        for square in (0..81).filter_map(Square::from_index) {
            let mv = HadangMove::Step(square);
            assert_eq!(decode(encode(mv)), Some(mv));
        }
        for wall in Wall::all() {
            let mv = HadangMove::Wall(wall);
            assert_eq!(decode(encode(mv)), Some(mv));
        }
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut table = Table::new(4);
        let entry = Entry {
            key: 7,
            score: super::super::eval::MATE - 5,
            depth: 3,
            bound: Bound::Exact,
            mv: None,
        };
        table.store(7, 2, entry);
        assert_eq!(table.probe(7, 4).unwrap().score, super::super::eval::MATE - 7);
        assert!(table.probe(8, 2).is_none());
    }
}
