//! `papan-server --db papan.db --addr 127.0.0.1:8787 [--tls-cert chain.pem --tls-key key.pem]`
//! or, one node of many: `papan-server --nats nats://127.0.0.1:4222 --addr …`;
//! `--app DIR` serves the web build in DIR on the same address (a home
//! setup: `cargo xtask serve` runs it so, with `--until-stdin-closes`, which
//! stops the server when the process that started it ends).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use papan_server::cluster::ClusterConfig;
use papan_server::tls::TlsIdentity;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use papan_server::{Config, Server};
use std::net::SocketAddr;
use std::path::PathBuf;

const USAGE: &str = "usage: papan-server [--db FILE] [--addr HOST:PORT] [--grace-s N] [--rate-per-second N] \
[--tls-cert CHAIN.pem --tls-key KEY.pem] [--nats URL[,URL…] [--lease-s N] [--nats-replicas N]] \
[--app DIR] [--vapid-key FILE] [--push-subject mailto:…|https://…] [--until-stdin-closes]";

#[derive(Debug)]
struct Args {
    db: PathBuf,
    addr: SocketAddr,
    grace_s: u64,
    rate: f64,
    tls_cert: Option<PathBuf>,
    tls_key: Option<PathBuf>,
    cluster: Option<ClusterConfig>,
    /// The web build to serve beside the API.
    app: Option<PathBuf>,
    /// Web Push: the VAPID key file (every node of a cluster the same).
    vapid_key: Option<PathBuf>,
    push_subject: Option<String>,
    /// Stop when standard input reaches its end (the parent is gone).
    until_stdin_closes: bool,
}

/// The command line, or what is wrong with it.
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args {
        db: PathBuf::from("papan.db"),
        addr: SocketAddr::from(([127, 0, 0, 1], 8787)),
        grace_s: 60,
        rate: 20.0,
        tls_cert: None,
        tls_key: None,
        cluster: None,
        app: None,
        vapid_key: None,
        push_subject: None,
        until_stdin_closes: false,
    };
    let (mut lease_s, mut replicas) = (None, None);
    while let Some(name) = args.next() {
        if name == "--until-stdin-closes" {
            parsed.until_stdin_closes = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{name} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{name} {value}: {e}");
        match name.as_str() {
            "--db" => parsed.db = PathBuf::from(&value),
            "--addr" => parsed.addr = value.parse().map_err(|e| bad(&e))?,
            "--grace-s" => parsed.grace_s = value.parse().map_err(|e| bad(&e))?,
            "--rate-per-second" => {
                parsed.rate = value.parse().map_err(|e| bad(&e))?;
                if !(parsed.rate.is_finite() && parsed.rate > 0.0) {
                    return Err(bad(&"must be a positive number"));
                }
            }
            "--tls-cert" => parsed.tls_cert = Some(PathBuf::from(&value)),
            "--tls-key" => parsed.tls_key = Some(PathBuf::from(&value)),
            "--app" => parsed.app = Some(PathBuf::from(&value)),
            "--vapid-key" => parsed.vapid_key = Some(PathBuf::from(&value)),
            "--push-subject" => {
                if !(value.starts_with("mailto:") || value.starts_with("https://")) {
                    return Err(bad(
                        &"must be a mailto: or https:// address (push services write to it)",
                    ));
                }
                parsed.push_subject = Some(value.clone());
            }
            "--nats" => parsed.cluster = Some(ClusterConfig::new(value)),
            "--lease-s" => {
                let seconds: f64 = value.parse().map_err(|e| bad(&e))?;
                if !(seconds.is_finite() && (0.5..=600.0).contains(&seconds)) {
                    return Err(bad(&"must be between 0.5 and 600 seconds"));
                }
                lease_s = Some(seconds);
            }
            "--nats-replicas" => {
                let n: usize = value.parse().map_err(|e| bad(&e))?;
                if !(1..=5).contains(&n) {
                    return Err(bad(&"must be 1 to 5"));
                }
                replicas = Some(n);
            }
            _ => return Err(format!("unknown argument {name}")),
        }
    }
    match &mut parsed.cluster {
        Some(cluster) => {
            if let Some(seconds) = lease_s {
                cluster.lease = std::time::Duration::from_secs_f64(seconds);
            }
            if let Some(n) = replicas {
                cluster.replicas = n;
            }
        }
        None if lease_s.is_some() || replicas.is_some() => {
            return Err("--lease-s and --nats-replicas need --nats".into());
        }
        None => {}
    }
    if parsed.tls_cert.is_some() != parsed.tls_key.is_some() {
        return Err("--tls-cert and --tls-key go together".into());
    }
    Ok(parsed)
}

