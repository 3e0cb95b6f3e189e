//! Glicko-2 ratings per game (skillratings); a draw counts half. Players
//! stay provisional for their first 10 rated games or while the deviation
//! is above 110. The arithmetic only: each store keeps the standings its
//! own way (SQLite inside the transaction of the event that ended the
//! game, the cluster in a key-value bucket).

use papan_api::{GameId, Rating};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A device's standing in one game: its Glicko-2 rating and games played.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
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

    pub fn rating(self, game: GameId) -> Rating {
        Rating {
            game,
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
            games: self.games,
            provisional: self.games < 10 || self.deviation > 110.0,
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
