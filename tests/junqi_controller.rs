//! Tap sequences on the Jun Qi flip controller, as plain Rust.
//!
//! Positions come from real games: a seeded record is played forward with
//! seeded random legal actions until the situation a test needs shows up,
//! then the controller resumes that record (as from a save) and the test
//! taps. Searching uses the full game; the taps only ever see the view.

use papan::controllers::hex::Player;
use papan::controllers::junqi::{JunQiController, JunQiSave, TapResult, SAVE_VERSION};
use papan_bots::Level;
use papan_rules::junqi::board::{is_road, rail_lines};
use papan_rules::junqi::{Colour, JunQi, JunQiAction, Kind, Post, Square};
use papan_rules::{Game, Record, Seat, Turn};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A controller between two people on this device, resumed at `record`.
fn hotseat_at(record: Record<JunQi>) -> JunQiController {
    JunQiController::from_save(JunQiSave {
        version: SAVE_VERSION,
        record,
        players: [Player::Human, Player::Human],
        local: Seat::First,
        resigned: None,
    })
    .expect("a replayable record")
}

/// Plays seeded random legal actions (moves preferred once colours are
/// decided, so pieces spread out) until `wanted` finds something in the
/// position; returns the record there and what was found.
fn find<T>(wanted: impl Fn(&JunQi) -> Option<T>) -> (Record<JunQi>, T) {
    for seed in 1..200u64 {
        let mut record: Record<JunQi> = Record::new(Default::default(), seed);
        let mut game = record.start().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..600 {
            if let Some(found) = wanted(&game) {
                return (record, found);
            }
            if !matches!(game.turn(), Turn::Seat(_)) {
                break;
            }
            let legal = game.legal_moves();
            let moves: Vec<&JunQiAction> = legal.iter().filter(|a| matches!(a, JunQiAction::Move { .. })).collect();
            let action = if !moves.is_empty() && rand::Rng::random_bool(&mut rng, 0.8) {
                **moves.choose(&mut rng).unwrap()
            } else {
                *legal.choose(&mut rng).unwrap()
            };
            record.play(&mut game, action).unwrap();
        }
    }
    panic!("no seed reached the wanted position");
}

fn to_move_colour(game: &JunQi) -> Option<Colour> {
    match game.turn() {
        Turn::Seat(seat) => game.colour_of(seat),
        _ => None,
    }
}

fn revealed(game: &JunQi, square: Square) -> Option<(Colour, Kind)> {
    match game.post(square) {
        Post::Revealed { colour, piece } => Some((colour, piece)),
        _ => None,
    }
}

#[test]
fn j7_tap_on_face_down_piece_reveals_it() {
    let mut game = JunQiController::from_setup(None, 7).unwrap();
    let target = Square::all().find(|s| game.view().post(*s) == Post::FaceDown).unwrap();
    assert_eq!(game.tap(target), TapResult::Revealed(target));
    assert!(matches!(game.view().post(target), Post::Revealed { .. }));
    assert_eq!(game.ply(), 1);
    assert_eq!(
        game.view().last_action().map(|l| l.action),
        Some(JunQiAction::Reveal(target))
    );
}

#[test]
fn j8_revealed_piece_cannot_be_selected_before_colours_are_decided() {
    let mut game = JunQiController::from_setup(None, 11).unwrap();
    let first = Square::all().find(|s| game.view().post(*s) == Post::FaceDown).unwrap();
    game.tap(first);
    let before = game.view();
    match game.tap(first) {
        TapResult::Refused { rule, reason, .. } => {
            assert_eq!(rule, "J8");
            assert_eq!(reason, "junqi-rule-J8");
        }
        other => panic!("expected a J8 refusal, got {other:?}"),
    }
    assert_eq!(game.view(), before, "a refused tap changes nothing");
    assert_eq!(game.selected(), None);
}

