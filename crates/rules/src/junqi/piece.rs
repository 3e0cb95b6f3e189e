//! Colours, piece kinds with their J5 counts, and combat (J13–J16).

use crate::game::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Blue,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::Red, Colour::Blue];

    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// One letter for the raw setup: upper case when revealed, lower when face down.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
        }
    }
}

/// J5: the twelve kinds, strongest rank first, then the special pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    Commander,
    Corps,
    Division,
    Brigade,
    Regiment,
    Battalion,
    Company,
    Platoon,
    Engineer,
    Mine,
    Flag,
    Bomb,
}

pub const KINDS: usize = 12;
/// J5: pieces per colour.
pub const PIECES_PER_COLOUR: u8 = 25;

impl Kind {
    pub const ALL: [Kind; KINDS] = [
        Kind::Commander,
        Kind::Corps,
        Kind::Division,
        Kind::Brigade,
        Kind::Regiment,
        Kind::Battalion,
        Kind::Company,
        Kind::Platoon,
        Kind::Engineer,
        Kind::Mine,
        Kind::Flag,
        Kind::Bomb,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// J5: how many of this kind each colour has.
    pub fn count(self) -> u8 {
        match self {
            Kind::Commander | Kind::Corps | Kind::Flag => 1,
            Kind::Division | Kind::Brigade | Kind::Regiment | Kind::Battalion | Kind::Bomb => 2,
            Kind::Company | Kind::Platoon | Kind::Engineer | Kind::Mine => 3,
        }
    }

    /// Military rank, 9 (Commander) down to 1 (Engineer); `None` for the
    /// special pieces, whose combat has rules of its own (J14–J16).
    pub fn rank(self) -> Option<u8> {
        match self {
            Kind::Mine | Kind::Flag | Kind::Bomb => None,
            other => Some(9 - other as u8),
        }
    }

    /// J11: flags and mines never move.
    pub fn is_movable(self) -> bool {
        !matches!(self, Kind::Mine | Kind::Flag)
    }

    /// The short name used by the page and the raw setup (`Pgl`, `Zeni`, …).
    pub fn code(self) -> &'static str {
        match self {
            Kind::Commander => "Pgl",
            Kind::Corps => "Kor",
            Kind::Division => "Div",
            Kind::Brigade => "Brig",
            Kind::Regiment => "Men",
            Kind::Battalion => "Yon",
            Kind::Company => "Ki",
            Kind::Platoon => "Ton",
            Kind::Engineer => "Zeni",
            Kind::Mine => "Ranjau",
            Kind::Flag => "Bdr",
            Kind::Bomb => "Bom",
        }
    }

    pub fn from_code(code: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.code().eq_ignore_ascii_case(code))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A piece: its colour and kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    pub colour: Colour,
    pub kind: Kind,
}

impl Piece {
    pub fn new(colour: Colour, kind: Kind) -> Piece {
        Piece { colour, kind }
    }
}

/// All 50 pieces of a fresh game (J5), Red first, kinds in J5 order.
pub fn full_set() -> Vec<Piece> {
    Colour::BOTH
        .into_iter()
        .flat_map(|colour| {
            Kind::ALL
                .into_iter()
                .flat_map(move |kind| std::iter::repeat_n(Piece::new(colour, kind), kind.count() as usize))
        })
        .collect()
}

/// Counts per colour and kind (fallen pieces, pieces still face down).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PieceCounts(pub [[u8; KINDS]; 2]);

impl PieceCounts {
    pub fn get(&self, colour: Colour, kind: Kind) -> u8 {
        self.0[colour.index()][kind.index()]
    }

    pub fn add(&mut self, piece: Piece) {
        self.0[piece.colour.index()][piece.kind.index()] += 1;
    }

    pub fn remove(&mut self, piece: Piece) {
        self.0[piece.colour.index()][piece.kind.index()] -= 1;
    }

    pub fn total(&self, colour: Colour) -> u32 {
        self.0[colour.index()].iter().map(|&n| n as u32).sum()
    }

    /// Every counted piece, one entry per piece.
    pub fn pieces(&self) -> Vec<Piece> {
        let mut out = Vec::new();
        for colour in Colour::BOTH {
            for kind in Kind::ALL {
                out.extend(std::iter::repeat_n(
                    Piece::new(colour, kind),
                    self.get(colour, kind) as usize,
                ));
            }
        }
        out
    }
}

/// What a legal attack does to the two pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Clash {
    /// The defender is removed and the attacker takes its post.
    AttackerTakes,
    /// Both pieces are removed.
    BothRemoved,
}

/// J13–J16: the result of `attacker` hitting `defender`, or the rule that
/// forbids the attack. `flag_open` says whether the defender's colour has
/// lost all its mines and no face-down piece remains (J16).
pub fn clash(attacker: Kind, defender: Kind, flag_open: bool) -> Result<Clash, RuleError> {
    if !attacker.is_movable() {
        return Err(RuleError::new(
            crate::rule::J11,
            format!("a {attacker} never moves, so it cannot attack"),
        ));
    }
    match defender {
        Kind::Flag if !flag_open => Err(RuleError::new(
            crate::rule::J16,
            "a flag may be attacked only once all three of its colour's mines are gone and no face-down piece remains",
        )),
        // J16: a bomb that hits the flag goes with it; still a capture.
        Kind::Flag if attacker == Kind::Bomb => Ok(Clash::BothRemoved),
        Kind::Flag => Ok(Clash::AttackerTakes),
        _ if attacker == Kind::Bomb || defender == Kind::Bomb => Ok(Clash::BothRemoved),
        Kind::Mine if attacker == Kind::Engineer => Ok(Clash::AttackerTakes),
        Kind::Mine => Err(RuleError::new(
            crate::rule::J15,
            format!("only an Engineer (or a bomb) may attack a mine, not a {attacker}"),
        )),
        _ => {
            let (a, d) = (attacker.rank().unwrap_or(0), defender.rank().unwrap_or(0));
            if a > d {
                Ok(Clash::AttackerTakes)
            } else if a == d {
                Ok(Clash::BothRemoved)
            } else {
                Err(RuleError::new(
                    crate::rule::J13,
                    format!("a {attacker} may not attack a higher-ranked {defender}"),
                ))
            }
        }
    }
}
