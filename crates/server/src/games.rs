//! The four games behind one object-safe interface, so a room can hold any
//! of them. Moves cross it as notation text; views as JSON of `Game::view`.

use papan_api::{ApiError, GameKind, RoomOptions};
use papan_bots::{Level, Thinker};
use papan_rules::backgammon::Backgammon;
use papan_rules::clock::{Adjudicated, Tempo};
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Hex, HexOptions};
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

/// How a seat's move is chosen for it.
type AutoMove<G> = fn(&Adjudicated<G>, Seat, u64) -> Option<<G as Game>::Move>;

struct Held<G: Game> {
    game: Adjudicated<G>,
    auto: AutoMove<G>,
}

impl<G: Game> Clone for Held<G> {
    fn clone(&self) -> Self {
        Held {
            game: self.game.clone(),
            auto: self.auto,
        }
    }
}

fn rule_error(e: papan_rules::RuleError) -> ApiError {
    ApiError::illegal(e.rule, e.message)
}

impl<G: Game> AnyGame for Held<G> {
    fn turn(&self) -> Turn {
        self.game.turn()
    }

    fn play_text(&mut self, text: &str) -> Result<String, ApiError> {
        let mv = self
            .game
            .parse_move(text)
            .map_err(|e| ApiError::illegal("notation", e.to_string()))?;
        self.game.play(&mv).map_err(rule_error)?;
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
        self.game.decide(loser, reason).map_err(rule_error)
    }

    fn auto_move(&self, seat: Seat, seed: u64) -> Option<String> {
        if self.game.turn() != Turn::Seat(seat) {
            return None;
        }
        (self.auto)(&self.game, seat, seed).map(|mv| self.game.format_move(&mv))
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

/// Default autoplay: the first legal move (HADANG, backgammon).
fn first_legal<G: Game>(game: &Adjudicated<G>, _seat: Seat, _seed: u64) -> Option<G::Move> {
    game.legal_moves().into_iter().next()
}

/// Jun Qi autoplay (J20) decides from the seat's VIEW only, never the full
/// position: the Beginner bot, which is built from a view and cannot peek.
fn junqi_auto(game: &Adjudicated<JunQi>, seat: Seat, seed: u64) -> Option<<JunQi as Game>::Move> {
    let mut thinker = papan_bots::junqi::thinker(&game.game().view(seat), Level::Beginner, seed);
    while thinker.think(papan_bots::SLICE) {}
    thinker.decision().best
}

/// Hex: the bot (X13) at Beginner level, cheap enough to run in the room task.
fn hex_bot(game: &Adjudicated<Hex>, _seat: Seat, seed: u64) -> Option<<Hex as Game>::Move> {
    let mut thinker = papan_bots::hex::thinker(game.game(), Level::Beginner, seed);
    while thinker.think(papan_bots::SLICE) {}
    thinker.decision().best
}

fn held<G: Game>(options: G::Options, seed: u64, auto: AutoMove<G>) -> Result<Box<dyn AnyGame>, ApiError> {
    let game = Record::<G>::new(options, seed).start().map_err(rule_error)?;
    Ok(Box::new(Held {
        game: Adjudicated::new(game),
        auto,
    }))
}

/// Checks that the options fit the game (422 naming the rule otherwise).
pub fn validate(options: &RoomOptions) -> Result<(), ApiError> {
    let hex_fields = options.hex_size.is_some() || options.hex_swap.is_some() || options.hex_turn_limit_s.is_some();
    if options.game != GameKind::Hex && hex_fields {
        return Err(ApiError::illegal("options", "Hex options given for another game"));
    }
    if options.game != GameKind::Hadang && options.hadang_tempo.is_some() {
        return Err(ApiError::illegal("options", "a HADANG tempo given for another game"));
    }
    if let Some(limit) = options.hex_turn_limit_s {
        if limit != 30 && limit != 60 {
            return Err(ApiError::illegal("X12", "the Hex turn limit is none, 30 or 60 seconds"));
        }
    }
    tempo(options)?;
    new_game(options, 0).map(|_| ())
}

/// The room's clock (in game milliseconds).
pub fn tempo(options: &RoomOptions) -> Result<Tempo, ApiError> {
    Ok(match options.game {
        GameKind::Hex => options
            .hex_turn_limit_s
            .map(Tempo::per_move_seconds)
            .unwrap_or(Tempo::Unlimited),
        GameKind::Hadang => match options.hadang_tempo {
            Some(t) => Tempo::hadang(t.base_minutes, t.increment_seconds).map_err(rule_error)?,
            None => Tempo::Unlimited,
        },
        // J20: 30 s per move online.
        GameKind::Junqi => Tempo::per_move_seconds(30),
        GameKind::Backgammon => Tempo::Unlimited,
    })
}

pub fn new_game(options: &RoomOptions, seed: u64) -> Result<Box<dyn AnyGame>, ApiError> {
    match options.game {
        GameKind::Hex => {
            let mut hex = HexOptions::default();
            if let Some(size) = options.hex_size {
                hex.size = size;
            }
            if let Some(swap) = options.hex_swap {
                hex.swap = swap;
            }
            held::<Hex>(hex, seed, hex_bot)
        }
        GameKind::Hadang => held::<Hadang>(Default::default(), seed, first_legal),
        GameKind::Junqi => held::<JunQi>(Default::default(), seed, junqi_auto),
        GameKind::Backgammon => held::<Backgammon>(Default::default(), seed, first_legal),
    }
}

/// Whether a player whose grace ran out is replaced by the bot (Hex, X13)
/// or loses (Jun Qi, J20). Other games keep their clock running.
pub enum Absence {
    BotTakesOver,
    Loses,
    ClockOnly,
}

pub fn absence(game: GameKind) -> Absence {
    match game {
        GameKind::Hex => Absence::BotTakesOver,
        GameKind::Junqi => Absence::Loses,
        _ => Absence::ClockOnly,
    }
}
