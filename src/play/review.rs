//! Post-game review, UI-free: the Expert's judgement of every move of a
//! record, worked out one position at a time so the screen can show
//! progress and stop when asked.
//!
//! Two ways to judge, by game:
//! - games searched by the bots (Hex, HADANG, Jun Qi): the Expert searches
//!   the position before each choice from the mover's view; the mover's
//!   chance before is the Expert's, after is the Expert's at the next
//!   choice (seen from the mover), and the loss is the drop between them;
//! - games with a judge ([`papan_bots::Bot::judge`], backgammon): every legal play
//!   is valued as gnubg does, and the loss is the equity between the best
//!   and the played one, in millipoints; and each roll's luck against the
//!   average roll ([`papan_bots::Bot::luck`]), in the same millipoints.
//!
//! Millipoints are gnubg's mEMG for a money game: cubeless equity (points
//! per game, gammons and backgammons counted) ×1000.

use super::{bot_seed, Playable};
use crate::bot::Verdict;
use papan_bots::{Judged, Level};
use papan_rules::{Game, Record, RecordError, Seat, Turn};
use serde::{Deserialize, Serialize};

/// What the review calls a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The only legal move.
    Forced,
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// Backgammon, gnubg's words: ≥ 40, ≥ 80, ≥ 160 millipoints lost.
    Doubtful,
    Bad,
    VeryBad,
}

impl Mark {
    pub fn id(self) -> &'static str {
        match self {
            Mark::Forced => "forced",
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very-bad",
        }
    }

    /// The annotation sign of an error: ?! (inaccuracy, doubtful), ?
    /// (mistake, bad), ?? (blunder, very bad), as gnubg's manual gives them
    /// ("-0.040 (doubtful): ?!  -0.080 (bad): ?  -0.160 (very bad): ??").
    pub fn symbol(self) -> Option<&'static str> {
        match self {
            Mark::Inaccuracy | Mark::Doubtful => Some("?!"),
            Mark::Mistake | Mark::Bad => Some("?"),
            Mark::Blunder | Mark::VeryBad => Some("??"),
            _ => None,
        }
    }

    /// An error worth counting in the summary.
    pub fn is_error(self) -> bool {
        !matches!(self, Mark::Forced | Mark::Best | Mark::Good)
    }

    /// From a drop in the mover's winning chance (0..1), lichess's scale
    /// in winning-chance points.
    pub fn from_chance_loss(loss: f64) -> Mark {
        match loss {
            l if l >= 0.20 => Mark::Blunder,
            l if l >= 0.10 => Mark::Mistake,
            l if l >= 0.05 => Mark::Inaccuracy,
            _ => Mark::Good,
        }
    }

    /// From equity lost in millipoints, gnubg's thresholds.
    pub fn from_millipoints(loss: f64) -> Mark {
        match loss {
            l if l >= 160.0 => Mark::VeryBad,
            l if l >= 80.0 => Mark::Bad,
            l if l >= 40.0 => Mark::Doubtful,
            _ => Mark::Good,
        }
    }

    pub const ERRORS: [Mark; 6] = [
        Mark::Inaccuracy,
        Mark::Mistake,
        Mark::Blunder,
        Mark::Doubtful,
        Mark::Bad,
        Mark::VeryBad,
    ];
}

/// The review of one seat move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview<M> {
    /// Plies on the board once this move is played.
    pub plies: usize,
    pub seat: Seat,
    pub played: M,
    /// The Expert's move, when there was a choice.
    pub best: Option<M>,
    /// The mover's winning chance with the best move, and after the move played.
    pub before: f64,
    pub after: f64,
    /// Backgammon: equity lost against the best play, in millipoints.
    pub millipoints: Option<f64>,
    /// Backgammon: the luck of the roll this move played, in millipoints
    /// against the average roll (positive: better than average).
    pub luck: Option<f64>,
    pub mark: Mark,
}

impl<M> MoveReview<M> {
    /// What the move cost, for ranking errors: millipoints where judged
    /// so, else chance points ×1000.
    pub fn cost(&self) -> f64 {
        self.millipoints
            .unwrap_or(((self.before - self.after) * 1000.0).max(0.0))
    }
}

