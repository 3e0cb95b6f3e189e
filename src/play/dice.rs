//! Lifetime backgammon dice, UI-free: every roll of the finished games kept
//! on this device, counted per kind of player (you, the bots, people
//! online, a second person on this device), held against what fair dice
//! give — doubles, pips per roll, each face — with 95 % intervals.
//!
//! Opening rolls are left out: B4 rerolls a double there, so they are not
//! two free dice. Imported games are left out too: their dice were not
//! rolled here.

use super::finished::Finished;
use super::player::Player;
use papan_rules::backgammon::{Backgammon, BgMove, Dice};
use papan_rules::{Game, GameId, Seat};

/// Fair dice: a double one roll in six.
pub const FAIR_DOUBLES: f64 = 1.0 / 6.0;
/// Fair dice: each face one die in six.
pub const FAIR_FACE: f64 = 1.0 / 6.0;
/// Fair dice: pips per roll (a double counts four times its face), 49/6.
pub const FAIR_PIPS: f64 = 49.0 / 6.0;

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Who rolled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Roller {
    /// The person holding this device.
    You,
    /// The bots, every level.
    Bots,
    /// People online (the room server rolled for them).
    Online,
    /// A second person playing on this device.
    Guest,
}

impl Roller {
    pub const ALL: [Roller; 4] = [Roller::You, Roller::Bots, Roller::Online, Roller::Guest];

    pub fn id(self) -> &'static str {
        match self {
            Roller::You => "you",
            Roller::Bots => "bots",
            Roller::Online => "online",
            Roller::Guest => "guest",
        }
    }

    /// The roller of `seat` in a kept game.
    fn of(game: &Finished, seat: Seat) -> Roller {
        match game.players[seat.index()] {
            Player::Bot(_) => Roller::Bots,
            Player::Remote => Roller::Online,
            Player::Human if seat == game.local => Roller::You,
            Player::Human => Roller::Guest,
        }
    }
}

/// An observed share or mean with its 95 % interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    /// Whether `fair` lies inside the interval.
    pub fn holds(&self, fair: f64) -> bool {
        self.low <= fair && fair <= self.high
    }
}

/// The share `k` of `n` with Wilson's 95 % score interval (good at the
/// small counts a phone keeps, unlike the normal approximation); `None`
/// without any trial.
pub fn share(k: u64, n: u64) -> Option<Estimate> {
    if n == 0 {
        return None;
    }
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

/// One roller's dice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub rolls: u64,
    pub doubles: u64,
    /// Pips rolled, and their squares summed (for the spread).
    pub pips: u64,
    pub pips_squared: u64,
    /// Dice showing each face 1–6 (a roll shows two).
    pub faces: [u64; 6],
}

impl Tally {
    pub fn add(&mut self, dice: Dice) {
        let pips = if dice.is_double() {
            4 * dice.high as u64
        } else {
            (dice.high + dice.low) as u64
        };
        self.rolls += 1;
        self.doubles += dice.is_double() as u64;
        self.pips += pips;
        self.pips_squared += pips * pips;
        self.faces[dice.high as usize - 1] += 1;
        self.faces[dice.low as usize - 1] += 1;
    }

    /// The share of doubles, against [`FAIR_DOUBLES`].
    pub fn doubles(&self) -> Option<Estimate> {
        share(self.doubles, self.rolls)
    }

    /// The share of dice showing `face` (1–6), against [`FAIR_FACE`].
    pub fn face(&self, face: u8) -> Option<Estimate> {
        share(self.faces[face as usize - 1], 2 * self.rolls)
    }

