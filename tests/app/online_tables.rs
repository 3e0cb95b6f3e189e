//! Online games through the one table every game's board and tap state
//! see: built from the room server's snapshot (the public move list in
//! notation and the outcome; for Jun Qi the seat's view JSON), the table
//! shows exactly the position the rules replay, lets the seat act only on
//! its turn, and a tap on it yields the move whose notation is sent back.

use crate::support;
use support::ssr;

use papan::games::backgammon::board::Checkers;
use papan::games::backgammon::tap::{BgCommand, BgTap, Spot};
use papan::games::hadang::tap::{HadangCommand, HadangInput, HadangTap};
use papan::games::hex::tap::{HexCommand, HexTap};
use papan::games::junqi::tap::JunQiTap;
use papan::i18n::{tr, Lang};
use papan::play::local::idle_reason;
use papan::play::online;
use papan::play::save::{SavedMatch, SAVE_VERSION};
use papan::play::{Answer, LocalGame, Match, Player, Table, TapState, Tapped};
use papan::shell::offline::result_info;
use papan::shell::texts::Seating;
use papan::shell::GameUi;
use papan_api::{GameId, RoomOptions, RoomStatus, Snapshot};
use papan_rules::backgammon::Backgammon;
use papan_rules::clock::Adjudicated;
use papan_rules::hadang::{Hadang, HadangMove, Wall};
use papan_rules::hex::{Cell, Hex, HexMove};
use papan_rules::junqi::{JunQi, JunQiAction, JunQiOptions, Post, Square};
use papan_rules::{rule, EndReason, Game, Outcome, Record, Seat, SeatView, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ssr::{class_of, tag_with};

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

/// The room as `seat` sees `game` after `moves`, as the server fills it:
/// the seat's view (with any verdict), whose turn, its legal moves in
/// notation, the outcome.
fn snapshot<G: Game>(options: RoomOptions, game: &Adjudicated<G>, seat: Seat, moves: &[String]) -> Snapshot {
    let turn = game.turn();
    let legal_moves = if turn == Turn::Seat(seat) {
        game.legal_moves().iter().map(|m| game.format_move(m)).collect()
    } else {
        Vec::new()
    };
    Snapshot {
        room_id: "r1".to_string(),
        code: "K7M2QX".to_string(),
        version: 7,
        options,
        status: if turn == Turn::Over {
            RoomStatus::Over
        } else {
            RoomStatus::Playing
        },
        game_index: 0,
        slot: 0,
        seat,
        view: Some(serde_json::to_value(game.view(seat)).expect("a view serializes")),
        to_move: match turn {
            Turn::Seat(s) => Some(s),
            _ => None,
        },
        roll_due: turn == Turn::Chance,
        legal_moves,
        moves: moves.to_vec(),
        outcome: game.outcome(),
        clock: None,
        bot_seats: Vec::new(),
        commitment: None,
        reveal: None,
        rematch_requested: [false, false],
        present: [true, true],
    }
}

/// A public game replayed from `moves` with an optional verdict, as the
/// server would hold it.
fn replayed<G: Game>(options: &G::Options, moves: &[String], verdict: Option<Outcome>) -> Adjudicated<G> {
    let mut game = Adjudicated::new(Record::<G>::new(options.clone(), 0).start().unwrap());
    for text in moves {
        // A corrupt list is the point of some tests: stop where it breaks.
        let Ok(mv) = game.parse_move(text) else { break };
        if game.play(&mv).is_err() {
            break;
        }
    }
    if let Some(outcome) = verdict {
        if let Some(winner) = outcome.winner {
            let _ = game.decide(winner.other(), outcome.reason);
        }
    }
    game
}

/// The snapshot of a public game: the move list as given (even a corrupt
/// one), the outcome the server claims.
fn public_snapshot<G: Game>(
    options: RoomOptions,
    rules: &G::Options,
    seat: Seat,
    moves: &[String],
    outcome: Option<Outcome>,
) -> Snapshot {
    let game = replayed::<G>(rules, moves, outcome);
    let mut snap = snapshot(options, &game, seat, moves);
    snap.outcome = outcome.or(snap.outcome);
    if snap.outcome.is_some() {
        snap.status = RoomStatus::Over;
    }
    snap
}

/// The result card's headline key, winner class and reason key for the seat.
fn result_of<G: GameUi>(table: &Table<G>) -> (String, &'static str, String) {
    let info = result_info(Lang::En, Seating::Online { local: table.viewer }, table, Vec::new()).expect("a result");
    (info.headline, info.winner, info.reason)
}

fn en(key: &str) -> String {
    tr(Lang::En, key)
}

/// The notation of the last move a seat made before ply `k` (chance events
/// are not moves).
fn last_seat_move<G: Game>(positions: &[G], moves: &[String], k: usize) -> Option<(Seat, String)> {
    (0..k)
        .rev()
        .find_map(|i| positions[i].seat_to_move().map(|seat| (seat, moves[i].clone())))
}

/// What every online table shows, whatever the game.
fn check_table<G>(table: &Table<G>, seat: Seat, positions: &[G], moves: &[String], k: usize)
where
    G: GameUi + papan_rules::PublicGame + PartialEq,
{
    let position = &positions[k];
    assert!(
        table.view == *position,
        "prefix {k}: the table shows the replayed position"
    );
    assert_eq!(table.viewer, seat);
    assert_eq!(table.bottom, seat, "your side at the bottom");
    assert_eq!(table.ply, k);
    assert_eq!(table.history.len(), k);
    let notation: Vec<String> = table.history.iter().map(|m| table.notation(m)).collect();
    assert_eq!(notation, moves[..k]);
    assert_eq!(table.is_over(), Game::outcome(position).is_some());
    assert_eq!(table.outcome, Game::outcome(position));
    assert_eq!(
        table.last.as_ref().map(|(s, mv)| (*s, table.notation(mv))),
        last_seat_move(positions, moves, k),
        "prefix {k}: the last move shown"
    );
    assert_eq!(table.can_act, SeatView::may_act(position, seat), "prefix {k}");
    if !table.can_act {
        assert!(table.legal().is_empty(), "no move offered on the other seat's turn");
        assert!(!table.moving() && !table.may_roll());
        assert!(idle_reason(table).is_some(), "a tap on the board does nothing");
    }
}

// ---------------------------------------------------------------- Hex

fn hex_room(size: u8, swap: bool) -> RoomOptions {
    RoomOptions::hex(size, swap, None)
}

fn hex7() -> RoomOptions {
    hex_room(7, true)
}

fn hex_game(seed: u64) -> (Vec<Hex>, Vec<String>) {
    let start = Record::<Hex>::new(hex7().hex_options().unwrap(), 0).start().unwrap();
    random_game(start, seed, 200)
}

fn hex_table(
    options: RoomOptions,
    seat: Seat,
    moves: &[String],
    outcome: Option<Outcome>,
) -> Result<Table<Hex>, String> {
    let rules = options.hex_options().unwrap();
    online::table::<Hex>(&public_snapshot::<Hex>(options, &rules, seat, moves, outcome))
}

fn empty_cell(position: &Hex) -> Cell {
    Game::legal_moves(position)
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
                let table = hex_table(hex7(), local, &moves[..k], None).unwrap();
                check_table(&table, local, &positions, &moves, k);
                assert_eq!(table.to_move(), positions[k].seat_to_move());
                assert_eq!(table.can_act, positions[k].seat_to_move() == Some(local));
            }
        }
    }
}

