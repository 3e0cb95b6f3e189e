//! The controllers in an online game: built from the room server's
//! snapshot (the move list in notation, the outcome; for Jun Qi the seat's
//! view JSON and legal moves), they show exactly the position the rules
//! replay, refuse taps on the remote player's turn, and turn a local tap
//! into the notation the screen sends back.

use papan::controllers::backgammon::{BackgammonController, BackgammonSave, Spot, TapResult as BgTap};
use papan::controllers::hadang::{HadangController, TapResult as HadangTap};
use papan::controllers::hex::{HexController, Player, TapResult as HexTap};
use papan::controllers::junqi_online::{JunQiOnline, OnlineTap};
use papan_rules::backgammon::Backgammon;
use papan_rules::clock::{Adjudicated, Tempo};
use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::hex::{Cell, Hex, HexMove, HexOptions};
use papan_rules::junqi::{JunQi, JunQiAction, JunQiOptions, Post, Square};
use papan_rules::{EndReason, Game, Outcome, Record, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded random game: uniformly random legal moves, dice from the
/// rules' chance. Returns each position before its move and the notation.
fn random_game<G: Game>(mut game: G, seed: u64, max_plies: usize) -> (Vec<G>, Vec<String>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = vec![game.clone()];
    let mut texts = Vec::new();
    while texts.len() < max_plies {
        let mv = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut rng).expect("a chance move is due"),
            Turn::Seat(_) => {
                let moves = game.legal_moves();
                moves[rng.random_range(0..moves.len())].clone()
            }
        };
        texts.push(game.format_move(&mv));
        game.play(&mv).expect("a legal move");
        positions.push(game.clone());
    }
    (positions, texts)
}

/// Prefix lengths worth checking: the start, the first moves, the middle
/// and the end.
fn prefixes(len: usize) -> Vec<usize> {
    let mut out = vec![0, 1, 2, 3, len / 3, len / 2, len.saturating_sub(1), len];
    out.retain(|&k| k <= len);
    out.sort();
    out.dedup();
    out
}

