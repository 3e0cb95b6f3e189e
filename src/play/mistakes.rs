//! Your own mistakes to try again, UI-free: every move of the person's
//! that a review marked a mistake or worse ([`is_deck_worthy`]) goes into
//! one deck for all games, kept on the device, and comes back by spaced
//! repetition until the person finds a good move there.
//!
//! The schedule is a small Leitner box: a miss brings the position back the
//! next day; a good move found sends it [`CHECK_AFTER_DAYS`] days out, to
//! see that it stuck; found a second time in a row, it is learned and
//! leaves the round (it stays listed as learned).
//!
//! A try is judged by the Expert as the review judged the game
//! ([`judge_try`]): the mover's winning chance (search games) or the equity
//! (backgammon) of the new move against the best one, with the same marks.

use super::finished::Finished;
use super::review::{Mark, MoveReview};
use super::{bot_seed, Playable};
use crate::bot::Verdict;
use crate::storage::{CorruptData, Store};
use papan_bots::Level;
use papan_rules::{GameId, Outcome, Record, Seat};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The storage key of the [`Deck`].
pub const STORE_KEY: &str = "papan-mistakes-v1";

/// A position found again this many days after the first good answer.
pub const CHECK_AFTER_DAYS: i64 = 4;

/// How many mistakes the deck keeps: the oldest learned ones go first,
/// then the oldest.
pub const DECK_LIMIT: usize = 300;

/// Days since 1970-01-01 (UTC).
pub type Day = i64;

/// One position where the person went wrong.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mistake {
    /// The finished game's key and the ply: unique, so a game reviewed
    /// twice adds its mistakes once.
    pub id: String,
    pub game: GameId,
    /// The finished game's `Record` as JSON, so the position outlives the
    /// list of finished games.
    pub record: serde_json::Value,
    /// Plies played before the mistake: the position to play from.
    pub ply: usize,
    /// The person's seat.
    pub seat: Seat,
    /// What was played, and the Expert's move, in notation.
    pub played: String,
    pub best: Option<String>,
    /// The review's mark of the move played (its id).
    pub mark: String,
    /// The mover's winning chance with the best move, as the review judged it.
    pub chance: f64,
    /// When it comes back.
    pub due: Day,
    /// Good answers in a row (two: learned).
    pub found: u8,
    pub tries: u32,
}

impl Mistake {
    pub fn is_learned(&self) -> bool {
        self.found >= 2
    }

    pub fn is_due(&self, today: Day) -> bool {
        !self.is_learned() && self.due <= today
    }
}

/// Whether a reviewed move is one to try again: a mistake or worse by the
/// review's marks (inaccuracies and doubtful plays are left out).
pub fn is_deck_worthy(mark: Mark) -> bool {
    matches!(mark, Mark::Mistake | Mark::Blunder | Mark::Bad | Mark::VeryBad)
}

/// The id of the mistake at `plies` (the review's count after the move).
pub fn mistake_id(finished_key: &str, plies: usize) -> String {
    format!("{finished_key}.{plies}")
}

/// All the person's mistakes, in the order they were added.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    pub mistakes: Vec<Mistake>,
}

impl Deck {
    /// The saved deck, and the reason when an unreadable one was kept aside
    /// by the store (an empty deck comes back then).
    pub fn load(store: &Store) -> (Deck, Option<CorruptData>) {
        match store.load::<Deck>(STORE_KEY) {
            Ok(deck) => (deck.unwrap_or_default(), None),
            Err(corrupt) => (Deck::default(), Some(corrupt)),
        }
    }

    pub fn save(&self, store: &Store) -> Result<(), String> {
        store.save(STORE_KEY, self)
    }

    pub fn get(&self, id: &str) -> Option<&Mistake> {
        self.mistakes.iter().find(|m| m.id == id)
    }

