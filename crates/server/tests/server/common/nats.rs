//! A NATS server with JetStream on a free loopback port, in a temporary
//! folder, stopped (SIGKILL) when dropped. `cargo xtask test` installs
//! Debian's `nats-server` and names it in `PAPAN_NATS_SERVER`; otherwise it
//! is looked for on PATH and in /usr/sbin. Without it these tests fail,
//! saying what to install: they never pass by skipping.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Nats {
    pub url: String,
    child: Child,
    _dir: tempfile::TempDir,
}

fn binary() -> PathBuf {
    if let Some(path) = std::env::var_os("PAPAN_NATS_SERVER") {
        return PathBuf::from(path);
    }
    std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/usr/bin")])
        .map(|dir| dir.join("nats-server"))
        .find(|p| p.is_file())
        .expect("the cluster tests need nats-server: `cargo xtask test` installs it (Debian package nats-server)")
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Nats {
    pub async fn start() -> Nats {
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let child = Command::new(binary())
            .args(["-js", "-a", "127.0.0.1", "-p", &port.to_string()])
            .arg("-sd")
            .arg(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts");
        // Owned at once, so that it is killed and waited for however this ends.
        let nats = Nats {
            url: format!("nats://127.0.0.1:{port}"),
            child,
            _dir: dir,
        };
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return nats;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("nats-server did not come up on port {port}");
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Three NATS servers in one JetStream cluster (`papan`), each killable.
pub struct NatsCluster {
    ports: Vec<u16>,
    nodes: Vec<Option<Child>>,
    _dir: tempfile::TempDir,
}

impl NatsCluster {
    pub async fn start() -> NatsCluster {
        let dir = tempfile::tempdir().unwrap();
        let ports: Vec<u16> = (0..3).map(|_| free_port()).collect();
        let routes: Vec<u16> = (0..3).map(|_| free_port()).collect();
        let mut nodes = Vec::new();
        for i in 0..3 {
            let others: Vec<String> = (0..3)
                .filter(|&j| j != i)
                .map(|j| format!("nats://127.0.0.1:{}", routes[j]))
                .collect();
            let child = Command::new(binary())
                .args(["-js", "-a", "127.0.0.1", "-p", &ports[i].to_string()])
                .args(["-n", &format!("papan-{i}"), "--cluster_name", "papan"])
                .args(["--cluster", &format!("nats://127.0.0.1:{}", routes[i])])
                .args(["--routes", &others.join(",")])
                .arg("-sd")
                .arg(dir.path().join(i.to_string()))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("nats-server starts");
            nodes.push(Some(child));
        }
        let cluster = NatsCluster {
            ports,
            nodes,
            _dir: dir,
        };
        for port in &cluster.ports {
            for _ in 0..200 {
                if std::net::TcpStream::connect(("127.0.0.1", *port)).is_ok() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        }
        // JetStream answers once the three have elected a meta leader.
        let urls: Vec<String> = cluster.url().split(',').map(String::from).collect();
        let client = async_nats::connect(urls);
        let client = tokio::time::timeout(Duration::from_secs(10), client)
            .await
            .expect("NATS cluster reachable")
            .expect("NATS cluster reachable");
        let js = async_nats::jetstream::new(client);
        for _ in 0..200 {
            if js.query_account().await.is_ok() {
                return cluster;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the NATS cluster's JetStream did not come up");
    }

    pub fn url(&self) -> String {
        self.ports
            .iter()
            .map(|p| format!("nats://127.0.0.1:{p}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Which server leads the raft group of `stream` (its writes go there).
    pub async fn stream_leader(&self, stream: &str) -> usize {
        let urls: Vec<String> = self.url().split(',').map(String::from).collect();
        let js = async_nats::jetstream::new(async_nats::connect(urls).await.unwrap());
        let info = js.get_stream(stream).await.unwrap().get_info().await.unwrap();
        let leader = info
            .cluster
            .and_then(|c| c.leader)
            .expect("a replicated stream has a leader");
        leader
            .strip_prefix("papan-")
            .and_then(|i| i.parse().ok())
            .expect("servers are named papan-<i>")
    }

    /// SIGKILL server `i`.
    pub fn kill(&mut self, i: usize) {
        if let Some(mut child) = self.nodes[i].take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for NatsCluster {
    fn drop(&mut self) {
        for i in 0..self.nodes.len() {
            self.kill(i);
        }
    }
}
