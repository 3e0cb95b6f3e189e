//! Jun Qi as the app plays it: its tap state, and reading a room server
//! snapshot, where the seat's view stands in for the hidden game.

use super::tap::JunQiTap;
use crate::play::online::Seen;
use crate::play::Playable;
use papan_api::Snapshot;
use papan_rules::junqi::{JunQi, JunQiAction, JunQiOptions, JunQiSetup, JunQiView};
use papan_rules::{Game, Record, Seat, SeatView};

impl Playable for JunQi {
    type Tap = JunQiTap;
    /// J6: who moves first is drawn, so seats stay.
    const ALTERNATE: bool = false;
    /// Face-down pieces are unknown to both seats until turned over.
    const SECRETS: bool = true;

    /// Every piece face up: the setup of the position with each face-down
    /// token turned over (a position that does not read back that way
    /// keeps the seat's own view).
    fn open_view(position: &JunQi, viewer: Seat) -> JunQiView {
        let mut setup = JunQiSetup::from(position.clone());
        for row in setup.rows.iter_mut() {
            *row = row
                .split(' ')
                .map(|token| {
                    let mut chars = token.chars();
                    match chars.next() {
                        Some(c) if c.is_ascii_lowercase() => format!("{}{}", c.to_ascii_uppercase(), chars.as_str()),
                        _ => token.to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
        }
        JunQi::try_from(setup).map_or_else(|_| position.view(viewer), |open| open.view(viewer))
    }

    /// The client never holds the hidden layout (J21): it reads the seat's
    /// view the server sent (`{"game": <view>, "verdict": …}`), checked on
    /// the way in, and the public move list.
    fn read_snapshot(snapshot: &Snapshot) -> Result<Seen<JunQi>, String> {
        let view: JunQiView = snapshot.seat_view()?;
        if view.seat() != snapshot.seat {
            return Err(format!(
                "the view belongs to {:?}, not {:?}",
                view.seat(),
                snapshot.seat
            ));
        }
        if view.plies() as usize != snapshot.moves.len() {
            return Err(format!(
                "the view is at ply {} but the move list has {} moves",
                view.plies(),
                snapshot.moves.len()
            ));
        }
        let history = snapshot
            .moves
            .iter()
            .enumerate()
            .map(|(i, text)| {
                view.parse_move(text)
                    .map_err(|e| format!("move {i} `{text}`: {}", e.message))
            })
            .collect::<Result<Vec<JunQiAction>, String>>()?;
        let last = view.last_action().map(|l| (l.seat, l.action));
        // The seed deals the layout: with it (revealed at the end, J21 kept
        // until then) the whole game replays. A seed that does not replay
        // the moves gives no record; the fairness check reports it.
        let record = snapshot.reveal.as_ref().and_then(|reveal| {
            let record = Record {
                options: JunQiOptions::default(),
                seed: reveal.seed,
                moves: history.clone(),
            };
            record.replay().is_ok().then_some(record)
        });
        Ok(Seen {
            view,
            history,
            last,
            record,
        })
    }
}
