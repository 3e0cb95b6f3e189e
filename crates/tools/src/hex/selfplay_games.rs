//! The game files of `hex-patterns selfplay`, read back for training: one
//! game a line, the board size, how many random opening stones, then the
//! moves. A move the search chose may carry the root's visits after a
//! colon, `e5:e5=2210,d6=514,f4=73` (the moves it searched, most visited
//! first), which the policy can be taught instead of the one move.

use papan_bots::hex::board::{stone_of, FastBoard};
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
use papan_rules::Game;

/// A position of a game file in which a stone was played after the
/// opening stones.
pub struct Played<'a> {
    /// The game's number across all the files, from 0.
    pub game: usize,
    pub board: &'a FastBoard,
    /// The side to move ([`papan_bots::hex::board::RED`] or `BLUE`).
    pub mover: u8,
    pub cell: Cell,
    /// The root's visits the file gives for this move (empty if none).
    pub visits: &'a [(Cell, u32)],
}

/// The root's visits written after a move: `cell=visits`, comma-separated.
pub fn format_visits(position: &Hex, visits: &[(Cell, u32)]) -> String {
    let words: Vec<String> = visits
        .iter()
        .map(|&(cell, n)| format!("{}={n}", position.format_move(&HexMove::Place(cell))))
        .collect();
    words.join(",")
}

/// Reads [`format_visits`]' text back, refusing a cell that is not an
/// empty cell of `position` or a count that is not a number.
fn parse_visits(position: &Hex, text: &str) -> Result<Vec<(Cell, u32)>, String> {
    let legal = position.legal_moves();
    text.split(',')
        .map(|word| {
            let (cell, count) = word
                .split_once('=')
                .ok_or_else(|| format!("visits {word:?} are not cell=count"))?;
            let count: u32 = count
                .parse()
                .map_err(|_| format!("visits {word:?}: {count:?} is not a count"))?;
            match position.parse_move(cell).map_err(|e| e.to_string())? {
                mv @ HexMove::Place(at) if legal.contains(&mv) => Ok((at, count)),
                _ => Err(format!("visits {word:?}: {cell} is not a move here")),
            }
        })
        .collect()
}

/// Replays every game of `files` under the rules, calling `visit` for
/// each position after the opening where a stone was played; returns how
/// many games there were. A line that does not replay is refused with
/// its file and line number.
pub fn for_each_played(files: &[String], mut visit: impl FnMut(Played<'_>)) -> Result<usize, String> {
    let mut game = 0;
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (number, line) in text.lines().enumerate() {
            let where_ = || format!("{path}:{}", number + 1);
            let mut words = line.split_whitespace();
            let size: u8 = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| format!("{}: no size", where_()))?;
            let opening: usize = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| format!("{}: no opening count", where_()))?;
            let mut position =
                Hex::empty(HexOptions { size, swap: false }).map_err(|e| format!("{}: {e}", where_()))?;
            for (ply, word) in words.enumerate() {
                let (word, visits) = match word.split_once(':') {
                    Some((word, visits)) => (
                        word,
                        parse_visits(&position, visits).map_err(|e| format!("{}: {e}", where_()))?,
                    ),
                    None => (word, Vec::new()),
                };
                let mv = position.parse_move(word).map_err(|e| format!("{}: {e}", where_()))?;
                if let (HexMove::Place(cell), true) = (mv, ply >= opening) {
                    let board = FastBoard::from_position(&position);
                    let mover = stone_of(position.colour_to_move());
                    visit(Played {
                        game,
                        board: &board,
                        mover,
                        cell,
                        visits: &visits,
                    });
                }
                position.play(&mv).map_err(|e| format!("{}: {e}", where_()))?;
            }
            game += 1;
        }
    }
    Ok(game)
}