/// One seat's summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatSummary {
    pub moves: usize,
    /// Count per mark of [`Mark::ERRORS`], in that order.
    pub errors: [usize; 6],
    /// Backgammon: mean millipoints lost per move with a choice (gnubg's
    /// error rate).
    pub error_rate: Option<f64>,
    /// Backgammon: the luck of the seat's rolls, summed (millipoints), and
    /// how many rolls it counts.
    pub luck: Option<(f64, usize)>,
}

impl SeatSummary {
    /// gnubg's rating of the error rate.
    pub fn rating(&self) -> Option<Rating> {
        self.error_rate.map(Rating::of_error_rate)
    }

    /// Whether the dice favoured the seat: gnubg's luck words by the luck
    /// per roll ("Good dice, man!" above +20 mEMG a roll, "Better luck next
    /// time" below −20), as three words: lucky, even, unlucky.
    pub fn fortune(&self) -> Option<Fortune> {
        let (total, rolls) = self.luck?;
        let per_roll = total / rolls.max(1) as f64;
        Some(if per_roll > 20.0 {
            Fortune::Lucky
        } else if per_roll < -20.0 {
            Fortune::Unlucky
        } else {
            Fortune::Even
        })
    }
}

/// How the dice treated a seat over a game ([`SeatSummary::fortune`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fortune {
    Lucky,
    Even,
    Unlucky,
}

impl Fortune {
    pub fn id(self) -> &'static str {
        match self {
            Fortune::Lucky => "lucky",
            Fortune::Even => "even",
            Fortune::Unlucky => "unlucky",
        }
    }
}

/// gnubg's rating of a player's error rate per unforced move, from the
/// table "Threshold for ratings" of its manual (GNU Backgammon manual,
/// "Analysis → Overall rating"; Debian's /usr/share/doc/gnubg/gnubg.html
/// and allabout.html; gnubg's analysis.c `arThrsRating`): normalised error
/// per move 0–0.002 Supernatural, –0.005 World class, –0.008 Expert,
/// –0.012 Advanced, –0.018 Intermediate, –0.026 Casual player, –0.035
/// Beginner, above Awful. gnubg prints it ×1000 by default: these are
/// millipoints (mEMG), as the review's error rate is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rating {
    Supernatural,
    WorldClass,
    Expert,
    Advanced,
    Intermediate,
    Casual,
    Beginner,
    Awful,
}

impl Rating {
    /// Upper bounds (exclusive) in millipoints per move, best first.
    const BOUNDS: [(f64, Rating); 7] = [
        (2.0, Rating::Supernatural),
        (5.0, Rating::WorldClass),
        (8.0, Rating::Expert),
        (12.0, Rating::Advanced),
        (18.0, Rating::Intermediate),
        (26.0, Rating::Casual),
        (35.0, Rating::Beginner),
    ];

    /// The rating of an error rate in millipoints per unforced move.
    pub fn of_error_rate(millipoints: f64) -> Rating {
        Rating::BOUNDS
            .iter()
            .find(|(bound, _)| millipoints < *bound)
            .map_or(Rating::Awful, |(_, r)| *r)
    }

    pub fn id(self) -> &'static str {
        match self {
            Rating::Supernatural => "supernatural",
            Rating::WorldClass => "world-class",
            Rating::Expert => "expert",
            Rating::Advanced => "advanced",
            Rating::Intermediate => "intermediate",
            Rating::Casual => "casual",
            Rating::Beginner => "beginner",
            Rating::Awful => "awful",
        }
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review<M> {
    pub moves: Vec<MoveReview<M>>,
}

impl<M: Clone> Review<M> {
    /// The first seat's winning chance after each move (the graph), starting
    /// with the position before the first.
    pub fn curve(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        for (i, m) in self.moves.iter().enumerate() {
            let first = |p: f64| if m.seat == Seat::First { p } else { 1.0 - p };
            if i == 0 {
                out.push(first(m.before));
            }
            out.push(first(m.after));
        }
        out
    }

    pub fn summary(&self, seat: Seat) -> SeatSummary {
        let mine: Vec<_> = self.moves.iter().filter(|m| m.seat == seat).collect();
        let mut errors = [0; 6];
        for m in &mine {
            if let Some(i) = Mark::ERRORS.iter().position(|&e| e == m.mark) {
                errors[i] += 1;
            }
        }
        let judged: Vec<f64> = mine
            .iter()
            .filter(|m| m.mark != Mark::Forced)
            .filter_map(|m| m.millipoints)
            .collect();
        let lucks: Vec<f64> = mine.iter().filter_map(|m| m.luck).collect();
        SeatSummary {
            moves: mine.len(),
            errors,
            error_rate: (!judged.is_empty()).then(|| judged.iter().sum::<f64>() / judged.len() as f64),
            luck: (!lucks.is_empty()).then(|| (lucks.iter().sum(), lucks.len())),
        }
    }