#[test]
fn hex_the_remote_turn_offers_nothing() {
    let (positions, moves) = hex_game(4);
    for k in [0, 1, 5] {
        let remote = positions[k].seat_to_move().unwrap();
        let table = hex_table(hex7(), remote.other(), &moves[..k], None).unwrap();
        assert!(!table.can_act && !table.moving());
        assert!(table.legal().is_empty());
        let tap = HexTap::default();
        assert!(tap.buttons(&table).is_empty(), "no swap on the other seat's turn");
        assert_eq!(tap.prompt(&table), None);
        let html = ssr::board(&table, &tap, None, Lang::En);
        assert!(tag_with(&html, "data-testid=\"hex-board\"").contains("data-turn=\"wait\""));
    }
}

#[test]
fn hex_local_tap_yields_the_move_to_send() {
    let (positions, moves) = hex_game(5);
    for k in [0, 2, 7] {
        let local = positions[k].seat_to_move().unwrap();
        let table = hex_table(hex7(), local, &moves[..k], None).unwrap();
        assert!(table.can_act);
        let cell = empty_cell(&positions[k]);
        let mut tap = HexTap::default();
        let Tapped::Play(mv) = tap.tap(&table, cell) else {
            panic!("7×7 places on one tap");
        };
        let sent = table.notation(&mv);
        assert_eq!(sent, cell.to_string());
        // The server plays the sent text; the next snapshot shows the same
        // board as the move made ahead of it.
        let mut next_moves = moves[..k].to_vec();
        next_moves.push(sent);
        let next = hex_table(hex7(), local, &next_moves, None).unwrap();
        assert_eq!(Some(next.view.clone()), table.view.after(&mv));
        assert!(!next.can_act, "now the opponent's turn");
        assert_eq!(next.last, Some((local, mv)));
    }
}

#[test]
fn x1_large_boards_preview_online_too() {
    let table = hex_table(hex_room(11, false), Seat::First, &[], None).unwrap();
    let mut tap = HexTap::default();
    let cell: Cell = "f6".parse().unwrap();
    assert_eq!(tap.tap(&table, cell), Tapped::Changed, "a ghost first");
    assert_eq!(tap.ghost(), Some(cell));
    let html = ssr::board(&table, &tap, None, Lang::En);
    assert!(class_of(&html, "data-cell=\"f6\"").contains("ghost"));
    assert_eq!(tap.tap(&table, cell), Tapped::Play(HexMove::Place(cell)));
    assert_eq!(tap.ghost(), None);
}

#[test]
fn x7_online_swap_sends_swap() {
    let table = hex_table(hex7(), Seat::Second, &texts(&["d4"]), None).unwrap();
    let mut tap = HexTap::default();
    let buttons = tap.buttons(&table);
    assert_eq!(buttons.len(), 1);
    assert_eq!(buttons[0].testid, "swap");
    assert!(tap.prompt(&table).is_some(), "the status offers the swap");
    let Tapped::Play(mv) = tap.command(&table, HexCommand::Swap) else {
        panic!("swap is played");
    };
    assert_eq!(table.notation(&mv), "swap");
    let echoed = hex_table(hex7(), Seat::First, &texts(&["d4", "swap"]), None).unwrap();
    assert_eq!(Some(echoed.view.clone()), table.view.after(&mv));
    assert!(echoed.can_act, "after the swap the first seat moves (Blue)");
    assert_eq!(echoed.last, Some((Seat::Second, HexMove::Swap)));
    // Not offered to the first seat, nor without the option.
    let first = hex_table(hex7(), Seat::First, &texts(&["d4"]), None).unwrap();
    assert!(HexTap::default().buttons(&first).is_empty());
    let off = hex_table(hex_room(7, false), Seat::Second, &texts(&["d4"]), None).unwrap();
    assert!(HexTap::default().buttons(&off).is_empty());
    let refused = HexTap::default().command(&off, HexCommand::Swap);
    assert!(matches!(refused, Tapped::Refused(ref e) if e.rule == rule::X7));
}

#[test]
fn x5_hex_corrupt_move_list_is_refused_naming_the_move() {
    let error = hex_table(hex7(), Seat::First, &texts(&["d4", "c3", "c3"]), None).unwrap_err();
    assert!(error.starts_with("move 2 `c3`: X5 "), "{error}");
    let error = hex_table(hex7(), Seat::First, &texts(&["d4", "zz"]), None).unwrap_err();
    assert!(error.starts_with("move 1 `zz`: "), "{error}");
    let error = hex_table(hex_room(7, false), Seat::First, &texts(&["d4", "swap"]), None).unwrap_err();
    assert!(error.starts_with("move 1 `swap`: X7 "), "{error}");
}

