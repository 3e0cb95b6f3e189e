//! `papan-server --db papan.db --addr 127.0.0.1:8787`

use papan_server::{Config, Server};
use std::path::PathBuf;

#[tokio::main]
async fn main() {
    tracing_subscriber::fmt()
        .json()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let mut db = PathBuf::from("papan.db");
    let mut addr = "127.0.0.1:8787".parse().expect("address");
    let mut grace_s = 60u64;
    let mut rate = 20.0f64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_default();
        match arg.as_str() {
            "--db" => db = PathBuf::from(value),
            "--addr" => addr = value.parse().expect("--addr host:port"),
            "--grace-s" => grace_s = value.parse().expect("--grace-s seconds"),
            "--rate-per-second" => rate = value.parse().expect("--rate-per-second N"),
            _ => {
                eprintln!("usage: papan-server [--db FILE] [--addr HOST:PORT] [--grace-s N] [--rate-per-second N]");
                std::process::exit(2);
            }
        }
    }
    let mut config = Config::new(db, addr);
    config.grace = std::time::Duration::from_secs(grace_s);
    config.rate_per_second = rate;
    config.rate_burst = rate * 3.0;
    let server = Server::start(config).await.expect("server start");
    println!("papan-server listening on {}", server.base_url());
    tokio::select! {
        _ = server.wait() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}