#[test]
fn j9_select_own_piece_then_green_destination_moves_it() {
    let (record, (from, to)) = find(|g| {
        let mine = to_move_colour(g)?;
        g.legal_moves().into_iter().find_map(|a| match a {
            JunQiAction::Move { from, to } if revealed(g, from).map(|p| p.0) == Some(mine) => Some((from, to)),
            _ => None,
        })
    });
    let mut game = hotseat_at(record);
    let plies = game.ply();
    assert_eq!(game.tap(from), TapResult::Selected(from));
    assert!(game.targets().contains(&to), "{to} is highlighted green");
    assert!(game.movable().contains(&from));
    assert_eq!(game.tap(to), TapResult::Moved { from, to });
    assert_eq!(game.ply(), plies + 1);
    assert_eq!(game.selected(), None);
    assert_eq!(
        game.view().last_action().map(|l| l.action),
        Some(JunQiAction::Move { from, to })
    );
}

#[test]
fn j12_with_a_piece_selected_a_face_down_tap_reveals_instead() {
    let (record, (from, hidden)) = find(|g| {
        let mine = to_move_colour(g)?;
        let hidden = Square::all().find(|s| g.post(*s) == Post::FaceDown)?;
        g.legal_moves().into_iter().find_map(|a| match a {
            JunQiAction::Move { from, .. } if revealed(g, from).map(|p| p.0) == Some(mine) => Some((from, hidden)),
            _ => None,
        })
    });
    let mut game = hotseat_at(record);
    assert_eq!(game.tap(from), TapResult::Selected(from));
    assert!(!game.targets().contains(&hidden), "face-down posts are never green");
    assert_eq!(game.tap(hidden), TapResult::Revealed(hidden));
    assert_eq!(game.selected(), None);
}

#[test]
fn tapping_selected_piece_again_drops_the_selection() {
    let (record, from) = find(|g| {
        let mine = to_move_colour(g)?;
        g.legal_moves().into_iter().find_map(|a| match a {
            JunQiAction::Move { from, .. } if revealed(g, from).map(|p| p.0) == Some(mine) => Some(from),
            _ => None,
        })
    });
    let mut game = hotseat_at(record);
    assert_eq!(game.tap(from), TapResult::Selected(from));
    assert_eq!(game.tap(from), TapResult::Deselected);
    assert!(game.targets().is_empty());
}

/// Two rail posts that no single straight railway line joins.
fn turns_a_corner(from: Square, to: Square) -> bool {
    !is_road(from, to)
        && !rail_lines()
            .iter()
            .any(|line| line.contains(&from) && line.contains(&to))
}

#[test]
fn j10_engineer_turns_a_railway_corner_in_one_move() {
    let (record, (from, to)) = find(|g| {
        let mine = to_move_colour(g)?;
        g.legal_moves().into_iter().find_map(|a| match a {
            JunQiAction::Move { from, to }
                if revealed(g, from) == Some((mine, Kind::Engineer)) && turns_a_corner(from, to) =>
            {
                Some((from, to))
            }
            _ => None,
        })
    });
    let mut game = hotseat_at(record);
    assert_eq!(game.tap(from), TapResult::Selected(from));
    assert!(game.targets().contains(&to), "the corner destination {to} is green");
    assert_eq!(game.tap(to), TapResult::Moved { from, to });
    assert_eq!(game.view().post(from), Post::Empty);
}

#[test]
fn j10_other_pieces_do_not_turn_railway_corners() {
    let (record, (from, to)) = find(|g| {
        let mine = to_move_colour(g)?;
        let legal = g.legal_moves();
        // An Engineer's corner move; any other own movable rail piece may not take the same turn.
        Square::all().find_map(|from| {
            let (c, kind) = revealed(g, from)?;
            if c != mine || kind == Kind::Engineer || !from.is_rail() {
                return None;
            }
            if !legal
                .iter()
                .any(|a| matches!(a, JunQiAction::Move { from: f, .. } if *f == from))
            {
                return None;
            }
            Square::all()
                .find(|&to| to.is_rail() && g.post(to) == Post::Empty && turns_a_corner(from, to))
                .map(|to| (from, to))
        })
    });
    let mut game = hotseat_at(record);
    let before = game.view();
    assert_eq!(game.tap(from), TapResult::Selected(from));
    assert!(!game.targets().contains(&to));
    match game.tap(to) {
        TapResult::Refused { rule, .. } => assert!(rule == "J9" || rule == "J10", "refused by {rule}"),
        other => panic!("a non-Engineer turned a corner: {other:?}"),
    }
    assert_eq!(game.view(), before);
}