    /// The costliest move of `seat`, if it made an error.
    pub fn worst(&self, seat: Seat) -> Option<&MoveReview<M>> {
        self.moves
            .iter()
            .filter(|m| m.seat == seat && m.mark.is_error())
            .max_by(|a, b| a.cost().total_cmp(&b.cost()))
    }
}

/// The Expert's word on one position: its move and the mover's chance.
#[derive(Clone, Debug)]
struct Searched<M> {
    best: Option<M>,
    chance: f64,
    /// Games with a judge: the best move and the one played (when it is
    /// another), each with the mover's chance and equity. The other legal
    /// moves' values are dropped: nothing shown comes from them, and a kept
    /// backgammon review stays a few kilobytes.
    judged: Option<Vec<Judged<M>>>,
    /// The luck of the roll being played, in equity (games with dice).
    luck: Option<f64>,
}

/// How far outside 0..1 a kept chance may be: an f32 network's rounding.
const CHANCE_SLACK: f64 = 1e-4;

/// [`Searched`] as it is kept on the device ([`super::review_kept`]): the
/// moves in the game's notation, so one piece of code reads and writes the
/// kept reviews of every game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptPosition {
    best: Option<String>,
    chance: f64,
    judged: Option<Vec<Judged<String>>>,
    luck: Option<f64>,
}

/// The review being worked out, one position at a time: the caller takes
/// each [`Analysis::next_position`] to a bot ([`crate::bot::review_position`]
/// off the render path, or [`Analysis::run_to_end`] here and now) and
/// hands back its [`Verdict`].
pub struct Analysis<G: Playable> {
    record: Record<G>,
    /// The position before each ply, and after the last.
    positions: Vec<G>,
    /// Plies where a seat chose a move (the positions to search).
    choices: Vec<usize>,
    /// Searched so far, by index in `choices`.
    searched: Vec<Searched<G::Move>>,
    level: Level,
}

impl<G: Playable> Analysis<G> {
    /// Replays `record` (refused if it does not replay) and lines up the
    /// positions to search.
    pub fn new(record: Record<G>, level: Level) -> Result<Analysis<G>, RecordError> {
        let mut game = record.start().map_err(|error| RecordError { ply: None, error })?;
        let mut positions = vec![game.clone()];
        let mut choices = Vec::new();
        for (ply, mv) in record.moves.iter().enumerate() {
            if matches!(game.turn(), Turn::Seat(_)) {
                choices.push(ply);
            }
            game.play(mv).map_err(|error| RecordError { ply: Some(ply), error })?;
            positions.push(game.clone());
        }
        Ok(Analysis {
            record,
            positions,
            choices,
            searched: Vec::new(),
            level,
        })
    }

    /// Positions to judge, and how many are judged.
    pub fn total(&self) -> usize {
        self.choices.len()
    }

    pub fn done(&self) -> usize {
        self.searched.len()
    }

    pub fn is_done(&self) -> bool {
        self.done() == self.total()
    }

    /// The level the positions are judged at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The next position to judge: the mover's view and the search's seed
    /// (the same for every run, so a review replays exactly).
    pub fn next_position(&self) -> Option<(G::View, u64)> {
        let &ply = self.choices.get(self.searched.len())?;
        let seat = self.positions[ply].seat_to_move()?;
        let seed = bot_seed(self.record.seed ^ 0x005E_ED4E_71E3, ply);
        Some((self.positions[ply].view(seat), seed))
    }

    /// The verdict on [`Analysis::next_position`], with the luck of its
    /// roll in equity where the game has dice ([`crate::bot::review_with_luck`]).
    pub fn record(&mut self, verdict: Verdict<G::Move>, luck: Option<f64>) {
        if self.is_done() {
            return;
        }
        let played = &self.record.moves[self.choices[self.searched.len()]];
        self.searched.push(match verdict {
            Verdict::Judged(judged) => Searched {
                best: judged.first().map(|j| j.mv.clone()),
                chance: judged.first().map_or(0.5, |j| j.win),
                judged: Some(
                    judged
                        .iter()
                        .enumerate()
                        .filter(|(i, j)| *i == 0 || j.mv == *played)
                        .map(|(_, j)| j.clone())
                        .collect(),
                ),
                luck,
            },
            Verdict::Searched(decision) => Searched {
                best: decision.best,
                // A search value is not a chance: shown through the game's curve.
                chance: papan_bots::estimate::calibrated(
                    G::GAME,
                    G::board_size(&self.positions[0]),
                    self.level,
                    decision.win_probability,
                ),
                judged: None,
                luck: None,
            },
        });
    }

