//! Jun Qi fairness proof, checked by the client: the layout commitment
//! published at the start must open to the revealed seed, and that seed's
//! layout replayed with the public moves must give the final position shown.

use crate::wire::{Commitment, Reveal};
use papan_rules::junqi::JunQi;
use papan_rules::{Game, Record, Seat};
use sha2::{Digest, Sha256};

const DOMAIN: &[u8] = b"papan-junqi-v1";

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The commitment to `seed` with `salt` (the server computes the same).
pub fn commit(seed: u64, salt: &[u8]) -> Commitment {
    let mut hash = Sha256::new();
    hash.update(DOMAIN);
    hash.update(salt);
    hash.update(seed.to_le_bytes());
    Commitment {
        sha256: to_hex(&hash.finalize()),
    }
}

/// Whether `reveal` opens `commitment`.
pub fn opens(commitment: &Commitment, reveal: &Reveal) -> bool {
    match from_hex(&reveal.salt) {
        Some(salt) if salt.len() == 32 => commit(reveal.seed, &salt) == *commitment,
        _ => false,
    }
}

/// Full check after a Jun Qi game: the commitment opens, the revealed seed's
/// layout accepts every public move, and ends in the `final_view` the
/// server sent to `seat` (as JSON). Any difference means the server lied.
pub fn verify_junqi(
    commitment: &Commitment,
    reveal: &Reveal,
    moves: &[String],
    seat: Seat,
    final_view: &serde_json::Value,
) -> Result<(), String> {
    if !opens(commitment, reveal) {
        return Err("the reveal does not open the commitment".into());
    }
    let record: Record<JunQi> = Record::new(Default::default(), reveal.seed);
    let mut game = record.start().map_err(|e| e.to_string())?;
    for text in moves {
        let mv = game.parse_move(text).map_err(|e| e.to_string())?;
        game.play(&mv).map_err(|e| format!("{text}: {e}"))?;
    }
    let view =
        serde_json::to_value(papan_rules::clock::Adjudicated::new(game).view(seat)).map_err(|e| e.to_string())?;
    // The final view may carry an off-board verdict (resignation, timeout)
    // the replay cannot know: compare the board only.
    if view.get("game") != final_view.get("game") {
        return Err("the revealed layout does not give the final position".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commitment_opens_only_with_its_seed_and_salt() {
        let salt = [7u8; 32];
        let c = commit(42, &salt);
        assert!(opens(
            &c,
            &Reveal {
                seed: 42,
                salt: to_hex(&salt)
            }
        ));
        assert!(!opens(
            &c,
            &Reveal {
                seed: 43,
                salt: to_hex(&salt)
            }
        ));
        assert!(!opens(
            &c,
            &Reveal {
                seed: 42,
                salt: to_hex(&[8u8; 32])
            }
        ));
        assert!(!opens(
            &c,
            &Reveal {
                seed: 42,
                salt: "zz".into()
            }
        ));
    }
}
