//! Puzzles: a position from the bots' own games, the one move that wins
//! there, a theme, a difficulty rating and the "why" as data computed from
//! the position (never prose: the app words it in each language; [`why_en`]
//! is the tools' English only).
//!
//! Plain serde data, one JSON object per line in the shipped files
//! (`data/puzzles/*.jsonl`, made by `papan-tools`' `puzzle-gen`). A Hex or
//! HADANG position is its game's options and move list in the game's
//! notation, replayed through the checked rules; a Jun Qi flip one is what
//! the player knows ([`JunqiPosition`], read through the checked setup),
//! a backgammon one gnubg's Position ID and the dice. [`check`] re-proves
//! a puzzle:
//! - Hex: after the answer the mover's edges are joined by a full virtual
//!   connection (H-search, [`crate::hex::vc`]: it never invents one, so the
//!   win is proven); the wrong tries stored with it are not proven to win
//!   (and those marked `loses` give the opponent a proven win); the
//!   carrier, the block and the theme are computed again and compared.
//! - HADANG: at the stated depth an alpha-beta search ([`hadang_wins`]:
//!   every legal move at the root, below it the Expert's moves — steps and
//!   walls across the opponent's shortest routes — and its evaluation,
//!   whose decided races are exact) proves the answer wins the race by
//!   force and that no other legal move does; the route lengths before and
//!   after, the walls in stock and the opponent's best reply are computed
//!   again and compared.
//! - Jun Qi flip ([`junqi`]): a two-ply material count that holds for every
//!   hidden layout consistent with what the player knows proves the answer
//!   wins material (or the game) and beats every other action by a margin;
//!   the why and the theme are computed again and compared.
//! - Backgammon ([`backgammon`]): the answer leads the runner-up by at
//!   least [`BG_MARGIN`] at the Expert's 2-ply; the quick check recomputes
//!   their 1-ply equities, the why and the theme ([`bg_deep_check`]
//!   re-proves the 2-ply lead, slower). GNU Backgammon's verdict from
//!   generation time is kept beside it as data.

pub mod backgammon;
pub mod find;
pub mod junqi;

pub use backgammon::{
    bg_deep_check, bg_equity, bg_game, bg_lead, bg_play, bg_shots, bg_theme, bg_why, round4, BackgammonWhy, BgLead,
    GnubgVerdict, BACKGAMMON_THEMES, BG_MARGIN, BG_PRESCREEN, BG_TOLERANCE,
};
pub use junqi::{
    junqi_answer, junqi_count, junqi_counts, junqi_game, junqi_position, junqi_theme, junqi_view, junqi_why,
    JunqiPosition, JunqiTry, JunqiWhy, JUNQI_MARGIN, JUNQI_THEMES, JUNQI_WIN,
};

use crate::hadang::board::{goal, squares, Node};
use crate::hadang::eval::{evaluate, Weights, MATE, RACE_WON};
use crate::hex::board::{stone_of, EMPTY};
use crate::hex::cells::CellSet;
use crate::hex::geometry::Geometry;
use crate::hex::vc::{EdgeConnections, VcBuilder, VcLimits};
use papan_rules::hadang::{Hadang, HadangMove, HadangOptions};
use papan_rules::hex::{Cell, Colour, Hex, HexMove, HexOptions};
use papan_rules::{Game, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Unique within its set (`hex-0042`).
    pub id: String,
    /// A theme id ([`HEX_THEMES`], [`HADANG_THEMES`], [`JUNQI_THEMES`],
    /// [`BACKGAMMON_THEMES`]).
    pub theme: String,
    /// Difficulty on the players' rating scale (Glicko-2, 1500 to start).
    pub rating: u32,
    /// The seat to move: the solver's.
    pub side: Seat,
    pub body: Body,
}

