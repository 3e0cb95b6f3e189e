//! Online backgammon: the offline [`BackgammonBoard`] over a controller
//! rebuilt from the server's public move list (its dice included). The
//! dice are always the server's: a due roll is asked with
//! [`Action::Roll`], never drawn here. The turn is built step by step on
//! this device exactly as offline (tap a checker, then a destination; undo
//! a step) and "Done" sends the whole play as notation (`24/18 13/11`, or
//! `pass` for a roll that cannot be played, which is then the server's only
//! legal move).
//!
//! Who is offered a due roll: the seat the controller says is on turn to
//! roll. Before the opening roll no seat is on turn (B4: both dice decide
//! who starts), and the controller offers it to both seats; the server
//! takes whichever asks first (either seat may trigger a due roll and the
//! committed seed fixes the dice, so it makes no difference who does) and
//! a second, late ask is answered as stale by the frame.

use super::board::{turn_attr, use_board_toast, Ahead, BoardError};
use crate::components::backgammon::board::{colour_class, BackgammonBoard};
use crate::components::backgammon::notice::notice_line;
use crate::controllers::backgammon::{BackgammonController, Spot, TapResult};
use crate::i18n::{key, tr, tr_args, Lang};
use dioxus::prelude::*;
use papan_api::{Action, Snapshot};

/// The controller for the snapshot, the local seat being the viewer's.
pub fn controller(snapshot: &Snapshot) -> Result<BackgammonController, String> {
    BackgammonController::online(snapshot.seat, &snapshot.moves, snapshot.outcome)
}

/// White (First, B1) and Black, as the offline screen names them.
pub fn side_labels(lang: Lang, _snapshot: &Snapshot) -> [String; 2] {
    [tr(lang, "backgammon-white"), tr(lang, "backgammon-black")]
}

/// Whether this device may ask for the roll now: the server waits for a
/// roll and the controller has this seat (or, at the opening, any seat)
/// on turn to roll.
pub fn roll_offered(snapshot: &Snapshot, game: &BackgammonController, can_act: bool) -> bool {
    can_act && snapshot.roll_due && game.can_roll()
}

