//! One or more tests per rule of `crates/rules/docs/junqi.md` (J1–J21).

use papan_rules::junqi::board::{self, Square, POSTS};
use papan_rules::junqi::{Colour, JunQi, JunQiAction, JunQiOptions, JunQiSetup, Kind, Post, QUIET_LIMIT};
use papan_rules::{rule, EndReason, Game, RuleId, Seat, Turn};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn act(text: &str) -> JunQiAction {
    text.parse().unwrap()
}

/// Both flags out of the way, so a test position is not over before it starts.
const FLAGS: [(&str, &str); 2] = [("b1", "RBdr"), ("b12", "BBdr")];

/// A position from `(post, token)` pairs (tokens as in [`JunQiSetup`]), the
/// flags of [`FLAGS`] added; the first seat holds Red; `to_move` moves next.
fn position(pieces: &[(&str, &str)], to_move: Seat) -> JunQi {
    try_position(pieces, to_move).unwrap()
}

fn try_position(pieces: &[(&str, &str)], to_move: Seat) -> Result<JunQi, papan_rules::RuleError> {
    let mut grid = [["."; 5]; 12];
    for &(name, token) in FLAGS.iter().chain(pieces) {
        let s = sq(name);
        grid[s.rank() as usize][s.file() as usize] = token;
    }
    let rows: Vec<String> = (0..12).rev().map(|r| grid[r].join(" ")).collect();
    let rows: Vec<&str> = rows.iter().map(|r| r.as_str()).collect();
    JunQi::try_from(JunQiSetup::new(&rows, to_move, Some(Colour::Red)))
}

fn json(game: &JunQi) -> String {
    serde_json::to_string(game).unwrap()
}

/// Plays `action` expecting refusal under `rule`, and checks the position is untouched.
fn refused(game: &mut JunQi, action: &str, rule: &str) {
    let before = json(game);
    let err = game.play(&act(action)).expect_err(action);
    assert_eq!(err.rule.to_string(), rule, "{action}: {err}");
    assert_eq!(json(game), before, "{action} changed the position");
    assert!(!game.legal_moves().contains(&act(action)), "{action} listed as legal");
}

fn played(game: &mut JunQi, action: &str) {
    assert!(
        game.legal_moves().contains(&act(action)),
        "{action} not listed as legal"
    );
    game.play(&act(action)).unwrap_or_else(|e| panic!("{action}: {e}"));
}

fn fresh(seed: u64) -> JunQi {
    JunQi::new(&JunQiOptions::default(), &mut ChaCha8Rng::seed_from_u64(seed)).unwrap()
}

fn revealed(colour: Colour, kind: Kind) -> Post {
    Post::Revealed { colour, piece: kind }
}

#[test]
fn j1_board_has_five_files_by_twelve_ranks() {
    assert_eq!(Square::all().count(), 60);
    assert_eq!(POSTS, 60);
    assert_eq!(Square::all().filter(|s| s.in_bottom_half()).count(), 30);
    assert_eq!(sq("a1").index(), 0);
    assert_eq!(sq("e12").index(), 59);
    for square in Square::all() {
        assert_eq!(square.to_string().parse::<Square>().unwrap(), square);
    }
    for bad in ["f1", "a13", "a0", "", "c", "3c"] {
        assert!(bad.parse::<Square>().is_err(), "{bad} accepted");
    }
}

#[test]
fn j2_ten_camps_and_four_headquarters() {
    let camps: Vec<String> = board::camps().iter().map(|s| s.to_string()).collect();
    assert_eq!(camps, ["b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"]);
    let hq: Vec<String> = board::headquarters().iter().map(|s| s.to_string()).collect();
    assert_eq!(hq, ["b1", "d1", "b12", "d12"]);
    assert!(sq("c9").is_camp() && !sq("c8").is_camp());
    assert!(sq("d12").is_headquarters() && !sq("d12").is_camp());
}