#[tokio::main]
async fn main() {
    let words = papan_cli::args_or_exit("papan-server", USAGE, None);
    tracing_subscriber::fmt()
        .json()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let args = match parse_args(words.into_iter()) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("papan-server: {e}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let mut config = Config::new(args.db, args.addr);
    config.grace = std::time::Duration::from_secs(args.grace_s);
    config.rate_per_second = args.rate;
    config.rate_burst = args.rate * 3.0;
    config.cluster = args.cluster;
    if let Some(dir) = &args.app {
        // Refused here, with the reason, before the database is opened.
        if let Err(e) = papan_server::app_files::AppFiles::open(dir) {
            eprintln!("papan-server: {e}");
            std::process::exit(2);
        }
    }
    config.app = args.app;
    config.push.key_file = args.vapid_key;
    if let Some(subject) = args.push_subject {
        config.push.subject = subject;
    }
    if let (Some(cert), Some(key)) = (&args.tls_cert, &args.tls_key) {
        match TlsIdentity::read(cert, key) {
            Ok(identity) => config.tls = Some(identity),
            Err(e) => {
                eprintln!("papan-server: {e}");
                std::process::exit(2);
            }
        }
    }
    let server = match Server::start(config).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("papan-server: cannot start: {e}");
            std::process::exit(1);
        }
    };
    println!("papan-server listening on {}", server.base_url());
    let shared = server.shared.clone();
    let until_stdin_closes = args.until_stdin_closes;
    let parent_gone = async move {
        if !until_stdin_closes {
            return std::future::pending::<()>().await;
        }
        let (tx, rx) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
            let _ = tx.send(());
        });
        let _ = rx.await;
    };
    tokio::select! {
        _ = server.wait() => {}
        _ = parent_gone => {}
        _ = tokio::signal::ctrl_c() => {
            if let Some(cluster) = shared.store.cluster() {
                // Every commit is already in the log: other nodes may take
                // the rooms over now rather than a lease from now.
                if let Err(e) = cluster.release_lease().await {
                    eprintln!("papan-server: {e}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_args;

    fn parse(line: &str) -> Result<super::Args, String> {
        parse_args(line.split_whitespace().map(String::from))
    }

    #[test]
    fn cluster_flags_need_nats_and_sane_values() {
        let args = parse("--nats nats://a:4222,nats://b:4222 --lease-s 2.5 --nats-replicas 3").unwrap();
        let cluster = args.cluster.unwrap();
        assert_eq!(cluster.url, "nats://a:4222,nats://b:4222");
        assert_eq!((cluster.lease.as_millis(), cluster.replicas), (2500, 3));
        assert!(parse("--lease-s 5").unwrap_err().contains("need --nats"));
        assert!(parse("--nats nats://a:4222 --lease-s 0.1")
            .unwrap_err()
            .contains("between"));
        assert!(parse("--nats nats://a:4222 --nats-replicas 9")
            .unwrap_err()
            .contains("1 to 5"));
        assert!(parse("").unwrap().cluster.is_none(), "SQLite stays the default");
    }

    #[test]
    fn app_folder_and_the_stdin_lifeline() {
        let args = parse("--app dist --until-stdin-closes --addr 0.0.0.0:8080").unwrap();
        assert_eq!(args.app.as_deref(), Some(std::path::Path::new("dist")));
        assert!(args.until_stdin_closes);
        assert_eq!(args.addr.port(), 8080);
        let plain = parse("").unwrap();
        assert!(plain.app.is_none() && !plain.until_stdin_closes);
        assert!(parse("--app").unwrap_err().contains("needs a value"));
    }
}
