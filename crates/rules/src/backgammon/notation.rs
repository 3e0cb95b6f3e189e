//! Moves and their text: gnubg's notation for plays (B3) and tagged forms
//! for the dice.
//!
//! A play is written as chains of points, highest start first:
//! `24/18 13/11`, `bar/22`, `6/off`, `13/7*` (hit), `24/20*/16` (one checker
//! hitting on the way), `8/5(2)` (two checkers the same way) and `pass` when
//! no move exists (B12). Points are the mover's own numbers (B1). Dice are
//! `roll 6-1` (a turn's roll, high die first) and `opening 6-1` (the opening
//! roll: White's die, then Black's, B4).
//!
//! A person reads every play in the numbers their own board shows: the
//! opponent's `8/3*` is their `17/22*` ([`BgMove::seen_by`]). Records,
//! transcripts and the wire keep the mover's numbers.

use super::board::{BAR, OFF};
use crate::game::{ParseError, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One leg of a play: a checker from `from` (1–24, or [`BAR`]) to `to`
/// (1–24, or [`OFF`]). A leg may span several dice (`bar/15` with 6-4);
/// the legs the move generator makes are one die each, then grouped into
/// chains as gnubg writes them. `hit` marks a blot hit on `to` (B9).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leg {
    pub from: u8,
    pub to: u8,
    pub hit: bool,
}

/// A whole turn: up to four legs (B6, B7), or none for the forced pass (B12).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Play {
    legs: [Leg; 4],
    len: u8,
}

impl Play {
    /// The pass: no legal move exists (B10, B12).
    pub const PASS: Play = Play {
        legs: [Leg {
            from: 0,
            to: 0,
            hit: false,
        }; 4],
        len: 0,
    };

    /// A play from its legs (at most four; more is never a legal turn).
    pub fn from_legs(legs: &[Leg]) -> Option<Play> {
        if legs.len() > 4 {
            return None;
        }
        let mut play = Play::PASS;
        play.legs[..legs.len()].copy_from_slice(legs);
        play.len = legs.len() as u8;
        Some(play)
    }

    pub fn legs(&self) -> &[Leg] {
        &self.legs[..self.len as usize]
    }

    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// The same play in gnubg's canonical grouping: single-die legs joined
    /// into chains, chains sorted from the highest start, repeats grouped.
    /// `parse(display(p))` gives back exactly this form.
    pub fn canonical(&self) -> Play {
        let mut legs = Vec::with_capacity(4);
        for (chain, count) in groups(self.legs()) {
            for _ in 0..count {
                let mut from = chain.from;
                for &(to, hit) in &chain.stops {
                    legs.push(Leg { from, to, hit });
                    from = to;
                }
            }
        }
        Play::from_legs(&legs).unwrap_or(*self)
    }
}

/// A checker's path in a play: start, then the points it stops on that are
/// worth writing (hits and the end).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Chain {
    from: u8,
    stops: Vec<(u8, bool)>,
}

/// Joins legs that continue one another into chains, keeping only the
/// stops that matter (a hit, or the end), sorted as gnubg prints them.
fn chains(legs: &[Leg]) -> Vec<Chain> {
    let mut chains: Vec<Chain> = Vec::with_capacity(4);
    for leg in legs {
        let continues = chains
            .iter_mut()
            .rev()
            .find(|c| c.stops.last().map(|s| s.0) == Some(leg.from) && leg.from != OFF);
        match continues {
            Some(chain) => {
                if let Some(last) = chain.stops.last_mut() {
                    if !last.1 {
                        // A quiet stop in the middle is left out: `13/7/5` is `13/5`.
                        chain.stops.pop();
                    }
                }
                chain.stops.push((leg.to, leg.hit));
            }
            None => chains.push(Chain {
                from: leg.from,
                stops: vec![(leg.to, leg.hit)],
            }),
        }
    }
    // A checker that arrived on a point and one that left it read as one
    // checker going through (`13/8 17/13` is `17/8`), whatever the order.
    while let Some((a, b)) = (0..chains.len())
        .flat_map(|a| (0..chains.len()).map(move |b| (a, b)))
        .find(|&(a, b)| a != b && chains[a].stops.last().map(|s| s.0) == Some(chains[b].from))
    {
        let tail = chains.remove(b);
        let head = if b < a { a - 1 } else { a };
        if let Some(last) = chains[head].stops.last() {
            if !last.1 {
                chains[head].stops.pop();
            }
        }
        chains[head].stops.extend(tail.stops);
    }
    // Highest start first, then the longest run, as gnubg lists them.
    chains.sort_by(|a, b| {
        b.from
            .cmp(&a.from)
            .then_with(|| b.stops.last().map(|s| s.0).cmp(&a.stops.last().map(|s| s.0)))
            .then_with(|| b.stops.len().cmp(&a.stops.len()))
            .then_with(|| b.stops.cmp(&a.stops))
    });
    chains
}

