//! Hex games as SGF files that HexGui (and PlayHex, Sabaki) read and write.
//!
//! # Mapping (checked against HexGui's source, `selinger/hexgui`)
//! - Root: `FF[4]`, `GM[11]` (Hex), `SZ[n]`; we write `AP[Papan:version]`.
//!   A square `SZ[n:n]` is read too; other shapes and sizes not offered (X1)
//!   are refused.
//! - Colours: in HexGui Black moves first and joins the top and bottom
//!   edges, White joins left and right. That is exactly our Red and Blue
//!   (X3, X4), so `B` ↔ Red and `W` ↔ Blue when no swap happens.
//! - Cells: HexGui names a cell by column letter and row number with `a1`
//!   top-left, columns left to right and rows top to bottom, and the same
//!   neighbours as X2 — our notation unchanged (`B[f6]`). Go-style pairs of
//!   letters (`B[fe]`: column, row), as LittleGolem writes, are read too.
//! - Players: `PB` names our first seat, `PW` the second (both optional).
//! - Swap (X7). Our swap leaves the board alone and exchanges colours between
//!   the seats. Two dialects of the same `W[swap-pieces]` are in real files:
//!   - HexGui up to 1.0 (and MoHex/benzene's `twogtp.py`, which wrote the
//!     Computer Olympiad games): the board stays, letters name colours, and
//!     the swapper's letter moves again: `;B[f2];W[swap-pieces];W[e7]` —
//!     exactly our swap. HexGui's own source (`ryanbhayward/hexgui`,
//!     `HexGui.java`: no toggle of the player to move after `SWAP_PIECES`)
//!     and the Olympiad files kept in `tests/data/hex/` show it; today's
//!     HexGui (`selinger/hexgui`, `SgfReader.java`) reads the files marked
//!     `AP[HexGui:0.x]` so too, though HexGui 1.0 wrote them the same way.
//!   - The SGF specification, PlayHex and today's HexGui: colours stay with
//!     the players and the first stone is mirrored across the long diagonal
//!     (`f3` → a White stone on `c6`), after which Black moves again:
//!     `;B[f3];W[swap-pieces];B[d4]`. The two games are mirror images: every
//!     later cell is transposed (column ↔ row) and letters follow seats
//!     (`B` = first seat).
//!
//!   Reading `swap-pieces` and plain `swap` (LittleGolem, benzene 0.1's
//!   `W[SWAP]`) is settled by the letter of the next stone: `W` is the
//!   board-stays dialect, `B` the mirrored one; with no stone after it,
//!   `swap-pieces` is read as the specification has it. `swap-sides` is the
//!   board-stays swap in every program (`;B[f3];W[swap-sides];W[d4]`).
//!
//!   We write `swap-pieces` mirrored by default ([`SwapNotation`]): it is
//!   what the specification, PlayHex and today's HexGui mean, and Papan reads
//!   it back unchanged; [`SwapNotation::Sides`] writes `swap-sides`.
//! - `RU[swap]` records that the swap option was on (HexGui keeps unknown
//!   root properties); a swap move in the file also turns it on.
//! - `RE[B+]`/`RE[W+]` (winner's SGF colour, `+Resign` when resigned) is
//!   written for finished games; on reading, the result is recomputed from the
//!   moves, and a final `resign`/`forfeit` move is kept in [`SgfGame::resigned`].
//!   Some programs (MoHex's `twogtp.py`) write a resignation after the board
//!   is already won: it is read as the end of the record, and the board's
//!   result stands. (`twogtp.py`'s `RE` names the program of `PB` or `PW`,
//!   not a colour; `RE` is not read.)
//! - Refused when reading: malformed SGF, another game (`GM`), setup stones
//!   (`AB`/`AW`/`AE`: we only replay games from the empty board), passes
//!   (X5), moves out of colour order, and any move the rules refuse — every
//!   move goes through the checked [`Game::play`].

mod tree;

use super::{Colour, Hex, HexMove, HexOptions, SIZES};
use crate::game::{Game, RuleError, Seat};
use crate::record::{Record, RecordError};
use std::fmt;
use tree::{escape, parse_first_tree, simple_text, Node};

