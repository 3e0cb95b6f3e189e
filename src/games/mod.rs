//! The four games in the app. Each brings its whole app part in its own
//! folder: its board (a pure view of a position and marks), its tap state,
//! its setup form, its room options, its lesson hooks, and what the shell
//! needs to name its sides and notices ([`crate::shell::GameUi`]);
//! everything else is shared (`play`, `shell`, `screens`).
//!
//! `with_game!` is the one place where a [`GameId`] becomes its game's
//! type: generic screens call through the traits from there.
//!
//! [`GameId`]: papan_rules::GameId

pub mod backgammon;
pub mod hadang;
pub mod hex;
pub mod junqi;
pub mod keys;

/// Runs `$body` with the type alias `$G` naming the game `$id` (a
/// [`papan_rules::GameId`]): `with_game!(id, G => G::NAME_KEY)`. The one
/// dispatch from a game's id to its type; a new game adds its arm here.
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            papan_rules::GameId::Hex => {
                type $G = papan_rules::hex::Hex;
                $body
            }
            papan_rules::GameId::Hadang => {
                type $G = papan_rules::hadang::Hadang;
                $body
            }
            papan_rules::GameId::Junqi => {
                type $G = papan_rules::junqi::JunQi;
                $body
            }
            papan_rules::GameId::Backgammon => {
                type $G = papan_rules::backgammon::Backgammon;
                $body
            }
        }
    };
}
pub(crate) use with_game;

#[cfg(test)]
mod tests {
    use crate::shell::GameUi;
    use papan_api::{GameOptions, HadangRoomOptions, HadangTempo, HexRoomOptions};
    use papan_rules::{Game, GameId};

    #[test]
    fn every_game_id_dispatches_to_its_own_game() {
        for id in GameId::ALL {
            let (game, name, tagline) = with_game!(id, G => (<G as Game>::GAME, G::NAME_KEY, G::TAGLINE_KEY));
            assert_eq!(game, id);
            assert_eq!(name, format!("game-{}", id.code()));
            assert_eq!(tagline, format!("game-{}-tagline", id.code()));
            assert_eq!(crate::components::game_name_key(id), name);
        }
    }

    #[test]
    fn x12_h16_j20_a_new_room_starts_from_each_games_lobby_defaults() {
        let defaults: Vec<GameOptions> = GameId::ALL
            .into_iter()
            .map(|id| with_game!(id, G => G::room_options()))
            .collect();
        assert_eq!(
            defaults,
            [
                // 11×11, no swap, no turn limit (X1, X7, X12).
                GameOptions::Hex(HexRoomOptions {
                    size: 11,
                    swap: false,
                    turn_limit_s: None
                }),
                // A 5+2 clock (H16).
                GameOptions::Hadang(HadangRoomOptions {
                    tempo: Some(HadangTempo {
                        base_minutes: 5,
                        increment_seconds: 2
                    })
                }),
                // Nothing to choose (J20: always 30 s a move).
                GameOptions::Junqi,
                GameOptions::Backgammon,
            ]
        );
        for options in defaults {
            assert!(options.check().is_ok(), "{options:?}");
        }
    }

    #[test]
    fn only_games_with_committed_secrets_or_dice_show_a_fairness_line() {
        let fair: Vec<(GameId, Option<&str>)> = GameId::ALL
            .into_iter()
            .map(|id| (id, with_game!(id, G => G::FAIRNESS_KEY)))
            .collect();
        assert_eq!(
            fair,
            [
                (GameId::Hex, None),
                (GameId::Hadang, None),
                (GameId::Junqi, Some("online-fair-junqi")),
                (GameId::Backgammon, Some("online-fair-dice")),
            ]
        );
    }
}
