//! The short soak: `papan-soak` for about a minute with 200 tables, the
//! server SIGKILLed and restarted at random moments (see
//! `src/bin/papan-soak/main.rs` for what it checks). The long run is in
//! the README's figures.

use std::process::Command;

#[test]
fn two_hundred_tables_for_a_minute_with_the_server_killed_lose_no_accepted_action_and_leak_nothing() {
    let output = Command::new(env!("CARGO_BIN_EXE_papan-soak"))
        .args(["--rooms", "200", "--seconds", "60", "--seed", "7"])
        .args(["--server", env!("CARGO_BIN_EXE_papan-server")])
        .output()
        .expect("papan-soak runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the soak failed:\n{stdout}");
    assert!(stdout.contains("result: ok"));
    // It did what it says: kills happened and every game was played.
    assert!(!stdout.contains("killed with SIGKILL 0 times"), "{stdout}");
}