#[test]
fn x5_a_tap_on_a_taken_cell_is_refused_by_rule() {
    let table = hex_table(hex7(), Seat::First, &texts(&["d4", "c5"]), None).unwrap();
    let refused = HexTap::default().tap(&table, "c5".parse().unwrap());
    assert!(
        matches!(refused, Tapped::Refused(ref e) if e.rule == rule::X5),
        "{refused:?}"
    );
}

#[test]
fn hex_resignation_and_timeout_are_shown_over() {
    let moves = texts(&["d4", "c5"]);
    let table = hex_table(hex7(), Seat::First, &moves, resigned(Seat::First)).unwrap();
    assert!(table.is_over());
    assert_eq!(table.outcome, resigned(Seat::First));
    assert_eq!(table.to_move(), None);
    assert!(!table.can_act && table.legal().is_empty());
    assert_eq!(idle_reason(&table), Some("toast-game-over"));
    assert_eq!(
        result_of(&table),
        (en("result-you-lose"), "opponent", en("reason-you-resigned"))
    );
    assert_eq!(table.ply, 2);
    let html = ssr::board(&table, &HexTap::default(), None, Lang::En);
    assert!(tag_with(&html, "data-testid=\"hex-board\"").contains("data-status=\"over\""));

    let table = hex_table(hex7(), Seat::First, &moves, resigned(Seat::Second)).unwrap();
    assert_eq!(
        result_of(&table),
        (en("result-you-win"), "human", en("reason-they-resigned"))
    );

    let table = hex_table(hex7(), Seat::First, &moves, timed_out(Seat::Second)).unwrap();
    assert_eq!(
        result_of(&table),
        (en("result-you-win"), "human", en("reason-their-time"))
    );
    assert_eq!(idle_reason(&table), Some("toast-game-over"));

    let left = Some(Outcome::win(Seat::First, EndReason::Abandoned));
    let table = hex_table(hex7(), Seat::Second, &moves, left).unwrap();
    assert_eq!(
        result_of(&table),
        (en("result-you-lose"), "opponent", en("reason-you-left"))
    );
}

#[test]
fn x9_hex_board_result_stands_and_a_false_one_is_refused() {
    let (positions, moves) = hex_game(6);
    let board = Game::outcome(positions.last().unwrap()).expect("a random Hex game ends (X9)");
    // The server's outcome of a finished board is the board's own.
    let table = hex_table(hex7(), Seat::First, &moves, Some(board)).unwrap();
    assert_eq!(table.outcome, Some(board));
    assert_eq!(result_of(&table).2, en("reason-connection"));
    // A connection the board does not show does not hold together.
    let claimed = Some(Outcome::win(Seat::First, EndReason::Connection));
    let error = hex_table(hex7(), Seat::First, &moves[..3], claimed).unwrap_err();
    assert!(error.contains("has not ended"), "{error}");
}

#[test]
fn a_seat_played_by_the_servers_bot_cannot_act() {
    let opts = hex7();
    let rules = opts.hex_options().unwrap();
    let mut snap = public_snapshot::<Hex>(opts, &rules, Seat::First, &[], None);
    assert!(online::table::<Hex>(&snap).unwrap().can_act);
    snap.bot_seats = vec![Seat::First];
    assert!(!online::table::<Hex>(&snap).unwrap().can_act);
    snap.bot_seats.clear();
    snap.status = RoomStatus::Waiting;
    assert!(
        !online::table::<Hex>(&snap).unwrap().can_act,
        "nothing to do while waiting"
    );
}

// ---------------------------------------------------------------- HADANG

fn hadang_room() -> RoomOptions {
    RoomOptions::new(GameId::Hadang)
}

fn hadang_game(seed: u64) -> (Vec<Hadang>, Vec<String>) {
    random_game(Hadang::start(), seed, 400)
}

fn hadang_table(seat: Seat, moves: &[String], outcome: Option<Outcome>) -> Result<Table<Hadang>, String> {
    let snap = public_snapshot::<Hadang>(hadang_room(), &Default::default(), seat, moves, outcome);
    online::table::<Hadang>(&snap)
}

#[test]
fn hadang_online_replays_every_prefix_for_both_seats() {
    for seed in [1, 2] {
        let (positions, moves) = hadang_game(seed);
        assert!(moves.len() >= 10);
        for k in prefixes(moves.len()) {
            for local in Seat::BOTH {
                let table = hadang_table(local, &moves[..k], None).unwrap();
                check_table(&table, local, &positions, &moves, k);
                assert_eq!(table.can_act, positions[k].seat_to_move() == Some(local));
                let tap = HadangTap::default();
                if !table.can_act {
                    assert!(tap.targets(&table).is_empty(), "no targets on the other seat's turn");
                } else {
                    assert_eq!(tap.targets(&table), positions[k].pawn_targets(local));
                }
            }
        }
    }
}

#[test]
fn hadang_remote_turn_offers_no_target_and_no_groove() {
    let (positions, moves) = hadang_game(4);
    let k = 3;
    let remote = positions[k].seat_to_move().unwrap();
    let table = hadang_table(remote.other(), &moves[..k], None).unwrap();
    let tap = HadangTap::default();
    assert!(!table.can_act);
    assert!(tap.targets(&table).is_empty());
    let html = ssr::board(&table, &tap, None, Lang::En);
    assert!(!html.contains("class=\"target-dot\""));
    assert!(!html.contains("data-wall="), "no groove to tap on the opponent's turn");
    assert!(tag_with(&html, "data-testid=\"hadang-board\"").contains("data-turn=\"wait\""));
    // A step the other pawn could make is no move of this seat.
    let theirs = positions[k].pawn_targets(remote)[0];
    let mut tap = tap;
    assert!(!matches!(tap.tap(&table, HadangInput::Cell(theirs)), Tapped::Play(_)));
}

