//! Confirm moves and the tutor, UI-free: with confirm moves on, a tap that
//! makes a move holds it (the record unchanged) until Confirm plays it;
//! Cancel, or a tap on the board, drops it and leaves everything as it
//! was; the same through an online room's table. The tutor's decision as
//! a pure function: the loss against its threshold, never online, never in
//! a lesson, never between two people.

use papan::bot::Verdict;
use papan::games::backgammon::tap::BgCommand;
use papan::games::hadang::tap::HadangInput;
use papan::games::hex::tap::HexTap;
use papan::i18n::{tr, Lang};
use papan::play::player::from_setup;
use papan::play::steady::{self, Loss, Place, CHANCE_THRESHOLD, EQUITY_THRESHOLD};
use papan::play::{online, Answer, LocalGame, Match, Playable, TapState, Tapped};
use papan_api::{RoomOptions, RoomStatus, Snapshot};
use papan_bots::{Decision, Judged};
use papan_rules::backgammon::{Backgammon, BackgammonOptions};
use papan_rules::clock::Tempo;
use papan_rules::hadang::{Hadang, HadangMove, HadangOptions, Square};
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
use papan_rules::junqi::{JunQi, JunQiOptions, Post};
use papan_rules::{Game, Record, Seat, Turn};

fn hotseat<G: Playable>(options: G::Options, seed: u64) -> LocalGame<G> {
    LocalGame::confirming(Match::new(options, from_setup(None, true), Seat::First, Tempo::Unlimited, seed, 0).unwrap())
}

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The held move's checks, the same for every game: the tap held `mv`
/// and changed nothing else; Cancel drops it; a second hold and Confirm
/// plays it.
fn hold_cancel_confirm<G: Playable>(game: &mut LocalGame<G>, make: impl Fn(&mut LocalGame<G>) -> Answer)
where
    Match<G>: PartialEq + std::fmt::Debug,
{
    let before = game.clone();
    assert_eq!(make(game), Answer::Changed, "the move is held, not played");
    assert!(game.held.is_some(), "a move is held");
    assert_eq!(game.game, before.game, "the record is unchanged until Confirm");
    assert_eq!(game.game.ply(), before.game.ply());
    assert!(game.cancel(), "Cancel drops the held move");
    assert_eq!(game.game, before.game, "nothing was played");
    assert!(game.held.is_none());
    assert_eq!(
        game.confirm(0),
        Answer::Ignored("confirm-nothing-held"),
        "nothing left to confirm"
    );
    assert_eq!(game.game, before.game);

    assert_eq!(make(game), Answer::Changed);
    let held = game.held.clone().expect("held again");
    assert_eq!(game.confirm(0), Answer::Played, "Confirm plays it");
    assert_eq!(
        game.game.record().moves.last(),
        Some(&held),
        "the held move is the one played"
    );
    assert!(game.held.is_none());
    assert_ne!(game.game, before.game);
}

#[test]
fn hex_confirm_moves_holds_a_tap_until_confirm() {
    let mut game = hotseat::<Hex>(HexOptions { size: 7, swap: false }, 7);
    hold_cancel_confirm(&mut game, |g| g.tap(c("d4"), 0));
    assert_eq!(game.game.record().moves, vec![HexMove::Place(c("d4"))]);
}

#[test]
fn hex_a_tap_on_the_board_while_a_move_is_held_drops_it_and_does_nothing_else() {
    let mut game = hotseat::<Hex>(HexOptions { size: 7, swap: false }, 7);
    let before = game.clone();
    assert_eq!(game.tap(c("d4"), 0), Answer::Changed);
    assert_eq!(
        game.tap(c("a1"), 0),
        Answer::Changed,
        "the other tap only drops the held move"
    );
    assert_eq!(game, before, "everything as it was");
    // Undo drops a held move first, and takes back nothing of the game.
    assert_eq!(game.tap(c("d4"), 0), Answer::Changed);
    assert!(game.undo());
    assert_eq!(game, before);
}

#[test]
fn hex_without_confirm_moves_a_tap_still_plays() {
    let mut game = hotseat::<Hex>(HexOptions { size: 7, swap: false }, 7);
    game.confirm_moves = false;
    assert_eq!(game.tap(c("d4"), 0), Answer::Played);
    assert!(game.held.is_none());
}

#[test]
fn hadang_confirm_moves_holds_a_step() {
    let mut game = hotseat::<Hadang>(HadangOptions::default(), 7);
    hold_cancel_confirm(&mut game, |g| g.tap(HadangInput::Cell(sq("d1")), 0));
    assert_eq!(game.game.record().moves, vec![HadangMove::Step(sq("d1"))]);
    assert_eq!(game.game.position().pawn(Seat::First), sq("d1"));
}

