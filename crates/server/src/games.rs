//! The four games behind one object-safe interface, so a room can hold any
//! of them. Moves cross it as notation text; views as JSON of `Game::view`.

use papan_api::{ApiError, ErrorCode, GameId, GameOptions, RoomOptions};
use papan_bots::{Bot, Level};
use papan_rules::backgammon::Backgammon;
use papan_rules::clock::{Adjudicated, Tempo};
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::{EndReason, Game, Outcome, Record, Seat, Turn};
use rand::RngCore;

pub trait AnyGame: Send + Sync {
    fn turn(&self) -> Turn;
    /// Checked play of `text` (a seat move or a chance event); returns the
    /// canonical notation. Refused moves leave the game unchanged.
    fn play_text(&mut self, text: &str) -> Result<String, ApiError>;
    /// Draws the due chance event (dice) from `rng`, not yet played.
    fn sample(&self, rng: &mut dyn RngCore) -> Option<String>;
    fn view_json(&self, seat: Seat) -> serde_json::Value;
    fn legal_texts(&self) -> Vec<String>;
    fn outcome(&self) -> Option<Outcome>;
    fn decide(&mut self, loser: Seat, reason: EndReason) -> Result<Outcome, ApiError>;
    /// A move for `seat` when its time ran out or a bot holds the seat.
    fn auto_move(&self, seat: Seat, seed: u64) -> Option<String>;
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

/// A game of any kind, held with its off-board verdict.
#[derive(Clone)]
struct Held<G: Game> {
    game: Adjudicated<G>,
}

impl<G: Bot> AnyGame for Held<G> {
    fn turn(&self) -> Turn {
        self.game.turn()
    }

    fn play_text(&mut self, text: &str) -> Result<String, ApiError> {
        let mv = self
            .game
            .parse_move(text)
            .map_err(|e| ApiError::new(ErrorCode::Malformed, e.to_string()))?;
        let mv = self.game.canonical_move(&mv);
        self.game.play(&mv)?;
        Ok(self.game.format_move(&mv))
    }

    fn sample(&self, rng: &mut dyn RngCore) -> Option<String> {
        self.game.sample_chance(rng).map(|mv| self.game.format_move(&mv))
    }

    fn view_json(&self, seat: Seat) -> serde_json::Value {
        serde_json::to_value(self.game.view(seat)).unwrap_or(serde_json::Value::Null)
    }

    fn legal_texts(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| self.game.format_move(m))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn decide(&mut self, loser: Seat, reason: EndReason) -> Result<Outcome, ApiError> {
        Ok(self.game.decide(loser, reason)?)
    }