#[test]
fn hadang_local_step_and_wall_yield_the_moves_to_send() {
    let (positions, moves) = hadang_game(5);
    let k = 2;
    let local = positions[k].seat_to_move().unwrap();
    // A step: tap a highlighted target.
    let table = hadang_table(local, &moves[..k], None).unwrap();
    let mut tap = HadangTap::default();
    let target = tap.targets(&table)[0];
    let Tapped::Play(mv) = tap.tap(&table, HadangInput::Cell(target)) else {
        panic!("a target steps");
    };
    assert_eq!(mv, HadangMove::Step(target));
    let sent = table.notation(&mv);
    assert_eq!(sent, target.to_string());
    let mut next = moves[..k].to_vec();
    next.push(sent);
    let echoed = hadang_table(local, &next, None).unwrap();
    assert_eq!(Some(echoed.view), table.view.after(&mv));
    assert_eq!(echoed.last, Some((local, mv)));

    // A wall: Wall, its crossing (turned when needed), then Place (a tap on
    // the preview only turns it).
    let wall = Game::legal_moves(&positions[k])
        .into_iter()
        .find_map(|m| match m {
            HadangMove::Wall(w) => Some(w),
            HadangMove::Step(_) => None,
        })
        .unwrap();
    let mut tap = HadangTap::default();
    assert_eq!(tap.command(&table, HadangCommand::Walls), Tapped::Changed);
    assert_eq!(
        tap.tap(&table, HadangInput::Crossing(wall.anchor())),
        Tapped::Changed,
        "a preview sends nothing"
    );
    if tap.ghost_wall() != Some(wall) {
        assert_eq!(tap.command(&table, HadangCommand::RotateWall), Tapped::Changed);
    }
    assert_eq!(tap.ghost_wall(), Some(wall));
    let html = ssr::board(&table, &tap, None, Lang::En);
    assert!(tag_with(&html, "data-testid=\"ghost-wall\"").contains(&format!("data-ghost=\"{wall}\"")));
    assert!(tap.buttons(&table).iter().any(|b| b.testid == "wall-cancel"));
    let Tapped::Play(mv) = tap.command(&table, HadangCommand::PlaceWall) else {
        panic!("Place places the wall");
    };
    assert_eq!(table.notation(&mv), wall.to_string());
}

#[test]
fn h13_a_wall_closing_the_last_path_is_refused_by_rule() {
    // e1/e2 are boxed on both sides; a lid on e2 would shut Player 1 in.
    let table = hadang_table(Seat::First, &texts(&["d1v", "e8", "e1v", "e7"]), None).unwrap();
    let mut tap = HadangTap::default();
    let legal: Wall = "a7h".parse().unwrap();
    assert_eq!(tap.tap(&table, HadangInput::Wall(legal)), Tapped::Changed);
    assert_eq!(tap.ghost_wall(), Some(legal));
    let shut: Wall = "d2h".parse().unwrap();
    let refused = tap.tap(&table, HadangInput::Crossing(shut.anchor()));
    assert!(
        matches!(refused, Tapped::Refused(ref e) if e.rule == rule::H13),
        "{refused:?}"
    );
    assert_eq!(tap.ghost_wall(), Some(shut), "shown as refused, to turn or move");
    assert!(matches!(
        tap.command(&table, HadangCommand::PlaceWall),
        Tapped::Refused(_)
    ));
}

#[test]
fn h3_walls_pawns_and_facts_of_the_move_list_are_drawn() {
    let table = hadang_table(Seat::Second, &texts(&["e2", "e8", "c3h"]), None).unwrap();
    let tap = HadangTap::default();
    let html = ssr::board(&table, &tap, None, Lang::En);
    assert!(html.contains("data-placed=\"c3h\""), "{html}");
    assert!(tag_with(&html, "data-pawn=\"p1\"").contains("data-at=\"e2\""));
    assert!(tag_with(&html, "data-pawn=\"p2\"").contains("data-at=\"e8\""));
    let board = tag_with(&html, "data-testid=\"hadang-board\"");
    assert!(
        board.contains("data-turn=\"human\"") && board.contains("data-ply=\"3\""),
        "{board}"
    );
    assert!(html.contains("class=\"target-dot\""), "targets on my turn");
    let walls = |seat| Hadang::facts(Lang::En, &table, &tap, seat)[0].value.clone();
    assert_eq!(
        (walls(Seat::First), walls(Seat::Second)),
        ("9".to_string(), "10".to_string())
    );
}

#[test]
fn h1_each_player_sees_their_own_pawn_at_the_bottom() {
    let tap = HadangTap::default();
    let first = ssr::board(&hadang_table(Seat::First, &[], None).unwrap(), &tap, None, Lang::En);
    let second = ssr::board(&hadang_table(Seat::Second, &[], None).unwrap(), &tap, None, Lang::En);
    assert!(tag_with(&first, "data-testid=\"hadang-board\"").contains("data-flipped=\"false\""));
    assert!(tag_with(&second, "data-testid=\"hadang-board\"").contains("data-flipped=\"true\""));
    assert!(second.contains("rotate(180"), "Player 2's board is turned");
}

#[test]
fn hadang_corrupt_move_list_is_refused_naming_the_move() {
    let error = hadang_table(Seat::First, &texts(&["e2", "e8", "e5"]), None).unwrap_err();
    assert!(error.starts_with("move 2 `e5`: H"), "{error}");
    let error = hadang_table(Seat::First, &texts(&["e2", "nonsense"]), None).unwrap_err();
    assert!(error.starts_with("move 1 `nonsense`: "), "{error}");
}

#[test]
fn h17_hadang_resignation_and_timeout_are_shown_over() {
    let (positions, moves) = hadang_game(6);
    let k = 4;
    let local = positions[k].seat_to_move().unwrap();
    let table = hadang_table(local, &moves[..k], resigned(local)).unwrap();
    assert!(table.is_over());
    assert_eq!(table.to_move(), None);
    assert!(!table.can_act);
    assert!(HadangTap::default().targets(&table).is_empty());
    assert_eq!(idle_reason(&table), Some("toast-game-over"));
    assert_eq!(
        result_of(&table),
        (en("result-you-lose"), "opponent", en("reason-you-resigned"))
    );
    let html = ssr::board(&table, &HadangTap::default(), None, Lang::En);
    assert!(tag_with(&html, "data-testid=\"hadang-board\"").contains("data-status=\"over\""));
    assert!(!html.contains("class=\"target-dot\""));

    let table = hadang_table(local, &moves[..k], timed_out(local.other())).unwrap();
    assert_eq!(table.outcome, timed_out(local.other()));
    assert_eq!(
        result_of(&table),
        (en("result-you-win"), "human", en("reason-their-time"))
    );
    let claimed = Some(Outcome::win(local, EndReason::GoalReached));
    assert!(hadang_table(local, &moves[..k], claimed).is_err());
}