/// The game's part of a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum Body {
    Hex {
        options: HexOptions,
        /// The game so far, in Hex notation (`c3`, `swap`).
        moves: Vec<String>,
        /// The winning cell.
        answer: String,
        why: HexWhy,
    },
    Hadang {
        /// The game so far, in HADANG notation (`e2`, `d4h`).
        moves: Vec<String>,
        /// The winning move.
        answer: String,
        why: HadangWhy,
    },
    Junqi {
        /// What the solver knows: the board with face-down pieces as `?`,
        /// the public face-down pool, the colours and the J19 counter.
        position: JunqiPosition,
        /// The winning action, in Jun Qi notation (`a2-a11`).
        answer: String,
        why: JunqiWhy,
    },
    Backgammon {
        /// gnubg's Position ID, from the view of the side to play.
        position: String,
        /// The roll to play.
        dice: [u8; 2],
        /// The best play, in gnubg-style notation (`13/9 6/5*`).
        answer: String,
        why: BackgammonWhy,
        /// GNU Backgammon's verdict at generation time: every shipped
        /// puzzle has one; one found on the device (the player's own
        /// games, [`find::Scan`]) has none and rests on the Expert's lead.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gnubg: Option<GnubgVerdict>,
    },
}

/// Why a Hex answer wins, as found in the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexWhy {
    /// The mover's colour.
    pub colour: Colour,
    /// The empty cells of the smallest full virtual connection between the
    /// mover's edges after the answer: the opponent cannot break it.
    pub carrier: Vec<String>,
    /// The cells the opponent's own threats (their semi connections before
    /// the answer) all pass through, when they had one; the answer is among
    /// them for a "block".
    pub threat: Option<Vec<String>>,
    /// Tempting other cells and what they give.
    pub wrong: Vec<WrongTry>,
}

/// A wrong Hex try and its verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WrongTry {
    pub cell: String,
    /// `loses`: the opponent then has a proven win; `unproven`: no proof
    /// that it wins for the mover.
    pub verdict: String,
}

/// Why a HADANG answer wins, as found in the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HadangWhy {
    /// Plies of the proof (the answer included).
    pub depth: u32,
    /// Shortest route lengths, mover then opponent, before the answer.
    pub before: [u8; 2],
    /// The same after it.
    pub after: [u8; 2],
    /// Walls in stock, mover then opponent, before the answer.
    pub walls: [u8; 2],
    /// The opponent's most stubborn reply, if the game goes on.
    pub reply: Option<String>,
}

/// The Hex themes, as [`hex_theme`] detects them, most telling first.
pub const HEX_THEMES: [&str; 4] = ["block", "edge-template", "bridge", "connect"];
/// The HADANG themes, as [`hadang_theme`] detects them.
pub const HADANG_THEMES: [&str; 3] = ["wall-lengthens-path", "wall-ahead", "race"];

/// A puzzle refused, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    pub id: String,
    pub problem: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {}: {}", self.id, self.problem)
    }
}

impl std::error::Error for PuzzleError {}

fn fail<T>(id: &str, problem: impl Into<String>) -> Result<T, PuzzleError> {
    Err(PuzzleError {
        id: id.to_string(),
        problem: problem.into(),
    })
}

/// Replays `moves` from a fresh game through the checked rules.
pub fn replay<G: Game>(id: &str, options: &G::Options, moves: &[String]) -> Result<G, PuzzleError> {
    // Hex and HADANG set up without chance; a seeded generator all the same.
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    let mut game = match G::new(options, &mut rng) {
        Ok(g) => g,
        Err(e) => return fail(id, format!("bad options: {e}")),
    };
    for (i, text) in moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .or_else(|e| fail(id, format!("move {} {text:?} does not read: {e}", i + 1)))?;
        if let Err(e) = game.play(&mv) {
            return fail(id, format!("move {} {text:?} is illegal: {e}", i + 1));
        }
    }
    Ok(game)
}

