//! Every binary of papan-tools answers `--help` with its usage and exits
//! without playing, training or reading its protocol's input; an unknown
//! flag is refused.

#[path = "../../../../tests/support/help.rs"]
mod usage;

use usage::answers_help;

#[test]
fn every_tools_binary_answers_help_without_working() {
    for (exe, name) in [
        (env!("CARGO_BIN_EXE_arena"), "arena"),
        (env!("CARGO_BIN_EXE_bench"), "bench"),
        (env!("CARGO_BIN_EXE_bg-engine"), "bg-engine"),
        (env!("CARGO_BIN_EXE_bg-selfplay"), "bg-selfplay"),
        (env!("CARGO_BIN_EXE_bg-train"), "bg-train"),
        (env!("CARGO_BIN_EXE_hadang-uci"), "hadang-uci"),
        (env!("CARGO_BIN_EXE_hex-gtp"), "hex-gtp"),
        (env!("CARGO_BIN_EXE_hex-patterns"), "hex-patterns"),
        (env!("CARGO_BIN_EXE_hex-policy"), "hex-policy"),
        (env!("CARGO_BIN_EXE_puzzle-gen"), "puzzle-gen"),
        (env!("CARGO_BIN_EXE_strength"), "strength"),
    ] {
        answers_help(exe, name);
    }
}