// ---------------------------------------------------------------- Backgammon

fn bg_room() -> RoomOptions {
    RoomOptions::new(GameId::Backgammon)
}

fn bg_game(seed: u64) -> (Vec<Backgammon>, Vec<String>) {
    random_game(Backgammon::start(), seed, 2_000)
}

fn bg_table(seat: Seat, moves: &[String], outcome: Option<Outcome>) -> Result<Table<Backgammon>, String> {
    let snap = public_snapshot::<Backgammon>(bg_room(), &Default::default(), seat, moves, outcome);
    online::table::<Backgammon>(&snap)
}

/// The same game offline between two people on one device, local at `local`.
fn bg_offline(local: Seat, moves: &[String]) -> LocalGame<Backgammon> {
    let mut game = Backgammon::start();
    let mut record = Record::<Backgammon>::new(Default::default(), 0);
    for text in moves {
        let mv = Game::parse_move(&game, text).unwrap();
        record.play(&mut game, mv).unwrap();
    }
    let save = SavedMatch {
        version: SAVE_VERSION,
        game: Some(GameId::Backgammon),
        record,
        players: [Player::Human; 2],
        local,
        game_index: 0,
        alternate: None,
        verdict: None,
        clock: None,
        resigned: None,
        hints: 0,
    };
    LocalGame::new(Match::from_save(save, 0).unwrap())
}

/// What the board shows and offers for `tap` on `table`.
fn bg_shown(table: &Table<Backgammon>, tap: &BgTap) -> impl PartialEq + std::fmt::Debug {
    let board = tap.turn(table).map_or(*table.view.board(), |t| t.board());
    (
        Checkers::new(&board, table.view.board_seat(), table.bottom),
        tap.turn(table)
            .map(|t| (t.dice_faces(), t.must_pass(), t.is_complete())),
        tap.movable(table),
        tap.targets(table),
        tap.selected(table),
        table.last,
        table.history.first().copied(),
    )
}

#[test]
fn backgammon_online_replays_every_prefix_as_offline() {
    for seed in [1, 2] {
        let (positions, moves) = bg_game(seed);
        assert!(Game::outcome(positions.last().unwrap()).is_some(), "a random game ends");
        let mut points: Vec<usize> = prefixes(moves.len());
        points.extend((0..moves.len()).step_by(7));
        for k in points {
            for local in Seat::BOTH {
                let online = bg_table(local, &moves[..k], None).unwrap();
                check_table(&online, local, &positions, &moves, k);
                let offline = bg_offline(local, &moves[..k]).table();
                let replayed = &positions[k];
                let local_acts = replayed.to_move().is_none_or(|s| s == local) && Game::outcome(replayed).is_none();
                assert_eq!(online.can_act, local_acts, "prefix {k}");
                assert_eq!(online.may_roll(), local_acts && Game::turn(replayed) == Turn::Chance);
                assert_eq!(
                    online.moving(),
                    local_acts && matches!(Game::turn(replayed), Turn::Seat(_))
                );
                if local_acts {
                    // Offline between two people the seat to act views the
                    // table; it is the same table as online.
                    assert_eq!(online, offline, "seed {seed} prefix {k} local {local:?}");
                } else {
                    // Offline the other seat is a person here too; online
                    // its checkers are never offered on this device.
                    let tap = BgTap::default();
                    assert!(tap.movable(&online).is_empty() && tap.targets(&online).is_empty());
                    assert_eq!(online.view, offline.view);
                    assert_eq!(online.last, offline.last);
                    assert_eq!(online.bottom, offline.bottom);
                }
            }
        }
    }
}

#[test]
fn b5_online_roll_is_requested_from_the_server() {
    let (positions, moves) = bg_game(3);
    // The opening roll (B4): either seat may ask for it.
    for local in Seat::BOTH {
        let table = bg_table(local, &[], None).unwrap();
        assert!(table.may_roll() && table.can_act);
        let mut tap = BgTap::default();
        assert_eq!(tap.command(&table, BgCommand::Roll), Tapped::Roll);
        assert_eq!(
            tap.tap(&table, Spot::Point(6)),
            Tapped::Roll,
            "a board tap asks for the roll too"
        );
        assert_eq!(tap.tap(&table, Spot::Felt), Tapped::Roll, "the felt too");
        let buttons = tap.buttons(&table);
        assert_eq!(buttons.len(), 1);
        assert_eq!(buttons[0].testid, "roll");
        let html = ssr::board(&table, &tap, None, Lang::En);
        assert!(html.contains("data-phase=\"roll\""));
    }
    // A later roll: asked by its owner, not offered to the other seat.
    let k = (2..moves.len())
        .find(|&k| Game::turn(&positions[k]) == Turn::Chance)
        .unwrap();
    let roller = positions[k].to_move().unwrap();
    let mine = bg_table(roller, &moves[..k], None).unwrap();
    assert!(mine.may_roll() && mine.can_act && !mine.moving());
    assert_eq!(BgTap::default().command(&mine, BgCommand::Roll), Tapped::Roll);
    let theirs = bg_table(roller.other(), &moves[..k], None).unwrap();
    assert!(!theirs.may_roll() && !theirs.can_act);
    let mut tap = BgTap::default();
    assert!(!matches!(
        tap.command(&theirs, BgCommand::Roll),
        Tapped::Roll | Tapped::Play(_)
    ));
    assert!(!matches!(
        tap.tap(&theirs, Spot::Point(6)),
        Tapped::Roll | Tapped::Play(_)
    ));
    assert!(!matches!(
        tap.command(&theirs, BgCommand::Done),
        Tapped::Roll | Tapped::Play(_)
    ));
    assert!(tap.buttons(&theirs).is_empty());
    let html = ssr::board(&theirs, &tap, None, Lang::En);
    assert!(html.contains("data-phase=\"wait\"") && html.contains("data-turn=\"wait\""));
}