#[test]
fn j3_roads_camps_have_eight_neighbours_and_mountains_cut_b_and_d() {
    for camp in board::camps().iter() {
        assert_eq!(board::road_neighbours(camp).len(), 8, "camp {camp}");
    }
    assert!(!board::is_road(sq("b6"), sq("b7")));
    assert!(!board::is_road(sq("d6"), sq("d7")));
    for (a, b) in [("a6", "a7"), ("c6", "c7"), ("e6", "e7")] {
        assert!(board::is_road(sq(a), sq(b)), "{a}-{b}");
    }
    // The two long lines and the diamond of the bottom half, mirrored on top.
    let bottom = [
        ("a2", "b3"),
        ("b3", "c4"),
        ("c4", "d5"),
        ("d5", "e6"),
        ("a6", "b5"),
        ("b5", "c4"),
        ("c4", "d3"),
        ("d3", "e2"),
        ("c2", "b3"),
        ("c2", "d3"),
        ("a4", "b3"),
        ("a4", "b5"),
        ("e4", "d3"),
        ("e4", "d5"),
        ("c6", "b5"),
        ("c6", "d5"),
    ];
    for (a, b) in bottom {
        assert!(board::is_road(sq(a), sq(b)), "{a}-{b}");
        assert!(board::is_road(sq(a).mirrored(), sq(b).mirrored()), "mirror of {a}-{b}");
    }
    // No diagonal away from camps.
    assert!(!board::is_road(sq("a1"), sq("b2")));
    assert!(!board::is_road(sq("b2"), sq("c3")));
    // Symmetric, and 101 orthogonal + 32 diagonal roads in all.
    let mut edges = 0;
    for a in Square::all() {
        for b in board::road_neighbours(a).iter() {
            assert!(board::is_road(b, a));
            edges += 1;
        }
    }
    assert_eq!(edges / 2, 133);
    assert_eq!(board::road_neighbours(sq("a1")).len(), 2);
}

#[test]
fn j4_railways_lines_and_the_c6_c7_link() {
    let rail: Vec<Square> = Square::all().filter(|s| s.is_rail()).collect();
    assert_eq!(rail.len(), 32);
    let segments: usize = Square::all().map(|s| board::rail_neighbours(s).len()).sum();
    assert_eq!(segments / 2, 35);
    for off in ["a1", "c1", "e12", "b3", "c4", "b4", "d9", "c10"] {
        assert!(!sq(off).is_rail(), "{off}");
    }
    for on in ["a2", "c2", "a5", "e9", "c6", "c7", "b11", "e11"] {
        assert!(sq(on).is_rail(), "{on}");
    }
    assert!(board::is_rail(sq("c6"), sq("c7")));
    assert!(!board::is_rail(sq("b6"), sq("b7")));
    assert!(!board::is_rail(sq("a1"), sq("a2")));
    // The halves meet only at files a, c and e.
    let crossings: Vec<String> = Square::all()
        .filter(|s| s.rank() == 5)
        .filter(|&s| board::road_neighbours(s).iter().any(|n| !n.in_bottom_half()))
        .map(|s| s.to_string())
        .collect();
    assert_eq!(crossings, ["a6", "c6", "e6"]);
    // Seven straight lines: four ranks, two files, the link.
    let lengths: Vec<usize> = board::rail_lines().iter().map(|l| l.len()).collect();
    assert_eq!(lengths, [5, 5, 5, 5, 10, 10, 2]);
}

#[test]
fn j5_each_colour_has_twenty_five_pieces() {
    let counts: Vec<u8> = Kind::ALL.iter().map(|k| k.count()).collect();
    assert_eq!(counts, [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 1, 2]);
    assert_eq!(papan_rules::junqi::full_set().len(), 50);
    for colour in Colour::BOTH {
        assert_eq!(
            papan_rules::junqi::full_set()
                .iter()
                .filter(|p| p.colour == colour)
                .count(),
            25
        );
    }
    // Ranks strictly decrease from Commander to Engineer.
    let ranks: Vec<u8> = Kind::ALL.iter().filter_map(|k| k.rank()).collect();
    assert_eq!(ranks, [9, 8, 7, 6, 5, 4, 3, 2, 1]);
    // A setup with a fourth mine is refused.
    let err = try_position(
        &[
            ("a3", "RRanjau"),
            ("a4", "RRanjau"),
            ("a5", "RRanjau"),
            ("a6", "RRanjau"),
            ("c1", "RDiv"),
            ("c12", "BDiv"),
        ],
        Seat::First,
    )
    .unwrap_err();
    assert_eq!(err.rule, papan_rules::rule::J5);
}

