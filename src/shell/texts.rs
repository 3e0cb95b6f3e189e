//! The words of the play screen that every game shares: who sits where,
//! the status line, the result card's headline and reason, the rule a
//! refusal breaks.

use super::GameUi;
use crate::i18n::{key, rule_key, tr, tr_args, Lang};
use crate::play::player::{bot_level, Player};
use crate::play::{Prompt, Table, TapState};
use papan_bots::Level;
use papan_rules::{EndReason, Outcome, RuleId, Seat, SeatView};

/// Who plays the two seats, as the screen speaks of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seating {
    /// The person on this device at `local` against the bot.
    Bot { local: Seat, level: Level },
    /// Two people sharing this device.
    SameDevice,
    /// The person at `local` against someone on another device.
    Online { local: Seat },
}

impl Seating {
    /// How `players` are named with the person on this device at `local`.
    pub fn of(players: &[Player; 2], local: Seat) -> Seating {
        match (bot_level(players), players.contains(&Player::Remote)) {
            (Some(level), _) => Seating::Bot { local, level },
            (None, true) => Seating::Online { local },
            (None, false) => Seating::SameDevice,
        }
    }

    /// The seat "you" means, if one does.
    pub fn you(self) -> Option<Seat> {
        match self {
            Seating::Bot { local, .. } | Seating::Online { local } => Some(local),
            Seating::SameDevice => None,
        }
    }

    /// "You", "Normal bot", "Opponent", "Player 1".
    pub fn who(self, lang: Lang, seat: Seat) -> String {
        match self {
            Seating::Bot { local, .. } | Seating::Online { local } if seat == local => tr(lang, "you"),
            Seating::Bot { level, .. } => tr(lang, level_key(level)),
            Seating::Online { .. } => tr(lang, "opponent"),
            Seating::SameDevice => tr(lang, player_key(seat)),
        }
    }
}

pub fn level_key(level: Level) -> &'static str {
    match level {
        Level::Beginner => key("opponent-beginner"),
        Level::Normal => key("opponent-normal"),
        Level::Expert => key("opponent-expert"),
    }
}

pub fn player_key(seat: Seat) -> &'static str {
    match seat {
        Seat::First => key("player-1"),
        Seat::Second => key("player-2"),
    }
}

/// The text of a refusal: the rule's explanation in the reader's language.
pub fn refusal_text(lang: Lang, rule: RuleId) -> String {
    tr(lang, &rule_key(rule))
}

/// The status line. `acting` is false while a bot thinks or the opponent
/// plays; `thinking` while the bot searches.
pub fn status<G: GameUi>(lang: Lang, seating: Seating, table: &Table<G>, tap: &G::Tap, thinking: bool) -> String {
    if table.is_over() {
        return tr(lang, "status-over");
    }
    let prompt: Option<Prompt> = if table.can_act { tap.prompt(table) } else { None };
    match (seating, prompt) {
        (Seating::SameDevice, Some(p)) if !p.personal => tr(lang, p.key),
        (Seating::SameDevice, _) => side_to_move::<G>(lang, table),
        (_, Some(p)) => tr(lang, p.key),
        (_, None) if table.can_act => tr(lang, "status-your-turn"),
        (Seating::Bot { .. }, None) if thinking => tr(lang, "bot-thinking"),
        (Seating::Bot { .. }, None) => tr(lang, "status-bot-turn"),
        (Seating::Online { .. }, None) => tr(lang, "online-their-turn"),
    }
}

/// "Red to move", "Player 2 to move".
fn side_to_move<G: GameUi>(lang: Lang, table: &Table<G>) -> String {
    match table.view.seat_on_turn() {
        Some(seat) => tr_args(
            lang,
            "status-side-to-move",
            &[("side", G::side(lang, &table.view, seat))],
        ),
        None => tr(lang, "status-your-turn"),
    }
}

/// The result card's headline, and the winner's class (`human`, `bot`,
/// `opponent`, a side class, or `draw`).
pub fn headline<G: GameUi>(lang: Lang, seating: Seating, view: &G::View, outcome: Outcome) -> (String, &'static str) {
    let Some(winner) = outcome.winner else {
        return (tr(lang, "result-draw"), "draw");
    };
    match seating {
        Seating::Bot { local, .. } | Seating::Online { local } if winner == local => {
            (tr(lang, "result-you-win"), "human")
        }
        Seating::Bot { .. } => (tr(lang, "result-bot-wins"), "bot"),
        Seating::Online { .. } => (tr(lang, "result-you-lose"), "opponent"),
        Seating::SameDevice => (
            tr_args(lang, "result-side-wins", &[("side", G::side(lang, view, winner))]),
            G::side_class(view, winner),
        ),
    }
}

/// Why the game ended, from the reader's side.
pub fn reason<G: GameUi>(lang: Lang, seating: Seating, view: &G::View, outcome: Outcome) -> String {
    let loser = outcome.winner.map(Seat::other);
    let mine = loser.is_some() && loser == seating.you();
    let side = |seat: Option<Seat>| seat.map(|s| G::side(lang, view, s)).unwrap_or_default();
    let verdict = |you: &str, them: &str, side_key: &str| match seating {
        Seating::SameDevice => tr_args(lang, side_key, &[("side", side(loser))]),
        _ if mine => tr(lang, you),
        _ => tr(lang, them),
    };
    match outcome.reason {
        EndReason::Resignation => verdict("reason-you-resigned", "reason-they-resigned", "reason-side-resigned"),
        EndReason::Timeout => verdict("reason-your-time", "reason-their-time", "reason-side-time"),
        EndReason::Abandoned => verdict("reason-you-left", "reason-they-left", "reason-side-left"),
        _ => tr(lang, G::board_reason(outcome)),
    }
}