fn write_point(f: &mut fmt::Formatter<'_>, point: u8, is_from: bool) -> fmt::Result {
    match point {
        BAR if is_from => f.write_str("bar"),
        OFF if !is_from => f.write_str("off"),
        n => write!(f, "{n}"),
    }
}

/// Two chains that print the same apart from their hit marks; gnubg writes
/// `24/20*(2)` even though only the first checker hits.
fn same_path(a: &Chain, b: &Chain) -> bool {
    a.from == b.from && a.stops.len() == b.stops.len() && a.stops.iter().zip(&b.stops).all(|(x, y)| x.0 == y.0)
}

/// Chains grouped with their repeat count; a group's stop is a hit if any
/// of its checkers hit there, as gnubg writes `24/20*(2)`.
fn groups(legs: &[Leg]) -> Vec<(Chain, usize)> {
    let mut out: Vec<(Chain, usize)> = Vec::with_capacity(4);
    for chain in chains(legs) {
        match out.last_mut() {
            Some((last, count)) if same_path(last, &chain) => {
                for (a, b) in last.stops.iter_mut().zip(&chain.stops) {
                    a.1 |= b.1;
                }
                *count += 1;
            }
            _ => out.push((chain, 1)),
        }
    }
    out
}

/// Writes `play` in gnubg notation; `flipped` writes each point in the
/// other seat's numbers (`p` as `25 - p`; the bar and `off` stay), in the
/// mover's order of chains.
fn write_play(f: &mut fmt::Formatter<'_>, play: &Play, flipped: bool) -> fmt::Result {
    if play.is_pass() {
        return f.write_str("pass");
    }
    let seen = |point: u8| match point {
        1..=24 if flipped => 25 - point,
        other => other,
    };
    for (i, (chain, count)) in groups(play.legs()).iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write_point(f, seen(chain.from), true)?;
        for &(to, hit) in &chain.stops {
            f.write_str("/")?;
            write_point(f, seen(to), false)?;
            if hit {
                f.write_str("*")?;
            }
        }
        if *count > 1 {
            write!(f, "({count})")?;
        }
    }
    Ok(())
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_play(f, self, false)
    }
}

/// A play written in the other seat's point numbers (see [`BgMove::seen_by`]).
struct Flipped<'a>(&'a Play);

impl fmt::Display for Flipped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_play(f, self.0, true)
    }
}

fn parse_point(text: &str, whole: &str, is_from: bool) -> Result<u8, ParseError> {
    match text.to_ascii_lowercase().as_str() {
        "bar" if is_from => Ok(BAR),
        "off" if !is_from => Ok(OFF),
        digits => match digits.parse::<u8>() {
            Ok(n) if (1..=24).contains(&n) => Ok(n),
            Ok(25) if is_from => Ok(BAR),
            Ok(0) if !is_from => Ok(OFF),
            _ => Err(ParseError::new(
                whole,
                format!("{text:?} is not a point (1–24, `bar` to start, `off` to end)"),
            )),
        },
    }
}

impl FromStr for Play {
    type Err = ParseError;

    /// Reads gnubg notation (B3); `pass` (or an empty string) is the forced
    /// pass. Hit marks are read but the board decides what is hit.
    fn from_str(text: &str) -> Result<Play, ParseError> {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("pass") {
            return Ok(Play::PASS);
        }
        let mut legs = Vec::with_capacity(4);
        for token in trimmed.split_whitespace() {
            let (path, repeat) = match token.find('(') {
                Some(open) => {
                    let count = token[open + 1..]
                        .strip_suffix(')')
                        .and_then(|n| n.parse::<usize>().ok())
                        .filter(|n| (1..=4).contains(n))
                        .ok_or_else(|| ParseError::new(text, format!("bad repeat count in {token:?}")))?;
                    (&token[..open], count)
                }
                None => (token, 1),
            };
            let parts: Vec<&str> = path.split('/').collect();
            if parts.len() < 2 {
                return Err(ParseError::new(text, format!("{token:?} needs from/to, like 24/18")));
            }
            let mut chain = Vec::with_capacity(parts.len() - 1);
            let mut from = parse_point(parts[0].trim_end_matches('*'), text, true)?;
            for part in &parts[1..] {
                let hit = part.ends_with('*');
                let to = parse_point(part.trim_end_matches('*'), text, false)?;
                if from <= to && to != OFF {
                    return Err(ParseError::new(
                        text,
                        format!("{token:?} moves backwards; checkers move from higher to lower points (B1)"),
                    ));
                }
                if from == OFF {
                    return Err(ParseError::new(text, format!("{token:?} continues after `off`")));
                }
                chain.push(Leg { from, to, hit });
                from = to;
            }
            for _ in 0..repeat {
                legs.extend_from_slice(&chain);
            }
        }
        Play::from_legs(&legs).ok_or_else(|| ParseError::new(text, "a turn has at most four checker moves (B7)"))
    }
}

