//! gnubg's Position ID: the 14-character key of a board, seen by the
//! player on roll (gnubg manual, "Position ID"; `crates/rules/tests/data/gnubg`).
//!
//! For the player *not* on roll and then the player on roll, each of their
//! 25 slots (own points 1–24, then the bar) writes as many 1-bits as it holds
//! checkers followed by one 0-bit: 80 bits, least significant bit of each
//! byte first, then the 10 bytes in base64 without padding.

use super::board::{Board, CHECKERS};
use crate::game::RuleError;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The Position ID of `board` with its mover on roll.
pub fn encode(board: &Board) -> String {
    let pips = board.pips();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    let mut put = |count: u8, bit: &mut usize| {
        for _ in 0..count {
            key[*bit >> 3] |= 1 << (*bit & 7);
            *bit += 1;
        }
        *bit += 1;
    };
    // The opponent's own point j+1 is the mover's point 24-j; their bar is index 0.
    for j in 0..24 {
        put((-pips[24 - j]).max(0) as u8, &mut bit);
    }
    put((-pips[0]).max(0) as u8, &mut bit);
    for j in 0..24 {
        put(pips[j + 1].max(0) as u8, &mut bit);
    }
    put(pips[25].max(0) as u8, &mut bit);

    let mut out = String::with_capacity(14);
    for group in key.chunks(3) {
        let b0 = group[0];
        let b1 = group.get(1).copied().unwrap_or(0);
        let b2 = group.get(2).copied().unwrap_or(0);
        out.push(ALPHABET[(b0 >> 2) as usize] as char);
        out.push(ALPHABET[(((b0 & 3) << 4) | (b1 >> 4)) as usize] as char);
        if group.len() > 1 {
            out.push(ALPHABET[(((b1 & 0x0f) << 2) | (b2 >> 6)) as usize] as char);
            out.push(ALPHABET[(b2 & 0x3f) as usize] as char);
        }
    }
    out
}

fn refuse(id: &str, why: &str) -> RuleError {
    RuleError::new(crate::rule::B2, format!("{id:?} is not a gnubg Position ID: {why}"))
}

/// The board a Position ID describes, its mover being the player on roll.
/// Refuses malformed text, more than 15 checkers a side (B2) and a point
/// held by both sides (B8).
pub fn decode(id: &str) -> Result<Board, RuleError> {
    let text = id.trim();
    if text.len() != 14 {
        return Err(refuse(id, "it must be 14 characters"));
    }
    let mut sextets = [0u8; 14];
    for (s, c) in sextets.iter_mut().zip(text.bytes()) {
        *s = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or_else(|| refuse(id, "it uses a character outside base64"))? as u8;
    }
    let mut key = [0u8; 10];
    for (g, chunk) in sextets.chunks(4).enumerate() {
        let s = |k: usize| chunk.get(k).copied().unwrap_or(0) as u32;
        let word = (s(0) << 18) | (s(1) << 12) | (s(2) << 6) | s(3);
        for k in 0..3 {
            if let Some(byte) = key.get_mut(g * 3 + k) {
                *byte = (word >> (16 - 8 * k)) as u8;
            }
        }
    }
    if sextets[13] & 0x0f != 0 {
        return Err(refuse(id, "its last character carries bits beyond the 80-bit key"));
    }

    let bit_at = |b: usize| key[b >> 3] >> (b & 7) & 1 == 1;
    let mut slots = [[0u8; 25]; 2];
    let mut bit = 0usize;
    for side in slots.iter_mut() {
        for slot in side.iter_mut() {
            while bit < 80 && bit_at(bit) {
                *slot += 1;
                bit += 1;
            }
            if bit >= 80 {
                return Err(refuse(id, "its key runs out before all 50 slots are read"));
            }
            bit += 1;
        }
        let total: u32 = side.iter().map(|&n| n as u32).sum();
        if total > CHECKERS as u32 {
            return Err(refuse(id, "a side has more than 15 checkers"));
        }
    }
    if (bit..80).any(bit_at) {
        return Err(refuse(id, "it has checkers beyond the two sides"));
    }

    let [theirs, mine] = slots;
    let mut pips = [0i8; 26];
    for j in 0..24 {
        let (m, o) = (mine[j], theirs[23 - j]);
        if m > 0 && o > 0 {
            return Err(RuleError::new(
                crate::rule::B8,
                format!("{id:?} puts both sides on point {} of the player on roll", j + 1),
            ));
        }
        pips[j + 1] = m as i8 - o as i8;
    }
    pips[25] = mine[24] as i8;
    pips[0] = -(theirs[24] as i8);
    Board::from_pips(pips)
}