    /// Mean pips per roll with the normal 95 % interval from the sample's
    /// spread, against [`FAIR_PIPS`]; `None` under two rolls.
    pub fn mean_pips(&self) -> Option<Estimate> {
        if self.rolls < 2 {
            return None;
        }
        let n = self.rolls as f64;
        let mean = self.pips as f64 / n;
        let variance = ((self.pips_squared as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
        let half = Z95 * (variance / n).sqrt();
        Some(Estimate {
            value: mean,
            low: mean - half,
            high: mean + half,
        })
    }
}

/// Every roll of the kept backgammon games played here, per roller, in
/// [`Roller::ALL`]'s order, rollers without a roll left out; and how many
/// games were counted. A kept game that no longer replays is skipped.
pub fn tally(games: &[Finished]) -> (Vec<(Roller, Tally)>, usize) {
    let mut out: Vec<(Roller, Tally)> = Roller::ALL.iter().map(|r| (*r, Tally::default())).collect();
    let mut counted = 0;
    for entry in games.iter().filter(|g| g.game == GameId::Backgammon && !g.is_import()) {
        let Ok(record) = entry.record::<Backgammon>() else {
            continue;
        };
        let Ok(mut game) = record.start() else { continue };
        let mut rolls = Vec::new();
        let mut replays = true;
        for mv in &record.moves {
            if let (BgMove::Roll(dice), Some(seat)) = (mv, game.to_move()) {
                rolls.push((seat, *dice));
            }
            if game.play(mv).is_err() {
                replays = false;
                break;
            }
        }
        if !replays {
            continue;
        }
        counted += 1;
        for (seat, dice) in rolls {
            let roller = Roller::of(entry, seat);
            if let Some((_, t)) = out.iter_mut().find(|(r, _)| *r == roller) {
                t.add(dice);
            }
        }
    }
    out.retain(|(_, t)| t.rolls > 0);
    (out, counted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_intervals_match_known_values() {
        // 10 of 60 (one in six exactly): 0.0931–0.2803.
        let e = share(10, 60).unwrap();
        assert!(close(e.value, 1.0 / 6.0));
        assert!(close(e.low, 0.0931) && close(e.high, 0.2803), "{e:?}");
        // None of 10: 0–0.2775.
        let e = share(0, 10).unwrap();
        assert!(close(e.low, 0.0) && close(e.high, 0.2775), "{e:?}");
        // All of 5: 0.5655–1.
        let e = share(5, 5).unwrap();
        assert!(close(e.low, 0.5655) && close(e.high, 1.0), "{e:?}");
        assert_eq!(share(0, 0), None);
        assert!(share(10, 60).unwrap().holds(FAIR_DOUBLES));
        assert!(!share(30, 60).unwrap().holds(FAIR_DOUBLES));
    }

    #[test]
    fn a_tally_counts_doubles_pips_and_faces() {
        let mut t = Tally::default();
        for (a, b) in [(6, 6), (3, 1), (5, 2), (4, 4)] {
            t.add(Dice::new(a, b).unwrap());
        }
        assert_eq!(t.rolls, 4);
        assert_eq!(t.doubles, 2);
        assert_eq!(t.pips, 24 + 4 + 7 + 16);
        assert_eq!(t.faces, [1, 1, 1, 2, 1, 2]);
        assert_eq!(t.face(6).unwrap().value, 2.0 / 8.0);
        // Mean 12.75, sample spread of 24, 4, 7, 16: sd 9.0692, so
        // 12.75 ± 1.96 × 9.0692 / 2.
        let m = t.mean_pips().unwrap();
        assert!(close(m.value, 12.75));
        assert!((m.high - m.value - 8.8877).abs() < 1e-3, "{m:?}");
        let mut one = Tally::default();
        one.add(Dice::new(2, 1).unwrap());
        assert_eq!(one.mean_pips(), None, "no spread from one roll");
    }

    #[test]
    fn fair_dice_over_all_36_outcomes_give_the_fair_figures() {
        let mut t = Tally::default();
        for a in 1..=6 {
            for b in 1..=6 {
                t.add(Dice::new(a, b).unwrap());
            }
        }
        assert_eq!(t.doubles, 6);
        assert!(close(t.doubles().unwrap().value, FAIR_DOUBLES));
        assert!(close(t.mean_pips().unwrap().value, FAIR_PIPS));
        assert!((1..=6).all(|f| close(t.face(f).unwrap().value, FAIR_FACE)));
        assert!(t.mean_pips().unwrap().holds(FAIR_PIPS));
    }

    #[test]
    fn kept_games_are_counted_per_roller_without_openings_or_imports() {
        use papan_bots::Level;
        use papan_rules::backgammon::Play;
        use papan_rules::Record;
        // White (the person, first seat) opens 3-1, the bot rolls 6-6 and
        // 2-1, the person rolls 5-5 — played by the first legal play each.
        let mut record = Record::<Backgammon>::new(Default::default(), 7);
        let mut game = record.start().unwrap();
        let step = |record: &mut Record<Backgammon>, game: &mut Backgammon, mv: BgMove| {
            record.play(game, mv).unwrap();
            let plays = game.legal_plays();
            let play = plays.first().map_or(Play::PASS, |p| p.1);
            record.play(game, BgMove::Play(play)).unwrap();
        };
        step(&mut record, &mut game, BgMove::Opening { white: 3, black: 1 });
        for (a, b) in [(6, 6), (5, 5), (2, 1)] {
            step(&mut record, &mut game, BgMove::Roll(Dice::new(a, b).unwrap()));
        }
        let players = [Player::Human, Player::Bot(Level::Normal)];
        let kept = Finished::new("a".into(), &record, Seat::First, players, None, "offline").unwrap();
        let mut imported = kept.clone();
        imported.origin = super::super::finished::IMPORTED.into();
        let online = Finished {
            players: [Player::Human, Player::Remote],
            ..kept.clone()
        };
        let (tallies, games) = tally(&[kept, imported, online]);
        assert_eq!(games, 2, "the import is left out");
        let of = |r: Roller| tallies.iter().find(|t| t.0 == r).map(|t| t.1.clone());
        let you = of(Roller::You).unwrap();
        assert_eq!(
            (you.rolls, you.doubles, you.pips),
            (2, 2, 40),
            "5-5 in both games, no opening"
        );
        let bots = of(Roller::Bots).unwrap();
        assert_eq!((bots.rolls, bots.doubles, bots.pips), (2, 1, 24 + 3));
        assert_eq!(bots.faces, [1, 1, 0, 0, 0, 2]);
        assert_eq!(of(Roller::Online).unwrap().rolls, 2);
        assert_eq!(of(Roller::Guest), None);
    }
}