    /// The positions judged so far, in order, as they are kept on the
    /// device: what [`Analysis::resume`] takes back.
    pub fn kept(&self) -> Vec<KeptPosition> {
        self.searched
            .iter()
            .zip(&self.choices)
            .map(|(s, &ply)| {
                let text = |mv: &G::Move| self.positions[ply].format_move(mv);
                KeptPosition {
                    best: s.best.as_ref().map(text),
                    chance: s.chance,
                    judged: s.judged.as_ref().map(|list| {
                        list.iter()
                            .map(|j| Judged {
                                mv: text(&j.mv),
                                win: j.win,
                                equity: j.equity,
                            })
                            .collect()
                    }),
                    luck: s.luck,
                }
            })
            .collect()
    }

    /// Takes back positions judged before (a kept review of the same
    /// record), so only the rest is searched. Refused, with nothing
    /// changed, when they cannot be this record's: more of them than it has
    /// positions, a chance out of 0..1 (give or take [`CHANCE_SLACK`]), or
    /// a move that does not read as one or is not legal where it was judged.
    pub fn resume(&mut self, kept: &[KeptPosition]) -> Result<usize, String> {
        if kept.len() > self.total() {
            return Err(format!(
                "{} positions judged, but the game has {}",
                kept.len(),
                self.total()
            ));
        }
        let mut searched = Vec::with_capacity(kept.len());
        for (i, k) in kept.iter().enumerate() {
            let position = &self.positions[self.choices[i]];
            let legal = |text: &String| {
                let mv = position.parse_move(text).ok()?;
                position.clone().play(&mv).is_ok().then_some(mv)
            };
            let refused = || format!("position {}: a move that is not legal there", i + 1);
            let best = k.best.as_ref().map(|v| legal(v).ok_or_else(refused)).transpose()?;
            let judged = match &k.judged {
                Some(list) => Some(
                    list.iter()
                        .map(|j| {
                            Ok(Judged {
                                mv: legal(&j.mv).ok_or_else(refused)?,
                                win: j.win,
                                equity: j.equity,
                            })
                        })
                        .collect::<Result<Vec<_>, String>>()?,
                ),
                None => None,
            };
            // A chance is a network's output: a float's rounding may put it
            // a hair above 1 (as it did when it was worked out).
            if !(-CHANCE_SLACK..=1.0 + CHANCE_SLACK).contains(&k.chance) {
                return Err(format!("position {}: a chance of {}", i + 1, k.chance));
            }
            searched.push(Searched {
                best,
                chance: k.chance,
                judged,
                luck: k.luck,
            });
        }
        self.searched = searched;
        Ok(self.searched.len())
    }

    /// Judges every position left here and now, each for at most `cap_ms`
    /// (tools and tests; the app's screen works off the render path).
    pub fn run_to_end(&mut self, cap_ms: u64) -> Result<(), String> {
        while let Some((view, seed)) = self.next_position() {
            let (verdict, luck) = crate::bot::review_now::<G>(view, self.level, seed, cap_ms)?;
            self.record(verdict, luck);
        }
        Ok(())
    }

