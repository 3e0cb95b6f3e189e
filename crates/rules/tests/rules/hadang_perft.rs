//! Perft counts from `data/hadang_perft.txt`, and a naive reference move
//! generator (plain grid, explicit wall segments, queue-based search) that
//! the bitboard generator must agree with on random positions.

use papan_rules::hadang::{perft, perft_divide, Hadang, HadangMove, Square, Wall};
use papan_rules::{Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, VecDeque};

struct PerftRow {
    name: String,
    moves: Vec<HadangMove>,
    counts: Vec<u64>,
}

fn perft_rows() -> Vec<PerftRow> {
    include_str!("../../data/hadang_perft.txt")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "bad perft row {line:?}");
            PerftRow {
                name: parts[0].to_string(),
                moves: parts[1]
                    .split_whitespace()
                    .filter(|m| *m != "-")
                    .map(|m| m.parse().expect("notation in perft data"))
                    .collect(),
                counts: parts[2].split_whitespace().map(|n| n.parse().expect("count")).collect(),
            }
        })
        .collect()
}

fn replay(moves: &[HadangMove]) -> Hadang {
    let mut game = Hadang::start();
    for mv in moves {
        game.play(mv).unwrap_or_else(|e| panic!("{mv} refused: {e}"));
    }
    game
}

#[test]
fn perft_matches_data_file() {
    let rows = perft_rows();
    assert!(rows.len() >= 4);
    assert_eq!(rows[0].name, "start");
    assert_eq!(rows[0].counts, [131, 16_677, 2_062_264]);
    for row in rows {
        let game = replay(&row.moves);
        // All depths, even unoptimised: the five rows take ~2 s in a debug build.
        for (i, &expected) in row.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&game, depth), expected, "{} perft({depth})", row.name);
        }
    }
}

#[test]
fn perft_divide_sums_to_perft() {
    let game = replay(&perft_rows()[1].moves);
    let divided = perft_divide(&game, 2);
    assert_eq!(divided.len(), 132);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), perft(&game, 2));
}

// ---------- naive reference generator ----------

/// Cells as (file, rank), 0-based; walls as their notation's parts.
type Cell = (i8, i8);

const DIRECTIONS: [Cell; 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

struct Naive {
    pawns: [Cell; 2],
    walls_left: [u8; 2],
    /// (file, rank, horizontal?) of every wall.
    walls: Vec<(i8, i8, bool)>,
    to_move: usize,
}

impl Naive {
    fn from(game: &Hadang) -> Naive {
        let cell = |s: Square| (s.file() as i8, s.rank() as i8);
        Naive {
            pawns: [cell(game.pawn(Seat::First)), cell(game.pawn(Seat::Second))],
            walls_left: [game.walls_left(Seat::First), game.walls_left(Seat::Second)],
            walls: game
                .walls_placed()
                .iter()
                .map(|p| {
                    let text = p.wall.to_string();
                    let b = text.as_bytes();
                    ((b[0] - b'a') as i8, (b[1] - b'1') as i8, b[2] == b'h')
                })
                .collect(),
            to_move: game.side_to_move().index(),
        }
    }

    fn on_board(c: Cell) -> bool {
        (0..9).contains(&c.0) && (0..9).contains(&c.1)
    }

    /// Whether a wall lies between orthogonal neighbours `a` and `b`.
    fn walled(walls: &[(i8, i8, bool)], a: Cell, b: Cell) -> bool {
        walls.iter().any(|&(f, r, h)| {
            if h {
                // Top edges of (f, r) and (f+1, r).
                a.0 == b.0 && (a.0 == f || a.0 == f + 1) && a.1.min(b.1) == r && a.1.max(b.1) == r + 1
            } else {
                // Right edges of (f, r) and (f, r+1).
                a.1 == b.1 && (a.1 == r || a.1 == r + 1) && a.0.min(b.0) == f && a.0.max(b.0) == f + 1
            }
        })
    }

    fn can_step(walls: &[(i8, i8, bool)], a: Cell, d: Cell) -> bool {
        let b = (a.0 + d.0, a.1 + d.1);
        Naive::on_board(b) && !Naive::walled(walls, a, b)
    }

    /// Open steps by `cell * 4 + direction`: the board's steps, minus the
    /// two cell pairs each wall separates (both ways).
    fn step_table(walls: &[(i8, i8, bool)]) -> Vec<bool> {
        let index = |c: Cell, d: Cell| (c.1 * 9 + c.0) as usize * 4 + DIRECTIONS.iter().position(|&x| x == d).unwrap();
        let mut table = vec![false; 81 * 4];
        for r in 0..9 {
            for f in 0..9 {
                for d in DIRECTIONS {
                    table[index((f, r), d)] = Naive::on_board((f + d.0, r + d.1));
                }
            }
        }
        for &(f, r, h) in walls {
            let pairs = if h {
                [((f, r), (f, r + 1)), ((f + 1, r), (f + 1, r + 1))]
            } else {
                [((f, r), (f + 1, r)), ((f, r + 1), (f + 1, r + 1))]
            };
            for (a, b) in pairs {
                table[index(a, (b.0 - a.0, b.1 - a.1))] = false;
                table[index(b, (a.0 - b.0, a.1 - b.1))] = false;
            }
        }
        table
    }

    fn has_route(table: &[bool], from: Cell, goal_rank: i8) -> bool {
        let mut seen = [false; 81];
        seen[(from.1 * 9 + from.0) as usize] = true;
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            if c.1 == goal_rank {
                return true;
            }
            for (k, d) in DIRECTIONS.into_iter().enumerate() {
                let n = (c.0 + d.0, c.1 + d.1);
                if table[(c.1 * 9 + c.0) as usize * 4 + k] && !seen[(n.1 * 9 + n.0) as usize] {
                    seen[(n.1 * 9 + n.0) as usize] = true;
                    queue.push_back(n);
                }
            }
        }
        false
    }

    fn moves(&self) -> BTreeSet<String> {
        let name = |c: Cell| format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1);
        let mut out = BTreeSet::new();
        if self.pawns[0].1 == 8 || self.pawns[1].1 == 0 {
            return out; // someone reached the goal: the game is over
        }
        let (me, them) = (self.pawns[self.to_move], self.pawns[1 - self.to_move]);
        for d in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            if !Naive::can_step(&self.walls, me, d) {
                continue;
            }
            let n = (me.0 + d.0, me.1 + d.1);
            if n != them {
                out.insert(name(n));
            } else if Naive::can_step(&self.walls, them, d) {
                out.insert(name((them.0 + d.0, them.1 + d.1)));
            } else {
                for side in [(d.1, d.0), (-d.1, -d.0)] {
                    if Naive::can_step(&self.walls, them, side) {
                        out.insert(name((them.0 + side.0, them.1 + side.1)));
                    }
                }
            }
        }
        if self.walls_left[self.to_move] > 0 {
            for f in 0..8 {
                for r in 0..8 {
                    for h in [true, false] {
                        let clash = self.walls.iter().any(|&(wf, wr, wh)| {
                            (wf, wr) == (f, r) // same anchor: same wall or crossing
                                || (wh == h && h && wr == r && (wf - f).abs() == 1)
                                || (wh == h && !h && wf == f && (wr - r).abs() == 1)
                        });
                        if clash {
                            continue;
                        }
                        let mut walls = self.walls.clone();
                        walls.push((f, r, h));
                        let table = Naive::step_table(&walls);
                        if Naive::has_route(&table, self.pawns[0], 8) && Naive::has_route(&table, self.pawns[1], 0) {
                            out.insert(format!("{}{}", name((f, r)), if h { 'h' } else { 'v' }));
                        }
                    }
                }
            }
        }
        out
    }
}

