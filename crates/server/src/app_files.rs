//! The built web app (`dist/`) served by the room server itself
//! (`papan-server --app DIR`), so one process and one address hold both
//! the app and its rooms: `cargo xtask serve` runs the server this way for
//! a home setup, where two phones on one Wi-Fi need no address typed in.
//!
//! Files are served as `cargo xtask serve --app-only` serves them
//! (`tests/support/static_server.rs`): a router path such as `/hex/play`
//! (no extension, no file) gets `index.html`, a missing file with an
//! extension is a plain 404, a precompressed copy (`.br`, then `.gz`) goes
//! to a client that accepts it, and nothing is cached without asking
//! (`no-cache`: a rebuilt dist never mixes with an old wasm; the service
//! worker keeps the offline copy). The API's own paths (`/health`, `/v1/…`)
//! are never app files: the routes come first and an unknown API path stays
//! a JSON 404.
//!
//! `index.html` goes out with [`MARKER`] added to its head: the page then
//! knows, without a request, that its own origin is a room server (the
//! app's default server address, `src/online/account.rs`). Nothing outside
//! the folder is served: a path with `..`, an absolute part or a bad
//! escape is a 404, and so is a link inside the folder pointing out of it.

use axum::body::Body;
use axum::http::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::path::{Component, Path, PathBuf};

/// Added to the head of `index.html`: "this origin answers the room API".
pub const MARKER: &str = r#"<meta name="papan-server" content="same-origin" />"#;

/// A folder holding a web build, checked when the server starts.
#[derive(Clone, Debug)]
pub struct AppFiles {
    /// Canonical, so a file's canonical path can be checked to lie inside.
    root: PathBuf,
}

impl AppFiles {
    /// The web build in `dir`; refused (with the reason) unless it is a
    /// folder with an `index.html`.
    pub fn open(dir: &Path) -> Result<AppFiles, String> {
        let root = dir
            .canonicalize()
            .map_err(|e| format!("--app {}: {e}", dir.display()))?;
        if !root.is_dir() {
            return Err(format!("--app {}: not a folder", dir.display()));
        }
        if !root.join("index.html").is_file() {
            return Err(format!(
                "--app {}: no index.html there (is it a web build? `cargo xtask build-web` makes one)",
                dir.display()
            ));
        }
        Ok(AppFiles { root })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file a request target maps to, or `None` for a 404.
    pub fn resolve(&self, target: &str) -> Option<PathBuf> {
        let path = target.split(['?', '#']).next().unwrap_or("/");
        let decoded = percent_decode(path)?;
        let relative = Path::new(decoded.trim_start_matches('/'));
        // Only plain names: no `..`, no absolute parts.
        if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
            return None;
        }
        let candidate = self.root.join(relative);
        let found = if candidate.is_file() {
            candidate
        } else if candidate.is_dir() && candidate.join("index.html").is_file() {
            candidate.join("index.html")
        } else {
            let last = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if last.contains('.') {
                return None;
            }
            self.root.join("index.html")
        };
        // A link inside the folder must not lead out of it.
        let real = found.canonicalize().ok()?;
        real.starts_with(&self.root).then_some(found)
    }

