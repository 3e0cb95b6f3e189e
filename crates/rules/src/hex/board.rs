//! The Hex position: board, side to move, swap state and union-find.

use super::cell::{Cell, HexMove};
use crate::game::{EndReason, Game, Outcome, ParseError, RuleError, Seat, Turn};
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// Board sizes offered (X1): 11 is the default, 7 and 9 for lessons and quick games.
pub const SIZES: [u8; 5] = [7, 9, 11, 13, 19];

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Owns the top and bottom edges; moves first (X3, X4).
    Red,
    /// Owns the left and right edges (X3).
    Blue,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct HexOptions {
    /// Board side, one of [`SIZES`].
    pub size: u8,
    /// Swap (pie) rule, off by default (X7).
    pub swap: bool,
}

impl Default for HexOptions {
    fn default() -> HexOptions {
        HexOptions { size: 11, swap: false }
    }
}

// Union-find node numbers for the four edges, after the n*n cells.
const TOP: usize = 0;
const BOTTOM: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// A legal Hex position. Build one with [`Game::new`] or from a
/// [`HexSetup`] (which is how it deserializes), never field by field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "HexSetup", into = "HexSetup")]
pub struct Hex {
    options: HexOptions,
    stones: Vec<Option<Colour>>,
    /// Union-find parents: cells first, then the four edges.
    parent: Vec<u16>,
    red_stones: u16,
    blue_stones: u16,
    /// X7 happened: the second seat plays Red from then on.
    swapped: bool,
    winner: Option<Colour>,
    last: Option<HexMove>,
}

impl Hex {
    pub fn size(&self) -> u8 {
        self.options.size
    }

    fn n(&self) -> usize {
        self.options.size as usize
    }

    pub fn contains(&self, cell: Cell) -> bool {
        cell.col < self.options.size && cell.row < self.options.size
    }

    pub fn index(&self, cell: Cell) -> usize {
        cell.row as usize * self.n() + cell.col as usize
    }

    pub fn cell_at(&self, index: usize) -> Cell {
        Cell::new((index % self.n()) as u8, (index / self.n()) as u8)
    }

    /// The stone on `cell`, if any (`None` also for cells off the board).
    pub fn stone(&self, cell: Cell) -> Option<Colour> {
        if self.contains(cell) {
            self.stones[self.index(cell)]
        } else {
            None
        }
    }

    /// Stones by cell index (row-major).
    pub fn stones(&self) -> &[Option<Colour>] {
        &self.stones
    }

    pub fn stone_count(&self) -> usize {
        (self.red_stones + self.blue_stones) as usize
    }

    /// The colour whose stone goes down next. Colours alternate from Red
    /// (X4); swap changes who holds a colour, not the colour order (X7).
    pub fn colour_to_move(&self) -> Colour {
        if self.red_stones == self.blue_stones {
            Colour::Red
        } else {
            Colour::Blue
        }
    }

    /// Whether the swap answer has been played (X7).
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The seat holding `colour`: the first seat plays Red unless swapped (X4, X7).
    pub fn seat_of(&self, colour: Colour) -> Seat {
        match (colour, self.swapped) {
            (Colour::Red, false) | (Colour::Blue, true) => Seat::First,
            _ => Seat::Second,
        }
    }

    pub fn colour_of(&self, seat: Seat) -> Colour {
        if self.seat_of(Colour::Red) == seat {
            Colour::Red
        } else {
            Colour::Blue
        }
    }

    /// The last move played, to mark on the board.
    pub fn last_move(&self) -> Option<HexMove> {
        self.last
    }

    pub fn winner_colour(&self) -> Option<Colour> {
        self.winner
    }

    /// X7: swap may answer Red's first stone, once, when the option is on.
    pub fn swap_allowed(&self) -> bool {
        self.options.swap && !self.swapped && self.red_stones == 1 && self.blue_stones == 0
    }

