//! Which game, and which of its numbered rules: the two identities every
//! other crate uses instead of strings.
//!
//! [`GameId`] names a game in routes, save files, the room API and the
//! server. [`RuleId`] names a numbered rule of `crates/rules/docs/<game>.md`
//! (`X5`, `H13`, `B11`, `J16`), so a refusal can be explained by matching on
//! a value, never on text. Both travel as their short text (`"hex"`, `"X5"`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The four games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Hex,
    Hadang,
    Junqi,
    Backgammon,
}

impl GameId {
    /// In home-screen order.
    pub const ALL: [GameId; 4] = [GameId::Hex, GameId::Hadang, GameId::Junqi, GameId::Backgammon];

    /// The short stable name: `hex`, `hadang`, `junqi`, `backgammon`.
    pub fn code(self) -> &'static str {
        match self {
            GameId::Hex => "hex",
            GameId::Hadang => "hadang",
            GameId::Junqi => "junqi",
            GameId::Backgammon => "backgammon",
        }
    }

    /// The letter of the game's rule ids (`X5`, `H13`, `J16`, `B11`).
    pub fn rule_letter(self) -> char {
        match self {
            GameId::Hex => 'X',
            GameId::Hadang => 'H',
            GameId::Junqi => 'J',
            GameId::Backgammon => 'B',
        }
    }

    /// How many numbered rules the game's page has.
    pub fn rule_count(self) -> u8 {
        match self {
            GameId::Hex => 15,
            GameId::Hadang => 17,
            GameId::Junqi => 21,
            GameId::Backgammon => 18,
        }
    }

    /// Every numbered rule of the game, in order.
    pub fn rules(self) -> impl Iterator<Item = RuleId> {
        (1..=self.rule_count()).map(move |number| RuleId::Numbered { game: self, number })
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for GameId {
    type Err = String;

    fn from_str(text: &str) -> Result<GameId, String> {
        GameId::ALL
            .into_iter()
            .find(|game| game.code() == text)
            .ok_or_else(|| format!("unknown game {text:?} (hex, hadang, junqi or backgammon)"))
    }
}

/// A rule that refuses a move or a position. Shown (and debugged) as its
/// short text: `X5`, `H13`, `ended`, `not-your-turn`, `no-roll-due`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    /// Rule `number` of `game`'s page: `X5` is `{ Hex, 5 }`.
    Numbered { game: GameId, number: u8 },
    /// The game was decided off the board (resignation, time, abandonment)
    /// and takes no more moves. HADANG's page numbers these H16 and H17;
    /// the verdict itself is the same for every game.
    Ended,
    /// A move or a roll asked for by someone whose turn it is not (a tap
    /// while the bot or the other person is to act). Any game.
    NotYourTurn,
    /// A roll asked for when no dice are due (they are rolled already, or a
    /// seat is to move). Any game with dice.
    NoRollDue,
}

/// Rule ids by name, for the places that refuse a move (`rule::X5`).
macro_rules! rule_constants {
    ($game:ident: $($name:ident = $number:literal),* $(,)?) => {
        $(
            #[doc = concat!("Rule ", stringify!($name), ".")]
            pub const $name: RuleId = RuleId::Numbered { game: GameId::$game, number: $number };
        )*
    };
}

rule_constants!(Hex: X1 = 1, X2 = 2, X3 = 3, X4 = 4, X5 = 5, X6 = 6, X7 = 7, X8 = 8, X9 = 9, X10 = 10,
    X11 = 11, X12 = 12, X13 = 13, X14 = 14, X15 = 15);
rule_constants!(Hadang: H1 = 1, H2 = 2, H3 = 3, H4 = 4, H5 = 5, H6 = 6, H7 = 7, H8 = 8, H9 = 9, H10 = 10,
    H11 = 11, H12 = 12, H13 = 13, H14 = 14, H15 = 15, H16 = 16, H17 = 17);
rule_constants!(Junqi: J1 = 1, J2 = 2, J3 = 3, J4 = 4, J5 = 5, J6 = 6, J7 = 7, J8 = 8, J9 = 9, J10 = 10,
    J11 = 11, J12 = 12, J13 = 13, J14 = 14, J15 = 15, J16 = 16, J17 = 17, J18 = 18, J19 = 19, J20 = 20, J21 = 21);
rule_constants!(Backgammon: B1 = 1, B2 = 2, B3 = 3, B4 = 4, B5 = 5, B6 = 6, B7 = 7, B8 = 8, B9 = 9, B10 = 10,
    B11 = 11, B12 = 12, B13 = 13, B14 = 14, B15 = 15, B16 = 16, B17 = 17, B18 = 18);

/// The text of [`RuleId::Ended`].
const ENDED: &str = "ended";
/// The text of [`RuleId::NotYourTurn`].
const NOT_YOUR_TURN: &str = "not-your-turn";
/// The text of [`RuleId::NoRollDue`].
const NO_ROLL_DUE: &str = "no-roll-due";

