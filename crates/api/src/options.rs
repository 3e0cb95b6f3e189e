//! Room options, typed per game: a room's [`RoomOptions`] carries exactly
//! its game's options ([`GameOptions`]) and the shared `ranked` flag, so a
//! HADANG tempo cannot sit in a Hex room.
//!
//! Two kinds of refusal, both before a room exists:
//!
//! - the JSON does not fit the shape (an unknown or foreign field, a wrong
//!   type, an unknown game): serde refuses it, the server answers 400
//!   `malformed` with serde's message;
//! - a value the shape allows but the rules do not offer (a board size, a
//!   turn limit, a clock): [`RoomOptions::check`] refuses it with the rule
//!   (Hex X1 board size, X12 turn limit; HADANG H16 clock), the server
//!   answers 422 `illegal_action` naming it.
//!
//! JSON, flat, with the game as the tag (absent fields take the defaults):
//!
//! ```json
//! {"game": "hex", "size": 11, "swap": false, "turn_limit_s": 30, "ranked": false}
//! {"game": "hadang", "tempo": {"base_minutes": 3, "increment_seconds": 2}, "ranked": true}
//! {"game": "junqi", "ranked": false}
//! {"game": "backgammon", "ranked": false}
//! {"game": "hex", "size": 11, "days_per_move": 3}
//! ```
//!
//! **Correspondence rooms** (`days_per_move`: 1, 3 or 7) are a room option,
//! not a rule of any game: each move must come within that many days of
//! the previous one, on the server's clock (restarts and node changes do
//! not stop it); running out loses on time, as a live clock does. They are
//! offered for Hex, HADANG and backgammon, instead of the live clock (a Hex
//! turn limit, X12; a HADANG clock, H16). Jun Qi stays a live game, 30 s a
//! move online (J20): a Jun Qi room with `days_per_move` is refused naming
//! J20. Another number of days is refused when read (400 `malformed`). A
//! device holds at most [`MAX_CORRESPONDENCE_GAMES`] open correspondence
//! games; a player may pause all their correspondence clocks for
//! [`VACATION_DAYS_PER_MONTH`] days a calendar month (vacation).

use papan_rules::clock::{Tempo, HADANG_BASE_MINUTES, HADANG_INCREMENT_SECONDS};
use papan_rules::hex::{HexOptions, SIZES};
use papan_rules::{rule, GameId, RuleError};
use serde::{Deserialize, Serialize};

/// Hex per-move limits a room may have, in seconds (X12); none is the default.
pub const HEX_TURN_LIMITS_S: [u64; 2] = [30, 60];

/// Jun Qi's per-move limit online, in seconds (J20): every Jun Qi room has it.
pub const JUNQI_MOVE_LIMIT_S: u64 = 30;

/// Days per move a correspondence room may have.
pub const CORRESPONDENCE_DAYS: [u8; 3] = [1, 3, 7];

/// Open correspondence games one device may hold; the next is refused.
pub const MAX_CORRESPONDENCE_GAMES: usize = 50;

/// Vacation a device may take each calendar month (UTC), in days: its
/// correspondence clocks stop meanwhile.
pub const VACATION_DAYS_PER_MONTH: u8 = 14;

/// One day in milliseconds.
pub const DAY_MS: u64 = 86_400_000;

/// A correspondence room's time per move: 1, 3 or 7 days, nothing else
/// (another number is refused when read, and cannot be built).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct DaysPerMove(u8);

impl DaysPerMove {
    /// 1, 3 or 7 days per move; another number is refused with why.
    pub fn new(days: u8) -> Result<DaysPerMove, String> {
        if CORRESPONDENCE_DAYS.contains(&days) {
            Ok(DaysPerMove(days))
        } else {
            Err(format!(
                "{days} days per move is not offered: correspondence rooms have 1, 3 or 7 days per move"
            ))
        }
    }

    pub fn days(self) -> u8 {
        self.0
    }

    /// The time per move in milliseconds.
    pub fn per_move_ms(self) -> u64 {
        u64::from(self.0) * DAY_MS
    }
}

impl TryFrom<u8> for DaysPerMove {
    type Error = String;
    fn try_from(days: u8) -> Result<DaysPerMove, String> {
        DaysPerMove::new(days)
    }
}

impl From<DaysPerMove> for u8 {
    fn from(days: DaysPerMove) -> u8 {
        days.0
    }
}

