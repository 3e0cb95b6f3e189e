//! Fluent keys for piece names: short ones on the tiles (the Indonesian
//! abbreviations of the page in Indonesian), full ones in the statistics.

use crate::i18n::key;
use papan_rules::junqi::Kind;

/// The tile label of `kind`.
pub fn short_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Commander => key("junqi-short-commander"),
        Kind::Corps => key("junqi-short-corps"),
        Kind::Division => key("junqi-short-division"),
        Kind::Brigade => key("junqi-short-brigade"),
        Kind::Regiment => key("junqi-short-regiment"),
        Kind::Battalion => key("junqi-short-battalion"),
        Kind::Company => key("junqi-short-company"),
        Kind::Platoon => key("junqi-short-platoon"),
        Kind::Engineer => key("junqi-short-engineer"),
        Kind::Mine => key("junqi-short-mine"),
        Kind::Flag => key("junqi-short-flag"),
        Kind::Bomb => key("junqi-short-bomb"),
    }
}

/// The full name of `kind`.
pub fn full_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Commander => key("junqi-kind-commander"),
        Kind::Corps => key("junqi-kind-corps"),
        Kind::Division => key("junqi-kind-division"),
        Kind::Brigade => key("junqi-kind-brigade"),
        Kind::Regiment => key("junqi-kind-regiment"),
        Kind::Battalion => key("junqi-kind-battalion"),
        Kind::Company => key("junqi-kind-company"),
        Kind::Platoon => key("junqi-kind-platoon"),
        Kind::Engineer => key("junqi-kind-engineer"),
        Kind::Mine => key("junqi-kind-mine"),
        Kind::Flag => key("junqi-kind-flag"),
        Kind::Bomb => key("junqi-kind-bomb"),
    }
}