/// Re-proves `puzzle` against its position (see the module doc).
pub fn check(puzzle: &Puzzle) -> Result<(), PuzzleError> {
    let id = puzzle.id.as_str();
    if !(100..=3000).contains(&puzzle.rating) {
        return fail(id, format!("rating {} is off the scale", puzzle.rating));
    }
    match &puzzle.body {
        Body::Hex {
            options,
            moves,
            answer,
            why,
        } => {
            let game: Hex = replay(id, options, moves)?;
            if game.seat_to_move() != Some(puzzle.side) {
                return fail(id, format!("side {:?} is not the seat to move", puzzle.side));
            }
            let cell = hex_answer(id, &game, answer)?;
            let tries: Vec<String> = why.wrong.iter().map(|w| w.cell.clone()).collect();
            let found = hex_why(&game, cell, &tries).or_else(|e| fail(id, e))?;
            if &found != why {
                return fail(
                    id,
                    format!("the why does not match the position: stored {why:?}, found {found:?}"),
                );
            }
            let theme = hex_theme(&game, cell, &found);
            if puzzle.theme != theme {
                return fail(
                    id,
                    format!("theme {:?} does not match the position ({theme:?})", puzzle.theme),
                );
            }
            Ok(())
        }
        Body::Hadang { moves, answer, why } => {
            let game: Hadang = replay(id, &HadangOptions::default(), moves)?;
            if game.seat_to_move() != Some(puzzle.side) {
                return fail(id, format!("side {:?} is not the seat to move", puzzle.side));
            }
            let mv = game
                .parse_move(answer)
                .or_else(|e| fail(id, format!("answer {answer:?} does not read: {e}")))?;
            if let Err(e) = game.check(&mv) {
                return fail(id, format!("answer {answer:?} is illegal: {e}"));
            }
            if !(1..=6).contains(&why.depth) {
                return fail(id, format!("depth {} is out of range", why.depth));
            }
            let winners = hadang_winners(&game, why.depth);
            if !winners.contains(&mv) {
                return fail(
                    id,
                    format!("answer {answer:?} does not win by force in {} plies", why.depth),
                );
            }
            if winners.len() > 1 {
                let others: Vec<String> = winners.iter().filter(|&&m| m != mv).map(|m| m.to_string()).collect();
                return fail(
                    id,
                    format!("answer {answer:?} is not the only win: {} also win", others.join(", ")),
                );
            }
            let found = hadang_why(&game, mv, why.depth);
            if &found != why {
                return fail(
                    id,
                    format!("the why does not match the position: stored {why:?}, found {found:?}"),
                );
            }
            let theme = hadang_theme(&game, mv, &found);
            if puzzle.theme != theme {
                return fail(
                    id,
                    format!("theme {:?} does not match the position ({theme:?})", puzzle.theme),
                );
            }
            Ok(())
        }
        Body::Junqi { position, answer, why } => check_junqi(puzzle, position, answer, why),
        Body::Backgammon {
            position,
            dice,
            answer,
            why,
            gnubg,
        } => check_backgammon(puzzle, position, *dice, answer, why, gnubg.as_ref()),
    }
}

fn check_junqi(puzzle: &Puzzle, position: &JunqiPosition, answer: &str, why: &JunqiWhy) -> Result<(), PuzzleError> {
    let id = puzzle.id.as_str();
    let game = junqi_game(id, position, puzzle.side, false)?;
    let action = game
        .parse_move(answer)
        .or_else(|e| fail(id, format!("answer {answer:?} does not read: {e}")))?;
    if let Err(e) = game.check(&action) {
        return fail(id, format!("answer {answer:?} is illegal: {e}"));
    }
    match junqi_answer(&game) {
        Some((best, _, _)) if best == action => {}
        Some((best, gain, _)) => {
            return fail(
                id,
                format!("answer {answer:?} is not the winning capture: {best} wins {gain}"),
            )
        }
        None => {
            let (gain, _) = junqi_count(&game, action);
            return fail(
                id,
                format!("answer {answer:?} does not win material against every reply and layout (it comes to {gain}), or another action does as well"),
            );
        }
    }
    let found = junqi_why(&game, action).or_else(|e| fail(id, e))?;
    if &found != why {
        return fail(
            id,
            format!("the why does not match the position: stored {why:?}, found {found:?}"),
        );
    }
    // The count does not depend on the hidden layout: a second one agrees.
    let other = junqi_game(id, position, puzzle.side, true)?;
    if junqi_why(&other, action).ok().as_ref() != Some(&found) {
        return fail(id, "the count differs on another hidden layout");
    }
    let theme = junqi_theme(&game, action, &found);
    if puzzle.theme != theme {
        return fail(
            id,
            format!("theme {:?} does not match the position ({theme:?})", puzzle.theme),
        );
    }
    Ok(())
}