#[test]
fn j13_lower_rank_attack_is_refused_with_the_reason_and_nothing_changes() {
    let (record, (from, to)) = find(|g| {
        let mine = to_move_colour(g)?;
        let legal = g.legal_moves();
        Square::all().find_map(|from| {
            let (c, kind) = revealed(g, from)?;
            let rank = kind.rank()?;
            if c != mine
                || !legal
                    .iter()
                    .any(|a| matches!(a, JunQiAction::Move { from: f, .. } if *f == from))
            {
                return None;
            }
            Square::all()
                .filter(|to| is_road(from, *to) && !to.is_camp())
                .find(|to| revealed(g, *to).is_some_and(|(tc, tk)| tc != mine && tk.rank().is_some_and(|r| r > rank)))
                .map(|to| (from, to))
        })
    });
    let mut game = hotseat_at(record);
    let before = game.view();
    let plies = game.ply();
    assert_eq!(game.tap(from), TapResult::Selected(from));
    assert!(!game.targets().contains(&to), "a forbidden attack is not green");
    match game.tap(to) {
        TapResult::Refused { rule, reason, message } => {
            assert_eq!(rule, "J13");
            assert_eq!(reason, "junqi-rule-J13");
            assert!(message.contains("higher"), "{message}");
        }
        other => panic!("expected a J13 refusal, got {other:?}"),
    }
    assert_eq!(game.view(), before, "state unchanged");
    assert_eq!(game.ply(), plies);
}

#[test]
fn tapping_an_opponent_piece_first_explains_and_selects_nothing() {
    let (record, enemy) = find(|g| {
        let mine = to_move_colour(g)?;
        Square::all().find(|s| revealed(g, *s).is_some_and(|(c, _)| c != mine))
    });
    let mut game = hotseat_at(record);
    let before = game.view();
    assert_eq!(game.tap(enemy), TapResult::Ignored("junqi-toast-not-yours"));
    assert_eq!(game.selected(), None);
    assert_eq!(game.view(), before);
}

#[test]
fn tapping_an_empty_post_with_nothing_selected_explains() {
    let mut game = JunQiController::from_setup(None, 3).unwrap();
    // Camps start empty (J6).
    assert_eq!(game.tap(sq("c4")), TapResult::Ignored("junqi-toast-empty"));
}

#[test]
fn j11_a_mine_or_flag_cannot_be_selected() {
    let (record, post) = find(|g| {
        let mine = to_move_colour(g)?;
        Square::all().find(|s| revealed(g, *s).is_some_and(|(c, k)| c == mine && matches!(k, Kind::Mine | Kind::Flag)))
    });
    let mut game = hotseat_at(record);
    match game.tap(post) {
        TapResult::Refused { rule, .. } => assert_eq!(rule, "J11"),
        other => panic!("expected J11, got {other:?}"),
    }
    assert_eq!(game.selected(), None);
}

/// Plays one legal action for the bot from its own view.
fn bot_replies(game: &mut JunQiController) {
    let (view, _, _, ply) = game.bot_job().expect("the bot is to move");
    let action = view.legal_actions()[0];
    game.apply_bot_move(ply, action).unwrap();
}

#[test]
fn undo_against_the_bot_takes_back_the_reply_too() {
    let mut game = JunQiController::from_setup(Some(Level::Beginner), 5).unwrap();
    if game.bot_to_move().is_some() {
        bot_replies(&mut game);
    }
    assert!(game.is_human_turn());
    let before = game.view();
    let plies = game.ply();
    let target = Square::all().find(|s| game.view().post(*s) == Post::FaceDown).unwrap();
    assert_eq!(game.tap(target), TapResult::Revealed(target));
    bot_replies(&mut game);
    assert_eq!(game.ply(), plies + 2);
    assert!(game.can_undo());
    assert!(game.undo());
    assert_eq!(game.ply(), plies);
    assert_eq!(game.view(), before, "replaying the record restores the position");
    assert_eq!(game.view().post(target), Post::FaceDown);
}

#[test]
fn taps_while_the_bot_is_to_move_are_ignored() {
    let game = (0..50u64)
        .map(|seed| JunQiController::from_setup(Some(Level::Beginner), seed).unwrap())
        .find(|g| g.bot_to_move().is_some())
        .expect("J6: the bot moves first in some games");
    let mut game = game;
    let target = Square::all().find(|s| game.view().post(*s) == Post::FaceDown).unwrap();
    assert_eq!(game.tap(target), TapResult::Ignored("junqi-toast-wait-bot"));
    assert_eq!(game.ply(), 0);
}