fn texts(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn resigned(loser: Seat) -> Option<Outcome> {
    Some(Outcome::win(loser.other(), EndReason::Resignation))
}

fn timed_out(loser: Seat) -> Option<Outcome> {
    Some(Outcome::win(loser.other(), EndReason::Timeout))
}

// ---------------------------------------------------------------- Hex

const HEX7: HexOptions = HexOptions { size: 7, swap: true };

fn hex_game(seed: u64) -> (Vec<Hex>, Vec<String>) {
    let start = Record::<Hex>::new(HEX7, 0).start().unwrap();
    random_game(start, seed, 200)
}

fn empty_cell(position: &Hex) -> Cell {
    position
        .legal_moves()
        .into_iter()
        .find_map(|m| match m {
            HexMove::Place(cell) => Some(cell),
            HexMove::Swap => None,
        })
        .expect("an empty cell")
}

#[test]
fn hex_online_replays_every_prefix_for_both_seats() {
    for seed in [1, 2, 3] {
        let (positions, moves) = hex_game(seed);
        assert!(moves.len() >= 10, "a real game");
        for k in prefixes(moves.len()) {
            for local in Seat::BOTH {
                let ctl = HexController::online(HEX7, local, &moves[..k], None).unwrap();
                let replayed = &positions[k];
                assert_eq!(ctl.position(), replayed, "seed {seed} prefix {k}");
                assert_eq!(ctl.ply(), k);
                assert_eq!(ctl.seat_to_move(), replayed.seat_to_move());
                assert_eq!(ctl.is_human_turn(), replayed.seat_to_move() == Some(local));
                assert_eq!(ctl.players()[local.index()], Player::Human);
                assert_eq!(ctl.players()[local.other().index()], Player::Remote);
                assert!(ctl.is_online());
                assert_eq!(ctl.bot_to_move(), None);
                assert_eq!(ctl.bot_level(), None);
                assert!(!ctl.can_undo(), "no undo online");
                assert_eq!(ctl.is_over(), replayed.outcome().is_some());
                assert_eq!(ctl.last_move_text(), k.checked_sub(1).map(|i| moves[i].clone()));
            }
        }
    }
}

#[test]
fn hex_taps_on_the_remote_turn_wait_for_the_opponent() {
    let (positions, moves) = hex_game(4);
    for k in [0, 1, 5] {
        let remote = positions[k].seat_to_move().unwrap().other();
        let mut ctl = HexController::online(HEX7, remote, &moves[..k], None).unwrap();
        // The local seat is the one NOT to move.
        assert!(!ctl.is_human_turn());
        let before = ctl.clone();
        assert_eq!(
            ctl.tap(empty_cell(&positions[k])),
            HexTap::Ignored("toast-wait-opponent")
        );
        assert_eq!(ctl.swap(), Err("toast-swap-not-allowed"));
        assert!(!ctl.resign(), "online the server decides a resignation");
        assert_eq!(ctl, before);
    }
}

#[test]
fn hex_local_tap_yields_the_move_to_send() {
    let (positions, moves) = hex_game(5);
    for k in [0, 2, 7] {
        let local = positions[k].seat_to_move().unwrap();
        let mut ctl = HexController::online(HEX7, local, &moves[..k], None).unwrap();
        let cell = empty_cell(&positions[k]);
        assert_eq!(ctl.tap(cell), HexTap::Placed(cell), "7×7 places on one tap");
        let sent = ctl.last_move_text().unwrap();
        assert_eq!(sent, cell.to_string());
        assert!(!ctl.is_human_turn(), "now the opponent's turn");
        // The server plays the sent text; the next snapshot shows the same board.
        let mut next_moves = moves[..k].to_vec();
        next_moves.push(sent);
        let next = HexController::online(HEX7, local, &next_moves, None).unwrap();
        assert_eq!(next.position(), ctl.position());
    }
}

#[test]
fn x7_online_swap_sends_swap() {
    let mut ctl = HexController::online(HEX7, Seat::Second, &texts(&["d4"]), None).unwrap();
    assert!(ctl.swap_available());
    ctl.swap().unwrap();
    assert_eq!(ctl.last_move_text().as_deref(), Some("swap"));
    let echoed = HexController::online(HEX7, Seat::First, &texts(&["d4", "swap"]), None).unwrap();
    assert_eq!(echoed.position(), ctl.position());
    assert!(echoed.is_human_turn(), "after the swap the first seat moves (Blue)");
}

#[test]
fn x5_hex_corrupt_move_list_is_refused_naming_the_move() {
    let error = HexController::online(HEX7, Seat::First, &texts(&["d4", "c3", "c3"]), None).unwrap_err();
    assert!(error.starts_with("move 2 `c3`: X5 "), "{error}");
    let error = HexController::online(HEX7, Seat::First, &texts(&["d4", "zz"]), None).unwrap_err();
    assert!(error.starts_with("move 1 `zz`: "), "{error}");
    let no_swap = HexOptions { size: 7, swap: false };
    let error = HexController::online(no_swap, Seat::First, &texts(&["d4", "swap"]), None).unwrap_err();
    assert!(error.starts_with("move 1 `swap`: X7 "), "{error}");
}

#[test]
fn hex_resignation_and_timeout_are_reported_and_block_taps() {
    let moves = texts(&["d4", "c5"]);
    let mut ctl = HexController::online(HEX7, Seat::First, &moves, resigned(Seat::First)).unwrap();
    assert!(ctl.is_over());
    assert_eq!(ctl.outcome(), resigned(Seat::First));
    assert_eq!(ctl.seat_to_move(), None);
    assert_eq!(ctl.winner_kind(), Some("remote"));
    assert_eq!(
        ctl.result_keys(),
        Some(("online-you-lose", "online-reason-you-resigned"))
    );
    assert_eq!(ctl.tap(Cell::new(0, 0)), HexTap::Ignored("toast-game-over"));
    assert_eq!(ctl.ply(), 2);

    let ctl = HexController::online(HEX7, Seat::First, &moves, resigned(Seat::Second)).unwrap();
    assert_eq!(
        ctl.result_keys(),
        Some(("result-you-win", "online-reason-they-resigned"))
    );

    let mut ctl = HexController::online(HEX7, Seat::First, &moves, timed_out(Seat::Second)).unwrap();
    assert_eq!(ctl.winner_kind(), Some("human"));
    assert_eq!(ctl.result_keys(), Some(("result-you-win", "online-reason-their-time")));
    assert_eq!(ctl.tap(Cell::new(0, 0)), HexTap::Ignored("toast-game-over"));

    let left = Some(Outcome::win(Seat::First, EndReason::Abandoned));
    let ctl = HexController::online(HEX7, Seat::Second, &moves, left).unwrap();
    assert_eq!(ctl.result_keys(), Some(("online-you-lose", "online-reason-you-left")));
}

#[test]
fn x9_hex_board_result_stands_and_a_false_one_is_refused() {
    let (positions, moves) = hex_game(6);
    let board = positions
        .last()
        .unwrap()
        .outcome()
        .expect("a random Hex game ends (X9)");
    // The server's outcome of a finished board is the board's own.
    let ctl = HexController::online(HEX7, Seat::First, &moves, Some(board)).unwrap();
    assert_eq!(ctl.outcome(), Some(board));
    assert_eq!(ctl.result_keys().unwrap().1, "reason-connection");
    // A connection the board does not show does not hold together.
    let claimed = Some(Outcome::win(Seat::First, EndReason::Connection));
    assert!(HexController::online(HEX7, Seat::First, &moves[..3], claimed).is_err());
}

// ---------------------------------------------------------------- HADANG

fn hadang_game(seed: u64) -> (Vec<Hadang>, Vec<String>) {
    random_game(Hadang::start(), seed, 400)
}

#[test]
fn hadang_online_replays_every_prefix_for_both_seats() {
    for seed in [1, 2] {
        let (positions, moves) = hadang_game(seed);
        assert!(moves.len() >= 10);
        for k in prefixes(moves.len()) {
            for local in Seat::BOTH {
                let ctl = HadangController::online(local, &moves[..k], None, 1_000).unwrap();
                let replayed = &positions[k];
                assert_eq!(ctl.position(), replayed, "seed {seed} prefix {k}");
                assert_eq!(ctl.ply(), k);
                assert_eq!(ctl.seat_to_move(), replayed.seat_to_move());
                assert_eq!(ctl.is_human_turn(), replayed.seat_to_move() == Some(local));
                assert_eq!(ctl.players()[local.other().index()], Player::Remote);
                assert_eq!(ctl.bot_to_move(), None);
                assert_eq!(ctl.bot_level(), None);
                assert!(!ctl.can_undo());
                assert_eq!(ctl.clock().tempo(), Tempo::Unlimited);
                assert_eq!(ctl.time_left(local, 1_000), None);
                assert_eq!(ctl.last_move_text(), k.checked_sub(1).map(|i| moves[i].clone()));
            }
        }
    }
}

#[test]
fn h16_online_hadang_never_flags_on_its_own() {
    let (_, moves) = hadang_game(3);
    let mut ctl = HadangController::online(Seat::First, &moves[..4], None, 0).unwrap();
    assert!(!ctl.tick(10 * 3_600_000), "the server keeps the clock");
    assert!(!ctl.is_over());
    assert_eq!(ctl.time_to_flag(10 * 3_600_000), None);
}

#[test]
fn hadang_remote_turn_taps_wait_for_the_opponent() {
    let (positions, moves) = hadang_game(4);
    let k = 3;
    let remote = positions[k].seat_to_move().unwrap();
    let mut ctl = HadangController::online(remote.other(), &moves[..k], None, 0).unwrap();
    let before = ctl.clone();
    let target = positions[k].pawn_targets(remote)[0];
    assert_eq!(ctl.tap_cell(target, 5), HadangTap::Ignored("toast-wait-opponent"));
    assert_eq!(
        ctl.tap_groove("d4h".parse().unwrap(), 5),
        HadangTap::Ignored("toast-wait-opponent")
    );
    assert!(ctl.targets().is_empty());
    assert!(!ctl.resign(5));
    assert_eq!(ctl, before);
}

#[test]
fn hadang_local_step_and_wall_yield_the_moves_to_send() {
    let (positions, moves) = hadang_game(5);
    let k = 2;
    let local = positions[k].seat_to_move().unwrap();
    // A step: tap a highlighted target.
    let mut ctl = HadangController::online(local, &moves[..k], None, 0).unwrap();
    let target = ctl.targets()[0];
    assert_eq!(ctl.tap_cell(target, 10), HadangTap::Stepped(target));
    let sent = ctl.last_move_text().unwrap();
    assert_eq!(sent, HadangMove::Step(target).to_string());
    let mut next = moves[..k].to_vec();
    next.push(sent);
    assert_eq!(
        HadangController::online(local, &next, None, 0).unwrap().position(),
        ctl.position()
    );

    // A wall: preview, then confirm on the same groove.
    let mut ctl = HadangController::online(local, &moves[..k], None, 0).unwrap();
    let wall = positions[k]
        .legal_moves()
        .into_iter()
        .find_map(|m| match m {
            HadangMove::Wall(w) => Some(w),
            HadangMove::Step(_) => None,
        })
        .unwrap();
    assert_eq!(ctl.tap_groove(wall, 10), HadangTap::Preview(wall));
    assert_eq!(
        ctl.last_move_text(),
        moves[..k].last().cloned(),
        "a preview sends nothing"
    );
    assert_eq!(ctl.tap_groove(wall, 20), HadangTap::Placed(wall));
    assert_eq!(ctl.last_move_text(), Some(wall.to_string()));
}

#[test]
fn hadang_corrupt_move_list_is_refused_naming_the_move() {
    let error = HadangController::online(Seat::First, &texts(&["e2", "e8", "e5"]), None, 0).unwrap_err();
    assert!(error.starts_with("move 2 `e5`: "), "{error}");
    let error = HadangController::online(Seat::First, &texts(&["e2", "nonsense"]), None, 0).unwrap_err();
    assert!(error.starts_with("move 1 `nonsense`: "), "{error}");
}

#[test]
fn h17_hadang_resignation_and_timeout_are_reported_and_block_taps() {
    let (positions, moves) = hadang_game(6);
    let k = 4;
    let local = positions[k].seat_to_move().unwrap();
    let target = positions[k].pawn_targets(local)[0];
    let mut ctl = HadangController::online(local, &moves[..k], resigned(local), 0).unwrap();
    assert!(ctl.is_over());
    assert_eq!(ctl.seat_to_move(), None);
    assert_eq!(ctl.winner_kind(), Some("remote"));
    assert_eq!(
        ctl.result_keys(),
        Some(("online-you-lose", "online-reason-you-resigned"))
    );
    assert_eq!(ctl.tap_cell(target, 1), HadangTap::Ignored("hadang-toast-game-over"));

    let ctl = HadangController::online(local, &moves[..k], timed_out(local.other()), 0).unwrap();
    assert_eq!(ctl.outcome(), timed_out(local.other()));
    assert_eq!(
        ctl.result_keys(),
        Some(("hadang-result-you-win", "online-reason-their-time"))
    );
    let claimed = Some(Outcome::win(local, EndReason::GoalReached));
    assert!(HadangController::online(local, &moves[..k], claimed, 0).is_err());
}

// ---------------------------------------------------------------- Backgammon

fn bg_game(seed: u64) -> (Vec<Backgammon>, Vec<String>) {
    random_game(Backgammon::start(), seed, 2_000)
}

/// The same game offline between two people on one device, local at `local`.
fn bg_offline(local: Seat, moves: &[String]) -> BackgammonController {
    let mut game = Backgammon::start();
    let mut record = Record::<Backgammon>::new(Default::default(), 0);
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        record.play(&mut game, mv).unwrap();
    }
    BackgammonController::from_save(BackgammonSave {
        version: 1,
        record,
        players: [Player::Human; 2],
        local,
        game_index: 0,
        resigned: None,
    })
    .unwrap()
}

