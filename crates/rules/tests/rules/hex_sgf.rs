//! HexGui-compatible SGF: export, import, round trips and refusals.

use papan_rules::hex::sgf::{from_sgf, to_sgf, to_sgf_with, SgfError, SgfGame, SwapNotation};
use papan_rules::hex::{Cell, Colour, Hex, HexMove, HexOptions, SIZES};
use papan_rules::{Game, Record, Seat};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn mv(name: &str) -> HexMove {
    name.parse().unwrap()
}

fn moves(names: &[&str]) -> Vec<HexMove> {
    names.iter().map(|m| mv(m)).collect()
}

fn game(size: u8, swap: bool, names: &[&str]) -> SgfGame {
    SgfGame {
        options: HexOptions { size, swap },
        moves: moves(names),
        ..SgfGame::default()
    }
}

/// The moves of a random game, played to the end or cut at `cut` plies.
fn random_moves(options: HexOptions, seed: u64, cut: usize) -> Vec<HexMove> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hex = Hex::empty(options).unwrap();
    let mut played = Vec::new();
    while !hex.is_over() && played.len() < cut {
        let legal = hex.legal_moves();
        // Take the swap whenever offered half the time, so it is common.
        let m = if hex.swap_allowed() && rng.random_bool(0.5) {
            HexMove::Swap
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        hex.play(&m).unwrap();
        played.push(m);
    }
    played
}

/// The SGF text on one line (the writer wraps lines as HexGui does).
fn flat(text: &str) -> String {
    text.replace('\n', "")
}

fn refused_rule(err: SgfError) -> (Option<usize>, String) {
    match err {
        SgfError::Refused(e) => (e.ply, e.error.rule.to_string()),
        other => panic!("expected a rule refusal, got {other}"),
    }
}

#[test]
fn export_writes_hexgui_root_and_moves() {
    let mut g = game(11, false, &["f6", "e7", "c3"]);
    g.first_name = Some("Ana".into());
    g.second_name = Some("Ben".into());
    let text = flat(&to_sgf(&g).unwrap());
    assert!(text.starts_with("(;FF[4]AP[Papan:"), "{text}");
    assert!(text.contains("GM[11]SZ[11]PB[Ana]PW[Ben]"), "{text}");
    assert!(text.ends_with(";B[f6];W[e7];B[c3])"), "{text}");
    assert!(!text.contains("RE["), "no result while the game goes on");
    assert!(!text.contains("RU["), "swap off is the default");
}

#[test]
fn export_of_a_won_game_carries_the_result() {
    let g = game(
        7,
        false,
        &[
            "d1", "a1", "d2", "a2", "d3", "a3", "d4", "a4", "d5", "a5", "d6", "a6", "d7",
        ],
    );
    let text = flat(&to_sgf(&g).unwrap());
    assert!(text.contains("RE[B+]"), "{text}");
    let back = from_sgf(&text).unwrap();
    assert_eq!(back.replay().unwrap().outcome().unwrap().winner, Some(Seat::First));
}

#[test]
fn swap_is_written_as_swap_pieces_with_later_moves_mirrored() {
    // Ours: Red f3, swap (second seat takes Red), first seat plays Blue e3,
    // second seat plays Red b5. In swap-pieces terms the first seat stays
    // Black and the board is mirrored: e3 -> c5, b5 -> e2.
    let g = game(11, true, &["f3", "swap", "e3", "b5"]);
    let text = flat(&to_sgf(&g).unwrap());
    assert!(text.contains("RU[swap]"), "{text}");
    assert!(text.contains(";B[f3];W[swap-pieces];B[c5];W[e2])"), "{text}");
    assert_eq!(from_sgf(&text).unwrap(), g);

    let sides = flat(&to_sgf_with(&g, SwapNotation::Sides).unwrap());
    assert!(sides.contains(";B[f3];W[swap-sides];W[e3];B[b5])"), "{sides}");
    assert_eq!(from_sgf(&sides).unwrap(), g);
}

#[test]
fn result_after_swap_names_the_winners_sgf_colour() {
    // After the swap the second seat holds Red and wins top to bottom.
    let mut names = vec!["a1", "swap"];
    let blue = ["c1", "c2", "c3", "c4", "c5", "c6"];
    let red = ["a2", "a3", "a4", "a5", "a6", "a7"];
    for k in 0..6 {
        names.push(blue[k]);
        names.push(red[k]);
    }
    let g = game(7, true, &names);
    assert_eq!(g.replay().unwrap().outcome().unwrap().winner, Some(Seat::Second));
    // swap-pieces: letters follow seats, so the second seat is White.
    assert!(flat(&to_sgf(&g).unwrap()).contains("RE[W+]"));
    // swap-sides: letters follow colours, and the winner's stones are black.
    assert!(flat(&to_sgf_with(&g, SwapNotation::Sides).unwrap()).contains("RE[B+]"));
}