#[component]
pub fn OnlineBackgammon(
    snapshot: Snapshot,
    can_act: bool,
    pending: bool,
    lang: Lang,
    on_action: EventHandler<Action>,
) -> Element {
    let mut ahead = use_signal(|| None::<Ahead<BackgammonController>>);
    let toast = use_board_toast();
    let base = match controller(&snapshot) {
        Ok(game) => game,
        Err(reason) => return rsx! { BoardError { lang, reason } },
    };
    let version = snapshot.version;
    let shown = Ahead::pick(ahead.read().as_ref(), version, pending, base);
    let roll = roll_offered(&snapshot, &shown, can_act);
    let flash = move |reason: &'static str| toast.show(reason);
    let mut preview = move |state: BackgammonController| ahead.set(Some(Ahead::local(version, state)));
    // The roll is the server's: ask for it, change nothing here. Only
    // called where the controller has this seat to roll; without a link the
    // frame says it is still connecting.
    let roll_due = snapshot.roll_due;
    let ask_roll = move || {
        if pending {
            flash(key("online-wait-server"));
        } else if roll_due {
            on_action.call(Action::Roll);
        } else {
            flash(key("toast-wait-opponent"));
        }
    };
    let on_tap = {
        let shown = shown.clone();
        move |spot: Spot| {
            if pending {
                flash(key("online-wait-server"));
                return;
            }
            let mut game = shown.clone();
            match game.tap(spot) {
                TapResult::RollRequested | TapResult::Rolled => ask_roll(),
                TapResult::Selected(_) | TapResult::Deselected | TapResult::Moved => preview(game),
                TapResult::Ignored(reason) => flash(reason),
            }
        }
    };
    let on_felt = {
        let shown = shown.clone();
        move |_| {
            // A tap on the felt rolls, as offline; only when a roll is due here.
            if shown.can_roll() {
                ask_roll();
            }
        }
    };
    let on_undo_step = {
        let shown = shown.clone();
        move |_| {
            let mut game = shown.clone();
            if game.undo_step() {
                preview(game);
            }
        }
    };
    let on_done = {
        let shown = shown.clone();
        move |_| {
            if pending {
                flash(key("online-wait-server"));
                return;
            }
            let mut game = shown.clone();
            match game.done() {
                Ok(()) => match game.last_move_text() {
                    Some(notation) => {
                        ahead.set(Some(Ahead::sent(version, game)));
                        on_action.call(Action::Move { notation });
                    }
                    None => flash(key("toast-illegal")),
                },
                Err(reason) => flash(reason),
            }
        }
    };
    let view = shown.board_view();
    let local = shown.local_seat();
    let notice = notice_line(lang, &shown);
    let moving = shown.is_moving() && !shown.is_over();
    let passing = shown.must_pass();
    rsx! {
        div { class: "online-backgammon bg-play", "data-testid": "online-backgammon",
            div { class: "bg-pips", "data-testid": "pips",
                span { class: "bg-pip-count mine", "data-testid": "pips-mine",
                    span { class: "swatch {colour_class(local)}" }
                    {tr_args(lang, "backgammon-pips", &[("name", tr(lang, "online-you")), ("pips", view.pips[0].to_string())])}
                }
                span { class: "bg-pip-count theirs", "data-testid": "pips-theirs",
                    span { class: "swatch {colour_class(local.other())}" }
                    {tr_args(lang, "backgammon-pips", &[("name", tr(lang, "online-opponent")), ("pips", view.pips[1].to_string())])}
                }
            }
            div { class: "bg-board-wrap",
                BackgammonBoard {
                    game: shown.clone(),
                    lang,
                    // `human` only when this device has something to do (a roll due
                    // from the other seat lets both act, but is not offered here).
                    turn: turn_attr(can_act && (roll || moving)),
                    on_tap,
                    on_roll: on_felt,
                }
            }
            if let Some((text, kind)) = notice {
                p { class: "bg-notice {kind}", role: "status", "data-testid": "notice", "data-kind": "{kind}", "{text}" }
            }
            if roll || moving {
                div { class: "online-board-actions bg-actions",
                    if roll {
                        button { class: "btn btn-primary", "data-testid": "roll", disabled: pending, onclick: move |_| ask_roll(), {tr(lang, "backgammon-roll")} }
                    } else {
                        button {
                            class: "btn btn-ghost",
                            "data-testid": "undo-step",
                            disabled: pending || !shown.can_undo_step(),
                            onclick: on_undo_step,
                            {tr(lang, "backgammon-undo-step")}
                        }
                        button {
                            class: "btn btn-primary",
                            "data-testid": "done",
                            disabled: pending || !(passing || shown.turn_complete()),
                            onclick: on_done,
                            if passing { {tr(lang, "backgammon-pass-ok")} } else { {tr(lang, "backgammon-done")} }
                        }
                    }
                }
            }
            {toast.view(lang)}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::hadang::testing::{can_act, play_texts, render, snapshot, tag_with};
    use super::*;
    use papan_api::GameKind;
    use papan_rules::backgammon::Backgammon;
    use papan_rules::Seat;
    use papan_rules::{Game, Turn};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn game(texts: &[&str], seat: Seat) -> Snapshot {
        let (position, moves) = play_texts(Backgammon::start(), texts);
        snapshot(GameKind::Backgammon, &position, seat, &moves)
    }

    /// Seeded random games until a position where `wanted` holds for the
    /// seat to move; that position, its move list and the seat.
    fn find(wanted: impl Fn(&Backgammon) -> bool) -> (Backgammon, Vec<String>, Seat) {
        for seed in 0..200 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Backgammon::start();
            let mut texts = Vec::new();
            while texts.len() < 400 {
                let mv = match game.turn() {
                    Turn::Over => break,
                    Turn::Chance => game.sample_chance(&mut rng).unwrap(),
                    Turn::Seat(seat) => {
                        if wanted(&game) {
                            return (game, texts, seat);
                        }
                        let moves = game.legal_moves();
                        moves[rng.random_range(0..moves.len())]
                    }
                };
                texts.push(game.format_move(&mv));
                game.play(&mv).unwrap();
            }
        }
        panic!("no such position in 200 random games");
    }

    #[test]
    fn b4_the_opening_roll_is_offered_to_both_seats() {
        for seat in Seat::BOTH {
            let snap = game(&[], seat);
            assert!(snap.roll_due && snap.to_move.is_none());
            let html = render(&snap, can_act(&snap), false);
            assert!(html.contains("data-testid=\"roll\""), "{seat:?}: {html}");
            assert!(tag_with(&html, "data-testid=\"backgammon-board\"").contains("data-phase=\"roll\""));
            // Never while the answer to a sent action is awaited.
            let html = render(&snap, false, true);
            assert!(!html.contains("data-testid=\"roll\""));
        }
    }

    #[test]
    fn b5_a_due_roll_is_offered_only_to_the_seat_whose_turn_starts() {
        // White opened 6-1 and played; Black's turn starts with a roll.
        let black = game(&["opening 6-1", "13/7 8/7"], Seat::Second);
        assert!(black.roll_due);
        let html = render(&black, can_act(&black), false);
        assert!(html.contains("data-testid=\"roll\""), "{html}");
        // The session lets either seat trigger a due roll; White is not offered it.
        let white = game(&["opening 6-1", "13/7 8/7"], Seat::First);
        assert!(can_act(&white));
        let html = render(&white, can_act(&white), false);
        assert!(!html.contains("data-testid=\"roll\""));
        assert!(tag_with(&html, "data-testid=\"backgammon-board\"").contains("data-phase=\"wait\""));
        assert!(!roll_offered(&white, &controller(&white).unwrap(), true));
    }

    #[test]
    fn b6_after_the_roll_the_turn_is_built_here_and_done_sends_a_legal_play() {
        let snap = game(&["opening 6-1"], Seat::First);
        let html = render(&snap, can_act(&snap), false);
        assert!(html.contains("data-testid=\"done\"") && html.contains("data-testid=\"undo-step\""));
        assert!(!html.contains("data-testid=\"roll\""));
        assert!(html.contains("movable"), "checkers to move are highlighted");
        assert!(tag_with(&html, "data-testid=\"notice\"").contains("data-kind=\"opening\""));
        // Tap a checker, then its first destination, until the dice are used.
        let mut ctl = controller(&snap).unwrap();
        while !ctl.turn_complete() {
            let from = ctl.movable()[0];
            assert!(matches!(ctl.tap(from), TapResult::Selected(_)));
            let to = ctl.targets()[0];
            assert_eq!(ctl.tap(to), TapResult::Moved);
        }
        ctl.done().unwrap();
        let sent = ctl.last_move_text().unwrap();
        assert!(snap.legal_moves.contains(&sent), "{sent} not in {:?}", snap.legal_moves);
        // The opponent sees no controls while White builds its turn.
        let other = game(&["opening 6-1"], Seat::Second);
        let html = render(&other, can_act(&other), false);
        assert!(!html.contains("data-testid=\"done\"") && !html.contains("data-testid=\"roll\""));
    }

    #[test]
    fn b12_a_roll_that_cannot_be_played_passes_with_the_servers_only_move() {
        let (position, moves, seat) = find(|g| g.legal_plays().is_empty());
        let snap = snapshot(GameKind::Backgammon, &position, seat, &moves);
        assert_eq!(snap.legal_moves, vec!["pass".to_string()]);
        let html = render(&snap, can_act(&snap), false);
        assert!(tag_with(&html, "data-testid=\"notice\"").contains("data-kind=\"pass\""));
        let done = tag_with(&html, "data-testid=\"done\"");
        assert!(!done.contains("disabled"), "{done}");
        let waiting = render(&snap, false, true);
        assert!(
            tag_with(&waiting, "data-testid=\"done\"").contains("disabled"),
            "not while an answer is awaited"
        );
        assert!(html.contains("OK, pass"));
        let mut ctl = controller(&snap).unwrap();
        ctl.done().unwrap();
        assert_eq!(ctl.last_move_text(), Some(snap.legal_moves[0].clone()));
    }

    #[test]
    fn side_labels_and_a_broken_move_list() {
        let snap = game(&["opening 6-1"], Seat::Second);
        assert_eq!(side_labels(Lang::En, &snap), ["White".to_string(), "Black".to_string()]);
        let mut broken = snap.clone();
        broken.moves = vec!["13/7 8/7".to_string()];
        let html = render(&broken, true, false);
        assert!(html.contains("data-testid=\"board-error\""), "{html}");
    }
}