#[test]
fn junqi_confirm_moves_holds_a_flip() {
    let mut game = hotseat::<JunQi>(JunQiOptions::default(), 7);
    let view = game.table().view;
    let target = papan_rules::junqi::Square::all()
        .find(|s| view.post(*s) == Post::FaceDown)
        .unwrap();
    hold_cancel_confirm(&mut game, |g| g.tap(target, 0));
    assert!(matches!(game.table().view.post(target), Post::Revealed { .. }));
}

#[test]
fn backgammon_confirm_moves_holds_the_whole_turn_at_done() {
    let mut game = hotseat::<Backgammon>(BackgammonOptions::default(), 11);
    // The opening roll decides who starts (B4): roll until the person moves.
    let mut guard = 0;
    while !game.table().moving() {
        if game.table().may_roll() {
            assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled, "a roll is never held");
        }
        guard += 1;
        assert!(guard < 4, "the opening roll gives a turn");
    }
    // Build the turn checker by checker: the steps are the tap state's.
    let mut steps = 0;
    loop {
        let table = game.table();
        let turn = game.tap.turn(&table).expect("the viewer is to move");
        if turn.must_pass() || turn.is_complete() {
            break;
        }
        let from = game.tap.movable(&table)[0];
        assert_eq!(game.tap(from, 0), Answer::Changed);
        let to = *game.tap.targets(&game.table()).last().unwrap();
        assert_eq!(game.tap(to, 0), Answer::Changed);
        steps += 1;
        assert!(steps <= 4);
    }
    let built = game.clone();
    let ply = game.game.ply();
    assert_eq!(game.command(BgCommand::Done, 0), Answer::Changed, "Done holds the turn");
    assert_eq!(game.game.ply(), ply, "nothing played yet");
    assert!(game.cancel());
    assert_eq!(game, built, "Cancel goes back to the built turn, steps kept");
    assert_eq!(game.command(BgCommand::Done, 0), Answer::Changed);
    assert_eq!(game.confirm(0), Answer::Played);
    assert_eq!(game.game.ply(), ply + 1);
}

// ------------------------------------------------------------ online

/// The room as `seat` sees a Hex game after `moves` (7×7, no swap).
fn hex_snapshot(seat: Seat, moves: &[String]) -> Snapshot {
    let options = RoomOptions::hex(7, false, None);
    let rules = options.hex_options().unwrap();
    let mut game = Record::<Hex>::new(rules, 0).start().unwrap();
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        game.play(&mv).unwrap();
    }
    let turn = game.turn();
    Snapshot {
        room_id: "r1".to_string(),
        code: "K7M2QX".to_string(),
        version: 3,
        options,
        status: RoomStatus::Playing,
        game_index: 0,
        slot: 0,
        seat,
        view: Some(serde_json::to_value(game.view(seat)).unwrap()),
        to_move: match turn {
            Turn::Seat(s) => Some(s),
            _ => None,
        },
        roll_due: false,
        legal_moves: if turn == Turn::Seat(seat) {
            game.legal_moves().iter().map(|m| game.format_move(m)).collect()
        } else {
            Vec::new()
        },
        moves: moves.to_vec(),
        outcome: None,
        clock: None,
        bot_seats: Vec::new(),
        commitment: None,
        reveal: None,
        rematch_requested: [false, false],
        present: [true, true],
    }
}

#[test]
fn online_confirm_moves_holds_the_move_and_sends_nothing_until_confirm() {
    let snapshot = hex_snapshot(Seat::First, &[]);
    let table = online::table::<Hex>(&snapshot).unwrap();
    assert!(table.can_act);
    let before = table.clone();
    let mut tap = HexTap::default();
    // Confirm moves on: the tap's move is held, nothing to send.
    let (tapped, held) = steady::hold(true, tap.tap(&table, c("d4")));
    assert_eq!(tapped, Tapped::Changed, "nothing is sent");
    assert_eq!(held, Some(HexMove::Place(c("d4"))));
    assert_eq!(table, before, "the room's table is unchanged");
    assert_eq!(tap, HexTap::default(), "the tap state holds no preview of its own");
    // Confirmed, the held move is what goes to the server, as notation.
    assert_eq!(table.notation(&held.unwrap()), "d4");
    // Off, the same tap sends at once.
    let (tapped, held) = steady::hold(false, tap.tap(&table, c("d4")));
    assert_eq!(tapped, Tapped::Play(HexMove::Place(c("d4"))));
    assert_eq!(held, None);
    // A refusal is never held.
    let taken = online::table::<Hex>(&hex_snapshot(Seat::First, &["d4".into(), "c3".into()])).unwrap();
    let (tapped, held) = steady::hold(true, tap.tap(&taken, c("d4")));
    assert!(matches!(tapped, Tapped::Refused(_)));
    assert_eq!(held, None);
}

