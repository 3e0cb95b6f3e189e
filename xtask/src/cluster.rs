//! `cargo xtask cluster`: NATS with JetStream plus three `papan-server`
//! nodes on this machine, for a person to try the cluster (the app's
//! server setting takes the three addresses, comma-separated). Ctrl-C stops
//! all four; JetStream's data stays in a folder of the cache dir until the
//! next start, which begins afresh.

use crate::env::{self, cargo, run};
use crate::tools;
use std::process::{Child, Command};

/// Stops every process it holds when dropped (also on Ctrl-C's unwinding
/// of `main`, and when a start fails half-way).
struct Processes(Vec<Child>);

impl Drop for Processes {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

pub fn run_cluster(first_port: u16, nats_port: u16) -> Result<(), String> {
    let nats = tools::ensure_nats_server()?;
    run(&mut cargo(&[
        "build",
        "--release",
        "--package",
        "papan-server",
        "--bin",
        "papan-server",
    ]))?;
    let server = env::target_dir().join("release").join("papan-server");
    let store = env::target_dir().with_file_name("cluster-jetstream");
    let _ = std::fs::remove_dir_all(&store);
    let mut processes = Processes(Vec::new());
    let start = |cmd: &mut Command| cmd.spawn().map_err(|e| format!("cannot start {cmd:?}: {e}"));
    processes.0.push(start(
        Command::new(&nats)
            .args(["-js", "-a", "127.0.0.1", "-p", &nats_port.to_string(), "-sd"])
            .arg(&store),
    )?);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let url = format!("nats://127.0.0.1:{nats_port}");
    let mut addresses = Vec::new();
    for port in first_port..first_port + 3 {
        processes.0.push(start(
            Command::new(&server)
                .args(["--nats", &url, "--addr", &format!("127.0.0.1:{port}")])
                .env("RUST_LOG", std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into())),
        )?);
        addresses.push(format!("http://127.0.0.1:{port}"));
    }
    println!(
        "\nNATS at {url}; three nodes. The app's server setting:\n\n    {}\n",
        addresses.join(",")
    );
    println!("Kill one node (its rooms move to another within the 10 s lease), or Ctrl-C to stop all.");
    // Runs until Ctrl-C (which ends the nodes with this process) or until
    // NATS itself stops; a node killed to try a failover is left dead.
    loop {
        std::thread::sleep(std::time::Duration::from_millis(500));
        if matches!(processes.0[0].try_wait(), Ok(Some(_))) {
            return Err("nats-server stopped".into());
        }
    }
}
