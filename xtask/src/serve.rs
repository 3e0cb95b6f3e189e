//! `cargo xtask serve`: build the web app, then serve it and the room API
//! on one address (127.0.0.1 unless `--host` says otherwise), so phones on
//! the same Wi-Fi open the app and play each other online through it with
//! nothing to set up: `papan-server --app dist/` ([`crate::home_server`]),
//! its rooms kept in a SQLite file made on the first start. `--app-only`
//! serves the app alone (std's static server, as before the room API came
//! along); `--dist DIR` serves a web build already made, skipping the build.

use crate::env::{self, cargo};
use crate::web::{self, BuildOptions};
use crate::{home_server, static_server};
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::path::PathBuf;

/// What `cargo xtask serve` was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeOptions {
    pub host: String,
    pub port: u16,
    /// The app alone, no room API (the old behaviour).
    pub app_only: bool,
    /// A web build to serve as it is (no build).
    pub dist: Option<PathBuf>,
    /// The rooms' SQLite file (default: [`default_db`]).
    pub db: Option<PathBuf>,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            host: "127.0.0.1".into(),
            port: 8080,
            app_only: false,
            dist: None,
            db: None,
        }
    }
}

/// Where the home setup keeps its rooms: beside the build cache, so a
/// fresh clone or `cargo clean` keeps them.
pub fn default_db() -> PathBuf {
    env::target_dir().with_file_name("serve").join("papan.db")
}

pub fn run(opts: &ServeOptions) -> Result<(), String> {
    let (host, port) = (opts.host.as_str(), opts.port);
    // Claim the port before the (long) build, so a busy port fails in a second, not after minutes.
    let addr: SocketAddr = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("--host {host}: {e}"))?
        .next()
        .ok_or_else(|| format!("--host {host}: no address"))?;
    let listener = TcpListener::bind(addr).map_err(|e| format!("cannot listen on {addr}: {e} (try --port <other>)"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let dist = match &opts.dist {
        Some(dist) if dist.join("index.html").is_file() => dist.clone(),
        Some(dist) => {
            return Err(format!(
                "--dist {}: no index.html there (`cargo xtask build-web --dist {0}` makes one)",
                dist.display()
            ))
        }
        None => web::build(&BuildOptions::default_for_repo())?,
    };
    if opts.app_only {
        println!("\nPapan is running at http://{addr}/  (the app only; Ctrl-C to stop)");
        println!("Open it in a phone-sized window, or in your browser's device mode, to tap as on a phone.");
        return static_server::serve(listener, dist).map_err(|e| format!("server stopped: {e}"));
    }
    // A debug build: far sooner built than a release one (no LTO), and the
    // rules and bots are optimised even there (`[profile.dev.package]`).
    env::run(&mut cargo(&[
        "build",
        "--package",
        "papan-server",
        "--bin",
        "papan-server",
    ]))?;
    let server_bin = env::target_dir().join("debug").join("papan-server");
    let db = opts.db.clone().unwrap_or_else(default_db);
    // The server takes the port over now.
    drop(listener);
    let server = home_server::start(&server_bin, &dist, &db, addr)?;
    println!(
        "\nPapan is running at {}/ : the app and its room server on one address.",
        server.url
    );
    if addr.ip().is_unspecified() {
        match home_server::lan_address() {
            Some(ip) => println!(
                "On a phone on the same Wi-Fi, open http://{}/",
                SocketAddr::new(ip, addr.port())
            ),
            None => println!(
                "On a phone on the same Wi-Fi, open http://<this computer's address>:{}/",
                addr.port()
            ),
        }
        println!("Rooms made there are joined with the invite link: no server address to type.");
    } else if addr.ip().is_loopback() {
        println!("Only this computer can open it; `--host 0.0.0.0` lets phones on the same Wi-Fi in.");
    }
    println!("Rooms are kept in {}. Ctrl-C to stop.", db.display());
    let status = server.wait()?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("papan-server stopped ({status})"))
    }
}

#[cfg(test)]
mod tests {
    use crate::static_server::resolve;
    use std::path::PathBuf;

