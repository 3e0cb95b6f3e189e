//! `BackgammonController`: what a tap on the backgammon board means.
//!
//! It holds the game record and the position it leads to, who plays each
//! seat, and the turn being built: a list of single-die steps. The steps on
//! offer are derived from the rules crate's legal plays for the roll: every
//! order of single-die steps whose end position is one of
//! `papan_rules::backgammon::legal_plays` (so B11's "as many dice as
//! possible, the larger if only one" comes from the rules), and a turn is
//! committed as the matching legal `Play` through the checked `play`.
//! Dice are chance moves drawn from a generator seeded by the game seed and
//! the ply, so a saved game replays exactly.

use crate::controllers::hex::{mix, Player};
use crate::i18n::key;
use papan_bots::{Level, Thinker};
use papan_rules::backgammon::{legal_plays, Backgammon, BackgammonOptions, BgMove, Board, Dice, Play, CHECKERS};
use papan_rules::{EndReason, Game, Outcome, Record, RuleError, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The version written into save files.
pub const SAVE_VERSION: u32 = 1;
/// Tap index of the mover's bar (B10) in step lists.
pub const BAR_INDEX: u8 = 25;
/// Tap index of "off" (B14) in step lists.
pub const OFF_INDEX: u8 = 0;

/// One checker moved by one die, in the mover's own numbering (25 = bar, 0 = off).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub die: u8,
    /// Filled in because the rest of the turn was forced.
    pub forced: bool,
}

/// A tap target from the local player's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Point 1–24 of the local player's own numbering.
    Point(u8),
    /// The bar (only the mover's own checkers are ever picked there).
    Bar,
    /// The bear-off tray.
    Off,
}

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapResult {
    /// The dice were rolled.
    Rolled,
    /// Online: a roll is due from this device, and the dice are the room
    /// server's. The screen sends a roll action; nothing changed here.
    RollRequested,
    /// A checker was picked up; its destinations are highlighted.
    Selected(Spot),
    /// The selection was dropped.
    Deselected,
    /// One or more steps were made (several when dice were combined or the
    /// rest of the turn was forced).
    Moved,
    /// Nothing changed; the Fluent key of a short reason for a toast.
    Ignored(&'static str),
}

/// The board as the local player sees it (after the steps made so far).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Index 1–24: local point; `+n` the local player's checkers, `-n` the opponent's.
    pub points: [i8; 25],
    /// `[local, opponent]`.
    pub bar: [u8; 2],
    pub off: [u8; 2],
    pub pips: [u32; 2],
}

/// The saved form: everything needed to resume, nothing derived.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BackgammonSave {
    pub version: u32,
    pub record: Record<Backgammon>,
    pub players: [Player; 2],
    pub local: Seat,
    pub game_index: u32,
    #[serde(default)]
    pub resigned: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BackgammonController {
    record: Record<Backgammon>,
    position: Backgammon,
    players: [Player; 2],
    /// The seat of the person holding this device (White between two people).
    local: Seat,
    game_index: u32,
    resigned: Option<Seat>,
    /// Online: the server's off-board result (resignation, timeout,
    /// abandonment) when the board has not ended by itself.
    verdict: Option<Outcome>,
    /// The turn being built (mover's numbering).
    steps: Vec<Step>,
    selected: Option<u8>,
    /// Every legal order of single-die steps for the current roll.
    sequences: Vec<Vec<Step>>,
    /// The last play made, with who made it (for the "last move" marks).
    last_play: Option<(Seat, Play)>,
    /// False for a game started from a set position ([`Self::from_position`]):
    /// its record cannot replay it, so it is neither saved nor undone.
    replayable: bool,
}

/// Where a checker on `from` lands with `die` on the mover's `pips`, if the
/// single step may be taken: bar first (B10), no landing on two or more
/// opposing checkers (B8), bearing off only with all checkers home (B13) and
/// from the highest point with a larger die (B14).
///
/// Every order of single-die steps for `dice` that ends on one of the legal
/// plays' positions with as many dice as they use.
pub fn step_sequences(board: &Board, dice: Dice) -> Vec<Vec<Step>> {
    let legal = legal_plays(board, dice);
    let Some(first) = legal.first() else {
        return Vec::new();
    };
    let length = first.1.legs().len();
    let ends: Vec<[i8; 26]> = legal.iter().map(|(b, _)| *b.pips()).collect();
    let orders: Vec<Vec<u8>> = if dice.is_double() {
        vec![vec![dice.high; 4]]
    } else {
        vec![vec![dice.high, dice.low], vec![dice.low, dice.high]]
    };
    let mut out = Vec::new();
    for order in orders {
        let mut path = Vec::new();
        walk(*board, &order[..length.min(order.len())], &ends, &mut path, &mut out);
    }
    out
}