/// Random games, biased toward walls and toward meeting in the middle so
/// that jumps, side-steps and nearly closed corridors all come up.
#[test]
fn bitboard_generator_agrees_with_naive_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x4841_4441_4e47);
    let mut positions = 0;
    for _game in 0..12 {
        let mut game = Hadang::start();
        while !game.is_over() && positions < 300 {
            let fast: BTreeSet<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            let naive = Naive::from(&game).moves();
            assert_eq!(
                fast,
                naive,
                "move sets differ in {}",
                serde_json::to_string(&game).unwrap()
            );
            positions += 1;
            let moves = game.legal_moves();
            let steps: Vec<&HadangMove> = moves.iter().filter(|m| matches!(m, HadangMove::Step(_))).collect();
            let mv = if rng.random_bool(0.45) || steps.len() == moves.len() {
                // Toward the goal along a shortest route, or any step.
                let seat = game.side_to_move();
                let next = game.shortest_path(seat)[0];
                steps
                    .iter()
                    .find(|m| **m == &HadangMove::Step(next))
                    .copied()
                    .unwrap_or(steps[rng.random_range(0..steps.len())])
            } else {
                &moves[rng.random_range(0..moves.len())]
            };
            game.play(mv).expect("generated moves are legal");
        }
    }
    assert!(positions >= 300, "only {positions} positions compared");
}

/// The data file's figures beyond the published start counts rest on this:
/// the naive generator gives the same moves at each row's root and at
/// every child of the jump-heavy rows (so perft(1) and perft(2) agree).
#[test]
fn perft_rows_agree_with_naive_reference() {
    for row in perft_rows() {
        let game = replay(&row.moves);
        let fast: BTreeSet<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(fast, Naive::from(&game).moves(), "{} root", row.name);
        assert_eq!(fast.len() as u64, row.counts[0], "{} perft(1)", row.name);
        if row.name.contains("side-step") {
            let mut naive_perft2 = 0;
            for mv in game.legal_moves() {
                let mut child = game;
                child.play(&mv).unwrap();
                naive_perft2 += Naive::from(&child).moves().len() as u64;
            }
            assert_eq!(naive_perft2, row.counts[1], "{} perft(2)", row.name);
        }
    }
}

#[test]
fn every_wall_slot_is_named_once() {
    let names: BTreeSet<String> = Wall::all().map(|w| w.to_string()).collect();
    assert_eq!(names.len(), 128);
}