    /// Adds the person's deck-worthy moves of a reviewed game (the local
    /// seat's; both seats of a game between two people on this device),
    /// due today; a mistake already in the deck is left as it is. Returns
    /// how many were added.
    pub fn add_reviewed<G: Playable>(
        &mut self,
        finished: &Finished,
        moves: &[MoveReview<G::Move>],
        today: Day,
    ) -> usize {
        // An imported game is somebody's, not necessarily the person's.
        if finished.is_import() {
            return 0;
        }
        let Ok(record) = finished.record::<G>() else { return 0 };
        let mut added = 0;
        for m in moves.iter().filter(|m| is_deck_worthy(m.mark)) {
            if !is_persons_seat(finished, m.seat) {
                continue;
            }
            let id = mistake_id(&finished.key, m.plies);
            if self.get(&id).is_some() {
                continue;
            }
            let Ok(table) = super::history::table_at(&record, m.plies - 1, m.seat, m.seat) else {
                continue;
            };
            self.mistakes.push(Mistake {
                id,
                game: finished.game,
                record: finished.record.clone(),
                ply: m.plies - 1,
                seat: m.seat,
                played: table.notation(&m.played),
                best: m.best.as_ref().map(|b| table.notation(b)),
                mark: m.mark.id().to_string(),
                chance: m.before,
                due: today,
                found: 0,
                tries: 0,
            });
            added += 1;
        }
        self.trim();
        added
    }

    /// The mistakes due today, oldest first.
    pub fn due(&self, today: Day) -> Vec<&Mistake> {
        self.mistakes.iter().filter(|m| m.is_due(today)).collect()
    }

    /// How many are not learned yet but wait for a later day.
    pub fn waiting(&self, today: Day) -> usize {
        self.mistakes
            .iter()
            .filter(|m| !m.is_learned() && m.due > today)
            .count()
    }

    pub fn learned(&self) -> usize {
        self.mistakes.iter().filter(|m| m.is_learned()).count()
    }

    /// Records a try at `id`: a good move found moves it on (back in
    /// [`CHECK_AFTER_DAYS`], then learned); a miss brings it back tomorrow
    /// and starts the count again. Unknown ids change nothing.
    pub fn answer(&mut self, id: &str, good: bool, today: Day) -> Option<&Mistake> {
        let m = self.mistakes.iter_mut().find(|m| m.id == id)?;
        m.tries += 1;
        if good {
            m.found = (m.found + 1).min(2);
            m.due = today + CHECK_AFTER_DAYS;
        } else {
            m.found = 0;
            m.due = today + 1;
        }
        Some(m)
    }

    /// Keeps the deck within [`DECK_LIMIT`]: learned ones go first.
    fn trim(&mut self) {
        while self.mistakes.len() > DECK_LIMIT {
            let at = self.mistakes.iter().position(Mistake::is_learned).unwrap_or(0);
            self.mistakes.remove(at);
        }
    }
}

/// The Expert's word on a try.
#[derive(Clone, Debug, PartialEq)]
pub struct TryVerdict {
    /// Best or good: the position is found.
    pub good: bool,
    pub mark: Mark,
    /// The Expert's move there, in notation.
    pub best: Option<String>,
    /// Search games: the mover's winning chance with the best move and
    /// after the try.
    pub chances: Option<(f64, f64)>,
    /// Backgammon: the equity the try gives up against the best play, in
    /// millipoints.
    pub millipoints: Option<f64>,
}

/// How long the Expert looks at each position of a try, as in the review.
pub const JUDGE_MS: u64 = 800;

/// The position of `mistake`, replayed from its record: the game there,
/// the moves that led to it and the record's seed.
pub fn position<G: Playable>(mistake: &Mistake) -> Result<(G, Vec<G::Move>, u64), String> {
    let record: Record<G> = serde_json::from_value(mistake.record.clone()).map_err(|e| e.to_string())?;
    let mut game = record.start().map_err(|e| e.to_string())?;
    let before: Vec<G::Move> = record.moves.into_iter().take(mistake.ply).collect();
    for mv in &before {
        game.play(mv).map_err(|e| e.to_string())?;
    }
    if game.seat_to_move() != Some(mistake.seat) {
        return Err(format!("ply {} is not {:?}'s move", mistake.ply, mistake.seat));
    }
    Ok((game, before, record.seed))
}

