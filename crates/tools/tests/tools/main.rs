//! The tools crate's integration tests, one binary (each module was a
//! binary of its own, compiled at opt-level 3 and linked apart). New test
//! files go here as modules.

mod bg_engine;
mod help;
mod puzzles;
mod strength;

/// The package's folder as cargo sets it when it runs the tests, not as it
/// was at build time: with a build cache shared by two clones, cargo may
/// reuse a test binary built in the other clone, whose baked-in path points
/// there.
pub fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| env!("CARGO_MANIFEST_DIR").into(), Into::into)
}