/// What the board shows and offers, to compare an online controller with
/// an offline one.
fn bg_shown(c: &BackgammonController) -> impl PartialEq + std::fmt::Debug {
    (
        c.board_view(),
        c.steps().to_vec(),
        c.dice_faces(),
        c.movable(),
        c.targets(),
        c.selected(),
        c.must_pass(),
        c.turn_complete(),
        c.last_marks(),
        c.opening(),
    )
}

/// Builds the turn by taps: pick the first movable checker and its first
/// target until the turn is complete.
fn bg_play_turn(c: &mut BackgammonController) {
    let mut guard = 0;
    while !c.turn_complete() && !c.must_pass() {
        let from = c.movable()[0];
        assert_eq!(c.tap(from), BgTap::Selected(from));
        let to = c.targets()[0];
        assert_eq!(c.tap(to), BgTap::Moved);
        guard += 1;
        assert!(guard <= 4, "at most four steps");
    }
}

#[test]
fn backgammon_online_replays_every_prefix_as_offline() {
    for seed in [1, 2] {
        let (positions, moves) = bg_game(seed);
        assert!(positions.last().unwrap().outcome().is_some(), "a random game ends");
        let mut points: Vec<usize> = prefixes(moves.len());
        points.extend((0..moves.len()).step_by(7));
        for k in points {
            for local in Seat::BOTH {
                let ctl = BackgammonController::online(local, &moves[..k], None).unwrap();
                let offline = bg_offline(local, &moves[..k]);
                let replayed = &positions[k];
                assert_eq!(ctl.position(), replayed, "seed {seed} prefix {k}");
                assert_eq!(ctl.seat_on_turn(), offline.seat_on_turn());
                let local_acts = replayed.to_move().is_none_or(|s| s == local) && replayed.outcome().is_none();
                if local_acts {
                    assert_eq!(
                        bg_shown(&ctl),
                        bg_shown(&offline),
                        "seed {seed} prefix {k} local {local:?}"
                    );
                } else {
                    // Offline both seats are people on this device; online the
                    // other seat's checkers are never offered here.
                    assert!(ctl.movable().is_empty() && ctl.targets().is_empty());
                    assert_eq!(ctl.board_view(), offline.board_view());
                    assert_eq!(ctl.dice_faces(), offline.dice_faces());
                    assert_eq!(ctl.last_marks(), offline.last_marks());
                }
                assert_eq!(ctl.is_human_turn(), local_acts, "prefix {k}");
                assert_eq!(ctl.can_roll(), local_acts && replayed.turn() == Turn::Chance);
                assert_eq!(ctl.is_moving(), local_acts && matches!(replayed.turn(), Turn::Seat(_)));
                assert_eq!(ctl.bot_to_act(), None);
                assert!(!ctl.can_undo());
                assert_eq!(ctl.last_move_text(), k.checked_sub(1).map(|i| moves[i].clone()));
            }
        }
    }
}

