//! The Jun Qi board as data (J1–J4): 60 posts, camps, headquarters, roads
//! and railways, with adjacency precomputed once as 60-bit masks.
//!
//! Notation: files `a`–`e` left to right, ranks `1`–`12` bottom to top, so
//! `c6` is the middle post of the bottom half's front rank.

use crate::game::ParseError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

pub const FILES: u8 = 5;
pub const RANKS: u8 = 12;
/// J1: 5 × 12 posts.
pub const POSTS: usize = 60;

/// A post of the board, by index `rank * 5 + file` (both 0-based).
/// Serialized as its name (`"c3"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

impl Square {
    /// The post on 0-based `file` (a = 0) and `rank` (1 = 0), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    pub const fn from_index(index: usize) -> Option<Square> {
        if index < POSTS {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file: `a` is 0.
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0-based rank: rank `1` is 0.
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// Every post, in index order (a1, b1, …, e12).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..POSTS as u8).map(Square)
    }

    /// J2: one of the ten camps.
    pub fn is_camp(self) -> bool {
        tables().camps.contains(self)
    }

    /// J2: one of the four headquarters (a marker only in this variant).
    pub fn is_headquarters(self) -> bool {
        tables().headquarters.contains(self)
    }

    /// J4: on a railway.
    pub fn is_rail(self) -> bool {
        tables().rail[self.index()] != 0
    }

    /// J1: ranks 1–6 are the bottom half.
    pub fn in_bottom_half(self) -> bool {
        self.rank() < RANKS / 2
    }

    /// The same post seen from the other side (rank r ↔ 13 − r).
    pub fn mirrored(self) -> Square {
        Square((RANKS - 1 - self.rank()) * FILES + self.file())
    }

    fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Square, ParseError> {
        let lower = text.trim().to_ascii_lowercase();
        let mut chars = lower.chars();
        let file = match chars.next() {
            Some(c @ 'a'..='e') => c as u8 - b'a',
            _ => return Err(ParseError::new(text, "a post starts with a file letter a–e")),
        };
        let digits = chars.as_str();
        let rank: u8 = if !digits.is_empty() && digits.len() <= 2 && digits.bytes().all(|b| b.is_ascii_digit()) {
            digits.parse().map_err(|_| ParseError::new(text, "bad rank number"))?
        } else {
            return Err(ParseError::new(text, "a post ends with a rank number 1–12"));
        };
        if !(1..=RANKS).contains(&rank) {
            return Err(ParseError::new(text, "ranks run from 1 to 12"));
        }
        Ok(Square((rank - 1) * FILES + file))
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

/// A set of posts as a 60-bit mask: cheap to copy, union and iterate.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet(0);

    pub fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    pub fn insert(&mut self, square: Square) {
        self.0 |= square.bit();
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Square(index))
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

/// Everything about the board that never changes, built once.
struct Tables {
    camps: SquareSet,
    headquarters: SquareSet,
    /// Road neighbours of each post (J3).
    road: [u64; POSTS],
    /// Railway neighbours of each post (J4).
    rail: [u64; POSTS],
    /// The straight railway lines (J10), each in order along the line.
    lines: Vec<Vec<Square>>,
}

#[allow(
    clippy::expect_used,
    reason = "an invariant of validated positions, stated in the message"
)]
fn sq(name: &str) -> Square {
    name.parse().expect("board table names a real post")
}

/// J2: the five camps of the bottom half; the top half mirrors them.
const BOTTOM_CAMPS: [&str; 5] = ["b3", "d3", "c4", "b5", "d5"];
const HEADQUARTERS: [&str; 4] = ["b1", "d1", "b12", "d12"];
/// J3: the front-line pairs with no road between them (mountains).
const MOUNTAINS: [(&str, &str); 2] = [("b6", "b7"), ("d6", "d7")];
/// J4: railway ranks (1-based) that run across all files.
const RAIL_RANKS: [u8; 4] = [2, 6, 7, 11];

fn build_tables() -> Tables {
    let camps: SquareSet = BOTTOM_CAMPS.iter().flat_map(|n| [sq(n), sq(n).mirrored()]).collect();
    let headquarters: SquareSet = HEADQUARTERS.iter().map(|n| sq(n)).collect();
    let mut road = [0u64; POSTS];
    let connect = |table: &mut [u64; POSTS], a: Square, b: Square| {
        table[a.index()] |= b.bit();
        table[b.index()] |= a.bit();
    };
    // J3: orthogonal neighbours, except across the mountains.
    for square in Square::all() {
        let (f, r) = (square.file(), square.rank());
        for next in [Square::new(f + 1, r), Square::new(f, r + 1)].into_iter().flatten() {
            let blocked = MOUNTAINS
                .iter()
                .any(|&(x, y)| (sq(x), sq(y)) == (square, next) || (sq(y), sq(x)) == (square, next));
            if !blocked {
                connect(&mut road, square, next);
            }
        }
    }
    // J3: every camp to its four diagonal neighbours.
    for camp in camps.iter() {
        let (f, r) = (camp.file() as i8, camp.rank() as i8);
        for (df, dr) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
            if let Some(diag) = Square::new((f + df) as u8, (r + dr) as u8) {
                connect(&mut road, camp, diag);
            }
        }
    }
    // J4: railway lines. Ranks across all files; files a and e from rank 2
    // to 11; and the two-post link c6–c7 across the front.
    let mut lines: Vec<Vec<Square>> = RAIL_RANKS
        .iter()
        .map(|&rank| (0..FILES).filter_map(|f| Square::new(f, rank - 1)).collect())
        .collect();
    for file in [0, FILES - 1] {
        lines.push((1..=10).filter_map(|r| Square::new(file, r)).collect());
    }
    lines.push(vec![sq("c6"), sq("c7")]);
    let mut rail = [0u64; POSTS];
    for line in &lines {
        for pair in line.windows(2) {
            connect(&mut rail, pair[0], pair[1]);
        }
    }
    Tables {
        camps,
        headquarters,
        road,
        rail,
        lines,
    }
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

/// J2: the ten camps.
pub fn camps() -> SquareSet {
    tables().camps
}

/// J2: the four headquarters.
pub fn headquarters() -> SquareSet {
    tables().headquarters
}

/// J3: posts one road step from `square`.
pub fn road_neighbours(square: Square) -> SquareSet {
    SquareSet(tables().road[square.index()])
}

/// J4: posts one railway segment from `square`.
pub fn rail_neighbours(square: Square) -> SquareSet {
    SquareSet(tables().rail[square.index()])
}

pub fn is_road(a: Square, b: Square) -> bool {
    road_neighbours(a).contains(b)
}

pub fn is_rail(a: Square, b: Square) -> bool {
    rail_neighbours(a).contains(b)
}

/// J10: the straight railway lines, each in order along the line.
pub fn rail_lines() -> &'static [Vec<Square>] {
    &tables().lines
}

/// J6: the 50 posts that are not camps, where the pieces start.
pub fn setup_posts() -> impl Iterator<Item = Square> {
    Square::all().filter(|s| !s.is_camp())
}
