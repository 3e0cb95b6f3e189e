//! A replayable game: the options, the setup seed and every move played.
//!
//! Saved games, undo and exports all go through a record; replaying it runs
//! every move through the checked [`Game::play`], so a corrupt or tampered
//! record is refused with the ply and the rule it breaks.

use crate::game::{Game, RuleError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Read back, a record's moves are settled into their canonical form
/// ([`Game::canonical_move`]) as far as they replay, so that one read from
/// a hand-written or older file writes out as a record that plays the same
/// game. A move that does not replay, and every move after it, is kept as
/// written for [`Record::replay`] to refuse with its ply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "", from = "WrittenRecord<G>")]
pub struct Record<G: Game> {
    pub options: G::Options,
    /// Seeds the setup of games with a random start (Jun Qi). Replays are
    /// exact because the generator (ChaCha8) is the same on every platform.
    pub seed: u64,
    pub moves: Vec<G::Move>,
}

/// A record as written, before its moves are settled.
#[derive(Deserialize)]
#[serde(bound = "")]
struct WrittenRecord<G: Game> {
    options: G::Options,
    seed: u64,
    moves: Vec<G::Move>,
}

impl<G: Game> From<WrittenRecord<G>> for Record<G> {
    fn from(written: WrittenRecord<G>) -> Record<G> {
        let mut record = Record {
            options: written.options,
            seed: written.seed,
            moves: written.moves,
        };
        record.settle_moves();
        record
    }
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordError {
    /// Index of the refused move in [`Record::moves`]; `None` when the
    /// options themselves were refused.
    pub ply: Option<usize>,
    pub error: RuleError,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "move {} refused: {}", ply + 1, self.error),
            None => write!(f, "options refused: {}", self.error),
        }
    }
}

impl std::error::Error for RecordError {}

impl<G: Game> Record<G> {
    pub fn new(options: G::Options, seed: u64) -> Record<G> {
        Record {
            options,
            seed,
            moves: Vec::new(),
        }
    }

    /// Rewrites each move that replays in its canonical form, stopping at
    /// the first one that does not.
    fn settle_moves(&mut self) {
        let Ok(mut game) = self.start() else {
            return;
        };
        for mv in &mut self.moves {
            let settled = game.canonical_move(mv);
            if game.play(&settled).is_err() {
                return;
            }
            *mv = settled;
        }
    }

    /// The starting position of this record.
    pub fn start(&self) -> Result<G, RuleError> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        G::new(&self.options, &mut rng)
    }

    /// The position after every move, each one checked.
    pub fn replay(&self) -> Result<G, RecordError> {
        self.replay_to(self.moves.len())
    }

    /// The position after the first `plies` moves.
    pub fn replay_to(&self, plies: usize) -> Result<G, RecordError> {
        let mut game = self.start().map_err(|error| RecordError { ply: None, error })?;
        for (ply, mv) in self.moves.iter().take(plies).enumerate() {
            game.play(mv).map_err(|error| RecordError { ply: Some(ply), error })?;
        }
        Ok(game)
    }

    /// Plays `mv` on `game` (the position this record leads to) and, if it is
    /// legal, appends it in its canonical form ([`Game::canonical_move`]).
    /// On error neither changes.
    pub fn play(&mut self, game: &mut G, mv: G::Move) -> Result<(), RuleError> {
        let mv = game.canonical_move(&mv);
        game.play(&mv)?;
        self.moves.push(mv);
        Ok(())
    }
}
