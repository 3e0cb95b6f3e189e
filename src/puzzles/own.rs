//! Puzzles from the player's own games, UI-free: each finished game on the
//! device (not an imported one) is scanned once by the bots' worker with
//! the generator's own tests ([`crate::bot::find_puzzles`]; a backgammon
//! one rests on the Expert's 2-ply lead, without the GNU Backgammon verdict
//! the shipped ones carry); what it finds is
//! kept beside the shipped sets and offered with them, under the theme
//! [`OWN_THEME`] as well as its own.

use super::Puzzle;
use crate::play::finished::Finished;
use crate::storage::{CorruptData, Store};
use papan_rules::GameId;
use serde::{Deserialize, Serialize};

/// The storage key of [`OwnPuzzles`].
pub const STORE_KEY: &str = "papan-own-puzzles-v1";

/// The theme chip that shows only puzzles from the player's games.
pub const OWN_THEME: &str = "yours";

/// How many are kept: the oldest go first.
pub const LIMIT: usize = 200;

/// What the scans found, and which games were scanned.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OwnPuzzles {
    /// Finished games' keys, scanned.
    pub scanned: Vec<String>,
    /// As the scan wrote them (read with [`OwnPuzzles::of_game`]).
    pub puzzles: Vec<serde_json::Value>,
}

/// Whether a puzzle came from one of the player's games.
pub fn is_own(puzzle: &Puzzle) -> bool {
    puzzle.id.starts_with("own-")
}

/// Whether a finished game is one to scan: the player's own (played here
/// or online), with moves.
pub fn scannable(finished: &Finished) -> bool {
    !finished.is_import() && finished.moves > 0
}

impl OwnPuzzles {
    /// The kept puzzles, and the reason when unreadable ones were kept
    /// aside by the store (none come back then).
    pub fn load(store: &Store) -> (OwnPuzzles, Option<CorruptData>) {
        match store.load::<OwnPuzzles>(STORE_KEY) {
            Ok(own) => (own.unwrap_or_default(), None),
            Err(corrupt) => (OwnPuzzles::default(), Some(corrupt)),
        }
    }

    pub fn save(&self, store: &Store) -> Result<(), String> {
        store.save(STORE_KEY, self)
    }

