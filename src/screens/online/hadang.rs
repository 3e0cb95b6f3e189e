//! Online HADANG: the offline [`HadangBoard`] over a controller rebuilt
//! from the server's public move list. A step, or a wall confirmed by a
//! second tap on its ghost (as offline), is sent as notation (`e2`, `d4h`).
//! Cancelling a previewed wall also has a button under the board.
//! The clocks are the server's and the frame shows them, so the panels
//! here show walls left and the shortest-path aid only.

use super::board::{turn_attr, use_board_toast, Ahead, BoardError};
use crate::components::hadang::board::{seat_class, HadangBoard};
use crate::components::hadang::panel::{PanelInfo, PlayerPanel};
use crate::controllers::hadang::{rule_key, HadangController, TapResult};
use crate::i18n::{key, tr, Lang};
use dioxus::prelude::*;
use papan_api::{Action, Snapshot};
use papan_rules::hadang::{Square, Wall};
use papan_rules::Seat;

/// The controller has no clock online (the server keeps time), so the
/// time origin it is given means nothing.
const NO_CLOCK_MS: u64 = 0;

/// The controller for the snapshot, the local seat being the viewer's.
pub fn controller(snapshot: &Snapshot) -> Result<HadangController, String> {
    HadangController::online(snapshot.seat, &snapshot.moves, snapshot.outcome, NO_CLOCK_MS)
}

/// As the offline screen names the seats: Player 1 starts on e1 and moves
/// first (H4), Player 2 starts on e9.
pub fn side_labels(lang: Lang, _snapshot: &Snapshot) -> [String; 2] {
    [tr(lang, "hadang-player-1"), tr(lang, "hadang-player-2")]
}

/// A seat's strip: "You" or "Opponent", walls left, steps to go.
fn panel(lang: Lang, game: &HadangController, seat: Seat) -> PanelInfo {
    let position = game.position();
    PanelInfo {
        seat: seat_class(seat),
        name: if seat == game.local_seat() {
            tr(lang, "online-you")
        } else {
            tr(lang, "online-opponent")
        },
        walls_left: position.walls_left(seat),
        path_len: game.show_paths().then(|| position.shortest_path_len(seat)),
        clock_ms: None,
        clock_low: false,
        to_move: game.seat_to_move() == Some(seat),
    }
}