/// A HADANG chess clock (H16): base 1/3/5/10 minutes, increment 0/2/5 s.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HadangTempo {
    pub base_minutes: u64,
    pub increment_seconds: u64,
}

impl HadangTempo {
    /// An offered clock, or the H16 refusal.
    pub fn new(base_minutes: u64, increment_seconds: u64) -> Result<HadangTempo, RuleError> {
        let tempo = HadangTempo {
            base_minutes,
            increment_seconds,
        };
        tempo.tempo()?;
        Ok(tempo)
    }

    /// Every clock offered (H16), by base then increment.
    pub fn offers() -> Vec<HadangTempo> {
        HADANG_BASE_MINUTES
            .into_iter()
            .flat_map(|base_minutes| {
                HADANG_INCREMENT_SECONDS
                    .into_iter()
                    .map(move |increment_seconds| HadangTempo {
                        base_minutes,
                        increment_seconds,
                    })
            })
            .collect()
    }

    /// The clock in game milliseconds; refused (H16) unless offered.
    pub fn tempo(self) -> Result<Tempo, RuleError> {
        Tempo::hadang(self.base_minutes, self.increment_seconds)
    }
}

/// A Hex room: board size (X1, default 11), swap rule (X7, default off),
/// per-move limit (X12: none by default, or 30 or 60 seconds).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexRoomOptions {
    pub size: u8,
    pub swap: bool,
    pub turn_limit_s: Option<u64>,
}

impl Default for HexRoomOptions {
    fn default() -> HexRoomOptions {
        let rules = HexOptions::default();
        HexRoomOptions {
            size: rules.size,
            swap: rules.swap,
            turn_limit_s: None,
        }
    }
}

impl HexRoomOptions {
    /// The rules' options of the board (size and swap).
    pub fn rules(self) -> HexOptions {
        HexOptions {
            size: self.size,
            swap: self.swap,
        }
    }

    /// The room's clock: a per-move limit (X12) or none.
    pub fn tempo(self) -> Result<Tempo, RuleError> {
        match self.turn_limit_s {
            None => Ok(Tempo::Unlimited),
            Some(s) if HEX_TURN_LIMITS_S.contains(&s) => Ok(Tempo::per_move_seconds(s)),
            Some(s) => Err(RuleError::new(
                rule::X12,
                format!("a Hex turn limit of {s} s is not offered: none, 30 or 60 seconds"),
            )),
        }
    }

    /// Refuses a board size (X1) or turn limit (X12) that is not offered.
    pub fn check(self) -> Result<(), RuleError> {
        if !SIZES.contains(&self.size) {
            return Err(RuleError::new(
                rule::X1,
                format!("board size {} is not offered (7, 9, 11, 13 or 19)", self.size),
            ));
        }
        self.tempo().map(|_| ())
    }
}

impl From<HexRoomOptions> for HexOptions {
    fn from(options: HexRoomOptions) -> HexOptions {
        options.rules()
    }
}

/// A HADANG room: a chess clock (H16) or none.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HadangRoomOptions {
    pub tempo: Option<HadangTempo>,
}

impl HadangRoomOptions {
    /// The room's clock: Fischer (H16) or none.
    pub fn tempo(self) -> Result<Tempo, RuleError> {
        self.tempo.map_or(Ok(Tempo::Unlimited), HadangTempo::tempo)
    }
}

/// One game's options. Jun Qi (always 30 s per move online, J20) and
/// backgammon have none.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameOptions {
    Hex(HexRoomOptions),
    Hadang(HadangRoomOptions),
    Junqi,
    Backgammon,
}

impl GameOptions {
    /// The game's default options.
    pub fn default_for(game: GameId) -> GameOptions {
        match game {
            GameId::Hex => GameOptions::Hex(HexRoomOptions::default()),
            GameId::Hadang => GameOptions::Hadang(HadangRoomOptions::default()),
            GameId::Junqi => GameOptions::Junqi,
            GameId::Backgammon => GameOptions::Backgammon,
        }
    }

    pub fn game(&self) -> GameId {
        match self {
            GameOptions::Hex(_) => GameId::Hex,
            GameOptions::Hadang(_) => GameId::Hadang,
            GameOptions::Junqi => GameId::Junqi,
            GameOptions::Backgammon => GameId::Backgammon,
        }
    }

