//! [`Match`]: one game on this device, for any of the four games.
//!
//! It holds the record and the adjudicated position it leads to, who plays
//! each seat, the local person's seat, the clock and which game of the
//! match this is. Every move goes through the rules' checked `play`; dice
//! are drawn from the record seed and the ply, so a saved game and an undo
//! replay exactly. Resignation and loss on time are verdicts of
//! [`Adjudicated`]. Time is the caller's `now_ms` (a monotonic clock in the
//! app, fake times in tests).

use super::history::{self, LogEntry};
use super::player::{bot_level, Player};
use super::save::{SaveError, SavedMatch, SAVE_VERSION};
use super::table::Table;
use super::{bot_seed, chance_seed, mix, Playable};
use papan_bots::Level;
use papan_rules::clock::{Adjudicated, Clock, ClockState, Tempo};
use papan_rules::{EndReason, Game, Outcome, Record, RuleError, Seat, Turn};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What the bot to act must do now.
#[derive(Clone, Debug)]
pub enum BotJob<G: Playable> {
    /// Roll the dice (the due chance event) for it.
    Roll,
    /// Choose a move from its seat's view.
    Think {
        view: G::View,
        level: Level,
        seed: u64,
        /// The ply it answers: a move computed for another ply is dropped.
        ply: usize,
        /// The move, when there is only one (no need to think).
        forced: Option<G::Move>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Match<G: Playable> {
    record: Record<G>,
    game: Adjudicated<G>,
    players: [Player; 2],
    /// The seat of the person holding this device (the first seat between
    /// two people on one device).
    local: Seat,
    /// 0 for the first game of a match, +1 per rematch.
    game_index: u32,
    /// The players trade seats in the next game.
    alternate: bool,
    clock: Clock,
    /// Hints the person asked for in this game.
    hints: u32,
    /// What the screen asks of the record on every render, worked out once
    /// per change of the record (it takes a replay through the rules).
    replayed: Replayed<G::Move>,
}

/// Facts of a record that only a replay tells.
#[derive(Clone, Debug, PartialEq)]
struct Replayed<M> {
    /// The last move a seat made (chance events are not moves).
    last: Option<(Seat, M)>,
    /// How many moves an undo keeps: up to the last decision a person made
    /// (a move with a choice; forced moves and dice are replayed), so
    /// against a bot its reply goes too.
    undo_point: Option<usize>,
    log: Vec<LogEntry>,
}

impl<M> Replayed<M> {
    fn nothing() -> Replayed<M> {
        Replayed {
            last: None,
            undo_point: None,
            log: Vec::new(),
        }
    }
}

/// Replays `record` once for [`Replayed`]; the log as `local` reads it
/// (the seat at the bottom of the board).
fn replay<G: Playable>(record: &Record<G>, players: &[Player; 2], local: Seat) -> Replayed<G::Move> {
    let Ok(mut game) = record.start() else {
        return Replayed::nothing();
    };
    let mut out = Replayed::nothing();
    out.log = history::log_for(record, local);
    for (ply, mv) in record.moves.iter().enumerate() {
        if let Turn::Seat(seat) = game.turn() {
            out.last = Some((seat, mv.clone()));
            if players[seat.index()] == Player::Human && game.legal_moves().len() > 1 {
                out.undo_point = Some(ply);
            }
        }
        if game.play(mv).is_err() {
            return Replayed::nothing();
        }
    }
    out
}

impl<G: Playable> Match<G> {
    /// A fresh game. `now_ms` starts a clock, if the tempo has one.
    pub fn new(
        options: G::Options,
        players: [Player; 2],
        local: Seat,
        tempo: Tempo,
        seed: u64,
        now_ms: u64,
    ) -> Result<Match<G>, RuleError> {
        let record = Record::new(options, seed);
        let game = Adjudicated::new(record.start()?);
        let mut clock = Clock::new(tempo);
        if tempo != Tempo::Unlimited {
            if let Turn::Seat(seat) = game.turn() {
                let _ = clock.start(seat, now_ms);
            }
        }
        Ok(Match {
            record,
            game,
            players,
            local,
            game_index: 0,
            alternate: G::ALTERNATE,
            clock,
            hints: 0,
            replayed: Replayed::nothing(),
        })
    }

    /// The same match with the players trading seats between games or not.
    pub fn with_alternate(mut self, on: bool) -> Match<G> {
        self.alternate = on;
        self
    }

    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// The position on the board (the rules' own type).
    pub fn position(&self) -> &G {
        self.game.game()
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    pub fn local_seat(&self) -> Seat {
        self.local
    }

    pub fn game_index(&self) -> u32 {
        self.game_index
    }

    pub fn alternates(&self) -> bool {
        self.alternate
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn ply(&self) -> usize {
        self.record.moves.len()
    }

    pub fn vs_bot(&self) -> bool {
        bot_level(&self.players).is_some()
    }

    pub fn bot_level(&self) -> Option<Level> {
        bot_level(&self.players)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn turn(&self) -> Turn {
        self.game.turn()
    }

    pub fn seat_to_move(&self) -> Option<Seat> {
        match self.turn() {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    /// The seat on turn: the seat to move, or the seat whose turn a due
    /// roll starts (`None` before backgammon's opening roll and once over).
    pub fn seat_on_turn(&self) -> Option<Seat> {
        // Any seat's view knows whose turn it is (it is public).
        papan_rules::SeatView::seat_on_turn(&self.game.view(self.local))
    }

    /// Who acts now (`None` at an opening roll either person may make).
    pub fn player_on_turn(&self) -> Option<Player> {
        self.seat_on_turn().map(|s| self.players[s.index()])
    }

    /// A person on this device acts now.
    pub fn is_human_turn(&self) -> bool {
        !self.is_over() && self.player_on_turn().is_none_or(|p| p == Player::Human)
    }

    /// The seat whose view the screen shows: the person's against a bot;
    /// between two people, whoever acts now (the same public table).
    pub fn viewer(&self) -> Seat {
        if self.vs_bot() {
            self.local
        } else {
            self.seat_on_turn().unwrap_or(self.local)
        }
    }

    /// What the screen shows: the viewer's view, never the whole game.
    pub fn table(&self) -> Table<G> {
        let viewer = self.viewer();
        let view = self.game.game().view(viewer);
        Table {
            can_act: self.is_human_turn() && papan_rules::SeatView::may_act(&view, viewer),
            view,
            viewer,
            bottom: self.local,
            last: self.last_move(),
            outcome: self.outcome(),
            ply: self.ply(),
            history: self.record.moves.clone(),
        }
    }

    /// Hints the person asked for in this game.
    pub fn hints_used(&self) -> u32 {
        self.hints
    }

    /// What the Expert needs to suggest the person's move now: their
    /// view, a seed and the ply it answers. Only against a bot, on the
    /// person's own move with a choice to make.
    pub fn hint_job(&self) -> Option<(G::View, u64, usize)> {
        let seat = self.seat_to_move()?;
        let choice = self.vs_bot()
            && !self.is_over()
            && seat == self.local
            && self.players[seat.index()] == Player::Human
            && self.game.game().legal_moves().len() > 1;
        choice.then(|| {
            let ply = self.ply();
            (self.game.game().view(seat), mix(bot_seed(self.record.seed, ply)), ply)
        })
    }

    /// Counts a hint shown for `ply` (a hint for another ply is stale).
    pub fn count_hint(&mut self, ply: usize) -> bool {
        let fresh = ply == self.ply() && self.hint_job().is_some();
        if fresh {
            self.hints += 1;
        }
        fresh
    }

    /// Every seat move so far, as the person at the bottom reads it (in the
    /// numbers their board shows).
    pub fn log(&self) -> &[LogEntry] {
        &self.replayed.log
    }

    /// The last move a seat made (chance events are not moves).
    pub fn last_move(&self) -> Option<(Seat, G::Move)> {
        self.replayed.last.clone()
    }

    /// Plays a person's move for the seat to move and charges its clock. A
    /// move that comes after the mover's flag fell does not count: the game
    /// is lost on time instead (H16). Refused moves change nothing.
    pub fn play(&mut self, mv: G::Move, now_ms: u64) -> Result<(), RuleError> {
        if !self.is_human_turn() {
            return Err(RuleError::new(
                papan_rules::RuleId::NotYourTurn,
                "it is not a person's turn on this device",
            ));
        }
        self.commit(mv, now_ms)
    }

    fn commit(&mut self, mv: G::Move, now_ms: u64) -> Result<(), RuleError> {
        let seat = self.seat_to_move();
        if self.tick(now_ms) {
            return Err(RuleError::new(
                papan_rules::RuleId::Ended,
                "time ran out before the move",
            ));
        }
        let mv = self.game.canonical_move(&mv);
        self.game.play(&mv)?;
        self.record.moves.push(mv);
        self.replayed = replay(&self.record, &self.players, self.local);
        self.after_move(seat, now_ms);
        Ok(())
    }

    /// Charges the mover's clock and starts the next one.
    fn after_move(&mut self, mover: Option<Seat>, now_ms: u64) {
        if self.game.turn() == Turn::Over {
            self.clock.stop(now_ms);
            return;
        }
        match (mover, self.clock.state()) {
            (Some(seat), ClockState::Running { seat: running, .. }) if running == seat => {
                let _ = self.clock.complete_move(seat, now_ms);
            }
            (_, ClockState::Ready) if self.clock.tempo() != Tempo::Unlimited => {
                if let Some(seat) = self.seat_to_move() {
                    let _ = self.clock.start(seat, now_ms);
                }
            }
            _ => {}
        }
    }

    /// Rolls the due dice from the seeded generator (a person's roll here;
    /// the bot's through [`Match::apply_bot_roll`]).
    pub fn roll(&mut self, now_ms: u64) -> Result<(), RuleError> {
        if !self.is_human_turn() {
            return Err(RuleError::new(papan_rules::RuleId::NotYourTurn, "it is not your roll"));
        }
        self.draw_chance(now_ms)
    }

    fn draw_chance(&mut self, now_ms: u64) -> Result<(), RuleError> {
        let mut rng = ChaCha8Rng::seed_from_u64(chance_seed(self.record.seed, self.ply()));
        let mv = self
            .game
            .sample_chance(&mut rng)
            .ok_or_else(|| RuleError::new(papan_rules::RuleId::NoRollDue, "no roll is due"))?;
        self.game.play(&mv)?;
        self.record.moves.push(mv);
        self.after_move(None, now_ms);
        Ok(())
    }

    /// What the bot to act must do now, if a bot acts.
    pub fn bot_job(&self) -> Option<BotJob<G>> {
        let level = self.player_on_turn()?.level()?;
        if self.turn() == Turn::Chance {
            return Some(BotJob::Roll);
        }
        let seat = self.seat_to_move()?;
        let view = self.game.game().view(seat);
        let legal = self.game.legal_moves();
        Some(BotJob::Think {
            view,
            level,
            seed: bot_seed(self.record.seed, self.ply()),
            ply: self.ply(),
            forced: (legal.len() == 1).then(|| legal[0].clone()),
        })
    }

    /// Rolls for the bot on turn.
    pub fn apply_bot_roll(&mut self, now_ms: u64) -> Result<(), String> {
        if !matches!(self.bot_job(), Some(BotJob::Roll)) {
            return Err("no bot roll is due".into());
        }
        self.draw_chance(now_ms).map_err(|e| e.to_string())
    }

    /// Plays the bot's move if it is still the bot's turn at `ply` (a move
    /// computed before an undo or a rematch is dropped). Its think time was
    /// on its clock, which ran all along.
    pub fn apply_bot_move(&mut self, ply: usize, mv: G::Move, now_ms: u64) -> Result<(), String> {
        match self.bot_job() {
            Some(BotJob::Think { ply: now, .. }) if now == ply => self.commit(mv, now_ms).map_err(|e| e.to_string()),
            _ => Err(format!("stale bot move for ply {ply} (now {})", self.ply())),
        }
    }

    /// Looks at the clock: a fallen flag ends the game on time (H16).
    /// Returns whether the game ended now.
    pub fn tick(&mut self, now_ms: u64) -> bool {
        if self.is_over() {
            return false;
        }
        match self.clock.poll(now_ms) {
            Some(expiry) => self.game.apply_expiry(expiry).ok().flatten().is_some(),
            None => false,
        }
    }

    /// Time left for `seat`, `None` without a clock.
    pub fn time_left(&self, seat: Seat, now_ms: u64) -> Option<u64> {
        self.clock.remaining(seat, now_ms)
    }

    /// Milliseconds until the running clock could fall, for the screen's timer.
    pub fn time_to_flag(&self, now_ms: u64) -> Option<u64> {
        if self.is_over() {
            return None;
        }
        self.clock.time_to_expiry(now_ms)
    }

    /// Undo is offered offline, on a person's turn, against a bot or between
    /// people without a clock (a clock game takes nothing back).
    pub fn can_undo(&self) -> bool {
        !self.players.contains(&Player::Remote)
            && (self.vs_bot() || self.clock.tempo() == Tempo::Unlimited)
            && self.is_human_turn()
            && self.replayed.undo_point.is_some()
    }

    /// Takes back the person's last decision and whatever followed it,
    /// replaying the record (the same dice come again). The clock keeps
    /// running. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some(keep) = self.replayed.undo_point else {
            return false;
        };
        let mut record = self.record.clone();
        record.moves.truncate(keep);
        match record.replay() {
            Ok(position) => {
                self.replayed = replay(&record, &self.players, self.local);
                self.record = record;
                self.game = Adjudicated::new(position);
                true
            }
            Err(_) => false,
        }
    }

    /// Resigns: the person against a bot, else the side on turn (H17).
    /// Online the server decides, so nothing changes here.
    pub fn resign(&mut self, now_ms: u64) -> bool {
        if self.players.contains(&Player::Remote) || self.is_over() {
            return false;
        }
        let loser = if self.vs_bot() {
            self.local
        } else {
            self.seat_on_turn().unwrap_or(self.local)
        };
        if self.game.resign(loser).is_err() {
            return false;
        }
        self.clock.stop(now_ms);
        true
    }

    /// The next game of the match: same players and tempo; with
    /// alternation on they trade seats (Hex X8: the other player takes Red).
    pub fn rematch(&self, now_ms: u64) -> Result<Match<G>, RuleError> {
        let (players, local) = if self.alternate {
            ([self.players[1], self.players[0]], self.local.other())
        } else {
            (self.players, self.local)
        };
        let mut next = Match::new(
            self.record.options.clone(),
            players,
            local,
            self.clock.tempo(),
            mix(self.record.seed),
            now_ms,
        )?;
        next.game_index = self.game_index + 1;
        next.alternate = self.alternate;
        Ok(next)
    }

    /// The saved form: everything needed to resume, nothing derived. The
    /// clock is paused (a paused clock holds no timestamp, so it resumes
    /// under a new time origin after a reload).
    pub fn to_save(&self, now_ms: u64) -> SavedMatch<G> {
        let mut clock = self.clock;
        let _ = clock.pause(now_ms);
        SavedMatch {
            version: SAVE_VERSION,
            game: Some(G::GAME),
            record: self.record.clone(),
            players: self.players,
            local: self.local,
            game_index: self.game_index,
            alternate: Some(self.alternate),
            verdict: self.game.verdict(),
            clock: Some(clock),
            resigned: None,
            hints: self.hints,
        }
    }

    /// Rebuilds a match from a save, replaying every move through the rules.
    /// The error says what is wrong with it.
    pub fn from_save(save: SavedMatch<G>, now_ms: u64) -> Result<Match<G>, SaveError> {
        save.check()?;
        let position = save.record.replay().map_err(|e| SaveError::Record(e.to_string()))?;
        let mut game = Adjudicated::new(position);
        let verdict = save.verdict.or_else(|| {
            save.resigned
                .map(|loser| Outcome::win(loser.other(), EndReason::Resignation))
        });
        if let Some(verdict) = verdict {
            let loser = verdict.winner.map(Seat::other).ok_or(SaveError::Verdict)?;
            game.decide(loser, verdict.reason)
                .map_err(|e| SaveError::Record(e.to_string()))?;
        }
        let mut clock = save.clock.unwrap_or_else(|| Clock::new(Tempo::Unlimited));
        if matches!(clock.state(), ClockState::Paused { .. }) {
            let _ = clock.resume(now_ms);
        }
        Ok(Match {
            replayed: replay(&save.record, &save.players, save.local),
            record: save.record,
            game,
            players: save.players,
            local: save.local,
            game_index: save.game_index,
            alternate: save.alternate.unwrap_or(G::ALTERNATE),
            clock,
            hints: save.hints,
        })
    }

    pub fn to_save_text(&self, now_ms: u64) -> String {
        serde_json::to_string(&self.to_save(now_ms)).unwrap_or_default()
    }

    pub fn from_save_text(text: &str, now_ms: u64) -> Result<Match<G>, String> {
        let save: SavedMatch<G> = serde_json::from_str(text).map_err(|e| e.to_string())?;
        Match::from_save(save, now_ms).map_err(|e| e.to_string())
    }
}
