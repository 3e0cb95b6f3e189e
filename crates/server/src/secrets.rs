//! Secrets drawn from the OS generator: tokens, join codes, game seeds and
//! salts. (Backgammon dice derive from the committed seed, not from here.)
//! (The rules crate never touches OS randomness; the server does, here only.)

use papan_api::fairness::to_hex;
use rand::rngs::OsRng;
use rand::{RngCore, TryRngCore};
use sha2::{Digest, Sha256};

/// The OS generator as a plain `RngCore`.
pub fn os_rng() -> impl RngCore {
    OsRng.unwrap_err()
}

/// A random 256-bit token in hex: never derived from any public id.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    os_rng().fill_bytes(&mut bytes);
    to_hex(&bytes)
}

pub fn salt() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    os_rng().fill_bytes(&mut bytes);
    bytes
}

pub fn seed() -> u64 {
    os_rng().next_u64()
}

/// Tokens are stored only as their SHA-256.
pub fn hash_token(token: &str) -> String {
    to_hex(&Sha256::digest(token.as_bytes()))
}

/// Join codes: 6 characters without look-alikes (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

pub fn join_code() -> String {
    let mut rng = os_rng();
    (0..6)
        .map(|_| CODE_ALPHABET[(rng.next_u32() as usize) % CODE_ALPHABET.len()] as char)
        .collect()
}

/// A public id (rooms, devices): random too, but carrying no authority.
pub fn public_id() -> String {
    let mut bytes = [0u8; 12];
    os_rng().fill_bytes(&mut bytes);
    to_hex(&bytes)
}

/// A transfer code, `XXXX-XXXX-XXXX` from [`papan_api::TRANSFER_ALPHABET`]:
/// about 59 bits, claimed at most a few times a minute before it expires.
pub fn transfer_code() -> String {
    let mut rng = os_rng();
    let alphabet = papan_api::TRANSFER_ALPHABET;
    let chars: String = (0..papan_api::TRANSFER_CODE_LEN)
        .map(|_| alphabet[(rng.next_u32() as usize) % alphabet.len()] as char)
        .collect();
    papan_api::normalize_transfer_code(&chars).unwrap_or(chars)
}