fn walk(board: Board, dice: &[u8], ends: &[[i8; 26]], path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let Some((&die, rest)) = dice.split_first() else {
        if ends.contains(board.pips()) && !out.contains(path) {
            out.push(path.clone());
        }
        return;
    };
    for from in (1..=25usize).rev() {
        if let Some((to, next)) = board.single_step(from, die as usize) {
            path.push(Step {
                from: from as u8,
                to: to as u8,
                die,
                forced: false,
            });
            walk(next, rest, ends, path, out);
            path.pop();
        }
    }
}

/// The bot for backgammon at `level`, seeing only `view` (the seat's view):
/// the project's TD-trained network with a shallow search over the dice.
pub fn bot_thinker(view: &Backgammon, level: Level, seed: u64) -> impl Thinker<Move = BgMove> {
    papan_bots::backgammon::thinker(view, level, seed)
}

impl BackgammonController {
    /// A fresh game waiting for the opening roll. `local` is the person on this device.
    pub fn new(players: [Player; 2], local: Seat, seed: u64) -> Result<BackgammonController, RuleError> {
        let record = Record::new(BackgammonOptions::default(), seed);
        let position = record.start()?;
        Ok(BackgammonController {
            record,
            position,
            players,
            local,
            game_index: 0,
            resigned: None,
            verdict: None,
            steps: Vec::new(),
            selected: None,
            sequences: Vec::new(),
            last_play: None,
            replayable: true,
        })
    }

    /// A game from a set position (lessons, puzzles, tests). It plays like
    /// any other but is not saved and has no whole-turn undo, since its
    /// record starts from the standard position.
    pub fn from_position(position: Backgammon, players: [Player; 2], local: Seat, seed: u64) -> BackgammonController {
        let mut out = BackgammonController {
            record: Record::new(BackgammonOptions::default(), seed),
            position,
            players,
            local,
            game_index: 0,
            resigned: None,
            verdict: None,
            steps: Vec::new(),
            selected: None,
            sequences: Vec::new(),
            last_play: None,
            replayable: false,
        };
        out.start_turn();
        out
    }

    /// An online game as the room server sent it: every move so far in the
    /// rules' notation (the server's dice included: `opening 6-1`, `roll
    /// 5-3`), replayed through checked play, and the server's outcome. The
    /// local person plays `local`, the other seat is [`Player::Remote`].
    /// After a roll the turn is ready to build exactly as offline; a roll
    /// due from this device is asked of the server ([`TapResult::RollRequested`]).
    pub fn online(local: Seat, moves: &[String], outcome: Option<Outcome>) -> Result<BackgammonController, String> {
        let mut record: Record<Backgammon> = Record::new(BackgammonOptions::default(), 0);
        let mut position = record.start().map_err(|e| format!("options refused: {e}"))?;
        let mut last_play = None;
        for (index, text) in moves.iter().enumerate() {
            let seat = position.to_move();
            let mv = super::play_notation(&mut position, index, text)?;
            if let (BgMove::Play(play), Some(seat)) = (mv, seat) {
                last_play = Some((seat, play));
            }
            record.moves.push(mv);
        }
        let verdict = super::off_board_verdict(position.outcome(), outcome)?;
        let mut out = BackgammonController {
            record,
            position,
            players: super::online_players(local),
            local,
            game_index: 0,
            resigned: None,
            verdict,
            steps: Vec::new(),
            selected: None,
            sequences: Vec::new(),
            last_play,
            replayable: true,
        };
        out.start_turn();
        Ok(out)
    }

    /// Whether the other seat is played on another device.
    pub fn is_online(&self) -> bool {
        super::is_online(&self.players)
    }

    /// The last move of the record in the rules' notation (`24/18 13/11`,
    /// `pass`, `roll 5-3`): what an online screen sends after `done()`.
    pub fn last_move_text(&self) -> Option<String> {
        self.record.moves.last().map(|mv| self.position.format_move(mv))
    }

