//! Cells, walls and moves with their notation (H1, H3).
//!
//! Files `a`–`i` run left to right and ranks `1`–`9` bottom to top. A pawn
//! move is written as its target cell (`e2`); a wall as the cell at its
//! lower-left plus `h` or `v` (`e3h` covers the top edges of `e3` and `f3`,
//! `e3v` the right edges of `e3` and `e4`). Values of these types are always
//! on the board: a [`Wall`] can only hold one of the 128 slots (H11).

use crate::game::{ParseError, RuleError};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Board side (H1).
pub const SIDE: u8 = 9;
/// Wall anchors per side: `a`–`h`, `1`–`8` (H11).
pub const ANCHOR_SIDE: u8 = SIDE - 1;

/// A cell of the 9×9 board. Index `rank * 9 + file`, both 0-based, so `a1`
/// is 0 and `i9` is 80: the bit order of the position's bitboards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

impl Square {
    /// The cell on 0-based `file` (a = 0) and `rank` (1 = 0), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < SIDE && rank < SIDE {
            Some(Square(rank * SIDE + file))
        } else {
            None
        }
    }

    /// The cell with bitboard index `index` (0..81).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < SIDE * SIDE {
            Some(Square(index))
        } else {
            None
        }
    }

    /// 0-based file: `a` = 0 … `i` = 8.
    pub const fn file(self) -> u8 {
        self.0 % SIDE
    }

    /// 0-based rank: `1` = 0 … `9` = 8.
    pub const fn rank(self) -> u8 {
        self.0 / SIDE
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Every cell, `a1`, `b1`, … `i9`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIDE * SIDE).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Reads `file letter, rank digit` from the first two bytes of `text`
/// without range checks beyond "letter then non-zero digit".
fn read_coordinates(text: &str, bytes: &[u8]) -> Result<(u8, u8), ParseError> {
    let (letter, digit) = (bytes[0].to_ascii_lowercase(), bytes[1]);
    if !letter.is_ascii_lowercase() {
        return Err(ParseError::new(text, "a cell starts with a file letter a–i (H1)"));
    }
    if !(b'1'..=b'9').contains(&digit) {
        return Err(ParseError::new(text, "a cell ends with a rank digit 1–9 (H1)"));
    }
    Ok((letter - b'a', digit - b'1'))
}

impl FromStr for Square {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Square, ParseError> {
        let trimmed = text.trim();
        let bytes = trimmed.as_bytes();
        if bytes.len() != 2 {
            return Err(ParseError::new(
                text,
                "a cell is a file a–i and a rank 1–9, like e2 (H1)",
            ));
        }
        let (file, rank) = read_coordinates(text, bytes)?;
        Square::new(file, rank).ok_or_else(|| ParseError::new(text, "the board has files a–i and ranks 1–9 (H1)"))
    }
}

impl TryFrom<String> for Square {
    type Error = ParseError;
    fn try_from(text: String) -> Result<Square, ParseError> {
        text.parse()
    }
}

impl From<Square> for String {
    fn from(square: Square) -> String {
        square.to_string()
    }
}

/// Which way a wall lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Orientation {
    /// `h`: along the top edges of the anchor and the cell to its right.
    Horizontal,
    /// `v`: along the right edges of the anchor and the cell above it.
    Vertical,
}

impl Orientation {
    pub const BOTH: [Orientation; 2] = [Orientation::Horizontal, Orientation::Vertical];

    pub fn letter(self) -> char {
        match self {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        }
    }
}

/// One of the 128 wall slots (H3, H11): 64 anchors `a1`–`h8` × 2 orientations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Wall {
    orientation: Orientation,
    /// `rank * 8 + file` of the anchor, 0..64: the bit order of wall masks.
    slot: u8,
}

impl Wall {
    /// The wall anchored at `anchor`; refused when it would stick out of the
    /// board, i.e. the anchor is on file `i` or rank `9` (H11).
    pub fn new(anchor: Square, orientation: Orientation) -> Result<Wall, RuleError> {
        if anchor.file() >= ANCHOR_SIDE || anchor.rank() >= ANCHOR_SIDE {
            return Err(RuleError::new(
                crate::rule::H11,
                format!(
                    "a wall anchored on {anchor} would stick out of the board; anchors run a1–h8 ({anchor}{})",
                    orientation.letter()
                ),
            ));
        }
        Ok(Wall {
            orientation,
            slot: anchor.rank() * ANCHOR_SIDE + anchor.file(),
        })
    }

