//! Moving a device's games to another device: the old device asks for a
//! one-time code (`POST /v1/transfer`), the new one claims it
//! (`POST /v1/transfer/claim`) and from then on acts as the old device —
//! its seats, its ratings, its correspondence games — while the old
//! device's token is answered `moved`.
//!
//! The code's shape is checked here, on both sides: the app refuses a
//! mistyped code before asking, and the server refuses it as `malformed`
//! without counting it as a guess of a real code.

use crate::wire::SeatRef;
use serde::{Deserialize, Serialize};

/// How long a transfer code can be claimed.
pub const TRANSFER_TTL_MS: u64 = 15 * 60 * 1000;

/// The characters of a transfer code: no look-alikes (0/O, 1/I/L), as in
/// join codes, so a code read off one screen types into another.
pub const TRANSFER_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Characters of a code, without its dashes (`XXXX-XXXX-XXXX`).
pub const TRANSFER_CODE_LEN: usize = 12;

/// What a device whose games moved is told, on every request it makes.
pub const MOVED_MESSAGE: &str = "this device's games were moved to another device";

/// `POST /v1/transfer` body: the seats this device holds (as granted), to
/// travel with its identity. Each must be this device's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransferRequest {
    #[serde(default)]
    pub seats: Vec<SeatRef>,
}

/// `POST /v1/transfer` answer: the code to show (once; the server keeps
/// only its SHA-256), how long it lives, and how many seats travel with it
/// (the rooms that no longer exist are left behind).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransferOffer {
    pub code: String,
    pub expires_in_ms: u64,
    pub seats: usize,
}

/// `POST /v1/transfer/claim` body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransferClaim {
    pub code: String,
}

/// `POST /v1/transfer/claim` answer: the identity the claiming device's
/// token now acts as, and the seats that came with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransferClaimed {
    pub device_id: String,
    pub seats: Vec<SeatRef>,
}

/// A typed code in its one spelling, `XXXX-XXXX-XXXX`: case, spaces and
/// dashes are forgiven; anything else (a wrong length, a character outside
/// [`TRANSFER_ALPHABET`]) is refused with what is wrong.
pub fn normalize_transfer_code(input: &str) -> Result<String, String> {
    let chars: Vec<char> = input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if let Some(bad) = chars
        .iter()
        .find(|c| !c.is_ascii() || !TRANSFER_ALPHABET.contains(&(**c as u8)))
    {
        return Err(format!(
            "a transfer code has no '{bad}': it is 12 letters and digits like ABCD-2345-WXYZ"
        ));
    }
    if chars.len() != TRANSFER_CODE_LEN {
        return Err(format!(
            "a transfer code has {TRANSFER_CODE_LEN} characters, not {}",
            chars.len()
        ));
    }
    let groups: Vec<String> = chars.chunks(4).map(|g| g.iter().collect()).collect();
    Ok(groups.join("-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfer_codes_forgive_case_spaces_and_dashes_only() {
        assert_eq!(normalize_transfer_code(" abcd 2345-wxyz ").unwrap(), "ABCD-2345-WXYZ");
        assert_eq!(normalize_transfer_code("ABCD2345WXYZ").unwrap(), "ABCD-2345-WXYZ");
        let short = normalize_transfer_code("ABCD-2345").unwrap_err();
        assert!(short.contains("12 characters, not 8"), "{short}");
        let look_alike = normalize_transfer_code("ABCD-2345-WXY0").unwrap_err();
        assert!(look_alike.contains("no '0'"), "{look_alike}");
        assert!(normalize_transfer_code("ABCD-2345-WXYÉ").is_err());
        assert!(normalize_transfer_code("").is_err());
    }
}
