//! Cells and moves, with their notation (X2): columns `a`… left to right,
//! rows `1`… top to bottom, so `f6` is column 6, row 6.

use crate::game::ParseError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Largest board side (X1).
pub const MAX_SIZE: u8 = 19;

/// A cell by 0-based column and row. Whether it lies on a given board is
/// checked by the position, not here.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub col: u8,
    pub row: u8,
}

impl Cell {
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row as u32 + 1)
    }
}

impl FromStr for Cell {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Cell, ParseError> {
        let lower = text.trim().to_ascii_lowercase();
        let mut chars = lower.chars();
        let letter = chars.next().ok_or_else(|| ParseError::new(text, "empty cell name"))?;
        if !letter.is_ascii_lowercase() {
            return Err(ParseError::new(text, "a cell starts with a column letter a–s"));
        }
        let col = letter as u8 - b'a';
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return Err(ParseError::new(text, "a cell ends with a row number 1–19"));
        }
        let row: u8 = digits.parse().map_err(|_| ParseError::new(text, "bad row number"))?;
        if col >= MAX_SIZE || row == 0 || row > MAX_SIZE {
            return Err(ParseError::new(text, "cell outside the largest board (a1–s19)"));
        }
        Ok(Cell { col, row: row - 1 })
    }
}

/// A Hex move: a stone on a cell (X5), or the swap answer (X7).
/// Serialized as its notation: `"f6"` or `"swap"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum HexMove {
    Place(Cell),
    Swap,
}

impl fmt::Display for HexMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexMove::Place(cell) => cell.fmt(f),
            HexMove::Swap => f.write_str("swap"),
        }
    }
}

impl FromStr for HexMove {
    type Err = ParseError;

    /// Accepts `f6`, `swap`, and HexGui's spellings `swap-sides` and
    /// `swap-pieces` as synonyms. (In SGF files the two differ; see
    /// [`super::sgf`] for how they map onto our swap.)
    fn from_str(text: &str) -> Result<HexMove, ParseError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "swap" | "swap-sides" | "swap-pieces" => Ok(HexMove::Swap),
            _ => text.parse().map(HexMove::Place),
        }
    }
}

impl TryFrom<String> for HexMove {
    type Error = ParseError;
    fn try_from(text: String) -> Result<HexMove, ParseError> {
        text.parse()
    }
}

impl From<HexMove> for String {
    fn from(mv: HexMove) -> String {
        mv.to_string()
    }
}