fn check_backgammon(
    puzzle: &Puzzle,
    position: &str,
    dice: [u8; 2],
    answer: &str,
    why: &BackgammonWhy,
    gnubg: Option<&GnubgVerdict>,
) -> Result<(), PuzzleError> {
    let id = puzzle.id.as_str();
    let game = bg_game(id, position, dice, puzzle.side)?;
    let (_, after) = bg_play(id, &game, answer, "answer")?;
    let (_, second) = bg_play(id, &game, &why.second, "runner-up")?;
    if after == second {
        return fail(id, "the runner-up is the answer itself");
    }
    if let Some(gnubg) = gnubg {
        let (_, gnubg_after) = bg_play(id, &game, &gnubg.best, "gnubg's best")?;
        if gnubg_after != after {
            return fail(id, format!("gnubg's best {} is not the answer {answer}", gnubg.best));
        }
    }
    if why.equity[0] - why.equity[1] < BG_MARGIN {
        return fail(
            id,
            format!(
                "the answer leads the runner-up by {:.4} at 2-ply, under {BG_MARGIN}",
                why.equity[0] - why.equity[1]
            ),
        );
    }
    let found1 = [bg_equity(&after, 1), bg_equity(&second, 1)];
    for (i, (f, s)) in found1.iter().zip(why.equity1).enumerate() {
        if (f - s).abs() > BG_TOLERANCE {
            let which = ["answer", "runner-up"][i];
            return fail(
                id,
                format!("the {which}'s 1-ply equity is {f:.4}, not the stored {s:.4}"),
            );
        }
    }
    let found = bg_why(&game, &after, &why.second, &second, why.equity, why.equity1);
    if &found != why {
        return fail(
            id,
            format!("the why does not match the position: stored {why:?}, found {found:?}"),
        );
    }
    let theme = bg_theme(&game, &after, &found);
    if puzzle.theme != theme {
        return fail(
            id,
            format!("theme {:?} does not match the position ({theme:?})", puzzle.theme),
        );
    }
    Ok(())
}

// ---------------------------------------------------------------- Hex

fn hex_answer(id: &str, game: &Hex, answer: &str) -> Result<Cell, PuzzleError> {
    let mv: HexMove = game
        .parse_move(answer)
        .or_else(|e| fail(id, format!("answer {answer:?} does not read: {e}")))?;
    if let Err(e) = game.check(&mv) {
        return fail(id, format!("answer {answer:?} is illegal: {e}"));
    }
    match mv {
        HexMove::Place(cell) => Ok(cell),
        _ => fail(id, format!("answer {answer:?} is not a cell")),
    }
}

/// The H-search the shipped puzzles were made and proved with: a puzzle
/// stores the carrier and threat it found, and `check` finds them again,
/// so the bots' later builder (edge templates, nothing combined through an
/// edge) would need the set made again (`puzzle-gen`) to be used here.
const PUZZLE_VC_LIMITS: VcLimits = VcLimits {
    fulls: 6,
    semis: 10,
    ors: 4,
    cells: false,
    work: 4_000_000,
    and_over_edges: true,
    templates: false,
    captured: false,
};

/// The analysis of one Hex position, reusing the builder's buffers.
pub struct HexAnalysis {
    geometry: Geometry,
    vc: VcBuilder,
}

impl HexAnalysis {
    pub fn new(size: u8) -> HexAnalysis {
        HexAnalysis {
            geometry: Geometry::new(size as usize),
            vc: VcBuilder::with_limits(size as usize, PUZZLE_VC_LIMITS),
        }
    }

    /// The connections between `colour`'s edges on `cells`.
    pub fn edges(&mut self, cells: &[u8], colour: Colour) -> EdgeConnections {
        self.vc.build(&self.geometry, cells, stone_of(colour))
    }
}

/// The rules' stones as the analysis's cells.
pub fn hex_cells(game: &Hex) -> Vec<u8> {
    game.stones().iter().map(|s| s.map_or(EMPTY, stone_of)).collect()
}

fn names(game: &Hex, set: &CellSet) -> Vec<String> {
    set.iter().map(|i| game.cell_at(i).to_string()).collect()
}

/// Whether `colour` has a proven win with the opponent to move on `cells`
/// (a full connection between its edges).
pub fn hex_joined(analysis: &mut HexAnalysis, cells: &[u8], colour: Colour) -> Option<CellSet> {
    let edges = analysis.edges(cells, colour);
    edges.full.iter().min_by_key(|c| c.len()).copied()
}