#[test]
fn j6_setup_is_fifty_face_down_pieces_off_the_camps_and_a_random_starter() {
    let game = fresh(7);
    let view = game.view(Seat::First);
    for square in Square::all() {
        let expected = if square.is_camp() { Post::Empty } else { Post::FaceDown };
        assert_eq!(view.post(square), expected, "{square}");
    }
    for colour in Colour::BOTH {
        for kind in Kind::ALL {
            let hidden = Square::all()
                .filter(|&s| {
                    game.hidden_piece(s)
                        .is_some_and(|p| p.colour == colour && p.kind == kind)
                })
                .count();
            assert_eq!(hidden, kind.count() as usize, "{colour:?} {kind}");
            assert_eq!(view.face_down().get(colour, kind), kind.count());
        }
    }
    // Same seed, same game; other seeds shuffle differently; both seats start sometimes.
    assert_eq!(fresh(7), game);
    let layouts: std::collections::HashSet<String> = (0..20).map(|s| json(&fresh(s))).collect();
    assert_eq!(layouts.len(), 20);
    let starters: std::collections::HashSet<Option<Seat>> = (0..20).map(|s| fresh(s).seat_to_move()).collect();
    assert_eq!(starters.len(), 2);
    assert_eq!(game.quiet_plies(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn j7_a_turn_is_one_reveal_or_one_move_in_notation() {
    assert_eq!(act("flip c3"), JunQiAction::Reveal(sq("c3")));
    assert_eq!(act("FLIP  e12"), JunQiAction::Reveal(sq("e12")));
    assert_eq!(
        act("a2-a11"),
        JunQiAction::Move {
            from: sq("a2"),
            to: sq("a11")
        }
    );
    assert_eq!(act("a2 - a11").to_string(), "a2-a11");
    assert_eq!(act("flip c3").to_string(), "flip c3");
    for bad in ["flipc3", "flip", "a2", "a2-f3", "z1-a1", "move a2"] {
        assert!(bad.parse::<JunQiAction>().is_err(), "{bad} accepted");
    }
    assert_eq!(serde_json::to_string(&act("b2-b3")).unwrap(), "\"b2-b3\"");

    let mut game = position(
        &[("a3", "RDiv"), ("a5", "bKi"), ("c12", "BDiv"), ("e2", "rKi")],
        Seat::First,
    );
    refused(&mut game, "flip c4", "J7"); // nothing there
    refused(&mut game, "flip a3", "J7"); // already revealed
    refused(&mut game, "a5-a6", "J7"); // face down: reveal, don't move
    refused(&mut game, "c12-c11", "J7"); // the opponent's piece
    refused(&mut game, "e2-e3", "J7");
    // Any face-down piece may be revealed, whichever colour it is.
    played(&mut game, "flip a5");
    assert_eq!(game.post(sq("a5")), revealed(Colour::Blue, Kind::Company));
    assert_eq!(game.seat_to_move(), Some(Seat::Second));
}

/// The face-down posts of a fresh game holding `colour`, by hidden identity.
fn hidden_of(game: &JunQi, colour: Colour) -> Vec<Square> {
    Square::all()
        .filter(|&s| game.hidden_piece(s).is_some_and(|p| p.colour == colour))
        .collect()
}

#[test]
fn j8_colours_go_to_the_first_two_same_colour_reveals_in_a_row() {
    let mut game = fresh(3);
    let starter = game.seat_to_move().unwrap();
    let reds = hidden_of(&game, Colour::Red);
    let blues = hidden_of(&game, Colour::Blue);
    // Only reveals before colours are decided.
    let first_red = reds[0];
    let some_move = format!("{}-{}", first_red, sq("c4"));
    let flips = |s: Square| format!("flip {s}");
    played(&mut game, &flips(reds[0])); // starter: Red
    let view = game.view(starter);
    assert_eq!(view.reveal_streak(starter), Some(Colour::Red));
    assert_eq!(view.my_colour(), None);
    refused(&mut game, &some_move, "J8");
    assert!(game.legal_moves().iter().all(|a| matches!(a, JunQiAction::Reveal(_))));
    played(&mut game, &flips(reds[1])); // other seat: Red (its first reveal)
    assert_eq!(game.colour_of(starter), None);
    played(&mut game, &flips(blues[0])); // starter: Blue — streak broken
    assert_eq!(game.colour_of(starter), None);
    played(&mut game, &flips(blues[1])); // other seat: Blue after Red — no streak
    assert_eq!(game.colour_of(starter), None);
    played(&mut game, &flips(reds[2])); // starter: Red after Blue
    assert_eq!(game.colour_of(starter), None);
    played(&mut game, &flips(reds[3])); // other seat: Red after Blue
    assert_eq!(game.colour_of(starter), None);
    played(&mut game, &flips(reds[4])); // starter: Red, Red — decided
    assert_eq!(game.colour_of(starter), Some(Colour::Red));
    assert_eq!(game.colour_of(starter.other()), Some(Colour::Blue));
    assert_eq!(game.view(starter.other()).my_colour(), Some(Colour::Blue));
    // Reveals stay legal after colours are decided (J7).
    assert!(game.legal_moves().iter().any(|a| matches!(a, JunQiAction::Reveal(_))));
}

#[test]
fn j9_road_moves_take_one_step() {
    let mut game = position(
        &[
            ("c4", "RKi"),
            ("b6", "RYon"),
            ("c2", "RTon"),
            ("d5", "RMen"),
            ("c12", "BDiv"),
        ],
        Seat::First,
    );
    // Diagonal out of a camp, orthogonal steps, into an empty camp.
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|a| matches!(a, JunQiAction::Move { from, .. } if *from == sq("c4")))
        .map(|a| a.to_string())
        .collect();
    moves.sort();
    assert_eq!(moves, ["c4-b3", "c4-b4", "c4-b5", "c4-c3", "c4-c5", "c4-d3", "c4-d4"]);
    refused(&mut game, "c4-d5", "J9"); // own piece
    refused(&mut game, "c4-c6", "J9"); // two steps, not a railway
    refused(&mut game, "b6-b7", "J9"); // mountain: no road across
    refused(&mut game, "c2-d1", "J9"); // no diagonal outside camps
    refused(&mut game, "b6-c7", "J10"); // both on rail, but that takes a turn
    played(&mut game, "c4-b3");
    assert_eq!(game.post(sq("b3")), revealed(Colour::Red, Kind::Company));
    assert_eq!(game.post(sq("c4")), Post::Empty);
}

#[test]
fn j10_engineer_turns_rail_corners_others_run_straight() {
    let base = [("a6", "RZeni"), ("a3", "RTon"), ("c12", "BDiv"), ("e12", "BKi")];
    let mut game = position(&base, Seat::First);
    // a6 → c6 → c7 → e7 is one Engineer move; a Platoon cannot turn.
    played(&mut game, "a6-e7");
    let mut game = position(&[("a6", "RTon"), ("c12", "BDiv")], Seat::First);
    refused(&mut game, "a6-e7", "J10");
    refused(&mut game, "a6-c7", "J10");
    played(&mut game, "a6-e6"); // straight along rank 6
                                // Straight along file a crosses the front line, but not past a piece.
    let mut game = position(&[("a3", "RTon"), ("a8", "RKi"), ("c12", "BDiv")], Seat::First);
    played(&mut game, "a3-a7");
    let mut game = position(&[("a3", "RTon"), ("a8", "RKi"), ("c12", "BDiv")], Seat::First);
    refused(&mut game, "a3-a10", "J10");
    // Face-down pieces block too, and an Engineer cannot pass them either.
    let mut game = position(
        &[("a2", "RZeni"), ("b2", "bKi"), ("a3", "rKi"), ("c12", "BDiv")],
        Seat::First,
    );
    refused(&mut game, "a2-e2", "J10");
    refused(&mut game, "a2-a11", "J10");
    // Off-rail posts take road steps only.
    let mut game = position(&[("b4", "RZeni"), ("c12", "BDiv")], Seat::First);
    refused(&mut game, "b4-b2", "J9");
    // An Engineer reaches the whole empty railway, and attacks at the end of a path.
    let game = position(&[("a2", "RZeni"), ("e11", "BZeni"), ("c12", "BDiv")], Seat::First);
    let from_a2: Vec<Square> = game
        .legal_moves()
        .iter()
        .filter_map(|a| match a {
            JunQiAction::Move { from, to } if *from == sq("a2") => Some(*to),
            _ => None,
        })
        .collect();
    assert!(
        from_a2.contains(&sq("e11")),
        "engineer attacks at the end of a rail path"
    );
    assert!(from_a2.contains(&sq("c7")) && from_a2.contains(&sq("d11")));
    assert_eq!(from_a2.iter().filter(|s| s.is_rail()).count(), 31);
}

#[test]
fn j11_flags_and_mines_never_move_bombs_do() {
    let mut game = position(&[("a3", "RRanjau"), ("c3", "RBom"), ("c12", "BDiv")], Seat::First);
    refused(&mut game, "a3-a4", "J11");
    refused(&mut game, "b1-a1", "J11");
    assert!(game
        .legal_moves()
        .iter()
        .all(|a| !matches!(a, JunQiAction::Move { from, .. } if *from == sq("a3"))));
    played(&mut game, "c3-c4");
}

#[test]
fn j12_no_attack_on_camps_or_face_down_pieces() {
    let mut game = position(
        &[
            ("c6", "RDiv"),
            ("c5", "RPgl"),
            ("b5", "BTon"),
            ("c7", "bKi"),
            ("e12", "BKi"),
        ],
        Seat::First,
    );
    refused(&mut game, "c6-b5", "J12"); // the Platoon sits in a camp
    refused(&mut game, "c6-c7", "J12"); // face down: cannot be attacked or entered
    refused(&mut game, "c5-b5", "J12");
    played(&mut game, "c5-c4"); // an empty camp may be entered
}

#[test]
fn j13_higher_captures_equal_trade_lower_may_not_attack() {
    let pieces = [
        ("c6", "RTon"),
        ("c7", "BDiv"),
        ("a6", "RDiv"),
        ("a7", "BDiv"),
        ("e6", "RKor"),
        ("e7", "BMen"),
    ];
    let mut game = position(&pieces, Seat::First);
    refused(&mut game, "c6-c7", "J13");
    let mut equal = game.clone();
    played(&mut equal, "a6-a7");
    assert_eq!(equal.post(sq("a7")), Post::Empty);
    assert_eq!(equal.post(sq("a6")), Post::Empty);
    assert_eq!(equal.fallen().get(Colour::Red, Kind::Division), 1 + 1); // one absent from the start, one traded
    assert_eq!(equal.quiet_plies(), 0);
    played(&mut game, "e6-e7");
    assert_eq!(game.post(sq("e7")), revealed(Colour::Red, Kind::Corps));
    assert_eq!(
        game.last_action().unwrap().removed,
        vec![papan_rules::junqi::Piece::new(Colour::Blue, Kind::Regiment)]
    );
}

#[test]
fn j14_a_bomb_goes_with_whatever_it_meets() {
    let pieces = [
        ("c6", "RBom"),
        ("c7", "BPgl"),
        ("a6", "RTon"),
        ("a7", "BBom"),
        ("e6", "RBom"),
        ("e7", "BRanjau"),
        ("e12", "BKi"),
    ];
    for (action, at) in [("c6-c7", "c7"), ("a6-a7", "a7"), ("e6-e7", "e7")] {
        let mut game = position(&pieces, Seat::First);
        played(&mut game, action);
        assert_eq!(game.post(sq(at)), Post::Empty, "{action}");
        assert_eq!(
            game.post(sq(action.split('-').next().unwrap())),
            Post::Empty,
            "{action}"
        );
        assert_eq!(game.last_action().unwrap().removed.len(), 2, "{action}");
    }
}

#[test]
fn j15_only_an_engineer_clears_a_mine() {
    let pieces = [
        ("c6", "RZeni"),
        ("c7", "BRanjau"),
        ("a6", "RPgl"),
        ("a7", "BRanjau"),
        ("e12", "BKi"),
    ];
    let mut game = position(&pieces, Seat::First);
    refused(&mut game, "a6-a7", "J15");
    played(&mut game, "c6-c7");
    assert_eq!(game.post(sq("c7")), revealed(Colour::Red, Kind::Engineer));
    // One Blue mine was absent from the start, one is cleared now.
    assert_eq!(game.fallen().get(Colour::Blue, Kind::Mine), 2);
}

#[test]
fn j16_flag_only_after_all_its_mines_and_no_face_down_piece() {
    // A Blue mine remains: the flag is closed.
    let with_mine = [("b11", "RDiv"), ("e11", "BRanjau"), ("e10", "BKi"), ("a1", "RKi")];
    let mut game = position(&with_mine, Seat::First);
    assert!(!game.flag_open(Colour::Blue));
    refused(&mut game, "b11-b12", "J16");
    // No mines, but a face-down piece somewhere: still closed.
    let with_hidden = [("b11", "RDiv"), ("e10", "BKi"), ("a1", "rKi")];
    let mut game = position(&with_hidden, Seat::First);
    refused(&mut game, "b11-b12", "J16");
    // Both conditions met: any movable piece takes it, a bomb too.
    let open = [("b11", "RTon"), ("e10", "BKi"), ("a1", "RKi")];
    let mut game = position(&open, Seat::First);
    assert!(game.flag_open(Colour::Blue));
    played(&mut game, "b11-b12");
    assert_eq!(game.outcome().unwrap().winner, Some(Seat::First));
    let mut game = position(&[("b11", "RBom"), ("e10", "BKi"), ("a1", "RKi")], Seat::First);
    played(&mut game, "b11-b12");
    assert_eq!(game.post(sq("b12")), Post::Empty);
    assert_eq!(game.outcome().unwrap().reason, EndReason::FlagCaptured);
}

#[test]
fn j17_taking_the_flag_wins_and_ends_the_game() {
    // Blue (the second seat) walks its Platoon onto Red's flag on b1.
    let mut game = position(&[("c2", "BTon"), ("e10", "BKi"), ("e1", "RKi")], Seat::Second);
    played(&mut game, "c2-c1");
    played(&mut game, "e1-d1");
    played(&mut game, "c1-b1");
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::Second), EndReason::FlagCaptured)
    );
    assert_eq!(game.turn(), Turn::Over);
    assert!(game.legal_moves().is_empty());
    refused(&mut game, "d1-d2", "J17");
}

