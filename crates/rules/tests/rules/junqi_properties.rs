//! Properties over seeded random games: views never carry a hidden identity
//! (J21), the view alone lists the same legal actions as the full game,
//! checked play agrees with move generation, and every game ends.

use papan_rules::junqi::{JunQi, JunQiAction, JunQiOptions, JunQiView, Post, Square};
use papan_rules::{Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

const GAMES: u64 = 200;
/// Each reveal and each combat resets the J19 counter and there are at most
/// 50 of each, so no game can outlast (50 + 50 + 1) × 60 plies.
const MAX_PLIES: u32 = 101 * 60;

/// J21: the JSON of `view` names exactly the revealed pieces, and every
/// face-down post is the bare string "FaceDown".
fn assert_view_hides(game: &JunQi, view: &JunQiView) {
    let value = serde_json::to_value(view).unwrap();
    let board = value["board"].as_array().unwrap();
    assert_eq!(board.len(), 60);
    let revealed_in_json = board.iter().filter(|p| p.get("Revealed").is_some()).count();
    let revealed_in_game = Square::all()
        .filter(|&s| matches!(game.post(s), Post::Revealed { .. }))
        .count();
    assert_eq!(revealed_in_json, revealed_in_game);
    for square in Square::all() {
        if game.hidden_piece(square).is_some() {
            assert_eq!(board[square.index()], "FaceDown", "{square}");
        }
    }
}

/// A view sent over the wire reads back to itself (validated on the way in).
fn assert_view_round_trips(view: &JunQiView) {
    let text = serde_json::to_string(view).unwrap();
    assert_eq!(&serde_json::from_str::<JunQiView>(&text).unwrap(), view);
}

/// Checked play accepts exactly the generated actions: every reveal and
/// every from–to pair on the board.
fn assert_check_matches_generation(game: &JunQi) {
    let legal = game.legal_moves();
    let view = game.view(Seat::First);
    for from in Square::all() {
        let reveal = JunQiAction::Reveal(from);
        assert_eq!(view.check(&reveal).is_ok(), legal.contains(&reveal), "{reveal}");
        for to in Square::all() {
            let action = JunQiAction::Move { from, to };
            let result = view.check(&action);
            assert_eq!(result.is_ok(), legal.contains(&action), "{action}: {result:?}");
        }
    }
}

#[test]
fn j21_random_games_never_leak_hidden_identities_and_always_end() {
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    let mut longest = 0;
    for seed in 0..GAMES {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = JunQi::new(&JunQiOptions::default(), &mut rng).unwrap();
        let mut plies = 0u32;
        while !game.is_over() {
            assert!(plies < MAX_PLIES, "seed {seed}: no end after {plies} plies");
            let legal = game.legal_moves();
            assert!(!legal.is_empty(), "seed {seed}: a live game with no legal action");
            let view = game.view(Seat::First);
            assert_view_hides(&game, &view);
            assert_eq!(view.legal_actions(), legal);
            // Both seats are told the same public table (J21 hides from both).
            let other = game.view(Seat::Second);
            assert_eq!(
                (other.seat(), other.board(), other.face_down()),
                (Seat::Second, view.board(), view.face_down())
            );
            if matches!(plies % 10, 0) {
                assert_view_round_trips(&view);
            }
            if seed < 4 && matches!(plies % 25, 0) {
                assert_check_matches_generation(&game);
                let guess = game.view(Seat::First).determinize(&mut rng);
                assert_eq!(guess.view(Seat::First), game.view(Seat::First));
                let text = serde_json::to_string(&game).unwrap();
                assert_eq!(serde_json::from_str::<JunQi>(&text).unwrap(), game);
            }
            let action = legal[rng.random_range(0..legal.len())];
            game.play(&action).unwrap();
            plies += 1;
        }
        for seat in Seat::BOTH {
            assert_view_hides(&game, &game.view(seat));
        }
        let outcome = game.outcome().unwrap();
        *endings.entry(format!("{:?}", outcome.reason)).or_default() += 1;
        longest = longest.max(plies);
    }
    println!("{GAMES} random games, longest {longest} plies, endings {endings:?}");
}