/// The why of playing `cell` in `game`, with verdicts on `tries`. An error
/// if the answer is not proven to win or a try is proven to win too.
pub fn hex_why(game: &Hex, cell: Cell, tries: &[String]) -> Result<HexWhy, String> {
    let colour = game.colour_to_move();
    let mut analysis = HexAnalysis::new(game.size());
    let cells = hex_cells(game);
    let stone = stone_of(colour);
    let mut after = cells.clone();
    after[game.index(cell)] = stone;
    let Some(carrier) = hex_joined(&mut analysis, &after, colour) else {
        return Err(format!(
            "answer {cell} is not proven to win (no full virtual connection after it)"
        ));
    };
    let all: CellSet = (0..cells.len()).filter(|&i| cells[i] == EMPTY).collect();
    let theirs = analysis.edges(&cells, colour.other());
    let threat = (!theirs.semi.is_empty() && theirs.full.is_empty()).then(|| names(game, &theirs.must_play(all)));
    let mut wrong = Vec::new();
    for text in tries {
        let Ok(try_cell) = text.parse::<Cell>() else {
            return Err(format!("wrong try {text:?} is not a cell"));
        };
        if try_cell == cell || !game.contains(try_cell) || cells[game.index(try_cell)] != EMPTY {
            return Err(format!("wrong try {text:?} is not another empty cell"));
        }
        let mut tried = cells.clone();
        tried[game.index(try_cell)] = stone;
        if hex_joined(&mut analysis, &tried, colour).is_some() {
            return Err(format!("wrong try {text} is proven to win too"));
        }
        let verdict = if analysis.edges(&tried, colour.other()).wins_to_move() {
            "loses"
        } else {
            "unproven"
        };
        wrong.push(WrongTry {
            cell: try_cell.to_string(),
            verdict: verdict.to_string(),
        });
    }
    Ok(HexWhy {
        colour,
        carrier: names(game, &carrier),
        threat,
        wrong,
    })
}

/// The theme of `cell` in `game`: `block` (it is in the cells all the
/// opponent's threats pass through), `edge-template` (on the second row
/// from one of the mover's edges with both cells below it empty: a bridge
/// to the edge), `bridge` (a bridge to one of the mover's stones, both
/// shared neighbours empty), else `connect`.
pub fn hex_theme(game: &Hex, cell: Cell, why: &HexWhy) -> &'static str {
    let name = cell.to_string();
    if why.threat.as_ref().is_some_and(|t| t.contains(&name)) {
        return "block";
    }
    let n = game.size() as i32;
    let colour = why.colour;
    let (c, r) = (cell.col as i32, cell.row as i32);
    let empty = |c: i32, r: i32| game.stone(Cell::new(c as u8, r as u8)).is_none();
    let inside = |c: i32, r: i32| (0..n).contains(&c) && (0..n).contains(&r);
    // Red joins top and bottom (rows), Blue left and right (columns).
    let edge_template = match colour {
        Colour::Red => {
            (r == 1 && inside(c + 1, 0) && empty(c, 0) && empty(c + 1, 0))
                || (r == n - 2 && c >= 1 && empty(c, n - 1) && empty(c - 1, n - 1))
        }
        Colour::Blue => {
            (c == 1 && inside(0, r + 1) && empty(0, r) && empty(0, r + 1))
                || (c == n - 2 && r >= 1 && empty(n - 1, r) && empty(n - 1, r - 1))
        }
    };
    if edge_template {
        return "edge-template";
    }
    // Bridge partners: (offset of the partner, the two shared neighbours).
    type Offset = (i32, i32);
    const BRIDGES: [(Offset, Offset, Offset); 6] = [
        ((1, 1), (1, 0), (0, 1)),
        ((-1, -1), (-1, 0), (0, -1)),
        ((2, -1), (1, 0), (1, -1)),
        ((-2, 1), (-1, 0), (-1, 1)),
        ((1, -2), (0, -1), (1, -1)),
        ((-1, 2), (0, 1), (-1, 1)),
    ];
    for ((dc, dr), (ac, ar), (bc, br)) in BRIDGES {
        let (pc, pr) = (c + dc, r + dr);
        if inside(pc, pr)
            && game.stone(Cell::new(pc as u8, pr as u8)) == Some(colour)
            && inside(c + ac, r + ar)
            && inside(c + bc, r + br)
            && empty(c + ac, r + ar)
            && empty(c + bc, r + br)
        {
            return "bridge";
        }
    }
    "connect"
}