#[test]
fn j18_no_movable_piece_or_no_legal_action_loses() {
    // Blue's last movable piece falls: Blue loses at once, mines and flag left.
    let mut game = position(
        &[("c6", "RDiv"), ("c7", "BTon"), ("a12", "BRanjau"), ("e1", "RKi")],
        Seat::First,
    );
    assert_eq!(game.movable_left(Colour::Blue), 1);
    played(&mut game, "c6-c7");
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::NoMovablePiece)
    );
    // Blue's only piece is boxed in by its own mines and flag: no legal action.
    let boxed = [("a12", "BTon"), ("a11", "BRanjau"), ("e2", "RKi"), ("c1", "RDiv")];
    let mut game = position(&boxed, Seat::First);
    // b12 holds Blue's flag (see FLAGS); a Blue piece on a12 touches only a11 and b12.
    assert!(game.outcome().is_none());
    played(&mut game, "e2-e3");
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::NoLegalAction)
    );
    // A position already over cannot be loaded as if it were not.
    let err = try_position(&[("e1", "RKi"), ("a12", "BRanjau")], Seat::First).unwrap_err();
    assert_eq!(err.rule, papan_rules::rule::J17);
}

#[test]
fn j19_sixty_quiet_plies_draw_and_the_counter_is_public() {
    let mut game = position(&[("a3", "RKi"), ("e10", "BKi"), ("c3", "rTon")], Seat::First);
    let shuttle = ["a3-a4", "e10-e9", "a4-a3", "e9-e10"];
    for ply in 0..QUIET_LIMIT as usize {
        assert!(game.outcome().is_none(), "over after {ply} plies");
        assert_eq!(game.view(Seat::Second).quiet_plies(), ply as u16);
        played(&mut game, shuttle[ply % 4]);
    }
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, EndReason::QuietDraw));
    // A reveal resets the counter.
    let mut game = position(&[("a3", "RKi"), ("e10", "BKi"), ("c3", "rTon")], Seat::First);
    for action in ["a3-a4", "e10-e9", "a4-a3"] {
        played(&mut game, action);
    }
    assert_eq!(game.quiet_plies(), 3);
    played(&mut game, "flip c3");
    assert_eq!(game.quiet_plies(), 0);
    assert_eq!(game.view(Seat::First).quiet_plies_left(), QUIET_LIMIT);
}