    /// Whether the record replays this game (false for a set position).
    pub fn is_replayable(&self) -> bool {
        self.replayable
    }

    /// A game from the setup screen: `None` is a person on this device. The
    /// person holding the device plays White; the opening roll decides who
    /// starts (B4).
    pub fn from_setup(opponent: Option<Level>, seed: u64) -> Result<BackgammonController, RuleError> {
        let other = opponent.map_or(Player::Human, Player::Bot);
        BackgammonController::new([Player::Human, other], Seat::First, seed)
    }

    pub fn position(&self) -> &Backgammon {
        &self.position
    }

    pub fn record(&self) -> &Record<Backgammon> {
        &self.record
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    pub fn local_seat(&self) -> Seat {
        self.local
    }

    pub fn ply(&self) -> usize {
        self.record.moves.len()
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    pub fn vs_bot(&self) -> bool {
        self.players.iter().any(|p| matches!(p, Player::Bot(_)))
    }

    pub fn bot_level(&self) -> Option<Level> {
        self.players.iter().find_map(|p| match p {
            Player::Bot(level) => Some(*level),
            Player::Human | Player::Remote => None,
        })
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.resigned {
            Some(loser) => Some(Outcome::win(loser.other(), EndReason::Resignation)),
            None => self.verdict.or_else(|| self.position.outcome()),
        }
    }

    /// The seat whose turn it is (rolling or moving); `None` before the
    /// opening roll and once the game is over.
    pub fn seat_on_turn(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        self.position.to_move()
    }

    fn player_on_turn(&self) -> Option<Player> {
        self.seat_on_turn().map(|s| self.players[s.index()])
    }

    /// The bot that must act now (roll or move), if any.
    pub fn bot_to_act(&self) -> Option<Level> {
        match self.player_on_turn() {
            Some(Player::Bot(level)) => Some(level),
            _ => None,
        }
    }

    /// A person acts now: the opening roll, their roll or their move.
    pub fn is_human_turn(&self) -> bool {
        if self.is_over() {
            return false;
        }
        match self.player_on_turn() {
            Some(p) => p == Player::Human,
            None => true,
        }
    }

    /// The dice wait to be rolled by a person (B4, B5).
    pub fn can_roll(&self) -> bool {
        self.is_human_turn() && self.position.turn() == Turn::Chance
    }

    /// A person must play the rolled dice.
    pub fn is_moving(&self) -> bool {
        self.is_human_turn() && matches!(self.position.turn(), Turn::Seat(_))
    }

    /// The roll cannot be played at all: the turn passes (B10, B12).
    pub fn must_pass(&self) -> bool {
        matches!(self.position.turn(), Turn::Seat(_)) && self.sequences.is_empty()
    }

    /// The opening dice `(white, black)`, once rolled (B4).
    pub fn opening(&self) -> Option<(u8, u8)> {
        match self.record.moves.first() {
            Some(BgMove::Opening { white, black }) => Some((*white, *black)),
            _ => None,
        }
    }

    pub fn last_play(&self) -> Option<(Seat, Play)> {
        self.last_play
    }

    /// The seed of the chance move at the current ply.
    fn dice_seed(&self) -> u64 {
        mix(self.record.seed ^ mix(0xD1CE ^ (self.ply() as u64 + 1)))
    }

    /// The seed for the bot's move at the current ply.
    pub fn bot_seed(&self) -> u64 {
        super::bot_seed(self.record.seed, self.ply())
    }

    /// Draws the due chance move (opening or roll) from the seeded generator.
    fn draw_dice(&mut self) -> Result<(), RuleError> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.dice_seed());
        let mv = self
            .position
            .sample_chance(&mut rng)
            .ok_or_else(|| RuleError::new("B5", "no roll is due"))?;
        self.record.play(&mut self.position, mv)?;
        self.start_turn();
        Ok(())
    }

    /// After a roll: the legal orders, and the whole play filled in when forced.
    fn start_turn(&mut self) {
        self.steps.clear();
        self.selected = None;
        self.sequences = match (self.position.turn(), self.position.dice()) {
            (Turn::Seat(_), Some(dice)) => step_sequences(self.position.board(), dice),
            _ => Vec::new(),
        };
        self.fill_forced();
    }

