//! Hex rules X1–X10 (`crates/rules/docs/hex.md`), one or more tests per rule,
//! plus the position invariants: refused moves change nothing, positions
//! round-trip through serde, tampered setups and records are refused.

use papan_rules::hex::{first_seat_for_game, Cell, Colour, Hex, HexMove, HexOptions, HexSetup, RematchOptions, SIZES};
use papan_rules::{EndReason, Game, Record, Seat, Turn};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn mv(name: &str) -> HexMove {
    name.parse().unwrap()
}

fn options(size: u8, swap: bool) -> HexOptions {
    HexOptions { size, swap }
}

/// Plays `moves` (notation) with checked play from an empty board.
fn play_all(opts: HexOptions, moves: &[&str]) -> Hex {
    let mut hex = Hex::empty(opts).unwrap();
    for (ply, m) in moves.iter().enumerate() {
        hex.play(&mv(m)).unwrap_or_else(|e| panic!("ply {ply} {m}: {e}"));
    }
    hex
}

fn json(hex: &Hex) -> String {
    serde_json::to_string(hex).unwrap()
}

fn setup(size: u8, rows: &[&str]) -> HexSetup {
    HexSetup {
        options: options(size, false),
        rows: rows.iter().map(|r| r.to_string()).collect(),
        swapped: false,
        last: None,
    }
}

/// Random legal moves until the game ends; returns the positions seen.
fn playout(opts: HexOptions, seed: u64) -> Vec<Hex> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hex = Hex::empty(opts).unwrap();
    let mut seen = vec![hex.clone()];
    while !hex.is_over() {
        let moves = hex.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        hex.play(&m).unwrap();
        seen.push(hex.clone());
    }
    seen
}

// ---------------------------------------------------------------- X1