#[test]
fn a_hand_written_hexgui_file_is_read() {
    // As HexGui writes it: root properties, moves, a variation, comments and
    // a line break inside the list.
    let text = "(;FF[4]AP[HexGui:0.9.GIT]GM[11]SZ[13]PB[alice]PW[bob]C[an opening\\] test]\n\
                ;B[g7]C[centre];W[f8]\n;B[e9](;W[d10];B[m13])(;W[a1]))\n";
    let g = from_sgf(text).unwrap();
    assert_eq!(g.options, HexOptions { size: 13, swap: false });
    assert_eq!(g.first_name.as_deref(), Some("alice"));
    assert_eq!(g.second_name.as_deref(), Some("bob"));
    assert_eq!(g.moves, moves(&["g7", "f8", "e9", "d10", "m13"]), "main line only");
    let hex = g.replay().unwrap();
    assert_eq!(hex.stone(Cell::new(6, 6)), Some(Colour::Red));
    assert_eq!(hex.stone("f8".parse().unwrap()), Some(Colour::Blue));
}

#[test]
fn a_playhex_swap_pieces_file_is_read_mirrored() {
    let text = "(;FF[4]CA[UTF-8]AP[PlayHex:0.0.0]GM[11]SZ[11]PB[Test]PW[Alcalyn];B[f3];W[swap-pieces];B[c5];W[e2])";
    let g = from_sgf(text).unwrap();
    assert!(g.options.swap, "a swap in the file turns the option on");
    assert_eq!(g.moves, moves(&["f3", "swap", "e3", "b5"]));
    let hex = g.replay().unwrap();
    assert_eq!(hex.colour_of(Seat::Second), Colour::Red);
    assert_eq!(hex.stone("e3".parse().unwrap()), Some(Colour::Blue));
}

#[test]
fn plain_swap_is_settled_by_the_next_move() {
    // Newer HexGui and LittleGolem: "swap" then the swapper's colour again.
    let sides = from_sgf("(;FF[4]GM[11]SZ[11];B[f3];W[swap];W[c5])").unwrap();
    assert_eq!(sides.moves, moves(&["f3", "swap", "c5"]));
    // Older HexGui meant pieces: Black moves next, on the mirrored board.
    let pieces = from_sgf("(;FF[4]GM[11]SZ[11];B[f3];W[swap];B[c5])").unwrap();
    assert_eq!(pieces.moves, moves(&["f3", "swap", "e3"]));
    let alone = from_sgf("(;FF[4]GM[11]SZ[11];B[f3];W[swap])").unwrap();
    assert_eq!(alone.moves, moves(&["f3", "swap"]));
}

#[test]
fn go_style_coordinates_are_read() {
    // LittleGolem-style pairs of letters: column then row.
    let g = from_sgf("(;FF[4]EV[hex.mc]SZ[13]SO[https://www.littlegolem.net];B[ii];W[dc];B[am])").unwrap();
    assert_eq!(g.moves, moves(&["i9", "d3", "a13"]));
}

#[test]
fn a_resignation_is_kept_and_written_back() {
    let mut g = game(11, false, &["f6", "e7"]);
    g.resigned = Some(Seat::First);
    let text = flat(&to_sgf(&g).unwrap());
    assert!(text.contains("RE[W+Resign]"), "{text}");
    assert!(text.ends_with(";B[resign])"), "{text}");
    let back = from_sgf(&text).unwrap();
    assert_eq!(back, g);
    assert!(
        !back.replay().unwrap().is_over(),
        "resigning is not a rule of the board"
    );
}