#[test]
fn b5_online_roll_is_requested_from_the_server() {
    let (positions, moves) = bg_game(3);
    // The opening roll (B4): either seat may ask for it.
    for local in Seat::BOTH {
        let mut ctl = BackgammonController::online(local, &[], None).unwrap();
        assert!(ctl.can_roll() && ctl.is_human_turn());
        assert_eq!(ctl.roll(), BgTap::RollRequested);
        assert_eq!(
            ctl.tap(Spot::Point(6)),
            BgTap::RollRequested,
            "a board tap asks for the roll too"
        );
        assert_eq!(ctl.ply(), 0, "the dice are the server's");
    }
    // A later roll: asked by its owner, refused to the other seat.
    let k = (2..moves.len()).find(|&k| positions[k].turn() == Turn::Chance).unwrap();
    let roller = positions[k].to_move().unwrap();
    let mut mine = BackgammonController::online(roller, &moves[..k], None).unwrap();
    assert!(mine.can_roll() && mine.is_human_turn() && !mine.is_moving());
    assert_eq!(mine.roll(), BgTap::RollRequested);
    assert_eq!(mine.ply(), k);
    let mut theirs = BackgammonController::online(roller.other(), &moves[..k], None).unwrap();
    assert!(!theirs.can_roll() && !theirs.is_human_turn());
    let before = theirs.clone();
    assert_eq!(theirs.roll(), BgTap::Ignored("toast-wait-opponent"));
    assert_eq!(theirs.tap(Spot::Point(6)), BgTap::Ignored("toast-wait-opponent"));
    assert_eq!(theirs.done(), Err("toast-wait-opponent"));
    assert!(!theirs.resign());
    assert_eq!(theirs, before);
}