#[test]
fn x1_offered_sizes_are_accepted() {
    assert_eq!(SIZES, [7, 9, 11, 13, 19]);
    for size in SIZES {
        let hex = Hex::empty(options(size, false)).unwrap();
        assert_eq!(hex.size(), size);
        assert_eq!(hex.stones().len(), size as usize * size as usize);
        assert_eq!(hex.legal_moves().len(), size as usize * size as usize);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(
        Hex::new(&HexOptions::default(), &mut rng).unwrap().size(),
        11,
        "11 is the default"
    );
}

#[test]
fn x1_other_sizes_are_refused() {
    for size in [0, 1, 5, 6, 8, 10, 12, 14, 17, 20, 25, 255] {
        let err = Hex::empty(options(size, false)).unwrap_err();
        assert_eq!(err.rule, papan_rules::rule::X1, "size {size}");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(
            Hex::new(&options(size, true), &mut rng).unwrap_err().rule,
            papan_rules::rule::X1
        );
    }
}

#[test]
fn x1_off_board_cell_is_refused_and_changes_nothing() {
    let mut hex = play_all(options(7, false), &["d4"]);
    let before = json(&hex);
    for name in ["h1", "a8", "s19", "g8", "h7"] {
        let err = hex.play(&mv(name)).unwrap_err();
        assert_eq!(err.rule, papan_rules::rule::X1, "{name}");
        assert_eq!(json(&hex), before);
        assert!(!hex.contains(cell(name)));
    }
    assert!(hex.contains(cell("g7")));
    hex.play(&mv("g7")).unwrap();
}

// ---------------------------------------------------------------- X2

#[test]
fn x2_notation_columns_are_letters_rows_are_numbers_from_top_left() {
    assert_eq!(cell("a1"), Cell::new(0, 0));
    assert_eq!(cell("f6"), Cell::new(5, 5));
    assert_eq!(cell("c10"), Cell::new(2, 9));
    assert_eq!(cell("S19"), Cell::new(18, 18));
    assert_eq!(Cell::new(1, 0).to_string(), "b1");
    assert_eq!(Cell::new(0, 1).to_string(), "a2");
    let hex = Hex::empty(options(11, false)).unwrap();
    assert_eq!(hex.cell_at(hex.index(cell("c2"))), cell("c2"));
    assert_eq!(hex.index(cell("b1")), 1, "row-major: b1 is next to a1");
    assert_eq!(hex.index(cell("a2")), 11);
    for bad in [
        "", "a", "1", "1a", "a0", "a20", "t1", "aa", "a-1", "a1b", "é3", "a 1", "a001",
    ] {
        assert!(bad.parse::<Cell>().is_err(), "{bad:?} should not parse");
        assert!(hex.parse_move(bad).is_err(), "{bad:?} should not parse as a move");
    }
}

#[test]
fn x2_neighbours_are_exactly_the_six_offsets() {
    const OFFSETS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
    for size in SIZES {
        let hex = Hex::empty(options(size, false)).unwrap();
        let n = size as i32;
        for i in 0..hex.stones().len() {
            let c = hex.cell_at(i);
            let got: HashSet<Cell> = hex.neighbours(c).collect();
            let want: HashSet<Cell> = OFFSETS
                .iter()
                .map(|(dc, dr)| (c.col as i32 + dc, c.row as i32 + dr))
                .filter(|&(x, y)| x >= 0 && y >= 0 && x < n && y < n)
                .map(|(x, y)| Cell::new(x as u8, y as u8))
                .collect();
            assert_eq!(got, want, "{c} on {size}");
            assert_eq!(hex.neighbours(c).count(), want.len(), "no duplicates at {c}");
            for nb in got {
                assert!(hex.neighbours(nb).any(|back| back == c), "adjacency is symmetric");
            }
        }
    }
}

#[test]
fn x2_corners_have_two_or_three_neighbours() {
    let hex = Hex::empty(options(11, false)).unwrap();
    let around = |name: &str| -> HashSet<String> { hex.neighbours(cell(name)).map(|c| c.to_string()).collect() };
    let set = |names: &[&str]| -> HashSet<String> { names.iter().map(|s| s.to_string()).collect() };
    // The acute corners have two neighbours, the obtuse ones three.
    assert_eq!(around("a1"), set(&["b1", "a2"]));
    assert_eq!(around("k11"), set(&["j11", "k10"]));
    assert_eq!(around("k1"), set(&["j1", "k2", "j2"]));
    assert_eq!(around("a11"), set(&["b11", "a10", "b10"]));
    // An inner cell has six, an edge cell four.
    assert_eq!(hex.neighbours(cell("f6")).count(), 6);
    assert_eq!(around("f1"), set(&["e1", "g1", "f2", "e2"]));
}

// ---------------------------------------------------------------- X3

#[test]
fn x3_corner_cells_count_for_red_top_and_bottom() {
    // Red's only top stone is the corner a1 and its only bottom stone the
    // corner a7 (both also on Blue's left edge).
    let mut moves = Vec::new();
    for row in 1..=7 {
        moves.push(format!("a{row}"));
        if row < 7 {
            moves.push(format!("d{row}"));
        }
    }
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let hex = play_all(options(7, false), &refs);
    assert_eq!(hex.winner_colour(), Some(Colour::Red));
    assert_eq!(hex.outcome().unwrap().winner, Some(Seat::First));
}

#[test]
fn x3_corner_cells_count_for_blue_left_and_right() {
    // Blue's row 1 runs from corner a1 to corner g1 (both on Red's top edge).
    let mut moves = Vec::new();
    for col in ["a", "b", "c", "d", "e", "f", "g"] {
        moves.push(format!("{col}3"));
        moves.push(format!("{col}1"));
    }
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let hex = play_all(options(7, false), &refs);
    assert_eq!(hex.winner_colour(), Some(Colour::Blue));
    assert_eq!(hex.outcome().unwrap().winner, Some(Seat::Second));
    let chain: Vec<String> = hex.winning_chain().iter().map(Cell::to_string).collect();
    assert_eq!(chain, ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]);
}

#[test]
fn x3_single_stone_in_obtuse_corner_touches_both_edges_but_wins_nothing() {
    // g1 is on Red's top edge and Blue's right edge; one stone joins nothing.
    let hex = play_all(options(7, false), &["g1", "a7"]);
    assert!(!hex.is_over());
    assert!(!hex.connects(Colour::Red) && !hex.connects(Colour::Blue));
}

// ---------------------------------------------------------------- X4

#[test]
fn x4_red_is_the_first_player_blue_the_second() {
    let mut hex = Hex::empty(HexOptions::default()).unwrap();
    assert_eq!(hex.colour_to_move(), Colour::Red);
    assert_eq!(hex.turn(), Turn::Seat(Seat::First));
    assert_eq!(hex.seat_of(Colour::Red), Seat::First);
    assert_eq!(hex.colour_of(Seat::Second), Colour::Blue);
    hex.play(&mv("f6")).unwrap();
    assert_eq!(hex.stone(cell("f6")), Some(Colour::Red));
    assert_eq!(hex.turn(), Turn::Seat(Seat::Second));
    assert_eq!(hex.colour_to_move(), Colour::Blue);
    hex.play(&mv("e5")).unwrap();
    assert_eq!(hex.stone(cell("e5")), Some(Colour::Blue));
    assert_eq!(hex.turn(), Turn::Seat(Seat::First));
}