    /// The finished games not scanned yet, in the order given.
    pub fn to_scan<'a>(&self, games: &'a [Finished]) -> Vec<&'a Finished> {
        games
            .iter()
            .filter(|f| scannable(f) && !self.scanned.contains(&f.key))
            .collect()
    }

    /// Keeps what the scan of game `key` found (ids `own-<key>-<n>`; a
    /// position already kept is not kept twice) and marks it scanned.
    /// Returns how many were added.
    pub fn add(&mut self, key: &str, found: Vec<serde_json::Value>) -> usize {
        if !self.scanned.iter().any(|k| k == key) {
            self.scanned.push(key.to_string());
        }
        let mut added = 0;
        for (n, mut puzzle) in found.into_iter().enumerate() {
            if !puzzle.is_object() || self.puzzles.iter().any(|p| p["body"] == puzzle["body"]) {
                continue;
            }
            puzzle["id"] = format!("own-{key}-{}", n + 1).into();
            self.puzzles.push(puzzle);
            added += 1;
        }
        let over = self.puzzles.len().saturating_sub(LIMIT);
        self.puzzles.drain(..over);
        added
    }

    /// The kept puzzles of `game` (one that no longer reads is left out).
    pub fn of_game(&self, game: GameId) -> Vec<Puzzle> {
        self.puzzles
            .iter()
            .filter_map(|p| serde_json::from_value::<Puzzle>(p.clone()).ok())
            .filter(|p| super::game_of(p) == Some(game))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::player::Player;
    use crate::puzzles::{bundled, choose, parse_set};
    use papan_bots::Level;
    use papan_rules::backgammon::Backgammon;
    use papan_rules::hex::{Hex, HexOptions};
    use papan_rules::{Record, Seat};

    fn finished(key: &str, origin: &str) -> Finished {
        let record = Record::<Hex>::new(HexOptions::default(), 1);
        let mut f = Finished::new::<Hex>(
            key.into(),
            &record,
            Seat::First,
            [Player::Human, Player::Bot(Level::Normal)],
            None,
            origin,
        )
        .unwrap();
        f.moves = 10;
        f
    }

    /// Shipped puzzles as a scan writes them.
    fn shipped(n: usize) -> Vec<serde_json::Value> {
        bundled(GameId::Hex)
            .unwrap()
            .lines()
            .take(n)
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn each_own_game_is_scanned_once_and_imports_are_not() {
        let games = vec![
            finished("a", "offline"),
            finished("b", "import"),
            finished("c", "online"),
        ];
        let mut own = OwnPuzzles::default();
        let keys: Vec<&str> = own.to_scan(&games).iter().map(|f| f.key.as_str()).collect();
        assert_eq!(keys, ["a", "c"]);
        assert_eq!(own.add("a", shipped(2)), 2);
        assert_eq!(own.add("c", Vec::new()), 0);
        assert!(own.to_scan(&games).is_empty());
        let ids: Vec<String> = own.of_game(GameId::Hex).into_iter().map(|p| p.id).collect();
        assert_eq!(ids, ["own-a-1", "own-a-2"]);
        assert!(own.of_game(GameId::Hex).iter().all(is_own));
        // Something that is not a puzzle is not kept.
        assert_eq!(own.add("e", vec![serde_json::json!(7)]), 0);
        // The same position found in another game is kept once.
        assert_eq!(own.add("d", shipped(1)), 0);
        assert_eq!(own.of_game(GameId::Hex).len(), 2);
        assert!(own.of_game(GameId::Hadang).is_empty());
    }

    /// A backgammon game is scanned like the others; what the scan finds
    /// there has no gnubg verdict and is read back as a puzzle all the same.
    #[test]
    fn backgammon_games_are_scanned_and_their_puzzles_read_without_gnubg() {
        let record = Record::<Backgammon>::new(Default::default(), 1);
        let mut game = Finished::new::<Backgammon>(
            "bg".into(),
            &record,
            Seat::First,
            [Player::Human, Player::Bot(Level::Normal)],
            None,
            "offline",
        )
        .unwrap();
        game.moves = 30;
        let mut own = OwnPuzzles::default();
        assert_eq!(own.to_scan(std::slice::from_ref(&game)).len(), 1);
        let mut found: serde_json::Value =
            serde_json::from_str(bundled(GameId::Backgammon).unwrap().lines().next().unwrap()).unwrap();
        found["body"].as_object_mut().unwrap().remove("gnubg");
        assert_eq!(own.add("bg", vec![found]), 1);
        let read = own.of_game(GameId::Backgammon);
        assert_eq!(read.len(), 1);
        assert!(matches!(
            &read[0].body,
            crate::puzzles::Body::Backgammon { gnubg: None, .. }
        ));
        assert!(own.of_game(GameId::Hex).is_empty());
    }

    #[test]
    fn the_own_theme_offers_only_the_players_puzzles() {
        let mut own = OwnPuzzles::default();
        own.add("a", shipped(1));
        let mut all: Vec<Puzzle> = parse_set(GameId::Hex, bundled(GameId::Hex).unwrap()).unwrap();
        all.truncate(40);
        all.extend(own.of_game(GameId::Hex));
        for seed in 0..20 {
            let i = choose(&all, 1500.0, Some(OWN_THEME), &[], seed).unwrap();
            assert_eq!(all[i].id, "own-a-1");
        }
    }

    #[test]
    fn the_oldest_go_when_the_store_is_full() {
        let mut own = OwnPuzzles::default();
        for (i, p) in shipped(LIMIT + 3).into_iter().enumerate() {
            own.add(&format!("g{i}"), vec![p]);
        }
        assert_eq!(own.puzzles.len(), LIMIT);
        assert_eq!(own.of_game(GameId::Hex)[0].id, "own-g3-1");
    }
}