/// Judges `tried` (notation) at `mistake`'s position as the review judges a
/// move: the game's judge where it has one (every play valued), else the
/// Expert's search before the move and, unless the try is its move, after
/// it from the opponent's side. `Err` for an illegal try or a cancelled
/// search.
pub async fn judge_try<G: Playable>(
    mistake: &Mistake,
    tried: &str,
    cancel: Arc<AtomicBool>,
) -> Result<TryVerdict, String> {
    let (game, _, record_seed) = position::<G>(mistake)?;
    let mv = game.parse_move(tried).map_err(|e| e.to_string())?;
    let mut after = game.clone();
    after.play(&mv).map_err(|e| e.to_string())?;
    let seat = mistake.seat;
    let seed = bot_seed(record_seed ^ 0x005E_ED4E_71E3, mistake.ply);
    let view = game.view(seat);
    let verdict = crate::bot::review_position::<G>(view, Level::Expert, seed, JUDGE_MS, cancel.clone())
        .await
        .ok_or("cancelled")?;
    let text = |m: &G::Move| game.format_move(m);
    match verdict {
        Verdict::Judged(list) => {
            let best = list.first().ok_or("no legal play")?;
            let mine = list.iter().find(|j| j.mv == mv).ok_or("not one of the legal plays")?;
            let millipoints = ((best.equity - mine.equity) * 1000.0).max(0.0);
            let mark = if best.mv == mv {
                Mark::Best
            } else {
                Mark::from_millipoints(millipoints)
            };
            Ok(TryVerdict {
                good: matches!(mark, Mark::Best | Mark::Good),
                mark,
                best: Some(text(&best.mv)),
                chances: None,
                millipoints: Some(millipoints),
            })
        }
        Verdict::Searched(decision) => {
            let size = G::board_size(&game);
            let chance = |p: f64| papan_bots::estimate::calibrated(G::GAME, size, Level::Expert, p);
            let before = chance(decision.win_probability);
            let best = decision.best.as_ref().map(text);
            if decision.best.as_ref() == Some(&mv) {
                return Ok(TryVerdict {
                    good: true,
                    mark: Mark::Best,
                    best,
                    chances: Some((before, before)),
                    millipoints: None,
                });
            }
            let mine = match (after.outcome(), after.seat_to_move()) {
                (Some(outcome), _) => winner_chance(outcome, seat),
                (None, Some(next)) => {
                    let seed = bot_seed(record_seed ^ 0x005E_ED4E_71E3, mistake.ply + 1);
                    let reply =
                        crate::bot::review_position::<G>(after.view(next), Level::Expert, seed, JUDGE_MS, cancel)
                            .await
                            .ok_or("cancelled")?;
                    let Verdict::Searched(d) = reply else {
                        return Err("no search after the move".into());
                    };
                    let theirs = chance(d.win_probability);
                    if next == seat {
                        theirs
                    } else {
                        1.0 - theirs
                    }
                }
                (None, None) => before,
            };
            let mark = Mark::from_chance_loss(before - mine);
            Ok(TryVerdict {
                good: matches!(mark, Mark::Good),
                mark,
                best,
                chances: Some((before, mine)),
                millipoints: None,
            })
        }
    }
}