/// Two dice as rolled, the higher first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    pub high: u8,
    pub low: u8,
}

impl Dice {
    /// Dice from two faces in any order; `None` unless both are 1–6.
    pub fn new(a: u8, b: u8) -> Option<Dice> {
        ((1..=6).contains(&a) && (1..=6).contains(&b)).then(|| Dice {
            high: a.max(b),
            low: a.min(b),
        })
    }

    pub fn is_double(&self) -> bool {
        self.high == self.low
    }

    /// Every distinct roll with its probability (B5): doubles 1/36, others 2/36.
    pub fn all_rolls() -> impl Iterator<Item = (Dice, f64)> {
        (1..=6u8).flat_map(|high| {
            (1..=high).map(move |low| {
                let p = if high == low { 1.0 / 36.0 } else { 2.0 / 36.0 };
                (Dice { high, low }, p)
            })
        })
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

/// Every move of a backgammon game, chance included. Serialized as text:
/// `"opening 6-1"`, `"roll 5-5"`, `"24/18 13/11"`, `"pass"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum BgMove {
    /// The opening roll (B4): White's die and Black's die, never equal (an
    /// equal roll is simply rolled again, so it never reaches the game).
    Opening { white: u8, black: u8 },
    /// A later roll (B5).
    Roll(Dice),
    /// A whole turn of checker moves, or the pass.
    Play(Play),
}

impl BgMove {
    /// The move `mover` made, written in `viewer`'s point numbers (B1): the
    /// numbers `viewer`'s board shows. The mover's own play reads as its
    /// notation; the opponent's `8/3*` reads `17/22*`, `bar/22` as `bar/3`,
    /// `6/off` as `19/off`. Dice read the same for both. Only for people:
    /// records, transcripts and the wire keep the mover's numbers.
    pub fn seen_by(&self, mover: Seat, viewer: Seat) -> String {
        match self {
            BgMove::Play(play) if mover != viewer => Flipped(play).to_string(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for BgMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BgMove::Opening { white, black } => write!(f, "opening {white}-{black}"),
            BgMove::Roll(dice) => write!(f, "roll {dice}"),
            BgMove::Play(play) => play.fmt(f),
        }
    }
}

fn parse_two_dice(text: &str, whole: &str) -> Result<(u8, u8), ParseError> {
    let bad = || ParseError::new(whole, "dice are written as two faces 1–6, like 6-1");
    let (a, b) = text.trim().split_once(['-', ' ', ',']).ok_or_else(bad)?;
    let a: u8 = a.trim().parse().map_err(|_| bad())?;
    let b: u8 = b.trim().parse().map_err(|_| bad())?;
    if (1..=6).contains(&a) && (1..=6).contains(&b) {
        Ok((a, b))
    } else {
        Err(bad())
    }
}

impl FromStr for BgMove {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<BgMove, ParseError> {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("opening") {
            let (white, black) = parse_two_dice(rest, text)?;
            if white == black {
                return Err(ParseError::new(text, "an equal opening roll is rolled again (B4)"));
            }
            return Ok(BgMove::Opening { white, black });
        }
        if let Some(rest) = lower.strip_prefix("roll") {
            let (a, b) = parse_two_dice(rest, text)?;
            return Dice::new(a, b)
                .map(BgMove::Roll)
                .ok_or_else(|| ParseError::new(text, "a die shows 1 to 6 (B5)"));
        }
        trimmed.parse().map(BgMove::Play)
    }
}

impl From<BgMove> for String {
    fn from(mv: BgMove) -> String {
        mv.to_string()
    }
}

impl TryFrom<String> for BgMove {
    type Error = ParseError;

    fn try_from(text: String) -> Result<BgMove, ParseError> {
        text.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(text: &str, mover: Seat, viewer: Seat) -> String {
        text.parse::<BgMove>().unwrap().seen_by(mover, viewer)
    }

    #[test]
    fn b1_the_opponents_play_reads_in_the_viewers_numbers() {
        let (white, black) = (Seat::First, Seat::Second);
        assert_eq!(seen("8/3*", black, white), "17/22*");
        assert_eq!(seen("24/20*/16", white, black), "1/5*/9");
        assert_eq!(seen("bar/22 6/off", black, white), "bar/3 19/off");
        assert_eq!(seen("8/5(2) 6/3(2)", white, black), "17/20(2) 19/22(2)");
        assert_eq!(seen("pass", black, white), "pass");
        // One's own play and the dice read as written.
        assert_eq!(seen("8/3*", black, black), "8/3*");
        assert_eq!(seen("roll 6-1", black, white), "roll 6-1");
        assert_eq!(seen("opening 3-1", white, black), "opening 3-1");
    }
}
