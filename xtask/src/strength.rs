//! `cargo xtask strength GAME …`: builds Papan's engines in release and runs
//! the `strength` matches against reference engines the user built beside
//! the project (their paths are arguments; nothing of theirs is in the
//! repository). Everything after the game is passed on; see
//! `crates/tools/src/bin/strength/main.rs` for the flags.

use crate::env::{cargo, run, target_dir};
use std::process::Command;

pub fn run_strength(args: &[String]) -> Result<(), String> {
    if args.is_empty() {
        return Err("strength needs a game: cargo xtask strength hex --mohex PATH [...]".into());
    }
    run(&mut cargo(&["build", "--release", "-p", "papan-tools", "--bins"]))?;
    let binary = target_dir().join("release").join("strength");
    run(Command::new(binary).args(args))
}
