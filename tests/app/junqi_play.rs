//! Jun Qi flip as a person plays it on this device, UI-free: tap sequences
//! through `LocalGame`, bot moves through `Match`.
//!
//! Positions come from real games: a seeded record is played forward with
//! seeded random legal actions until the situation a test needs shows up,
//! then a match between two people resumes that record (as from a save)
//! and the test taps. Searching uses the full game; the taps only ever see
//! the seat's view.

use papan::games::junqi::tap::{JunQiCommand, JunQiTap};
use papan::i18n::{rule_key, tr, Lang};
use papan::play::matches::BotJob;
use papan::play::player::from_setup;
use papan::play::save::{SaveError, SavedMatch, SAVE_VERSION};
use papan::play::{Answer, LocalGame, Match, Player, TapState};
use papan::shell::offline::{result_info, seating};
use papan::shell::slot;
use papan::storage::Store;
use papan_bots::{Bot, Level};
use papan_rules::clock::Tempo;
use papan_rules::junqi::board::{is_road, rail_lines};
use papan_rules::junqi::{Colour, JunQi, JunQiAction, JunQiOptions, JunQiView, Kind, Post, Square};
use papan_rules::{rule, EndReason, Game, GameId, Record, RuleError, Seat, Turn};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn new_match(opponent: Option<Level>, seed: u64) -> Match<JunQi> {
    Match::new(
        JunQiOptions::default(),
        from_setup(opponent, true),
        Seat::First,
        Tempo::Unlimited,
        seed,
        0,
    )
    .unwrap()
}

fn hotseat(seed: u64) -> LocalGame<JunQi> {
    LocalGame::new(new_match(None, seed))
}

fn vs_bot(seed: u64) -> LocalGame<JunQi> {
    LocalGame::new(new_match(Some(Level::Beginner), seed))
}