#[test]
fn b6_after_the_servers_roll_the_turn_builds_and_sends_as_offline() {
    let (positions, moves) = bg_game(4);
    let mut checked = 0;
    for k in 1..moves.len() {
        // Snapshots right after a roll (or the opening) with a play to make.
        let Turn::Seat(mover) = positions[k].turn() else {
            continue;
        };
        if !(moves[k - 1].starts_with("roll") || moves[k - 1].starts_with("opening")) {
            continue;
        }
        let mut online = BackgammonController::online(mover, &moves[..k], None).unwrap();
        let mut offline = bg_offline(mover, &moves[..k]);
        assert!(online.is_moving(), "prefix {k}");
        bg_play_turn(&mut online);
        bg_play_turn(&mut offline);
        assert_eq!(bg_shown(&online), bg_shown(&offline));
        online.done().unwrap();
        offline.done().unwrap();
        let sent = online.last_move_text().unwrap();
        assert_eq!(Some(sent.clone()), offline.last_move_text());
        assert!(!online.is_human_turn(), "the opponent rolls next");
        let mut next = moves[..k].to_vec();
        next.push(sent);
        let echoed = BackgammonController::online(mover, &next, None).unwrap();
        assert_eq!(echoed.position(), online.position());
        assert_eq!(echoed.last_play(), online.last_play());
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert!(checked >= 6, "{checked} turns checked");
}

#[test]
fn b1_second_seat_sees_the_board_from_its_own_side() {
    for local in Seat::BOTH {
        let ctl = BackgammonController::online(local, &[], None).unwrap();
        let view = ctl.board_view();
        // B2: every player starts with two checkers on their own 24-point.
        assert_eq!(view.points[24], 2, "{local:?}");
        assert_eq!(view.points[1], -2, "{local:?}");
        assert_eq!(view.pips, [167, 167]);
    }
    // After an opening won by White, Black (local Second) still sees its
    // own checkers on its own numbers.
    let moves = texts(&["opening 6-1", "13/7 8/7"]);
    let black = BackgammonController::online(Seat::Second, &moves, None).unwrap();
    let view = black.board_view();
    assert_eq!(view.points[24], 2);
    assert_eq!(view.points[18], -2, "White's point made on its 7 is Black's 18");
    assert_eq!(black.last_marks().1, vec![18, 18]);
}

#[test]
fn b12_online_pass_is_sent_as_pass() {
    // Random games until one has a roll that cannot be played.
    for seed in 5..60 {
        let (positions, moves) = bg_game(seed);
        let pass = (1..moves.len()).find(|&k| moves[k] == "pass");
        let Some(k) = pass else { continue };
        let mover = positions[k].to_move().unwrap();
        let mut ctl = BackgammonController::online(mover, &moves[..k], None).unwrap();
        assert!(ctl.must_pass() && ctl.is_moving());
        assert!(ctl.movable().is_empty());
        ctl.done().unwrap();
        assert_eq!(ctl.last_move_text().as_deref(), Some("pass"));
        return;
    }
    panic!("no pass in 55 random games");
}

#[test]
fn b3_backgammon_corrupt_move_list_is_refused_naming_the_move() {
    let error = BackgammonController::online(Seat::First, &texts(&["opening 6-1", "24/1"]), None).unwrap_err();
    assert!(error.starts_with("move 1 `24/1`: B"), "{error}");
    let error =
        BackgammonController::online(Seat::First, &texts(&["opening 6-1", "13/7 8/7", "roll 9-1"]), None).unwrap_err();
    assert!(error.starts_with("move 2 `roll 9-1`: "), "{error}");
    let error = BackgammonController::online(Seat::First, &texts(&["13/7 8/7"]), None).unwrap_err();
    assert!(error.starts_with("move 0 `13/7 8/7`: "), "{error}");
}

#[test]
fn b16_backgammon_resignation_and_timeout_are_reported_and_block_taps() {
    let moves = texts(&["opening 6-1"]);
    let mut ctl = BackgammonController::online(Seat::First, &moves, resigned(Seat::First)).unwrap();
    assert!(ctl.is_over());
    assert!(!ctl.is_human_turn() && !ctl.is_moving() && !ctl.can_roll());
    assert_eq!(ctl.winner_kind(), Some("remote"));
    assert_eq!(
        ctl.result_keys(),
        Some(("online-you-lose", "online-reason-you-resigned"))
    );
    assert_eq!(ctl.tap(Spot::Point(13)), BgTap::Ignored("toast-game-over"));
    assert_eq!(ctl.roll(), BgTap::Ignored("toast-game-over"));
    assert!(ctl.done().is_err());
    assert!(ctl.movable().is_empty());

    let ctl = BackgammonController::online(Seat::Second, &moves, timed_out(Seat::First)).unwrap();
    assert_eq!(ctl.winner_kind(), Some("human"));
    assert_eq!(ctl.result_keys(), Some(("result-you-win", "online-reason-their-time")));
}

// ---------------------------------------------------------------- Jun Qi

fn junqi_game(seed: u64, plies: usize) -> JunQi {
    let start = Record::<JunQi>::new(JunQiOptions::default(), seed).start().unwrap();
    let (positions, _) = random_game(start, seed ^ 0x5EED, plies);
    positions.last().unwrap().clone()
}

/// The server's snapshot for `seat`: the view JSON and, on its turn, its
/// legal moves in notation.
fn snapshot(game: &Adjudicated<JunQi>, seat: Seat) -> (serde_json::Value, Vec<String>) {
    let view = serde_json::to_value(game.view(seat)).unwrap();
    let legal = if game.turn() == Turn::Seat(seat) {
        game.legal_moves().iter().map(|m| game.format_move(m)).collect()
    } else {
        Vec::new()
    };
    (view, legal)
}

fn online(game: &Adjudicated<JunQi>, seat: Seat) -> JunQiOnline {
    let (view, legal) = snapshot(game, seat);
    JunQiOnline::new(&view, seat, &legal, game.outcome()).unwrap()
}

/// A position where colours are decided and the side to move has a move.
fn junqi_midgame(seed: u64) -> Adjudicated<JunQi> {
    for plies in (20..200).step_by(3) {
        let game = junqi_game(seed, plies);
        let moves = game.legal_moves();
        if game.outcome().is_none() && moves.iter().any(|m| matches!(m, JunQiAction::Move { .. })) {
            return Adjudicated::new(game);
        }
    }
    panic!("no midgame for seed {seed}");
}

#[test]
fn junqi_online_shows_the_seats_view_and_whose_turn() {
    for seed in [1, 2, 3] {
        for plies in [0, 1, 5, 30] {
            let game = Adjudicated::new(junqi_game(seed, plies));
            for seat in Seat::BOTH {
                let ctl = online(&game, seat);
                assert_eq!(*ctl.view(), game.game().view(seat));
                assert_eq!(ctl.local_seat(), seat);
                assert_eq!(ctl.is_my_turn(), game.turn() == Turn::Seat(seat));
                assert_eq!(ctl.seat_to_move(), game.game().seat_to_move());
                assert_eq!(ctl.ply(), game.game().plies() as usize);
                assert_eq!(ctl.players()[seat.other().index()], Player::Remote);
                assert_eq!(ctl.selected(), None);
                let start = Record::<JunQi>::new(JunQiOptions::default(), seed).start().unwrap();
                assert_eq!(ctl.first_mover(), start.seat_to_move(), "J6");
            }
        }
    }
}

#[test]
fn j9_select_targets_and_send_a_move() {
    let game = junqi_midgame(4);
    let seat = game.game().seat_to_move().unwrap();
    let mut ctl = online(&game, seat);
    let legal = game.legal_moves();
    let mut expected_movable: Vec<Square> = legal
        .iter()
        .filter_map(|m| match m {
            JunQiAction::Move { from, .. } => Some(*from),
            JunQiAction::Reveal(_) => None,
        })
        .collect();
    expected_movable.sort();
    expected_movable.dedup();
    assert_eq!(ctl.movable(), expected_movable);

    let from = expected_movable[0];
    assert_eq!(ctl.tap(from), OnlineTap::Selected(from));
    assert_eq!(ctl.selected(), Some(from));
    let expected_targets: Vec<Square> = legal
        .iter()
        .filter_map(|m| match m {
            JunQiAction::Move { from: f, to } if *f == from => Some(*to),
            _ => None,
        })
        .collect();
    assert_eq!(ctl.targets(), expected_targets);
    // Tapping the selected piece again drops it; selecting again and
    // tapping a target sends the move in the server's notation.
    assert_eq!(ctl.tap(from), OnlineTap::Deselected);
    assert!(ctl.targets().is_empty());
    ctl.tap(from);
    let to = expected_targets[0];
    let expected = game.format_move(&JunQiAction::Move { from, to });
    assert_eq!(ctl.tap(to), OnlineTap::Send(expected.clone()));
    assert_eq!(ctl.selected(), None);
    // The server accepts exactly that text.
    let mut played = game.clone();
    played.play(&played.parse_move(&expected).unwrap()).unwrap();
}

#[test]
fn j7_tap_on_a_face_down_post_sends_the_reveal() {
    let game = Adjudicated::new(junqi_game(5, 0));
    let seat = game.game().seat_to_move().unwrap();
    let mut ctl = online(&game, seat);
    let square = Square::all().find(|&s| ctl.view().post(s) == Post::FaceDown).unwrap();
    assert_eq!(ctl.tap(square), OnlineTap::Send(format!("flip {square}")));
    // With a piece selected, a face-down tap still means "reveal this".
    let game = junqi_midgame(6);
    let seat = game.game().seat_to_move().unwrap();
    let mut ctl = online(&game, seat);
    let face_down = Square::all().find(|&s| ctl.view().post(s) == Post::FaceDown);
    if let Some(face_down) = face_down {
        let from = ctl.movable()[0];
        ctl.tap(from);
        assert_eq!(ctl.tap(face_down), OnlineTap::Send(format!("flip {face_down}")));
    }
}

#[test]
fn junqi_tap_elsewhere_deselects_or_says_why() {
    let game = junqi_midgame(7);
    let seat = game.game().seat_to_move().unwrap();
    let mut ctl = online(&game, seat);
    let from = ctl.movable()[0];
    ctl.tap(from);
    let targets = ctl.targets();
    let empty = Square::all()
        .find(|&s| ctl.view().post(s) == Post::Empty && !targets.contains(&s))
        .expect("an empty post that is no target");
    assert_eq!(ctl.tap(empty), OnlineTap::Deselected);
    assert_eq!(ctl.selected(), None);
    assert_eq!(ctl.tap(empty), OnlineTap::Ignored("junqi-toast-empty"));
    let mine = ctl.view().my_colour().unwrap();
    if let Some(theirs) =
        Square::all().find(|&s| matches!(ctl.view().post(s), Post::Revealed { colour, .. } if colour != mine))
    {
        assert_eq!(ctl.tap(theirs), OnlineTap::Ignored("junqi-toast-not-yours"));
    }
}

#[test]
fn junqi_taps_on_the_remote_turn_wait_for_the_opponent() {
    let game = junqi_midgame(8);
    let waiting = game.game().seat_to_move().unwrap().other();
    let mut ctl = online(&game, waiting);
    assert!(!ctl.is_my_turn());
    assert!(ctl.movable().is_empty());
    assert_eq!(ctl.legal_moves().count(), 0);
    let before = ctl.clone();
    for square in Square::all().take(12) {
        assert_eq!(ctl.tap(square), OnlineTap::Ignored("toast-wait-opponent"));
    }
    assert_eq!(ctl, before);
}

#[test]
fn j20_junqi_resignation_timeout_and_abandonment_are_reported() {
    let mut game = junqi_midgame(9);
    let seat = game.game().seat_to_move().unwrap();
    let live = snapshot(&game, seat.other());
    game.resign(seat).unwrap();
    // The verdict travels in the view JSON; the outcome beside it agrees.
    let mut ctl = online(&game, seat);
    assert!(ctl.is_over());
    assert_eq!(ctl.outcome(), resigned(seat));
    assert_eq!(ctl.winner_kind(), Some("remote"));
    assert_eq!(
        ctl.result_keys(),
        Some(("online-you-lose", "online-reason-you-resigned"))
    );
    assert_eq!(ctl.tap("a1".parse().unwrap()), OnlineTap::Ignored("toast-game-over"));
    assert!(ctl.movable().is_empty());
    // The outcome alone (a snapshot taken as the verdict came) is enough too.
    let (view, _) = &live;
    let ctl = JunQiOnline::new(view, seat.other(), &[], timed_out(seat)).unwrap();
    assert_eq!(
        ctl.result_keys(),
        Some(("junqi-result-you-win", "online-reason-their-time"))
    );
    let left = Some(Outcome::win(seat.other(), EndReason::Abandoned));
    let ctl = JunQiOnline::new(view, seat.other(), &[], left).unwrap();
    assert_eq!(
        ctl.result_keys(),
        Some(("junqi-result-you-win", "online-reason-they-left"))
    );
}

#[test]
fn j21_malformed_snapshots_are_refused_with_a_message() {
    let game = junqi_midgame(10);
    let seat = game.game().seat_to_move().unwrap();
    let (view, legal) = snapshot(&game, seat);
    let error = JunQiOnline::new(&serde_json::json!({"board": []}), seat, &[], None).unwrap_err();
    assert!(error.contains("no `game`"), "{error}");
    let error = JunQiOnline::new(&serde_json::json!({"game": {"seat": "First"}}), seat, &[], None).unwrap_err();
    assert!(error.contains("cannot be read"), "{error}");
    let mut short = view.clone();
    short["game"]["board"].as_array_mut().unwrap().pop();
    let error = JunQiOnline::new(&short, seat, &legal, None).unwrap_err();
    assert!(error.contains("J1"), "{error}");
    let error = JunQiOnline::new(&view, seat.other(), &[], None).unwrap_err();
    assert!(error.contains("belongs to"), "{error}");
    let mut bad = legal.clone();
    bad.push("a1-e12".to_string());
    let error = JunQiOnline::new(&view, seat, &bad, None).unwrap_err();
    assert!(
        error.starts_with(&format!("legal move {} `a1-e12`: J", legal.len())),
        "{error}"
    );
    let error = JunQiOnline::new(&view, seat, &texts(&["hello"]), None).unwrap_err();
    assert!(error.starts_with("legal move 0 `hello`: "), "{error}");
}
