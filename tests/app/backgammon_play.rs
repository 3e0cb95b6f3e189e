//! Backgammon as a person plays it, UI-free. Each test names the rule it
//! exercises.
//!
//! Positions a game rarely reaches are set on a table by hand and tapped
//! through the same tap state the play screen uses (`BgTap`), whose chosen
//! play then goes through the rules; whole games, the dice, bot turns,
//! undo, resign and saves go through `LocalGame` / `Match`.

use papan::games::backgammon::tap::{BgCommand, BgTap, Spot};
use papan::i18n::{rule_key, tr, tr_args, Lang};
use papan::play::matches::BotJob;
use papan::play::player::from_setup;
use papan::play::save::{save_key, SaveError};
use papan::play::{Answer, LocalGame, Match, Player, Table, TapState, Tapped};
use papan::shell::offline::{result_info, seating};
use papan::shell::slot;
use papan::storage::Store;
use papan_bots::Level;
use papan_rules::backgammon::{step_sequences, Backgammon, BackgammonOptions, BgMove, Board, Dice, TurnBuilder};
use papan_rules::clock::Tempo;
use papan_rules::{rule, EndReason, Game, GameId, RuleId, Seat, SeatView, Turn};

fn p(n: u8) -> Spot {
    Spot::Point(n)
}

/// A position on a table, tapped through the play screen's tap state.
struct Desk {
    position: Backgammon,
    /// The seat drawn at the bottom: spots are in its numbering.
    bottom: Seat,
    tap: BgTap,
    played: Vec<BgMove>,
}

impl Desk {
    fn new(position: Backgammon, bottom: Seat) -> Desk {
        Desk {
            position,
            bottom,
            tap: BgTap::default(),
            played: Vec::new(),
        }
    }

    /// White to play `high`-`low` on `board` (White's own numbering), White at the bottom.
    fn white(board: Board, high: u8, low: u8) -> Desk {
        let position = Backgammon::from_board(board, Seat::First, Dice::new(high, low)).unwrap();
        Desk::new(position, Seat::First)
    }

    /// The game after `moves` from the start.
    fn after(moves: &[&str], bottom: Seat) -> Desk {
        let mut position = Backgammon::start();
        for mv in moves {
            position.play(&mv.parse().unwrap()).unwrap();
        }
        Desk::new(position, bottom)
    }

    fn table(&self) -> Table<Backgammon> {
        let viewer = self.position.to_move().unwrap_or(self.bottom);
        Table {
            view: self.position.clone(),
            viewer,
            bottom: self.bottom,
            can_act: SeatView::may_act(&self.position, viewer),
            last: None,
            outcome: Game::outcome(&self.position),
            ply: self.played.len(),
            history: self.played.clone(),
        }
    }

    fn settle(&mut self, tapped: Tapped<BgMove>) -> Tapped<BgMove> {
        if let Tapped::Play(mv) = &tapped {
            self.position.play(mv).expect("the tap state chose a legal play");
            self.played.push(*mv);
            self.tap.reset();
        }
        tapped
    }

    fn tap(&mut self, spot: Spot) -> Tapped<BgMove> {
        let table = self.table();
        let tapped = self.tap.tap(&table, spot);
        self.settle(tapped)
    }

    /// "Done": the play the steps add up to, played.
    fn done(&mut self) -> Tapped<BgMove> {
        let table = self.table();
        let tapped = self.tap.command(&table, BgCommand::Done);
        self.settle(tapped)
    }

    /// The play just made, as text.
    fn last(&self) -> String {
        self.played.last().expect("a play was made").to_string()
    }

    fn turn(&self) -> TurnBuilder {
        self.tap.turn(&self.table()).expect("the viewer is to move")
    }

    fn board(&self) -> Board {
        self.turn().board()
    }

    fn movable(&self) -> Vec<Spot> {
        self.tap.movable(&self.table())
    }

    fn targets(&self) -> Vec<Spot> {
        self.tap.targets(&self.table())
    }

    fn selected(&self) -> Option<Spot> {
        self.tap.selected(&self.table())
    }

    fn can_undo(&self) -> bool {
        self.tap.can_undo(&self.table())
    }