#[test]
fn x4_colours_alternate_through_a_whole_game() {
    let positions = playout(options(9, false), 4);
    for pair in positions.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let placed: Vec<usize> = (0..before.stones().len())
            .filter(|&i| before.stones()[i] != after.stones()[i])
            .collect();
        assert_eq!(placed.len(), 1);
        assert_eq!(after.stones()[placed[0]], Some(before.colour_to_move()));
    }
}

// ---------------------------------------------------------------- X5

#[test]
fn x5_occupied_cell_is_refused_and_changes_nothing() {
    let mut hex = play_all(options(11, false), &["f6", "e7"]);
    let before = json(&hex);
    for name in ["f6", "e7"] {
        let err = hex.play(&mv(name)).unwrap_err();
        assert_eq!(err.rule, papan_rules::rule::X5);
        assert!(err.message.contains(name), "{}", err.message);
        assert_eq!(json(&hex), before);
    }
    assert!(!hex.legal_moves().contains(&mv("f6")));
}

#[test]
fn x5_there_is_no_pass_and_legal_moves_never_run_out_while_ongoing() {
    let hex = Hex::empty(HexOptions::default()).unwrap();
    assert!(hex.parse_move("pass").is_err());
    for size in SIZES {
        for seed in 0..4 {
            for pos in playout(options(size, seed % 2 == 0), seed) {
                let legal = pos.legal_moves();
                if pos.is_over() {
                    assert!(legal.is_empty());
                } else {
                    assert!(!legal.is_empty());
                    let empty = pos.stones().iter().filter(|s| s.is_none()).count();
                    let swaps = usize::from(pos.swap_allowed());
                    assert_eq!(legal.len(), empty + swaps, "every empty cell, plus swap when allowed");
                }
            }
        }
    }
}

// ---------------------------------------------------------------- X6