#[test]
fn j6_who_moves_first_varies_with_the_seed() {
    let firsts: Vec<Seat> = (0..40u64)
        .map(|seed| {
            JunQiController::from_setup(Some(Level::Beginner), seed)
                .unwrap()
                .first_mover()
        })
        .collect();
    assert!(firsts.contains(&Seat::First) && firsts.contains(&Seat::Second));
}

#[test]
fn stale_bot_moves_are_dropped() {
    let mut game = (0..50u64)
        .map(|seed| JunQiController::from_setup(Some(Level::Beginner), seed).unwrap())
        .find(|g| g.bot_to_move().is_some())
        .unwrap();
    let (view, _, _, _) = game.bot_job().unwrap();
    let action = view.legal_actions()[0];
    assert!(game.apply_bot_move(5, action).is_err());
    assert_eq!(game.ply(), 0);
}

#[test]
fn resign_against_the_bot_ends_with_the_bot_winning() {
    let mut game = JunQiController::from_setup(Some(Level::Normal), 9).unwrap();
    assert!(game.resign());
    assert!(game.is_over());
    assert_eq!(game.winner_kind(), Some("bot"));
    assert_eq!(
        game.result_keys(),
        Some(("junqi-result-bot-wins", "junqi-reason-you-resigned"))
    );
    let next = game.rematch().unwrap();
    assert!(!next.is_over());
    assert_ne!(next.record().seed, game.record().seed);
}

#[test]
fn save_round_trip_resumes_the_same_view() {
    let (record, _) = find(|g| (g.plies() > 60).then_some(()));
    let game = hotseat_at(record);
    let text = game.to_save_text();
    let back = JunQiController::from_save_text(&text).unwrap();
    assert_eq!(back.view(), game.view());
    assert!(JunQiController::from_save_text("{\"version\":1}").is_err());
    let mut tampered: serde_json::Value = serde_json::from_str(&text).unwrap();
    tampered["record"]["moves"][0] = serde_json::Value::String("a1-a2".into());
    assert!(JunQiController::from_save_text(&tampered.to_string()).is_err());
}

#[test]
fn j21_the_screen_view_never_holds_a_hidden_identity() {
    let game = JunQiController::from_setup(Some(Level::Beginner), 21).unwrap();
    let json = serde_json::to_string(&game.view()).unwrap();
    // 50 face-down posts serialize as bare markers, never with a kind.
    assert_eq!(game.view().board().iter().filter(|p| **p == Post::FaceDown).count(), 50);
    for kind in Kind::ALL {
        assert!(
            !json.contains(&format!("\"{kind:?}\"")),
            "{kind:?} leaked into the view"
        );
    }
}

#[test]
fn bot_thinker_answers_with_a_legal_action_from_its_view_only() {
    use papan::controllers::junqi::bot_thinker;
    use std::sync::atomic::AtomicBool;
    let mut game = (0..50u64)
        .map(|seed| JunQiController::from_setup(Some(Level::Beginner), seed).unwrap())
        .find(|g| g.bot_to_move().is_some())
        .unwrap();
    let (view, level, seed, ply) = game.bot_job().unwrap();
    let mut thinker = bot_thinker(&view, level, seed);
    let decision = papan_bots::run_to_end(&mut thinker, &AtomicBool::new(false), || false);
    let action = decision.best.expect("the bot has a move");
    assert!(view.legal_actions().contains(&action));
    game.apply_bot_move(ply, action).unwrap();
    assert_eq!(game.ply(), 1);
    assert!(game.is_human_turn());
}

#[test]
fn remote_seat_waits_for_the_opponent_and_offers_no_undo() {
    for seed in 0..6 {
        let mut game = JunQiController::new([Player::Human, Player::Remote], Seat::First, seed).unwrap();
        assert_eq!(game.bot_to_move(), None);
        assert_eq!(game.bot_level(), None);
        assert!(!game.can_undo());
        if game.seat_to_move() == Some(Seat::Second) {
            assert_eq!(game.tap(sq("a1")), TapResult::Ignored("toast-wait-opponent"));
            return;
        }
    }
    panic!("the second seat never moved first in six seeds");
}