/// Builds the turn by taps: pick the first movable checker and its first
/// target until the turn is complete.
fn bg_play_turn(tap: &mut BgTap, table: &Table<Backgammon>) {
    let mut guard = 0;
    loop {
        let turn = tap.turn(table).expect("a turn to build");
        if turn.is_complete() || turn.must_pass() {
            return;
        }
        let from = tap.movable(table)[0];
        assert_eq!(tap.tap(table, from), Tapped::Changed);
        assert_eq!(tap.selected(table), Some(from));
        let to = tap.targets(table)[0];
        assert_eq!(tap.tap(table, to), Tapped::Changed);
        guard += 1;
        assert!(guard <= 4, "at most four steps");
    }
}

#[test]
fn b6_after_the_servers_roll_the_turn_builds_and_sends_as_offline() {
    let (positions, moves) = bg_game(4);
    let mut checked = 0;
    for k in 1..moves.len() {
        // Snapshots right after a roll (or the opening) with a play to make.
        let Turn::Seat(mover) = Game::turn(&positions[k]) else {
            continue;
        };
        if !(moves[k - 1].starts_with("roll") || moves[k - 1].starts_with("opening")) {
            continue;
        }
        let online = bg_table(mover, &moves[..k], None).unwrap();
        let mut offline = bg_offline(mover, &moves[..k]);
        assert!(online.moving(), "prefix {k}");
        let mut tap = BgTap::default();
        bg_play_turn(&mut tap, &online);
        // The same taps offline.
        let mut guard = 0;
        loop {
            let table = offline.table();
            let turn = offline.tap.turn(&table).unwrap();
            if turn.is_complete() || turn.must_pass() {
                break;
            }
            let from = offline.tap.movable(&table)[0];
            assert_eq!(offline.tap(from, 0), Answer::Changed);
            let to = offline.tap.targets(&offline.table())[0];
            assert_eq!(offline.tap(to, 0), Answer::Changed);
            guard += 1;
            assert!(guard <= 4);
        }
        assert_eq!(bg_shown(&online, &tap), bg_shown(&offline.table(), &offline.tap));
        let Tapped::Play(mv) = tap.command(&online, BgCommand::Done) else {
            panic!("the built turn is played");
        };
        let sent = online.notation(&mv);
        assert_eq!(offline.command(BgCommand::Done, 0), Answer::Played);
        let played = offline.game.record().moves.last().cloned().unwrap();
        assert_eq!(played, mv, "online sends what offline plays");
        let mut next = moves[..k].to_vec();
        next.push(sent);
        let echoed = bg_table(mover, &next, None).unwrap();
        assert_eq!(&echoed.view, offline.game.position());
        assert_eq!(echoed.last, Some((mover, mv)));
        assert!(!echoed.can_act, "the opponent rolls next");
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
        let table = bg_table(local, &[], None).unwrap();
        let view = Checkers::new(table.view.board(), table.view.board_seat(), table.bottom);
        // B2: every player starts with two checkers on their own 24-point.
        assert_eq!(view.points[24], 2, "{local:?}");
        assert_eq!(view.points[1], -2, "{local:?}");
        assert_eq!(view.pips, [167, 167]);
    }
    // After an opening won by White, Black (local Second) still sees its
    // own checkers on its own numbers.
    let moves = texts(&["opening 6-1", "13/7 8/7"]);
    let black = bg_table(Seat::Second, &moves, None).unwrap();
    let view = Checkers::new(black.view.board(), black.view.board_seat(), black.bottom);
    assert_eq!(view.points[24], 2);
    assert_eq!(view.points[18], -2, "White's point made on its 7 is Black's 18");
    let html = ssr::board(&black, &BgTap::default(), None, Lang::En);
    assert!(class_of(&html, "data-point=\"18\"").contains("last"));
    assert_eq!(html.matches("class=\"last-mark\"").count(), 1);
    assert!(html.contains("data-phase=\"roll\""), "Black rolls next");
}

#[test]
fn b12_online_pass_is_sent_as_pass() {
    // Random games until one has a roll that cannot be played.
    for seed in 5..60 {
        let (positions, moves) = bg_game(seed);
        let pass = (1..moves.len()).find(|&k| moves[k] == "pass");
        let Some(k) = pass else { continue };
        let mover = positions[k].to_move().unwrap();
        let table = bg_table(mover, &moves[..k], None).unwrap();
        let mut tap = BgTap::default();
        assert!(table.moving());
        assert!(tap.turn(&table).unwrap().must_pass());
        assert!(tap.movable(&table).is_empty());
        let Tapped::Play(mv) = tap.command(&table, BgCommand::Done) else {
            panic!("the pass is played");
        };
        assert_eq!(table.notation(&mv), "pass");
        return;
    }
    panic!("no pass in 55 random games");
}

#[test]
fn b3_backgammon_corrupt_move_list_is_refused_naming_the_move() {
    let error = bg_table(Seat::First, &texts(&["opening 6-1", "24/1"]), None).unwrap_err();
    assert!(error.starts_with("move 1 `24/1`: B"), "{error}");
    let error = bg_table(Seat::First, &texts(&["opening 6-1", "13/7 8/7", "roll 9-1"]), None).unwrap_err();
    assert!(error.starts_with("move 2 `roll 9-1`: "), "{error}");
    let error = bg_table(Seat::First, &texts(&["13/7 8/7"]), None).unwrap_err();
    assert!(error.starts_with("move 0 `13/7 8/7`: "), "{error}");
}

