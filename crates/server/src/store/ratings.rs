//! Ratings in SQLite: read and written inside the writer's transactions,
//! so a result is stored with the event that ended the game.

use crate::ratings::Standing;
use crate::storage::types::{RatedResult, Res};
use papan_api::{GameId, Rating};
use rusqlite::{params, Connection, OptionalExtension};
use skillratings::glicko2::Glicko2Rating;

/// A device's rating (stored under the game's code, `hex`, ...) and games.
fn load(conn: &Connection, device: &str, game: GameId) -> Res<(Glicko2Rating, u32)> {
    let row: Option<(f64, f64, f64, u32)> = conn
        .query_row(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE device_id = ?1 AND game = ?2",
            params![device, game.code()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?;
    Ok(match row {
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

fn save(conn: &Connection, device: &str, game: GameId, r: Glicko2Rating, games: u32) -> Res<()> {
    conn.execute(
        "INSERT INTO ratings (device_id, game, rating, deviation, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (device_id, game) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5, games = ?6",
        params![device, game.code(), r.rating, r.deviation, r.volatility, games],
    )?;
    Ok(())
}

/// Records a game between `first` and `second`.
pub fn record(conn: &Connection, result: &RatedResult) -> Res<()> {
    let a = Standing::from(load(conn, &result.first, result.game)?);
    let b = Standing::from(load(conn, &result.second, result.game)?);
    let (na, nb) = crate::ratings::after_game(a, b, result.score_first);
    save(conn, &result.first, result.game, na.glicko(), na.games)?;
    save(conn, &result.second, result.game, nb.glicko(), nb.games)
}

pub fn get(conn: &Connection, device: &str, game: GameId) -> Res<Rating> {
    Ok(Standing::from(load(conn, device, game)?).rating(game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::types::Entry;
    use crate::store::Store;

    fn result(game: GameId, first: &str, second: &str, score_first: f64) -> RatedResult {
        RatedResult {
            game,
            game_index: 0,
            first: first.into(),
            second: second.into(),
            score_first,
        }
    }

    #[tokio::test]
    async fn x15_ranked_results_feed_ratings_and_a_draw_counts_half() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(&dir.path().join("ratings.db")).expect("open store");
        let game_end = |r: RatedResult| {
            store.append(
                "r",
                Entry {
                    rated: vec![r],
                    ..Entry::default()
                },
            )
        };
        game_end(result(GameId::Hex, "winner", "loser", 1.0)).await.unwrap();
        game_end(result(GameId::Hex, "drawn-a", "drawn-b", 0.5)).await.unwrap();
        let winner = store.rating("winner", GameId::Hex).await.unwrap();
        let loser = store.rating("loser", GameId::Hex).await.unwrap();
        let drawn = store.rating("drawn-a", GameId::Hex).await.unwrap();
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0, "{winner:?} {loser:?}");
        // Between equal players a draw moves neither rating: half a win each.
        assert!((drawn.rating - 1500.0).abs() < 1e-6, "{drawn:?}");
        assert!(winner.provisional && winner.games == 1, "new players are provisional");
        // Ratings are per game: the Hex result leaves HADANG untouched.
        assert_eq!(store.rating("winner", GameId::Hadang).await.unwrap().games, 0);
    }
}
