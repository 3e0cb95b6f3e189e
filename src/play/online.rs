//! A room server snapshot as a [`Table`]: the same boards and tap states as
//! offline play, fed from the server's public move list (or, for Jun Qi,
//! the seat's view it sent), every move checked by the rules on the way in.

use super::table::Table;
use super::Playable;
use papan_api::{RoomStatus, Snapshot};
use papan_rules::{EndReason, Game, Outcome, PublicGame, Record, Seat, SeatView, Turn};

/// What a snapshot shows a seat: its view, the moves made and the last
/// move with who made it.
#[derive(Clone, Debug)]
pub struct Seen<G: Playable> {
    pub view: G::View,
    pub history: Vec<G::Move>,
    pub last: Option<(Seat, G::Move)>,
    /// The whole game when the seat may know it: always for games with
    /// nothing hidden; Jun Qi's once the server revealed its seed.
    pub record: Option<Record<G>>,
}

/// Games with nothing hidden: the position after the public move list,
/// each move parsed and checked. The error names the move's index in the
/// list, its text and the rule it breaks ("move 7 `c3`: X5 c3 is occupied").
pub fn replay_public<G: Playable + PublicGame>(options: G::Options, moves: &[String]) -> Result<Seen<G>, String> {
    let mut record = Record::<G>::new(options, 0);
    let mut game = record.start().map_err(|e| format!("options refused: {e}"))?;
    let mut last = None;
    let mut history = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let mover = match Game::turn(&game) {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        };
        let mv = Game::parse_move(&game, text).map_err(|e| format!("move {index} `{text}`: {}", e.message))?;
        game.play(&mv)
            .map_err(|e| format!("move {index} `{text}`: {} {}", e.rule, e.message))?;
        if let Some(seat) = mover {
            last = Some((seat, mv.clone()));
        }
        history.push(mv);
    }
    record.moves = history.clone();
    Ok(Seen {
        view: game,
        history,
        last,
        record: Some(record),
    })
}

/// The server's result to show beside the board: the board's own result
/// when it ended by itself, else the server's verdict (resignation,
/// timeout, abandonment). A board result the board does not show is
/// refused: the snapshot does not hold together.
pub fn verdict(board: Option<Outcome>, server: Option<Outcome>) -> Result<Option<Outcome>, String> {
    let Some(outcome) = server else { return Ok(board) };
    if board.is_some() {
        return Ok(board);
    }
    match (outcome.reason, outcome.winner) {
        (EndReason::Resignation | EndReason::Timeout | EndReason::Abandoned, Some(_)) => Ok(Some(outcome)),
        (reason, Some(_)) => Err(format!("the game ended by {reason:?} but the board has not ended")),
        (reason, None) => Err(format!("a {reason:?} verdict without a winner")),
    }
}

/// What a snapshot shows a seat: the table, and the whole game's record
/// when the seat may know it (to look back at earlier positions).
#[derive(Clone, Debug)]
pub struct Shown<G: Playable> {
    pub table: Table<G>,
    pub record: Option<Record<G>>,
}

/// The table `snapshot.seat` sees. `can_act` says what the rules allow the
/// seat now; the room frame adds what the link allows (an answer pending).
pub fn table<G: Playable>(snapshot: &Snapshot) -> Result<Table<G>, String> {
    shown(snapshot).map(|s| s.table)
}

/// The table `snapshot.seat` sees with the game's record, when known.
pub fn shown<G: Playable>(snapshot: &Snapshot) -> Result<Shown<G>, String> {
    let seen = G::read_snapshot(snapshot)?;
    let outcome = verdict(seen.view.outcome(), snapshot.outcome)?;
    let seat = snapshot.seat;
    let can_act = snapshot.status == RoomStatus::Playing
        && outcome.is_none()
        && !snapshot.bot_seats.contains(&seat)
        && seen.view.may_act(seat);
    let table = Table {
        view: seen.view,
        viewer: seat,
        bottom: seat,
        can_act,
        last: seen.last,
        outcome,
        ply: snapshot.moves.len(),
        history: seen.history,
    };
    Ok(Shown {
        table,
        record: seen.record,
    })
}
