//! A tiny static file server for the web build (`dist/`), std only.
//!
//! Shared by `cargo xtask serve` and the browser test (both include this file with
//! `#[path]`), so the page a developer sees and the page the test drives are served the
//! same way. Router paths such as `/hex/play` have no file behind them: any missing path
//! whose last segment has no extension gets `index.html` (the SPA fallback), so a reload
//! on a deep link still boots the app. Missing files with an extension are a plain 404,
//! which keeps a typo in a script name visible instead of silently returning HTML.
//! Where the build left a precompressed copy (`papan_bg.wasm.br`, `.gz`) and the client
//! accepts that encoding, the copy is sent with `Content-Encoding`, as a CDN would.

// Each includer uses a different half (the test spawns, xtask serves in the foreground).
#![allow(dead_code)]

use std::fs;
use std::io::{self, BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// Serves `root` on `listener` until the process ends; one thread per connection.
pub fn serve(listener: TcpListener, root: PathBuf) -> io::Result<()> {
    serve_unless(listener, root, Arc::new(AtomicBool::new(false)))
}

/// Like [`serve`], but while `down` is set every connection is closed unanswered,
/// as if the machine were unreachable (the offline test).
fn serve_unless(listener: TcpListener, root: PathBuf, down: Arc<AtomicBool>) -> io::Result<()> {
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            Err(_) => continue,
        };
        if down.load(Ordering::SeqCst) {
            drop(stream);
            continue;
        }
        let root = root.clone();
        thread::spawn(move || {
            // A client that hangs up early is not our problem.
            let _ = handle(stream, &root);
        });
    }
    Ok(())
}

/// Binds `127.0.0.1:port` (0 = any free port) and serves `root` on a background thread.
/// Returns the base URL, e.g. `http://127.0.0.1:41234`.
pub fn spawn(root: PathBuf, port: u16) -> io::Result<String> {
    spawn_switchable(root, port).map(|(url, _)| url)
}

/// [`spawn`] with a switch: set it and the server stops answering.
pub fn spawn_switchable(root: PathBuf, port: u16) -> io::Result<(String, Arc<AtomicBool>)> {
    let listener = TcpListener::bind(("127.0.0.1", port))?;
    let url = format!("http://{}", listener.local_addr()?);
    let down = Arc::new(AtomicBool::new(false));
    let switch = down.clone();
    thread::spawn(move || serve_unless(listener, root, switch));
    Ok((url, down))
}

fn handle(stream: TcpStream, root: &Path) -> io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Drain the headers, keeping the encodings the client accepts.
    let mut accepts = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("accept-encoding") {
                accepts = value.trim().to_ascii_lowercase();
            }
        }
    }
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or("");
    let target = parts.next().unwrap_or("/");
    let mut out = stream;
    if method != "GET" && method != "HEAD" {
        return respond(
            &mut out,
            "405 Method Not Allowed",
            "text/plain",
            b"method not allowed\n",
            None,
            true,
        );
    }
    let head_only = method == "HEAD";
    let not_found = |out: &mut TcpStream| respond(out, "404 Not Found", "text/plain", b"not found\n", None, !head_only);
    let Some(path) = resolve(root, target) else {
        return not_found(&mut out);
    };
    let (file, encoding) = encoded_copy(&path, &accepts);
    match fs::read(&file) {
        Ok(body) => respond(&mut out, "200 OK", content_type(&path), &body, encoding, !head_only),
        Err(_) => not_found(&mut out),
    }
}

/// The precompressed copy of `path` to send to a client accepting `accepts`
/// (brotli first, then gzip) and its encoding, else the file itself.
pub fn encoded_copy(path: &Path, accepts: &str) -> (PathBuf, Option<&'static str>) {
    let accepted: Vec<&str> = accepts
        .split(',')
        .map(|e| e.split(';').next().unwrap_or("").trim())
        .collect();
    for (encoding, suffix) in [("br", "br"), ("gzip", "gz")] {
        if accepted.contains(&encoding) {
            let copy = with_suffix(path, suffix);
            if copy.is_file() {
                return (copy, Some(encoding));
            }
        }
    }
    (path.to_path_buf(), None)
}

/// `path` with `.suffix` added: where a precompressed copy lives.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

/// Maps a request target to a file under `root`, or `None` for a 404.
pub fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let decoded = percent_decode(path)?;
    let relative = Path::new(decoded.trim_start_matches('/'));
    // Only plain names: no `..`, no absolute parts, so nothing outside `root` is served.
    if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    let candidate = root.join(relative);
    if candidate.is_file() {
        return Some(candidate);
    }
    if candidate.is_dir() && candidate.join("index.html").is_file() {
        return Some(candidate.join("index.html"));
    }
    let last = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if last.contains('.') {
        None
    } else {
        Some(root.join("index.html"))
    }
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

fn content_type(path: &Path) -> &'static str {
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
        "ftl" | "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn respond(
    out: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
    encoding: Option<&str>,
    with_body: bool,
) -> io::Result<()> {
    let encoding = encoding.map_or(String::new(), |e| format!("Content-Encoding: {e}\r\n"));
    // no-cache: a rebuilt dist must never be mixed with a cached old wasm
    // (the service worker keeps the offline copy, versioned).
    let header = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         {encoding}Vary: Accept-Encoding\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    );
    out.write_all(header.as_bytes())?;
    if with_body {
        out.write_all(body)?;
    }
    out.flush()
}