// ---------------------------------------------------------------- HADANG

/// The moves the proof looks at below the root: the Expert's (steps, and
/// walls across the opponent's shortest routes while walls are left).
fn hadang_moves(node: &Node) -> Vec<HadangMove> {
    let me = node.to_move();
    let them = me.other();
    let mut moves: Vec<HadangMove> = squares(node.pawn_targets(me)).map(HadangMove::Step).collect();
    if node.position.walls_left(me) > 0 {
        if let Some((_, crossings)) = node.passage().shortest_crossings(node.pawn_bit(them), goal(them)) {
            node.position.for_each_legal_wall(|wall| {
                if crossings.cut_by(wall) {
                    moves.push(HadangMove::Wall(wall));
                }
            });
        }
    }
    let mut keyed: Vec<(i32, HadangMove)> = moves
        .into_iter()
        .map(|mv| (-evaluate(&node.child(mv), &Weights::DEFAULT), mv))
        .collect();
    keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
    keyed.into_iter().map(|(_, mv)| mv).collect()
}

fn negamax(node: &Node, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
    if node.position.winner().is_some() {
        return -(MATE - ply);
    }
    let me = node.to_move();
    if node.pawn_targets(me) & goal(me) != 0 {
        return MATE - ply - 1;
    }
    if depth == 0 {
        return evaluate(node, &Weights::DEFAULT);
    }
    let mut best = -MATE - 1;
    for mv in hadang_moves(node) {
        let value = -negamax(&node.child(mv), depth - 1, -beta, -alpha, ply + 1);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Whether `mv` wins the race by force within `depth` plies (the move
/// included): the search proves a score of at least a decided race.
pub fn hadang_wins(game: &Hadang, mv: HadangMove, depth: u32) -> bool {
    let child = Node::new(game).child(mv);
    let value = -negamax(&child, depth.saturating_sub(1), -RACE_WON, -RACE_WON + 1, 1);
    value >= RACE_WON
}

/// Every legal move of `game` that wins by force within `depth` plies.
pub fn hadang_winners(game: &Hadang, depth: u32) -> Vec<HadangMove> {
    game.legal_moves()
        .into_iter()
        .filter(|&mv| hadang_wins(game, mv, depth))
        .collect()
}

/// The why of `mv` in `game`, proven at `depth`.
pub fn hadang_why(game: &Hadang, mv: HadangMove, depth: u32) -> HadangWhy {
    let me = game.side_to_move();
    let them = me.other();
    let mut after = *game;
    after.play_unchecked(&mv);
    let reply = if after.is_over() || depth < 2 {
        None
    } else {
        let node = Node::new(&after);
        let mut best: Option<(i32, HadangMove)> = None;
        for reply in hadang_moves(&node) {
            let value = -negamax(&node.child(reply), depth - 2, -MATE - 1, MATE + 1, 2);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, reply));
            }
        }
        best.map(|(_, m)| m.to_string())
    };
    HadangWhy {
        depth,
        before: [game.shortest_path_len(me), game.shortest_path_len(them)],
        after: [after.shortest_path_len(me), after.shortest_path_len(them)],
        walls: [game.walls_left(me), game.walls_left(them)],
        reply,
    }
}

/// The theme of `mv`: a wall that lengthens the opponent's shortest route
/// now (`wall-lengthens-path`), a wall that wins without lengthening it
/// now (`wall-ahead`: it closes a way their route takes later, or the one
/// their best reply would open), or the race itself, a step (`race`).
pub fn hadang_theme(_game: &Hadang, mv: HadangMove, why: &HadangWhy) -> &'static str {
    match mv {
        HadangMove::Wall(_) if why.after[1] > why.before[1] => "wall-lengthens-path",
        HadangMove::Wall(_) => "wall-ahead",
        HadangMove::Step(_) => "race",
    }
}