#[test]
fn j20_resign_and_abandon_hooks() {
    let mut game = fresh(11);
    game.resign(Seat::First).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::Second), EndReason::Resignation)
    );
    assert_eq!(game.resign(Seat::Second).unwrap_err().rule, papan_rules::rule::J20);
    let before = json(&game);
    let err = game
        .play(
            &game
                .view(Seat::First)
                .board()
                .iter()
                .position(|p| *p == Post::FaceDown)
                .map(|i| JunQiAction::Reveal(Square::from_index(i).unwrap()))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.rule, papan_rules::rule::J20);
    assert_eq!(json(&game), before);
    let mut game = fresh(12);
    game.abandon(Seat::Second).unwrap();
    assert_eq!(game.outcome().unwrap().reason, EndReason::Abandoned);
    assert_eq!(game.outcome().unwrap().winner, Some(Seat::First));
}

#[test]
fn j21_views_carry_no_face_down_identity() {
    let mut game = fresh(5);
    let square = Square::all().find(|&s| game.hidden_piece(s).is_some()).unwrap();
    let hidden = game.hidden_piece(square).unwrap();
    let view = game.view(Seat::First);
    assert_eq!(view.post(square), Post::FaceDown);
    let text = serde_json::to_value(&view).unwrap();
    assert_eq!(text["board"][square.index()], "FaceDown");
    assert!(text["board"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p == "FaceDown" || p == "Empty"));
    // Public statistics: counts per kind, never positions.
    assert_eq!(view.face_down().get(hidden.colour, hidden.kind), hidden.kind.count());
    // Both seats see the same public table; legal actions come from the view alone.
    assert_eq!(
        serde_json::to_value(game.view(Seat::Second)).unwrap()["board"],
        text["board"]
    );
    assert_eq!(view.legal_actions(), game.legal_moves());
    // A view read back from the wire is the same view; a tampered one is refused.
    let back: papan_rules::junqi::JunQiView = serde_json::from_value(text.clone()).unwrap();
    assert_eq!(back, view);
    let mut tampered = text.clone();
    tampered["board"][square.index()] = serde_json::json!("Empty");
    assert!(serde_json::from_value::<papan_rules::junqi::JunQiView>(tampered).is_err());
    // A determinization agrees with everything public.
    let guess = view.determinize(&mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(guess.view(Seat::First), view);
    assert_eq!(guess.legal_moves(), game.legal_moves());
    // Revealing makes exactly that identity public.
    game.play(&JunQiAction::Reveal(square)).unwrap();
    let after = game.view(Seat::Second);
    assert_eq!(after.post(square), Post::revealed(hidden));
    assert_eq!(after.last_action().unwrap().revealed, Some(hidden));
    assert_eq!(
        after.face_down().get(hidden.colour, hidden.kind),
        hidden.kind.count() - 1
    );
}

#[test]
fn full_positions_round_trip_through_the_raw_setup() {
    let mut game = fresh(9);
    for _ in 0..30 {
        let action = game.legal_moves()[0];
        game.play(&action).unwrap();
    }
    let text = json(&game);
    let back: JunQi = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    // Raw input with an impossible piece count is refused (J5).
    let mut raw: serde_json::Value = serde_json::from_str(&text).unwrap();
    raw["rows"][0] = serde_json::json!("RPgl RPgl . . .");
    assert!(serde_json::from_value::<JunQi>(raw).is_err());
}

#[test]
fn j18_last_pieces_destroying_each_other_is_a_draw() {
    // Red's last movable piece is a bomb; Blue's last is a Platoon.
    let mut game = position(&[("c6", "RBom"), ("c7", "BTon"), ("a1", "RRanjau")], Seat::First);
    played(&mut game, "c6-c7");
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, EndReason::NoMovablePiece));
}