// ------------------------------------------------------------ the tutor

fn searched(best: HexMove, win: f64) -> Verdict<HexMove> {
    Verdict::Searched(Decision {
        best: Some(best),
        win_probability: win,
        iterations: 100,
    })
}

#[test]
fn tutor_warns_only_at_or_above_the_chance_threshold() {
    let before = searched(HexMove::Place(c("d4")), 0.80);
    let corner = HexMove::Place(c("a1"));
    // 0.80 → 0.20: 60 points lost.
    let loss = steady::loss(&before, &corner, Some(0.20)).unwrap();
    assert!(matches!(loss, Loss::Chance(l) if (l - 0.60).abs() < 1e-9));
    assert!(steady::warns(loss));
    assert!(steady::should_ask(true, Place::VsBot, &before, &corner, Some(0.20)));
    // Just under the threshold: no question.
    let close = 0.80 - CHANCE_THRESHOLD + 0.01;
    assert!(!steady::should_ask(true, Place::VsBot, &before, &corner, Some(close)));
    // The threshold itself asks.
    assert!(steady::warns(Loss::Chance(CHANCE_THRESHOLD)));
    // The best move loses nothing, whatever comes after.
    assert_eq!(
        steady::loss(&before, &HexMove::Place(c("d4")), None),
        Some(Loss::Chance(0.0))
    );
    assert!(!steady::needs_after(&before, &HexMove::Place(c("d4"))));
    assert!(steady::needs_after(&before, &corner));
    // Better than the search thought: no negative loss, no question.
    assert_eq!(steady::loss(&before, &corner, Some(0.9)), Some(Loss::Chance(0.0)));
    // Unknown after: no claim, no question.
    assert_eq!(steady::loss(&before, &corner, None), None);
    assert!(!steady::should_ask(true, Place::VsBot, &before, &corner, None));
}

#[test]
fn tutor_judges_backgammon_by_equity_lost_against_the_best_play() {
    let plays = [
        HexMove::Place(c("a1")),
        HexMove::Place(c("b2")),
        HexMove::Place(c("c3")),
    ];
    let judged = Verdict::Judged(vec![
        Judged {
            mv: plays[0],
            win: 0.6,
            equity: 0.30,
        },
        Judged {
            mv: plays[1],
            win: 0.58,
            equity: 0.25,
        },
        Judged {
            mv: plays[2],
            win: 0.5,
            equity: 0.10,
        },
    ]);
    assert!(!steady::needs_after(&judged, &plays[2]), "the judge valued every play");
    assert_eq!(steady::loss(&judged, &plays[0], None), Some(Loss::Equity(0.0)));
    let small = steady::loss(&judged, &plays[1], None).unwrap();
    assert!(!steady::warns(small), "0.05 is under {EQUITY_THRESHOLD}");
    let big = steady::loss(&judged, &plays[2], None).unwrap();
    assert!(steady::warns(big), "0.20 is a clear error");
    assert!(steady::should_ask(true, Place::VsBot, &judged, &plays[2], None));
    // A play the judge does not list: no claim.
    assert_eq!(steady::loss(&judged, &HexMove::Place(c("g7")), None), None);
}

#[test]
fn tutor_never_asks_online_in_a_lesson_between_two_people_or_when_off() {
    let before = searched(HexMove::Place(c("d4")), 0.95);
    let corner = HexMove::Place(c("a1"));
    assert!(steady::should_ask(true, Place::VsBot, &before, &corner, Some(0.1)));
    for place in [Place::Online, Place::Lesson, Place::Hotseat] {
        assert!(!steady::tutor_applies(true, place), "{place:?}");
        assert!(
            !steady::should_ask(true, place, &before, &corner, Some(0.1)),
            "{place:?}"
        );
    }
    assert!(
        !steady::should_ask(false, Place::VsBot, &before, &corner, Some(0.1)),
        "the setting is off"
    );
}

#[test]
fn confirm_and_tutor_texts_exist_in_every_language() {
    for lang in [Lang::En, Lang::Id, Lang::Fil] {
        for key in [
            "action-confirm",
            "tutor-title",
            "tutor-take-back",
            "settings-confirm-moves",
            "settings-tutor",
        ] {
            let text = tr(lang, key);
            assert!(!text.is_empty() && text != key, "{lang:?} {key}");
        }
    }
    assert_ne!(tr(Lang::Id, "tutor-title"), tr(Lang::En, "tutor-title"));
    assert_ne!(tr(Lang::Fil, "tutor-title"), tr(Lang::En, "tutor-title"));
}