#[test]
fn names_with_sgf_specials_round_trip() {
    let mut g = game(9, false, &["e5"]);
    g.first_name = Some("a]b\\c [x]".into());
    g.second_name = Some("Ñandú 🐦".into());
    let back = from_sgf(&to_sgf(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn a_record_exports_and_imports_unchanged() {
    let mut record = Record::<Hex>::new(HexOptions { size: 9, swap: true }, 0);
    let mut hex = record.start().unwrap();
    for m in ["e5", "swap", "d6", "c7"] {
        record.play(&mut hex, mv(m)).unwrap();
    }
    let text = to_sgf(&SgfGame::from_record(&record)).unwrap();
    let back = from_sgf(&text).unwrap().to_record();
    assert_eq!(back, record);
    assert_eq!(back.replay().unwrap(), hex);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any game, finished or cut short, with or without swap, in either swap
    /// notation, reads back as the same game.
    #[test]
    fn sgf_round_trips(size in prop::sample::select(SIZES.to_vec()), swap in any::<bool>(), seed in any::<u64>(), cut in 0usize..400, sides in any::<bool>()) {
        let options = HexOptions { size, swap };
        let g = SgfGame { options, moves: random_moves(options, seed, cut), ..SgfGame::default() };
        let notation = if sides { SwapNotation::Sides } else { SwapNotation::Pieces };
        let text = to_sgf_with(&g, notation).unwrap();
        prop_assert!(text.lines().all(|line| line.len() <= 80), "lines stay short");
        let back = from_sgf(&text).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.replay().unwrap(), g.replay().unwrap());
    }
}

#[test]
fn malformed_sgf_is_refused_with_a_syntax_error() {
    for text in [
        "",
        "   ",
        "B[a1]",
        "(;FF[4]GM[11]SZ[11];B[a1]",
        "(;FF[4]GM[11]SZ[11];B[a1)",
        "(;FF[4]GM[11]SZ[11];B)",
        "(;FF[4]GM[11]SZ[11];b1[a1])",
        "(;FF[4]GM[11]SZ[11];B[a1]B[b2])",
        "()",
        "(;FF[4]SZ[11](;B[a1])",
    ] {
        match from_sgf(text) {
            Err(SgfError::Syntax { .. }) => {}
            other => panic!("{text:?} should be a syntax error, got {other:?}"),
        }
    }
}

#[test]
fn other_games_and_shapes_are_refused() {
    for text in [
        "(;FF[4]GM[1]SZ[11];B[a1])",
        "(;FF[4]GM[11];B[a1])",
        "(;FF[4]GM[11]SZ[eleven];B[a1])",
        "(;FF[4]GM[11]SZ[11:9];B[a1])",
        "(;FF[5]GM[11]SZ[11];B[a1])",
        "(;FF[4]GM[11]SZ[11]AB[a1][b2];W[c3])",
        "(;FF[4]GM[11]SZ[11];B[a1];AW[c3])",
        "(;FF[4]GM[11]SZ[11];B[a1]W[b2])",
        "(;FF[4]GM[11]SZ[11];B[a1][b2])",
        "(;FF[4]GM[11]SZ[11];B[zz9])",
        "(;FF[4]GM[11]SZ[11];B[a1];W[resign];B[b2])",
        "(;FF[4]GM[11]SZ[11];B[a1];SZ[13];W[b2])",
    ] {
        match from_sgf(text) {
            Err(SgfError::Unsupported(message)) => assert!(!message.is_empty()),
            other => panic!("{text:?} should be unsupported, got {other:?}"),
        }
    }
}

#[test]
fn illegal_moves_are_refused_with_ply_and_rule() {
    let cases = [
        ("(;FF[4]GM[11]SZ[10];B[a1])", (None, "X1")),
        ("(;FF[4]GM[11]SZ[11];B[l1])", (Some(0), "X1")),
        ("(;FF[4]GM[11]SZ[11];B[a1];W[a1])", (Some(1), "X5")),
        ("(;FF[4]GM[11]SZ[11];B[a1];W[pass])", (Some(1), "X5")),
        ("(;FF[4]GM[11]SZ[11];W[a1])", (Some(0), "X4")),
        ("(;FF[4]GM[11]SZ[11];B[a1];B[b2])", (Some(1), "X4")),
        ("(;FF[4]GM[11]SZ[11];B[a1];W[b2];W[swap-pieces])", (Some(2), "X7")),
        ("(;FF[4]GM[11]SZ[11];B[a1];W[swap-sides];B[b1])", (Some(2), "X4")),
        // HexGui's board-stays swap: White moves after it, then not again.
        ("(;FF[4]GM[11]SZ[11];B[a1];W[swap-pieces];W[b1];W[c1])", (Some(3), "X4")),
        ("(;FF[4]GM[11]SZ[11];B[a1];W[swap-pieces];B[b1];B[c1])", (Some(3), "X4")),
        (
            "(;FF[4]GM[11]SZ[7];B[d1];W[a1];B[d2];W[a2];B[d3];W[a3];B[d4];W[a4];B[d5];W[a5];B[d6];W[a6];B[d7];W[g7])",
            (Some(13), "X9"),
        ),
    ];
    for (text, want) in cases {
        let err = from_sgf(text).unwrap_err();
        let shown = err.to_string();
        assert_eq!(refused_rule(err), (want.0, want.1.to_string()), "{text}: {shown}");
    }
}

/// A real file kept in `tests/data/hex/` (origins in its README).
fn real(name: &str) -> String {
    let path = crate::support::manifest_dir().join("tests/data/hex").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The seat whose colour joins its edges on the final board.
fn board_winner(g: &SgfGame) -> Option<Seat> {
    g.replay().unwrap().outcome().and_then(|o| o.winner)
}

#[test]
fn x7_hexgui_swap_pieces_then_white_keeps_the_board() {
    // HexGui 1.0 at the 2008 Computer Olympiad (MoHex v Yopt): the swapper's
    // letter moves again and the board stays: our swap exactly.
    let g = from_sgf(&real("mohex-yopt-1.sgf")).unwrap();
    assert!(g.options.swap);
    assert_eq!(g.moves[..4], moves(&["d2", "swap", "b10", "d9"]));
    let hex = g.replay().unwrap();
    // d2 is still a Red stone, now the second seat's (X7); b10 is Blue.
    assert_eq!(hex.stone(mv_cell("d2")), Some(Colour::Red));
    assert_eq!(hex.stone(mv_cell("b10")), Some(Colour::Blue));
    assert_eq!(hex.seat_of(Colour::Red), Seat::Second);
    // Every move node of the file is read, none left out.
    let nodes = real("mohex-yopt-1.sgf").matches("B[").count() + real("mohex-yopt-1.sgf").matches("W[").count();
    assert_eq!(g.moves.len(), nodes);
}

fn mv_cell(name: &str) -> Cell {
    name.parse().unwrap()
}

#[test]
fn x7_hexgui_0_9_files_with_swap_and_resignation_read() {
    // HexGui 0.9 (2010 Olympiad): swap, then White resigns on a live board.
    let g = from_sgf(&real("yop-moh-2.sgf")).unwrap();
    assert_eq!(g.moves[1], HexMove::Swap);
    assert_eq!(g.moves.len(), 20);
    assert!(!g.replay().unwrap().is_over());
    // White is Blue after the board-stays swap: the first seat's colour.
    assert_eq!(g.resigned, Some(Seat::First));
    // HexGui 0.9.GIT (2011): swap, then 20 stones; the file ends there
    // (the game was decided off the record).
    let g = from_sgf(&real("pan-moh-1.sgf")).unwrap();
    assert_eq!(g.moves[1], HexMove::Swap);
    assert_eq!(g.moves.len(), 22);
    assert_eq!(g.resigned, None);
    // benzene 0.1 (2000 Olympiad) writes `W[SWAP]` with White again.
    let g = from_sgf(&real("00.2.HQ.sgf")).unwrap();
    assert_eq!(g.moves[..3], moves(&["a2", "swap", "f6"]));
    let text = real("00.2.HQ.sgf");
    assert_eq!(g.moves.len(), text.matches(";B[").count() + text.matches(";W[").count());
    assert_eq!(g.first_name.as_deref(), Some("player1"));
}

#[test]
fn x9_resignation_after_a_won_board_ends_the_record() {
    // MoHex v Wolve, written by benzene's twogtp.py: names, swap, RE[B+],
    // and a final `B[resign]` after the board is already won.
    let text = real("mw1.sgf");
    assert!(text.trim_end().ends_with(";B[resign]\n)"), "the file as kept");
    let g = from_sgf(&text).unwrap();
    assert_eq!(g.first_name.as_deref(), Some("Mohex 0.9.GIT"));
    assert_eq!(g.second_name.as_deref(), Some("Wolve 0.9.GIT"));
    assert_eq!(g.moves[1], HexMove::Swap);
    assert_eq!(g.resigned, None, "the board's result stands");
    let hex = g.replay().unwrap();
    assert!(hex.is_over());
    // RE[B+] names the program of PB (MoHex, the first seat), which took
    // White after Wolve's swap and joined left and right; the resignation
    // is Black's, the loser's, written after White's winning stone.
    let winner = board_winner(&g).unwrap();
    assert_eq!(winner, Seat::First);
    assert_eq!(hex.colour_of(winner), Colour::Blue);
    // Written back, it reads the same (names and result kept).
    let again = to_sgf(&g).unwrap();
    assert!(
        flat(&again).contains("RE[B+]") || flat(&again).contains("RE[W+]"),
        "{again}"
    );
    assert_eq!(from_sgf(&again).unwrap(), g);
    // A resignation on a won board still ends the record: moves after it
    // are refused.
    let extra = text.replace(";B[resign]", ";B[resign];W[a1]");
    assert!(matches!(from_sgf(&extra), Err(SgfError::Unsupported(_))));
}

#[test]
fn real_hexgui_files_round_trip_through_papans_export() {
    for name in [
        "mohex-yopt-1.sgf",
        "yop-moh-2.sgf",
        "pan-moh-1.sgf",
        "00.2.HQ.sgf",
        "mw1.sgf",
    ] {
        let g = from_sgf(&real(name)).unwrap();
        for notation in [SwapNotation::Pieces, SwapNotation::Sides] {
            let text = to_sgf_with(&g, notation).unwrap();
            assert_eq!(from_sgf(&text).unwrap(), g, "{name} {notation:?}: {text}");
        }
    }
}