#[test]
fn b16_backgammon_resignation_and_timeout_are_shown_over() {
    let moves = texts(&["opening 6-1"]);
    let table = bg_table(Seat::First, &moves, resigned(Seat::First)).unwrap();
    assert!(table.is_over());
    assert!(!table.can_act && !table.moving() && !table.may_roll());
    assert_eq!(
        result_of(&table),
        (en("result-you-lose"), "opponent", en("reason-you-resigned"))
    );
    assert_eq!(idle_reason(&table), Some("toast-game-over"));
    let mut tap = BgTap::default();
    assert!(tap.movable(&table).is_empty());
    assert!(!matches!(tap.command(&table, BgCommand::Done), Tapped::Play(_)));
    assert!(!matches!(tap.command(&table, BgCommand::Roll), Tapped::Roll));
    assert!(tap.buttons(&table).is_empty());
    let html = ssr::board(&table, &tap, None, Lang::En);
    assert!(html.contains("data-phase=\"over\""));

    let table = bg_table(Seat::Second, &moves, timed_out(Seat::First)).unwrap();
    assert_eq!(
        result_of(&table),
        (en("result-you-win"), "human", en("reason-their-time"))
    );
    let info = result_info(Lang::En, Seating::Online { local: Seat::Second }, &table, Vec::new()).unwrap();
    assert_eq!(info.points.map(|(p, _)| p), Some(1), "backgammon scores points");
}

// ---------------------------------------------------------------- Jun Qi

fn junqi_room() -> RoomOptions {
    RoomOptions::new(GameId::Junqi)
}

/// A random game of `plies` actions; the position and its move list.
fn junqi_game(seed: u64, plies: usize) -> (JunQi, Vec<String>) {
    let start = Record::<JunQi>::new(JunQiOptions::default(), seed).start().unwrap();
    let (positions, moves) = random_game(start, seed ^ 0x5EED, plies);
    (positions.last().unwrap().clone(), moves)
}

/// A position where colours are decided and the side to move has a move.
fn junqi_midgame(seed: u64) -> (Adjudicated<JunQi>, Vec<String>) {
    for plies in (20..200).step_by(3) {
        let (game, moves) = junqi_game(seed, plies);
        let legal = game.legal_moves();
        if Game::outcome(&game).is_none() && legal.iter().any(|m| matches!(m, JunQiAction::Move { .. })) {
            return (Adjudicated::new(game), moves);
        }
    }
    panic!("no midgame for seed {seed}");
}

fn junqi_table(game: &Adjudicated<JunQi>, seat: Seat, moves: &[String]) -> Result<Table<JunQi>, String> {
    online::table::<JunQi>(&snapshot(junqi_room(), game, seat, moves))
}

#[test]
fn junqi_online_shows_the_seats_view_and_whose_turn() {
    for seed in [1, 2, 3] {
        let start = Record::<JunQi>::new(JunQiOptions::default(), seed).start().unwrap();
        for plies in [0, 1, 5, 30] {
            let (position, moves) = junqi_game(seed, plies);
            let game = Adjudicated::new(position);
            for seat in Seat::BOTH {
                let table = junqi_table(&game, seat, &moves).unwrap();
                assert_eq!(table.view, game.game().view(seat));
                assert_eq!((table.viewer, table.bottom), (seat, seat));
                assert_eq!(table.can_act, game.turn() == Turn::Seat(seat));
                assert_eq!(table.to_move(), game.game().seat_to_move());
                assert_eq!(table.ply, game.game().plies() as usize);
                let notation: Vec<String> = table.history.iter().map(|m| table.notation(m)).collect();
                assert_eq!(notation, moves);
                let tap = JunQiTap::default();
                assert_eq!(tap.selected(), None);
                if !table.can_act {
                    assert!(tap.movable(&table).is_empty() && table.legal().is_empty());
                }
                // J6: who was drawn to move first.
                match plies {
                    0 => assert_eq!(table.to_move(), start.seat_to_move(), "J6"),
                    _ => {
                        let last = table.view.last_action().map(|l| (l.seat, l.action));
                        assert_eq!(table.last, last);
                        let last_text = table.last.as_ref().map(|(_, a)| table.notation(a));
                        assert_eq!(last_text.as_ref(), moves.last());
                    }
                }
                if plies == 1 {
                    let who = |s: Seat| format!("<{s:?}>");
                    let notices = JunQi::notices(Lang::En, &table, &tap, &who);
                    let first = notices
                        .iter()
                        .find(|n| n.testid == "junqi-first-mover")
                        .expect("J6 notice");
                    assert!(
                        first.text.contains(&who(start.seat_to_move().unwrap())),
                        "{}",
                        first.text
                    );
                }
            }
        }
    }
}

#[test]
fn j9_select_targets_and_send_a_move() {
    let (game, moves) = junqi_midgame(4);
    let seat = game.game().seat_to_move().unwrap();
    let table = junqi_table(&game, seat, &moves).unwrap();
    let mut tap = JunQiTap::default();
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
    assert_eq!(tap.movable(&table), expected_movable);

    let from = expected_movable[0];
    assert_eq!(tap.tap(&table, from), Tapped::Changed);
    assert_eq!(tap.selected(), Some(from));
    let expected_targets: Vec<Square> = legal
        .iter()
        .filter_map(|m| match m {
            JunQiAction::Move { from: f, to } if *f == from => Some(*to),
            _ => None,
        })
        .collect();
    assert_eq!(tap.targets(&table), expected_targets);
    // Tapping the selected piece again drops it; selecting again and
    // tapping a target sends the move in the server's notation.
    assert_eq!(tap.tap(&table, from), Tapped::Changed);
    assert_eq!(tap.selected(), None);
    assert!(tap.targets(&table).is_empty());
    tap.tap(&table, from);
    let to = expected_targets[0];
    let Tapped::Play(action) = tap.tap(&table, to) else {
        panic!("a target makes the move");
    };
    assert_eq!(action, JunQiAction::Move { from, to });
    let sent = table.notation(&action);
    assert_eq!(sent, game.format_move(&action));
    assert_eq!(tap.selected(), None);
    // The server accepts exactly that text.
    let mut played = game.clone();
    played.play(&played.parse_move(&sent).unwrap()).unwrap();
}

