//! Glicko-2 ratings (skillratings), shared by the room server's ranked
//! games and the app's puzzle ratings; a draw counts half. Players stay
//! provisional for their first 10 rated games or while the deviation is
//! above 110. The arithmetic only: each keeper stores standings its own way
//! (the server's SQLite or cluster bucket, the app's storage).

use crate::{GameId, Rating};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A standing in one game: its Glicko-2 rating and games played.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Standing {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

impl Default for Standing {
    fn default() -> Standing {
        Standing::from((Glicko2Rating::new(), 0))
    }
}

impl From<(Glicko2Rating, u32)> for Standing {
    fn from((r, games): (Glicko2Rating, u32)) -> Standing {
        Standing {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games,
        }
    }
}

impl Standing {
    pub fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// Fewer than 10 rated games, or a deviation above 110.
    pub fn provisional(self) -> bool {
        self.games < 10 || self.deviation > 110.0
    }

    pub fn rating(self, game: GameId) -> Rating {
        Rating {
            game,
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
            games: self.games,
            provisional: self.provisional(),
        }
    }
}

/// Both players' standings after a game in which `first` scored `score_first`.
pub fn after_game(first: Standing, second: Standing, score_first: f64) -> (Standing, Standing) {
    let outcome = if score_first > 0.75 {
        Outcomes::WIN
    } else if score_first < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (a, b) = glicko2(&first.glicko(), &second.glicko(), &outcome, &Glicko2Config::new());
    (
        Standing::from((a, first.games + 1)),
        Standing::from((b, second.games + 1)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_a_loss_lowers_and_both_count_a_game() {
        let start = Standing::default();
        assert_eq!(start.rating, 1500.0);
        let (won, lost) = after_game(start, start, 1.0);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0, "{won:?} {lost:?}");
        assert_eq!((won.games, lost.games), (1, 1));
        let (drew, _) = after_game(start, start, 0.5);
        assert!((drew.rating - 1500.0).abs() < 1e-9);
        assert!(start.provisional() && start.rating(GameId::Hex).provisional);
    }
}