    /// The room's clock, in game milliseconds; refused (X12, H16) unless offered.
    pub fn tempo(&self) -> Result<Tempo, RuleError> {
        match self {
            GameOptions::Hex(hex) => hex.tempo(),
            GameOptions::Hadang(hadang) => hadang.tempo(),
            GameOptions::Junqi => Ok(Tempo::per_move_seconds(JUNQI_MOVE_LIMIT_S)),
            GameOptions::Backgammon => Ok(Tempo::Unlimited),
        }
    }

    /// Refuses a value the rules do not offer, naming the rule (X1, X12, H16).
    pub fn check(&self) -> Result<(), RuleError> {
        match self {
            GameOptions::Hex(hex) => hex.check(),
            _ => self.tempo().map(|_| ()),
        }
    }
}

/// Options of a room: its game's own options and whether it is ranked.
/// Serialized flat with the game as the tag (see the module docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "OptionsJson", into = "OptionsJson")]
pub struct RoomOptions {
    pub per_game: GameOptions,
    /// Ranked rooms update Glicko-2 ratings (X15).
    pub ranked: bool,
    /// A correspondence room: days per move on the server's clock (Hex,
    /// HADANG and backgammon; see the module docs). `None`: a live room.
    pub days_per_move: Option<DaysPerMove>,
}

impl From<GameOptions> for RoomOptions {
    fn from(per_game: GameOptions) -> RoomOptions {
        RoomOptions {
            per_game,
            ranked: false,
            days_per_move: None,
        }
    }
}

impl From<HexRoomOptions> for RoomOptions {
    fn from(hex: HexRoomOptions) -> RoomOptions {
        GameOptions::Hex(hex).into()
    }
}

impl From<HadangRoomOptions> for RoomOptions {
    fn from(hadang: HadangRoomOptions) -> RoomOptions {
        GameOptions::Hadang(hadang).into()
    }
}

impl RoomOptions {
    /// An unranked room of `game` with its default options.
    pub fn new(game: GameId) -> RoomOptions {
        GameOptions::default_for(game).into()
    }

    /// An unranked Hex room.
    pub fn hex(size: u8, swap: bool, turn_limit_s: Option<u64>) -> RoomOptions {
        HexRoomOptions {
            size,
            swap,
            turn_limit_s,
        }
        .into()
    }

    /// An unranked HADANG room with this clock (none: no clock).
    pub fn hadang(tempo: Option<HadangTempo>) -> RoomOptions {
        HadangRoomOptions { tempo }.into()
    }

    /// The same options, ranked or not.
    pub fn with_ranked(self, ranked: bool) -> RoomOptions {
        RoomOptions { ranked, ..self }
    }

    /// The same options as a correspondence room (`None`: a live one).
    pub fn with_days_per_move(self, days_per_move: Option<DaysPerMove>) -> RoomOptions {
        RoomOptions { days_per_move, ..self }
    }

    /// The same room as a correspondence one of `days` per move, its live
    /// clock (a Hex turn limit, a HADANG clock) taken off; `None`: live,
    /// as chosen.
    pub fn by_mail(self, days: Option<DaysPerMove>) -> RoomOptions {
        let per_game = match (self.per_game, days) {
            (GameOptions::Hex(hex), Some(_)) => GameOptions::Hex(HexRoomOptions {
                turn_limit_s: None,
                ..hex
            }),
            (GameOptions::Hadang(_), Some(_)) => GameOptions::Hadang(HadangRoomOptions { tempo: None }),
            (per_game, _) => per_game,
        };
        RoomOptions {
            per_game,
            days_per_move: days,
            ..self
        }
    }

    /// Whether this is a correspondence room (days per move).
    pub fn is_correspondence(&self) -> bool {
        self.days_per_move.is_some()
    }

    pub fn game(&self) -> GameId {
        self.per_game.game()
    }

    /// A Hex room's board options for the rules (`None` for another game).
    pub fn hex_options(&self) -> Option<HexOptions> {
        match self.per_game {
            GameOptions::Hex(hex) => Some(hex.rules()),
            _ => None,
        }
    }

    /// A HADANG room's clock as offered (`None`: another game, or no clock).
    pub fn hadang_tempo(&self) -> Option<HadangTempo> {
        match self.per_game {
            GameOptions::Hadang(hadang) => hadang.tempo,
            _ => None,
        }
    }

