//! What a notification says, in the receiver's language (the one its
//! subscription named): the service worker shows it as it comes, with the
//! app closed, so the words are the server's.

use papan_api::{GameId, NoticeKind};

/// What happened, with what the words need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Says {
    YourMove,
    InviteAccepted,
    /// The receiver won (`Some(true)`), lost, or drew (`None`).
    GameEnded {
        won: Option<bool>,
    },
    /// Hours left for the receiver's move (at least 1).
    TimeLow {
        hours_left: u64,
    },
}

impl Says {
    pub fn kind(self) -> NoticeKind {
        match self {
            Says::YourMove => NoticeKind::YourMove,
            Says::InviteAccepted => NoticeKind::InviteAccepted,
            Says::GameEnded { .. } => NoticeKind::GameEnded,
            Says::TimeLow { .. } => NoticeKind::TimeLow,
        }
    }
}

/// The languages notices are written in (the app's).
pub const LANGS: [&str; 3] = ["id", "fil", "en"];

fn game_name(game: GameId) -> &'static str {
    match game {
        GameId::Hadang => "HADANG",
        GameId::Hex => "Hex",
        GameId::Junqi => "Jun Qi",
        GameId::Backgammon => "Backgammon",
    }
}

/// The title and body of `says` about a game of `game`, in `lang` (English
/// for a language not in [`LANGS`]).
pub fn words(says: Says, game: GameId, lang: &str) -> (String, String) {
    let g = game_name(game);
    let (title, body) = match (lang, says) {
        ("id", Says::YourMove) => (
            "Giliranmu".into(),
            format!("{g}: lawan sudah melangkah. Sekarang giliranmu."),
        ),
        ("fil", Says::YourMove) => (
            "Ikaw na".into(),
            format!("{g}: tumira na ang kalaban. Ikaw na ang titira."),
        ),
        (_, Says::YourMove) => (
            "Your move".into(),
            format!("{g}: your opponent has moved. It is your turn."),
        ),
        ("id", Says::InviteAccepted) => (
            "Undangan diterima".into(),
            format!("{g}: temanmu sudah masuk ke ruangan. Permainan dimulai."),
        ),
        ("fil", Says::InviteAccepted) => (
            "Tinanggap ang imbitasyon".into(),
            format!("{g}: pumasok na ang kaibigan mo sa kuwarto. Nagsimula na ang laro."),
        ),
        (_, Says::InviteAccepted) => (
            "Invitation accepted".into(),
            format!("{g}: your friend joined the room. The game has started."),
        ),
        ("id", Says::GameEnded { won }) => (
            "Permainan selesai".into(),
            format!(
                "{g}: {}",
                match won {
                    Some(true) => "kamu menang.",
                    Some(false) => "kamu kalah.",
                    None => "hasilnya seri.",
                }
            ),
        ),
        ("fil", Says::GameEnded { won }) => (
            "Tapos na ang laro".into(),
            format!(
                "{g}: {}",
                match won {
                    Some(true) => "nanalo ka.",
                    Some(false) => "natalo ka.",
                    None => "tabla ang laro.",
                }
            ),
        ),
        (_, Says::GameEnded { won }) => (
            "Game over".into(),
            format!(
                "{g}: {}",
                match won {
                    Some(true) => "you won.",
                    Some(false) => "you lost.",
                    None => "it is a draw.",
                }
            ),
        ),
        ("id", Says::TimeLow { hours_left }) => (
            "Waktu hampir habis".into(),
            format!("{g}: sisa {hours_left} jam untuk langkahmu."),
        ),
        ("fil", Says::TimeLow { hours_left }) => (
            "Paubos na ang oras".into(),
            format!("{g}: {hours_left} oras na lang para sa tira mo."),
        ),
        (_, Says::TimeLow { hours_left }) => (
            "Time is running out".into(),
            format!(
                "{g}: {hours_left} {} left for your move.",
                if hours_left == 1 { "hour" } else { "hours" }
            ),
        ),
    };
    (title, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notice_reads_in_each_language_and_names_the_game() {
        let all = [
            Says::YourMove,
            Says::InviteAccepted,
            Says::GameEnded { won: Some(true) },
            Says::GameEnded { won: Some(false) },
            Says::GameEnded { won: None },
            Says::TimeLow { hours_left: 14 },
        ];
        for says in all {
            let texts: Vec<(String, String)> = LANGS.iter().map(|lang| words(says, GameId::Hex, lang)).collect();
            for (title, body) in &texts {
                assert!(!title.is_empty() && body.starts_with("Hex: "), "{title} / {body}");
            }
            assert!(
                texts[0] != texts[1] && texts[1] != texts[2] && texts[0] != texts[2],
                "{says:?}: {texts:?}"
            );
        }
        assert_eq!(
            words(Says::YourMove, GameId::Hex, "xx"),
            words(Says::YourMove, GameId::Hex, "en")
        );
        assert!(words(Says::TimeLow { hours_left: 14 }, GameId::Backgammon, "id")
            .1
            .contains("14 jam"));
    }
}
