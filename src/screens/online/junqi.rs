//! Online Jun Qi flip: the offline [`JunQiBoard`] over the seat's view the
//! server sent. The client never holds the hidden layout (J21), so it
//! cannot play a move ahead of the server: a tap selects a piece or yields
//! one of the server's legal moves (`a3` reveal, `a3-a4` move), which is
//! sent; the board then shows the snapshot, without the selection, until
//! the answer arrives. The statistics panel, the colours line (J8), the
//! last action and the quiet counter (J19) are fed from the view as offline.

use super::board::{turn_attr, use_board_toast, Ahead, BoardError};
use crate::components::junqi::board::JunQiBoard;
use crate::components::junqi::names::{colour_name, colours_line, last_action_line};
use crate::components::junqi::stats::StatsPanel;
use crate::controllers::junqi::QUIET_WARNING;
use crate::controllers::junqi_online::{JunQiOnline, OnlineTap};
use crate::i18n::{key, tr, tr_args, Lang};
use dioxus::prelude::*;
use papan_api::{Action, Snapshot};
use papan_rules::junqi::{Square, QUIET_LIMIT};
use papan_rules::Seat;

/// The tap state for the snapshot, the local seat being the viewer's.
pub fn controller(snapshot: &Snapshot) -> Result<JunQiOnline, String> {
    let view = snapshot.view.as_ref().ok_or("the snapshot has no view of the game")?;
    JunQiOnline::new(view, snapshot.seat, &snapshot.legal_moves, snapshot.outcome)
}

/// Each seat's colour once decided (J8); before that Player 1 is the seat
/// drawn to move first (J6), Player 2 the other.
pub fn side_labels(lang: Lang, snapshot: &Snapshot) -> [String; 2] {
    let Ok(game) = controller(snapshot) else {
        return [String::new(), String::new()];
    };
    let view = game.view();
    let first = game.first_mover();
    Seat::BOTH.map(|seat| match view.colour_of(seat) {
        Some(colour) => colour_name(lang, colour),
        None if first == Some(seat) => tr(lang, "junqi-who-player-1"),
        None if first.is_some() => tr(lang, "junqi-who-player-2"),
        None => String::new(),
    })
}

/// "You" or "Opponent".
fn who(lang: Lang, game: &JunQiOnline, seat: Seat) -> String {
    if seat == game.local_seat() {
        tr(lang, "online-you")
    } else {
        tr(lang, "online-opponent")
    }
}