/// The mover's chance in a finished game.
fn winner_chance(outcome: Outcome, seat: Seat) -> f64 {
    match outcome.winner {
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Whether `seat` was played by a person on this device.
fn is_persons_seat(finished: &Finished, seat: Seat) -> bool {
    seat == finished.local || finished.players[seat.index()] == super::player::Player::Human
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::player::Player;
    use papan_rules::hex::{Hex, HexOptions};
    use papan_rules::{Game, Record};

    /// A finished 5×5 Hex game between the person (Red) and a bot.
    fn finished() -> (Finished, Record<Hex>) {
        let options = HexOptions {
            size: 7,
            ..HexOptions::default()
        };
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let mut game = Hex::new(&options, &mut rng).unwrap();
        let mut moves = Vec::new();
        for text in ["a1", "c3", "a2", "b3", "a3", "d3", "a4", "e3"] {
            let mv = game.parse_move(text).unwrap();
            game.play(&mv).unwrap();
            moves.push(mv);
        }
        let record = Record {
            options,
            seed: 1,
            moves,
        };
        let players = [Player::Human, Player::Bot(papan_bots::Level::Normal)];
        let f = Finished::new::<Hex>("k1".into(), &record, Seat::First, players, None, "offline").unwrap();
        (f, record)
    }

    fn review(record: &Record<Hex>, plies: usize, seat: Seat, mark: Mark) -> MoveReview<papan_rules::hex::HexMove> {
        MoveReview {
            plies,
            seat,
            played: record.moves[plies - 1],
            best: Some(record.moves[plies - 1]),
            before: 0.7,
            after: 0.2,
            millipoints: None,
            luck: None,
            mark,
        }
    }

    #[test]
    fn only_the_persons_mistakes_and_worse_enter_the_deck_once() {
        let (f, record) = finished();
        let moves = vec![
            review(&record, 1, Seat::First, Mark::Inaccuracy),
            review(&record, 3, Seat::First, Mark::Mistake),
            review(&record, 4, Seat::Second, Mark::Blunder),
            review(&record, 5, Seat::First, Mark::Blunder),
        ];
        let mut deck = Deck::default();
        assert_eq!(deck.add_reviewed::<Hex>(&f, &moves, 100), 2);
        let ids: Vec<&str> = deck.mistakes.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["k1.3", "k1.5"]);
        let m = &deck.mistakes[0];
        assert_eq!((m.ply, m.seat, m.played.as_str()), (2, Seat::First, "a2"));
        assert_eq!(m.game, GameId::Hex);
        // Reviewed again: nothing new.
        assert_eq!(deck.add_reviewed::<Hex>(&f, &moves, 101), 0);
        assert_eq!(deck.due(100).len(), 2);
    }

    #[test]
    fn a_miss_comes_back_tomorrow_and_two_good_answers_learn_it() {
        let (f, record) = finished();
        let mut deck = Deck::default();
        deck.add_reviewed::<Hex>(&f, &[review(&record, 3, Seat::First, Mark::Blunder)], 10);
        let id = deck.mistakes[0].id.clone();
        deck.answer(&id, false, 10);
        assert!(deck.due(10).is_empty(), "a miss waits for tomorrow");
        assert_eq!(deck.due(11).len(), 1);
        deck.answer(&id, true, 11);
        assert!(deck.due(14).is_empty());
        assert_eq!(deck.due(11 + CHECK_AFTER_DAYS).len(), 1, "back to check it stuck");
        // A miss at the check starts again.
        deck.answer(&id, false, 15);
        assert_eq!(deck.mistakes[0].found, 0);
        deck.answer(&id, true, 16);
        deck.answer(&id, true, 20);
        assert!(deck.mistakes[0].is_learned());
        assert!(deck.due(1000).is_empty());
        assert_eq!((deck.learned(), deck.waiting(20)), (1, 0));
        assert_eq!(deck.mistakes[0].tries, 5);
        assert!(deck.answer("nope", true, 20).is_none());
    }

    #[test]
    fn a_full_deck_drops_learned_mistakes_first() {
        let (f, record) = finished();
        let mut deck = Deck::default();
        deck.add_reviewed::<Hex>(&f, &[review(&record, 3, Seat::First, Mark::Blunder)], 1);
        let template = deck.mistakes[0].clone();
        deck.mistakes = (0..DECK_LIMIT)
            .map(|i| Mistake {
                id: format!("g{i}"),
                found: if i == 7 { 2 } else { 0 },
                ..template.clone()
            })
            .collect();
        deck.add_reviewed::<Hex>(&f, &[review(&record, 5, Seat::First, Mark::Blunder)], 2);
        assert_eq!(deck.mistakes.len(), DECK_LIMIT);
        assert!(deck.get("g7").is_none(), "the learned one made room");
        assert!(deck.get("k1.5").is_some());
    }

    #[test]
    fn a_corrupt_deck_is_kept_aside_and_an_empty_one_comes_back() {
        let dir = std::env::temp_dir().join(format!("papan-deck-{}", std::process::id()));
        let store = Store::in_dir(&dir);
        store.set(STORE_KEY, "{\"mistakes\": [1,").unwrap();
        let (deck, corrupt) = Deck::load(&store);
        assert!(deck.mistakes.is_empty());
        assert!(corrupt.is_some());
        let _ = std::fs::remove_dir_all(dir);
    }
}