/// A match between two people on this device, resumed at `record`.
fn hotseat_at(record: Record<JunQi>) -> LocalGame<JunQi> {
    let save = SavedMatch {
        version: SAVE_VERSION,
        game: Some(GameId::Junqi),
        record,
        players: [Player::Human, Player::Human],
        local: Seat::First,
        game_index: 0,
        alternate: None,
        verdict: None,
        clock: None,
        resigned: None,
        hints: 0,
    };
    LocalGame::new(Match::from_save(save, 0).expect("a replayable record"))
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

/// An own piece of the side to move with a legal move, and that move's target.
fn own_move(g: &JunQi) -> Option<(Square, Square)> {
    let mine = to_move_colour(g)?;
    g.legal_moves().into_iter().find_map(|a| match a {
        JunQiAction::Move { from, to } if revealed(g, from).map(|p| p.0) == Some(mine) => Some((from, to)),
        _ => None,
    })
}

fn view(game: &LocalGame<JunQi>) -> JunQiView {
    game.table().view
}

fn face_down(game: &LocalGame<JunQi>) -> Square {
    let view = view(game);
    Square::all().find(|s| view.post(*s) == Post::FaceDown).unwrap()
}

fn refusal(answer: Answer) -> RuleError {
    match answer {
        Answer::Refused(refusal) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn targets(game: &LocalGame<JunQi>) -> Vec<Square> {
    game.tap.targets(&game.table())
}

#[test]
fn j7_tap_on_face_down_piece_reveals_it() {
    let mut game = hotseat(7);
    let target = face_down(&game);
    assert_eq!(game.tap(target, 0), Answer::Played);
    assert!(matches!(view(&game).post(target), Post::Revealed { .. }));
    assert_eq!(game.game.ply(), 1);
    assert_eq!(
        view(&game).last_action().map(|l| l.action),
        Some(JunQiAction::Reveal(target))
    );
}

#[test]
fn j8_revealed_piece_cannot_be_selected_before_colours_are_decided() {
    let mut game = hotseat(11);
    let first = face_down(&game);
    game.tap(first, 0);
    assert_eq!(
        game.tap.prompt(&game.table()).map(|p| p.key),
        Some("junqi-status-reveal")
    );
    let before = game.clone();
    let refused = refusal(game.tap(first, 0));
    assert_eq!(refused.rule, rule::J8);
    assert_eq!(rule_key(refused.rule), "rule-j8");
    assert!(tr(Lang::En, "rule-j8").contains("only reveals"));
    assert_eq!(game, before, "a refused tap changes nothing");
    assert_eq!(game.tap.selected(), None);
}

#[test]
fn j9_select_own_piece_then_green_destination_moves_it() {
    let (record, (from, to)) = find(own_move);
    let mut game = hotseat_at(record);
    let plies = game.game.ply();
    assert_eq!(game.tap(from, 0), Answer::Changed);
    assert_eq!(game.tap.selected(), Some(from));
    assert!(targets(&game).contains(&to), "{to} is highlighted green");
    assert!(game.tap.movable(&game.table()).contains(&from));
    assert_eq!(game.tap(to, 0), Answer::Played);
    assert_eq!(game.game.ply(), plies + 1);
    assert_eq!(game.tap.selected(), None);
    assert_eq!(
        view(&game).last_action().map(|l| l.action),
        Some(JunQiAction::Move { from, to })
    );
}

#[test]
fn j9_a_piece_without_a_move_cannot_be_picked() {
    let (record, stuck) = find(|g| {
        let mine = to_move_colour(g)?;
        let legal = g.legal_moves();
        Square::all().find(|&s| {
            revealed(g, s).is_some_and(|(c, k)| c == mine && k.is_movable())
                && !legal
                    .iter()
                    .any(|a| matches!(a, JunQiAction::Move { from, .. } if *from == s))
        })
    });
    let mut game = hotseat_at(record);
    let before = game.clone();
    assert_eq!(refusal(game.tap(stuck, 0)).rule, rule::J9);
    assert_eq!(game, before);
    assert!(!game.tap.movable(&game.table()).contains(&stuck));
}

#[test]
fn j12_with_a_piece_selected_a_face_down_tap_reveals_instead() {
    let (record, (from, hidden)) = find(|g| {
        let hidden = Square::all().find(|s| g.post(*s) == Post::FaceDown)?;
        own_move(g).map(|(from, _)| (from, hidden))
    });
    let mut game = hotseat_at(record);
    assert_eq!(game.tap(from, 0), Answer::Changed);
    assert!(!targets(&game).contains(&hidden), "face-down posts are never green");
    assert_eq!(game.tap(hidden, 0), Answer::Played);
    assert_eq!(game.tap.selected(), None);
    assert_eq!(
        view(&game).last_action().map(|l| l.action),
        Some(JunQiAction::Reveal(hidden))
    );
}

#[test]
fn tapping_selected_piece_again_drops_the_selection() {
    let (record, (from, _)) = find(own_move);
    let mut game = hotseat_at(record);
    assert_eq!(game.tap(from, 0), Answer::Changed);
    assert_eq!(game.tap(from, 0), Answer::Changed);
    assert_eq!(game.tap.selected(), None);
    assert!(targets(&game).is_empty());
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
    assert_eq!(game.tap(from, 0), Answer::Changed);
    assert!(targets(&game).contains(&to), "the corner destination {to} is green");
    assert_eq!(game.tap(to, 0), Answer::Played);
    assert_eq!(view(&game).post(from), Post::Empty);
}

#[test]
fn j10_other_pieces_do_not_turn_railway_corners() {
    let (record, (from, to)) = find(|g| {
        let mine = to_move_colour(g)?;
        let legal = g.legal_moves();
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
    let before = view(&game);
    assert_eq!(game.tap(from, 0), Answer::Changed);
    assert!(!targets(&game).contains(&to));
    let refused = refusal(game.tap(to, 0));
    assert!(
        refused.rule == rule::J9 || refused.rule == rule::J10,
        "refused by {}",
        refused.rule
    );
    assert_eq!(view(&game), before);
    assert_eq!(game.tap.selected(), None, "a refusal drops the pick");
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
    let before = view(&game);
    let plies = game.game.ply();
    assert_eq!(game.tap(from, 0), Answer::Changed);
    assert!(!targets(&game).contains(&to), "a forbidden attack is not green");
    let refused = refusal(game.tap(to, 0));
    assert_eq!(refused.rule, rule::J13);
    assert_eq!(rule_key(refused.rule), "rule-j13");
    assert!(refused.message.contains("higher"), "{}", refused.message);
    assert_eq!(view(&game), before, "state unchanged");
    assert_eq!(game.game.ply(), plies);
}

#[test]
fn j7_tapping_an_opponent_piece_first_is_refused_and_selects_nothing() {
    // Changed on purpose: the rules refuse it (J7, not your piece) instead
    // of the old "junqi-toast-not-yours".
    let (record, enemy) = find(|g| {
        let mine = to_move_colour(g)?;
        Square::all().find(|s| revealed(g, *s).is_some_and(|(c, _)| c != mine))
    });
    let mut game = hotseat_at(record);
    let before = game.clone();
    assert_eq!(refusal(game.tap(enemy, 0)).rule, rule::J7);
    assert_eq!(game.tap.selected(), None);
    assert_eq!(game, before);
}

#[test]
fn tapping_an_empty_post_with_nothing_selected_explains() {
    let mut game = hotseat(3);
    // Camps start empty (J6).
    let before = game.clone();
    assert_eq!(game.tap(sq("c4"), 0), Answer::Ignored("junqi-toast-empty"));
    assert_eq!(game, before);
}

#[test]
fn j11_a_mine_or_flag_cannot_be_selected() {
    let (record, post) = find(|g| {
        let mine = to_move_colour(g)?;
        Square::all().find(|s| revealed(g, *s).is_some_and(|(c, k)| c == mine && matches!(k, Kind::Mine | Kind::Flag)))
    });
    let mut game = hotseat_at(record);
    assert_eq!(refusal(game.tap(post, 0)).rule, rule::J11);
    assert_eq!(game.tap.selected(), None);
}

/// Plays one legal action for the bot from its own view.
fn bot_replies(game: &mut LocalGame<JunQi>) {
    let Some(BotJob::Think { view, ply, .. }) = game.game.bot_job() else {
        panic!("the bot is to move");
    };
    let action = view.legal_actions()[0];
    game.game.apply_bot_move(ply, action, 0).unwrap();
}

#[test]
fn undo_against_the_bot_takes_back_the_reply_too() {
    let mut game = vs_bot(5);
    if game.game.bot_job().is_some() {
        bot_replies(&mut game);
    }
    assert!(game.game.is_human_turn());
    let before = view(&game);
    let plies = game.game.ply();
    let target = face_down(&game);
    assert_eq!(game.tap(target, 0), Answer::Played);
    bot_replies(&mut game);
    assert_eq!(game.game.ply(), plies + 2);
    assert!(game.can_undo());
    assert!(game.undo());
    assert_eq!(game.game.ply(), plies);
    assert_eq!(view(&game), before, "replaying the record restores the position");
    assert_eq!(view(&game).post(target), Post::FaceDown);
}

/// A game against the bot where the bot was drawn to move first (J6).
fn bot_first() -> LocalGame<JunQi> {
    (0..50u64)
        .map(vs_bot)
        .find(|g| g.game.bot_job().is_some())
        .expect("J6: the bot moves first in some games")
}

#[test]
fn taps_while_the_bot_is_to_move_are_ignored() {
    let mut game = bot_first();
    let target = face_down(&game);
    let before = game.clone();
    assert_eq!(game.tap(target, 0), Answer::Ignored("toast-wait-bot"));
    assert_eq!(game.game.ply(), 0);
    assert_eq!(game, before);
}

#[test]
fn j6_who_moves_first_varies_with_the_seed() {
    let firsts: Vec<Seat> = (0..40u64)
        .map(|seed| new_match(Some(Level::Beginner), seed).seat_to_move().unwrap())
        .collect();
    assert!(firsts.contains(&Seat::First) && firsts.contains(&Seat::Second));
}

#[test]
fn stale_bot_moves_are_dropped() {
    let mut game = bot_first();
    let Some(BotJob::Think { view, .. }) = game.game.bot_job() else {
        panic!("the bot is to move");
    };
    let action = view.legal_actions()[0];
    assert!(game.game.apply_bot_move(5, action, 0).is_err());
    assert_eq!(game.game.ply(), 0);
}

#[test]
fn resign_against_the_bot_ends_with_the_bot_winning() {
    let mut game = LocalGame::new(new_match(Some(Level::Normal), 9));
    assert!(game.game.resign(0));
    assert!(game.game.is_over());
    assert_eq!(game.game.outcome().unwrap().reason, EndReason::Resignation);
    let card = result_info(Lang::En, seating(&game.game), &game.table(), Vec::new()).unwrap();
    assert_eq!(card.winner, "bot");
    assert_eq!(card.headline, tr(Lang::En, "result-bot-wins"));
    assert_eq!(card.reason, tr(Lang::En, "reason-you-resigned"));
    assert_eq!(game.tap(sq("a1"), 0), Answer::Ignored("toast-game-over"));
    let next = game.game.rematch(0).unwrap();
    assert!(!next.is_over());
    assert_ne!(next.record().seed, game.game.record().seed);
    assert_eq!(next.local_seat(), Seat::First, "J6 draws the first mover: seats stay");
}

#[test]
fn save_round_trip_resumes_the_same_view() {
    let (record, _) = find(|g| (g.plies() > 60).then_some(()));
    let game = hotseat_at(record);
    let text = game.game.to_save_text(0);
    let back = Match::<JunQi>::from_save_text(&text, 0).unwrap();
    assert_eq!(back.table().view, view(&game));
    assert_eq!(back, game.game);
    assert!(Match::<JunQi>::from_save_text("{\"version\":1}", 0).is_err());
    let mut newer = game.game.to_save(0);
    newer.version = SAVE_VERSION + 1;
    assert_eq!(
        Match::from_save(newer, 0).unwrap_err(),
        SaveError::Version(SAVE_VERSION + 1)
    );
    let mut tampered: serde_json::Value = serde_json::from_str(&text).unwrap();
    tampered["record"]["moves"][0] = serde_json::Value::String("a1-a2".into());
    let err = Match::<JunQi>::from_save_text(&tampered.to_string(), 0).unwrap_err();
    assert!(err.contains("J8"), "a move before colours are decided: {err}");
}

#[test]
fn corrupt_save_in_the_slot_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::in_dir(dir.path());
    store.set("junqi-game", "junk").unwrap();
    let err = slot::load::<JunQi>(&store).unwrap_err();
    assert_eq!(err.key, "junqi-game");
    assert_eq!(store.get(&err.backup_key).as_deref(), Some("junk"));
    assert_eq!(slot::load::<JunQi>(&store).unwrap(), None);
}

#[test]
fn version_1_save_of_the_old_app_is_resumed() {
    // `JunQiSave` as the old app wrote it: version 1, no game index, no
    // clock, `resigned`.
    let text = r#"{"version":1,"record":{"options":{},"seed":2024,"moves":["flip a1","flip e12","flip a12"]},"players":[{"Bot":"Normal"},"Human"],"local":"Second","resigned":null}"#;
    let game = Match::<JunQi>::from_save_text(text, 0).expect("a version-1 save resumes");
    assert_eq!(game.ply(), 3);
    assert_eq!(game.players(), [Player::Bot(Level::Normal), Player::Human]);
    assert_eq!(game.local_seat(), Seat::Second);
    assert_eq!(game.game_index(), 0);
    let view = game.table().view;
    assert_eq!(view.seat(), Seat::Second, "the person's own view");
    for post in ["a1", "e12", "a12"] {
        assert!(matches!(view.post(sq(post)), Post::Revealed { .. }), "{post}");
    }
    assert_eq!(view.post(sq("b1")), Post::FaceDown);
    assert!(!game.is_over());

    // Through the storage slot, under the old key.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::in_dir(dir.path());
    store.set("junqi-game", text).unwrap();
    assert_eq!(slot::load::<JunQi>(&store).unwrap().unwrap(), game);

    // A version-1 save of a resigned game keeps the resignation.
    let resigned = text.replace(r#""resigned":null"#, r#""resigned":"Second""#);
    let over = Match::<JunQi>::from_save_text(&resigned, 0).unwrap();
    assert_eq!(over.outcome().unwrap().reason, EndReason::Resignation);
    assert_eq!(over.outcome().unwrap().winner, Some(Seat::First));
}

#[test]
fn j21_the_screen_view_never_holds_a_hidden_identity() {
    let game = vs_bot(21);
    let view = view(&game);
    assert_eq!(view.seat(), Seat::First);
    let json = serde_json::to_string(&view).unwrap();
    // 50 face-down posts serialize as bare markers, never with a kind.
    assert_eq!(view.board().iter().filter(|p| **p == Post::FaceDown).count(), 50);
    for kind in Kind::ALL {
        assert!(
            !json.contains(&format!("\"{kind:?}\"")),
            "{kind:?} leaked into the view"
        );
    }
}

#[test]
fn j21_piece_statistics_open_from_the_action_bar() {
    let mut game = hotseat(4);
    let buttons = game.tap.buttons(&game.table());
    assert!(buttons.iter().any(|b| b.testid == "junqi-stats-button"), "{buttons:?}");
    assert!(!game.tap.stats_open());
    assert_eq!(game.command(JunQiCommand::Stats, 0), Answer::Changed);
    assert!(game.tap.stats_open());
    assert_eq!(game.game.ply(), 0, "looking at the statistics is not a move");
    let target = face_down(&game);
    assert_eq!(game.tap(target, 0), Answer::Played);
    assert!(game.tap.stats_open(), "a move keeps the sheet open");
    assert_eq!(game.command(JunQiCommand::Stats, 0), Answer::Changed);
    assert!(!game.tap.stats_open());
    assert_eq!(JunQiTap::default().selected(), None);
}

#[test]
fn bot_thinker_answers_with_a_legal_action_from_its_view_only() {
    let mut game = bot_first();
    let Some(BotJob::Think {
        view, level, seed, ply, ..
    }) = game.game.bot_job()
    else {
        panic!("the bot is to move");
    };
    let mut thinker = JunQi::thinker(&view, level, seed);
    let decision = papan_bots::run_to_end(&mut thinker, &AtomicBool::new(false), || false);
    let action = decision.best.expect("the bot has a move");
    assert!(view.legal_actions().contains(&action));
    game.game.apply_bot_move(ply, action, 0).unwrap();
    assert_eq!(game.game.ply(), 1);
    assert!(game.game.is_human_turn());
}

#[test]
fn remote_seat_is_never_driven_from_here() {
    for seed in 0..6 {
        let mut game = LocalGame::new(
            Match::<JunQi>::new(
                JunQiOptions::default(),
                [Player::Human, Player::Remote],
                Seat::First,
                Tempo::Unlimited,
                seed,
                0,
            )
            .unwrap(),
        );
        assert!(game.game.bot_job().is_none());
        assert_eq!(game.game.bot_level(), None);
        assert!(!game.can_undo());
        assert!(!game.game.resign(0));
        if game.game.seat_to_move() == Some(Seat::Second) {
            assert!(matches!(game.tap(sq("a1"), 0), Answer::Ignored(_)));
            assert_eq!(game.game.ply(), 0);
            return;
        }
    }
    panic!("the second seat never moved first in six seeds");
}