// ---------------------------------------------------------------- words

/// The why in English, for the tools' output only (the app words it in
/// each language from the same data).
pub fn why_en(puzzle: &Puzzle) -> String {
    match &puzzle.body {
        Body::Hex { answer, why, .. } => {
            let mut text = format!(
                "{answer} joins {:?}'s edges by a virtual connection through {} empty cell(s) ({})",
                why.colour,
                why.carrier.len(),
                why.carrier.join(" ")
            );
            if let Some(threat) = &why.threat {
                text.push_str(&format!("; it also stops the threat through {}", threat.join(" ")));
            }
            let loses: Vec<&str> = why
                .wrong
                .iter()
                .filter(|w| w.verdict == "loses")
                .map(|w| w.cell.as_str())
                .collect();
            if !loses.is_empty() {
                text.push_str(&format!("; {} would lose", loses.join(", ")));
            }
            text
        }
        Body::Hadang { answer, why, .. } => {
            let mut text = format!(
                "{answer}: your route {} -> {}, theirs {} -> {} (walls {} v {}); the race is won by force within {} plies",
                why.before[0], why.after[0], why.before[1], why.after[1], why.walls[0], why.walls[1], why.depth
            );
            if let Some(reply) = &why.reply {
                text.push_str(&format!("; their best try is {reply}"));
            }
            text
        }
        Body::Junqi { answer, why, .. } => {
            let kinds =
                |k: &[papan_rules::junqi::Kind]| k.iter().map(|k| format!("{k:?}")).collect::<Vec<_>>().join(", ");
            let mut text = format!("{answer}: the {:?} takes {}", why.attacker, kinds(&why.captured));
            if !why.lost.is_empty() {
                text.push_str(&format!(" for {}", kinds(&why.lost)));
            }
            text.push_str(&format!(
                "; after their best reply{} you are {} up (anything else: {})",
                why.reply.as_ref().map(|r| format!(" ({r})")).unwrap_or_default(),
                why.gain,
                why.second
            ));
            if !why.near.is_empty() {
                text.push_str(&format!(
                    "; face down next to it ({}) could be {}, but a reveal takes their turn",
                    why.near.join(" "),
                    if why.could_be.is_empty() {
                        "nothing stronger".to_string()
                    } else {
                        kinds(&why.could_be)
                    }
                ));
            }
            for w in &why.wrong {
                text.push_str(&format!("; {} comes to {}", w.action, w.gain));
            }
            text
        }
        Body::Backgammon {
            answer,
            dice,
            why,
            gnubg,
            ..
        } => {
            let mut text = format!(
                "{}-{}: {answer} (pips {} v {} -> {} v {}",
                dice[0], dice[1], why.pips[0], why.pips[1], why.pips_after[0], why.pips_after[1]
            );
            if why.hits > 0 {
                text.push_str(&format!(", hits {}", why.hits));
            }
            if !why.made.is_empty() {
                text.push_str(&format!(", makes {:?}", why.made));
            }
            if why.off > 0 {
                text.push_str(&format!(", bears off {}", why.off));
            }
            text.push_str(&format!(
                ", blots {:?}, {} shots) beats {} ({} shots) by {:.3} at 2-ply",
                why.blots,
                why.shots,
                why.second,
                why.second_shots,
                why.equity[0] - why.equity[1],
            ));
            if let Some(gnubg) = gnubg {
                text.push_str(&format!("; gnubg agrees, {:.3} ahead", gnubg.margin));
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_whose_position_does_not_replay_is_refused_by_id() {
        let puzzle = Puzzle {
            id: "t-1".into(),
            theme: "connect".into(),
            rating: 1500,
            side: Seat::First,
            body: Body::Hex {
                options: HexOptions { size: 7, swap: false },
                moves: vec!["b2".into(), "zz".into()],
                answer: "a1".into(),
                why: HexWhy {
                    colour: Colour::Red,
                    carrier: vec![],
                    threat: None,
                    wrong: vec![],
                },
            },
        };
        let err = check(&puzzle).unwrap_err();
        assert_eq!(err.id, "t-1");
        assert!(err.problem.contains("move 2"), "{err}");
    }
}