    /// The room's clock, in game milliseconds: Hex per-move limit (X12) or
    /// none, HADANG Fischer clock (H16) or none, Jun Qi 30 s per move
    /// (J20), backgammon none. Refused unless offered.
    pub fn tempo(&self) -> Result<Tempo, RuleError> {
        self.per_game.tempo()
    }

    /// Refuses a value the rules do not offer, naming the rule: a Hex board
    /// size (X1) or turn limit (X12), a HADANG clock (H16); days per move
    /// on a Jun Qi room (J20: a live game) or beside a live clock (X12, H16).
    pub fn check(&self) -> Result<(), RuleError> {
        self.per_game.check()?;
        let Some(days) = self.days_per_move else {
            return Ok(());
        };
        let days = days.days();
        match self.per_game {
            GameOptions::Junqi => Err(RuleError::new(
                rule::J20,
                format!(
                    "Jun Qi is a live game online, 30 s a move (J20): no correspondence room of {days} days per move"
                ),
            )),
            GameOptions::Hex(HexRoomOptions {
                turn_limit_s: Some(s), ..
            }) => Err(RuleError::new(
                rule::X12,
                format!("a correspondence room ({days} days per move) has no turn limit of {s} s besides"),
            )),
            GameOptions::Hadang(HadangRoomOptions { tempo: Some(_) }) => Err(RuleError::new(
                rule::H16,
                format!("a correspondence room ({days} days per move) has no chess clock besides"),
            )),
            _ => Ok(()),
        }
    }
}

fn default_hex_size() -> u8 {
    HexRoomOptions::default().size
}

/// The JSON form of [`RoomOptions`]: tagged by `game`, each game with
/// exactly its own fields; anything else is refused.
#[derive(Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase", deny_unknown_fields)]
enum OptionsJson {
    Hex {
        #[serde(default = "default_hex_size")]
        size: u8,
        #[serde(default)]
        swap: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn_limit_s: Option<u64>,
        #[serde(default)]
        ranked: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        days_per_move: Option<DaysPerMove>,
    },
    Hadang {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tempo: Option<HadangTempo>,
        #[serde(default)]
        ranked: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        days_per_move: Option<DaysPerMove>,
    },
    Junqi {
        #[serde(default)]
        ranked: bool,
        // Read so that `check` refuses it naming J20 (not an unknown field).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        days_per_move: Option<DaysPerMove>,
    },
    Backgammon {
        #[serde(default)]
        ranked: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        days_per_move: Option<DaysPerMove>,
    },
}

impl From<OptionsJson> for RoomOptions {
    fn from(json: OptionsJson) -> RoomOptions {
        let (per_game, ranked, days_per_move) = match json {
            OptionsJson::Hex {
                size,
                swap,
                turn_limit_s,
                ranked,
                days_per_move,
            } => (
                GameOptions::Hex(HexRoomOptions {
                    size,
                    swap,
                    turn_limit_s,
                }),
                ranked,
                days_per_move,
            ),
            OptionsJson::Hadang {
                tempo,
                ranked,
                days_per_move,
            } => (GameOptions::Hadang(HadangRoomOptions { tempo }), ranked, days_per_move),
            OptionsJson::Junqi { ranked, days_per_move } => (GameOptions::Junqi, ranked, days_per_move),
            OptionsJson::Backgammon { ranked, days_per_move } => (GameOptions::Backgammon, ranked, days_per_move),
        };
        RoomOptions {
            per_game,
            ranked,
            days_per_move,
        }
    }
}

