//! The Hex position: board, side to move, swap state and union-find.

use super::cell::{Cell, HexMove};
use crate::game::{EndReason, Game, Outcome, ParseError, PublicGame, RuleError, Seat, Turn};
use crate::rule::GameId;
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
///
/// Equality compares what a player can see (options, stones, swap, last
/// move); the union-find forest is an implementation detail whose shape
/// depends on the order stones went down, so it is left out.
#[derive(Clone, Debug, Serialize, Deserialize)]
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

impl PartialEq for Hex {
    fn eq(&self, other: &Hex) -> bool {
        // Everything else (counts, winner, union-find) follows from these.
        self.options == other.options
            && self.stones == other.stones
            && self.swapped == other.swapped
            && self.last == other.last
    }
}

impl Eq for Hex {}

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

    /// The winner's connected group touching both their edges (X9); empty
    /// while the game goes on. See [`Hex::winning_chain`] for a thinner line.
    pub fn winning_group(&self) -> Vec<Cell> {
        let Some(colour) = self.winner else { return Vec::new() };
        let edge = self.edge_node(if colour == Colour::Red { TOP } else { LEFT });
        let root = self.find(edge);
        (0..self.n() * self.n())
            .filter(|&i| self.stones[i] == Some(colour) && self.find(i) == root)
            .map(|i| self.cell_at(i))
            .collect()
    }

    /// A shortest chain of the winner's stones from one of their edges to
    /// the other (X9), ordered from the top (Red) or left (Blue) edge: the
    /// line to highlight. Empty while the game goes on.
    pub fn winning_chain(&self) -> Vec<Cell> {
        let Some(colour) = self.winner else { return Vec::new() };
        self.shortest_connection(colour, None)
            .map(|path| path.into_iter().map(|i| self.cell_at(i)).collect())
            .unwrap_or_default()
    }

    /// Whether `colour` joins its two edges (X9), computed from the stones.
    pub fn connects(&self, colour: Colour) -> bool {
        let (a, b) = match colour {
            Colour::Red => (TOP, BOTTOM),
            Colour::Blue => (LEFT, RIGHT),
        };
        self.find(self.edge_node(a)) == self.find(self.edge_node(b))
    }

    /// Breadth-first search over `colour`'s stones from its first edge (top
    /// or left) to its second, ignoring the cell index `skip`. Returns the
    /// cell indices of a shortest connecting chain, first edge first.
    fn shortest_connection(&self, colour: Colour, skip: Option<usize>) -> Option<Vec<usize>> {
        let n = self.n();
        let on_first_edge = |c: Cell| if colour == Colour::Red { c.row == 0 } else { c.col == 0 };
        let on_second_edge = |c: Cell| {
            let far = (n - 1) as u8;
            if colour == Colour::Red {
                c.row == far
            } else {
                c.col == far
            }
        };
        const UNSEEN: usize = usize::MAX;
        let mut prev = vec![UNSEEN; n * n];
        let mut queue = std::collections::VecDeque::new();
        for (i, stone) in self.stones.iter().enumerate() {
            if Some(i) != skip && *stone == Some(colour) && on_first_edge(self.cell_at(i)) {
                prev[i] = i; // a source points at itself
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let cell = self.cell_at(i);
            if on_second_edge(cell) {
                let mut path = vec![i];
                let mut at = i;
                while prev[at] != at {
                    at = prev[at];
                    path.push(at);
                }
                path.reverse();
                return Some(path);
            }
            for nb in self.neighbours(cell) {
                let j = self.index(nb);
                if prev[j] == UNSEEN && Some(j) != skip && self.stones[j] == Some(colour) {
                    prev[j] = i;
                    queue.push_back(j);
                }
            }
        }
        None
    }

    /// Whether some stone of `colour` is needed for its connection: the
    /// position just before that stone was played had no winner.
    fn has_deciding_stone(&self, colour: Colour) -> bool {
        // A deciding stone lies on every connecting chain, in particular on
        // the shortest one, so only those cells need trying.
        let Some(path) = self.shortest_connection(colour, None) else {
            return false;
        };
        path.into_iter()
            .any(|i| self.shortest_connection(colour, Some(i)).is_none())
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
                crate::rule::X1,
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
        // Collect first (at most six, on the stack): `union` needs `&mut self`.
        let mut same = [0usize; 6];
        let mut count = 0;
        for nb in self.neighbours(cell) {
            if self.stone(nb) == Some(colour) {
                same[count] = self.index(nb);
                count += 1;
            }
        }
        for &nb in &same[..count] {
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
                crate::rule::X9,
                format!("the game is over: {colour:?} has joined their edges"),
            ));
        }
        match *mv {
            HexMove::Swap => {
                if !self.options.swap {
                    Err(RuleError::new(crate::rule::X7, "the swap rule is off in this game"))
                } else if self.swapped {
                    Err(RuleError::new(crate::rule::X7, "swap may be used only once per game"))
                } else if !(self.red_stones == 1 && self.blue_stones == 0) {
                    Err(RuleError::new(
                        crate::rule::X7,
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
                        crate::rule::X1,
                        format!("{cell} is not on this {n}×{n} board (a1–{last})"),
                    ))
                } else if let Some(colour) = self.stone(cell) {
                    Err(RuleError::new(
                        crate::rule::X5,
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
    const GAME: GameId = GameId::Hex;

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

/// Nothing is hidden in Hex: a seat sees the position.
impl PublicGame for Hex {}

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

    /// Validates a setup so that only positions reachable by legal play get
    /// through: size offered and board shape (X1), stone counts from
    /// alternating colours starting with Red (X4), swap state possible (X7),
    /// a finished game that ended on the winner's stone (X9), never two
    /// winners (X10), and a last move that fits the board.
    fn try_from(setup: HexSetup) -> Result<Hex, RuleError> {
        let mut hex = Hex::empty(setup.options)?;
        let n = hex.n();
        if setup.rows.len() != n || setup.rows.iter().any(|row| row.chars().count() != n) {
            return Err(RuleError::new(
                crate::rule::X1,
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
                    other => {
                        return Err(RuleError::new(
                            crate::rule::X5,
                            format!("unknown stone {other:?} at {cell} (use R, B or .)"),
                        ))
                    }
                }
            }
        }
        if !(red.len() == blue.len() || red.len() == blue.len() + 1) {
            return Err(RuleError::new(
                crate::rule::X4,
                format!(
                    "{} red and {} blue stones cannot come from alternating turns starting with Red",
                    red.len(),
                    blue.len()
                ),
            ));
        }
        if setup.swapped && (!setup.options.swap || red.is_empty()) {
            return Err(RuleError::new(
                crate::rule::X7,
                "a swap is recorded, but the swap rule is off or Red has not played",
            ));
        }
        for cell in red {
            hex.place(cell, Colour::Red);
        }
        for cell in blue {
            hex.place(cell, Colour::Blue);
        }
        let (red_won, blue_won) = (hex.connects(Colour::Red), hex.connects(Colour::Blue));
        hex.winner = match (red_won, blue_won) {
            // Cannot happen on a rhombus (the Hex theorem), but a setup is
            // untrusted input and the check costs nothing.
            (true, true) => {
                return Err(RuleError::new(
                    crate::rule::X10,
                    "both players cannot have joined their edges",
                ))
            }
            (true, false) => Some(Colour::Red),
            (false, true) => Some(Colour::Blue),
            (false, false) => None,
        };
        if let Some(winner) = hex.winner {
            // The game stops on the winning stone, so the winner moved last...
            if winner != hex.colour_to_move().other() {
                return Err(RuleError::new(
                    crate::rule::X9,
                    format!("{winner:?} has joined their edges, yet the other colour played after that"),
                ));
            }
            // ...and without some one stone of theirs the chain was not yet made.
            if !hex.has_deciding_stone(winner) {
                return Err(RuleError::new(
                    crate::rule::X9,
                    format!("{winner:?} is connected in more than one way: the game would have ended earlier"),
                ));
            }
        }
        let answered_first_stone = setup.swapped && hex.red_stones == 1 && hex.blue_stones == 0;
        match setup.last {
            None => {}
            Some(HexMove::Swap) if answered_first_stone => {}
            Some(HexMove::Swap) => {
                return Err(RuleError::new(
                    crate::rule::X7,
                    "the last move is recorded as swap, but swap answers only Red's first stone",
                ))
            }
            Some(HexMove::Place(cell)) => {
                let mover = hex.colour_to_move().other();
                if answered_first_stone {
                    return Err(RuleError::new(crate::rule::X7, "a swap was the last move, not a stone"));
                }
                if hex.stone(cell) != Some(mover) {
                    return Err(RuleError::new(
                        crate::rule::X5,
                        format!("the last move {cell} should hold a {mover:?} stone"),
                    ));
                }
            }
        }
        hex.swapped = setup.swapped;
        hex.last = setup.last;
        Ok(hex)
    }
}
