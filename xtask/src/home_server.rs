//! The home setup's one process: `papan-server` serving the web build and
//! the room API on one address, with its SQLite file (created on the first
//! start). `cargo xtask serve` starts it through [`start`]; the server's
//! test `crates/server/tests/server/app_files.rs` includes this file (`#[path]`)
//! and starts the real binary the same way, so what the test plays through
//! is what the command runs. Std only.
//!
//! The server is told `--until-stdin-closes` and its standard input is a
//! pipe held here: however this process ends (Ctrl-C, a kill, a panic),
//! the pipe closes and the server stops, never left holding the port.

// The test uses only part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};

/// A running `papan-server --app`; stopped when dropped.
pub struct HomeServer {
    child: Child,
    /// The pipe whose end stops the server.
    lifeline: Option<ChildStdin>,
    /// Where it listens, as it says (`http://127.0.0.1:8080`).
    pub url: String,
}

/// The command line that serves `dist` and keeps rooms in `db` on `addr`.
pub fn command(server_bin: &Path, dist: &Path, db: &Path, addr: SocketAddr) -> Command {
    let mut cmd = Command::new(server_bin);
    cmd.arg("--app")
        .arg(dist)
        .arg("--db")
        .arg(db)
        .args(["--addr", &addr.to_string(), "--until-stdin-closes"])
        .env("RUST_LOG", std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    cmd
}

/// Starts the server and waits until it listens (its first line says
/// where); its later output goes to this process's standard output. A
/// server that stops first (a refused `--app`, a busy port) is an error
/// (its own message is on standard error).
pub fn start(server_bin: &Path, dist: &Path, db: &Path, addr: SocketAddr) -> Result<HomeServer, String> {
    if let Some(folder) = db.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    }
    let mut child = command(server_bin, dist, db, addr)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", server_bin.display()))?;
    let lifeline = child.stdin.take();
    let mut lines = BufReader::new(child.stdout.take().ok_or("no pipe from the server")?).lines();
    let url = loop {
        match lines.next() {
            Some(Ok(line)) => {
                if let Some(url) = line.strip_prefix("papan-server listening on ") {
                    break url.trim().to_string();
                }
                println!("{line}");
            }
            _ => {
                let status = child.wait().map_err(|e| e.to_string())?;
                return Err(format!("papan-server stopped before listening ({status})"));
            }
        }
    };
    std::thread::spawn(move || {
        let mut out = std::io::stdout();
        for line in lines.map_while(Result::ok) {
            let _ = writeln!(out, "{line}");
        }
    });
    Ok(HomeServer { child, lifeline, url })
}

impl HomeServer {
    /// Waits until the server stops (Ctrl-C reaches it with this process).
    pub fn wait(mut self) -> Result<ExitStatus, String> {
        self.child.wait().map_err(|e| e.to_string())
    }

    /// Closes the pipe, as this process ending would, and waits up to
    /// `timeout` for the server to stop.
    pub fn close_lifeline(&mut self, timeout: std::time::Duration) -> Option<ExitStatus> {
        self.lifeline = None;
        let deadline = std::time::Instant::now() + timeout;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        None
    }
}

impl Drop for HomeServer {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// This machine's address on its local network (what a phone on the same
/// Wi-Fi opens), when it has one: the source address of a route out, found
/// without sending anything (a UDP socket only picks its route).
pub fn lan_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("10.255.255.255:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}
