//! papan-tools: what is built around Papan's bots but is not a bot — the
//! engine protocols (Hex GTP in [`hex::gtp`], HADANG's UCI-style protocol
//! in [`hadang::uci`], gnubg's line protocol in [`backgammon::engine`]),
//! the backgammon trainers ([`backgammon::td`], [`backgammon::distill`]),
//! the estimate's curve fitting ([`fit`]), and the binaries under
//! `src/bin/`: `arena`, `strength`, `bench`, `hex-gtp`, `hadang-uci`,
//! `bg-engine`, `bg-train`, `bg-selfplay`, `hex-patterns`, `hex-templates`.
//!
//! Every engine here gets its search from [`papan_bots::Bot`], like the
//! app and the server: `G::tuned(&view, level, seed, &tuning)` (the level's
//! search with an engine's own settings), [`papan_bots::Thinker::set_iterations`]
//! for a fixed amount of work, and [`papan_bots::Bot::advance`] to keep a
//! tree from one move to the next. papan-bots itself holds no protocol and
//! no tool: the app and the server link only the bots.

pub mod backgammon;
pub mod fit;
pub mod hadang;
pub mod hex;
pub mod puzzle;

/// This crate's folder, where its scripts and data are. Where cargo says
/// the running package is, when that is this crate: with a build cache
/// shared by several clones, cargo may run a binary another clone built, and
/// the folder compiled into it is that clone's. Otherwise (run directly, or
/// from another package's tests) the folder it was built in.
pub fn crate_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .filter(|dir| dir.join("src/puzzle/gnubg_best.py").is_file())
        .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into())
}