/// A Hex game as an SGF file carries it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfGame {
    pub options: HexOptions,
    /// Every move in our notation and orientation (swap as [`HexMove::Swap`]).
    pub moves: Vec<HexMove>,
    /// `PB`: the player in the first seat.
    pub first_name: Option<String>,
    /// `PW`: the player in the second seat.
    pub second_name: Option<String>,
    /// The seat that resigned after the last move, if the game ended so.
    pub resigned: Option<Seat>,
}

/// How to write the swap move (see the module documentation).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum SwapNotation {
    /// `W[swap-pieces]`, later moves mirrored: read by every Hex program.
    #[default]
    Pieces,
    /// `W[swap-sides]`, board unchanged: our model as is; newer HexGui only.
    Sides,
}

/// Why an SGF text could not be read as a Hex game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// Not well-formed SGF; `at` is a byte offset into the text.
    Syntax { at: usize, message: String },
    /// Well-formed, but not a Hex game this app can replay.
    Unsupported(String),
    /// A move (or the options) refused by the rules, with its ply.
    Refused(RecordError),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Syntax { at, message } => write!(f, "malformed SGF at byte {at}: {message}"),
            SgfError::Unsupported(message) => write!(f, "unsupported SGF: {message}"),
            SgfError::Refused(error) => write!(f, "SGF game refused: {error}"),
        }
    }
}

impl std::error::Error for SgfError {}

impl SgfGame {
    /// A game to export from a record; names are optional.
    pub fn from_record(record: &Record<Hex>) -> SgfGame {
        SgfGame {
            options: record.options,
            moves: record.moves.clone(),
            ..SgfGame::default()
        }
    }

    /// The game as a record (Hex has no random setup, so the seed is 0).
    pub fn to_record(&self) -> Record<Hex> {
        Record {
            options: self.options,
            seed: 0,
            moves: self.moves.clone(),
        }
    }

    /// The final position, every move checked.
    pub fn replay(&self) -> Result<Hex, RecordError> {
        self.to_record().replay()
    }
}

/// SGF letter for a seat or colour: the first seat and Red are Black.
fn letter(black: bool) -> &'static str {
    if black {
        "B"
    } else {
        "W"
    }
}

fn transpose(cell: super::Cell) -> super::Cell {
    super::Cell::new(cell.row, cell.col)
}

/// Writes `game` as SGF with the swap written as `swap-pieces`.
pub fn to_sgf(game: &SgfGame) -> Result<String, RecordError> {
    to_sgf_with(game, SwapNotation::default())
}

/// Writes `game` as SGF. The moves are replayed first (a game that does not
/// replay is refused), so letters, mirroring and the result are right.
pub fn to_sgf_with(game: &SgfGame, notation: SwapNotation) -> Result<String, RecordError> {
    let mut hex = Hex::empty(game.options).map_err(|error| RecordError { ply: None, error })?;
    let mut root = format!(
        "FF[4]AP[Papan:{}]GM[11]SZ[{}]",
        env!("CARGO_PKG_VERSION"),
        game.options.size
    );
    if game.options.swap {
        root.push_str("RU[swap]");
    }
    for (id, name) in [("PB", &game.first_name), ("PW", &game.second_name)] {
        if let Some(name) = name {
            root.push_str(&format!("{id}[{}]", escape(name)));
        }
    }
    let mut nodes = Vec::new();
    let mirrored = |hex: &Hex| hex.swapped() && notation == SwapNotation::Pieces;
    for (ply, mv) in game.moves.iter().enumerate() {
        let colour = hex.colour_to_move();
        let seat = hex.seat_of(colour);
        let node = match *mv {
            HexMove::Swap => {
                let spelling = match notation {
                    SwapNotation::Pieces => "swap-pieces",
                    SwapNotation::Sides => "swap-sides",
                };
                // Only the second seat, holding Blue, may swap (X7).
                format!("W[{spelling}]")
            }
            HexMove::Place(cell) if mirrored(&hex) => format!("{}[{}]", letter(seat == Seat::First), transpose(cell)),
            HexMove::Place(cell) => format!("{}[{cell}]", letter(colour == Colour::Red)),
        };
        hex.play(mv).map_err(|error| RecordError { ply: Some(ply), error })?;
        nodes.push(node);
    }
    // In swap-pieces files the first seat is Black throughout; otherwise
    // letters name colours.
    let black_seat = |seat: Seat, hex: &Hex| {
        if mirrored(hex) {
            seat == Seat::First
        } else {
            hex.colour_of(seat) == Colour::Red
        }
    };
    if let Some(outcome) = hex.outcome() {
        if let Some(winner) = outcome.winner {
            root.push_str(&format!("RE[{}+]", letter(black_seat(winner, &hex))));
        }
    } else if let Some(loser) = game.resigned {
        let winner = loser.other();
        root.push_str(&format!("RE[{}+Resign]", letter(black_seat(winner, &hex))));
        nodes.push(format!("{}[resign]", letter(black_seat(loser, &hex))));
    }
    let mut out = String::from("(");
    let mut line_len = 1;
    for node in std::iter::once(root).chain(nodes) {
        let token = format!(";{node}");
        // Lines of about 72 characters, as HexGui writes them.
        if line_len + token.len() > 72 && line_len > 1 {
            out.push('\n');
            line_len = 0;
        }
        line_len += token.len();
        out.push_str(&token);
    }
    out.push_str(")\n");
    Ok(out)
}