    /// A throwaway dist: index.html, papan.js and icons/icon.png, removed
    /// with the guard (the first of the pair).
    fn dist() -> (tempfile::TempDir, PathBuf) {
        let guard = tempfile::tempdir().unwrap();
        let root = guard.path().to_path_buf();
        std::fs::create_dir_all(root.join("icons")).unwrap();
        std::fs::write(root.join("index.html"), "<div id=main>").unwrap();
        std::fs::write(root.join("papan.js"), "export default 1").unwrap();
        std::fs::write(root.join("icons/icon.png"), [0u8; 4]).unwrap();
        (guard, root)
    }

    #[test]
    fn files_are_served_as_they_are() {
        let (_guard, root) = dist();
        assert_eq!(resolve(&root, "/papan.js"), Some(root.join("papan.js")));
        assert_eq!(resolve(&root, "/icons/icon.png?v=2"), Some(root.join("icons/icon.png")));
        assert_eq!(resolve(&root, "/"), Some(root.join("index.html")));
    }

    #[test]
    fn router_paths_fall_back_to_index_html() {
        let (_guard, root) = dist();
        assert_eq!(resolve(&root, "/hex/play"), Some(root.join("index.html")));
        assert_eq!(resolve(&root, "/settings?lang=id"), Some(root.join("index.html")));
    }

    #[test]
    fn missing_files_with_an_extension_are_not_found() {
        let (_guard, root) = dist();
        assert_eq!(resolve(&root, "/papan_bg.wasm"), None);
        assert_eq!(resolve(&root, "/hex/papan.js"), None);
    }

    #[test]
    fn precompressed_copies_go_to_clients_that_accept_them() {
        use crate::static_server::encoded_copy;
        let (_guard, root) = dist();
        std::fs::write(root.join("papan.js.gz"), [1u8]).unwrap();
        let js = root.join("papan.js");
        assert_eq!(
            encoded_copy(&js, "gzip, deflate, br"),
            (root.join("papan.js.gz"), Some("gzip"))
        );
        std::fs::write(root.join("papan.js.br"), [2u8]).unwrap();
        assert_eq!(
            encoded_copy(&js, "gzip, deflate, br"),
            (root.join("papan.js.br"), Some("br"))
        );
        assert_eq!(
            encoded_copy(&js, "gzip;q=1.0"),
            (root.join("papan.js.gz"), Some("gzip"))
        );
        assert_eq!(encoded_copy(&js, ""), (js.clone(), None));
        // No copy beside the file: the file itself.
        let html = root.join("index.html");
        assert_eq!(encoded_copy(&html, "br"), (html.clone(), None));
    }

    #[test]
    fn serve_hosts_the_room_api_unless_app_only() {
        use super::ServeOptions;
        let parse = |line: &str| crate::parse_serve(&line.split_whitespace().map(String::from).collect::<Vec<_>>());
        assert_eq!(parse("").unwrap(), ServeOptions::default());
        assert!(!ServeOptions::default().app_only, "the room API by default");
        let opts = parse("--host 0.0.0.0 --port 0 --dist /tmp/d --db /tmp/r.db").unwrap();
        assert_eq!((opts.host.as_str(), opts.port), ("0.0.0.0", 0));
        assert_eq!(opts.dist.as_deref(), Some(std::path::Path::new("/tmp/d")));
        assert_eq!(opts.db.as_deref(), Some(std::path::Path::new("/tmp/r.db")));
        assert!(parse("--app-only").unwrap().app_only);
        assert!(parse("--app-only --db x.db").unwrap_err().contains("--db"));
        assert!(parse("--dist").unwrap_err().contains("--dist needs"));
        assert!(parse("--port many").unwrap_err().contains("not a port"));
    }

    #[test]
    fn a_dist_without_index_html_is_refused_before_anything_starts() {
        let empty = tempfile::tempdir().unwrap();
        let opts = super::ServeOptions {
            port: 0,
            dist: Some(empty.path().to_path_buf()),
            ..Default::default()
        };
        let err = super::run(&opts).unwrap_err();
        assert!(err.contains("no index.html"), "{err}");
    }

    #[test]
    fn nothing_outside_dist_is_served() {
        let (_guard, root) = dist();
        assert_eq!(resolve(&root, "/../Cargo.toml"), None);
        assert_eq!(resolve(&root, "/%2e%2e/Cargo.toml"), None);
        assert_eq!(resolve(&root, "/icons/../../secret"), None);
        assert_eq!(resolve(&root, "/bad%zzescape"), None);
    }
}
