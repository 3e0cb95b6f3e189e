//! `cargo xtask serve`: build the web app, then serve `dist/` (on 127.0.0.1
//! unless `--host` says otherwise).

use crate::static_server;
use crate::web::{self, BuildOptions};
use std::net::TcpListener;

pub fn run(host: &str, port: u16) -> Result<(), String> {
    // Claim the port before the (long) build, so a busy port fails in a second, not after minutes.
    let listener = TcpListener::bind((host, port))
        .map_err(|e| format!("cannot listen on {host}:{port}: {e} (try --port <other>)"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let dist = web::build(&BuildOptions::default_for_repo())?;
    println!("\nPapan is running at http://{addr}/  (Ctrl-C to stop)");
    println!("Open it in a phone-sized window, or in your browser's device mode, to tap as on a phone.");
    static_server::serve(listener, dist).map_err(|e| format!("server stopped: {e}"))
}

#[cfg(test)]
mod tests {
    use crate::static_server::resolve;
    use std::path::PathBuf;

    /// A throwaway dist: index.html, papan.js and icons/icon.png.
    fn dist(name: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("papan-xtask-{name}-{}", std::process::id()));
        std::fs::create_dir_all(root.join("icons")).unwrap();
        std::fs::write(root.join("index.html"), "<div id=main>").unwrap();
        std::fs::write(root.join("papan.js"), "export default 1").unwrap();
        std::fs::write(root.join("icons/icon.png"), [0u8; 4]).unwrap();
        root
    }

    #[test]
    fn files_are_served_as_they_are() {
        let root = dist("files");
        assert_eq!(resolve(&root, "/papan.js"), Some(root.join("papan.js")));
        assert_eq!(resolve(&root, "/icons/icon.png?v=2"), Some(root.join("icons/icon.png")));
        assert_eq!(resolve(&root, "/"), Some(root.join("index.html")));
    }

    #[test]
    fn router_paths_fall_back_to_index_html() {
        let root = dist("spa");
        assert_eq!(resolve(&root, "/hex/play"), Some(root.join("index.html")));
        assert_eq!(resolve(&root, "/settings?lang=id"), Some(root.join("index.html")));
    }

    #[test]
    fn missing_files_with_an_extension_are_not_found() {
        let root = dist("missing");
        assert_eq!(resolve(&root, "/papan_bg.wasm"), None);
        assert_eq!(resolve(&root, "/hex/papan.js"), None);
    }

    #[test]
    fn precompressed_copies_go_to_clients_that_accept_them() {
        use crate::static_server::encoded_copy;
        let root = dist("encoded");
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
    fn nothing_outside_dist_is_served() {
        let root = dist("escape");
        assert_eq!(resolve(&root, "/../Cargo.toml"), None);
        assert_eq!(resolve(&root, "/%2e%2e/Cargo.toml"), None);
        assert_eq!(resolve(&root, "/icons/../../secret"), None);
        assert_eq!(resolve(&root, "/bad%zzescape"), None);
    }
}
