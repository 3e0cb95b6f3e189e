//! Fluent keys for piece names: short ones on the tiles (the Indonesian
//! abbreviations of the page in Indonesian), full ones in the statistics;
//! and the texts built from them that the offline and online screens share.

use crate::i18n::{key, tr, tr_args, Lang};
use papan_rules::junqi::{Colour, JunQiAction, JunQiView, Kind, Piece};
use papan_rules::Seat;

/// The tile label of `kind`.
pub fn short_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Commander => key("junqi-short-commander"),
        Kind::Corps => key("junqi-short-corps"),
        Kind::Division => key("junqi-short-division"),
        Kind::Brigade => key("junqi-short-brigade"),
        Kind::Regiment => key("junqi-short-regiment"),
        Kind::Battalion => key("junqi-short-battalion"),
        Kind::Company => key("junqi-short-company"),
        Kind::Platoon => key("junqi-short-platoon"),
        Kind::Engineer => key("junqi-short-engineer"),
        Kind::Mine => key("junqi-short-mine"),
        Kind::Flag => key("junqi-short-flag"),
        Kind::Bomb => key("junqi-short-bomb"),
    }
}

/// The full name of `kind`.
pub fn full_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Commander => key("junqi-kind-commander"),
        Kind::Corps => key("junqi-kind-corps"),
        Kind::Division => key("junqi-kind-division"),
        Kind::Brigade => key("junqi-kind-brigade"),
        Kind::Regiment => key("junqi-kind-regiment"),
        Kind::Battalion => key("junqi-kind-battalion"),
        Kind::Company => key("junqi-kind-company"),
        Kind::Platoon => key("junqi-kind-platoon"),
        Kind::Engineer => key("junqi-kind-engineer"),
        Kind::Mine => key("junqi-kind-mine"),
        Kind::Flag => key("junqi-kind-flag"),
        Kind::Bomb => key("junqi-kind-bomb"),
    }
}

pub fn colour_name(lang: Lang, colour: Colour) -> String {
    match colour {
        Colour::Red => tr(lang, "junqi-colour-red"),
        Colour::Blue => tr(lang, "junqi-colour-blue"),
    }
}

/// "Red Div".
pub fn piece_name(lang: Lang, piece: Piece) -> String {
    tr_args(
        lang,
        "junqi-piece-of",
        &[
            ("colour", colour_name(lang, piece.colour)),
            ("piece", tr(lang, short_key(piece.kind))),
        ],
    )
}

/// "Bot revealed Red Div on c3", "You: a2 → a11 (Blue Ton fell)"; `who`
/// names the seat that acted (You, Bot, Opponent, Player 1…).
pub fn last_action_line(lang: Lang, view: &JunQiView, who: impl Fn(Seat) -> String) -> Option<String> {
    let last = view.last_action()?;
    let by = who(last.seat);
    Some(match last.action {
        JunQiAction::Reveal(post) => {
            let piece = last.revealed.map(|p| piece_name(lang, p)).unwrap_or_default();
            tr_args(
                lang,
                "junqi-last-reveal",
                &[("who", by), ("piece", piece), ("post", post.to_string())],
            )
        }
        JunQiAction::Move { from, to } if !last.removed.is_empty() => {
            let fallen: Vec<String> = last.removed.iter().map(|p| piece_name(lang, *p)).collect();
            tr_args(
                lang,
                "junqi-last-combat",
                &[
                    ("who", by),
                    ("from", from.to_string()),
                    ("to", to.to_string()),
                    ("fallen", fallen.join(", ")),
                ],
            )
        }
        JunQiAction::Move { from, to } => tr_args(
            lang,
            "junqi-last-move",
            &[("who", by), ("from", from.to_string()), ("to", to.to_string())],
        ),
    })
}

/// J8: the colours once decided ("You: Red · Bot: Blue"), else how they get
/// decided. `who` names a seat; `opponent` names the other seat in the
/// decided line (a bot by its level).
pub fn colours_line(lang: Lang, view: &JunQiView, me: Seat, who: impl Fn(Seat) -> String, opponent: String) -> String {
    let other = me.other();
    match (view.colour_of(me), view.colour_of(other)) {
        (Some(mine), Some(theirs)) => tr_args(
            lang,
            "junqi-colours-decided",
            &[
                ("me", who(me)),
                ("mine", colour_name(lang, mine)),
                ("opponent", opponent),
                ("theirs", colour_name(lang, theirs)),
            ],
        ),
        _ => {
            let seat = view.to_move().unwrap_or(me);
            match view.reveal_streak(seat) {
                Some(colour) => tr_args(
                    lang,
                    "junqi-colour-streak",
                    &[("who", who(seat)), ("colour", colour_name(lang, colour))],
                ),
                None => tr(lang, "junqi-colour-hint"),
            }
        }
    }
}