#[test]
fn j6_a_record_replays_the_same_shuffle_and_actions() {
    let mut record = papan_rules::Record::<JunQi>::new(JunQiOptions::default(), 42);
    let mut game = record.start().unwrap();
    for _ in 0..40 {
        let action = *game.legal_moves().last().unwrap();
        record.play(&mut game, action).unwrap();
    }
    assert_eq!(record.replay().unwrap(), game);
    let text = serde_json::to_string(&record).unwrap();
    assert!(text.contains("flip "), "actions are stored as notation: {text}");
}

#[test]
fn j21_determinizations_differ_but_agree_with_the_view() {
    let game = fresh(21);
    let view = game.view(Seat::Second);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let guesses: std::collections::HashSet<String> = (0..10)
        .map(|_| {
            let guess = view.determinize(&mut rng);
            assert_eq!(guess.view(Seat::Second), view);
            json(&guess)
        })
        .collect();
    assert_eq!(guesses.len(), 10);
}

// `JunQiView::check_pick`: whether the seat to move may pick up the piece
// on a post to move it (J7, J8, J9, J11), from its view alone.

fn to_move(game: &JunQi) -> Seat {
    match game.turn() {
        Turn::Seat(seat) => seat,
        other => panic!("no seat to move: {other:?}"),
    }
}

