//! UI-free state machines behind the screens: plain Rust, tested with tap
//! sequences, no rule of their own (rules come from `papan_rules`).

pub mod backgammon;
pub mod hadang;
pub mod hex;
pub mod junqi;
pub mod junqi_online;

use crate::i18n::key;
use hex::Player;
use papan_rules::{EndReason, Game, Outcome, Record, Seat, Turn};

/// The seed for a bot's move at `ply`: derived from the record's seed, so a
/// replayed game gets the same bot moves.
pub fn bot_seed(record_seed: u64, ply: usize) -> u64 {
    hex::mix(record_seed ^ hex::mix(ply as u64 + 1))
}

/// How many moves an undo keeps: up to the last point a person was to move,
/// so against a bot the bot's reply is taken back too. `None` when no person
/// has moved yet (or the record does not replay).
pub fn undo_point<G: Game>(record: &Record<G>, players: &[Player; 2]) -> Option<usize> {
    let mut game = record.start().ok()?;
    let mut human_turns = None;
    for (ply, mv) in record.moves.iter().enumerate() {
        if let Turn::Seat(seat) = game.turn() {
            if players[seat.index()] == Player::Human {
                human_turns = Some(ply);
            }
        }
        game.play(mv).ok()?;
    }
    human_turns
}

/// The players of an online game: the person on this device at `local`,
/// the one on the other device (moves from the room server) at the other seat.
pub fn online_players(local: Seat) -> [Player; 2] {
    let mut players = [Player::Remote; 2];
    players[local.index()] = Player::Human;
    players
}

/// Whether a seat is played on another device (an online game).
pub fn is_online(players: &[Player; 2]) -> bool {
    players.contains(&Player::Remote)
}

/// The Fluent key of the "not your turn" toast for the player to move:
/// the opponent online, else the bot (`bot_key`, which differs per game).
pub fn wait_key(to_move: Option<Player>, bot_key: &'static str) -> &'static str {
    match to_move {
        Some(Player::Remote) => key("toast-wait-opponent"),
        _ => bot_key,
    }
}

/// Plays the room server's move list (the rules' notation) on `game`, each
/// move parsed and checked. The error names the move's index in `moves`,
/// its text and the rule it breaks: "move 7 `c3`: X5 c3 is occupied".
pub fn replay_notation<G: Game>(game: &mut G, moves: &[String]) -> Result<Vec<G::Move>, String> {
    moves
        .iter()
        .enumerate()
        .map(|(index, text)| play_notation(game, index, text))
        .collect()
}

/// Plays one move of the server's list (`index` in it, for the error).
pub fn play_notation<G: Game>(game: &mut G, index: usize, text: &str) -> Result<G::Move, String> {
    let mv = game
        .parse_move(text)
        .map_err(|e| format!("move {index} `{text}`: {}", e.message))?;
    game.play(&mv)
        .map_err(|e| format!("move {index} `{text}`: {} {}", e.rule, e.message))?;
    Ok(mv)
}

/// The server's outcome to keep beside the board: `None` when the board
/// ended by itself (its own result stands) or the game goes on; the
/// server's verdict when it ended off the board (resignation, timeout,
/// abandonment). A board result the board does not show is refused: the
/// snapshot does not hold together.
pub fn off_board_verdict(board: Option<Outcome>, server: Option<Outcome>) -> Result<Option<Outcome>, String> {
    let Some(outcome) = server else { return Ok(None) };
    if board.is_some() {
        return Ok(None);
    }
    match (outcome.reason, outcome.winner) {
        (EndReason::Resignation | EndReason::Timeout | EndReason::Abandoned, Some(_)) => Ok(Some(outcome)),
        (reason, Some(_)) => Err(format!("the game ended by {reason:?} but the board has not ended")),
        (reason, None) => Err(format!("a {reason:?} verdict without a winner")),
    }
}

/// Online result from the local person's side: `human` (this device won),
/// `remote` (the other device won) or `none` (a draw).
pub fn online_winner_kind(outcome: Outcome, local: Seat) -> &'static str {
    match outcome.winner {
        Some(winner) if winner == local => "human",
        Some(_) => "remote",
        None => "none",
    }
}

/// The online banner's headline from this device's side: `you_win` (the
/// game's own key), or the shared "you lost" / "draw".
pub fn online_headline(outcome: Outcome, local: Seat, you_win: &'static str) -> &'static str {
    match online_winner_kind(outcome, local) {
        "human" => you_win,
        "remote" => key("online-you-lose"),
        _ => key("online-draw"),
    }
}

/// The online banner's reason for an off-board verdict, from this device's
/// side; `None` for a result on the board (each game names its own).
pub fn online_verdict_reason(outcome: Outcome, local: Seat) -> Option<&'static str> {
    let lost = outcome.winner.is_some_and(|w| w != local);
    Some(match (outcome.reason, lost) {
        (EndReason::Resignation, true) => key("online-reason-you-resigned"),
        (EndReason::Resignation, false) => key("online-reason-they-resigned"),
        (EndReason::Timeout, true) => key("online-reason-your-time"),
        (EndReason::Timeout, false) => key("online-reason-their-time"),
        (EndReason::Abandoned, true) => key("online-reason-you-left"),
        (EndReason::Abandoned, false) => key("online-reason-they-left"),
        _ => return None,
    })
}
