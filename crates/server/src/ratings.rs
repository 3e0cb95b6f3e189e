//! Glicko-2 ratings per game (skillratings); a draw counts half. Players
//! stay provisional for their first 10 rated games or while the deviation
//! is above 110.

use crate::store::Store;
use papan_api::{GameId, Rating};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

fn load(store: &Store, device: &str, game: GameId) -> rusqlite::Result<(Glicko2Rating, u32)> {
    Ok(match store.rating(device, game)? {
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
pub fn record(store: &Store, game: GameId, a: &str, b: &str, score_a: f64) -> rusqlite::Result<()> {
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
    store.set_rating(a, game, (na.rating, na.deviation, na.volatility, ga + 1))?;
    store.set_rating(b, game, (nb.rating, nb.deviation, nb.volatility, gb + 1))?;
    Ok(())
}

pub fn get(store: &Store, device: &str, game: GameId) -> rusqlite::Result<Rating> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(&dir.path().join("ratings.db")).expect("open store");
        (dir, store)
    }

    #[test]
    fn x15_ranked_results_feed_ratings_and_a_draw_counts_half() {
        let (_dir, store) = store();
        record(&store, GameId::Hex, "winner", "loser", 1.0).unwrap();
        record(&store, GameId::Hex, "drawn-a", "drawn-b", 0.5).unwrap();
        let winner = get(&store, "winner", GameId::Hex).unwrap();
        let loser = get(&store, "loser", GameId::Hex).unwrap();
        let drawn = get(&store, "drawn-a", GameId::Hex).unwrap();
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0, "{winner:?} {loser:?}");
        // Between equal players a draw moves neither rating: half a win each.
        assert!((drawn.rating - 1500.0).abs() < 1e-6, "{drawn:?}");
        assert!(winner.provisional && winner.games == 1, "new players are provisional");
        // Ratings are per game: the Hex result leaves HADANG untouched.
        assert_eq!(get(&store, "winner", GameId::Hadang).unwrap().games, 0);
    }
}