    /// The "not your turn" toast: the opponent online, else the bot.
    fn wait_key(&self) -> &'static str {
        super::wait_key(self.player_on_turn(), key("toast-wait-bot"))
    }

    /// A person rolls (tap on the board or the roll button). Online the
    /// dice are the server's: the roll is only requested.
    pub fn roll(&mut self) -> TapResult {
        if self.is_over() {
            return TapResult::Ignored(key("toast-game-over"));
        }
        if !self.is_human_turn() {
            return TapResult::Ignored(self.wait_key());
        }
        if !self.can_roll() {
            return TapResult::Ignored(key("backgammon-toast-already-rolled"));
        }
        if self.is_online() {
            return TapResult::RollRequested;
        }
        match self.draw_dice() {
            Ok(()) => TapResult::Rolled,
            Err(_) => TapResult::Ignored(key("toast-illegal")),
        }
    }

    /// The bot's roll (the screen calls this when the bot is on turn).
    pub fn roll_for_bot(&mut self) -> Result<(), String> {
        if self.bot_to_act().is_none() || self.position.turn() != Turn::Chance {
            return Err("no bot roll is due".into());
        }
        self.draw_dice().map_err(|e| e.to_string())
    }

    /// Orders still open after the steps made.
    fn open_sequences(&self) -> impl Iterator<Item = &Vec<Step>> {
        let made: Vec<(u8, u8, u8)> = self.steps.iter().map(|s| (s.from, s.to, s.die)).collect();
        self.sequences.iter().filter(move |seq| {
            seq.len() >= made.len() && seq.iter().zip(&made).all(|(a, b)| (a.from, a.to, a.die) == *b)
        })
    }

    /// When every open order ends on the same position, plays the rest of it.
    fn fill_forced(&mut self) {
        let made = self.steps.len();
        let ends: Vec<[i8; 26]> = self.open_sequences().map(|seq| self.end_of(seq)).collect();
        let Some(first) = ends.first() else { return };
        if ends.iter().any(|e| e != first) {
            return;
        }
        let rest: Vec<Step> = match self.open_sequences().next() {
            Some(seq) => seq[made..].to_vec(),
            None => return,
        };
        self.steps.extend(rest.into_iter().map(|s| Step { forced: true, ..s }));
    }

    fn end_of(&self, seq: &[Step]) -> [i8; 26] {
        let mut board = *self.position.board();
        for s in seq {
            // Steps come from `step_sequences`, so each one is allowed.
            if let Some((_, next)) = board.single_step(s.from as usize, s.die as usize) {
                board = next;
            }
        }
        *board.pips()
    }

    /// The mover's board after the steps made.
    pub fn current_pips(&self) -> [i8; 26] {
        self.end_of(&self.steps)
    }

    /// All dice are used (or the rest of the turn is forced): "Done" commits.
    pub fn turn_complete(&self) -> bool {
        self.is_moving() && self.open_sequences().any(|s| s.len() == self.steps.len())
    }

    /// The forced part of the turn was filled in for the player.
    pub fn forced_played(&self) -> bool {
        self.steps.iter().any(|s| s.forced)
    }

    /// `(die, used)` for the dice to play: two, or four for doubles (B7).
    pub fn dice_faces(&self) -> Vec<(u8, bool)> {
        let Some(dice) = self.position.dice() else {
            return Vec::new();
        };
        let mut faces: Vec<(u8, bool)> = if dice.is_double() {
            vec![(dice.high, false); 4]
        } else {
            vec![(dice.high, false), (dice.low, false)]
        };
        for step in &self.steps {
            if let Some(face) = faces.iter_mut().find(|(d, used)| *d == step.die && !used) {
                face.1 = true;
            }
        }
        if self.must_pass() {
            for face in &mut faces {
                face.1 = true;
            }
        }
        faces
    }

    /// The mover's index of a local spot, and back.
    fn to_mover(&self, spot: Spot) -> u8 {
        let same = self.position.board_seat() == self.local;
        match spot {
            Spot::Bar => BAR_INDEX,
            Spot::Off => OFF_INDEX,
            Spot::Point(p) if same => p,
            Spot::Point(p) => 25 - p,
        }
    }

    fn to_local(&self, index: u8) -> Spot {
        let same = self.position.board_seat() == self.local;
        match index {
            BAR_INDEX => Spot::Bar,
            OFF_INDEX => Spot::Off,
            p if same => Spot::Point(p),
            p => Spot::Point(25 - p),
        }
    }

    /// The checkers that can start a step now (local spots).
    pub fn movable(&self) -> Vec<Spot> {
        if !self.is_moving() {
            return Vec::new();
        }
        let made = self.steps.len();
        let mut out: Vec<Spot> = Vec::new();
        for seq in self.open_sequences() {
            if let Some(step) = seq.get(made) {
                let spot = self.to_local(step.from);
                if !out.contains(&spot) {
                    out.push(spot);
                }
            }
        }
        out
    }

    pub fn selected(&self) -> Option<Spot> {
        self.selected.map(|i| self.to_local(i))
    }

    /// Where the checker on mover index `from` can go: one die, or several
    /// dice on the same checker when each stop is legal (B6), with the steps.
    fn destinations_from(&self, from: u8) -> Vec<(u8, Vec<Step>)> {
        let made = self.steps.len();
        let mut out: Vec<(u8, Vec<Step>)> = Vec::new();
        for seq in self.open_sequences() {
            let mut at = from;
            let mut path = Vec::new();
            for step in &seq[made..] {
                if step.from != at || (at == OFF_INDEX && !path.is_empty()) {
                    break;
                }
                path.push(*step);
                at = step.to;
                match out.iter_mut().find(|(to, _)| *to == at) {
                    Some((_, best)) if best.len() <= path.len() => {}
                    Some((_, best)) => *best = path.clone(),
                    None => out.push((at, path.clone())),
                }
                if at == OFF_INDEX {
                    break;
                }
            }
        }
        out
    }

    /// Highlighted destinations of the selected checker (local spots).
    pub fn targets(&self) -> Vec<Spot> {
        match self.selected {
            Some(from) => self
                .destinations_from(from)
                .into_iter()
                .map(|(to, _)| self.to_local(to))
                .collect(),
            None => Vec::new(),
        }
    }

    /// A tap on a point, the bar or the tray.
    pub fn tap(&mut self, spot: Spot) -> TapResult {
        if self.is_over() {
            return TapResult::Ignored(key("toast-game-over"));
        }
        if !self.is_human_turn() {
            return TapResult::Ignored(self.wait_key());
        }
        if self.can_roll() {
            // B5: tapping the board rolls.
            return self.roll();
        }
        if self.must_pass() {
            return TapResult::Ignored(key("backgammon-toast-no-move"));
        }
        let index = self.to_mover(spot);
        if let Some(from) = self.selected {
            if let Some((_, path)) = self.destinations_from(from).into_iter().find(|(to, _)| *to == index) {
                self.steps.extend(path);
                self.selected = None;
                self.fill_forced();
                return TapResult::Moved;
            }
        }
        if self.movable().contains(&spot) && spot != Spot::Off {
            if self.selected == Some(index) {
                self.selected = None;
                return TapResult::Deselected;
            }
            self.selected = Some(index);
            return TapResult::Selected(spot);
        }
        let had = self.selected.take().is_some();
        if had {
            TapResult::Deselected
        } else if self.turn_complete() {
            TapResult::Ignored(key("backgammon-toast-tap-done"))
        } else {
            TapResult::Ignored(key("backgammon-toast-not-movable"))
        }
    }

    /// Takes back the last step chosen in this turn (with any forced steps after it).
    pub fn can_undo_step(&self) -> bool {
        self.is_moving() && self.steps.iter().any(|s| !s.forced)
    }

    pub fn undo_step(&mut self) -> bool {
        if !self.can_undo_step() {
            return false;
        }
        while let Some(step) = self.steps.pop() {
            if !step.forced {
                break;
            }
        }
        self.selected = None;
        true
    }

    /// "Done": commits the turn as the rules' legal play that matches, or the
    /// pass when the roll cannot be played (B12).
    pub fn done(&mut self) -> Result<(), &'static str> {
        if !self.is_moving() {
            return Err(self.wait_key());
        }
        let play = if self.must_pass() {
            Play::PASS
        } else {
            if !self.turn_complete() {
                return Err(key("backgammon-toast-finish-turn"));
            }
            let end = self.current_pips();
            let dice = self.position.dice().ok_or(key("toast-illegal"))?;
            legal_plays(self.position.board(), dice)
                .into_iter()
                .find(|(b, _)| *b.pips() == end)
                .map(|(_, p)| p.canonical())
                .ok_or(key("toast-illegal"))?
        };
        self.commit(BgMove::Play(play)).map_err(|_| key("toast-illegal"))
    }

    fn commit(&mut self, mv: BgMove) -> Result<(), RuleError> {
        let seat = self.position.to_move();
        self.record.play(&mut self.position, mv)?;
        if let (BgMove::Play(play), Some(seat)) = (mv, seat) {
            self.last_play = Some((seat, play));
        }
        self.start_turn();
        Ok(())
    }

    /// Plays the bot's move, if it is still the bot's turn at `ply`.
    pub fn apply_bot_move(&mut self, ply: usize, mv: BgMove) -> Result<(), String> {
        if ply != self.ply() || self.bot_to_act().is_none() || self.position.turn() == Turn::Chance {
            return Err(format!("stale bot move for ply {ply} (now {})", self.ply()));
        }
        self.commit(mv).map_err(|e| e.to_string())
    }

    /// The only legal move, when there is just one (the bot need not think).
    pub fn only_move(&self) -> Option<BgMove> {
        let moves = self.position.legal_moves();
        (moves.len() == 1).then(|| moves[0])
    }

    /// Moves to keep for a whole-turn undo: up to the last play a person made.
    fn undo_target(&self) -> Option<usize> {
        let mut game = self.record.start().ok()?;
        let mut target = None;
        for (ply, mv) in self.record.moves.iter().enumerate() {
            if let (Turn::Seat(seat), BgMove::Play(play)) = (game.turn(), mv) {
                if self.players[seat.index()] == Player::Human && !play.is_pass() {
                    target = Some(ply);
                }
            }
            game.play(mv).ok()?;
        }
        target
    }

    /// Whole-turn undo is on offer: a person's turn, nothing built yet.
    pub fn can_undo(&self) -> bool {
        self.replayable
            && !self.is_online()
            && !self.is_over()
            && self.is_human_turn()
            && self.steps.is_empty()
            && self.undo_target().is_some()
    }

    /// Takes back the person's last play (and whatever followed it). The
    /// dice come from the seed, so the same roll is played again.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some(keep) = self.undo_target() else { return false };
        let mut record = self.record.clone();
        record.moves.truncate(keep);
        match Self::rebuild(record, self.players, self.local, self.game_index, None) {
            Ok(next) => {
                *self = next;
                true
            }
            Err(_) => false,
        }
    }

    /// Online the server decides (the screen sends a resignation), so
    /// nothing changes here.
    pub fn resign(&mut self) -> bool {
        if self.is_over() || self.is_online() {
            return false;
        }
        let loser = if self.vs_bot() {
            self.local
        } else {
            self.position.to_move().unwrap_or(self.local)
        };
        self.resigned = Some(loser);
        self.steps.clear();
        self.selected = None;
        true
    }

    /// The next game: same players and seats, a fresh seed.
    pub fn rematch(&self) -> Result<BackgammonController, RuleError> {
        let mut next = BackgammonController::new(self.players, self.local, mix(self.record.seed ^ 0xB6))?;
        next.game_index = self.game_index + 1;
        Ok(next)
    }

    /// `human` / `bot` against a bot; `human` / `remote` online (from this
    /// device's side); `white` / `black` between two people on one device.
    pub fn winner_kind(&self) -> Option<&'static str> {
        let outcome = self.outcome()?;
        if self.is_online() {
            return Some(super::online_winner_kind(outcome, self.local));
        }
        let winner = outcome.winner?;
        Some(if self.vs_bot() {
            match self.players[winner.index()] {
                Player::Human => "human",
                Player::Bot(_) => "bot",
                Player::Remote => "remote",
            }
        } else if winner == Seat::First {
            "white"
        } else {
            "black"
        })
    }

    /// Fluent keys for the result banner: (headline, reason). The reason
    /// names single, gammon or backgammon (B16–B18).
    pub fn result_keys(&self) -> Option<(&'static str, &'static str)> {
        let outcome = self.outcome()?;
        let board_reason = match outcome.points {
            3 => key("backgammon-reason-backgammon"),
            2 => key("backgammon-reason-gammon"),
            _ => key("backgammon-reason-single"),
        };
        if self.is_online() {
            let headline = super::online_headline(outcome, self.local, key("result-you-win"));
            let reason = super::online_verdict_reason(outcome, self.local).unwrap_or(board_reason);
            return Some((headline, reason));
        }
        let headline = match self.winner_kind()? {
            "human" => key("result-you-win"),
            "bot" => key("result-bot-wins"),
            "white" => key("backgammon-result-white-wins"),
            _ => key("backgammon-result-black-wins"),
        };
        let reason = match outcome.reason {
            EndReason::Resignation if self.vs_bot() => key("reason-you-resigned"),
            EndReason::Resignation => key("reason-resignation"),
            _ => board_reason,
        };
        Some((headline, reason))
    }

    /// The board as the local player sees it, with the steps made so far.
    pub fn board_view(&self) -> BoardView {
        let pips = self.current_pips();
        let same = self.position.board_seat() == self.local;
        let mut points = [0i8; 25];
        for (p, slot) in points.iter_mut().enumerate().skip(1) {
            *slot = if same { pips[p] } else { -pips[25 - p] };
        }
        let mover_left: u8 = (1..=25).map(|i| pips[i].max(0) as u8).sum();
        let other_left: u8 = (0..=24).map(|i| (-pips[i]).max(0) as u8).sum();
        let mover_bar = pips[25].max(0) as u8;
        let other_bar = (-pips[0]).max(0) as u8;
        let mover_off = CHECKERS - mover_left;
        let other_off = CHECKERS - other_left;
        let mover_pips: u32 = (1..=25).map(|i| i as u32 * pips[i].max(0) as u32).sum();
        let other_pips: u32 = (0..=24).map(|i| (25 - i) as u32 * (-pips[i]).max(0) as u32).sum();
        if same {
            BoardView {
                points,
                bar: [mover_bar, other_bar],
                off: [mover_off, other_off],
                pips: [mover_pips, other_pips],
            }
        } else {
            BoardView {
                points,
                bar: [other_bar, mover_bar],
                off: [other_off, mover_off],
                pips: [other_pips, mover_pips],
            }
        }
    }

    /// Local points where the last play's checkers landed (or left from).
    pub fn last_marks(&self) -> (Vec<u8>, Vec<u8>) {
        let Some((seat, play)) = self.last_play else {
            return (Vec::new(), Vec::new());
        };
        let map = |i: u8| -> Option<u8> {
            if !(1..=24).contains(&i) {
                return None;
            }
            Some(if seat == self.local { i } else { 25 - i })
        };
        let from = play.legs().iter().filter_map(|l| map(l.from)).collect();
        let to = play.legs().iter().filter_map(|l| map(l.to)).collect();
        (from, to)
    }

    fn rebuild(
        record: Record<Backgammon>,
        players: [Player; 2],
        local: Seat,
        game_index: u32,
        resigned: Option<Seat>,
    ) -> Result<BackgammonController, String> {
        let mut game = record.start().map_err(|e| e.to_string())?;
        let mut last_play = None;
        for (ply, mv) in record.moves.iter().enumerate() {
            let seat = game.to_move();
            game.play(mv).map_err(|e| format!("move {} refused: {e}", ply + 1))?;
            if let (BgMove::Play(play), Some(seat)) = (mv, seat) {
                last_play = Some((seat, *play));
            }
        }
        let mut out = BackgammonController {
            record,
            position: game,
            players,
            local,
            game_index,
            resigned,
            verdict: None,
            steps: Vec::new(),
            selected: None,
            sequences: Vec::new(),
            last_play,
            replayable: true,
        };
        out.start_turn();
        Ok(out)
    }

    pub fn to_save(&self) -> BackgammonSave {
        BackgammonSave {
            version: SAVE_VERSION,
            record: self.record.clone(),
            players: self.players,
            local: self.local,
            game_index: self.game_index,
            resigned: self.resigned,
        }
    }

    /// Rebuilds a controller from a save, replaying every move through the rules.
    pub fn from_save(save: BackgammonSave) -> Result<BackgammonController, String> {
        if save.version != SAVE_VERSION {
            return Err(format!("save version {} is not supported", save.version));
        }
        if save.players[save.local.index()] != Player::Human {
            return Err("the local seat is not played by a person".to_string());
        }
        if save.players.contains(&Player::Remote) {
            return Err("an online game is not resumed from a save".to_string());
        }
        Self::rebuild(save.record, save.players, save.local, save.game_index, save.resigned)
    }

    pub fn to_save_text(&self) -> String {
        serde_json::to_string(&self.to_save()).expect("a save always serializes")
    }

    pub fn from_save_text(text: &str) -> Result<BackgammonController, String> {
        let save: BackgammonSave = serde_json::from_str(text).map_err(|e| e.to_string())?;
        BackgammonController::from_save(save)
    }
}