#[test]
fn j7_tap_on_a_face_down_post_sends_the_reveal() {
    let (position, moves) = junqi_game(5, 0);
    let game = Adjudicated::new(position);
    let seat = game.game().seat_to_move().unwrap();
    let table = junqi_table(&game, seat, &moves).unwrap();
    let square = Square::all().find(|&s| table.view.post(s) == Post::FaceDown).unwrap();
    let Tapped::Play(action) = JunQiTap::default().tap(&table, square) else {
        panic!("a face-down post is revealed");
    };
    assert_eq!(table.notation(&action), format!("flip {square}"));
    // With a piece selected, a face-down tap still means "reveal this".
    let (game, moves) = junqi_midgame(6);
    let seat = game.game().seat_to_move().unwrap();
    let table = junqi_table(&game, seat, &moves).unwrap();
    let face_down = Square::all().find(|&s| table.view.post(s) == Post::FaceDown);
    if let Some(face_down) = face_down {
        let mut tap = JunQiTap::default();
        let from = tap.movable(&table)[0];
        tap.tap(&table, from);
        let Tapped::Play(action) = tap.tap(&table, face_down) else {
            panic!("a face-down post is revealed");
        };
        assert_eq!(table.notation(&action), format!("flip {face_down}"));
    }
}

#[test]
fn junqi_tap_elsewhere_is_refused_by_rule_or_says_why() {
    let (game, moves) = junqi_midgame(7);
    let seat = game.game().seat_to_move().unwrap();
    let table = junqi_table(&game, seat, &moves).unwrap();
    let mut tap = JunQiTap::default();
    let from = tap.movable(&table)[0];
    tap.tap(&table, from);
    let targets = tap.targets(&table);
    let empty = Square::all()
        .find(|&s| table.view.post(s) == Post::Empty && !targets.contains(&s))
        .expect("an empty post that is no target");
    // A move there breaks a movement rule; the pick is dropped.
    let refused = tap.tap(&table, empty);
    assert!(
        matches!(&refused, Tapped::Refused(e) if [rule::J9, rule::J10].contains(&e.rule)),
        "{refused:?}"
    );
    assert_eq!(tap.selected(), None);
    assert_eq!(tap.tap(&table, empty), Tapped::Ignored("junqi-toast-empty"));
    let mine = table.view.my_colour().unwrap();
    if let Some(theirs) =
        Square::all().find(|&s| matches!(table.view.post(s), Post::Revealed { colour, .. } if colour != mine))
    {
        let refused = tap.tap(&table, theirs);
        assert!(
            matches!(&refused, Tapped::Refused(e) if e.rule == rule::J7),
            "{refused:?}"
        );
    }
}

#[test]
fn junqi_the_remote_turn_offers_nothing() {
    let (game, moves) = junqi_midgame(8);
    let waiting = game.game().seat_to_move().unwrap().other();
    let table = junqi_table(&game, waiting, &moves).unwrap();
    assert!(!table.can_act && !table.moving());
    assert!(table.legal().is_empty());
    let tap = JunQiTap::default();
    assert!(tap.movable(&table).is_empty());
    assert_eq!(tap.prompt(&table), None);
    let html = ssr::board(&table, &tap, None, Lang::En);
    assert!(tag_with(&html, "data-testid=\"junqi-board\"").contains("data-turn=\"wait\""));
    assert!(!html.contains(" movable"));
    assert!(idle_reason(&table).is_some(), "the frame says wait before any tap");
}

#[test]
fn j20_junqi_resignation_timeout_and_abandonment_are_shown_over() {
    let (mut game, moves) = junqi_midgame(9);
    let seat = game.game().seat_to_move().unwrap();
    let live = snapshot(junqi_room(), &game, seat.other(), &moves);
    game.resign(seat).unwrap();
    // The verdict travels in the view JSON; the outcome beside it agrees.
    let snap = snapshot(junqi_room(), &game, seat, &moves);
    assert!(snap.view.as_ref().unwrap()["verdict"].is_object());
    let table = online::table::<JunQi>(&snap).unwrap();
    assert!(table.is_over());
    assert_eq!(table.outcome, resigned(seat));
    assert_eq!(
        result_of(&table),
        (en("result-you-lose"), "opponent", en("reason-you-resigned"))
    );
    assert_eq!(idle_reason(&table), Some("toast-game-over"));
    assert!(JunQiTap::default().movable(&table).is_empty());
    // The outcome alone (a snapshot taken as the verdict came) is enough too.
    let mut timed = live.clone();
    timed.outcome = timed_out(seat);
    timed.status = RoomStatus::Over;
    let table = online::table::<JunQi>(&timed).unwrap();
    assert!(!table.can_act);
    assert_eq!(
        result_of(&table),
        (en("result-you-win"), "human", en("reason-their-time"))
    );
    let mut left = live;
    left.outcome = Some(Outcome::win(seat.other(), EndReason::Abandoned));
    left.status = RoomStatus::Over;
    let table = online::table::<JunQi>(&left).unwrap();
    assert_eq!(
        result_of(&table),
        (en("result-you-win"), "human", en("reason-they-left"))
    );
}

#[test]
fn j21_malformed_snapshots_are_refused_with_a_message() {
    let (game, moves) = junqi_midgame(10);
    let seat = game.game().seat_to_move().unwrap();
    let good = snapshot(junqi_room(), &game, seat, &moves);
    let refuse = |change: &dyn Fn(&mut Snapshot)| {
        let mut snap = good.clone();
        change(&mut snap);
        online::table::<JunQi>(&snap).unwrap_err()
    };
    let error = refuse(&|s| s.view = None);
    assert!(error.contains("no view"), "{error}");
    let error = refuse(&|s| s.view = Some(serde_json::json!({"board": []})));
    assert!(error.contains("no `game`"), "{error}");
    let error = refuse(&|s| s.view = Some(serde_json::json!({"game": {"seat": "First"}})));
    assert!(error.contains("cannot be read"), "{error}");
    let error = refuse(&|s| {
        let view = s.view.as_mut().unwrap();
        view["game"]["board"].as_array_mut().unwrap().pop();
    });
    assert!(error.contains("cannot be read"), "{error}");
    // Another seat's view is not this seat's.
    let error = refuse(&|s| s.seat = seat.other());
    assert!(error.contains("belongs to"), "{error}");
    // The view and the move list must be at the same ply.
    let error = refuse(&|s| {
        s.moves.pop();
    });
    assert!(error.contains("at ply"), "{error}");
    let error = refuse(&|s| s.moves[0] = "hello".into());
    assert!(error.starts_with("move 0 `hello`: "), "{error}");
}
