//! The server under test: a `papan-server` child process on loopback with
//! its own database, killed with SIGKILL and started again on the same
//! port and file.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct ServerProcess {
    exe: PathBuf,
    db: PathBuf,
    port: u16,
    grace_s: u64,
    child: Mutex<Option<Child>>,
    /// How many times the server has been started.
    pub starts: std::sync::atomic::AtomicU32,
}

impl ServerProcess {
    pub fn new(exe: PathBuf, db: PathBuf, port: u16, grace_s: u64) -> ServerProcess {
        ServerProcess {
            exe,
            db,
            port,
            grace_s,
            child: Mutex::new(None),
            starts: Default::default(),
        }
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn db(&self) -> &Path {
        &self.db
    }

    fn slot(&self) -> std::sync::MutexGuard<'_, Option<Child>> {
        self.child.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts the server and waits until it answers `/health`.
    pub async fn start(&self) -> Result<(), String> {
        let child = Command::new(&self.exe)
            .args(["--db", &self.db.display().to_string()])
            .args(["--addr", &format!("127.0.0.1:{}", self.port)])
            .args(["--grace-s", &self.grace_s.to_string()])
            // Soak clients are many devices on one machine: the per-device
            // limit is not what is tested here.
            .args(["--rate-per-second", "100000"])
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.exe.display()))?;
        *self.slot() = Some(child);
        self.starts.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let probe = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Ok(r) = probe.get(format!("{}/health", self.base_url())).send().await {
                if r.status().is_success() {
                    return Ok(());
                }
            }
            if let Some(status) = self.slot().as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                return Err(format!("the server exited on start: {status}"));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Err("the server did not answer /health within 60 s".into())
    }

    /// SIGKILL (no shutdown code runs) and reap.
    pub fn kill(&self) {
        if let Some(mut child) = self.slot().take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Whether the server died on its own (not killed by the soak).
    pub fn exited(&self) -> Option<String> {
        let mut slot = self.slot();
        let status = slot.as_mut()?.try_wait().ok().flatten()?;
        Some(status.to_string())
    }

    /// Resident memory of the running server, in KiB.
    pub fn rss_kib(&self) -> Option<u64> {
        let pid = self.slot().as_ref()?.id();
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .ok()?
            .lines()
            .find(|l| l.starts_with("VmRSS:"))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