/// The rule `check_pick` names for `square` in the mover's view, `None` when allowed.
fn pick(game: &JunQi, square: &str) -> Option<RuleId> {
    let view = game.view(to_move(game));
    match view.check_pick(sq(square)) {
        Ok(()) => None,
        Err(refusal) => {
            assert!(!refusal.message.is_empty());
            Some(refusal.rule)
        }
    }
}

#[test]
fn j7_only_an_own_revealed_piece_is_picked() {
    let game = position(
        &[("a3", "RDiv"), ("a5", "bKi"), ("c12", "BDiv"), ("e2", "rKi")],
        Seat::First,
    );
    assert_eq!(pick(&game, "a3"), None, "Red's own Division moves");
    assert_eq!(pick(&game, "c4"), Some(rule::J7), "nothing there");
    assert_eq!(pick(&game, "a5"), Some(rule::J7), "face down: reveal, don't move");
    assert_eq!(pick(&game, "e2"), Some(rule::J7), "face down, even if it is Red");
    assert_eq!(pick(&game, "c12"), Some(rule::J7), "the opponent's piece");
    // The same board from the other side: Blue may pick its own piece only.
    let game = position(&[("a3", "RDiv"), ("c12", "BDiv")], Seat::Second);
    assert_eq!(pick(&game, "c12"), None);
    assert_eq!(pick(&game, "a3"), Some(rule::J7));
}

