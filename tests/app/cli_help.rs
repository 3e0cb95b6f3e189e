//! The app's binaries answer `--help` with their usage and exit without
//! opening a window, timing reviews or printing the coverage table; an
//! unknown flag is refused.

use crate::support;
use support::help;

use help::answers_help;

#[test]
fn every_app_binary_answers_help_without_working() {
    for (exe, name) in [
        (env!("CARGO_BIN_EXE_papan"), "papan"),
        (env!("CARGO_BIN_EXE_review-speed"), "review-speed"),
        (env!("CARGO_BIN_EXE_tutorial-coverage"), "tutorial-coverage"),
        (env!("CARGO_BIN_EXE_bg-vs-gnubg"), "bg-vs-gnubg"),
    ] {
        answers_help(exe, name);
    }
}