#[test]
fn x6_stones_never_move_and_are_never_captured() {
    for seed in 0..6 {
        let positions = playout(options(11, true), seed);
        for pair in positions.windows(2) {
            for (i, stone) in pair[0].stones().iter().enumerate() {
                if stone.is_some() {
                    assert_eq!(pair[1].stones()[i], *stone, "seed {seed}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------- X7

#[test]
fn x7_swap_is_off_by_default() {
    assert!(!HexOptions::default().swap);
    let mut hex = play_all(HexOptions::default(), &["f6"]);
    assert!(!hex.swap_allowed());
    assert!(!hex.legal_moves().contains(&HexMove::Swap));
    let before = json(&hex);
    assert_eq!(hex.play(&HexMove::Swap).unwrap_err().rule, papan_rules::rule::X7);
    assert_eq!(json(&hex), before);
}

#[test]
fn x7_swap_only_answers_reds_first_stone() {
    let mut hex = Hex::empty(options(11, true)).unwrap();
    assert!(!hex.swap_allowed());
    assert_eq!(
        hex.play(&HexMove::Swap).unwrap_err().rule,
        papan_rules::rule::X7,
        "nothing to swap yet"
    );
    hex.play(&mv("c3")).unwrap();
    assert!(hex.swap_allowed());
    assert!(hex.legal_moves().contains(&HexMove::Swap));
    hex.play(&mv("d4")).unwrap();
    assert!(!hex.swap_allowed());
    let before = json(&hex);
    assert_eq!(
        hex.play(&HexMove::Swap).unwrap_err().rule,
        papan_rules::rule::X7,
        "too late"
    );
    assert_eq!(json(&hex), before);
    assert!(!hex.legal_moves().contains(&HexMove::Swap));
}

#[test]
fn x7_swap_may_be_used_only_once() {
    let mut hex = play_all(options(11, true), &["c3", "swap"]);
    assert!(!hex.swap_allowed());
    assert!(!hex.legal_moves().contains(&HexMove::Swap));
    let err = hex.play(&HexMove::Swap).unwrap_err();
    assert_eq!(err.rule, papan_rules::rule::X7);
    assert!(err.message.contains("once"), "{}", err.message);
    hex.play(&mv("d4")).unwrap();
    hex.play(&mv("e5")).unwrap();
    assert_eq!(hex.play(&HexMove::Swap).unwrap_err().rule, papan_rules::rule::X7);
}

#[test]
fn x7_swap_exchanges_colours_and_leaves_the_board() {
    let before = play_all(options(11, true), &["c3"]);
    let mut hex = before.clone();
    hex.play(&HexMove::Swap).unwrap();
    assert_eq!(hex.stones(), before.stones(), "the board does not change");
    assert!(hex.swapped());
    assert_eq!(hex.last_move(), Some(HexMove::Swap));
    // The answering (second) seat now plays Red and owns the first stone...
    assert_eq!(hex.colour_of(Seat::Second), Colour::Red);
    assert_eq!(hex.seat_of(Colour::Red), Seat::Second);
    assert_eq!(hex.stone(cell("c3")), Some(Colour::Red));
    // ...and the first seat plays Blue and moves next.
    assert_eq!(hex.colour_of(Seat::First), Colour::Blue);
    assert_eq!(hex.colour_to_move(), Colour::Blue);
    assert_eq!(hex.turn(), Turn::Seat(Seat::First));
    hex.play(&mv("d4")).unwrap();
    assert_eq!(hex.stone(cell("d4")), Some(Colour::Blue));
    assert_eq!(hex.turn(), Turn::Seat(Seat::Second));
}

#[test]
fn x7_outcome_after_swap_names_the_right_seat() {
    // After the swap the second seat holds Red: a Red connection is theirs.
    let mut moves = vec!["a1", "swap"];
    let blue = ["c1", "c2", "c3", "c4", "c5", "c6"];
    let red = ["a2", "a3", "a4", "a5", "a6", "a7"];
    for k in 0..6 {
        moves.push(blue[k]);
        moves.push(red[k]);
    }
    let hex = play_all(options(7, true), &moves);
    assert_eq!(hex.winner_colour(), Some(Colour::Red));
    let outcome = hex.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Seat::Second));
    assert_eq!(outcome.reason, EndReason::Connection);

    // And a Blue connection after the swap belongs to the first seat.
    let mut moves = vec!["a3", "swap"];
    let blue = ["a1", "b1", "c1", "d1", "e1", "f1", "g1"];
    let red = ["b3", "c3", "d3", "e3", "f3", "g3"];
    for k in 0..7 {
        moves.push(blue[k]);
        if k < 6 {
            moves.push(red[k]);
        }
    }
    let hex = play_all(options(7, true), &moves);
    assert_eq!(hex.winner_colour(), Some(Colour::Blue));
    assert_eq!(hex.outcome().unwrap().winner, Some(Seat::First));
}

// ---------------------------------------------------------------- X8

#[test]
fn x8_first_player_alternates_between_rematch_games() {
    let rematch = RematchOptions::default();
    assert!(rematch.alternate_first, "on by default");
    let starters: Vec<Seat> = (0..4).map(|k| rematch.first_seat_for_game(k)).collect();
    assert_eq!(starters, [Seat::First, Seat::Second, Seat::First, Seat::Second]);
    let kept = RematchOptions { alternate_first: false };
    assert!(
        (0..4).all(|k| kept.first_seat_for_game(k) == Seat::First),
        "kept when the option is off"
    );
    assert!((0..4).all(|k| first_seat_for_game(k, false) == Seat::First));
    let back: RematchOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(back, rematch, "a saved rematch without the field alternates");
}

#[test]
fn x8_a_record_names_game_seats_so_the_table_can_alternate() {
    // A record holds only options and moves: who sits in which game seat is
    // the rematch's business, mapped through `first_seat_for_game`.
    let record = Record::<Hex> {
        options: options(7, false),
        seed: 0,
        moves: [
            "a1", "d1", "a2", "d2", "a3", "d3", "a4", "d4", "a5", "d5", "a6", "d6", "a7",
        ]
        .iter()
        .map(|m| mv(m))
        .collect(),
    };
    let winner_in_game = record.replay().unwrap().outcome().unwrap().winner.unwrap();
    assert_eq!(winner_in_game, Seat::First);
    for (game_index, table_winner) in [(0, Seat::First), (1, Seat::Second), (2, Seat::First)] {
        let starter = first_seat_for_game(game_index, true);
        let table_seat = if starter == Seat::First {
            winner_in_game
        } else {
            winner_in_game.other()
        };
        assert_eq!(table_seat, table_winner, "game {game_index}");
    }
}

// ---------------------------------------------------------------- X9

fn assert_chain_joins_edges(hex: &Hex, colour: Colour) {
    let chain = hex.winning_chain();
    let n = hex.size() - 1;
    assert!(!chain.is_empty());
    for c in &chain {
        assert_eq!(hex.stone(*c), Some(colour));
    }
    for pair in chain.windows(2) {
        assert!(
            hex.neighbours(pair[0]).any(|nb| nb == pair[1]),
            "{} - {}",
            pair[0],
            pair[1]
        );
    }
    let (first, last) = (chain[0], *chain.last().unwrap());
    match colour {
        Colour::Red => assert!(first.row == 0 && last.row == n),
        Colour::Blue => assert!(first.col == 0 && last.col == n),
    }
    let group = hex.winning_group();
    assert!(chain.iter().all(|c| group.contains(c)));
}

#[test]
fn x9_red_wins_by_joining_top_and_bottom() {
    let hex = play_all(
        options(7, false),
        &["d1", "a1", "d2", "a2", "d3", "a3", "d4", "a4", "d5", "a5", "d6", "a6"],
    );
    assert!(!hex.is_over(), "six red stones do not reach the bottom");
    let mut hex = hex;
    hex.play(&mv("d7")).unwrap();
    assert_eq!(hex.turn(), Turn::Over);
    assert_eq!(hex.winner_colour(), Some(Colour::Red));
    assert_eq!(hex.outcome().unwrap().winner, Some(Seat::First));
    assert_eq!(hex.outcome().unwrap().reason, EndReason::Connection);
    assert_chain_joins_edges(&hex, Colour::Red);
}

#[test]
fn x9_blue_wins_by_joining_left_and_right() {
    let hex = play_all(
        options(7, false),
        &[
            "a1", "a4", "a2", "b4", "a3", "c4", "b1", "d4", "b2", "e4", "b3", "f3", "c1", "g3",
        ],
    );
    assert_eq!(hex.winner_colour(), Some(Colour::Blue));
    assert_eq!(hex.outcome().unwrap().winner, Some(Seat::Second));
    assert_chain_joins_edges(&hex, Colour::Blue);
}

#[test]
fn x9_a_winding_chain_wins() {
    // Red snakes down the 7×7 board: right along row 1, down column g,
    // back left along row 4 (joined by the (c-1, r+1) diagonal), then down.
    let red = [
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "g2", "g3", "f4", "e4", "d4", "c4", "b4", "a5", "a6", "a7",
    ];
    let blue = [
        "a2", "b2", "c2", "d2", "e2", "f2", "a3", "b3", "c3", "d3", "e3", "b5", "c5", "d5", "e5", "f5",
    ];
    let mut moves = Vec::new();
    for k in 0..red.len() {
        moves.push(red[k]);
        if k < blue.len() {
            moves.push(blue[k]);
        }
    }
    let mut hex = Hex::empty(options(7, false)).unwrap();
    for (k, m) in moves.iter().enumerate() {
        assert!(!hex.is_over(), "ended early before move {k}");
        hex.play(&mv(m)).unwrap();
    }
    assert_eq!(hex.winner_colour(), Some(Colour::Red));
    assert_chain_joins_edges(&hex, Colour::Red);
    // Row 1 is all top edge, so the shortest line starts where the snake turns.
    let chain: Vec<String> = hex.winning_chain().iter().map(Cell::to_string).collect();
    assert_eq!(
        chain,
        ["g1", "g2", "g3", "f4", "e4", "d4", "c4", "b4", "a5", "a6", "a7"]
    );
}

#[test]
fn x9_winning_chain_is_a_shortest_path_inside_the_group() {
    // A thick red group: columns a and b full; the chain needs only 7 cells.
    let mut hex = Hex::empty(options(7, false)).unwrap();
    let blue = [
        "d1", "d2", "d3", "d4", "d5", "d6", "f1", "f2", "f3", "f4", "f5", "f6", "f7",
    ];
    let red = [
        "b1", "b2", "b3", "b4", "b5", "b6", "a1", "a2", "a3", "a4", "a5", "a6", "b7",
    ];
    for k in 0..red.len() {
        hex.play(&mv(red[k])).unwrap();
        if hex.is_over() {
            break;
        }
        hex.play(&mv(blue[k])).unwrap();
    }
    assert_eq!(hex.winner_colour(), Some(Colour::Red));
    assert_chain_joins_edges(&hex, Colour::Red);
    assert_eq!(hex.winning_chain().len(), 7);
    assert_eq!(hex.winning_group().len(), 13);
}

#[test]
fn x9_no_move_after_the_game_is_over() {
    let mut hex = play_all(
        options(7, true),
        &[
            "d1", "a1", "d2", "a2", "d3", "a3", "d4", "a4", "d5", "a5", "d6", "a6", "d7",
        ],
    );
    assert!(hex.is_over());
    assert!(hex.legal_moves().is_empty());
    let before = json(&hex);
    for m in ["g7", "a7", "swap", "d1"] {
        let err = hex.play(&mv(m)).unwrap_err();
        assert_eq!(err.rule, papan_rules::rule::X9, "{m}");
        assert_eq!(json(&hex), before);
    }
    assert!(Hex::empty(options(7, false)).unwrap().winning_chain().is_empty());
}

// ---------------------------------------------------------------- X10

/// Who joins their edges on a full colouring, by flood fill (independent of
/// the union-find in the position).
fn connected_by_flood(size: usize, colours: &[Colour], colour: Colour) -> bool {
    // Distance from the colour's first edge along its own axis (row for Red,
    // column for Blue): 0 on the first edge, size - 1 on the second.
    let along = |i: usize| if colour == Colour::Red { i / size } else { i % size };
    let start = |i: usize| along(i) == 0;
    let goal = |i: usize| along(i) == size - 1;
    let mut seen = vec![false; size * size];
    let mut stack: Vec<usize> = (0..size * size).filter(|&i| colours[i] == colour && start(i)).collect();
    for &i in &stack {
        seen[i] = true;
    }
    while let Some(i) = stack.pop() {
        if goal(i) {
            return true;
        }
        let (c, r) = ((i % size) as i32, (i / size) as i32);
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
            let (x, y) = (c + dc, r + dr);
            if x >= 0 && y >= 0 && x < size as i32 && y < size as i32 {
                let j = y as usize * size + x as usize;
                if !seen[j] && colours[j] == colour {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A random full board (as many red stones as blue, or one more) has
    /// exactly one winner; playing its stones in a random alternating
    /// order ends the game at or before the last stone, won by that colour.
    #[test]
    fn x10_random_full_boards_have_exactly_one_winner(size in prop::sample::select(SIZES.to_vec()), seed in any::<u64>()) {
        let n = size as usize;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut colours: Vec<Colour> = (0..n * n).map(|i| if i < n * n - n * n / 2 { Colour::Red } else { Colour::Blue }).collect();
        colours.shuffle(&mut rng);
        let red_wins = connected_by_flood(n, &colours, Colour::Red);
        let blue_wins = connected_by_flood(n, &colours, Colour::Blue);
        prop_assert!(red_wins != blue_wins, "exactly one colour joins its edges");

        let mut red: Vec<usize> = (0..n * n).filter(|&i| colours[i] == Colour::Red).collect();
        let mut blue: Vec<usize> = (0..n * n).filter(|&i| colours[i] == Colour::Blue).collect();
        red.shuffle(&mut rng);
        blue.shuffle(&mut rng);
        let mut hex = Hex::empty(options(size, false)).unwrap();
        for k in 0..red.len() {
            hex.play(&HexMove::Place(hex.cell_at(red[k]))).unwrap();
            if hex.is_over() { break; }
            hex.play(&HexMove::Place(hex.cell_at(blue[k]))).unwrap();
            if hex.is_over() { break; }
        }
        prop_assert!(hex.is_over(), "the full board cannot be reached without a winner");
        let winner = if red_wins { Colour::Red } else { Colour::Blue };
        prop_assert_eq!(hex.winner_colour(), Some(winner));
        prop_assert!(hex.connects(winner) && !hex.connects(winner.other()));
    }

    /// Random playouts (swap on or off) end with exactly one winner, at the
    /// latest when the board is full.
    #[test]
    fn x10_random_playouts_end_with_exactly_one_winner(size in prop::sample::select(SIZES.to_vec()), swap in any::<bool>(), seed in any::<u64>()) {
        let positions = playout(options(size, swap), seed);
        let last = positions.last().unwrap();
        prop_assert!(positions.len() <= size as usize * size as usize + 2);
        let colour = last.winner_colour().unwrap();
        prop_assert!(last.connects(colour) && !last.connects(colour.other()));
        prop_assert_eq!(last.outcome().unwrap().winner, Some(last.seat_of(colour)));
        prop_assert!(positions[..positions.len() - 1].iter().all(|p| p.outcome().is_none()));
    }

    /// A refused move leaves the position byte-identical.
    #[test]
    fn refused_moves_leave_the_position_unchanged(size in prop::sample::select(SIZES.to_vec()), swap in any::<bool>(), seed in any::<u64>()) {
        let positions = playout(options(size, swap), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        for _ in 0..8 {
            let mut pos = positions[rng.random_range(0..positions.len())].clone();
            let before = json(&pos);
            let occupied: Vec<usize> = (0..pos.stones().len()).filter(|&i| pos.stones()[i].is_some()).collect();
            let mut tries = vec![HexMove::Place(Cell::new(size, 0)), HexMove::Place(Cell::new(0, size))];
            if !pos.swap_allowed() { tries.push(HexMove::Swap); }
            if let Some(&i) = occupied.first() { tries.push(HexMove::Place(pos.cell_at(i))); }
            if pos.is_over() { tries.extend(pos.stones().iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| HexMove::Place(pos.cell_at(i))).take(3)); }
            for m in tries {
                prop_assert!(pos.play(&m).is_err(), "{m} should be refused");
                prop_assert_eq!(&json(&pos), &before);
            }
        }
    }

    /// Positions survive a serde round trip unchanged, winner and turn included.
    #[test]
    fn positions_round_trip_through_serde(size in prop::sample::select(SIZES.to_vec()), swap in any::<bool>(), seed in any::<u64>()) {
        for pos in playout(options(size, swap), seed).iter().step_by(7) {
            let text = json(pos);
            let back: Hex = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(&back, pos);
            prop_assert_eq!(json(&back), text);
            prop_assert_eq!(back.turn(), pos.turn());
            prop_assert_eq!(back.outcome(), pos.outcome());
            prop_assert_eq!(back.legal_moves(), pos.legal_moves());
        }
    }

    /// Every cell name on the largest board round-trips (upper case too).
    #[test]
    fn notation_round_trips(col in 0u8..19, row in 0u8..19) {
        let c = Cell::new(col, row);
        prop_assert_eq!(c.to_string().parse::<Cell>().unwrap(), c);
        prop_assert_eq!(c.to_string().to_uppercase().parse::<Cell>().unwrap(), c);
        let m = HexMove::Place(c);
        prop_assert_eq!(m.to_string().parse::<HexMove>().unwrap(), m);
        let text = serde_json::to_string(&m).unwrap();
        prop_assert_eq!(serde_json::from_str::<HexMove>(&text).unwrap(), m);
    }
}

#[test]
fn notation_round_trips_for_every_cell_of_size_19_and_swap() {
    let hex = Hex::empty(options(19, true)).unwrap();
    for i in 0..hex.stones().len() {
        let m = HexMove::Place(hex.cell_at(i));
        assert_eq!(hex.parse_move(&hex.format_move(&m)).unwrap(), m);
    }
    assert_eq!(hex.format_move(&HexMove::Swap), "swap");
    for text in ["swap", "SWAP", " swap ", "swap-pieces"] {
        assert_eq!(hex.parse_move(text).unwrap(), HexMove::Swap, "{text:?}");
    }
    assert_eq!(serde_json::to_string(&HexMove::Swap).unwrap(), "\"swap\"");
    assert_eq!(serde_json::from_str::<HexMove>("\"swap\"").unwrap(), HexMove::Swap);
    assert!(serde_json::from_str::<HexMove>("\"t20\"").is_err());
}

// ------------------------------------------------- setups (saved positions)

#[test]
fn setup_round_trips_and_rebuilds_the_winner() {
    let hex = play_all(
        options(7, false),
        &[
            "d1", "a1", "d2", "a2", "d3", "a3", "d4", "a4", "d5", "a5", "d6", "a6", "d7",
        ],
    );
    let setup = HexSetup::from(hex.clone());
    assert_eq!(setup.rows[0], "B..R...");
    let back = Hex::try_from(setup).unwrap();
    assert_eq!(back, hex);
    assert_eq!(back.outcome(), hex.outcome());
    assert_eq!(back.winning_chain(), hex.winning_chain());
}

#[test]
fn setup_with_wrong_shape_is_refused_x1() {
    let mut bad = setup(7, &["......."; 6]);
    assert_eq!(
        Hex::try_from(bad.clone()).unwrap_err().rule,
        papan_rules::rule::X1,
        "six rows"
    );
    bad.rows.push("........".into());
    assert_eq!(
        Hex::try_from(bad).unwrap_err().rule,
        papan_rules::rule::X1,
        "a row of eight"
    );
    let mut bad = setup(7, &["......."; 7]);
    bad.options.size = 8;
    assert_eq!(
        Hex::try_from(bad).unwrap_err().rule,
        papan_rules::rule::X1,
        "size not offered"
    );
    let text =
        r#"{"options":{"size":7,"swap":false},"rows":[".......",".......",".......",".......",".......","......."]}"#;
    let err = serde_json::from_str::<Hex>(text).unwrap_err().to_string();
    assert!(err.contains("X1"), "{err}");
}

#[test]
fn setup_with_impossible_stone_counts_is_refused_x4() {
    let blue_first = setup(7, &first_row("B......"));
    assert_eq!(Hex::try_from(blue_first).unwrap_err().rule, papan_rules::rule::X4);
    let two_red = setup(7, &first_row("RR....."));
    assert_eq!(Hex::try_from(two_red).unwrap_err().rule, papan_rules::rule::X4);
    let unknown = setup(7, &first_row("R.x...."));
    assert_eq!(Hex::try_from(unknown).unwrap_err().rule, papan_rules::rule::X5);
}

#[test]
fn setup_with_impossible_swap_or_last_move_is_refused() {
    let mut s = setup(7, &first_row("R......"));
    s.swapped = true;
    assert_eq!(
        Hex::try_from(s.clone()).unwrap_err().rule,
        papan_rules::rule::X7,
        "swap rule off"
    );
    s.options.swap = true;
    s.last = Some(HexMove::Swap);
    assert!(Hex::try_from(s.clone()).unwrap().swapped());
    s.last = Some(mv("a1"));
    assert_eq!(
        Hex::try_from(s.clone()).unwrap_err().rule,
        papan_rules::rule::X7,
        "the swap was the last move"
    );
    s.swapped = false;
    s.last = Some(HexMove::Swap);
    assert_eq!(Hex::try_from(s.clone()).unwrap_err().rule, papan_rules::rule::X7);
    s.last = Some(mv("b1"));
    assert_eq!(
        Hex::try_from(s.clone()).unwrap_err().rule,
        papan_rules::rule::X5,
        "last move on an empty cell"
    );
    let mut s = setup(7, &first_row("RB....."));
    s.last = Some(mv("a1"));
    assert_eq!(
        Hex::try_from(s).unwrap_err().rule,
        papan_rules::rule::X5,
        "Blue moved last, a1 is red"
    );
}

#[test]
fn setup_where_play_went_on_after_a_win_is_refused_x9() {
    // Red joined top and bottom, yet Blue has as many stones: Blue played on.
    let rows = [
        "R.B....", "R.B....", "R.B....", "R.B....", "R.B....", "R.B....", "R.B....",
    ];
    assert_eq!(Hex::try_from(setup(7, &rows)).unwrap_err().rule, papan_rules::rule::X9);
    // Two separate red chains: the game would have ended with the first.
    let rows = [
        "R.R.BBB", "R.R.BBB", "R.R.BB.", "R.R.BB.", "R.R.BB.", "R.R.B..", "R.R....",
    ];
    let err = Hex::try_from(setup(7, &rows)).unwrap_err();
    assert_eq!(err.rule, papan_rules::rule::X9, "{err}");
    // One chain plus a spare red stone is a normal finished game.
    let rows = [
        "R.R.BBB", "R...BB.", "R...B..", "R...B..", "R......", "R......", "R......",
    ];
    let hex = Hex::try_from(setup(7, &rows)).unwrap();
    assert_eq!(hex.winner_colour(), Some(Colour::Red));
}

#[test]
fn record_replay_names_the_ply_of_a_tampered_move() {
    let mut record = Record::<Hex>::new(options(11, true), 0);
    let mut hex = record.start().unwrap();
    for m in ["f6", "swap", "e5", "g7", "c3"] {
        record.play(&mut hex, mv(m)).unwrap();
    }
    assert_eq!(record.replay().unwrap(), hex);

    let mut tampered = record.clone();
    tampered.moves[3] = mv("f6");
    let err = tampered.replay().unwrap_err();
    assert_eq!((err.ply, err.error.rule), (Some(3), papan_rules::rule::X5));

    let mut tampered = record.clone();
    tampered.moves[2] = HexMove::Swap;
    let err = tampered.replay().unwrap_err();
    assert_eq!((err.ply, err.error.rule), (Some(2), papan_rules::rule::X7));

    let mut tampered = record.clone();
    tampered.options.swap = false;
    let err = tampered.replay().unwrap_err();
    assert_eq!((err.ply, err.error.rule), (Some(1), papan_rules::rule::X7));

    let mut tampered = record.clone();
    tampered.options.size = 12;
    assert_eq!(tampered.replay().unwrap_err().ply, None);

    // A refused record move changes neither the record nor the position.
    let before = (record.clone(), json(&hex));
    assert!(record.play(&mut hex, mv("e5")).is_err());
    assert_eq!((record, json(&hex)), before);
}

/// A 7×7 board whose first row is `first`, the rest empty.
fn first_row(first: &'static str) -> Vec<&'static str> {
    let mut rows = vec![first];
    rows.extend(["......."; 6]);
    rows
}