#[component]
pub fn OnlineJunQi(
    snapshot: Snapshot,
    can_act: bool,
    pending: bool,
    lang: Lang,
    on_action: EventHandler<Action>,
) -> Element {
    let mut ahead = use_signal(|| None::<Ahead<JunQiOnline>>);
    let mut last_pointer = use_signal(|| String::from("none"));
    let toast = use_board_toast();
    let mut show_stats = use_signal(|| false);
    let base = match controller(&snapshot) {
        Ok(game) => game,
        Err(reason) => return rsx! { BoardError { lang, reason } },
    };
    let version = snapshot.version;
    let shown = Ahead::pick(ahead.read().as_ref(), version, pending, base);
    let flash = move |reason: &'static str| toast.show(reason);
    let on_tap = {
        let shown = shown.clone();
        move |square: Square| {
            if pending {
                flash(key("online-wait-server"));
                return;
            }
            let mut game = shown.clone();
            match game.tap(square) {
                OnlineTap::Selected(_) | OnlineTap::Deselected => ahead.set(Some(Ahead::local(version, game))),
                OnlineTap::Send(notation) => {
                    // The selection is dropped; the move shows when the server plays it.
                    ahead.set(Some(Ahead::sent(version, game)));
                    on_action.call(Action::Move { notation });
                }
                OnlineTap::Ignored(reason) => flash(reason),
            }
        }
    };
    let view = shown.view().clone();
    let over = shown.is_over();
    let decided = view.my_colour().is_some();
    let colours = {
        let me = shown.local_seat();
        colours_line(
            lang,
            &view,
            me,
            |seat| who(lang, &shown, seat),
            who(lang, &shown, me.other()),
        )
    };
    let first = match shown.first_mover() {
        Some(seat) if shown.ply() < 2 && !over => {
            Some(tr_args(lang, "junqi-first-mover", &[("who", who(lang, &shown, seat))]))
        }
        _ => None,
    };
    let last = last_action_line(lang, &view, |seat| who(lang, &shown, seat));
    let quiet = view.quiet_plies();
    rsx! {
        div { class: "online-junqi", "data-testid": "online-junqi",
            div { class: "jq-status",
                div { class: if decided { "jq-colours decided" } else { "jq-colours" }, "data-testid": "junqi-colours", "{colours}" }
                div { class: "jq-chips",
                    if let Some(text) = first {
                        span { class: "jq-chip", "data-testid": "junqi-first-mover", "{text}" }
                    }
                    if let Some(text) = last {
                        span { class: "jq-chip", "data-testid": "junqi-last-action", "{text}" }
                    }
                    if quiet >= QUIET_WARNING && !over {
                        span { class: "jq-chip warn", "data-testid": "junqi-quiet",
                            {tr_args(lang, "junqi-quiet", &[("count", quiet.to_string()), ("limit", QUIET_LIMIT.to_string())])}
                        }
                    }
                    button {
                        class: "jq-chip online-stats-chip",
                        "data-testid": "junqi-stats-button",
                        onclick: move |_| show_stats.set(true),
                        {tr(lang, "junqi-stats-short")}
                    }
                }
            }
            div { class: "jq-board-wrap",
                JunQiBoard {
                    view: view.clone(),
                    lang,
                    selected: shown.selected(),
                    targets: shown.targets(),
                    movable: shown.movable(),
                    turn: turn_attr(can_act),
                    last_pointer: last_pointer(),
                    on_tap,
                    on_pointer: move |kind: String| last_pointer.set(kind),
                }
            }
            {toast.view(lang)}
            if show_stats() {
                StatsPanel { view, lang, on_close: move |_| show_stats.set(false) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::hadang::testing::{can_act, render, snapshot, tag_with};
    use super::*;
    use papan_api::GameKind;
    use papan_rules::junqi::{JunQi, JunQiAction, JunQiOptions};
    use papan_rules::{Game, Record, Turn};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A dealt game (the seed deals the layout, J6) after `plies` random actions.
    fn junqi(seed: u64, plies: usize) -> (JunQi, Vec<String>) {
        let mut game = Record::<JunQi>::new(JunQiOptions::default(), seed).start().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut texts = Vec::new();
        while texts.len() < plies && matches!(game.turn(), Turn::Seat(_)) {
            let moves = game.legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            texts.push(game.format_move(&mv));
            game.play(&mv).unwrap();
        }
        (game, texts)
    }

    /// A game going on where both colours are decided and the mover has a move.
    fn midgame(seed: u64) -> (JunQi, Vec<String>) {
        for plies in (20..200).step_by(7) {
            let (game, texts) = junqi(seed, plies);
            let decided = Seat::BOTH.iter().all(|s| game.colour_of(*s).is_some());
            let moves = game.legal_moves();
            if game.outcome().is_none() && decided && moves.iter().any(|m| matches!(m, JunQiAction::Move { .. })) {
                return (game, texts);
            }
        }
        panic!("no mid-game for seed {seed}");
    }

    fn count(html: &str, needle: &str) -> usize {
        html.matches(needle).count()
    }

    #[test]
    fn j21_at_the_start_every_post_is_face_down_with_no_identity() {
        let (game, moves) = junqi(3, 0);
        let Turn::Seat(mover) = game.turn() else {
            panic!("a seat moves first")
        };
        let snap = snapshot(GameKind::Junqi, &game, mover, &moves);
        let html = render(&snap, can_act(&snap), false);
        assert_eq!(count(&html, "post facedown"), 50, "{html}");
        assert!(!html.contains("piece-label"), "no face-down piece is named");
        assert!(html.contains("data-testid=\"junqi-stats-button\""));
        assert!(html.contains("Colours are not decided yet"));
        assert!(tag_with(&html, "data-testid=\"junqi-board\"").contains("data-turn=\"human\""));
        // J6: the first mover is named; before any colour, "Player 1" is that seat.
        assert!(html.contains("first to move: You"), "{html}");
        let labels = side_labels(Lang::En, &snap);
        assert_eq!(labels[mover.index()], "Player 1");
        assert_eq!(labels[mover.other().index()], "Player 2");
        let other = snapshot(GameKind::Junqi, &game, mover.other(), &moves);
        let html = render(&other, can_act(&other), false);
        assert!(html.contains("first to move: Opponent"));
        assert!(tag_with(&html, "data-testid=\"junqi-board\"").contains("data-turn=\"remote\""));
    }

    #[test]
    fn j8_colours_and_own_movable_pieces_once_decided() {
        let (game, moves) = midgame(11);
        let Turn::Seat(mover) = game.turn() else {
            panic!("a seat to move")
        };
        let snap = snapshot(GameKind::Junqi, &game, mover, &moves);
        let html = render(&snap, can_act(&snap), false);
        assert!(html.contains(" movable"), "the mover's movable pieces are marked");
        assert!(tag_with(&html, "data-testid=\"junqi-colours\"").contains("decided"));
        assert!(html.contains("data-testid=\"junqi-last-action\""));
        let labels = side_labels(Lang::En, &snap);
        let colour = |s: Seat| colour_name(Lang::En, game.colour_of(s).unwrap());
        assert_eq!(labels, [colour(Seat::First), colour(Seat::Second)]);
        // The other seat sees the same posts but nothing to move.
        let other = snapshot(GameKind::Junqi, &game, mover.other(), &moves);
        let html = render(&other, can_act(&other), false);
        assert!(!html.contains(" movable"));
    }

    #[test]
    fn j9_a_tap_on_a_piece_then_a_target_sends_the_servers_notation() {
        let (game, moves) = midgame(12);
        let Turn::Seat(mover) = game.turn() else {
            panic!("a seat to move")
        };
        let snap = snapshot(GameKind::Junqi, &game, mover, &moves);
        let mut ctl = controller(&snap).unwrap();
        let from = ctl.movable()[0];
        assert_eq!(ctl.tap(from), OnlineTap::Selected(from));
        let to = ctl.targets()[0];
        match ctl.tap(to) {
            OnlineTap::Send(text) => assert!(snap.legal_moves.contains(&text), "{text}"),
            other => panic!("expected a move to send, got {other:?}"),
        }
    }

    #[test]
    fn a_snapshot_without_a_view_is_a_board_error() {
        let (game, moves) = junqi(4, 2);
        let mut snap = snapshot(GameKind::Junqi, &game, Seat::First, &moves);
        snap.view = None;
        let html = render(&snap, false, false);
        assert!(html.contains("data-testid=\"board-error\""));
        assert_eq!(side_labels(Lang::En, &snap), [String::new(), String::new()]);
    }
}
