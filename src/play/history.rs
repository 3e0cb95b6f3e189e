//! A game's past, UI-free: the move log and the read-only table at any
//! earlier ply. The same for every game, offline, online and in review:
//! all it needs is a [`Record`], replayed through the checked rules.

use super::table::Table;
use super::Playable;
use papan_rules::{Record, RecordError, Seat, Turn};

/// One line of the move log: a seat's move, with the chance event (dice)
/// that came just before it.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    /// Moves and chance events played once this move is on the board: the
    /// ply to show for it.
    pub plies: usize,
    /// 1 for the first seat move of the game, +1 per seat move.
    pub number: usize,
    pub seat: Seat,
    /// The move in the game's notation; from [`log_for`], in the numbers
    /// the viewer's board shows ([`Playable::seen_by`]).
    pub text: String,
    /// The chance event that set this move up (backgammon's "6-1").
    pub chance: Option<String>,
}

/// The move log of `record`: every seat move in order, each in its
/// mover's notation (the record's form). A record that stops replaying (it
/// never should: records are built by checked play) logs the moves up to
/// the refused one. What a person reads is [`log_for`].
pub fn log<G: Playable>(record: &Record<G>) -> Vec<LogEntry> {
    log_seen(record, None)
}

/// [`log`] as `viewer` reads it: every move in the numbers `viewer`'s
/// board shows (backgammon: the opponent's `8/3*` is `17/22*`), as the
/// move log, its notices and the review show it.
pub fn log_for<G: Playable>(record: &Record<G>, viewer: Seat) -> Vec<LogEntry> {
    log_seen(record, Some(viewer))
}

fn log_seen<G: Playable>(record: &Record<G>, viewer: Option<Seat>) -> Vec<LogEntry> {
    let Ok(mut game) = record.start() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut chance = None;
    for (ply, mv) in record.moves.iter().enumerate() {
        let turn = game.turn();
        let seen = match (turn, viewer) {
            (Turn::Seat(mover), Some(viewer)) => G::seen_by(mv, mover, viewer),
            _ => None,
        };
        let text = seen.unwrap_or_else(|| game.format_move(mv));
        if game.play(mv).is_err() {
            break;
        }
        match turn {
            Turn::Seat(seat) => out.push(LogEntry {
                plies: ply + 1,
                number: out.len() + 1,
                seat,
                text,
                chance: chance.take(),
            }),
            Turn::Chance => chance = Some(G::chance_label(mv).unwrap_or(text)),
            Turn::Over => break,
        }
    }
    out
}

/// What `viewer` saw after the first `plies` moves of `record`: a table
/// nobody may act on, with the move that led there as its last move.
pub fn table_at<G: Playable>(
    record: &Record<G>,
    plies: usize,
    viewer: Seat,
    bottom: Seat,
) -> Result<Table<G>, RecordError> {
    table_seen::<G>(record, plies, viewer, bottom, G::view)
}

/// [`table_at`] for the review of a finished game: nothing hidden
/// ([`Playable::open_view`]).
pub fn open_table_at<G: Playable>(
    record: &Record<G>,
    plies: usize,
    viewer: Seat,
    bottom: Seat,
) -> Result<Table<G>, RecordError> {
    table_seen::<G>(record, plies, viewer, bottom, G::open_view)
}

fn table_seen<G: Playable>(
    record: &Record<G>,
    plies: usize,
    viewer: Seat,
    bottom: Seat,
    see: fn(&G, Seat) -> G::View,
) -> Result<Table<G>, RecordError> {
    let plies = plies.min(record.moves.len());
    let mut game = record.start().map_err(|error| RecordError { ply: None, error })?;
    let mut last = None;
    for (ply, mv) in record.moves[..plies].iter().enumerate() {
        if let Turn::Seat(seat) = game.turn() {
            last = Some((seat, mv.clone()));
        }
        game.play(mv).map_err(|error| RecordError { ply: Some(ply), error })?;
    }
    Ok(Table {
        view: see(&game, viewer),
        viewer,
        bottom,
        can_act: false,
        last,
        outcome: game.outcome(),
        ply: plies,
        history: record.moves[..plies].to_vec(),
    })
}

/// Which earlier position the person is looking at, if any: the number of
/// plies shown, always short of the whole game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Viewing(pub Option<usize>);

impl Viewing {
    /// The plies to show for `entry` of a game `total` plies long: `None`
    /// (the live game) for its last move.
    pub fn of(plies: usize, total: usize) -> Viewing {
        Viewing((plies < total).then_some(plies))
    }

    /// One seat move back (from the live game: the move before the last).
    pub fn back(self, log: &[LogEntry], total: usize) -> Viewing {
        let now = self.0.unwrap_or(total);
        match log.iter().rev().find(|e| e.plies < now) {
            Some(e) => Viewing::of(e.plies, total),
            // Before the first move: the starting position.
            None if now > 0 => Viewing(Some(0)),
            None => self,
        }
    }

    /// One seat move on; the live game after the last.
    pub fn forward(self, log: &[LogEntry], total: usize) -> Viewing {
        let Some(now) = self.0 else { return self };
        match log.iter().find(|e| e.plies > now) {
            Some(e) => Viewing::of(e.plies, total),
            None => Viewing(None),
        }
    }
}

/// The move log when only the public moves are known (Jun Qi before its
/// seed is revealed): each move in `view`'s notation as `viewer` reads it,
/// the movers taking turns back from the seat that made the last one.
/// Only for games without chance events.
pub fn log_of_moves<G: Playable>(
    view: &G::View,
    history: &[G::Move],
    last_mover: Option<Seat>,
    viewer: Seat,
) -> Vec<LogEntry> {
    use papan_rules::SeatView;
    let Some(last_mover) = last_mover else {
        return Vec::new();
    };
    let count = history.len();
    history
        .iter()
        .enumerate()
        .map(|(ply, mv)| {
            let seat = if (count - 1 - ply) % 2 == 0 {
                last_mover
            } else {
                last_mover.other()
            };
            LogEntry {
                plies: ply + 1,
                number: ply + 1,
                seat,
                text: G::seen_by(mv, seat, viewer).unwrap_or_else(|| view.format_move(mv)),
                chance: None,
            }
        })
        .collect()
}