    /// The wall on anchor slot `slot` (`rank * 8 + file`, must be < 64).
    pub(crate) const fn from_slot(slot: u8, orientation: Orientation) -> Wall {
        debug_assert!(slot < ANCHOR_SIDE * ANCHOR_SIDE);
        Wall { orientation, slot }
    }

    /// Every wall slot: the 64 horizontal ones, then the 64 vertical ones.
    pub fn all() -> impl Iterator<Item = Wall> {
        Orientation::BOTH
            .into_iter()
            .flat_map(|o| (0..ANCHOR_SIDE * ANCHOR_SIDE).map(move |slot| Wall::from_slot(slot, o)))
    }

    pub fn orientation(self) -> Orientation {
        self.orientation
    }

    /// The lower-left cell the wall is named after.
    pub fn anchor(self) -> Square {
        Square(self.anchor_cell())
    }

    /// Anchor slot index `rank * 8 + file` (0..64).
    pub(crate) fn slot(self) -> u8 {
        self.slot
    }

    pub(crate) fn slot_bit(self) -> u64 {
        1u64 << self.slot
    }

    /// Bitboard index of the anchor cell.
    pub(crate) const fn anchor_cell(self) -> u8 {
        (self.slot / ANCHOR_SIDE) * SIDE + self.slot % ANCHOR_SIDE
    }

    /// The two pairs of neighbouring cells this wall separates, for drawing
    /// and explanations: `e3h` separates e3|e4 and f3|f4.
    pub fn separates(self) -> [(Square, Square); 2] {
        let c = self.anchor_cell();
        match self.orientation {
            Orientation::Horizontal => [(Square(c), Square(c + SIDE)), (Square(c + 1), Square(c + 1 + SIDE))],
            Orientation::Vertical => [(Square(c), Square(c + 1)), (Square(c + SIDE), Square(c + SIDE + 1))],
        }
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.anchor(), self.orientation.letter())
    }
}

impl FromStr for Wall {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Wall, ParseError> {
        let trimmed = text.trim();
        let bytes = trimmed.as_bytes();
        if bytes.len() != 3 {
            return Err(ParseError::new(
                text,
                "a wall is an anchor a1–h8 and h or v, like e3h (H3)",
            ));
        }
        let (file, rank) = read_coordinates(text, bytes)?;
        let orientation = match bytes[2].to_ascii_lowercase() {
            b'h' => Orientation::Horizontal,
            b'v' => Orientation::Vertical,
            _ => {
                return Err(ParseError::new(
                    text,
                    "a wall ends with h (horizontal) or v (vertical) (H3)",
                ))
            }
        };
        let anchor = Square::new(file, rank)
            .ok_or_else(|| ParseError::new(text, "the board has files a–i and ranks 1–9 (H1)"))?;
        Wall::new(anchor, orientation).map_err(|e| ParseError::new(text, e.to_string()))
    }
}

impl TryFrom<String> for Wall {
    type Error = ParseError;
    fn try_from(text: String) -> Result<Wall, ParseError> {
        text.parse()
    }
}

impl From<Wall> for String {
    fn from(wall: Wall) -> String {
        wall.to_string()
    }
}

/// A HADANG move (H5): step the pawn to a cell, or place a wall.
/// Serialized as its notation: `"e2"` or `"e3h"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum HadangMove {
    /// The pawn moves to this cell (a step, jump or side-step: H6–H8).
    Step(Square),
    /// A wall goes into this slot (H10–H13).
    Wall(Wall),
}

impl fmt::Display for HadangMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HadangMove::Step(square) => square.fmt(f),
            HadangMove::Wall(wall) => wall.fmt(f),
        }
    }
}

impl FromStr for HadangMove {
    type Err = ParseError;

    /// `e2` is a pawn move, `e3h` / `e3v` a wall (case-insensitive).
    fn from_str(text: &str) -> Result<HadangMove, ParseError> {
        match text.trim().len() {
            2 => text.parse().map(HadangMove::Step),
            3 => text.parse().map(HadangMove::Wall),
            _ => Err(ParseError::new(
                text,
                "a move is a target cell (e2) or a wall anchor and orientation (e3h, e3v) (H3)",
            )),
        }
    }
}

impl TryFrom<String> for HadangMove {
    type Error = ParseError;
    fn try_from(text: String) -> Result<HadangMove, ParseError> {
        text.parse()
    }
}

impl From<HadangMove> for String {
    fn from(mv: HadangMove) -> String {
        mv.to_string()
    }
}