impl From<RoomOptions> for OptionsJson {
    fn from(options: RoomOptions) -> OptionsJson {
        let ranked = options.ranked;
        let days_per_move = options.days_per_move;
        match options.per_game {
            GameOptions::Hex(HexRoomOptions {
                size,
                swap,
                turn_limit_s,
            }) => OptionsJson::Hex {
                size,
                swap,
                turn_limit_s,
                ranked,
                days_per_move,
            },
            GameOptions::Hadang(HadangRoomOptions { tempo }) => OptionsJson::Hadang {
                tempo,
                ranked,
                days_per_move,
            },
            GameOptions::Junqi => OptionsJson::Junqi { ranked, days_per_move },
            GameOptions::Backgammon => OptionsJson::Backgammon { ranked, days_per_move },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::RuleId;
    use serde_json::json;

    fn parse(value: serde_json::Value) -> Result<RoomOptions, String> {
        serde_json::from_value(value).map_err(|e| e.to_string())
    }

    #[test]
    fn json_is_flat_and_tagged_by_game() {
        let hex = RoomOptions::hex(9, true, Some(30)).with_ranked(true);
        assert_eq!(
            serde_json::to_value(hex).unwrap(),
            json!({"game": "hex", "size": 9, "swap": true, "turn_limit_s": 30, "ranked": true})
        );
        let hadang = RoomOptions::hadang(Some(HadangTempo::new(3, 2).unwrap()));
        assert_eq!(
            serde_json::to_value(hadang).unwrap(),
            json!({"game": "hadang", "tempo": {"base_minutes": 3, "increment_seconds": 2}, "ranked": false})
        );
        assert_eq!(
            serde_json::to_value(RoomOptions::new(GameId::Junqi)).unwrap(),
            json!({"game": "junqi", "ranked": false})
        );
        assert_eq!(
            serde_json::to_value(RoomOptions::new(GameId::Hex)).unwrap(),
            json!({"game": "hex", "size": 11, "swap": false, "ranked": false})
        );
        for options in [
            hex,
            hadang,
            RoomOptions::new(GameId::Backgammon),
            RoomOptions::new(GameId::Hadang),
        ] {
            let text = serde_json::to_string(&options).unwrap();
            assert_eq!(serde_json::from_str::<RoomOptions>(&text).unwrap(), options, "{text}");
            assert_eq!(options.game(), options.per_game.game());
        }
    }

    #[test]
    fn absent_fields_take_the_defaults() {
        for game in GameId::ALL {
            let options = parse(json!({ "game": game })).unwrap();
            assert_eq!(options, RoomOptions::new(game));
            assert_eq!(options.game(), game);
            assert!(!options.ranked);
        }
        // Written out or left out, the same options (quick match compares them).
        assert_eq!(
            parse(json!({"game": "hex", "size": 11, "swap": false})).unwrap(),
            parse(json!({"game": "hex"})).unwrap()
        );
    }

    #[test]
    fn foreign_unknown_or_mistyped_fields_are_refused_by_serde() {
        for (value, says) in [
            (
                json!({"game": "hex", "tempo": {"base_minutes": 3, "increment_seconds": 2}}),
                "unknown field `tempo`",
            ),
            (json!({"game": "hadang", "size": 9}), "unknown field `size`"),
            (json!({"game": "junqi", "swap": true}), "unknown field `swap`"),
            (
                json!({"game": "backgammon", "turn_limit_s": 30}),
                "unknown field `turn_limit_s`",
            ),
            (json!({"game": "hex", "hex_size": 9}), "unknown field `hex_size`"),
            (json!({"game": "chess"}), "unknown variant `chess`"),
            (json!({"size": 9}), "missing field `game`"),
            (json!({"game": "hex", "size": 300}), "300"),
            (json!({"game": "hex", "swap": "yes"}), "invalid type"),
            (
                json!({"game": "hadang", "tempo": {"base_minutes": 3, "increment_seconds": 2, "delay": 1}}),
                "unknown field `delay`",
            ),
        ] {
            let error = parse(value.clone()).expect_err(&value.to_string());
            assert!(error.contains(says), "{value}: {error}");
        }
    }

    #[test]
    fn values_not_offered_are_refused_naming_the_rule() {
        let refused = |options: RoomOptions| options.check().expect_err("refused").rule;
        assert_eq!(refused(RoomOptions::hex(8, false, None)), rule::X1);
        assert_eq!(refused(RoomOptions::hex(11, false, Some(45))), rule::X12);
        let tempo = HadangTempo {
            base_minutes: 2,
            increment_seconds: 0,
        };
        assert_eq!(refused(RoomOptions::hadang(Some(tempo))), rule::H16);
        assert_eq!(HadangTempo::new(3, 1).unwrap_err().rule, rule::H16);
        for size in SIZES {
            for limit in [None, Some(30), Some(60)] {
                RoomOptions::hex(size, true, limit).check().unwrap();
            }
        }
        for tempo in HadangTempo::offers() {
            RoomOptions::hadang(Some(tempo)).check().unwrap();
        }
        assert_eq!(HadangTempo::offers().len(), 12);
        assert!(refused(RoomOptions::hex(8, false, None)) != RuleId::Ended);
    }

    #[test]
    fn correspondence_days_are_1_3_or_7_and_optional_in_the_json() {
        let hex = RoomOptions::hex(11, false, None).with_days_per_move(DaysPerMove::new(3).ok());
        assert_eq!(
            serde_json::to_value(hex).unwrap(),
            json!({"game": "hex", "size": 11, "swap": false, "ranked": false, "days_per_move": 3})
        );
        assert_eq!(parse(json!({"game": "hex", "days_per_move": 3})).unwrap(), hex);
        hex.check().unwrap();
        for game in [GameId::Hex, GameId::Hadang, GameId::Backgammon] {
            for days in CORRESPONDENCE_DAYS {
                let options = parse(json!({"game": game, "days_per_move": days})).unwrap();
                assert_eq!(options.days_per_move.map(DaysPerMove::days), Some(days));
                assert!(options.is_correspondence());
                options.check().unwrap();
                assert_eq!(options.days_per_move.unwrap().per_move_ms(), u64::from(days) * DAY_MS);
            }
            // Old rooms (no field) read unchanged: live rooms.
            assert!(!parse(json!({ "game": game })).unwrap().is_correspondence());
        }
        for days in [0, 2, 5, 14, 255] {
            let error = parse(json!({"game": "hex", "days_per_move": days})).unwrap_err();
            assert!(
                error.contains("is not offered: correspondence rooms have 1, 3 or 7 days"),
                "{error}"
            );
            assert!(DaysPerMove::new(days).is_err());
        }
    }

    #[test]
    fn j20_junqi_has_no_correspondence_room_nor_a_live_clock_beside_the_days() {
        let junqi = parse(json!({"game": "junqi", "days_per_move": 1})).unwrap();
        let refused = junqi.check().unwrap_err();
        assert_eq!(refused.rule, rule::J20);
        assert!(refused.to_string().contains("live game"), "{refused}");
        let days = DaysPerMove::new(7).ok();
        let hex = RoomOptions::hex(11, false, Some(30)).with_days_per_move(days);
        assert_eq!(hex.check().unwrap_err().rule, rule::X12);
        let hadang = RoomOptions::hadang(Some(HadangTempo::new(3, 2).unwrap())).with_days_per_move(days);
        assert_eq!(hadang.check().unwrap_err().rule, rule::H16);
        RoomOptions::hadang(None).with_days_per_move(days).check().unwrap();
        // Chosen by mail, the live clock is taken off: offered.
        for live in [hex, hadang, RoomOptions::new(GameId::Backgammon)] {
            let by_mail = live.with_days_per_move(None).by_mail(days);
            by_mail.check().unwrap();
            assert_eq!(by_mail.days_per_move, days);
            assert_eq!(by_mail.tempo().unwrap(), Tempo::Unlimited, "no live clock besides");
            assert_eq!(by_mail.by_mail(None).days_per_move, None);
        }
    }

    #[test]
    fn conversions_give_the_rules_options_and_the_room_clock() {
        let hex = RoomOptions::hex(13, true, Some(60));
        assert_eq!(hex.hex_options(), Some(HexOptions { size: 13, swap: true }));
        assert_eq!(hex.tempo().unwrap(), Tempo::per_move_seconds(60));
        assert_eq!(RoomOptions::new(GameId::Hex).hex_options(), Some(HexOptions::default()));
        assert_eq!(RoomOptions::new(GameId::Hex).tempo().unwrap(), Tempo::Unlimited);
        assert_eq!(RoomOptions::new(GameId::Hadang).hex_options(), None);
        let hadang = RoomOptions::hadang(Some(HadangTempo::new(5, 2).unwrap()));
        assert_eq!(hadang.tempo().unwrap(), Tempo::hadang(5, 2).unwrap());
        assert_eq!(hadang.hadang_tempo(), HadangTempo::new(5, 2).ok());
        assert_eq!(RoomOptions::new(GameId::Hadang).tempo().unwrap(), Tempo::Unlimited);
        assert_eq!(
            RoomOptions::new(GameId::Junqi).tempo().unwrap(),
            Tempo::per_move_seconds(JUNQI_MOVE_LIMIT_S)
        );
        assert_eq!(RoomOptions::new(GameId::Backgammon).tempo().unwrap(), Tempo::Unlimited);
    }
}