#[test]
fn j8_nothing_is_picked_before_colours_are_decided() {
    let mut game = fresh(3);
    let first = Square::all().find(|s| game.post(*s) == Post::FaceDown).unwrap();
    let starter = to_move(&game);
    game.play(&JunQiAction::Reveal(first)).unwrap();
    let Post::Revealed { piece, .. } = game.post(first) else {
        panic!("revealed");
    };
    assert_eq!(game.colour_of(Seat::First), None);
    // Neither the seat that revealed it nor the other may move it yet.
    assert_eq!(pick(&game, &first.to_string()), Some(rule::J8), "{piece:?}");
    let own_view = game.view(starter);
    assert_eq!(own_view.my_colour(), None);
    let refusal = game.view(to_move(&game)).check_pick(first).unwrap_err();
    assert_eq!(refusal.rule, rule::J8);
    // The view agrees with the rules: only reveals are legal.
    assert!(game.legal_moves().iter().all(|a| matches!(a, JunQiAction::Reveal(_))));
}

#[test]
fn j9_a_piece_without_a_move_is_not_picked() {
    // A Company boxed in the corner by its own flag (b1) and its own mine (a2).
    let game = position(
        &[("a1", "RKi"), ("a2", "RRanjau"), ("c3", "RTon"), ("e12", "BKi")],
        Seat::First,
    );
    assert_eq!(pick(&game, "a1"), Some(rule::J9));
    assert_eq!(pick(&game, "c3"), None, "a free piece next to it may go");
    assert!(!game
        .legal_moves()
        .iter()
        .any(|a| matches!(a, JunQiAction::Move { from, .. } if *from == sq("a1"))));
}

#[test]
fn j11_mines_and_flags_are_never_picked_bombs_are() {
    let game = position(&[("a3", "RRanjau"), ("c3", "RBom"), ("c12", "BDiv")], Seat::First);
    assert_eq!(pick(&game, "a3"), Some(rule::J11), "a mine never moves");
    assert_eq!(pick(&game, "b1"), Some(rule::J11), "a flag never moves");
    assert_eq!(pick(&game, "c3"), None, "a bomb moves");
    // Blue's flag, seen by Red, is simply not Red's.
    assert_eq!(pick(&game, "b12"), Some(rule::J7));
}

#[test]
fn nothing_is_picked_once_the_game_is_over() {
    let mut game = position(&[("a3", "RDiv"), ("c12", "BDiv")], Seat::First);
    game.resign(Seat::Second).unwrap();
    assert!(game.outcome().is_some());
    for seat in Seat::BOTH {
        let refusal = game.view(seat).check_pick(sq("a3")).unwrap_err();
        assert!(
            matches!(refusal.rule, RuleId::Numbered { .. }),
            "a rule of the page says the game is over: {refusal}"
        );
        assert_ne!(refusal.rule, rule::J7);
    }
}

#[test]
fn a_pick_is_allowed_exactly_where_a_legal_move_starts() {
    // Positions from seeded random games: the view's pick agrees with the
    // full game's legal moves, and every refusal names J7, J8, J9 or J11.
    let mut checked = 0;
    let mut refusals = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let mut game = fresh(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for ply in 0..300 {
            let Turn::Seat(seat) = game.turn() else { break };
            if ply < 10 || ply % 7 == 0 {
                let view = game.view(seat);
                let legal = game.legal_moves();
                for square in Square::all() {
                    let starts = legal
                        .iter()
                        .any(|a| matches!(a, JunQiAction::Move { from, .. } if *from == square));
                    match view.check_pick(square) {
                        Ok(()) => assert!(starts, "seed {seed} ply {ply}: {square} picked without a move"),
                        Err(refusal) => {
                            assert!(
                                !starts,
                                "seed {seed} ply {ply}: {square} refused ({refusal}) with a move"
                            );
                            assert!(
                                [rule::J7, rule::J8, rule::J9, rule::J11].contains(&refusal.rule),
                                "{refusal}"
                            );
                            refusals.insert(refusal.rule.to_string());
                            if let Post::Revealed { piece, .. } = game.post(square) {
                                if refusal.rule == rule::J11 {
                                    assert!(matches!(piece, Kind::Mine | Kind::Flag));
                                }
                            }
                        }
                    }
                }
                checked += 1;
            }
            let moves: Vec<JunQiAction> = legal_or_reveals(&game);
            let action = *moves.choose(&mut rng).unwrap();
            game.play(&action).unwrap();
        }
    }
    assert!(checked > 100, "{checked} positions");
    for rule in ["J7", "J8", "J9", "J11"] {
        assert!(refusals.contains(rule), "{rule} never came up: {refusals:?}");
    }
}

/// The legal actions, moves preferred once there are some (so pieces spread out).
fn legal_or_reveals(game: &JunQi) -> Vec<JunQiAction> {
    let legal = game.legal_moves();
    let moves: Vec<JunQiAction> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, JunQiAction::Move { .. }))
        .collect();
    if moves.is_empty() || game.plies().is_multiple_of(3) {
        legal
    } else {
        moves
    }
}
