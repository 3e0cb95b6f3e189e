//! Prints which lesson step teaches each numbered rule of each game:
//! `cargo run -p papan --bin tutorial-coverage`. Exits non-zero when an
//! actionable rule is untaught or a lesson fails validation.

use papan::tutorial::coverage::{table_text, untaught};
use papan::tutorial::validate::validate_game;
use papan::tutorial::GameId;

const USAGE: &str = "usage: tutorial-coverage
  Prints which lesson step teaches each numbered rule of each game; exits
  non-zero when an actionable rule is untaught or a lesson fails validation.
  No options.";

fn main() {
    papan_cli::args_or_exit("tutorial-coverage", USAGE, Some(&[]));
    print!("{}", table_text());
    let problems: Vec<String> = GameId::ALL.into_iter().flat_map(validate_game).collect();
    for problem in &problems {
        eprintln!("invalid lesson: {problem}");
    }
    if !problems.is_empty() || !untaught().is_empty() {
        std::process::exit(1);
    }
}