/// Reads the main line of the first game in an SGF text.
pub fn from_sgf(text: &str) -> Result<SgfGame, SgfError> {
    let tree = parse_first_tree(text).map_err(|e| SgfError::Syntax {
        at: e.at,
        message: e.message,
    })?;
    let line = tree.main_line();
    let root = line[0];
    let options = read_options(&line)?;
    let mut game = SgfGame {
        options,
        first_name: single(root, "PB")?.map(simple_text),
        second_name: single(root, "PW")?.map(simple_text),
        ..SgfGame::default()
    };
    let mut hex = Hex::empty(options).map_err(|error| refused(None, error))?;
    // Set once a swap is read: whether later moves are mirrored (pieces).
    let mut mirrored: Option<bool> = None;
    let moves: Vec<(usize, &str, &str)> = line
        .iter()
        .enumerate()
        .map(|(index, node)| read_move(node).map(|mv| mv.map(|(l, v)| (index, l, v))))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .flatten()
        .collect();
    for (k, &(node_index, letter_read, value)) in moves.iter().enumerate() {
        let ply = game.moves.len();
        let black = letter_read == "B";
        let value = value.trim().to_ascii_lowercase();
        if matches!(value.as_str(), "resign" | "forfeit") {
            if k + 1 != moves.len() {
                return Err(SgfError::Unsupported(format!(
                    "node {node_index}: moves follow a resignation"
                )));
            }
            let seat = if mirrored == Some(true) {
                if black {
                    Seat::First
                } else {
                    Seat::Second
                }
            } else {
                hex.seat_of(if black { Colour::Red } else { Colour::Blue })
            };
            // Written after the board is won (as MoHex's tools do): the end
            // of the record, and the board's result stands.
            if !hex.is_over() {
                game.resigned = Some(seat);
            }
            break;
        }
        let mv = match value.as_str() {
            "swap" | "swap-pieces" | "swap-sides" => {
                // The letter of the next stone (not a resignation) settles
                // the dialect: Black again means mirrored pieces.
                let next_stone = moves[k + 1..]
                    .iter()
                    .find(|&&(_, _, v)| !matches!(v.trim().to_ascii_lowercase().as_str(), "resign" | "forfeit"));
                let pieces = match (value.as_str(), next_stone) {
                    ("swap-sides", _) => false,
                    (_, Some(&(_, next, _))) => next == "B",
                    (spelling, None) => spelling == "swap-pieces",
                };
                mirrored = Some(pieces);
                HexMove::Swap
            }
            "pass" | "" => {
                return Err(refused(
                    Some(ply),
                    RuleError::new(crate::rule::X5, "passing is not allowed in Hex"),
                ));
            }
            _ => {
                let cell = read_cell(&value).ok_or_else(|| {
                    SgfError::Unsupported(format!("node {node_index}: {value:?} is not a cell, swap or resign"))
                })?;
                HexMove::Place(if mirrored == Some(true) { transpose(cell) } else { cell })
            }
        };
        // Letters name seats in mirrored (swap-pieces) files, colours otherwise.
        let expected_black = match mv {
            HexMove::Swap => false,
            HexMove::Place(_) if mirrored == Some(true) => hex.seat_of(hex.colour_to_move()) == Seat::First,
            HexMove::Place(_) => hex.colour_to_move() == Colour::Red,
        };
        if black != expected_black && !hex.is_over() {
            return Err(refused(
                Some(ply),
                RuleError::new(
                    crate::rule::X4,
                    format!(
                        "{letter_read}[{value}] is out of turn: {} is to play",
                        letter(expected_black)
                    ),
                ),
            ));
        }
        if mv == HexMove::Swap && !game.options.swap {
            // A swap in the file means the game was played with the rule on.
            game.options.swap = true;
            hex = rebuild_with_swap(&game)?;
        }
        hex.play(&mv).map_err(|error| refused(Some(ply), error))?;
        game.moves.push(mv);
    }
    Ok(game)
}

