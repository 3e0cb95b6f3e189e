//! The real `papan-server` binary serving a web build beside the API
//! (`--app DIR`), started the way `cargo xtask serve` starts it (the
//! launcher is xtask's own file, included here): app files, the API and a
//! room played on one port; the bad inputs; the server ending with its
//! parent.

#[path = "../../../../xtask/src/home_server.rs"]
mod home_server;

use home_server::HomeServer;
use papan_api::{Action, ActionRequest, Client, GameId, RoomOptions};
use std::io::{Read, Write};
use std::path::Path;
use std::time::Duration;

const SERVER: &str = env!("CARGO_BIN_EXE_papan-server");
const INDEX: &str = "<!doctype html><html><head><title>Papan</title></head><body><div id=main></div></body></html>";

/// A small web build: the page, the app's script and wasm (with a brotli
/// copy), and a file beside the folder that must never be served.
fn dist(root: &Path) -> std::path::PathBuf {
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("icons")).unwrap();
    std::fs::write(dist.join("index.html"), INDEX).unwrap();
    std::fs::write(dist.join("papan.js"), "import init from './x.js';").unwrap();
    std::fs::write(dist.join("papan_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(dist.join("papan_bg.wasm.br"), b"brotli bytes").unwrap();
    std::fs::write(root.join("secret.txt"), "not for the web").unwrap();
    dist
}

fn start(root: &Path) -> HomeServer {
    let dist = dist(root);
    // The database's folder does not exist yet: made on the first start.
    let db = root.join("data").join("papan.db");
    let server = home_server::start(Path::new(SERVER), &dist, &db, "127.0.0.1:0".parse().unwrap()).expect("starts");
    assert!(db.is_file(), "the SQLite file is made on the first start");
    server
}

/// One raw HTTP/1.1 GET (no client normalises the path): status line,
/// headers (lower case) and body.
fn get(url: &str, target: &str, extra: &str) -> (u16, String, Vec<u8>) {
    let authority = url.strip_prefix("http://").unwrap();
    let mut tcp = std::net::TcpStream::connect(authority).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        tcp,
        "GET {target} HTTP/1.1\r\nHost: {authority}\r\n{extra}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    tcp.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head, raw[split + 4..].to_vec())
}

#[test]
fn app_files_and_the_api_share_one_port() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    let url = server.url.clone();

    // The page, marked as served by a room server, for every app path.
    for target in ["/", "/index.html", "/hex/play", "/join/hex/ABC234/u?x=1"] {
        let (status, head, body) = get(&url, target, "Accept-Encoding: br, gzip\r\n");
        let html = String::from_utf8(body).unwrap();
        assert_eq!(status, 200, "{target}");
        assert!(head.contains("content-type: text/html"), "{target}: {head}");
        assert!(head.contains("cache-control: no-cache"), "{head}");
        assert!(
            html.contains(r#"<meta name="papan-server" content="same-origin" />"#),
            "{html}"
        );
        assert!(html.contains("<div id=main>"), "{html}");
    }
    // The wasm: its type, and the brotli copy to a client that takes it.
    let (status, head, body) = get(&url, "/papan_bg.wasm", "Accept-Encoding: gzip, br\r\n");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert!(head.contains("content-encoding: br"), "{head}");
    assert_eq!(body, b"brotli bytes");
    let (_, head, body) = get(&url, "/papan_bg.wasm", "");
    assert!(!head.contains("content-encoding"), "{head}");
    assert_eq!(body, b"\0asm\x01\0\0\0");
    let (status, head, _) = get(&url, "/papan.js", "");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/javascript"), "{head}");

    // Missing files, and nothing outside the folder.
    assert_eq!(get(&url, "/missing.js", "").0, 404);
    for target in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/icons/../../secret.txt",
        "/icons/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
    ] {
        let (status, _, body) = get(&url, target, "");
        assert_ne!(
            String::from_utf8_lossy(&body),
            "not for the web",
            "{target} left the folder"
        );
        assert!(status == 404 || status == 400, "{target}: {status}");
    }

    // The API keeps its paths: health, JSON 404s, a POST that is no file.
    let (status, _, body) = get(&url, "/health", "");
    assert_eq!((status, body.as_slice()), (200, &b"ok"[..]));
    let (status, head, body) = get(&url, "/v1/no-such-thing", "");
    assert_eq!(status, 404);
    assert!(head.contains("application/json"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains("no such endpoint"));
    drop(server);
}

/// What `cargo xtask serve` starts: two devices play a room through the
/// page's own address (create, join by code, one move each side sees).
#[tokio::test]
async fn a_room_is_played_through_the_address_that_serves_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = start(dir.path());
    let base = server.url.clone();
    let mut a = Client::new(&base);
    a.register().await.expect("register a");
    let mut b = Client::new(&base);
    b.register().await.expect("register b");
    let grant_a = a.create_room(RoomOptions::new(GameId::Hex)).await.expect("create");
    let grant_b = b.join(&grant_a.code).await.expect("join by code");
    assert_eq!(grant_a.room_id, grant_b.room_id);
    let snap = a.snapshot(&grant_a.room_id, &grant_a.seat_token).await.unwrap();
    let (mover, grant) = if snap.to_move == Some(snap.seat) {
        (&a, &grant_a)
    } else {
        (&b, &grant_b)
    };
    let snap = mover.snapshot(&grant.room_id, &grant.seat_token).await.unwrap();
    let notation = snap.legal_moves[0].clone();
    let request = ActionRequest {
        based_on_version: snap.version,
        client_seq: 1,
        action: Action::Move {
            notation: notation.clone(),
        },
    };
    mover
        .act(&grant.room_id, &grant.seat_token, &request)
        .await
        .expect("a legal move");
    let seen = b.snapshot(&grant_b.room_id, &grant_b.seat_token).await.unwrap();
    assert_eq!(seen.moves, vec![notation], "the other seat sees the move");

    // The parent ending (its end of the pipe closing) stops the server.
    let status = server.close_lifeline(Duration::from_secs(10));
    assert!(status.is_some(), "the server outlived its parent");
    assert!(Client::new(&base).register().await.is_err(), "nobody answers any more");
}

#[test]
fn a_folder_without_index_html_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(SERVER)
        .arg("--app")
        .arg(dir.path())
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(dir.path().join("p.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no index.html"), "{stderr}");
    assert!(
        !dir.path().join("p.db").exists(),
        "refused before the database is opened"
    );
    // The launcher says so too, instead of waiting for a server that never listens.
    let err = home_server::start(
        Path::new(SERVER),
        dir.path(),
        &dir.path().join("q.db"),
        "127.0.0.1:0".parse().unwrap(),
    )
    .err()
    .expect("refused");
    assert!(err.contains("stopped before listening"), "{err}");
}
