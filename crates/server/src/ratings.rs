//! Glicko-2 ratings per game (skillratings); a draw counts half. Players
//! stay provisional for their first 10 rated games or while the deviation
//! is above 110.

use crate::store::Store;
use papan_api::{GameKind, Rating};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

pub fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Hex => "hex",
        GameKind::Hadang => "hadang",
        GameKind::Junqi => "junqi",
        GameKind::Backgammon => "backgammon",
    }
}

fn load(store: &Store, device: &str, game: GameKind) -> rusqlite::Result<(Glicko2Rating, u32)> {
    Ok(match store.rating(device, game_name(game))? {
        Some((rating, deviation, volatility, games)) => (
            Glicko2Rating {
                rating,
                deviation,
                volatility,
            },
            games,
        ),
        None => (Glicko2Rating::new(), 0),
    })
}

/// Records a game between `a` and `b`; `score_a` is 1, 0.5 or 0.
pub fn record(store: &Store, game: GameKind, a: &str, b: &str, score_a: f64) -> rusqlite::Result<()> {
    let (ra, ga) = load(store, a, game)?;
    let (rb, gb) = load(store, b, game)?;
    let outcome = if score_a > 0.75 {
        Outcomes::WIN
    } else if score_a < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (na, nb) = glicko2(&ra, &rb, &outcome, &Glicko2Config::new());
    store.set_rating(a, game_name(game), (na.rating, na.deviation, na.volatility, ga + 1))?;
    store.set_rating(b, game_name(game), (nb.rating, nb.deviation, nb.volatility, gb + 1))?;
    Ok(())
}

pub fn get(store: &Store, device: &str, game: GameKind) -> rusqlite::Result<Rating> {
    let (r, games) = load(store, device, game)?;
    Ok(Rating {
        game,
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games,
        provisional: games < 10 || r.deviation > 110.0,
    })
}