    fn auto_move(&self, seat: Seat, seed: u64) -> Option<String> {
        if self.game.turn() != Turn::Seat(seat) {
            return None;
        }
        autoplay::<G>(&self.game.game().view(seat), seed).map(|mv| self.game.format_move(&mv))
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

/// The server's autoplay for every game (X12/X13 Hex, J20 Jun Qi, and any
/// HADANG or backgammon seat played for its player): the Beginner bot,
/// decided from the seat's VIEW only, never the full position, so it
/// cannot use what the seat may not see (a face-down Jun Qi piece).
/// Cheap enough to run in the room task; the same view and seed give the
/// same move.
pub fn autoplay<G: Bot>(view: &G::View, seed: u64) -> Option<G::Move> {
    G::decide(view, Level::Beginner, seed).best
}

fn held<G: Bot>(options: G::Options, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
    let game = Record::<G>::new(options, seed).start()?;
    Ok(Box::new(Held {
        game: Adjudicated::new(game),
    }))
}

/// Checks that the options offer what the rules allow (422 naming the rule:
/// X1, X12, H16) and that the game sets up with them. Their shape (no
/// foreign or unknown field) was checked when they were read (400).
pub fn validate(options: &RoomOptions) -> Result<(), ApiError> {
    options.check()?;
    new_game(options, 0).map(|_| ())
}

/// The room's clock (in game milliseconds; a correspondence room's in
/// server milliseconds: its days per move, kept as a per-move limit whose
/// expiry loses on time instead of playing for the seat).
pub fn tempo(options: &RoomOptions) -> Result<Tempo, ApiError> {
    if let Some(days) = options.days_per_move {
        return Ok(Tempo::PerMove {
            limit_ms: days.per_move_ms(),
        });
    }
    Ok(options.tempo()?)
}

pub fn new_game(options: &RoomOptions, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
    match options.per_game {
        GameOptions::Hex(hex) => held::<Hex>(hex.rules(), seed),
        GameOptions::Hadang(_) => held::<Hadang>(Default::default(), seed),
        GameOptions::Junqi => held::<JunQi>(Default::default(), seed),
        GameOptions::Backgammon => held::<Backgammon>(Default::default(), seed),
    }
}

/// Whether a player whose grace ran out is replaced by the bot (Hex, X13)
/// or loses (Jun Qi, J20). Other games keep their clock running.
pub enum Absence {
    BotTakesOver,
    Loses,
    ClockOnly,
}

pub fn absence(game: GameId) -> Absence {
    match game {
        GameId::Hex => Absence::BotTakesOver,
        GameId::Junqi => Absence::Loses,
        _ => Absence::ClockOnly,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_api::fairness::dice_rng;
    use papan_rules::hex::HexOptions;

    /// Rebuilds `options`' game both ways (held by the server, and typed)
    /// and walks both through the same moves; at every seat turn the
    /// server's autoplay is `Bot::decide` at Beginner on that seat's VIEW
    /// with the same seed, a legal move the game accepts, and never offered
    /// for the seat not to move. Returns how often it was not the first
    /// legal move (the old autoplay of HADANG and backgammon).
    fn autoplay_is_the_beginner_bot_on_the_view<G: Bot>(
        options: RoomOptions,
        rules: G::Options,
        plies: usize,
    ) -> usize {
        let mut not_first = 0;
        for seed in 0..3u64 {
            let mut held = new_game(&options, seed).unwrap();
            let mut typed = Adjudicated::new(Record::<G>::new(rules.clone(), seed).start().unwrap());
            for ply in 0..plies {
                let text = match typed.turn() {
                    Turn::Over => break,
                    Turn::Chance => held.sample(&mut dice_rng(seed, ply as u64)).expect("a roll is due"),
                    Turn::Seat(seat) => {
                        let bot_seed = seed * 1_000 + ply as u64;
                        let auto = held.auto_move(seat, bot_seed).expect("a move for the seat to move");
                        let view = typed.game().view(seat);
                        let bot = G::decide(&view, Level::Beginner, bot_seed).best.expect("the bot moves");
                        assert_eq!(auto, typed.format_move(&bot), "{:?} seed {seed} ply {ply}", G::GAME);
                        assert_eq!(
                            held.auto_move(seat.other(), bot_seed),
                            None,
                            "only for the seat to move"
                        );
                        let legal = held.legal_texts();
                        assert!(legal.contains(&auto), "{auto} is legal");
                        held.clone_box().play_text(&auto).expect("the game accepts it");
                        not_first += usize::from(legal[0] != auto);
                        // Walk on along varied legal moves, not the bot's.
                        legal[(seed as usize + ply * 7) % legal.len()].clone()
                    }
                };
                let canonical = held.play_text(&text).unwrap();
                typed.play(&typed.parse_move(&canonical).unwrap()).unwrap();
            }
        }
        not_first
    }

    #[test]
    fn autoplay_of_every_game_is_the_beginner_bot_on_the_seats_view() {
        let hadang =
            autoplay_is_the_beginner_bot_on_the_view::<Hadang>(RoomOptions::new(GameId::Hadang), Default::default(), 6);
        assert!(hadang > 0, "HADANG autoplay is no longer the first legal move");
        let backgammon = autoplay_is_the_beginner_bot_on_the_view::<Backgammon>(
            RoomOptions::new(GameId::Backgammon),
            Default::default(),
            12,
        );
        assert!(backgammon > 0, "backgammon autoplay is no longer the first legal move");
        let hex = RoomOptions::hex(7, true, None);
        autoplay_is_the_beginner_bot_on_the_view::<Hex>(hex, HexOptions { size: 7, swap: true }, 4);
        autoplay_is_the_beginner_bot_on_the_view::<JunQi>(RoomOptions::new(GameId::Junqi), Default::default(), 6);
    }

    #[test]
    fn b9_a_logged_play_is_the_canonical_one_and_replays_to_the_same_position() {
        use papan_rules::backgammon::{Board, Dice};
        // 6-5 from 22 over White's blot-hit on 16: typed without its hit mark.
        let board = Board::from_points(&[(22, 1), (6, 14)], &[(16, 1), (1, 14)]).unwrap();
        let start = Backgammon::from_board(board, Seat::First, Dice::new(6, 5)).unwrap();
        let mut held: Box<dyn AnyGame> = Box::new(Held {
            game: Adjudicated::new(start),
        });
        let mut replayed = held.clone_box();
        let logged = held.play_text("22/16/11").unwrap();
        assert_eq!(logged, "22/16*/11");
        assert_eq!(replayed.play_text(&logged).unwrap(), logged);
        assert_eq!(replayed.view_json(Seat::First), held.view_json(Seat::First));
    }

    #[test]
    fn autoplay_plays_nothing_when_a_roll_is_due_or_the_game_is_over() {
        let mut backgammon = new_game(&RoomOptions::new(GameId::Backgammon), 1).unwrap();
        assert_eq!(backgammon.turn(), Turn::Chance);
        for seat in Seat::BOTH {
            assert_eq!(
                backgammon.auto_move(seat, 1),
                None,
                "the dice are not the bot's business"
            );
        }
        backgammon.decide(Seat::First, EndReason::Resignation).unwrap();
        let mut hadang = new_game(&RoomOptions::new(GameId::Hadang), 1).unwrap();
        hadang.decide(Seat::First, EndReason::Timeout).unwrap();
        for seat in Seat::BOTH {
            assert_eq!(hadang.auto_move(seat, 1), None);
        }
    }
}