    /// The up-to-six neighbours of a cell on this board (X2).
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        const STEPS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
        let size = self.options.size as i8;
        STEPS.iter().filter_map(move |&(dc, dr)| {
            let (c, r) = (cell.col as i8 + dc, cell.row as i8 + dr);
            (c >= 0 && r >= 0 && c < size && r < size).then(|| Cell::new(c as u8, r as u8))
        })
    }

    /// The winner's connected group touching both their edges (X9), to
    /// highlight; empty while the game goes on.
    pub fn winning_chain(&self) -> Vec<Cell> {
        let Some(colour) = self.winner else { return Vec::new() };
        let edge = self.edge_node(if colour == Colour::Red { TOP } else { LEFT });
        let root = self.find(edge);
        (0..self.n() * self.n())
            .filter(|&i| self.stones[i] == Some(colour) && self.find(i) == root)
            .map(|i| self.cell_at(i))
            .collect()
    }

    fn edge_node(&self, edge: usize) -> usize {
        self.n() * self.n() + edge
    }

    fn find(&self, mut node: usize) -> usize {
        while self.parent[node] as usize != node {
            node = self.parent[node] as usize;
        }
        node
    }

    fn find_compress(&mut self, mut node: usize) -> usize {
        while self.parent[node] as usize != node {
            let grand = self.parent[self.parent[node] as usize];
            self.parent[node] = grand;
            node = grand as usize;
        }
        node
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find_compress(a), self.find_compress(b));
        if ra != rb {
            // Keep the smaller index as root: deterministic and cheap.
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi] = lo as u16;
        }
    }

    /// An empty board; refuses sizes that are not offered (X1).
    pub fn empty(options: HexOptions) -> Result<Hex, RuleError> {
        if !SIZES.contains(&options.size) {
            return Err(RuleError::new(
                "X1",
                format!("board size {} is not offered (7, 9, 11, 13 or 19)", options.size),
            ));
        }
        let n = options.size as usize;
        Ok(Hex {
            options,
            stones: vec![None; n * n],
            parent: (0..(n * n + 4) as u16).collect(),
            red_stones: 0,
            blue_stones: 0,
            swapped: false,
            winner: None,
            last: None,
        })
    }

    /// Puts a stone down and joins it to its group and edges (X6, X9).
    fn place(&mut self, cell: Cell, colour: Colour) {
        let index = self.index(cell);
        let n = self.n();
        self.stones[index] = Some(colour);
        match colour {
            Colour::Red => self.red_stones += 1,
            Colour::Blue => self.blue_stones += 1,
        }
        let edges: [(bool, usize); 2] = match colour {
            Colour::Red => [(cell.row == 0, TOP), (cell.row as usize == n - 1, BOTTOM)],
            Colour::Blue => [(cell.col == 0, LEFT), (cell.col as usize == n - 1, RIGHT)],
        };
        for (touches, edge) in edges {
            if touches {
                self.union(index, n * n + edge);
            }
        }
        let same: Vec<usize> = self
            .neighbours(cell)
            .filter(|&nb| self.stone(nb) == Some(colour))
            .map(|nb| self.index(nb))
            .collect();
        for nb in same {
            self.union(index, nb);
        }
        let (a, b) = match colour {
            Colour::Red => (TOP, BOTTOM),
            Colour::Blue => (LEFT, RIGHT),
        };
        if self.find_compress(n * n + a) == self.find_compress(n * n + b) {
            self.winner = Some(colour);
        }
    }

    fn check(&self, mv: &HexMove) -> Result<(), RuleError> {
        if let Some(colour) = self.winner {
            return Err(RuleError::new(
                "X9",
                format!("the game is over: {colour:?} has joined their edges"),
            ));
        }
        match *mv {
            HexMove::Swap => {
                if !self.options.swap {
                    Err(RuleError::new("X7", "the swap rule is off in this game"))
                } else if self.swapped {
                    Err(RuleError::new("X7", "swap may be used only once per game"))
                } else if !(self.red_stones == 1 && self.blue_stones == 0) {
                    Err(RuleError::new(
                        "X7",
                        "swap is only allowed as the answer to Red's first stone",
                    ))
                } else {
                    Ok(())
                }
            }
            HexMove::Place(cell) => {
                if !self.contains(cell) {
                    let n = self.options.size;
                    let last = Cell::new(n - 1, n - 1);
                    Err(RuleError::new(
                        "X1",
                        format!("{cell} is not on this {n}×{n} board (a1–{last})"),
                    ))
                } else if let Some(colour) = self.stone(cell) {
                    Err(RuleError::new(
                        "X5",
                        format!("{cell} already holds a {colour:?} stone; stones never move (X6)"),
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }
}

impl Game for Hex {
    type Move = HexMove;
    type View = Hex;
    type Options = HexOptions;
    const ID: &'static str = "hex";

    fn new(options: &HexOptions, _rng: &mut dyn RngCore) -> Result<Hex, RuleError> {
        Hex::empty(*options)
    }

    fn options(&self) -> &HexOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        if self.winner.is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.seat_of(self.colour_to_move()))
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<HexMove>) {
        if self.winner.is_some() {
            return;
        }
        if self.swap_allowed() {
            out.push(HexMove::Swap);
        }
        out.extend(
            (0..self.stones.len())
                .filter(|&i| self.stones[i].is_none())
                .map(|i| HexMove::Place(self.cell_at(i))),
        );
    }

    fn play(&mut self, mv: &HexMove) -> Result<(), RuleError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &HexMove) {
        match *mv {
            HexMove::Swap => self.swapped = true,
            HexMove::Place(cell) => self.place(cell, self.colour_to_move()),
        }
        self.last = Some(*mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner
            .map(|colour| Outcome::win(self.seat_of(colour), EndReason::Connection))
    }

    fn view(&self, _seat: Seat) -> Hex {
        self.clone()
    }

    fn format_move(&self, mv: &HexMove) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<HexMove, ParseError> {
        text.parse()
    }
}

/// The raw, unvalidated form of a position: what is saved and sent.
/// `rows` holds one string per row, top first: `R` red, `B` blue, `.` empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexSetup {
    pub options: HexOptions,
    pub rows: Vec<String>,
    #[serde(default)]
    pub swapped: bool,
    #[serde(default)]
    pub last: Option<HexMove>,
}

impl From<Hex> for HexSetup {
    fn from(hex: Hex) -> HexSetup {
        let n = hex.n();
        let rows = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match hex.stones[r * n + c] {
                        Some(Colour::Red) => 'R',
                        Some(Colour::Blue) => 'B',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        HexSetup {
            options: hex.options,
            rows,
            swapped: hex.swapped,
            last: hex.last,
        }
    }
}

impl TryFrom<HexSetup> for Hex {
    type Error = RuleError;

    /// Validates a setup: size offered (X1), stone counts consistent with
    /// alternating colours from Red (X4, X5), swap state possible (X7), and
    /// at most one player connected (X10).
    fn try_from(setup: HexSetup) -> Result<Hex, RuleError> {
        let mut hex = Hex::empty(setup.options)?;
        let n = hex.n();
        if setup.rows.len() != n || setup.rows.iter().any(|row| row.chars().count() != n) {
            return Err(RuleError::new(
                "X1",
                format!("a {n}×{n} board needs {n} rows of {n} cells"),
            ));
        }
        let mut red = Vec::new();
        let mut blue = Vec::new();
        for (r, row) in setup.rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = Cell::new(c as u8, r as u8);
                match ch {
                    'R' | 'r' => red.push(cell),
                    'B' | 'b' => blue.push(cell),
                    '.' => {}
                    other => return Err(RuleError::new("X5", format!("unknown stone {other:?} at {cell}"))),
                }
            }
        }
        if !(red.len() == blue.len() || red.len() == blue.len() + 1) {
            return Err(RuleError::new(
                "X4",
                format!(
                    "{} red and {} blue stones cannot come from alternating turns starting with Red",
                    red.len(),
                    blue.len()
                ),
            ));
        }
        if setup.swapped && !(setup.options.swap && !red.is_empty()) {
            return Err(RuleError::new(
                "X7",
                "a swap is recorded, but the swap rule is off or Red has not played",
            ));
        }
        for cell in red {
            hex.place(cell, Colour::Red);
        }
        let red_won = hex.winner.is_some();
        for cell in blue {
            hex.place(cell, Colour::Blue);
        }
        if red_won && hex.winner == Some(Colour::Blue) {
            return Err(RuleError::new("X10", "both players cannot have joined their edges"));
        }
        if red_won {
            hex.winner = Some(Colour::Red);
        }
        if let Some(HexMove::Place(cell)) = setup.last {
            if hex.stone(cell).is_none() {
                return Err(RuleError::new("X5", format!("last move {cell} is an empty cell")));
            }
        }
        hex.swapped = setup.swapped;
        hex.last = setup.last;
        Ok(hex)
    }
}