    fn undo(&mut self) -> bool {
        let table = self.table();
        self.tap.undo(&table)
    }
}

fn refused(tapped: Tapped<BgMove>) -> RuleId {
    match tapped {
        Tapped::Refused(refusal) => {
            assert!(!refusal.message.is_empty());
            refusal.rule
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn new_match(opponent: Option<Level>, seed: u64) -> LocalGame<Backgammon> {
    LocalGame::new(
        Match::new(
            BackgammonOptions::default(),
            from_setup(opponent, true),
            Seat::First,
            Tempo::Unlimited,
            seed,
            0,
        )
        .unwrap(),
    )
}

#[test]
fn b6_normal_two_step_turn_by_taps() {
    let mut desk = Desk::white(Board::START, 6, 1);
    assert!(desk.table().moving());
    assert_eq!(desk.turn().dice_faces(), vec![(6, false), (1, false)]);
    assert_eq!(desk.tap(p(13)), Tapped::Changed);
    assert_eq!(desk.selected(), Some(p(13)));
    let targets = desk.targets();
    // The 6 alone, and both dice on the one checker (13/7/6) since 7 is
    // open; not the 1 alone: Black holds White's 12 (B8).
    assert!(targets.contains(&p(7)) && targets.contains(&p(6)), "{targets:?}");
    assert!(!targets.contains(&p(12)), "{targets:?}");
    assert_eq!(desk.tap(p(7)), Tapped::Changed);
    assert_eq!(desk.turn().dice_faces(), vec![(6, true), (1, false)]);
    assert!(!desk.turn().is_complete());
    // Done before the turn is built: the rules refuse under B11.
    assert_eq!(refused(desk.done()), rule::B11);
    assert!(desk.played.is_empty());
    let done = &desk.tap.buttons(&desk.table())[0];
    assert_eq!((done.testid, done.enabled), ("done", false));
    assert_eq!(desk.tap(p(8)), Tapped::Changed);
    assert_eq!(desk.targets(), vec![p(7)]);
    assert_eq!(desk.tap(p(7)), Tapped::Changed);
    assert!(desk.turn().is_complete());
    assert!(desk.tap.buttons(&desk.table())[0].enabled);
    let board = desk.board();
    assert_eq!(board.at(7), 2);
    assert_eq!(board.at(13), 4);
    assert_eq!(board.at(8), 2);
    assert!(matches!(desk.done(), Tapped::Play(_)));
    assert_eq!(desk.last(), "13/7 8/7");
    assert_eq!(Game::turn(&desk.position), Turn::Chance, "Black's roll is due (B5)");
    assert_eq!(desk.position.to_move(), Some(Seat::Second));
}

#[test]
fn b6_combined_dice_take_one_tap() {
    let mut desk = Desk::white(Board::START, 6, 1);
    desk.tap(p(13));
    assert_eq!(desk.tap(p(6)), Tapped::Changed);
    assert_eq!(desk.turn().steps().len(), 2);
    assert!(desk.turn().is_complete());
    desk.done();
    assert_eq!(desk.last(), "13/6");
}

#[test]
fn b11_undo_step_within_the_turn() {
    let mut desk = Desk::white(Board::START, 5, 2);
    let before = desk.board();
    desk.tap(p(13));
    desk.tap(p(8));
    assert_eq!(desk.turn().steps().len(), 1);
    assert!(desk.can_undo());
    assert!(desk.undo());
    assert!(desk.turn().steps().is_empty());
    assert_eq!(desk.board(), before);
    assert_eq!(desk.turn().dice_faces(), vec![(5, false), (2, false)]);
    assert!(!desk.can_undo(), "nothing left to take back");
    assert!(!desk.undo());
    // The turn can be rebuilt another way.
    for spot in [24, 22, 13, 8] {
        assert_eq!(desk.tap(p(spot)), Tapped::Changed, "tap {spot}");
    }
    assert!(matches!(desk.done(), Tapped::Play(_)));
    assert_eq!(desk.last(), "24/22 13/8");
}

#[test]
fn b11_undo_takes_back_a_step_before_the_last_decision() {
    // The action bar's one Undo: a checker moved this turn goes back first,
    // and the record is untouched.
    let mut game = new_match(None, 11);
    assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    assert!(game.table().moving());
    assert!(!game.can_undo(), "nothing to take back yet");
    let table = game.table();
    let from = game.tap.movable(&table)[0];
    assert_eq!(game.tap(from, 0), Answer::Changed);
    let to = game.tap.targets(&game.table())[0];
    assert_eq!(game.tap(to, 0), Answer::Changed);
    let ply = game.game.ply();
    assert!(!game.tap.turn(&game.table()).unwrap().steps().is_empty());
    assert!(!game.game.can_undo(), "no decision of the match to take back");
    assert!(game.can_undo());
    assert!(game.undo());
    assert!(game.tap.turn(&game.table()).unwrap().steps().is_empty());
    assert_eq!(game.game.ply(), ply, "the dice stay rolled");
    assert!(!game.can_undo());
}

#[test]
fn b10_entering_from_the_bar_comes_first() {
    // White has one checker on the bar; Black holds White's 20 and 19.
    let board = Board::from_points(
        &[(25, 1), (13, 5), (8, 3), (6, 5), (24, 1)],
        &[(20, 2), (19, 2), (1, 2)],
    )
    .unwrap();
    let mut desk = Desk::white(board, 5, 3);
    assert_eq!(desk.movable(), vec![Spot::Bar], "only the bar checker may move (B10)");
    assert_eq!(refused(desk.tap(p(13))), rule::B10);
    assert_eq!(desk.selected(), None);
    assert_eq!(desk.tap(Spot::Bar), Tapped::Changed);
    assert_eq!(desk.selected(), Some(Spot::Bar));
    // 5 enters on 20 (blocked), 3 enters on 22: only 22, then on with the 5.
    let targets = desk.targets();
    assert!(targets.contains(&p(22)), "{targets:?}");
    assert!(!targets.contains(&p(20)), "20 holds two Black checkers (B8)");
    assert_eq!(desk.tap(p(22)), Tapped::Changed);
    assert_eq!(desk.board().my_bar(), 0);
    assert!(desk.movable().len() > 1, "after entering, other checkers move too");
    desk.tap(p(13));
    desk.tap(p(8));
    desk.done();
    assert_eq!(desk.last(), "bar/22 13/8");
}

#[test]
fn b14_bearing_off_with_a_higher_die() {
    // All home: three on 2, one on 1, the rest off.
    let board = Board::from_points(&[(2, 3), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let mut desk = Desk::white(board, 6, 1);
    assert_eq!(desk.tap(p(2)), Tapped::Changed);
    let targets = desk.targets();
    assert!(
        targets.contains(&Spot::Off),
        "2 is the highest point: off with the 6 (B14): {targets:?}"
    );
    assert!(targets.contains(&p(1)));
    assert_eq!(desk.tap(Spot::Off), Tapped::Changed);
    assert_eq!(desk.board().my_off(), 12);
    assert_eq!(desk.turn().dice_faces(), vec![(6, true), (1, false)]);
    assert!(!desk.turn().is_complete());
    // The 1 bears off exactly from 1.
    assert_eq!(desk.tap(p(1)), Tapped::Changed);
    assert_eq!(desk.targets(), vec![Spot::Off]);
    desk.tap(Spot::Off);
    assert_eq!(desk.board().my_off(), 13);
    desk.done();
    assert_eq!(desk.last(), "2/off 1/off");
}

#[test]
fn b14_both_dice_bear_off_from_the_highest_point_forced() {
    let board = Board::from_points(&[(2, 3), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let mut desk = Desk::white(board, 6, 5);
    let turn = desk.turn();
    assert!(
        turn.is_complete() && turn.forced_played(),
        "6-5 can only take two off 2"
    );
    assert_eq!(desk.board().my_off(), 13);
    assert!(desk.tap.buttons(&desk.table())[0].enabled);
    desk.done();
    assert_eq!(desk.last(), "2/off(2)");
}

#[test]
fn b14_no_off_while_a_higher_checker_waits() {
    // Checkers on 6 and 5 with 6-1: 5 may not bear off with the 6 first.
    let board = Board::from_points(&[(6, 1), (5, 1)], &[(24, 2), (19, 13)]).unwrap();
    let mut desk = Desk::white(board, 6, 1);
    assert_eq!(desk.tap(p(5)), Tapped::Changed);
    assert!(!desk.targets().contains(&Spot::Off), "{:?}", desk.targets());
    assert_eq!(refused(desk.tap(Spot::Off)), rule::B14);
    assert_eq!(desk.selected(), None, "a refusal drops the pick");
    for seq in step_sequences(desk.position.board(), Dice::new(6, 1).unwrap()) {
        let first = seq[0];
        assert!(
            !(first.from == 5 && first.to == 0),
            "5/off with a 6 while 6 is occupied: {seq:?}"
        );
    }
}

#[test]
fn b12_no_legal_move_notice_and_pass() {
    // White on the bar, Black holds all six entry points.
    let board = Board::from_points(
        &[(25, 1), (6, 14)],
        &[(24, 2), (23, 2), (22, 2), (21, 2), (20, 2), (19, 2)],
    )
    .unwrap();
    let mut desk = Desk::white(board, 6, 5);
    assert!(desk.turn().must_pass());
    assert!(desk.movable().is_empty());
    assert!(
        desk.turn().dice_faces().iter().all(|(_, used)| *used),
        "dead dice are greyed"
    );
    assert_eq!(desk.tap(Spot::Bar), Tapped::Ignored("backgammon-toast-no-move"));
    let pass = &desk.tap.buttons(&desk.table())[0];
    assert_eq!((pass.label, pass.enabled), ("backgammon-pass-ok", true));
    desk.done();
    assert_eq!(desk.last(), "pass");
    assert_eq!(desk.position.to_move(), Some(Seat::Second));
}

#[test]
fn b11_forced_move_is_played_for_you() {
    // One checker out on 8, one home on 1: with 6-5 every legal play ends
    // with only the checker on 1 left (8/2 2/off or 8/3 3/off).
    let board = Board::from_points(&[(8, 1), (1, 1)], &[(24, 2), (19, 13)]).unwrap();
    let mut desk = Desk::white(board, 6, 5);
    assert!(desk.turn().is_complete(), "the whole play is forced");
    assert!(desk.turn().forced_played());
    assert!(!desk.can_undo(), "forced steps are not the player's to undo");
    let board = desk.board();
    assert_eq!(board.at(8), 0);
    assert_eq!(board.at(1), 1);
    assert_eq!(board.my_off(), 14);
    assert_eq!(desk.tap(p(1)), Tapped::Ignored("backgammon-toast-tap-done"));
    assert!(matches!(desk.done(), Tapped::Play(_)));
    assert_eq!(desk.position.to_move(), Some(Seat::Second));
}

#[test]
fn b7_doubles_give_four_steps() {
    let mut desk = Desk::white(Board::START, 3, 3);
    assert_eq!(desk.turn().dice_faces().len(), 4);
    for (from, to) in [(24, 21), (24, 21), (13, 10), (13, 10)] {
        assert!(!desk.turn().is_complete());
        assert_eq!(desk.tap(p(from)), Tapped::Changed);
        assert_eq!(desk.selected(), Some(p(from)));
        assert_eq!(desk.tap(p(to)), Tapped::Changed, "{from}/{to}");
    }
    assert!(desk.turn().dice_faces().iter().all(|(d, used)| *d == 3 && *used));
    assert!(desk.turn().is_complete());
    assert_eq!(desk.board().at(21), 2);
    desk.done();
    assert_eq!(desk.last(), "24/21(2) 13/10(2)");
}

#[test]
fn b7_doubles_one_checker_many_steps_in_one_tap() {
    let mut desk = Desk::white(Board::START, 2, 2);
    desk.tap(p(13));
    let targets = desk.targets();
    for t in [11, 9, 7, 5] {
        assert!(targets.contains(&p(t)), "13 reaches {t} with 2-2: {targets:?}");
    }
    desk.tap(p(5));
    assert!(desk.turn().is_complete());
    assert_eq!(desk.turn().steps().len(), 4);
}

#[test]
fn b1_points_are_tapped_in_the_bottom_seats_numbering() {
    // White won the opening 3-1: White's device plays 8/5 6/5.
    let mut white = Desk::after(&["opening 3-1"], Seat::First);
    white.tap(p(8));
    white.tap(p(5));
    white.tap(p(6));
    white.tap(p(5));
    white.done();
    assert_eq!(white.last(), "8/5 6/5");
    // Black won 1-3 and moves on a board drawn with White at the bottom
    // (two people, the first seat's side down): Black's 8 is White's 17.
    let mut black = Desk::after(&["opening 1-3"], Seat::First);
    assert_eq!(black.position.to_move(), Some(Seat::Second));
    let movable = black.movable();
    assert!(movable.contains(&p(17)) && movable.contains(&p(19)), "{movable:?}");
    black.tap(p(17));
    black.tap(p(20));
    black.tap(p(19));
    black.tap(p(20));
    black.done();
    assert_eq!(black.last(), "8/5 6/5", "notation is the mover's own");
}

#[test]
fn b4_opening_roll_by_tap_decides_who_starts() {
    let mut game = new_match(Some(Level::Beginner), 42);
    assert!(game.table().may_roll());
    assert!(game.game.bot_job().is_none(), "the person sets off the opening roll");
    let roll = game.tap.buttons(&game.table());
    assert_eq!(roll[0].testid, "roll");
    assert_eq!(game.tap(p(3), 0), Answer::Rolled, "tapping the board rolls (B5)");
    let Some(BgMove::Opening { white, black }) = game.game.record().moves.first().copied() else {
        panic!("the opening was rolled");
    };
    assert_ne!(white, black);
    let starter = if white > black { Seat::First } else { Seat::Second };
    assert_eq!(game.game.position().to_move(), Some(starter));
    assert_eq!(game.game.position().dice(), Dice::new(white, black));
    assert_eq!(game.table().moving(), starter == Seat::First);
    assert_eq!(
        matches!(game.game.bot_job(), Some(BotJob::Think { .. })),
        starter == Seat::Second
    );
}

#[test]
fn b5_dice_replay_from_the_seed() {
    let mut a = new_match(None, 9);
    let mut b = new_match(None, 9);
    assert_eq!(a.command(BgCommand::Roll, 0), Answer::Rolled);
    assert_eq!(b.command(BgCommand::Roll, 0), Answer::Rolled);
    assert_eq!(a.game.record(), b.game.record());
    assert_eq!(
        a.command(BgCommand::Roll, 0),
        Answer::Ignored("backgammon-toast-already-rolled")
    );
    assert_eq!(a.game.roll(0).unwrap_err().rule, RuleId::NoRollDue, "no roll is due");
    assert_eq!(a.game.ply(), 1);
}

#[test]
fn no_roll_due_a_second_roll_is_refused_with_its_own_id_and_toast() {
    let mut game = new_match(None, 9);
    assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    let before = game.clone();
    let refused = game.game.roll(0).unwrap_err();
    // Its own id, no longer backgammon's B5 (which is about how dice roll).
    assert_eq!(refused.rule, RuleId::NoRollDue);
    assert_ne!(refused.rule, rule::B5);
    assert_eq!(game, before, "the refusal changes nothing");
    assert_eq!(rule_key(refused.rule), "toast-no-roll-due");
    assert_eq!(tr(Lang::En, &rule_key(refused.rule)), "No roll is due now.");
    assert_eq!(tr(Lang::Id, &rule_key(refused.rule)), "Belum saatnya melempar dadu.");
    assert_eq!(
        tr(Lang::Fil, &rule_key(refused.rule)),
        "Hindi pa oras para ihagis ang dice."
    );
}

#[test]
fn not_your_turn_a_roll_on_the_bots_turn_is_refused_with_its_own_id() {
    let mut game = new_match(Some(Level::Beginner), 42);
    game.command(BgCommand::Roll, 0);
    if game.game.bot_job().is_none() {
        assert!(play_turn_by_taps(&mut game));
    }
    assert!(game.game.bot_job().is_some(), "the bot is to act");
    let before = game.clone();
    let refused = game.game.roll(0).unwrap_err();
    // Not "the game is over" (Ended) and not a backgammon rule (B5).
    assert_eq!(refused.rule, RuleId::NotYourTurn);
    assert_eq!(game, before, "the refusal changes nothing");
    assert_eq!(rule_key(refused.rule), "toast-not-your-turn");
    assert_eq!(tr(Lang::En, &rule_key(refused.rule)), "It is not your turn.");
    assert_ne!(tr(Lang::En, &rule_key(refused.rule)), tr(Lang::En, "toast-game-over"));
}

#[test]
fn b5_offline_roll_draws_the_dice_here() {
    let mut game = new_match(None, 5);
    assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    let table = game.table();
    let opening = table.history.last().copied().unwrap();
    assert!(table.notation(&opening).starts_with("opening "), "{opening}");
    assert_eq!(table.last, None, "a roll is not a seat's move");
}

/// Rolls if due, then plays the viewer's turn by taps: the first checker
/// on offer to its last target until the turn is built, then "Done".
/// Returns whether a play was made (not when the other side is to move).
fn play_turn_by_taps(game: &mut LocalGame<Backgammon>) -> bool {
    if game.table().may_roll() {
        assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    }
    if !game.table().moving() {
        return false;
    }
    let mut guard = 0;
    loop {
        let table = game.table();
        let turn = game.tap.turn(&table).expect("the viewer is to move");
        if turn.must_pass() || turn.is_complete() {
            break;
        }
        let from = game.tap.movable(&table)[0];
        assert_eq!(game.tap(from, 0), Answer::Changed);
        let to = *game
            .tap
            .targets(&game.table())
            .last()
            .expect("a movable checker has a target");
        assert_eq!(game.tap(to, 0), Answer::Changed);
        guard += 1;
        assert!(guard <= 4, "a turn has at most four steps");
    }
    assert_eq!(game.command(BgCommand::Done, 0), Answer::Played);
    true
}

#[test]
fn b16_whole_hotseat_game_by_taps_ends_with_a_result() {
    let mut game = new_match(None, 2024);
    let mut turns = 0;
    while !game.game.is_over() {
        assert!(play_turn_by_taps(&mut game), "between people every turn is a person's");
        turns += 1;
        assert!(turns < 600, "game did not end");
    }
    let outcome = game.game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::BoreOff);
    assert!((1..=3).contains(&outcome.points));
    let card = result_info(Lang::En, seating(&game.game), &game.table(), Vec::new()).unwrap();
    let winner = outcome.winner.unwrap();
    assert_eq!(card.winner, if winner == Seat::First { "white" } else { "black" });
    let side = tr(
        Lang::En,
        if winner == Seat::First {
            "backgammon-white"
        } else {
            "backgammon-black"
        },
    );
    assert_eq!(card.headline, tr_args(Lang::En, "result-side-wins", &[("side", side)]));
    let reasons = ["", "reason-single", "reason-gammon", "reason-backgammon"];
    assert_eq!(card.reason, tr(Lang::En, reasons[outcome.points as usize]));
    assert_eq!(card.points.as_ref().map(|(p, _)| *p), Some(outcome.points));
    // The record replays to the same finished position.
    assert_eq!(&game.game.record().replay().unwrap(), game.game.position());
    assert_eq!(game.tap(p(1), 0), Answer::Ignored("toast-game-over"));
}

/// The bot's turn with its first legal move (no search needed here).
fn bot_acts(game: &mut LocalGame<Backgammon>) -> bool {
    match game.game.bot_job() {
        Some(BotJob::Roll) => game.game.apply_bot_roll(0).unwrap(),
        Some(BotJob::Think { view, ply, forced, .. }) => {
            let legal = Game::legal_moves(&view);
            if let Some(mv) = forced {
                assert_eq!(legal, vec![mv], "forced means the only move");
            }
            game.game.apply_bot_move(ply, legal[0], 0).unwrap();
        }
        None => return false,
    }
    true
}

#[test]
fn bot_turns_and_whole_turn_undo_keep_the_dice() {
    let mut game = new_match(Some(Level::Beginner), 5);
    assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    let mut human_plays = 0;
    while human_plays < 2 {
        if !bot_acts(&mut game) && play_turn_by_taps(&mut game) {
            human_plays += 1;
        }
    }
    while bot_acts(&mut game) {}
    assert!(game.table().may_roll(), "the person's roll is due");
    assert!(game.can_undo());
    let moves_before: Vec<BgMove> = game.game.record().moves.clone();
    assert!(game.undo());
    assert!(game.table().moving(), "back to the person's last turn, dice kept");
    let kept = game.game.ply();
    assert!(kept < moves_before.len());
    assert_eq!(game.game.record().moves[..], moves_before[..kept]);
    assert!(matches!(
        moves_before[kept - 1],
        BgMove::Roll(_) | BgMove::Opening { .. }
    ));
    assert!(
        game.game.apply_bot_move(kept, moves_before[kept], 0).is_err(),
        "not the bot's turn"
    );
    // Played again the same way, the game comes back exactly: the dice
    // come from the record seed and the ply, not from when they are rolled.
    let mut replay = game.clone();
    while replay.game.ply() < moves_before.len() {
        assert!(bot_acts(&mut replay) || play_turn_by_taps(&mut replay));
    }
    assert_eq!(replay.game.record().moves, moves_before);
}

#[test]
fn save_round_trip_and_corrupt_save_refused() {
    let mut game = new_match(Some(Level::Normal), 77);
    assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    let text = game.game.to_save_text(0);
    let back = Match::<Backgammon>::from_save_text(&text, 0).unwrap();
    assert_eq!(back.record(), game.game.record());
    assert_eq!(back.position(), game.game.position());
    assert_eq!(back, game.game);
    // A roll where the opening belongs is refused by the rules on replay (B4).
    let opening = game.game.record().moves[0].to_string();
    assert!(opening.starts_with("opening "), "{opening}");
    let tampered = text.replace(&opening, &opening.replace("opening", "roll"));
    assert_ne!(tampered, text);
    let err = Match::<Backgammon>::from_save_text(&tampered, 0).unwrap_err();
    assert!(err.contains("B4"), "{err}");
    assert!(Match::<Backgammon>::from_save_text("{", 0).is_err());
}

#[test]
fn corrupt_save_in_the_slot_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::in_dir(dir.path());
    let key = save_key(GameId::Backgammon);
    assert_eq!(key, "backgammon-game");
    store.set(&key, r#"{"version":1,"record":"nonsense"}"#).unwrap();
    let err = slot::load::<Backgammon>(&store).unwrap_err();
    assert!(!err.reason.is_empty());
    assert!(store.get(&err.backup_key).is_some(), "nothing is lost");
    assert_eq!(slot::load::<Backgammon>(&store).unwrap(), None);
    // An unsupported version is refused the same way.
    let mut save = new_match(None, 1).game.to_save(0);
    save.version = 99;
    store.set(&key, &serde_json::to_string(&save).unwrap()).unwrap();
    let err = slot::load::<Backgammon>(&store).unwrap_err();
    assert!(err.reason.contains("99"), "{}", err.reason);
    assert_eq!(Match::from_save(save, 0).unwrap_err(), SaveError::Version(99));
}

#[test]
fn version_1_save_of_the_old_app_is_resumed() {
    // `BackgammonSave` as the old app wrote it: version 1, no game name, no
    // clock, `resigned`.
    let text = r#"{"version":1,"record":{"options":{},"seed":31,"moves":["opening 3-1","8/5 6/5","roll 5-2","13/8 13/11"]},"players":["Human",{"Bot":"Beginner"}],"local":"First","game_index":1,"resigned":null}"#;
    let game = Match::<Backgammon>::from_save_text(text, 0).expect("a version-1 save resumes");
    assert_eq!(game.ply(), 4);
    assert_eq!(game.players(), [Player::Human, Player::Bot(Level::Beginner)]);
    assert_eq!(game.game_index(), 1);
    assert!(!game.alternates(), "backgammon keeps the seats (B4 decides who starts)");
    assert_eq!(
        game.position().checkers_at(Seat::First, 25 - 5),
        2,
        "White's 5 point made"
    );
    assert_eq!(game.turn(), Turn::Chance);
    let mut game = LocalGame::new(game);
    assert!(game.table().may_roll(), "White's roll is due, the person's");
    assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
    assert!(game.table().moving());

    // Through the storage slot under the old key, and a resigned one.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::in_dir(dir.path());
    store.set("backgammon-game", text).unwrap();
    assert_eq!(slot::load::<Backgammon>(&store).unwrap().unwrap().ply(), 4);
    let resigned = text.replace(r#""resigned":null"#, r#""resigned":"First""#);
    let over = Match::<Backgammon>::from_save_text(&resigned, 0).unwrap();
    assert_eq!(over.outcome().unwrap().reason, EndReason::Resignation);
    assert_eq!(over.outcome().unwrap().winner, Some(Seat::Second));
}

#[test]
fn resign_against_the_bot_loses_for_the_person() {
    let mut game = new_match(Some(Level::Expert), 3);
    assert!(game.game.resign(0));
    let card = result_info(Lang::En, seating(&game.game), &game.table(), Vec::new()).unwrap();
    assert_eq!(card.winner, "bot");
    assert_eq!(card.headline, tr(Lang::En, "result-bot-wins"));
    assert_eq!(card.reason, tr(Lang::En, "reason-you-resigned"));
    assert!(!game.game.resign(0));
    let next = game.game.rematch(0).unwrap();
    assert!(!next.is_over());
    assert_ne!(next.record().seed, game.game.record().seed);
    assert_eq!(next.local_seat(), Seat::First, "seats stay: the opening roll decides");
    assert_eq!(next.players(), game.game.players());
}

#[test]
fn b11_step_orders_reach_exactly_the_rules_plays() {
    // Over a whole seeded game played by taps, the steps on offer lead to
    // exactly the positions the rules list for each roll.
    let mut game = new_match(None, 31337);
    let mut turns = 0;
    while !game.game.is_over() && turns < 400 {
        if game.table().may_roll() {
            assert_eq!(game.command(BgCommand::Roll, 0), Answer::Rolled);
        }
        let position = game.game.position().clone();
        let dice = position.dice().unwrap();
        let legal: std::collections::BTreeSet<[i8; 26]> =
            position.legal_plays().iter().map(|(b, _)| *b.pips()).collect();
        let reached: std::collections::BTreeSet<[i8; 26]> = step_sequences(position.board(), dice)
            .iter()
            .map(|seq| {
                let mut board = *position.board();
                for s in seq {
                    board = board.single_step(s.from as usize, s.die as usize).unwrap().1;
                }
                *board.pips()
            })
            .collect();
        assert_eq!(reached, legal, "turn {turns}, dice {dice}, board {}", position.board());
        assert!(play_turn_by_taps(&mut game));
        turns += 1;
    }
    assert!(game.game.is_over());
}

#[test]
fn remote_seat_is_never_driven_from_here() {
    let game = Match::<Backgammon>::new(
        BackgammonOptions::default(),
        [Player::Human, Player::Remote],
        Seat::First,
        Tempo::Unlimited,
        1,
        0,
    )
    .unwrap();
    assert!(game.bot_job().is_none());
    assert_eq!(game.bot_level(), None);
    assert!(!game.can_undo());
    let mut game = game;
    assert!(!game.resign(0));
    let error = Match::from_save(game.to_save(0), 0).unwrap_err();
    assert_eq!(error, SaveError::Online);
}

#[test]
fn taps_on_the_bots_turn_wait() {
    let mut game = new_match(Some(Level::Beginner), 42);
    game.command(BgCommand::Roll, 0);
    // Let the bot win the opening if it did, else play one turn.
    if game.game.bot_job().is_none() {
        assert!(play_turn_by_taps(&mut game));
    }
    assert!(game.game.bot_job().is_some());
    let before = game.clone();
    assert_eq!(game.tap(p(6), 0), Answer::Ignored("toast-wait-bot"));
    assert_eq!(game, before);
    assert!(game.tap.movable(&game.table()).is_empty());
}
