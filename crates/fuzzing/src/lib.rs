//! What Papan's fuzz targets check, as plain functions: each takes
//! arbitrary bytes and panics only when a property fails. The fuzzer
//! (`fuzz/`, `cargo xtask fuzz`) calls them with generated input; the
//! normal test suite calls them on the checked-in seed corpus and on every
//! input that once failed (`fuzz/seeds/<target>/`,
//! `fuzz/regressions/<target>/`), so a crash stays fixed.
//!
//! The properties, for every reader of outside text:
//! - no panic, whatever the bytes;
//! - what reads back writes out as text that reads back to the same value
//!   (format ∘ parse is the identity on what parses, up to the canonical
//!   spelling);
//! - a refused input changes nothing.

pub mod app;
pub mod rules;
pub mod wire;

/// A property over arbitrary input: returns, or panics saying what failed.
pub type Check = fn(&[u8]);

/// Every target by name, for the seed test (`fuzz/fuzz_targets/` has one
/// binary per entry).
pub const TARGETS: &[(&str, Check)] = &[
    ("hex_moves", rules::hex_moves),
    ("hadang_moves", rules::hadang_moves),
    ("backgammon_moves", rules::backgammon_moves),
    ("junqi_moves", rules::junqi_moves),
    ("records", rules::records),
    ("transcripts", rules::transcripts),
    ("hex_sgf", rules::hex_sgf),
    ("position_id", rules::position_id),
    ("sse", wire::sse),
    ("wire", wire::wire),
    ("device_requests", wire::device_requests),
    ("saved_games", app::saved_games),
    ("settings", app::settings),
    ("lessons", app::lessons),
];

/// The input as text, or `None` for bytes that are not UTF-8 (every reader
/// here takes `&str`; how they get there is the caller's business).
pub(crate) fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Splits off the first byte to choose among `n` variants (a game, a mode).
pub(crate) fn choose(data: &[u8], n: usize) -> Option<(usize, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((usize::from(first) % n, rest))
}