    /// The answer to a GET or HEAD of a path that is not the API's.
    pub async fn answer(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Response {
        if method != Method::GET && method != Method::HEAD {
            return plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n");
        }
        let target = uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
        let accepts = headers
            .get(ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        let this = self.clone();
        // Plain blocking reads, off the async threads.
        let read = tokio::task::spawn_blocking(move || this.read(&target, &accepts)).await;
        match read {
            Ok(Some((body, content_type, encoding))) => {
                let mut response = (StatusCode::OK, body).into_response();
                let out = response.headers_mut();
                out.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
                if let Some(encoding) = encoding {
                    out.insert(CONTENT_ENCODING, HeaderValue::from_static(encoding));
                }
                out.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
                out.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
                response
            }
            Ok(None) | Err(_) => plain(StatusCode::NOT_FOUND, "not found\n"),
        }
    }

    /// The body, content type and encoding for `target`, or `None`.
    fn read(&self, target: &str, accepts: &str) -> Option<(Vec<u8>, &'static str, Option<&'static str>)> {
        let path = self.resolve(target)?;
        let content_type = content_type(&path);
        if path == self.root.join("index.html") {
            // Sent as is, never a precompressed copy: those lack the marker.
            let html = std::fs::read_to_string(&path).ok()?;
            return Some((with_marker(&html).into_bytes(), content_type, None));
        }
        let (file, encoding) = encoded_copy(&path, accepts);
        let body = std::fs::read(file).ok()?;
        Some((body, content_type, encoding))
    }
}

/// Whether `path` belongs to the room API (never answered with an app file).
pub fn is_api_path(path: &str) -> bool {
    path == "/health" || path == "/v1" || path.starts_with("/v1/")
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    let mut response = (status, Body::from(text)).into_response();
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}

/// `html` with [`MARKER`] at the end of its head (the charset stays
/// first), or first when it has no `</head>`.
pub fn with_marker(html: &str) -> String {
    match html.to_ascii_lowercase().find("</head>") {
        Some(at) => format!("{}  {MARKER}\n  {}", &html[..at], &html[at..]),
        None => format!("{MARKER}\n{html}"),
    }
}

/// The precompressed copy of `path` to send to a client accepting
/// `accepts` (brotli first, then gzip) and its encoding, else the file.
pub fn encoded_copy(path: &Path, accepts: &str) -> (PathBuf, Option<&'static str>) {
    let accepted: Vec<&str> = accepts
        .split(',')
        .map(|e| e.split(';').next().unwrap_or("").trim())
        .collect();
    for (encoding, suffix) in [("br", "br"), ("gzip", "gz")] {
        if accepted.contains(&encoding) {
            let mut name = path.as_os_str().to_owned();
            name.push(".");
            name.push(suffix);
            let copy = PathBuf::from(name);
            if copy.is_file() {
                return (copy, Some(encoding));
            }
        }
    }
    (path.to_path_buf(), None)
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The content type by extension (`application/wasm` lets the browser
/// compile while it downloads).
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "webmanifest" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "ftl" | "txt" | "md" | "jsonl" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A throwaway dist: index.html, papan.js (with a .br copy) and icons/icon.png.
    fn dist() -> (tempfile::TempDir, AppFiles) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("icons")).unwrap();
        std::fs::write(root.join("index.html"), "<html><head><title>P</title></head></html>").unwrap();
        std::fs::write(root.join("papan.js"), "export default 1").unwrap();
        std::fs::write(root.join("icons/icon.png"), [0u8; 4]).unwrap();
        let files = AppFiles::open(root).unwrap();
        (dir, files)
    }

    #[test]
    fn a_folder_without_index_html_is_refused_with_the_reason() {
        let dir = tempfile::tempdir().unwrap();
        let err = AppFiles::open(dir.path()).unwrap_err();
        assert!(err.contains("no index.html"), "{err}");
        let err = AppFiles::open(&dir.path().join("absent")).unwrap_err();
        assert!(err.contains("--app"), "{err}");
        std::fs::write(dir.path().join("file"), "x").unwrap();
        assert!(AppFiles::open(&dir.path().join("file"))
            .unwrap_err()
            .contains("not a folder"));
    }

    #[test]
    fn files_router_paths_and_missing_files() {
        let (_dir, files) = dist();
        let root = files.root().to_path_buf();
        assert_eq!(files.resolve("/papan.js"), Some(root.join("papan.js")));
        assert_eq!(files.resolve("/icons/icon.png?v=2"), Some(root.join("icons/icon.png")));
        assert_eq!(files.resolve("/"), Some(root.join("index.html")));
        assert_eq!(files.resolve("/hex/play"), Some(root.join("index.html")));
        assert_eq!(files.resolve("/join/hex/ABC123/u"), Some(root.join("index.html")));
        assert_eq!(files.resolve("/papan_bg.wasm"), None);
        assert_eq!(files.resolve("/hex/papan.js"), None);
    }

    #[test]
    fn nothing_outside_the_folder_is_served() {
        let (dir, files) = dist();
        std::fs::write(dir.path().parent().unwrap().join("secret.txt"), "s").ok();
        for target in [
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/icons/../../secret.txt",
            "/..%2fsecret.txt",
            "/bad%zzescape",
            "//etc/passwd",
        ] {
            let resolved = files.resolve(target);
            assert!(
                resolved.as_ref().is_none_or(|p| p.starts_with(files.root())),
                "{target} -> {resolved:?}"
            );
        }
        assert_eq!(files.resolve("/../secret.txt"), None);
        // A link inside the folder pointing out of it.
        #[cfg(unix)]
        {
            let outside = tempfile::tempdir().unwrap();
            std::fs::write(outside.path().join("key.pem"), "k").unwrap();
            std::os::unix::fs::symlink(outside.path().join("key.pem"), dir.path().join("key.pem")).unwrap();
            assert_eq!(files.resolve("/key.pem"), None);
        }
    }

    #[test]
    fn precompressed_copies_go_to_clients_that_accept_them() {
        let (_dir, files) = dist();
        let js = files.root().join("papan.js");
        assert_eq!(encoded_copy(&js, "gzip, br"), (js.clone(), None), "no copy: the file");
        std::fs::write(files.root().join("papan.js.gz"), [1u8]).unwrap();
        std::fs::write(files.root().join("papan.js.br"), [2u8]).unwrap();
        assert_eq!(encoded_copy(&js, "gzip, deflate, br").1, Some("br"));
        assert_eq!(encoded_copy(&js, "gzip;q=1.0").1, Some("gzip"));
        assert_eq!(encoded_copy(&js, ""), (js.clone(), None));
        let (body, _, encoding) = files.read("/papan.js", "br").unwrap();
        assert_eq!((body, encoding), (vec![2u8], Some("br")));
    }

    #[test]
    fn index_html_carries_the_marker_and_never_a_stale_copy() {
        let (_dir, files) = dist();
        std::fs::write(files.root().join("index.html.br"), [9u8]).unwrap();
        for target in ["/", "/index.html", "/hex/play"] {
            let (body, content_type, encoding) = files.read(target, "br, gzip").unwrap();
            let html = String::from_utf8(body).unwrap();
            assert!(
                html.starts_with(&format!("<html><head><title>P</title>  {MARKER}\n  </head>")),
                "{html}"
            );
            assert_eq!((content_type, encoding), ("text/html; charset=utf-8", None));
        }
        assert!(with_marker("<p>bare</p>").starts_with(MARKER));
        assert!(with_marker("<HEAD><b></HEAD>").contains(&format!("<b>  {MARKER}\n  </HEAD>")));
    }

    #[test]
    fn content_types_and_api_paths() {
        assert_eq!(content_type(Path::new("a/papan_bg.wasm")), "application/wasm");
        assert_eq!(content_type(Path::new("sw.js")), "text/javascript; charset=utf-8");
        assert_eq!(
            content_type(Path::new("backgammon.weights")),
            "application/octet-stream"
        );
        assert!(is_api_path("/health") && is_api_path("/v1/rooms") && is_api_path("/v1"));
        assert!(!is_api_path("/v1x") && !is_api_path("/") && !is_api_path("/hex/play"));
    }
}