fn refused(ply: Option<usize>, error: RuleError) -> SgfError {
    SgfError::Refused(RecordError { ply, error })
}

/// The position so far, replayed under options that now include swap.
fn rebuild_with_swap(game: &SgfGame) -> Result<Hex, SgfError> {
    game.replay().map_err(SgfError::Refused)
}

/// The only value of a root text property, if present.
fn single<'a>(node: &'a Node, id: &str) -> Result<Option<&'a str>, SgfError> {
    match node.get(id) {
        None => Ok(None),
        Some([value]) => Ok(Some(value.as_str())),
        Some(_) => Err(SgfError::Unsupported(format!("{id} must have one value"))),
    }
}

fn read_options(line: &[&Node]) -> Result<HexOptions, SgfError> {
    let root = line[0];
    if let Some(gm) = single(root, "GM")? {
        if gm.trim() != "11" {
            return Err(SgfError::Unsupported(format!("GM[{gm}] is not Hex (GM[11])")));
        }
    }
    if let Some(ff) = single(root, "FF")? {
        if !matches!(ff.trim(), "1" | "2" | "3" | "4") {
            return Err(SgfError::Unsupported(format!("FF[{ff}] is not an SGF version (1–4)")));
        }
    }
    let sz = single(root, "SZ")?.ok_or_else(|| SgfError::Unsupported("the board size SZ is missing".into()))?;
    let size = match sz.split(':').map(|part| part.trim().parse::<u8>()).collect::<Vec<_>>()[..] {
        [Ok(n)] => n,
        [Ok(w), Ok(h)] if w == h => w,
        [Ok(_), Ok(_)] => {
            return Err(SgfError::Unsupported(format!(
                "SZ[{sz}]: only square boards are played"
            )))
        }
        _ => return Err(SgfError::Unsupported(format!("SZ[{sz}] is not a board size"))),
    };
    if !SIZES.contains(&size) {
        return Err(refused(
            None,
            RuleError::new(
                crate::rule::X1,
                format!("board size {size} is not offered (7, 9, 11, 13 or 19)"),
            ),
        ));
    }
    let swap = single(root, "RU")?.is_some_and(|ru| {
        let ru = ru.to_ascii_lowercase();
        ru.contains("swap") || ru.contains("pie")
    });
    for (index, node) in line.iter().enumerate() {
        for id in ["AB", "AW", "AE"] {
            if node.get(id).is_some() {
                return Err(SgfError::Unsupported(format!(
                    "node {index}: setup stones ({id}) are not supported; only games from an empty board"
                )));
            }
        }
        if index > 0 && (node.get("SZ").is_some() || node.get("GM").is_some()) {
            return Err(SgfError::Unsupported(format!("node {index}: SZ/GM outside the root")));
        }
    }
    Ok(HexOptions { size, swap })
}

/// The move of a node, if any: its letter and value.
fn read_move(node: &Node) -> Result<Option<(&'static str, &str)>, SgfError> {
    match (node.get("B"), node.get("W")) {
        (None, None) => Ok(None),
        (Some([value]), None) => Ok(Some(("B", value.as_str()))),
        (None, Some([value])) => Ok(Some(("W", value.as_str()))),
        (Some(_), Some(_)) => Err(SgfError::Unsupported("a node holds both a B and a W move".into())),
        _ => Err(SgfError::Unsupported("a move must have exactly one value".into())),
    }
}

/// `f6` (HexGui) or `fe` (Go-style, LittleGolem), lower-cased already.
fn read_cell(value: &str) -> Option<super::Cell> {
    let bytes = value.as_bytes();
    if bytes.len() == 2 && bytes.iter().all(u8::is_ascii_lowercase) {
        return Some(super::Cell::new(bytes[0] - b'a', bytes[1] - b'a'));
    }
    value.parse().ok()
}
