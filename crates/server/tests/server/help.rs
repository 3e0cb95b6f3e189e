//! The server's binaries answer `--help` with their usage and exit: no
//! server started, no load test or soak run; an unknown flag is refused.

#[path = "../../../../tests/support/help.rs"]
mod usage;

use usage::{answers_help, run};

#[test]
fn every_server_binary_answers_help_without_working() {
    for (exe, name) in [
        (env!("CARGO_BIN_EXE_papan-server"), "papan-server"),
        (env!("CARGO_BIN_EXE_papan-load"), "papan-load"),
        (env!("CARGO_BIN_EXE_papan-soak"), "papan-soak"),
    ] {
        answers_help(exe, name);
    }
    // papan-load --help used to start a server and load it: no report now.
    let out = run(env!("CARGO_BIN_EXE_papan-load"), &["--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains("node(s)") && !text.contains("server RSS"),
        "a load report: {text}"
    );
    // A flag's value is checked before any work.
    let out = run(env!("CARGO_BIN_EXE_papan-load"), &["--rooms", "many"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--rooms"));
}