    /// The review of everything judged so far.
    pub fn review(&self) -> Review<G::Move> {
        let mut moves = Vec::new();
        for (i, &ply) in self.choices.iter().enumerate().take(self.searched.len()) {
            let position = &self.positions[ply];
            let Some(seat) = position.seat_to_move() else { continue };
            let played = self.record.moves[ply].clone();
            let searched = &self.searched[i];
            let forced = position.legal_moves().len() <= 1;
            let (after, millipoints) = match &searched.judged {
                Some(list) => {
                    let best_equity = list.first().map_or(0.0, |j| j.equity);
                    match list.iter().find(|j| j.mv == played) {
                        Some(p) => (p.win, Some(((best_equity - p.equity) * 1000.0).max(0.0))),
                        None => (searched.chance, None),
                    }
                }
                // The next judged position (or the end) seen from the mover.
                None => (self.chance_after(i, seat), None),
            };
            let mark = if forced {
                Mark::Forced
            } else if searched.best.as_ref() == Some(&played) {
                Mark::Best
            } else if let Some(mp) = millipoints {
                Mark::from_millipoints(mp)
            } else {
                Mark::from_chance_loss(searched.chance - after)
            };
            moves.push(MoveReview {
                plies: ply + 1,
                seat,
                played,
                best: if forced { None } else { searched.best.clone() },
                before: searched.chance,
                after: if forced { searched.chance } else { after },
                millipoints: if forced { None } else { millipoints },
                luck: searched.luck.map(|l| l * 1000.0),
                mark,
            });
        }
        Review { moves }
    }

    /// `seat`'s chance after choice `i`: the game's result if it ended,
    /// else the next searched position's estimate seen from `seat`.
    fn chance_after(&self, i: usize, seat: Seat) -> f64 {
        let next_ply = self.choices.get(i + 1).copied();
        match next_ply {
            Some(ply) if i + 1 < self.searched.len() => {
                let chance = self.searched[i + 1].chance;
                match self.positions[ply].seat_to_move() {
                    Some(s) if s == seat => chance,
                    _ => 1.0 - chance,
                }
            }
            Some(_) => self.searched[i].chance,
            None => match self.positions.last().and_then(Game::outcome) {
                Some(outcome) => match outcome.winner {
                    Some(w) if w == seat => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                },
                None => self.searched[i].chance,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_follow_gnubgs_thresholds_at_their_boundaries() {
        let cases = [
            (0.0, Rating::Supernatural),
            (1.99, Rating::Supernatural),
            (2.0, Rating::WorldClass),
            (4.99, Rating::WorldClass),
            (5.0, Rating::Expert),
            (8.0, Rating::Advanced),
            (11.9, Rating::Advanced),
            (12.0, Rating::Intermediate),
            (18.0, Rating::Casual),
            (25.99, Rating::Casual),
            (26.0, Rating::Beginner),
            (34.9, Rating::Beginner),
            (35.0, Rating::Awful),
            (400.0, Rating::Awful),
        ];
        for (rate, rating) in cases {
            assert_eq!(Rating::of_error_rate(rate), rating, "{rate} mp per move");
        }
    }

    fn judged(seat: Seat, millipoints: Option<f64>, luck: Option<f64>, mark: Mark) -> MoveReview<u8> {
        MoveReview {
            plies: 1,
            seat,
            played: 0,
            best: None,
            before: 0.5,
            after: 0.5,
            millipoints,
            luck,
            mark,
        }
    }

    #[test]
    fn a_seats_luck_is_the_sum_of_its_rolls_and_its_word_follows_the_rate() {
        let review = Review {
            moves: vec![
                judged(Seat::First, Some(0.0), Some(120.0), Mark::Best),
                judged(Seat::Second, Some(90.0), Some(-40.0), Mark::Bad),
                judged(Seat::First, None, Some(-30.0), Mark::Forced),
                judged(Seat::Second, Some(10.0), Some(-5.0), Mark::Good),
            ],
        };
        let first = review.summary(Seat::First);
        assert_eq!(first.luck, Some((90.0, 2)));
        assert_eq!(first.fortune(), Some(Fortune::Lucky), "45 mp a roll");
        assert_eq!(first.error_rate, Some(0.0), "the forced move is not counted");
        assert_eq!(first.rating(), Some(Rating::Supernatural));
        let second = review.summary(Seat::Second);
        assert_eq!(second.luck, Some((-45.0, 2)));
        assert_eq!(second.fortune(), Some(Fortune::Unlucky));
        assert_eq!(second.error_rate, Some(50.0));
        assert_eq!(second.rating(), Some(Rating::Awful));
        assert_eq!(second.errors, [0, 0, 0, 0, 1, 0]);
        let even = Review {
            moves: vec![judged(Seat::First, Some(3.0), Some(15.0), Mark::Good)],
        };
        assert_eq!(even.summary(Seat::First).fortune(), Some(Fortune::Even));
        assert_eq!(even.summary(Seat::First).rating(), Some(Rating::WorldClass));
        assert_eq!(even.summary(Seat::Second).luck, None, "no rolls, no luck");
    }
}