impl RuleId {
    /// The refusals that belong to no game's page, with their texts.
    const UNNUMBERED: [(RuleId, &'static str); 3] = [
        (RuleId::Ended, ENDED),
        (RuleId::NotYourTurn, NOT_YOUR_TURN),
        (RuleId::NoRollDue, NO_ROLL_DUE),
    ];

    /// The game whose page has the rule (`None` for the refusals no page
    /// numbers: [`RuleId::Ended`], [`RuleId::NotYourTurn`], [`RuleId::NoRollDue`]).
    pub fn game(self) -> Option<GameId> {
        match self {
            RuleId::Numbered { game, .. } => Some(game),
            RuleId::Ended | RuleId::NotYourTurn | RuleId::NoRollDue => None,
        }
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleId::Numbered { game, number } => write!(f, "{}{number}", game.rule_letter()),
            RuleId::Ended => f.write_str(ENDED),
            RuleId::NotYourTurn => f.write_str(NOT_YOUR_TURN),
            RuleId::NoRollDue => f.write_str(NO_ROLL_DUE),
        }
    }
}

impl fmt::Debug for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for RuleId {
    type Err = String;

    /// `X5`, `h13` (any case), `ended`, `not-your-turn` or `no-roll-due`; a
    /// number the game's page does not have is refused.
    fn from_str(text: &str) -> Result<RuleId, String> {
        if let Some((rule, _)) = RuleId::UNNUMBERED.into_iter().find(|(_, t)| *t == text) {
            return Ok(rule);
        }
        let unknown =
            || format!("unknown rule {text:?} (like X5, H13, J16, B11, {ENDED}, {NOT_YOUR_TURN} or {NO_ROLL_DUE})");
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(unknown)?.to_ascii_uppercase();
        let game = GameId::ALL
            .into_iter()
            .find(|g| g.rule_letter() == letter)
            .ok_or_else(unknown)?;
        let number: u8 = chars.as_str().parse().map_err(|_| unknown())?;
        if number == 0 || number > game.rule_count() {
            return Err(unknown());
        }
        Ok(RuleId::Numbered { game, number })
    }
}

impl Serialize for RuleId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RuleId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RuleId, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_id_reads_back_from_its_text() {
        let mut count = 0;
        for game in GameId::ALL {
            for rule in game.rules() {
                assert_eq!(rule.to_string().parse::<RuleId>(), Ok(rule));
                assert_eq!(rule.game(), Some(game));
                count += 1;
            }
        }
        assert_eq!(count, 15 + 17 + 21 + 18);
        assert_eq!("ended".parse::<RuleId>(), Ok(RuleId::Ended));
        assert_eq!("h13".parse::<RuleId>(), Ok(H13));
        for bad in ["", "X", "X0", "X16", "H18", "Q1", "turn", "J1x"] {
            assert!(bad.parse::<RuleId>().is_err(), "{bad:?} is not a rule");
        }
    }

    #[test]
    fn turn_and_roll_refusals_have_their_own_ids_apart_from_ended() {
        assert_eq!(RuleId::NotYourTurn.to_string(), "not-your-turn");
        assert_eq!(RuleId::NoRollDue.to_string(), "no-roll-due");
        for rule in [RuleId::Ended, RuleId::NotYourTurn, RuleId::NoRollDue] {
            assert_eq!(rule.to_string().parse::<RuleId>(), Ok(rule));
            assert_eq!(rule.game(), None, "{rule} belongs to no game's page");
            let json = serde_json::to_string(&rule).unwrap();
            assert_eq!(serde_json::from_str::<RuleId>(&json).unwrap(), rule);
        }
        assert_ne!(RuleId::NotYourTurn, RuleId::Ended);
        assert_ne!(RuleId::NoRollDue, B5);
        // Texts saved or sent before these ids existed still read back.
        assert_eq!(serde_json::from_str::<RuleId>("\"ended\"").unwrap(), RuleId::Ended);
        assert_eq!(serde_json::from_str::<RuleId>("\"B5\"").unwrap(), B5);
        for bad in ["Not-Your-Turn", "not_your_turn", "no-roll", "no-roll-due "] {
            assert!(bad.parse::<RuleId>().is_err(), "{bad:?} is not a rule");
        }
    }

    #[test]
    fn ids_travel_as_their_short_text() {
        assert_eq!(serde_json::to_string(&J16).unwrap(), "\"J16\"");
        assert_eq!(serde_json::from_str::<RuleId>("\"B11\"").unwrap(), B11);
        assert!(serde_json::from_str::<RuleId>("\"B19\"").is_err());
        assert_eq!(serde_json::to_string(&GameId::Junqi).unwrap(), "\"junqi\"");
        assert_eq!("backgammon".parse::<GameId>(), Ok(GameId::Backgammon));
        assert!("chess".parse::<GameId>().is_err());
    }
}