/// What a tap did, for the adapter: a local state to show, a move to send,
/// or a toast.
enum Tapped {
    Preview(HadangController),
    Send(HadangController, String),
    /// A wall the rules refuse: the preview is dropped (as offline) and the
    /// rule's message shown.
    Refused(HadangController, &'static str),
    Toast(&'static str),
}

fn after_tap(game: HadangController, result: TapResult) -> Tapped {
    match result {
        TapResult::Stepped(_) | TapResult::Placed(_) => match game.last_move_text() {
            Some(notation) => Tapped::Send(game, notation),
            None => Tapped::Toast(key("toast-illegal")),
        },
        TapResult::Selected | TapResult::Cleared | TapResult::Preview(_) => Tapped::Preview(game),
        TapResult::Refused { rule, .. } => Tapped::Refused(game, rule_key(rule)),
        TapResult::Ignored(reason) => Tapped::Toast(reason),
    }
}

#[component]
pub fn OnlineHadang(
    snapshot: Snapshot,
    can_act: bool,
    pending: bool,
    lang: Lang,
    on_action: EventHandler<Action>,
) -> Element {
    let mut ahead = use_signal(|| None::<Ahead<HadangController>>);
    let mut last_pointer = use_signal(|| String::from("none"));
    let toast = use_board_toast();
    let mut show_paths = use_signal(|| true);
    let mut base = match controller(&snapshot) {
        Ok(game) => game,
        Err(reason) => return rsx! { BoardError { lang, reason } },
    };
    base.set_show_paths(show_paths());
    let version = snapshot.version;
    let mut shown = Ahead::pick(ahead.read().as_ref(), version, pending, base);
    shown.set_show_paths(show_paths());
    let flash = move |reason: &'static str| toast.show(reason);
    let mut apply = move |tapped: Tapped| match tapped {
        Tapped::Preview(state) => ahead.set(Some(Ahead::local(version, state))),
        Tapped::Send(state, notation) => {
            ahead.set(Some(Ahead::sent(version, state)));
            on_action.call(Action::Move { notation });
        }
        Tapped::Refused(state, reason) => {
            ahead.set(Some(Ahead::local(version, state)));
            flash(reason);
        }
        Tapped::Toast(reason) => flash(reason),
    };
    let on_cell = {
        let shown = shown.clone();
        move |square: Square| {
            if pending {
                flash(key("online-wait-server"));
                return;
            }
            let mut game = shown.clone();
            let result = game.tap_cell(square, NO_CLOCK_MS);
            apply(after_tap(game, result));
        }
    };
    let on_groove = {
        let shown = shown.clone();
        move |wall: Wall| {
            if pending {
                flash(key("online-wait-server"));
                return;
            }
            let mut game = shown.clone();
            let result = game.tap_groove(wall, NO_CLOCK_MS);
            apply(after_tap(game, result));
        }
    };
    let on_cancel = {
        let shown = shown.clone();
        move |_| {
            let mut game = shown.clone();
            game.clear_selection();
            apply(Tapped::Preview(game));
        }
    };
    let ghost = shown.ghost_wall();
    let paths_on = show_paths();
    // Each player sees the board from their own side: their pawn and panel
    // at the bottom, the opponent's above.
    let flipped = snapshot.seat == Seat::Second;
    let top = panel(lang, &shown, snapshot.seat.other());
    let bottom = panel(lang, &shown, snapshot.seat);
    rsx! {
        div { class: "online-hadang hadang-play", "data-testid": "online-hadang",
            PlayerPanel { info: top, lang }
            div { class: "hadang-wrap",
                HadangBoard {
                    game: shown.clone(),
                    lang,
                    turn: turn_attr(can_act),
                    last_pointer: last_pointer(),
                    on_cell,
                    on_groove,
                    on_pointer: move |kind: String| last_pointer.set(kind),
                    flipped,
                }
            }
            PlayerPanel { info: bottom, lang }
            div { class: "online-board-actions",
                if let Some(wall) = ghost {
                    span { class: "online-hint", "data-testid": "wall-hint", "data-ghost": "{wall}",
                        {tr(lang, "hadang-status-confirm-wall")}
                    }
                    button { class: "btn btn-ghost", "data-testid": "wall-cancel", onclick: on_cancel, {tr(lang, "action-cancel")} }
                } else if !shown.is_over() {
                    button {
                        class: if paths_on { "btn btn-ghost toggled" } else { "btn btn-ghost" },
                        "data-testid": "toggle-paths",
                        "aria-pressed": if paths_on { "true" } else { "false" },
                        onclick: move |_| show_paths.set(!paths_on),
                        {tr(lang, "hadang-action-paths")}
                    }
                }
            }
            {toast.view(lang)}
        }
    }
}

/// Snapshots built from real games, rendered through [`super::board::OnlineBoard`]
/// (shared by the three adapters' tests).
#[cfg(test)]
pub(super) mod testing {
    use crate::i18n::Lang;
    use dioxus::prelude::*;
    use papan_api::{GameKind, RoomOptions, RoomStatus, Snapshot};
    use papan_rules::clock::Adjudicated;
    use papan_rules::{Game, Seat, Turn};

    /// The room as `seat` sees `game` after `moves`, as the server fills it:
    /// the seat's view, whose turn, its legal moves in notation.
    pub fn snapshot<G: Game>(kind: GameKind, game: &G, seat: Seat, moves: &[String]) -> Snapshot {
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
            options: RoomOptions::new(kind),
            status: if turn == Turn::Over {
                RoomStatus::Over
            } else {
                RoomStatus::Playing
            },
            game_index: 0,
            slot: 0,
            seat,
            view: Some(serde_json::to_value(Adjudicated::new(game.clone()).view(seat)).expect("a view serializes")),
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

    /// Plays `texts` from `game`, returning the position and the move list.
    pub fn play_texts<G: Game>(mut game: G, texts: &[&str]) -> (G, Vec<String>) {
        for text in texts {
            let mv = game
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text}: {}", e.message));
            game.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
        (game, texts.iter().map(|t| t.to_string()).collect())
    }

    #[derive(Props, Clone, PartialEq)]
    struct Harness {
        snapshot: Snapshot,
        can_act: bool,
        pending: bool,
    }

    #[allow(non_snake_case)]
    fn App(props: Harness) -> Element {
        rsx! {
            super::super::board::OnlineBoard {
                snapshot: props.snapshot,
                can_act: props.can_act,
                pending: props.pending,
                lang: Lang::En,
                on_action: move |_| {},
            }
        }
    }

    /// The board as the frame would draw it for this snapshot.
    pub fn render(snapshot: &Snapshot, can_act: bool, pending: bool) -> String {
        let mut dom = VirtualDom::new_with_props(
            App,
            Harness {
                snapshot: snapshot.clone(),
                can_act,
                pending,
            },
        );
        dom.rebuild_in_place();
        dioxus_ssr::render(&dom)
    }

    /// Whether the session would let this seat act (its turn or a due roll).
    pub fn can_act(snapshot: &Snapshot) -> bool {
        snapshot.status == RoomStatus::Playing && (snapshot.to_move == Some(snapshot.seat) || snapshot.roll_due)
    }

    /// The opening tag of the first element carrying `attribute`.
    pub fn tag_with<'a>(html: &'a str, attribute: &str) -> &'a str {
        let at = html
            .find(attribute)
            .unwrap_or_else(|| panic!("no {attribute} in {html}"));
        let start = html[..at].rfind('<').expect("a tag");
        let end = at + html[at..].find('>').expect("a tag end");
        &html[start..end]
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{can_act, play_texts, render, snapshot, tag_with};
    use super::*;
    use papan_api::GameKind;
    use papan_rules::hadang::Hadang;
    use papan_rules::{EndReason, Outcome};

    fn game(texts: &[&str], seat: Seat) -> Snapshot {
        let (position, moves) = play_texts(Hadang::start(), texts);
        snapshot(GameKind::Hadang, &position, seat, &moves)
    }

    #[test]
    fn h3_walls_and_pawns_of_the_move_list_are_drawn() {
        let snap = game(&["e2", "e8", "c3h"], Seat::Second);
        let html = render(&snap, can_act(&snap), false);
        assert!(html.contains("data-placed=\"c3h\""), "{html}");
        assert!(tag_with(&html, "data-pawn=\"p1\"").contains("data-at=\"e2\""));
        assert!(tag_with(&html, "data-pawn=\"p2\"").contains("data-at=\"e8\""));
        assert!(tag_with(&html, "data-testid=\"panel-p1\"").contains("data-walls-left=\"9\""));
        assert!(tag_with(&html, "data-testid=\"panel-p2\"").contains("data-walls-left=\"10\""));
        let board = tag_with(&html, "data-testid=\"hadang-board\"");
        assert!(
            board.contains("data-turn=\"human\"") && board.contains("data-ply=\"3\""),
            "{board}"
        );
        // No clock on the panels: the frame shows the server's.
        assert!(!html.contains("data-testid=\"clock-p1\""));
    }

    #[test]
    fn h1_each_player_sees_their_own_pawn_at_the_bottom() {
        let first = render(&game(&[], Seat::First), false, false);
        let second = render(&game(&[], Seat::Second), false, false);
        assert!(tag_with(&first, "data-testid=\"hadang-board\"").contains("data-flipped=\"false\""));
        assert!(tag_with(&second, "data-testid=\"hadang-board\"").contains("data-flipped=\"true\""));
        assert!(second.contains("rotate(180"), "Player 2's board is turned");
        // Your own panel is the lower one: it comes after the board.
        let board_at = |html: &str| html.find("data-testid=\"hadang-board\"").unwrap();
        assert!(first.find("data-testid=\"panel-p1\"").unwrap() > board_at(&first));
        assert!(second.find("data-testid=\"panel-p2\"").unwrap() > board_at(&second));
        assert!(second.find("data-testid=\"panel-p1\"").unwrap() < board_at(&second));
    }

    #[test]
    fn h6_targets_show_only_on_this_seats_turn() {
        let mine = game(&["e2"], Seat::Second);
        let html = render(&mine, can_act(&mine), false);
        assert!(html.contains("class=\"target-dot\""));
        assert!(html.contains("data-wall=\"e3h\""), "grooves are tappable on my turn");
        let theirs = game(&["e2"], Seat::First);
        let html = render(&theirs, can_act(&theirs), false);
        assert!(!html.contains("class=\"target-dot\""));
        assert!(!html.contains("data-wall="), "no groove to tap on the opponent's turn");
        assert!(tag_with(&html, "data-testid=\"hadang-board\"").contains("data-turn=\"remote\""));
    }

    #[test]
    fn h5_a_wall_is_previewed_then_sent_on_the_second_tap() {
        let snap = game(&[], Seat::First);
        let mut ctl = controller(&snap).unwrap();
        let wall: Wall = "d5h".parse().unwrap();
        let result = ctl.tap_groove(wall, NO_CLOCK_MS);
        let Tapped::Preview(mut ctl) = after_tap(ctl, result) else {
            panic!("a preview first")
        };
        assert_eq!(ctl.ghost_wall(), Some(wall));
        let result = ctl.tap_groove(wall, NO_CLOCK_MS);
        match after_tap(ctl, result) {
            Tapped::Send(state, notation) => {
                assert_eq!(notation, "d5h");
                assert_eq!(state.position().walls_left(Seat::First), 9, "shown ahead of the server");
            }
            _ => panic!("the second tap sends the wall"),
        }
    }

    #[test]
    fn h6_a_step_is_sent_and_a_remote_turn_tap_says_wait() {
        let snap = game(&[], Seat::First);
        let mut ctl = controller(&snap).unwrap();
        let result = ctl.tap_cell("e2".parse().unwrap(), NO_CLOCK_MS);
        assert!(matches!(after_tap(ctl, result), Tapped::Send(_, n) if n == "e2"));
        let snap = game(&[], Seat::Second);
        let mut ctl = controller(&snap).unwrap();
        let result = ctl.tap_cell("e8".parse().unwrap(), NO_CLOCK_MS);
        assert!(matches!(after_tap(ctl, result), Tapped::Toast("toast-wait-opponent")));
    }

    #[test]
    fn h13_a_wall_closing_the_last_path_is_refused_by_rule() {
        // e1/e2 are boxed on both sides; a lid on e2 would shut Player 1 in.
        let snap = game(&["d1v", "e8", "e1v", "e7"], Seat::First);
        let mut ctl = controller(&snap).unwrap();
        let legal: Wall = "a7h".parse().unwrap();
        ctl.tap_groove(legal, NO_CLOCK_MS);
        assert_eq!(ctl.ghost_wall(), Some(legal));
        let wall: Wall = "d2h".parse().unwrap();
        let result = ctl.tap_groove(wall, NO_CLOCK_MS);
        match after_tap(ctl, result) {
            Tapped::Refused(state, reason) => {
                assert_eq!(reason, "hadang-refused-h13");
                assert_eq!(state.ghost_wall(), None, "the earlier preview is dropped");
                assert_eq!(state.ply(), 4, "nothing is played");
            }
            _ => panic!("an H13 refusal"),
        }
    }

    #[test]
    fn h17_a_resigned_game_is_shown_over() {
        let mut snap = game(&["e2"], Seat::First);
        snap.outcome = Some(Outcome::win(Seat::First, EndReason::Resignation));
        snap.status = papan_api::RoomStatus::Over;
        let html = render(&snap, false, false);
        assert!(tag_with(&html, "data-testid=\"hadang-board\"").contains("data-status=\"over\""));
        assert!(!html.contains("class=\"target-dot\""));
    }

    #[test]
    fn side_labels_and_a_broken_move_list() {
        let snap = game(&["e2"], Seat::Second);
        assert_eq!(
            side_labels(Lang::En, &snap),
            ["Player 1".to_string(), "Player 2".to_string()]
        );
        let mut broken = snap.clone();
        broken.moves = vec!["e5".to_string()];
        let html = render(&broken, true, false);
        assert!(html.contains("data-testid=\"board-error\""), "{html}");
        assert!(html.contains("move 0 `e5`"), "{html}");
    }
}
